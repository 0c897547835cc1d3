"""The flow of Vive le Roi as data: a round is a table of steps, each step a small task.

The state keeps an agenda (a stack of tasks, each a tuple ``(name, *ints)``) and at most one
pending decision ``(kind, seat, *context)``; the core runs them (see
:mod:`sunking.core.agenda`). This module declares setup and the round as steps and joins the
tasks and handlers of :mod:`.turns`, :mod:`.windows`, :mod:`.fights`, :mod:`.event_cards`,
:mod:`.distribution`, :mod:`.offices` and :mod:`.scoring`, and the tables of :mod:`.legal`,
into :data:`FLOW`.

Rulebook: Dutch rulebook (`003_fb5526a901664f8a.txt`), "Speelvoorbereiding" and "Het spel"
(the four phases of a round, "Fase 4: het bepalen van een nieuwe startspeler").
"""

from __future__ import annotations

from ...core.agenda import Flow, tables
from ...core.events import Emit, say, tell
from . import distribution, event_cards, fights, legal, offices, scoring, turns, windows
from .data import (
    DECK_SIZE,
    HAND_SIZE,
    KIND,
    KING_CARD,
    NOBLE,
    NOBLES,
    REBELLION,
    ROLE,
    SETUP_PROVINCES,
    VALUE,
)
from .data import EVENT as EVENT_KIND
from .state import LOC_DECK, LOC_KING, RULE_ANY, ViveLeRoiState
from .verbs import draw, to_hand, to_structure

ROUND_FLOW: tuple[str, ...] = (
    "turns",          # Phase 1: every player's turn, from the left of the King
    "reactions",      # end of Phase 1: one window per player for the "S" cards and the
                      #   Church decree (after every other turn: see windows.py)
    "phase2",         # Phase 2: events, then provinces/gold/musketeers/courtiers, then
                      #   nobles and officials; a contest for a loose King's Ear; a
                      #   window for every player after each step (windows.py)
    "phase3",         # Phase 3: province scoring after a Rebellion, refill; or the end
)
"""The steps of one round, in order (Phase 4 follows Phase 3, see :func:`_phase3`)."""


def _round(s: ViveLeRoiState, emit: Emit) -> None:
    n = s.num_players
    s.round += 1
    s.decrees = [0] * n
    s.hits = [0, 0]
    s.rebellions = 0
    s.freed = False
    if not s.deck:
        s.last_round = True
    say(emit, "round", deal=s.deal, round=s.round, start_player=s.start, king=s.king,
        captive=s.captive, last_round=s.last_round)
    for step in reversed(ROUND_FLOW):
        s.agenda.append((step,))


def _turns(s: ViveLeRoiState, emit: Emit) -> None:
    """Every player's turn, each but the last followed by the other players' window."""
    s.phase = "turns"
    order = s.order()
    steps: list[tuple[str, int]] = []
    for seat in order:
        steps += [("turn", seat), ("after_turn", seat)]
    s.agenda.extend(reversed(steps[:-1]))


def _reactions(s: ViveLeRoiState, emit: Emit) -> None:
    s.phase = "reactions"
    windows.open_windows(s, s.order(), -1)


def _phase2(s: ViveLeRoiState, emit: Emit) -> None:
    s.phase = "distribution"
    s.rebellions = sum(
        1 for c in s.middle if KIND[c] == EVENT_KIND and ROLE[c] == REBELLION
    )
    say(emit, "distribution", rebellions=s.rebellions)
    s.agenda.extend(reversed(distribution.PHASE2_FLOW))


def _phase3(s: ViveLeRoiState, emit: Emit) -> None:
    if s.last_round:
        s.agenda.append(("final",))
        return
    s.agenda.append(("phase4",))
    if s.rebellions:
        s.phase = "scoring"
        scoring.province_scoring(s, emit)
        s.agenda.append(("window",))
        s.agenda.append(("refill",))
        s.agenda.append(("window",))


def _refill(s: ViveLeRoiState, emit: Emit) -> None:
    """Refill every hand to seven, one card at a time from the next round's start player."""
    n = s.num_players
    first = (s.king + (1 if s.captive else 2)) % n
    order = s.order(first)
    while s.deck:
        short = [p for p in order if len(s.hands[p]) < HAND_SIZE]
        if not short:
            break
        for p in short:
            if not draw(s, p, emit, "refill"):
                break
    if not s.deck:
        say(emit, "deck_empty")


