// Interface language: the message catalogs served at /api/i18n/<lang>, looked up by msgid.
//
// Every string the pages show goes through t(key, {placeholders}); the catalogs
// (src/sunking/i18n/locale/<lang>/LC_MESSAGES/sunking.po) are the single source of truth.
// Static HTML marks its texts with data-i18n="msgid" (and data-i18n-title / -placeholder /
// -aria-label for attributes); applyStatic() fills them in. A message that takes a count
// (the catalog's "plurals") takes the form for the count among its placeholders, chosen by
// the language's gettext Plural-Forms rule (plural_rule.js).

import { finish } from "./elision.js";
import { countOf, pluralRule } from "./plural_rule.js";

const STORE_KEY = "sunking.lang";
const FALLBACK = "en";

let current = FALLBACK;
let catalog = {};
let fallback = {};
let counted = { plurals: {}, rule: pluralRule("") };
let fallbackCounted = counted;
let known = [];

function pluralText(entry, rule, params) {
  const n = countOf(params[entry.count]);
  const forms = entry.forms;
  if (n === null) return forms[forms.length - 1];
  return forms[Math.min(rule(n), forms.length - 1)];
}

/** The text of `key` in the current language with its {placeholders} filled in (the form
 *  for its count when the message takes one). */
export function t(key, params = {}) {
  for (const { plurals, rule } of [counted, fallbackCounted]) {
    const entry = plurals[key];
    if (entry) return finish(current, format(pluralText(entry, rule, params), params));
  }
  const text = catalog[key] ?? fallback[key] ?? key;
  return finish(current, format(text, params));
}

/** Fill {name} placeholders from `params`; unknown placeholders stay as they are. */
export function format(text, params = {}) {
  return text.replace(/\{([a-z_][a-z0-9_]*)\}/g, (whole, name) =>
    Object.prototype.hasOwnProperty.call(params, name) ? String(params[name]) : whole);
}

/** A game's title in the current language (its catalog's), else its id. */
export function gameTitle(game) {
  return has(`${game}.title`) ? t(`${game}.title`) : game;
}

/** A person's rating in words: its number, and "provisional" while it is (docs/ratings.md). */
export function ratingText(rating) {
  return rating.provisional ? t("rating.provisional", { rating: rating.rating })
    : String(rating.rating);
}

/** A bot's name in words ("Bot: quick" for `heuristic`), never its spec. */
export function botLabel(bot) {
  return t(`bot.${String(bot).replace(":", ".")}`);
}

/** Whether the catalog has a message for `key` (in the current language or English). */
export function has(key) {
  return key in catalog || key in fallback;
}

export function currentLanguage() {
  return current;
}

/** The languages the server offers: [{code, name}]. */
export function languages() {
  return known;
}

/** The language remembered for this browser, else `matchDefault`, else English. */
export function preferredLanguage(matchDefault) {
  const stored = localStorage.getItem(STORE_KEY);
  if (stored) return stored;
  return matchDefault || FALLBACK;
}

async function fetchCatalog(lang) {
  const response = await fetch(`/api/i18n/${encodeURIComponent(lang)}`);
  if (!response.ok) throw new Error(`no catalog for ${lang} (${response.status})`);
  const body = await response.json();
  return {
    messages: body.messages,
    counted: { plurals: body.plurals || {}, rule: pluralRule(body.plural_forms) },
  };
}

/** Load the catalog of `lang` (English as the fallback) and mark the document's language. */
export async function loadLanguage(lang) {
  if (!known.length) {
    try {
      const response = await fetch("/api/languages");
      if (response.ok) known = await response.json();
    } catch (_) {
      known = [];
    }
  }
  if (!Object.keys(fallback).length) {
    ({ messages: fallback, counted: fallbackCounted } = await fetchCatalog(FALLBACK));
  }
  try {
    if (lang === FALLBACK) {
      catalog = fallback;
      counted = fallbackCounted;
    } else {
      ({ messages: catalog, counted } = await fetchCatalog(lang));
    }
    current = lang;
  } catch (_) {
    catalog = fallback;
    counted = fallbackCounted;
    current = FALLBACK;
  }
  document.documentElement.lang = current;
  return current;
}

/** Switch language, remember it, re-label static texts and tell the page to redraw. */
export async function setLanguage(lang) {
  localStorage.setItem(STORE_KEY, lang);
  await loadLanguage(lang);
  applyStatic(document);
  document.dispatchEvent(new CustomEvent("sunking:language", { detail: current }));
}

/** Fill every data-i18n* marked element under `root`. */
export function applyStatic(root) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const attr of ["title", "placeholder", "aria-label"]) {
    const data = `i18n${attr.split("-").map((p) => p[0].toUpperCase() + p.slice(1)).join("")}`;
    for (const el of root.querySelectorAll(`[data-i18n-${attr}]`)) {
      el.setAttribute(attr, t(el.dataset[data]));
    }
  }
}

/** Turn a <select> into the language switch. */
export function bindLanguageSelect(select) {
  select.replaceChildren();
  for (const { code, name } of known) {
    const option = document.createElement("option");
    option.value = code;
    option.textContent = name;
    select.append(option);
  }
  select.value = current;
  select.addEventListener("change", () => setLanguage(select.value));
  document.addEventListener("sunking:language", () => { select.value = current; });
}
