"""The flow of a game as data, run by the core: an agenda of tasks and one pending decision.

A state built on :class:`AgendaState` keeps an *agenda*, a stack of small tasks, each a tuple
``(name, *args)``, and at most one *pending decision*, a tuple ``(kind, seat, *context)``.
:meth:`Flow.run` pops and performs tasks until one of them sets a pending decision or the
agenda is empty (the game is over); the state applies a player's action to the pending
decision with the handler of its kind and runs on; :meth:`AgendaState.legal_actions`
lists the actions of the pending decision. The game declares the three dispatch tables — tasks,
handlers and legal actions by name — and its state's fields (see :mod:`.fields`); the core
copies, serializes and runs it. Because the agenda is plain data, a state serializes exactly
and resumes anywhere.

A game binds its rule functions to its state class in its ``game`` module
(:meth:`AgendaState.bind`), so the state module imports no rules module and the game package
has no import cycle.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, Generic, Self, TypeAlias, TypeVar

from .actions import Action, ActionCodec, JsonValue
from .errors import InvalidState
from .events import Emit
from .fields import Decision, Field, Random, Tuples, Value, load_fields, make_copier
from .fields import fields_json as _fields_json
from .game import Game, GameSpec, GameState, Result, Seat
from .native import mypyc_attr, own_abc_cache
from .rng import Rng

S = TypeVar("S", bound="AgendaState")

Step: TypeAlias = tuple[Any, ...]
"""An entry of the agenda: ``(task name, *args)``."""
Pending: TypeAlias = tuple[Any, ...]
"""A decision waiting for a seat: ``(kind, seat, *context)``."""
Task: TypeAlias = Callable[..., None]
"""A step of the flow, called as ``task(state, emit, *args)`` for the agenda entry
``(name, *args)``; it changes the state, pushes further tasks or sets the pending decision."""
Handler: TypeAlias = Callable[[Any, Pending, Action, Emit], None]
"""Applies a player's action (known to be legal) to the decision it answers."""
Legal: TypeAlias = Callable[[Any, Pending], Sequence[Action]]
"""The legal actions of one kind of decision."""
Watch: TypeAlias = Callable[[Any, Emit], bool]
"""Looked at before every task and after the last one: True ends the run there (a game
that ends as soon as a score is reached)."""

AGENDA_FIELDS: tuple[Field, ...] = (
    Tuples("agenda"),
    Decision("pending"),
    Random("rng"),
    Value("final"),
)
"""The fields every agenda state has, in the order a game splices them into its own:
the agenda, the pending decision, the seeded generator, the final scoring (None while the
game runs)."""


def own_slots(fields: Sequence[Field]) -> tuple[str, ...]:
    """The ``__slots__`` of an agenda state class with these fields (the agenda fields are
    slots of :class:`AgendaState` already)."""
    inherited = {f.name for f in AGENDA_FIELDS}
    return tuple(f.name for f in fields if f.name not in inherited)


@dataclasses.dataclass(frozen=True, slots=True)
class Flow:
    """The dispatch tables of a game's flow, and the runner over them."""

    tasks: Mapping[str, Task]
    handlers: Mapping[str, Handler]
    legal: Mapping[str, Legal]
    watch: Watch | None = None
    watch_option: str | None = None
    """The game option that turns the watch on (None: always on): a game played without it
    pays nothing per task."""
    phases: tuple[str, ...] = ()
    """Every phase the game passes through (the ``phase`` of its views), in rule order: the
    one declaration its presentation and its environments read."""

    @property
    def decision_kinds(self) -> tuple[str, ...]:
        """Every kind of decision of the game, in the order of its handlers' table: the one
        declaration, read off the flow's tables, that its presentation and its environments
        read."""
        return tuple(self.handlers)

    def run(self, s: AgendaState, emit: Emit) -> None:
        """Perform tasks until a decision is pending or the agenda is empty."""
        watch = self.watch
        option = self.watch_option
        if watch is not None and (option is None or s.options.get(option)):
            while not watch(s, emit) and s.pending is None and s.agenda:
                task = s.agenda.pop()
                self.tasks[task[0]](s, emit, *task[1:])
            return
        tasks = self.tasks
        while s.pending is None and s.agenda:  # a task may replace the agenda: read it
            task = s.agenda.pop()
            # By arity: a call with the arguments spelled out is about twice as fast as
            # one that unpacks a slice (the flow's innermost step).
            size = len(task)
            if size == 2:
                tasks[task[0]](s, emit, task[1])
            elif size == 3:
                tasks[task[0]](s, emit, task[1], task[2])
            elif size == 1:
                tasks[task[0]](s, emit)
            elif size == 4:
                tasks[task[0]](s, emit, task[1], task[2], task[3])
            else:
                tasks[task[0]](s, emit, *task[1:])

    def check(self) -> list[str]:
        """Describe every kind of decision that has a handler but no legal actions, or legal
        actions but no handler (a name declared twice is refused by :func:`tables`)."""
        problems = [f"decision {k!r} has a handler but no legal actions"
                    for k in self.handlers if k not in self.legal]
        problems += [f"decision {k!r} has legal actions but no handler"
                     for k in self.legal if k not in self.handlers]
        return problems


