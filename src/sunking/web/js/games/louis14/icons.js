// Louis XIV's tokens drawn as icons of their own, the same in every language: the five chips
// (crown, sceptre, helmet, ring, letter) on their coloured hexagons, the six kinds of blazon
// (a shield each, told apart by its charge and colours: lily, tower, star, crescent, sun,
// cross), a blazon of no kind, the louis d'or and a stone in a seat's colour. An icon with a
// `label` is an image named by it for a screen reader; without one it stands beside words
// that say the same and is hidden from assistive technology.

import { svg } from "../../dom.js";

const INK = "#3b2a14";

function icon(kind, label, parts) {
  const node = svg("svg", { class: `icon icon-${kind}`, viewBox: "0 0 24 24", focusable: "false",
    "data-icon": kind, ...(label ? { role: "img", "aria-label": label } : { "aria-hidden": "true" }) });
  if (label) node.append(svg("title", {}, label));
  node.append(...parts);
  return node;
}

const HEXAGON = "12,1 22,6.5 22,17.5 12,23 2,17.5 2,6.5";
const line = (d, width = 1.6) => svg("path", { d, fill: "none", stroke: INK, "stroke-width": width,
  "stroke-linecap": "round", "stroke-linejoin": "round" });
const shape = (d, fill = INK) => svg("path", { d, fill });

/** Each chip's pictogram, drawn over its hexagon. */
const CHIP_PARTS = {
  C: () => [shape("M5.5 16.5 L5 8.5 L8.8 11.8 L12 6.5 L15.2 11.8 L19 8.5 L18.5 16.5 Z"),
    shape("M5.5 17.6 H18.5 V19 H5.5 Z")],
  S: () => [line("M7.5 18.5 L14.8 8.8", 2.2), svg("circle", { cx: 16, cy: 7.2, r: 2.6, fill: INK }),
    line("M16 3.6 V4.6 M15.2 4.1 H16.8", 1.2)],
  H: () => [shape("M6 18 V11.5 A6 6 0 0 1 18 11.5 V18 Z"),
    svg("path", { d: "M8 13 H16", stroke: "#f3e7c9", "stroke-width": 1.4, "stroke-linecap": "round" }),
    line("M12 5.6 C13.5 3.8 15.5 3.6 17 4.4", 1.4)],
  R: () => [svg("circle", { cx: 12, cy: 14.5, r: 4.6, fill: "none", stroke: INK, "stroke-width": 2 }),
    shape("M12 4.5 L14.6 7.6 L12 10.2 L9.4 7.6 Z", "#7a2a8a")],
  L: () => [svg("rect", { x: 4.5, y: 7.5, width: 15, height: 10, rx: 1, fill: "#fffaf0", stroke: INK, "stroke-width": 1.4 }),
    line("M4.8 8 L12 13 L19.2 8", 1.3), svg("circle", { cx: 12, cy: 14.4, r: 1.8, fill: "#a32020" })],
};

/** A chip's icon (`code` one of C S H R L, or "?" for any chip). */
export function chipIcon(code, label = "") {
  if (code === "?") {
    return icon("chip-any", label, [
      svg("polygon", { points: HEXAGON, fill: "#fff", stroke: INK, "stroke-width": 1.2, "stroke-dasharray": "2.5 1.8" }),
      svg("text", { x: 12, y: 17, "text-anchor": "middle", "font-size": 14, "font-weight": 700, fill: INK }, "?")]);
  }
  return icon(`chip-${code}`, label, [
    svg("polygon", { points: HEXAGON, class: "chip-field", stroke: "rgba(0,0,0,.35)", "stroke-width": 0.8 }),
    ...CHIP_PARTS[code]()]);
}

const SHIELD = "M4 3 H20 V11 C20 16.5 16.5 20 12 22 C7.5 20 4 16.5 4 11 Z";
const GOLD = "#f1c232";
const SILVER = "#f4f1ea";

