"""The final table of every game in every language: who won, the ranking and the game's own
scoring in words — one labelled line per part of the scoring, one value per player, no field
name or text key of the engine's account left."""

from __future__ import annotations

import random
import re

import pytest

from sunking import available_games
from sunking.core import make
from sunking.i18n import LANGUAGES
from sunking.presentation import describe, describe_result

GAMES = available_games()
RAW = re.compile(r"\{|\b[a-z0-9]+_[a-z0-9_]+\b|\b[a-z0-9_]+\.[a-z_]{2,}\b")
NAMES = ("Ana", "Bruno", "Claire", "Denis")


def finished(game: str, seed: int, players: int = 4, **options: object) -> dict[str, object]:
    state = make(game).new_game(players, seed=seed, **options)
    rng = random.Random(seed)
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
    return dict(state.result().details)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_final_table_is_all_words(game: str, lang: str) -> None:
    details = finished(game, seed=11)
    final = describe_result(game, details, lang, NAMES)
    assert final["rows"][0]["name"] in final["text"]
    assert final["scoring"], "the game's scoring is shown"
    for section in final["scoring"]:
        assert section["columns"] == list(NAMES)
        assert len([line for line in section["lines"] if line["total"]]) == 1
        for line in section["lines"]:
            assert line["label"] and len(line["values"]) == len(NAMES), line
            for text in (line["label"], *line["values"]):
                assert not RAW.search(str(text)), (lang, text)
    for text in (final["text"], *final["notes"], *(s["title"] for s in final["scoring"])):
        assert not RAW.search(str(text)), (lang, text)


@pytest.mark.parametrize("game", GAMES)
def test_the_scoring_total_is_the_score(game: str) -> None:
    details = finished(game, seed=5)
    final = describe_result(game, details, "en", NAMES)
    total = next(line for line in final["scoring"][-1]["lines"] if line["total"])
    digits = [int(re.sub(r"\D", "", str(v))) for v in total["values"]]
    assert digits == list(details["scores"])


def test_every_deal_of_the_points_limit_variant_has_its_table() -> None:
    details = finished("vive_le_roi", seed=3, points_limit=250)
    deals = details.get("deals")
    assert isinstance(deals, list) and len(deals) > 1, "the variant plays several deals"
    final = describe_result("vive_le_roi", details, "nl", NAMES)
    assert len(final["scoring"]) == len(deals)
    assert all(str(n) in str(s["title"]) for n, s in enumerate(final["scoring"], start=1))


def test_the_board_of_a_finished_game_carries_the_final_table() -> None:
    state = make("louis14").new_game(3, seed=2)
    rng = random.Random(2)
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
    board = describe("louis14", state.view(0), [], 0, "fr", NAMES[:3])
    assert board["result"] == describe_result("louis14", state.result().details, "fr",
                                              NAMES[:3])
