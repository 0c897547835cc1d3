// Small DOM helpers shared by the Louis XIV screens.

import { t } from "../../i18n.js";

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (name === "text") node.textContent = value;
    else if (name === "className") node.className = value;
    else if (name === "onclick") node.addEventListener("click", value);
    else node.setAttribute(name, value === true ? "" : value);
  }
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child);
  }
  return node;
}

/** A chip: its initial in the current language in a coloured hexagon, with a count. */
export function chipBadge(code, count, title) {
  return el("span", { className: `chip chip-${code}`, title, "data-chip": code },
    el("span", { className: "chip-letter", text: t(`louis14.chip.short.${code}`) }),
    count === undefined ? null : el("span", { className: "chip-count", text: String(count) }));
}
