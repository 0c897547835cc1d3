"""A heuristic estimate of every seat's final score, for the bots.

For each seat it adds to the points already scored:

- what the structure would score at the end: persons at their value, provinces at 3 or 6
  (doubled for the arms of one's nobles or Queen), and the King (10 to a captor; shared out
  while he moves freely);
- the province scorings still to come: every Rebellion not yet played may bring one, so
  each province also counts that many times more, weighted by how likely it is to happen;
- the cards in the middle, each group to the player who leads it now (a lone Rebellion takes
  them all);
- the hand, each card at a share of what it can bring (an event at what it scores), the gold
  in the structure and the protection it and the garrisons give.

A duel, an attack or a bribery under way is first played out (:func:`settle`) with a simple
policy — the highest card in a duel, the cheapest batch that gets ahead in an exchange — so
that starting one is judged by how it is likely to end.

The weights are judgement, not rules.
"""

from __future__ import annotations

from typing import Literal

from ...core.actions import Action
from ...core.game import GameState, softmax_chances
from ...core.rng import Rng
from .actions import PASS, Commit, LayDown, PlayToMiddle
from .data import (
    ARMS_FACTOR,
    BANDITS,
    CARD_ARMS,
    COURTIER,
    EVENT,
    EXCOMMUNICATION,
    EXECUTIONER,
    EXTORTION,
    GOLD,
    GOSSIP,
    INHERITANCE,
    KIND,
    KING_POINTS,
    KINGS_EAR,
    LOW_BIRTH,
    LURING_AWAY,
    MUSKETEER,
    NOBLE,
    OFFICIAL,
    PROVINCE,
    REBELLION,
    RIOTS,
    ROLE,
    TWIN,
    VALUE,
)
from .state import LOC_DISCARD, ViveLeRoiState
from .verbs import courtier_influence, doubling_arms, has_church, nobles

HAND_SHARE = 0.55
"""A card in hand is worth this share of what it scores in a structure."""
GOLD_WORTH = 0.45
"""Gold scores nothing at the end but buys persons and defends them."""
OFFICIAL_BONUS = 2.0
EVENT_WORTH = {
    REBELLION: 5.0, KINGS_EAR: 4.0, EXCOMMUNICATION: 3.0, LOW_BIRTH: 3.0, EXECUTIONER: 4.0,
    RIOTS: 4.0, BANDITS: 3.5, LURING_AWAY: 4.0, INHERITANCE: 4.0, EXTORTION: 2.5, GOSSIP: 5.0,
}
"""What an event card in hand is worth when its condition is not met (or always)."""
REBELLIONS = tuple(c for c in range(len(KIND)) if KIND[c] == EVENT and ROLE[c] == REBELLION)
SCORING_CHANCE = 0.55
"""The chance that a Rebellion not yet played still brings a province scoring."""


def _future_scorings(s: ViveLeRoiState) -> float:
    """How many more province scorings to expect."""
    if s.last_round:
        return 0.0
    left = sum(1 for c in REBELLIONS if s.loc[c] != LOC_DISCARD)
    rounds = len(s.deck) / s.num_players + 1
    return min(left * SCORING_CHANCE, rounds * 0.5)


def _province_worth(card: int, arms: set[int], scorings: float) -> float:
    base = VALUE[card] * (ARMS_FACTOR if CARD_ARMS[card] in arms else 1)
    return base * (1.0 + scorings)


def _card_worth(card: int, arms: set[int], scorings: float) -> float:
    """What ``card`` adds to a structure: its final value, more for provinces."""
    kind = KIND[card]
    if kind == PROVINCE:
        return _province_worth(card, arms, scorings)
    if kind in (MUSKETEER, COURTIER):
        return float(VALUE[card])
    if kind == OFFICIAL:
        return VALUE[card] + OFFICIAL_BONUS
    if kind == GOLD:
        return VALUE[card] * GOLD_WORTH
    if kind == NOBLE:
        return 3.0
    return 0.0


def _hand_worth(s: ViveLeRoiState, seat: int, arms: set[int], scorings: float) -> float:
    total = 0.0
    church = has_church(s, seat)
    noble = bool(nobles(s, seat))
    for c in s.hands[seat]:
        if KIND[c] == EVENT:
            role = ROLE[c]
            if (role == KINGS_EAR and noble) or (role in (EXCOMMUNICATION, LOW_BIRTH) and church):
                total += 8.0
            else:
                total += EVENT_WORTH[role]
        elif KIND[c] == GOLD:
            total += VALUE[c] * 0.8
        else:
            total += _card_worth(c, arms, scorings) * HAND_SHARE
    return total


def _middle_shares(s: ViveLeRoiState, scorings: float, arms: list[set[int]]) -> list[float]:
    """The cards in the middle, each to whoever would get it if Phase 2 came now."""
    n = s.num_players
    shares = [0.0] * n
    middle = list(zip(s.middle, s.middle_by, strict=True))
    rebels = [by for c, by in middle if KIND[c] == EVENT and ROLE[c] == REBELLION]
    if len(rebels) == 1 and not s.last_round:
        rebel = rebels[0]
        for c, _ in middle:
            if KIND[c] != EVENT:
                shares[rebel] += _card_worth(c, arms[rebel], scorings)
        if not s.captive:
            shares[rebel] += KING_POINTS * 0.8
        return shares
    for kind in (PROVINCE, GOLD, MUSKETEER, COURTIER):
        group = [(c, by) for c, by in middle if KIND[c] == kind]
        if not group:
            continue
        top = max(VALUE[c] for c, _ in group)
        leaders = sorted({by for c, by in group if VALUE[c] == top})
        if len(leaders) > 1:
            best = max(courtier_influence(s, p) for p in leaders)
            leaders = [p for p in leaders if courtier_influence(s, p) == best]
        if len(leaders) == 1:
            winner = leaders[0]
            for c, _ in group:
                shares[winner] += _card_worth(c, arms[winner], scorings)
        else:
            for c, by in group:
                shares[by] += _card_worth(c, arms[by], scorings)
    for c, by in middle:
        if KIND[c] in (NOBLE, OFFICIAL):
            shares[by] += _card_worth(c, arms[by], scorings)
        elif KIND[c] == EVENT and ROLE[c] != REBELLION:
            shares[by] += EVENT_WORTH[ROLE[c]] * 0.8
    return shares


