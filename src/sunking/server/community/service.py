"""The community's rules: following, blocking and muting people, who is online, the guards
that keep blocked and suspended people from a table or a chat, and invitations by name: a
seat's invitation sent to a person, which waits in his notices (and, by his choice, comes by
mail) until he claims the seat or dismisses it (``docs/community.md``).

A person is **online** when one of his sessions was used within :data:`ONLINE_SECONDS`, or
when he is at a table of this process (a socket open, or his view asked for within
:data:`ONLINE_SECONDS`)."""

from __future__ import annotations

import time
from typing import Any

from starlette.requests import HTTPConnection

from ...presentation import game_title
from ..accounts.service import AccountService, accounts_of
from ..accounts.sessions import account_if_signed_in
from ..accounts.store import Account
from ..errors import ApiError, forbidden, suspended
from ..match.live import LiveMatch, Viewer
from ..match.request import name_key
from ..match.seating import invited_seat, seat_claimed
from ..match.service import MatchService
from ..notices import NoticeStore
from .store import BLOCKS, FOLLOWS, CommunityStore, Hidden, TooMany

ONLINE_SECONDS = 300.0
"""How recently a person was seen (a session used, a view asked for) to count as online."""
HIDDEN_SECONDS = 5.0
"""How long a process keeps an account's muted and blocked people before reading them again
(a change made in this process is seen at once)."""


def unknown_player(handle: str) -> ApiError:
    return ApiError("unknown_player", f"no player is called {handle[:40]!r}", 404)


def blocked_by(what: str) -> ApiError:
    return ApiError("blocked_by_player", f"this player has blocked you: you cannot {what}", 403)


def blocking(what: str) -> ApiError:
    return ApiError("blocking_player",
                    f"you have blocked this player: unblock him first to {what}", 403)


def too_many(what: str) -> ApiError:
    return ApiError("too_many", f"you have too many {what} already; remove some first", 409)


