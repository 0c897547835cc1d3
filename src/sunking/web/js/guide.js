// The first-match guide: a sentence from the game's own catalog (<game>.guide.<decision kind>)
// that says what to do at the decision in front of the player, with a button to hide or show
// it. It is on until the player turns it off or has finished a match of that game.

import { has, t } from "./i18n.js";

const guideKey = (game) => `sunking.guide.${game}`;
const finishedKey = (game) => `sunking.finished.${game}`;

/** Whether the guide of `game` is shown: the player's choice, else until a finished match. */
export function guideOn(game) {
  const chosen = localStorage.getItem(guideKey(game));
  if (chosen) return chosen === "on";
  return localStorage.getItem(finishedKey(game)) !== "1";
}

/** Remember that this browser's player has finished a match of `game`. */
export function markFinished(game) {
  localStorage.setItem(finishedKey(game), "1");
}

/**
 * The guide's paragraph (when on) and its toggle for the decision `kind` of `game`; none when
 * the catalog has no guide for it. `redraw` is called after the toggle changed the setting.
 */
export function guideNodes(game, kind, redraw) {
  const key = `${game}.guide.${kind}`;
  if (!kind || !has(key)) return [];
  const on = guideOn(game);
  const nodes = [];
  if (on) {
    const text = document.createElement("p");
    text.className = "guide";
    text.dataset.testid = "guide";
    text.textContent = t(key);
    nodes.push(text);
  }
  const toggle = document.createElement("button");
  toggle.type = "button";
  toggle.className = "small guide-toggle";
  toggle.dataset.testid = "guide-toggle";
  toggle.textContent = on ? t("guide.hide") : t("guide.show");
  toggle.addEventListener("click", () => {
    localStorage.setItem(guideKey(game), on ? "off" : "on");
    redraw();
  });
  nodes.push(toggle);
  return nodes;
}
