"""Plural forms: every message that takes a count is a plural entry with every form of its
language filled in, in the common catalogs and in every game's own, and the forms chosen by
the language's gettext rule read right, word for word.

A message "takes a count" when a number placeholder stands before a counted noun (``{n}
moves``, ``{louis} louis d'or``, ``{points} Punkte``): the nouns of each language are listed
below, and no plain (singular-only) entry may put a number placeholder before one of them,
nor hedge with "stone(s)".
"""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from sunking import available_games, i18n
from sunking.i18n import count_of
from sunking.presentation import Texts, of

RULES = {
    "en": (2, "(n != 1)"), "nl": (2, "(n != 1)"), "de": (2, "(n != 1)"), "fr": (2, "(n > 1)"),
    "cs": (3, "((n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2)"),
}
"""Each language's gettext plural rule (Czech: 1 / 2–4 / 0 and 5 up)."""

NUMBER = r"\{(?:n|count|amount|louis|points|cost|value|k|left|cards|total|stones|back|limit)\}\+?"
NOUNS = {
    "en": r"(?:stones?|cards?|louis d'or|livres?|points?|actions?|moves?|choices?|players?|"
          r"times|blazons?|days?|numbers?|decisions?)",
    "nl": r"(?:stenen|steen|kaarten|kaart|gouden Louis|livres?|punten|punt|acties|actie|"
          r"zetten|zet|keuzes?|spelers?|dagen|dag|getallen|getal|wapenschild(?:en)?)",
    "fr": r"(?:jetons?|cartes?|Louis d'or|livres?|points?|actions?|coups?|joueurs?|jours?|"
          r"nombres?|blasons?|libres?|nouveaux)",
    "de": r"(?:Steinen?|Stein|Karten?|Louisdor|Livre|Punkten?|Punkt|Aktionen|Aktion|Züge|Zug|"
          r"Möglichkeiten|Spieler|Tage?|Zahlen|Zahl|Wappen)",
    "cs": r"(?:kamen\w*|kámen|karet|karty|karta|louisdor\w*|livr\w*|bod\w*|akc\w*|tah\w*|"
          r"možnost\w*|hráč\w*|dn\w*|den|čísl\w*|erb\w*|volná|nové)",
}
HEDGE = re.compile(r"\w\((?:s|e|en|len|ů)\)|steen/stenen")


def catalogs() -> list[tuple[str, str, Path]]:
    """(domain, lang, path) of every catalog: the common one and each game's own."""
    out = [("sunking", lang, Path(i18n.catalog_path(lang))) for lang in i18n.LANGUAGES]
    for game in available_games():
        locale = of(game).locale
        for lang in i18n.LANGUAGES:
            ref = locale.joinpath(lang, "LC_MESSAGES", f"{game}.po")
            if ref.is_file():
                out.append((game, lang, Path(str(ref))))
    return out


def read(path: Path, lang: str) -> Catalog:
    with path.open("rb") as handle:
        return read_po(handle, locale=lang)


CATALOGS = catalogs()
IDS = [f"{domain}-{lang}" for domain, lang, _ in CATALOGS]


@pytest.mark.parametrize(("domain", "lang", "path"), CATALOGS, ids=IDS)
def test_every_catalog_declares_its_languages_plural_rule(
    domain: str, lang: str, path: Path,
) -> None:
    catalog = read(path, lang)
    assert (catalog.num_plurals, catalog.plural_expr) == RULES[lang], f"{path}: Plural-Forms"


@pytest.mark.parametrize(("domain", "lang", "path"), CATALOGS, ids=IDS)
def test_every_plural_entry_has_every_form_filled(domain: str, lang: str, path: Path) -> None:
    forms, _ = RULES[lang]
    for message in read(path, lang):
        if not message.id or isinstance(message.id, str):
            continue
        key, count = message.id
        assert re.fullmatch(r"\{[a-z_]+\}", str(count)), f"{key}: msgid_plural names the count"
        assert len(message.string) == forms, f"{path}: {key} has {len(message.string)} forms"
        for i, text in enumerate(message.string):
            assert text and text.strip(), f"{path}: {key} form {i} is empty"
            assert i18n.placeholders(text) <= i18n.placeholders(message.string[-1]) | {
                str(count).strip("{}")}, f"{path}: {key} form {i} has other placeholders"


def plural_ids(domain: str, lang: str) -> set[str]:
    return {str(m.id[0]) for d, la, p in CATALOGS if (d, la) == (domain, lang)
            for m in read(p, lang) if m.id and not isinstance(m.id, str)}


