// The game log and the evaluation account, in words, from the engine's events.

import { has, t } from "../../i18n.js";
import { COMPONENTS } from "./components.js";
import {
  blazonName, cardName, chipName, conditionShort, deckName, missionTitle, tileLabel,
} from "./labels.js";

/** Events that may follow an "evaluate" as part of that tile's outcome. */
const OUTCOME = new Set([
  "flip", "chip", "louis", "blazon", "blazon_kind", "influence_drawn", "influence_card",
  "intrigue_drawn", "intrigue_card", "bribe", "conde_stone", "maintenon",
]);
/** The rewards and bribes passed on, also part of a tile's outcome. */
const PASSED_IN_OUTCOME = new Set(["bribe", "conde"]);
/** Events that come before the "evaluate" of their tile. */
const BEFORE = new Set(["intrigue", "win_tie"]);

function inOutcome(e) {
  return OUTCOME.has(e.type) || (e.type === "pass" && PASSED_IN_OUTCOME.has(e.decision));
}

function whyText(why) {
  if (!why) return "";
  const tile = /^tile (\d+)$/.exec(why);
  if (tile) return t("louis14.why.tile", { tile: tileLabel(Number(tile[1])) });
  return t(`louis14.why.${why}`);
}

function list(names) {
  return names.join(", ");
}

/** The condition a tile shows on `side` (0 front, 1 back). */
function sideCondition(tile, side) {
  const data = COMPONENTS.tiles[String(tile)];
  return side ? data.back : data.front;
}

/**
 * One event in words. `ctx.colourName(colour)` names a seat (or the neutral colour);
 * `count` comes from merging repeated draws.
 */
