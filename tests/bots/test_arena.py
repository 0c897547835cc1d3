"""The arena, the tournament schedule, its statistics and the command."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import sunking
from sunking.bots import IsmctsBot, Observation, RandomBot, make_bot
from sunking.bots.arena import MatchResult, play_match
from sunking.bots.stats import entry_labels, ranks_of, summarize, wilson_interval
from sunking.bots.tournament import merge_parts, run_tournament, schedule
from sunking.cli import app
from sunking.core import IllegalAction, Rng
from sunking.core.actions import Action


def match(scores: tuple[int, ...], winners: tuple[int, ...]) -> MatchResult:
    n = len(scores)
    return MatchResult(seed=0, bots=("x",) * n, scores=scores, winners=winners, actions=1,
                       think_seconds=(0.0,) * n, decisions=(1,) * n, longest=(0.0,) * n)


def test_wilson_interval_known_values() -> None:
    low, high = wilson_interval(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4)
    assert high == pytest.approx(0.5962, abs=1e-4)
    low, high = wilson_interval(0, 10)
    assert low == 0.0 and high == pytest.approx(0.2775, abs=1e-4)
    assert wilson_interval(10, 10)[1] == pytest.approx(1.0)
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_ranks_put_winners_first_and_share_ties() -> None:
    assert ranks_of(match((30, 25, 30, 10), (2,))) == [2, 3, 1, 4]
    assert ranks_of(match((30, 30, 20), (0, 1))) == [1, 1, 3]


def test_labels_number_repeated_bots() -> None:
    assert entry_labels(["a", "b", "a", "a"]) == ["a", "b", "a#2", "a#3"]


def test_summary_of_a_fixed_tiny_tournament() -> None:
    # Entry 0 wins 3 of 4 games outright; one game is a two-way tie with entry 1.
    games = [
        ((0, 1, 2), match((40, 20, 10), (0,))),
        ((1, 2, 0), match((10, 20, 40), (2,))),
        ((2, 0, 1), match((10, 40, 20), (1,))),
        ((0, 1, 2), match((30, 30, 5), (0, 1))),
    ]
    stats = summarize(["strong", "middle", "weak"], [100, None, None], games)
    strong, middle, weak = stats
    assert (strong.games, strong.wins, strong.win_rate) == (4, 3.5, 0.875)
    assert (middle.wins, weak.wins) == (0.5, 0.0)
    assert strong.mean_score == pytest.approx(37.5)
    assert (strong.ci_low, strong.ci_high) == pytest.approx(wilson_interval(3.5, 4))
    assert strong.rating_mu > middle.rating_mu > weak.rating_mu
    assert strong.budget == 100 and weak.budget is None
    assert strong.to_json()["rating"] == pytest.approx(strong.rating_mu - 3 * strong.rating_sigma)


def test_schedule_rotates_every_entry_through_every_seat() -> None:
    plan = schedule(4, 8, seed=1)
    for entry in range(4):
        seats = sorted(p.seating.index(entry) for p in plan)
        assert seats == [0, 0, 1, 1, 2, 2, 3, 3]
    assert len({p.seed for p in plan}) == 8
    assert plan == schedule(4, 8, seed=1)
    assert plan != schedule(4, 8, seed=2)


def test_play_match_rejects_an_illegal_bot_action() -> None:
    class Stubborn:
        name = "stubborn"

        def act(self, observation: object, rng: Rng) -> Action:
            from sunking.games.louis14.actions import Pass

            return Pass()

    with pytest.raises(IllegalAction, match="stubborn in seat 0"):
        play_match(sunking.make("louis14"), [Stubborn(), RandomBot()], seed=1)


def test_a_tournament_does_not_depend_on_the_number_of_jobs() -> None:
    one = run_tournament("louis14", ["heuristic", "random", "random"], 6, seed=5, jobs=1)
    two = run_tournament("louis14", ["heuristic", "random", "random"], 6, seed=5, jobs=2)
    assert [m.scores for _, m in one.matches] == [m.scores for _, m in two.matches]
    assert one.entries == two.entries
    assert sum(e.wins for e in one.entries) == pytest.approx(6)


def test_tournament_command_prints_and_writes(tmp_path: Path) -> None:
    out = tmp_path / "t.json"
    png = tmp_path / "t.png"
    result = CliRunner().invoke(app, [
        "tournament", "louis14", "--players", "3", "--bots", "ismcts:8,heuristic,random",
        "--games", "3", "--seed", "2", "--json", str(out), "--plot", str(png),
    ])
    assert result.exit_code == 0, result.output
    for column in ("games", "wins", "mean score", "win rate", "95% CI", "rating"):
        assert column in result.output
    data = json.loads(out.read_text())
    assert data["games"] == 3 and len(data["matches"]) == 3
    assert [e["label"] for e in data["entries"]] == ["ismcts:8", "heuristic", "random"]
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--players", "4", "--bots", "random,random"], "4 players need at least 4 bots"),
        (["--bots", "random,chess"], "unknown bot"),
        (["--bots", "random"], "louis14 is for 2–4 players"),
    ],
)
def test_tournament_command_errors(args: list[str], message: str) -> None:
    result = CliRunner().invoke(app, ["tournament", "louis14", "--games", "1", *args])
    assert result.exit_code == 2
    assert message in result.output


def test_a_tournament_in_parts_merges_into_the_whole(tmp_path: Path) -> None:
    specs = ["heuristic", "random", "random"]
    whole = run_tournament("louis14", specs, 5, seed=3)
    parts = [run_tournament("louis14", specs, 5, seed=3, part=range(a, b)).to_json()
             for a, b in ((2, 5), (0, 2))]
    assert [m["index"] for m in parts[0]["matches"]] == [2, 3, 4]
    assert parts[0]["games"] == 3 and parts[0]["scheduled"] == 5
    merged = merge_parts(parts)
    assert [m.scores for _, m in merged.matches] == [m.scores for _, m in whole.matches]
    assert [s for s, _ in merged.matches] == [s for s, _ in whole.matches]
    assert merged.entries == whole.entries
    assert merged.to_json()["games"] == 5
    with pytest.raises(ValueError, match="match 2 is in two parts"):
        merge_parts([parts[0], parts[0]])
    other = run_tournament("louis14", specs, 5, seed=4, part=range(0, 2)).to_json()
    with pytest.raises(ValueError, match="part 2 has seed 4"):
        merge_parts([parts[0], other])
    with pytest.raises(ValueError, match="0 <= A < B <= 5"):
        run_tournament("louis14", specs, 5, seed=3, part=range(4, 9))


def test_a_tournament_extended_with_more_games_merges_into_the_longer_one() -> None:
    """Parts of the 3-match schedule and of the 5-match schedule of one seed join into the
    5-match tournament: a schedule's first matches do not depend on its length."""
    specs = ["heuristic", "random", "random"]
    whole = run_tournament("louis14", specs, 5, seed=3)
    first = run_tournament("louis14", specs, 3, seed=3).to_json()
    more = run_tournament("louis14", specs, 5, seed=3, part=range(3, 5)).to_json()
    assert first["scheduled"] == 3 and more["scheduled"] == 5
    merged = merge_parts([more, first])
    assert [m.scores for _, m in merged.matches] == [m.scores for _, m in whole.matches]
    assert [s for s, _ in merged.matches] == [s for s, _ in whole.matches]
    assert merged.entries == whole.entries
    assert merged.to_json()["games"] == merged.to_json()["scheduled"] == 5
    moved = json.loads(json.dumps(more))
    moved["matches"][0]["index"] = 1
    with pytest.raises(ValueError, match=r"match 1 .* is not where the tournament's schedule"):
        merge_parts([moved])
    beyond = json.loads(json.dumps(more))
    beyond["matches"][0]["index"] = 7
    with pytest.raises(ValueError, match=r"match 7 .* is not where"):
        merge_parts([beyond])


