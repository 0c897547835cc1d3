// A prompt for every decision: derived from view.decision.kind and the legal actions.
//
// buildPrompt() returns a model the page draws: a title and text, buttons (each carrying one
// legal action or a step of building one), the tiles that can be clicked on the court, the
// hand cards that can be chosen and stones being placed. A button about chips carries their
// codes (`chips`): the page draws their icons before its words. Any decision kind without its own
// prompt gets a button per legal action, so no decision can get stuck.

import { t } from "../../i18n.js";
import {
  actionLabel, cardName, chipName, deckName, missionTitle, rewardText, tileLabel,
} from "./labels.js";
import { Placement } from "./placement.js";

const STONES_RETRIEVED = { joker: 2, person: 3, boost: 4 };

function button(label, onClick, extra = {}) {
  return { label, onClick, ...extra };
}

/** A button that sends `action` (one of the legal ones). */
function choice(ctx, action, label, extra = {}) {
  return button(label || actionLabel(action), () => ctx.act(action), { action, ...extra });
}

/** What the seat to move is deciding, in a sentence. */
export function waitingText(view, ctx) {
  const d = view.decision;
  if (!d) return "";
  const player = ctx.colourName(d.seat);
  return t(`louis14.decision.${d.kind}`, {
    player, tile: d.tile ? tileLabel(d.tile) : "", cost: d.cost ?? "",
  });
}

/** The prompt while it is not this seat's decision. */
function waitingPrompt(mv, ctx) {
  const view = mv.view;
  if (mv.status === "finished" || !view.decision) {
    return { title: t("prompt.over"), text: "", buttons: [], mine: false };
  }
  return { title: t("prompt.waiting", { player: ctx.colourName(view.decision.seat) }),
    text: waitingText(view, ctx), buttons: [], mine: false };
}

/** Influence phase: choose a card, then place stones tile by tile, or retrieve, or a mission. */
function turnPrompt(mv, sel, ctx) {
  const legal = mv.legal_actions;
  const view = mv.view;
  const me = view.players[mv.seat];
  const playable = new Set(legal.filter((a) => "card" in a && a.type !== "swap_influence").map((a) => a.card));
  const model = { title: t("louis14.prompt.turn.title"), text: t("louis14.prompt.turn.choose_card"), buttons: [],
    mine: true, cards: { enabled: playable, chosen: sel.card, chosenIndex: sel.cardIndex,
      onCard: (card, index) => ctx.chooseCard(card, index) } };
  const payToPass = legal.find((a) => a.type === "pay_to_pass");
  if (sel.card === null || sel.card === undefined) {
    if (payToPass) model.buttons.push(choice(ctx, payToPass, t("louis14.prompt.turn.pay_to_pass"), { testid: "pay-to-pass" }));
    return model;
  }
  const card = sel.card;
  const canBoost = legal.some((a) => a.card === card && a.boost);
  const boost = Boolean(sel.boost && canBoost);
  if (!sel.placement || sel.placement.card !== card || sel.placement.boost !== boost) {
    sel.placement = new Placement(legal, card, boost);
  }
  const p = sel.placement;
  const options = p.options();
  const done = p.complete();
  const counts = p.counts();
  const placed = [...counts.values()].reduce((a, b) => a + b, 0);
  model.title = t("louis14.prompt.turn.card_chosen", { card: cardName(card) });
  if (!p.possible()) model.text = t("louis14.prompt.turn.no_stones");
  else if (!placed) model.text = t("louis14.prompt.turn.first_tile");
  else model.text = t("louis14.prompt.turn.placed", { n: placed });
  model.tileOptions = options;
  model.onTile = (tile) => {
    if (p.add(tile)) ctx.rerender();
  };
  model.preview = counts;
  model.buttons.push(button(t("louis14.prompt.turn.place", { n: placed }), () => done && ctx.act(done),
    { primary: true, disabled: !done, testid: "place" }));
  if (placed) model.buttons.push(button(t("louis14.prompt.turn.undo"), () => { p.undo(); ctx.rerender(); }, { testid: "undo" }));
  const retrieve = legal.find((a) => a.type === "retrieve" && a.card === card && Boolean(a.boost) === boost);
  const most = boost ? STONES_RETRIEVED.boost : card === 0 ? STONES_RETRIEVED.joker : STONES_RETRIEVED.person;
  const back = Math.min(most, me.general);
  // Taking stones back spends the card: offered when it moves a stone (or nothing else can be
  // done with the card), and asked twice.
  if (retrieve && (back > 0 || !p.possible())) {
    if (sel.retrieving) {
      model.text = t("louis14.prompt.turn.retrieve_confirm", { card: cardName(card), n: back });
      model.tileOptions = new Set();
      model.buttons = [
        choice(ctx, retrieve, t("louis14.prompt.turn.retrieve_yes", { n: back }), { primary: true, testid: "retrieve-confirm" }),
        button(t("louis14.prompt.turn.retrieve_no"), () => { sel.retrieving = false; ctx.rerender(); }, { testid: "retrieve-cancel" }),
      ];
      return model;
    }
    model.buttons.push(button(t("louis14.prompt.turn.retrieve", { n: back }),
      () => { sel.retrieving = true; ctx.rerender(); }, { testid: "retrieve" }));
  }
  if (canBoost) {
    model.buttons.push(button(boost ? t("louis14.prompt.turn.boost_off") : t("louis14.prompt.turn.boost_on"),
      () => { sel.boost = !boost; sel.placement = null; ctx.rerender(); }, { testid: "boost" }));
  }
  const swap = legal.find((a) => a.type === "swap_influence" && a.card === card);
  if (swap) model.buttons.push(choice(ctx, swap, t("louis14.prompt.turn.swap"), { testid: "swap-influence" }));
  if (payToPass) model.buttons.push(choice(ctx, payToPass, t("louis14.prompt.turn.pay_to_pass"), { testid: "pay-to-pass" }));
  model.buttons.push(button(t("louis14.prompt.turn.other_card"), () => ctx.chooseCard(null, null), { testid: "cancel" }));
  return model;
}

