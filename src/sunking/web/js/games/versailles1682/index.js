// The Versailles 1682 screen: the court (drawn by us), your hand and the choices it allows,
// the negotiation, the side room and the crib, the dice, the families, the log and the final
// table. It draws from the view and the described board (docs/presentation.md): every action
// is worded by the board, every other text comes from the catalogs.

import { finalTable } from "../../generic_parts.js";
import { guideNodes, markFinished } from "../../guide.js";
import { currentLanguage, t } from "../../i18n.js";
import { keepFocus } from "../../keep_focus.js";
import { drawChoices } from "./choices.js";
import { cardRow, drawCourtFacts, drawCourtHeader, drawFamilies } from "./court.js";
import { chatAddressing, drawCrib, drawDice, drawEtiquette, drawNegotiation, drawSideRoom } from "./talk.js";
import { el, g, svg } from "./words.js";

/** The page asks the server for the described board in the page's language. */
export const describedBoard = true;

/** The board's own styles, loaded by the page before the board is drawn. */
export const stylesheet = "/static/css/versailles1682.css";

const LOG_LINES = 40;

/** What a courtier shows on the board: a change in it marks the family as moved. */
function footprint(c) {
  return JSON.stringify([c.fortune, c.place, c.king_standing, c.queen_standing, c.spouse,
    c.cards.map((card) => card.id), c.hand_size, c.family]);
}

