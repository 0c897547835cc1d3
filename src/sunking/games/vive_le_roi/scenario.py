"""Positions for scenario tests and tutorials: lay out the cards, then play through the API.

:func:`position` starts a real game, gathers every card back into the draw pile and lays out
the arrangement asked for (hands, structures with their attachments, the middle, the discard
pile, the top of the draw pile), so every card stays conserved. It then queues the steps to
play from there (flow tasks such as ``("turn", seat)`` or ``("phase2",)``); once those steps
are done the position stops (``to_move`` is None), it is not a finished game.

>>> s = position(3, hands={0: [find("musketeer", 5)]},
...              structures={1: [find("province", arms=0), find("musketeer", 3)]},
...              attach={find("musketeer", 3): find("province", arms=0)},
...              steps=[("turn", 0)])
>>> s.to_move, s.pending[0]
(0, 'turn')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .data import CARDS, EVENT, EVENT_NAMES, KIND_NAMES, KING_CARD, OFFICE_NAMES, OFFICIAL
from .flow import FLOW
from .game import GAME
from .state import LOC_DECK, LOC_KING, ViveLeRoiState
from .verbs import to_discard, to_hand, to_middle, to_structure

Steps = Sequence[tuple[Any, ...]]


def find_all(kind: str, value: int | None = None, *, arms: int | None = None,
             role: str | None = None) -> list[int]:
    """The ids of the cards of ``kind`` (``"gold"``, ``"noble"``, ...) with the given value,
    arms or role (an office or event name such as ``"queen"`` or ``"riots"``).

    Raises:
        ValueError: the kind or role is unknown.
    """
    if kind not in KIND_NAMES:
        raise ValueError(f"no card kind {kind!r}; kinds are {', '.join(KIND_NAMES)}")
    k = KIND_NAMES.index(kind)
    wanted_role = -1
    if role is not None:
        names = OFFICE_NAMES if k == OFFICIAL else EVENT_NAMES if k == EVENT else ()
        if role not in names:
            raise ValueError(f"no {kind} role {role!r}")
        wanted_role = names.index(role)
    return [
        c.id for c in CARDS
        if c.kind == k and (value is None or c.value == value)
        and (arms is None or c.arms == arms) and (role is None or c.role == wanted_role)
    ]


def find(kind: str, value: int | None = None, *, arms: int | None = None,
         role: str | None = None, nth: int = 0) -> int:
    """The ``nth`` card matching :func:`find_all`.

    Raises:
        ValueError: no such card.
    """
    found = find_all(kind, value, arms=arms, role=role)
    if nth >= len(found):
        raise ValueError(f"there are only {len(found)} such {kind} cards, not {nth + 1}")
    return found[nth]


def position(
    num_players: int,
    *,
    hands: Mapping[int, Sequence[int]] | None = None,
    structures: Mapping[int, Sequence[int]] | None = None,
    attach: Mapping[int, int] | None = None,
    middle: Sequence[tuple[int, int]] = (),
    discard: Sequence[int] = (),
    deck_top: Sequence[int] = (),
    deck_size: int | None = None,
    king: int = 0,
    captive: bool = False,
    start: int | None = None,
    scores: Sequence[int] | None = None,
    last_round: bool = False,
    steps: Steps = (),
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
) -> ViveLeRoiState:
    """A position with the given layout; the rest of the deck forms the draw pile.

    ``attach`` maps a card to the card it is attached to (both in one structure);
    ``middle`` lists (card, seat) in play order; ``deck_top`` ends with the top card;
    ``deck_size`` keeps only that many cards in the draw pile (the rest are discarded);
    ``options`` are the game's options (``{"points_limit": 250}``).

    Raises:
        ValueError: a card is placed twice, or the King is placed.
    """
    hands, structures = hands or {}, structures or {}
    _check_placed([*hands.values(), *structures.values(), [c for c, _ in middle], discard,
                   deck_top])
    s = GAME.new_game(num_players, seed, **(options or {}))
    s.quiet = False
    _lay_out(s, hands, structures, attach or {}, middle, discard, deck_top, deck_size)
    n = num_players
    s.king = king
    s.captive = captive
    s.start = (king + 1) % n if start is None else start
    s.last_round = last_round
    s.scores = list(scores) if scores is not None else [0] * n
    s.round = 1
    s.known = ()
    s.agenda = [tuple(step) for step in reversed(steps)]
    s.pending = None
    s._legal = None
    s._events = None
    FLOW.run(s, [])
    return s


def _check_placed(groups: Sequence[Sequence[int]]) -> None:
    """Raises ValueError when a card is placed twice, or the King is placed."""
    placed = [c for group in groups for c in group]
    if len(set(placed)) != len(placed) or KING_CARD in placed:
        raise ValueError("a card is placed twice, or the King is placed")


def _lay_out(s: ViveLeRoiState, hands: Mapping[int, Sequence[int]],
             structures: Mapping[int, Sequence[int]], attach: Mapping[int, int],
             middle: Sequence[tuple[int, int]], discard: Sequence[int],
             deck_top: Sequence[int], deck_size: int | None) -> None:
    """Every card back in the deck (``deck_top`` on top), the King aside, then the cards
    dealt as asked: hands, structures, attachments, the middle, the discard pile; and the
    deck cut to ``deck_size`` from its bottom."""
    n = s.num_players
    s.hands = [[] for _ in range(n)]
    s.structures = [[] for _ in range(n)]
    s.loc = [LOC_DECK] * len(CARDS)
    s.loc[KING_CARD] = LOC_KING
    s.attach = [-1] * len(CARDS)
    s.deck = [c.id for c in reversed(CARDS) if c.id != KING_CARD and c.id not in deck_top]
    s.deck += list(deck_top)
    for seat, cards in hands.items():
        for c in cards:
            to_hand(s, c, seat)
    for seat, cards in structures.items():
        for c in cards:
            to_structure(s, c, seat)
    for c, host in attach.items():
        s.attach[c] = host
    for c, seat in middle:
        to_middle(s, c, seat)
    for c in discard:
        to_discard(s, c)
    if deck_size is not None:
        while len(s.deck) > deck_size:
            to_discard(s, s.deck[0])


# --- named positions (the perft counts of tests/games/vive_le_roi/vive_le_roi.perft) -------


def _step_b() -> ViveLeRoiState:
    """Seat 0's step B, after drawing a courtier: every kind of action a turn offers."""
    province, garrison = find("province", arms=1), find("musketeer", 4)
    courtier, gold = find("courtier", 6, arms=4), find("gold", 1)
    return position(
        3,
        hands={0: [find("musketeer", 5), find("musketeer", 3), find("musketeer", 3, nth=1),
                   find("gold", 2), find("courtier", 4, arms=0), find("event", role="bandits"),
                   find("event", role="kings_ear"), find("event", role="excommunication")]},
        structures={0: [find("noble", 3), find("official", role="bishop")],
                    1: [find("noble", 5), province, garrison, courtier, gold],
                    2: [find("noble", 1), find("province", arms=2),
                        find("official", role="general")]},
        attach={garrison: province, gold: courtier},
        deck_top=[find("courtier", 5, arms=1)],
        steps=[("turn", 0)],
    )


