// The one-click unsubscribe of turn e-mails (/notices/unsubscribe#token=…): the page turns
// them off as it opens (the token is in the fragment, which no server log sees) and says so.

import { api } from "./api.js";
import { applyStatic, bindLanguageSelect, loadLanguage, preferredLanguage, t } from "./i18n.js";

async function main() {
  await loadLanguage(preferredLanguage(null));
  applyStatic(document);
  bindLanguageSelect(document.getElementById("lang"));
  const outcome = document.getElementById("outcome");
  const token = new URLSearchParams(window.location.hash.slice(1)).get("token");
  let done = false;
  if (token) {
    try {
      await api("POST", "/api/notices/unsubscribe", { body: { token } });
      done = true;
    } catch (_) {
      done = false;
    }
  }
  const say = () => { outcome.textContent = t(done ? "notices.unsubscribed" : "notices.unsubscribe_failed"); };
  say();
  document.addEventListener("sunking:language", say);
  document.body.dataset.ready = "1";
}

main();
