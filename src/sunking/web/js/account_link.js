// The lobby header's link to the account pages: "Sign in" for a guest, "Your account" when
// this browser is signed in.

import { api } from "./api.js";
import { t } from "./i18n.js";

const link = document.getElementById("account-link");

async function draw() {
  let session = { signed_in: false };
  try {
    session = await api("GET", "/api/account/session");
  } catch (_) {
    // The lobby works without accounts: the link stays "Sign in".
  }
  link.textContent = session.signed_in ? `${t("account.nav_account")} (${session.handle})`
    : t("account.nav_signin");
  link.href = session.signed_in ? "/account/settings" : "/account/signin";
  link.dataset.signedIn = session.signed_in ? "1" : "0";
}

if (link) {
  document.addEventListener("sunking:language", draw);
  // The lobby loads the catalogs; draw once they are there.
  const ready = new MutationObserver(() => {
    if (document.body.dataset.ready === "1") {
      ready.disconnect();
      draw();
    }
  });
  ready.observe(document.body, { attributes: true, attributeFilter: ["data-ready"] });
  if (document.body.dataset.ready === "1") draw();
}
