// Texts of Louis XIV things in the current language: tiles, cards, chips, missions,
// conditions, rewards, decisions and actions. Every text comes from the catalog.

import { t } from "../../i18n.js";
import { COMPONENTS } from "./components.js";

export const JOKER = 0;

/** A tile's person, e.g. "le Grand Condé". */
export function tileName(tile) {
  return t(`louis14.tile.name.${tile}`);
}

/** "6 · le Grand Condé" */
export function tileLabel(tile) {
  return t("louis14.tile.label", { n: tile, name: tileName(tile) });
}

/** An influence card: a person or the joker. */
export function cardName(card) {
  return card === JOKER ? t("louis14.card.joker") : tileName(card);
}

export function cardLabel(card) {
  return card === JOKER ? t("louis14.card.joker") : tileLabel(card);
}

export function chipName(code) {
  return t(`louis14.chip.${code}`);
}

/** What a blazon of `kind` (0-based) shows, in words ("lily"). */
export function blazonCharge(kind) {
  return t(`louis14.blazon.charge.${kind + 1}`);
}

/** How many kinds of blazon there are; a blazon drawn from an empty pool has none. */
export const BLAZON_KINDS = 6;

/** A blazon of `kind` (0-based) in words ("lily blazon"): kinds are told by picture, not number. */
export function blazonName(kind) {
  if (kind >= BLAZON_KINDS) return t("louis14.blazon.no_kind");
  return t("louis14.blazon.kind", { charge: blazonCharge(kind) });
}

export function deckName(deck) {
  return t(`louis14.deck.${deck}`);
}

/** A condition {kind, value} in a few words: "Bribe: 3", "1st place", "2 stones". */
export function conditionShort(cond) {
  if (!cond) return "";
  return t(`louis14.condition.${cond.kind}.short`, { value: cond.value });
}

/** A condition explained in a sentence. */
export function conditionText(cond) {
  if (!cond) return "";
  return t(`louis14.condition.${cond.kind}.text`, { value: cond.value });
}

export function rewardShort(tile) {
  return t(`louis14.tile.reward.short.${tile}`);
}

export function rewardText(tile) {
  return t(`louis14.tile.reward.${tile}`);
}

/** The other side's condition of `tile` given the side now shown. */
export function otherSide(tile, side) {
  const data = COMPONENTS.tiles[String(tile)];
  return side === "back" ? data.front : data.back;
}

export function mission(id) {
  return COMPONENTS.missions[id];
}

/** The mission card's short title, e.g. "+1 louis d'or" or "Stone on tile 3". */
export function missionTitle(id) {
  const m = mission(id);
  return t(`louis14.mission.title.${m.effect}`, { tile: m.tile, name: m.tile ? tileName(m.tile) : "" });
}

/** The mission card's full text. */
export function missionText(id) {
  const m = mission(id);
  return t(`louis14.mission.text.${m.effect}`, { tile: m.tile, name: m.tile ? tileName(m.tile) : "" });
}

export function needsText(id) {
  return mission(id).needs.map((c) => (c === "?" ? t("louis14.chip.any") : chipName(c))).join(" + ");
}

export function phaseName(phase) {
  return t(`louis14.phase.${phase}`);
}

/**
 * A readable label for any legal action, used by the generic prompt (so no decision can
 * ever get stuck) and for the buttons of the specific prompts.
 */
export function actionLabel(action) {
  const a = action;
  switch (a.type) {
    case "place":
      return t("louis14.action.place", {
        card: cardName(a.card),
        stones: a.stones.map(([tile, n]) => t("louis14.action.stones_on", { n, tile: tileLabel(tile) })).join(", "),
      }) + (a.boost ? ` ${t("louis14.action.boosted")}` : "");
    case "retrieve":
      return t("louis14.action.retrieve", { card: cardName(a.card) }) + (a.boost ? ` ${t("louis14.action.boosted")}` : "");
    case "pay_to_pass":
      return t("louis14.action.pay_to_pass");
    case "swap_influence":
      return t("louis14.action.swap_influence", { card: cardName(a.card) });
    case "income":
      return t("louis14.action.income", {
        louis: t("louis14.count.louis", { n: a.louis }), stones: t("louis14.count.stones", { n: a.stones }) });
    case "trade_stone":
      return t("louis14.action.trade_stone");
    case "place_stone":
      return t("louis14.action.place_stone", { tile: tileLabel(a.tile) });
    case "pass":
      return t("louis14.action.pass");
    case "intrigue":
      return t(`louis14.action.intrigue.${a.source}`, { n: a.stones });
    case "win_tie":
      return t("louis14.action.win_tie");
    case "bribe":
      return t("louis14.action.bribe");
    case "maintenon":
      return t("louis14.action.maintenon", { n: a.stones });
    case "lay_mission":
      return t("louis14.action.lay_mission", {
        mission: missionTitle(a.mission), chips: a.chips.map(chipName).join(" + "),
      });
    case "draw_mission":
      return t("louis14.action.draw_mission", { deck: deckName(a.deck) });
    case "convert_chip":
      return t("louis14.action.convert_chip", { chip: chipName(a.chip) });
    case "end_missions":
      return t("louis14.action.end_missions");
    case "keep_chip":
      return t("louis14.action.keep_chip", { chip: chipName(a.chip) });
    case "swap_missions":
      return t("louis14.action.swap_missions", { missions: a.missions.map(missionTitle).join(", ") });
    default:
      return t("action.other", { json: JSON.stringify(a) });
  }
}

/** The neighbours of every tile on the court (tiles touch at their corners only). */
export const NEIGHBOURS = (() => {
  const out = {};
  const pos = COMPONENTS.positions;
  for (const [tile, [c, r]] of Object.entries(pos)) {
    out[tile] = Object.entries(pos)
      .filter(([, [c2, r2]]) => Math.abs(c2 - c) === 1 && Math.abs(r2 - r) === 1)
      .map(([u]) => Number(u));
  }
  return out;
})();
