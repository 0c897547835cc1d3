"""The training example runs (its full run and learning curve are in docs/envs.md)."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "train_louis14.py"


def load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("train_louis14", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_example_trains_evaluates_and_plots(tmp_path: Path) -> None:
    example = load()
    curve = example.train(episodes=4, eval_every=2, eval_games=2, seed=3)
    assert [episodes for episodes, _ in curve] == [0, 2, 4]
    assert all(0.0 <= rate <= 1.0 for _, rate in curve)
    reference = example.evaluate(None, 2)
    assert 0.0 <= reference <= 1.0
    example.plot(curve, reference, str(tmp_path / "curve.png"))
    assert (tmp_path / "curve.png").stat().st_size > 1000