def tables(*parts: Mapping[str, Any]) -> dict[str, Any]:
    """Join the dispatch tables of a game's rule modules into one.

    Raises:
        ValueError: two parts name the same task or decision kind.
    """
    out: dict[str, Any] = {}
    for part in parts:
        for name, entry in part.items():
            if name in out:
                raise ValueError(f"{name!r} is declared twice in the flow's tables")
            out[name] = entry
    return out


@dataclasses.dataclass(frozen=True, slots=True)
class Aside:
    """An action said at the table out of turn (table talk): its one seat may say it whatever
    decision is pending, and it leaves that decision as it is (see :meth:`GameState.aside`)."""

    speaker: Callable[[Any, Any], Seat]
    """The seat that may say the action in the state."""
    who: str
    """How an error names that seat ("its speaker", "the steward")."""
    problem: Callable[[Any, Any], str]
    """Why the action cannot be said in the state ('' when it can)."""
    perform: Callable[[Any, Any, Emit], None]
    """Applies the action, known to be sayable, to a fresh copy."""


@dataclasses.dataclass(frozen=True, slots=True)
class Rules:
    """The rule functions a game binds to its state class (see :meth:`AgendaState.bind`)."""

    flow: Flow
    view: Callable[[Any, Seat | None], dict[str, JsonValue]]
    determinizer: Callable[[Any, Seat], Callable[[Rng], Any]]
    check_invariants: Callable[[Any], list[str]]
    asides: Mapping[type[Action], Aside] = dataclasses.field(default_factory=dict)
    """The actions said out of turn, by their class (none in most games)."""
    remarks: Callable[[Any, Seat, str, Seat | None], Sequence[Action]] | None = None
    """The actions a seat's public remark at the table makes (see :meth:`Game.remarks`);
    None: talk is no part of the rules."""
    duties: Callable[[Any], Sequence[tuple[Seat, Action]]] | None = None
    """The out-of-turn actions owed now, with the seat owing each (see :meth:`Game.duties`);
    None: the rules owe none."""
    windows: frozenset[str] = frozenset()
    """The kinds of decision that are windows (see :meth:`Game.window`)."""
    reveals: frozenset[str] = frozenset()
    """The public events that show something hidden which neither a draw nor a private event
    shows (a card laid face down turned up): an action logging one cannot be taken back
    (:meth:`GameState.reveals`)."""


