// The match page's waiting room: while an open table waits for players (status "waiting")
// the page shows it instead of the board. It names the game and its options in words, every
// seat with who has taken it (or "Free seat"), a link to share, and for the table's creator
// "Start with bots". Joins arrive with the views (the seats change at the same version), and
// only the parts that change are redrawn, so a keyboard's place is kept.

import { api } from "./api.js";
import { botLabel, t } from "./i18n.js";
import { withProps as el } from "./dom.js";
import { chosenOptions } from "./options.js";

/** The waiting room in `section`; `ctx` holds matchId, token, bots (the server's bot specs),
 * gameName(id), gameEntry(id) (its GET /api/games entry), onView(view), showError(err) and
 * say(text) (the page's live region, which tells who took a seat). */
export class WaitingRoom {
  constructor(section, ctx) {
    this.section = section;
    this.ctx = ctx;
    this.built = null;
    /** Who held each seat at the last view (to say who came since). */
    this.holders = null;
  }

  /** Draw for `mv` (a MatchView, or null): shown only while the table waits. */
  draw(mv) {
    const waiting = Boolean(mv && mv.status === "waiting");
    this.section.hidden = !waiting;
    if (!waiting) return;
    const host = mv.seat !== null && mv.seat !== undefined && mv.seat === mv.host_seat;
    if (!this.built || this.built.host !== host) this.build(mv, host);
    this.drawSeats(mv);
  }

  /** Draw again in the current language. */
  relabel(mv) {
    this.built = null;
    this.draw(mv);
  }

  build(mv, host) {
    const { ctx } = this;
    const options = chosenOptions(ctx.gameEntry(mv.game), mv.options);
    const optionList = options.length
      ? el("ul", { className: "waiting-options" }, ...options.map((o) => {
        const item = el("li", { textContent: t("waiting.option", { label: o.label, value: o.text }) });
        item.dataset.option = o.name;
        return item;
      }))
      : el("p", { className: "hint", textContent: t("waiting.no_options") });
    optionList.dataset.testid = "waiting-options";
    const seats = el("ul", { className: "waiting-seats", id: "waiting-seats" });
    seats.dataset.testid = "waiting-seats";
    seats.setAttribute("aria-labelledby", "waiting-seats-title");
    const status = el("p", { className: "waiting-status" });
    status.dataset.testid = "waiting-status";
    const parts = [
      el("h2", { id: "waiting-title", className: "waiting-title", textContent: t("waiting.title") }),
      el("p", { className: "waiting-game", textContent: ctx.gameName(mv.game) }),
      optionList,
      el("h3", { id: "waiting-seats-title", textContent: t("waiting.seats") }),
      seats,
      status,
    ];
    if (host) parts.push(...this.startControls());
    else parts.push(el("p", { className: "hint", textContent: t("waiting.guest") }));
    parts.push(this.share());
    this.section.replaceChildren(...parts);
    this.section.setAttribute("aria-labelledby", "waiting-title");
    this.built = { host, seats, status };
  }

  /** The creator's "Start with bots": a bot level for the free seats, and the button. */
  startControls() {
    const { ctx } = this;
    const select = el("select", { className: "waiting-bot", id: "waiting-bot" });
    select.dataset.testid = "start-bot";
    for (const bot of ctx.bots) select.append(el("option", { value: bot, textContent: botLabel(bot) }));
    select.value = ctx.bots.includes("heuristic") ? "heuristic" : ctx.bots[0];
    const button = el("button", { type: "button", className: "primary", textContent: t("waiting.start") });
    button.dataset.testid = "start-table";
    button.addEventListener("click", async () => {
      button.disabled = true;
      try {
        ctx.onView(await api("POST", `/api/matches/${encodeURIComponent(ctx.matchId)}/start`,
          { token: ctx.token, body: { bot: select.value } }));
      } catch (err) {
        ctx.showError(err);
        button.disabled = false;
      }
    });
    return [
      el("p", { className: "hint", textContent: t("waiting.host") }),
      el("div", { className: "waiting-start" },
        el("label", { htmlFor: "waiting-bot", textContent: t("lobby.difficulty") }), select, button),
    ];
  }

  /** The link to share: the lobby, this table shown first among its open tables. */
  share() {
    const link = new URL(`/?table=${encodeURIComponent(this.ctx.matchId)}`, window.location.origin).href;
    const anchor = el("a", { href: link, className: "link waiting-share-link", textContent: link,
      id: "waiting-share-link" });
    anchor.dataset.testid = "share-link";
    anchor.setAttribute("aria-describedby", "waiting-share-text");
    const copy = el("button", { type: "button", className: "small", textContent: t("lobby.copy") });
    copy.addEventListener("click", async () => {
      try {
        await navigator.clipboard.writeText(link);
        copy.textContent = t("lobby.copied");
      } catch (_) {
        window.prompt(t("lobby.copy"), link);
      }
    });
    return el("div", { className: "waiting-share" },
      el("p", { className: "hint", id: "waiting-share-text", textContent: t("waiting.share") }),
      el("div", { className: "waiting-share-row" }, anchor, copy));
  }

  /** Each seat with who has taken it, and the status line: how many are free. A seat taken
   * since the last view is said in the page's live region. */
  drawSeats(mv) {
    const holders = (mv.seats || []).map((s) => (s.kind === "open" ? null : s.name || s.bot || s.kind));
    if (this.holders) {
      for (const seat of mv.seats || []) {
        if (this.holders[seat.seat] === null && holders[seat.seat] !== null && seat.seat !== mv.seat) {
          const name = seat.kind === "bot" ? botLabel(seat.bot || "") : seat.name;
          this.ctx.say(t("waiting.joined", { name, n: seat.seat + 1 }));
        }
      }
    }
    this.holders = holders;
    const { seats, status } = this.built;
    seats.replaceChildren(...(mv.seats || []).map((seat) => {
      let who = seat.name || t("lobby.default_name", { n: seat.seat + 1 });
      if (seat.kind === "open") who = t("player.open");
      else if (seat.kind === "bot") who = botLabel(seat.bot || "");
      else if (seat.seat === mv.seat) who = t("waiting.you", { name: who });
      const item = el("li", { className: `waiting-seat ${seat.kind === "open" ? "free" : ""}` },
        el("span", { className: `seat-swatch colour-${seat.seat}` }),
        el("span", { className: "waiting-seat-who", textContent: t("waiting.seat", { n: seat.seat + 1, who }) }));
      item.dataset.seat = String(seat.seat);
      item.dataset.kind = seat.kind;
      return item;
    }));
    const free = (mv.seats || []).filter((s) => s.kind === "open").length;
    const text = t("waiting.text", { n: free });
    if (status.textContent !== text) status.textContent = text;
  }
}
