"""Phase 1: a player's turn — draw (A), one action (B), a card to the middle (C) — and the
Nobility decree.

A turn's step-B decision also offers the middle card itself (no action in step B), the
decrees and the "S" event cards the player can play; after any of them the same decision is
asked again. So does step C after a duel, attack or bribery (VR-3, VR-4). An "S" card laid
as the middle card resolves at once (VR-3). The windows other players get during a turn are
in :mod:`.windows`.

Rulebook: Dutch rulebook (`003_fb5526a901664f8a.txt`), "Fase 1: de beurtronde" (A, B, C) and
"Decreten"; the rulings (VR-n) each function follows are cited where it applies them.
"""

from __future__ import annotations

from ...core.actions import Action
from ...core.agenda import Handler, Legal, Pending, Step, Task
from ...core.events import Emit, say
from .actions import (
    ATTACKS,
    BRIBES,
    CHALLENGES,
    NOBILITY_DECREES,
    PASS,
    TO_MIDDLE,
    Attack,
    Bribe,
    Challenge,
    NobilityDecree,
    Pass,
    PlayToMiddle,
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
    ROLE,
    VALUE,
    distinct,
)
from .event_cards import AT_ONCE, resolve_event
from .state import ViveLeRoiState
from .verbs import draw, nobles, of_kind, release, to_discard, to_middle, to_structure
from .windows import NOBILITY, act_anytime, anytime_actions


def _turn(s: ViveLeRoiState, emit: Emit, seat: int) -> None:
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


def _turn_again(s: ViveLeRoiState, emit: Emit, seat: int) -> None:
    s.pending = ("turn", seat)


def _lay(s: ViveLeRoiState, emit: Emit, seat: int) -> None:
    if s.hands[seat]:
        s.pending = ("lay", seat)


# --- step B ------------------------------------------------------------------------------


def nobility_decrees(s: ViveLeRoiState, seat: int) -> list[Action]:
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
        NOBILITY_DECREES[c, noble] for c in courtiers if VALUE[c] == top for noble in dead
    ]


_ATTACKABLE = tuple(kind == PROVINCE for kind in KIND)
_BRIBABLE = tuple(kind in (MUSKETEER, COURTIER, OFFICIAL) for kind in KIND)
"""Per card: a province (attacked with musketeers), a person bribed with gold."""

_MIDDLE: dict[tuple[int, ...], tuple[Action, ...]] = {}
_MIDDLE_LIMIT = 100_000


def _to_middle(hand: list[int]) -> tuple[Action, ...]:
    """A card of the hand to the middle, one per kind of identical cards (memoised on the
    hand)."""
    key = tuple(hand)
    plays = _MIDDLE.get(key)
    if plays is None:
        plays = tuple(TO_MIDDLE[c] for c in distinct(hand))
        if len(_MIDDLE) < _MIDDLE_LIMIT:
            _MIDDLE[key] = plays
    return plays


def _turn_legal(s: ViveLeRoiState, d: Pending) -> list[Action]:
    seat = d[1]
    hand = s.hands[seat]
    out: list[Action] = []
    force = money = 0
    laid = False  # a card that can be laid out (not an event)
    for c in hand:
        kind = KIND[c]
        if kind != EVENT:
            laid = True
            if kind == MUSKETEER:
                force += VALUE[c]
            elif kind == GOLD:
                money += VALUE[c]
    mine = nobles(s, seat) if laid else None
    if mine or force or money:
        others = [p for p in range(s.num_players) if p != seat]
        structures = s.structures
        attach = s.attach
        theirs: list[int] = []
        load: dict[int, int] = {}
        for p in others:
            for c in structures[p]:
                if KIND[c] == NOBLE:
                    theirs.append(c)
                host = attach[c]
                if host >= 0:
                    load[host] = load.get(host, 0) + VALUE[c]
        if mine and theirs:
            out += [CHALLENGES[a, b] for a in mine for b in theirs]
        if force or money:
            for p in others:
                for c in structures[p]:
                    if _ATTACKABLE[c]:
                        if force > load.get(c, 0):
                            out.append(ATTACKS[c])
                    elif _BRIBABLE[c] and money > load.get(c, 0):
                        out.append(BRIBES[c])
    # B4, no action: the middle card is laid at once (step C).
    out += _to_middle(hand) or [PASS]
    out += nobility_decrees(s, seat)
    out += anytime_actions(s, seat)
    return out


def _turn_handle(s: ViveLeRoiState, d: Pending, action: Action, emit: Emit) -> None:
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
    elif isinstance(action, PlayToMiddle):
        _lay_handle(s, d, action, emit)
    elif isinstance(action, Pass):
        say(emit, "no_card", seat=seat)
    else:
        _between(s, seat, action, emit, ("turn_again", seat))


def _between(s: ViveLeRoiState, seat: int, action: Action, emit: Emit, again: Step) -> None:
    """A decree or an "S" card in one's own turn (before or after the step-B action); the
    decision ``again`` is then asked again."""
    if not isinstance(action, NobilityDecree):
        act_anytime(s, seat, action, emit, again)
        return
    s.decrees[seat] |= NOBILITY
    freed = release(s, action.courtier)
    to_discard(s, action.courtier)
    to_structure(s, action.noble, seat)
    say(emit, "nobility_decree", seat=seat, courtier=action.courtier, noble=action.noble)
    s.agenda.append(again)
    s.agenda.extend(("place", seat, c) for c in reversed(freed))


# --- step C --------------------------------------------------------------------------------


def _lay_legal(s: ViveLeRoiState, d: Pending) -> list[Action]:
    """The middle card; before it, as in step B, the decrees and the "S" cards (VR-3, VR-4:
    a player who lost his last noble in his own duel may issue the Nobility decree now)."""
    seat = d[1]
    return [*_to_middle(s.hands[seat]), *nobility_decrees(s, seat), *anytime_actions(s, seat)]


def _lay_handle(s: ViveLeRoiState, d: Pending, action: Action, emit: Emit) -> None:
    seat = d[1]
    if not isinstance(action, PlayToMiddle):
        _between(s, seat, action, emit, ("lay", seat))
        return
    card = action.card
    if KIND[card] == EVENT and ROLE[card] in AT_ONCE:   # an "S" card resolves at once (VR-3)
        say(emit, "play", seat=seat, card=card, effect="at once")
        resolve_event(s, emit, seat, card)
        return
    to_middle(s, card, seat)
    if emit is not None:
        say(emit, "play", seat=seat, card=card)


TASKS: dict[str, Task] = {
    "turn": _turn,
    "turn_again": _turn_again,
    "lay": _lay,
}
HANDLERS: dict[str, Handler] = {
    "turn": _turn_handle,
    "lay": _lay_handle,
}
LEGAL: dict[str, Legal] = {
    "turn": _turn_legal,
    "lay": _lay_legal,
}
