// Taking a move back: the "Take back" button, shown while the engine lets this seat take back
// its last action (the view's `can_undo`: until another seat acts, a card is drawn or
// something hidden is shown; docs/web-api.md, "Undo"). The undo is an action like any other.

import { t } from "./i18n.js";

/** Show or hide the bar for the view `mv` (`live`: the page plays a seat over a connection). */
export function drawUndo(bar, mv, { live }) {
  const shown = Boolean(live && mv && mv.status === "active" && mv.can_undo);
  bar.hidden = !shown;
  if (!shown) return;
  const button = bar.querySelector("button");
  button.textContent = t("undo.button");
  button.title = t("undo.title");
  button.disabled = false;
}

/** Send the undo when the button is pressed (`act(action)` sends an action of this seat). */
export function bindUndo(bar, act) {
  const button = bar.querySelector("button");
  button.addEventListener("click", () => {
    button.disabled = true;
    act({ type: "undo" });
  });
}
