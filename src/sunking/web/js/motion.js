// Moves followed by eye: when a new version is drawn, what moved travels from where it was to
// where it is now, for every game's screen.
//
// A screen marks what may travel:
// - `data-card="<id>"`: a card (or any piece with an id: Louis XIV's figure is "louis") —
//   drawn elsewhere than before, a copy of it (a pawn: a disc of its colour) flies from its old
//   place to its new one; a pawn (`data-pawn`) off the screen for a while comes back from
//   where it was last seen;
// - `data-flow="<kind>:<owner>"` with `data-count`: a pile of one owner's pieces (a seat's
//   stones on a tile) — when the count grows, a piece flies to it from the owner's source,
//   `data-flow-source="<kind>:<owner>"` (the seat's row), or from the kind's bank
//   (`data-flow-source="<kind>"`), or from where a pile of the owner shrank, or else from
//   another owner's pile of the kind that shrank (a payment); when a pile shrinks and the kind
//   has a bank (`data-flow-sink="<kind>"`), a piece flies from it to the bank (a payment to
//   the bank).
// Nothing travels for a redraw of the same version (a language switch), on the first drawing,
// or when the person asks for reduced motion. `document.body.dataset.flights` counts the
// flights started and `lastFlight` names the last one ("card:<id>", "<flow>@<place>"; the
// browser tests read them).

const DURATION_MS = 650;
const MIN_SHIFT_PX = 12;
const reduced = window.matchMedia("(prefers-reduced-motion: reduce)");

let lastVersion = null;
/** Where each pawn was last seen (page coordinates): a pawn off the board for a while (Louis
 *  XIV's figure between two rounds) travels from there when it comes back. */
const pawns = new Map();

function lastSeen(key) {
  const place = pawns.get(key);
  return place && { ...place, left: place.left - window.scrollX, top: place.top - window.scrollY };
}

function shown(node) {
  const rect = node.getBoundingClientRect();
  return rect.width > 0 && rect.height > 0 ? rect : null;
}

/** The elements of `root` that carry `attr`, by value, keeping only values held once. */
function unique(root, attr) {
  const found = new Map();
  const twice = new Set();
  for (const node of root.querySelectorAll(`[${attr}]`)) {
    const key = node.getAttribute(attr);
    if (found.has(key)) twice.add(key);
    else found.set(key, node);
  }
  for (const key of twice) found.delete(key);
  return found;
}

/** Where a pile sits: its flow and the nearest keyed place holding it (a tile, a card). */
function pileKey(node) {
  const place = node.parentElement && node.parentElement.closest("[data-tile],[data-card],[data-seat]");
  const where = place ? ["data-tile", "data-card", "data-seat"]
    .map((a) => place.getAttribute(a)).find((v) => v !== null) : "";
  return `${node.getAttribute("data-flow")}@${where}`;
}

/** What may travel in `root` now: card places, pile counts and places, the sources. */
export function capture(root) {
  const cards = new Map();
  for (const [key, node] of unique(root, "data-card")) {
    const rect = shown(node);
    if (rect) cards.set(key, rect);
    if (rect && node.hasAttribute("data-pawn")) {
      pawns.set(key, { left: rect.left + window.scrollX, top: rect.top + window.scrollY,
        width: rect.width, height: rect.height });
    }
  }
  const piles = new Map();
  for (const node of root.querySelectorAll("[data-flow][data-count]")) {
    const rect = shown(node);
    if (rect) piles.set(pileKey(node), { rect, count: Number(node.getAttribute("data-count")) });
  }
  return { cards, piles };
}

function fly(from, to, make, label, hide = null) {
  const ghost = make();
  ghost.classList.add("flight");
  ghost.setAttribute("aria-hidden", "true");
  Object.assign(ghost.style, {
    left: `${to.left}px`, top: `${to.top}px`, width: `${to.width}px`, height: `${to.height}px`,
  });
  document.body.append(ghost);
  const dx = from.left + from.width / 2 - (to.left + to.width / 2);
  const dy = from.top + from.height / 2 - (to.top + to.height / 2);
  const scale = Math.max(0.4, Math.min(2.5, from.width / Math.max(1, to.width)));
  const flight = ghost.animate([
    { transform: `translate(${dx}px, ${dy}px) scale(${scale})`, opacity: 0.95 },
    { transform: "translate(0, 0) scale(1)", opacity: 0.95 },
  ], { duration: DURATION_MS, easing: "cubic-bezier(.2, .7, .3, 1)" });
  // The piece itself appears where it lands once its copy has got there.
  // (Transparent, not hidden: its words stay in the page for a screen reader.)
  if (hide) hide.style.opacity = "0";
  const done = () => {
    ghost.remove();
    if (hide) hide.style.opacity = "";
  };
  flight.onfinish = done;
  flight.oncancel = done;
  document.body.dataset.flights = String(Number(document.body.dataset.flights || 0) + 1);
  document.body.dataset.lastFlight = label;
}

