"""The AI coach: win chances with their uncertainty, for hints and for a game's review.

Every estimate comes from several independent determinized ISMCTS searches of one decision
(:mod:`.estimate`); :mod:`.hints` ranks the moves of a position, :mod:`.review` classes each
decision of a game record by the win chance it gave away, only where the searches can tell
the moves apart. Pure: it knows the games through ``sunking.core`` and ``sunking.bots`` only,
and its functions take and return JSON so that the server's bot workers can run them.
"""
