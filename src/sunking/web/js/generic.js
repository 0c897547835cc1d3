// The screen of any game in words: the described board the server sends with every view
// (docs/presentation.md) drawn as a players table, your hand, the public zones, the log and
// every legal action as a sentence, grouped so a long list stays easy to scan. It holds no
// game's words of its own: every text comes from the board or the catalogs (a game's
// first-match guide, <game>.guide.<decision kind>, from its own).

import { cardElement, el, finalTable, playersTable } from "./generic_parts.js";
import { guideNodes, markFinished } from "./guide.js";
import { t } from "./i18n.js";
import { keepFocus } from "./keep_focus.js";

const AUTOPASS_KEY = "sunking.autopass";
const DEBUG_KEY = "sunking.debug";
/** How long the page shows a forced pass before making it. */
const AUTOPASS_MS = 1200;
/** Groups with at most this many actions start open; larger ones start folded. */
const OPEN_GROUP_MAX = 8;
/** Log lines shown (the newest). */
const LOG_LINES = 60;

/** The page asks the server for the described board in the page's language. */
export const describedBoard = true;

function setting(key, fallback) {
  const stored = localStorage.getItem(key);
  return stored === null ? fallback : stored === "1";
}

function checkbox(key, fallback, label, testid, onChange) {
  const box = el("input", { type: "checkbox" });
  box.checked = setting(key, fallback);
  box.dataset.testid = testid;
  box.addEventListener("change", () => {
    localStorage.setItem(key, box.checked ? "1" : "0");
    onChange(box.checked);
  });
  const text = el("span", { textContent: label });
  const wrap = el("label", { className: "generic-setting" });
  wrap.append(box, text);
  return { wrap, box, text };
}

