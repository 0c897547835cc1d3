// The court of Versailles 1682 drawn by us: the King and the Queen, where the court is, the
// wars and the War Minister's box, the Talon and the House of the King (an SVG drawn at its
// own size, never scaled down), then each family's tableau: the courtier, the form of address,
// standings, titles, dignities, offices, letters patent, spouse, the Bastille or exile, the
// fortune toward the target. Families the last move changed are marked.

import { factIcon } from "./icons.js";
import { cardName, el, g, livres, svg } from "./words.js";

const COURT_W = 300;
const COURT_H = 100;
const KIND_CLASS = {
  title: "v-title", marshal: "v-dignity", pension: "v-pension", office: "v-office",
  letters_patent: "v-letters", war_against: "v-war", war_won: "v-war", war_lost: "v-war",
  event: "v-event",
};

/** A royal's medallion: crowned, crossed out when dead, marked when the Queen is Regent. */
function royal(x, who, state, testid) {
  const group = svg("g", { className: `v-royal v-royal-${state}`, "data-testid": testid });
  group.append(
    svg("circle", { cx: x, cy: 34, r: 22, className: "v-medal" }),
    svg("path", { d: `M${x - 12} 30 l4 -12 l8 8 l8 -8 l4 12 z`, className: "v-crown" }),
    svg("text", { x, y: 70, "text-anchor": "middle", className: "v-label", text: g(`fact.${who}`) }),
    svg("text", { x, y: 86, "text-anchor": "middle", className: "v-value",
      text: g(`royal_state.${state}`) }));
  if (state === "dead") {
    group.append(svg("line", { x1: x - 18, y1: 16, x2: x + 18, y2: 52, className: "v-cross" }));
  }
  return group;
}

/** The court's facts beside the drawing: the wars, the War Minister's box, the Talon and the
 * target. */
export function drawCourtFacts(node, view, lang) {
  const wars = view.wars.length ? view.wars.map((w) => g(`word.${w}`)).join(", ") : g("board.peace");
  node.replaceChildren(
    el("li", { "data-testid": "v-wars", text: `${g("board.wars")}: ${wars}` }),
    el("li", { "data-testid": "v-box", text: g("board.box", { n: view.war_minister_box.length }) }),
    el("li", { "data-testid": "v-talon", text: g("board.talon", { n: view.talon }) }),
    el("li", { text: g("board.target", { amount: livres(view.target, lang) }) }));
  if (view.regency_until_round) {
    node.append(el("li", { text: g("board.regency", { round: view.regency_until_round }) }));
  }
}

/** The court drawn: the royals and where the court is. */
export function drawCourtHeader(node, view) {
  node.replaceChildren();
  node.setAttribute("viewBox", `0 0 ${COURT_W} ${COURT_H}`);
  node.setAttribute("width", String(COURT_W));
  node.setAttribute("height", String(COURT_H));
  node.setAttribute("role", "img");
  node.setAttribute("aria-label", [g("board.court"),
    `${g("fact.king")}: ${g(`royal_state.${view.king}`)}`, `${g("fact.queen")}: ${g(`royal_state.${view.queen}`)}`,
    `${g("fact.court")}: ${g(`place.${view.court}`)}`].join(" · "));
  node.append(svg("rect", { x: 1, y: 1, width: COURT_W - 2, height: COURT_H - 2, rx: 10,
    className: "v-court-bg" }));
  node.append(royal(36, "king", view.king, "v-king"), royal(112, "queen", view.queen, "v-queen"));
  const place = svg("g", { className: `v-place v-place-${view.court}`, "data-testid": "v-place" });
  place.append(
    svg("text", { x: 162, y: 26, className: "v-label", text: g("fact.court") }),
    svg("text", { x: 162, y: 44, className: "v-big", text: g(`place.${view.court}`) }));
  node.append(place);
  return node;
}

