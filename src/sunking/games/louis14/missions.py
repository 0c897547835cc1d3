"""Phase 4, missions: laying missions with chips, drawing new ones, keeping one chip.

Rulebook: Dutch rulebook (`000_d2f528188efe1a8d.txt`), "Fase 4: Opdrachten"; the mission texts
at the end of the French rulebook; rulings §4.
"""

from __future__ import annotations

from itertools import combinations

from ...core.actions import Action
from ...core.agenda import Handler, Pending, Task
from ...core.events import Emit, say, tell
from .actions import ConvertChip, DrawMission, KeepChip, LayMission, SwapMissions
from .data import CHIP_CODES, CROWN, DECKS, MISSIONS, ROUNDS
from .state import CHIP_SLOTS, Louis14State
from .verbs import draw_blazon, give_chip, return_chip

CHIP_INDEX = {code: i for i, code in enumerate(CHIP_CODES)}
DECK_INDEX = {name: i for i, name in enumerate(DECKS)}
CONVERT_COST = 2


def _slot_ok(need: int, chip: int) -> bool:
    return need == -1 or chip in (need, CROWN)


def _pays(needs: tuple[int, int], pair: tuple[int, int]) -> bool:
    a, b = needs
    i, j = pair
    return (_slot_ok(a, i) and _slot_ok(b, j)) or (_slot_ok(a, j) and _slot_ok(b, i))


PAYMENTS: dict[int, tuple[tuple[int, int], ...]] = {
    m.id: tuple(
        (i, j) for i in range(CHIP_SLOTS) for j in range(i, CHIP_SLOTS) if _pays(m.needs, (i, j))
    )
    for m in MISSIONS
}
"""Per mission, every pair of chips (as sorted chip indices) that pays it; crowns are wild."""


def mission_turns(s: Louis14State, emit: Emit) -> None:
    s.phase = "missions"
    s.used = [0] * s.num_players
    tasks = []
    for p in s.order():
        tasks.append(("mission_turn", p))
        tasks.append(("keep_chips", p))
    s.agenda.extend(reversed(tasks))


def mission_turn(s: Louis14State, emit: Emit, seat: int) -> None:
    if s.chip_count(seat) > 0:
        s.pending = ("missions", seat)


def on_missions(s: Louis14State, decision: Pending, action: Action, emit: Emit) -> None:
    seat = decision[1]
    if isinstance(action, LayMission):
        for code in action.chips:
            return_chip(s, seat, CHIP_INDEX[code])
        hand = list(s.missions[seat])
        hand.remove(action.mission)
        s.forget(2, seat, action.mission)
        s.missions[seat] = tuple(hand)
        s.laid[seat] = (*s.laid[seat], action.mission)
        if emit is not None:
            say(emit, "lay_mission", seat=seat, mission=action.mission, chips=list(action.chips))
        s.agenda.append(("mission_turn", seat))
        draws = 2 if MISSIONS[action.mission].effect == "extra_mission" else 1
        s.agenda.extend([("draw", seat)] * draws)
    elif isinstance(action, ConvertChip):
        mission = s.unused(seat, "chip_to_crown")
        assert mission is not None
        s.used[seat] |= 1 << mission
        s.money[seat] -= CONVERT_COST
        return_chip(s, seat, CHIP_INDEX[action.chip])
        say(emit, "convert_chip", seat=seat, chip=action.chip)
        give_chip(s, seat, CROWN, emit, "convert")
        s.agenda.append(("mission_turn", seat))
    elif emit is not None:  # no more missions this phase; how many are laid is public
        say(emit, "end_missions", seat=seat, laid=len(s.laid[seat]))


def draw(s: Louis14State, emit: Emit, seat: int) -> None:
    open_decks = [d for d in range(3) if s.mission_decks[d]]
    if len(open_decks) == 1:
        _draw_from(s, seat, open_decks[0], emit)
    elif open_decks:
        s.pending = ("draw", seat)


