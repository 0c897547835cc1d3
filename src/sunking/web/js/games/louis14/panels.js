// The side panels: your own hand and holdings, and every player's public state.

import { t } from "../../i18n.js";
import { seatBadges } from "../../seat_badges.js";
import { COMPONENTS } from "./components.js";
import { chipBadge, el } from "./dom.js";
import { blazonIcon, chipIcon, coinIcon, stoneIcon } from "./icons.js";
import {
  blazonName, cardLabel, cardName, chipName, deckName, mission, missionText, missionTitle, needsText,
  tileLabel, tileName,
} from "./labels.js";

/** A mission card: deck colour, the chips it needs and its reward. */
export function missionCard(id, { used = false, extra = {} } = {}) {
  const m = mission(id);
  const facts = [missionTitle(id), deckName(m.deck), needsText(id), missionText(id)];
  if (used) facts.push(t("louis14.you.used"));
  return el("div", { className: `mission deck-${m.deck}${used ? " used" : ""}`,
    title: `${deckName(m.deck)} · ${needsText(id)}\n${missionText(id)}`, "data-mission": id,
    role: "img", "aria-label": facts.join(" · "), ...extra },
  el("div", { className: "mission-needs" },
    ...m.needs.map((c) => (c === "?" ? el("span", { className: "chip chip-any", role: "img",
      title: t("louis14.chip.any"), "aria-label": t("louis14.chip.any") }, chipIcon("?"))
      : chipBadge(c, undefined, chipName(c))))),
  el("div", { className: "mission-title", text: missionTitle(id) }),
  used ? el("div", { className: "mission-used", text: t("louis14.you.used") }) : null);
}

function stat(label, value, extra = {}, picture = null) {
  return el("div", { className: "stat", ...extra },
    el("span", { className: "stat-label", text: label }),
    el("span", { className: "stat-value" }, picture, String(value)));
}

function chipsRow(chips) {
  return el("div", { className: "chips" },
    ...COMPONENTS.chips.filter((c) => chips[c] > 0).map((c) => chipBadge(c, chips[c], chipName(c))));
}

/**
 * Your holdings. `select` is {enabled: Set<number> of cards, chosen: number|null,
 * onCard(card)} while you are choosing a card to play.
 */
