// REST calls, typed errors and the seat tokens kept in this browser.

import { gameTitle, t, has } from "./i18n.js";

const TOKENS_KEY = "sunking.tokens";

/** A refused request: `code` is the contract's error code, `message` the server's text,
 * `details` what the words of some refusals name (a game and its rules versions). */
export class ApiError extends Error {
  constructor(status, code, message, details = null) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

/** The error in the current language: the catalog's text for its code, else the server's. */
export function errorText(error) {
  const code = error && error.code ? error.code : "network";
  const key = `error.${code}`;
  const details = error && error.details ? error.details : {};
  const params = details.game ? { ...details, game: gameTitle(details.game) } : details;
  const label = has(key) ? t(key, params) : t("error.unknown", { code });
  // A refusal with details is worded whole by the catalog: the server's English (with its
  // ids) is left out.
  if (has(key) && error && error.details) return label;
  return error && error.message ? `${label} (${error.message})` : label;
}

/** The CSRF token of this browser's account session (its cookie), if it is signed in. */
export function csrfToken() {
  const found = document.cookie.split("; ").find((c) => c.startsWith("sunking_csrf="));
  return found ? found.slice("sunking_csrf=".length) : null;
}

/** Call the API; resolves to the JSON answer or rejects with an ApiError. A signed-in
 * browser's CSRF token goes with every request that changes something. */
export async function api(method, path, { body, token } = {}) {
  const headers = { Accept: "application/json" };
  const csrf = method === "GET" ? null : csrfToken();
  if (csrf) headers["X-CSRF-Token"] = csrf;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  let response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (err) {
    throw new ApiError(0, "network", String(err && err.message ? err.message : err));
  }
  let data = null;
  const text = await response.text();
  if (text) {
    try {
      data = JSON.parse(text);
    } catch (_) {
      data = null;
    }
  }
  if (!response.ok) {
    const error = data && data.error ? data.error : {};
    throw new ApiError(response.status, error.code || `http_${response.status}`,
      error.message || response.statusText, error.details || null);
  }
  return data;
}

/** Every token kept in this browser: [{match_id, token, seat}]. */
export function storedTokens() {
  try {
    const list = JSON.parse(localStorage.getItem(TOKENS_KEY) || "[]");
    return Array.isArray(list) ? list.filter((e) => e && e.token && e.match_id) : [];
  } catch (_) {
    return [];
  }
}

/** Remember `token` for `matchId` (once); `seat` is null for the spectator. */
export function storeToken(matchId, token, seat = null) {
  const list = storedTokens().filter((e) => e.token !== token);
  list.push({ match_id: matchId, token, seat });
  localStorage.setItem(TOKENS_KEY, JSON.stringify(list));
}

/** The token kept for `matchId`, if any (the last one stored). */
export function tokenFor(matchId) {
  const mine = storedTokens().filter((e) => e.match_id === matchId);
  return mine.length ? mine[mine.length - 1].token : null;
}

/** A fresh id for an action request (so a retried request is never applied twice). */
export function requestId() {
  if (window.crypto && typeof window.crypto.randomUUID === "function") {
    return window.crypto.randomUUID();
  }
  const bytes = new Uint8Array(16);
  window.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}
