"""The conformance harness itself: its arguments and report, and proof that it catches broken
games.

The tiny hidden-card game of ``tests/support/conformance_fakes.py`` passes the harness, and
each of its broken variants (a leaking view, a component that is not conserved, a replay that
differs, ...) raises :class:`ConformanceError` with a message that says what went wrong. The
registered games' long runs are in ``tests/games/test_games_conformance.py``.
"""
from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from sunking.core import Action, Game, GameState, Rng, make, register
from sunking.core import registry as registry_module
from sunking.testing import ConformanceError, ConformanceReport, check_game
from support import conformance_fakes
from support.conformance_fakes import (
    BAD_SEAT,
    CHATTY,
    CRASHING,
    DUPLICATE_LEGAL,
    DUPLICATING,
    ENDLESS,
    FAKE,
    FAKE_GAMES,
    FORGETFUL_JSON,
    FORGETFUL_TIP,
    IDENTITY,
    KEY_ORDER_LEAK,
    LEAKY_SPECTATOR,
    LEAKY_VIEW,
    LEGAL_AFTER_END,
    LOSSY_CODEC,
    NO_RESAMPLE,
    ODD_OPTIONS,
    REFUSING_APPLY,
    SHARED_COPY,
    STALE_LEGAL,
    TEXT_TIP,
    TIPPING,
    TURNS,
    UNSEEDED,
    Tip,
)

# --- the harness's arguments and report -----------------------------------------------------


def test_check_game_takes_a_game_id() -> None:
    report = check_game("louis14", 3, 3, seed=11, view_every=30, legal_every=7)
    assert isinstance(report, ConformanceReport)
    assert report.playouts == 3
    assert report.determinism_checks == 1
    text = str(report)
    assert "\n" not in text
    assert text.startswith("louis14 3p: 3 playouts")


def test_check_game_rejects_bad_arguments() -> None:
    with pytest.raises(ValueError, match="view_every"):
        check_game("louis14", 2, 1, view_every=0)
    with pytest.raises(ValueError, match="playouts"):
        check_game("louis14", 2, -1)


@pytest.fixture
def fake_games() -> Iterator[None]:
    """Register the fake games for this test only (replay finds games by id).

    They are registered through the public :func:`register`, by their module's import path;
    since the registry has no way to forget a game, its tables are restored afterwards so
    that other tests keep seeing only the real games.
    """
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(registry_module, "_PATHS", dict(registry_module._PATHS))
        patch.setattr(registry_module, "_LOADED", dict(registry_module._LOADED))
        for game_id, attribute in FAKE_GAMES.items():
            register(game_id, f"{conformance_fakes.__name__}:{attribute}")
        yield


@pytest.mark.parametrize("num_players", [2, 3])
def test_fake_game_passes(fake_games: None, num_players: int) -> None:
    assert make("test-fake") is FAKE
    report = check_game(FAKE, num_players, 40, seed=5, view_every=2, legal_every=1)
    assert report.playouts == 40
    assert report.actions == 40 * TURNS * num_players
    assert report.max_length == TURNS * num_players
    assert report.replays == 40
    assert report.resampled > 0
    assert report.views_checked == report.states_sampled * (4 * num_players + 1)


def test_fake_games_are_forgotten_afterwards() -> None:
    assert not any(game_id.startswith("test-fake") for game_id in registry_module.available_games())


