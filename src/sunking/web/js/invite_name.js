// Invite a person by name to a seat of the table just created: his handle on sunking, sent
// with the seat's invitation; he finds it among his notices (and by mail, if he wants).

import { api, errorText } from "./api.js";
import { el } from "./dom.js";
import { t } from "./i18n.js";

let counter = 0;

/** A small form that invites a person by handle to the seat of `invitation`; `token` is the
 *  creator's seat token (the request is his). */
export function inviteByName(matchId, seat, invitation, token) {
  counter += 1;
  const id = `invite-handle-${counter}`;
  const input = el("input", { id, maxlength: "40", autocomplete: "off",
    "data-testid": `invite-handle-${seat}` });
  const status = el("span", { role: "status", className: "hint",
    "data-testid": `invite-status-${seat}` });
  const form = el("form", { className: "invite-name" },
    el("label", { for: id, text: t("lobby.invite_handle") }), input,
    el("button", { type: "submit", className: "small", "data-testid": `invite-send-${seat}`,
      text: t("lobby.invite_send") }), status);
  form.setAttribute("aria-label", t("lobby.invite_name"));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const handle = input.value.trim();
    if (!handle) { input.focus(); return; }
    try {
      const sent = await api("POST", `/api/matches/${encodeURIComponent(matchId)}/invite`,
        { body: { handle, invitation }, token });
      status.textContent = t("lobby.invited", { handle: sent.handle });
      input.value = "";
    } catch (err) {
      status.textContent = errorText(err);
    }
  });
  return form;
}
