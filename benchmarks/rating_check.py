"""How well people's ratings recover true strengths and predict results, checked by simulation,
beside plain multiplayer Elo; and the bots' ladder rated by the same code.

A population of synthetic players, each with a true strength ``theta`` drawn from a normal
distribution, plays rated matches: every round each player is seated at a random table of one
of the game's player counts, and the table's finishing order is drawn from the Plackett–Luce
model of the true strengths (the first place with chance ``e^theta_i / sum e^theta_j``, then
the next among the rest, …). The same results go through the server's rating code
(:func:`sunking.server.ratings.formula.rate`) and through plain pairwise Elo as Board Game
Arena's players report it (from 1500; K 60 for a player's first 10 games, 40 for the next 10,
then 20; each pair at a table a duel, the sum of a player's duels divided by the number of his
opponents). After 10, 30 and 100 games a player the script reports:

- Spearman's rank correlation of the ratings (the rating shown, ``mu - 3 sigma``; Elo's
  number) with the true strengths;
- the Brier score of the pairwise predictions "A finishes above B" at each table of the next
  five rounds, each made before its match from the ratings then, beside the true model's own
  Brier score (the best any rating could do) and 0.25 (a coin);
- a reliability plot: predicted chance against how often it happened.

The ladder: each game's recorded ladder matches (``benchmarks/results/<game>_ladder.json``),
in the order they were played, rated by the same code and by Elo; the order found.

    .venv/bin/python benchmarks/rating_check.py [--players 300] [--seeds 3] [--write]

``--write`` puts the tables into ``docs/ratings.md`` between its markers and the plot at
``docs/img/rating_reliability.png``.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import re
import statistics
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from sunking.core.registry import make
from sunking.server.ratings.formula import Rating, rate, thurstone_probability, win_probability

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "ratings.md"
PLOT = ROOT / "docs" / "img" / "rating_reliability.png"
RESULTS = ROOT / "benchmarks" / "results"
GAMES = ("louis14", "vive_le_roi", "versailles1682")
CHECKPOINTS = (10, 30, 100)
WINDOW = 5
"""Rounds after a checkpoint whose predictions its Brier score counts."""
SPREAD = 1.0
"""The standard deviation of true strengths (a player one deviation above another finishes
above him, alone at a table of two, 73% of the time)."""
BEGIN, END = "<!-- check:begin -->", "<!-- check:end -->"


def elo_k(games: int) -> float:
    """Elo's K for a player with ``games`` rated games before this one."""
    return 60.0 if games < 10 else 40.0 if games < 20 else 20.0


def elo_expected(a: float, b: float) -> float:
    return 1.0 / (1.0 + math.pow(10.0, (b - a) / 400.0))


def elo_rate(ratings: Sequence[float], games: Sequence[int], ranks: Sequence[int]) -> list[float]:
    """Pairwise multiplayer Elo after one table (1 is best; equal ranks a draw)."""
    n = len(ratings)
    out = []
    for i in range(n):
        total = 0.0
        for j in range(n):
            if i != j:
                won = 1.0 if ranks[i] < ranks[j] else 0.5 if ranks[i] == ranks[j] else 0.0
                total += won - elo_expected(ratings[i], ratings[j])
        out.append(ratings[i] + elo_k(games[i]) * total / (n - 1))
    return out


def plackett_luce_order(strengths: Sequence[float], rng: random.Random) -> list[int]:
    """A finishing order drawn from the Plackett–Luce model: each seat's rank (1 is best)."""
    left = list(range(len(strengths)))
    ranks = [0] * len(strengths)
    for place in range(1, len(strengths) + 1):
        weights = [math.exp(strengths[i]) for i in left]
        pick = rng.choices(left, weights)[0]
        ranks[pick] = place
        left.remove(pick)
    return ranks


def spearman(xs: Sequence[float], ys: Sequence[float]) -> float:
    """Spearman's rank correlation (ties given their mean rank)."""
    def ranked(values: Sequence[float]) -> list[float]:
        order = sorted(range(len(values)), key=lambda i: values[i])
        out = [0.0] * len(values)
        i = 0
        while i < len(order):
            j = i
            while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
                j += 1
            for k in range(i, j + 1):
                out[order[k]] = (i + j) / 2
            i = j + 1
        return out
    rx, ry = ranked(xs), ranked(ys)
    return statistics.correlation(rx, ry)


@dataclass
class Tally:
    """The pairwise predictions of one system in one window: (predicted, happened)."""

    pairs: list[tuple[float, float]] = field(default_factory=list)

    @property
    def brier(self) -> float:
        return sum((p - o) ** 2 for p, o in self.pairs) / max(1, len(self.pairs))


