"""The games, one package each. A game registers through an entry point of the group
``sunking.games`` (see ``pyproject.toml`` and :mod:`sunking.core.registry`); nothing here is
imported until a game is asked for."""
