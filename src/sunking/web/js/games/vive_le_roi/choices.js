// What the seat may do, read from its legal actions: which cards start a choice (a card of
// the hand stands for the cards it cannot be told apart from), the choices a card starts,
// the choices tied to no card, and the batch builder's matching of a pick to a legal commit.

import { face, twinKey } from "./cards.js";

/** The fields of an action that name a card. */
const CARD_FIELDS = ["card", "noble", "target", "province", "person", "musketeer", "courtier", "onto"];

/** The cards an action names (a target seat of `target` is no card). */
export function cardsOf(action) {
  if (action.type === "commit") return [];
  const out = [];
  for (const field of CARD_FIELDS) {
    const value = action[field];
    if (action.type === "target" && field === "target") continue;
    if (Number.isInteger(value) && value >= 0) out.push(value);
  }
  return out;
}

/**
 * The seat's choices: `cardActions(card)` the indexes of the actions `card` starts,
 * `free` the indexes of the actions tied to no card, `commits` the legal batches.
 */
export function readChoices(mv, faces) {
  const legal = mv.legal_actions || [];
  const you = mv.view.you || { hand: [] };
  const hand = new Set(you.hand || []);
  const byCard = new Map();
  const free = [];
  const commits = [];
  legal.forEach((action, index) => {
    if (action.type === "commit") {
      commits.push({ index, cards: action.cards });
      return;
    }
    const cards = cardsOf(action);
    if (!cards.length) free.push(index);
    for (const card of cards) {
      const key = hand.has(card) ? `hand|${twinKey(faces, card)}` : `card|${card}`;
      if (!byCard.has(key)) byCard.set(key, []);
      if (!byCard.get(key).includes(index)) byCard.get(key).push(index);
    }
  });
  const keyOf = (card) => (hand.has(card) ? `hand|${twinKey(faces, card)}` : `card|${card}`);
  return {
    free,
    commits,
    cardActions: (card) => byCard.get(keyOf(card)) || [],
    active: (card) => byCard.has(keyOf(card)),
  };
}

/** Where a batch card comes from and what it is worth: cards alike here are one choice. */
function signature(faces, hand, card) {
  const f = face(faces, card);
  return `${hand.has(card) ? "hand" : "structure"}|${f.kind}|${f.value}`;
}

function multiset(keys) {
  return keys.slice().sort().join(",");
}

/**
 * The batch builder's reading: the cards that may go into a batch (from the hand and the
 * seat's structure), the need (what the batch must reach), and `match(picked)`: the index of
 * the legal commit whose cards are alike to the pick, or -1.
 */
export function readBatch(mv, faces, commits) {
  const view = mv.view;
  const you = view.you || { hand: [], seat: null };
  const hand = new Set(you.hand || []);
  const wanted = new Set();
  for (const c of commits) for (const card of c.cards) wanted.add(signature(faces, hand, card));
  const own = you.seat === null || you.seat === undefined ? [] : view.players[you.seat].structure;
  const pool = [...(you.hand || []), ...own.map(([card]) => card)]
    .filter((card) => wanted.has(signature(faces, hand, card)));
  const byShape = new Map(commits.map((c) => [multiset(c.cards.map((card) => signature(faces, hand, card))), c.index]));
  const { fight, target, batch } = view.decision;
  let attacker = 0;
  let defender = 0;
  for (const [card, by] of view.exchange || []) {
    if (by % 2) defender += face(faces, card).value;
    else attacker += face(faces, card).value;
  }
  for (const p of view.players) {
    for (const [card, onto] of p.structure) if (onto === target) defender += face(faces, card).value;
  }
  const defending = batch % 2 === 1;
  return {
    fight,
    pool,
    fromHand: (card) => hand.has(card),
    need: defending ? attacker - defender : defender - attacker + 1,
    value: (card) => face(faces, card).value,
    match(picked) {
      const key = multiset(picked.map((card) => signature(faces, hand, card)));
      return byShape.has(key) ? byShape.get(key) : -1;
    },
  };
}
