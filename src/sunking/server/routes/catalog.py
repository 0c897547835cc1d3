"""The routes that describe what the server offers: its games, bots and languages, and the
message catalogs the browser client reads (``docs/web-api.md``)."""

from __future__ import annotations

import functools
from importlib import resources
from pathlib import Path
from typing import Annotated, Any

import fastapi
from fastapi import APIRouter

from ...core.registry import available_games, make
from ..errors import ApiError
from ..match.tutorials import tutorial_of
from ..workers.bots import SERVER_BOTS
from ..workers.ladder import bot_ratings
from .openapi import answers

FALLBACK_LANGUAGES = (("en", "English"), ("nl", "Nederlands"), ("fr", "Français"),
                      ("de", "Deutsch"), ("cs", "Čeština"))
"""Used while the message catalogs (:mod:`sunking.i18n`) are not installed."""


def languages() -> list[tuple[str, str]]:
    """(code, name) of every language of the message catalogs."""
    try:
        from ... import i18n
    except ImportError:
        return list(FALLBACK_LANGUAGES)
    return list(i18n.languages())


def language_codes() -> list[str]:
    return [code for code, _ in languages()]


LANGUAGES = language_codes()
"""The languages' codes (as the OpenAPI schema gives them)."""


@functools.cache
def all_messages(lang: str) -> dict[str, str]:
    """The common catalog of ``lang`` and every registered game's own catalog (its keys
    namespaced by the game id), English filling a game's gaps. Worked out once per language
    (do not change the answer).

    Raises:
        KeyError: ``lang`` is not a supported language.
        ImportError: the message catalogs are not installed.
    """
    from ... import i18n
    from ...presentation import catalog

    messages = i18n.messages(lang)
    for game_id in available_games():
        try:
            messages.update(catalog(game_id, lang))
        except NotImplementedError:
            continue  # a game without a presentation has no catalog of its own
    return messages


@functools.cache
def all_plurals(lang: str) -> dict[str, dict[str, Any]]:
    """The messages of ``lang`` that take a count, common and every game's own:
    ``{key: {"count": placeholder, "forms": [...]}}``, the forms in the order of ``lang``'s
    ``Plural-Forms`` (do not change the answer).

    Raises:
        KeyError: ``lang`` is not a supported language.
        ImportError: the message catalogs are not installed.
    """
    from ... import i18n
    from ...presentation import catalog_plurals

    counted = dict(i18n.plurals(lang))
    for game_id in available_games():
        try:
            counted.update(catalog_plurals(game_id, lang))
        except NotImplementedError:
            continue
    return {key: {"count": p.count, "forms": list(p.forms)} for key, p in counted.items()}


def web_dir() -> Path:
    """The directory of the static browser client."""
    return Path(str(resources.files("sunking") / "web"))


router = APIRouter()


@router.get("/api/games", responses=answers())
async def games() -> list[dict[str, Any]]:
    boards_dir = web_dir() / "js" / "games"
    out = []
    for game_id in available_games():
        spec = make(game_id).spec
        out.append({"id": spec.id, "name": spec.name, "names": dict(spec.names),
                    "min_players": spec.min_players, "max_players": spec.max_players,
                    "rules_version": spec.rules_version,
                    "dedicated_board": (boards_dir / spec.id / "index.js").is_file(),
                    "options": game_settings(spec.id),
                    "bot_ratings": bot_ratings(spec.id, SERVER_BOTS),
                    "tutorial": tutorial_of(spec.id) is not None})
    return out


def game_settings(game_id: str) -> list[dict[str, Any]]:
    """The options of ``game_id`` a person chooses in the lobby (its presentation's
    ``settings``), each with its default and choices; a game without a presentation has
    none (its options keep their defaults)."""
    try:
        from ...presentation import of

        settings = of(game_id).settings
    except (ImportError, NotImplementedError):
        return []
    options = {o.name: o for o in make(game_id).spec.options}
    return [{"name": name, "default": options[name].default,
             "choices": list(options[name].choices)}
            for name in settings if name in options]


@router.get("/api/tutorials/{game}", responses=answers(404))
async def tutorial(game: str) -> dict[str, Any]:
    """A game's tutorial script: its player count, chapters (title and steps) and last bubble."""
    found = tutorial_of(game) if game in available_games() else None
    if found is None:
        raise ApiError("no_tutorial", f"no tutorial for the game {game!r}", 404)
    return {"game": game, **found.to_json()}


@router.get("/api/bots", responses=answers())
async def bots() -> list[str]:
    return list(SERVER_BOTS)


@router.get("/api/languages", responses=answers())
async def language_list() -> list[dict[str, str]]:
    return [{"code": code, "name": name} for code, name in languages()]


@router.get("/api/i18n/{lang}", responses=answers(404))
async def catalog(lang: Annotated[str, fastapi.Path(json_schema_extra={"enum": LANGUAGES})],
                  ) -> dict[str, Any]:
    try:
        from ... import i18n

        messages, counted = all_messages(lang), all_plurals(lang)
        plural_forms = i18n.plural_forms(lang)
    except (ImportError, KeyError):
        raise ApiError("unknown_language", f"no messages for language {lang!r}", 404) from None
    return {"lang": lang, "messages": messages, "plurals": counted,
            "plural_forms": plural_forms}