@mypyc_attr(allow_interpreted_subclasses=True)
class AgendaState(GameState):
    """A state whose flow the core runs and whose fields the game declares.

    A subclass sets ``FIELDS`` (its own fields with :data:`AGENDA_FIELDS` spliced in, in JSON
    order) and ``__slots__ = own_slots(FIELDS)``; its game module calls :meth:`bind`. The copy is
    generated from ``FIELDS`` when the subclass is created.
    """

    __slots__ = ("_legal", "agenda", "final", "pending", "rng")

    FIELDS: ClassVar[tuple[Field, ...]] = ()
    rules: ClassVar[Rules]
    _copier: ClassVar[Callable[[Any], Any]]

    agenda: list[Step]
    pending: Pending | None
    rng: Rng
    final: dict[str, Any] | None
    """The final scoring table once the game is over (see :meth:`Result.of_final`)."""
    _legal: tuple[Action, ...] | None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        own_abc_cache(cls)  # a game's state class, compiled
        if "FIELDS" in vars(cls):
            missing = [f.name for f in AGENDA_FIELDS if f.name not in
                       {g.name for g in cls.FIELDS}]
            if missing:
                raise TypeError(f"{cls.__name__}.FIELDS lacks {', '.join(missing)}")
            cls._copier = make_copier(cls.FIELDS, ("_legal", "_undo"))

    @classmethod
    def bind(cls, game: Game, rules: Rules) -> None:
        """Attach the game object and the rule functions to this state class.

        Raises:
            ValueError: the flow's tables do not match (see :meth:`Flow.check`).
        """
        problems = rules.flow.check()
        if problems:
            raise ValueError(f"{game.spec.id}: " + "; ".join(problems))
        cls.game = game
        cls.rules = rules

    @classmethod
    def begin(cls, num_players: int, seed: int, options: dict[str, Any],
              setup: Callable[[Self, Emit], None]) -> Self:
        """A new game: ``setup(state, emit)`` sets every field (the generator is already
        seeded, the agenda empty, nothing pending) and pushes the first tasks; then the flow
        runs to the first decision. Setup events belong to version 0."""
        s = cls.__new__(cls)
        s._init_base(num_players, seed, options)
        s.rng = Rng(seed)
        s.agenda = []
        s.pending = None
        s.final = None
        s._legal = None
        emit: list[Any] = []
        setup(s, emit)
        cls.rules.flow.run(s, emit)
        if emit:
            s._events = (None, 0, tuple(emit))
        return s

    # --- the protocol -------------------------------------------------------------------

    @property
    def to_move(self) -> Seat | None:
        pending = self.pending
        return None if pending is None else pending[1]

    @property
    def is_terminal(self) -> bool:
        return self.pending is None

    def legal_actions(self) -> tuple[Action, ...]:
        """The actions of the pending decision, from the flow's table for its kind (none once
        the game is over); kept until the state changes."""
        legal = self._legal
        if legal is None:
            pending = self.pending
            legal = self._legal = () if pending is None else tuple(
                self.rules.flow.legal[pending[0]](self, pending))
        return legal

    def aside(self, action: Action) -> tuple[Seat, str, str] | None:
        asides = self.rules.asides
        said = asides.get(type(action)) if asides else None
        if said is None:
            return None
        return said.speaker(self, action), said.who, said.problem(self, action)

    def reveals(self, action: Action, after: Self) -> bool:
        shown = self.rules.reveals
        chain = after._events
        return bool(shown) and chain is not None and chain[1] == after.version and any(
            payload.get("type") in shown for _audience, payload in chain[2])

    def _perform(self, action: Action, emit: Emit) -> None:
        """Apply ``action`` (known to be legal): an aside said out of turn leaves the pending
        decision as it is; any other action answers the pending decision with the handler of
        its kind, then the flow runs on to the next decision."""
        self._legal = None
        rules = self.rules
        if rules.asides:
            said = rules.asides.get(type(action))
            if said is not None:
                said.perform(self, action, emit)
                return
        pending = self.pending
        assert pending is not None, "an action needs a pending decision"
        self.pending = None
        flow = rules.flow
        flow.handlers[pending[0]](self, pending, action, emit)
        flow.run(self, emit)

    def result(self) -> Result:
        return Result.of_final(self.final, self.version)

    def view(self, seat: Seat | None) -> dict[str, JsonValue]:
        return self.rules.view(self, seat)

    def determinize(self, seat: Seat, rng: Rng) -> Self:
        return self.determinizer(seat)(rng)

    def determinizer(self, seat: Seat) -> Callable[[Rng], Self]:
        return self.rules.determinizer(self, seat)

    def check_invariants(self) -> list[str]:
        return self.rules.check_invariants(self)

    def _copy(self) -> Self:
        copy: Self = type(self)._copier(self)
        return copy

    # --- JSON ---------------------------------------------------------------------------

    def _state_json(self) -> dict[str, JsonValue]:
        return _fields_json(self, self.FIELDS)

    def _shape_problem(self) -> str | None:
        """What makes a loaded state impossible (sizes that do not match the players), or
        None; a game overrides it."""
        return None

    @classmethod
    def from_json(cls, data: Mapping[str, Any], parse: Callable[[object], Action]) -> Self:
        """Rebuild a state from :meth:`to_json` output (``parse`` reads one action).

        Raises:
            InvalidState: the data is not a state of this game.
        """
        game_id = cls.game.spec.id
        if data.get("game") != game_id:
            raise InvalidState(f"not a {game_id} state (game={data.get('game')!r})")
        try:
            state = cls.__new__(cls)
            state._load_base(data, parse)
            load_fields(state, cls.FIELDS, data["state"])
            state._legal = None
        except (KeyError, TypeError, ValueError) as exc:
            raise InvalidState(f"not a {game_id} state: {exc!r}") from None
        problem = state._shape_problem()
        if problem is not None:
            raise InvalidState(f"not a {game_id} state: {problem}")
        return state