export function drawYou(host, view, ctx, select) {
  host.replaceChildren();
  const you = view.you;
  if (!you) {
    host.append(el("h2", { id: "l14-you-title", text: t("louis14.you.spectator") }),
      el("p", { className: "hint", text: t("louis14.you.spectator_hint") }));
    return;
  }
  const me = view.players[you.seat];
  host.append(el("h2", { id: "l14-you-title" },
    el("span", { className: `seat-swatch ${ctx.colourClass(you.seat)}` }),
    document.createTextNode(` ${t("louis14.you.title", { player: ctx.colourName(you.seat) })}`)));
  host.append(el("div", { className: "stats" },
    stat(t("louis14.you.money"), me.money, { "data-testid": "you-money" }, coinIcon()),
    stat(t("louis14.you.personal"), me.personal, {}, stoneIcon(ctx.colourClass(you.seat))),
    stat(t("louis14.you.general"), me.general, {}, stoneIcon(ctx.colourClass(you.seat))),
    stat(t("louis14.you.on_court"), me.on_court, {}, stoneIcon(ctx.colourClass(you.seat))),
    stat(t("louis14.you.blazons"), me.blazons, { "data-testid": "you-blazons" }, blazonIcon(null))));
  host.append(el("h3", { text: t("louis14.you.chips") }),
    me.chips && Object.values(me.chips).some((n) => n > 0) ? chipsRow(me.chips)
      : el("p", { className: "hint", text: t("louis14.you.none") }));

  // Influence cards: buttons while a card is to be chosen.
  const hand = you.influence_hand;
  host.append(el("h3", { text: t("louis14.you.influence_hand", { n: hand.length }) }));
  const cards = el("div", { className: "hand", "data-testid": "hand" });
  hand.forEach((card, i) => {
    const enabled = select && select.enabled.has(card);
    const chosen = select && select.chosen === card && select.chosenIndex === i;
    const button = el("button", {
      type: "button",
      className: `hand-card${card === 0 ? " joker" : ""}${enabled ? " selectable" : ""}${chosen ? " chosen" : ""}`,
      "data-card": card,
      title: cardLabel(card),
      "aria-label": cardLabel(card),
      "aria-pressed": select ? String(Boolean(chosen)) : null,
      disabled: !enabled,
    },
    el("span", { className: "card-number", text: card === 0 ? "?" : String(card) }),
    el("span", { className: "card-name", text: cardName(card) }));
    if (enabled) button.addEventListener("click", () => select.onCard(card, i));
    cards.append(button);
  });
  if (!hand.length) cards.append(el("p", { className: "hint", text: t("louis14.you.none") }));
  host.append(cards);

  host.append(el("h3", { text: t("louis14.you.intrigue_hand") }),
    you.intrigue_hand.length
      ? el("ul", { className: "plain intrigue-hand" },
        ...you.intrigue_hand.map((tile) => el("li", { className: "intrigue-card", text: tileLabel(tile) })))
      : el("p", { className: "hint", text: t("louis14.you.none") }));

  host.append(el("h3", { text: t("louis14.you.missions") }),
    you.missions.length
      ? el("div", { className: "missions" }, ...you.missions.map((id) => missionCard(id)))
      : el("p", { className: "hint", text: t("louis14.you.none") }));
  if (me.laid_missions.length) {
    host.append(el("h3", { text: t("louis14.you.laid") }),
      el("div", { className: "missions" },
        ...me.laid_missions.map((id) => missionCard(id, { used: me.used_missions.includes(id) }))));
  }
  const kinds = you.blazon_kinds || [];
  if (kinds.some((k) => k > 0) || you.kindless_blazons) {
    host.append(el("h3", { text: t("louis14.you.blazon_kinds") }),
      el("div", { className: "blazons", "data-testid": "blazon-kinds" },
        ...kinds.map((k, i) => (k ? blazonCount(blazonIcon(i), blazonName(i), k, `blazon-${i}`) : null)),
        you.kindless_blazons ? blazonCount(blazonIcon(null), t("louis14.blazon.kindless"),
          you.kindless_blazons, "blazon-none") : null));
  }
}

/** A kind's blazons: its icon and how many, named for a screen reader ("lily blazon: 2"). */
function blazonCount(picture, name, n, cls) {
  const label = t("louis14.icon.count", { name, n });
  return el("span", { className: `blazon ${cls}`, role: "img", title: label, "aria-label": label },
    picture, el("span", { className: "blazon-count", "aria-hidden": "true", text: `×${n}` }));
}

/** Whose turn it is and who is still to act in this phase. */
export function leftToAct(view) {
  const n = view.num_players;
  const order = Array.from({ length: n }, (_, i) => (view.start_player + i) % n);
  if (view.phase === "influence") {
    return order.filter((p) => view.players[p].influence_cards >= 2);
  }
  if (view.phase === "missions" && view.to_move !== null && view.to_move !== undefined) {
    const at = order.indexOf(view.to_move);
    return order.slice(at).filter((p) => Object.values(view.players[p].chips).some((k) => k > 0));
  }
  return [];
}

