"""The flow of Versailles 1682 as data: setup, then rounds of four phases (§7.0).

The state keeps an agenda (a stack of tasks ``(name, *ints)``). :func:`run` pops and performs
tasks until one needs a player's decision, left in ``state.pending`` as ``(kind, seat,
*context)``; :func:`decide` applies the player's action to it and runs on. After every step
the game ends if a family has reached the target (ruling V-43), and a round ends at once when
both royals are dead (§10.3).
"""

from __future__ import annotations

from typing import Any

from ...core.actions import Action
from ...core.rng import Rng
from .actions import ChooseCourtier, ChooseParty
from .court import (
    Emit,
    Handler,
    Task,
    drop_privilege,
    end_wars,
    present,
    roll_country,
    say,
)
from .data import COUNTRIES, DECK_SIZE, FAMILY_NAMES, HAND_START, NO_STANDING
from .incomes import finish_by_limit, settle
from .promises import keep_promises
from .state import ABSENT, AT_COURT, TALON, VERSAILLES, Decision, V1682State
from .turns import HANDLERS as TURN_HANDLERS
from .turns import TASKS as TURN_TASKS

ROUND_FLOW: tuple[str, ...] = (
    "introduction",   # phase 1 (§7.1)
    "negotiation",    # phase 2 (§7.2)
    "court",          # phase 3 (§7.3)
    "turns",          # phase 4 (§7.4)
    "round_end",
)
"""The steps of one round, in order."""


# --- setup (§6.0) --------------------------------------------------------------------------------


def _choose(s: V1682State, emit: Emit, k: int) -> None:
    """Each player in turn, from the steward, names his courtier and chooses its gender
    after seeing his cards (§6.0e, ruling V-44)."""
    if k < s.num_players:
        s.pending = ("choose", (s.steward + k) % s.num_players, k)


def _on_choose(s: V1682State, d: Decision, action: Action, emit: Emit) -> None:
    assert isinstance(action, ChooseCourtier)
    seat, k = d[1], d[2]
    s.name[seat] = FAMILY_NAMES.index(action.name)
    s.gender[seat] = action.gender
    say(emit, "courtier", seat=seat, name=action.name, gender=action.gender)
    s.agenda.append(("choose", k + 1))


def _parties(s: V1682State, emit: Emit) -> None:
    """Each player rolls the party of his first courtier, then the Queen's origin (§6.0f, h)."""
    for p in range(s.num_players):
        s.party[p] = roll_country(s)
        say(emit, "party", seat=p, party=COUNTRIES[s.party[p]])
    s.queen_origin = roll_country(s)
    say(emit, "queen_origin", origin=COUNTRIES[s.queen_origin])


# --- a round --------------------------------------------------------------------------------------


def _round(s: V1682State, emit: Emit) -> None:
    if s.round > s.round_limit:
        finish_by_limit(s, emit)
        return
    n = s.num_players
    s.moved = []
    s.paid = []
    s.power_used = [0] * n
    say(emit, "round", round=s.round, steward=s.steward)
    if s.new_royals:
        _crown(s, emit)
    s.agenda.extend((step,) for step in reversed(ROUND_FLOW))


def _crown(s: V1682State, emit: Emit) -> None:
    """Two new royals take the throne (§10.3, ruling V-30): a new Queen's origin, prisoners
    freed and exiles recalled, the Regent's wars over; everybody presents himself anew. The
    old court's Favourite and Queen's Lover are no more (§10.1, §10.2)."""
    for seat in (s.favourite, s.lover):
        if seat >= 0:
            drop_privilege(s, seat, emit)
    s.new_royals = 0
    s.king = 1
    s.queen = 1
    s.regency_until = 0
    s.secret_wife = -1
    end_wars(s, emit)  # the Regent's wars end with her reign, as with a royal's death (§9.3)
    s.court = VERSAILLES
    s.queen_origin = roll_country(s)
    say(emit, "new_royals", origin=COUNTRIES[s.queen_origin])
    for p in range(s.num_players):
        if s.status[p] != ABSENT:
            s.status[p] = AT_COURT
            present(s, p, emit)


def _introduction(s: V1682State, emit: Emit) -> None:
    s.phase = "introduction"
    n = s.num_players
    s.agenda.extend(("introduce", (s.steward + k) % n) for k in reversed(range(n)))


def _introduce(s: V1682State, emit: Emit, seat: int) -> None:
    """A courtier who is not at court yet is presented (§7.1); an heir first chooses his
    party (§10.4). Prisoners and exiles stay where they are."""
    if s.status[seat] != ABSENT:
        return
    if s.heir[seat]:
        s.pending = ("party", seat)
        return
    s.status[seat] = AT_COURT
    present(s, seat, emit)


