// Small DOM helpers shared by the Louis XIV screens.

import { el } from "../../dom.js";
import { t } from "../../i18n.js";
import { chipIcon } from "./icons.js";

export { el };

/** A chip: its icon (js/games/louis14/icons.js), with a count; named for a screen reader. */
export function chipBadge(code, count, title) {
  return el("span", { className: `chip chip-${code}`, title, "data-chip": code, role: "img",
    "aria-label": count === undefined ? title : t("louis14.icon.count", { name: title, n: count }) },
    chipIcon(code),
    count === undefined ? null : el("span", { className: "chip-count", "aria-hidden": "true", text: String(count) }));
}
