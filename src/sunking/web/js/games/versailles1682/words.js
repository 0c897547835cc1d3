// Small helpers of the Versailles 1682 board: elements, card names and the words of an event.
// Every text comes from the catalogs (`versailles1682.*`), as the game's presentation words it.

import { has, t } from "../../i18n.js";

export const G = "versailles1682";
export { el, svg } from "../../dom.js";

/** A text of the game's catalog. */
export function g(key, values) {
  return t(`${G}.${key}`, values);
}

export function cardName(id) {
  return t(`${G}.card.${id}`);
}

/** An amount of livres in the reader's language ("12,000 livres"). */
export function livres(amount, lang) {
  return g("livres", { amount: Number(amount).toLocaleString(lang || undefined) });
}

const SEAT_FIELDS = new Set(["seat", "to", "beneficiary", "target", "husband", "wife", "steward",
  "spouse", "offender", "addressed"]);
const WORD_FIELDS = new Set(["royal", "place", "country", "origin", "party", "power", "kind",
  "gender", "reason", "verdict", "why"]);

/** The placeholders of an event in words, read as the game's presentation reads them. */
function values(event, seatName) {
  const out = {};
  for (const [name, value] of Object.entries(event)) {
    if (SEAT_FIELDS.has(name) && typeof value === "number") {
      out[name] = value >= 0 ? seatName(value)
        : g(`word.${value === -1 ? (name === "to" ? "house" : "king") : "queen"}`);
    } else if (name === "card" || name === "office") {
      out[name] = typeof value === "number" ? cardName(value) : "";
    } else if (WORD_FIELDS.has(name) && typeof value === "string") {
      out[name] = has(`${G}.word.${value}`) ? g(`word.${value}`) : g("word.other");
    } else if (Array.isArray(value)) {
      out[name] = value.join(", ");
    } else {
      out[name] = String(value);
    }
  }
  if (typeof event.change === "number") out.change = String(Math.abs(event.change));
  return out;
}

/** The most specific of `event.<type>.<suffix>` the catalog has. */
function eventKey(event) {
  let suffix = null;
  if (event.type === "request") suffix = event.granted ? "granted" : "refused";
  else if (event.type === "audience") suffix = event.accepted ? "accepted" : "refused";
  else if (event.type === "power") suffix = event.power;
  else if (event.type === "standing") suffix = event.change > 0 ? "up" : "down";
  const base = `${G}.event.${event.type}`;
  return suffix && has(`${base}.${suffix}`) ? `${base}.${suffix}` : base;
}

/** One event as its log line. */
export function eventText(event, seatName) {
  return t(eventKey(event), values(event, seatName));
}

/** The dice an event rolled (none for an event without dice). */
export function diceOf(event) {
  if (Array.isArray(event.rolls)) return event.rolls.filter((n) => typeof n === "number");
  if (typeof event.rolls === "number") return [event.rolls];
  if (typeof event.roll === "number") return [event.roll];
  return [];
}

/** What a roll decided, in a word: granted, refused, a change of standing. */
export function verdictOf(event) {
  if (event.type === "request") return g(event.granted ? "board.granted" : "board.refused");
  if (event.type === "audience") return g(event.accepted ? "board.granted" : "board.refused");
  if (event.type === "intervention" && typeof event.change === "number") {
    return g("board.change", { change: event.change > 0 ? `+${event.change}` : String(event.change) });
  }
  return "";
}