def _phase4(s: ViveLeRoiState, emit: Emit) -> None:
    if not s.captive:
        s.king = (s.king + 1) % s.num_players
        say(emit, "king_moves", seat=s.king)
    s.start = (s.king + 1) % s.num_players
    s.agenda.append(("round",))
    s.agenda.append(("window",))


def _new_deal(s: ViveLeRoiState, emit: Emit) -> None:
    setup(s, emit)


def _points_limit(s: ViveLeRoiState, emit: Emit) -> bool:
    """The points-limit variant ends the game as soon as a score reaches the limit, after any
    task or action."""
    limit = int(s.options.get("points_limit", 0))
    if limit and s.final is None and max(s.scores) >= limit:
        scoring.limit_reached(s, emit, limit)
        return True
    return False


def setup(s: ViveLeRoiState, emit: Emit) -> None:
    """Deal a new game (or a new deal of the points-limit variant): nobles and provinces
    face up, the King beside the highest noble, seven cards to every hand."""
    n = s.num_players
    rng = s.rng
    s.deal += 1
    s.round = 0
    s.phase = "setup"
    s.last_round = False
    s.rebellions = 0
    s.freed = False
    s.decree_failed = 0
    s.loc = [LOC_DECK] * DECK_SIZE
    s.loc[KING_CARD] = LOC_KING
    s.attach = [-1] * DECK_SIZE
    s.discard = []
    s.middle = []
    s.middle_by = []
    s.fight = []
    s.fight_by = []
    s.playing = []
    s.hands = [[] for _ in range(n)]
    s.structures = [[] for _ in range(n)]
    s.hidden = [-1] * n
    s.hidden_rule = [RULE_ANY] * n
    s.hidden_known = [0] * n
    s.decrees = [0] * n
    s.hits = [0, 0]
    s.known = ()
    nobles = list(NOBLES)
    rng.shuffle(nobles)
    provinces = list(SETUP_PROVINCES)
    rng.shuffle(provinces)
    set_aside = set(NOBLES) | set(SETUP_PROVINCES) | {KING_CARD}
    s.deck = [c for c in range(DECK_SIZE) if c not in set_aside]
    for p in range(n):
        s.deck.append(nobles.pop())
        to_structure(s, s.deck[-1], p)
        s.deck.append(provinces.pop())
        to_structure(s, s.deck[-1], p)
    s.deck += nobles + provinces
    rng.shuffle(s.deck)
    s.king = max(range(n), key=lambda p: max(VALUE[c] for c in s.structures[p]
                                            if KIND[c] == NOBLE))
    s.captive = False
    s.start = (s.king + 1) % n
    say(emit, "deal", deal=s.deal, players=n, king=s.king,
        structures=[list(t) for t in s.structures])
    for _ in range(HAND_SIZE):
        for p in range(n):
            card = s.deck[-1]
            to_hand(s, card, p)
    for p in range(n):
        tell(emit, p, "hand", seat=p, cards=list(s.hands[p]))
    s.agenda.append(("round",))


def new_game(s: ViveLeRoiState, emit: Emit) -> None:
    """Set up a game from its seed: the scores, then the first deal."""
    s.deal = 0
    s.scores = [0] * s.num_players
    s.ledger = []
    setup(s, emit)


PHASES = ("setup", "turns", "reactions", "distribution", "scoring", "end")
"""Every phase of the game, in rule order (the ``phase`` of its views)."""


FLOW = Flow(
    tasks=tables(
        {
            "round": _round,
            "turns": _turns,
            "reactions": _reactions,
            "phase2": _phase2,
            "phase3": _phase3,
            "refill": _refill,
            "phase4": _phase4,
            "new_deal": _new_deal,
            "final": scoring.final_scoring,
        },
        turns.TASKS, fights.TASKS, event_cards.TASKS, distribution.TASKS, offices.TASKS,
        windows.TASKS,
    ),
    handlers=tables(turns.HANDLERS, fights.HANDLERS, event_cards.HANDLERS,
                    distribution.HANDLERS, offices.HANDLERS, windows.HANDLERS),
    legal=legal.LEGAL,
    watch=_points_limit,
    watch_option="points_limit",
    phases=PHASES,
)
"""The flow the core runs: every task, decision handler and legal-action table, and the
points limit watched before every task when the variant is played."""