/** Every player's public state, one row each. */
export function drawPlayers(host, view, ctx) {
  host.replaceChildren(el("h2", { id: "l14-players-title", text: t("louis14.players.title") }));
  const toMove = view.to_move;
  const waiting = new Set(leftToAct(view));
  // Explicit roles: on a phone the rows are laid out as stacked cards (CSS), which must not
  // cost the table its meaning for a screen reader; each cell carries its column's name.
  const table = el("table", { className: "table players-table", role: "table" });
  const heads = [
    [t("louis14.players.player"), ""],
    [t("louis14.players.money"), t("louis14.you.money")],
    [t("louis14.players.stones"), t("louis14.players.stones_title")],
    [t("louis14.players.chips"), ""],
    [t("louis14.players.blazons"), ""],
    [t("louis14.players.cards"), t("louis14.players.cards_title")],
    [t("louis14.players.missions"), t("louis14.players.missions_title")],
  ];
  table.append(el("thead", { role: "rowgroup" }, el("tr", { role: "row" },
    ...heads.map(([text, title]) => el("th", { role: "columnheader", text, ...(title ? { title } : {}) })))));
  const cell = (column, attrs, ...children) =>
    el("td", { role: "cell", "data-label": heads[column][0], ...attrs }, ...children);
  const body = el("tbody", { role: "rowgroup" });
  for (const p of view.players) {
    const seat = p.seat;
    const info = ctx.seatInfo(seat);
    const marks = [];
    if (seat === toMove) marks.push(el("span", { className: "badge turn", text: t("louis14.players.to_move") }));
    else if (waiting.has(seat)) marks.push(el("span", { className: "badge waiting", text: t("louis14.players.still_to_play") }));
    if (seat === view.start_player) marks.push(el("span", { className: "badge start", title: t("louis14.players.start_player"), text: "★" }));
    marks.push(...seatBadges(info, ctx.mode));
    const row = el("tr", { role: "row", className: `${seat === toMove ? "to-move" : ""}${ctx.seat === seat ? " me" : ""}`,
      "data-seat": seat },
    cell(0, { className: "player-cell" },
      el("span", { className: "player-line" },
        el("span", { className: `seat-swatch ${ctx.colourClass(seat)}`, "data-flow-source": `stones:${seat}` }),
        el("span", { className: "player-name", text: ctx.colourName(seat) })),
      ...marks),
    cell(1, { "data-flow": `louis:${seat}`, "data-count": p.money }, coinIcon(), String(p.money)),
    cell(2, { text: `${p.personal} / ${p.general} / ${p.on_court}` }),
    cell(3, {}, chipsRow(p.chips)),
    cell(4, {}, blazonIcon(null), String(p.blazons)),
    cell(5, { text: `${p.influence_cards} / ${p.intrigue_cards}` }),
    cell(6, {},
      el("span", { className: "deck-counts", title: t("louis14.players.missions_title"),
        text: COMPONENTS.decks.map((d) => p.missions_in_hand[d]).join("/") }),
      el("span", { className: "laid-list" },
        ...p.laid_missions.map((id) => el("span", {
          className: `laid deck-${mission(id).deck}${p.used_missions.includes(id) ? " used" : ""}`,
          title: `${missionTitle(id)}: ${missionText(id)}`, role: "img", "aria-label": missionTitle(id) })))));
    body.append(row);
  }
  table.append(body);
  host.append(el("div", { className: "table-scroll" }, table),
    el("p", { className: "hint players-legend", "data-testid": "players-legend",
      text: t("louis14.players.legend") }));

  // The supply: decks, money cards, Louis XIV.
  const s = view.supply;
  host.append(el("div", { className: "supply" },
    el("span", { text: t("louis14.supply.influence_deck", { n: s.influence_deck }) }),
    el("span", { text: t("louis14.supply.intrigue_deck", { n: s.intrigue_deck }) }),
    ...(view.intrigue_deck_known || []).map((k) => el("span", { "data-testid": "intrigue-known",
      text: t("louis14.supply.intrigue_known", { card: tileLabel(k.card), n: k.depth + 1, total: s.intrigue_deck }) })),
    el("span", { text: t("louis14.supply.mission_decks", {
      light: s.mission_decks.light, medium: s.mission_decks.medium, dark: s.mission_decks.dark }) }),
    el("span", { text: t("louis14.supply.blazons", { n: s.blazons }) }),
    view.louis_tile ? el("span", { text: t("louis14.supply.louis", { tile: tileName(view.louis_tile) }) }) : null));
}