def _on_party(s: V1682State, d: Decision, action: Action, emit: Emit) -> None:
    """The heir, of the other sex, takes the family's name and the chosen party."""
    assert isinstance(action, ChooseParty)
    seat = d[1]
    s.heir[seat] = 0
    s.gender[seat] = "f" if s.gender[seat] == "m" else "m"
    s.generation[seat] += 1
    s.party[seat] = COUNTRIES.index(action.party)
    say(emit, "heir", seat=seat, gender=s.gender[seat], party=action.party)
    s.status[seat] = AT_COURT
    present(s, seat, emit)


def _round_end(s: V1682State, emit: Emit) -> None:
    """The steward hands over to the player on his left (§4.0), skipping players without a
    figure until the next introduction (ruling V-19; prisoners and exiles may hold the role);
    a regency ends with the round after the King's death (§10.1, ruling V-30)."""
    if s.regency_until and s.round >= s.regency_until:
        s.new_royals = 1
        s.regency_until = 0
        say(emit, "regency_ends")
    s.round += 1
    n = s.num_players
    clockwise = ((s.steward + k) % n for k in range(1, n))
    s.steward = next((p for p in clockwise if s.status[p] != ABSENT), s.steward)
    s.turn_seat = -1
    s.actions_left = 0
    s.agenda.append(("round",))


TASKS: dict[str, Task] = {
    "choose": _choose,
    "parties": _parties,
    "round": _round,
    "introduction": _introduction,
    "introduce": _introduce,
    "round_end": _round_end,
    **TURN_TASKS,
}

HANDLERS: dict[str, Handler] = {
    "choose": _on_choose,
    "party": _on_party,
    **TURN_HANDLERS,
}


def after_step(s: V1682State, emit: Emit) -> None:
    if s.wealth_changed and s.final is None:
        settle(s, emit)
    if s.abort and s.final is None:
        s.abort = 0
        s.pending = None
        s.agenda = [("round_end",)]


def run(s: V1682State, emit: Emit) -> None:
    """Perform tasks until a decision is pending or the game is over."""
    agenda = s.agenda
    while s.pending is None and s.agenda and s.final is None:
        agenda = s.agenda
        task = agenda.pop()
        TASKS[task[0]](s, emit, *task[1:])
        after_step(s, emit)


def decide(s: V1682State, action: Action, emit: Emit) -> None:
    """Apply ``action`` (already known to be legal) to the pending decision, then run on."""
    pending = s.pending
    assert pending is not None
    s.pending = None
    s._legal = None
    if s.promises:
        keep_promises(s, pending[1], action)
    HANDLERS[pending[0]](s, pending, action, emit)
    after_step(s, emit)
    run(s, emit)


def new_state(cls: type[V1682State], num_players: int, seed: int,
              options: dict[str, Any]) -> V1682State:
    """Set up a game (§6.0): shuffle, deal six cards each, the steward by lot, the King at
    Versailles; players then name their courtiers and roll their parties."""
    s = object.__new__(cls)
    s._init_base(num_players, seed, options)
    n = num_players
    s.rng = Rng(seed)
    s.round = 1
    s.phase = "setup"
    s.steward = s.rng.below(n)
    s.court = VERSAILLES
    s.king = 1
    s.queen = 1
    s.regency_until = 0
    s.queen_origin = -1
    s.secret_wife = -1
    s.favourite = -1
    s.lover = -1
    s.new_royals = 0
    s.abort = 0
    s.turn_seat = -1
    s.actions_left = 0
    s.second_turn = 0
    s.target = int(options["target"])
    s.round_limit = int(options["round_limit"])
    s.wealth_changed = 0
    deck = list(range(DECK_SIZE))
    s.rng.shuffle(deck)
    s.where = [TALON] * DECK_SIZE
    for p in range(n):
        for _ in range(HAND_START):
            s.where[deck.pop()] = p
    s.talon = deck
    s.name = [-1] * n
    s.gender = ["m"] * n
    s.party = [-1] * n
    s.status = [ABSENT] * n
    s.ks = [NO_STANDING] * n
    s.qs = [NO_STANDING] * n
    s.spouse = [-1] * n
    s.married_name = [-1] * n
    s.poisoner = [0] * n
    s.fortune = [0] * n
    s.generation = [0] * n
    s.heir = [0] * n
    s.power_used = [0] * n
    s.neg_moves = [0] * n
    s.neg_done = [0] * n
    s.moved = []
    s.paid = []
    s.wars = []
    s.register = ()
    s.faults = ()
    s.known = ()
    s.promises = ()
    s.agenda = [("round",), ("parties",), ("choose", 0)]
    s.pending = None
    s.final = None
    s._legal = None
    emit: Emit = []
    say(emit, "setup", players=n, steward=s.steward, target=s.target)
    run(s, emit)
    if emit:
        s._events = (None, 0, tuple(emit))
    return s
