"""A heuristic estimate of each seat's final score in Louis XIV, for the bots.

The estimate is in victory points and counts what the scoring counts — blazons, 5 points per
laid mission, and what converts into blazons at the end (cards, chips, stones on the court,
three louis d'or) — plus what a position promises: the missions in hand the chips can pay for
(or nearly), the rewards of the tiles a seat leads or may bribe, stones in the personal supply
and the lasting effects of laid missions. The weights are judgement, tuned by tournament
(see docs/bots.md), not rules.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ...core.actions import Action
from ...core.game import GameState, softmax_chances
from ...core.rng import Rng
from .data import BLAZON_KINDS, CROWN, MISSIONS, ROUNDS, TILES
from .scoring import LOUIS_PER_BLAZON, MISSION_POINTS
from .state import BLAZON_SLOTS, CHIP_SLOTS, FACES, Louis14State


@dataclass(frozen=True, slots=True, eq=False)
class Weights:
    """The judgement in the estimate: what each thing a seat holds or may win is worth, in
    victory points. Tuned by tournament (``benchmarks/tune_louis14.py``), not rules. A set is
    compared and hashed by identity (it keys the memo of hands and chips)."""

    mission_effect: float = 0.5
    """A paid mission is worth its points, less the two chips it eats, plus this."""
    near_mission: tuple[float, float, float] = (0.55, 0.45, 0.3)
    """Share of a paid mission's worth for one a chip short, by rounds left (3, 2, 1)."""
    far_mission: tuple[float, float, float] = (0.25, 0.15, 0.05)
    """The same for a mission two or more chips short."""
    louis: float = 0.4
    personal_stone: float = 0.3
    general_stone: float = 0.12
    effect_per_round: float = 0.4
    """A laid mission with a lasting effect, per round still to play."""
    sharpness: float = 1.3
    """How sharply the leader of a tile is expected to win it (softmax over stone counts)."""
    stones_short: float = 0.35
    """Share of a "stones" tile's reward per stone short of its condition."""
    card_in_hand: float = 0.8
    intrigue: float = 1.3
    majority: float = 0.6
    """A blazon kind a seat leads now (the majority bonus is one blazon)."""
    blazons: float = 2.0
    """The two-blazon reward."""
    influence_card: float = 1.2
    louvois: float = 2.2
    conde: float = 1.6
    maintenon: float = 1.3

    @property
    def mission_gain(self) -> float:
        return MISSION_POINTS - 2 + self.mission_effect

    def reward(self, kind: str) -> float:
        """What a tile's reward other than a chip is worth."""
        if kind == "louis":
            return 5 * self.louis
        value: float = getattr(self, kind)
        return value


ORIGINAL = Weights()
"""The weights set by judgement before tuning (the heuristic of c4561b0)."""
TUNED = Weights(
    mission_effect=-0.14,
    near_mission=(0.59, 0.48, 0.32),
    far_mission=(0.11, 0.063, 0.021),
    louis=0.46,
    personal_stone=0.52,
    general_stone=0.088,
    effect_per_round=0.85,
    sharpness=4.13,
    stones_short=0.18,
    card_in_hand=0.86,
    intrigue=2.06,
    majority=0.63,
    blazons=2.63,
    influence_card=1.58,
    louvois=2.89,
    conde=2.11,
    maintenon=1.71,
)
"""The weights CMA-ES chose by tournament: the best of 80 trials of 200 games each against three
bots on the original weights (``benchmarks/tune_louis14.py``, its trials in
``benchmarks/results/louis14_tuning.json``), rounded. The leader of a tile is expected to win it
far more surely; laid missions' lasting effects, intrigue cards and personal stones count for
more."""
WEIGHT_SETS: dict[str, Weights] = {"tuned": TUNED, "original": ORIGINAL}
"""The weight sets a heuristic bot may name (``heuristic:original``); the first is the default."""

_LASTING = frozenset({"stone", "louis", "income", "stones3", "louis3", "intrigue",
                      "stone_for_card", "pay_to_pass", "swap_influence", "boost",
                      "tile_stone", "louis_tile_stone", "end_stone", "win_tie",
                      "cheap_bribe"})


def _mission_worth(missions: tuple[int, ...], chips: list[int], rounds_left: int,
                   w: Weights) -> float:
    """What the missions in hand promise with these chips (crowns are wild)."""
    if not missions:
        return 0.0
    have = chips[:]
    gain = w.mission_gain
    total = 0.0
    short: list[int] = []
    # Dearest needs first: dark (a pair), then medium, then light.
    for m in sorted(missions, key=lambda m: -MISSIONS[m].deck):
        missing = 0
        for need in MISSIONS[m].needs:
            if need >= 0 and have[need] > 0:
                have[need] -= 1
            elif need < 0 and any(have[k] for k in range(CROWN)):
                k = max(range(CROWN), key=lambda k: have[k])
                have[k] -= 1
            elif have[CROWN] > 0:
                have[CROWN] -= 1
            else:
                missing += 1
        if missing == 0:
            total += gain
        else:
            short.append(missing)
    left = min(rounds_left, 3)
    if left == 0:
        return total
    for missing in short:
        total += gain * (w.near_mission if missing == 1 else w.far_mission)[3 - left]
    return total


_MEMO: dict[tuple[tuple[int, ...], tuple[int, ...], int, Weights], tuple[float, list[float]]] = {}
_MEMO_SIZE = 50_000


