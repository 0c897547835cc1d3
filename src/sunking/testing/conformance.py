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
The checks themselves are the methods of :class:`~sunking.testing.playout.Playout`.
"""

from __future__ import annotations

import json
import time
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

from ..core.actions import Action
from ..core.game import Game, GameState
from ..core.record import GameRecord
from ..core.registry import make
from ..core.rng import Rng
from .playout import (
    CHOICES,
    DETERMINIZE,
    SAMPLING,
    Playout,
    Policy,
    difference_text,
    dump,
    stream,
)
from .report import ConformanceError, ConformanceReport

__all__ = ["SPARSE_CHECKS", "ConformanceError", "ConformanceReport", "check_game"]

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
