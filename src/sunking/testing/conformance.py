"""A conformance harness for any game built on :mod:`sunking.core`.

:func:`check_game` plays many random games (each action drawn uniformly from the legal ones
with the seeded :class:`~sunking.core.rng.Rng`) and checks at every step that the game keeps
the promises of the :class:`~sunking.core.game.GameState` protocol: whose turn it is and
which actions are legal agree with the game being over or not, the version counts the
actions, the game's own invariants hold, the game ends within ``spec.max_actions``, actions
and states survive a JSON round trip, the game replays exactly from its record and is
deterministic from its seed, and no view leaks what its seat may not see.

The leak check knows nothing about any particular game. It relies on
:meth:`~sunking.core.game.GameState.determinize`, which resamples everything a seat cannot
see: if the view of seat ``s`` changes when the state is determinized for ``s``, the view
depends on something ``s`` may not know. The same holds for the spectator's view under every
seat's determinization.

Checked at every state: ``to_move``, ``is_terminal`` and ``legal_actions()`` agree (legal
actions exist exactly until the game is over, ``to_move`` is a seat until then and None
after), ``check_invariants()`` is empty, the chosen action round-trips through JSON and is
accepted by the checked ``apply(action, seat=..., version=...)``, the version grows by one
per action and the previous state is left unchanged, and the game ends within
``spec.max_actions`` actions with a sound result. Each game is replayed alongside from its
:class:`~sunking.core.record.GameRecord` read back from JSON text (the header — game,
players, seed, options — at the start, each action as it is played, parsed back by the game
``make`` finds), in place with ``play`` as search plays its private copies: the replay must
pass through the same snapshots with the same legal actions and end in an equal state
(history and event log included). Every ``determinism_every``-th playout is played a second
time and must give the same history and event log.

Checked on sampled states (the first, the last, and one in every ``view_every`` at an offset
drawn per playout): the state round-trips through JSON exactly; every seat's and the
spectator's view is JSON; for each seat ``s`` two determinizations for ``s`` leave the view
of ``s`` and the spectator view unchanged (as dicts and as JSON text), keep the version, the
seat to move and the invariants, keep the legal actions when ``s`` is to move, and (if
``rollouts``) one of them plays on to a sound end. All legal actions are round-tripped
through JSON, and must be distinct, on one state in every ``legal_every`` (and on sampled
states). If ``spec.imperfect_information`` is set, some determinization over the run must
differ from its real state.

Every failure raises :class:`ConformanceError` (an ``AssertionError``) whose message names
the game, the player count, the playout seed, the state version and the action, so the
failing playout can be rerun alone with ``check_game(game, num_players, 1, seed=<seed>)``.
The checks themselves are the methods of :class:`Playout`.
"""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from types import MappingProxyType
from typing import Any, NoReturn

from ..core.actions import Action, JsonValue
from ..core.errors import RulesError
from ..core.game import Game, GameState, Result
from ..core.record import GameRecord
from ..core.registry import make
from ..core.rng import Rng
from .diff import first_difference
from .report import ConformanceError, ConformanceReport

__all__ = ["SPARSE_CHECKS", "ConformanceError", "ConformanceReport", "check_game"]

_MASK = (1 << 64) - 1

Policy = Callable[[GameState, Rng], Action]
"""Picks the next action of a playout from the state and a generator."""

# Salts that split one playout seed into independent random streams.
CHOICES = 0x1
SAMPLING = 0x2
DETERMINIZE = 0x3


def stream(seed: int, salt: int) -> Rng:
    """An Rng for one purpose within one playout, independent of the other purposes."""
    return Rng(Rng((seed ^ (salt << 56)) & _MASK).next64())


def dump(data: object) -> str:
    """``data`` as JSON text (no NaN: a view or a state must be plain JSON)."""
    return json.dumps(data, allow_nan=False)