class Community:
    """The community of a server on the accounts' database (one per application)."""

    def __init__(self, accounts: AccountService) -> None:
        self.accounts = accounts
        self.store = CommunityStore(accounts.store.engine)
        self._hidden: dict[str, tuple[float, Hidden]] = {}

    async def call(self, fn: Any, *args: Any) -> Any:
        return await self.accounts.store.call(fn, *args)

    async def person(self, handle: str) -> Account:
        """The account of a handle (compared case-folded).

        Raises:
            ApiError: ``unknown_player`` (404).
        """
        store = self.accounts.store
        account = await store.call(store.find, None, None, name_key(handle[:64]))
        if account is None:
            raise unknown_player(handle)
        return account

    async def other(self, me: Account, handle: str, what: str) -> Account:
        """Another person named by handle, who has not blocked ``me``.

        Raises:
            ApiError: ``unknown_player`` (404), ``self`` (422), ``blocked_by_player`` (403).
        """
        other = await self.person(handle)
        if other.account_id == me.account_id:
            raise ApiError("self", f"you cannot {what} yourself", 422)
        by_them, _ = await self.call(self.store.blocked_between, me.account_id,
                                     [other.account_id])
        if by_them:
            raise blocked_by(what)
        return other

    async def relate(self, me: Account, handle: str, kind: str, on: bool) -> dict[str, Any]:
        """Follow, block or mute a person (``on``), or stop.

        Raises:
            ApiError: those of :meth:`other` (a block or a mute is allowed even of someone who
                blocked you), ``too_many`` (409).
        """
        other = await (self.other(me, handle, "follow") if kind == "follow" and on
                       else self._not_me(me, handle, kind))
        mine, theirs, now = me.account_id, other.account_id, time.time()
        try:
            if kind == "follow":
                done = await self.call(self.store.add_pair if on else self.store.drop_pair,
                                       FOLLOWS, mine, theirs, *([now] if on else []))
            elif kind == "block":
                if on:
                    done = await self.call(self.store.block, mine, theirs, now)
                else:
                    done = await self.call(self.store.drop_pair, BLOCKS, mine, theirs)
            elif on:
                done = await self.call(self.store.mute, mine, theirs, None, None, now)
            else:
                done = await self.call(self.store.unmute, mine, theirs, None, None)
        except TooMany:
            raise too_many("people followed" if kind == "follow" else f"{kind}s") from None
        self._hidden.pop(mine, None)
        return {"handle": other.handle, kind: on, "changed": bool(done)}

    async def mute_seat(self, mine: str, target: str | None, match_id: str, seat: int,
                        on: bool) -> None:
        """Hide (``on``) or show again a seat's lines to the account ``mine``: its person's
        (``target``) at every table, or a guest seat's at this one.

        Raises:
            ApiError: ``too_many`` (409).
        """
        where = (target, None, None) if target else (None, match_id, seat)
        try:
            if on:
                await self.call(self.store.mute, mine, *where, time.time())
            else:
                await self.call(self.store.unmute, mine, *where)
        except TooMany:
            raise too_many("mutes") from None
        self._hidden.pop(mine, None)

    async def _not_me(self, me: Account, handle: str, kind: str) -> Account:
        other = await self.person(handle)
        if other.account_id == me.account_id:
            raise ApiError("self", f"you cannot {kind} yourself", 422)
        return other

    async def relations(self, account_id: str, handle: str) -> dict[str, bool]:
        """What ``account_id`` does to the person ``handle``: follows, blocks, mutes him."""
        other = await self.person(handle)
        follows = {a for a, _ in await self.call(self.store.pairs, FOLLOWS, account_id)}
        blocks = {a for a, _ in await self.call(self.store.pairs, BLOCKS, account_id)}
        mutes = {a for a, _ in await self.call(self.store.muted_handles, account_id)}
        return {"follow": other.account_id in follows, "block": other.account_id in blocks,
                "mute": other.account_id in mutes}

    async def hidden(self, account_id: str) -> Hidden:
        """Whose chat lines the account does not see (kept :data:`HIDDEN_SECONDS`)."""
        now = time.monotonic()
        kept = self._hidden.get(account_id)
        if kept is not None and kept[0] > now:
            return kept[1]
        hidden: Hidden = await self.call(self.store.hidden, account_id)
        if len(self._hidden) > 10_000:
            self._hidden.clear()
        self._hidden[account_id] = (now + HIDDEN_SECONDS, hidden)
        return hidden

    async def hidden_seats(self, live: LiveMatch, seat: int | None) -> frozenset[int]:
        """The seats of ``live`` whose chat lines the holder of ``seat`` does not see."""
        if seat is None or not 0 <= seat < len(live.record.seats):
            return frozenset()
        account_id = live.record.seats[seat].account_id
        if account_id is None:
            return frozenset()
        hidden = await self.hidden(account_id)
        if not hidden.accounts and not hidden.seats:
            return frozenset()
        return frozenset(s.seat for s in live.record.seats if s.seat != seat and (
            s.account_id in hidden.accounts or (live.match_id, s.seat) in hidden.seats))

    async def check_may_sit(self, account_id: str | None, live: LiveMatch | None) -> None:
        """Refuse a seat to a suspended account, or at a table where someone blocked him or
        where he blocked someone.

        Raises:
            ApiError: ``suspended``, ``blocked_by_player``, ``blocking_player`` (403).
        """
        if account_id is None:
            return
        reason = await self.call(self.store.suspension, account_id)
        if reason is not None:
            raise suspended(reason)
        if live is None:
            return
        seated = [s.account_id for s in live.record.seats
                  if s.account_id is not None and s.account_id != account_id]
        by_them, by_me = await self.call(self.store.blocked_between, account_id, seated)
        if by_them:
            raise blocked_by("sit at this table: a player seated at it blocked you")
        if by_me:
            raise blocking("sit at this table, where a player you blocked is seated")

    async def check_may_chat(self, live: LiveMatch, seat: int | None, to: object) -> None:
        """Refuse a line from a suspended account's seat, or a private line to someone who
        blocked its writer.

        Raises:
            ApiError: ``suspended``, ``blocked_by_player`` (403).
        """
        if seat is None or not 0 <= seat < len(live.record.seats):
            return
        account_id = live.record.seats[seat].account_id
        if account_id is None:
            return
        reason = await self.call(self.store.suspension, account_id)
        if reason is not None:
            raise suspended(reason)
        if isinstance(to, list):
            readers = [live.record.seats[s].account_id for s in to
                       if isinstance(s, int) and 0 <= s < len(live.record.seats)]
            by_them, _ = await self.call(self.store.blocked_between, account_id,
                                         [a for a in readers if a is not None])
            if by_them:
                raise blocked_by("write to this player")

    async def following(self, account_id: str, service: MatchService) -> list[dict[str, Any]]:
        """The people the account follows: whether each is online, and his open tables."""
        followed = await self.call(self.store.pairs, FOLLOWS, account_id)
        ids = {a for a, _ in followed}
        seen: dict[str, float] = await self.call(self.store.last_seen, ids)
        now = time.time()
        online = {a for a, at in seen.items() if now - at <= ONLINE_SECONDS}
        for live in list(service.cache.held.values()):
            for seat in live.record.seats:
                if seat.account_id is not None and seat.account_id in ids and \
                        service.presence.recently_here(live, seat.seat, ONLINE_SECONDS):
                    online.add(seat.account_id)
        tables: dict[str, list[dict[str, Any]]] = {a: [] for a in ids}
        for table in await service.open_matches():
            live = await service.live(table["match_id"])
            for seat in live.record.seats:
                if seat.account_id is not None and seat.account_id in ids:
                    tables[seat.account_id].append(table)
        return [{"handle": handle, "online": a in online, "open_tables": tables[a]}
                for a, handle in followed]


