"""The AI's advice at a table created with hints on: a hint for the seat to move, and after the
end a review of a seat's decisions (the coach's, :mod:`sunking.coach`), worded in the reader's
language. Every search runs in the bot workers (never on the event loop) on what the seat
could know, and each result is kept, so asking again costs nothing.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
from collections import Counter
from typing import Any

from ...coach.review import Decision, Verdict, curve, reviewable
from ...core.errors import RulesError
from ...core.registry import make
from ...presentation import describe, describe_events
from ..errors import ApiError, forbidden, not_started
from ..workers.bots import BotRunner
from ..workers.coaching import FLAGGED, reviewed_move
from .boards import seat_names
from .live import LiveMatch, Viewer
from .tutorials import start_state

log = logging.getLogger(__name__)


@dataclasses.dataclass
class _Review:
    """A review being computed (or done) for one seat of a finished match."""

    total: int = 0
    done: int = 0
    verdicts: list[Verdict] = dataclasses.field(default_factory=list)
    """Each reviewed decision with the coach's verdict, in the order they were searched."""
    views: dict[int, dict[str, Any]] = dataclasses.field(default_factory=dict)
    """The seat's view before each flagged decision (by step), to word its moves."""
    worded: dict[tuple[int, str], dict[str, Any]] = dataclasses.field(default_factory=dict)
    """The words of each flagged decision by (step, language): worded once, however often
    the page asks while the review is computed."""
    task: asyncio.Task[None] | None = None
    failed: str | None = None


def _decisions(live: LiveMatch, seat: int) -> list[tuple[Decision, dict[str, Any]]]:
    """The decisions of ``seat`` a review looks at, each with the seat's view then: the moves
    its holder chose among several (the coach's rule, :func:`reviewable`), not the moves its
    stand-in made (``ActionRecord.mover``)."""
    record = live.record
    game = make(record.game)
    state = start_state(record)
    state.quiet = True
    out = []
    for index, stored in enumerate(live.actions):
        action = game.parse_action(stored.action)
        if stored.seat == seat and stored.mover == "seat" and state.to_move == seat \
                and reviewable(state, action):
            decision = Decision(index, seat, stored.version, state.to_json(), stored.action)
            out.append((decision, state.view(seat)))
        state = state.apply_unchecked(action, replay=True)
    return out


def _worded(game: str, view: dict[str, Any], verdict: dict[str, Any], seat: int, lang: str,
            names: list[str], players: int) -> dict[str, Any]:
    """The moves of a flagged decision in words, as the seat's prompt worded them then, and
    what each changes (the events of playing it, as the seat would have seen them): for the
    better move only what differs from the move played."""
    chosen, best = action_texts(game, view, [verdict["chosen"], verdict["best"]], seat, lang,
                                names)
    changes = verdict.get("changes") or {}
    worded = {which: [str(e["text"]) for e in describe_events(
        game, changes.get(which, []), lang, names, players, you=seat)]
        for which in ("chosen", "best")}
    common = Counter(worded["chosen"]) & Counter(worded["best"])
    different = []
    for text in worded["best"]:
        if common[text] > 0:
            common[text] -= 1
        else:
            different.append(text)
    return {"chosen_text": chosen, "best_text": best, "chosen_changes": worded["chosen"],
            "best_changes": different}


def action_texts(game: str, view: dict[str, Any], actions: list[dict[str, Any]], seat: int,
                 lang: str, names: list[str]) -> list[str]:
    """``actions`` in words of ``lang``, as the seat's prompt words them at ``view``."""
    board = describe(game, view, actions, seat, lang, names)
    texts = {int(a["index"]): str(a["text"]) for a in board["actions"]}
    return [texts.get(i, "") for i in range(len(actions))]