class Playout:
    """One random game and its checks; knows where it stands so failures name it."""

    def __init__(
        self,
        game: Game,
        num_players: int,
        seed: int,
        options: Mapping[str, Any],
        report: ConformanceReport,
        rollouts: bool,
        policy: Policy | None = None,
    ) -> None:
        self.game = game
        self.spec = game.spec
        self.num_players = num_players
        self.seed = seed
        self.options = dict(options)
        self.report = report
        self.rollouts = rollouts
        self.policy = policy
        self.version: int | None = None
        self.action: Action | None = None
        self.stage = ""
        """The step under way, for the message of an unexpected exception."""

    # --- failing -----------------------------------------------------------------------

    def fail(self, message: str) -> NoReturn:
        """Raise a :class:`ConformanceError` for where this playout stands."""
        raise ConformanceError(
            message, game=self.spec.id, num_players=self.num_players, seed=self.seed,
            version=self.version, action=self.action,
        )

    def crashed(self, what: str, exc: Exception) -> ConformanceError:
        """The :class:`ConformanceError` for ``exc``, raised unexpectedly by ``what``."""
        return ConformanceError(
            f"{what} raised {type(exc).__name__}: {exc}", game=self.spec.id,
            num_players=self.num_players, seed=self.seed, version=self.version,
            action=self.action,
        )

    @contextlib.contextmanager
    def guard(self, what: str) -> Iterator[None]:
        """Turn any unexpected exception inside the block into a :class:`ConformanceError`."""
        try:
            yield
        except ConformanceError:
            raise
        except Exception as exc:
            raise self.crashed(what, exc) from exc

    # --- a random game -----------------------------------------------------------------

    def start(self) -> GameState:
        state = self.game.new_game(self.num_players, self.seed, **self.options)
        if not isinstance(state, GameState):
            self.fail(f"new_game returned {type(state).__name__}, not a GameState")
        if state.version != 0:
            self.fail(f"a new game has version {state.version}, not 0")
        if state.history:
            self.fail("a new game already has a history")
        if state.num_players != self.num_players or state.seed != self.seed:
            self.fail(
                f"a new game says {state.num_players} players and seed {state.seed}, "
                f"not {self.num_players} and {self.seed}"
            )
        return state

    def choose(self, state: GameState, legal: Sequence[Action], choices: Rng) -> Action:
        """The next action: uniform from ``choices``, or the policy's (checked legal)."""
        if self.policy is None:
            return legal[choices.below(len(legal))]
        action = self.policy(state, choices)
        if action not in legal:
            self.action = action
            self.fail("the policy chose an action that is not legal")
        return action

    def play_quietly(self) -> GameState:
        """The same random game again, with no checks (for the determinism check)."""
        state = self.start()
        choices = stream(self.seed, CHOICES)
        while not state.is_terminal and state.version < self.spec.max_actions:
            state = state.apply_unchecked(self.choose(state, state.legal_actions(), choices))
        return state

    def check_turn(self, state: GameState) -> Sequence[Action]:
        """Whose turn it is and the legal actions agree with the game being over or not."""
        to_move = state.to_move
        terminal = state.is_terminal
        if terminal != (to_move is None):
            self.fail(f"is_terminal is {terminal} but to_move is {to_move!r}")
        legal = state.legal_actions()
        if terminal:
            if legal:
                self.fail(f"the game is over but there are {len(legal)} legal actions")
        else:
            if not isinstance(to_move, int) or not 0 <= to_move < self.num_players:
                self.fail(f"to_move is {to_move!r}, not a seat of {self.num_players}")
            if not legal:
                self.fail(f"seat {to_move} is to move but there is no legal action")
        problems = state.check_invariants()
        if problems:
            self.fail("broken invariants: " + "; ".join(problems))
        self.report.states_checked += 1
        return legal

    def check_action(self, action: Action, game: Game | None = None) -> Action:
        """The action survives a JSON round trip (through text) unchanged; returns the action
        read back (parsed by ``game``, by default the game under test)."""
        if not isinstance(action, Action):
            self.fail(f"legal action {action!r} is not an Action")
        wire = action.to_json()
        parsed = (game or self.game).parse_action(json.loads(dump(wire)))
        if parsed != action or type(parsed) is not type(action):
            self.fail(f"action {wire} parses back as {parsed!r}, not {action!r}")
        self.report.actions_round_tripped += 1
        return parsed

    def check_legal_set(self, legal: Sequence[Action]) -> None:
        """Every legal action round-trips through JSON, and none is listed twice."""
        for action in legal:
            self.check_action(action)
        seen: set[Action] = set()
        for action in legal:
            if action in seen:
                self.fail(f"the legal action {action} is listed more than once")
            seen.add(action)
        self.report.legal_sets_checked += 1

    def check_result(self, state: GameState) -> Result:
        """The result of the finished game is sound and JSON; returns it."""
        result = state.result()
        n = self.num_players
        if len(result.scores) != n:
            self.fail(f"result has {len(result.scores)} scores for {n} seats")
        if len(result.tiebreak) != n:
            self.fail(f"result has {len(result.tiebreak)} tie-break values for {n} seats")
        if not result.winners:
            self.fail("result has no winner")
        if len(set(result.winners)) != len(result.winners) or not all(
            isinstance(w, int) and 0 <= w < n for w in result.winners
        ):
            self.fail(f"result winners {list(result.winners)} are not distinct seats")
        dump(result.to_json())
        return result

    def check_not_over(self, state: GameState) -> None:
        """``result()`` of a game in progress raises a :class:`RulesError`."""
        try:
            state.result()
        except RulesError:
            return
        self.fail("result() of a game in progress did not raise a RulesError")

    # --- the sampled, expensive checks --------------------------------------------------

    def check_state_json(self, state: GameState) -> None:
        """The whole state survives a JSON round trip (through text) exactly."""
        back = self.game.state_from_json(json.loads(dump(state.to_json())))
        if back != state:
            self.fail("state_from_json(to_json()) differs from the state")
        if back.snapshot() != state.snapshot():
            self.fail("the state read back from JSON has a different snapshot")
        if back.to_move != state.to_move:
            self.fail(f"the state read back from JSON has to_move {back.to_move!r}")
        if tuple(back.legal_actions()) != tuple(state.legal_actions()):
            self.fail("the state read back from JSON has different legal actions")

    def check_same_view(
        self, whose: str, expected: JsonValue, expected_text: str, seen: JsonValue, label: str,
        seat: int,
    ) -> None:
        """A view taken of a determinized state must equal the real one, as data and text."""
        self.report.views_checked += 1
        if seen != expected or dump(seen) != expected_text:
            self.fail(
                f"{whose} changes under {label}: it shows something seat {seat} cannot know "
                f"({difference_text(expected, seen)})"
            )

    def check_views(self, state: GameState, keys: Rng) -> None:
        """Views are JSON and leak nothing: determinizing for a seat leaves its view alone."""
        report = self.report
        before = state.snapshot()
        spectator = state.view(None)
        spectator_text = dump(spectator)
        report.views_checked += 1
        rollout_seat = keys.below(self.num_players)
        for seat in range(self.num_players):
            own = state.view(seat)
            own_text = dump(own)
            report.views_checked += 1
            for k in range(2):
                key = keys.next64()
                det = state.determinize(seat, Rng(key))
                report.determinizations += 1
                label = f"determinize({seat}, Rng({key}))"
                if not isinstance(det, type(state)) or det is state:
                    self.fail(f"{label} is not a new {type(state).__name__}")
                if det.snapshot() != before:
                    report.resampled += 1
                self.check_determinized(state, det, seat, label)
                self.check_same_view(
                    f"the view of seat {seat}", own, own_text, det.view(seat), label, seat
                )
                if k == 0:
                    self.check_same_view(
                        "the spectator view", spectator, spectator_text, det.view(None), label,
                        seat,
                    )
                    if seat == rollout_seat and self.rollouts:
                        self.rollout(det, label)
        if state.snapshot() != before:
            self.fail("rendering views or determinizing changed the real state")

    def check_determinized(self, state: GameState, det: GameState, seat: int, label: str) -> None:
        """A determinized state is a sound position the seat cannot tell from the real one."""
        if det.version != state.version:
            self.fail(f"{label} has version {det.version}, not {state.version}")
        if det.to_move != state.to_move:
            self.fail(f"{label} has to_move {det.to_move!r}, not {state.to_move!r}")
        problems = det.check_invariants()
        if problems:
            self.fail(f"{label} breaks invariants: " + "; ".join(problems))
        if state.to_move == seat and tuple(det.legal_actions()) != tuple(state.legal_actions()):
            self.fail(f"{label} gives seat {seat}, to move, other legal actions")

    def rollout(self, det: GameState, label: str) -> None:
        """A determinized state plays on to the end (as a search would)."""
        choices = stream(det.version ^ self.seed, CHOICES)
        before = det.snapshot()
        state = det.copy()  # played in place, as search plays its private copies
        while not state.is_terminal:
            if state.version >= self.spec.max_actions:
                self.fail(f"a rollout from {label} passed max_actions={self.spec.max_actions}")
            legal = state.legal_actions()
            if not legal:
                self.fail(f"a rollout from {label} reached version {state.version} "
                          "with no legal action before the end")
            state.play(legal[choices.below(len(legal))])
        if det.snapshot() != before:
            self.fail(f"a rollout from {label} changed the state it was copied from")
        problems = state.check_invariants()
        if problems:
            self.fail(f"a rollout from {label} ends with broken invariants: " + "; ".join(problems))
        self.check_result(state)
        self.report.rollouts += 1


