"""The rating of people, one per game (``docs/ratings.md`` publishes it): OpenSkill's
Plackett–Luce model (Weng and Lin 2011, Algorithm 4) with its default constants, a finishing
order per match, and the rating shown.

Each person has a skill ``mu`` and an uncertainty ``sigma`` per game, from 25 and 25/3. A
finished match updates every seat's pair from the seats' finishing ranks (1 is best, equal
ranks for a shared place); a seat whose person resigned or left ranks last, whatever his
stand-in scored. The rating shown is the conservative ``mu - 3 sigma`` on a friendlier
scale, :func:`shown`; it is provisional until :data:`PROVISIONAL_GAMES` rated matches.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence

from openskill.models import PlackettLuce

MU = 25.0
"""A new player's skill."""
SIGMA = 25.0 / 3.0
"""A new player's uncertainty."""
BETA = 25.0 / 6.0
"""The spread of one match's performance around a player's skill."""
TAU = 25.0 / 300.0
"""Added (in quadrature) to every uncertainty before a match, so a rating can still move."""
KAPPA = 0.0001
"""The least factor an uncertainty's square may shrink by in one match."""
PROVISIONAL_GAMES = 5
"""A rating is provisional (and shown as such) until this many rated matches."""
SHOWN_BASE = 1000
SHOWN_SCALE = 40
"""The rating shown is ``SHOWN_BASE + SHOWN_SCALE * (mu - 3 sigma)``, rounded: 1000 for a
new player, rising as his uncertainty shrinks and his skill shows."""

MODEL = PlackettLuce(mu=MU, sigma=SIGMA, beta=BETA, kappa=KAPPA, tau=TAU)


@dataclasses.dataclass(frozen=True, slots=True)
class Rating:
    """One person's rating in one game."""

    mu: float = MU
    sigma: float = SIGMA
    games: int = 0
    """Rated matches played."""

    @property
    def provisional(self) -> bool:
        return self.games < PROVISIONAL_GAMES

    @property
    def shown(self) -> int:
        return shown(self.mu, self.sigma)

    def to_json(self) -> dict[str, float | int | bool]:
        return {"rating": self.shown, "mu": round(self.mu, 3), "sigma": round(self.sigma, 3),
                "games": self.games, "provisional": self.provisional}


def shown(mu: float, sigma: float) -> int:
    """The rating shown for ``mu`` and ``sigma``."""
    return round(SHOWN_BASE + SHOWN_SCALE * (mu - 3 * sigma))


def finishing_ranks(places: Sequence[int], gone: Sequence[bool]) -> list[int]:
    """Each seat's rank for the update: its place among the seats that stayed (1 is best,
    equal places share a rank), and every seat whose person resigned or left after all of
    them, sharing the last rank."""
    stayed = sorted({p for p, g in zip(places, gone, strict=True) if not g})
    rank_of = {p: i + 1 for i, p in enumerate(stayed)}
    last = len(stayed) + 1
    return [last if g else rank_of[p] for p, g in zip(places, gone, strict=True)]


def rate(ratings: Sequence[Rating], ranks: Sequence[int]) -> list[Rating]:
    """The ratings after one match whose seats had ``ratings`` and finished at ``ranks``.

    Raises:
        ValueError: fewer than two seats, or ranks and ratings of different lengths.
    """
    if len(ratings) < 2 or len(ratings) != len(ranks):
        raise ValueError(f"a rated match needs two or more seats, each with a rank "
                         f"({len(ratings)} ratings, {len(ranks)} ranks)")
    teams = [[MODEL.rating(mu=r.mu, sigma=r.sigma)] for r in ratings]
    after = MODEL.rate(teams, ranks=[float(r) for r in ranks])
    return [Rating(team[0].mu, team[0].sigma, r.games + 1)
            for team, r in zip(after, ratings, strict=True)]


def win_probability(a: Rating, b: Rating, table: Sequence[Rating] = ()) -> float:
    """The model's chance that ``a`` finishes above ``b`` at a table of ``table`` (both of
    them among it; alone, by default): Plackett–Luce's ``1 / (1 + e^((mu_b - mu_a) / c))``
    with the ``c`` of the update for that table, ``sqrt(sum(sigma^2 + beta^2))``. Under
    Plackett–Luce that chance does not depend on the others' places, only on ``c``."""
    seats = table or (a, b)
    c = math.sqrt(sum(r.sigma ** 2 + BETA ** 2 for r in seats))
    return 1.0 / (1.0 + math.exp((b.mu - a.mu) / c))


def thurstone_probability(a: Rating, b: Rating) -> float:
    """OpenSkill's own ``predict_win`` for two: ``Phi((mu_a - mu_b) / c)`` (a normal, not
    a logistic, curve; ``docs/ratings.md`` compares the two)."""
    teams = [[MODEL.rating(mu=a.mu, sigma=a.sigma)], [MODEL.rating(mu=b.mu, sigma=b.sigma)]]
    return float(MODEL.predict_win(teams)[0])
