// A game's interactive tutorial (docs/web-client.md, "Tutorials"). On the rules page
// (/rules/<game>, or /tutorial/<game> which starts at once) startTutorial() creates a tutorial
// match of the first chapter (a practice match from the chapter's position, bots at the other
// seats) and opens it; on the match page the chapter's steps (GET /api/tutorials/<game>) are
// drawn as a bubble over the real board, pointing at the element each step explains. A step
// ends with Next, or with the reader's move (body[data-version] changes); the engine and the
// server hold the moves to the script. A chapter's last bubble opens the next chapter (a new
// tutorial match from its own position); the last chapter's offers a match against bots.

import { api, errorText, storeToken, tokenFor } from "./api.js";
import { withProps as el } from "./dom.js";
import { currentLanguage, gameTitle, t } from "./i18n.js";

const STORE = "sunking.tutorial.";
const STEP = "sunking.tutorial-step.";
const BOT = "ismcts:easy";

/** The seats of a match of `players`: the reader first, bots at the others. */
function seats(players, bot) {
  return [{ kind: "human" }, ...Array.from({ length: players - 1 }, () => ({ kind: "bot", bot }))];
}

/** Open the match just created at the creator's seat (`tutorial`: its game and chapter). */
function open(created, tutorial) {
  const mine = created.seats.find((s) => s.token);
  storeToken(created.match_id, mine.token, mine.seat);
  if (tutorial) sessionStorage.setItem(STORE + created.match_id, JSON.stringify(tutorial));
  window.location.assign(mine.link);
}

/** Create a tutorial match of `game`'s chapter `chapter` (from 1) and open it. */
export async function startTutorial(game, chapter = 1) {
  const script = await api("GET", `/api/tutorials/${encodeURIComponent(game)}`);
  const created = await api("POST", "/api/matches", {
    body: {
      game, players: script.players, seats: seats(script.players, "random"),
      language: currentLanguage(), practice: true, tutorial: true, chapter,
    },
  });
  open(created, { game, chapter });
}

/** Create a normal match of `game` against bots and open it. */
async function playBots(game, players) {
  const created = await api("POST", "/api/matches", {
    body: { game, players, seats: seats(players, BOT), language: currentLanguage() },
  });
  open(created, null);
}

/** The tutorial bubble of the match page. */
class Bubble {
  constructor(game, script, chapter, { matchId, token, showError }) {
    Object.assign(this, { game, script, chapter, matchId, token, showError });
    this.steps = script.chapters[chapter - 1].steps;
    this.index = 0;
    this.version = null;
    this.marked = null;
    this.root = el("section", { className: "tutorial-bubble", tabIndex: -1 });
    this.root.dataset.testid = "tutorial";
    this.root.setAttribute("aria-live", "polite");
    this.root.setAttribute("role", "region");
    document.body.append(this.root);
    document.body.classList.add("tutorial-on");
    new MutationObserver(() => this.onVersion()).observe(document.body,
      { attributes: true, attributeFilter: ["data-version"] });
    document.addEventListener("sunking:language", () => this.draw());
    window.addEventListener("resize", () => this.point());
  }

  /** The first step not done once `moves` moves are made (the steps before the first move
   * step when none is). */
  resumed(moves) {
    if (moves <= 0) return 0;
    let made = 0;
    for (let i = 0; i < this.steps.length; i += 1) {
      if (this.steps[i].wait === "move") made += 1;
      if (made === moves) return i + 1;
    }
    return this.steps.length;
  }

  /** The index of the move step that takes move number `moves` + 1 (the end when none). */
  nextMove(moves) {
    let made = 0;
    for (let i = 0; i < this.steps.length; i += 1) {
      if (this.steps[i].wait !== "move") continue;
      if (made === moves) return i;
      made += 1;
    }
    return this.steps.length;
  }

  get step() {
    return this.steps[this.index] || null;
  }

  /** A move was made (the version grew): a move step is done. */
  onVersion() {
    const version = Number(document.body.dataset.version);
    if (!Number.isFinite(version) || !document.body.dataset.version) return;
    const before = this.version;
    this.version = version;
    if (before === null) {
      // A page opened again mid-way: the step it was at, or after the moves already made.
      const kept = Number(sessionStorage.getItem(STEP + this.matchId) || 0);
      this.index = Math.max(this.resumed(version), Math.min(kept, this.nextMove(version)));
      this.draw();
      return;
    }
    if (version > before && this.step && this.step.wait === "move") this.go(this.index + 1);
    else this.point();
  }

  go(index) {
    this.index = index;
    sessionStorage.setItem(STEP + this.matchId, String(index));
    this.draw();
    this.root.focus();
  }

