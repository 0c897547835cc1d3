// "Your matches" on another device: a link that carries this browser's seat tokens.
//
// The tokens travel in the link's fragment (#carry=…), which never reaches a server; the lobby
// that opens such a link keeps them (next to its own) and takes the fragment out of the
// address bar at once.

import { storedTokens, storeToken } from "./api.js";
import { t } from "./i18n.js";

const KEY = "carry";

function encode(list) {
  const bytes = new TextEncoder().encode(JSON.stringify(list));
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function decode(text) {
  const base64 = text.replace(/-/g, "+").replace(/_/g, "/");
  const binary = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return JSON.parse(new TextDecoder().decode(bytes));
}

/** The link that carries every token of this browser (null when there is none). */
export function carryLink() {
  const list = storedTokens().map((e) => [e.match_id, e.token, e.seat ?? null]);
  if (!list.length) return null;
  return `${window.location.origin}/#${KEY}=${encode(list)}`;
}

/**
 * Keep the tokens a carried link brings, then clear the fragment. Returns how many were new
 * (0 when the address carries nothing or something unreadable).
 */
export function takeCarried() {
  const fragment = new URLSearchParams(window.location.hash.slice(1));
  const raw = fragment.get(KEY);
  if (!raw) return 0;
  window.history.replaceState(null, "", window.location.pathname + window.location.search);
  let list;
  try {
    list = decode(raw);
  } catch (_) {
    return 0;
  }
  if (!Array.isArray(list)) return 0;
  const known = new Set(storedTokens().map((e) => e.token));
  let added = 0;
  for (const entry of list.slice(0, 500)) {
    if (!Array.isArray(entry) || typeof entry[0] !== "string" || typeof entry[1] !== "string") continue;
    const seat = Number.isInteger(entry[2]) ? entry[2] : null;
    if (!known.has(entry[1])) added += 1;
    storeToken(entry[0], entry[1], seat);
  }
  return added;
}

/** The "another device" row of "Your matches": a button that shows the carrying link. */
export function drawCarry(host, copyButton) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "small";
  button.dataset.testid = "carry";
  button.textContent = t("lobby.carry");
  const out = document.createElement("div");
  out.className = "carry-out";
  out.hidden = true;
  button.addEventListener("click", () => {
    const link = carryLink();
    out.replaceChildren();
    const hint = document.createElement("p");
    hint.className = "hint";
    hint.textContent = link ? t("lobby.carry_hint") : t("lobby.no_matches");
    out.append(hint);
    if (link) {
      const a = document.createElement("a");
      a.href = link;
      a.className = "link carry-link";
      a.dataset.testid = "carry-link";
      a.textContent = t("lobby.carry_link");
      out.append(a, " ", copyButton(link));
    }
    out.hidden = false;
  });
  host.replaceChildren(button, out);
}
