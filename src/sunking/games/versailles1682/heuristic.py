"""A heuristic estimate of every family's final fortune, and the fast default policy.

The estimate is the fortune now with this round's income still due, plus the income the
family can expect over the rounds left, plus what its hand and its standing promise. The
rounds left are judged from how soon the fastest family will reach the target at the pace it
earns now, and capped at two: fortunes at this court are fragile (exile, the Bastille, death,
gambling debts), and a short projection predicts the winner of heuristic self-play best (the
weights were fitted by the log-likelihood of the actual winners of 80 four-player games; the
evaluation scale search uses is in ``game.py``). The weights are judgement, not rules.

The default policy plays out positions for search without enumerating the legal actions,
and changes the estimate as little as it can: negotiators are done at once, players end their
turns (the income paid leaves the estimate unchanged), the court stays where it is. What the
search finds is then the worth of the moves in its tree, not the noise of random play.
"""

from __future__ import annotations

from ...core.actions import Action
from ...core.rng import Rng
from .actions import ACCEPT, DONE, END_TURN, PASS, MoveCourt
from .data import (
    CARDS,
    FAVOURITE_BONUS,
    INCOME_CARDS,
    INCOME_OF,
    KIND_OF,
    LOVER_BONUS,
    NO_STANDING,
)
from .state import AT_COURT, BASTILLE, EXILE, HUNT, TABLEAU, VERSAILLES, V1682State

MIN_ROUNDS = 1.0
MAX_ROUNDS = 2.0
SLOWEST_PACE = 1500.0
"""Livres per round below which a family is not counted as closing in on the target."""
HAND_SHARE = 0.25
"""How much of a request card's promised income the estimate counts (it costs an action,
the die may refuse it, rivals may take it away)."""
STANDING_WORTH = 120.0
"""Livres per point of standing per round left (capped at five rounds)."""
CARD_WORTH = 200.0
"""Every card in hand: something to play later (request cards count their promise too)."""
PLACE_PENALTY = {BASTILLE: 3000.0, EXILE: 1500.0}
"""Beyond the income lost: the turns a prisoner or exile cannot use."""
_REQUESTABLE = frozenset({"title", "marshal", "pension", "office"})


def income_rates(s: V1682State) -> list[float]:
    """Per seat, the livres its family earns per round from the cards now in front of it
    and its spouse's (each half); nothing from the Bastille."""
    n = s.num_players
    own = [0] * n
    where = s.where
    for c in INCOME_CARDS:
        z = where[c] - TABLEAU
        if 0 <= z < n:
            own[z] += INCOME_OF[c]
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


def income_due(s: V1682State) -> list[int]:
    """Per seat, 1 while its income for this round is still to be paid.

    The estimate counts that income as if already in the fortune, so that it does not jump
    when a turn ends and the income is paid.
    """
    n = s.num_players
    if s.phase in ("setup", "introduction", "negotiation", "court"):
        return [1] * n
    due = [0] * n
    for task in s.agenda:
        name = task[0]
        if name == "turns":
            return [1] * n
        if (name == "turn" and task[2]) or (name == "end_turn" and task[2]):
            due[task[1]] = 1
    return due


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
    windfall = [0.0] * n
    cards = [0] * n
    for c, z in enumerate(s.where):
        if z < n:
            cards[z] += 1
            kind = KIND_OF[c]
            if kind in _REQUESTABLE:
                promised[z] += INCOME_OF[c]
            elif kind == "event":
                ct = CARDS[c]
                if ct.effect == "wealth" and ct.amount > 0:
                    windfall[z] += ct.amount
    target = s.target
    due = income_due(s)
    wealth = [s.fortune[p] + due[p] * rates[p] for p in range(n)]
    d = s.pending
    if d is not None and d[0] == "answer":
        # An offer waiting for its answer counts as paid: taking the money is always worth
        # it to the other side, since the favour binds nobody.
        wealth[d[1]] += d[3]
        wealth[d[2]] -= d[3]
    rounds = MAX_ROUNDS
    for p in range(n):
        pace = max(rates[p] + HAND_SHARE * chances[p] * promised[p] / 4, SLOWEST_PACE)
        rounds = min(rounds, max(0.0, target - wealth[p]) / pace)
    rounds = max(MIN_ROUNDS, rounds)
    horizon = min(rounds, 5.0)
    out = []
    for p in range(n):
        value = wealth[p] + rates[p] * rounds
        value += HAND_SHARE * chances[p] * promised[p] * max(rounds - 1.0, 0.0)
        value += 0.5 * windfall[p] + CARD_WORTH * cards[p]
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
    if kind == "answer":
        return ACCEPT
    if kind == "act":
        return END_TURN
    if kind == "give" and d[3]:
        return PASS
    if kind == "court":
        return COURT_STAYS[s.court]
    return rng.choice(s.legal_actions())


COURT_STAYS = {VERSAILLES: MoveCourt("versailles"), HUNT: MoveCourt("hunt")}
