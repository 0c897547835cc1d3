"""The flow of Versailles 1682 as data: setup, then rounds of four phases (§7.0).

The state keeps an agenda (a stack of tasks ``(name, *ints)``) and at most one pending
decision ``(kind, seat, *context)``; the core runs them (see :mod:`sunking.core.agenda`). This
module declares setup and the round table, joins the dispatch tables of :mod:`.turns` and
:mod:`.legal` into :data:`FLOW`, and declares what is said at the table out of turn
(:data:`ASIDES`). After every step the game ends if a family has reached the target (ruling
V-43), and a round ends at once when both royals are dead (§10.3).

Rulebook: German rulebook (`004_83e97ed5cbbf50d2.txt`), 6.0 "Vorbereitung und Aufstellung" and
7.0 "Ablauf der Runde"; 3.0 "Etikette" for what is said at the table.
"""

from __future__ import annotations

from ...core.actions import Action
from ...core.agenda import Aside, Flow, Handler, Pending, Task, tables
from ...core.events import Emit, say
from .actions import Address, ChooseCourtier, ChooseParty, Fine
from .data import COUNTRIES, DECK_SIZE, FAMILY_NAMES, HAND_START, NO_STANDING
from .etiquette import address_problem, fine_problem, perform_address, perform_fine
from .incomes import finish_by_limit, settle
from .legal import LEGAL
from .promises import keep_promises
from .state import ABSENT, AT_COURT, TALON, VERSAILLES, V1682State
from .turns import HANDLERS as TURN_HANDLERS
from .turns import TASKS as TURN_TASKS
from .verbs import drop_privilege, present, roll_country

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


def _on_choose(s: V1682State, d: Pending, action: Action, emit: Emit) -> None:
    assert isinstance(action, ChooseCourtier)
    seat, k = d[1], d[2]
    s.name[seat] = FAMILY_NAMES.index(action.name)
    s.gender[seat] = action.gender
    if emit is not None:
        say(emit, "courtier", seat=seat, name=action.name, gender=action.gender)
    s.agenda.append(("choose", k + 1))


def _parties(s: V1682State, emit: Emit) -> None:
    """Each player rolls the party of his first courtier, then the Queen's origin (§6.0f, h)."""
    for p in range(s.num_players):
        s.party[p] = roll_country(s)
        if emit is not None:
            say(emit, "party", seat=p, party=COUNTRIES[s.party[p]])
    s.queen_origin = roll_country(s)
    if emit is not None:
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
    if emit is not None:
        say(emit, "round", round=s.round, steward=s.steward)
    if s.new_royals:
        _crown(s, emit)
    s.agenda.extend((step,) for step in reversed(ROUND_FLOW))


def _crown(s: V1682State, emit: Emit) -> None:
    """Two new royals take the throne (§10.3, ruling V-30): a new Queen's origin, prisoners
    freed and exiles recalled; everybody presents himself anew. The old court's Favourite and
    Queen's Lover are no more (§10.1, §10.2). A war goes on and the court stays where it is:
    only the cards "Krieg ist gewonnen" and "Krieg ist verloren", the death of the King or
    the Regent, and the War Minister end a war (§9.3, ruling V-19b)."""
    for seat in (s.favourite, s.lover):
        if seat >= 0:
            drop_privilege(s, seat, emit)
    s.new_royals = 0
    s.king = 1
    s.queen = 1
    s.regency_until = 0
    s.secret_wife = -1
    s.queen_origin = roll_country(s)
    if emit is not None:
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


def _on_party(s: V1682State, d: Pending, action: Action, emit: Emit) -> None:
    """The heir, of the other sex, takes the family's name and the chosen party."""
    assert isinstance(action, ChooseParty)
    seat = d[1]
    s.heir[seat] = 0
    s.gender[seat] = "f" if s.gender[seat] == "m" else "m"
    s.generation[seat] += 1
    s.party[seat] = COUNTRIES.index(action.party)
    if emit is not None:
        say(emit, "heir", seat=seat, gender=s.gender[seat], party=action.party)
    s.status[seat] = AT_COURT
    present(s, seat, emit)


