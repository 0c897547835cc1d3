"""Message catalogs of the sunking interfaces: one gettext ``.po`` file per language.

The catalogs under ``locale/<lang>/LC_MESSAGES/sunking.po`` are the single source of truth
for every string a front end shows: interface texts, card and tile names and texts, log
templates and error messages by code. Message ids are dotted keys (``lobby.create``,
``tile.name.6``, ``log.place``, ``error.stale_action``); texts may hold ``{placeholders}``
that the front end fills in. English is the reference: every other language carries every
English message id with the same placeholders (``tests/i18n`` checks this).

A message that takes a count is a plural entry: ``msgid_plural`` names the placeholder that
holds the count (``"{n}"``) and there is one ``msgstr[i]`` per form of the language's
``Plural-Forms`` header (Czech has three). Its form is chosen by Babel's ``ngettext`` from
that count (:class:`Plural`); :func:`translate` and the game texts do so by themselves.

>>> dict(languages())["fr"]
'Français'
>>> messages("en")["lang.name"]
'English'
"""

from __future__ import annotations

import dataclasses
import io
import re
from collections.abc import Mapping
from importlib import resources
from importlib.resources.abc import Traversable
from types import MappingProxyType
from typing import Final

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import Translations

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


@dataclasses.dataclass(frozen=True, slots=True)
class Plural:
    """A message that takes a count: its forms in one language and the placeholder that
    holds the count.

    >>> cs = plurals("cs")["generic.choices"]
    >>> [cs.form(n) for n in (1, 3, 5)]
    ['{n} možnost', '{n} možnosti', '{n} možností']
    """

    key: str
    count: str
    forms: tuple[str, ...]
    translations: Translations = dataclasses.field(repr=False, compare=False)

    def form(self, n: int) -> str:
        """The form for the count ``n`` (by the catalog's ``Plural-Forms``, via ``ngettext``)."""
        return str(self.translations.ngettext(self.key, "{" + self.count + "}", abs(n)))

    def text(self, values: Mapping[str, object]) -> str:
        """The form for the count among ``values`` (the last, most general form when the
        count is missing or not a number), placeholders filled in."""
        n = count_of(values.get(self.count))
        return fill(self.forms[-1] if n is None else self.form(n), values)


def count_of(value: object) -> int | None:
    """The whole number a placeholder value stands for: an ``int``, or a number already
    written out in words of a language (``"1 000"``, ``"-5,000"``); else None.

    >>> count_of(3), count_of("12\u00a0000"), count_of("-1,500"), count_of("Ana")
    (3, 12000, -1500, None)
    """
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str):
        digits = re.sub(r"[\s,.\u00a0\u202f']", "", value)
        if re.fullmatch(r"[-\u2212]?\d+", digits):
            return int(digits.replace("\u2212", "-"))
    return None


def fill(text: str, values: Mapping[str, object]) -> str:
    """``text`` with its ``{placeholders}`` filled in from ``values`` (unknown ones kept)."""
    return _PLACEHOLDER.sub(lambda m: str(values.get(m.group(1), m.group(0))), text)


@dataclasses.dataclass(frozen=True, slots=True)
class _Catalog:
    messages: MappingProxyType[str, str]
    plurals: MappingProxyType[str, Plural]
    plural_forms: str


_EMPTY = _Catalog(MappingProxyType({}), MappingProxyType({}), "nplurals=2; plural=(n != 1);")
_CATALOGS: dict[tuple[str, str, str], _Catalog] = {}


def _read(locale: Traversable, domain: str, lang: str) -> _Catalog:
    _check(lang)
    cache_key = (str(locale), domain, lang)
    cached = _CATALOGS.get(cache_key)
    if cached is not None:
        return cached
    ref = locale.joinpath(lang, "LC_MESSAGES", f"{domain}.po")
    if not ref.is_file():
        return _EMPTY
    with ref.open("rb") as handle:
        catalog = read_po(handle, locale=lang, domain=domain)
    result = _CATALOGS[cache_key] = _digest(catalog, domain)
    return result


def _digest(catalog: Catalog, domain: str) -> _Catalog:
    """A catalog's messages (a plural entry under its most general form too) and plural
    entries, untranslated and fuzzy entries left out."""
    mo = io.BytesIO()
    write_mo(mo, catalog)
    mo.seek(0)
    translations = Translations(mo, domain=domain)
    messages: dict[str, str] = {}
    counted: dict[str, Plural] = {}
    for message in catalog:
        if not message.id or message.fuzzy:
            continue  # the header entry
        if isinstance(message.id, str):
            if isinstance(message.string, str) and message.string:
                messages[message.id] = message.string
            continue
        key, count = str(message.id[0]), str(message.id[1]).strip("{}")
        forms = tuple(str(form or "") for form in message.string or ())
        if forms and all(forms):
            counted[key] = Plural(key, count, forms, translations)
            messages[key] = forms[-1]
    return _Catalog(MappingProxyType(messages), MappingProxyType(counted),
                    str(catalog.plural_forms))


def catalog_messages(locale: Traversable, domain: str, lang: str) -> MappingProxyType[str, str]:
    """The messages of the catalog ``<locale>/<lang>/LC_MESSAGES/<domain>.po`` (a game's own
    catalog, or the common one), untranslated and fuzzy entries left out, a plural entry
    under its most general form; empty when the catalog does not exist.

    Raises :class:`KeyError` for a language that is not supported.
    """
    return _read(locale, domain, lang).messages


def catalog_plurals(locale: Traversable, domain: str, lang: str) -> MappingProxyType[str, Plural]:
    """The plural entries of a catalog (see :func:`catalog_messages`) by message id.

    Raises :class:`KeyError` for a language that is not supported.
    """
    return _read(locale, domain, lang).plurals


def plural_forms(lang: str) -> str:
    """The ``Plural-Forms`` header of ``lang``'s common catalog (the rule every catalog of
    the language shares), e.g. ``nplurals=2; plural=(n != 1);``.

    Raises :class:`KeyError` for a language that is not supported.
    """
    return _read(resources.files(__package__).joinpath("locale"), DOMAIN, lang).plural_forms


def plurals(lang: str) -> MappingProxyType[str, Plural]:
    """The plural entries of ``lang``'s common catalog.

    Raises :class:`KeyError` for a language that is not supported.
    """
    return catalog_plurals(resources.files(__package__).joinpath("locale"), DOMAIN, lang)


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

    A message that takes a count takes the form for the count among ``values``. A message
    missing from ``lang`` falls back to English, then to the id itself.
    Raises :class:`KeyError` for a language that is not supported.
    """
    for language in (lang, DEFAULT_LANGUAGE):
        plural = plurals(language).get(msgid)
        if plural is not None:
            return plural.text(values)
        text = _load(language).get(msgid)
        if text:
            return fill(text, values)
    return fill(msgid, values)