/** A card as we draw it: a framed tile coloured by kind, named in the reader's language. */
export function cardTile(card, attrs = {}) {
  const kind = KIND_CLASS[card.kind] || "v-event";
  // Named by its print, its name first; a picture unless the caller makes it a button.
  return el("span", { className: `v-card ${kind}`, title: g(`kind.${card.kind}`),
    "data-card": String(card.id), role: "img", "aria-label": `${cardName(card.id)} · ${g(`kind.${card.kind}`)}`, ...attrs },
  el("span", { className: "v-card-kind", text: g(`kind.${card.kind}`) }),
  el("span", { className: "v-card-name", text: cardName(card.id) }));
}

/** The cards of a zone (the House, the box) in a labelled row. */
export function cardRow(title, cards, testid) {
  return el("div", { className: "v-row", "data-testid": testid },
    el("h3", { text: title }),
    cards.length ? el("div", { className: "v-cards" }, ...cards.map((c) => cardTile(c)))
      : el("p", { className: "hint", text: g("board.none") }));
}

function standing(value) {
  return value === null || value === undefined ? "–" : (value > 0 ? `+${value}` : String(value));
}

/** One family's tableau. */
function family(c, view, ctx, changed) {
  const who = ctx.colourName(c.seat);
  const classes = ["v-family", ctx.colourClass(c.seat)];
  if (c.seat === ctx.seat) classes.push("v-mine");
  if (changed.has(c.seat)) classes.push("v-moved");
  if (view.decision && view.decision.seat === c.seat) classes.push("v-to-move");
  const badges = [];
  if (view.steward === c.seat) badges.push(g("board.steward"));
  if (c.place !== "court") badges.push(g(`status.${c.place}`));
  if (view.favourite === c.seat) badges.push(g("board.favourite"));
  if (view.queens_lover === c.seat) badges.push(g("board.lover"));
  if (view.secret_wife === c.seat) badges.push(g("board.secret_wife"));
  if (c.awaiting_heir) badges.push(g("board.heir"));
  const courtier = c.family ? `${c.given_name || ""} ${c.family}`.trim() : g("board.no_courtier");
  const share = Math.max(0, Math.min(1, c.fortune / Math.max(1, view.target)));
  const bar = svg("svg", { viewBox: "0 0 100 8", preserveAspectRatio: "none", className: "v-bar",
    "aria-hidden": "true" },
  svg("rect", { x: 0, y: 0, width: 100, height: 8, className: "v-bar-bg" }),
  svg("rect", { x: 0, y: 0, width: Math.round(share * 100), height: 8, className: "v-bar-fill" }));
  const fact = (kind, label) => el("dt", {}, factIcon(kind), label);
  const facts = el("dl", { className: "v-facts" },
    fact("king", g("fact.standing_king")), el("dd", { text: standing(c.king_standing) }),
    fact("queen", g("fact.standing_queen")), el("dd", { text: standing(c.queen_standing) }),
    fact("party", g("fact.party")), el("dd", { text: c.party ? g(`word.${c.party}`) : "–" }),
    fact("income", g("fact.income")), el("dd", { text: livres(c.income, ctx.lang) }),
    fact("hand", g("fact.hand")), el("dd", { text: String(c.hand_size) }));
  if (c.spouse !== null && c.spouse !== undefined) {
    facts.append(el("dt", { text: g("board.spouse") }), el("dd", { text: ctx.colourName(c.spouse) }));
  }
  return el("article", { className: classes.join(" "), "data-testid": `v-family-${c.seat}`,
    "aria-label": c.family ? `${who} · ${courtier}` : who },
    el("header", { className: "v-family-head" },
      el("strong", { text: who }),
      el("span", { className: "v-courtier", text: courtier }),
      ...badges.map((b) => el("span", { className: "v-badge", text: b }))),
    c.address ? el("p", { className: "v-address", text: c.address }) : null,
    el("div", { className: "v-fortune", "data-testid": `v-fortune-${c.seat}` },
      el("span", {}, factIcon("livres"), `${livres(c.fortune, ctx.lang)} / ${livres(view.target, ctx.lang)}`), bar),
    facts,
    c.cards.length ? el("div", { className: "v-cards" }, ...c.cards.map((card) => cardTile(card)))
      : null);
}

/** Every family's tableau, the Bastille and exile marked on each. */
export function drawFamilies(node, view, ctx, changed) {
  node.replaceChildren(...view.courtiers.map((c) => family(c, view, ctx, changed)));
}