export function eventText(e, ctx, count = 1) {
  const player = e.seat !== undefined && e.seat !== null ? ctx.colourName(e.seat) : "";
  const why = whyText(e.why);
  const tail = why ? ` (${why})` : "";
  switch (e.type) {
    case "setup":
      return t("louis14.log.setup", { players: e.players });
    case "taken_back":
      return t("undo.taken_back", { player });
    case "round":
      return t("louis14.log.round", { round: e.round, player: ctx.colourName(e.start_player) });
    case "money_card":
      return t("louis14.log.money_card", { amount: e.amount, tile: tileLabel(e.tile) });
    case "influence_drawn":
    case "intrigue_drawn":
    case "blazon":
      return (count > 1 ? t(`louis14.log.${e.type}.many`, { player, count }) : t(`louis14.log.${e.type}`, { player })) + tail;
    case "influence_card":
      return t("louis14.log.influence_card", { card: cardName(e.card) });
    case "blazon_kind":
      return t("louis14.log.blazon_kind", { kind: blazonName(e.kind) });
    case "intrigue_card":
      return t("louis14.log.intrigue_card", { tile: tileLabel(e.card) });
    case "place":
      return t("louis14.log.place", {
        player, card: cardName(e.card),
        stones: e.stones.map(([tile, n]) => t("louis14.action.stones_on", { n, tile })).join(", "),
      }) + (e.boost ? ` ${t("louis14.action.boosted")}` : "");
    case "retrieve":
      return t("louis14.log.retrieve", { player, card: cardName(e.card), n: e.stones });
    case "pay_to_pass":
      return t("louis14.log.pay_to_pass", { player });
    case "swap_influence":
      return t("louis14.log.swap_influence", { player, card: cardName(e.card) });
    case "last_card":
      return t("louis14.log.last_card", { player });
    case "last_card_face":
      return t("louis14.log.last_card_face", { card: cardName(e.card) });
    case "neutral":
      return t("louis14.log.neutral", { tiles: e.tiles.map(String).join(", ") });
    case "neutral_joker":
      return t("louis14.log.neutral_joker");
    case "mission_stone":
      return t("louis14.log.mission_stone", { player, tile: tileLabel(e.tile) });
    case "conde_stone":
      return t("louis14.log.conde_stone", { player, tile: tileLabel(e.tile) });
    case "reshuffle":
      return t("louis14.log.reshuffle");
    case "intrigue":
      return t(`louis14.log.intrigue.${e.source}`, { player, tile: tileLabel(e.tile), n: e.stones });
    case "win_tie":
      return t("louis14.log.win_tie", { player, tile: tileLabel(e.tile) });
    case "evaluate":
      return `${tileLabel(e.tile)}: ${outcomeLines(e, ctx).join("; ")}`;
    case "flip":
      return t("louis14.log.flip", { tile: tileLabel(e.tile),
        condition: conditionShort(sideCondition(e.tile, e.side)) });
    case "chip":
      return t("louis14.log.chip", { player, chip: chipName(e.chip) }) + tail;
    case "louis":
      return t("louis14.log.louis", { player, louis: e.louis })
        + (e.tile ? ` (${whyText(`tile ${e.tile}`)})` : ` (${t("louis14.why.mission")})`);
    case "bribe":
      return t("louis14.log.bribe", { player, tile: tileLabel(e.tile), louis: e.louis });
    case "maintenon":
      return t("louis14.log.maintenon", { player, n: e.stones, back: e.stones_back });
    case "stones_back":
      return t("louis14.log.stones_back", { player, n: e.stones });
    case "income":
      return t("louis14.log.income", { player,
        louis: t("louis14.count.louis", { n: e.louis }), stones: t("louis14.count.stones", { n: e.stones }) });
    case "lay_mission":
      return t("louis14.log.lay_mission", { player, mission: missionTitle(e.mission),
        chips: e.chips.map(chipName).join(" + ") });
    case "draw_mission":
      return t("louis14.log.draw_mission", { player, deck: deckName(e.deck) });
    case "mission_card":
      return t("louis14.log.mission_card", { mission: missionTitle(e.mission) });
    case "convert_chip":
      return t("louis14.log.convert_chip", { player, chip: chipName(e.chip) });
    case "keep_chip":
      return e.given_up.length
        ? t("louis14.log.keep_chip", { player, chip: chipName(e.chip), given: e.given_up.map(chipName).join(", ") })
        : t("louis14.log.keep_chip.none", { player, chip: chipName(e.chip) });
    case "swap_missions":
      return t("louis14.log.swap_missions", { player, n: e.decks.length });
    case "pass": {
      const passed = `louis14.log.pass.${e.decision}`;
      return t(has(passed) ? passed : "louis14.log.pass",
        { player, tile: e.tile ? tileLabel(e.tile) : "", louis: e.louis });
    }
    case "end_missions":
      return t("louis14.log.end_missions", { player, n: e.laid });
    case "game_end":
      return t("louis14.log.game_end", { players: list(e.winners.map((s) => ctx.colourName(s))) });
    default:
      return t("log.unknown", { type: e.type });
  }
}

/** A public draw and the private detail its owner sees (the card, the blazon's kind). */
const PARTNER = { influence_drawn: "influence_card", intrigue_drawn: "intrigue_card", blazon: "blazon_kind" };

function detail(e) {
  if (e.type === "influence_card") return cardName(e.card);
  if (e.type === "intrigue_card") return tileLabel(e.card);
  return blazonName(e.kind);
}

/** The log as entries {text, type, round, version, seat}; a run of draws of one kind by one
 * seat for one reason is told once, with what the seat saw of it. */
export function logEntries(events, ctx) {
  const out = [];
  let round = 0;
  let i = 0;
  while (i < events.length) {
    const e = events[i];
    if (e.type === "round") round = e.round;
    let j = i + 1;
    let text;
    const partner = PARTNER[e.type];
    if (partner) {
      let count = 1;
      const seen = [];
      while (j < events.length) {
        const f = events[j];
        if (f.version !== e.version || f.seat !== e.seat) break;
        if (f.type === partner) seen.push(detail(f));
        else if (f.type === e.type && (f.why || "") === (e.why || "")) count += 1;
        else break;
        j += 1;
      }
      text = eventText(e, ctx, count);
      if (seen.length) text += `: ${seen.join(", ")}`;
    } else {
      text = eventText(e, ctx);
    }
    out.push({ text, type: e.type, round, version: e.version, seat: e.seat,
      private: e.private_to !== undefined && e.private_to !== null });
    i = j;
  }
  return out;
}

