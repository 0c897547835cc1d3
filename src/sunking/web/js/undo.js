// The table's tools under the header: "Take back", shown while the engine lets this seat take
// back its last action in a running match (the view's `can_undo`: until another seat acts, a
// card is drawn or something hidden is shown; docs/web-api.md, "Undo"). The undo is an action
// like any other.

import { t } from "./i18n.js";

/** Show the bar and its button for the view `mv` (`live`: the page follows a running match). */
export function drawUndo(bar, mv, { live }) {
  const button = bar.querySelector("#undo");
  button.hidden = !(live && mv && mv.status === "active" && mv.can_undo);
  bar.hidden = button.hidden;
  if (button.hidden) return;
  button.textContent = t("undo.button");
  button.title = t("undo.title");
  button.disabled = false;
}

/** Send the undo when the button is pressed (`act(action)` sends an action of this seat). */
export function bindUndo(button, act) {
  button.addEventListener("click", () => {
    button.disabled = true;
    act({ type: "undo" });
  });
}
