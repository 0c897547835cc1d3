"""The game protocol every game implements: a spec, a game object, and its states.

A state answers whose decision it is (one seat at a time), which actions are legal, applies
an action (checked, returning a new state), tells when the game is over and who won, and gives
each seat its view. Randomness lives in a seeded :class:`~sunking.core.rng.Rng` inside the
state, so a game is fully determined by its options, seed and actions.
"""

from __future__ import annotations

import dataclasses
import math
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, Self, TypeAlias, cast

from .actions import Action, ActionCodec, JsonValue
from .errors import GameOver, IllegalAction, InvalidOptions, NotYourTurn, StaleAction
from .events import Event, EventChain, chain_from, events_for
from .native import mypyc_attr, own_abc_cache
from .options import OptionSpec as OptionSpec
from .options import describe_choices as describe_choices
from .result import Result as Result
from .rng import Rng
from .undo import CODEC as UNDO_CODEC
from .undo import Taken, Undo, checked_after, is_undo, run_after, taken_back

Seat: TypeAlias = int
"""A player's seat: 0 .. num_players - 1, in clockwise order."""


@dataclasses.dataclass(frozen=True, slots=True)
class GameSpec:
    """The one metadata record of a game."""

    id: str
    name: str
    designer: str
    year: int | None
    """The year of publication; None where no source in hand gives it."""
    min_players: int
    max_players: int
    imperfect_information: bool
    chance: bool
    max_actions: int
    """An upper bound on the number of actions in any game: the harness checks it."""
    options: tuple[OptionSpec, ...] = ()
    names: Mapping[str, str] = dataclasses.field(default_factory=dict)
    """The game's name per language code, where it differs from :attr:`name`."""
    rules_version: int = 1
    """The version of the rules this engine plays, raised whenever a change of the rules can
    make a record play out differently: a record or stored match of another version is never
    replayed under these rules (:class:`~sunking.core.errors.RulesVersionMismatch`). A record
    that names no version is of version 1."""

    def check_setup(self, num_players: object, options: Mapping[str, Any]) -> dict[str, Any]:
        """Return the full option dict for a new game.

        Raises:
            InvalidOptions: the player count is out of range, an option is unknown, or an
                option's value is not one of its choices.
        """
        if not isinstance(num_players, int) or isinstance(num_players, bool):
            raise InvalidOptions(f"{self.id}: the player count must be an integer")
        if not self.min_players <= num_players <= self.max_players:
            raise InvalidOptions(
                f"{self.id} is for {self.min_players}–{self.max_players} players, "
                f"not {num_players}"
            )
        known = {o.name: o for o in self.options}
        unknown = sorted(set(options) - set(known))
        if unknown:
            raise InvalidOptions(f"{self.id} has no option {', '.join(unknown)}")
        full: dict[str, Any] = {}
        for name, spec in known.items():
            value = options.get(name, spec.default)
            if value not in spec.choices:
                raise InvalidOptions(
                    f"{self.id}: option {name}={value!r} is not one of "
                    f"{describe_choices(spec.choices)}"
                )
            full[name] = value
        return full


def softmax(values: Sequence[float], scale: float = 1.0) -> list[float]:
    """``values`` turned into chances that sum to 1: ``exp(v / scale)``, normalised (the
    largest value taken off first, so that nothing overflows)."""
    top = max(values)
    weights = [math.exp((v - top) / scale) for v in values]
    total = sum(weights)
    return [w / total for w in weights]


def softmax_chances(state: GameState, estimate: Callable[[], Sequence[float]],
                    scale: float) -> list[float]:
    """Per seat, its chance to win from ``state`` (they sum to 1): its share of the win once
    the game is over, otherwise the estimate of every seat's final score (``estimate()``)
    turned into chances by a softmax with ``scale``, the points that make a clear lead."""
    if state.is_terminal:
        return state.result().shares()
    return softmax(estimate(), scale)


