// The account pages: sign up, sign in (password, passkey, recovery code), confirm an address,
// reset a password, and the account's settings (sessions, passkeys, recovery codes, data).
// Which part shows follows the path: /account/signin, /account/signup, /account/verify,
// /account/reset, /account/settings (/account: settings when signed in, else sign in).

import { drawNotices } from "./notice_settings.js";
import { api, errorText } from "./api.js";
import {
  applyStatic, bindLanguageSelect, currentLanguage, languages, loadLanguage, preferredLanguage,
  t,
} from "./i18n.js";
import { deviceName } from "./device.js";
import { createPasskey, passkeysWork, usePasskey } from "./passkey.js";

const $ = (id) => document.getElementById(id);
const SECTIONS = ["signin", "signup", "codes", "verify", "reset", "settings"];

let shown = null;

/** Show one part of the page; after the first, move the focus to its heading (so that a
 * screen reader says where the person is now). */
function show(name) {
  for (const id of SECTIONS) $(id).hidden = id !== name;
  const heading = $(name).querySelector("h2");
  if (heading && shown !== null) {
    heading.tabIndex = -1;
    heading.focus();
  }
  shown = name;
}

function say(text) {
  $("notice").textContent = text;
  $("notice").hidden = !text;
  $("error").hidden = true;
}

/** Tell a failure: the server's refusal or a lost connection in words, and a passkey
 * ceremony that this browser cannot hold or that was cancelled (``null`` or a DOMException)
 * as such. */
function fail(error) {
  const passkey = error === null || error instanceof DOMException;
  $("error").textContent = passkey ? t("account.no_passkeys") : errorText(error);
  $("error").hidden = false;
}

/** Run `work` for a form or a button, its errors shown, the button disabled meanwhile. */
function guarded(button, work) {
  return async (event) => {
    if (event) event.preventDefault();
    button.disabled = true;
    try {
      await work();
    } catch (error) {
      fail(error);
    } finally {
      button.disabled = false;
    }
  };
}

function onSubmit(form, work) {
  form.addEventListener("submit", guarded(form.querySelector("button[type=submit]"), work));
}

