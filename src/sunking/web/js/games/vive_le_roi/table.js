// The Vive le Roi table: every player's power structure (attached cards under the card they
// belong to), the King beside whoever has him, the middle, the draw and discard piles, and a
// fight under way as an exchange (a duel's face-down cards as backs, an attack's or a
// bribery's batches with both sides' running totals).

import { t } from "../../i18n.js";
import { el } from "../../dom.js";
import { cardBox, face } from "./cards.js";

const KING_CARD = 6;

/** How a card on the table is drawn: active, selected, moved, clickable (from the screen). */
function boxOf(look, card, extra = {}) {
  return cardBox(look.faces, card, {
    active: look.active(card), selected: look.selected === card, moved: look.moved.has(card),
    onClick: look.active(card) ? () => look.onCard(card) : null, ...extra,
  });
}

/** One structure: its free cards, each with the cards attached to it under it. */
function structureCards(look, structure) {
  const under = new Map();
  for (const [card, onto] of structure) {
    if (onto >= 0) {
      if (!under.has(onto)) under.set(onto, []);
      under.get(onto).push(card);
    }
  }
  const row = el("div", { className: "vlr-row" });
  for (const [card, onto] of structure) {
    if (onto >= 0 && structure.some(([c]) => c === onto)) continue;
    const pile = el("div", { className: "vlr-pile" }, boxOf(look, card));
    for (const extra of under.get(card) || []) pile.append(boxOf(look, extra, { attached: true }));
    const strength = (under.get(card) || []).reduce((sum, c) => sum + face(look.faces, c).value, 0);
    if (face(look.faces, card).kind === "province") {
      pile.append(el("div", { className: "vlr-card-label", "data-testid": "garrison",
        text: t("vive_le_roi.board.garrison", { strength }) }));
    }
    row.append(pile);
  }
  return row;
}

function kingBox(look, view) {
  const words = view.king.captive ? t("vive_le_roi.word.captive") : t("vive_le_roi.word.visit");
  return boxOf(look, KING_CARD, { label: words, testid: "king" });
}

/** Every player's structure, yours first. */
export function drawStructures(host, view, board, look) {
  host.replaceChildren();
  const seats = view.players.map((p) => p.seat);
  const me = look.seat;
  if (me !== null && me !== undefined) seats.sort((a, b) => (b === me) - (a === me));
  for (const seat of seats) {
    const p = view.players[seat];
    const row = (board.players || []).find((r) => r.seat === seat) || { name: "" };
    const head = el("h3", { className: "vlr-structure-head" },
      el("span", { className: `seat-swatch colour-${seat < 4 ? seat : "neutral"}` }),
      el("span", { text: ` ${t("vive_le_roi.zone.structure", { player: row.name })}` }));
    const facts = el("div", { className: "vlr-facts" },
      el("span", { "data-testid": "score", text: t("vive_le_roi.board.score", { points: p.score }) }),
      el("span", { text: t("vive_le_roi.board.hand_size", { count: p.hand_size }) }));
    if (view.decision && view.decision.seat === seat) {
      facts.append(el("span", { className: "vlr-to-move", text: t("vive_le_roi.board.deciding") }));
    }
    const section = el("section", { className: `panel vlr-structure${view.decision && view.decision.seat === seat ? " deciding" : ""}`,
      "data-testid": "structure", "data-seat": String(seat),
      "aria-label": t("vive_le_roi.zone.structure", { player: row.name }) }, head, facts);
    const cards = structureCards(look, p.structure);
    if (view.king.seat === seat) cards.prepend(el("div", { className: "vlr-pile" }, kingBox(look, view)));
    if (p.face_down) {
      const own = look.you && look.you.seat === seat && look.you.face_down >= 0 ? look.you.face_down : null;
      const known = look.you ? (look.you.known_face_down || []).find((k) => k.seat === seat) : null;
      const card = own ?? (known ? known.card : null);
      cards.append(el("div", { className: "vlr-pile" }, card === null
        ? cardBox(look.faces, -1, { back: true, label: t("vive_le_roi.board.face_down"), testid: "face-down" })
        : cardBox(look.faces, card, { label: t("vive_le_roi.board.face_down"), testid: "face-down" })));
    }
    if (!cards.children.length) cards.append(el("p", { className: "hint", text: t("vive_le_roi.board.empty") }));
    section.append(cards);
    host.append(section);
  }
}

/** The middle, the King when nobody has him, the draw pile and the discard pile. */
export function drawMiddle(host, view, look) {
  const middle = el("div", { className: "vlr-row" });
  for (const [card] of view.middle) middle.append(boxOf(look, card));
  if (view.king.seat === null || view.king.seat === undefined) middle.append(kingBox(look, view));
  if (!middle.children.length) middle.append(el("p", { className: "hint", text: t("vive_le_roi.board.empty") }));
  const piles = el("div", { className: "vlr-row" },
    cardBox(look.faces, -1, { back: true, testid: "draw-pile",
      label: t("vive_le_roi.board.draw_pile", { count: view.draw_pile }) }));
  const top = view.discard.length ? view.discard[view.discard.length - 1] : null;
  piles.append(top === null
    ? el("div", { className: "vlr-card-label", "data-testid": "discard", text: t("vive_le_roi.board.discard", { count: 0 }) })
    : cardBox(look.faces, top, { testid: "discard", moved: look.moved.has(top),
      label: t("vive_le_roi.board.discard", { count: view.discard.length }) }));
  host.replaceChildren(
    el("section", { className: "panel vlr-middle", "data-testid": "middle", "aria-label": t("vive_le_roi.zone.middle") },
      el("h3", { text: t("vive_le_roi.zone.middle") }), middle),
    el("section", { className: "panel vlr-piles", "data-testid": "piles", "aria-label": t("vive_le_roi.board.piles") },
      el("h3", { text: t("vive_le_roi.board.piles") }), piles));
}

