"""A heuristic estimate of every family's final fortune, and the fast default policy.

The estimate is the fortune now with this round's income still due, plus the income the
family can expect over the rounds left, plus what its hand and its standing promise. The
rounds left are judged from how soon the fastest family will reach the target at the pace it
earns now, and capped at two: fortunes at this court are fragile (exile, the Bastille, death,
gambling debts), and a short projection predicts the winner of heuristic self-play best (the
weights were fitted by the log-likelihood of the actual winners of four-player games; the
evaluation scale search uses is the evaluator's, at the end of this module). The weights are
judgement, not rules.

A finished game is scored by who won (:func:`final_worth`): the winners' fortunes gain
:data:`WIN_WORTH` times the target, far beyond any estimate of a game still running, so no
move that hands another family the target ever looks good — nor an offer whose sum would.
Cards shown to rivals cost a little (:data:`SHOWN_COST`), so a bot shows none for nothing;
favours promised for money count on both sides (see ``promises.py``), and a hand card the
court's place lets its holder play now counts a little more.

Search scores its positions by :func:`win_chances` where the game's target has a fitted
model (the full game), a conditional logit fitted to who actually won; the heuristic bot
plays by :func:`evaluate`.

The default policy plays out positions for search without enumerating the legal actions,
and changes the estimate as little as it can: negotiators are done at once, players end their
turns (the income paid leaves the estimate unchanged), the court stays where it is. What the
search finds is then the worth of the moves in its tree, not the noise of random play.
"""

from __future__ import annotations

from typing import Literal

from ...core.actions import Action
from ...core.game import GameState, softmax, softmax_chances
from ...core.rng import Rng
from .actions import ACCEPT, DONE, END_TURN, PASS, MoveCourt
from .conditions import can_hold
from .data import (
    CARDS,
    FAVOURITE_BONUS,
    INCOME_CARDS,
    INCOME_OF,
    KIND_OF,
    LOVER_BONUS,
    NO_STANDING,
)
from .data.win_models import WIN_MODELS, WinModel
from .odds import dice_outcomes
from .promises import GOOD_EVENTS, INTERVENE, MOVE_COURT, PLAY_CARD, REQUEST, WORD_SHARE
from .state import (
    ABSENT,
    AT_COURT,
    BASTILLE,
    EXILE,
    HUNT,
    PLACES,
    TABLEAU,
    VERSAILLES,
    V1682State,
)

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
WIN_WORTH = 4.0
"""Times the target added to a winner's fortune in a finished game: more than any spread of
estimates in a running one, so a loss is always the worst and a win the best outcome."""
SHOWN_COST = 100.0
"""Livres per rival who knows a card in the hand: he can guard against it."""
MOVE_COST = 10.0
"""Livres per negotiation move spent (they are few): a move that gains nothing is not made,
not even showing a card to one who has seen it."""
HONOUR_CHANCE = 0.3
"""The share of a favour's worth its creditor counts while it is promised: promises bind
nobody, and bots keep few of theirs (``benchmarks/bench_v1682_negotiation.py`` measures how
many; ``docs/bots.md``)."""
CARD_PLACE_WORTH = 300.0
"""Livres per hand card whose icon the court's place matches (§9.1a): playable now."""
ICONS = tuple(ct.icon for ct in CARDS)
"""Per card, the place its icon asks for ("" for none)."""
_REQUESTABLE = frozenset({"title", "marshal", "pension", "office"})
_BEFORE_COURT = frozenset({"negotiation", "court"})


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
        best = s.king_standing[seat] + (FAVOURITE_BONUS if s.favourite == seat else 0)
        if s.queen and s.queen_standing[seat] > s.king_standing[seat]:
            q = s.queen_standing[seat]
            through = (min(10, q + (LOVER_BONUS if s.lover == seat else 0)) / 10) * (
                min(10, q + (FAVOURITE_BONUS if s.favourite == seat else 0)) / 10)
            return max(min(1.0, max(0.0, best / 10)), through)
    elif s.queen:
        best = s.queen_standing[seat] + (LOVER_BONUS if s.lover == seat else 0)
    else:
        return 0.0
    return min(1.0, max(0.0, best / 10))


def hands(s: V1682State) -> tuple[list[int], list[int], list[float], list[float]]:
    """Per seat: the cards in hand, those the court's place lets it play now, the income
    its request cards promise, and the livres its windfall cards hold."""
    n = s.num_players
    cards = [0] * n
    playable = [0] * n
    promised = [0.0] * n
    windfall = [0.0] * n
    here = PLACES[s.court]
    for c, z in enumerate(s.where):
        if z < n:
            cards[z] += 1
            if ICONS[c] == here:
                playable[z] += 1
            kind = KIND_OF[c]
            if kind in _REQUESTABLE:
                promised[z] += INCOME_OF[c]
            elif kind == "event":
                ct = CARDS[c]
                if ct.effect == "wealth" and ct.amount > 0:
                    windfall[z] += ct.amount
    return cards, playable, promised, windfall