BROKEN: list[tuple[Game, str]] = [
    (LEAKY_VIEW, r"the view of seat \d changes under determinize\(\d, Rng\(\d+\)\)"),
    (LEAKY_SPECTATOR, r"the spectator view changes under determinize.*pile_order"),
    (KEY_ORDER_LEAK, r"the view of seat \d changes under determinize.*keys"),
    (DUPLICATING, r"broken invariants: the cards are"),
    (UNSEEDED, r"the replayed state differs from the one played"),
    (ENDLESS, r"a rollout from determinize\(\d, Rng\(\d+\)\) passed max_actions=40"),
    (LEGAL_AFTER_END, r"the game is over but there are 1 legal actions"),
    (DUPLICATE_LEGAL, r"the legal action \{\"type\":\"bet\",\"amount\":0\} is listed more"),
    (BAD_SEAT, r"to_move is 2, not a seat of 2"),
    (LOSSY_CODEC, r"JSON round trip raised InvalidAction: unknown action type 'bet'"),
    (FORGETFUL_JSON, r"state_from_json\(to_json\(\)\) differs from the state"),
    (SHARED_COPY, r"a rollout from determinize.* changed the state it was copied from"),
    (STALE_LEGAL, r"the state replayed in place has other legal actions than the one played"),
    (NO_RESAMPLE, r"none of \d+ determinizations \(seeds 0\.\.19\) resampled anything"),
    (CRASHING, r"version 3, action .*: apply.* raised KeyError: 'boom'"),
    (REFUSING_APPLY, r"\"amount\":0\}: apply raised IllegalAction: no bet of nothing"),
    (CHATTY, r"the replayed final state differs from the one played \(history or log\)"),
    (ODD_OPTIONS, r"version 0: the record's JSON round trip raised TypeError: .*frozenset"),
    (IDENTITY, r"\"amount\":[12]\}: the replayed state differs from the one played "
               r"\(snapshot\.state\.coins"),
]


@pytest.mark.parametrize(("game", "message"), BROKEN, ids=[g.spec.id for g, _ in BROKEN])
def test_broken_game_fails(fake_games: None, game: Game, message: str) -> None:
    with pytest.raises(ConformanceError, match=message) as caught:
        check_game(game, 2, 20, seed=0)
    error = caught.value
    assert isinstance(error, AssertionError)
    assert error.game == game.spec.id
    assert error.num_players == 2
    text = str(error)
    assert text.startswith(f"{game.spec.id}, 2 players")
    if game is not NO_RESAMPLE:  # a verdict on the whole run, not on one state
        assert error.seed is not None
        assert error.version is not None
        assert re.search(rf"playout seed {error.seed}, version {error.version}", text)


def tip_when_offered(state: GameState, rng: Rng) -> Action:
    """A policy that tips whenever it may, otherwise plays at random."""
    legal = state.legal_actions()
    tips = [a for a in legal if isinstance(a, Tip)]
    return tips[0] if tips else rng.choice(legal)


def test_tipping_game_passes(fake_games: None) -> None:
    report = check_game(TIPPING, 2, 20, seed=0, view_every=1000, legal_every=1000,
                        policy=tip_when_offered)
    assert report.playouts == 20
    assert report.actions_round_tripped >= report.actions


@pytest.mark.parametrize(
    ("game", "message"),
    [
        (FORGETFUL_TIP, r": action \{'type': 'tip'\} parses back as Tip\(amount=0\), "
                        r"not ForgetfulTip\(amount=1\)"),
        (TEXT_TIP, r": the action JSON round trip raised InvalidAction: malformed 'tip' action"),
    ],
    ids=["parses-back-otherwise", "does-not-parse"],
)
def test_every_played_action_is_round_tripped(
    fake_games: None, game: Game, message: str
) -> None:
    """An action only ever played (never in a sampled legal set) must still round-trip:
    the failure names the version it was played at and the action."""
    with pytest.raises(ConformanceError, match=message) as caught:
        check_game(game, 2, 20, seed=0, view_every=1000, legal_every=1000,
                   policy=tip_when_offered)
    error = caught.value
    assert error.version is not None and error.version >= 1
    assert isinstance(error.action, Tip) and error.action.amount == 1
    assert f"version {error.version}, action " in str(error)


def test_shared_copy_fails_without_rollouts(fake_games: None) -> None:
    with pytest.raises(ConformanceError, match=r"apply changed the state it was applied to$"):
        check_game(SHARED_COPY, 2, 20, seed=0, rollouts=False)


def test_endless_game_fails_without_rollouts(fake_games: None) -> None:
    with pytest.raises(ConformanceError, match=r"version 40: the game is not over after max"):
        check_game(ENDLESS, 2, 1, seed=0, rollouts=False)


def test_failure_can_be_rerun_alone(fake_games: None) -> None:
    """The playout seed in the message reruns the failing playout by itself."""
    with pytest.raises(ConformanceError) as first:
        check_game(DUPLICATING, 3, 20, seed=100)
    seed = first.value.seed
    assert seed is not None
    with pytest.raises(ConformanceError) as again:
        check_game(DUPLICATING, 3, 1, seed=seed)
    assert str(again.value) == str(first.value)
