"""The routes of the web platform, one module per resource (``docs/web-api.md``):

- :mod:`.catalog`: what the server offers (games, bots, languages, message catalogs);
- :mod:`.matches`: a match (create, view, act, leave, replay, a browser's matches);
- :mod:`.table`: around the table (chat, hints and review);
- :mod:`.seating`: who sits where (invitations claimed, open tables joined and started);
- :mod:`.pages`: the browser client's pages;
- :mod:`.websocket`: a match's websocket (the hub of its connections);
- :mod:`.operators`: health, readiness and metrics for operators;
- :mod:`.accounts` and :mod:`.passkeys`: accounts, their sessions and passkeys, their pages;
- :mod:`.notices`: turn e-mails unsubscribed with one click, an account's choice;
- :mod:`.profiles`: a person's profile, history and statistics, and what others see of them;
- :mod:`.ratings`: a game's leaderboard, and the ratings shown on profiles and open tables.
- :mod:`.community`: following, blocking, muting, inviting by name and reporting.

Routes are thin: a pydantic body (:mod:`.schemas`), the authenticated table (a FastAPI
dependency, :mod:`.deps`), a call to the match service.
"""

from __future__ import annotations

from fastapi import APIRouter

from . import (
    accounts,
    catalog,
    community,
    matches,
    notices,
    operators,
    pages,
    passkeys,
    profiles,
    ratings,
    seating,
    table,
    websocket,
)

ROUTERS: tuple[APIRouter, ...] = (catalog.router, matches.router, table.router,
                                  seating.router, pages.router, websocket.router,
                                  operators.router, accounts.router, passkeys.router,
                                  notices.router, profiles.router, ratings.router,
                                  community.router)
"""Every router, in the order the application includes them."""

__all__ = ["ROUTERS"]
