"""The state of a game of Versailles 1682: flat fields, a cheap copy, and exact JSON.

Every card's place is one integer in :attr:`V1682State.where` (a hand, a tableau, the House
of the King, the discard pile, the War Minister's box or the Talon), and the Talon's order is
kept in :attr:`V1682State.talon` (top last). A courtier is the figure of one player: per-seat
lists hold its gender, party, place, standings, marriage and fortune. The flow is an agenda of
small tasks and one pending decision, as in every sunking game (see :mod:`.flow`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Self

from ...core.actions import Action, JsonValue
from ...core.errors import GameOver, IllegalAction, InvalidState, NotYourTurn, StaleAction
from ...core.events import Event
from ...core.game import GameState, Result
from ...core.rng import Rng
from .data import COURT_PLACES, DECK_SIZE, IDS_OF_KIND, NEGOTIATION_MOVES, NO_STANDING

Task = tuple[Any, ...]
Decision = tuple[Any, ...]

# Zones of :attr:`V1682State.where`: a hand is the seat itself.
TABLEAU = 8
"""Cards face up in front of seat ``p`` are in zone ``TABLEAU + p``."""
HOUSE_ZONE = 20
DISCARD = 21
BOX = 22
"""The War Minister's box: declarations of the wars under way."""
TALON = 23

# Where a courtier is.
AT_COURT = 0
BASTILLE = 1
EXILE = 2
ABSENT = 3
"""Not at court yet: before the first introduction, or dead until the heir is presented."""
STATUS_NAMES = ("court", "bastille", "exile", "absent")

# Where the court is (the King's pawn).
VERSAILLES = 0
HUNT = 1
WAR = 2
PLACES = COURT_PLACES

_LIST_FIELDS = (
    "where", "talon", "name", "gender", "party", "status", "ks", "qs", "spouse",
    "married_name", "poisoner", "fortune", "generation", "heir", "power_used", "neg_moves",
    "neg_done", "moved", "paid", "wars",
)
_SCALAR_FIELDS = (
    "round", "phase", "steward", "court", "king", "queen", "regency_until", "queen_origin",
    "secret_wife", "favourite", "lover", "new_royals", "abort", "turn_seat", "actions_left",
    "second_turn", "target", "round_limit", "wealth_changed",
)


