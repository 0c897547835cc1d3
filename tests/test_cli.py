"""The ``sunking`` command: games, simulate, its errors, its JSON, and its event wording."""

from __future__ import annotations

import json
import re

import pytest
from typer.testing import CliRunner, Result

from sunking import make
from sunking.cli import app, play_random
from sunking.core import GameRecord, InvalidOptions, UnknownGame, replay

ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")
ENV = {"COLUMNS": "120", "NO_COLOR": "1"}


def run(*args: str) -> Result:
    return CliRunner().invoke(app, list(args), env=ENV)


def text(result: Result) -> str:
    """The output with any terminal styling removed."""
    return ANSI.sub("", result.output)


def printed_scores(output: str) -> dict[int, int]:
    """The scores of the final ranking (rank, player, score, winner): seat -> score, the
    players being named "Player N" (or the language's word for it) for seat N - 1."""
    return {
        int(m[1]) - 1: int(m[2])
        for m in re.finditer(r"│\s*\d+\s*│\s*\w+ (\d+)\s*│\s*(-?\d+)\s*│", output)
    }


def scoring_row(output: str, label: str) -> list[int]:
    """The numbers of one line of the final scoring table (one per seat)."""
    section = output[output.index("Final scoring") :]
    match = re.search(rf"^\s*{re.escape(label)}((?:\s+-?\d+)+)\s*$", section, re.MULTILINE)
    assert match, f"no row {label!r} in:\n{section}"
    return [int(n) for n in match[1].split()]


@pytest.fixture(scope="module")
def seed7() -> Result:
    return run("simulate", "louis14", "--players", "4", "--seed", "7")


def test_games_lists_louis14() -> None:
    result = run("games")
    assert result.exit_code == 0, result.output
    out = text(result)
    assert "louis14" in out
    spec = make("louis14").spec
    assert spec.name in out and spec.designer in out and str(spec.year) in out
    assert f"{spec.min_players}–{spec.max_players}" in out


def test_games_shows_no_year_where_none_is_known() -> None:
    assert make("versailles1682").spec.year is None
    row = next(line for line in text(run("games")).splitlines() if "versailles1682" in line)
    assert "Mouchebeuf" in row and "—" in row
    assert not re.search(r"\b1[6-9]\d\d\b|\b20\d\d\b", row.replace("Versailles 1682", ""))


def test_simulate_prints_the_scores_of_the_api(seed7: Result) -> None:
    assert seed7.exit_code == 0, seed7.output
    out = text(seed7)
    expected = play_random("louis14", 4, 7).result()
    assert printed_scores(out) == dict(enumerate(expected.scores))
    assert scoring_row(out, "Victory points") == list(expected.scores)
    assert scoring_row(out, "Blazons in all (1 point each)") == [
        row["blazons"] for row in expected.details["players"]]
    assert "blazons_during_game" not in out and "seat 0" not in out
    assert f"Game over after {play_random('louis14', 4, 7).version} actions." in out


def test_simulate_prints_the_public_log(seed7: Result) -> None:
    out = text(seed7)
    assert "Round 1 begins; Player 1 is the start player." in out
    assert "The game is over. Winner: " in out
    # Nothing private: a spectator never sees which card was drawn.
    final = play_random("louis14", 4, 7)
    private = [e for e in final.events(everything=True) if "private_to" in e]
    assert private, "the game should have private events"
    assert all(e["type"] not in {ev["type"] for ev in final.events(None)} for e in private)


def test_same_seed_same_output(seed7: Result) -> None:
    again = run("simulate", "louis14", "--players", "4", "--seed", "7")
    assert again.exit_code == 0
    assert again.output == seed7.output


def test_another_seed_another_game(seed7: Result) -> None:
    other = run("simulate", "louis14", "--players", "4", "--seed", "8")
    assert other.exit_code == 0
    assert other.output != seed7.output


def test_quiet_leaves_out_the_log_only(seed7: Result) -> None:
    quiet = run("simulate", "louis14", "--players", "4", "--seed", "7", "--quiet")
    assert quiet.exit_code == 0, quiet.output
    out = text(quiet)
    assert "start player" not in out
    assert printed_scores(out) == printed_scores(text(seed7))
    assert play_random("louis14", 4, 7, quiet=True).result() == (
        play_random("louis14", 4, 7).result()
    )


def test_players_default_to_the_most_allowed() -> None:
    result = run("simulate", "louis14", "--seed", "3", "--quiet")
    assert result.exit_code == 0, result.output
    assert len(printed_scores(text(result))) == make("louis14").spec.max_players


def test_unknown_game_exits_2() -> None:
    result = run("simulate", "nosuchgame", "--players", "4", "--seed", "7")
    assert result.exit_code == 2
    out = text(result)
    assert "nosuchgame" in out and "louis14" in out  # names the problem and the choices
    assert "Traceback" not in out


@pytest.mark.parametrize("players", ["7", "1"])
def test_bad_player_count_exits_2(players: str) -> None:
    result = run("simulate", "louis14", "--players", players, "--seed", "7")
    assert result.exit_code == 2
    out = text(result)
    assert "players" in out and players in out and "2–4" in out


def test_play_random_raises_rules_errors() -> None:
    with pytest.raises(UnknownGame):
        play_random("nosuchgame", 4, 7)
    with pytest.raises(InvalidOptions):
        play_random("louis14", 7, 7)


def test_json_parses_and_replays() -> None:
    result = run("simulate", "louis14", "--players", "3", "--seed", "11", "--json")
    assert result.exit_code == 0, result.output
    payload = json.loads(result.output)
    assert payload["record"]["rules_version"] == 1
    record = GameRecord.from_json(payload["record"])
    assert (record.game, record.num_players, record.seed) == ("louis14", 3, 11)
    final = replay(record)
    assert final.is_terminal
    assert list(final.result().scores) == payload["result"]["scores"]
    assert list(final.result().winners) == payload["result"]["winners"]
    assert final.result().to_json() == payload["result"]
    assert play_random("louis14", 3, 11).history == record.actions


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["--help"], ["games", "simulate"]),
        (["games", "--help"], ["List the registered games"]),
        (["simulate", "--help"], ["--players", "--seed", "--quiet", "--json", "GAME"]),
    ],
)
def test_help(args: list[str], expected: list[str]) -> None:
    result = run(*args)
    assert result.exit_code == 0, result.output
    for word in expected:
        assert word in text(result)


def test_no_arguments_shows_help() -> None:
    result = run()
    assert "simulate" in text(result)


def test_version() -> None:
    result = run("--version")
    assert result.exit_code == 0
    assert result.output.startswith("sunking ")


# --- the log's language ----------------------------------------------------------------------


def test_simulate_tells_the_log_in_the_language_asked_for() -> None:
    dutch = text(run("simulate", "vive_le_roi", "--players", "3", "--seed", "2", "--lang", "nl"))
    english = text(run("simulate", "vive_le_roi", "--players", "3", "--seed", "2"))
    assert "Ronde 1 begint; Speler 3 is startspeler" in dutch
    assert "Round 1 begins; Player 3 starts" in english
    assert printed_scores(dutch) == printed_scores(english)
    for out in (dutch, english):
        assert "seat=" not in out and "card=" not in out and "{" not in out


def test_simulate_refuses_an_unknown_language() -> None:
    result = run("simulate", "louis14", "--lang", "xx")
    assert result.exit_code == 2
    assert "no language 'xx'" in text(result)
