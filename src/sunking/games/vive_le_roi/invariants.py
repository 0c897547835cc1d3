"""Invariants of a Vive le Roi state: every card in exactly one place, attachments sound."""

from __future__ import annotations

from .data import (
    CARDS,
    COURTIER,
    DECK_SIZE,
    EAR_CARD,
    EVENT,
    GOLD,
    KIND,
    KING_CARD,
    KINGS_EAR,
    MUSKETEER,
    NOBLE,
    OFFICIAL,
    PROVINCE,
    ROLE,
)
from .state import (
    LOC_DECK,
    LOC_DISCARD,
    LOC_EAR,
    LOC_FIGHT,
    LOC_HAND,
    LOC_HIDDEN,
    LOC_KING,
    LOC_MIDDLE,
    LOC_PLAY,
    LOC_STRUCT,
    ViveLeRoiState,
)


def _places(s: ViveLeRoiState) -> list[tuple[int, list[int]]]:
    n = s.num_players
    places = [(LOC_DECK, s.deck), (LOC_DISCARD, s.discard), (LOC_MIDDLE, s.middle),
              (LOC_FIGHT, s.fight), (LOC_PLAY, s.playing)]
    places += [(LOC_HAND + p, s.hands[p]) for p in range(n)]
    places += [(LOC_STRUCT + p, s.structures[p]) for p in range(n)]
    places += [(LOC_HIDDEN + p, [s.hidden[p]] if s.hidden[p] >= 0 else []) for p in range(n)]
    places.append((LOC_KING, [KING_CARD]))
    if s.loc[EAR_CARD] == LOC_EAR:
        places.append((LOC_EAR, [EAR_CARD]))
    return places


def _attachment_ok(s: ViveLeRoiState, card: int, host: int) -> bool:
    kind, host_kind = KIND[card], KIND[host]
    if kind == GOLD:
        return host_kind in (COURTIER, OFFICIAL) or (host_kind == MUSKETEER
                                                     and s.attach[host] < 0)
    if kind == MUSKETEER:
        return host_kind == PROVINCE
    return kind == EVENT and ROLE[card] == KINGS_EAR and host_kind == NOBLE


_ALL = list(range(DECK_SIZE))


def check_invariants(s: ViveLeRoiState) -> list[str]:
    """Describe every broken invariant of ``s`` (an empty list when all hold)."""
    problems: list[str] = []
    expected = [-1] * DECK_SIZE
    everything: list[int] = []
    for code, cards in _places(s):
        everything += cards
        for c in cards:
            expected[c] = code
    if sorted(everything) != _ALL:
        seen = [0] * DECK_SIZE
        for c in everything:
            seen[c] += 1
        for c, count in enumerate(seen):
            if count != 1:
                problems.append(f"{CARDS[c].name} (card {c}) is in {count} places, not 1")
    elif expected != s.loc:
        wrong = [c for c in _ALL if expected[c] != s.loc[c]]
        problems.append(f"cards {wrong} are not where their places are recorded")
    if len(s.middle) != len(s.middle_by) or len(s.fight) != len(s.fight_by):
        problems.append("the middle or the exchange lost track of who laid a card")
    for p in range(s.num_players):
        if s.hands[p] != sorted(s.hands[p]) or s.structures[p] != sorted(s.structures[p]):
            problems.append(f"seat {p}'s hand or structure is not kept sorted")
    attach = s.attach
    for c in [c for c, host in enumerate(attach) if host >= 0]:
        host = attach[c]
        if s.owner(c) < 0 or s.owner(host) != s.owner(c):
            problems.append(f"card {c} is attached to card {host} outside its structure")
        elif not _attachment_ok(s, c, host):
            problems.append(f"{CARDS[c].name} cannot be attached to {CARDS[host].name}")
        elif KIND[c] == GOLD and KIND[host] == MUSKETEER and attach[host] >= 0:
            problems.append(f"musketeer {host} carries gold on a province")
    for holder, card, _ in s.known:
        if s.loc[card] != LOC_HAND + holder:
            problems.append(f"a known hand card {card} is not in seat {holder}'s hand")
    ear = s.loc[EAR_CARD]
    if LOC_STRUCT <= ear < LOC_HIDDEN and attach[EAR_CARD] < 0:
        problems.append("the King's Ear lies in a structure without a noble")
    if not 0 <= s.king < s.num_players:
        problems.append(f"the King is beside seat {s.king}")
    return problems