export function createGameUI(root, ctx) {
  root.replaceChildren();
  const page = el("div", { className: "generic" });
  const banner = el("h2", { className: "generic-title" });
  const prompt = el("section", { className: "panel prompt" });
  prompt.setAttribute("aria-labelledby", "generic-prompt-title");
  prompt.dataset.testid = "prompt";
  const players = el("section", { className: "panel" });
  const result = el("section", { className: "panel" });
  const hand = el("section", { className: "panel" });
  hand.dataset.testid = "hand";
  const zones = el("div", { className: "generic-zones" });
  zones.dataset.testid = "zones";
  const log = el("section", { className: "panel generic-log" });
  log.dataset.testid = "log";
  const settings = el("div", { className: "generic-settings" });
  const debug = el("pre", { className: "panel generic-view" });
  debug.hidden = true;
  const main = el("div", { className: "generic-main" });
  const side = el("div", { className: "generic-side" });
  main.append(prompt, result, hand, zones);
  side.append(players, log, settings);
  page.append(banner, main, side, debug);
  root.append(page);

  /** Group titles the person opened or folded, kept across views. */
  const folded = new Map();
  let last = null;
  let passTimer = null;
  let passVersion = null;

  const autopass = checkbox(AUTOPASS_KEY, true, "", "autopass", () => draw());
  const showDebug = checkbox(DEBUG_KEY, false, "", "debug", () => draw());
  settings.append(autopass.wrap, showDebug.wrap);

  function cancelPass() {
    clearTimeout(passTimer);
    passTimer = null;
    passVersion = null;
  }

  /** A forced pass: shown for a moment, then made for the person (unless turned off). */
  function schedulePass(mv, board) {
    if (passVersion === mv.version) return;
    cancelPass();
    passVersion = mv.version;
    const entry = board.actions[0];
    passTimer = setTimeout(() => {
      passTimer = null;
      if (!last || last.version !== mv.version || !autopass.box.checked) return;
      ctx.act(mv.legal_actions[entry.index]);
    }, AUTOPASS_MS);
  }

  function drawActions(mv, board, mine) {
    const groups = new Map();
    for (const action of board.actions || []) {
      const name = action.group || "";
      if (!groups.has(name)) groups.set(name, []);
      groups.get(name).push(action);
    }
    const single = groups.size === 1;
    const list = el("div", { className: "action-groups" });
    for (const [name, actions] of groups) {
      const details = el("details", { className: "action-group" });
      details.open = folded.has(name) ? folded.get(name) : single || actions.length <= OPEN_GROUP_MAX;
      details.addEventListener("toggle", () => folded.set(name, details.open));
      const summary = el("summary", { className: "action-group-title" });
      summary.append(el("span", { textContent: name || t("generic.your_turn") }),
        el("span", { className: "count", textContent: String(actions.length) }));
      const row = el("div", { className: "choices" });
      row.setAttribute("role", "group");
      row.setAttribute("aria-label", name || t("generic.your_turn"));
      for (const action of actions) {
        const button = el("button", { type: "button", className: "choice", textContent: action.text });
        button.dataset.choice = String(action.index);
        button.disabled = !mine;
        button.addEventListener("click", () => {
          cancelPass();
          ctx.act(mv.legal_actions[action.index]);
        });
        row.append(button);
      }
      details.append(summary, row);
      list.append(details);
    }
    return list;
  }

  function drawPrompt(mv, board) {
    const live = ctx.mode === "live";
    const mine = live && (mv.legal_actions || []).length > 0 && (board.actions || []).length > 0;
    prompt.classList.toggle("my-turn", mine);
    prompt.replaceChildren();
    if (mv.status === "finished") {
      // The outcome in the prompt's place (on a phone it stays on screen); the table follows.
      cancelPass();
      prompt.append(el("h2", { className: "prompt-title", id: "generic-prompt-title", tabIndex: -1, textContent: t("generic.final") }));
      if (board.result && board.result.text) {
        prompt.append(el("p", { className: "prompt-text", textContent: board.result.text }));
      }
      if (live && mv.seat !== null && mv.seat !== undefined) markFinished(mv.game);
      return;
    }
    let title;
    if (mine) title = t("generic.your_turn");
    else if (board.waiting_for) title = t("generic.waiting", { player: board.waiting_for });
    else title = "";
    prompt.append(el("h2", { className: "prompt-title", id: "generic-prompt-title", tabIndex: -1, textContent: title }));
    if (board.prompt) prompt.append(el("p", { className: "prompt-text", textContent: board.prompt }));
    if (mine) {
      const decision = mv.view && mv.view.decision;
      prompt.append(...guideNodes(mv.game, decision ? decision.kind : null, () => draw()));
    }
    if (mine && board.forced_pass && autopass.box.checked) {
      const note = el("p", { className: "autopass-note", textContent: t("generic.autopassing") });
      note.dataset.testid = "autopassing";
      prompt.append(note);
      schedulePass(mv, board);
    } else if (passVersion !== mv.version) {
      cancelPass();
    }
    if (mine) prompt.append(drawActions(mv, board, mine));
  }

  function drawHand(board, seated) {
    hand.hidden = !seated;
    if (!seated) return;
    const cards = el("div", { className: "gcards" });
    for (const card of board.hand || []) cards.append(cardElement(card));
    hand.setAttribute("aria-label", t("generic.hand"));
    hand.replaceChildren(el("h3", { textContent: t("generic.hand") }),
      (board.hand || []).length ? cards : el("p", { className: "hint", textContent: t("generic.hand_empty") }));
  }

  function drawZones(board) {
    zones.replaceChildren();
    for (const zone of board.zones || []) {
      const box = el("section", { className: "panel generic-zone" });
      box.setAttribute("aria-label", zone.title);
      box.append(el("h3", { textContent: zone.title }));
      if ((zone.facts || []).length) {
        const facts = el("dl", { className: "gfacts" });
        for (const fact of zone.facts) {
          facts.append(el("dt", { textContent: fact.label }), el("dd", { textContent: fact.value }));
        }
        box.append(facts);
      }
      if ((zone.cards || []).length) {
        const cards = el("div", { className: "gcards" });
        for (const card of zone.cards) cards.append(cardElement(card));
        box.append(cards);
      }
      zones.append(box);
    }
  }

  function drawLog(board) {
    const lines = (board.log || []).slice(-LOG_LINES);
    const list = el("ol", { className: "plain generic-log-lines" });
    for (const line of lines) {
      const item = el("li", { textContent: line.text });
      list.append(item);
    }
    log.setAttribute("aria-label", t("generic.log"));
    log.replaceChildren(el("h3", { textContent: t("generic.log") }), list);
    list.scrollTop = list.scrollHeight;
  }

  function drawDebug(mv) {
    debug.hidden = !showDebug.box.checked;
    debug.textContent = debug.hidden ? "" : JSON.stringify(
      { view: mv.view, legal_actions: mv.legal_actions, board: mv.board }, null, 1);
  }

  function draw() {
    const mv = last;
    autopass.text.textContent = t("generic.autopass");
    showDebug.text.textContent = t("generic.debug");
    if (!mv) return;
    drawDebug(mv);
    if (!("board" in mv)) return; // a replay frame whose board is on its way
    const board = mv.board;
    if (!board) {
      banner.textContent = "";
      prompt.replaceChildren(el("p", { className: "hint", textContent: t("generic.no_board") }));
      for (const part of [result, players, hand, zones, log]) part.replaceChildren();
      return;
    }
    banner.textContent = [board.title, board.phase, board.round].filter(Boolean).join(" · ");
    drawPrompt(mv, board);
    result.hidden = mv.status !== "finished";
    result.setAttribute("aria-label", t("generic.final"));
    result.replaceChildren(...(result.hidden ? [] : [finalTable(mv, board, { outcome: false })]));
    players.setAttribute("aria-label", t("generic.players"));
    players.replaceChildren(el("h3", { textContent: t("generic.players") }), playersTable(board, ctx));
    drawHand(board, mv.seat !== null && mv.seat !== undefined);
    drawZones(board);
    drawLog(board);
  }

  document.addEventListener("sunking:language", () => draw());
  return {
    render(mv) {
      const same = Boolean(last) && last.version === mv.version;
      if (!same) cancelPass();
      last = mv;
      keepFocus(root, same, draw, () => prompt.querySelector(".prompt-title"));
    },
  };
}