def difference_text(a: JsonValue, b: JsonValue, path: str = "view") -> str:
    """Where two JSON values first differ, as ``path: a != b`` (for error messages)."""
    found = first_difference(a, b, path, key_order=True)
    where, x, y = found if found is not None else (path, a, b)
    text_a, text_b = dump(x), dump(y)
    if len(text_a) > 120:
        text_a = text_a[:117] + "..."
    if len(text_b) > 120:
        text_b = text_b[:117] + "..."
    return f"{where}: {text_a} != {text_b}"


SPARSE_CHECKS: Mapping[str, Any] = MappingProxyType(
    {"view_every": 1000, "legal_every": 200, "determinism_every": 250, "rollouts": False})
"""``check_game`` settings for the seeds of a long run after its densely sampled first ones:
every action is still checked; views, legal sets and replays of determinism are sampled
sparsely, and no determinized state is played out."""


def _resolve(game: Game | str) -> Game:
    if isinstance(game, Game):
        return game
    return make(game)


def check_game(
    game: Game | str,
    num_players: int,
    playouts: int,
    seed: int = 0,
    *,
    view_every: int = 100,
    legal_every: int = 25,
    determinism_every: int = 5,
    rollouts: bool = True,
    options: Mapping[str, Any] | None = None,
    policy: Policy | None = None,
) -> ConformanceReport:
    """Play ``playouts`` random games of ``game`` and check the game protocol throughout
    (what is checked when: the module documentation).

    Playout ``i`` starts from ``game.new_game(num_players, seed + i, **options)`` and draws
    each action uniformly from the legal ones with an :class:`~sunking.core.rng.Rng` derived
    from that playout seed alone, so ``check_game(game, num_players, 1, seed=seed + i)``
    replays playout ``i`` (with the same checks).

    ``game`` must be registered under its ``spec.id`` (the replay finds it with ``make``).
    ``policy``, when given, picks each action instead of the uniform choice — called with
    the state and the playout's choice generator, it must return a legal action (bots are
    checked this way).

    Raises:
        ConformanceError: the game broke one of the promises of the protocol (or raised
            anything while being checked); the message names the game, the player count,
            the playout seed, the state version and the action.
        UnknownGame: ``game`` is an id that is not registered.
        ValueError: ``playouts`` is negative or a sampling interval is below 1.
    """
    the_game = _resolve(game)
    _check_settings(playouts, view_every=view_every, legal_every=legal_every,
                    determinism_every=determinism_every)
    report = ConformanceReport(the_game.spec.id, num_players)
    started = time.perf_counter()
    for i in range(playouts):
        playout = Playout(
            the_game, num_players, seed + i, options or {}, report, rollouts, policy
        )
        _run_playout(
            playout,
            view_every=view_every,
            legal_every=legal_every,
            determinism=i % determinism_every == 0,
        )
        report.playouts += 1
    if the_game.spec.imperfect_information and report.determinizations and not report.resampled:
        raise ConformanceError(
            f"the game has imperfect information but none of {report.determinizations} "
            f"determinizations (seeds {seed}..{seed + playouts - 1}) resampled anything",
            game=the_game.spec.id, num_players=num_players,
        )
    report.seconds = time.perf_counter() - started
    return report


