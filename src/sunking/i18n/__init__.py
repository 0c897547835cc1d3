"""Message catalogs of the sunking interfaces: one gettext ``.po`` file per language.

The catalogs under ``locale/<lang>/LC_MESSAGES/sunking.po`` are the single source of truth
for every string a front end shows: interface texts, card and tile names and texts, log
templates and error messages by code. Message ids are dotted keys (``lobby.create``,
``tile.name.6``, ``log.place``, ``error.stale_action``); texts may hold ``{placeholders}``
that the front end fills in. English is the reference: every other language carries every
English message id with the same placeholders (``tests/i18n`` checks this).

>>> dict(languages())["fr"]
'Français'
>>> messages("en")["lang.name"]
'English'
"""

from __future__ import annotations

import re
from importlib import resources
from importlib.resources.abc import Traversable
from types import MappingProxyType
from typing import Final

from babel.messages.pofile import read_po

DOMAIN: Final = "sunking"
DEFAULT_LANGUAGE: Final = "en"
LANGUAGES: Final[tuple[str, ...]] = ("en", "nl", "fr", "de", "cs")
"""The supported languages, English first (the reference catalog)."""

_PLACEHOLDER = re.compile(r"\{([a-z_][a-z0-9_]*)\}")


def placeholders(text: str) -> frozenset[str]:
    """The ``{name}`` placeholders a message text uses.

    >>> sorted(placeholders("{player} pays {louis} louis d'or"))
    ['louis', 'player']
    """
    return frozenset(_PLACEHOLDER.findall(text))


def catalog_path(lang: str) -> str:
    """Where the catalog of ``lang`` lives (for tools that edit it).

    Raises :class:`KeyError` for a language that is not supported.
    """
    _check(lang)
    ref = resources.files(__package__).joinpath("locale", lang, "LC_MESSAGES", f"{DOMAIN}.po")
    return str(ref)


def _check(lang: str) -> None:
    if lang not in LANGUAGES:
        raise KeyError(f"unknown language {lang!r}; supported: {', '.join(LANGUAGES)}")


def _load(lang: str) -> MappingProxyType[str, str]:
    return catalog_messages(resources.files(__package__).joinpath("locale"), DOMAIN, lang)


_CATALOGS: dict[tuple[str, str, str], MappingProxyType[str, str]] = {}


def catalog_messages(locale: Traversable, domain: str, lang: str) -> MappingProxyType[str, str]:
    """The messages of the catalog ``<locale>/<lang>/LC_MESSAGES/<domain>.po`` (a game's own
    catalog, or the common one), untranslated and fuzzy entries left out; empty when the
    catalog does not exist.

    Raises :class:`KeyError` for a language that is not supported.
    """
    _check(lang)
    cache_key = (str(locale), domain, lang)
    cached = _CATALOGS.get(cache_key)
    if cached is not None:
        return cached
    ref = locale.joinpath(lang, "LC_MESSAGES", f"{domain}.po")
    if not ref.is_file():
        return MappingProxyType({})
    with ref.open("rb") as handle:
        catalog = read_po(handle, locale=lang, domain=domain)
    out: dict[str, str] = {}
    for message in catalog:
        if not message.id or not isinstance(message.id, str):
            continue  # the header entry; plural forms are not used
        text = message.string
        if isinstance(text, str) and text and not message.fuzzy:
            out[message.id] = text
    result = _CATALOGS[cache_key] = MappingProxyType(out)
    return result


def common(lang: str) -> MappingProxyType[str, str]:
    """The common catalog of ``lang``, read-only and shared (no copy).

    Raises :class:`KeyError` for a language that is not supported.
    """
    return _load(lang)


def messages(lang: str) -> dict[str, str]:
    """Every message of ``lang`` as ``{msgid: text}`` (a fresh dict; the catalog is cached).

    Raises :class:`KeyError` for a language that is not supported.
    """
    _check(lang)
    return dict(_load(lang))


def languages() -> list[tuple[str, str]]:
    """``(code, name)`` for every supported language, each named in its own language."""
    return [(lang, _load(lang)["lang.name"]) for lang in LANGUAGES]


def translate(lang: str, msgid: str, **values: object) -> str:
    """The text of ``msgid`` in ``lang`` with its placeholders filled in.

    A message missing from ``lang`` falls back to English, then to the id itself.
    Raises :class:`KeyError` for a language that is not supported.
    """
    _check(lang)
    text = _load(lang).get(msgid) or _load(DEFAULT_LANGUAGE).get(msgid) or msgid
    return _PLACEHOLDER.sub(lambda m: str(values.get(m.group(1), m.group(0))), text)
