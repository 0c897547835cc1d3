"""Tournaments on Ray give the results of the process backend for the same seed."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import ray
from typer.testing import CliRunner

from sunking.bots.tournament import TournamentResult, process_runner, run_tournament
from sunking.cli import app
from sunking.envs.ray_backend import ray_runner


@pytest.fixture(scope="session")
def local_ray() -> Iterator[None]:
    """One local Ray with two CPUs for the whole session (its start-up is slow)."""
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


def outcomes(result: TournamentResult) -> list[dict[str, object]]:
    """Every match without its timings (the only thing that may differ between runs)."""
    return [
        {k: v for k, v in m.items() if k not in ("think_seconds", "longest")}
        for m in result.to_json()["matches"]
    ]


def test_ray_tournament_equals_the_process_backend(local_ray: None) -> None:
    """In Python and through ``sunking tournament`` (one test, so that a run on several
    pytest workers starts Ray once)."""
    specs = ["random", "heuristic", "random"]
    on_processes = run_tournament("vive_le_roi", specs, 6, seed=17, runner=process_runner(2))
    on_ray = run_tournament("vive_le_roi", specs, 6, seed=17, runner=ray_runner())
    assert outcomes(on_ray) == outcomes(on_processes)
    assert [e.to_json() for e in on_ray.entries] == [e.to_json() for e in on_processes.entries]
    other_seed = run_tournament("vive_le_roi", specs, 6, seed=18, runner=ray_runner())
    assert outcomes(other_seed) != outcomes(on_ray)

    args = ["tournament", "louis14", "--bots", "random,heuristic", "-n", "2", "--seed", "3"]
    on_ray_cli = CliRunner().invoke(app, [*args, "--backend", "ray"])
    on_processes_cli = CliRunner().invoke(app, args)
    assert on_ray_cli.exit_code == 0, on_ray_cli.output
    assert on_ray_cli.stdout == on_processes_cli.stdout


def test_cli_refuses_an_unknown_backend() -> None:
    result = CliRunner().invoke(app, ["tournament", "louis14", "--bots", "random,random",
                                      "--backend", "spark"])
    assert result.exit_code == 2
    assert "unknown backend 'spark'" in result.output
    result = CliRunner().invoke(app, ["tournament", "louis14", "--bots", "random,random",
                                      "--address", "auto"])
    assert result.exit_code == 2
    assert "--address needs --backend ray" in result.output
