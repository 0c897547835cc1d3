// What a screen reader hears at the table: one polite live region (role "log") into which
// the page says the turn, every move as the game's presentation words it (a bot's too: the
// described board's log), the die rolls among them, each chat message, each fault and the
// end of the game. The pace is the person's choice, kept in this browser: every move as it
// happens, a summary when his turn comes, or only the turn, faults and the result.

import { t } from "./i18n.js";
import { withProps as el } from "./dom.js";

const PACE_KEY = "sunking.announce.pace";
export const PACES = ["each", "turn", "off"];
const KEPT_LINES = 40;
const SUMMARY_FALLBACK = 12;

/** The pace chosen in this browser ("each" unless another was chosen). */
export function currentPace() {
  try {
    const pace = localStorage.getItem(PACE_KEY);
    return PACES.includes(pace) ? pace : "each";
  } catch (_) {
    return "each";
  }
}

export function setPace(pace) {
  if (!PACES.includes(pace)) return;
  try {
    localStorage.setItem(PACE_KEY, pace);
  } catch (_) {
    // A browser that keeps nothing: the pace holds for this page only.
  }
}

const lineKey = (line) => `${line.n}\u0000${line.text}`;

export class Announcer {
  /**
   * @param {HTMLElement} region  the (empty) live region
   * @param {string} matchId       to remember, per match, the version of the person's last move
   */
  constructor(region, matchId) {
    this.region = region;
    this.actedKey = `sunking.acted.${matchId}`;
    this.seen = new Set();
    this.newest = -1;
    this.lines = [];
    this.pending = [];
    this.primed = false;
    this.relanguaged = false;
    this.wasMine = false;
    this.finished = false;
    this.seats = new Map();
    region.setAttribute("role", "log");
    region.setAttribute("aria-live", "polite");
    region.setAttribute("aria-relevant", "additions text");
    region.dataset.testid = "announcements";
    this.label();
  }

  /** The region's name in the page's language (again after a change of language). */
  label() {
    const name = t("announce.region");
    if (this.region.getAttribute("aria-label") !== name) this.region.setAttribute("aria-label", name);
  }

  /** Say `text` now (added to the region, the oldest lines dropped). */
  say(text) {
    if (!text) return;
    this.label();
    this.region.append(el("p", { textContent: text }));
    while (this.region.childElementCount > KEPT_LINES) this.region.firstElementChild.remove();
  }

  /**
   * Empty the region of what was already said (the lines stay for the summary). Called as a
   * modal dialog opens: when it closes, the page coming back from inert makes a screen reader
   * (Orca with Chromium) say every line in the region again, which should then be only the
   * lines said while the dialog was open, unheard until then.
   */
  hush() {
    this.region.replaceChildren();
  }

  /** The page's language changed: the log comes again in other words, which are not news.
   *  Until it has come, the summary reads the lines kept in the former words. */
  relanguage() {
    this.pending = [];
    this.primed = false;
    this.relanguaged = true;
    this.label();
  }

  /** The person has just moved at `version`: "since my last move" starts there. */
  acted(version) {
    try {
      sessionStorage.setItem(this.actedKey, String(version));
    } catch (_) {
      this.actedVersion = version;
    }
  }

  lastActed() {
    try {
      const kept = sessionStorage.getItem(this.actedKey);
      return kept === null ? null : Number(kept);
    } catch (_) {
      return this.actedVersion ?? null;
    }
  }

  /**
   * A new view of the match: its new log lines, a seat's departure or return, the turn
   * coming to the person, and the end. The first view only marks what was already there.
   * @param {object} mv     the match view (with its described board)
   * @param {boolean} mine  whether the person is to move
   * @param {(seat: number) => string} nameOf
   */
  view(mv, mine, nameOf) {
    this.label();
    if (this.relanguaged) {
      // The lines in the former language served the summary until these came; now replaced.
      this.relanguaged = false;
      this.seen.clear();
      this.newest = -1;
      this.lines = [];
    }
    const log = (mv.board && Array.isArray(mv.board.log)) ? mv.board.log : [];
    const fresh = [];
    let newest = this.newest;
    for (const line of log) {
      if (!line || typeof line.text !== "string") continue;
      const key = lineKey(line);
      if (this.seen.has(key)) continue;
      this.seen.add(key);
      this.lines.push(line);
      // Only lines of versions after the newest already heard are news: a view that carries
      // more of the past (a longer log than the first one) adds history, not news.
      if (this.primed && line.n > this.newest) fresh.push(line.text);
      newest = Math.max(newest, line.n);
    }
    this.newest = newest;
    this.lines.sort((a, b) => a.n - b.n);
    if (this.lines.length > 400) this.lines.splice(0, this.lines.length - 400);
    const seatNews = this.seatChanges(mv.seats || [], nameOf);
    const pace = currentPace();
    if (this.primed) {
      if (pace === "each") fresh.forEach((text) => this.say(text));
      else if (pace === "turn") this.pending.push(...fresh);
      seatNews.forEach((text) => this.say(text));
      if (mine && !this.wasMine && pace === "turn" && this.pending.length) {
        this.say(t("announce.since_turn", { n: this.pending.length, lines: this.pending.join(" ") }));
      }
      if (mine || pace !== "turn") this.pending = [];
    }
    if (mine && !this.wasMine) this.say(t("announce.your_turn"));
    const over = mv.status === "finished";
    if (over && !this.finished && this.primed) {
      const result = mv.board && mv.board.result;
      this.say(result && result.text ? t("announce.over", { result: result.text }) : t("announce.over_plain"));
    }
    this.finished = over;
    this.wasMine = Boolean(mine);
    this.primed = true;
  }

  /** Who left the table or came back since the last view, in words. */
  seatChanges(seats, nameOf) {
    const news = [];
    for (const seat of seats) {
      const was = this.seats.get(seat.seat);
      const now = { away: Boolean(seat.away), gone: seat.gone || null };
      this.seats.set(seat.seat, now);
      if (!was || !this.primed) continue;
      const name = nameOf(seat.seat);
      if (now.gone && now.gone !== was.gone) news.push(t(`announce.gone.${now.gone}`, { name }));
      else if (now.away && !was.away) news.push(t("announce.away", { name }));
      else if (!now.away && was.away) news.push(t("announce.back", { name }));
    }
    return news;
  }

  /** A chat message from someone else, as "Name: text" (private ones so marked). */
  chat(name, text, isPrivate) {
    if (currentPace() === "off") return;
    this.say(t(isPrivate ? "announce.chat_private" : "announce.chat", { name, text }));
  }

  /** A fault: a refused move, a lost connection, anything the page shows as an error. */
  fault(text) {
    this.say(t("announce.fault", { text }));
  }

  /** "What happened since my last move": the lines after it, read now whatever the pace (the
   *  latest lines, so called, when the person has made no move here yet). */
  summary() {
    const since = this.lastActed();
    const lines = since === null ? this.lines.slice(-SUMMARY_FALLBACK)
      : this.lines.filter((line) => line.n > since);
    if (!lines.length) {
      this.say(t("announce.nothing_since"));
      return;
    }
    const key = since === null ? "announce.latest" : "announce.since_move";
    this.say(t(key, { n: lines.length, lines: lines.map((l) => l.text).join(" ") }));
  }
}