@pytest.mark.parametrize("domain", ["sunking", *available_games()])
def test_a_message_that_takes_a_count_does_so_in_every_language(domain: str) -> None:
    english = plural_ids(domain, "en")
    assert english, f"{domain}: no plural entry at all"
    for lang in i18n.LANGUAGES:
        assert plural_ids(domain, lang) == english, f"{domain}/{lang}: plural entries differ"


@pytest.mark.parametrize(("domain", "lang", "path"), CATALOGS, ids=IDS)
def test_no_plain_message_puts_a_count_before_a_counted_noun(
    domain: str, lang: str, path: Path,
) -> None:
    counted = re.compile(NUMBER + r"\s+(?:[\w-]+\s+)?" + NOUNS[lang] + r"\b")
    wrong = []
    for message in read(path, lang):
        if not message.id or not isinstance(message.id, str) or not message.string:
            continue
        text = str(message.string)
        if counted.search(text) or HEDGE.search(text):
            wrong.append(f"{message.id}: {text}")
    assert not wrong, f"{path}: messages that take a count but are not plural:\n" + "\n".join(
        wrong)


def test_the_czech_catalogs_spell_louisdor_one_way() -> None:
    for _domain, lang, path in CATALOGS:
        if lang == "cs":
            text = path.read_text(encoding="utf-8")
            assert not re.search(r"louis\s*d['’]", text, re.I), f"{path}: write louisdor"


def texts(game: str, lang: str) -> Texts:
    return Texts(of(game), lang, ("Ana", "Bruno"))


@pytest.mark.parametrize(("lang", "one", "two"), [
    ("en", "1 move", "2 moves"), ("de", "1 Zug", "2 Züge"), ("nl", "1 zet", "2 zetten"),
    ("fr", "1 coup", "2 coups"), ("cs", "1 tah", "2 tahy"),
])
def test_moves_are_counted_word_for_word(lang: str, one: str, two: str) -> None:
    t = texts("versailles1682", lang)
    assert (t("versailles1682.board.moves", n=1), t("versailles1682.board.moves", n=2)) == (
        one, two)


def test_czech_louisdor_takes_three_forms() -> None:
    t = texts("louis14", "cs")
    assert [t("louis14.count.louis", n=n) for n in (1, 3, 5)] == [
        "1 louisdor", "3 louisdory", "5 louisdorů"]
    assert t("louis14.prompt.bribe.text", cost=3, money=4, reward="erb") == (
        "Zaplatit 3 louisdory (máte 4) a získat: erb")


def test_french_counts_zero_and_one_alike() -> None:
    t = texts("versailles1682", "fr")
    assert [t("versailles1682.board.moves", n=n) for n in (0, 1, 2)] == [
        "0 coup", "1 coup", "2 coups"]


def test_your_turn_counts_the_actions_left() -> None:
    t = texts("versailles1682", "en")
    assert t("versailles1682.decision.act", left="1").startswith("Your turn (1 action left)")
    assert t("versailles1682.decision.act", left="2").startswith("Your turn (2 actions left)")
    assert texts("versailles1682", "de")("versailles1682.board.actions_left", n=1) == (
        "noch 1 Aktion")


def test_a_count_written_out_in_words_still_picks_its_form() -> None:
    t = texts("versailles1682", "cs")
    assert t("versailles1682.livres", amount="12\u00a0000") == "12\u00a0000 livrů"
    assert t("versailles1682.livres", amount="3") == "3 livry"
    assert count_of("Ana") is None


def test_common_messages_take_their_form_through_translate() -> None:
    assert i18n.translate("en", "cli.game_over", n=1) == "Game over after 1 action."
    assert i18n.translate("cs", "cli.simulate.title", game="X", n=3, seed=1) == (
        "X — 3 hráči, seed 1")
    assert i18n.translate("cs", "cli.simulate.title", game="X", n=5, seed=1) == (
        "X — 5 hráčů, seed 1")


def test_the_served_catalog_carries_the_plural_forms_and_rule() -> None:
    from sunking.server.routes.catalog import all_plurals

    cs = all_plurals("cs")
    assert cs["louis14.count.louis"] == {
        "count": "n", "forms": ["{n} louisdor", "{n} louisdory", "{n} louisdorů"]}
    assert cs["generic.choices"]["count"] == "n"
    assert i18n.plural_forms("cs").startswith("nplurals=3;")


def test_game_catalogs_are_found_where_the_presentation_says() -> None:
    for game in available_games():
        assert of(game).locale == resources.files(f"sunking.games.{game}").joinpath("locale")
