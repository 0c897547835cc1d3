"""The terminal client: play a game at the terminal against bots, or hot-seat.

:class:`~sunking.tui.session.Session` keeps the game state private and hands out views;
:class:`~sunking.tui.app.PlayApp` draws them through the game's renderer
(found from the game's id in :mod:`sunking.tui.games`, with a generic fallback for games without
one: :func:`~sunking.tui.render.renderer_for`).
"""

from __future__ import annotations

from .render import RENDERERS, Renderer, renderer_for
from .seats import SEATS_HELP, SeatsError, SeatSpec, parse_seats
from .session import Session

__all__ = [
    "RENDERERS",
    "SEATS_HELP",
    "Renderer",
    "SeatSpec",
    "SeatsError",
    "Session",
    "parse_seats",
    "renderer_for",
]