class V1682State(GameState):
    """A position in a game of Versailles 1682. Read it through the public API."""

    __slots__ = (
        "_legal",
        "abort",
        "actions_left",
        "agenda",
        "court",
        "faults",
        "favourite",
        "final",
        "fortune",
        "gender",
        "generation",
        "heir",
        "king",
        "known",
        "ks",
        "lover",
        "married_name",
        "moved",
        "name",
        "neg_done",
        "neg_moves",
        "new_royals",
        "paid",
        "party",
        "pending",
        "phase",
        "poisoner",
        "power_used",
        "promises",
        "qs",
        "queen",
        "queen_origin",
        "regency_until",
        "register",
        "rng",
        "round",
        "round_limit",
        "second_turn",
        "secret_wife",
        "spouse",
        "status",
        "steward",
        "talon",
        "target",
        "turn_seat",
        "wars",
        "wealth_changed",
        "where",
    )

    round: int
    phase: str
    """setup, introduction, negotiation, court, turns, over."""
    steward: int
    court: int
    """VERSAILLES, HUNT or WAR."""
    king: int
    """1 while the King lives."""
    queen: int
    """1 while the Queen lives (as Queen, or as Regent when the King is dead)."""
    regency_until: int
    """While the Queen is Regent: the round at whose end new royals take the throne."""
    queen_origin: int
    """Her country (index into COUNTRIES), −1 while there is no Queen."""
    secret_wife: int
    """The seat of the King's secret wife (§10.2), −1 if none."""
    favourite: int
    lover: int
    """Seats holding the Favourite and the Queen's Lover cards, −1 if nobody."""
    new_royals: int
    """1 when the next round starts with two new royals (§10.3, ruling V-30)."""
    abort: int
    """Set when both royals are dead: the round ends at once (§10.3)."""
    turn_seat: int
    actions_left: int
    second_turn: int
    """1 during the steward's second turn of the round (the one that pays him)."""
    target: int
    round_limit: int
    wealth_changed: int
    where: list[int]
    """Card id → zone: seat (hand), TABLEAU + seat, HOUSE_ZONE, DISCARD, BOX, TALON."""
    talon: list[int]
    """The Talon, top last."""
    name: list[int]
    """Family name per seat (index into FAMILY_NAMES), −1 before it is chosen."""
    gender: list[str]
    party: list[int]
    status: list[int]
    ks: list[int]
    qs: list[int]
    """Standing with the King and with the Queen (or Regent), NO_STANDING when off the scale."""
    spouse: list[int]
    married_name: list[int]
    """The family name a wife bears (her husband's), −1 for her own."""
    poisoner: list[int]
    fortune: list[int]
    generation: list[int]
    """How many courtiers of the family have come to court (picks the given name)."""
    heir: list[int]
    """1 while the family waits to present the heir of a dead courtier."""
    power_used: list[int]
    neg_moves: list[int]
    neg_done: list[int]
    moved: list[int]
    """Office cards that changed holder this round (§8.4a)."""
    paid: list[int]
    """Office cards whose income was paid this round (§8.4a)."""
    wars: list[int]
    """Countries France is at war with (one entry per declaration)."""
    register: tuple[dict[str, Any], ...]
    """The court register's entries: the steward's fines (§3.0)."""
    faults: tuple[dict[str, Any], ...]
    """Every wrong address said at the table, by id: speaker, courtier, words, the correct
    form, what was wrong, and whether the steward has fined it (§3.0)."""
    known: tuple[tuple[int, int, int], ...]
    """Hand cards other seats know of: (holder, card, mask of knowing seats)."""
    promises: tuple[tuple[int, int, int, int], ...]
    """Favours promised for money in this round's negotiation: (debtor, creditor, favour
    index into FAVOURS, livres paid). Only the two seats heard them (§7.2); they bind nobody
    (V-42) and lapse at the next negotiation. Bots read their own (see ``promises.py``)."""
    agenda: list[Task]
    pending: Decision | None
    rng: Rng
    final: dict[str, Any] | None
    _legal: tuple[Action, ...] | None

    # --- copying ------------------------------------------------------------------------

    def _copy(self) -> Self:
        new = object.__new__(type(self))
        self._copy_base(new)
        new.round = self.round
        new.phase = self.phase
        new.steward = self.steward
        new.court = self.court
        new.king = self.king
        new.queen = self.queen
        new.regency_until = self.regency_until
        new.queen_origin = self.queen_origin
        new.secret_wife = self.secret_wife
        new.favourite = self.favourite
        new.lover = self.lover
        new.new_royals = self.new_royals
        new.abort = self.abort
        new.turn_seat = self.turn_seat
        new.actions_left = self.actions_left
        new.second_turn = self.second_turn
        new.target = self.target
        new.round_limit = self.round_limit
        new.wealth_changed = self.wealth_changed
        new.where = self.where[:]
        new.talon = self.talon[:]
        new.name = self.name[:]
        new.gender = self.gender[:]
        new.party = self.party[:]
        new.status = self.status[:]
        new.ks = self.ks[:]
        new.qs = self.qs[:]
        new.spouse = self.spouse[:]
        new.married_name = self.married_name[:]
        new.poisoner = self.poisoner[:]
        new.fortune = self.fortune[:]
        new.generation = self.generation[:]
        new.heir = self.heir[:]
        new.power_used = self.power_used[:]
        new.neg_moves = self.neg_moves[:]
        new.neg_done = self.neg_done[:]
        new.moved = self.moved[:]
        new.paid = self.paid[:]
        new.wars = self.wars[:]
        new.register = self.register
        new.faults = self.faults
        new.known = self.known
        new.promises = self.promises
        new.agenda = self.agenda[:]
        new.pending = self.pending
        new.rng = self.rng.copy()
        new.final = self.final
        new._legal = None
        return new

    # --- the protocol -------------------------------------------------------------------

    @property
    def to_move(self) -> int | None:
        pending = self.pending
        return None if pending is None else pending[1]

    def legal_actions(self) -> tuple[Action, ...]:
        legal = self._legal
        if legal is None:
            legal = self._legal = _legal.legal_actions(self)
        return legal

    def apply(
        self, action: Action, *, seat: int | None = None, version: int | None = None
    ) -> Self:
        """Return the state after ``action``, checked against the rules.

        An :class:`~.actions.Address` or a :class:`~.actions.Fine` is said at the table
        out of turn: an address from its speaker (``seat``, when given), a fine from the
        steward; neither changes the decision pending.

        Raises:
            GameOver: the game has ended.
            StaleAction: ``version`` is not this state's version.
            NotYourTurn: ``seat`` is not the seat to move (an address: not its speaker; a
                fine: not the steward).
            IllegalAction: the action is not legal here (an address: a seat does not exist
                or has no courtier, the words are empty or too long; a fine: no such fault,
                or it was fined already).
        """
        if not isinstance(action, _actions.Address | _actions.Fine):
            return super().apply(action, seat=seat, version=version)
        if self.is_terminal:
            raise GameOver("the game is over", action=action, version=self.version)
        if version is not None and version != self.version:
            raise StaleAction(f"the action was computed from version {version}",
                              action=action, version=self.version)
        if isinstance(action, _actions.Address):
            speaker, problem = action.speaker, _etiquette.address_problem(self, action)
        else:
            speaker, problem = self.steward, _etiquette.fine_problem(self, action)
        if seat is not None and seat != speaker:
            who = "its speaker" if isinstance(action, _actions.Address) else "the steward"
            raise NotYourTurn(f"only {who} (seat {speaker}) may say this, not seat {seat}",
                              action=action, version=self.version)
        if problem:
            raise IllegalAction(problem, action=action, version=self.version)
        return self.apply_unchecked(action)

    def _perform(self, action: Action, emit: list[Event] | None) -> None:
        if isinstance(action, _actions.Address):
            _etiquette.perform_address(self, action, emit)
        elif isinstance(action, _actions.Fine):
            _etiquette.perform_fine(self, action, emit)
            _flow.after_step(self, emit)
        else:
            _flow.decide(self, action, emit)

    def result(self) -> Result:
        return Result.of_final(self.final, self.version)

    def view(self, seat: int | None) -> dict[str, JsonValue]:
        return _views.view(self, seat)

    def determinize(self, seat: int, rng: Rng) -> Self:
        return _views.determinize(self, seat, rng)

    def determinizer(self, seat: int) -> Callable[[Rng], Self]:
        return _views.determinizer(self, seat)

    def check_invariants(self) -> list[str]:
        return _invariants.check_invariants(self)

    # --- helpers the rules use ----------------------------------------------------------

    @property
    def negotiation_moves(self) -> int:
        """Payments or shows each player may make in one negotiation (an option)."""
        return int(self.options.get("negotiation_moves", NEGOTIATION_MOVES))

    def hand(self, seat: int) -> list[int]:
        """The cards in ``seat``'s hand, by id."""
        return [c for c, z in enumerate(self.where) if z == seat]

    def hand_size(self, seat: int) -> int:
        return self.where.count(seat)

    def tableau(self, seat: int) -> list[int]:
        """The cards face up in front of ``seat``'s courtier."""
        zone = TABLEAU + seat
        return [c for c, z in enumerate(self.where) if z == zone]

    def zone(self, zone: int) -> list[int]:
        return [c for c, z in enumerate(self.where) if z == zone]

    def holds(self, seat: int, kind: str) -> list[int]:
        """Cards of ``kind`` (title, office, …) in front of ``seat``."""
        zone = TABLEAU + seat
        where = self.where
        return [c for c in IDS_OF_KIND[kind] if where[c] == zone]

    def is_noble(self, seat: int) -> bool:
        """Holds a title, or bears her husband's (§8.4b: the wife takes his titles)."""
        if self.holds(seat, "title"):
            return True
        husband = self.spouse[seat]
        return self.gender[seat] == "f" and husband >= 0 and bool(self.holds(husband, "title"))

    def at_court(self, seat: int) -> bool:
        return self.status[seat] == AT_COURT

    def regency(self) -> bool:
        """True while the Queen rules as Regent."""
        return not self.king and bool(self.queen)

    def crown_standing(self, seat: int) -> int:
        """``seat``'s standing with whoever grants requests: the King, or the Regent."""
        return self.ks[seat] if self.king else self.qs[seat]

    def present_royals(self) -> bool:
        return bool(self.king or self.queen)

    # --- JSON ---------------------------------------------------------------------------

    def _state_json(self) -> dict[str, JsonValue]:
        out: dict[str, JsonValue] = {name: getattr(self, name) for name in _SCALAR_FIELDS}
        for name in _LIST_FIELDS:
            out[name] = list(getattr(self, name))
        out["register"] = [dict(e) for e in self.register]
        out["faults"] = [dict(f) for f in self.faults]
        out["known"] = [list(k) for k in self.known]
        out["promises"] = [list(k) for k in self.promises]
        out["agenda"] = [list(t) for t in self.agenda]
        out["pending"] = None if self.pending is None else list(self.pending)
        out["rng"] = self.rng.state
        out["final"] = self.final
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any], parse: Any) -> V1682State:
        """Rebuild a state from :meth:`to_json` output (``parse`` parses one action).

        Raises:
            InvalidState: the data is not a state of this game.
        """
        try:
            state = object.__new__(cls)
            state._load_base(data, parse)
            own = data["state"]
            for name in _SCALAR_FIELDS:
                setattr(state, name, own[name])
            for name in _LIST_FIELDS:
                setattr(state, name, list(own[name]))
            state.register = tuple(dict(e) for e in own["register"])
            state.faults = tuple(dict(f) for f in own.get("faults", ()))
            state.known = tuple((int(h), int(c), int(m)) for h, c, m in own["known"])
            state.promises = tuple((int(d), int(c), int(f), int(a))
                                   for d, c, f, a in own.get("promises", ()))
            state.agenda = [tuple(t) for t in own["agenda"]]
            state.pending = None if own["pending"] is None else tuple(own["pending"])
            state.rng = Rng(int(own["rng"]))
            state.final = own["final"]
            state._legal = None
        except (KeyError, TypeError, ValueError) as exc:
            raise InvalidState(f"not a versailles1682 state: {exc!r}") from None
        if len(state.where) != DECK_SIZE or len(state.fortune) != state.num_players:
            raise InvalidState("not a versailles1682 state: cards or seats do not match")
        if any(v != NO_STANDING and not -2 <= v <= 9 for v in state.ks + state.qs):
            raise InvalidState("not a versailles1682 state: a standing is off the scale")
        return state


# The rules modules import this one; binding them last keeps the import order free of cycles.
from . import actions as _actions  # noqa: E402
from . import etiquette as _etiquette  # noqa: E402
from . import flow as _flow  # noqa: E402
from . import invariants as _invariants  # noqa: E402
from . import legal as _legal  # noqa: E402
from . import views as _views  # noqa: E402
