"""The match service and what it keeps of each match: the live matches in memory, their views,
the lobby, the commit path, bots and clocks, presence, the table chat and the AI's advice
(``docs/server.md`` maps the modules). It knows the rules only through the core, and nothing of
HTTP."""
