"""The action mask is exactly the engine's legal actions, at every step of random games."""

from __future__ import annotations

import importlib
from pathlib import Path

import numpy as np
import pytest

from sunking.core.actions import Action
from sunking.core.game import GameState
from sunking.core.registry import available_games, make
from sunking.envs.actions import ActionScheme, ActionSchemeError, Decision, decoded_actions
from sunking.envs.table import Table, adapted_games, adapter, layout, sizes_markdown
from sunking.games.louis14.actions import PlaceStone

COUNTS = [
    (game, n)
    for game in available_games()
    for n in range(make(game).spec.min_players, make(game).spec.max_players + 1)
]


def test_every_registered_game_has_an_adapter() -> None:
    assert adapted_games() == available_games()
    assert [adapter(game).game_id for game in available_games()] == list(available_games())


@pytest.mark.parametrize(("game", "n"), COUNTS)
def test_mask_is_the_legal_actions_at_every_step(game: str, n: int) -> None:
    table = Table(game, n, seed=11 * n)
    rng = np.random.default_rng(n)
    engine_steps = 0
    while table.to_move is not None:
        state: GameState = table.state
        legal = state.legal_actions()
        # A new decision: its first mask is the first token of each legal action, and
        # following the masks reaches exactly the legal actions.
        first = sorted({table.scheme.encode(a)[0] for a in legal})
        assert table.legal_tokens() == first
        assert np.flatnonzero(table.mask()).tolist() == first
        assert decoded_actions(table.scheme, legal) == set(legal)
        # Play one legal action, chosen uniformly, through the tokens an agent would pick.
        action = legal[int(rng.integers(len(legal)))]
        path = table.decision.path(action) if table.decision else []
        for i, token in enumerate(path):
            assert token in table.legal_tokens()
            done = table.step(token)
            assert (done is not None) == (i == len(path) - 1)
        assert done == action
        assert table.state.history[-1] == action
        engine_steps += 1
    assert engine_steps == table.state.version


def test_a_token_outside_the_mask_is_refused_and_changes_nothing() -> None:
    table = Table("vive_le_roi", 3, seed=5)
    before = table.state
    allowed = set(table.legal_tokens())
    token = next(t for t in range(table.scheme.size) if t not in allowed)
    with pytest.raises(ActionSchemeError, match="not allowed here"):
        table.step(token)
    assert table.state is before
    assert table.decision is not None and table.decision.prefix == ()


def test_a_value_outside_the_scheme_is_named() -> None:
    scheme = adapter("louis14").scheme
    with pytest.raises(ActionSchemeError, match="outside the scheme"):
        scheme.encode(PlaceStone(99))


class _Lossy(ActionScheme):
    """A broken scheme: every stone put on a tile is coded as one on tile 3."""

    def __init__(self, inner: ActionScheme) -> None:
        for name in ("sequences", "tokens", "index", "_fields"):
            setattr(self, name, getattr(inner, name))
        self._codes, self._by_id = {}, {}
        self.in_c = None  # its own encode, not the C lookups of the scheme it copies

    def encode(self, action: Action) -> tuple[int, ...]:
        return super().encode(PlaceStone(3) if isinstance(action, PlaceStone) else action)


def test_decoding_detects_two_actions_with_one_code() -> None:
    """The mask test can fail: a scheme that codes two legal actions alike loses one."""
    legal = [PlaceStone(3), PlaceStone(4)]
    assert decoded_actions(adapter("louis14").scheme, legal) == set(legal)
    assert decoded_actions(_Lossy(adapter("louis14").scheme), legal) != set(legal)


def test_the_token_sequences_are_stable() -> None:
    """Token indices are part of the interface: a trained policy depends on them."""
    sizes = {game: adapter(game).scheme.size for game in available_games()}
    assert sizes == {"louis14": 526, "vive_le_roi": 2196, "versailles1682": 1095}
    scheme = adapter("louis14").scheme
    assert scheme.tokens[0] == ("type", "place")
    assert scheme.tokens[-1] == ("end",)
    decision = Decision.start(scheme, make("louis14").new_game(2, 0).legal_actions())
    assert all(0 <= t < scheme.size for t in decision.mask())


@pytest.mark.parametrize(("game", "n"), COUNTS)
def test_the_layout_names_every_float_of_the_observation(game: str, n: int) -> None:
    segments = layout(game, n)
    names = [name for name, _, _ in segments]
    assert len(set(names)) == len(names)
    offset = 0
    for _, start, size in segments:
        assert start == offset and size > 0
        offset += size
    table = Table(game, n, seed=3)
    assert offset == table.observation_size == table.observe(n - 1).size
    assert segments[0] == ("seat", 0, n)
    assert segments[-1] == ("prefix", offset - table.scheme.size, table.scheme.size)


@pytest.mark.parametrize("game", available_games())
def test_the_observation_reads_the_flows_kinds_and_phases(game: str) -> None:
    """Decision kinds and phases are one-hot over what the game's flow declares (with an
    'other' slot), the one declaration its presentation reads too."""
    flow = make(game).flow  # type: ignore[attr-defined]
    module = importlib.import_module(f"sunking.envs.games.{game}")
    assert flow.decision_kinds == module.DECISIONS
    assert flow.phases == module.PHASES
    sizes = {name: size for name, _, size in layout(game, make(game).spec.min_players)}
    assert sizes["decision"] == len(flow.decision_kinds) + 1
    assert sizes["phase"] == len(flow.phases) + 1


def test_the_sizes_in_the_docs_are_the_codes() -> None:
    docs = (Path(__file__).parents[2] / "docs" / "envs.md").read_text(encoding="utf-8")
    assert sizes_markdown() in docs


@pytest.mark.parametrize("game", available_games())
def test_the_c_lookups_decide_as_the_python_ones(game: str) -> None:
    """Where the scheme has its lookups in C (``InC``), a decision's candidates, masks and
    choices are those of the scheme without them, token by token through random games;
    an action not met before is found by the Python path."""
    scheme = adapter(game).scheme
    if scheme.in_c is None:
        pytest.skip("the C lookups are not compiled here (no C compiler)")
    plain = ActionScheme.__new__(ActionScheme)
    for name in ("sequences", "tokens", "index", "_fields"):
        setattr(plain, name, getattr(scheme, name))
    plain._codes, plain._by_id, plain.in_c = {}, {}, None
    rng = np.random.default_rng(3)
    state = make(game).new_game(make(game).spec.max_players, 3)
    steps = 0
    while not state.is_terminal and steps < 400:
        legal = state.legal_actions()
        fast, slow = Decision.start(scheme, legal), Decision.start(plain, legal)
        assert fast.candidates == slow.candidates
        action = None
        while action is None:
            assert fast.mask() == slow.mask()
            token = int(rng.choice(fast.mask()))
            action = fast.choose(token)
            assert slow.choose(token) == action and fast.candidates == slow.candidates
        with pytest.raises(ActionSchemeError, match="not allowed"):
            Decision.start(scheme, legal).choose(scheme.size)
        state = state.apply(action)
        steps += 1
    assert steps > 50
