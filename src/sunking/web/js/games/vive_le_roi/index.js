// The Vive le Roi screen: whose turn and the phase, the prompt with the choices of the card
// picked, the batch builder, your hand, a fight under way, every power structure, the middle
// and the piles, the players and their scores, the log (each round's scoring in it) and the
// final table. Words come from the described board and the game's catalog.

import { t } from "../../i18n.js";
import { finalTable, playersTable } from "../../generic_parts.js";
import { el } from "../../dom.js";
import { guideNodes, markFinished } from "../../guide.js";
import { keepFocus } from "../../keep_focus.js";
import { cardBox } from "./cards.js";
import { readBatch, readChoices } from "./choices.js";
import { drawFight, drawMiddle, drawScoring, drawStructures } from "./table.js";

/** The page asks the server for the described board in the page's language. */
export const describedBoard = true;

/** The board's own styles, loaded by the page before the board is drawn. */
export const stylesheet = "/static/css/vive_le_roi.css";

const AUTOPASS_KEY = "sunking.autopass";
/** How long the page shows a forced pass before making it. */
const AUTOPASS_MS = 1200;
const LOG_LINES = 40;

/** Where every card the view shows lies, to see what the last move changed. */
function places(view) {
  const out = new Map();
  for (const p of view.players) for (const [card, onto] of p.structure) out.set(card, `s${p.seat}:${onto}`);
  for (const [card] of view.middle) out.set(card, "m");
  for (const [card, by] of view.exchange || []) out.set(card, `x${by}`);
  if (view.discard.length) out.set(view.discard[view.discard.length - 1], "d");
  out.set(6, `k${view.king.seat}:${view.king.captive}`);
  return out;
}

