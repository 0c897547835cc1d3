"""How much of a game is decided by what a player cannot know: ISMCTS with foresight.

Plays the tournament schedule of ``ismcts:hard`` against three ``heuristic`` bots three times,
changing only what the search's determinizations know:

- ``honest``: the seat's information set (the real bot);
- ``cards``: every hidden card where it really lies (rivals' hands, the draw pile's order),
  but new dice;
- ``dice``: the true state, generator included — the search foresees every card and roll.

The gap between ``honest`` and ``cards`` is the worth of reading the hidden cards; the gap
between ``cards`` and ``dice`` is the part of the game the dice decide. The foresighted bots
are measuring sticks, never players: they read the true state, which a bot never sees.

    .venv/bin/python benchmarks/bench_foresight.py [--game versailles1682] [--games 120]
"""

from __future__ import annotations

import argparse
import dataclasses
import multiprocessing

from rich.console import Console
from rich.table import Table

import sunking
from sunking.bots import LEVELS, Bot, HeuristicBot, IsmctsBot, Observation
from sunking.bots.arena import play_match
from sunking.bots.stats import wilson_interval
from sunking.bots.tournament import Pairing, schedule
from sunking.core import Action, GameState, Rng

KNOWLEDGE = ("honest", "cards", "dice")


class _Foresight(Observation):
    """An observation whose determinizations are the true state (``dice``) or the true
    state with a new generator (``cards``)."""

    __slots__ = ("_knowledge", "_true")

    def __init__(self, state: GameState, knowledge: str) -> None:
        assert state.to_move is not None
        super().__init__(state, state.to_move)
        self._true = state
        self._knowledge = knowledge

    def determinize(self, rng: Rng) -> GameState:
        dealt = self._true.copy()  # the search plays its determinization in place
        if self._knowledge == "cards":
            dealt.rng = rng.fork()  # type: ignore[attr-defined]
        return dealt


class ForesightBot(IsmctsBot):
    """``ismcts:hard`` searching from a foresighted observation (see the module docstring)."""

    def __init__(self, knowledge: str) -> None:
        # CPU time, as in tournaments: a loaded machine does not cut the search short
        super().__init__(dataclasses.replace(LEVELS["hard"], cpu_clock=True),
                         name=f"ismcts:hard ({knowledge})")
        self.knowledge = knowledge

    def act(self, observation: Observation, rng: Rng, first: Action | None = None) -> Action:
        if self.knowledge == "honest":
            return super().act(observation, rng, first)
        true = observation._Observation__state  # type: ignore[attr-defined]
        return super().act(_Foresight(true, self.knowledge), rng, first)


def _share(args: tuple[str, int, str, Pairing]) -> float:
    game_id, players, knowledge, pairing = args
    entries: list[Bot] = [ForesightBot(knowledge)]
    entries += [HeuristicBot() for _ in range(players - 1)]
    bots = [entries[e] for e in pairing.seating]
    result = play_match(sunking.make(game_id), bots, pairing.seed)
    return result.win_share(pairing.seating.index(0))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="versailles1682")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=120)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--knowledge", nargs="+", default=list(KNOWLEDGE), choices=KNOWLEDGE)
    args = parser.parse_args()
    pairings = schedule(args.players, args.games, args.seed)
    table = Table(title=f"{args.game}: ismcts:hard with foresight against {args.players - 1} "
                  f"heuristic bots, {args.games} games, seed {args.seed}")
    for column in ("knows", "wins", "win rate", "95% CI"):
        table.add_column(column)
    with multiprocessing.get_context("spawn").Pool(args.jobs) as pool:
        for knowledge in args.knowledge:
            jobs = [(args.game, args.players, knowledge, p) for p in pairings]
            wins = sum(pool.map(_share, jobs, chunksize=1))
            low, high = wilson_interval(wins, args.games)
            table.add_row(knowledge, f"{wins:g}", f"{wins / args.games:.1%}",
                          f"{low:.1%}–{high:.1%}")
    Console().print(table)


if __name__ == "__main__":
    main()