export function createGameUI(root, pageCtx) {
  root.replaceChildren();
  const banner = el("div", { className: "turn-banner v-banner", "data-testid": "turn-banner" });
  const lastMove = el("p", { className: "v-last", "data-testid": "v-last-move" });
  const court = svg("svg", { className: "v-court", "data-testid": "court" });
  const courtFacts = el("ul", { className: "v-court-facts" });
  const prompt = el("section", { className: "panel prompt", "data-testid": "prompt", "aria-labelledby": "v-prompt-title" });
  const choices = el("div", { className: "v-choices", "data-testid": "v-choices", role: "group" });
  const hand = el("section", { className: "panel v-hand-panel", "data-testid": "hand" });
  const negotiation = el("section", { className: "panel", "data-testid": "v-negotiation-panel" });
  const room = el("section", { className: "panel", "data-testid": "v-side-room" });
  const crib = el("details", { className: "panel", "data-testid": "v-crib-panel" });
  const etiquette = el("section", { className: "panel", "data-testid": "v-etiquette" });
  const dice = el("section", { className: "panel", "data-testid": "v-dice-panel" });
  const house = el("section", { className: "panel" });
  const families = el("div", { className: "v-families", "data-testid": "v-families" });
  const final = el("section", { className: "panel final", "data-testid": "final", hidden: true });
  const log = el("section", { className: "panel log", "data-testid": "log" });
  root.append(el("div", { className: "v1682" },
    el("div", { className: "v-main" }, banner, lastMove, prompt, hand, final,
      el("div", { className: "v-court-wrap" }, court, courtFacts), house, families),
    el("div", { className: "v-side" }, negotiation, room, etiquette, crib, dice, log)));

  let mv = null;
  const pick = { card: null, version: -1, open: new Set() };
  const chosen = new Set();
  /** The last move(s): the version before them and the families they changed. */
  const moves = { version: null, before: -1, prints: null, changed: new Set() };
  // Inherits from the page's context (its getters too: the seat is read when asked).
  const ctx = Object.create(pageCtx, {
    lang: { get: () => currentLanguage() },
  });
  Object.assign(ctx, {
    act(action) {
      pick.card = null;
      pageCtx.act(action);
    },
    rerender() { render(); },
  });

  function noteMoves(view) {
    if (moves.version === mv.version) return;
    const prints = view.courtiers.map(footprint);
    moves.changed = new Set();
    if (moves.prints && moves.version !== null && mv.version > moves.version) {
      prints.forEach((p, seat) => { if (moves.prints[seat] !== p) moves.changed.add(seat); });
      moves.before = moves.version;
    } else {
      moves.before = mv.version - 1;
    }
    moves.version = mv.version;
    moves.prints = prints;
  }

  function drawBanner(view, board) {
    const parts = [el("strong", { text: board.round || "" }), el("span", { text: board.phase || "" })];
    // The actions left only while the turn's player chooses his next action: a card still
    // to give or discard is told by the decision itself, never as "0 actions left".
    if (view.phase === "turns" && view.turn !== null && view.decision?.kind === "act") {
      parts.push(el("span", { "data-testid": "v-actions-left",
        text: g("board.actions_left", { n: view.actions_left }) }));
    }
    if (board.waiting_for) {
      parts.push(el("span", { className: "who", "data-testid": "to-move", text: board.waiting_for }));
    }
    banner.replaceChildren(...parts.flatMap((p, i) => (i ? [el("span", { className: "sep", text: "·" }), p] : [p])));
    const fresh = (board.log || []).filter((e) => e.n > moves.before).map((e) => e.text);
    lastMove.hidden = !fresh.length;
    lastMove.textContent = fresh.length ? g("board.last_move", { text: fresh.slice(-3).join(" · ") }) : "";
  }

  function drawPrompt(view, board) {
    const mine = ctx.mode !== "replay" && (mv.legal_actions || []).length > 0;
    prompt.classList.toggle("my-turn", mine);
    const title = board.result ? board.result.text : (board.prompt || board.waiting_for || "");
    prompt.replaceChildren(el("h2", { className: "prompt-title", id: "v-prompt-title", tabindex: "-1", text: title }));
    choices.setAttribute("aria-label", g("board.choices"));
    if (mine && view.decision) prompt.append(...guideNodes("versailles1682", view.decision.kind, render));
    prompt.append(choices);
  }

  function drawLog(board) {
    const list = el("ol", { className: "log-list", "data-testid": "log-list" },
      ...(board.log || []).slice(-LOG_LINES).map((e) =>
        el("li", { className: `log-entry${e.n > moves.before ? " log-new" : ""}`, text: e.text })));
    const scroller = el("div", { className: "log-scroll" }, list);
    log.setAttribute("aria-label", g("board.log"));
    log.replaceChildren(el("h2", { text: g("board.log") }), scroller);
    scroller.scrollTop = scroller.scrollHeight;
  }

  /** The version last drawn: a redraw of the same one keeps the focus on its control. */
  let drawnVersion = null;

  function render() {
    if (!mv || !mv.board) return;
    const same = drawnVersion === mv.version;
    drawnVersion = mv.version;
    keepFocus(root, same, draw, () => prompt.querySelector(".prompt-title"));
  }

  function draw() {
    const view = mv.view;
    const board = mv.board;
    if (pick.version !== mv.version) {
      pick.version = mv.version;
      pick.card = null;
    }
    noteMoves(view);
    drawBanner(view, board);
    drawPrompt(view, board);
    drawChoices(hand, choices, mv, pick, ctx);
    drawCourtHeader(court, view);
    drawCourtFacts(courtFacts, view, ctx.lang);
    house.setAttribute("aria-label", g("zone.house"));
    house.replaceChildren(cardRow(g("zone.house"), view.house_of_the_king, "v-house"));
    if (view.war_minister_box.length) house.append(cardRow(g("zone.box"), view.war_minister_box, "v-box-cards"));
    drawFamilies(families, view, ctx, moves.changed);
    drawNegotiation(negotiation, mv, ctx);
    drawSideRoom(room, mv, ctx, chosen);
    const open = crib.open;
    drawCrib(crib, view, ctx);
    crib.open = open;
    drawEtiquette(etiquette, view, ctx);
    drawDice(dice, mv);
    final.hidden = !board.result;
    final.setAttribute("aria-label", t("generic.final"));
    if (board.result) {
      final.replaceChildren(finalTable(mv, board));
      if (ctx.mode === "live" && ctx.seat !== null && ctx.seat !== undefined) markFinished("versailles1682");
    }
    drawLog(board);
  }

  return {
    render(next) {
      mv = next;
      render();
    },
    relabel() { render(); },
    /** What the chat offers to address (a public remark to a courtier is judged, §3.0). */
    chatAddressing() { return ctx.mode === "live" && mv ? chatAddressing(mv.view, ctx) : null; },
  };
}
