"""Tournament statistics: win rates with confidence intervals, and ratings.

Ratings come from OpenSkill's Plackett–Luce model (a Bayesian rating in the TrueSkill family,
for any number of players per game), applied to the matches in the order they were scheduled,
so that a tournament's ratings do not depend on how many processes played it.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence

from openskill.models import PlackettLuce

from ..core.actions import JsonValue
from .arena import MatchResult

Z95 = 1.959963984540054


def wilson_interval(wins: float, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a win rate (wins may be fractional: shared wins)."""
    if games <= 0:
        return 0.0, 1.0
    p = wins / games
    denominator = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denominator
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclasses.dataclass(frozen=True, slots=True)
class EntryStats:
    """How one entry of a tournament did."""

    label: str
    spec: str
    budget: int | None
    games: int
    wins: float
    mean_score: float
    win_rate: float
    ci_low: float
    ci_high: float
    rating_mu: float
    rating_sigma: float

    @property
    def rating(self) -> float:
        """The conservative rating, mu - 3 sigma."""
        return self.rating_mu - 3 * self.rating_sigma

    def to_json(self) -> dict[str, JsonValue]:
        out: dict[str, JsonValue] = {
            f.name: getattr(self, f.name) for f in dataclasses.fields(self)
        }
        out["rating"] = self.rating
        return out


def entry_labels(specs: Sequence[str]) -> list[str]:
    """Unique labels for the entries: a repeated spec gets ``#2``, ``#3``…"""
    seen: dict[str, int] = {}
    labels = []
    for spec in specs:
        seen[spec] = seen.get(spec, 0) + 1
        labels.append(spec if seen[spec] == 1 else f"{spec}#{seen[spec]}")
    return labels


def ranks_of(match: MatchResult) -> list[int]:
    """Finishing places per seat (1 is best): the winners first, the rest by score."""
    n = len(match.scores)
    key = [(p in match.winners, match.scores[p]) for p in range(n)]
    return [1 + sum(1 for q in range(n) if key[q] > key[p]) for p in range(n)]


def summarize(
    specs: Sequence[str],
    budgets: Sequence[int | None],
    matches: Sequence[tuple[Sequence[int], MatchResult]],
) -> list[EntryStats]:
    """Per entry statistics; ``matches`` pairs each result with the entry index per seat."""
    labels = entry_labels(specs)
    model = PlackettLuce()
    ratings = [model.rating(name=label) for label in labels]
    games = [0] * len(specs)
    wins = [0.0] * len(specs)
    scores = [0] * len(specs)
    for seating, match in matches:
        for seat, entry in enumerate(seating):
            games[entry] += 1
            wins[entry] += match.win_share(seat)
            scores[entry] += match.scores[seat]
        places = [float(r) for r in ranks_of(match)]
        updated = model.rate([[ratings[e]] for e in seating], ranks=places)
        for entry, team in zip(seating, updated, strict=True):
            ratings[entry] = team[0]
    out = []
    for i, label in enumerate(labels):
        low, high = wilson_interval(wins[i], games[i])
        out.append(EntryStats(
            label=label,
            spec=specs[i],
            budget=budgets[i],
            games=games[i],
            wins=wins[i],
            mean_score=scores[i] / games[i] if games[i] else 0.0,
            win_rate=wins[i] / games[i] if games[i] else 0.0,
            ci_low=low,
            ci_high=high,
            rating_mu=ratings[i].mu,
            rating_sigma=ratings[i].sigma,
        ))
    return out
