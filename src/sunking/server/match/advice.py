"""The AI's advice at a table created with hints on: a hint for the seat to move, and after the
end a review of a seat's decisions. Every search runs in the bot workers (never on the event
loop) on what the seat could know, and each result is kept, so asking again costs nothing.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
from typing import Any

from ...core.errors import RulesError
from ...core.registry import make
from ...presentation import describe
from ..errors import ApiError, forbidden, not_started
from ..workers.bots import BotRunner
from .boards import seat_names
from .live import LiveMatch, Viewer

log = logging.getLogger(__name__)


@dataclasses.dataclass
class _Review:
    """A review being computed (or done) for one seat of a finished match."""

    total: int = 0
    done: int = 0
    decisions: list[dict[str, Any]] = dataclasses.field(default_factory=list)
    views: dict[int, dict[str, Any]] = dataclasses.field(default_factory=dict)
    """The seat's view before each reviewed decision (by version), to word its moves."""
    worded: dict[tuple[int, str], dict[str, str]] = dataclasses.field(default_factory=dict)
    """The moves of each decision in words, by (version, language): worded once, however
    often the page asks while the review is computed."""
    task: asyncio.Task[None] | None = None
    failed: str | None = None


Decision = tuple[int, dict[str, Any], dict[str, Any], dict[str, Any]]


def _decisions(live: LiveMatch, seat: int) -> list[Decision]:
    """(version, state before, the seat's view before, action) of every move the seat's holder
    chose among several."""
    record = live.record
    game = make(record.game)
    state = game.new_game(record.players, record.seed, **record.options)
    state.quiet = True
    out = []
    for stored in live.actions:
        if stored.seat == seat and stored.mover == "seat" and len(state.legal_actions()) > 1:
            out.append((stored.version, state.to_json(), state.view(seat), stored.action))
        state = state.apply_unchecked(game.parse_action(stored.action))
    return out


def _worded(game: str, view: dict[str, Any], decision: dict[str, Any], seat: int, lang: str,
            names: list[str]) -> dict[str, str]:
    """The chosen and the preferred move of a reviewed decision in words, as the seat's
    prompt worded them then."""
    board = describe(game, view, [decision["chosen"], decision["best"]], seat, lang, names)
    chosen, best = (str(a["text"]) for a in board["actions"])
    return {"chosen_text": chosen, "best_text": best}


class Advisor:
    """Hints and reviews for the matches of one server process."""

    def __init__(self, bots: BotRunner) -> None:
        self.bots = bots
        self._hints: dict[tuple[str, int, int], asyncio.Future[list[dict[str, Any]]]] = {}
        self._reviews: dict[tuple[str, int], _Review] = {}

    @staticmethod
    def _check(live: LiveMatch, viewer: Viewer) -> int:
        if viewer is None:
            raise forbidden("the spectator has no moves of its own to be advised on")
        if not live.record.hints:
            raise ApiError("hints_off", "this match was created without hints", 409)
        return viewer

    async def hint(self, live: LiveMatch, viewer: Viewer) -> list[dict[str, Any]]:
        """The AI's top moves for ``viewer``, who is to move; computed once per seat and
        version.

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
        pending = self._hints.get(key)
        if pending is None:
            for old in [k for k in self._hints if k[0] == live.match_id and k[2] < key[2]]:
                del self._hints[old]
            pending = asyncio.ensure_future(self.bots.hint(
                live.record.game, live.state.to_json(), live.record.seed))
            self._hints[key] = pending
        try:
            return await asyncio.shield(pending)
        except (ValueError, RulesError) as err:
            self._hints.pop(key, None)
            raise ApiError("hint_failed", f"no hint could be computed: {err}", 409) from None

    def review(self, live: LiveMatch, viewer: Viewer, lang: str) -> dict[str, Any]:
        """The review of ``viewer``'s decisions in a finished match: started on the first
        request, then its progress, then the decisions where the AI preferred another move,
        each move also in words of ``lang`` (``chosen_text``, ``best_text``).

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
        for d in sorted(review.decisions, key=lambda d: d["version"]):
            words = (d["version"], lang)
            if words not in review.worded:
                review.worded[words] = _worded(live.record.game, review.views[d["version"]], d,
                                             seat, lang, names)
            decisions.append({**d, **review.worded[words]})
        return {"match_id": live.match_id, "seat": seat, "status": status,
                "done": review.done, "total": review.total, "decisions": decisions}

    async def _run(self, live: LiveMatch, seat: int, review: _Review) -> None:
        try:
            decisions = await asyncio.to_thread(_decisions, live, seat)
            review.total = len(decisions)
            for version, state_json, view, action in decisions:
                verdict = await self.bots.review(live.record.game, state_json, live.record.seed,
                                                 action)
                review.done += 1
                best, chosen = verdict["best_chance"], verdict["chosen_chance"]
                if verdict["best"] != action and best is not None:
                    review.views[version] = view
                    review.decisions.append({
                        "version": version, "chosen": action, "chosen_chance": chosen,
                        "best": verdict["best"], "best_chance": best,
                        "loss": None if chosen is None else round(max(0.0, best - chosen), 3),
                    })
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