def _draw_from(s: Louis14State, seat: int, deck: int, emit: Emit) -> None:
    decks, known = s.mission_decks[:], s.mission_known[:]
    mission = decks[deck][-1]
    s.learn(2, seat, mission, known[deck][-1])
    decks[deck] = decks[deck][:-1]
    known[deck] = known[deck][:-1]
    s.mission_decks, s.mission_known = decks, known
    s.missions[seat] = tuple(sorted((*s.missions[seat], mission)))
    if emit is not None:
        say(emit, "draw_mission", seat=seat, deck=DECKS[deck])
        tell(emit, seat, "mission_card", seat=seat, mission=mission)


def on_draw(s: Louis14State, decision: Pending, action: Action, emit: Emit) -> None:
    assert isinstance(action, DrawMission)
    _draw_from(s, decision[1], DECK_INDEX[action.deck], emit)


def held_kinds(s: Louis14State, seat: int) -> list[int]:
    base = seat * CHIP_SLOTS
    return [k for k in range(CHIP_SLOTS) if s.chips[base + k]]


def keep_chips(s: Louis14State, emit: Emit, seat: int) -> None:
    """Keep at most one chip; each chip given up is worth a face-down blazon."""
    if s.chip_count(seat) <= 1:
        return
    kinds = held_kinds(s, seat)
    if len(kinds) == 1 or s.round >= ROUNDS:
        _keep(s, seat, kinds[0], emit)
    else:
        s.pending = ("keep", seat)


def _keep(s: Louis14State, seat: int, kind: int, emit: Emit) -> None:
    base = seat * CHIP_SLOTS
    given = []
    for k in range(CHIP_SLOTS):
        extra = s.chips[base + k] - (1 if k == kind else 0)
        for _ in range(extra):
            return_chip(s, seat, k)
            given.append(CHIP_CODES[k])
    say(emit, "keep_chip", seat=seat, chip=CHIP_CODES[kind], given_up=given)
    for _ in given:
        draw_blazon(s, seat, emit, "chip")


def on_keep(s: Louis14State, decision: Pending, action: Action, emit: Emit) -> None:
    assert isinstance(action, KeepChip)
    _keep(s, decision[1], CHIP_INDEX[action.chip], emit)


def mission_swaps(s: Louis14State, emit: Emit) -> None:
    """End of the mission phase: "swap mission cards", in turn order (not after round 4,
    where hand missions no longer count)."""
    if s.round >= ROUNDS:
        return
    tasks = [
        ("swap_offer", p, m) for p in s.order() for m in s.laid[p]
        if MISSIONS[m].effect == "swap_missions"
    ]
    s.agenda.extend(reversed(tasks))


def swap_offer(s: Louis14State, emit: Emit, seat: int, mission: int) -> None:
    if s.missions[seat]:
        s.pending = ("swap", seat, mission)


def swap_options(hand: tuple[int, ...]) -> list[SwapMissions]:
    return [SwapMissions(c) for k in (1, 2) for c in combinations(hand, k)]


def on_swap(s: Louis14State, decision: Pending, action: Action, emit: Emit) -> None:
    seat = decision[1]
    if not isinstance(action, SwapMissions):
        if emit is not None:
            say(emit, "pass", seat=seat, decision="swap", mission=decision[2])
        return
    hand = list(s.missions[seat])
    for mission in action.missions:
        hand.remove(mission)
        s.forget(2, seat, mission)
        deck = MISSIONS[mission].deck
        decks, known = s.mission_decks[:], s.mission_known[:]
        decks[deck] = [mission, *decks[deck]]
        known[deck] = [1 << seat, *known[deck]]
        s.mission_decks, s.mission_known = decks, known
    s.missions[seat] = tuple(hand)
    say(emit, "swap_missions", seat=seat, decks=[DECKS[MISSIONS[m].deck] for m in action.missions])
    s.agenda.extend([("draw", seat)] * len(action.missions))


TASKS: dict[str, Task] = {
    "mission_turns": mission_turns,
    "mission_turn": mission_turn,
    "draw": draw,
    "keep_chips": keep_chips,
    "mission_swaps": mission_swaps,
    "swap_offer": swap_offer,
}
HANDLERS: dict[str, Handler] = {
    "missions": on_missions,
    "draw": on_draw,
    "keep": on_keep,
    "swap": on_swap,
}
