"""The compiled engine against its own source: the same games, the same searches, bit for bit.

Plays ``--games`` random games of every registered game (the seeds 0, 1, … spread over every
player count the game allows), once with the compiled modules and once from source
(``SUNKING_FROM_SOURCE=1``), each in a process of its own, and hashes every step's legal
actions, every final state and every whole log. It then lets ISMCTS decide ``--searches``
positions of each game (``--iterations`` each) and hashes the moves and the root's
statistics, so that the compiled search, evaluations and generator are held to their sources
too. Exits 1, naming the games, when a digest differs.

    .venv/bin/python benchmarks/compiled_vs_source.py                  # 240 games a game
    .venv/bin/python benchmarks/compiled_vs_source.py --games 2000 --searches 50

``tests/test_compiled.py`` runs a small version in every ``make test``.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from collections.abc import Sequence
from typing import Any

FROM_SOURCE = "SUNKING_FROM_SOURCE"

_CHILD = """
import hashlib, json, sys
import sunking
from sunking.bots import IsmctsBot, IsmctsConfig, Observation
from sunking.cli import policy_rng
from sunking.compiled import running_compiled
from sunking.core import Rng

games, searches, iterations = {games}, {searches}, {iterations}
digests = {{}}
for game in sunking.available_games():
    g = sunking.make(game)
    counts = range(g.spec.min_players, g.spec.max_players + 1)
    h = hashlib.sha256()
    for seed in range(games):
        s = g.new_game(counts[seed % len(counts)], seed)
        rng = policy_rng(seed)
        while not s.is_terminal:
            legal = s.legal_actions()
            h.update(repr(legal).encode())
            s.play(rng.choice(legal))
        h.update(json.dumps(s.to_json(), sort_keys=True).encode())
        h.update(repr(s.events(everything=True)).encode())
    bot = IsmctsBot(IsmctsConfig(iterations=iterations, horizon=8))
    for seed in range(searches):
        s = g.new_game(counts[seed % len(counts)], seed)
        rng = policy_rng(seed)
        for _ in range(seed * 7):  # positions further and further into the game
            if s.is_terminal:
                break
            s.play(rng.choice(s.legal_actions()))
        while not s.is_terminal and len(s.legal_actions()) < 2:
            s.play(s.legal_actions()[0])
        if s.is_terminal:
            continue
        move = bot.act(Observation(s, s.to_move), Rng(seed))
        h.update(repr((move, bot.last.choices)).encode())
    digests[game] = h.hexdigest()
print(json.dumps({{"digests": digests, "compiled": running_compiled()}}))
"""


def digests(from_source: bool, games: int, searches: int, iterations: int) -> dict[str, Any]:
    """The digests of one process, compiled or from source, and the modules it ran compiled."""
    env = {k: v for k, v in os.environ.items() if k != FROM_SOURCE}
    if from_source:
        env[FROM_SOURCE] = "1"
    code = _CHILD.format(games=games, searches=searches, iterations=iterations)
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                          text=True, check=True)
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def compare(games: int, searches: int, iterations: int) -> tuple[dict[str, Any], dict[str, Any]]:
    """Both runs: (compiled, from source)."""
    return (digests(False, games, searches, iterations),
            digests(True, games, searches, iterations))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=240, help="random games a game")
    parser.add_argument("--searches", type=int, default=12, help="ISMCTS decisions a game")
    parser.add_argument("--iterations", type=int, default=200, help="ISMCTS iterations each")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    native, source = compare(args.games, args.searches, args.iterations)
    if not native["compiled"]:
        print("no compiled module was imported: compile first (make compile)")
        return 1
    differ = sorted(g for g in native["digests"] if native["digests"][g] != source["digests"][g])
    print(f"{len(native['compiled'])} compiled modules against their sources, {args.games} "
          f"games and {args.searches} searches of {args.iterations} iterations a game, "
          f"{time.perf_counter() - start:.0f} s: "
          + (f"DIFFERENT in {', '.join(differ)}" if differ else "the same in every game"))
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
