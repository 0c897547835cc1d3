"""Ratings of people, one per game (``docs/ratings.md``).

- :mod:`.formula`: OpenSkill's Plackett–Luce update, the finishing ranks, the rating shown;
- :mod:`.store`: the tables, each finished match settled once;
- :mod:`.service`: the background task that settles finished matches.
"""
