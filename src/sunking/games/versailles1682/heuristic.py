"""A heuristic estimate of every family's final fortune, and the fast default policy.

The estimate is the fortune now, plus the income the family can expect over the rounds left,
plus what its hand and its standing promise. The rounds left are judged from how soon the
fastest family will reach the target at the pace it earns now. The weights are judgement, not
rules.

The default policy plays out positions for search without enumerating the legal actions: a
negotiator is done at once, a player with actions left requests a title, dignity, pension or
office for himself from his hand or draws, and otherwise ends his turn.
"""

from __future__ import annotations

from ...core.actions import Action
from ...core.rng import Rng
from .actions import DONE, DRAW, END_TURN, PASS, Request
from .conditions import can_hold
from .data import CARDS, FAVOURITE_BONUS, INCOME_OF, KIND_OF, LOVER_BONUS, NO_STANDING
from .state import AT_COURT, BASTILLE, DISCARD, EXILE, TABLEAU, V1682State

MIN_ROUNDS = 1.0
MAX_ROUNDS = 12.0
SLOWEST_PACE = 1500.0
"""Livres per round below which a family is not counted as closing in on the target."""
HAND_SHARE = 0.5
"""How much of a request card's promised income the estimate counts (it costs an action,
the die may refuse it, rivals may take it away)."""
STANDING_WORTH = 120.0
"""Livres per point of standing per round left (capped at five rounds)."""
ATTACK_WORTH = 800.0
"""A card that can harm a rival (warrant, disgrace, poison …) in hand."""
PLACE_PENALTY = {BASTILLE: 3000.0, EXILE: 1500.0}
"""Beyond the income lost: the turns a prisoner or exile cannot use."""
_ATTACKS = frozenset({"death", "exile", "poison_trial", "scandal"})
_REQUESTABLE = frozenset({"title", "marshal", "pension", "office"})


def income_rates(s: V1682State) -> list[float]:
    """Per seat, the livres its family earns per round from the cards now in front of it
    and its spouse's (each half); nothing from the Bastille."""
    n = s.num_players
    own = [0] * n
    for c, z in enumerate(s.where):
        if TABLEAU <= z < TABLEAU + n:
            own[z - TABLEAU] += INCOME_OF[c]
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


def grant_chance(s: V1682State, seat: int) -> float:
    """The chance that a request of ``seat`` is granted (directly or through the Queen)."""
    if s.status[seat] != AT_COURT:
        return 0.0
    if s.king:
        best = s.ks[seat] + (FAVOURITE_BONUS if s.favourite == seat else 0)
        if s.queen and s.qs[seat] > s.ks[seat]:
            q = s.qs[seat]
            through = (min(10, q + (LOVER_BONUS if s.lover == seat else 0)) / 10) * (
                min(10, q + (FAVOURITE_BONUS if s.favourite == seat else 0)) / 10)
            return max(min(1.0, max(0.0, best / 10)), through)
    elif s.queen:
        best = s.qs[seat] + (LOVER_BONUS if s.lover == seat else 0)
    else:
        return 0.0
    return min(1.0, max(0.0, best / 10))


def evaluate(s: V1682State) -> list[float]:
    """Estimated final fortune per seat, in livres."""
    n = s.num_players
    rates = income_rates(s)
    chances = [grant_chance(s, p) for p in range(n)]
    promised = [0.0] * n
    attacks = [0] * n
    windfall = [0.0] * n
    for c, z in enumerate(s.where):
        if z < n:
            kind = KIND_OF[c]
            if kind in _REQUESTABLE:
                promised[z] += INCOME_OF[c]
            elif kind == "event":
                ct = CARDS[c]
                if ct.effect == "wealth" and ct.amount > 0:
                    windfall[z] += ct.amount
                elif ct.effect in _ATTACKS:
                    attacks[z] += 1
            elif kind == "letters_patent":
                attacks[z] += 1
    target = s.target
    rounds = MAX_ROUNDS
    for p in range(n):
        pace = max(rates[p] + HAND_SHARE * chances[p] * promised[p] / 4, SLOWEST_PACE)
        rounds = min(rounds, max(0.0, target - s.fortune[p]) / pace)
    rounds = max(MIN_ROUNDS, rounds)
    horizon = min(rounds, 5.0)
    out = []
    for p in range(n):
        value = s.fortune[p] + rates[p] * rounds
        value += HAND_SHARE * chances[p] * promised[p] * max(rounds - 1.0, 0.0)
        value += 0.5 * windfall[p] + ATTACK_WORTH * min(attacks[p], 2)
        for v in (s.ks[p], s.qs[p]):
            if v != NO_STANDING:
                value += STANDING_WORTH * v * horizon
        value -= PLACE_PENALTY.get(s.status[p], 0.0)
        out.append(value)
    return out


def rollout_action(s: V1682State, rng: Rng) -> Action:
    """The fast default policy (see the module documentation); always a legal action."""
    d = s.pending
    assert d is not None
    kind = d[0]
    if kind == "negotiate":
        return DONE
    if kind == "give_more":
        return PASS
    if kind != "act":
        return rng.choice(s.legal_actions())
    seat = d[1]
    if s.actions_left <= 0:
        return END_TURN
    if s.status[seat] == AT_COURT and (s.king or s.queen):
        seen: set[str] = set()
        wishes = []
        for c, z in enumerate(s.where):
            if z == seat and KIND_OF[c] in _REQUESTABLE:
                key = CARDS[c].key
                if key not in seen:
                    seen.add(key)
                    if can_hold(s, c, seat):
                        wishes.append(c)
        if wishes and rng.below(4):
            return Request(rng.choice(wishes), seat, False)
    if s.talon or DISCARD in s.where:
        return DRAW
    return END_TURN
