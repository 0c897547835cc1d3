"""The flow of Louis XIV as data: a round is a table of steps, each step a small task.

The state keeps an agenda (a stack of tasks, each a tuple ``(name, *ints)``) and at most one
pending decision ``(kind, seat, *context)``; the core runs them (see
:mod:`sunking.core.agenda`). This module declares the round as a table of steps and joins the
dispatch tables of the rule modules (:mod:`.supply`, :mod:`.influence`, :mod:`.evaluation`,
:mod:`.missions`, :mod:`.scoring`) and of :mod:`.legal` into :data:`FLOW`.

Rulebook: Dutch rulebook (`000_d2f528188efe1a8d.txt`), "Spelvoorbereiding" and
"Spelverloop" (four rounds of four phases).
"""

from __future__ import annotations

from ...core.agenda import Flow, tables
from ...core.events import Emit, say
from . import evaluation, influence, legal, missions, scoring, supply
from .data import (
    BLAZON_KINDS,
    BLAZONS_PER_KIND,
    CHIPS_PER_KIND,
    INFLUENCE_CARDS,
    INTRIGUE_CARDS,
    MISSIONS,
    MONEY_CARDS,
    MONEY_CARDS_IN_PLAY,
    NEUTRAL_STONES,
    ROUNDS,
    SETUP_GENERAL,
    STARTING_LOUIS,
    STONES_PER_COLOUR,
)
from .state import BLAZON_SLOTS, CHIP_SLOTS, FACES, Louis14State

ROUND_FLOW: tuple[str, ...] = (
    "reveal_money",        # supply, step 1
    "compensation",        # supply: three players, round 4
    "supply_missions",     # supply, step 2
    "deal",                # supply, step 3
    "neutral",             # influence: the neutral colour with two players
    "influence_start",     # influence: start-of-phase mission stones
    "influence_turns",     # influence: turns until everyone holds one card
    "influence_end",       # influence: end-of-phase mission stone
    "reshuffle",           # influence: all 30 cards back into the pile
    "evaluation",          # evaluation of tiles 1 → 12
    "mission_turns",       # missions, in turn order
    "mission_swaps",       # end of the mission phase
    "end_round",
)
"""The steps of one round, in order."""



def _round(s: Louis14State, emit: Emit) -> None:
    say(emit, "round", round=s.round, start_player=s.start)
    s.agenda.extend((step,) for step in reversed(ROUND_FLOW))


def _end_round(s: Louis14State, emit: Emit) -> None:
    if s.round >= ROUNDS:
        s.agenda.append(("final",))
        return
    s.round += 1
    s.start = (s.start + 1) % s.num_players
    s.agenda.append(("round",))


PHASES = ("supply", "influence", "evaluation", "missions", "end")
"""Every phase of the game, in rule order (the ``phase`` of its views)."""


FLOW = Flow(
    tasks=tables(
        {"round": _round, "end_round": _end_round, "final": scoring.final_scoring},
        supply.TASKS, influence.TASKS, evaluation.TASKS, missions.TASKS,
    ),
    handlers=tables(supply.HANDLERS, influence.HANDLERS, evaluation.HANDLERS, missions.HANDLERS),
    legal=legal.LEGAL,
    phases=PHASES,
)
"""The flow the core runs: every task, decision handler and legal-action table."""


def setup(s: Louis14State, emit: Emit) -> None:
    """Set up a game: shuffle everything, deal missions, put stones in the general supply;
    the first round is the first task."""
    n = s.num_players
    rng = s.rng
    s.colours = n + 1 if n == 2 else n
    s.round = 1
    s.phase = "supply"
    s.start = 0
    s.louis_tile = 0
    money = list(range(len(MONEY_CARDS)))
    rng.shuffle(money)
    s.money_removed = sorted(money[:MONEY_CARDS_IN_PLAY])
    s.money_deck = money[MONEY_CARDS_IN_PLAY:]
    s.money_revealed = []
    s.side = [0] * 13
    s.board = [0] * (13 * s.colours)
    s.general = list(SETUP_GENERAL[n])
    s.personal = [STONES_PER_COLOUR - g for g in s.general]
    s.neutral_pool = NEUTRAL_STONES if n == 2 else 0
    s.money = [STARTING_LOUIS] * n
    s.hand = [0] * (n * FACES)
    s.deck = list(INFLUENCE_CARDS)
    rng.shuffle(s.deck)
    s.deck_known = [0] * len(s.deck)
    s.center = []
    s.intrigue = [0] * n
    s.intrigue_deck = list(INTRIGUE_CARDS)
    rng.shuffle(s.intrigue_deck)
    s.intrigue_known = [0] * len(s.intrigue_deck)
    s.mission_decks = [[m.id for m in MISSIONS if m.deck == d] for d in range(3)]
    for d in s.mission_decks:
        rng.shuffle(d)
    s.mission_known = [[0] * len(d) for d in s.mission_decks]
    hands: list[tuple[int, ...]] = []
    for _ in range(n):
        light = s.mission_decks[0].pop()
        s.mission_known[0].pop()
        medium = s.mission_decks[1].pop()
        s.mission_known[1].pop()
        hands.append(tuple(sorted((light, medium))))
    s.missions = hands
    s.laid = [() for _ in range(n)]
    s.chips = [0] * (n * CHIP_SLOTS)
    s.chip_supply = list(CHIPS_PER_KIND)
    s.blazons = [0] * (n * BLAZON_SLOTS)
    s.blazon_pool = [BLAZONS_PER_KIND] * BLAZON_KINDS
    s.used = [0] * n
    s.tie_winner = -1
    s.known_hands = ()
    s.agenda.append(("round",))
    say(emit, "setup", players=n, general_supply=list(s.general))
