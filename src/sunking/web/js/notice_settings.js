// The account's notices on its settings page: which turn e-mails it wants (one per match, a
// daily digest, none) and the notice list: every match waiting for its move.

import { api, errorText } from "./api.js";
import { el } from "./dom.js";
import { gameTitle, t } from "./i18n.js";

const MODES = ["each", "digest", "off"];

/** Draw the notices part into `root` (an element of the settings page). */
export async function drawNotices(root) {
  const notices = await api("GET", "/api/account/notices");
  const status = el("p", { role: "status", className: "hint" });
  const group = el("fieldset", { className: "notice-modes" },
    el("legend", { text: t("notices.title") }),
    ...MODES.map((mode) => {
      const input = el("input", { type: "radio", name: "turn-mail", value: mode,
        id: `turn-mail-${mode}`, "data-testid": `turn-mail-${mode}` });
      input.checked = notices.turn_mail === mode;
      input.addEventListener("change", async () => {
        try {
          await api("POST", "/api/account/notices", { body: { turn_mail: mode } });
          status.textContent = t("account.saved");
        } catch (err) {
          status.textContent = errorText(err);
        }
      });
      return el("label", { for: `turn-mail-${mode}` }, input, ` ${t(`notices.${mode}`)}`);
    }));
  const list = el("ul", { "data-testid": "notice-list" }, ...notices.waiting.map((line) =>
    el("li", {}, el("a", { className: "link", href: `/play/${encodeURIComponent(line.match_id)}`,
      text: gameTitle(line.game) }), line.mailed ? ` (${t("notices.mailed")})` : "")));
  if (!notices.waiting.length) list.append(el("li", { text: t("notices.none") }));
  const invited = el("ul", { "data-testid": "notice-invitations" }, ...notices.invitations.map((line) =>
    el("li", {}, t("invitations.line", { from: line.from, game: gameTitle(line.game), n: line.seat + 1 }),
      " ", el("a", { className: "link", href: line.link, text: t("invitations.take") }))));
  if (!notices.invitations.length) invited.append(el("li", { text: t("invitations.none") }));
  root.replaceChildren(group, status, el("h3", { text: t("notices.waiting") }), list,
    el("h3", { text: t("invitations.title") }), invited);
}