function tilePrompt(mv, ctx, title, text) {
  const legal = mv.legal_actions;
  const tiles = legal.filter((a) => a.type === "place_stone");
  const pass = legal.find((a) => a.type === "pass");
  return {
    title, text, mine: true,
    tileOptions: new Set(tiles.map((a) => a.tile)),
    onTile: (tile) => {
      const action = tiles.find((a) => a.tile === tile);
      if (action) ctx.act(action);
    },
    buttons: [
      ...(tiles.length === 1 ? [choice(ctx, tiles[0], t("louis14.prompt.place_on", { tile: tileLabel(tiles[0].tile) }), { primary: true })] : []),
      ...(pass ? [choice(ctx, pass, t("louis14.prompt.no_stone"))] : []),
    ],
  };
}

/** The prompt of this seat's pending decision. */
export function buildPrompt(mv, sel, ctx) {
  const view = mv.view;
  const d = view.decision;
  const legal = mv.legal_actions || [];
  const mine = mv.seat !== null && mv.seat !== undefined && d && d.seat === mv.seat
    && legal.length > 0 && mv.status !== "finished";
  if (!mine) return waitingPrompt(mv, ctx);
  const pass = legal.find((a) => a.type === "pass");
  const others = (type) => legal.filter((a) => a.type === type);
  switch (d.kind) {
    case "turn":
      return turnPrompt(mv, sel, ctx);
    case "intrigue": {
      const plays = others("intrigue");
      return {
        title: t("louis14.prompt.intrigue.title", { tile: tileLabel(d.tile) }),
        text: plays.length ? t("louis14.prompt.intrigue.text") : t("louis14.prompt.intrigue.none"),
        mine: true, highlight: d.tile,
        buttons: [
          ...plays.map((a) => choice(ctx, a)),
          ...(pass ? [choice(ctx, pass, plays.length ? t("louis14.prompt.intrigue.pass") : t("prompt.continue"))] : []),
        ],
      };
    }
    case "tie":
      return { title: t("louis14.prompt.tie.title", { tile: tileLabel(d.tile) }), text: t("louis14.prompt.tie.text"),
        mine: true, highlight: d.tile,
        buttons: legal.map((a) => choice(ctx, a, a.type === "win_tie" ? t("louis14.prompt.tie.use") : t("louis14.prompt.tie.pass"))) };
    case "bribe":
      return { title: t("louis14.prompt.bribe.title", { tile: tileLabel(d.tile) }),
        text: t("louis14.prompt.bribe.text", { cost: d.cost, reward: rewardText(d.tile), money: view.players[mv.seat].money }),
        mine: true, highlight: d.tile,
        buttons: legal.map((a) => choice(ctx, a, a.type === "bribe"
          ? t("louis14.prompt.bribe.pay", { cost: d.cost }) : t("louis14.prompt.bribe.pass"), { primary: a.type === "bribe" })) };
    case "conde":
      return tilePrompt(mv, ctx, t("louis14.prompt.conde.title"), t("louis14.prompt.conde.text"));
    case "end_stone":
      return tilePrompt(mv, ctx, t("louis14.prompt.end_stone.title"), t("louis14.prompt.end_stone.text"));
    case "mission_stone":
      return tilePrompt(mv, ctx, t("louis14.prompt.mission_stone.title"),
        t("louis14.prompt.mission_stone.text", { tile: tileLabel(d.tile), mission: missionTitle(d.mission) }));
    case "maintenon":
      return { title: t("louis14.prompt.maintenon.title"), text: t("louis14.prompt.maintenon.text"), mine: true,
        highlight: 5, buttons: legal.map((a) => choice(ctx, a, t("louis14.prompt.maintenon.stones", { n: a.stones }))) };
    case "missions": {
      const lays = others("lay_mission");
      const converts = others("convert_chip");
      const end = legal.find((a) => a.type === "end_missions");
      return { title: t("louis14.prompt.missions.title"),
        text: lays.length ? t("louis14.prompt.missions.text") : t("louis14.prompt.missions.none"), mine: true,
        buttons: [
          ...lays.map((a) => choice(ctx, a, t("louis14.prompt.missions.lay", {
            mission: missionTitle(a.mission), chips: a.chips.map(chipName).join(" + ") }), { chips: a.chips })),
          ...converts.map((a) => choice(ctx, a, t("louis14.prompt.missions.convert", { chip: chipName(a.chip) }),
            { chips: [a.chip] })),
          ...(end ? [choice(ctx, end, t("louis14.prompt.missions.end"), { primary: !lays.length })] : []),
        ] };
    }
    case "draw":
      return { title: t("louis14.prompt.draw.title"), text: t("louis14.prompt.draw.text"), mine: true,
        buttons: legal.map((a) => choice(ctx, a, t("louis14.prompt.draw.deck", {
          deck: deckName(a.deck), n: view.supply.mission_decks[a.deck] }))) };
    case "keep":
      return { title: t("louis14.prompt.keep.title"), text: t("louis14.prompt.keep.text"), mine: true,
        buttons: legal.map((a) => choice(ctx, a, t("louis14.prompt.keep.chip", { chip: chipName(a.chip) }),
          { chips: [a.chip] })) };
    case "swap":
      return { title: t("louis14.prompt.swap.title"), text: t("louis14.prompt.swap.text"), mine: true,
        buttons: legal.map((a) => choice(ctx, a, a.type === "pass" ? t("louis14.prompt.swap.keep")
          : t("louis14.prompt.swap.these", { missions: a.missions.map(missionTitle).join(" + ") }))) };
    case "income":
      return { title: t("louis14.prompt.income.title"), text: t("louis14.prompt.income.text"), mine: true,
        buttons: legal.map((a) => choice(ctx, a)) };
    case "trade":
      return { title: t("louis14.prompt.trade.title"), text: t("louis14.prompt.trade.text"), mine: true,
        buttons: legal.map((a) => choice(ctx, a, a.type === "pass" ? t("louis14.prompt.trade.pass") : t("louis14.prompt.trade.do"))) };
    default:
      return { title: t("prompt.generic.title"), text: t("prompt.generic.text", { kind: d.kind }),
        mine: true, buttons: legal.map((a) => choice(ctx, a)) };
  }
}