/** Tell apart the outcome of an "evaluate" event in sentences. */
export function outcomeLines(e, ctx) {
  const lines = [];
  const n = ctx.players;
  const name = (c) => ctx.colourName(c);
  const present = e.stones.map((k, c) => [c, k]).filter(([, k]) => k > 0);
  if (!present.length) return [t("louis14.eval.empty")];
  const kind = /^money/.test(e.condition) ? "money"
    : /^stones/.test(e.condition) ? "stones" : "first";
  const value = Number((/\((\d+)\)/.exec(e.condition) || [0, 0])[1]);
  if (e.tie_winner !== null && e.tie_winner !== undefined) {
    lines.push(t("louis14.eval.tie_won", { player: name(e.tie_winner) }));
  }
  let toGeneral = [];
  if (kind === "stones") {
    lines.push(e.receivers.length
      ? t(e.receivers.length === 1 ? "louis14.eval.stones.one" : "louis14.eval.stones.some",
        { k: value, players: list(e.receivers.map(name)) })
      : t("louis14.eval.stones.none", { k: value }));
  } else if (e.louis) {
    if (e.firsts.length === 1) {
      const first = e.firsts[0];
      toGeneral = [first];
      lines.push(first >= n ? t("louis14.eval.majority.neutral")
        : t("louis14.eval.louis.first", { player: name(first), n: e.stones[first] }));
      if (e.seconds.length === 1 && e.seconds[0] < n) {
        lines.push(t("louis14.eval.louis.second", { player: name(e.seconds[0]), n: e.stones[e.seconds[0]] }));
      } else if (e.seconds.length > 1) {
        lines.push(t("louis14.eval.louis.tied_second", { players: list(e.seconds.map(name)) }));
      }
    } else {
      toGeneral = e.firsts;
      lines.push(t("louis14.eval.louis.tie", { players: list(e.firsts.map(name)) }));
    }
  } else if (e.firsts.length === 1) {
    const first = e.firsts[0];
    toGeneral = [first];
    lines.push(first >= n ? t("louis14.eval.majority.neutral")
      : t("louis14.eval.majority", { player: name(first), n: e.stones[first] }));
  } else {
    lines.push(t("louis14.eval.tie", { players: list(e.firsts.map(name)) }));
  }
  if (e.bribers.length) {
    lines.push(t("louis14.eval.bribers", { players: list(e.bribers.map(name)), cost: value }));
  }
  const general = present.filter(([c]) => toGeneral.includes(c)).map(([c]) => name(c));
  const personal = present.filter(([c]) => !toGeneral.includes(c) && c < n).map(([c]) => name(c));
  if (general.length) lines.push(t("louis14.eval.to_general", { players: list(general) }));
  if (personal.length) lines.push(t("louis14.eval.to_personal", { players: list(personal) }));
  if (present.some(([c]) => c >= n) && !toGeneral.some((c) => c >= n)) {
    lines.push(t("louis14.eval.neutral_back"));
  }
  return lines;
}

/**
 * The evaluations in the events, newest last: [{round, steps: [{tile, evaluate, before,
 * after}]}] where `before` holds the intrigue cards and won ties of that tile and `after`
 * what it handed out.
 */
export function evaluations(events) {
  const out = [];
  let round = 0;
  let current = null;
  let before = [];
  let step = null;
  for (const e of events) {
    if (e.type === "round") round = e.round;
    if (e.type === "reshuffle") {
      current = { round, steps: [] };
      out.push(current);
      before = [];
      step = null;
      continue;
    }
    if (!current) continue;
    if (BEFORE.has(e.type)) {
      before.push(e);
      step = null;
    } else if (e.type === "evaluate") {
      step = { tile: e.tile, evaluate: e, before: before.filter((b) => b.tile === e.tile), after: [] };
      before = [];
      current.steps.push(step);
    } else if (step && inOutcome(e)) {
      step.after.push(e);
    } else if (step) {
      step = null;
      if (current.steps.length === 12) current = null;
    }
  }
  return out;
}