  /** Mark the element the step points at and place the bubble beside it. */
  point() {
    if (this.marked) this.marked.classList.remove("tutorial-target");
    const selector = this.step ? this.step.target : "";
    this.marked = selector ? document.querySelector(`#game ${selector}`) : null;
    if (!this.marked) return;
    this.marked.classList.add("tutorial-target");
    this.marked.scrollIntoView({ block: "nearest", behavior: "auto" });
    // Not under the bubble (along the bottom of a phone's screen): scrolled above it.
    const box = this.marked.getBoundingClientRect();
    const cover = this.root.getBoundingClientRect();
    const beside = cover.left >= box.right || cover.right <= box.left;
    if (!beside && box.bottom > cover.top) {
      window.scrollBy(0, Math.max(0, Math.min(box.bottom - cover.top + 8, box.top - 8)));
    }
  }

  async playIt() {
    try {
      await api("POST", `/api/matches/${encodeURIComponent(this.matchId)}/actions`, {
        token: this.token, body: { version: this.version, action: this.step.expect },
      });
    } catch (err) {
      this.showError(err);
    }
  }

  draw() {
    const total = this.steps.length;
    const step = this.step;
    const chapters = this.script.chapters;
    const title = el("h2", { className: "tutorial-title",
      textContent: t("tutorial.title", { game: gameTitle(this.game) }) });
    const chapter = el("p", { className: "tutorial-chapter", textContent: t("tutorial.chapter", {
      n: this.chapter, total: chapters.length, title: t(chapters[this.chapter - 1].title) }) });
    chapter.dataset.testid = "tutorial-chapter";
    const parts = [title, chapter];
    if (step) {
      parts.push(el("p", { className: "tutorial-count",
        textContent: t("tutorial.step", { n: this.index + 1, total }) }));
      parts.push(el("p", { className: "tutorial-text", textContent: t(step.text) }));
      const buttons = el("div", { className: "tutorial-buttons" });
      if (step.wait === "next") {
        const next = el("button", { type: "button", textContent: t("tutorial.next") });
        next.dataset.testid = "tutorial-next";
        next.addEventListener("click", () => this.go(this.index + 1));
        buttons.append(next);
      } else {
        parts.push(el("p", { className: "hint",
          textContent: t(step.expect ? "tutorial.expected" : "tutorial.any_move") }));
        if (step.expect) {
          const play = el("button", { type: "button", className: "small",
            textContent: t("tutorial.play_it") });
          play.dataset.testid = "tutorial-play";
          play.addEventListener("click", () => this.playIt());
          buttons.append(play);
        }
      }
      parts.push(buttons);
    } else if (this.chapter < chapters.length) {
      parts.push(el("p", { className: "tutorial-text", textContent: t("tutorial.chapter_done") }));
      const next = el("button", { type: "button", textContent: t("tutorial.next_chapter") });
      next.dataset.testid = "tutorial-next-chapter";
      next.addEventListener("click", () => startTutorial(this.game, this.chapter + 1)
        .catch(this.showError));
      parts.push(el("div", { className: "tutorial-buttons" }, next));
    } else {
      parts.push(el("p", { className: "tutorial-count", textContent: t("tutorial.done") }));
      if (this.script.end) parts.push(el("p", { className: "tutorial-text", textContent: t(this.script.end) }));
      const bots = el("button", { type: "button", textContent: t("tutorial.bots") });
      bots.dataset.testid = "tutorial-bots";
      bots.addEventListener("click", () => playBots(this.game, this.script.players)
        .catch(this.showError));
      parts.push(el("div", { className: "tutorial-buttons" }, bots));
    }
    this.root.dataset.step = String(this.index);
    this.root.dataset.chapter = String(this.chapter);
    this.root.setAttribute("aria-label", title.textContent);
    this.root.replaceChildren(...parts);
    this.point();
  }
}

/** On the match page: the bubble, when this tab started the match as a tutorial. */
async function onMatchPage(matchId) {
  let stored = null;
  try {
    stored = JSON.parse(sessionStorage.getItem(STORE + matchId) || "null");
  } catch {
    return;
  }
  if (!stored || typeof stored.game !== "string") return;
  const { game } = stored;
  const script = await api("GET", `/api/tutorials/${encodeURIComponent(game)}`);
  const token = sessionStorage.getItem(`sunking.tab.${matchId}`) || tokenFor(matchId);
  const showError = (err) => {
    const toast = document.getElementById("toast");
    if (!toast) return;
    toast.textContent = errorText(err);
    toast.hidden = false;
  };
  document.head.append(el("link", { rel: "stylesheet", href: "/static/css/tutorial.css" }));
  const chapter = Math.min(Math.max(Number(stored.chapter) || 1, 1), script.chapters.length);
  const bubble = new Bubble(game, script, chapter, { matchId, token, showError });
  bubble.onVersion();
}

const parts = window.location.pathname.split("/").filter(Boolean);
if (parts[0] === "play" && parts[1]) onMatchPage(decodeURIComponent(parts[1]));
