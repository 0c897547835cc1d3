"""A game's review: each decision of a seat classed by the win chance it gave away.

A decision is the action at index ``i`` of a game record; its step is the replay's numbering
(:func:`replay_step`). Only real choices are reviewed: table talk (an action said aside,
``GameState.aside``) and forced moves (one legal action) are not decisions. Each decision is
searched from what the deciding seat could know, the move played searched first in every
search; the search's move (most visited) and the move played are compared by their
estimates over the independent searches (:mod:`.estimate`). Where the first pass is near a
threshold and the intervals do not settle it, more searches are run, up to a cap.
"""

from __future__ import annotations

import concurrent.futures
import dataclasses
import multiprocessing
from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Any

from ..bots.ismcts import IsmctsConfig
from ..core.game import GameState
from ..core.record import GameRecord, check_rules_version
from ..core.registry import make
from ..core.undo import Undo
from .estimate import (
    CLASSES,
    Estimate,
    Searches,
    action_key,
    classify,
    deciding,
    rounded,
    separated,
)

REVIEW_ITERATIONS = 300
"""ISMCTS iterations of each of a review's searches (see docs/bots.md)."""


@dataclasses.dataclass(frozen=True, slots=True)
class ReviewBudget:
    """The search behind each reviewed decision (see docs/bots.md)."""

    iterations: int = REVIEW_ITERATIONS
    """ISMCTS iterations of one search."""
    searches: int = 4
    """Independent searches of the first pass."""
    more: int = 4
    """Searches added each time the estimates are not yet conclusive."""
    max_searches: int = 12
    horizon: int = 8

    def __post_init__(self) -> None:
        if self.searches < 2:
            raise ValueError("an interval needs at least two independent searches")
        if self.max_searches < self.searches or self.more < 0 or self.iterations < 1:
            raise ValueError("a review budget needs max_searches >= searches, more >= 0 and "
                             "at least one iteration")

    @property
    def config(self) -> IsmctsConfig:
        return IsmctsConfig(iterations=self.iterations, horizon=self.horizon)

    def times(self, factor: int) -> ReviewBudget:
        """The same first pass with ``factor`` times its iterations, and no further searches
        (the check of a review's verdicts)."""
        return dataclasses.replace(self, iterations=self.iterations * factor, more=0,
                                   max_searches=self.searches)


def replay_step(index: int) -> int:
    """The replay's step of the decision at ``index`` (0-based) of a record's actions: the
    replay's frame ``index`` shows its position, and its bar reads "Step {index + 1}"."""
    if index < 0:
        raise ValueError("a decision's index is not negative")
    return index + 1


def inconclusive(best: Estimate, chosen: Estimate) -> bool:
    """Whether more search could change the class: the intervals do not separate although
    the drop is at least half the smallest threshold, or they separate with a threshold
    within the estimates' uncertainty of the drop."""
    if best.key == chosen.key:
        return False
    drop = best.chance - chosen.chance
    smallest = CLASSES[-1][1]
    if not separated(best, chosen):
        return drop >= smallest / 2
    margin = (best.width + chosen.width) / 2
    return any(abs(drop - threshold) < margin for _, threshold in CLASSES)


def _searched(game_id: str, state_json: Mapping[str, Any], seed: int,
              chosen: Mapping[str, Any], budget: ReviewBudget) -> tuple[Searches, str]:
    game, state, seat = deciding(game_id, state_json, "decision to review")
    played = game.parse_action(dict(chosen))
    legal = state.legal_actions()
    if played not in legal:
        raise ValueError(f"the move {dict(chosen)} is not one of the decision's legal moves")
    if len(legal) < 2:
        raise ValueError("a forced move is not a decision to review")
    searches = Searches(state, seat, seed, budget.config, first=played)
    searches.run(budget.searches)
    return searches, action_key(played)


