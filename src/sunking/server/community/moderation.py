"""Reports, and what the operators' commands read and do (``sunking admin``;
``docs/community.md``).

A report names a seat of a match and either one of its chat lines (one the reporter could
read, written by that seat) or one of its moves (made at that seat); it is stored with the
seat's account as it is then, so deleting or renaming nothing loses it. The operators read
the reports with their context (the chat lines around the one named, or the move named, with
the seats' names and handles), and suspend or restore accounts."""

from __future__ import annotations

import dataclasses
import time
import unicodedata
from typing import Any, Literal, get_args

from ... import i18n
from ...core.errors import RulesError
from ...core.game import GameState
from ...presentation import describe_events
from ..accounts.store import AccountStore
from ..errors import forbidden, malformed
from ..match.boards import seat_names
from ..match.chat import SPECTATORS, can_read
from ..match.live import LiveMatch, Viewer
from ..match.request import name_key
from ..match.service import MatchService
from ..storage import ActionRecord, MatchRecord, MatchStore, StorageError, StoredMatch
from .service import Community
from .store import CommunityStore, Report

Reason = Literal["abuse", "cheating", "spam", "stalling", "other"]
REASONS: tuple[str, ...] = get_args(Reason)
"""The reasons a report gives: insults or harassment, cheating (collusion, a second seat),
spam or advertising, stalling (not moving, leaving), something else."""
TEXT_CHARS = 1000
"""The longest free text of a report."""


def clean_report_text(raw: str) -> str:
    """The report's words: control characters but line breaks removed, ends trimmed."""
    return "".join(ch for ch in raw.replace("\r\n", "\n")
                   if ch == "\n" or unicodedata.category(ch) != "Cc").strip()[:TEXT_CHARS]


async def report(community: Community, service: MatchService, live: LiveMatch,
                 viewer: Viewer, seat: int | None, chat_line: int | None, move: int | None,
                 reason: str, text: str) -> dict[str, Any]:
    """Store a report by ``viewer``'s seat of ``seat``, naming a chat line or a move; with
    ``seat`` None, of a spectators' line (stored under seat -1, nobody's account).

    Raises:
        ApiError: ``forbidden`` (the spectator), ``malformed`` (the seat, neither or both of
            the chat line and the move, a line or move that is not the seat's).
    """
    if viewer is None:
        raise forbidden("the spectator cannot report a player; a seat's holder can")
    seats = live.record.seats
    if seat is None:
        if chat_line is None or move is not None:
            raise malformed("a report without 'seat' names a spectators' line ('chat_line')")
    elif not 0 <= seat < len(seats) or seat == viewer:
        raise malformed(f"'seat' must be another seat of the match, from 0 to {len(seats) - 1}")
    if (chat_line is None) == (move is None):
        raise malformed("name either the chat line ('chat_line') or the move ('move')")
    writer = SPECTATORS if seat is None else seat
    if chat_line is not None:
        messages = await service.chat.messages(live.match_id)
        if not 0 <= chat_line < len(messages) or messages[chat_line].seat != writer \
                or not can_read(messages[chat_line], viewer, spectators=True):
            raise malformed(f"chat line {chat_line} is no line of "
                            f"{'the spectators' if seat is None else f'seat {seat}'} "
                            "you can read")
    if move is not None and not (0 <= move < len(live.actions)
                                 and live.actions[move].seat == seat):
        raise malformed(f"move {move} is no move made at seat {seat}")
    stored = Report(0, live.match_id, writer, None if seat is None else seats[seat].account_id,
                    viewer, seats[viewer].account_id, chat_line, move, reason,
                    clean_report_text(text), time.time())
    number = await community.call(community.store.add_report, stored)
    return {"report": number, "match_id": live.match_id, "seat": seat}


MOVES_LISTED = 100
"""How many of a seat's newest moves a report may name."""


def _round_of(rounds: list[tuple[int, int]], version: int) -> int | None:
    """The round under way at ``version``, from the log's ``(version, round)`` marks."""
    found = None
    for at, number in rounds:
        if at > version:
            break
        found = number
    return found