def _check_settings(playouts: int, **intervals: int) -> None:
    """Raises ValueError for a negative number of playouts or a sampling interval below 1."""
    if playouts < 0:
        raise ValueError(f"playouts must not be negative, got {playouts}")
    for name, every in intervals.items():
        if every < 1:
            raise ValueError(f"{name} must be at least 1, got {every}")


def _run_playout(p: Playout, *, view_every: int, legal_every: int, determinism: bool) -> None:
    """One random game checked at every step and replayed alongside, then its end checked
    (and, if ``determinism``, played again)."""
    sampling = stream(p.seed, SAMPLING)
    view_offset = sampling.below(view_every)
    legal_offset = sampling.below(legal_every)
    keys = stream(p.seed, DETERMINIZE)
    choices = stream(p.seed, CHOICES)
    state, recorded, replayed = _start(p)
    previous: Action | None = None
    # One try block for the whole loop (cheaper than a guard per step); ``p.stage`` names the
    # step under way for the error message.
    p.stage = ""
    try:
        while True:
            legal, snapshot = _check_position(p, state, replayed, previous)
            if not legal:
                break  # the game is over: its last state is checked below
            version = state.version
            sampled = version == 0 or version % view_every == view_offset
            if sampled:
                p.report.states_sampled += 1
                p.stage = "the state JSON round trip"
                p.check_state_json(state)
                p.stage = "checking views"
                p.check_views(state, keys)
            if sampled or version % legal_every == legal_offset:
                p.stage = "the legal actions' JSON round trip"
                p.check_legal_set(legal)
            if version >= p.spec.max_actions:
                p.fail(f"the game is not over after max_actions={p.spec.max_actions} actions")
            state, previous = _play(p, state, snapshot, legal, choices, recorded, replayed)
    except ConformanceError:
        raise
    except Exception as exc:
        raise p.crashed(p.stage, exc) from exc
    _check_end(p, state, replayed, keys)
    if determinism:
        with p.guard("the determinism check"):
            _check_determinism(p, state)