def test_merge_command_writes_one_tournament(tmp_path: Path) -> None:
    files = []
    for part in ("0:2", "2:4"):
        path = tmp_path / f"{part[0]}.json"
        result = CliRunner().invoke(app, [
            "tournament", "louis14", "--bots", "heuristic,random", "--games", "4",
            "--seed", "9", "--part", part, "--json", str(path)])
        assert result.exit_code == 0, result.output
        files.append(str(path))
    out = tmp_path / "whole.json"
    result = CliRunner().invoke(app, ["merge-tournaments", *files, "--json", str(out)])
    assert result.exit_code == 0, result.output
    data = json.loads(out.read_text())
    assert data["games"] == 4 and [m["index"] for m in data["matches"]] == [0, 1, 2, 3]
    bad = CliRunner().invoke(app, ["tournament", "louis14", "--bots", "random,random",
                                   "--part", "3"])
    assert bad.exit_code == 2 and "--part must be A:B" in bad.output
    missing = CliRunner().invoke(app, ["merge-tournaments", str(tmp_path / "none.json")])
    assert missing.exit_code == 2 and "none.json" in missing.output


def test_tournament_bots_count_their_time_in_cpu_seconds() -> None:
    served, measured = make_bot("ismcts:hard"), make_bot("ismcts:hard", cpu_clock=True)
    assert isinstance(served, IsmctsBot) and isinstance(measured, IsmctsBot)
    assert not served.config.cpu_clock and measured.config.cpu_clock
    assert measured.config.seconds == served.config.seconds == 1.0
    timed = make_bot("ismcts:0.02s", cpu_clock=True)
    state = sunking.make("louis14").new_game(2, seed=1)
    action = timed.act(Observation(state, state.to_move or 0), Rng(1))
    assert action in state.legal_actions()
    assert isinstance(timed, IsmctsBot) and timed.last is not None and timed.last.iterations >= 1