def worded_moves(record: MatchRecord, actions: list[ActionRecord], state: GameState,
                 viewer: Viewer, seat: int, lang: str) -> list[dict[str, Any]]:
    """The newest :data:`MOVES_LISTED` moves made at ``seat``, the newest first, each in the
    words of the log as ``viewer`` may see it in ``lang`` (``Round 2 — Marie plays …``):
    ``[{"move": version, "round": n, "text": …}]``. A move the log words nothing of (a pass,
    or one hidden from the viewer) is named as such."""
    made = [a for a in actions if a.seat == seat][-MOVES_LISTED:]
    after = {a.version + 1 for a in made}
    rounds: list[tuple[int, int]] = []
    caused: dict[int, list[dict[str, Any]]] = {}
    for event in state.events(viewer):
        at = int(event["version"])
        if event.get("type") == "round" and isinstance(event.get("round"), int):
            rounds.append((at, int(event["round"])))
        if at in after:
            caused.setdefault(at, []).append(event)
    names = seat_names(record, lang)
    listed = []
    for action in reversed(made):
        events = caused.get(action.version + 1, [])
        own = [e for e in events if e.get("seat") == seat] or events[:1]
        texts = [str(line["text"])
                 for line in describe_events(record.game, own, lang, names, record.players)]
        if texts:
            text = "; ".join(texts)
        else:
            quiet = "pass" if action.action.get("type") == "pass" else "quiet"
            text = i18n.translate(lang, f"report.move_{quiet}", name=names[seat])
        number = _round_of(rounds, action.version)
        if number is not None:
            text = i18n.translate(lang, "report.move_round", round=number, text=text)
        listed.append({"move": action.version, "round": number, "text": text})
    return listed


AROUND = 3
"""How many chat lines before and after the one named a report's context shows."""
REASON_CHARS = 500
"""The longest reason of a suspension."""


@dataclasses.dataclass(frozen=True, slots=True)
class Admin:
    """The operators' view of one database: its matches, accounts and community."""

    matches: MatchStore
    accounts: AccountStore
    community: CommunityStore

    def handle(self, account_id: str | None) -> str | None:
        if account_id is None:
            return None
        account = self.accounts.find(account_id=account_id)
        return None if account is None else account.handle

    def reports(self, limit: int = 50) -> list[dict[str, Any]]:
        """The newest reports, each with its context."""
        return [self.context(report) for report in self.community.reports(limit)]

    def context(self, report: Report) -> dict[str, Any]:
        """A report as the operators read it: who reported whom (seat names and handles), why,
        and the chat lines around the line named or the move named."""
        out: dict[str, Any] = {**dataclasses.asdict(report),
                               "reported_handle": self.handle(report.reported),
                               "reporter_handle": self.handle(report.reporter)}
        try:
            stored = self.matches.load(report.match_id)
        except StorageError:
            out["gone"] = True
            return out
        names = [seat.name for seat in stored.match.seats]
        out["game"] = stored.match.game
        out["names"] = names
        if report.chat_line is not None:
            chat = self.matches.load_chat(report.match_id)
            low = max(0, report.chat_line - AROUND)
            out["lines"] = [{"number": m.number, "seat": m.seat,
                             "name": m.author if m.seat == SPECTATORS else names[m.seat],
                             "private": m.to is not None, "text": m.text,
                             "named": m.number == report.chat_line}
                            for m in chat[low:report.chat_line + AROUND + 1]]
        if report.move is not None and report.move < len(stored.actions):
            action = stored.actions[report.move]
            out["action"] = {"version": action.version, "seat": action.seat,
                             "name": names[action.seat], "mover": action.mover,
                             "action": action.action, "text": self.move_text(stored, report)}
        return out

    @staticmethod
    def move_text(stored: StoredMatch, report: Report) -> str | None:
        """The move a report names in English words, as its reporter's seat saw it (None:
        the match cannot be replayed here, being of another rules version)."""
        try:
            live = LiveMatch.from_stored(stored)
        except (StorageError, RulesError):  # a log this version cannot replay: its JSON
            return None
        for move in worded_moves(live.record, live.actions, live.state, report.reporter_seat,
                                 report.seat, i18n.DEFAULT_LANGUAGE):
            if move["move"] == report.move:
                return str(move["text"])
        return None

    def suspend(self, handle: str, reason: str) -> str:
        """Suspend the account of ``handle``; its handle as written.

        Raises:
            LookupError: no account has this handle.
            ValueError: the reason is empty or too long.
        """
        reason = " ".join(reason.split())
        if not reason or len(reason) > REASON_CHARS:
            raise ValueError(f"the reason must be 1 to {REASON_CHARS} characters")
        account = self.accounts.find(handle_key=name_key(handle))
        if account is None:
            raise LookupError(handle)
        self.community.suspend(account.account_id, reason, time.time())
        return account.handle

    def restore(self, handle: str) -> tuple[str, bool]:
        """Lift the suspension of ``handle``'s account: its handle, and whether it was
        suspended.

        Raises:
            LookupError: no account has this handle.
        """
        account = self.accounts.find(handle_key=name_key(handle))
        if account is None:
            raise LookupError(handle)
        return account.handle, self.community.restore(account.account_id)