@mypyc_attr(allow_interpreted_subclasses=True)
class AgendaGame(Game, Generic[S]):
    """The game object of an agenda game: its spec and codec, and states started and loaded
    through its state class, with the setup and the rules it binds to that class (what every
    game's ``game`` module would otherwise write again).

    Raises (constructor):
        ValueError: the flow's tables do not match (see :meth:`Flow.check`).
    """

    def __init__(self, spec: GameSpec, codec: ActionCodec, state: type[S],
                 setup: Callable[[S, Emit], None], rules: Rules) -> None:
        self.spec = spec
        self.codec = codec
        self.state_class = state
        self.setup = setup
        self.rules = rules
        state.bind(self, rules)

    @property
    def flow(self) -> Flow:
        """The game's flow (its decision kinds and phases: :attr:`Flow.decision_kinds`,
        :attr:`Flow.phases`)."""
        return self.rules.flow

    def new_game(self, num_players: object, seed: int, **options: Any) -> S:
        """Start a game. (The player count is taken as any object, so that the compiled code
        hands a wrong one, a bool or a string, to the check unconverted.)

        Raises:
            InvalidOptions: the player count is not an integer or is out of the spec's range,
                or an option is unknown or not one of its choices.
        """
        full = self.spec.check_setup(num_players, options)
        assert isinstance(num_players, int)  # check_setup refuses anything else
        return self.state_class.begin(num_players, int(seed), full, self.setup)

    def state_from_json(self, data: Mapping[str, Any]) -> S:
        return self.state_class.from_json(data, self.parse_action)

    def remarks(self, state: GameState, seat: int, text: str,
                addressed: int | None = None) -> Sequence[Action]:
        said = self.rules.remarks
        return () if said is None else said(state, seat, text, addressed)

    def duties(self, state: GameState) -> Sequence[tuple[int, Action]]:
        owed = self.rules.duties
        return () if owed is None else owed(state)

    def window(self, state: GameState) -> bool:
        pending = getattr(state, "pending", None)
        return pending is not None and pending[0] in self.rules.windows



own_abc_cache(AgendaState)
own_abc_cache(AgendaGame)


def decision_json(pending: Pending | None,
                  names: Mapping[str, Sequence[str]]) -> dict[str, JsonValue] | None:
    """The pending decision in public terms, one shape for every game: ``{"kind", "seat"}``
    and its context under the names the game gives each kind of decision (``names[kind]``,
    in the order of the context). Context without a name stays out of the view (an offer's
    sum, which only its two sides see); None once the game is over."""
    if pending is None:
        return None
    out: dict[str, JsonValue] = {"kind": pending[0], "seat": pending[1]}
    for name, value in zip(names.get(pending[0], ()), pending[2:], strict=False):
        out[name] = value
    return out
