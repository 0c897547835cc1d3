// An invitation to a seat (/play/<id>#i=…): the page says which table and seat it offers, and
// the person claims it under his name. The seat's token is minted by that claim and kept in
// this browser only; the page then opens the match at the seat.

import { api, errorText, storeToken } from "./api.js";
import { el } from "./dom.js";
import { botLabel, gameTitle, t } from "./i18n.js";

function seatLine(seat) {
  const name = seat.kind === "bot" ? t("lobby.bot_seat", { n: seat.seat + 1, bot: botLabel(seat.bot) })
    : t("lobby.link_seat", { n: seat.seat + 1, name: seat.name });
  if (seat.kind !== "human") return el("li", { text: name });
  const state = seat.claimed ? t("claim.seat_claimed") : t("claim.seat_waiting");
  return el("li", { text: `${name} (${state})` });
}

/** Draw the invitation of `matchId` into `root`; resolves when the seat is claimed. */
export async function drawInvitation(root, matchId, invitation) {
  const path = `/api/matches/${encodeURIComponent(matchId)}`;
  const offer = await api("POST", `${path}/invitation`, { body: { invitation } });
  const error = el("p", { className: "form-error", role: "alert", hidden: true,
    "data-testid": "claim-error" });
  const title = el("h2", { text: t("claim.title") });
  const text = el("p", { "data-testid": "claim-offer", text: t("claim.offer",
    { n: offer.seat + 1, name: offer.name, game: gameTitle(offer.game) }) });
  const seats = el("ul", { className: "claim-seats" }, ...offer.seats.map(seatLine));
  const section = el("section", { className: "claim panel", "aria-labelledby": "claim-title",
    "data-testid": "claim" }, title, text, seats);
  title.id = "claim-title";
  if (offer.claimed) {
    section.append(el("p", { className: "form-error", role: "status",
      "data-testid": "claim-taken", text: t("error.seat_claimed") }));
    root.replaceChildren(section);
    return new Promise(() => {});
  }
  const name = el("input", { id: "claim-name", maxlength: "40", autocomplete: "nickname",
    "data-testid": "claim-name" });
  name.value = offer.name;
  const button = el("button", { type: "submit", "data-testid": "claim-take",
    text: t("claim.take") });
  const form = el("form", { className: "claim-form" },
    el("label", { for: "claim-name", text: t("claim.name") }), name, button, error);
  section.append(form);
  root.replaceChildren(section);
  name.focus();
  return new Promise((resolve) => {
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      button.disabled = true;
      error.hidden = true;
      try {
        const wanted = name.value.trim();
        const body = { invitation };
        if (wanted && wanted !== offer.name) body.name = wanted;
        const claimed = await api("POST", `${path}/claim`, { body });
        storeToken(matchId, claimed.token, claimed.seat);
        resolve(claimed);
      } catch (err) {
        error.textContent = errorText(err);
        error.hidden = false;
        button.disabled = false;
      }
    });
  });
}
