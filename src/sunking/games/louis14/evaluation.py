"""Phase 3, evaluation: tiles 1 → 12, with intrigue cards, won ties, rewards and bribes.

Per tile: (a) every player holding intrigue cards gets a window to play one (asked whatever
they hold, so being asked reveals nothing); (b) the holder of "win one tie for first" may use
it when tied for first; (c) the tile is resolved: stones leave the tile, the tile flips, and
rewards are handed out — the majority holder first, then clockwise from the start player.

Rulebook: Dutch rulebook (`000_d2f528188efe1a8d.txt`), "Fase 3: Waardering" (the intrigue cards,
turning the person tiles, Louis XIV); rulings §2, §6.
"""

from __future__ import annotations

from ...core.actions import Action
from ...core.agenda import Handler, Pending, Task
from ...core.events import Emit, say
from .actions import Bribe, MaintenonStones, PlaceStone, PlayIntrigue, WinTie
from .data import CROWN, ROUNDS, TILES, Condition
from .state import Louis14State
from .verbs import (
    draw_blazon,
    draw_influence,
    draw_intrigue,
    give_chip,
    place_fallback,
    retrieve,
)

MAINTENON_TILE = 5


def evaluation(s: Louis14State, emit: Emit) -> None:
    s.phase = "evaluation"
    s.used = [0] * s.num_players
    s.agenda.extend(("tile", t) for t in range(12, 0, -1))


def tile(s: Louis14State, emit: Emit, t: int) -> None:
    """Tile ``t``: the intrigue windows, the tie window, then the tile is resolved. With no
    window to open, the tie window and the resolution are called at once (as the flow
    would pop them), the resolution queued only behind a tie decision."""
    intrigue = s.intrigue
    if not any(intrigue):
        tie_window(s, emit, t)
        if s.pending is None:
            resolve(s, emit, t)
        else:
            s.agenda.append(("resolve", t))
        return
    agenda = s.agenda
    agenda.append(("resolve", t))
    agenda.append(("tie_window", t))
    n = s.num_players
    for i in range(n - 1, -1, -1):  # turn order from the start player, pushed last first
        p = (s.start + i) % n
        if intrigue[p]:
            agenda.append(("intrigue_window", t, p))


def intrigue_window(s: Louis14State, emit: Emit, t: int, seat: int) -> None:
    if s.stones_available(seat) > 0:
        s.pending = ("intrigue", seat, t)


def on_intrigue(s: Louis14State, decision: Pending, action: Action, emit: Emit) -> None:
    seat, t = decision[1], decision[2]
    if not isinstance(action, PlayIntrigue):
        if emit is not None:
            say(emit, "pass", seat=seat, decision="intrigue", tile=t)
        return
    s.intrigue[seat] &= ~(1 << t)
    s.forget(1, seat, t)
    s.intrigue_deck = [t, *s.intrigue_deck]
    s.intrigue_known = [(1 << s.num_players) - 1, *s.intrigue_known]
    if action.source == "general":
        s.general[seat] -= action.stones
    else:
        s.personal[seat] -= action.stones
    s.board[t * s.colours + seat] += action.stones
    say(emit, "intrigue", seat=seat, tile=t, source=action.source, stones=action.stones)


def tie_window(s: Louis14State, emit: Emit, t: int) -> None:
    counts = s.stones_on(t)
    top = max(counts)
    if not top or counts.count(top) < 2 or TILES[t].condition(s.side[t]).kind == "stones":
        return  # no tie for first, or a tile of stones (no first to win)
    firsts = [colour for colour, k in enumerate(counts) if k == top]
    for colour in firsts:
        if colour < s.num_players and s.unused(colour, "win_tie") is not None:
            s.pending = ("tie", colour, t)
            return


def on_tie(s: Louis14State, decision: Pending, action: Action, emit: Emit) -> None:
    if isinstance(action, WinTie):
        seat = decision[1]
        mission = s.unused(seat, "win_tie")
        assert mission is not None
        s.used[seat] |= 1 << mission
        s.tie_winner = seat
        say(emit, "win_tie", seat=seat, tile=decision[2])
    elif emit is not None:
        say(emit, "pass", seat=decision[1], decision="tie", tile=decision[2])


