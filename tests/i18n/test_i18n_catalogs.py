"""The message catalogs: complete in every language, same placeholders, every id in use exists.

English is the reference. Message ids come from three places, all checked here: the
``t("...")`` calls and ``data-i18n*`` attributes of the browser client, the families of ids
the client builds from game data (tiles, missions, chips, decks, phases, decisions, events,
reasons, error codes, bots), and the ids of every language's catalog.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from sunking import available_games, i18n
from sunking.core.registry import make
from sunking.core.rng import Rng
from sunking.games.louis14.data import BLAZON_KINDS, CHIP_CODES, DECKS, MISSIONS, TILES
from sunking.games.louis14.legal import LEGAL
from sunking.presentation import catalog
from sunking.server.errors import RULES_CODES
from sunking.server.workers.bots import SERVER_BOTS

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "src/sunking/web"
ENGINE = ROOT / "src/sunking/games/louis14"
SERVER = ROOT / "src/sunking/server"
OTHERS = [lang for lang in i18n.LANGUAGES if lang != "en"]

JS_CALL = re.compile(r"""\bt\(\s*["']([^"'`]+)["']""")
HTML_ATTR = re.compile(r"""data-i18n(?:-[a-z-]+)?=["']([^"']+)["']""")
JS_ERROR_CODE = re.compile(r"""\bcode:\s*["']([a-z_]+)["']""")


def english() -> dict[str, str]:
    return i18n.messages("en")


def served() -> set[str]:
    """The ids the browser can look up: the common catalog and every game's own catalog
    (``/api/i18n/<lang>`` serves them together)."""
    ids = set(english())
    for game in available_games():
        ids |= set(catalog(game, "en"))
    return ids


def raw_catalog(lang: str) -> dict[str, str]:
    """Every entry of the .po file as written, empty ones included (a plural entry under its
    message id, its forms joined, empty if any form is)."""
    with open(i18n.catalog_path(lang), "rb") as handle:
        catalog = read_po(handle, locale=lang)
    out: dict[str, str] = {}
    for m in catalog:
        if not m.id:
            continue
        if isinstance(m.id, str):
            out[m.id] = str(m.string or "")
        else:
            forms = [str(f or "") for f in m.string]
            out[str(m.id[0])] = " | ".join(forms) if all(f.strip() for f in forms) else ""
    return out


def client_ids() -> set[str]:
    """Message ids written literally in the client's modules and pages."""
    found: set[str] = set()
    for path in WEB.rglob("*.js"):
        found |= set(JS_CALL.findall(path.read_text(encoding="utf-8")))
    for path in WEB.rglob("*.html"):
        found |= set(HTML_ATTR.findall(path.read_text(encoding="utf-8")))
    return found


def engine_events() -> set[str]:
    """Every event type the Louis XIV engine can emit (``say``/``tell`` calls)."""
    pattern = re.compile(r"""\b(?:say\(emit,|tell\(emit,\s*\w+,)\s*["'](\w+)["']""")
    found: set[str] = set()
    for path in ENGINE.glob("*.py"):
        found |= set(pattern.findall(path.read_text(encoding="utf-8")))
    return found


def played_reasons() -> set[str]:
    """The ``why`` of every event in a few seeded random games, tile numbers folded."""
    game = make("louis14")
    reasons: set[str] = set()
    for players, seed in [(2, 1), (3, 2), (4, 3), (4, 4)]:
        state = game.new_game(players, seed)
        rng = Rng(seed)
        while not state.is_terminal:
            actions = state.legal_actions()
            state = state.apply(actions[rng.below(len(actions))])
        for event in state.events(None):
            why = event.get("why")
            if isinstance(why, str):
                reasons.add("tile" if why.startswith("tile ") else why)
    return reasons


def error_codes() -> set[str]:
    codes = {code for _, code, _ in RULES_CODES}
    for path in SERVER.rglob("*.py"):
        codes |= set(re.findall(r"""ApiError\(\s*["'](\w+)["']""", path.read_text("utf-8")))
    for path in WEB.rglob("*.js"):
        codes |= set(JS_ERROR_CODE.findall(path.read_text(encoding="utf-8")))
    return codes


def family_ids() -> set[str]:
    """The ids the client builds from game and server data (Louis XIV's in its own catalog,
    under ``louis14.``)."""
    louis14: set[str] = set()
    for t in TILES:
        louis14 |= {f"tile.name.{t}", f"tile.reward.{t}", f"tile.reward.short.{t}"}
    for m in MISSIONS:
        louis14 |= {f"mission.title.{m.effect}", f"mission.text.{m.effect}"}
    louis14 |= {f"chip.{c}" for c in CHIP_CODES} | {f"deck.{d}" for d in DECKS}
    louis14 |= {f"blazon.charge.{k + 1}" for k in range(BLAZON_KINDS)}
    louis14 |= {"eval.stones.one"}
    for kind in {c.kind for p in TILES.values() for c in (p.front, p.back)}:
        louis14 |= {f"condition.{kind}.short", f"condition.{kind}.text"}
    louis14 |= {f"phase.{p}" for p in ("supply", "influence", "evaluation", "missions", "end")}
    louis14 |= {f"decision.{kind}" for kind in LEGAL}
    # "evaluate" is told by the eval.* sentences, "intrigue" per stone source.
    louis14 |= {f"log.{e}" for e in engine_events() - {"evaluate", "intrigue"}}
    louis14 |= {f"log.{e}.many" for e in ("influence_drawn", "intrigue_drawn", "blazon")}
    louis14 |= {f"log.intrigue.{s}" for s in ("general", "personal")}
    louis14 |= {f"action.intrigue.{s}" for s in ("general", "personal")}
    louis14 |= {f"why.{w}" for w in played_reasons()}
    louis14 |= {f"final.conversion.{k}" for k in
                ("influence_cards", "intrigue_cards", "chips", "stones_on_court", "louis")}
    ids = {f"louis14.{key}" for key in louis14}
    ids |= {f"error.{code}" for code in error_codes()}
    ids |= {f"bot.{b.replace(':', '.')}" for b in SERVER_BOTS}
    ids |= {f"bot.about.{b.replace(':', '.')}" for b in SERVER_BOTS}
    ids |= {f"status.{s}" for s in ("active", "finished")}
    ids |= {f"conn.{s}" for s in ("connecting", "live", "offline")}
    ids |= {f"{g}.title" for g in available_games()}
    return ids


def test_languages_are_the_five_each_named_in_itself() -> None:
    assert [code for code, _ in i18n.languages()] == ["en", "nl", "fr", "de", "cs"]
    assert dict(i18n.languages())["cs"] == "Čeština"


def test_an_unknown_language_is_a_key_error() -> None:
    with pytest.raises(KeyError, match="xx"):
        i18n.messages("xx")


@pytest.mark.parametrize("lang", OTHERS)
def test_every_language_has_exactly_the_english_ids(lang: str) -> None:
    missing = sorted(set(english()) - set(raw_catalog(lang)))
    extra = sorted(set(raw_catalog(lang)) - set(english()))
    assert not missing, f"{lang} lacks {missing}"
    assert not extra, f"{lang} has ids English lacks: {extra}"


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_no_translation_is_empty(lang: str) -> None:
    empty = sorted(k for k, v in raw_catalog(lang).items() if not v.strip())
    assert not empty, f"{lang}: empty translations for {empty}"


@pytest.mark.parametrize("lang", OTHERS)
def test_placeholders_match_english(lang: str) -> None:
    reference = english()
    wrong = {
        key: (sorted(i18n.placeholders(reference[key])), sorted(i18n.placeholders(text)))
        for key, text in i18n.messages(lang).items()
        if i18n.placeholders(text) != i18n.placeholders(reference[key])
    }
    assert not wrong, f"{lang}: placeholders differ from English: {wrong}"


def test_every_id_the_client_writes_exists() -> None:
    ids = client_ids()
    assert len(ids) > 100, "the extraction of t(...) calls found too little"
    missing = sorted(ids - served())
    assert not missing, f"used by the client but not in the catalogs: {missing}"


def test_every_id_the_client_builds_from_game_data_exists() -> None:
    missing = sorted(family_ids() - served())
    assert not missing, f"built by the client but not in the catalogs: {missing}"


def test_translate_fills_placeholders_and_falls_back_to_english() -> None:
    assert i18n.translate("fr", "lobby.seat_n", n=3) == "Place 3"
    assert i18n.translate("cs", "no.such.id") == "no.such.id"
    with pytest.raises(KeyError):
        i18n.translate("xx", "lobby.seat_n")


def test_english_writes_one_apostrophe() -> None:
    """English texts use the straight apostrophe throughout ("Anna's turn", never "Anna’s"
    beside "Bert's"), in the platform's catalog and every game's."""
    curly = []
    for path in sorted(ROOT.glob("src/sunking/**/locale/en/LC_MESSAGES/*.po")):
        with path.open("rb") as handle:
            for message in read_po(handle, locale="en"):
                texts = message.string if isinstance(message.string, tuple) else (message.string,)
                curly += [f"{path.name}: {message.id!r}" for text in texts if "’" in (text or "")]
    assert curly == []
