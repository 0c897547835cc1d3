// Your hand and the choices it allows. A turn offers up to about a hundred moves: they are
// grouped by card (pick a card, then what to do with it) and the rest by kind, each worded by
// the described board (`board.actions`), so an action the engine adds appears without change.

import { pressable } from "../../keep_focus.js";
import { cardTile } from "./court.js";
import { cardName, el, g } from "./words.js";

/** At most this many moves are shown as plain buttons, without the card picker. */
const FLAT_MAX = 8;

/** The card a legal action is about (null for none). */
function cardOf(action) {
  return typeof action.card === "number" ? action.card : null;
}

/** The moves of the board, each with its legal action and its card. */
export function moves(mv) {
  const legal = mv.legal_actions || [];
  const worded = (mv.board && mv.board.actions) || [];
  return worded.filter((a) => legal[a.index]).map((a) => ({
    index: a.index, group: a.group, text: a.text, action: legal[a.index], card: cardOf(legal[a.index]),
  }));
}

function moveButton(move, act, disabled) {
  return el("button", { type: "button", className: "choice", "data-testid": "v-move",
    "data-type": move.action.type, disabled, text: move.text,
    onclick: () => act(move.action) });
}

/**
 * Draw the hand and the choices into `hand` and `choices`.
 * `state.card` is the card picked (kept across draws of the same version).
 */
export function drawChoices(hand, choices, mv, state, ctx) {
  const you = mv.view.you;
  const all = ctx.mode === "replay" ? [] : moves(mv);
  const disabled = ctx.mode === "replay";
  const byCard = new Map();
  const byKind = new Map();
  for (const move of all) {
    if (move.card !== null) {
      if (!byCard.has(move.card)) byCard.set(move.card, []);
      byCard.get(move.card).push(move);
    } else {
      if (!byKind.has(move.group)) byKind.set(move.group, []);
      byKind.get(move.group).push(move);
    }
  }
  if (state.card !== null && !byCard.has(state.card)) state.card = null;
  const pick = (id) => { state.card = state.card === id ? null : id; ctx.rerender(); };

  // The hand: every card, those with moves are buttons showing how many.
  hand.setAttribute("aria-label", g("board.hand"));
  hand.replaceChildren(el("h2", { text: g("board.hand") }));
  const cards = you ? you.hand : [];
  if (!cards.length) hand.append(el("p", { className: "hint", text: g("board.none") }));
  const row = el("div", { className: "v-cards v-hand", "data-testid": "v-hand" });
  for (const card of cards) {
    const n = (byCard.get(card.id) || []).length;
    const tile = cardTile(card, { role: n ? "button" : "img", tabindex: n ? "0" : null,
      "data-testid": "v-hand-card", "aria-pressed": n ? String(state.card === card.id) : null });
    if (n) {
      tile.classList.add("v-playable");
      tile.append(el("span", { className: "v-card-moves", text: g("board.moves", { n }) }));
      tile.setAttribute("aria-label", `${tile.getAttribute("aria-label")} · ${g("board.moves", { n })}`);
      pressable(tile, () => pick(card.id));
    }
    if (state.card === card.id) tile.classList.add("v-picked");
    row.append(tile);
  }
  hand.append(row);
  if (you && you.known_cards.length) {
    hand.append(el("p", { className: "v-known", "data-testid": "v-known",
      text: g("board.known", { cards: you.known_cards.map((k) =>
        `${cardName(k.card.id)} (${ctx.colourName(k.seat)})`).join(", ") }) }));
  }

  // The choices: few moves as buttons; many as a card picker and groups by kind.
  choices.replaceChildren();
  if (!all.length) return;
  if (all.length <= FLAT_MAX) {
    choices.append(el("div", { className: "choices" }, ...all.map((m) => moveButton(m, ctx.act, disabled))));
    return;
  }
  const inHand = new Set(cards.map((c) => c.id));
  const other = [...byCard.keys()].filter((id) => !inHand.has(id));
  if (other.length) {
    // Cards that are not in the hand but can be taken or acted on (the House of the King).
    const picks = el("div", { className: "v-cards v-other-cards" });
    for (const id of other) {
      const tile = el("button", { type: "button", className: `v-card v-playable${state.card === id ? " v-picked" : ""}`,
        "data-testid": "v-other-card", "aria-pressed": String(state.card === id), onclick: () => pick(id) },
      el("span", { className: "v-card-name", text: cardName(id) }),
      el("span", { className: "v-card-moves", text: g("board.moves", { n: byCard.get(id).length }) }));
      picks.append(tile);
    }
    choices.append(el("h3", { text: g("board.other_cards") }), picks);
  }
  if (state.card !== null) {
    const list = byCard.get(state.card);
    choices.append(el("section", { className: "v-picked-moves", "data-testid": "v-card-moves" },
      el("h3", { text: g("board.with_card", { card: cardName(state.card) }) }),
      el("div", { className: "choices" }, ...list.map((m) => moveButton(m, ctx.act, disabled)))));
  } else if (byCard.size) {
    choices.append(el("p", { className: "hint", text: g("board.pick_card") }));
  }
  for (const [group, list] of byKind) {
    // A short group, the only one (choosing a courtier) or one opened before starts open.
    const open = list.length <= FLAT_MAX || (byKind.size === 1 && !byCard.size) || state.open.has(group);
    const box = el("details", { className: "v-group", "data-testid": "v-group" },
      el("summary", { text: `${group} (${list.length})` }),
      el("div", { className: "choices" }, ...list.map((m) => moveButton(m, ctx.act, disabled))));
    box.open = open;
    box.addEventListener("toggle", () => {
      if (box.open) state.open.add(group); else state.open.delete(group);
    });
    choices.append(box);
  }
}
