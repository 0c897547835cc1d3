"""Each game's own terminal renderer: the module or package ``sunking.tui.games.<game id>``
with a ``RENDERER`` (a :class:`~sunking.tui.render.Renderer`), found from the game's id by
:func:`~sunking.tui.render.renderer_for`; a game without one is shown by the generic renderer.
"""
