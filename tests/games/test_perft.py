"""The perft-style counts of every registered game: the records of ``tests/games/<id>/<id>.perft``
(the format is :mod:`sunking.testing.perft`'s), each position rebuilt and its counts compared.

A change in any count must be a deliberate change of the rules: then the file's record changes
too, with its derivation (each file's header says how its counts were checked).
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from sunking.core import available_games
from sunking.testing.perft import PerftRecord, check_record, perft, position, read_perft

HERE = Path(__file__).resolve().parent


def perft_file(game_id: str) -> Path:
    """Where the perft file of a game is: ``tests/games/<id>/<id>.perft``."""
    return HERE / game_id / f"{game_id}.perft"


def records(game_id: str) -> list[PerftRecord]:
    path = perft_file(game_id)
    return read_perft(path.read_text(encoding="utf-8"), str(path.relative_to(HERE.parent)))


RECORDS = [(g, r) for g in available_games() if perft_file(g).is_file() for r in records(g)]


@pytest.mark.parametrize("game_id", available_games())
def test_every_game_has_its_perft_file(game_id: str) -> None:
    assert perft_file(game_id).is_file(), f"{perft_file(game_id)} is missing"
    found = records(game_id)
    assert len(found) >= 5, f"{game_id}: only {len(found)} positions"
    assert {r.game for r in found} == {game_id}
    assert any(r.random is not None for r in found), "no position of seeded random play"


@pytest.mark.parametrize(("game_id", "record"), RECORDS,
                         ids=[f"{g}:{r.id}" for g, r in RECORDS])
def test_perft_counts(game_id: str, record: PerftRecord) -> None:
    assert check_record(record) == []


def test_a_count_that_differs_is_reported() -> None:
    _, record = RECORDS[0]
    assert record.legal is not None
    wrong = dataclasses.replace(record, legal=record.legal + 1, to_move=None,
                                perft={1: record.legal - 1})
    assert check_record(wrong) == [
        f"{record.id}: legal is {record.legal}, not {record.legal + 1}",
        f"{record.id}: perft 1 is {record.legal}, not {record.legal - 1}",
    ]


def test_perft_counts_sequences_of_actions() -> None:
    _, record = RECORDS[0]
    state = position(record)
    legal = state.legal_actions()
    assert perft(state, 0) == 1
    assert perft(state, 1) == len(legal)
    assert perft(state, 2) == sum(len(state.apply(a).legal_actions()) for a in legal)


@pytest.mark.parametrize(("text", "message"), [
    ("game louis14\n", r"line 1: 'game' outside a record"),
    ("id a\ngame louis14\nplayers 2\nrandom x\n", r"line 4: 'x' is not a whole number"),
    ("id a\ngame louis14\nplayers 2\nrandom 1\nlegal 3 place:2\n",
     r"line 5: 'place:2' is not <action type>=<count>"),
    ("id a\ngame louis14\nplayers 2\nrandom 1\nscore 3\n", r"line 5: unknown line 'score'"),
    ("id a\ngame louis14\nplayers 2\n", r"record 'a' \(line 1\): it needs one start"),
    ("id a\ngame louis14\nplayers 2\nrandom 1\n\nid a\ngame louis14\nplayers 2\nrandom 2\n",
     r"record 'a' \(line 6\): the id is used twice"),
])
def test_a_malformed_file_is_refused_with_its_line(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        read_perft(text)


def test_the_external_games_perft_counts(oh_hell: list[str]) -> None:
    """The game installed from outside the package (``tests/external``) has its perft file
    beside its tests, read by the same runner once it is registered."""
    found = records("oh_hell")
    assert len(found) >= 5
    problems = [problem for record in found for problem in check_record(record)]
    assert problems == []
