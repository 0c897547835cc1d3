// Small DOM helpers shared by the Louis XIV screens.

import { el } from "../../dom.js";
import { t } from "../../i18n.js";

export { el };

/** A chip: its initial in the current language in a coloured hexagon, with a count. */
export function chipBadge(code, count, title) {
  return el("span", { className: `chip chip-${code}`, title, "data-chip": code, role: "img",
    "aria-label": count === undefined ? title : `${title}: ${count}` },
    el("span", { className: "chip-letter", text: t(`louis14.chip.short.${code}`) }),
    count === undefined ? null : el("span", { className: "chip-count", text: String(count) }));
}
