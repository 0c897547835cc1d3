// The court as SVG: the twelve person tiles on the 5×5 diagonal layout, each with its number,
// person, current condition, reward and stones per colour; Louis XIV's figure on his tile;
// the played influence cards in the empty centre square.

import { svg } from "../../dom.js";
import { t } from "../../i18n.js";
import { pressable } from "../../keep_focus.js";
import { COMPONENTS } from "./components.js";
import {
  cardName, conditionShort, conditionText, otherSide, rewardShort, rewardText, tileLabel,
  tileName,
} from "./labels.js";
import { blazonIcon, chipIcon, coinIcon } from "./icons.js";

const CELL = 120;
const PAD = 3;
const SIZE = CELL * 5;

/** Shrink a <text> that is wider than `max` (only when it is too wide). */
function fit(text, max) {
  try {
    const width = text.getComputedTextLength();
    if (width > max) {
      text.setAttribute("textLength", String(max));
      text.setAttribute("lengthAdjust", "spacingAndGlyphs");
    }
  } catch (_) {
    // not rendered yet (detached): leave it
  }
}

const REWARD_ICON = 15;
const REWARD_GAP = 3;

/** The picture of a tile's reward (beside its words, so hidden from assistive technology):
 * the chip it gives, the louis d'or, or a face-down blazon; null for the others. */
function rewardIcon(number) {
  const tile = COMPONENTS.tiles[String(number)];
  if (tile.reward === "chip") return chipIcon(COMPONENTS.chips[tile.reward_value]);
  if (tile.reward === "louis") return coinIcon();
  if (["blazons", "conde", "louvois"].includes(tile.reward)) return blazonIcon(null);
  return null;
}

/** Set a reward's icon just left of its centred words (once their width is known). */
function placeRewardIcon(text, picture) {
  let width = 0;
  try {
    width = Number(text.getAttribute("textLength")) || text.getComputedTextLength();
  } catch (_) {
    // not rendered yet (detached): leave the icon where it is
    return;
  }
  const centre = Number(text.getAttribute("x"));
  picture.setAttribute("x", String(centre - width / 2 - REWARD_GAP - REWARD_ICON));
}

/** The court's texts change size with the window (a phone's larger ones): the reward
 * icons on the page follow their words' new width. */
function placeAllRewardIcons() {
  for (const picture of document.querySelectorAll("svg.court .tile-reward-icon")) {
    const text = picture.parentNode.querySelector(".tile-reward");
    if (text) placeRewardIcon(text, picture);
  }
}
let followingResize = false;

/** Louis XIV's figure: a crowned sun. */
function louisFigure(x, y) {
  // One of its kind on the court: it travels to its new tile (js/motion.js) when it moves.
  const g = svg("g", { class: "louis-figure", transform: `translate(${x} ${y})`, "data-card": "louis", "data-pawn": "" });
  g.append(svg("title", {}, t("louis14.court.louis_here")));
  g.append(svg("circle", { cx: 0, cy: 4, r: 13, class: "louis-sun" }));
  g.append(svg("path", {
    d: "M-11 -4 L-11 -15 L-5.5 -9 L0 -18 L5.5 -9 L11 -15 L11 -4 Z",
    class: "louis-crown",
  }));
  g.append(svg("text", { x: 0, y: 9, class: "louis-label", "text-anchor": "middle" }, "XIV"));
  return g;
}

/** A tile in words, for assistive technology: its person, what it asks and gives, the stones
 *  on it (or being explained), the stones being placed, Louis XIV. */
function tileWords(number, tile, stones, pending, opts) {
  const parts = [tileLabel(number),
    `${t("louis14.court.condition")}: ${conditionText(tile.condition)}`,
    `${t("louis14.court.reward")}: ${rewardText(number)}`];
  const present = stones.map((n, colour) => [colour, n]).filter(([, n]) => n > 0);
  if (present.length) {
    parts.push(`${t("louis14.players.stones")}: ${present.map(([colour, n]) =>
      t("louis14.court.stones_of", { n, player: opts.colourName(colour) })).join(", ")}`);
  }
  if (pending) parts.push(t("louis14.court.placing", { n: pending }));
  if (tile.louis) parts.push(t("louis14.court.louis_here"));
  // One sentence per fact (a fact that ends with its own full stop keeps just that one).
  return parts.map((part) => part.replace(/[.\s]+$/, "")).join(". ");
}