@mypyc_attr(allow_interpreted_subclasses=True)
class Game(ABC):
    """A registered game: its spec, its action codec, and a way to start and load states."""

    spec: GameSpec
    codec: ActionCodec

    @abstractmethod
    def new_game(self, num_players: int, seed: int, **options: Any) -> GameState:
        """Return the initial state.

        Raises:
            InvalidOptions: the player count or an option is out of range.
        """

    @abstractmethod
    def state_from_json(self, data: Mapping[str, Any]) -> GameState:
        """Rebuild a state from :meth:`GameState.to_json` output.

        Raises:
            InvalidState: the data is not a state of this game.
        """

    def remarks(self, state: GameState, seat: int, text: str,
                addressed: int | None = None) -> Sequence[Action]:
        """The actions a seat's public remark at the table makes (none in most games).

        In a game where talk is part of the rules (Versailles 1682's etiquette), a chat
        message said to the whole table can be an action of its writer, out of turn: the
        server applies what this returns. ``addressed`` is the seat the writer says he
        speaks to (None: the game tells from the words).
        """
        return ()

    def duties(self, state: GameState) -> Sequence[tuple[int, Action]]:
        """Out-of-turn actions owed now, with the seat that owes each (none in most games).

        A bot seat makes its duties at once, out of turn (Versailles 1682: the steward
        fines every fault of etiquette)."""
        return ()

    def window(self, state: GameState) -> bool:
        """Whether the decision pending is a window: one asked of every seat in turn whatever
        it holds (Vive le Roi's reaction windows). Its answer, whoever gives it, is made
        public at the same moment, so that how long the table waits tells nothing of what
        the seat holds (none in most games)."""
        return False

    def parse_action(self, data: object) -> Action:
        """Parse an action from its JSON form.

        Raises:
            InvalidAction: the data is malformed.
        """
        if is_undo(data):
            return UNDO_CODEC.parse(data)
        return self.codec.parse(data)

    def __repr__(self) -> str:
        return f"<Game {self.spec.id}>"


