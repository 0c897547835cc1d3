"""A heuristic estimate of every family's final fortune, for the bots.

The estimate is the fortune now, plus the income the family can expect over the turns left,
plus what the cards in hand and the standing at court promise. The turns left are judged from
how far the leader is from the target and how fast he earns. The weights are judgement, not
rules.
"""

from __future__ import annotations

from .data import CARDS, NO_STANDING
from .state import AT_COURT, BASTILLE, EXILE, TABLEAU, V1682State

MIN_TURNS = 1.0
MAX_TURNS = 10.0
STANDING_WORTH = 250.0
"""Livres per point of standing with a living royal (standing opens requests)."""
PLACE_PENALTY = {BASTILLE: 4000.0, EXILE: 2500.0}


def income_rates(s: V1682State) -> list[float]:
    """Per seat, the livres its family earns per turn from the cards now in front of it and
    its spouse's (each half)."""
    n = s.num_players
    own = [0] * n
    where = s.where
    for c, z in enumerate(where):
        if TABLEAU <= z < TABLEAU + n:
            own[z - TABLEAU] += CARDS[c].income
    rates = [0.0] * n
    for p in range(n):
        if s.status[p] == BASTILLE:
            continue
        q = s.spouse[p]
        if q >= 0 and s.status[q] != BASTILLE:
            rates[p] += own[p] / 2
            rates[q] += own[p] / 2
        else:
            rates[p] += own[p]
    return rates


def success_chance(standing: int) -> float:
    if standing == NO_STANDING:
        return 0.0
    return min(1.0, max(0.0, standing / 10.0))


def evaluate(s: V1682State) -> list[float]:
    """Estimated final fortune per seat, in livres."""
    n = s.num_players
    rates = income_rates(s)
    lead = max(range(n), key=lambda p: s.fortune[p] + 3 * rates[p])
    gap = max(0.0, s.target - s.fortune[lead])
    speed = max(rates[lead], 2000.0)
    turns = min(MAX_TURNS, max(MIN_TURNS, gap / speed))
    hands: list[float] = [0.0] * n
    for c, z in enumerate(s.where):
        if z < n:
            ct = CARDS[c]
            if ct.income:
                hands[z] += ct.income
            elif ct.kind == "event" and ct.effect == "wealth" and ct.amount > 0:
                hands[z] += ct.amount / max(turns, 1.0)
    out = []
    for p in range(n):
        value = s.fortune[p] + rates[p] * turns
        standing = s.ks[p] if s.king else s.qs[p]
        chance = success_chance(standing)
        if s.status[p] == AT_COURT:
            value += 0.5 * chance * hands[p] * max(turns - 1.0, 0.0)
            for v in (s.ks[p], s.qs[p]):
                if v != NO_STANDING:
                    value += STANDING_WORTH * v
        value -= PLACE_PENALTY.get(s.status[p], 0.0)
        out.append(value)
    return out