def wealth_now(s: V1682State, rates: list[float]) -> list[float]:
    """Per seat, the fortune with this round's income still due counted in, and an offer
    waiting for its answer counted as accepted (the money paid)."""
    due = income_due(s)
    wealth = [s.fortune[p] + due[p] * rates[p] for p in range(s.num_players)]
    d = s.pending
    if d is not None and d[0] == "answer":
        wealth[d[1]] += d[3]
        wealth[d[2]] -= d[3]
    return wealth


def table_costs(s: V1682State) -> list[float]:
    """Per seat, the livres its negotiation moves spent and its shown cards cost
    (:data:`MOVE_COST`, :data:`SHOWN_COST`)."""
    costs = [MOVE_COST * s.negotiation_moves_made[p] for p in range(s.num_players)]
    for holder, card, mask in s.known:
        if s.where[card] == holder:
            costs[holder] += SHOWN_COST * mask.bit_count()
    return costs


def ending_offer(s: V1682State) -> int | None:
    """The seat an offer waiting for its answer would make the winner if accepted."""
    d = s.pending
    if d is not None and d[0] == "answer" and s.fortune[d[1]] + d[3] >= s.target:
        return int(d[1])
    return None


def paces(rates: list[float], chances: list[float], promised: list[float],
          floor: float) -> list[float]:
    """Per seat, the livres a round it closes in on the target: its income and a share
    (:data:`HAND_SHARE`) of what its request cards promise a round, at least ``floor``."""
    return [max(rates[p] + HAND_SHARE * chances[p] * promised[p] / 4, floor)
            for p in range(len(rates))]


def final_worth(s: V1682State, winners: tuple[int, ...]) -> list[float]:
    """A finished game's worth per seat: the fortune, and the winners share
    :data:`WIN_WORTH` times the target."""
    bonus = WIN_WORTH * s.target / len(winners)
    return [s.fortune[p] + (bonus if p in winners else 0.0) for p in range(s.num_players)]


def evaluate(s: V1682State) -> list[float]:
    """Estimated final fortune per seat, in livres (a running game only)."""
    n = s.num_players
    d = s.pending
    ending = ending_offer(s)
    if ending is not None:
        # Accepting would end the game: the one offered the sum wins.
        return final_worth(s, (ending,))
    rates = income_rates(s)
    chances = [grant_chance(s, p) for p in range(n)]
    cards, playable, promised, windfall = hands(s)
    target = s.target
    wealth = wealth_now(s, rates)
    promises = s.promises
    if d is not None and d[0] == "answer":
        # An offer waiting for its answer counts as accepted: the favour promised.
        promises = (*promises, (d[1], d[2], d[4], d[3]))
    rounds = MAX_ROUNDS
    for p, pace in enumerate(paces(rates, chances, promised, SLOWEST_PACE)):
        rounds = min(rounds, max(0.0, target - wealth[p]) / pace)
    rounds = max(MIN_ROUNDS, rounds)
    horizon = min(rounds, 5.0)
    out = []
    for p in range(n):
        value = wealth[p] + rates[p] * rounds
        value += HAND_SHARE * chances[p] * promised[p] * max(rounds - 1.0, 0.0)
        value += 0.5 * windfall[p] + CARD_WORTH * cards[p] + CARD_PLACE_WORTH * playable[p]
        for v in (s.king_standing[p], s.queen_standing[p]):
            if v != NO_STANDING:
                value += STANDING_WORTH * v * horizon
        value -= PLACE_PENALTY.get(s.status[p], 0.0)
        out.append(value)
    for p, cost in enumerate(table_costs(s)):
        out[p] -= cost
    for debtor, creditor, favour, paid in promises:
        out[debtor] -= WORD_SHARE * paid
        worth, cost = favour_worth(s, debtor, creditor, favour, chances, rounds, horizon)
        if cost < WORD_SHARE * paid:
            out[creditor] += HONOUR_CHANCE * worth
    return out


