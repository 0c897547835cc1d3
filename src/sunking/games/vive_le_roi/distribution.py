"""Phase 2: the cards in the middle are shared out.

A. the events in play order (:mod:`.event_cards`; a Rebellion is resolved here);
B. provinces, gold, musketeers, courtiers: each group to whoever laid its highest card; a
   tie goes to the most courtier influence (courtiers bearing the arms of one's nobles), and
   if that ties too, every player of the group takes his own card back (VR-14);
C. every player takes back his noble or official, in play order; officials activate one
   after the other.
A King's Ear lying in the middle is then contested (VR-22).

Rulebook: Dutch rulebook (`003_fb5526a901664f8a.txt`), "Fase 2: het verdelen van de kaarten".
"""

from __future__ import annotations

from ...core.actions import Action
from ...core.agenda import Handler, Legal, Pending, Task
from ...core.events import Emit, say
from .actions import Activate
from .data import (
    COURTIER,
    EAR_CARD,
    EVENT,
    FREEING_POINTS,
    GOLD,
    KIND,
    KIND_NAMES,
    MUSKETEER,
    OFFICIAL,
    PROVINCE,
    REBELLION,
    ROLE,
    VALUE,
)
from .state import LOC_EAR, ViveLeRoiState
from .verbs import courtier_influence, to_discard, to_structure

PHASE2_FLOW: tuple[tuple[int | str, ...], ...] = (
    ("next_event",),
    ("distribute", PROVINCE),
    ("distribute", GOLD),
    ("distribute", MUSKETEER),
    ("distribute", COURTIER),
    ("take_back",),
    ("contest_if_loose",),
)
"""The steps of Phase 2, in order."""

OFFICIAL_IDS = 87
"""The first official's id: officials waiting for activation are kept as a bitmask."""


def _rebellion(s: ViveLeRoiState, emit: Emit, seat: int, card: int) -> None:
    """A Rebellion (VR-15, VR-16)."""
    to_discard(s, card)
    if s.last_round:
        say(emit, "rebellion", seat=seat, effect="none in the last round")
        return
    if s.rebellions == 1:
        taken = [c for c in s.middle if KIND[c] != EVENT]
        for c in taken:
            to_structure(s, c, seat)
        if s.captive:
            captor = s.king
            s.captive = False
            points = FREEING_POINTS if captor != seat else 0
            s.scores[seat] += points
            say(emit, "rebellion", seat=seat, effect="king freed", captor=captor, taken=taken,
                points=points)
        else:
            s.king = seat
            s.captive = True
            s.decree_failed = 0
            say(emit, "rebellion", seat=seat, effect="king captured", taken=taken)
        officials = sum(1 << (c - OFFICIAL_IDS) for c in taken if KIND[c] == OFFICIAL)
        s.agenda.append(("activate_some", seat, officials))
        s.agenda.extend(("place", seat, c) for c in reversed(taken) if KIND[c] in (GOLD,
                                                                                  MUSKETEER))
        return
    if s.captive and not s.freed:
        s.freed = True
        captor = s.king
        s.captive = False
        rebels = sorted({seat} | {
            by for c, by in zip(s.middle, s.middle_by, strict=True)
            if KIND[c] == EVENT and ROLE[c] == REBELLION
        })
        paid = [p for p in rebels if p != captor]
        for p in paid:
            s.scores[p] += FREEING_POINTS
        say(emit, "rebellion", seat=seat, effect="king freed by several", captor=captor,
            rebels=rebels, paid=paid, points=FREEING_POINTS)
    else:
        say(emit, "rebellion", seat=seat, effect="none: several rebellions")


def _activate_some(s: ViveLeRoiState, emit: Emit, seat: int, mask: int) -> None:
    if not mask:
        return
    if mask & (mask - 1):
        s.pending = ("activate_order", seat, mask)
        return
    s.agenda.append(("activate", seat, OFFICIAL_IDS + mask.bit_length() - 1))


def _activate_order_legal(s: ViveLeRoiState, d: Pending) -> list[Action]:
    mask = d[2]
    return [Activate(OFFICIAL_IDS + i) for i in range(8) if mask >> i & 1]


def _activate_order_handle(s: ViveLeRoiState, d: Pending, action: Action, emit: Emit) -> None:
    assert isinstance(action, Activate)
    seat, mask = d[1], d[2]
    s.agenda.append(("activate_some", seat, mask & ~(1 << (action.card - OFFICIAL_IDS))))
    s.agenda.append(("activate", seat, action.card))


def _distribute(s: ViveLeRoiState, emit: Emit, kind: int) -> None:
    group = [(c, by) for c, by in zip(s.middle, s.middle_by, strict=True) if KIND[c] == kind]
    if not group:
        return
    top = max(VALUE[c] for c, _ in group)
    best = sorted({by for c, by in group if VALUE[c] == top})
    if len(best) > 1:
        influence = {p: courtier_influence(s, p) for p in best}
        most = max(influence.values())
        best = [p for p in best if influence[p] == most]
    cards = [c for c, _ in group]
    s.agenda.append(("window",))
    if len(best) == 1:
        winner = best[0]
        for c in cards:
            to_structure(s, c, winner)
        if emit is not None:
            say(emit, "group_won", kind=KIND_NAMES[kind], seat=winner, cards=cards)
        s.agenda.extend(("place", winner, c) for c in reversed(cards))
        return
    say(emit, "group_tied", kind=KIND_NAMES[kind], seats=best, cards=cards)
    for c, by in group:
        to_structure(s, c, by)
    s.agenda.extend(("place", by, c) for c, by in reversed(group))


def _take_back(s: ViveLeRoiState, emit: Emit) -> None:
    if not s.middle:
        return
    card, seat = s.middle[0], s.middle_by[0]
    to_structure(s, card, seat)
    say(emit, "take_back", seat=seat, card=card)
    s.agenda.append(("take_back",))
    s.agenda.append(("window",))
    if KIND[card] == OFFICIAL:
        s.agenda.append(("activate", seat, card))


def _contest_if_loose(s: ViveLeRoiState, emit: Emit) -> None:
    if s.loc[EAR_CARD] == LOC_EAR:
        s.agenda.append(("contest", (1 << s.num_players) - 1))


TASKS: dict[str, Task] = {
    "rebellion": _rebellion,
    "activate_some": _activate_some,
    "distribute": _distribute,
    "take_back": _take_back,
    "contest_if_loose": _contest_if_loose,
}
HANDLERS: dict[str, Handler] = {"activate_order": _activate_order_handle}
LEGAL: dict[str, Legal] = {"activate_order": _activate_order_legal}
