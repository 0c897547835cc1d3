// The play page's keyboard shortcuts and its help dialog: "?" opens the list of keys, the pace
// of announcements and "what happened since my last move"; single keys jump to the decision,
// the chat and the log, and read the summary; they act only when no text field has the focus.
// A screen reader in browse mode keeps single letters for itself (they move between headings,
// landmarks, lists…), so every shortcut also works with Alt+Shift, which it lets through (the
// letters chosen are none of Orca's Alt+Shift lists, nor a browser's); the single letters can
// be turned off (a voice command or a stray key then does nothing).

import { currentPace, PACES, setPace } from "./announce.js";
import { withProps as el } from "./dom.js";
import { t } from "./i18n.js";

const LETTERS_KEY = "sunking.keys.letters";

/** [single key, key with Alt+Shift, what it does, the action's name in the context]. */
const KEYS = [
  ["?", "?", "keys.help", "help"],
  ["d", "d", "keys.decision", "decision"],
  ["s", "s", "keys.summary", "summary"],
  ["c", "w", "keys.chat", "chat"],
  ["l", "j", "keys.log", "log"],
];

/** Whether single keys (without Alt+Shift) act as shortcuts in this browser (yes unless turned off). */
export function lettersOn() {
  try {
    return localStorage.getItem(LETTERS_KEY) !== "off";
  } catch (_) {
    return true;
  }
}

function setLetters(on) {
  try {
    localStorage.setItem(LETTERS_KEY, on ? "on" : "off");
  } catch (_) {
    // A browser that keeps nothing: the choice holds for this page only.
  }
}

function typing(target) {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName);
}

/**
 * Focus `node`, which is no control, with a tabindex only while it has the focus: to Chromium a
 * focusable container is a clickable ancestor of every text in it, and Orca then says
 * "clickable" after each line of it.
 */
export function focusHere(node) {
  if (!node.hasAttribute("tabindex")) {
    node.setAttribute("tabindex", "-1");
    node.addEventListener("blur", () => node.removeAttribute("tabindex"), { once: true });
  }
  node.focus();
}

/** The decision in front of the person: its title (each board's prompt has one; from there
 *  Tab reaches its choices and a screen reader has just read what is asked), else the first
 *  control of the board that is a move to make (the guide's "Hide the guide" is none), else
 *  the board itself. */
function focusDecision(game) {
  const title = game.querySelector(".prompt-title");
  if (title && title.getClientRects().length) {
    focusHere(title);
    return;
  }
  const control = game.querySelector(
    "button:not([disabled]):not([aria-disabled='true']):not(.guide-toggle), "
    + "[role='button']:not([aria-disabled='true'])");
  if (control) control.focus();
  else focusHere(game);
}

function focusLog(game) {
  const log = game.querySelector("[role='log'], .log, [aria-label][class*='log']");
  if (log) focusHere(log);
}

/** The key pressed with Alt+Shift, a letter whatever the layout makes of it ("" if none). */
function modifiedLetter(event) {
  if (event.key === "?" || /^[a-z]$/i.test(event.key)) return event.key.toLowerCase();
  const code = /^Key([A-Z])$/.exec(event.code || "");
  return code ? code[1].toLowerCase() : "";
}

/** The action a key press asks for (a name of `KEYS`), or null. */
export function shortcutOf(event, letters = lettersOn()) {
  if (event.ctrlKey || event.metaKey) return null;
  if (event.altKey) {
    if (!event.shiftKey) return null;
    const letter = modifiedLetter(event);
    const row = KEYS.find(([, withAlt]) => withAlt === letter);
    return row ? row[3] : null;
  }
  if (!letters) return null;
  const row = KEYS.find(([single]) => single === event.key);
  return row ? row[3] : null;
}

/** "s, Alt+Shift+S" as the keys list and `aria-keyshortcuts` write a shortcut. */
export function keyShortcuts(action) {
  const row = KEYS.find(([, , , name]) => name === action);
  return row ? `${row[0]} Alt+Shift+${row[1].toUpperCase()}` : "";
}

export class KeysHelp {
  constructor(ctx) {
    this.ctx = ctx;
    this.dialog = el("dialog", { className: "keys-help" });
    this.dialog.dataset.testid = "keys-help";
    this.dialog.setAttribute("aria-labelledby", "keys-title");
    document.body.append(this.dialog);
  }

