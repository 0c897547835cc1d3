// The rules help of a game (/rules/<game>): the game in short and how this program reads the
// points its rulebooks leave open, from the catalog's <game>.rules.* texts, in the current
// language.

import { withProps as el } from "./dom.js";
import {
  applyStatic, bindLanguageSelect, has, loadLanguage, preferredLanguage, t,
} from "./i18n.js";

const game = decodeURIComponent(window.location.pathname.split("/").filter(Boolean)[1] || "");

/** The texts <game>.rules.<part>.1, .2, … that the catalog has, in order. */
function numbered(part) {
  const out = [];
  for (let n = 1; has(`${game}.rules.${part}.${n}`); n += 1) out.push(t(`${game}.rules.${part}.${n}`));
  return out;
}

function draw() {
  const main = document.getElementById("rules");
  const known = /^[a-z0-9_]+$/.test(game) && has(`${game}.rules.title`);
  const name = known ? t(`${game}.rules.title`) : "";
  document.title = `${t("rules.title")}${name ? ` · ${name}` : ""} · ${t("app.title")}`;
  document.getElementById("rules-title").textContent = name ? `${t("rules.title")} · ${name}` : t("rules.title");
  if (!known) {
    main.replaceChildren(el("p", { className: "hint", textContent: t("rules.none") }));
    return;
  }
  const readings = el("ol", { className: "rules-readings" },
    ...numbered("reading").map((text) => el("li", { textContent: text })));
  readings.dataset.testid = "rules-readings";
  main.replaceChildren(
    el("h2", { textContent: t("rules.overview") }),
    ...numbered("intro").map((text) => el("p", { textContent: text })),
    el("h2", { textContent: t("rules.readings") }),
    readings);
}

async function main() {
  await loadLanguage(preferredLanguage(null));
  applyStatic(document);
  bindLanguageSelect(document.getElementById("lang"));
  draw();
  document.addEventListener("sunking:language", draw);
  document.body.dataset.ready = "1";
}

main();
