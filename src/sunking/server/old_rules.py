"""Matches started under rules the server no longer plays.

Each stored match records the version of its game's rules it was started under
(``matches.rules_version``, ``GameSpec.rules_version``). This release carries one version of
each game's rules, so a match of another version cannot be played on, or replayed, without
changing what was played: it is never loaded (the core's ``record/rules_version``; the API
answers ``rules_version`` or ``rules_changed``, 409, and the player reads why in his
language). ``sunking serve`` reports the unfinished ones at start (:func:`settle_old_rules`)
and does with them what the operator chose (``--old-rules``, ``SUNKING_OLD_RULES``):

- ``keep`` (the default): they stay exactly as stored — status, seats, moves, chat — for a
  server of the release that plays their version; this one refuses to load them;
- ``close``: they end as closed, "the rules changed" (status ``closed``; their clock and
  driver cleared; their setup, seats, moves and chat kept).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Literal, TypeAlias

from ..core.registry import available_games, make
from .storage import MatchStore, OldRules

log = logging.getLogger(__name__)

OldRulesChoice: TypeAlias = Literal["keep", "close"]
"""What becomes of the unfinished matches of older rules at start."""
CHOICES: tuple[OldRulesChoice, ...] = ("keep", "close")


def rules_versions() -> dict[str, int]:
    """The version of the rules this server plays, per registered game."""
    return {game: make(game).spec.rules_version for game in available_games()}


def settle_old_rules(store: MatchStore, choice: OldRulesChoice,
                     say: Callable[[str], None]) -> list[OldRules]:
    """Report the unfinished matches of ``store`` started under rules this server does not
    play (one line each to ``say``, a summary to the log) and keep or close them as
    ``choice`` says; returns them (as found, before any was closed).

    Raises:
        ValueError: ``choice`` is neither ``keep`` nor ``close``.
    """
    if choice not in CHOICES:
        raise ValueError(f"the choice for old rules must be keep or close, not {choice!r}")
    versions = rules_versions()
    found = store.old_rules(versions)
    if not found:
        return []
    say(f"{len(found)} unfinished match(es) were started under rules this server does not "
        "play:")
    for old in found:
        say(f"  {old.match_id}  {old.game}  rules version {old.rules_version} (this server "
            f"plays {versions[old.game]})  {old.status}")
    ids = ", ".join(old.match_id for old in found)
    if choice == "close":
        closed = store.close_old_rules(old.match_id for old in found)
        say(f"Closed {len(closed)}: their players read that the rules changed; their "
            "moves and chat are kept.")
        log.warning("closed %d matches started under older rules (the rules changed): %s",
                    len(closed), ids)
    else:
        say("Kept as they are, for a server of the release that plays their version; this "
            "one refuses to load them. To close them: sunking serve --old-rules close.")
        log.warning("kept %d matches started under older rules, not loaded here: %s",
                    len(found), ids)
    return found
