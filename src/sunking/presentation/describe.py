"""Every client's one call: a game's view, legal actions and log described in words.

:func:`describe` is a pure function of what a seat receives anyway (its view, its legal
actions and the log as it may see them, the seat names), so calling it can never reveal
anything::

    board = describe("vive_le_roi", view, legal, seat=0, lang="nl", names=["Ana", "Bruno", …])

The described board is plain JSON data, every text already in ``lang`` and every placeholder
resolved to a component or player name (see ``docs/presentation.md`` for its fields). The
game's :class:`~.contract.Presentation` is found from its id by one rule (:func:`of`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .. import i18n
from ..core.actions import JsonValue
from ..core.registry import game_part
from .contract import Presentation, Texts
from .parts import log_entries

_FOUND: dict[str, Presentation] = {}


def of(game_id: str) -> Presentation:
    """The presentation of the registered game ``game_id``: ``PRESENTATION`` in the
    ``presentation`` module of the game's package (loaded when first asked for, so that
    playing a game never loads its texts).

    Raises:
        UnknownGame: no game has that id.
        NotImplementedError: the game's package has no presentation module.
    """
    found = _FOUND.get(game_id)
    if found is not None:
        return found
    module = game_part(game_id, "presentation")
    if module is None:
        raise NotImplementedError(f"{game_id} declares no presentation")
    found = getattr(module, "PRESENTATION", None)
    if not isinstance(found, Presentation) or found.game_id != game_id:
        raise NotImplementedError(
            f"{module.__name__}.PRESENTATION is not the presentation of {game_id}")
    _FOUND[game_id] = found
    return found


def _texts(
    game_id: str, lang: str, names: Sequence[str], you: int | None = None,
) -> tuple[Presentation, Texts]:
    p = of(game_id)
    if lang not in i18n.LANGUAGES:
        raise KeyError(f"unknown language {lang!r}; supported: {', '.join(i18n.LANGUAGES)}")
    return p, Texts(p, lang, names, you)


def describe(
    game_id: str, view: Mapping[str, Any], legal_actions: Sequence[Mapping[str, Any]],
    seat: int | None, lang: str, names: Sequence[str],
    events: Sequence[Mapping[str, Any]] = (), you: int | None = None,
) -> dict[str, JsonValue]:
    """The described board: everything ``seat`` sees, in words of ``lang``.

    ``view`` and ``legal_actions`` (JSON) are what the seat receives; ``events`` is the log as
    the seat may see it (``state.events(seat)``), oldest first; ``names`` are the players'
    names by seat; ``you`` is the seat spoken to in the second person ("You draw"; None:
    every seat by its name, :class:`Texts`). ``actions[i]["index"]`` indexes ``legal_actions``.

    Raises:
        UnknownGame: no game has that id.
        KeyError: ``lang`` is not a supported language.
    """
    p, t = _texts(game_id, lang, names, you)
    board = p.board(view, legal_actions, seat, t, events)
    out: dict[str, JsonValue] = {
        "title": t(f"{game_id}.title"),
        "phase": None, "round": None, "prompt": None, "waiting_for": None,
        "players": [], "hand": [], "zones": [], "log": [], "actions": [],
        "forced_pass": False, "result": None,
    }
    out.update(board)
    return out


def describe_events(
    game_id: str, events: Sequence[Mapping[str, Any]], lang: str, names: Sequence[str],
    num_players: int | None = None, you: int | None = None,
) -> list[dict[str, JsonValue]]:
    """The log alone in words: ``[{"n": version, "text": …}]`` (for a log without a board,
    such as ``sunking simulate``'s); ``you`` as for :func:`describe`.

    Raises:
        UnknownGame: no game has that id.
        KeyError: ``lang`` is not a supported language.
    """
    p, t = _texts(game_id, lang, names, you)
    view = {"num_players": len(names) if num_players is None else num_players}
    return log_entries(t, events, lambda e: p.event_text(e, t, view), limit=len(events))


def describe_result(
    game_id: str, final: Mapping[str, Any], lang: str, names: Sequence[str],
    you: int | None = None,
) -> dict[str, JsonValue]:
    """The final table of a finished game in words of ``lang``: who won, one row per seat by
    rank, and the game's scoring (``scoring``: titled tables of labelled lines, one value per
    seat; ``notes``: sentences), from the game's final scoring account (``Result.details``);
    ``you`` as for :func:`describe` ("You win with 52 points").

    Raises:
        UnknownGame: no game has that id.
        KeyError: ``lang`` is not a supported language.
    """
    p, t = _texts(game_id, lang, names, you)
    return p.result(final, t)


def game_title(game_id: str, lang: str) -> str:
    """The game's name in ``lang`` (``Vive le Roi``, ``Ludvík XIV.``…).

    Raises:
        UnknownGame: no game has that id.
        KeyError: ``lang`` is not a supported language.
    """
    return _texts(game_id, lang, ())[1](f"{game_id}.title")


def catalog(game_id: str, lang: str) -> dict[str, str]:
    """The game's own texts in ``lang``, English filling any gap (for clients that word
    things themselves, like a game's dedicated board)."""
    p = of(game_id)
    out = dict(p.messages(i18n.DEFAULT_LANGUAGE))
    out.update(p.messages(lang))
    return out


def catalog_plurals(game_id: str, lang: str) -> dict[str, i18n.Plural]:
    """The game's own messages that take a count, in ``lang`` (its forms follow ``lang``'s
    plural rule, so English does not fill gaps here)."""
    return dict(of(game_id).plurals(lang))
