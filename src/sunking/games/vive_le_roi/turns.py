"""Phase 1: a player's turn — draw (A), one action (B), a card to the middle (C) — the
decrees, and the reaction window every player gets at the end of Phase 1.

A turn's step-B decision also offers the middle card itself (no action in step B), the
decrees and the "S" event cards the player can
play; after any of them the same decision is asked again. The reaction window asks every
player who could, by public facts, play an "S" card (a noble for the King's Ear, a Bishop or
the Cardinal for Excommunication and Low Birth, the Executioner's condition), whatever he
holds, so that being asked reveals nothing.
"""

from __future__ import annotations

from ...core.actions import Action
from .actions import (
    CHURCH_DECREE,
    PASS,
    REFUSE,
    RELEASE,
    Attack,
    Bribe,
    Challenge,
    ChurchDecree,
    NobilityDecree,
    PlayToMiddle,
    Release,
)
from .cards import (
    Emit,
    Handler,
    Legal,
    Task,
    draw,
    has_church,
    nobles,
    of_kind,
    release,
    say,
    to_discard,
    to_middle,
    to_struct,
)
from .data import (
    COURTIER,
    EVENT,
    GOLD,
    KIND,
    MUSKETEER,
    NOBLE,
    OFFICIAL,
    PROVINCE,
    REFUSAL_PENALTY,
    VALUE,
    distinct,
)
from .event_cards import anytime_plays, can_react, play_anytime
from .state import Decision, VlrState

CHURCH = 1
NOBILITY = 2


def _turn(s: VlrState, emit: Emit, seat: int) -> None:
    """Step A, then the step-B decision (and step C queued)."""
    s.phase = "turns"
    draw(s, seat, emit, "turn")
    if not s.deck and not s.last_round:
        s.last_round = True
        say(emit, "last_round", round=s.round)
    if not s.hands[seat]:
        say(emit, "sits_out", seat=seat)
        return
    s.pending = ("turn", seat)


def _turn_again(s: VlrState, emit: Emit, seat: int) -> None:
    s.pending = ("turn", seat)


def _lay(s: VlrState, emit: Emit, seat: int) -> None:
    if s.hands[seat]:
        s.pending = ("lay", seat)


def _react(s: VlrState, emit: Emit, seat: int) -> None:
    if can_react(s, seat):
        s.pending = ("react", seat)


# --- step B ------------------------------------------------------------------------------


def church_decree_allowed(s: VlrState, seat: int) -> bool:
    """A Bishop or the Cardinal, the King captive elsewhere, not yet this round, and no
    failed decree of this seat since the King was captured (VR-4, VR-28)."""
    return (
        s.captive and s.king != seat and not s.decrees[seat] & CHURCH
        and not s.decree_failed >> seat & 1 and has_church(s, seat)
    )


def nobility_decrees(s: VlrState, seat: int) -> list[Action]:
    """Without a noble, with the King beside you: your highest courtier for a noble of the
    discard pile (VR-29)."""
    if s.king != seat or s.decrees[seat] & NOBILITY or nobles(s, seat):
        return []
    dead = sorted(c for c in s.discard if KIND[c] == NOBLE)
    courtiers = of_kind(s, seat, COURTIER)
    if not dead or not courtiers:
        return []
    top = max(VALUE[c] for c in courtiers)
    return [
        NobilityDecree(c, noble) for c in courtiers if VALUE[c] == top for noble in dead
    ]


def _turn_legal(s: VlrState, d: Decision) -> list[Action]:
    seat = d[1]
    hand = s.hands[seat]
    out: list[Action] = []
    n = s.num_players
    if any(KIND[c] != EVENT for c in hand):
        mine = nobles(s, seat)
        if mine:
            theirs = [c for p in range(n) if p != seat for c in nobles(s, p)]
            out += [Challenge(a, b) for a in mine for b in theirs]
    force = sum(VALUE[c] for c in hand if KIND[c] == MUSKETEER)
    money = sum(VALUE[c] for c in hand if KIND[c] == GOLD)
    if force or money:
        attach = s.attach
        load: dict[int, int] = {}
        for p in range(n):
            if p == seat:
                continue
            for c in s.structs[p]:
                host = attach[c]
                if host >= 0:
                    load[host] = load.get(host, 0) + VALUE[c]
        for p in range(n):
            if p == seat:
                continue
            for c in s.structs[p]:
                kind = KIND[c]
                if kind == PROVINCE:
                    if force > load.get(c, 0):
                        out.append(Attack(c))
                elif kind in (MUSKETEER, COURTIER, OFFICIAL) and money > load.get(c, 0):
                    out.append(Bribe(c))
    # B4, no action: the middle card is laid at once (step C).
    out += [PlayToMiddle(c) for c in distinct(hand)] or [PASS]
    if church_decree_allowed(s, seat):
        out.append(CHURCH_DECREE)
    out += nobility_decrees(s, seat)
    out += anytime_plays(s, seat)
    return out


