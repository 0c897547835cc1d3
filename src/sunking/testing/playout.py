"""One random game of the conformance harness and the checks it makes along the way.

A :class:`Playout` knows where it stands (the game, the player count, the playout seed, the
state version and the action), so every check that fails raises a
:class:`~sunking.testing.report.ConformanceError` naming all of it. The checks are those of
the :class:`~sunking.core.game.GameState` protocol: whose turn it is and the legal actions,
actions and states through JSON, sound results, and, on sampled states, views that leak
nothing under determinization and determinized states that play on to a sound end.
:mod:`sunking.testing.conformance` plays the games and says when each check runs.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, NoReturn

from ..core.actions import Action, JsonValue
from ..core.errors import RulesError
from ..core.game import Game, GameState, Result
from ..core.rng import Rng
from .diff import first_difference
from .report import ConformanceError, ConformanceReport

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
