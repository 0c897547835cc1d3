"""The expert's data and training come out the same: the committed sample of self-play played
again, a tiny model trained from it bit for bit (with the vector kernels held to a level), a
retune that keeps the weights, and the calibration the model is compared against."""

from __future__ import annotations

import gzip
import json
import os
import platform
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from numpy._core._multiarray_umath import __cpu_features__

from sunking.envs.learned import read_model

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "benchmarks"))
import selfplay_data  # noqa: E402
import train_value  # noqa: E402

SAMPLE = Path(__file__).resolve().parent / "data" / "expert_sample"
"""A small committed run of ``benchmarks/selfplay_data.py`` and what training it gives."""

KERNELS = {
    "x86-64-v3": {"NPY_DISABLE_CPU_FEATURES": "X86_V4 AVX512_ICL AVX512_SPR",
                  "OPENBLAS_CORETYPE": "Haswell"},
    "x86-64-v2": {"NPY_DISABLE_CPU_FEATURES": "X86_V3 X86_V4 AVX512_ICL AVX512_SPR",
                  "OPENBLAS_CORETYPE": "Nehalem"},
}
"""The vector kernels numpy and OpenBLAS are held to while the tiny model trains: other
kernels add in another order, so with other last bits (SSE 4.2's give other weights than
AVX2's), so each level has its expected weights (``expected.json``), and a machine trains at
the highest of them it has."""

TRAIN = """
import sys
from pathlib import Path
sys.path.insert(0, sys.argv[1])
import selfplay_data, train_value
data = selfplay_data.load(Path(sys.argv[2]))
model = train_value.train(data, hidden=8, epochs=3, seed=1, search={"iterations": 10})
print(selfplay_data.digest(data[k] for k in ("x", "own", "y", "game")),
      model.meta["data_sha256"], train_value.weights_sha256(model))
"""


def test_the_sample_is_played_again_the_same(tmp_path: Path) -> None:
    """The committed sample is what the self-play script writes for its seed and size: its
    positions array for array, its game records line for line."""
    expected = json.loads((SAMPLE / "expected.json").read_text())
    job = selfplay_data.Job("louis14", 4, ("heuristic",) * 4, 1, 0, expected["games"],
                            expected["games"], expected["positions"], {},
                            str(tmp_path / "part.npz"), 0)
    selfplay_data.play_part(job)
    again = dict(np.load(tmp_path / "part.npz"))
    kept = dict(np.load(next(SAMPLE.glob("*/part-*.npz"))))
    for key in ("x", "own", "y", "position", "game"):
        assert np.array_equal(again[key], kept[key]), key
    records = [p for p in tmp_path.iterdir() if p.name.endswith(".jsonl.gz")]
    assert len(records) == 1
    committed = next(SAMPLE.glob("*/part-*.jsonl.gz"))
    assert gzip.decompress(records[0].read_bytes()) == gzip.decompress(committed.read_bytes())


@pytest.mark.skipif(platform.machine().lower() not in ("x86_64", "amd64"),
                    reason="the expected weights are those of x86-64's vector kernels")
def test_training_comes_out_the_same_bit_for_bit() -> None:
    """A tiny model trained from the committed sample has the weights it had when the sample
    was committed (scikit-learn on one thread, a fixed seed, the kernels of a level every
    machine of it has)."""
    expected = json.loads((SAMPLE / "expected.json").read_text())
    level = "x86-64-v3" if __cpu_features__.get("X86_V3") else "x86-64-v2"
    env = {**os.environ, **KERNELS[level], "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1"}
    done = subprocess.run(
        [sys.executable, "-c", TRAIN, str(ROOT / "benchmarks"), str(next(SAMPLE.glob("*-seed1")))],
        env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    data, meta, weights = done.stdout.split()
    assert data == meta == expected["data_sha256"]
    assert weights == expected["weights_sha256"][level], level


def test_a_retuned_model_keeps_its_weights_and_says_what_changed() -> None:
    data = selfplay_data.load(next(SAMPLE.glob("*-seed1")))
    model = train_value.train(data, hidden=8, epochs=3, seed=1,
                              search={"iterations": 10, "horizon": 0})
    once = train_value.retune(model, {"horizon": 4}, "first")
    twice = read_model(train_value.retune(once, {"iterations": 20}, "second").to_bytes())
    assert train_value.weights_sha256(twice) == train_value.weights_sha256(model)
    assert twice.meta["search"] == {**model.meta["search"], "horizon": 4, "iterations": 20}
    assert twice.meta["retunings"] == [
        {"command": "first", "was": model.meta["search"]},
        {"command": "second", "was": {**model.meta["search"], "horizon": 4}}]
    assert twice.meta["data_sha256"] == model.meta["data_sha256"]


def test_the_game_s_own_chances_are_calibrated_before_the_model_is_compared() -> None:
    """Chances three times too sure (each the true one cubed, normalised) are calibrated by
    a power near a third, which brings their log loss down to the true chances'."""
    rng = np.random.default_rng(5)
    logits = rng.normal(size=(4000, 4))
    true = np.exp(logits) / np.exp(logits).sum(axis=1, keepdims=True)
    winners = np.array([rng.choice(4, p=row) for row in true])
    y = np.eye(4)[winners]
    sure = train_value.powered(np.log(true), 3.0)
    power = train_value.calibrated(np.log(sure), y)
    assert 0.25 < power < 0.42
    fixed = train_value.log_loss(train_value.powered(np.log(sure), power), y)
    assert fixed < train_value.log_loss(sure, y) - 0.1
    assert abs(fixed - train_value.log_loss(true, y)) < 0.02