function cardGhost(node) {
  if (!(node instanceof HTMLElement) && node.querySelector("circle")) return pieceGhost(node);  // a pawn
  if (node instanceof HTMLElement) {
    const copy = node.cloneNode(true);
    copy.removeAttribute("id");
    copy.removeAttribute("data-card");
    copy.removeAttribute("data-testid");
    for (const inner of copy.querySelectorAll("[id],[data-testid],[data-card]")) {
      inner.removeAttribute("id");
      inner.removeAttribute("data-testid");
      inner.removeAttribute("data-card");
    }
    return copy;
  }
  return Object.assign(document.createElement("div"), { className: "flight-card" });
}

function pieceGhost(node) {
  const piece = document.createElement("div");
  piece.className = "flight-piece";
  const paint = node.querySelector("circle,rect") || node;
  const style = window.getComputedStyle(paint);
  const colour = style.fill && style.fill !== "none" ? style.fill : style.backgroundColor;
  if (colour) piece.style.background = colour;
  return piece;
}

function square(rect, size) {
  const side = Math.min(size, rect.width, rect.height) || size;
  return { left: rect.left + rect.width / 2 - side / 2, top: rect.top + rect.height / 2 - side / 2,
    width: side, height: side };
}

/**
 * After `root` was drawn for `version`: fly what moved since `before` (what `capture` took
 * before the drawing).
 */
export function travel(root, before, version) {
  const fresh = version !== null && lastVersion !== null && version > lastVersion;
  if (version !== null) lastVersion = version;
  if (!fresh || reduced.matches || !before) return;
  for (const [key, node] of unique(root, "data-card")) {
    const from = before.cards.get(key) || (node.hasAttribute("data-pawn") ? lastSeen(key) : null);
    const to = shown(node);
    if (!from || !to) continue;
    if (Math.hypot(from.left - to.left, from.top - to.top) < MIN_SHIFT_PX) continue;
    fly(from, to, () => cardGhost(node), `card:${key}`, node);
  }
  const shrunk = new Map();
  const grown = [];
  for (const node of root.querySelectorAll("[data-flow][data-count]")) {
    const key = pileKey(node);
    const count = Number(node.getAttribute("data-count"));
    const was = before.piles.get(key);
    const old = was ? was.count : 0;
    if (count > old) grown.push(node);
  }
  const place = (attr, value) => {
    const found = root.querySelector(`[${attr}="${CSS.escape(value)}"]`);
    return found && shown(found);
  };
  for (const [key, was] of before.piles) {
    const flow = key.split("@")[0];
    const kind = flow.split(":")[0];
    const now = root.querySelectorAll(`[data-flow="${CSS.escape(flow)}"][data-count]`);
    const still = [...now].find((n) => pileKey(n) === key);
    if (!still || Number(still.getAttribute("data-count")) < was.count) {
      shrunk.set(flow, was.rect);
      shrunk.set(kind, was.rect);  // a payment: another owner's pile of the kind
      // Paid into the kind's bank (Louis XIV's louis d'or go to the court's bank).
      const bank = still && place("data-flow-sink", kind);
      if (bank) fly(square(was.rect, 22), square(bank, 22), () => pieceGhost(still), `${key}>bank`);
    }
  }
  for (const node of grown) {
    const flow = node.getAttribute("data-flow");
    const kind = flow.split(":")[0];
    const from = place("data-flow-source", flow) || place("data-flow-source", kind)
      || shrunk.get(flow) || shrunk.get(kind);
    const to = shown(node);
    if (!from || !to) continue;
    fly(square(from, 22), square(to, 22), () => pieceGhost(node), pileKey(node));
  }
}