@dataclass
class Checked:
    """One game's simulation, at each checkpoint: Spearman and Brier per system."""

    game: str
    spearman: dict[str, dict[int, float]] = field(default_factory=dict)
    tallies: dict[str, dict[int, Tally]] = field(default_factory=dict)


def tables_of(players: list[int], counts: Sequence[int], rng: random.Random) -> list[list[int]]:
    """The players shuffled and seated at tables of sizes drawn from ``counts``, each size
    leaving enough players for another table (any left over sit the round out)."""
    rng.shuffle(players)
    tables: list[list[int]] = []
    at, least = 0, min(counts)
    while True:
        left = len(players) - at
        fits = [c for c in counts if c == left or least <= left - c]
        if not fits:
            return tables
        size = rng.choice(fits)
        tables.append(players[at:at + size])
        at += size


def simulate(game: str, counts: Sequence[int], population: int, seed: int,
             checkpoints: Sequence[int] = CHECKPOINTS, window: int = WINDOW) -> Checked:
    """One population playing ``max(checkpoints) + window`` rounds of ``game``."""
    rng = random.Random(seed)
    theta = [rng.gauss(0.0, SPREAD) for _ in range(population)]
    skill = [Rating() for _ in range(population)]
    elo, games = [1500.0] * population, [0] * population
    checked = Checked(game)
    systems = ("openskill", "thurstone", "elo", "truth")
    for system in systems:
        checked.spearman[system], checked.tallies[system] = {}, {}
    for round_ in range(max(checkpoints) + window):
        if round_ in checkpoints:
            checked.spearman["openskill"][round_] = spearman([r.shown for r in skill], theta)
            checked.spearman["elo"][round_] = spearman(elo, theta)
        open_windows = [c for c in checkpoints if c <= round_ < c + window]
        for table in tables_of(list(range(population)), counts, rng):
            ranks = plackett_luce_order([theta[p] for p in table], rng)
            for c in open_windows:
                _predict(checked, c, table, ranks, skill, elo, theta)
            after = rate([skill[p] for p in table], ranks)
            new_elo = elo_rate([elo[p] for p in table], [games[p] for p in table], ranks)
            for p, r, e in zip(table, after, new_elo, strict=True):
                skill[p], elo[p], games[p] = r, e, games[p] + 1
    return checked


def _predict(checked: Checked, checkpoint: int, table: Sequence[int], ranks: Sequence[int],
             skill: Sequence[Rating], elo: Sequence[float], theta: Sequence[float]) -> None:
    """Every pair at the table, as each system predicted it before the match."""
    seated = [skill[p] for p in table]
    for i, a in enumerate(table):
        for j in range(i + 1, len(table)):
            b = table[j]
            happened = 1.0 if ranks[i] < ranks[j] else 0.0
            guesses = {
                "openskill": win_probability(skill[a], skill[b], seated),
                "thurstone": thurstone_probability(skill[a], skill[b]),
                "elo": elo_expected(elo[a], elo[b]),
                "truth": 1.0 / (1.0 + math.exp(theta[b] - theta[a])),
            }
            for system, guess in guesses.items():
                checked.tallies[system].setdefault(checkpoint, Tally()).pairs.append(
                    (guess, happened))


def player_counts(game: str) -> list[int]:
    spec = make(game).spec
    return list(range(spec.min_players, spec.max_players + 1))


def rate_ladder(path: Path) -> list[tuple[str, Rating, float]]:
    """The ladder's bots after its recorded matches in order: (bot, rating, Elo), the
    highest rating shown first."""
    data = json.loads(path.read_text())
    skill: dict[str, Rating] = {}
    elo: dict[str, float] = {}
    games: dict[str, int] = {}
    for match in sorted(data["matches"], key=lambda m: m["index"]):
        bots = match["bots"]
        ranks = finishing(match["scores"], match["winners"])
        after = rate([skill.get(b, Rating()) for b in bots], ranks)
        new_elo = elo_rate([elo.get(b, 1500.0) for b in bots], [games.get(b, 0) for b in bots],
                           ranks)
        for b, r, e in zip(bots, after, new_elo, strict=True):
            skill[b], elo[b], games[b] = r, e, games.get(b, 0) + 1
    return sorted(((b, skill[b], elo[b]) for b in skill), key=lambda t: -t[1].shown)


def finishing(scores: Sequence[int], winners: Sequence[int]) -> list[int]:
    """A recorded match's ranks (1 is best): the winners first, the rest by score."""
    key = [(p in winners, scores[p]) for p in range(len(scores))]
    return [1 + sum(1 for other in key if other > mine) for mine in key]