async def invite(community: Community, me: Account, live: LiveMatch, viewer: Viewer,
                 handle: str, invitation: str, public_url: str) -> dict[str, Any]:
    """Send the person ``handle`` the invitation of a seat of ``live`` (``invitation``: its
    code, which the table's creator holds): a notice, and a mail if he wants one.

    Raises:
        ApiError: ``forbidden`` (the spectator), ``bad_invitation``, ``seat_claimed``,
            ``unknown_player``, ``self``, ``blocked_by_player``, ``blocking_player``,
            ``blocked_at_table``, ``too_many``.
    """
    if viewer is None:
        raise forbidden("the spectator cannot invite anyone; a seat's holder can")
    seat = invited_seat(live, invitation)
    if seat.claimed:
        raise seat_claimed(live.match_id, seat.seat)
    other = await community.other(me, handle, "invite")
    by_me, _ = await community.call(community.store.blocked_between, other.account_id,
                                    [me.account_id])
    if by_me:
        raise blocking("invite him")
    seated = [s.account_id for s in live.record.seats
              if s.account_id is not None and s.account_id != me.account_id]
    by_seated, by_other = await community.call(community.store.blocked_between,
                                               other.account_id, seated)
    if by_seated or by_other:
        raise ApiError("blocked_at_table", "a block keeps this player and someone seated at "
                       "this table apart, so he cannot sit at it", 403)
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


async def seat_taker(connection: HTTPConnection, service: MatchService,
                     match_id: str | None = None) -> str | None:
    """The account that takes a seat with this request (None: a guest), once it is found
    free to sit: not suspended, nor kept from the table ``match_id`` by a block.

    Raises:
        ApiError: the session's refusals (``cross_origin``, ``csrf_missing``, …),
            ``unknown_match``, ``suspended``, ``blocked_by_player``, ``blocking_player``.
    """
    account = await account_if_signed_in(connection)
    if account is None:
        return None
    live = None if match_id is None else await service.live(match_id)
    await (await community_of(connection)).check_may_sit(account.account_id, live)
    return account.account_id


async def community_of(connection: HTTPConnection) -> Community:
    """The community of the application (made at its first use)."""
    state = connection.app.state
    community: Community | None = getattr(state, "community", None)
    accounts = await accounts_of(connection)
    if community is None or community.accounts is not accounts:
        community = state.community = Community(accounts)
    return community