def _firsts(counts: list[int], winner: int) -> list[int]:
    """The colours tied for first (none on an empty tile); a tie winner stands alone first."""
    top = max(counts)
    if not top:
        return []
    if winner >= 0 and counts[winner] == top:
        return [winner]
    return [c for c, k in enumerate(counts) if k == top]


def _seconds(counts: list[int], firsts: list[int]) -> list[int]:
    """The colours tied for second, after ``firsts``."""
    second = 0
    for c, k in enumerate(counts):
        if k > second and c not in firsts:
            second = k
    if not second:
        return []
    return [c for c, k in enumerate(counts) if k == second and c not in firsts]


def resolve(s: Louis14State, emit: Emit, t: int) -> None:
    """Score tile ``t``: move its stones, flip it, queue rewards and bribe offers."""
    n = s.num_players
    c = s.colours
    base = t * c
    counts = s.board[base:base + c]
    cond = TILES[t].condition(s.side[t])
    louis = t == s.louis_tile
    firsts = _firsts(counts, s.tie_winner)
    # The seconds count at Louis XIV's tile only (and are told in the log).
    seconds = _seconds(counts, firsts) if louis or emit is not None else []
    free, crown, to_general, bribers, flip = _receivers(s, counts, cond, louis, firsts, seconds)
    if crown >= n:
        crown = -1
    if c > n:  # the neutral colour of a 2-player game receives nothing
        free = [p for p in free if p < n]
    if emit is not None:  # the label and lists are worth building only for a log
        say(emit, "evaluate", tile=t, condition=cond.label(), louis=louis,
            stones=list(counts), firsts=firsts, seconds=seconds, receivers=free,
            bribers=bribers, tie_winner=s.tie_winner if s.tie_winner >= 0 else None)
    _stones_leave(s, base, counts, to_general)
    if flip and s.round < ROUNDS:
        s.side[t] ^= 1
        if emit is not None:
            say(emit, "flip", tile=t, side=s.side[t])
    if louis:
        s.louis_tile = 0
    s.tie_winner = -1
    _queue_rewards(s, t, cond.value, bribers, free, crown)


def _receivers(s: Louis14State, counts: list[int], cond: Condition, louis: bool,
               firsts: list[int], seconds: list[int],
               ) -> tuple[list[int], int, list[int], list[int], bool]:
    """Who the tile rewards, in the order they take it; who is crowned at Louis XIV's tile
    (-1: nobody); whose stones go to the general supply; who may bribe; whether it flips."""
    kind = cond.kind
    free: list[int] = []
    crown = -1
    to_general: list[int] = []
    bribers: list[int] = []
    flip = False
    if kind == "stones":
        free = [p for p in s.order() if counts[p] >= cond.value]
        if len(firsts) == 1 and firsts[0] in free:
            # The majority holder takes the reward first, then the others in turn order.
            free.remove(firsts[0])
            free.insert(0, firsts[0])
        flip = bool(free)
    elif louis:
        if firsts:
            flip = True
            to_general = firsts
            if len(firsts) == 1:
                crown = firsts[0]
                free = [crown]
                if len(seconds) == 1:
                    free.append(seconds[0])
            else:
                free = [p for p in s.order() if p in firsts]
            if kind == "money":
                bribers = [p for p in s.order() if counts[p] and p not in free]
    elif len(firsts) == 1:
        flip = True
        to_general = free = firsts
        if kind == "money":
            bribers = [p for p in s.order() if counts[p] and p not in free]
    elif firsts and kind == "money":
        bribers = [p for p in s.order() if counts[p]]
    return free, crown, to_general, bribers, flip


def _stones_leave(s: Louis14State, base: int, counts: list[int], to_general: list[int]) -> None:
    """The stones leave the tile: the winners' to their general supply, the others' to their
    personal supply, the neutral colour's back to its pool."""
    n = s.num_players
    board = s.board
    general = s.general
    personal = s.personal
    for colour in range(s.colours):
        k = counts[colour]
        if not k:
            continue
        board[base + colour] = 0
        if colour >= n:
            s.neutral_pool += k
        elif colour in to_general:
            general[colour] += k
        else:
            personal[colour] += k


