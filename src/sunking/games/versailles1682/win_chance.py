"""Every family's chance to win, from a model fitted to the winners of many games.

Search scores the position at the end of its turn by these chances
(:meth:`~sunking.core.game.Game.win_chances`). The hand-made estimate of :mod:`.heuristic`
looks two rounds ahead, and a softmax sharp enough to tell close moves apart calls a family
10,000 livres behind beaten: early in the full game, with ten rounds to come, the search then
sees every move as lost (or won) alike and plays at random. This model is a conditional logit
(McFadden): each family's utility is a weighted sum of :data:`FEATURES` of its position, and
its chance is the softmax of the utilities. The weights are fitted by maximum likelihood to
the actual winners of heuristic self-play (``benchmarks/fit_v1682_win_chance.py``), one model
per target (``data/win_models.py``); for a target without one, the game falls back to the
softmax of the estimate.
"""

from __future__ import annotations

import math

from .data import NO_STANDING
from .data.win_models import WinModel
from .heuristic import (
    ending_offer,
    grant_chance,
    hands,
    income_rates,
    table_costs,
    wealth_now,
)
from .state import ABSENT, BASTILLE, EXILE, V1682State

FEATURES = (
    "wealth",  # the fortune with the income due (livres / 10,000)
    "income",  # livres a round from the cards in front of the family and its spouse's (/ 1,000)
    "requests",  # the grant chance times the income its request cards promise (/ 1,000)
    "windfalls",  # the livres its windfall cards hold (/ 1,000)
    "cards",  # cards in hand
    "playable",  # cards in hand the court's place lets it play now
    "king",  # standing with the King (0 without one)
    "queen",  # standing with the Queen
    "bastille",  # 1 in the Bastille
    "exile",  # 1 in exile
    "absent",  # 1 away from court otherwise (not yet presented, dead)
    "grant",  # the chance a request is granted
    "income_early",  # income times the share of the target the leader still lacks
    "requests_early",  # requests times that share
    "standing_early",  # both standings times that share
    "rounds",  # rounds to the target at its pace (at most ROUNDS_CAP)
    "lead",  # rounds it is ahead of the fastest rival at their paces (0 when not ahead)
)
ROUNDS_CAP = 15.0
"""Rounds to the target are counted up to this many."""
SLOWEST_PACE = 500.0
"""Livres a round below which a family's pace is not counted slower."""
REQUEST_SHARE = 0.25
"""The share of a request card's income per round a family's pace counts (as the estimate)."""


def features(s: V1682State) -> list[list[float]]:
    """Per seat, the values of :data:`FEATURES`."""
    n = s.num_players
    rates = income_rates(s)
    chances = [grant_chance(s, p) for p in range(n)]
    cards, playable, promised, windfall = hands(s)
    wealth = wealth_now(s, rates)
    for p, cost in enumerate(table_costs(s)):
        wealth[p] -= cost
    target = float(s.target)
    early = max(0.0, target - max(wealth)) / target
    rounds = [
        min(ROUNDS_CAP, max(0.0, target - wealth[p])
            / max(rates[p] + REQUEST_SHARE * chances[p] * promised[p] / 4, SLOWEST_PACE))
        for p in range(n)
    ]
    out = []
    for p in range(n):
        king = s.ks[p] if s.ks[p] != NO_STANDING else 0
        queen = s.qs[p] if s.qs[p] != NO_STANDING else 0
        requests = chances[p] * promised[p] / 1000
        status = s.status[p]
        fastest_rival = min(rounds[q] for q in range(n) if q != p)
        out.append([
            wealth[p] / 10000, rates[p] / 1000, requests, windfall[p] / 1000,
            float(cards[p]), float(playable[p]), float(king), float(queen),
            float(status == BASTILLE), float(status == EXILE), float(status == ABSENT),
            chances[p], rates[p] / 1000 * early, requests * early, (king + queen) * early,
            rounds[p], max(fastest_rival - rounds[p], 0.0),
        ])
    return out


def utilities(s: V1682State, model: WinModel) -> list[float]:
    """Per seat, the model's utility of its position."""
    weights = model.weights
    return [sum(w * x for w, x in zip(weights, row, strict=True)) for row in features(s)]


def win_chances(s: V1682State, model: WinModel) -> list[float]:
    """Per seat, its chance to win a running game by ``model`` (they sum to 1). An offer
    waiting for an answer that would end the game gives its receiver the win."""
    ending = ending_offer(s)
    if ending is not None:
        return [1.0 if p == ending else 0.0 for p in range(s.num_players)]
    values = utilities(s, model)
    top = max(values)
    weights = [math.exp(v - top) for v in values]
    total = sum(weights)
    return [w / total for w in weights]