def report(runs: Sequence[Checked]) -> str:
    """The simulation's table: per game, checkpoint and system, Spearman and Brier (the mean
    over the seeds, ± their standard deviation when there are several)."""
    def cell(values: list[float]) -> str:
        if len(values) < 2:
            return f"{values[0]:.3f}"
        return f"{statistics.mean(values):.3f} ± {statistics.stdev(values):.3f}"

    lines = ["| game | games a player | Spearman, OpenSkill | Spearman, Elo | Brier, OpenSkill "
             "| Brier, OpenSkill's `predict_win` | Brier, Elo | Brier, true model |",
             "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"]
    for game in GAMES:
        mine = [r for r in runs if r.game == game]
        if not mine:
            continue
        for c in CHECKPOINTS:
            lines.append(" | ".join([
                f"| {game}", str(c),
                cell([r.spearman["openskill"][c] for r in mine]),
                cell([r.spearman["elo"][c] for r in mine]),
                cell([r.tallies["openskill"][c].brier for r in mine]),
                cell([r.tallies["thurstone"][c].brier for r in mine]),
                cell([r.tallies["elo"][c].brier for r in mine]),
                cell([r.tallies["truth"][c].brier for r in mine]) + " |"]))
    return "\n".join(lines)


def ladder_report(results: Path = RESULTS) -> str:
    """Each game's ladder as the rating code orders it, with Elo beside."""
    lines = ["| game | place | bot | rating shown | mu | sigma | Elo |",
             "| --- | ---: | --- | ---: | ---: | ---: | ---: |"]
    for game in GAMES:
        path = results / f"{game}_ladder.json"
        if not path.exists():
            continue
        for place, (bot, r, elo) in enumerate(rate_ladder(path), start=1):
            lines.append(f"| {game} | {place} | {bot} | {r.shown} | {r.mu:.2f} | "
                         f"{r.sigma:.2f} | {elo:.0f} |")
    return "\n".join(lines)


def reliability(runs: Sequence[Checked], path: Path, bins: int = 10) -> None:
    """Predicted chance against observed frequency, per checkpoint, both systems (every
    game and seed pooled)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, len(CHECKPOINTS), figsize=(11, 3.9), dpi=110, sharey=True)
    for ax, c in zip(axes, CHECKPOINTS, strict=True):
        ax.plot([0, 1], [0, 1], color="grey", linestyle=":", label="perfect")
        for system, label in (("openskill", "OpenSkill, Plackett–Luce chance"),
                              ("thurstone", "OpenSkill's predict_win"),
                              ("elo", "Elo (BGA's K)")):
            pairs = [pr for r in runs for pr in r.tallies[system][c].pairs]
            xs, ys = [], []
            for b in range(bins):
                inside = [(p, o) for p, o in pairs
                          if b / bins <= p < (b + 1) / bins or (b == bins - 1 and p == 1.0)]
                if len(inside) >= 20:
                    xs.append(sum(p for p, _ in inside) / len(inside))
                    ys.append(sum(o for _, o in inside) / len(inside))
            ax.plot(xs, ys, marker="o", label=label)
        ax.set_title(f"after {c} games a player")
        ax.set_xlabel("predicted chance A finishes above B")
        ax.grid(True, alpha=0.3)
    axes[0].set_ylabel("how often A finished above B")
    axes[0].legend(loc="upper left", fontsize=8)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def write_doc(text: str, doc: Path = DOC) -> None:
    """Put ``text`` between the markers of ``docs/ratings.md``."""
    old = doc.read_text()
    pattern = re.compile(re.escape(BEGIN) + ".*?" + re.escape(END), re.S)
    if not pattern.search(old):
        raise SystemExit(f"{doc} has no {BEGIN} … {END} markers")
    doc.write_text(pattern.sub(lambda _: f"{BEGIN}\n{text}\n{END}", old))


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=300)
    parser.add_argument("--seeds", type=int, default=3)
    parser.add_argument("--write", action="store_true",
                        help="write the figures into docs/ratings.md and the plot")
    args = parser.parse_args(argv)
    runs = []
    for game in GAMES:
        for seed in range(args.seeds):
            print(f"{game}, seed {seed} …", file=sys.stderr, flush=True)
            runs.append(simulate(game, player_counts(game), args.players,
                                 1000 * GAMES.index(game) + seed))
    table = report(runs)
    ladder = ladder_report()
    print(table)
    print()
    print(ladder)
    if args.write:
        PLOT.parent.mkdir(parents=True, exist_ok=True)
        reliability(runs, PLOT)
        write_doc(f"Simulated with `benchmarks/rating_check.py --players {args.players} "
                  f"--seeds {args.seeds}`:\n\n{table}\n\nThe bots' ladder, rated by the "
                  f"same code:\n\n{ladder}")


if __name__ == "__main__":
    main()
