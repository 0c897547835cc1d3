"""Louis XIV in the terminal: the court and the board (:mod:`.board`) and the moves' menus
and notation (:mod:`.moves`)."""

from .board import RENDERER, Louis14Renderer

__all__ = ["RENDERER", "Louis14Renderer"]