SETTLE_STEPS = 12


def _settling(s: ViveLeRoiState) -> Action | None:
    """The simple policy's action for a fight under way, or None when none is."""
    pending = s.pending
    if pending is None:
        return None
    kind = pending[0]
    if kind == "duel_again" or (kind == "react" and _fight_waits(s)):
        return PASS
    if kind not in ("batch", "duel_card"):
        return None
    best: Action = PASS
    top = -1
    for action in s.legal_actions():
        if isinstance(action, Commit):
            cost = -sum(VALUE[c] for c in action.cards)
        elif isinstance(action, LayDown):
            cost = VALUE[action.card]
        else:
            continue
        if cost > top or top == -1:
            best, top = action, cost
    return best


def _fight_waits(s: ViveLeRoiState) -> bool:
    """Whether a fight waits on the agenda for the windows after its last card (VR-4b)."""
    return any(step[0] == "fight_on" or (step[0] == "ask" and step[1] in FIGHT_DECISIONS)
               for step in s.agenda)


FIGHT_DECISIONS = frozenset(("duel_card", "duel_again", "batch"))


def settle(s: ViveLeRoiState) -> ViveLeRoiState:
    """``s`` with any fight under way played out by the simple policy, every window that
    opens after one of its cards passed."""
    for _ in range(SETTLE_STEPS * (1 + s.num_players)):
        action = _settling(s)
        if action is None:
            break
        s = s.apply_unchecked(action)
    return s


def evaluate(s: ViveLeRoiState) -> list[float]:
    """Estimated final scores of every seat."""
    s = settle(s)
    if s.final is not None:
        return [float(v) for v in s.final["scores"]]
    n = s.num_players
    scorings = _future_scorings(s)
    arms = [doubling_arms(s, p) for p in range(n)]
    middle = _middle_shares(s, scorings, arms)
    attach = s.attach
    out = []
    for p in range(n):
        total = float(s.scores[p]) + middle[p]
        for c in s.structures[p]:
            total += _card_worth(c, arms[p], scorings)
            host = attach[c]
            if host >= 0 and KIND[c] == GOLD:
                total += VALUE[c] * 0.3          # a bribe must beat it
            elif host >= 0 and KIND[c] == MUSKETEER:
                total += VALUE[c] * 0.3          # an attack must beat it
            elif KIND[c] == EVENT and ROLE[c] in (EXCOMMUNICATION, LOW_BIRTH):
                total += 6.0 if has_church(s, p) else 0.0
        if s.king == p:
            total += KING_POINTS if s.captive else KING_POINTS * 0.5
        elif not s.captive:
            total += KING_POINTS * 0.5 / n
        total += _hand_worth(s, p, arms[p], scorings)
        out.append(total)
    return out


ROLLOUT_LAY = 0.75
"""In a rollout, the share of turns that simply lay a card in the middle."""


def rollout_action(s: ViveLeRoiState, rng: Rng) -> Action:
    """The default policy of search: mostly lay a random hand card at once on one's turn
    (without listing every attack and bribe), fight out exchanges with the cheapest batch,
    and otherwise pick uniformly among the legal actions."""
    pending = s.pending
    assert pending is not None
    kind = pending[0]
    if kind == "turn" and rng.random() < ROLLOUT_LAY:
        hand = s.hands[pending[1]]
        if hand:
            card = hand[rng.below(len(hand))]
            return PlayToMiddle(min(c for c in hand if TWIN[c] == TWIN[card]))
    elif kind in ("batch", "duel_card", "duel_again"):
        action = _settling(s)
        if action is not None:
            return action
    legal = s.legal_actions()
    return legal[rng.below(len(legal))]


class ViveLeRoiEvaluator:
    """Vive le Roi judged for the bots (the protocol of :mod:`sunking.bots.evaluator`):
    :func:`evaluate` while the game runs, the final scores once it is over; chances by
    softmax, one sample per action, playouts by :func:`rollout_action`."""

    scale = 8.0
    scope: Literal["game", "turn"] = "game"
    weight_sets: tuple[str, ...] = ()

    def evaluate(self, state: ViveLeRoiState) -> list[float]:
        if state.is_terminal:
            return state.result().final_values()
        return evaluate(state)

    def win_chances(self, state: ViveLeRoiState) -> list[float]:
        return softmax_chances(state, lambda: self.evaluate(state), self.scale)

    def outcomes(self, state: ViveLeRoiState,
                 action: Action) -> tuple[tuple[float, GameState]]:
        return ((1.0, state.apply_unchecked(action)),)

    def rollout_action(self, state: ViveLeRoiState, rng: Rng) -> Action:
        return rollout_action(state, rng)

    def with_weights(self, name: str) -> ViveLeRoiEvaluator:
        raise ValueError(f"vive_le_roi's evaluation has no weight set named {name!r}")


EVALUATOR = ViveLeRoiEvaluator()
"""What the bots judge Vive le Roi by (found by :func:`sunking.bots.evaluator.evaluator`)."""
