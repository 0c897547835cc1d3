"""The rules of Oh Hell (``tests/external/oh_hell``, ``RULES.md``), the game installed from
outside the package: the hook, following suit, who takes a trick, the scoring, the deals, and
the determinization that deals no seat a suit it has shown it lacks."""

from __future__ import annotations

import doctest
import importlib
from types import ModuleType

import pytest

from sunking.core import IllegalAction, Rng, make


@pytest.fixture(scope="module")
def game(oh_hell: list[str]) -> ModuleType:
    """The game's package, imported once it is installed."""
    return importlib.import_module("oh_hell")


def part(name: str) -> ModuleType:
    return importlib.import_module(f"oh_hell.{name}")


def test_the_dealer_may_not_make_the_bids_add_up(game: ModuleType) -> None:
    s = part("scenario").NAMED_POSITIONS["hooked-dealer"]()
    assert [a.tricks for a in s.legal_actions()] == [0, 2, 3, 4]
    with pytest.raises(IllegalAction):
        s.apply(part("actions").Bid(1), seat=2)
    for bid in (0, 2):
        after = s.apply(part("actions").Bid(bid))
        assert sum(after.bids) != 4 and after.pending == ("play", 0)


def test_a_card_of_the_suit_led_must_be_played(game: ModuleType) -> None:
    scenario = part("scenario")
    s = scenario.NAMED_POSITIONS["follow-suit"]()
    assert {a.card for a in s.legal_actions()} == {scenario.card("10 of hearts"),
                                                   scenario.card("2 of hearts")}
    with pytest.raises(IllegalAction):
        s.apply(part("actions").Play(scenario.card("jack of diamonds")))
    s = scenario.NAMED_POSITIONS["cannot-follow"]()
    assert len(s.legal_actions()) == 4
    after = s.apply(part("actions").Play(scenario.card("10 of hearts")))
    assert after.voids[1] == 1 << 3, "seat 1 has shown it holds no spade"


@pytest.mark.parametrize(("trick", "winner"), [
    (["9 of hearts", "10 of hearts", "queen of hearts"], 2),
    (["9 of hearts", "2 of clubs", "queen of hearts"], 1),  # clubs are trumps
    (["9 of hearts", "ace of spades", "3 of hearts"], 0),  # a discard never wins
    (["4 of clubs", "ace of clubs", "king of hearts"], 1),  # trumps led: the highest
])
def test_the_highest_trump_else_the_highest_of_the_suit_led_takes_the_trick(
    game: ModuleType, trick: list[str], winner: int,
) -> None:
    cards = [part("scenario").card(c) for c in trick]
    assert part("verbs").trick_winner(cards, 0, 3, 0) == winner


def test_an_exact_bid_scores_ten_more(game: ModuleType) -> None:
    """A whole deal played out from a position: the dealer bids 2 of 2 tricks with the ace
    and king of trumps and takes both: 12; seat 1 bid 1 and took none: 0."""
    scenario, actions = part("scenario"), part("actions")
    s = scenario.position(2, deal=2, dealer=0, bids={1: 1}, trump="2 of clubs", hands={
        0: ["ace of clubs", "king of clubs"], 1: ["3 of hearts", "queen of diamonds"]})
    s = s.apply(actions.Bid(2))
    while not s.is_terminal:
        s = s.apply(s.legal_actions()[-1])
    assert s.tricks == [2, 0] and s.scores == [12, 0] and s.made == [1, 0]
    assert s.ledger == [[[2, 2, 12], [1, 0, 0]]]


def test_three_deals_the_deal_passing_left_and_the_winner(game: ModuleType) -> None:
    s = make("oh_hell").new_game(3, 4)
    dealers = []
    rng = Rng(4)
    while not s.is_terminal:
        if s.dealer not in dealers[-1:]:
            dealers.append(s.dealer)
        s = s.apply(rng.choice(s.legal_actions()))
    assert dealers == [(dealers[0] + k) % 3 for k in range(3)]
    result = s.result()
    assert len(s.ledger) == 3 and list(result.scores) == s.scores
    best = max(zip(s.scores, s.made, strict=True))
    assert list(result.winners) == [p for p in range(3) if (s.scores[p], s.made[p]) == best]


def test_the_first_dealer_is_drawn_by_lot(game: ModuleType) -> None:
    assert {make("oh_hell").new_game(4, seed).dealer for seed in range(20)} == {0, 1, 2, 3}


def test_a_determinization_deals_no_seat_a_suit_it_lacks(game: ModuleType) -> None:
    """Seat 1 lacks spades and hearts, seat 2 everything but clubs: the search must give
    seat 2 the only two clubs, whatever order the cards come in."""
    deal_unseen, stock = part("determinization").deal_unseen, part("determinization").STOCK
    card = part("scenario").card
    clubs = [card("2 of clubs"), card("3 of clubs")]
    pool = sorted([*clubs, card("4 of spades"), card("5 of hearts"), card("6 of diamonds"),
                   card("7 of diamonds")])
    voids = {1: 0b1100, 2: 0b1110}
    for seed in range(30):
        dealt = deal_unseen(pool, {1: 2, 2: 2, stock: 2}, voids, Rng(seed))
        assert sorted(dealt[2]) == clubs
        assert all(c // 13 == 1 for c in dealt[1])
        assert sorted(c for cards in dealt.values() for c in cards) == pool


def test_a_determinized_state_keeps_what_the_seat_saw(game: ModuleType) -> None:
    s = part("scenario").NAMED_POSITIONS["cannot-follow"]()
    s = s.apply(s.legal_actions()[0])  # seat 1 shows it lacks spades
    seen = s.view(2)
    for seed in range(10):
        d = s.determinize(2, Rng(seed))
        assert d.view(2) == seen and d.check_invariants() == []
        assert not any(c // 13 == 3 for c in d.hands[1])


def test_the_scenario_module_examples_hold(game: ModuleType) -> None:
    assert doctest.testmod(part("scenario")).failed == 0
