"""A game's options: what ``new_game`` accepts beside the player count, and their choices in
words."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from .actions import JsonValue


def describe_choices(choices: Sequence[JsonValue]) -> str:
    """An option's choices in words, a run of three or more consecutive whole numbers as a
    range: ``0, 250–300``."""
    parts: list[str] = []
    run: list[int] = []

    def close() -> None:
        if len(run) >= 3:
            parts.append(f"{run[0]}–{run[-1]}")
        else:
            parts.extend(str(n) for n in run)
        run.clear()

    for choice in choices:
        if isinstance(choice, int) and not isinstance(choice, bool):
            if run and choice != run[-1] + 1:
                close()
            run.append(choice)
            continue
        close()
        parts.append(str(choice))
    close()
    return ", ".join(parts)


@dataclasses.dataclass(frozen=True, slots=True)
class OptionSpec:
    """One option a game accepts in ``new_game``."""

    name: str
    default: JsonValue
    choices: tuple[JsonValue, ...]
    description: str
