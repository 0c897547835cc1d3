"""Game records and replay: a game is its options, seed and actions; a state is a replay."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from .actions import Action, JsonValue
from .errors import InvalidState
from .game import GameState
from .registry import make


@dataclasses.dataclass(frozen=True, slots=True)
class GameRecord:
    """Everything that determines a game: which game, setup, seed and the actions taken."""

    game: str
    num_players: int
    seed: int
    options: Mapping[str, Any]
    actions: tuple[Action, ...]

    @classmethod
    def of(cls, state: GameState) -> GameRecord:
        """The record of the game that led to ``state``."""
        return cls(
            state.game.spec.id, state.num_players, state.seed, dict(state.options),
            state.history,
        )

    def to_json(self) -> dict[str, JsonValue]:
        return {
            "game": self.game,
            "num_players": self.num_players,
            "seed": self.seed,
            "options": dict(self.options),
            "actions": [a.to_json() for a in self.actions],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> GameRecord:
        """Read a record back.

        Raises:
            InvalidState: a field is missing or of the wrong kind.
            InvalidAction: an action in it is malformed.
            UnknownGame: the game is not registered.
        """
        try:
            game = make(str(data["game"]))
            actions = tuple(game.parse_action(a) for a in data["actions"])
            return cls(
                game.spec.id, int(data["num_players"]), int(data["seed"]),
                dict(data.get("options", {})), actions,
            )
        except (KeyError, TypeError) as exc:
            raise InvalidState(f"not a game record: {exc!r}") from None


def replay_states(record: GameRecord) -> Iterator[GameState]:
    """Yield the initial state and the state after each action of ``record``, checked.

    Raises:
        RulesError: an action of the record is not legal where it stands.
    """
    state = make(record.game).new_game(record.num_players, record.seed, **record.options)
    yield state
    for action in record.actions:
        state = state.apply(action)
        yield state


def replay(record: GameRecord, upto: int | None = None) -> GameState:
    """Rebuild the state after the first ``upto`` actions (all of them by default).

    Raises:
        RulesError: an action of the record is not legal where it stands.
    """
    actions: Sequence[Action] = record.actions if upto is None else record.actions[:upto]
    state = make(record.game).new_game(record.num_players, record.seed, **record.options)
    for action in actions:
        state = state.apply(action)
    return state
