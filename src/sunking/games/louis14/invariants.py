"""Invariants of a Louis XIV state: every component conserved, nothing negative."""

from __future__ import annotations

from .data import (
    BLAZON_KINDS,
    BLAZONS_PER_KIND,
    CHIPS_PER_KIND,
    INFLUENCE_CARDS,
    MISSIONS,
    NEUTRAL_STONES,
    STONES_PER_COLOUR,
)
from .state import BLAZON_SLOTS, CHIP_SLOTS, FACES, Louis14State


def check_invariants(s: Louis14State) -> list[str]:
    """Describe every broken invariant of ``s`` (an empty list when all hold)."""
    problems: list[str] = []
    n = s.num_players
    c = s.colours
    for p in range(n):
        on_court = sum(s.board[t * c + p] for t in range(1, 13))
        total = s.personal[p] + s.general[p] + on_court
        if total != STONES_PER_COLOUR:
            problems.append(f"seat {p} has {total} stones, not {STONES_PER_COLOUR}")
        if min(s.personal[p], s.general[p], s.money[p]) < 0:
            problems.append(f"seat {p} has a negative supply or money")
    if n == 2:
        neutral = s.neutral_pool + sum(s.board[t * c + c - 1] for t in range(1, 13))
        if neutral != NEUTRAL_STONES or s.neutral_pool < 0:
            problems.append(f"the neutral colour has {neutral} stones, not {NEUTRAL_STONES}")
    if min(s.board) < 0 or min(s.hand) < 0:
        problems.append("a negative count on the court or in a hand")
    if len(s.deck_known) != len(s.deck):
        problems.append("the influence pile and its knowledge marks differ in length")
    faces = sorted(s.deck + s.center + [f for p in range(n) for f in range(FACES)
                                        for _ in range(s.hand[p * FACES + f])])
    if faces != sorted(INFLUENCE_CARDS):
        problems.append("the influence cards are not the 30 printed ones")
    intrigue = sorted(s.intrigue_deck + [t for p in range(n) for t in range(1, 13)
                                         if s.intrigue[p] >> t & 1])
    if intrigue != list(range(1, 13)) or len(s.intrigue_known) != len(s.intrigue_deck):
        problems.append(f"intrigue cards are {intrigue}, not the 12 printed ones")
    missions = sorted(
        [m for d in s.mission_decks for m in d]
        + [m for p in range(n) for m in s.missions[p]]
        + [m for p in range(n) for m in s.laid[p]]
    )
    if missions != list(range(len(MISSIONS))):
        problems.append("the mission cards are not the 40 printed ones, each once")
    for d in range(3):
        pile = s.mission_decks[d]
        if any(MISSIONS[m].deck != d for m in pile) or len(s.mission_known[d]) != len(pile):
            problems.append(f"mission deck {d} holds a card of another deck")
    for k in range(CHIP_SLOTS):
        held = sum(s.chips[p * CHIP_SLOTS + k] for p in range(n))
        if held + s.chip_supply[k] != CHIPS_PER_KIND[k] or held < 0:
            problems.append(f"chip kind {k}: {held} held + {s.chip_supply[k]} in supply")
    for k in range(BLAZON_KINDS):
        held = sum(s.blazons[p * BLAZON_SLOTS + k] for p in range(n))
        if held + s.blazon_pool[k] != BLAZONS_PER_KIND or s.blazon_pool[k] < 0:
            problems.append(f"blazon kind {k}: {held} held + {s.blazon_pool[k]} in the pool")
    if len(s.money_deck) + len(s.money_removed) + len(s.money_revealed) != 8:
        problems.append("the money cards are not 8")
    return problems
