"""Typed errors of the engine, each with a stable wire code.

Every error raised for untrusted input is a :class:`RulesError` (a ``ValueError``), so callers
can catch one type; the subclasses say what was wrong and :attr:`RulesError.code` gives the
stable code a server sends to its clients.
"""

from __future__ import annotations


class RulesError(ValueError):
    """Base of every error caused by input that breaks the rules or the action format."""

    code = "rules/error"

    def __init__(self, message: str, *, action: object = None, version: int | None = None):
        parts = [message]
        if action is not None:
            parts.append(f"action={action!r}")
        if version is not None:
            parts.append(f"version={version}")
        super().__init__("; ".join(parts))
        self.action = action
        self.version = version


class InvalidAction(RulesError):
    """The action is malformed: unknown type, missing field, wrong field type."""

    code = "action/invalid"


class IllegalAction(RulesError):
    """The action is well-formed but the rules do not allow it in this state."""

    code = "action/illegal"


class NotYourTurn(RulesError):
    """The action comes from a seat that is not the one to decide."""

    code = "action/not-your-turn"


class GameOver(RulesError):
    """The game has ended; no action can be applied."""

    code = "game/over"


class StaleAction(RulesError):
    """The action was computed from an older state version than the current one."""

    code = "action/stale"


class UnknownGame(RulesError):
    """No game is registered under the requested id."""

    code = "game/unknown"


class InvalidOptions(RulesError):
    """The player count or an option is out of range for the game."""

    code = "game/invalid-options"


class RulesVersionMismatch(RulesError):
    """A record or stored match was played under another version of the game's rules than
    the one this engine plays: it is refused, never replayed under rules it was not played by.
    """

    code = "record/rules_version"

    def __init__(self, game: str, recorded: int, engine: int, what: str = "the record") -> None:
        super().__init__(
            f"{what} was played under version {recorded} of the rules of {game}; this engine "
            f"plays version {engine} and does not replay it under other rules"
        )
        self.game = game
        self.recorded = recorded
        self.engine = engine


class InvalidState(RulesError):
    """A serialized state could not be read back."""

    code = "state/invalid"
