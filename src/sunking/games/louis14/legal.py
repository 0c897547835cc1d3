"""The legal actions for the decision a state is waiting for."""

from __future__ import annotations

from collections.abc import Callable

from ...core.actions import Action
from ...core.agenda import Pending
from .actions import (
    BRIBE,
    END_MISSIONS,
    PASS,
    PAY_TO_PASS,
    TRADE_STONE,
    WIN_TIE,
    ConvertChip,
    DrawMission,
    KeepChip,
    LayMission,
    MaintenonStones,
    PlaceStone,
    PlayIntrigue,
    Retrieve,
    SwapInfluence,
)
from .data import CHIP_CODES, CROWN, DECKS
from .missions import PAYMENTS, held_kinds, swap_options
from .placement import placements
from .state import CHIP_SLOTS, FACES, Louis14State
from .supply import income_options

ALL_TILES = tuple(PlaceStone(t) for t in range(1, 13))
PLACE_ANYWHERE = (*ALL_TILES, PASS)
RETRIEVE = {
    (card, boost): Retrieve(card, boost) for card in range(FACES) for boost in (False, True)
}
SWAP = tuple(SwapInfluence(card) for card in range(FACES))
MAINTENON = tuple(MaintenonStones(k) for k in range(3))
CONVERT = tuple(ConvertChip(code) for code in CHIP_CODES)
KEEP = tuple(KeepChip(code) for code in CHIP_CODES)
DRAW = tuple(DrawMission(name) for name in DECKS)
LAY: dict[tuple[int, int, int], LayMission] = {
    (m, i, j): LayMission(m, (CHIP_CODES[i], CHIP_CODES[j]))
    for m, pairs in PAYMENTS.items() for i, j in pairs
}


_TURNS: dict[tuple[object, ...], tuple[Action, ...]] = {}
_TURNS_LIMIT = 200_000


def _turn(s: Louis14State, d: Pending) -> tuple[Action, ...]:
    """Play a card (place or retrieve), or use a laid mission instead of a card.

    The answer depends only on the hand, the personal stones (up to 4) and which missions
    can be used, so it is memoised on those.
    """
    seat = d[1]
    hand = tuple(s.hand[seat * FACES:(seat + 1) * FACES])
    personal = min(s.personal[seat], 4)
    if s.laid[seat]:
        boost = s.unused(seat, "boost") is not None
        pay = s.money[seat] >= 2 and s.unused(seat, "pay_to_pass") is not None
        swap = bool(s.deck) and s.unused(seat, "swap_influence") is not None
    else:  # no laid mission, so none to use (most turns: cheaper than asking three times)
        boost = pay = swap = False
    key = (hand, personal, boost, pay, swap)
    cached = _TURNS.get(key)
    if cached is not None:
        return cached
    out: list[Action] = []
    for card in range(FACES):
        if not hand[card]:
            continue
        out.extend(placements(card, personal, False))
        out.append(RETRIEVE[(card, False)])
        if boost:
            out.extend(placements(card, personal, True))
            out.append(RETRIEVE[(card, True)])
    if pay:
        out.append(PAY_TO_PASS)
    if swap:
        out.extend(SWAP[card] for card in range(FACES) if hand[card])
    result = tuple(out)
    if len(_TURNS) < _TURNS_LIMIT:
        _TURNS[key] = result
    return result


def _intrigue(s: Louis14State, d: Pending) -> tuple[Action, ...]:
    seat, tile = d[1], d[2]
    out: list[Action] = [PASS]
    if s.intrigue[seat] >> tile & 1:
        if s.general[seat] >= 1:
            out.append(PlayIntrigue("general", 1))
        for k in (1, 2):
            if s.personal[seat] >= k:
                out.append(PlayIntrigue("personal", k))
    return tuple(out)


def _missions(s: Louis14State, d: Pending) -> tuple[Action, ...]:
    seat = d[1]
    chips = s.chips[seat * CHIP_SLOTS:(seat + 1) * CHIP_SLOTS]
    out: list[Action] = []
    for m in sorted(set(s.missions[seat])):
        for i, j in PAYMENTS[m]:
            if (chips[i] >= 2 if i == j else chips[i] and chips[j]):
                out.append(LAY[(m, i, j)])
    if s.money[seat] >= 2 and s.unused(seat, "chip_to_crown") is not None:
        out.extend(CONVERT[k] for k in range(CROWN) if chips[k])
    out.append(END_MISSIONS)
    return tuple(out)


def _maintenon(s: Louis14State, d: Pending) -> tuple[Action, ...]:
    return MAINTENON[:min(2, s.stones_available(d[1])) + 1]


LEGAL: dict[str, Callable[[Louis14State, Pending], tuple[Action, ...]]] = {
    "income": lambda s, d: income_options(s, d[1]),
    "trade": lambda s, d: (TRADE_STONE, PASS),
    "mission_stone": lambda s, d: (PlaceStone(d[3]), PASS),
    "end_stone": lambda s, d: PLACE_ANYWHERE,
    "turn": _turn,
    "intrigue": _intrigue,
    "tie": lambda s, d: (WIN_TIE, PASS),
    "bribe": lambda s, d: (BRIBE, PASS),
    "conde": lambda s, d: PLACE_ANYWHERE,
    "maintenon": _maintenon,
    "missions": _missions,
    "draw": lambda s, d: tuple(DRAW[k] for k in range(3) if s.mission_decks[k]),
    "keep": lambda s, d: tuple(KEEP[k] for k in held_kinds(s, d[1])),
    "swap": lambda s, d: (PASS, *swap_options(s.missions[d[1]])),
}


def legal_actions(s: Louis14State) -> tuple[Action, ...]:
    """Every action the seat to move may take; empty once the game is over."""
    d = s.pending
    if d is None:
        return ()
    return LEGAL[d[0]](s, d)
