"""Reports and invitations by name, checked against the match they name
(``docs/community.md``).

A report names a seat of a match and either one of its chat lines (one the reporter could
read, written by that seat) or one of its moves (made at that seat); it is stored with the
seat's account as it is then, so deleting or renaming nothing loses it. An invitation by name
sends a person the invitation of a seat of the inviter's table: it waits in his notices (and,
by his choice, comes by mail) until he claims the seat or dismisses it."""

from __future__ import annotations

import time
import unicodedata
from typing import Any, Literal, get_args

from ...presentation import game_title
from ..accounts.store import Account
from ..errors import ApiError, forbidden, malformed
from ..match.chat import can_read
from ..match.live import LiveMatch, Viewer
from ..match.seating import invited_seat, seat_claimed
from ..match.service import MatchService
from ..notices import NoticeStore
from .service import Community, blocking, too_many
from .store import Report, TooMany

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
                 viewer: Viewer, seat: int, chat_line: int | None, move: int | None,
                 reason: str, text: str) -> dict[str, Any]:
    """Store a report by ``viewer``'s seat of ``seat``, naming a chat line or a move.

    Raises:
        ApiError: ``forbidden`` (the spectator), ``malformed`` (the seat, neither or both of
            the chat line and the move, a line or move that is not the seat's).
    """
    if viewer is None:
        raise forbidden("the spectator cannot report a player; a seat's holder can")
    seats = live.record.seats
    if not 0 <= seat < len(seats) or seat == viewer:
        raise malformed(f"'seat' must be another seat of the match, from 0 to {len(seats) - 1}")
    if (chat_line is None) == (move is None):
        raise malformed("name either the chat line ('chat_line') or the move ('move')")
    if chat_line is not None:
        messages = await service.chat.messages(live.match_id)
        if not 0 <= chat_line < len(messages) or messages[chat_line].seat != seat \
                or not can_read(messages[chat_line], viewer):
            raise malformed(f"chat line {chat_line} is no line of seat {seat} you can read")
    if move is not None and not (0 <= move < len(live.actions)
                                 and live.actions[move].seat == seat):
        raise malformed(f"move {move} is no move made at seat {seat}")
    stored = Report(0, live.match_id, seat, seats[seat].account_id, viewer,
                    seats[viewer].account_id, chat_line, move, reason,
                    clean_report_text(text), time.time())
    number = await community.call(community.store.add_report, stored)
    return {"report": number, "match_id": live.match_id, "seat": seat}


async def invite(community: Community, me: Account, live: LiveMatch, viewer: Viewer,
                 handle: str, invitation: str, public_url: str) -> dict[str, Any]:
    """Send the person ``handle`` the invitation of a seat of ``live`` (``invitation``: its
    code, which the table's creator holds): a notice, and a mail if he wants one.

    Raises:
        ApiError: ``forbidden`` (the spectator), ``bad_invitation``, ``seat_claimed``,
            ``unknown_player``, ``self``, ``blocked_by_player``, ``blocking_player``,
            ``too_many``.
    """
    if viewer is None:
        raise forbidden("the spectator cannot invite anyone; a seat's holder can")
    seat = invited_seat(live, invitation)
    if seat.claimed:
        raise seat_claimed(live.match_id, seat.seat)
    other = await community.other(me, handle, "invite")
    seated = [s.account_id for s in live.record.seats if s.account_id is not None]
    by_them, by_other = await community.call(community.store.blocked_between,
                                             other.account_id, [*seated, me.account_id])
    if by_them:
        raise blocking("invite this player to a table where he would sit with him")
    if by_other:
        raise ApiError("blocked_at_table", "this player blocked someone seated at this table, "
                       "so he cannot sit at it", 403)
    try:
        added = await community.call(community.store.invite, other.account_id, me.account_id,
                                     live.match_id, seat.seat, invitation, time.time())
    except TooMany:
        raise too_many("invitations waiting") from None
    mailed = False
    if added and other.email and other.email_verified and await community.call(
            NoticeStore(community.store.engine).invite_mail, other.account_id):
        lang = other.language
        link = f"{public_url.rstrip('/')}/play/{live.match_id}#i={invitation}"
        await community.accounts.mail(
            other.email, lang, "invite", handle=other.handle, inviter=me.handle,
            game=game_title(live.record.game, lang), seat=str(seat.seat + 1), link=link,
            settings=f"{public_url.rstrip('/')}/account/settings")
        mailed = True
    return {"handle": other.handle, "match_id": live.match_id, "seat": seat.seat,
            "mailed": mailed}
