"""The components of Oh Hell: a standard 52-card deck, aces high, and the deals of a game.

A card is a number 0–51: its suit is ``card // 13`` (clubs, diamonds, hearts, spades) and its
rank ``card % 13`` (0 the two … 12 the ace), so that a higher number of one suit is a higher
card. Nothing here is reconstructed: the deck and the rules are the traditional ones
(``RULES.md``).
"""

from __future__ import annotations

SUITS = ("clubs", "diamonds", "hearts", "spades")
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king", "ace")
DECK_SIZE = len(SUITS) * len(RANKS)
DEALS = (4, 3, 2)
"""Cards dealt to each player in each deal, in order (RULES.md §1)."""
BONUS = 10
"""Points for taking exactly the number of tricks bid (§4)."""
MIN_PLAYERS, MAX_PLAYERS = 2, 4


def suit(card: int) -> int:
    """The suit of ``card`` (an index of :data:`SUITS`)."""
    return card // len(RANKS)


def rank(card: int) -> int:
    """The rank of ``card`` (an index of :data:`RANKS`: 0 the two, 12 the ace)."""
    return card % len(RANKS)


def card_of(rank_name: str, suit_name: str) -> int:
    """The card of that rank and suit (``card_of("queen", "hearts")``).

    Raises:
        ValueError: no such rank or suit.
    """
    return SUITS.index(suit_name) * len(RANKS) + RANKS.index(rank_name)


def _check() -> None:
    if MAX_PLAYERS * DEALS[0] + 1 > DECK_SIZE:
        raise ValueError("the deck cannot deal the first deal and turn up a trump card")
    if any(h < 1 for h in DEALS):
        raise ValueError("every deal gives at least one card")


_check()
