// Building an influence placement click by click.
//
// The legal "place" actions name the card and the stones per tile they put; the player clicks
// tiles one stone at a time along the jump path: the same tile again adds a stone there, a
// diagonal neighbour not yet visited jumps on (leaving the stones already put behind). Only
// clicks that can still end in a legal action are offered, so an illegal placement can never
// be built; "place" is enabled once the stones clicked are exactly a legal action.

import { JOKER, NEIGHBOURS } from "./labels.js";

function distribution(action) {
  const out = new Map();
  for (const [tile, n] of action.stones) out.set(tile, n);
  return out;
}

/** Whether the tiles of `rest` can be walked as a simple path starting next to `from`. */
function walkable(from, rest) {
  if (!rest.size) return true;
  for (const next of NEIGHBOURS[from] || []) {
    if (!rest.has(next)) continue;
    const left = new Set(rest);
    left.delete(next);
    if (walkable(next, left)) return true;
  }
  return false;
}

export class Placement {
  /**
   * @param {object[]} legal  the legal actions of the turn
   * @param {number} card     the influence card chosen
   * @param {boolean} boost   whether the "one card = 4 stones" mission is used
   */
  constructor(legal, card, boost) {
    this.card = card;
    this.boost = boost;
    this.candidates = legal
      .filter((a) => a.type === "place" && a.card === card && Boolean(a.boost) === boost)
      .map((a) => ({ action: a, dist: distribution(a) }));
    this.clicks = [];
  }

  /** Stones put so far, per tile. */
  counts() {
    const out = new Map();
    for (const tile of this.clicks) out.set(tile, (out.get(tile) || 0) + 1);
    return out;
  }

  /** The distinct tiles visited, in order. */
  path() {
    const out = [];
    for (const tile of this.clicks) if (out[out.length - 1] !== tile) out.push(tile);
    return out;
  }

  /** Whether the clicks `clicks` can still end in the legal distribution `dist`. */
  static fits(clicks, dist, counts, path) {
    if (!clicks.length) return true;
    for (const [tile, n] of counts) {
      const have = dist.get(tile) || 0;
      if (have < n) return false;
    }
    const last = path[path.length - 1];
    for (const tile of path.slice(0, -1)) if (dist.get(tile) !== counts.get(tile)) return false;
    const rest = new Set([...dist.keys()].filter((tile) => !counts.has(tile)));
    return walkable(last, rest);
  }

  /** Whether a click sequence is a path: each click repeats the last tile or jumps to a
   * diagonal neighbour not visited yet; a person card (without the mission) starts on its own
   * tile. */
  shapeOk(clicks) {
    if (!clicks.length) return true;
    if (this.card !== JOKER && !this.boost && clicks[0] !== this.card) return false;
    const seen = new Set([clicks[0]]);
    for (let i = 1; i < clicks.length; i += 1) {
      const prev = clicks[i - 1];
      const tile = clicks[i];
      if (tile === prev) continue;
      if (seen.has(tile) || !(NEIGHBOURS[prev] || []).includes(tile)) return false;
      seen.add(tile);
    }
    return true;
  }

  viable(clicks) {
    if (!this.shapeOk(clicks)) return false;
    const counts = new Map();
    for (const tile of clicks) counts.set(tile, (counts.get(tile) || 0) + 1);
    const path = [];
    for (const tile of clicks) if (path[path.length - 1] !== tile) path.push(tile);
    return this.candidates.some((c) => Placement.fits(clicks, c.dist, counts, path));
  }

  /** The tiles a next click may go to. */
  options() {
    const out = new Set();
    for (let tile = 1; tile <= 12; tile += 1) {
      if (this.viable([...this.clicks, tile])) out.add(tile);
    }
    return out;
  }

  /** Add one stone on `tile`; false (and nothing changes) when that click is not offered. */
  add(tile) {
    if (!this.options().has(tile)) return false;
    this.clicks.push(tile);
    return true;
  }

  undo() {
    this.clicks.pop();
  }

  /** The legal action the clicks make, or null while they make none. */
  complete() {
    if (!this.clicks.length) return null;
    const counts = this.counts();
    for (const { action, dist } of this.candidates) {
      if (dist.size !== counts.size) continue;
      let same = true;
      for (const [tile, n] of counts) if (dist.get(tile) !== n) same = false;
      if (same) return action;
    }
    return null;
  }

  /** Whether the card can place anything at all (no personal stones: only retrieve). */
  possible() {
    return this.candidates.length > 0;
  }
}