@mypyc_attr(allow_interpreted_subclasses=True)
class GameState(ABC):
    """Base of every game's state.

    A subclass keeps its own fields, copies them in :meth:`_copy` and changes them in
    :meth:`_perform`; this base keeps the shared bookkeeping (version, action history, event
    log) and the checked and unchecked ways of applying an action. Games build on
    :class:`~sunking.core.agenda.AgendaState`, which derives the copy and the JSON from declared
    fields and runs the flow.
    """

    __slots__ = ("_events", "_history", "_undo", "num_players", "options", "quiet", "seed",
                 "version")

    game: ClassVar[Game]

    num_players: int
    seed: int
    options: dict[str, Any]
    version: int
    """How many actions have been applied to reach this state."""
    quiet: bool
    """A quiet state records no events (used by search); its actions are still recorded."""
    _history: tuple[Any, ...] | None
    _events: EventChain
    _undo: Taken
    """The states a seat's undo returns to (:mod:`sunking.core.undo`)."""

    def _init_base(self, num_players: int, seed: int, options: dict[str, Any]) -> None:
        self.num_players = num_players
        self.seed = seed
        self.options = options
        self.version = 0
        self.quiet = False
        self._history = None
        self._events = None
        self._undo = None

    def _load_base(self, data: Mapping[str, Any], parse: Callable[[object], Action]) -> None:
        """Restore the shared bookkeeping from :meth:`to_json` output (``parse`` reads one
        action); raises ``KeyError``/``TypeError``/``ValueError`` on malformed data."""
        self._init_base(int(data["num_players"]), int(data["seed"]), dict(data["options"]))
        self.version = int(data["version"])
        self.quiet = bool(data["quiet"])
        history: tuple[Any, ...] | None = None
        for raw in data["history"]:
            history = (history, parse(raw))
        self._history = history
        self._events = chain_from(list(data["events"]))

    def _copy_base(self, other: GameState) -> None:
        other.num_players = self.num_players
        other.seed = self.seed
        other.options = self.options
        other.version = self.version
        other.quiet = self.quiet
        other._history = self._history
        other._events = self._events
        other._undo = None

    # --- what a game implements -------------------------------------------------------

    @property
    @abstractmethod
    def to_move(self) -> Seat | None:
        """The seat whose decision it is, or None once the game is over."""

    @abstractmethod
    def legal_actions(self) -> Sequence[Action]:
        """The actions the seat to move may take (empty only when the game is over)."""

    @abstractmethod
    def result(self) -> Result:
        """The result of the finished game.

        Raises:
            GameOver: never; raises :class:`~sunking.core.errors.IllegalAction` if the game
                is not over yet.
        """

    @abstractmethod
    def view(self, seat: Seat | None) -> dict[str, JsonValue]:
        """What ``seat`` may see (``None``: a spectator), as JSON-able data."""

    @abstractmethod
    def determinize(self, seat: Seat, rng: Rng) -> Self:
        """A full state consistent with everything ``seat`` has seen, hidden parts resampled.

        The result is quiet (records no events) and has a fresh random generator drawn from
        ``rng``, so it can be used for search without revealing the real future.
        """

    def determinizer(self, seat: Seat) -> Callable[[Rng], Self]:
        """``determinizer(seat)(rng)`` is ``determinize(seat, rng)``; a game may work out the
        seat's information set once here, for search that samples it many times."""
        return lambda rng: self.determinize(seat, rng)

    @abstractmethod
    def check_invariants(self) -> list[str]:
        """Describe every broken invariant (components not conserved and the like)."""

    @abstractmethod
    def _copy(self) -> Self:
        """Return an independent copy whose later changes do not affect this state."""

    @abstractmethod
    def _perform(self, action: Action, emit: list[Event] | None) -> None:
        """Apply a legal action to this (fresh) copy, appending events to ``emit``."""

    @abstractmethod
    def _state_json(self) -> dict[str, JsonValue]:
        """The game's own fields as JSON."""

    def reveals(self, action: Action, after: Self) -> bool:
        """Whether ``action``, which led here to ``after``, showed something hidden that
        neither a draw nor a private event shows (a game's own reveal): then it cannot be
        taken back (:mod:`sunking.core.undo`). False in most games."""
        return False

    def can_undo(self, seat: Seat) -> bool:
        """Whether ``seat`` may take back an action now (:class:`~sunking.core.undo.Undo`)."""
        return not taken_back(self, seat)

    def aside(self, action: Action) -> tuple[Seat, str, str] | None:
        """Whether ``action`` is said out of turn, beside the pending decision (table talk,
        in a game whose rules have it): the one seat that may say it, how an error names
        that seat, and why it cannot be said now ('' when it can). None for an answer to the
        pending decision: every action of most games."""
        return None

    # --- shared behaviour ---------------------------------------------------------------

    @property
    def is_terminal(self) -> bool:
        """True once the game is over."""
        return self.to_move is None

    def apply(
        self, action: Action, *, seat: Seat | None = None, version: int | None = None
    ) -> Self:
        """Return the state after ``action``, checked against the rules.

        ``seat``, when given, is the seat sending the action; ``version``, when given, is the
        state version the action was computed from. An action said out of turn (see
        :meth:`aside`) is checked against its own seat and conditions instead of the
        pending decision's.

        Raises:
            GameOver: the game has ended.
            StaleAction: ``version`` is not this state's version.
            NotYourTurn: ``seat`` is not the seat to move.
            IllegalAction: the action is not among the legal actions.
        """
        if self.is_terminal:
            raise GameOver("the game is over", action=action, version=self.version)
        if version is not None and version != self.version:
            raise StaleAction(
                f"the action was computed from version {version}", action=action,
                version=self.version,
            )
        if type(action) is Undo:
            problem = taken_back(self, seat)
            if problem:
                raise IllegalAction(problem, action=action, version=self.version)
            return self.apply_unchecked(action)
        aside = self.aside(action)
        if aside is not None:
            speaker, who, problem = aside
            if seat is not None and seat != speaker:
                raise NotYourTurn(f"only {who} (seat {speaker}) may say this, not seat {seat}",
                                  action=action, version=self.version)
            if problem:
                raise IllegalAction(problem, action=action, version=self.version)
            return self._checked(action)
        if seat is not None and seat != self.to_move:
            raise NotYourTurn(
                f"seat {seat} sent an action but seat {self.to_move} is to decide",
                action=action, version=self.version,
            )
        if action not in self.legal_actions():
            raise IllegalAction(
                f"not a legal action for seat {self.to_move}", action=action,
                version=self.version,
            )
        return self._checked(action)

    def _checked(self, action: Action) -> Self:
        """The state after a checked ``action``, knowing what its seat may take back."""
        nxt = self.apply_unchecked(action)
        nxt._undo = checked_after(self, action, nxt)
        return nxt

    def apply_unchecked(self, action: Action, *, replay: bool = False) -> Self:
        """Return the state after ``action`` without checking it (for trusted callers).

        With ``replay`` (a trusted replay of a record that may hold undos) the state keeps
        the acting seat's run of actions for a later :class:`~sunking.core.undo.Undo` to
        return to; without it, nothing is kept (search, environments)."""
        taken = self._undo
        if type(action) is Undo:
            if taken is None:
                raise IllegalAction(taken_back(self, None), action=action,
                                    version=self.version)
            nxt = cast(Self, taken[1]._copy())  # a state before this one, of its class
            nxt._undo = taken[0]
            emit: list[Event] | None = None if self.quiet else [
                (None, {"type": "taken_back", "seat": taken[2], "undone": taken[1].version + 1})]
        else:
            nxt = self._copy()
            emit = None if self.quiet else []
            nxt._perform(action, emit)
            nxt._undo = run_after(self, action) if replay else None
        nxt.quiet = self.quiet
        nxt.version = self.version + 1
        nxt._history = (self._history, action)
        nxt._events = self._events
        if emit:
            nxt._events = (self._events, self.version + 1, tuple(emit))
        return nxt

    def copy(self) -> Self:
        """An independent copy, to be changed in place with :meth:`play` (the private copy a
        search or a random playout owns)."""
        return self._copy()

    def play(self, action: Action) -> None:
        """Apply ``action`` to this state in place, without checking it.

        For a private copy only (see :meth:`copy`): search and random playouts play thousands
        of actions on one copy instead of copying the state at every step. Everyone else
        uses :meth:`apply`, which leaves the state it is called on unchanged.
        """
        emit: list[Event] | None = None if self.quiet else []
        self._perform(action, emit)
        self.version = version = self.version + 1
        self._history = (self._history, action)
        if emit:
            self._events = (self._events, version, tuple(emit))

    @property
    def history(self) -> tuple[Action, ...]:
        """Every action applied since the start, in order."""
        out: list[Action] = []
        node = self._history
        while node is not None:
            node, action = node
            out.append(action)
        out.reverse()
        return tuple(out)

    def events(
        self, seat: Seat | None = None, *, everything: bool = False, since: int | None = None
    ) -> list[dict[str, JsonValue]]:
        """The event log as ``seat`` may see it (``None``: public events only).

        With ``everything=True`` every event is returned, private ones included. With
        ``since``, only the events of the versions after ``since`` (the log's tail, found
        without walking the older part).
        """
        return events_for(self._events, seat, everything, since)

    def snapshot(self) -> dict[str, JsonValue]:
        """The position alone as JSON (no history, no log): cheap to compare states by."""
        return {"version": self.version, "state": self._state_json()}

    def to_json(self) -> dict[str, JsonValue]:
        """The whole state as JSON; :meth:`Game.state_from_json` reads it back exactly."""
        return {
            "game": self.game.spec.id,
            "num_players": self.num_players,
            "seed": self.seed,
            "options": dict(self.options),
            "version": self.version,
            "quiet": self.quiet,
            "history": [a.to_json() for a in self.history],
            "events": self.events(everything=True),
            "state": self._state_json(),
        }

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GameState):
            return NotImplemented
        return type(self) is type(other) and self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (
            f"<{type(self).__name__} {self.game.spec.id} players={self.num_players} "
            f"version={self.version} to_move={self.to_move}>"
        )


own_abc_cache(Game)
own_abc_cache(GameState)