def _round_end(s: V1682State, emit: Emit) -> None:
    """The steward hands over to the player on his left (§4.0, ruling V-19): nobody is
    skipped, since a player whose courtier died presents the heir at the start of the round
    he serves (§10.4), and prisoners and exiles hold the role too; a regency ends with the
    round after the King's death (§10.1, ruling V-30)."""
    if s.regency_until and s.round >= s.regency_until:
        s.new_royals = 1
        s.regency_until = 0
        if emit is not None:
            say(emit, "regency_ends")
    s.round += 1
    s.steward = (s.steward + 1) % s.num_players
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
}

HANDLERS: dict[str, Handler] = {
    "choose": _on_choose,
    "party": _on_party,
}


def after_step(s: V1682State, emit: Emit) -> None:
    """After every step: settle the game when a fortune changed (a family may have reached
    the target, ruling V-43), and end the round at once when both royals are dead (§10.3)."""
    if s.wealth_changed and s.final is None:
        settle(s, emit)
    if s.abort and s.final is None:
        s.abort = 0
        s.pending = None
        s.agenda[:] = [("round_end",)]  # in place: the running flow holds this list


def _watch(s: V1682State, emit: Emit) -> bool:
    if s.wealth_changed or s.abort:  # else after_step has nothing to do
        after_step(s, emit)
    return s.final is not None


def _keeping_promises(handler: Handler) -> Handler:
    """``handler``, after dropping the promises the action keeps (see :mod:`.promises`)."""

    def decide(s: V1682State, d: Pending, action: Action, emit: Emit) -> None:
        if s.promises:
            keep_promises(s, d[1], action)
        handler(s, d, action, emit)

    return decide


PHASES = ("setup", "introduction", "negotiation", "court", "turns", "over")
"""Every phase of the game, in rule order (the ``phase`` of its views)."""


FLOW = Flow(
    tasks=tables(TASKS, TURN_TASKS),
    handlers={kind: _keeping_promises(h) for kind, h in tables(HANDLERS, TURN_HANDLERS).items()},
    legal=LEGAL,
    watch=_watch,
    phases=PHASES,
)
"""The flow the core runs: every task, decision handler and legal-action table; after every
step :func:`after_step`, and the run ends with the game."""


def _fine(s: V1682State, action: Action, emit: Emit) -> None:
    assert isinstance(action, Fine)
    perform_fine(s, action, emit)
    after_step(s, emit)


ASIDES: dict[type[Action], Aside] = {
    Address: Aside(
        speaker=lambda s, action: action.speaker, who="its speaker",
        problem=address_problem, perform=perform_address,
    ),
    Fine: Aside(
        speaker=lambda s, action: s.steward, who="the steward",
        problem=fine_problem, perform=_fine,
    ),
}
"""What is said at the table out of turn (§3.0): an address by any seat, the steward's fine
of a fault; neither disturbs the decision pending."""


def setup(s: V1682State, emit: Emit) -> None:
    """Set up a game (§6.0): shuffle, deal six cards each, the steward by lot, the King at
    Versailles; players then name their courtiers and roll their parties."""
    n = s.num_players
    options = s.options
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
    s.king_standing = [NO_STANDING] * n
    s.queen_standing = [NO_STANDING] * n
    s.spouse = [-1] * n
    s.married_name = [-1] * n
    s.poisoner = [0] * n
    s.fortune = [0] * n
    s.generation = [0] * n
    s.heir = [0] * n
    s.power_used = [0] * n
    s.negotiation_moves_made = [0] * n
    s.negotiation_done = [0] * n
    s.moved = []
    s.paid = []
    s.wars = []
    s.register = ()
    s.faults = ()
    s.known = ()
    s.promises = ()
    s.agenda.extend((("round",), ("parties",), ("choose", 0)))
    if emit is not None:
        say(emit, "setup", players=n, steward=s.steward, target=s.target)
