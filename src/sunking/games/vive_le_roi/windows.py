"""The moments a player acts outside his own step B: the "S" cards and the Church decree.

"Decreten zijn handelingen die een speler op ieder moment, maar slechts één keer per beurt,
kan uitvoeren", and the "S" cards (the King's Ear, Excommunication, Low Birth, the
Executioner) "onderbreken het spel meteen" and may be played "op ieder moment" (VR-3, VR-4,
VR-4b). A sequential engine gives "any moment" as windows, each one decision of one player:

- **his own turn** (:mod:`.turns`): step B before his action and step C before his middle
  card, as often as he likes (the Nobility decree there too);
- **his first answer when challenged, attacked or bribed** (:mod:`.fights`): the defender is
  always asked there;
- **the end of every other player's turn** (``("react", seat, mover)``): after a player has
  laid his middle card, every other player in turn from his left, before the next turn;
- **the end of Phase 1** (``("react", seat, -1)``): every player from the start player, in
  place of the window after the last turn;
- **after each card of a fight** (:func:`after_card`, ``("react", seat, -1)``): after each
  card laid in a duel and each batch committed in an attack or a bribery, every player but
  the two sides from the mover's left, before the fight goes on; the sides at each of their
  own decisions in the fight (a duel card, a batch after the opening);
- **after each step of Phases 2–4** (the ``window`` task, ``("react", seat, -1)``): after each
  event of 2A, each group shared out in 2B, each card taken back in 2C, after the province
  scoring and the refill, and after Phase 4.

A window is opened to a player whenever public facts allow him an "S" card or the Church
decree — a noble, a Bishop or the Cardinal, the Executioner's condition, an "S" card not yet
seen on the table, the King captive elsewhere — whatever he holds, so being asked reveals
nothing. The Nobility decree is "tijdens zijn beurt": only in one's own turn. Each decree
is issued at most once per round per player (VR-4), which the decrees' effects make the
same as once per turn: a released King cannot be released again in the round, and a refused
decree cannot be repeated by the same player until the King is captured again.

Rulebook: Dutch rulebook (`003_fb5526a901664f8a.txt`), "Decreten" and the "S" cards of the card
descriptions.
"""

from __future__ import annotations

from ...core.actions import Action
from ...core.agenda import Handler, Legal, Pending, Step, Task
from ...core.events import Emit, say
from .actions import CHURCH_DECREE, PASS, REFUSE, RELEASE, ChurchDecree, Pass, Release
from .data import (
    COURTIER,
    EAR_CARD,
    EVENT,
    EXCOMMUNICATION,
    EXECUTIONER,
    KIND,
    LOW_BIRTH,
    MUSKETEER,
    NOBLE,
    OFFICIAL,
    REFUSAL_PENALTY,
    ROLE,
)
from .event_cards import anytime_plays, executioner_allowed, play_anytime, victims
from .state import LOC_DECK, LOC_HAND, LOC_HIDDEN, LOC_STRUCT, ViveLeRoiState
from .verbs import has_church

CHURCH = 1
NOBILITY = 2
"""The bits of ``state.decrees``."""

_S_CARDS = tuple(
    c for c in range(len(KIND))
    if KIND[c] == EVENT and ROLE[c] in (EXCOMMUNICATION, LOW_BIRTH, EXECUTIONER)
)


def _unseen(s: ViveLeRoiState, card: int) -> bool:
    """Whether ``card`` is in no place all can see (the draw pile, a hand, face down)."""
    where = s.loc[card]
    return where == LOC_DECK or LOC_HAND <= where < LOC_STRUCT or where >= LOC_HIDDEN


def church_decree_allowed(s: ViveLeRoiState, seat: int) -> bool:
    """A Bishop or the Cardinal, the King captive elsewhere, not yet this round, and no
    failed decree of this seat since the King was captured (VR-4, VR-28)."""
    return (
        s.captive and s.king != seat and not s.decrees[seat] & CHURCH
        and not s.decree_failed >> seat & 1 and has_church(s, seat)
    )


_PERSON = tuple(kind in (MUSKETEER, COURTIER, OFFICIAL) for kind in KIND)
"""Per card: a person (the Executioner's targets)."""
assert max(c for c in range(len(KIND)) if KIND[c] == NOBLE) < min(
    c for c in range(len(KIND)) if KIND[c] != NOBLE
), "the nobles have the lowest ids, so a sorted structure with one starts with it"


def _has_noble(structure: list[int]) -> bool:
    """Whether a structure (a sorted list) holds a noble: the nobles have the lowest ids."""
    return bool(structure) and KIND[structure[0]] == NOBLE


def may_act(s: ViveLeRoiState, seat: int) -> bool:
    """Whether public facts allow ``seat`` an "S" card or the Church decree now.

    Asked of every player at every window, so the cheap facts come first (the answer is the
    same in any order: every test only reads the state)."""
    structure = s.structures[seat]
    church = has_church(s, seat)
    if church:
        if church_decree_allowed(s, seat):
            return True
        if any(KIND[c] == EVENT and ROLE[c] in (EXCOMMUNICATION, LOW_BIRTH)
               and victims(s, seat, c) for c in structure):
            return True
    if not s.hands[seat]:
        return False
    loc = s.loc
    if _unseen(s, EAR_CARD) and _has_noble(structure):
        return True
    for c in _S_CARDS:
        where = loc[c]  # _unseen, inlined: asked of every "S" card at every window
        if not (where == LOC_DECK or LOC_HAND <= where < LOC_STRUCT or where >= LOC_HIDDEN):
            continue
        if ROLE[c] == EXECUTIONER:
            if executioner_allowed(s, seat) and _others_have_a_person(s, seat):
                return True
        elif church and victims(s, seat, c):
            return True
    return False


