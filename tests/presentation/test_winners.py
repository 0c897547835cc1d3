"""Who won, said with the verb agreeing with the winners in person and number: one seat
("Ana wins"), several ("Ana and Bruno win"), the seat spoken to alone ("You win") or among
several ("You and Bruno win", "Toi et Bruno, vous gagnez"), in every language, through each
text's ``.many``, ``.you`` and ``.you.many`` variants in the catalogs."""

from __future__ import annotations

import pytest
from babel.messages.pofile import read_po

from sunking import available_games, i18n
from sunking.presentation import describe_events, describe_result, of

NAMES = ("Ana", "Bruno", "Claire")
WINNER_TEXTS = {
    "louis14": ("louis14.result", "louis14.event.game_end"),
    "vive_le_roi": ("vive_le_roi.result", "vive_le_roi.event.game_end"),
    "versailles1682": ("versailles1682.result", "versailles1682.event.game_over"),
}


def vlr_result(winners: list[int], points: int = 52) -> dict[str, object]:
    scores = [points if s in winners else 0 for s in range(3)]
    return {"winners": winners, "scores": scores, "players": [], "deals": []}


@pytest.mark.parametrize(("lang", "winners", "you", "said"), [
    ("en", [0], None, "Ana wins with 52 points."),
    ("en", [0, 1], None, "Ana and Bruno win with 52 points."),
    ("en", [1], 1, "You win with 52 points."),
    ("en", [0, 1], 1, "You and Ana win with 52 points."),
    ("en", [0, 1, 2], 2, "You, Ana and Bruno win with 52 points."),
    ("nl", [0, 1], None, "Ana en Bruno winnen met 52 punten."),
    ("nl", [1], 1, "Je wint met 52 punten."),
    ("nl", [0, 1], 0, "Jij en Bruno winnen met 52 punten."),
    ("fr", [0, 1], None, "Ana et Bruno gagnent avec 52 points."),
    ("fr", [1], 1, "Tu gagnes avec 52 points."),
    ("fr", [0, 1], 0, "Toi et Bruno, vous gagnez avec 52 points."),
    ("de", [0, 1], None, "Ana und Bruno gewinnen mit 52 Punkten."),
    ("de", [1], 1, "Du gewinnst mit 52 Punkten."),
    ("de", [0, 1], 0, "Du und Bruno, ihr gewinnt mit 52 Punkten."),
    ("cs", [0, 1], None, "Ana a Bruno vítězí s 52 body."),
    ("cs", [1], 1, "Vítězíš s 52 body."),
    ("cs", [0, 1], 0, "Ty a Bruno vítězíte s 52 body."),
])
def test_vive_le_roi_says_who_won_with_the_verb_agreeing(
    lang: str, winners: list[int], you: int | None, said: str,
) -> None:
    final = describe_result("vive_le_roi", vlr_result(winners), lang, NAMES, you)
    assert final["text"] == said


def test_a_single_winning_point_and_the_other_games_agree_too() -> None:
    assert describe_result("vive_le_roi", vlr_result([2], 1), "cs", NAMES, 2)["text"] == (
        "Vítězíš s 1 bodem.")
    louis = {"winners": [0, 2], "scores": [9, 4, 9], "players": []}
    assert describe_result("louis14", louis, "en", NAMES)["text"] == (
        "Ana and Claire win with 9 victory points.")
    assert describe_result("louis14", louis, "de", NAMES, 2)["text"] == (
        "Du und Ana, ihr gewinnt mit 9 Siegpunkten.")
    events = [{"type": "game_end", "winners": [0, 2]}]
    assert [e["text"] for e in describe_events("louis14", events, "nl", NAMES)] == [
        "Het spel is voorbij. Winnaars: Ana en Claire"]
    assert [e["text"] for e in describe_events("louis14", events[:1], "fr", NAMES, you=0)] == [
        "La partie est terminée. Vainqueurs : Toi et Claire"]
    alone = [{"type": "game_end", "winners": [1]}]
    assert [e["text"] for e in describe_events("louis14", alone, "en", NAMES, you=1)] == [
        "The game is over. You win."]


def test_the_log_of_a_shared_victory_agrees_with_its_winners() -> None:
    end = {"type": "game_end", "winners": [0, 1], "scores": [40, 40, 12]}
    texts = [e["text"] for e in describe_events("vive_le_roi", [end], "en", NAMES, you=1)]
    assert texts == ["The game is over. You and Ana win (Ana: 40, Bruno: 40, Claire: 12)"]
    texts = [e["text"] for e in describe_events("vive_le_roi", [end], "nl", NAMES)]
    assert texts == ["Het spel is afgelopen: Ana en Bruno winnen (Ana: 40, Bruno: 40, Claire: 12)"]


def _keys(game: str, lang: str) -> dict[str, tuple[str, ...]]:
    path = of(game).locale.joinpath(lang, "LC_MESSAGES", f"{game}.po")
    with path.open("rb") as handle:
        catalog = read_po(handle, locale=lang)
    out: dict[str, tuple[str, ...]] = {}
    for m in catalog:
        if m.id:
            key = m.id if isinstance(m.id, str) else m.id[0]
            out[str(key)] = (m.string,) if isinstance(m.string, str) else tuple(m.string)
    return out


@pytest.mark.parametrize("game", sorted(available_games()))
def test_every_winners_text_has_its_agreeing_variants_in_every_language(game: str) -> None:
    for lang in i18n.LANGUAGES:
        catalog = _keys(game, lang)
        for key in WINNER_TEXTS[game]:
            for suffix in ("many", "you", "you.many"):
                forms = catalog.get(f"{key}.{suffix}")
                assert forms and all(forms), f"{game} {lang}: {key}.{suffix}"