export function createGameUI(root, ctx) {
  root.replaceChildren();
  const banner = el("div", { className: "turn-banner", "data-testid": "turn-banner" });
  const lastMove = el("p", { className: "vlr-last-move", "data-testid": "last-move" });
  const prompt = el("section", { className: "panel prompt", "data-testid": "prompt", "aria-labelledby": "vlr-prompt-title" });
  const builder = el("section", { className: "panel vlr-builder", "data-testid": "builder", hidden: true });
  const hand = el("section", { className: "panel vlr-hand", "data-testid": "hand" });
  const fight = el("section", { className: "panel vlr-fight", "data-testid": "fight", hidden: true });
  const final = el("section", { className: "panel", hidden: true });
  const structures = el("div", { className: "vlr-structures", "data-testid": "structures" });
  const middle = el("div", { className: "vlr-table-middle" });
  const players = el("section", { className: "panel" });
  const scoring = el("section", { className: "panel", hidden: true });
  const log = el("section", { className: "panel vlr-log", "data-testid": "log" });
  // The person's own choice, kept in his browser (the generic screen shares it): a forced
  // pass is made for him after AUTOPASS_MS, the same pause whatever he holds, or left to him.
  const autopass = el("input", { type: "checkbox", "data-testid": "autopass" });
  autopass.checked = localStorage.getItem(AUTOPASS_KEY) !== "0";
  const autopassText = el("span");
  autopass.addEventListener("change", () => {
    localStorage.setItem(AUTOPASS_KEY, autopass.checked ? "1" : "0");
    cancelPass();
    draw();
  });
  const settings = el("div", { className: "generic-settings" },
    el("label", { className: "generic-setting" }, autopass, autopassText));
  root.append(el("div", { className: "vlr", "data-testid": "vlr-board" },
    el("div", { className: "vlr-main" }, banner, lastMove, prompt, final, builder, hand, fight, structures, middle),
    el("div", { className: "vlr-side" }, players, scoring, log, settings)));

  let mv = null;
  const sel = { version: -1, card: null, picked: [] };
  const moves = { version: null, places: null, moved: new Set() };
  let passTimer = null;
  let passVersion = null;

  function cancelPass() {
    clearTimeout(passTimer);
    passTimer = null;
    passVersion = null;
  }

  function act(index) {
    cancelPass();
    sel.card = null;
    sel.picked = [];
    ctx.act(mv.legal_actions[index]);
  }

  function noteMoves(view) {
    if (moves.version === mv.version) return;
    const now = places(view);
    moves.moved = new Set();
    if (moves.places && mv.version > moves.version) {
      for (const [card, where] of now) if (moves.places.get(card) !== where) moves.moved.add(card);
    }
    moves.version = mv.version;
    moves.places = now;
  }

  function drawBanner(view, board) {
    const parts = [];
    if (mv.status === "finished") {
      parts.push(el("strong", { text: t("banner.over") }));
    } else {
      parts.push(el("strong", { text: board.round || "" }), el("span", { text: board.phase || "" }));
      if (view.decision) {
        const mine = view.decision.seat === mv.seat;
        parts.push(el("span", { className: `who ${mine ? "mine" : ""}`, "data-testid": "to-move",
          text: mine ? t("banner.your_turn") : t("banner.to_move", { player: board.waiting_for || "" }) }));
      }
    }
    banner.replaceChildren(...parts.flatMap((p, i) => (i ? [el("span", { className: "sep", text: "·" }), p] : [p])));
    const newest = (board.log || []).slice(-1)[0];
    lastMove.textContent = newest ? t("vive_le_roi.board.last_move", { text: newest.text }) : "";
    lastMove.hidden = !newest || mv.status === "finished";
  }

  function button(label, onClick, opts = {}) {
    const node = el("button", { type: "button", className: `choice${opts.primary ? " primary" : ""}`,
      "data-testid": opts.testid || null, "data-choice": opts.index ?? null, disabled: opts.disabled || null, text: label });
    node.addEventListener("click", () => { if (!node.disabled) onClick(); });
    return node;
  }

  function actionButtons(board, indexes) {
    const texts = new Map((board.actions || []).map((a) => [a.index, a.text]));
    return el("div", { className: "choices", role: "group", "aria-label": t("vive_le_roi.board.choices") },
      ...indexes.map((i) => button(texts.get(i) || "", () => act(i), { index: i })));
  }

  function drawPrompt(board, choices, mine) {
    prompt.classList.toggle("my-turn", mine);
    prompt.hidden = false;
    if (mv.status === "finished") {
      // The outcome in the prompt's place (on a phone it stays on screen); the table follows.
      prompt.replaceChildren(el("h2", { className: "prompt-title", id: "vlr-prompt-title", tabindex: "-1", text: t("generic.final") }));
      if (board.result && board.result.text) {
        prompt.append(el("p", { className: "prompt-text", text: board.result.text }));
      }
      if (ctx.mode === "live" && mv.seat !== null && mv.seat !== undefined) markFinished("vive_le_roi");
      return;
    }
    let title = "";
    if (ctx.mode === "replay") title = t("prompt.replay");
    else if (mine) title = t("generic.your_turn");
    else if (board.waiting_for) title = t("generic.waiting", { player: board.waiting_for });
    prompt.replaceChildren(el("h2", { className: "prompt-title", id: "vlr-prompt-title", tabindex: "-1", text: title }));
    if (board.prompt) prompt.append(el("p", { className: "prompt-text", text: board.prompt }));
    if (!mine) return;
    if (mv.view && mv.view.decision) prompt.append(...guideNodes("vive_le_roi", mv.view.decision.kind, draw));
    if (board.forced_pass && autopass.checked) {
      prompt.append(el("p", { className: "autopass-note", "data-testid": "autopassing", text: t("generic.autopassing") }));
      if (passVersion !== mv.version) {
        cancelPass();
        passVersion = mv.version;
        const version = mv.version;
        const index = board.actions[0].index;
        passTimer = setTimeout(() => {
          passTimer = null;
          if (mv && mv.version === version && autopass.checked) act(index);
        }, AUTOPASS_MS);
      }
    }
    if (sel.card !== null) {
      const indexes = choices.cardActions(sel.card);
      prompt.append(el("p", { className: "vlr-selected", "data-testid": "selected",
        text: t("vive_le_roi.board.selected", { card: t(`vive_le_roi.card.${sel.card}`) }) }),
      actionButtons(board, indexes),
      el("div", { className: "choices" }, button(t("vive_le_roi.board.unselect"), () => { sel.card = null; draw(); },
        { testid: "unselect" })));
    } else if (choices.anyCard) {
      prompt.append(el("p", { className: "hint", "data-testid": "choose-card", text: t("vive_le_roi.board.choose_card") }));
    }
    if (choices.free.length) prompt.append(actionButtons(board, choices.free));
  }

  function drawBuilder(board, choices, mine) {
    if (!mine || !choices.commits.length) {
      builder.hidden = true;
      builder.replaceChildren();
      return;
    }
    builder.hidden = false;
    const reading = readBatch(mv, board.faces, choices.commits);
    sel.picked = sel.picked.filter((c) => reading.pool.includes(c));
    const total = sel.picked.reduce((sum, c) => sum + reading.value(c), 0);
    const index = reading.match(sel.picked);
    const toggle = (card) => {
      sel.picked = sel.picked.includes(card) ? sel.picked.filter((c) => c !== card) : [...sel.picked, card];
      draw();
    };
    const source = (fromHand) => el("div", { className: "vlr-row" },
      ...reading.pool.filter((c) => reading.fromHand(c) === fromHand).map((card) => cardBox(board.faces, card, {
        active: true, selected: sel.picked.includes(card), testid: "batch-card", onClick: () => toggle(card) })));
    const heading = t(reading.fight === 0 ? "vive_le_roi.board.batch_musketeers" : "vive_le_roi.board.batch_gold");
    builder.setAttribute("aria-label", heading);
    const parts = [el("h3", { text: heading })];
    if (reading.pool.some((c) => reading.fromHand(c))) parts.push(el("h4", { text: t("vive_le_roi.board.from_hand") }), source(true));
    if (reading.pool.some((c) => !reading.fromHand(c))) parts.push(el("h4", { text: t("vive_le_roi.board.from_structure") }), source(false));
    parts.push(el("p", { className: `vlr-total${total >= reading.need ? " enough" : ""}`, "data-testid": "batch-total",
      text: t("vive_le_roi.board.batch_total", { total, need: reading.need }) }));
    if (sel.picked.length && index < 0) {
      parts.push(el("p", { className: "hint", "data-testid": "batch-not-legal", text: t("vive_le_roi.board.batch_not_legal") }));
    }
    parts.push(el("div", { className: "choices" },
      button(t("vive_le_roi.board.commit"), () => act(index), { primary: true, disabled: index < 0, testid: "batch-commit" }),
      button(t("vive_le_roi.board.clear"), () => { sel.picked = []; draw(); }, { disabled: !sel.picked.length, testid: "batch-clear" })));
    builder.replaceChildren(...parts);
  }

  function drawHand(board, look) {
    const you = mv.view.you;
    hand.hidden = !you;
    if (!you) return;
    const row = el("div", { className: "vlr-row vlr-hand-row" },
      ...you.hand.map((card) => cardBox(board.faces, card, { testid: "hand-card", active: look.active(card),
        selected: sel.card === card, onClick: look.active(card) ? () => look.onCard(card) : null })));
    hand.setAttribute("aria-label", t("vive_le_roi.board.your_hand", { count: you.hand.length }));
    hand.replaceChildren(el("h3", { text: t("vive_le_roi.board.your_hand", { count: you.hand.length }) }),
      you.hand.length ? row : el("p", { className: "hint", text: t("vive_le_roi.board.empty") }));
  }

  function drawLog(board) {
    const list = el("ol", { className: "plain vlr-log-lines" },
      ...(board.log || []).slice(-LOG_LINES).map((line) => el("li", { text: line.text })));
    log.setAttribute("aria-label", t("generic.log"));
    log.replaceChildren(el("h3", { text: t("generic.log") }), list);
    list.scrollTop = list.scrollHeight;
  }

  /** The version last drawn: a redraw of the same one keeps the focus on its control. */
  let drawnVersion = null;

  function draw() {
    if (!mv || !("board" in mv) || !mv.board) return;
    const same = drawnVersion === mv.version;
    drawnVersion = mv.version;
    keepFocus(root, same, drawBoard, () => prompt.querySelector(".prompt-title"));
  }

  function drawBoard() {
    const board = mv.board;
    const view = mv.view;
    if (sel.version !== mv.version) {
      sel.version = mv.version;
      sel.card = null;
      sel.picked = [];
    }
    noteMoves(view);
    const live = ctx.mode === "live";
    const mine = live && (mv.legal_actions || []).length > 0 && mv.status !== "finished";
    const choices = mine ? readChoices(mv, board.faces) : { free: [], commits: [], cardActions: () => [], active: () => false };
    const inHand = new Set(view.you ? view.you.hand : []);
    choices.anyCard = [...inHand, ...view.players.flatMap((p) => p.structure.map(([c]) => c)),
      ...view.middle.map(([c]) => c)].some((c) => choices.active(c));
    const look = {
      faces: board.faces, seat: mv.seat, you: view.you, moved: moves.moved, selected: sel.card,
      active: (card) => choices.active(card),
      onCard(card) {
        sel.card = card;
        draw();
      },
    };
    if (!mine || mv.version !== passVersion) cancelPass();
    drawBanner(view, board);
    final.hidden = mv.status !== "finished";
    final.setAttribute("aria-label", t("generic.final"));
    final.replaceChildren(...(final.hidden ? [] : [finalTable(mv, board)]));
    drawPrompt(board, choices, mine);
    drawBuilder(board, choices, mine);
    drawHand(board, look);
    drawFight(fight, view, board, look);
    drawStructures(structures, view, board, look);
    drawMiddle(middle, view, look);
    players.setAttribute("aria-label", t("generic.players"));
    players.replaceChildren(el("h3", { text: t("generic.players") }), playersTable(board, ctx));
    drawScoring(scoring, view, board, mv.events);
    drawLog(board);
    autopassText.textContent = t("generic.autopass");
  }

  return {
    render(next) {
      mv = next;
      draw();
    },
    relabel() {
      draw();
    },
  };
}
