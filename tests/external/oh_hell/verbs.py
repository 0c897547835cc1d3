"""The small verbs the rules use: deal the cards, play one, judge a trick."""

from __future__ import annotations

from sunking.core.events import Emit, say, tell

from .data import DEALS, DECK_SIZE, suit
from .state import OhHellState


def deal_cards(s: OhHellState, emit: Emit) -> None:
    """Gather the deck, shuffle it with the state's generator, deal the deal's cards to each
    seat from the dealer's left and turn the next card up for trumps (RULES.md §1)."""
    n = s.num_players
    deck = list(range(DECK_SIZE))
    s.rng.shuffle(deck)
    size = DEALS[s.deal]
    s.hands = [[] for _ in range(n)]
    for i in range(size * n):
        s.hands[(s.dealer + 1 + i) % n].append(deck.pop())
    for hand in s.hands:
        hand.sort()
    s.trump = deck.pop()
    s.stock = sorted(deck)
    s.trick = []
    s.played = []
    if emit is not None:
        say(emit, "deal", deal=s.deal + 1, dealer=s.dealer, size=size, trump=s.trump)
        for p in range(n):
            tell(emit, p, "hand", seat=p, cards=list(s.hands[p]))


def play_card(s: OhHellState, seat: int, card: int, emit: Emit) -> None:
    """Move ``card`` from the seat's hand to the trick; a seat that does not follow the suit
    led has shown it has none of that suit."""
    s.hands[seat].remove(card)
    if s.trick and suit(card) != suit(s.trick[0]):
        s.voids[seat] |= 1 << suit(s.trick[0])
    s.trick.append(card)
    say(emit, "play", seat=seat, card=card)


def trick_winner(trick: list[int], leader: int, num_players: int, trumps: int) -> int:
    """The seat that wins ``trick`` (cards in play order from ``leader``): the highest trump,
    else the highest card of the suit led (RULES.md §3)."""
    led = suit(trick[0])

    def strength(card: int) -> tuple[int, int]:
        kind = 2 if suit(card) == trumps else 1 if suit(card) == led else 0
        return kind, card

    best = max(range(len(trick)), key=lambda i: strength(trick[i]))
    return (leader + best) % num_players