def _attack_opening() -> ViveLeRoiState:
    """Seat 0 attacks seat 1's province (a garrison of 4) and opens the exchange."""
    province, garrison = find("province", arms=1), find("musketeer", 4)
    return position(
        3,
        hands={0: [find("musketeer", 1), find("musketeer", 3), find("musketeer", 3, nth=1),
                   find("musketeer", 5)],
               1: [find("musketeer", 2), find("musketeer", 2, nth=1)]},
        structures={1: [find("noble", 5), province, garrison, find("musketeer", 3, nth=2)]},
        attach={garrison: province},
        steps=[("fight", 0, 0, 1, province)],
    )


def _duel_card() -> ViveLeRoiState:
    """Seat 0 has challenged seat 1's noble and lays his card first."""
    return position(
        3,
        hands={0: [find("musketeer", 3), find("musketeer", 3, nth=1), find("gold", 2),
                   find("courtier", 4, arms=0), find("official", role="bishop"),
                   find("event", role="bandits")],
               1: [find("musketeer", 7), find("gold", 1), find("gold", 1, nth=1),
                   find("event", role="rebellion")]},
        structures={0: [find("noble", 3)], 1: [find("noble", 5)]},
        steps=[("duel", 0, 1, find("noble", 3), find("noble", 5))],
    )


def _general_demand() -> ViveLeRoiState:
    """Seat 0's General demands a musketeer of seat 1, who has a garrison and two free."""
    province, garrison = find("province", arms=1), find("musketeer", 4)
    return position(
        3,
        structures={0: [find("official", role="general")],
                    1: [province, garrison, find("musketeer", 3), find("musketeer", 4, nth=1)]},
        attach={garrison: province},
        steps=[("demand", 0, 1, KIND_NAMES.index("musketeer"))],
    )


def _gold_received() -> ViveLeRoiState:
    """A gold card comes into seat 0's structure: to the hand, free, or onto a person."""
    province, garrison, gold = find("province", arms=0), find("musketeer", 3), find("gold", 2)
    return position(
        3,
        structures={0: [province, garrison, find("musketeer", 5), find("courtier", 4, arms=0),
                        find("official", role="general"), find("noble", 3), gold]},
        attach={garrison: province},
        steps=[("receive", 0, gold)],
    )


def _nobility_decree() -> ViveLeRoiState:
    """Seat 0, with the King but no noble, at his step B: the Nobility decree offered."""
    province, garrison = find("province", arms=2), find("musketeer", 4, nth=1)
    courtier, gold = find("courtier", 6, arms=4), find("gold", 1, nth=1)
    return position(
        3,
        hands={0: [find("gold", 1)]},
        structures={0: [find("courtier", 4, arms=0), find("courtier", 6, arms=0),
                        find("courtier", 6, arms=1)],
                    1: [find("province", arms=1), find("musketeer", 4), courtier, gold],
                    2: [province, garrison]},
        attach={gold: courtier, garrison: province},
        discard=[find("noble", 2), find("noble", 4)],
        deck_top=[find("musketeer", 1)],
        steps=[("turn", 0)],
    )


NAMED_POSITIONS = {
    "step-b": _step_b,
    "attack-opening": _attack_opening,
    "duel-card": _duel_card,
    "general-demand": _general_demand,
    "gold-received": _gold_received,
    "nobility-decree": _nobility_decree,
}
"""Positions by name, for tests and tutorials (each a function of no argument)."""
