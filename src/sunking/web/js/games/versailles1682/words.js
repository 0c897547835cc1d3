// Small helpers of the Versailles 1682 board: elements, card names and amounts of livres.
// Every text comes from the catalogs (`versailles1682.*`); the log, the dice and the
// negotiation come worded by the game's presentation (the described board).

import { t } from "../../i18n.js";

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