function fragmentToken() {
  const match = /(?:^|[#&])token=([^&]+)/.exec(window.location.hash);
  return match ? decodeURIComponent(match[1]) : null;
}

async function signedIn(answer) {
  history.replaceState(null, "", "/account/settings");
  if (answer.recovery_codes) {
    const list = $("codes-list");
    list.replaceChildren(...answer.recovery_codes.map((code) => {
      const item = document.createElement("li");
      item.textContent = code;
      return item;
    }));
    show("codes");
    return;
  }
  await drawSettings();
}

function bindSignIn() {
  onSubmit($("signin-form"), async () => {
    const answer = await api("POST", "/api/account/signin", {
      body: { email: $("signin-email").value, password: $("signin-password").value } });
    await signedIn(answer);
  });
  $("signin-passkey").addEventListener("click", guarded($("signin-passkey"), async () => {
    if (!passkeysWork()) throw null;
    const begun = await api("POST", "/api/account/passkeys/signin/begin");
    const credential = await usePasskey(begun.options);
    await signedIn(await api("POST", "/api/account/passkeys/signin/finish",
      { body: { ceremony: begun.ceremony, credential } }));
  }));
  onSubmit($("recover-form"), async () => {
    await signedIn(await api("POST", "/api/account/recover", {
      body: { handle: $("recover-handle").value, code: $("recover-code").value } }));
  });
}

function bindSignUp() {
  onSubmit($("signup-form"), async () => {
    const email = $("signup-email").value;
    await api("POST", "/api/account/signup", { body: {
      handle: $("signup-handle").value, email, password: $("signup-password").value,
      languages: [currentLanguage()] } });
    say(t("account.check_mail", { email }));
  });
  onSubmit($("passkey-form"), async () => {
    if (!passkeysWork()) throw null;
    const email = $("passkey-email").value.trim();
    const begun = await api("POST", "/api/account/passkeys/register/begin", { body: {
      handle: $("passkey-handle").value, email: email || null,
      languages: [currentLanguage()] } });
    const credential = await createPasskey(begun.options);
    const answer = await api("POST", "/api/account/passkeys/register/finish",
      { body: { ceremony: begun.ceremony, credential } });
    await signedIn(answer);
    if (email) say(t("account.check_mail", { email }));
  });
}

async function verify() {
  show("verify");
  const token = fragmentToken();
  if (!token) {
    $("verify-state").textContent = t("account.no_token");
    return;
  }
  history.replaceState(null, "", "/account/verify");
  try {
    await api("POST", "/api/account/verify", { body: { token } });
  } catch (error) {
    $("verify-state").textContent = errorText(error);
    return;
  }
  // The address is confirmed: that is told at once, whatever becomes of the settings that
  // follow (a failure to draw them is told by the caller, not hidden with this section).
  history.replaceState(null, "", "/account/settings");
  say(t("account.verified"));
  await drawSettings();
}

function bindReset() {
  onSubmit($("reset-ask-form"), async () => {
    const email = $("reset-email").value;
    await api("POST", "/api/account/password-reset", { body: { email } });
    say(t("account.check_mail", { email }));
  });
  onSubmit($("reset-form"), async () => {
    const token = fragmentToken();
    history.replaceState(null, "", "/account/reset");
    await signedIn(await api("POST", "/api/account/password-reset/confirm",
      { body: { token, password: $("reset-password").value } }));
  });
}

function sessionItem(session) {
  const item = document.createElement("li");
  const who = document.createElement("span");
  who.className = "who";
  const seen = new Date(session.last_seen * 1000).toLocaleString(currentLanguage());
  const device = deviceName(session.user_agent);
  if (session.user_agent) who.title = session.user_agent;
  const named = device ? t("account.device", device)
    : session.user_agent || t("account.unknown_device");
  who.textContent = `${named} · `
    + (session.current ? t("account.session_current") : t("account.session_seen", { when: seen }));
  item.append(who);
  if (!session.current) {
    const revoke = document.createElement("button");
    revoke.type = "button";
    revoke.className = "small";
    revoke.textContent = t("account.session_revoke");
    revoke.addEventListener("click", guarded(revoke, async () => {
      await api("DELETE", `/api/account/sessions/${session.session_id}`);
      await drawSettings();
    }));
    item.append(revoke);
  }
  return item;
}

async function drawSettings() {
  const me = await api("GET", "/api/account");
  const account = me.account;
  $("me-handle").textContent = t("account.signed_in_as", { handle: account.handle });
  $("profile-link").href = `/players/${encodeURIComponent(account.handle)}`;
  $("me-email").textContent = !account.email ? t("account.no_email")
    : account.email_verified ? account.email
      : t("account.email_unverified", { email: account.email });
  $("me-passkeys").textContent = t("account.passkeys_count", { n: me.passkeys });
  $("me-codes").textContent = t("account.codes_left", { n: me.recovery_codes_left });
  const select = $("me-language");
  select.replaceChildren(...languages().map(({ code, name }) => new Option(name, code)));
  select.value = account.languages[0] || "en";
  // The account is shown at once; its sessions and notices follow (a failure of either is
  // told and leaves the rest of the page usable: signing out, above all).
  show("settings");
  const sessions = await api("GET", "/api/account/sessions");
  $("sessions").replaceChildren(...sessions.map(sessionItem));
  await drawNotices($("notices"));
}

function bindSettings() {
  $("me-language").addEventListener("change", guarded($("me-language"), async () => {
    await api("POST", "/api/account/languages", { body: { languages: [$("me-language").value] } });
    say(t("account.saved"));
  }));
  $("add-passkey").addEventListener("click", guarded($("add-passkey"), async () => {
    if (!passkeysWork()) throw null;
    const begun = await api("POST", "/api/account/passkeys/register/begin", { body: {} });
    const credential = await createPasskey(begun.options);
    await api("POST", "/api/account/passkeys/register/finish",
      { body: { ceremony: begun.ceremony, credential } });
    say(t("account.passkey_added"));
    await drawSettings();
  }));
  $("new-codes").addEventListener("click", guarded($("new-codes"), async () => {
    await signedIn(await api("POST", "/api/account/recovery-codes"));
  }));
  $("export").addEventListener("click", guarded($("export"), async () => {
    const data = await api("GET", "/api/account/export");
    const link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)],
      { type: "application/json" }));
    link.download = "sunking-account.json";
    link.click();
  }));
  $("signout").addEventListener("click", guarded($("signout"), async () => {
    await api("POST", "/api/account/signout");
    show("signin");
    say(t("account.signed_out"));
  }));
  $("delete").addEventListener("click", guarded($("delete"), async () => {
    if (!window.confirm(t("account.delete_confirm"))) return;
    await api("DELETE", "/api/account");
    show("signup");
    say(t("account.deleted"));
  }));
}

async function route() {
  const page = window.location.pathname.replace(/^\/account\/?/, "") || "settings";
  if (page === "verify") return verify();
  if (page === "signup") return show("signup");
  if (page === "reset") {
    const token = fragmentToken();
    $("reset-ask-form").hidden = Boolean(token);
    $("reset-form").hidden = !token;
    return show("reset");
  }
  if (page === "signin") return show("signin");
  const session = await api("GET", "/api/account/session");
  if (!session.signed_in) return show("signin");
  return drawSettings();
}

async function main() {
  await loadLanguage(preferredLanguage(null));
  bindLanguageSelect($("lang"));
  applyStatic(document);
  bindSignIn();
  bindSignUp();
  bindReset();
  bindSettings();
  document.addEventListener("sunking:language", () => {
    if (!$("settings").hidden) drawSettings().catch(fail);
  });
  try {
    await route();
  } catch (error) {
    fail(error);
  }
  document.body.dataset.ready = "1";
}

main();
