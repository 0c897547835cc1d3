"""Information-Set Monte Carlo Tree Search (Cowling, Powley & Whitehouse, 2012).

Single-observer ISMCTS: one tree for the deciding seat, its nodes keyed on the sequence of
actions from the decision (so a node stands for every state of the seat's information set that
the sequence leads to). Each iteration

1. draws a determinization from the seat's information set (``Observation.determinize``);
2. descends the tree, choosing among the children whose actions are legal in this
   determinization by UCB with availability counts;
3. expands one new child — progressively widened: a node gets a new child while it has fewer
   than ``widening * sqrt(visits)`` of them, the deciding seat's first choices in the order of
   a one-ply heuristic ranking, all others at random;
4. plays the game on with the game's fast default policy for up to ``horizon`` actions;
   in a game whose evaluator's ``scope`` is ``"turn"``, the descent instead ends at the first
   decision of another seat, and that position is scored at once (no playout);
5. scores the end position by the game's win chances (``Evaluator.win_chances``: a win share
   when the game is over, otherwise by default the softmax of its evaluation) and backs the
   rewards up the path, each node counting the reward of the seat that chose it.

What it knows of the game is its evaluator (:mod:`.evaluator`), or what a *tuning* gives it
for each decision (:data:`Tuning`: another evaluator, such as a learned one, and settings).

The budget is a number of iterations, a number of seconds, or both (whichever ends first).
"""

from __future__ import annotations

import dataclasses
import math
import time
from collections.abc import Callable, Hashable, Sequence
from typing import Any, TypeVar

from ..core.actions import Action
from ..core.game import GameState
from ..core.native import mypyc_attr
from ..core.rng import Rng
from .evaluator import Evaluator, evaluator
from .heuristic import one_ply
from .protocol import Observation

K = TypeVar("K", bound=Hashable)


