// The rules help of a game (/rules/<game>): the game in short and how this program reads the
// points its rulebooks leave open, from the catalog's <game>.rules.* texts, in the current
// language.

import { errorText } from "./api.js";
import { withProps as el } from "./dom.js";
import {
  applyStatic, bindLanguageSelect, has, loadLanguage, preferredLanguage, t,
} from "./i18n.js";
import { startTutorial } from "./tutorial.js";

const game = decodeURIComponent(window.location.pathname.split("/").filter(Boolean)[1] || "");

/** The texts <game>.rules.<part>.1, .2, … that the catalog has, in order. */
function numbered(part) {
  const out = [];
  for (let n = 1; has(`${game}.rules.${part}.${n}`); n += 1) out.push(t(`${game}.rules.${part}.${n}`));
  return out;
}

/** The button that starts the game's tutorial, and where its refusal is told. */
function tutorialStart() {
  if (!has(`${game}.tutorial.end`)) return [];
  const failed = el("p", { className: "form-error", role: "alert", hidden: true });
  const start = el("button", { type: "button", textContent: t("tutorial.start") });
  start.dataset.testid = "tutorial-start";
  start.addEventListener("click", () => {
    start.disabled = true;
    startTutorial(game).catch((err) => {
      start.disabled = false;
      failed.textContent = errorText(err);
      failed.hidden = false;
    });
  });
  return [el("div", { className: "tutorial-start" }, start, failed)];
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
    ...tutorialStart(),
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
  if (window.location.pathname.startsWith("/tutorial/")) {
    const start = document.querySelector("[data-testid=tutorial-start]");
    if (start) start.click();
  }
}

main();