def _missions_and_chips(
    missions: tuple[int, ...], chips: list[int], rounds_left: int, w: Weights
) -> tuple[float, list[float]]:
    """What the missions in hand promise, and what each reward is worth to their holder:
    index 0 the crown of the Louis XIV tile, 1–12 the tiles' rewards (a chip counts a blazon
    plus its use for the missions). Memoised, as hands and chips change rarely."""
    key = (missions, tuple(chips), rounds_left, w)
    found = _MEMO.get(key)
    if found is not None:
        return found
    base = _mission_worth(missions, chips, rounds_left, w)
    worth = []
    for k in range(CHIP_SLOTS):
        chips[k] += 1
        worth.append(1.0 + _mission_worth(missions, chips, rounds_left, w) - base)
        chips[k] -= 1
    row = [worth[CROWN]] + [_reward_worth(t, worth, w) for t in range(1, 13)]
    if len(_MEMO) >= _MEMO_SIZE:
        _MEMO.clear()
    _MEMO[key] = found = (base, row)
    return found


def _reward_worth(t: int, chip_worth: list[float], w: Weights) -> float:
    person = TILES[t]
    if person.reward == "chip":
        return chip_worth[person.reward_value]
    return w.reward(person.reward)


def _court(s: Louis14State, worth: list[list[float]], out: list[float], w: Weights) -> None:
    """Add to ``out`` each seat's expected share of the rewards of the court."""
    n = s.num_players
    c = s.colours
    board = s.board
    for t in range(1, 13):
        counts = board[t * c:(t + 1) * c]
        if not any(counts):
            continue
        cond = TILES[t].condition(s.side[t])
        if cond.kind == "stones":
            for p in range(n):
                k = counts[p]
                if k >= cond.value:
                    out[p] += worth[p][t]
                elif k:
                    out[p] += worth[p][t] * w.stones_short * k / cond.value
            continue
        top = max(counts)
        sharpness = w.sharpness
        weights = [2.718281828 ** (sharpness * (k - top)) if k else 0.0 for k in counts]
        total = sum(weights)
        for p in range(n):
            if not counts[p]:
                continue
            share = weights[p] / total
            value = worth[p][t] * share
            if cond.kind == "money" and s.money[p] >= cond.value:
                bribe = max(0.0, worth[p][t] - cond.value * w.louis)
                value += bribe * (1.0 - share)
            if t == s.louis_tile:
                value += worth[p][0] * share
            out[p] += value


def evaluate(s: Louis14State, w: Weights = TUNED) -> list[float]:
    """Estimated final score of every seat, in a game still in progress."""
    n = s.num_players
    rounds_left = ROUNDS - s.round
    if s.phase in ("supply", "influence", "evaluation"):
        rounds_left += 1
    out: list[float] = []
    worth: list[list[float]] = []
    for p in range(n):
        chips = s.chips[p * CHIP_SLOTS:(p + 1) * CHIP_SLOTS]
        missions, row = _missions_and_chips(s.missions[p], chips, rounds_left, w)
        worth.append(row)
        lasting = sum(1 for m in s.laid[p] if MISSIONS[m].effect in _LASTING)
        value = (
            s.blazon_count(p)
            + MISSION_POINTS * len(s.laid[p])
            + w.effect_per_round * lasting * max(0, rounds_left - 1)
            + sum(chips)
            + missions
            + sum(s.hand[p * FACES:(p + 1) * FACES]) * w.card_in_hand
            + bin(s.intrigue[p]).count("1") * w.intrigue
            + s.money[p] * (w.louis if rounds_left else 1 / LOUIS_PER_BLAZON)
            + s.personal[p] * w.personal_stone
            + s.general[p] * w.general_stone
        )
        out.append(value)
    _court(s, worth, out, w)
    _majorities(s, out, w.majority)
    return out


def _majorities(s: Louis14State, out: list[float], worth: float) -> None:
    """``worth`` per blazon kind a seat leads now, shared among those tied."""
    n = s.num_players
    for k in range(BLAZON_KINDS):
        counts = [s.blazons[p * BLAZON_SLOTS + k] for p in range(n)]
        top = max(counts)
        if top == 0:
            continue
        leaders = [p for p in range(n) if counts[p] == top]
        for p in leaders:
            out[p] += worth / len(leaders)


class Louis14Evaluator:
    """Louis XIV judged for the bots (the protocol of :mod:`sunking.bots.evaluator`):
    :func:`evaluate` by a weight set while the game runs, the final scores once it is over;
    chances by softmax, one sample per action, uniform playouts."""

    scale = 4.0
    scope: Literal["game", "turn"] = "game"
    weight_sets = tuple(WEIGHT_SETS)

    def __init__(self, weights: Weights = TUNED) -> None:
        self.weights = weights

    def evaluate(self, state: Louis14State) -> list[float]:
        if state.is_terminal:
            return state.result().final_values()
        return evaluate(state, self.weights)

    def win_chances(self, state: Louis14State) -> list[float]:
        return softmax_chances(state, lambda: self.evaluate(state), self.scale)

    def outcomes(self, state: Louis14State, action: Action) -> tuple[tuple[float, GameState]]:
        return ((1.0, state.apply_unchecked(action)),)

    def rollout_action(self, state: Louis14State, rng: Rng) -> Action:
        return rng.choice(state.legal_actions())

    def with_weights(self, name: str) -> Louis14Evaluator:
        """Louis XIV judged by the weight set ``name`` of :data:`WEIGHT_SETS`.

        Raises:
            ValueError: no weight set has that name.
        """
        weights = WEIGHT_SETS.get(name)
        if weights is None:
            raise ValueError(f"Louis XIV's evaluation has no weight set named {name!r}; "
                             f"there are {', '.join(sorted(WEIGHT_SETS))}")
        return Louis14Evaluator(weights)


EVALUATOR = Louis14Evaluator()
"""What the bots judge Louis XIV by (found by :func:`sunking.bots.evaluator.evaluator`)."""
