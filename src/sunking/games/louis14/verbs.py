"""Moving components between supplies, hands and the court — the small verbs of the rules.

Every function changes the (fresh) state in place and appends events to ``emit`` when it is
not None. Private facts (a card drawn, a blazon's kind) go to their owner only.
"""

from __future__ import annotations

from ...core.events import Emit, say, tell
from .data import CHIP_CODES
from .state import BLAZON_SLOTS, CHIP_SLOTS, FACES, KINDLESS, Louis14State


def draw_blazon(s: Louis14State, seat: int, emit: Emit, why: str, count: int = 1) -> None:
    """Draw ``count`` face-down blazons, one at a time, at random from the pool (kindless
    once the pool is empty)."""
    pool = s.blazon_pool
    blazons = s.blazons
    base = seat * BLAZON_SLOTS
    total = sum(pool)
    for _ in range(count):
        if total == 0:
            kind = KINDLESS
        else:
            r = s.rng.below(total)
            kind = 0
            while r >= pool[kind]:
                r -= pool[kind]
                kind += 1
            pool[kind] -= 1
            total -= 1
        blazons[base + kind] += 1
        if emit is not None:
            say(emit, "blazon", seat=seat, why=why)
            tell(emit, seat, "blazon_kind", seat=seat, kind=kind)


def draw_influence(s: Louis14State, seat: int, emit: Emit, why: str) -> bool:
    """Take the top influence card into ``seat``'s hand; False when the pile is empty."""
    if not s.deck:
        return False
    face = s.deck.pop()
    known = s.deck_known.pop()
    if known & ~(1 << seat):
        s.learn(0, seat, face, known)
    s.hand[seat * FACES + face] += 1
    if emit is not None:
        say(emit, "influence_drawn", seat=seat, why=why)
        tell(emit, seat, "influence_card", seat=seat, card=face)
    return True


def draw_intrigue(s: Louis14State, seat: int, emit: Emit, why: str) -> bool:
    """Take the top intrigue card into ``seat``'s hand; False when the pile is empty."""
    if not s.intrigue_deck:
        return False
    tile = s.intrigue_deck[-1]
    s.learn(1, seat, tile, s.intrigue_known[-1])
    s.intrigue_deck = s.intrigue_deck[:-1]
    s.intrigue_known = s.intrigue_known[:-1]
    s.intrigue[seat] |= 1 << tile
    if emit is not None:
        say(emit, "intrigue_drawn", seat=seat, why=why)
        tell(emit, seat, "intrigue_card", seat=seat, card=tile)
    return True


def give_chip(s: Louis14State, seat: int, chip: int, emit: Emit, why: str) -> None:
    """Give ``seat`` a chip (a stand-in when the supply has run out)."""
    s.chips[seat * CHIP_SLOTS + chip] += 1
    s.chip_supply[chip] -= 1
    if emit is not None:
        say(emit, "chip", seat=seat, chip=CHIP_CODES[chip], why=why)


def return_chip(s: Louis14State, seat: int, chip: int) -> None:
    s.chips[seat * CHIP_SLOTS + chip] -= 1
    s.chip_supply[chip] += 1


def retrieve(s: Louis14State, seat: int, count: int) -> int:
    """Move up to ``count`` own stones general → personal; return how many moved."""
    moved = min(count, s.general[seat])
    s.general[seat] -= moved
    s.personal[seat] += moved
    return moved


def place_fallback(s: Louis14State, seat: int, tile: int) -> str | None:
    """Put one own stone on ``tile`` from the general supply, else from the personal one.

    Returns the source used, or None when the player has no stone off the court.
    """
    if s.general[seat] > 0:
        s.general[seat] -= 1
        source = "general"
    elif s.personal[seat] > 0:
        s.personal[seat] -= 1
        source = "personal"
    else:
        return None
    s.board[tile * s.colours + seat] += 1
    return source