@dataclasses.dataclass(frozen=True, slots=True)
class IsmctsConfig:
    """Search parameters. ``iterations`` and ``seconds`` are budgets (None: unbounded)."""

    iterations: int | None = 1000
    seconds: float | None = None
    horizon: int = 16
    """Actions of default policy after the tree; the evaluation scores the rest."""
    exploration: float = 0.7
    widening: float = 1.0
    root_widening: float = 1.0
    min_children: int = 4
    cpu_clock: bool = False
    """Count ``seconds`` in this process's CPU time, not on the wall clock: a tournament on a
    shared machine then gives every decision the same search a quiet machine would (the
    server, where a person waits, counts wall time)."""

    def __post_init__(self) -> None:
        if self.iterations is None and self.seconds is None:
            raise ValueError("ISMCTS needs a budget: iterations, seconds or both")
        if self.iterations is not None and self.iterations < 1:
            raise ValueError("ISMCTS needs at least one iteration")
        if self.seconds is not None and self.seconds <= 0:
            raise ValueError("ISMCTS needs a positive time budget")
        if self.horizon < 0:
            raise ValueError("the rollout horizon cannot be negative")

    def split(self, parts: int) -> IsmctsConfig:
        """The budget of one of ``parts`` searches run side by side for one decision (root
        parallelization, :func:`merge_choices`): the iterations shared out, the time cap
        kept (the searches run at the same time)."""
        if parts < 1:
            raise ValueError("a search is split into at least one part")
        if self.iterations is None or parts == 1:
            return self
        return dataclasses.replace(self, iterations=max(1, -(-self.iterations // parts)))


def merge_choices(reports: Sequence[Sequence[tuple[K, int, float]]]) -> list[tuple[K, int, float]]:
    """The root statistics of independent searches of one decision, summed per action, most
    visited first (root parallelization: Chaslot, Winands & van den Herik, 2008). Each report
    lists ``(action, visits, mean reward)`` as :attr:`SearchReport.choices` does; an action
    may be any key that names it (the action, or its JSON text). The first is the move, as in
    a single search: most visits, then the larger total reward."""
    visits: dict[K, int] = {}
    totals: dict[K, float] = {}
    for choices in reports:
        for action, n, mean in choices:
            visits[action] = visits.get(action, 0) + n
            totals[action] = totals.get(action, 0.0) + n * mean
    merged = [(a, n, totals[a] / n) for a, n in visits.items() if n]
    return sorted(merged, key=lambda c: (-c[1], -c[1] * c[2]))


class _Node:
    __slots__ = ("avail", "children", "reward", "visits")

    def __init__(self) -> None:
        self.children: dict[Action, _Node] = {}
        self.visits = 0
        self.avail = 1
        self.reward = 0.0


@dataclasses.dataclass(frozen=True, slots=True)
class SearchReport:
    """What the last search did (for benchmarks and curious callers)."""

    iterations: int
    seconds: float
    root_children: int
    best_visits: int
    choices: tuple[tuple[Action, int, float], ...] = ()
    """Every root action tried: (action, visits, mean reward of the deciding seat), most
    visited first."""


def rewards(judge: Evaluator[Any], state: GameState) -> Sequence[float]:
    """Per seat, a reward in [0, 1]: the game's win chances (:meth:`Evaluator.win_chances`:
    the win share once over, otherwise its evaluation turned into a win chance)."""
    return judge.win_chances(state)


def ranked(judge: Evaluator[Any], state: GameState, actions: Sequence[Action],
           seat: int) -> list[Action]:
    """``actions`` best first by one ply of the game's evaluation (:func:`one_ply`);
    stable, so equal actions keep their order."""
    scores = one_ply(judge, state, actions, seat)
    order = sorted(range(len(actions)), key=lambda i: -scores[i])
    return [actions[i] for i in order]


def _ucb_choice(available: list[tuple[Action, _Node]], explore: float) -> tuple[Action, _Node]:
    """The child with the best upper confidence bound; every child offered counts the offer
    (``avail``, the information-set version of UCB)."""
    best_score = -1.0
    chosen = available[0]
    for item in available:
        child = item[1]
        child.avail += 1
        score = (child.reward / child.visits
                 + explore * math.sqrt(math.log(child.avail) / child.visits))
        if score > best_score:
            best_score, chosen = score, item
    return chosen


Tuning = Callable[[Observation, IsmctsConfig], tuple[Evaluator[Any], IsmctsConfig]]
"""What one decision is searched with, chosen from its observation and the bot's settings:
the evaluator that judges its positions and the settings themselves (``ismcts:expert``'s,
``sunking.envs.learned.expert_tuning``: its game's model and the settings measured with
it; found through the entry points of :data:`sunking.bots.SEARCHES`)."""


@mypyc_attr(allow_interpreted_subclasses=True)
class IsmctsBot:
    """ISMCTS with a budget; see the module documentation. Compiled with the engine, it may
    still be extended from source (as the foresight benchmark's measuring sticks do).
    Without ``tuning`` every decision is searched with ``config`` and the game's evaluator."""

    def __init__(self, config: IsmctsConfig, name: str = "ismcts",
                 tuning: Tuning | None = None) -> None:
        self.config = config
        self.name = name
        self.tuning = tuning
        self.last: SearchReport | None = None

    @property
    def budget(self) -> int | None:
        return self.config.iterations

    def act(self, observation: Observation, rng: Rng, first: Action | None = None) -> Action:
        """The most visited move after the search. ``first`` (a legal action) is tried before
        the others, so the report always has an estimate for it (a game review uses this)."""
        actions = observation.legal_actions
        if len(actions) == 1:
            return actions[0]
        start = time.perf_counter()
        if self.tuning is None:
            config, judge = self.config, evaluator(observation.game.spec.id)
        else:
            judge, config = self.tuning(observation, self.config)
        clock = time.process_time if config.cpu_clock else time.perf_counter
        deadline = None if config.seconds is None else clock() + config.seconds
        seat = observation.seat
        order = ranked(judge, observation.determinize(rng), actions, seat)
        if first is not None and first in order:
            order = [first, *(a for a in order if a != first)]
        root = _Node()
        sets: dict[int, tuple[Sequence[Action], frozenset[Action]]] = {}
        # Keyed by id: the legal tuples are kept alive in the values, so ids stay unique.
        done = 0
        limit = config.iterations
        while limit is None or done < limit:
            if done and deadline is not None and clock() >= deadline:
                break  # the time is up (after one iteration at least, so there is a move)
            self._iterate(root, observation, rng, order, sets, judge, config)
            done += 1
        best_action, best = max(
            root.children.items(), key=lambda item: (item[1].visits, item[1].reward)
        )
        choices = sorted(
            ((a, n.visits, n.reward / n.visits) for a, n in root.children.items() if n.visits),
            key=lambda c: (-c[1], -c[2]),
        )
        self.last = SearchReport(done, time.perf_counter() - start, len(root.children),
                                 best.visits, tuple(choices))
        return best_action

    def _iterate(
        self,
        root: _Node,
        observation: Observation,
        rng: Rng,
        order: list[Action],
        sets: dict[int, tuple[Sequence[Action], frozenset[Action]]],
        judge: Evaluator[Any],
        config: IsmctsConfig,
    ) -> None:
        """One iteration: a fresh determinization played down the tree, where one new child
        is added; then on by the default policy (unless search keeps to the seat's own turn);
        then its rewards backed up along the path, as the game's ``judge`` scores them."""
        state = observation.determinize(rng)  # a private copy: played in place below
        own_turn = judge.scope == "turn"
        path = self._descend(root, state, observation.seat, own_turn, rng, order, sets, config)
        if not own_turn:
            rollout = judge.rollout_action
            for _ in range(config.horizon):
                if state.to_move is None:
                    break
                state.play(rollout(state, rng))
        reward = rewards(judge, state)
        root.visits += 1
        for node, seat in path:
            node.visits += 1
            node.reward += reward[seat]

    def _descend(
        self,
        root: _Node,
        state: GameState,
        me: int,
        own_turn: bool,
        rng: Rng,
        order: list[Action],
        sets: dict[int, tuple[Sequence[Action], frozenset[Action]]],
        config: IsmctsConfig,
    ) -> list[tuple[_Node, int]]:
        """Play ``state`` down the tree by UCB among the children open to it, until a new
        child is added (and, searching only the seat's own turn, on to the turn's end); the
        nodes passed, each with the seat that moved into it."""
        node = root
        path: list[tuple[_Node, int]] = []
        while True:
            mover = state.to_move
            if mover is None or (own_turn and mover != me):
                break
            legal = state.legal_actions()
            available, width = self._open_children(node, root, legal, sets, config)
            if len(available) < len(legal) and len(available) < width:
                action = self._untried(node, root, legal, order, rng)
                child = _Node()
                node.children[action] = child
                for _, other in available:
                    other.avail += 1
                path.append((child, mover))
                state.play(action)
                if not own_turn:
                    break
                node = child
                continue
            action, node = _ucb_choice(available, config.exploration)
            path.append((node, mover))
            state.play(action)
        return path

    def _open_children(
        self,
        node: _Node,
        root: _Node,
        legal: Sequence[Action],
        sets: dict[int, tuple[Sequence[Action], frozenset[Action]]],
        config: IsmctsConfig,
    ) -> tuple[list[tuple[Action, _Node]], float]:
        """The children of ``node`` whose action is legal in this determinization (at the
        root, all of them), and how many children progressive widening allows it now."""
        children = node.children
        if node is root:
            width = config.min_children + config.root_widening * math.sqrt(node.visits)
            return list(children.items()), width
        known = sets.get(id(legal))
        if known is None:
            known = (legal, frozenset(legal))
            sets[id(legal)] = known
        legal_set = known[1]
        width = config.min_children + config.widening * math.sqrt(node.visits)
        return [item for item in children.items() if item[0] in legal_set], width

    @staticmethod
    def _untried(
        node: _Node, root: _Node, legal: Sequence[Action], order: list[Action], rng: Rng
    ) -> Action:
        children = node.children
        if node is root:
            for action in order:
                if action not in children:
                    return action
        for _ in range(8):
            action = rng.choice(legal)
            if action not in children:
                return action
        untried = [a for a in legal if a not in children]
        return rng.choice(untried)
