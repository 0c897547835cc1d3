"""Incomes at the end of a turn, the marriage split, and the end of the game.

§7.4.1f: at the end of his turn a courtier receives the sum printed on the cards face up in
front of him; the steward is paid only after his second turn. §8.4b: spouses share their
incomes equally, unless one is in the Bastille (§12.0), whose income is withheld while the
free spouse keeps all of his own. §8.4a: an office pays once per round, whoever holds it.

Rulebook: German rulebook (`004_83e97ed5cbbf50d2.txt`), 7.4f "Auszahlung von Einkommen"
(the marriage split, the steward paid after his second turn) and 1.0 "Ziel des Spiels";
ruling V-43.
"""

from __future__ import annotations

from operator import itemgetter
from typing import Any

from ...core.events import Emit, say
from .data import COUNTRIES, FAMILY_NAMES, INCOME_CARDS, INCOME_OF, KIND_OF
from .state import BASTILLE, STATUS_NAMES, TABLEAU, V1682State
from .verbs import gain

_INCOME_PLACES = itemgetter(*INCOME_CARDS)
"""Where the cards that pay an income are, as a tuple."""


def income_of(s: V1682State, seat: int) -> int:
    """What ``seat``'s own cards would pay now, before any split (offices already paid
    this round count nothing)."""
    if s.status[seat] == BASTILLE:
        return 0
    zone = TABLEAU + seat
    where = s.where
    total = 0
    for c in INCOME_CARDS:
        if where[c] == zone and not (KIND_OF[c] == "office" and c in s.paid):
            total += INCOME_OF[c]
    return total


def pay_income(s: V1682State, seat: int, emit: Emit) -> None:
    """Pay ``seat`` the income of the cards in front of it, split with a free spouse."""
    if s.status[seat] == BASTILLE:
        if emit is not None:
            say(emit, "no_income", seat=seat, why="bastille")
        return
    zone = TABLEAU + seat
    places = _INCOME_PLACES(s.where)
    if zone not in places:  # nothing in front of the courtier pays
        return
    total = 0
    for c, place in zip(INCOME_CARDS, places, strict=True):
        if place != zone:
            continue
        if KIND_OF[c] == "office":
            if c in s.paid:
                continue
            s.paid.append(c)
        total += INCOME_OF[c]
    if not total:
        return
    partner = s.spouse[seat]
    if partner >= 0 and s.status[partner] != BASTILLE:
        share = total // 2
        gain(s, seat, total - share, emit, "income")
        gain(s, partner, share, emit, "spouse_income")
    else:
        gain(s, seat, total, emit, "income")


def settle(s: V1682State, emit: Emit) -> None:
    """After a change of wealth: the game ends when a family reaches the target (§1.0).

    Ruling V-43: if several reach it at once, the player whose turn it is wins if he is
    among them, otherwise the highest fortune, a tie being shared.
    """
    s.wealth_changed = 0
    target = s.target
    reached = [p for p in range(s.num_players) if s.fortune[p] >= target]
    if not reached:
        return
    if s.turn_seat in reached:
        winners = [s.turn_seat]
    else:
        top = max(s.fortune[p] for p in reached)
        winners = [p for p in reached if s.fortune[p] == top]
    finish(s, winners, "target", emit)


def finish_by_limit(s: V1682State, emit: Emit) -> None:
    """The round limit is reached (an engine bound): the richest family wins."""
    top = max(s.fortune)
    finish(s, [p for p in range(s.num_players) if s.fortune[p] == top], "round_limit", emit)


def finish(s: V1682State, winners: list[int], reason: str, emit: Emit) -> None:
    """End the game with ``winners``; scores are the families' fortunes."""
    players: list[dict[str, Any]] = []
    for p in range(s.num_players):
        players.append({
            "seat": p,
            "family": FAMILY_NAMES[s.name[p]] if s.name[p] >= 0 else "",
            "fortune": s.fortune[p],
            "income": income_of(s, p),
            "party": COUNTRIES[s.party[p]] if s.party[p] >= 0 else "",
            "place": STATUS_NAMES[s.status[p]],
        })
    s.final = {
        "scores": list(s.fortune),
        "winners": sorted(winners),
        "tiebreak": [0] * s.num_players,
        "reason": reason,
        "round": s.round,
        "target": s.target,
        "players": players,
    }
    s.phase = "over"
    s.pending = None
    s.agenda.clear()  # in place: the running flow holds this list
    s.turn_seat = -1
    if emit is not None:
        say(emit, "game_over", winners=sorted(winners), reason=reason, fortunes=list(s.fortune))