def _turn_handle(s: VlrState, d: Decision, action: Action, emit: Emit) -> None:
    seat = d[1]
    if isinstance(action, Challenge | Attack | Bribe):
        s.agenda.append(("lay", seat))
    if isinstance(action, Challenge):
        defender = s.owner(action.target)
        say(emit, "challenge", seat=seat, noble=action.noble, defender=defender,
            target=action.target)
        s.agenda.append(("duel", seat, defender, action.noble, action.target))
    elif isinstance(action, Attack):
        defender = s.owner(action.province)
        say(emit, "attack", seat=seat, defender=defender, province=action.province)
        s.agenda.append(("fight", 0, seat, defender, action.province))
    elif isinstance(action, Bribe):
        defender = s.owner(action.person)
        say(emit, "bribe", seat=seat, defender=defender, person=action.person)
        s.agenda.append(("fight", 1, seat, defender, action.person))
    elif isinstance(action, ChurchDecree):
        s.decrees[seat] |= CHURCH
        say(emit, "church_decree", seat=seat, captor=s.king)
        s.agenda.append(("turn_again", seat))
        s.pending = ("church", s.king, seat)
    elif isinstance(action, NobilityDecree):
        s.decrees[seat] |= NOBILITY
        freed = release(s, action.courtier)
        to_discard(s, action.courtier)
        to_struct(s, action.noble, seat)
        say(emit, "nobility_decree", seat=seat, courtier=action.courtier, noble=action.noble)
        s.agenda.append(("turn_again", seat))
        s.agenda.extend(("place", seat, c) for c in reversed(freed))
    elif isinstance(action, PlayToMiddle):
        _lay_handle(s, d, action, emit)
    elif action == PASS:
        say(emit, "no_card", seat=seat)
    else:
        play_anytime(s, seat, action, emit)
        s.agenda.append(("turn_again", seat))


# --- the Church decree ---------------------------------------------------------------------


def _church_legal(s: VlrState, d: Decision) -> list[Action]:
    return [RELEASE, REFUSE]


def _church_handle(s: VlrState, d: Decision, action: Action, emit: Emit) -> None:
    captor, decreer = d[1], d[2]
    if isinstance(action, Release):
        s.captive = False
        say(emit, "king_released", seat=captor, decreer=decreer)
        return
    s.decree_failed |= 1 << decreer
    if has_church(s, captor):
        say(emit, "decree_ignored", seat=captor, decreer=decreer)
    else:
        s.scores[captor] -= REFUSAL_PENALTY
        say(emit, "decree_refused", seat=captor, decreer=decreer, points=-REFUSAL_PENALTY)


# --- step C and the reaction window --------------------------------------------------------


def _lay_legal(s: VlrState, d: Decision) -> list[Action]:
    return [PlayToMiddle(c) for c in distinct(s.hands[d[1]])]


def _lay_handle(s: VlrState, d: Decision, action: Action, emit: Emit) -> None:
    assert isinstance(action, PlayToMiddle)
    to_middle(s, action.card, d[1])
    say(emit, "play", seat=d[1], card=action.card)


def _react_legal(s: VlrState, d: Decision) -> list[Action]:
    return [PASS, *anytime_plays(s, d[1])]


def _react_handle(s: VlrState, d: Decision, action: Action, emit: Emit) -> None:
    if action == PASS:
        return
    play_anytime(s, d[1], action, emit)
    s.agenda.append(("react", d[1]))


TASKS: dict[str, Task] = {
    "turn": _turn,
    "turn_again": _turn_again,
    "lay": _lay,
    "react": _react,
}
HANDLERS: dict[str, Handler] = {
    "turn": _turn_handle,
    "church": _church_handle,
    "lay": _lay_handle,
    "react": _react_handle,
}
LEGAL: dict[str, Legal] = {
    "turn": _turn_legal,
    "church": _church_legal,
    "lay": _lay_legal,
    "react": _react_legal,
}
