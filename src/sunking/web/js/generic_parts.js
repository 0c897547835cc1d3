// Pieces of the generic screen (generic.js): a card with its printed facts, the players
// table and the final table, all from the described board.

import { withProps as el } from "./dom.js";
import { t } from "./i18n.js";
import { seatBadges } from "./seat_badges.js";

/** A new element with properties (className, textContent, type, …) set. */
export { el };

function factList(facts) {
  const list = el("dl", { className: "gfacts" });
  for (const fact of facts || []) {
    list.append(el("dt", { textContent: fact.label }), el("dd", { textContent: fact.value }));
  }
  return list;
}

/** A card as the board describes it: its name, its kind and the facts printed on it. */
export function cardElement(card) {
  const box = el("div", { className: "gcard" });
  box.dataset.key = card.key || "";
  // A card is a list of its printed facts under its name: a group named by the card.
  box.setAttribute("role", "group");
  box.setAttribute("aria-label", card.name);
  box.append(el("div", { className: "gcard-name", textContent: card.name }));
  if (card.kind) box.append(el("div", { className: "gcard-kind", textContent: card.kind }));
  if ((card.facts || []).length) box.append(factList(card.facts));
  return box;
}

/**
 * The players: name (you and whose turn marked, away, offline, turn clock), their public
 * facts, their score. `ctx` is the page's context (seatInfo, mode).
 */
export function playersTable(board, ctx) {
  const wrap = el("div", { className: "table-scroll" });
  const table = el("table", { className: "table generic-players" });
  table.dataset.testid = "players";
  const body = el("tbody");
  for (const row of board.players || []) {
    const tr = el("tr");
    if (row.to_move) tr.className = "your-turn";
    const name = el("th", { scope: "row" });
    name.append(el("span", { className: `seat-swatch colour-${row.seat < 4 ? row.seat : "neutral"}` }),
      document.createTextNode(` ${row.name}`));
    if (row.you) name.append(el("span", { className: "hint", textContent: ` (${t("generic.you")})` }));
    if (row.to_move) name.append(el("span", { className: "to-move", textContent: ` · ${t("generic.to_move")}` }));
    for (const mark of seatBadges(ctx.seatInfo(row.seat), ctx.mode)) name.append(" ", mark);
    const facts = el("td", { className: "generic-facts" });
    facts.append(factList(row.facts));
    const score = el("td", { className: "generic-score" });
    if (row.score !== null && row.score !== undefined) {
      score.append(el("span", { className: "stat-label", textContent: t("generic.score") }),
        el("span", { className: "stat-value", textContent: String(row.score) }));
    }
    tr.append(name, facts, score);
    body.append(tr);
  }
  table.append(body);
  wrap.append(table);
  return wrap;
}

/**
 * The final table: the board's result ({text, rows: [{seat, name, score, rank, winner}]}),
 * else the match result's scores with the players' names, best first. `outcome: false` leaves
 * out its title and the result's sentence (when the page shows them already).
 */
export function finalTable(mv, board, { outcome = true } = {}) {
  const names = new Map((board.players || []).map((p) => [p.seat, p.name]));
  let rows;
  if (board.result && Array.isArray(board.result.rows)) {
    rows = board.result.rows;
  } else {
    const result = mv.result || { scores: [], winners: [] };
    const winners = new Set(result.winners || []);
    rows = (result.scores || []).map((score, seat) => ({
      seat, name: names.get(seat) || "", score: String(score), winner: winners.has(seat),
    }));
    rows.sort((a, b) => Number(b.winner) - Number(a.winner) || Number(b.score) - Number(a.score));
    rows.forEach((row, i) => { row.rank = i + 1; });
  }
  const box = el("div", { className: "generic-final" });
  box.dataset.testid = "final-table";
  if (outcome) box.append(el("h2", { textContent: t("generic.final") }));
  if (outcome && board.result && board.result.text) {
    box.append(el("p", { className: "final-text", textContent: board.result.text }));
  }
  const table = el("table", { className: "table" });
  const head = el("tr");
  for (const key of ["generic.rank", "generic.player", "generic.score"]) {
    head.append(el("th", { textContent: t(key) }));
  }
  table.append(el("thead"));
  table.tHead.append(head);
  const body = el("tbody");
  for (const row of rows) {
    const tr = el("tr");
    if (row.winner) tr.className = "your-turn";
    const name = el("td", { textContent: row.name });
    if (row.winner) name.append(el("span", { className: "hint", textContent: ` · ${t("generic.winner")}` }));
    tr.append(el("td", { textContent: String(row.rank ?? "") }), name,
      el("td", { textContent: String(row.score ?? "") }));
    body.append(tr);
  }
  table.append(body);
  box.append(table);
  for (const section of (board.result && board.result.scoring) || []) box.append(scoringTable(section));
  for (const note of (board.result && board.result.notes) || []) {
    box.append(el("p", { className: "hint", textContent: note }));
  }
  return box;
}

/** One of the game's scoring tables: a labelled line per part, a column per player. */
function scoringTable(section) {
  const table = el("table", { className: "table scoring-table" });
  table.dataset.testid = "scoring-table";
  table.append(el("caption", { textContent: section.title }));
  const head = el("tr");
  head.append(el("th"));
  for (const name of section.columns) head.append(el("th", { scope: "col", textContent: name }));
  table.append(el("thead"));
  table.tHead.append(head);
  const body = el("tbody");
  for (const line of section.lines) {
    const tr = el("tr", { className: line.total ? "total" : "" });
    tr.append(el("th", { scope: "row", textContent: line.label }));
    for (const value of line.values) tr.append(el("td", { textContent: value }));
    body.append(tr);
  }
  table.append(body);
  const scroll = el("div", { className: "table-scroll" });
  scroll.append(table);
  return scroll;
}
