"""The terminal client: play a game at the terminal against bots, or hot-seat.

:class:`~sunking.tui.session.Session` keeps the game state private and hands out views;
:class:`~sunking.tui.app.PlayApp` draws them through the game's renderer
(:data:`~sunking.tui.render.RENDERERS`, with a generic fallback for games without one).
"""

from __future__ import annotations

from . import louis14 as _louis14  # noqa: F401  (registers the Louis XIV renderer)
from . import versailles1682 as _versailles1682  # noqa: F401  (registers Versailles 1682's)
from . import vive_le_roi as _vive_le_roi  # noqa: F401  (registers the Vive le Roi renderer)
from .render import RENDERERS, Renderer, register_renderer, renderer_for
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
    "register_renderer",
    "renderer_for",
]
