"""Game options on the command line: ``--option KEY=VALUE`` for simulate, tournament, play."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from sunking import make
from sunking.cli import app
from sunking.cli.options import describe_options, parse_options
from sunking.core import GameRecord, InvalidOptions

ENV = {"COLUMNS": "200", "NO_COLOR": "1"}
ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")


def run(*args: str) -> Result:
    return CliRunner().invoke(app, list(args), env=ENV)


def test_values_take_the_type_of_the_choices() -> None:
    assert parse_options(make("vive_le_roi").spec, ["points_limit=250"]) == {"points_limit": 250}
    assert parse_options(make("versailles1682").spec, [" target = 50000 "]) == {"target": 50000}
    assert parse_options(make("louis14").spec, None) == {}


@pytest.mark.parametrize(
    ("game", "items", "words"),
    [
        ("vive_le_roi", ["points_limit"], ["'points_limit'", "KEY=VALUE"]),
        ("vive_le_roi", ["=250"], ["KEY=VALUE"]),
        ("vive_le_roi", ["limit=250"], ["no option 'limit'", "points_limit"]),
        ("vive_le_roi", ["points_limit=20"], ["points_limit='20'", "0, 250–300"]),
        ("vive_le_roi", ["points_limit=250", "points_limit=300"], ["given twice"]),
        ("louis14", ["target=30000"], ["no option 'target'", "none"]),
    ],
)
def test_bad_options_are_named(game: str, items: list[str], words: list[str]) -> None:
    with pytest.raises(InvalidOptions) as raised:
        parse_options(make(game).spec, items)
    for word in words:
        assert word in str(raised.value)


def test_simulate_plays_with_the_option() -> None:
    result = run("simulate", "vive_le_roi", "-p", "3", "-s", "2", "-o", "points_limit=250",
                 "--json")
    assert result.exit_code == 0, result.output
    record = GameRecord.from_json(json.loads(result.output)["record"])
    assert record.options["points_limit"] == 250
    default = run("simulate", "vive_le_roi", "-p", "3", "-s", "2", "--json")
    assert GameRecord.from_json(json.loads(default.output)["record"]).options["points_limit"] == 0


@pytest.mark.parametrize("command", [
    ["simulate", "versailles1682", "-q"],
    ["tournament", "versailles1682", "--bots", "random,random,random", "--games", "1"],
    ["play", "versailles1682", "--seats", "random,random,random"],
])
def test_every_command_refuses_a_bad_option(command: list[str]) -> None:
    result = run(*command, "--option", "target=1")
    assert result.exit_code == 2
    assert "target='1' is not one of 30000, 50000" in ANSI.sub("", result.output)


def test_tournament_passes_the_option_to_every_match(tmp_path: Path) -> None:
    path = tmp_path / "t.json"
    result = run("tournament", "vive_le_roi", "--bots", "random,random,random", "--games", "1",
                 "-o", "points_limit=250", "--json", str(path))
    assert result.exit_code == 0, result.output
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["options"] == {"points_limit": 250}


def test_games_lists_the_options() -> None:
    out = ANSI.sub("", run("games").output)
    for game in ("vive_le_roi", "versailles1682"):
        for line in describe_options(make(game).spec).splitlines():
            assert line.split(" — ")[0] in out


def test_each_deal_of_the_points_limit_variant_gets_its_scoring_table() -> None:
    result = run("simulate", "vive_le_roi", "-p", "3", "-s", "4", "-o", "points_limit=250", "-q")
    assert result.exit_code == 0, result.output
    out = ANSI.sub("", result.output)
    record = run("simulate", "vive_le_roi", "-p", "3", "-s", "4", "-o", "points_limit=250",
                 "--json")
    deals = json.loads(record.output)["result"]["details"]["deals"]
    assert len(deals) >= 2
    for number in range(1, len(deals) + 1):
        assert f"deal {number}" in out
    assert "deals:" not in out
