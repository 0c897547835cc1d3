"""Every registered game says everything in five languages, from its own catalogs."""

from __future__ import annotations

import dataclasses

import pytest

from sunking import available_games, make, presentation
from sunking.i18n import LANGUAGES
from sunking.presentation import Component, Presentation
from sunking.testing.presentation import catalog_problems

GAMES = available_games()


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_has_a_presentation(game_id: str) -> None:
    p = presentation.of(game_id)
    assert isinstance(p, Presentation)
    assert p.game_id == game_id
    assert p.components and p.decision_kinds and p.event_types and p.phases


@pytest.mark.parametrize("game_id", GAMES)
def test_the_catalogs_are_complete(game_id: str) -> None:
    assert catalog_problems(game_id) == []


@pytest.mark.parametrize("game_id", GAMES)
def test_every_action_type_has_a_text(game_id: str) -> None:
    p = presentation.of(game_id)
    keys = p.required_keys()
    for action_type in make(game_id).codec.types:
        assert keys[f"{game_id}.action.{action_type}"] == "action type"
        for lang in LANGUAGES:
            assert p.messages(lang)[f"{game_id}.action.{action_type}"].strip()


@pytest.mark.parametrize("game_id", GAMES)
def test_every_component_has_a_name_and_a_kind_in_every_language(game_id: str) -> None:
    p = presentation.of(game_id)
    for lang in LANGUAGES:
        texts = p.messages(lang)
        for key, component in p.components.items():
            assert texts.get(key), (lang, key)
            assert texts.get(component.kind), (lang, component.kind)


def test_the_cards_of_each_game_are_all_components() -> None:
    from sunking.games.versailles1682.data import CARDS as V1682_CARDS
    from sunking.games.vive_le_roi.data import CARDS as VLR_CARDS

    vlr = presentation.of("vive_le_roi").components
    assert {f"vive_le_roi.card.{c.id}" for c in VLR_CARDS} <= set(vlr)
    v1682 = presentation.of("versailles1682").components
    assert {f"versailles1682.card.{c}" for c in range(len(V1682_CARDS))} <= set(v1682)


class _Grown(Presentation):
    """A game's presentation after the game grew an event type, a decision kind and a card
    nobody wrote texts for."""

    def __init__(self, base: Presentation) -> None:
        self.base = base
        self.game_id = base.game_id
        self.locale = base.locale
        self.components = {
            **base.components,
            f"{base.game_id}.card.999": Component(f"{base.game_id}.card.999",
                                                  f"{base.game_id}.kind.brand_new"),
        }
        self.decision_kinds = (*base.decision_kinds, "brand_new")
        self.event_types = (*base.event_types, "brand_new")
        self.phases = base.phases

    def board(self, *args: object) -> dict[str, object]:
        raise NotImplementedError

    def event_text(self, *args: object) -> str | None:
        raise NotImplementedError

    def result(self, *args: object) -> dict[str, object]:
        raise NotImplementedError


def test_the_check_fails_when_a_game_grows_without_texts(monkeypatch: pytest.MonkeyPatch) -> None:
    grown = _Grown(presentation.of("vive_le_roi"))
    monkeypatch.setattr(presentation, "of", lambda game_id: grown)
    problems = "\n".join(catalog_problems("vive_le_roi"))
    for missing in ("vive_le_roi.card.999", "vive_le_roi.kind.brand_new",
                    "vive_le_roi.decision.brand_new", "vive_le_roi.event.brand_new"):
        assert missing in problems


def test_the_check_fails_for_an_action_type_without_a_text(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = make("versailles1682")
    codec = dataclasses.make_dataclass("Codec", [("types", tuple)])(
        (*game.codec.types, "brand_new"))
    monkeypatch.setattr(game, "codec", codec)
    assert any("versailles1682.action.brand_new" in p for p in catalog_problems("versailles1682"))


def test_every_game_of_the_package_speaks_the_five_languages() -> None:
    for game_id in GAMES:
        assert presentation.of(game_id).languages == LANGUAGES


class _EnglishOnly(_Grown):
    """A game's presentation with its English catalog alone."""

    def __init__(self, base: Presentation, languages: tuple[str, ...]) -> None:
        super().__init__(base)
        self.components = base.components
        self.decision_kinds = base.decision_kinds
        self.event_types = base.event_types
        self.languages = languages

    def messages(self, lang: str) -> dict[str, str]:
        return dict(self.base.messages(lang)) if lang == "en" else {}


def test_the_check_asks_for_the_languages_a_game_speaks(monkeypatch: pytest.MonkeyPatch) -> None:
    base = presentation.of("vive_le_roi")
    for languages, fine in ((("en",), True), (LANGUAGES, False), (("nl", "en"), False),
                            (("en", "xx"), False)):
        monkeypatch.setattr(presentation, "of", lambda game_id, ls=languages: _EnglishOnly(
            base, ls))
        problems = catalog_problems("vive_le_roi")
        assert (problems == []) == fine, (languages, problems[:3])
