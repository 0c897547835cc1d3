"""End of the game: conversions into blazons, blazon majorities, victory points, tie-break.

Rulebook: Dutch rulebook (`000_d2f528188efe1a8d.txt`), "Einde van het spel"; rulings §6.
"""

from __future__ import annotations

from typing import Any

from ...core.events import Emit, say
from .data import BLAZON_KINDS
from .state import BLAZON_SLOTS, CHIP_SLOTS, FACES, Louis14State
from .verbs import draw_blazon

MISSION_POINTS = 5
LOUIS_PER_BLAZON = 3


def final_scoring(s: Louis14State, emit: Emit) -> None:
    """Convert leftovers, award blazon majorities, count points and find the winners."""
    s.phase = "end"
    n = s.num_players
    rows = [_convert_leftovers(s, p, emit) for p in range(n)]
    kinds, majorities = _blazon_majorities(s)
    for p in range(n):
        draw_blazon(s, p, emit, "majority", len(majorities[p]))
    scores = [_count_points(s, p, rows[p], kinds[p], majorities[p]) for p in range(n)]
    tiebreak = list(s.personal)
    best = max(zip(scores, tiebreak, strict=True))
    winners = [p for p in range(n) if (scores[p], tiebreak[p]) == best]
    s.final = {
        "scores": scores,
        "winners": winners,
        "tiebreak": tiebreak,
        "tiebreak_rule": "most stones in the personal supply",
        "players": rows,
    }
    say(emit, "game_end", scores=scores, winners=winners)


def _convert_leftovers(s: Louis14State, p: int, emit: Emit) -> dict[str, Any]:
    """Seat ``p`` trades in its cards, chips, stones at court and louis d'or for blazons;
    its row of the final table so far."""
    c = s.colours
    conversions = {
        "influence_cards": s.hand_size(p),
        "intrigue_cards": bin(s.intrigue[p]).count("1"),
        "chips": s.chip_count(p),
        "stones_on_court": sum(s.board[t * c + p] for t in range(1, 13)),
        "louis": s.money[p] // LOUIS_PER_BLAZON,
    }
    row: dict[str, Any] = {"seat": p, "blazons_during_game": s.blazon_count(p),
                           "conversions": conversions}
    # Traded in: the cards and chips go back, the louis d'or to the bank.
    for face in range(FACES):
        s.deck.extend([face] * s.hand[p * FACES + face])
        s.deck_known.extend([0] * s.hand[p * FACES + face])
        s.hand[p * FACES + face] = 0
    for t in range(1, 13):
        if s.intrigue[p] >> t & 1:
            s.intrigue_deck = [t, *s.intrigue_deck]
            s.intrigue_known = [0, *s.intrigue_known]
    s.intrigue[p] = 0
    for k in range(CHIP_SLOTS):
        s.chip_supply[k] += s.chips[p * CHIP_SLOTS + k]
        s.chips[p * CHIP_SLOTS + k] = 0
    s.money[p] -= LOUIS_PER_BLAZON * conversions["louis"]
    s.known_hands = ()
    draw_blazon(s, p, emit, "conversion", sum(conversions.values()))
    return row


def _blazon_majorities(s: Louis14State) -> tuple[list[list[int]], list[list[int]]]:
    """Per seat, its blazons of each kind, and the kinds it holds most of (ties share)."""
    n = s.num_players
    kinds = [
        [s.blazons[p * BLAZON_SLOTS + k] for k in range(BLAZON_KINDS)] for p in range(n)
    ]
    majorities: list[list[int]] = [[] for _ in range(n)]
    for k in range(BLAZON_KINDS):
        top = max(kinds[p][k] for p in range(n))
        if top > 0:
            for p in range(n):
                if kinds[p][k] == top:
                    majorities[p].append(k)
    return kinds, majorities


def _count_points(s: Louis14State, p: int, row: dict[str, Any], kinds: list[int],
                  majorities: list[int]) -> int:
    """Seat ``p``'s victory points (blazons and laid missions), its row completed."""
    blazons = s.blazon_count(p)
    missions = len(s.laid[p])
    score = blazons + MISSION_POINTS * missions
    row.update(
        blazon_kinds=kinds,
        kindless_blazons=s.blazons[p * BLAZON_SLOTS + BLAZON_KINDS],
        majorities=majorities,
        blazons=blazons,
        missions=missions,
        mission_points=MISSION_POINTS * missions,
        score=score,
        personal_stones=s.personal[p],
    )
    return score
