"""The outcome of a finished game: scores, winners, tie-breaks and the game's own account."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from .actions import JsonValue
from .errors import IllegalAction


@dataclasses.dataclass(frozen=True, slots=True)
class Result:
    """The outcome of a finished game."""

    scores: tuple[int, ...]
    """Victory points per seat."""
    winners: tuple[int, ...]
    """Every seat that shares the win (more than one only when the tie-break is also tied)."""
    tiebreak: tuple[int, ...]
    """The value per seat that breaks a tie on score (higher is better)."""
    details: Mapping[str, JsonValue] = dataclasses.field(default_factory=dict)
    """The game's own account of the scoring (a table the UIs can show)."""

    @classmethod
    def of_final(cls, final: Mapping[str, Any] | None, version: int) -> Result:
        """The result from a game's final scoring table — a mapping with ``scores``,
        ``winners`` and ``tiebreak`` lists, kept whole as the details — or ``None`` while the
        game runs.

        Raises:
            IllegalAction: ``final`` is ``None``: the game is not over yet.
        """
        if final is None:
            raise IllegalAction("the game is not over yet", version=version)
        return cls(
            tuple(final["scores"]), tuple(final["winners"]), tuple(final["tiebreak"]), final
        )

    def shares(self) -> list[float]:
        """Per seat, its share of the win: 1/k for each of k winners, 0 for the others."""
        return [1.0 / len(self.winners) if p in self.winners else 0.0
                for p in range(len(self.scores))]

    def places(self) -> list[int]:
        """Per seat, its finishing place (1 is best): the winners first, then the others by
        score and tie-break; seats equal on all three share a place."""
        key = [(p in self.winners, self.scores[p], self.tiebreak[p])
               for p in range(len(self.scores))]
        return [1 + sum(1 for other in key if other > mine) for mine in key]

    def final_values(self) -> list[float]:
        """Per seat, its score with a hundredth of its tie-break added: the outcome as one
        number a seat (an evaluation for bots, say) can be judged by."""
        return [score + 0.01 * tie for score, tie in zip(self.scores, self.tiebreak, strict=True)]

    def to_json(self) -> dict[str, JsonValue]:
        return {
            "scores": list(self.scores),
            "winners": list(self.winners),
            "tiebreak": list(self.tiebreak),
            "details": dict(self.details),
        }
