// Versailles 1682's tokens a player reads often, drawn as icons of their own (the same in
// every language): a courtier's standing with the King and with the Queen, the party, the
// income and the fortune in livres, the cards in hand. Each stands beside the words of the
// fact it marks, which name it for a screen reader, and is hidden from assistive technology.

import { svg } from "../../dom.js";

const INK = "#3b2a14";
const GOLD = "#e0ac2b";

function icon(kind, parts) {
  const node = svg("svg", { class: `icon v-icon v-icon-${kind}`, viewBox: "0 0 24 24",
    focusable: "false", "aria-hidden": "true", "data-icon": kind });
  node.append(...parts);
  return node;
}

const path = (d, fill, extra = {}) => svg("path", { d, fill, ...extra });

const DRAW = {
  /** The King: a closed crown with a fleur-de-lis. */
  king: () => [
    path("M4.5 18 L3.8 9 L8.2 12.4 L12 7.4 L15.8 12.4 L20.2 9 L19.5 18 Z", GOLD, { stroke: INK, "stroke-width": 1 }),
    path("M4.5 18.6 H19.5 V20.6 H4.5 Z", GOLD, { stroke: INK, "stroke-width": 1 }),
    path("M12 2.6 C11 4 11.2 5 12 6 C12.8 5 13 4 12 2.6 Z", "#2f5fa8")],
  /** The Queen: a tiara of pearls. */
  queen: () => [
    path("M4 17.5 C6 11 18 11 20 17.5 Z", "#c9a0dc", { stroke: INK, "stroke-width": 1 }),
    path("M4 18 H20 V20 H4 Z", GOLD, { stroke: INK, "stroke-width": 1 }),
    ...[[6.3, 13.2], [9, 10.6], [12, 9.4], [15, 10.6], [17.7, 13.2]].map(([cx, cy]) =>
      svg("circle", { cx, cy, r: 1.5, fill: "#fffaf0", stroke: INK, "stroke-width": 0.8 }))],
  /** The party: a banner on its staff. */
  party: () => [
    path("M6 3 V21", "none", { stroke: INK, "stroke-width": 1.8, "stroke-linecap": "round" }),
    path("M6.8 4 H19 L16 8.5 L19 13 H6.8 Z", "#b3282d", { stroke: INK, "stroke-width": 1 })],
  /** Livres: a stack of coins. */
  livres: () => [
    ...[17, 13.5, 10].map((y) => path(`M5 ${y} a7 2.6 0 0 0 14 0 v2.2 a7 2.6 0 0 1 -14 0 Z`, GOLD, { stroke: "#8a6410", "stroke-width": 0.9 })),
    svg("ellipse", { cx: 12, cy: 10, rx: 7, ry: 2.6, fill: "#f1c232", stroke: "#8a6410", "stroke-width": 0.9 })],
  /** Income: a coin coming in (an arrow onto a coin). */
  income: () => [
    svg("circle", { cx: 12, cy: 15, r: 6.2, fill: GOLD, stroke: "#8a6410", "stroke-width": 1 }),
    path("M12 2.5 V8.5 M9.2 6 L12 8.8 L14.8 6", "none", { stroke: INK, "stroke-width": 1.7, "stroke-linecap": "round", "stroke-linejoin": "round" })],
  /** Cards in hand: two cards fanned. */
  hand: () => [
    svg("rect", { x: 4, y: 5, width: 10, height: 14, rx: 1.5, fill: "#fffdf6", stroke: INK, "stroke-width": 1, transform: "rotate(-12 9 12)" }),
    svg("rect", { x: 10, y: 5, width: 10, height: 14, rx: 1.5, fill: "#fffdf6", stroke: INK, "stroke-width": 1, transform: "rotate(10 15 12)" })],
};

/** The icon of `kind`: king, queen, party, livres, income or hand. */
export function factIcon(kind) {
  return icon(kind, DRAW[kind]());
}