def _others_have_a_person(s: ViveLeRoiState, seat: int) -> bool:
    """Whether the Executioner has a target (:func:`~.verbs.person_targets`, not listed)."""
    structures = s.structures
    return any(_PERSON[c] for p in range(s.num_players) if p != seat for c in structures[p])


def anytime_actions(s: ViveLeRoiState, seat: int) -> list[Action]:
    """What ``seat`` can do in a window: his "S" cards and the Church decree."""
    out = anytime_plays(s, seat)
    if church_decree_allowed(s, seat):
        out.append(CHURCH_DECREE)
    return out


def act_anytime(s: ViveLeRoiState, seat: int, action: Action, emit: Emit, again: Step) -> None:
    """Play an action of :func:`anytime_actions`; the task ``again`` then follows (it asks
    the interrupted decision again), after the captor's answer to a Church decree."""
    s.agenda.append(again)
    if isinstance(action, ChurchDecree):
        s.decrees[seat] |= CHURCH
        say(emit, "church_decree", seat=seat, captor=s.king)
        s.pending = ("church", s.king, seat)
    else:
        play_anytime(s, seat, action, emit)


def _ask(s: ViveLeRoiState, emit: Emit, *decision: object) -> None:
    s.pending = tuple(decision)


# --- the windows at the end of a turn and of Phase 1 -------------------------------------------


def _after_turn(s: ViveLeRoiState, emit: Emit, mover: int) -> None:
    """Every other player, from the mover's left, before the next turn."""
    n = s.num_players
    open_windows(s, [(mover + i) % n for i in range(1, n)], mover)


def open_windows(s: ViveLeRoiState, seats: list[int], mover: int) -> None:
    """The window of each of ``seats`` in turn (the ``react`` tasks, run at once): the first
    seat public facts allow to act is asked, and the windows of the seats after it wait on
    the agenda. (Asking reads the state and changes nothing, so running the windows here is
    running their tasks.)"""
    for i, seat in enumerate(seats):
        if may_act(s, seat):
            s.pending = ("react", seat, mover)
            agenda = s.agenda
            for later in seats[:i:-1]:  # the seats after it, the next one on top
                agenda.append(("react", later, mover))
            return


def after_card(s: ViveLeRoiState, mover: int, defender: int, then: Step | None = None) -> None:
    """After a card of a fight (VR-4b, "each card of a fight"): every other player in turn
    from the mover's left has his window before the fight goes on with ``then`` (a task: the
    fight's next decision; None: the fight is over). The two sides act at their own
    decisions of the fight, which offer the "S" cards and the decree (:mod:`.fights`)."""
    if then is not None:
        s.agenda.append(then)
    n = s.num_players
    seats = []
    for i in range(1, n):
        seat = (mover + i) % n
        if seat != defender:
            seats.append(seat)
    open_windows(s, seats, -1)


def _window(s: ViveLeRoiState, emit: Emit) -> None:
    """After a step of Phases 2–4: every player, from the start player (VR-4b)."""
    open_windows(s, s.order(), -1)


def _react(s: ViveLeRoiState, emit: Emit, seat: int, mover: int = -1) -> None:
    if may_act(s, seat):
        s.pending = ("react", seat, mover)


def _react_legal(s: ViveLeRoiState, d: Pending) -> list[Action]:
    return [PASS, *anytime_actions(s, d[1])]


def _react_handle(s: ViveLeRoiState, d: Pending, action: Action, emit: Emit) -> None:
    if not isinstance(action, Pass):
        act_anytime(s, d[1], action, emit, ("react", *d[1:]))
    elif emit is not None:
        _let_pass(s, emit, d[1], d[2])


def _let_pass(s: ViveLeRoiState, emit: Emit, seat: int, mover: int) -> None:
    """Say that ``seat`` passed his window, with the moment it followed: ``mover``'s turn,
    a card of the fight under way in Phase 1 (the attack or the bribery whose next batch
    waits below the windows on the agenda, else the duel), or a step of the round."""
    if mover >= 0:
        say(emit, "lets_pass", seat=seat, mover=mover, during="turn")
        return
    if s.phase != "turns":
        say(emit, "lets_pass", seat=seat)
        return
    during = "duel"
    for step in reversed(s.agenda):
        if step[0] != "react":
            if step[0] == "fight_on":
                during = "attack" if step[2] == 0 else "bribery"  # its kind: fights.ATTACK 0
            break
    say(emit, "lets_pass", seat=seat, during=during)


# --- the Church decree -------------------------------------------------------------------------


def _church_legal(s: ViveLeRoiState, d: Pending) -> list[Action]:
    return [RELEASE, REFUSE]


def _church_handle(s: ViveLeRoiState, d: Pending, action: Action, emit: Emit) -> None:
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


TASKS: dict[str, Task] = {
    "after_turn": _after_turn, "window": _window, "react": _react, "ask": _ask,
}
HANDLERS: dict[str, Handler] = {"react": _react_handle, "church": _church_handle}
LEGAL: dict[str, Legal] = {"react": _react_legal, "church": _church_legal}
