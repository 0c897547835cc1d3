"""The heuristic bot of Versailles 1682: it values winning, weighs the dice, and negotiates
with purpose (see docs/bots.md and docs/versailles1682.md)."""

from __future__ import annotations

import pytest

import sunking
from sunking.bots.evaluator import evaluator
from sunking.bots.heuristic import HeuristicBot
from sunking.bots.protocol import Observation
from sunking.core.actions import Action
from sunking.core.rng import Rng
from sunking.games.versailles1682.actions import (
    DONE,
    Accept,
    Decline,
    Draw,
    MoveCourt,
    Offer,
    Request,
    Show,
)
from sunking.games.versailles1682.data import CARDS, FAVOURS
from sunking.games.versailles1682.heuristic import EVALUATOR
from sunking.games.versailles1682.odds import dice_outcomes
from sunking.games.versailles1682.promises import MOVE_COURT
from sunking.games.versailles1682.scenario import first, play, position
from sunking.games.versailles1682.state import TABLEAU, V1682State

SEEDS = range(20)


def choices(s: V1682State, seeds: range = SEEDS) -> list[Action]:
    """The heuristic bot's choice at ``s`` with each bot seed."""
    seat = s.to_move
    assert seat is not None
    return [HeuristicBot().act(Observation(s, seat), Rng(seed)) for seed in seeds]


def hands_the_target(s: V1682State, action: Action) -> bool:
    """Whether ``action`` of the seat to move can make another family win: a die face that
    ends the game with another winner, or an offer whose sum would bring the one offered
    the target."""
    seat = s.to_move
    for _, after in EVALUATOR.outcomes(s, action):
        if after.final is not None and seat not in after.result().winners:
            return True
        d = after.pending
        if (d is not None and d[0] == "answer" and d[1] != seat
                and after.fortune[d[1]] + d[3] >= after.target):
            return True
    return False


def _negotiation(**kw: object) -> V1682State:
    return position(4, steps=[("negotiation",)], **kw)  # type: ignore[arg-type]


TRAPS = {
    "pay or offer to the rich one": lambda: _negotiation(
        fortunes={0: 20000, 1: 29000, 2: 5000, 3: 5000}),
    "pay or offer a big sum": lambda: _negotiation(
        steward=2, fortunes={0: 8000, 1: 6000, 2: 24000, 3: 25000}),
    "a windfall played on the rich one": lambda: position(
        4, turn=0, hands={0: ["inheritance", "royal_gift", "baron"]},
        fortunes={0: 3000, 1: 26000, 2: 4000, 3: 1000}),
    "a special pension for the rich one": lambda: position(
        4, turn=0, tableau={0: ["finance_minister"]}, hands={0: ["piety"]},
        fortunes={0: 3000, 1: 28500, 2: 4000, 3: 1000}),
}


@pytest.mark.parametrize("name", list(TRAPS))
def test_the_heuristic_never_hands_another_family_the_target(name: str) -> None:
    s = TRAPS[name]()
    traps = [a for a in s.legal_actions() if hands_the_target(s, a)]
    assert traps, "the position offers no move that hands the target"
    assert len(traps) < len(s.legal_actions())
    chosen = choices(s)
    assert not [a for a in chosen if a in traps]


def test_a_won_game_is_worth_more_than_any_running_one() -> None:
    s = TRAPS["pay or offer to the rich one"]()
    pay = play(s, *[a for a in s.legal_actions() if a.type == "pay" and a.to == 1][-1:])
    assert pay.is_terminal and pay.result().winners == (1,)
    values = EVALUATOR.evaluate(pay)
    assert values[1] - max(values[0], values[2], values[3]) > 3 * s.target
    running = EVALUATOR.evaluate(s)
    assert max(running) < values[1]


def test_a_request_is_weighed_over_the_ten_faces_of_its_die() -> None:
    s = position(3, turn=0, standings={0: (5, 5)}, hands={0: ["baron"]})
    baron = first("baron", s.hand(0))
    outcomes = dice_outcomes(s, Request(baron, 0))
    assert len(outcomes) == 10
    assert sum(w for w, _ in outcomes) == pytest.approx(1.0)
    granted = [after.where[baron] == TABLEAU + 0 for _, after in outcomes]
    assert granted == [True] * 5 + [False] * 5
    assert len(dice_outcomes(s, Draw())) == 1


