"""Positions for scenario tests and tutorials: lay out a deal, then play it through the API.

:func:`position` starts a real game and lays out the deal asked for (the hands, the trump
card, the bids already made, the trick on the table), every other card in the stock, and
queues the rest of the deal from there: the bids not yet made, the tricks, the scoring. Once
that is done the position stops (``to_move`` is None); it is not a finished game.

>>> s = position(2, deal=2, dealer=1, trump="king of hearts", hands={
...     0: ["ace of spades", "2 of spades"], 1: ["2 of clubs", "10 of hearts"]})
>>> s.to_move, s.pending[0], [a.tricks for a in s.legal_actions()]
(0, 'bid', [0, 1, 2])
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from .data import DEALS, DECK_SIZE, card_of
from .flow import FLOW
from .game import GAME
from .state import NO_BID, OhHellState


def card(name: str) -> int:
    """The card named ``"<rank> of <suit>"`` (``"queen of hearts"``).

    Raises:
        ValueError: no such card.
    """
    rank_name, _, suit_name = name.partition(" of ")
    return card_of(rank_name, suit_name)


def position(
    num_players: int,
    *,
    hands: Mapping[int, Sequence[str]],
    trump: str,
    deal: int = 0,
    dealer: int = 0,
    bids: Mapping[int, int] | None = None,
    trick: Sequence[str] = (),
    seed: int = 0,
) -> OhHellState:
    """Deal ``deal`` (0–2) laid out: ``hands`` by card names, the ``trump`` card turned up,
    the ``bids`` made (all of them once ``trick`` is given: the cards already played to the
    first trick, from the dealer's left); the rest of the deal is queued.

    Raises:
        ValueError: a card is placed twice, a hand is not of the deal's size, or a bid is
            missing while a trick is under way.
    """
    s = GAME.new_game(num_players, seed)
    n = num_players
    held = {p: [card(c) for c in hands.get(p, ())] for p in range(n)}
    on_table = [card(c) for c in trick]
    placed = [c for h in held.values() for c in h] + on_table + [card(trump)]
    if len(set(placed)) != len(placed):
        raise ValueError("a card is placed twice")
    s.deal, s.dealer, s.first_dealer = deal, dealer, (dealer - deal) % n
    s.leader = (dealer + 1) % n
    for p in range(n):
        played = int((p - s.leader) % n < len(on_table))
        if len(held[p]) + played != DEALS[deal]:
            raise ValueError(f"seat {p} holds {len(held[p])} cards in a deal of {DEALS[deal]}")
    s.hands = [sorted(held[p]) for p in range(n)]
    s.trump = card(trump)
    s.trick = on_table
    s.stock = sorted(set(range(DECK_SIZE)) - set(placed))
    s.bids = [(bids or {}).get(p, NO_BID) for p in range(n)]
    if on_table and NO_BID in s.bids:
        raise ValueError("a trick is under way but not every seat has bid")
    s.agenda = [("score",), *[("trick",)] * (DEALS[deal] - (1 if on_table else 0))]
    if on_table:
        s.phase = "tricks"
        s.agenda += [("end_trick",)]
        s.agenda += [("play", (s.leader + i) % n) for i in reversed(range(len(on_table), n))]
    else:
        s.agenda += [("bid", (dealer - i) % n) for i in range(n) if s.bids[(dealer - i) % n]
                     == NO_BID]
    s.pending = None
    s._legal = None
    s._events = None
    FLOW.run(s, [])
    return s


def _hooked_dealer() -> OhHellState:
    """The dealer (seat 2) bids last, the others having bid 1 and 2 of 4 tricks."""
    return position(3, dealer=2, bids={0: 1, 1: 2}, trump="king of hearts", hands={
        0: ["ace of spades", "7 of spades", "queen of hearts", "3 of clubs"],
        1: ["10 of spades", "jack of diamonds", "4 of diamonds", "2 of hearts"],
        2: ["ace of hearts", "9 of clubs", "8 of clubs", "5 of diamonds"]})


def _hook_out_of_reach() -> OhHellState:
    """The third deal (2 cards): the dealer (seat 2) bids after 2 and 2, too many for any bid
    of his to make the bids add up to the tricks."""
    return position(3, deal=2, dealer=2, bids={0: 2, 1: 2}, trump="2 of spades", hands={
        0: ["ace of clubs", "king of clubs"], 1: ["3 of hearts", "queen of diamonds"],
        2: ["5 of hearts", "9 of diamonds"]})


def _follow_suit() -> OhHellState:
    """Seat 0 led the 9 of hearts; seat 1 holds two hearts, seat 2 one."""
    return position(3, dealer=2, bids={0: 1, 1: 1, 2: 1}, trump="4 of clubs",
                    trick=["9 of hearts"], hands={
        0: ["ace of spades", "7 of spades", "3 of clubs"],
        1: ["10 of hearts", "2 of hearts", "jack of diamonds", "4 of diamonds"],
        2: ["queen of hearts", "9 of clubs", "8 of clubs", "5 of diamonds"]})


def _cannot_follow() -> OhHellState:
    """Seat 1 holds no spade when the ace of spades is led: any card, trumps included."""
    return position(4, dealer=3, bids={0: 1, 1: 0, 2: 1, 3: 1}, trump="6 of diamonds",
                    trick=["ace of spades"], hands={
        0: ["7 of spades", "3 of clubs", "king of hearts"],
        1: ["10 of hearts", "2 of hearts", "jack of diamonds", "4 of clubs"],
        2: ["queen of spades", "9 of clubs", "8 of clubs", "5 of diamonds"],
        3: ["2 of spades", "3 of spades", "4 of spades", "ace of diamonds"]})


NAMED_POSITIONS: Mapping[str, Callable[[], OhHellState]] = {
    "hooked-dealer": _hooked_dealer,
    "hook-out-of-reach": _hook_out_of_reach,
    "follow-suit": _follow_suit,
    "cannot-follow": _cannot_follow,
}
"""Positions by name, for tests and tutorials (each a function of no argument)."""
