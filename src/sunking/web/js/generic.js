// The screen for a game without its own client: its view as text and a button per legal
// action, so any game can be played (plainly) and no decision can get stuck.

import { t } from "./i18n.js";

export function createGameUI(root, ctx) {
  root.replaceChildren();
  const prompt = document.createElement("section");
  prompt.className = "panel prompt";
  const dump = document.createElement("pre");
  dump.className = "panel generic-view";
  root.append(prompt, dump);
  return {
    render(mv) {
      prompt.replaceChildren();
      const title = document.createElement("h2");
      title.textContent = mv.legal_actions && mv.legal_actions.length
        ? t("prompt.generic.title") : t("prompt.waiting", { player: ctx.colourName(mv.to_move) });
      prompt.append(title);
      const row = document.createElement("div");
      row.className = "choices";
      (mv.legal_actions || []).forEach((action, i) => {
        const button = document.createElement("button");
        button.type = "button";
        button.className = "choice";
        button.dataset.choice = String(i);
        button.textContent = JSON.stringify(action);
        button.disabled = ctx.mode === "replay";
        button.addEventListener("click", () => ctx.act(action));
        row.append(button);
      });
      prompt.append(row);
      dump.textContent = JSON.stringify(mv.view, null, 1);
    },
  };
}