def favour_worth(s: V1682State, debtor: int, creditor: int, favour: int,
                 chances: list[float], rounds: float, horizon: float) -> tuple[float, float]:
    """What ``favour`` done by ``debtor`` would bring ``creditor`` and cost the debtor, by
    the terms of :func:`evaluate`; a card counts only if the creditor knows the debtor
    holds it (in a bot's sampled state, the rest of his hand is a guess)."""
    point = STANDING_WORTH * horizon
    if favour == INTERVENE:
        return point, 0.0
    if favour == MOVE_COURT:
        # Only the steward's move of phase 3 is counted (the Master of the Hunt's is rare).
        if debtor != s.steward or s.court not in COURT_STAYS or s.phase not in _BEFORE_COURT:
            return 0.0, 0.0
        there = PLACES[HUNT if s.court == VERSAILLES else VERSAILLES]
        here = PLACES[s.court]
        gains = [0, 0]
        for c, z in enumerate(s.where):
            if z in (creditor, debtor):
                gains[z == debtor] += (ICONS[c] == there) - (ICONS[c] == here)
        return CARD_PLACE_WORTH * max(0, gains[0]), CARD_PLACE_WORTH * max(0, -gains[1])
    seen = 1 << creditor
    best = (0.0, 0.0)
    for holder, c, mask in s.known:
        if holder != debtor or not mask & seen or s.where[c] != debtor:
            continue
        ct = CARDS[c]
        if favour == REQUEST and KIND_OF[c] in _REQUESTABLE:
            if not can_hold(s, c, creditor):
                continue
            # Played for the creditor, the card is lost to the debtor, who could have asked
            # for it himself if his courtier may hold it.
            income = INCOME_OF[c] * rounds
            own = chances[debtor] * income if can_hold(s, c, debtor) else 0.0
            option = (chances[creditor] * income, CARD_WORTH + own)
        elif favour == PLAY_CARD and ct.effect in GOOD_EVENTS and ct.amount > 0:
            gift = float(ct.amount) if ct.effect == "wealth" else point * ct.amount
            option = (gift, CARD_WORTH + (0.5 * gift if ct.effect == "wealth" else 0.0))
        else:
            continue
        if option[0] > best[0]:
            best = option
    return best


# Search's win chances in the full game: a model fitted to who actually won.
# The hand-made estimate looks two rounds ahead, and the softmax sharp enough to tell close
# moves apart calls a family far ahead early in the full game all but sure to win (figures in
# docs/versailles1682.md); the search then sees every move as lost (or won) alike and plays at
# random. This model is a conditional logit (McFadden): each family's utility is a weighted sum
# of FEATURES of its position, its chance the softmax of the utilities. The weights are fitted
# by maximum likelihood to the winners of heuristic self-play
# (benchmarks/fit_v1682_win_chance.py), one model per target (data/win_models.py); a target
# without one keeps the estimate's softmax.

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
PACE_FLOOR = 500.0
"""Livres a round below which a family's pace is not counted slower (the model's rounds)."""


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
    rounds = [min(ROUNDS_CAP, max(0.0, target - wealth[p]) / pace)
              for p, pace in enumerate(paces(rates, chances, promised, PACE_FLOOR))]
    out = []
    for p in range(n):
        king = s.king_standing[p] if s.king_standing[p] != NO_STANDING else 0
        queen = s.queen_standing[p] if s.queen_standing[p] != NO_STANDING else 0
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
    return softmax(utilities(s, model))


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


class Versailles1682Evaluator:
    """Versailles 1682 judged for the bots (the protocol of :mod:`sunking.bots.evaluator`):
    :func:`evaluate` while the game runs, :func:`final_worth` once it is over; search's chances
    by the model fitted at the game's target where there is one (:func:`win_chances`), else by
    softmax; the ten faces of the die an action rolls (:mod:`.odds`); playouts by
    :func:`rollout_action`."""

    scale = 3000.0
    """Livres of estimated fortune that make a clear lead. The log-likelihood fit to the
    winners of heuristic self-play gives about 10,000; search plays better with the sharper
    3,000 against heuristic bots."""
    scope: Literal["game", "turn"] = "turn"
    """Dice decide every request and audience; search looks at its own turn, averaged over
    hidden cards and dice (see ``docs/bots.md``)."""
    weight_sets: tuple[str, ...] = ()

    def evaluate(self, state: V1682State) -> list[float]:
        if state.final is not None:
            return final_worth(state, state.result().winners)
        return evaluate(state)

    def win_chances(self, state: V1682State) -> list[float]:
        model = WIN_MODELS.get(state.target)
        if model is None or state.final is not None:
            return softmax_chances(state, lambda: self.evaluate(state), self.scale)
        return win_chances(state, model)

    def outcomes(self, state: V1682State, action: Action) -> list[tuple[float, GameState]]:
        return list(dice_outcomes(state, action))

    def rollout_action(self, state: V1682State, rng: Rng) -> Action:
        return rollout_action(state, rng)

    def with_weights(self, name: str) -> Versailles1682Evaluator:
        raise ValueError(f"versailles1682's evaluation has no weight set named {name!r}")


EVALUATOR = Versailles1682Evaluator()
"""What the bots judge Versailles 1682 by (found by :func:`sunking.bots.evaluator.evaluator`)."""
