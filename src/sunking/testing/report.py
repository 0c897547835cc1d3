"""What a conformance run reports: :class:`ConformanceReport` when it passes, and
:class:`ConformanceError` when a game breaks a promise of the game protocol."""

from __future__ import annotations

import dataclasses

from ..core.actions import Action
from ..core.game import Result

__all__ = ["ConformanceError", "ConformanceReport"]


class ConformanceError(AssertionError):
    """A game broke a promise of the game protocol during a conformance run.

    The message names the game, the player count, the playout seed, the state version and
    the action being applied (when there is one); the same facts are kept as attributes.
    """

    def __init__(
        self,
        message: str,
        *,
        game: str,
        num_players: int,
        seed: int | None = None,
        version: int | None = None,
        action: Action | None = None,
    ) -> None:
        parts = [f"{game}, {num_players} players"]
        if seed is not None:
            parts.append(f"playout seed {seed}")
        if version is not None:
            parts.append(f"version {version}")
        if action is not None:
            parts.append(f"action {action}")
        super().__init__(f"{', '.join(parts)}: {message}")
        self.game = game
        self.num_players = num_players
        self.seed = seed
        self.version = version
        self.action = action


@dataclasses.dataclass(slots=True)
class ConformanceReport:
    """What a conformance run checked, and how long it took."""

    game: str
    num_players: int
    playouts: int = 0
    actions: int = 0
    """Actions applied in the playouts (replays and determinized rollouts not counted)."""
    max_length: int = 0
    """The most actions in one playout."""
    seconds: float = 0.0
    states_checked: int = 0
    """States whose turn, legal actions and invariants were checked (every state played)."""
    states_sampled: int = 0
    """States given the expensive checks: views, leaks, state JSON round trip."""
    legal_sets_checked: int = 0
    """States all of whose legal actions were round-tripped through JSON."""
    actions_round_tripped: int = 0
    views_checked: int = 0
    """Views rendered and compared (real and determinized, every seat and the spectator)."""
    determinizations: int = 0
    resampled: int = 0
    """Determinizations whose snapshot differed from the real state's."""
    rollouts: int = 0
    """Determinized states played on to the end."""
    replays: int = 0
    determinism_checks: int = 0
    results: list[Result] = dataclasses.field(default_factory=list, repr=False)
    """The result of every playout, in the order of their seeds (for a game's own tests to
    look into, say how its random games end)."""

    @property
    def mean_length(self) -> float:
        """The mean number of actions per playout."""
        return self.actions / self.playouts if self.playouts else 0.0

    def __str__(self) -> str:
        return (
            f"{self.game} {self.num_players}p: {self.playouts} playouts, "
            f"{self.actions} actions (mean {self.mean_length:.1f}, max {self.max_length}), "
            f"{self.states_checked} states checked, {self.states_sampled} sampled, "
            f"{self.views_checked} views, {self.actions_round_tripped} actions round-tripped, "
            f"{self.resampled}/{self.determinizations} determinizations resampled, "
            f"{self.replays} replays, {self.seconds:.2f}s"
        )
