"""Game records and replay: a game is its options, seed and actions; a state is a replay."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from .actions import Action, JsonValue
from .errors import InvalidState, RulesVersionMismatch
from .game import Game, GameState
from .registry import make

UNVERSIONED = 1
"""The rules version of a record or stored match that names none: every one written before
games declared their versions was played under version 1."""


def check_rules_version(game: Game, recorded: int, what: str = "the record") -> None:
    """Refuse ``recorded`` unless it is the version of the rules ``game`` plays.

    Raises:
        RulesVersionMismatch: the versions differ; its message names the game and both.
    """
    if recorded != game.spec.rules_version:
        raise RulesVersionMismatch(game.spec.id, recorded, game.spec.rules_version, what)


@dataclasses.dataclass(frozen=True, slots=True)
class GameRecord:
    """Everything that determines a game: which game, under which version of its rules,
    setup, seed and the actions taken."""

    game: str
    num_players: int
    seed: int
    options: Mapping[str, Any]
    actions: tuple[Action, ...]
    rules_version: int = UNVERSIONED
    """The version of the game's rules it was played under (``GameSpec.rules_version``)."""

    @classmethod
    def of(cls, state: GameState) -> GameRecord:
        """The record of the game that led to ``state``."""
        spec = state.game.spec
        return cls(
            spec.id, state.num_players, state.seed, dict(state.options), state.history,
            spec.rules_version,
        )

    def to_json(self) -> dict[str, JsonValue]:
        return {
            "game": self.game,
            "rules_version": self.rules_version,
            "num_players": self.num_players,
            "seed": self.seed,
            "options": dict(self.options),
            "actions": [a.to_json() for a in self.actions],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> GameRecord:
        """Read a record back; one that names no ``rules_version`` is of version 1.

        Raises:
            InvalidState: a field is missing or of the wrong kind.
            RulesVersionMismatch: the record was played under another version of the game's
                rules than this engine plays (checked before its actions are read).
            InvalidAction: an action in it is malformed.
            UnknownGame: the game is not registered.
        """
        try:
            game = make(str(data["game"]))
            recorded = data.get("rules_version", UNVERSIONED)
            if not isinstance(recorded, int) or isinstance(recorded, bool):
                raise InvalidState(f"not a game record: rules_version {recorded!r} is not an "
                                   "integer")
            check_rules_version(game, recorded)
            actions = tuple(game.parse_action(a) for a in data["actions"])
            return cls(
                game.spec.id, int(data["num_players"]), int(data["seed"]),
                dict(data.get("options", {})), actions, recorded,
            )
        except (KeyError, TypeError) as exc:
            raise InvalidState(f"not a game record: {exc!r}") from None


def replay_states(record: GameRecord) -> Iterator[GameState]:
    """Yield the initial state and the state after each action of ``record``, checked.

    Raises:
        RulesVersionMismatch: the record is of another version of the game's rules.
        RulesError: an action of the record is not legal where it stands.
    """
    state = _start(record)
    yield state
    for action in record.actions:
        state = state.apply(action)
        yield state


def _start(record: GameRecord) -> GameState:
    """The initial state of ``record``'s game, once its rules version is checked."""
    game = make(record.game)
    check_rules_version(game, record.rules_version)
    return game.new_game(record.num_players, record.seed, **record.options)


def replay(record: GameRecord, upto: int | None = None) -> GameState:
    """Rebuild the state after the first ``upto`` actions (all of them by default).

    Raises:
        RulesVersionMismatch: the record is of another version of the game's rules.
        RulesError: an action of the record is not legal where it stands.
    """
    actions: Sequence[Action] = record.actions if upto is None else record.actions[:upto]
    state = _start(record)
    for action in actions:
        state = state.apply(action)
    return state