/** Each blazon kind: its field's colour and its charge. */
const BLAZONS = [
  { field: "#2f5fa8", charge: () => [  // lily
    shape("M12 5.5 C10.2 8.4 10.6 10.6 12 12.6 C13.4 10.6 13.8 8.4 12 5.5 Z", GOLD),
    shape("M11.4 13.6 C9.6 10.8 6.6 10.9 7.2 13.4 C8.2 12.6 9.6 12.9 10.6 14.2 Z", GOLD),
    shape("M12.6 13.6 C14.4 10.8 17.4 10.9 16.8 13.4 C15.8 12.6 14.4 12.9 13.4 14.2 Z", GOLD),
    shape("M8.8 14 H15.2 V15.4 H8.8 Z", GOLD), shape("M11.1 15.4 L12 18.6 L12.9 15.4 Z", GOLD)] },
  { field: "#b3282d", charge: () => [  // tower
    shape("M8.3 9.2 V6.4 H9.9 V7.6 H11.2 V6.4 H12.8 V7.6 H14.1 V6.4 H15.7 V9.2 L14.9 10 V17.4 H9.1 V10 Z", SILVER),
    shape("M11 17.4 V14.6 A1 1 0 0 1 13 14.6 V17.4 Z", "#5a1414")] },
  { field: "#2e7d4f", charge: () => [  // star
    shape("M12 5.6 L13.7 10.2 L18.5 10.3 L14.7 13.2 L16.1 17.9 L12 15.1 L7.9 17.9 L9.3 13.2 L5.5 10.3 L10.3 10.2 Z", GOLD)] },
  { field: "#6b3f8f", charge: () => [  // crescent
    shape("M15.2 6.6 A6 6 0 1 0 15.2 17.6 A4.6 4.6 0 1 1 15.2 6.6 Z", SILVER)] },
  { field: "#2b2b2b", charge: () => [  // sun
    svg("circle", { cx: 12, cy: 11.8, r: 3.2, fill: GOLD }),
    svg("path", { d: "M12 5.2 V7.2 M12 16.4 V18.4 M5.4 11.8 H7.4 M16.6 11.8 H18.6 M7.3 7.1 L8.7 8.5 M15.3 15.1 L16.7 16.5 M16.7 7.1 L15.3 8.5 M8.7 15.1 L7.3 16.5",
      stroke: GOLD, "stroke-width": 1.5, "stroke-linecap": "round" })] },
  { field: "#d9a82e", charge: () => [  // cross
    shape("M10.7 5.6 H13.3 V10.5 H17.8 V13.1 H13.3 V18.6 H10.7 V13.1 H6.2 V10.5 H10.7 Z", "#a32020")] },
];

/** A blazon's icon: `kind` 0–5, or null for a blazon of no kind (the pool had run out). */
export function blazonIcon(kind, label = "") {
  const known = kind !== null && kind !== undefined && BLAZONS[kind];
  return icon(known ? `blazon-${kind}` : "blazon-none", label, [
    svg("path", { d: SHIELD, fill: known ? known.field : "#cfc6b4", stroke: INK, "stroke-width": 1.1 }),
    ...(known ? known.charge() : [])]);
}

/** The louis d'or: a gold coin with a crown. */
export function coinIcon(label = "") {
  return icon("coin", label, [
    svg("circle", { cx: 12, cy: 12, r: 10, fill: "#e0ac2b", stroke: "#8a6410", "stroke-width": 1.2 }),
    svg("circle", { cx: 12, cy: 12, r: 7.4, fill: "none", stroke: "#8a6410", "stroke-width": 0.9 }),
    shape("M8 14.6 L7.7 9.6 L10 11.6 L12 8.4 L14 11.6 L16.3 9.6 L16 14.6 Z", "#8a6410")]);
}

/** A stone of the seat whose colour class is `colourClass`. */
export function stoneIcon(colourClass, label = "") {
  const node = icon("stone", label, [
    svg("circle", { cx: 12, cy: 12, r: 8, class: "stone-face", stroke: "rgba(0,0,0,.45)", "stroke-width": 1.2 })]);
  node.classList.add(colourClass);
  return node;
}