/**
 * Draw the court into `host` (an <svg>).
 * @param {SVGSVGElement} host
 * @param {object} view        the game view
 * @param {object} opts
 *   colourClass(colour)  CSS class of a stone colour
 *   options: Set<number> tiles that can be clicked now
 *   preview: Map<number, number> stones being placed (not sent yet)
 *   highlight: number|null     a tile being explained (evaluation account)
 *   shownStones: Map<number, number[]> stones to show instead of the current ones
 *   moved: Set<number>          tiles whose stones the last move(s) changed
 *   onTile(tile)
 */
export function drawCourt(host, view, opts) {
  host.replaceChildren();
  host.setAttribute("viewBox", `0 0 ${SIZE} ${SIZE}`);
  host.setAttribute("role", "group");
  host.setAttribute("aria-label", t("louis14.court.title"));
  const tiles = new Map(view.tiles.map((tile) => [tile.tile, tile]));
  const fits = [];
  const places = [];

  // The centre square: the influence cards played this phase.
  const centre = svg("g", { class: "court-centre" });
  centre.append(svg("rect", { x: 2 * CELL + 10, y: 2 * CELL + 10, width: CELL - 20,
    height: CELL - 20, rx: 8, class: "centre-box" }));
  const played = view.supply ? view.supply.center || [] : [];
  const heading = svg("text", { x: 2.5 * CELL, y: 2 * CELL + 30, class: "centre-title",
    "text-anchor": "middle" }, t("louis14.court.played", { n: played.length }));
  centre.append(heading);
  fits.push([heading, CELL - 28]);
  const counts = new Map();
  for (const card of played) counts.set(card, (counts.get(card) || 0) + 1);
  const list = [...counts.entries()].sort((a, b) => a[0] - b[0]);
  // Each card face once, with how many of it were played (so the count adds up).
  list.slice(0, 12).forEach(([card, n], i) => {
    const x = 2 * CELL + 22 + (i % 4) * 20;
    const y = 2 * CELL + 48 + Math.floor(i / 4) * 24;
    const g = svg("g", { class: "played-card", "data-card": card, "data-count": n });
    g.append(svg("title", {}, `${cardName(card)} ×${n}`));
    g.append(svg("rect", { x: x - 8, y: y - 9, width: 17, height: 21, rx: 2 }));
    g.append(svg("text", { x: x + 0.5, y: y + 5, "text-anchor": "middle" },
      card === 0 ? "?" : String(card)));
    if (n > 1) {
      g.append(svg("circle", { cx: x + 9, cy: y - 9, r: 6, class: "played-count" }));
      g.append(svg("text", { x: x + 9, y: y - 6, "text-anchor": "middle", class: "played-count-text" },
        `${n}`));
    }
    centre.append(g);
  });
  host.append(centre);

  for (const [key, [col, row]] of Object.entries(COMPONENTS.positions)) {
    const number = Number(key);
    const tile = tiles.get(number);
    if (!tile) continue;
    const x = col * CELL + PAD;
    const y = row * CELL + PAD;
    const w = CELL - 2 * PAD;
    const clickable = opts.options && opts.options.has(number);
    const classes = ["tile", `cond-${tile.condition.kind}`, `side-${tile.side}`];
    if (clickable) classes.push("tile-option");
    if (opts.highlight === number) classes.push("tile-highlight");
    if (opts.moved && opts.moved.has(number)) classes.push("tile-moved");
    const g = svg("g", { class: classes.join(" "), "data-tile": number,
      transform: `translate(${x} ${y})` });
    // A tile that takes a stone now is a button; every other one a picture named by its facts.
    g.setAttribute("role", clickable ? "button" : "img");
    if (clickable) {
      g.setAttribute("tabindex", "0");
      pressable(g, () => opts.onTile(number));
    }
    const next = otherSide(number, tile.side);
    g.append(svg("title", {}, [
      tileLabel(number),
      `${t("louis14.court.condition")}: ${conditionText(tile.condition)}`,
      `${t("louis14.court.reward")}: ${rewardText(number)}`,
      `${t("louis14.court.other_side")}: ${conditionShort(next)}`,
    ].join("\n")));
    g.append(svg("rect", { x: 0, y: 0, width: w, height: w, rx: 6, class: "tile-body" }));
    g.append(svg("rect", { x: 0, y: 0, width: w, height: 22, rx: 6, class: "tile-band" }));
    g.append(svg("circle", { cx: 13, cy: 11, r: 9, class: "tile-number-bg" }));
    g.append(svg("text", { x: 13, y: 15, class: "tile-number", "text-anchor": "middle" },
      String(number)));
    const cond = svg("text", { x: w - 6, y: 15, class: "tile-cond", "text-anchor": "end" },
      conditionShort(tile.condition));
    g.append(cond);
    fits.push([cond, w - 30]);
    const name = svg("text", { x: w / 2, y: 37, class: "tile-name", "text-anchor": "middle" },
      tileName(number));
    g.append(name);
    fits.push([name, w - 8]);
    const picture = rewardIcon(number);
    const shift = picture ? (REWARD_ICON + REWARD_GAP) / 2 : 0;
    const reward = svg("text", { x: w / 2 + shift, y: 53, class: "tile-reward", "text-anchor": "middle" },
      rewardShort(number));
    g.append(reward);
    fits.push([reward, w - 8 - 2 * shift]);
    if (picture) {
      picture.classList.add("tile-reward-icon");
      picture.setAttribute("width", String(REWARD_ICON));
      picture.setAttribute("height", String(REWARD_ICON));
      picture.setAttribute("x", String(w / 2 + shift - 30 - REWARD_GAP - REWARD_ICON));
      picture.setAttribute("y", "41.5");
      g.append(picture);
      places.push([reward, picture]);
    }

    // Stones per colour (or the stones being explained, or being placed).
    const stones = opts.shownStones && opts.shownStones.has(number)
      ? opts.shownStones.get(number) : tile.stones;
    const present = stones.map((n, colour) => [colour, n]).filter(([, n]) => n > 0);
    const slot = present.length > 4 ? 20 : 26;
    present.forEach(([colour, n], i) => {
      const cx = 16 + i * slot;
      const stone = svg("g", { class: `stone ${opts.colourClass(colour)}`,
        "data-colour": colour, "data-count": n, "data-flow": `stones:${colour}` });
      stone.append(svg("title", {}, t("louis14.court.stones_of", { n, player: opts.colourName(colour) })));
      stone.append(svg("circle", { cx, cy: 78, r: 10 }));
      stone.append(svg("text", { x: cx, y: 82.5, "text-anchor": "middle" }, String(n)));
      g.append(stone);
    });
    const pending = opts.preview ? opts.preview.get(number) || 0 : 0;
    if (pending) {
      const cx = 16;
      const mark = svg("g", { class: `stone preview ${opts.colourClass(opts.previewColour)}` });
      mark.append(svg("circle", { cx, cy: 100, r: 10 }));
      mark.append(svg("text", { x: cx, y: 104.5, "text-anchor": "middle" }, `+${pending}`));
      g.append(mark);
    }
    if (tile.louis) g.append(louisFigure(w - 18, 92));
    g.setAttribute("aria-label", tileWords(number, tile, stones, pending, opts));
    host.append(g);
  }
  // Text widths are known only once the SVG is in the document.
  const layout = () => {
    for (const [text, max] of fits) fit(text, max);
    for (const [text, picture] of places) placeRewardIcon(text, picture);
  };
  if (!followingResize) {
    followingResize = true;
    window.addEventListener("resize", placeAllRewardIcons);
  }
  requestAnimationFrame(layout);
  layout();
}
