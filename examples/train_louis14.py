"""Train a small agent on Louis XIV against random bots, with numpy only, and plot its
learning curve (needs the rl extra).

The agent is a linear softmax policy over the environment's tokens (masked to the legal
ones) with a linear value baseline, trained by REINFORCE on ``sunking/Louis14-v2`` for two
players against the ``random`` bot, its seat drawn per game. It learns from the score
difference at the end of each game (divided by 20); it is judged by its win rate, playing
its most likely token, over a fixed set of evaluation games. The same games played by the
random bot in the agent's seat give the reference line.

    .venv/bin/python examples/train_louis14.py [--episodes 600] [--plot curve.png]
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import gymnasium
import numpy as np

import sunking.envs.gymnasium  # noqa: F401  (registers the environments)
from sunking.bots import RandomBot
from sunking.bots.arena import bot_rng
from sunking.bots.protocol import Observation
from sunking.envs.gymnasium import SunKingEnv

ENV_ID = "sunking/Louis14-v2"
SCORE_SCALE = 20.0
EVAL_SEED = 1_000_000


class LinearPolicy:
    """Logits ``x @ W`` over the tokens, a value ``x @ v``; ``x`` the observation and 1.

    Only the legal tokens' columns and the observation's non-zero entries take part in a
    step, which keeps an update small although ``W`` has half a million weights.
    """

    def __init__(self, features: int, tokens: int) -> None:
        self.weights = np.zeros((features + 1, tokens))
        self.value = np.zeros(features + 1)

    @staticmethod
    def features(obs: dict[str, Any]) -> tuple[np.ndarray, np.ndarray]:
        """The non-zero entries of the observation and 1: (indices, values)."""
        x = np.append(obs["observation"], 1.0)
        nz = np.flatnonzero(x)
        return nz, x[nz]

    def probabilities(self, x: tuple[np.ndarray, np.ndarray],
                      legal: np.ndarray) -> np.ndarray:
        """The policy over the ``legal`` tokens (in their order)."""
        nz, values = x
        logits = values @ self.weights[np.ix_(nz, legal)]
        logits -= logits.max()
        p: np.ndarray = np.exp(logits)
        p /= p.sum()
        return p

    def learn(self, steps: list[tuple[tuple[np.ndarray, np.ndarray], np.ndarray, int,
                                      np.ndarray]],
              ret: float, lr: float, value_lr: float) -> None:
        """One REINFORCE update from a finished game's steps and its return."""
        for (nz, values), legal, choice, p in steps:
            advantage = ret - float(values @ self.value[nz])
            self.value[nz] += value_lr * advantage * values / len(steps)
            grad = -p
            grad[choice] += 1.0
            self.weights[np.ix_(nz, legal)] += lr * advantage * np.outer(values, grad)


def play_greedy(env: gymnasium.Env[Any, Any], policy: LinearPolicy, seed: int) -> float:
    obs, _ = env.reset(seed=seed)
    while True:
        legal = np.flatnonzero(obs["action_mask"])
        p = policy.probabilities(LinearPolicy.features(obs), legal)
        obs, reward, done, _, _ = env.step(int(legal[np.argmax(p)]))
        if done:
            return float(reward)


def play_random(env: gymnasium.Env[Any, Any], seed: int) -> float:
    """The random bot in the agent's seat: a uniform legal action, chosen by its tokens."""
    raw = env.unwrapped
    assert isinstance(raw, SunKingEnv)
    bot, rng = RandomBot(), bot_rng(seed, raw.table.num_players)
    env.reset(seed=seed)
    while True:
        decision = raw.table.decision
        assert decision is not None
        action = bot.act(Observation(raw.table.state, raw.seat), rng)
        for token in decision.path(action):
            _, reward, done, _, _ = env.step(token)
        if done:
            return float(reward)


def evaluate(policy: LinearPolicy | None, games: int) -> float:
    """Win rate over the evaluation games (None: the random bot's)."""
    env = gymnasium.make(ENV_ID, num_players=2, opponents="random", seat=None)
    seeds = range(EVAL_SEED, EVAL_SEED + games)
    if policy is None:
        return sum(play_random(env, s) for s in seeds) / games
    return sum(play_greedy(env, policy, s) for s in seeds) / games


def train(episodes: int, eval_every: int, eval_games: int, seed: int,
          lr: float = 0.01) -> list[tuple[int, float]]:
    """Train and return the learning curve: (episodes played, win rate)."""
    env = gymnasium.make(ENV_ID, num_players=2, opponents="random", seat=None,
                         reward="score_difference")
    obs, _ = env.reset(seed=seed)
    policy = LinearPolicy(obs["observation"].size, obs["action_mask"].size)
    rng = np.random.default_rng(seed)
    curve = [(0, evaluate(policy, eval_games))]
    print(f"{0:>8} episodes: win rate {curve[-1][1]:.0%}", flush=True)
    start = time.perf_counter()
    for episode in range(1, episodes + 1):
        obs, _ = env.reset(seed=seed + episode)
        steps: list[tuple[tuple[np.ndarray, np.ndarray], np.ndarray, int, np.ndarray]] = []
        done = False
        while not done:
            x = LinearPolicy.features(obs)
            legal = np.flatnonzero(obs["action_mask"])
            p = policy.probabilities(x, legal)
            choice = int(rng.choice(len(p), p=p))
            steps.append((x, legal, choice, p))
            obs, reward, done, _, _ = env.step(int(legal[choice]))
        policy.learn(steps, float(reward) / SCORE_SCALE, lr, lr)
        if episode % eval_every == 0:
            curve.append((episode, evaluate(policy, eval_games)))
            print(f"{episode:>8} episodes: win rate {curve[-1][1]:.0%} "
                  f"({time.perf_counter() - start:.0f} s)", flush=True)
    return curve


def plot(curve: list[tuple[int, float]], reference: float, path: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6, 4))
    ax.plot([e for e, _ in curve], [w for _, w in curve], marker="o", label="linear agent")
    ax.axhline(reference, color="grey", linestyle="--", label="random bot in its seat")
    ax.set_xlabel("training games")
    ax.set_ylabel("win rate against the random bot")
    ax.set_ylim(0, 1)
    ax.set_title("Louis XIV, 2 players: REINFORCE with a linear policy")
    ax.legend(loc="lower right")
    fig.tight_layout()
    fig.savefig(path, dpi=100)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--episodes", type=int, default=600)
    parser.add_argument("--eval-every", type=int, default=100)
    parser.add_argument("--eval-games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--plot", default="louis14_learning_curve.png")
    args = parser.parse_args()
    reference = evaluate(None, args.eval_games)
    print(f"random bot in the agent's seat: win rate {reference:.0%}")
    curve = train(args.episodes, args.eval_every, args.eval_games, args.seed)
    plot(curve, reference, args.plot)
    print(f"learning curve written to {args.plot}")


if __name__ == "__main__":
    main()