def _start(p: Playout) -> tuple[GameState, Game, GameState]:
    """The new game; the game its record names once read back from JSON (which parses the
    actions of the replay); and the replay, started from that record's header."""
    p.version = 0
    with p.guard("new_game"):
        state = p.start()
    if not state.is_terminal:
        with p.guard("result()"):
            p.check_not_over(state)
    # The game is replayed alongside, from its record read back from JSON: the record's
    # header now, each action as it is played. Nothing of the played game needs keeping.
    with p.guard("the record's JSON round trip"):
        header = GameRecord.from_json(json.loads(dump(GameRecord.of(state).to_json())))
        recorded = make(header.game)
    with p.guard("replay"):
        replayed = recorded.new_game(header.num_players, header.seed, **header.options)
    return state, recorded, replayed


def _check_position(p: Playout, state: GameState, replayed: GameState,
                    previous: Action | None) -> tuple[Sequence[Action], object]:
    """Whose turn it is and the legal actions, and the replay at the same position with the
    same legal actions; the legal actions and the state's snapshot."""
    version = state.version
    p.version = version
    p.action = None
    p.stage = "checking the turn"
    legal = p.check_turn(state)
    snapshot = state.snapshot()
    p.stage = "replay"
    if replayed.version != version or replayed.snapshot() != snapshot:
        p.action = previous
        p.fail(
            "the replayed state differs from the one played "
            f"({difference_text(snapshot, replayed.snapshot(), 'snapshot')})"
        )
    if tuple(replayed.legal_actions()) != tuple(legal):
        p.action = previous
        p.fail("the state replayed in place has other legal actions than the one "
               "played (a cache not cleared by play?)")
    return legal, snapshot


def _play(p: Playout, state: GameState, snapshot: object, legal: Sequence[Action],
          choices: Rng, recorded: Game, replayed: GameState) -> tuple[GameState, Action]:
    """The next action chosen, round-tripped through JSON, applied with every check and
    played on the replay; the new state and the action."""
    version = state.version
    p.stage = "the policy"
    action = p.choose(state, legal, choices)
    p.action = action
    p.stage = "the action JSON round trip"
    parsed = p.check_action(action, recorded)
    p.stage = "apply"
    after = state.apply(action, seat=state.to_move, version=version)
    p.stage = "checking the applied action"
    if after is state:
        p.fail("apply returned the same state object")
    if after.version != version + 1:
        p.fail(f"apply made version {after.version}, not {version + 1}")
    if state.snapshot() != snapshot:
        p.fail("apply changed the state it was applied to")
    p.stage = "replay"
    replayed.play(parsed)
    p.report.actions += 1
    return after, action


def _check_end(p: Playout, state: GameState, replayed: GameState, keys: Rng) -> None:
    """The finished game: its state and views, a sound result, its whole history, and the
    replay ending in an equal state."""
    report = p.report
    p.action = None
    report.states_sampled += 1
    with p.guard("the state JSON round trip"):
        p.check_state_json(state)
    with p.guard("checking views"):
        p.check_views(state, keys)
    with p.guard("result()"):
        report.results.append(p.check_result(state))
    with p.guard("the history"):
        if len(state.history) != state.version:
            p.fail(f"the history holds {len(state.history)} actions, not {state.version}")
    report.max_length = max(report.max_length, state.version)
    with p.guard("replay"):
        if replayed != state:
            p.fail("the replayed final state differs from the one played (history or log)")
        report.replays += 1


def _check_determinism(p: Playout, final: GameState) -> None:
    """The same seed and choices give the same history, event log and position."""
    again = p.play_quietly()
    p.version = final.version
    if tuple(again.history) != tuple(final.history):
        p.fail("a second run with the same seed and choices took other actions")
    if again.events(everything=True) != final.events(everything=True):
        p.fail("a second run with the same seed and choices logged other events")
    if again.snapshot() != final.snapshot():
        p.fail("a second run with the same seed and choices ended in another position")
    p.report.determinism_checks += 1
