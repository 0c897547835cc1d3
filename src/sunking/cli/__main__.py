"""``python -m sunking.cli``: the ``sunking`` command."""

from . import app

app()
