"""Who sits at the table: the ``--seats`` syntax of ``sunking play``.

A seats spec is a comma-separated list with one entry per seat, in seat order:

* ``me`` — a human player called "You" in the players' language (``me:NAME`` gives another
  name);
* ``human`` or ``human:NAME`` — a human player (default name "Player N" in the players'
  language, N counted from 1);
* anything else is a bot spec as :func:`sunking.bots.make_bot` accepts it: ``random``,
  ``heuristic``, ``ismcts``, ``ismcts:easy|medium|hard|expert``, ``ismcts:N`` (iterations per
  decision) or ``ismcts:Ns`` (seconds per decision).

More than one human seat makes a hot-seat game: the players share the terminal and hand it
over between turns.
"""

from __future__ import annotations

import dataclasses

from ..bots import Bot, make_bot
from ..i18n import DEFAULT_LANGUAGE, common, translate

HUMAN_KINDS = ("me", "human")
SEATS_HELP = (
    "Comma-separated, one entry per seat in seat order: `me` (you) or `human[:NAME]` for a "
    "human player (several humans share the terminal, hot-seat), or a bot: `random`, "
    "`heuristic`, `ismcts[:easy|medium|hard|expert|N|Ns]` (N iterations or N seconds per "
    "decision). "
    "Example: `me,ismcts:medium,heuristic,random`."
)
"""The seats syntax in one paragraph (Markdown), for ``--help``."""
_PLAIN_HELP = SEATS_HELP.replace("`", "")


class SeatsError(ValueError):
    """A seats spec that cannot be read; the message names the faulty entry."""


@dataclasses.dataclass(frozen=True, slots=True)
class SeatSpec:
    """One seat: a human with a name, or a bot built from its spec."""

    name: str
    """The name shown for this seat (a human's name, or the bot's spec)."""
    bot: Bot | None = None
    """The bot playing this seat; None for a human."""
    you: bool = False
    """A person playing under no name of his own (``me``): his texts speak to him ("You
    draw")."""

    @property
    def is_human(self) -> bool:
        return self.bot is None


def bot_name(spec: str, seat: int, lang: str) -> str:
    """A bot's name at the table: its strength in words and its seat counted from 1 (a bot
    spec with no name of its own, such as ``ismcts:500``, is shown as it was typed)."""
    key = "bot." + spec.lower().replace(":", ".")
    strength = translate(lang, key) if key in common(DEFAULT_LANGUAGE) else spec
    return translate(lang, "player.bot", bot=strength, n=seat + 1)


def parse_seats(text: str, lang: str = DEFAULT_LANGUAGE) -> list[SeatSpec]:
    """Read a seats spec such as ``me,ismcts:medium,heuristic,random``; the seats are named
    in ``lang`` (a bot by its strength and seat: "Bot: medium (2)").

    Raises:
        SeatsError: the spec is empty, an entry is empty, a bot spec is unknown or malformed,
            a human name is empty, or two human seats have the same name.
    """
    entries = [entry.strip() for entry in text.split(",")]
    if not text.strip():
        raise SeatsError(f"no seats given. {_PLAIN_HELP}")
    seats: list[SeatSpec] = []
    humans = 0
    for index, entry in enumerate(entries):
        if not entry:
            raise SeatsError(f"seat {index} is empty in {text!r}. {_PLAIN_HELP}")
        kind, colon, name = entry.partition(":")
        if kind.lower() in HUMAN_KINDS:
            humans += 1
            name = name.strip()
            if colon and not name:
                raise SeatsError(f"seat {index}: {entry!r} has an empty name after ':'")
            you = not name and kind.lower() == "me"
            if not name:
                name = (translate(lang, "tui.you") if you
                        else translate(lang, "presentation.seat", n=humans))
            seats.append(SeatSpec(name=name, you=you))
            continue
        try:
            bot = make_bot(entry)
        except ValueError as error:
            raise SeatsError(f"seat {index}: {error}") from None
        seats.append(SeatSpec(name=bot_name(entry, index, lang), bot=bot))
    names = [seat.name for seat in seats if seat.is_human]
    for name in names:
        if names.count(name) > 1:
            raise SeatsError(
                f"two human seats are both called {name!r}: name them with human:NAME"
            )
    return seats
