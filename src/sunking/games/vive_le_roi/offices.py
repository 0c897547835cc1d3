"""Officials (ambtsdragers) and the placing of cards in a structure.

An official activates when it newly enters a structure (S1 §Betekenis B): the Queen, the
General, the Cartographer and the Treasurer make every other player give one courtier,
musketeer, province or gold card of the giver's choice (VR-17); the Captain of the Guard
arrests one person of an opponent and takes its gold (VR-18); Bishops and the Cardinal act
while they are owned.

A card entering a structure is placed when it enters or is freed (VR-30): gold free or on a
person, a musketeer in the barracks or on a province. Cards a player receives from an
official (or the Captain's gold) may also be taken into the hand.

Rulebook: Dutch rulebook (`003_fb5526a901664f8a.txt`), the officials of the card descriptions
(S1 §Betekenis B); rulings VR-17, VR-18.
"""

from __future__ import annotations

from ...core.actions import Action
from ...core.agenda import Handler, Legal, Pending, Task
from ...core.events import Emit, say
from .actions import FREE, GIVES, KEEP_IN_HAND, PLACES, Give, Place, Take
from .data import (
    CAPTAIN,
    CARTOGRAPHER,
    COURTIER,
    GENERAL,
    GOLD,
    MUSKETEER,
    OFFICE_NAMES,
    PROVINCE,
    QUEEN,
    ROLE,
    TREASURER,
)
from .state import ViveLeRoiState
from .verbs import hosts, learn, of_kind, person_targets, release, to_discard, to_hand, to_structure

DEMANDS = {QUEEN: COURTIER, GENERAL: MUSKETEER, CARTOGRAPHER: PROVINCE, TREASURER: GOLD}


def _activate(s: ViveLeRoiState, emit: Emit, seat: int, card: int) -> None:
    if s.owner(card) != seat:
        return
    role = ROLE[card]
    say(emit, "activate", seat=seat, card=card, office=OFFICE_NAMES[role])
    if role == CAPTAIN:
        targets = person_targets(s, seat)
        if len(targets) == 1:
            _arrest(s, emit, seat, targets[0])
        elif targets:
            s.pending = ("arrest", seat)
        return
    kind = DEMANDS.get(role)
    if kind is None:
        return
    givers = [p for p in s.order(seat) if p != seat]
    s.agenda.extend(("demand", seat, p, kind) for p in reversed(givers))


def _demand(s: ViveLeRoiState, emit: Emit, receiver: int, giver: int, kind: int) -> None:
    cards = of_kind(s, giver, kind)
    if len(cards) == 1:
        _give(s, emit, giver, receiver, cards[0])
    elif cards:
        s.pending = ("give", giver, receiver, kind)


def _give_legal(s: ViveLeRoiState, d: Pending) -> list[Action]:
    return [GIVES[c] for c in of_kind(s, d[1], d[3])]


def _give_handle(s: ViveLeRoiState, d: Pending, action: Action, emit: Emit) -> None:
    assert isinstance(action, Give)
    _give(s, emit, d[1], d[2], action.card)


def _give(s: ViveLeRoiState, emit: Emit, giver: int, receiver: int, card: int) -> None:
    """The card goes to the receiver; what was attached to it stays with the giver, free."""
    freed = release(s, card)
    to_structure(s, card, receiver)
    say(emit, "give", seat=giver, receiver=receiver, card=card)
    s.agenda.extend(("place", giver, c) for c in reversed(freed))
    s.agenda.append(("receive", receiver, card))


def _arrest_legal(s: ViveLeRoiState, d: Pending) -> list[Action]:
    return [Take(c) for c in person_targets(s, d[1])]


def _arrest_handle(s: ViveLeRoiState, d: Pending, action: Action, emit: Emit) -> None:
    assert isinstance(action, Take)
    _arrest(s, emit, d[1], action.card)


def _arrest(s: ViveLeRoiState, emit: Emit, seat: int, person: int) -> None:
    victim = s.owner(person)
    gold = s.attached_to(person)
    to_discard(s, person)
    for g in gold:
        to_structure(s, g, seat)
    say(emit, "arrest", seat=seat, victim=victim, person=person, gold=gold)
    s.agenda.extend(("receive", seat, g) for g in reversed(gold))


# --- placing -------------------------------------------------------------------------------


def _place(s: ViveLeRoiState, emit: Emit, seat: int, card: int) -> None:
    if s.owner(card) == seat and s.attach[card] < 0 and hosts(s, seat, card):
        s.pending = ("place", seat, card)


def _place_legal(s: ViveLeRoiState, d: Pending) -> list[Action]:
    return [FREE, *[PLACES[h] for h in hosts(s, d[1], d[2])]]


def _place_handle(s: ViveLeRoiState, d: Pending, action: Action, emit: Emit) -> None:
    assert isinstance(action, Place)
    if action.onto >= 0:
        s.attach[d[2]] = action.onto
    if emit is not None:  # onto -1 leaves it free: gold in the treasury, musketeers in barracks
        say(emit, "place", seat=d[1], card=d[2], onto=action.onto)


def _receive(s: ViveLeRoiState, emit: Emit, seat: int, card: int) -> None:
    if s.owner(card) == seat and s.attach[card] < 0:
        s.pending = ("receive", seat, card)


def _receive_legal(s: ViveLeRoiState, d: Pending) -> list[Action]:
    return [KEEP_IN_HAND, *_place_legal(s, d)]


def _receive_handle(s: ViveLeRoiState, d: Pending, action: Action, emit: Emit) -> None:
    seat, card = d[1], d[2]
    if isinstance(action, Place):
        _place_handle(s, d, action, emit)
        return
    to_hand(s, card, seat)
    learn(s, seat, card, (1 << s.num_players) - 1)
    say(emit, "to_hand", seat=seat, card=card)


TASKS: dict[str, Task] = {
    "activate": _activate,
    "demand": _demand,
    "place": _place,
    "receive": _receive,
}
HANDLERS: dict[str, Handler] = {
    "give": _give_handle,
    "arrest": _arrest_handle,
    "place": _place_handle,
    "receive": _receive_handle,
}
LEGAL: dict[str, Legal] = {
    "give": _give_legal,
    "arrest": _arrest_legal,
    "place": _place_legal,
    "receive": _receive_legal,
}