def _queue_rewards(s: Louis14State, t: int, cost: int, bribers: list[int], free: list[int],
                   crown: int) -> None:
    """Queue the rewards, each seat's reward (and then the crown, for the one crowned) in
    the order of ``free``, and after them the bribe offers at ``cost`` (one louis less for
    the holder of the cheap-bribe mission)."""
    agenda = s.agenda
    for p in reversed(bribers):
        agenda.append(("bribe_offer", t, p, cost - (1 if s.owns(p, "cheap_bribe") else 0)))
    for p in reversed(free):
        if p == crown:
            agenda.append(("crown", p))
        agenda.append(("reward", t, p))


def crown(s: Louis14State, emit: Emit, seat: int) -> None:
    give_chip(s, seat, CROWN, emit, "louis")


def bribe_offer(s: Louis14State, emit: Emit, t: int, seat: int, cost: int) -> None:
    if s.money[seat] >= cost:
        s.pending = ("bribe", seat, t, cost)


def on_bribe(s: Louis14State, decision: Pending, action: Action, emit: Emit) -> None:
    if isinstance(action, Bribe):
        seat, t, cost = decision[1], decision[2], decision[3]
        s.money[seat] -= cost
        if emit is not None:
            say(emit, "bribe", seat=seat, tile=t, louis=cost)
        reward(s, emit, t, seat)  # at once: the task the flow would pop next
    elif emit is not None:
        say(emit, "pass", seat=decision[1], decision="bribe", tile=decision[2],
            louis=decision[3])


def reward(s: Louis14State, emit: Emit, t: int, seat: int) -> None:
    """Hand out tile ``t``'s reward to ``seat``."""
    person = TILES[t]
    kind = person.reward
    if kind == "chip":
        give_chip(s, seat, person.reward_value, emit, f"tile {t}")
    elif kind == "louis":
        s.money[seat] += person.reward_value
        say(emit, "louis", seat=seat, louis=person.reward_value, tile=t)
    elif kind == "blazons":
        draw_blazon(s, seat, emit, f"tile {t}", person.reward_value)
    elif kind == "influence_card":
        draw_influence(s, seat, emit, f"tile {t}")
    elif kind == "louvois":
        draw_blazon(s, seat, emit, f"tile {t}")
        draw_intrigue(s, seat, emit, f"tile {t}")
    elif kind == "conde":
        draw_blazon(s, seat, emit, f"tile {t}")
        if s.stones_available(seat) > 0:
            s.pending = ("conde", seat)
    elif kind == "maintenon":
        if s.stones_available(seat) > 0:
            s.pending = ("maintenon", seat)
        else:
            retrieve(s, seat, 1)


def on_conde(s: Louis14State, decision: Pending, action: Action, emit: Emit) -> None:
    if isinstance(action, PlaceStone):
        seat = decision[1]
        source = place_fallback(s, seat, action.tile)
        say(emit, "conde_stone", seat=seat, tile=action.tile, source=source)
    elif emit is not None:
        say(emit, "pass", seat=decision[1], decision="conde")


def on_maintenon(s: Louis14State, decision: Pending, action: Action, emit: Emit) -> None:
    assert isinstance(action, MaintenonStones)
    seat = decision[1]
    for _ in range(action.stones):
        place_fallback(s, seat, MAINTENON_TILE)
    back = retrieve(s, seat, 1)
    say(emit, "maintenon", seat=seat, stones=action.stones, stones_back=back)


TASKS: dict[str, Task] = {
    "evaluation": evaluation,
    "tile": tile,
    "intrigue_window": intrigue_window,
    "tie_window": tie_window,
    "resolve": resolve,
    "crown": crown,
    "bribe_offer": bribe_offer,
    "reward": reward,
}
HANDLERS: dict[str, Handler] = {
    "intrigue": on_intrigue,
    "tie": on_tie,
    "bribe": on_bribe,
    "conde": on_conde,
    "maintenon": on_maintenon,
}