def review_decision(game_id: str, state_json: Mapping[str, Any], seed: int,
                    chosen: Mapping[str, Any], budget: ReviewBudget | None = None
                    ) -> dict[str, Any]:
    """The verdict on one decision (JSON, the coach's contract): the move played and the
    search's move, each with its win chance for the deciding seat and 95% interval, the drop,
    whether the intervals separate, the class, and the searches and iterations spent.

    Raises:
        ValueError: the state or the move is not readable, the game is over, the move is not
            legal there, or it was the only one.
    """
    budget = budget or ReviewBudget()
    searches, played = _searched(game_id, state_json, seed, chosen, budget)
    while True:
        best = searches.estimate(searches.ranked()[0])
        mine = searches.estimate(played)
        grown = len(searches.reports) + budget.more
        if budget.more == 0 or grown > budget.max_searches or not inconclusive(best, mine):
            break
        searches.run(budget.more)
    return {
        "chosen": mine.action, "best": best.action,
        "chosen_chance": rounded(mine.chance), "chosen_low": rounded(mine.low),
        "chosen_high": rounded(mine.high),
        "best_chance": rounded(best.chance), "best_low": rounded(best.low),
        "best_high": rounded(best.high),
        "drop": rounded(max(0.0, best.chance - mine.chance)),
        "separated": separated(best, mine), "class": classify(best, mine),
        "searches": len(searches.reports), "iterations": searches.iterations,
    }


@dataclasses.dataclass(frozen=True, slots=True)
class Decision:
    """One reviewed decision of a record: the action at ``index``, by ``seat``, made at
    ``version`` from the state ``state`` (JSON)."""

    index: int
    seat: int
    version: int
    state: dict[str, Any]
    action: dict[str, Any]

    @property
    def step(self) -> int:
        return replay_step(self.index)


def reviewable(state: GameState, action: Any) -> bool:
    """Whether playing ``action`` at ``state`` is a decision a review looks at: not table
    talk, not an undo, and a choice among more than one legal action."""
    return (not isinstance(action, Undo) and state.aside(action) is None
            and len(state.legal_actions()) > 1)


def decisions(record: GameRecord, seats: Collection[int] | None = None) -> list[Decision]:
    """The reviewed decisions of ``record`` made by ``seats`` (all seats: None), in order.

    Raises:
        RulesVersionMismatch: the record is of another version of the game's rules.
        RulesError: an action of the record is not legal where it stands.
    """
    game = make(record.game)
    check_rules_version(game, record.rules_version)
    state = game.new_game(record.num_players, record.seed, **record.options)
    state.quiet = True
    out = []
    for index, action in enumerate(record.actions):
        seat = state.to_move
        if (seat is not None and (seats is None or seat in seats)
                and reviewable(state, action)):
            out.append(Decision(index, seat, state.version, state.to_json(), action.to_json()))
        state = state.apply(action)
    return out


Verdict = tuple[Decision, dict[str, Any]]


def curve(reviewed: Sequence[Verdict]) -> list[dict[str, Any]]:
    """The seat's win chance after each reviewed decision: the estimate of the move played
    (what the seat's position was worth once it had moved), in step order."""
    return [{"step": d.step, "version": d.version, "win_chance": v["chosen_chance"]}
            for d, v in sorted(reviewed, key=lambda item: item[0].index)]


def _review_one(game_id: str, seed: int, decision: Decision,
                budget: ReviewBudget) -> dict[str, Any]:
    return review_decision(game_id, decision.state, seed, decision.action, budget)


def review_record(record: GameRecord, seats: Collection[int] | None = None,
                  budget: ReviewBudget | None = None, workers: int = 1,
                  progress: Callable[[int, int], None] | None = None) -> list[Verdict]:
    """Every reviewed decision of ``seats`` in ``record`` with its verdict, in step order;
    with ``workers`` > 1 the decisions are searched in that many processes. ``progress`` is
    told (done, total) after each decision.

    Raises:
        RulesVersionMismatch: the record is of another version of the game's rules.
        RulesError: an action of the record is not legal where it stands.
    """
    budget = budget or ReviewBudget()
    todo = decisions(record, seats)
    done: dict[int, dict[str, Any]] = {}
    if progress is not None:
        progress(0, len(todo))
    if workers <= 1:
        for decision in todo:
            done[decision.index] = _review_one(record.game, record.seed, decision, budget)
            if progress is not None:
                progress(len(done), len(todo))
    else:
        context = multiprocessing.get_context("spawn")
        with concurrent.futures.ProcessPoolExecutor(workers, mp_context=context) as pool:
            futures = {pool.submit(_review_one, record.game, record.seed, d, budget): d
                       for d in todo}
            for future in concurrent.futures.as_completed(futures):
                done[futures[future].index] = future.result()
                if progress is not None:
                    progress(len(done), len(todo))
    return [(d, done[d.index]) for d in todo]
