"""What Versailles 1682's bots do in the negotiation, and how their games end.

Plays games of Versailles 1682 with the given bots (seats rotated by one each game) and
counts, over every game:

- how the games ended: by a payment (a ``pay`` or an accepted ``offer`` whose money made a
  family reach the target), by another move reaching the target, or at the round limit;
- the negotiation decisions by kind: done, pay, show, offer; the answers: accepted,
  declined; and the promises kept (a favour done while the promise stood).

    .venv/bin/python benchmarks/bench_v1682_negotiation.py [--bots heuristic,heuristic,...]
        [--games 30] [--target 30000] [--seed 0]
"""

from __future__ import annotations

import argparse
from collections import Counter

from sunking.bots import make_bot
from sunking.bots.arena import bot_rng
from sunking.bots.protocol import Observation
from sunking.games.versailles1682 import GAME

try:
    from sunking.games.versailles1682.promises import does_favour
except ImportError:  # an older engine, without a register of promises
    does_favour = None  # type: ignore[assignment]


def play(bots: list[str], seed: int, target: int, tally: Counter[str]) -> None:
    """Play one game and add what happened to ``tally``."""
    players = [make_bot(spec) for spec in bots]
    n = len(players)
    state = GAME.new_game(n, seed, target=target)
    state.quiet = True
    rngs = [bot_rng(seed, p) for p in range(n)]
    last = ""
    while (seat := state.to_move) is not None:
        pending = state.pending
        assert pending is not None
        action = players[seat].act(Observation(state, seat), rngs[seat])
        kind = pending[0]
        if kind == "negotiate":
            tally["negotiate " + action.type] += 1
        elif kind == "answer":
            tally["answer " + action.type] += 1
            if action.type == "accept":
                tally["promises made"] += 1
        for debtor, creditor, favour, _ in getattr(state, "promises", ()):
            if debtor == seat and does_favour(state, action, creditor, favour):
                tally["promises kept"] += 1
        state = state.apply_unchecked(action)
        last = action.type
    rich = max(state.fortune)
    if rich < target:
        tally["games ended at the round limit"] += 1
    elif last in ("pay", "accept"):
        tally["games ended by a payment"] += 1
    else:
        tally["games ended by another move"] += 1
    tally["games"] += 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bots", default="heuristic,heuristic,heuristic,heuristic")
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--target", type=int, default=30000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    bots = args.bots.split(",")
    tally: Counter[str] = Counter()
    for g in range(args.games):
        k = g % len(bots)
        play(bots[k:] + bots[:k], args.seed + g, args.target, tally)
    print(f"versailles1682 {','.join(bots)}, {args.games} games, target {args.target}, "
          f"seeds {args.seed}..{args.seed + args.games - 1}")
    for key in sorted(tally):
        print(f"  {key:32} {tally[key]}")


if __name__ == "__main__":
    main()
