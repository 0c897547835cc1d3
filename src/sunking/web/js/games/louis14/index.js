// The Louis XIV screen: court, prompt, your holdings, the players, the evaluation account,
// the final table and the log. createGameUI() returns {render(matchView)}.

import { guideNodes, markFinished } from "../../guide.js";
import { t } from "../../i18n.js";
import { keepFocus } from "../../keep_focus.js";
import { drawCourt } from "./court.js";
import { el } from "./dom.js";
import { drawFinal } from "./final.js";
import { chipIcon } from "./icons.js";
import { conditionShort, phaseName, tileLabel } from "./labels.js";
import { evaluations, eventText, logEntries, outcomeLines } from "./log.js";
import { drawPlayers, drawYou, leftToAct } from "./panels.js";
import { buildPrompt, waitingText } from "./prompts.js";

const STEP_MS = 1400;
const LOG_SHOWN = 400;

/** A legal action in words (for the AI's hints). */
export { actionLabel } from "./labels.js";

export function createGameUI(root, pageCtx) {
  // The page names the seats; a colour beyond them is Louis XIV's neutral colour.
  const ctx = Object.create(pageCtx);
  ctx.colourName = (colour) => pageCtx.colourName(colour)
    || (colour === null || colour === undefined ? "" : t("louis14.player.neutral"));
  root.replaceChildren();
  const banner = el("div", { className: "turn-banner", "data-testid": "turn-banner" });
  const court = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  court.classList.add("court");
  court.setAttribute("data-testid", "court");
  // Each area a region named by its heading (the court is a group named by its title).
  const prompt = el("section", { className: "panel prompt", "data-testid": "prompt", "aria-labelledby": "l14-prompt-title" });
  const you = el("section", { className: "panel you", "data-testid": "you", "aria-labelledby": "l14-you-title" });
  const players = el("section", { className: "panel players", "data-testid": "players", "aria-labelledby": "l14-players-title" });
  const account = el("section", { className: "panel account", "data-testid": "account", hidden: true, "aria-labelledby": "l14-account-title" });
  const final = el("section", { className: "panel final", "data-testid": "final", hidden: true, "aria-labelledby": "l14-final-title" });
  const log = el("section", { className: "panel log", "data-testid": "log", "aria-labelledby": "l14-log-title" });
  root.append(el("div", { className: "l14" },
    el("div", { className: "l14-main" }, banner,
      // The court is the bank: louis d'or paid fly to it, louis d'or received from it.
      el("div", { className: "court-wrap", "data-flow-source": "louis", "data-flow-sink": "louis" },
        // On a phone the court is wider than the screen: the hint says that it pans.
        el("p", { className: "pan-hint", "data-i18n": "louis14.court.pan", text: t("louis14.court.pan") }),
        court), final, account),
    el("div", { className: "l14-side" }, prompt, you, players, log)));

  let mv = null;
  const sel = { card: null, cardIndex: null, boost: false, placement: null, version: -1 };
  const acc = { count: 0, step: -1, timer: null, follow: true, key: null };
  /** The last move(s) seen: tiles whose stones changed and the version before them. */
  const moves = { version: null, before: -1, stones: null, changed: new Set() };

  // Inherits from ctx (its getters too: the seat is read when asked, not copied now).
  const gameCtx = Object.assign(Object.create(ctx), {
    players: 0,
    act(action) {
      sel.card = null;
      sel.placement = null;
      ctx.act(action);
    },
    chooseCard(card, index) {
      sel.card = card;
      sel.cardIndex = index;
      sel.placement = null;
      sel.retrieving = false;
      render();
    },
    rerender() {
      render();
    },
  });

  let finalShown = false;

  function drawBanner(view) {
    const parts = [];
    if (view.phase === "end" || mv.status === "finished") {
      parts.push(el("strong", { text: t("banner.over") }));
      const winners = (view.result && view.result.winners) || [];
      if (winners.length) {
        parts.push(el("span", { className: "who", "data-testid": "banner-winner",
          text: t(winners.length > 1 ? "louis14.final.winners" : "louis14.final.winner",
            { players: winners.map((s) => ctx.colourName(s)).join(", ") }) }));
      }
    } else {
      parts.push(el("strong", { text: t("louis14.banner.round", { round: view.round, rounds: 4 }) }),
        el("span", { text: phaseName(view.phase) }));
      if (view.decision) {
        const who = view.decision.seat;
        const mine = who === mv.seat;
        parts.push(el("span", { className: `who ${mine ? "mine" : ""}`, "data-testid": "to-move",
          text: mine ? t("banner.your_turn") : t("banner.to_move", { player: ctx.colourName(who) }) }));
      }
      const waiting = leftToAct(view).filter((p) => !view.decision || p !== view.decision.seat);
      if (waiting.length) {
        parts.push(el("span", { className: "left", text: t("banner.left_to_act",
          { players: waiting.map((p) => ctx.colourName(p)).join(", ") }) }));
      }
    }
    banner.replaceChildren(...parts.flatMap((p, i) => (i ? [el("span", { className: "sep", text: "·" }), p] : [p])));
  }

  /** When a new version arrives, note which tiles' stones it changed (to show the move). */
  function noteMoves(view) {
    if (moves.version === mv.version) return;
    const stones = new Map(view.tiles.map((tile) => [tile.tile, tile.stones.join(",")]));
    moves.changed = new Set();
    if (moves.stones && moves.version !== null && mv.version > moves.version) {
      for (const [tile, now] of stones) if (moves.stones.get(tile) !== now) moves.changed.add(tile);
      moves.before = moves.version;
    } else {
      moves.before = mv.version;
    }
    moves.version = mv.version;
    moves.stones = stones;
  }

  function drawLog(events) {
    const entries = logEntries(events, gameCtx).slice(-LOG_SHOWN);
    const list = el("ol", { className: "log-list", "data-testid": "log-list" });
    let round = null;
    for (const entry of entries) {
      if (entry.round !== round) {
        round = entry.round;
        if (round) list.append(el("li", { className: "log-round", text: t("log.round_header", { round }) }));
      }
      const fresh = entry.version > moves.before ? " log-new" : "";
      list.append(el("li", { className: `log-entry log-${entry.type}${entry.private ? " private" : ""}${fresh}`,
        text: entry.text }));
    }
    const scroller = el("div", { className: "log-scroll" }, list);
    log.replaceChildren(el("h2", { id: "l14-log-title", text: t("log.title") }), scroller);
    scroller.scrollTop = scroller.scrollHeight;
  }

  function stepDetail(step) {
    const e = step.evaluate;
    const box = el("div", { className: "step-detail", "data-testid": "account-step" });
    box.append(el("h3", {}, el("span", { text: tileLabel(step.tile) }),
      el("span", { className: "cond", text: ` · ${conditionShort(conditionOf(e.condition))}` }),
      e.louis ? el("span", { className: "louis-note", text: ` · ${t("louis14.account.louis")}` }) : null));
    const stones = el("div", { className: "step-stones" });
    e.stones.forEach((n, colour) => {
      if (!n) return;
      stones.append(el("span", { className: `stone-pill ${ctx.colourClass(colour)}` },
        el("span", { className: "dot" }), document.createTextNode(` ${ctx.colourName(colour)}: ${n}`)));
    });
    box.append(stones);
    const lines = el("ul", { className: "step-lines" });
    for (const b of step.before) lines.append(el("li", { className: "before", text: eventText(b, gameCtx) }));
    for (const text of outcomeLines(e, gameCtx)) lines.append(el("li", { className: "why", text }));
    for (const entry of logEntries(step.after, gameCtx)) {
      lines.append(el("li", { className: `after log-${entry.type}`, text: entry.text }));
    }
    box.append(lines);
    return box;
  }

  function conditionOf(label) {
    const m = /^(money|stones)\((\d+)\)$/.exec(label);
    return m ? { kind: m[1], value: Number(m[2]) } : { kind: "first", value: 0 };
  }

  function currentEvaluation() {
    const all = evaluations(mv.events || []);
    return all.length ? { ...all[all.length - 1], key: all.length } : null;
  }

  function drawAccount() {
    const ev = currentEvaluation();
    if (!ev || !ev.steps.length) {
      account.hidden = true;
      return null;
    }
    // A new evaluation: follow it live again, whatever step of the last one was looked at.
    if (acc.key !== ev.key) {
      stopPlay();
      acc.key = ev.key;
      acc.follow = true;
      acc.count = 0;
    }
    account.hidden = false;
    const steps = ev.steps;
    const withStones = steps.filter((s) => s.evaluate.stones.some((n) => n > 0));
    const shown = withStones.length ? withStones : steps;
    if (shown.length !== acc.count) {
      if (acc.follow || acc.step >= shown.length) acc.step = shown.length - 1;
      acc.count = shown.length;
    }
    if (acc.step < 0) acc.step = shown.length - 1;
    const step = shown[acc.step];
    const empty = steps.filter((s) => !s.evaluate.stones.some((n) => n > 0)).map((s) => s.tile);
    const nav = el("div", { className: "step-nav" },
      el("button", { type: "button", className: "small", "data-testid": "account-prev",
        disabled: acc.step <= 0, text: `◀ ${t("louis14.account.prev")}`,
        onclick: () => { stopPlay(); acc.follow = false; acc.step -= 1; render(); } }),
      el("span", { className: "step-count", text: t("louis14.account.step", { n: acc.step + 1, total: shown.length }) }),
      el("button", { type: "button", className: "small", "data-testid": "account-next",
        disabled: acc.step >= shown.length - 1, text: `${t("louis14.account.next")} ▶`,
        onclick: () => { stopPlay(); acc.step += 1; acc.follow = acc.step === shown.length - 1; render(); } }),
      el("button", { type: "button", className: "small", "data-testid": "account-play",
        text: acc.timer ? t("louis14.account.stop") : t("louis14.account.play"), onclick: togglePlay }));
    const chips = el("div", { className: "step-tiles" },
      ...shown.map((s, i) => el("button", { type: "button",
        className: `step-tile${i === acc.step ? " current" : ""}`, title: tileLabel(s.tile),
        "aria-label": tileLabel(s.tile), "aria-current": i === acc.step ? "step" : null,
        text: String(s.tile), onclick: () => { stopPlay(); acc.step = i; acc.follow = i === shown.length - 1; render(); } })));
    account.replaceChildren(
      el("h2", { id: "l14-account-title", text: t("louis14.account.title", { round: ev.round }) }), nav, chips, stepDetail(step));
    if (empty.length) {
      account.append(el("p", { className: "hint", text: t("louis14.account.empty_tiles", { tiles: empty.join(", ") }) }));
    }
    return step;
  }

  function stopPlay() {
    if (acc.timer) clearInterval(acc.timer);
    acc.timer = null;
  }

  function togglePlay() {
    if (acc.timer) {
      stopPlay();
      render();
      return;
    }
    acc.follow = false;
    acc.step = 0;
    acc.timer = setInterval(() => {
      if (acc.step >= acc.count - 1) {
        stopPlay();
        acc.follow = true;
      } else {
        acc.step += 1;
      }
      render();
    }, STEP_MS);
    render();
  }

  function drawPrompt(model) {
    prompt.replaceChildren();
    prompt.classList.toggle("my-turn", Boolean(model.mine));
    prompt.append(el("h2", { className: "prompt-title", id: "l14-prompt-title", tabindex: "-1", text: model.title }));
    if (model.text) prompt.append(el("p", { className: "prompt-text", text: model.text }));
    if (model.mine && ctx.mode !== "replay") {
      prompt.append(...guideNodes("louis14", mv.view.decision ? mv.view.decision.kind : null, render));
    }
    if (model.buttons.length) {
      const row = el("div", { className: "choices", role: "group", "aria-label": t("louis14.prompt.choices") });
      model.buttons.forEach((b, i) => {
        const node = el("button", { type: "button",
          className: `choice${b.primary ? " primary" : ""}`, "data-choice": i,
          "data-testid": b.testid || null, disabled: b.disabled || ctx.mode === "replay", text: b.label });
        // The chips a choice is about, drawn before the words that name them.
        if (b.chips) node.prepend(el("span", { className: "choice-chips" }, ...b.chips.map((c) => chipIcon(c))));
        node.addEventListener("click", () => {
          if (!node.disabled) b.onClick();
        });
        row.append(node);
      });
      prompt.append(row);
    }
  }

  /** The version last drawn: a redraw of the same one keeps the focus on its control. */
  let drawnVersion = null;

  function render() {
    if (!mv) return;
    const same = drawnVersion === mv.version;
    drawnVersion = mv.version;
    keepFocus(root, same, draw, () => prompt.querySelector(".prompt-title"));
  }

  function draw() {
    const view = mv.view;
    gameCtx.players = view.num_players;
    if (sel.version !== mv.version) {
      sel.version = mv.version;
      sel.card = null;
      sel.placement = null;
      sel.boost = false;
      sel.retrieving = false;
    }
    noteMoves(view);
    drawBanner(view);
    const model = ctx.mode === "replay"
      ? { title: t("prompt.replay"), text: waitingText(view, gameCtx), buttons: [], mine: false }
      : buildPrompt(mv, sel, gameCtx);
    drawPrompt(model);
    const step = drawAccount();
    const shownStones = new Map();
    let highlight = model.highlight ?? null;
    if (step && !model.tileOptions && highlight === step.tile) {
      shownStones.set(step.tile, step.evaluate.stones);
    } else if (step && !model.tileOptions
      && (acc.timer || !acc.follow || (!model.mine && view.phase === "evaluation"))) {
      // A step the player chose (or the one being played) is shown on the court at any time;
      // the live one while someone else decides during the evaluation.
      highlight = step.tile;
      shownStones.set(step.tile, step.evaluate.stones);
    }
    drawCourt(court, view, {
      colourClass: ctx.colourClass,
      colourName: ctx.colourName,
      options: model.tileOptions || null,
      onTile: model.onTile || (() => {}),
      preview: model.preview || null,
      previewColour: mv.seat,
      highlight,
      shownStones,
      moved: moves.changed,
    });
    drawYou(you, view, gameCtx, model.cards || null);
    drawPlayers(players, view, gameCtx);
    const result = view.result || null;
    final.hidden = !result;
    if (result) drawFinal(final, result, gameCtx);
    // The final table is what a player looks for once the match ends: bring it into view once.
    if (result && !finalShown) {
      finalShown = true;
      requestAnimationFrame(() => final.scrollIntoView({ block: "start" }));
    }
    if (result && ctx.mode === "live" && mv.seat !== null && mv.seat !== undefined) {
      markFinished("louis14");
    }
    drawLog(mv.events || []);
  }

  return {
    render(next) {
      mv = next;
      render();
    },
    relabel() {
      render();
    },
  };
}