const DUELS = new Set(["duel_card", "duel_again"]);

/** The name of a seat as the board gives it. */
function nameOf(board, seat) {
  const row = (board.players || []).find((r) => r.seat === seat);
  return row ? row.name : "";
}

/** The duel under way: both nobles, and each side's card face down until it is revealed. */
function duelSide(view, board, look, seat, noble) {
  const p = view.players[seat];
  const side = el("div", { className: "vlr-fighter", "data-testid": "fight-side" },
    el("h4", { text: nameOf(board, seat) }), boxOf(look, noble));
  if (p && p.face_down) {
    const own = look.you && look.you.seat === seat ? look.you.face_down : -1;
    const known = look.you ? (look.you.known_face_down || []).find((k) => k.seat === seat) : null;
    const card = own >= 0 ? own : known ? known.card : -1;
    side.append(card >= 0 ? cardBox(look.faces, card, { testid: "duel-card" })
      : cardBox(look.faces, -1, { back: true, testid: "duel-back" }));
  }
  return side;
}

/** A fight under way, as an exchange; hidden when none is. */
export function drawFight(host, view, board, look) {
  const d = view.decision;
  host.replaceChildren();
  if (d && DUELS.has(d.kind)) {
    const { challenger, defender, noble, target } = d;
    host.hidden = false;
    host.setAttribute("aria-label", t("vive_le_roi.board.duel"));
    host.append(el("h3", { text: t("vive_le_roi.board.duel") }),
      el("div", { className: "vlr-exchange" }, duelSide(view, board, look, challenger, noble),
        el("div", { className: "vlr-versus", text: "⚔" }), duelSide(view, board, look, defender, target)));
    return;
  }
  const exchange = view.exchange || [];
  const batch = d && d.kind === "batch" ? d : null;
  if (!batch && !exchange.length) {
    host.hidden = true;
    return;
  }
  host.hidden = false;
  const attacker = batch ? batch.attacker : null;
  const defender = batch ? batch.defender : null;
  const target = batch ? batch.target : null;
  const attached = [];
  if (target !== null) {
    for (const p of view.players) for (const [card, onto] of p.structure) if (onto === target) attached.push(card);
  }
  const sides = [[], attached.slice()];
  for (const [card, by] of exchange) sides[by % 2].push(card);
  const totals = sides.map((cards) => cards.reduce((sum, c) => sum + face(look.faces, c).value, 0));
  const title = batch ? t(batch.fight === 0 ? "vive_le_roi.board.attack" : "vive_le_roi.board.bribery") : t("vive_le_roi.zone.exchange");
  const column = (seat, cards, total, testid) => el("div", { className: "vlr-fighter", "data-testid": testid },
    el("h4", { text: seat === null ? "" : nameOf(board, seat) }),
    el("div", { className: "vlr-total", "data-testid": `${testid}-total`, text: t("vive_le_roi.board.total", { total }) }),
    el("div", { className: "vlr-row" }, ...cards.map((c) => boxOf(look, c))));
  const row = el("div", { className: "vlr-exchange" },
    column(attacker, sides[0], totals[0], "attacker"),
    el("div", { className: "vlr-versus" }, target !== null ? boxOf(look, target) : "⚔"),
    column(defender, sides[1], totals[1], "defender"));
  host.setAttribute("aria-label", title);
  host.append(el("h3", { text: title }), row);
}

/**
 * The scoring of each round so far: a line per province scoring (after a round with a
 * Rebellion) and per final scoring with each player's points, the scores last. Hidden
 * before any.
 */
export function drawScoring(host, view, board, events) {
  const lines = [];
  let round = { round: view.round, deal: view.deal };
  for (const e of events || []) {
    if (e.type === "round") round = { round: e.round, deal: e.deal };
    else if (e.type === "province_scoring") lines.push([t("vive_le_roi.round", round), e.points]);
    else if (e.type === "final_scoring") {
      lines.push([t("vive_le_roi.board.final_scoring", { deal: round.deal }), e.rows.map((r) => r.final_scoring)]);
    }
  }
  host.hidden = !lines.length;
  if (!lines.length) {
    host.replaceChildren();
    return;
  }
  const line = (label, points, className) => el("li", { className },
    el("strong", { text: label }), el("span", { text: ` ${points.map((n, seat) => `${nameOf(board, seat)} ${n}`).join(" · ")}` }));
  host.setAttribute("aria-label", t("vive_le_roi.board.scoring"));
  host.replaceChildren(el("h3", { text: t("vive_le_roi.board.scoring") }),
    el("ul", { className: "plain vlr-scoring", "data-testid": "round-scoring" },
      ...lines.map(([label, points]) => line(label, points, "")),
      line(t("vive_le_roi.board.scores"), view.scores, "total")));
}
