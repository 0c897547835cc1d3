// People among people on the profile page: on another's profile, follow, mute and block him
// (toggle buttons); on one's own, the people followed (online or not, their open tables),
// those blocked and muted, and the invitations to seats sent by name, each taken or dismissed.

import { api, errorText } from "./api.js";
import { el } from "./dom.js";
import { gameTitle, t } from "./i18n.js";

const KINDS = [["follow", "profile.follow", "profile.unfollow"],
  ["mute", "profile.mute", "profile.unmute"], ["block", "profile.block", "profile.unblock"]];

function say(status, text) {
  status.textContent = text;
}

/** Draw the follow / mute / block buttons for the person `handle` into `root`. */
export async function drawActions(root, handle) {
  const state = await api("GET", `/api/account/people/${encodeURIComponent(handle)}`);
  const status = el("p", { role: "status", className: "hint", "data-testid": "people-status" });
  const buttons = KINDS.map(([kind, on, off]) => {
    const button = el("button", { type: "button", className: "secondary",
      "data-testid": `people-${kind}` });
    const show = () => {
      button.textContent = t(state[kind] ? off : on);
      button.setAttribute("aria-pressed", state[kind] ? "true" : "false");
    };
    show();
    button.addEventListener("click", async () => {
      try {
        const answer = await api("POST", "/api/account/people",
          { body: { handle, kind, on: !state[kind] } });
        state[kind] = answer[kind];
        if (kind === "block" && state.block) state.follow = false;
        buttons.forEach((b) => b.show());
        say(status, "");
      } catch (err) {
        say(status, errorText(err));
      }
    });
    button.show = show;
    return button;
  });
  const title = el("h2", { id: "actions-title", text: t("profile.actions", { handle }) });
  root.replaceChildren(title, el("div", { className: "people-buttons" }, ...buttons),
    el("p", { className: "hint", text: t("profile.block_hint") }), status);
  root.setAttribute("aria-labelledby", "actions-title");
  root.hidden = false;
}

function personItem(person) {
  const state = t(person.online ? "people.online" : "people.offline");
  const item = el("li", { "data-testid": `followed-${person.handle}` },
    el("a", { className: "link", href: `/players/${encodeURIComponent(person.handle)}`,
      text: person.handle }),
    " ", el("span", { className: person.online ? "badge online" : "badge", text: state }));
  if (person.open_tables.length) {
    item.append(" · ", t("people.open_count", { n: person.open_tables.length }));
    item.append(el("ul", {}, ...person.open_tables.map((table) => el("li", {},
      el("a", { className: "link", href: "/#open-panel",
        text: t("people.open_table", { game: gameTitle(table.game) }) })))));
  }
  return item;
}

function namesLine(key, names) {
  return names.length ? el("p", {}, el("strong", { text: `${t(key)}: ` }),
    ...names.flatMap((name, i) => [i ? ", " : "", el("a", { className: "link",
      href: `/players/${encodeURIComponent(name)}`, text: name })])) : null;
}

/** Draw the people the signed-in person follows, blocks and mutes into `root`. */
export async function drawPeople(root) {
  const people = await api("GET", "/api/account/people");
  const online = people.following.filter((p) => p.online).length;
  const list = el("ul", { className: "people-list", "data-testid": "people-following" },
    ...people.following.map(personItem));
  root.replaceChildren(el("h2", { id: "people-title", text: t("people.title") }),
    people.following.length ? el("p", { className: "hint", text:
      t("people.online_count", { n: online }) }) : el("p", { text: t("people.none") }),
    list, ...[namesLine("people.blocked", people.blocked),
      namesLine("people.muted", people.muted)].filter(Boolean));
  root.setAttribute("aria-labelledby", "people-title");
  root.hidden = false;
}

function invitationItem(line, redraw, status) {
  const take = el("a", { className: "button", href: line.link,
    "data-testid": `invitation-take-${line.id}`, text: t("invitations.take") });
  const dismiss = el("button", { type: "button", className: "secondary",
    "data-testid": `invitation-dismiss-${line.id}`, text: t("invitations.dismiss") });
  dismiss.addEventListener("click", async () => {
    try {
      await api("DELETE", `/api/account/invitations/${line.id}`);
      await redraw();
    } catch (err) {
      say(status, errorText(err));
    }
  });
  return el("li", { "data-testid": "invitation" }, t("invitations.line",
    { from: line.from, game: gameTitle(line.game), n: line.seat + 1 }), " ", take, " ", dismiss);
}

/** Draw the invitations sent to the signed-in person by name into `root`. */
export async function drawInvitations(root) {
  const held = await api("GET", "/api/account/invitations");
  const status = el("p", { role: "status", className: "hint" });
  const waiting = held.invitations.filter((line) => !line.claimed);
  const mail = el("input", { type: "checkbox", id: "invite-mail", "data-testid": "invite-mail" });
  mail.checked = held.invite_mail;
  mail.addEventListener("change", async () => {
    try {
      await api("POST", "/api/account/invitations", { body: { invite_mail: mail.checked } });
      say(status, t("account.saved"));
    } catch (err) {
      say(status, errorText(err));
    }
  });
  const list = el("ul", { "data-testid": "invitations" },
    ...waiting.map((line) => invitationItem(line, () => drawInvitations(root), status)));
  root.replaceChildren(el("h2", { id: "invitations-title", text: t("invitations.title") }),
    el("p", { className: "hint", text: waiting.length
      ? t("invitations.count", { n: waiting.length }) : t("invitations.none") }),
    list, el("label", { for: "invite-mail" }, mail, ` ${t("invitations.mail")}`), status);
  root.setAttribute("aria-labelledby", "invitations-title");
  root.hidden = false;
}