  keysTable() {
    const rows = KEYS.map(([single, withAlt, text]) => el("tr", {},
      el("th", { scope: "row" }, el("kbd", { textContent: single }), " ",
        el("kbd", { textContent: t("keys.with_modifiers", { key: withAlt.toUpperCase() }) })),
      el("td", { textContent: t(text) })));
    if (this.ctx.replay) {
      rows.push(el("tr", {}, el("th", { scope: "row" }, el("kbd", { textContent: "←" }), " ",
        el("kbd", { textContent: "→" })), el("td", { textContent: t("keys.replay_steps") })));
    }
    rows.push(el("tr", {}, el("th", { scope: "row" }, el("kbd", { textContent: t("keys.escape") })),
      el("td", { textContent: t("keys.close") })));
    return el("table", { className: "keys-table" },
      el("caption", { className: "sr-only", textContent: t("keys.title") }),
      el("tbody", {}, ...rows));
  }

  open() {
    const pace = el("select", { id: "announce-pace" });
    for (const value of PACES) {
      pace.append(el("option", { value, textContent: t(`announce.pace.${value}`) }));
    }
    pace.value = currentPace();
    pace.addEventListener("change", () => setPace(pace.value));
    const letters = el("input", { type: "checkbox", id: "keys-letters", checked: lettersOn() });
    letters.addEventListener("change", () => setLetters(letters.checked));
    const since = el("button", { type: "button", className: "small", textContent: t("keys.summary") });
    since.addEventListener("click", () => {
      this.dialog.close();
      this.ctx.summary();
    });
    const close = el("button", { type: "button", className: "primary small", textContent: t("keys.close_button") });
    close.addEventListener("click", () => this.dialog.close());
    this.dialog.replaceChildren(
      el("h2", { id: "keys-title", textContent: t("keys.title") }),
      this.keysTable(),
      el("p", { className: "keys-letters" }, letters, " ",
        el("label", { htmlFor: "keys-letters", textContent: t("keys.letters") })),
      el("p", { className: "hint", textContent: t("keys.letters_hint") }),
      el("p", { className: "keys-pace" },
        el("label", { htmlFor: "announce-pace", textContent: t("announce.pace") }), " ", pace),
      el("p", { className: "hint", textContent: t("announce.pace_hint") }),
      el("div", { className: "keys-actions" }, since, close));
    this.ctx.hush();
    this.dialog.showModal();
    pace.focus();
  }
}

/**
 * Bind the page's shortcuts, the skip link, the Keys button and the "since my last move" button.
 * @param {{game: HTMLElement, waiting?: HTMLElement, summary: () => void, hush: () => void,
 *          chat: () => void, button: HTMLElement, sinceButton: HTMLElement,
 *          skip: HTMLAnchorElement, replay: boolean}} ctx
 */
export function bindAccessKeys(ctx) {
  const help = new KeysHelp(ctx);
  ctx.skip.addEventListener("click", (event) => {
    event.preventDefault();
    // While an open table waits, its waiting room stands in for the hidden board.
    focusHere(ctx.game.hidden && ctx.waiting && !ctx.waiting.hidden ? ctx.waiting : ctx.game);
  });
  ctx.button.addEventListener("click", () => help.open());
  ctx.button.setAttribute("aria-keyshortcuts", keyShortcuts("help"));
  ctx.sinceButton.addEventListener("click", () => ctx.summary());
  ctx.sinceButton.setAttribute("aria-keyshortcuts", keyShortcuts("summary"));
  const actions = {
    help: () => help.open(),
    decision: () => focusDecision(ctx.game),
    summary: () => ctx.summary(),
    chat: () => ctx.chat(),
    log: () => focusLog(ctx.game),
  };
  document.addEventListener("keydown", (event) => {
    if (event.defaultPrevented || help.dialog.open || document.querySelector("dialog[open]")) return;
    const action = shortcutOf(event);
    // A single key typed into a field is text; Alt+Shift+letter is a shortcut anywhere.
    if (!action || (!event.altKey && typing(event.target))) return;
    event.preventDefault();
    actions[action]();
  });
}
