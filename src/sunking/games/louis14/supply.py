"""Phase 1, supply: the money card, laid missions that pay out, and dealing influence cards.

Rulebook: Dutch rulebook (`000_d2f528188efe1a8d.txt`), "Fase 1: Bevoorrading" (steps 1–3);
rulings §6.
"""

from __future__ import annotations

from ...core.actions import Action
from ...core.agenda import Handler, Pending, Task
from ...core.events import Emit, say
from .actions import Income, TradeStone
from .data import MISSIONS, MONEY_CARDS
from .state import Louis14State
from .verbs import draw_blazon, draw_influence, draw_intrigue, retrieve

HAND_SIZE = 5


def reveal_money(s: Louis14State, emit: Emit) -> None:
    """Step 1: reveal the top money card; everyone is paid; Louis XIV goes to its tile."""
    s.phase = "supply"
    s.used = [0] * s.num_players
    card = MONEY_CARDS[s.money_deck[-1]]
    s.money_deck = s.money_deck[:-1]
    s.money_revealed = [*s.money_revealed, card.id]
    for p in range(s.num_players):
        s.money[p] += card.amount
    s.louis_tile = card.tile
    say(emit, "money_card", amount=card.amount, tile=card.tile)


def compensation(s: Louis14State, emit: Emit) -> None:
    """Three players: the start player of round 4 takes the top intrigue card."""
    if s.num_players == 3 and s.round == 4:
        draw_intrigue(s, s.start, emit, "compensation")


def supply_missions(s: Louis14State, emit: Emit) -> None:
    """Step 2: in turn order, each player's laid supply-phase missions, in the order laid."""
    tasks = [
        ("supply_card", p, m) for p in s.order() for m in s.laid[p]
        if MISSIONS[m].timing == "supply"
    ]
    s.agenda.extend(reversed(tasks))


def income_options(s: Louis14State, seat: int) -> tuple[Income, ...]:
    """The distinct outcomes of "+2 louis d'or, or 1 + 1 stone, or 2 stones"."""
    out: list[Income] = []
    for stones in (0, 1, 2):
        got = min(stones, s.general[seat])
        option = Income(2 - stones, got)
        if option not in out:
            out.append(option)
    return tuple(out)


def supply_card(s: Louis14State, emit: Emit, seat: int, mission: int) -> None:
    effect = MISSIONS[mission].effect
    if effect == "stone":
        say(emit, "stones_back", seat=seat, stones=retrieve(s, seat, 1), mission=mission)
    elif effect == "stones3":
        say(emit, "stones_back", seat=seat, stones=retrieve(s, seat, 3), mission=mission)
    elif effect == "louis":
        s.money[seat] += 1
        say(emit, "louis", seat=seat, louis=1, mission=mission)
    elif effect == "louis3":
        s.money[seat] += 3
        say(emit, "louis", seat=seat, louis=3, mission=mission)
    elif effect == "blazon":
        draw_blazon(s, seat, emit, "mission")
    elif effect == "intrigue":
        draw_intrigue(s, seat, emit, "mission")
    elif effect == "income":
        options = income_options(s, seat)
        if len(options) == 1:
            _income(s, seat, options[0], emit)
        else:
            s.pending = ("income", seat, mission)
    elif effect == "stone_for_card":
        if s.personal[seat] > 0 and s.deck:
            s.pending = ("trade", seat, mission)
    else:  # pragma: no cover - the timing table routes only the effects above here
        raise AssertionError(effect)


def _income(s: Louis14State, seat: int, choice: Income, emit: Emit) -> None:
    s.money[seat] += choice.louis
    retrieve(s, seat, choice.stones)
    say(emit, "income", seat=seat, louis=choice.louis, stones=choice.stones)


def on_income(s: Louis14State, decision: Pending, action: Action, emit: Emit) -> None:
    assert isinstance(action, Income)
    _income(s, decision[1], action, emit)


def deal(s: Louis14State, emit: Emit) -> None:
    """Step 3: five influence cards to each player."""
    for p in s.order():
        for _ in range(HAND_SIZE):
            draw_influence(s, p, emit, "deal")


def on_trade(s: Louis14State, decision: Pending, action: Action, emit: Emit) -> None:
    seat = decision[1]
    if isinstance(action, TradeStone):
        s.personal[seat] -= 1
        s.general[seat] += 1
        draw_influence(s, seat, emit, "mission")
    elif emit is not None:
        say(emit, "pass", seat=seat, decision="trade", mission=decision[2])


TASKS: dict[str, Task] = {
    "reveal_money": reveal_money,
    "compensation": compensation,
    "supply_missions": supply_missions,
    "supply_card": supply_card,
    "deal": deal,
}
HANDLERS: dict[str, Handler] = {"income": on_income, "trade": on_trade}
