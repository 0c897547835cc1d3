"""The games as environments for learning agents: PettingZoo, Gymnasium and OpenSpiel.

Install with ``pip install 'sunking[rl]'``. :mod:`.table` is the adapter the three wrappers
share; :mod:`.pettingzoo`, :mod:`.gymnasium` and :mod:`.openspiel` are imported on demand
(importing the last two registers the games with their frameworks). See ``docs/envs.md``.
"""

COMPILED = ("actions", "games.louis14", "games.versailles1682", "games.vive_le_roi", "incremental",
            "table", "vector")
"""The games' observation encoders and the adapter the wrappers drive (the token scheme, the
incremental encoder and its writer, the table), compiled with mypyc beside the rule modules
by ``make setup`` (``scripts/compile_engine.py``, where numpy is installed: the rl extra)
since an environment spends most of its time in them."""
CYTHON = ("fast", "fast_louis14", "fast_versailles1682", "fast_vive_le_roi")
"""The hot loops written for Cython (``fast.pyx``: a decision's loops; ``fast_<game>.pyx``:
each game's observation encoder, writing with ``cwrite.pxd``), compiled by ``make setup``
where numpy and Cython are installed; without them the incremental encoder and the Python
loops serve."""
