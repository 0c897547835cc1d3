// Vive le Roi's cards drawn as SVG: the colour of their kind, their value, their coat of arms
// and their name in the page's language. What is printed on a card comes from the described
// board (`faces`: kind, value, arms by card id); its words from the game's catalog.

import { el, svg } from "../../dom.js";
import { t } from "../../i18n.js";
import { pressable } from "../../keep_focus.js";

export const CARD_W = 78;
export const CARD_H = 108;

/** Shrink a <text> wider than `max` once it is laid out. */
function fitLater(text, max) {
  requestAnimationFrame(() => {
    try {
      if (text.getComputedTextLength() > max) {
        text.setAttribute("textLength", String(max));
        text.setAttribute("lengthAdjust", "spacingAndGlyphs");
      }
    } catch (_) {
      // detached before it was drawn
    }
  });
}

/** The card's name in the page's language. */
export function cardName(card) {
  return t(`vive_le_roi.card.${card}`);
}

/** What is printed on `card`: {kind, value, arms} ("" arms for none). */
export function face(faces, card) {
  const f = (faces || [])[card] || ["event", 0, ""];
  return { kind: f[0], value: f[1], arms: f[2] };
}

/** Cards a player cannot tell apart (same print, same name): the same choice. */
export function twinKey(faces, card) {
  const f = face(faces, card);
  return `${f.kind}|${f.value}|${f.arms}|${cardName(card)}`;
}

/** The card's words for a tooltip and for assistive technology. */
export function cardTitle(faces, card) {
  const f = face(faces, card);
  const parts = [cardName(card), t(`vive_le_roi.kind.${f.kind}`)];
  if (f.value) parts.push(`${t("vive_le_roi.fact.value")} ${f.value}`);
  if (f.arms) parts.push(`${t("vive_le_roi.fact.arms")}: ${t(`vive_le_roi.arms.${f.arms}`)}`);
  return parts.join(" · ");
}

function nameLines(name) {
  const words = name.split(" ");
  if (name.length <= 11 || words.length === 1) return [name];
  let best = 1;
  let bestGap = Infinity;
  for (let i = 1; i < words.length; i += 1) {
    const gap = Math.abs(words.slice(0, i).join(" ").length - words.slice(i).join(" ").length);
    if (gap < bestGap) { best = i; bestGap = gap; }
  }
  return [words.slice(0, best).join(" "), words.slice(best).join(" ")];
}

/** Each coat of arms' charge, drawn the same in every language and told apart by its shape
 *  alone (never only by the shield's colour): paths in the shield's frame (x −13…13,
 *  y 0…29), filled light with a dark outline. */
const CHARGES = {
  lion: [ // a paw: a pad and four toes
    "M0 12 C5 12 7 18 5 21 C3 23 -3 23 -5 21 C-7 18 -5 12 0 12 Z",
    "M-7.5 7 a2.2 2.8 0 1 0 0.1 0 Z", "M-2.6 4 a2.2 2.8 0 1 0 0.1 0 Z",
    "M2.6 4 a2.2 2.8 0 1 0 0.1 0 Z", "M7.5 7 a2.2 2.8 0 1 0 0.1 0 Z",
  ],
  eagle: [ // spread wings, a head and a tail
    "M0 8 L-10 4 L-8 11 L-3 13 L-2 21 L-4 24 L0 22 L4 24 L2 21 L3 13 L8 11 L10 4 Z",
    "M0 3.5 a2.4 2.4 0 1 0 0.1 0 Z",
  ],
  tower: [ // a crenellated tower with a gate
    "M-7 24 V10 H-7 V6 H-4 V9 H-1.5 V6 H1.5 V9 H4 V6 H7 V24 H2 V18 C2 15 -2 15 -2 18 V24 Z",
  ],
  stag: [ // a head with branched antlers
    "M-1.5 12 L-6 3 L-4.5 2.5 L-3.5 5 L-1 2 L0 3 L-2.5 7 L0 11 L2.5 7 L0 3 L1 2 L3.5 5 L4.5 2.5 L6 3 L1.5 12 Z",
    "M0 11 C4 11 4 18 1.5 24 H-1.5 C-4 18 -4 11 0 11 Z",
  ],
  star: ["M0.0 5.5 L2.0 10.7 L7.6 11.0 L3.2 14.6 L4.7 20.0 L0.0 16.9 L-4.7 20.0 L-3.2 14.6 L-7.6 11.0 L-2.0 10.7 Z"],
  sword: [ // a blade point up, a cross-guard, a grip and a pommel
    "M0 2 L2 5 V17 H-2 V5 Z", "M-7 17 H7 V19.5 H-7 Z", "M-1.2 19.5 H1.2 V24 H-1.2 Z",
    "M0 24 a1.8 1.8 0 1 0 0.1 0 Z",
  ],
  fleur_de_lis: [ // three petals bound by a band
    "M0 3 C4 7 4 12 0 16.5 C-4 12 -4 7 0 3 Z",
    "M-1.5 16 C-7 17 -10 11 -7 7.5 C-6.5 11 -4.5 13 -1.5 13.5 Z",
    "M1.5 16 C7 17 10 11 7 7.5 C6.5 11 4.5 13 1.5 13.5 Z",
    "M-6 16.5 H6 V19 H-6 Z", "M-1.5 19 L-4.5 24 H4.5 L1.5 19 Z",
  ],
};

