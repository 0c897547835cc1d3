"""The invariants the conformance harness checks at every step (and on every determinized
state): every card in one place, hands of the right size, no card of a suit its holder has
shown it lacks, bids within the deal, scores that add up."""

from __future__ import annotations

from collections import Counter

from .data import BONUS, DEALS, DECK_SIZE, suit
from .state import NO_BID, OhHellState


def _cards(s: OhHellState) -> list[str]:
    places = [*(c for h in s.hands for c in h), *s.stock, *s.trick, *s.played, s.trump]
    counts = Counter(places)
    problems = [f"card {c} is in {k} places" for c, k in sorted(counts.items()) if k > 1]
    missing = DECK_SIZE - len(counts)
    if missing:
        problems.append(f"{missing} cards are nowhere")
    return problems


def _hands(s: OhHellState) -> list[str]:
    n = s.num_players
    done = len(s.played) // n
    problems = []
    for p in range(n):
        on_table = int((p - s.leader) % n < len(s.trick))
        expected = DEALS[s.deal] - done - on_table
        if len(s.hands[p]) != expected:
            problems.append(f"seat {p} holds {len(s.hands[p])} cards, not {expected}")
        shown = [c for c in s.hands[p] if s.voids[p] >> suit(c) & 1]
        if shown:
            problems.append(f"seat {p} holds {shown} of a suit it has shown it lacks")
    return problems


def _scores(s: OhHellState) -> list[str]:
    problems = []
    for p in range(s.num_players):
        if not (s.bids[p] == NO_BID or 0 <= s.bids[p] <= DEALS[s.deal]):
            problems.append(f"seat {p} bid {s.bids[p]}")
        points = sum(rows[p][2] for rows in s.ledger)
        exact = sum(rows[p][0] == rows[p][1] for rows in s.ledger)
        if points != s.scores[p] or exact != s.made[p]:
            problems.append(f"seat {p}'s score {s.scores[p]} ({s.made[p]} exact) is not the "
                            f"ledger's {points} ({exact})")
        if any(rows[p][2] != rows[p][1] + BONUS * (rows[p][0] == rows[p][1])
               for rows in s.ledger):
            problems.append(f"seat {p} was scored wrongly")
    if sum(s.tricks) != len(s.played) // s.num_players:
        problems.append(f"{sum(s.tricks)} tricks won, {len(s.played) // s.num_players} played")
    return problems


def check_invariants(s: OhHellState) -> list[str]:
    """Every broken invariant, described."""
    return [*_cards(s), *_hands(s), *_scores(s)]
