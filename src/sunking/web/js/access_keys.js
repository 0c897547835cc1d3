// The play page's keyboard shortcuts and its help dialog: "?" opens the list of keys, the pace
// of announcements and "what happened since my last move"; single keys jump to the decision,
// the chat and the log, and read the summary. Keys act only when no text field has the focus.

import { currentPace, PACES, setPace } from "./announce.js";
import { withProps as el } from "./dom.js";
import { t } from "./i18n.js";

const KEYS = [
  ["?", "keys.help"],
  ["d", "keys.decision"],
  ["s", "keys.summary"],
  ["c", "keys.chat"],
  ["l", "keys.log"],
  ["Escape", "keys.close"],
];

function typing(target) {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName);
}

/** The first control of the board that is a move to make (else the board itself). */
function focusDecision(game) {
  const control = game.querySelector(
    "button:not([disabled]):not([aria-disabled='true']), [role='button']:not([aria-disabled='true'])");
  const target = control || game;
  if (!control) game.setAttribute("tabindex", "-1");
  target.focus();
}

function focusLog(game) {
  const log = game.querySelector("[role='log'], .log, [aria-label][class*='log']");
  if (!log) return;
  if (!log.hasAttribute("tabindex")) log.setAttribute("tabindex", "-1");
  log.focus();
}

export class KeysHelp {
  constructor(ctx) {
    this.ctx = ctx;
    this.dialog = el("dialog", { className: "keys-help" });
    this.dialog.dataset.testid = "keys-help";
    this.dialog.setAttribute("aria-labelledby", "keys-title");
    document.body.append(this.dialog);
  }

  open() {
    const rows = KEYS.map(([key, text]) => el("tr", {},
      el("th", { scope: "row" }, el("kbd", { textContent: key === "Escape" ? t("keys.escape") : key })),
      el("td", { textContent: t(text) })));
    const table = el("table", { className: "keys-table" },
      el("caption", { className: "sr-only", textContent: t("keys.title") }),
      el("tbody", {}, ...rows));
    const pace = el("select", { id: "announce-pace" });
    for (const value of PACES) {
      pace.append(el("option", { value, textContent: t(`announce.pace.${value}`) }));
    }
    pace.value = currentPace();
    pace.addEventListener("change", () => setPace(pace.value));
    const since = el("button", { type: "button", className: "small", textContent: t("keys.summary") });
    since.addEventListener("click", () => {
      this.dialog.close();
      this.ctx.summary();
    });
    const close = el("button", { type: "button", className: "primary small", textContent: t("keys.close_button") });
    close.addEventListener("click", () => this.dialog.close());
    this.dialog.replaceChildren(
      el("h2", { id: "keys-title", textContent: t("keys.title") }),
      table,
      el("p", { className: "keys-pace" },
        el("label", { htmlFor: "announce-pace", textContent: t("announce.pace") }), " ", pace),
      el("p", { className: "hint", textContent: t("announce.pace_hint") }),
      el("div", { className: "keys-actions" }, since, close));
    this.dialog.showModal();
    pace.focus();
  }
}

/**
 * Bind the page's shortcuts.
 * @param {{game: HTMLElement, summary: () => void, chat: () => void, button: HTMLElement}} ctx
 */
export function bindAccessKeys(ctx) {
  const help = new KeysHelp(ctx);
  ctx.button.addEventListener("click", () => help.open());
  document.addEventListener("keydown", (event) => {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
    if (typing(event.target) || help.dialog.open) return;
    if (document.querySelector("dialog[open]")) return;
    const act = {
      "?": () => help.open(),
      d: () => focusDecision(ctx.game),
      s: () => ctx.summary(),
      c: () => ctx.chat(),
      l: () => focusLog(ctx.game),
    }[event.key];
    if (!act) return;
    event.preventDefault();
    act();
  });
}