/** The coat of arms `arms` as an SVG group at (x, y): the shield in the arms' colour and
 *  its charge (its name in the page's language as the group's title). */
export function armsSvg(arms, x, y) {
  const g = svg("g", { class: `vlr-arms vlr-arms-${arms}`, transform: `translate(${x} ${y})`,
    "data-arms": arms });
  g.append(svg("title", {}, t(`vive_le_roi.arms.${arms}`)));
  g.append(svg("path", { d: "M-13 0 H13 V12 C13 22 5 26 0 29 C-5 26 -13 22 -13 12 Z", class: "vlr-shield" }));
  for (const d of CHARGES[arms] || []) g.append(svg("path", { d, class: "vlr-charge" }));
  return g;
}

/** The face of `card` as an <svg>. */
export function cardSvg(faces, card) {
  const f = face(faces, card);
  const root = svg("svg", { viewBox: `0 0 ${CARD_W} ${CARD_H}`, width: CARD_W, height: CARD_H,
    class: `vlr-face vlr-kind-${f.kind}`, role: "img", "aria-label": cardTitle(faces, card) });
  root.append(svg("title", {}, cardTitle(faces, card)));
  root.append(svg("rect", { x: 1, y: 1, width: CARD_W - 2, height: CARD_H - 2, rx: 6, class: "vlr-card-body" }));
  root.append(svg("rect", { x: 1, y: 1, width: CARD_W - 2, height: 22, rx: 6, class: "vlr-card-band" }));
  const kind = svg("text", { x: f.value ? 24 : CARD_W / 2, y: 16, class: "vlr-card-kind",
    "text-anchor": f.value ? "start" : "middle" }, t(`vive_le_roi.kind.${f.kind}`));
  root.append(kind);
  fitLater(kind, f.value ? CARD_W - 28 : CARD_W - 8);
  if (f.value) root.append(svg("text", { x: 6, y: 17, class: "vlr-card-value" }, String(f.value)));
  const lines = nameLines(cardName(card));
  lines.forEach((line, i) => {
    const text = svg("text", { x: CARD_W / 2, y: 38 + i * 14, "text-anchor": "middle", class: "vlr-card-name" }, line);
    root.append(text);
    fitLater(text, CARD_W - 8);
  });
  if (f.kind === "king") {
    root.append(svg("path", { d: "M24 92 L24 74 L32 83 L39 68 L46 83 L54 74 L54 92 Z", class: "vlr-crown" }));
  } else if (f.arms) {
    root.append(armsSvg(f.arms, CARD_W / 2, 66));
  } else if (f.kind === "event") {
    root.append(svg("path", { d: "M39 68 L51 75 L51 89 L39 96 L27 89 L27 75 Z", class: "vlr-event-mark" }));
  } else if (!f.value) {
    root.append(svg("circle", { cx: CARD_W / 2, cy: 82, r: 10, class: "vlr-plain-mark" }));
  } else {
    root.append(svg("text", { x: CARD_W / 2, y: 92, "text-anchor": "middle", class: "vlr-card-big" }, String(f.value)));
  }
  return root;
}

/** A face-down card: its back, with `label` for whose it is. */
export function cardBackSvg(label) {
  const root = svg("svg", { viewBox: `0 0 ${CARD_W} ${CARD_H}`, width: CARD_W, height: CARD_H,
    class: "vlr-face vlr-back", role: "img", "aria-label": label });
  root.append(svg("title", {}, label));
  root.append(svg("rect", { x: 1, y: 1, width: CARD_W - 2, height: CARD_H - 2, rx: 6, class: "vlr-back-body" }));
  root.append(svg("path", { d: "M26 62 L26 44 L33 52 L39 38 L45 52 L52 44 L52 62 Z", class: "vlr-crown" }));
  return root;
}

/**
 * A card on the table: a box holding its face (or its back), `data-card` its id. `opts`:
 * selected, active (it starts a choice now), moved (the last move touched it), back (shown
 * face down), label (a line under it), onClick.
 */
export function cardBox(faces, card, opts = {}) {
  const classes = ["vlr-card"];
  if (opts.active) classes.push("active");
  if (opts.selected) classes.push("selected");
  if (opts.moved) classes.push("moved");
  if (opts.attached) classes.push("attached");
  const box = el("div", { className: classes.join(" "), "data-testid": opts.testid || "vlr-card",
    "data-card": card >= 0 ? String(card) : null });
  const printed = opts.back ? opts.backLabel || t("vive_le_roi.board.face_down") : cardTitle(faces, card);
  box.append(opts.back ? cardBackSvg(printed) : cardSvg(faces, card));
  if (opts.label) box.append(el("div", { className: "vlr-card-label", text: opts.label }));
  // One name for the whole card (its print, then the line under it), a button while it
  // starts a choice (pressed while chosen), else a picture.
  box.setAttribute("aria-label", opts.label && opts.label !== printed ? `${printed} · ${opts.label}` : printed);
  box.setAttribute("role", opts.onClick ? "button" : "img");
  if (opts.onClick) {
    box.tabIndex = 0;
    box.setAttribute("aria-pressed", String(Boolean(opts.selected)));
    pressable(box, opts.onClick);
  }
  return box;
}