def test_games_without_the_hook_keep_one_sample() -> None:
    s = sunking.make("louis14").new_game(3, 4)
    action = s.legal_actions()[0]
    ((weight, after),) = evaluator("louis14").outcomes(s, action)
    assert weight == 1.0 and after.to_json() == s.apply(action).to_json()


def test_a_bot_shows_no_card_and_pays_nobody_for_nothing() -> None:
    s = _negotiation(hands={0: ["duc", "poison", "baron", "inheritance"]},
                     fortunes={0: 9000, 1: 8000, 2: 7000, 3: 6000})
    chosen = choices(s)
    assert not [a for a in chosen if a.type in ("show", "pay")]


def _known_office(payer_fortune: int) -> V1682State:
    """Seat 1, a man, has shown the First Lady's office (for a noble woman) to seat 0, a
    baronne; seats 2 and 3 are done; seat 0 has the floor."""
    s = _negotiation(steward=1, genders={0: "f"}, hands={1: ["first_lady"]},
                     tableau={0: ["baron"]}, standings={0: (8, 8)},
                     fortunes={0: payer_fortune, 1: 3000, 2: 3000, 3: 3000})
    office = first("first_lady", s.hand(1))
    return play(s, Show(0, office), DONE, DONE)


def test_a_bot_offers_money_for_a_request_card_it_knows_of() -> None:
    s = _known_office(6000)
    chosen = choices(s)
    assert all(isinstance(a, Offer) and a.to == 1 and a.favour == "request" for a in chosen)
    # The same card he may hold himself: he would ask for it, so the favour is worth nothing.
    own = _negotiation(steward=1, hands={1: ["duc"]}, standings={0: (8, 8)},
                       fortunes={0: 6000, 1: 3000, 2: 3000, 3: 3000})
    own = play(own, Show(0, first("duc", own.hand(1))), DONE, DONE)
    assert not [a for a in choices(own) if isinstance(a, Offer)]


def test_a_bot_accepts_an_offer_by_its_evaluation() -> None:
    s = _negotiation(steward=1, fortunes={0: 4000, 1: 4000, 2: 4000, 3: 9000})
    modest = play(s, DONE, Offer(1, 2000, "intervene"))
    assert modest.pending == ("answer", 1, 2, 2000, FAVOURS.index("intervene"), 1)
    assert all(isinstance(a, Accept) for a in choices(modest))
    # The leader pays for an office he would gain from it: 1,000 livres are worth less to
    # seat 1 than the favour to the leader, 5,000 more.
    rich = play(_known_office(20000), Offer(1, 1000, "request"))
    assert all(isinstance(a, Decline) for a in choices(rich))
    richer = play(_known_office(20000), Offer(1, 5000, "request"))
    assert all(isinstance(a, Accept) for a in choices(richer))


def _owing_a_court_move(paid: int, hand: list[str]) -> V1682State:
    s = position(4, steps=[("court",)], hands={0: hand, 1: ["hallali", "fall_from_horse"]})
    s = s._copy()
    s.promises = ((0, 1, MOVE_COURT, paid),)
    return s


def test_a_bot_keeps_a_promise_that_costs_it_little() -> None:
    s = _owing_a_court_move(2000, ["piety"])
    assert s.pending == ("court", 0)
    assert all(a == MoveCourt("hunt") for a in choices(s))
    after = s.apply(MoveCourt("hunt"))
    assert after.promises == ()


def test_a_bot_breaks_a_promise_that_costs_it_more_than_its_word() -> None:
    versailles = ["bon_mot", "grace_at_ball", "impertinence", "faux_pas"]
    assert all(CARDS[first(k, range(len(CARDS)))].icon == "versailles" for k in versailles)
    s = _owing_a_court_move(1000, versailles)
    assert all(a == MoveCourt("versailles") for a in choices(s))
    stays = s.apply(MoveCourt("versailles"))
    assert stays.promises == s.promises


def test_only_the_two_seats_of_a_promise_see_it_in_their_sampled_states() -> None:
    s = _owing_a_court_move(2000, [])
    for seat, sees in ((0, True), (1, True), (2, False)):
        s2 = s._copy()
        s2.pending = ("court", seat)
        dealt = s2.determinizer(seat)(Rng(3))
        assert bool(dealt.promises) is sees
    assert FAVOURS[MOVE_COURT] == "move_court"