class Advisor:
    """Hints and reviews for the matches of one server process."""

    def __init__(self, bots: BotRunner) -> None:
        self.bots = bots
        self._hints: dict[tuple[str, int, int], asyncio.Future[dict[str, Any]]] = {}
        self._reviews: dict[tuple[str, int], _Review] = {}

    @staticmethod
    def _check(live: LiveMatch, viewer: Viewer) -> int:
        if viewer is None:
            raise forbidden("the spectator has no moves of its own to be advised on")
        if not live.record.hints:
            raise ApiError("hints_off", "this match was created without hints", 409)
        return viewer

    async def hint(self, live: LiveMatch, viewer: Viewer, lang: str) -> dict[str, Any]:
        """The AI's best moves for ``viewer``, who is to move (the coach's hint: ``moves``
        with their win chances and intervals, ``separated``), each move also in words of
        ``lang`` (``text``); searched once per seat and version.

        Raises:
            ApiError: ``forbidden`` (the spectator), ``hints_off``, ``not_started``,
                ``game_over``, ``not_your_turn`` or ``hint_failed``.
        """
        seat = self._check(live, viewer)
        if live.record.waiting:
            raise not_started()
        if live.state.is_terminal:
            raise ApiError("game_over", "the match is over", 409)
        if live.state.to_move != seat:
            raise ApiError("not_your_turn", f"seat {seat} is not to move", 409)
        key = (live.match_id, seat, live.version)
        view = live.state.view(seat)
        pending = self._hints.get(key)
        if pending is None:
            for old in [k for k in self._hints if k[0] == live.match_id and k[2] < key[2]]:
                del self._hints[old]
            pending = asyncio.ensure_future(self.bots.hint(
                live.record.game, live.state.to_json(), live.record.seed))
            self._hints[key] = pending
        try:
            answer = await asyncio.shield(pending)
        except (ValueError, RulesError) as err:
            self._hints.pop(key, None)
            raise ApiError("hint_failed", f"no hint could be computed: {err}", 409) from None
        moves = answer["moves"]
        texts = action_texts(live.record.game, view, [m["action"] for m in moves], seat, lang,
                             seat_names(live.record, lang))
        return {"moves": [{**m, "text": text} for m, text in zip(moves, texts, strict=True)],
                "separated": bool(answer["separated"])}

    def review(self, live: LiveMatch, viewer: Viewer, lang: str) -> dict[str, Any]:
        """The review of ``viewer``'s decisions in a finished match: started on the first
        request, then its progress (``done`` of ``total``), then the flagged decisions by
        replay step (``decisions``: class, both moves with their chances and intervals, in
        words of ``lang``, and what each changes) and the seat's win-chance ``curve``.

        Raises:
            ApiError: ``forbidden`` (the spectator), ``hints_off`` or ``not_finished``.
        """
        seat = self._check(live, viewer)
        if not live.state.is_terminal:
            raise ApiError("not_finished", "a review comes after the end of the match", 409)
        key = (live.match_id, seat)
        review = self._reviews.get(key)
        if review is None:
            review = self._reviews[key] = _Review()
            review.task = asyncio.get_running_loop().create_task(self._run(live, seat, review))
        status = "failed" if review.failed else (
            "done" if review.task is not None and review.task.done() else "computing")
        names = seat_names(live.record, lang)
        decisions = []
        for decision, verdict in sorted(review.verdicts, key=lambda v: v[0].index):
            if verdict["class"] not in FLAGGED:
                continue
            words = (decision.step, lang)
            if words not in review.worded:
                review.worded[words] = _worded(live.record.game, review.views[decision.step],
                                               verdict, seat, lang, names, live.record.players)
            line = {k: v for k, v in verdict.items() if k != "changes"}
            decisions.append({"step": decision.step, "version": decision.version, **line,
                              **review.worded[words]})
        return {"match_id": live.match_id, "seat": seat, "status": status,
                "done": review.done, "total": review.total, "decisions": decisions,
                "curve": curve(review.verdicts)}

    async def _run(self, live: LiveMatch, seat: int, review: _Review) -> None:
        try:
            decisions = await asyncio.to_thread(_decisions, live, seat)
            review.total = len(decisions)
            for decision, view in decisions:
                verdict = await self.bots.run(reviewed_move, live.record.game, decision.state,
                                              live.record.seed, decision.action, seat)
                if verdict["class"] in FLAGGED:
                    review.views[decision.step] = view
                review.verdicts.append((dataclasses.replace(decision, state={}), verdict))
                review.done += 1
        except asyncio.CancelledError:
            raise
        except Exception as err:  # a background job: any failure is reported by status
            log.exception("match %s: the review of seat %s failed", live.match_id, seat)
            review.failed = str(err) or type(err).__name__

    def close(self) -> None:
        """Stop the reviews being computed."""
        for review in self._reviews.values():
            if review.task is not None:
                review.task.cancel()
