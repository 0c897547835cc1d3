"""The deck as data: 110 cards in the shape of the reconstruction, confirmed values kept."""

from __future__ import annotations

from sunking import presentation
from sunking.games.versailles1682.data import (
    CARD_TYPES,
    CARDS,
    DECK_SIZE,
    REQUEST_KINDS,
    TYPE_INDEX,
    cards_of,
)
from sunking.i18n import LANGUAGES


def test_deck_counts() -> None:
    assert DECK_SIZE == 110 and len(CARDS) == 110
    request = sum(1 for ct in CARDS if ct.kind in REQUEST_KINDS)
    war = sum(1 for ct in CARDS if ct.kind.startswith("war"))
    assert (request, war, 110 - request - war) == (39, 12, 59)
    assert len(cards_of("marshal")) == 2
    assert len(cards_of("letters_patent")) == 4


def test_confirmed_values() -> None:
    marquis = CARD_TYPES[TYPE_INDEX["marquis"]]
    assert marquis.income == 5000 and "5,000" in marquis.confirmed
    assert CARD_TYPES[TYPE_INDEX["marshal"]].income == 2000
    assert {CARD_TYPES[TYPE_INDEX[k]].income for k in ("pension_2000", "pension_4000")} == {
        2000, 4000}
    assert sorted(ct.power for ct in CARD_TYPES if ct.power) == [
        "chancellor", "finance", "governess", "hunt", "war"]
    offices = [ct for ct in CARD_TYPES if ct.kind == "office"]
    assert len(offices) == 10


def test_reconstructed_values_are_flagged() -> None:
    assert all(ct.reconstructed for ct in CARD_TYPES)



def test_every_card_type_is_named_in_the_games_catalogs() -> None:
    p = presentation.of("versailles1682")
    for lang in LANGUAGES:
        assert all(p.messages(lang).get(f"versailles1682.type.{ct.key}") for ct in CARD_TYPES)
    # The German rulebook prints "Conte"; the rulings show the title as "Comte".
    assert p.messages("de")["versailles1682.type.comte"] == "Comte"
    assert p.messages("fr")[f"versailles1682.card.{cards_of('comte')[0]}"] == "Comte"
