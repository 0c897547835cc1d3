// Resigning a match: the header's "Resign" button, shown to a seat of a running match that has
// not resigned; after a confirmation the server hands the seat to the stand-in bot for the
// rest of the match, and the person ranks last in the rating (docs/ratings.md).

import { api } from "./api.js";
import { t } from "./i18n.js";

/** Show the button only where resigning means something. */
export function drawResign(button, mv, { live }) {
  const mine = mv && mv.seat !== null && mv.seat !== undefined ? mv.seats[mv.seat] : null;
  button.hidden = !live || !mine || mv.status !== "active" || Boolean(mine.gone === "resigned");
}

/** Ask, then resign; the answer (the seat's new view) goes to `onView`. */
export function bindResign(button, { matchId, token, onView, showError }) {
  button.addEventListener("click", async () => {
    if (!window.confirm(t("play.resign_confirm"))) return;
    button.disabled = true;
    try {
      onView(await api("POST", `/api/matches/${encodeURIComponent(matchId)}/resign`, { token }));
    } catch (err) {
      showError(err);
    } finally {
      button.disabled = false;
    }
  });
}
