"""The games as environments for learning agents: PettingZoo, Gymnasium and OpenSpiel.

Install with ``pip install 'sunking[rl]'``. :mod:`.table` is the adapter the three wrappers
share; :mod:`.pettingzoo`, :mod:`.gymnasium` and :mod:`.openspiel` are imported on demand
(importing the last two registers the games with their frameworks). See ``docs/envs.md``.
"""
