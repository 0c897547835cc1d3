"""Phases 2–4 of a round: the negotiation, moving the court, and the round of turns.

§7.2: players negotiate, send each other money, show each other cards and make offers ("I
pay 2,000 if you …") that the other accepts or declines; accepted, the money passes at once
and the favour is a promise that binds nobody (ruling V-42). The engine's clock is a bound on
the moves each player may make (the ``negotiation_moves`` option: payments, shows or offers);
``done`` always ends one's part. §7.3: the
steward keeps the court at Versailles or leads it to the hunt (at war it stays with the
army). §7.4: the steward plays first and last; each turn has two actions and the free office
power, then the income and the hand limit.

Rulebook: German rulebook (`004_83e97ed5cbbf50d2.txt`), 7.2 "Phase 2: Verhandlungen", 7.3 "Phase 3:
Verlegung des Hofes" and 7.4 "Phase 4: Runde um den Tisch".
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...core.agenda import Handler, Pending, Task
from ...core.events import Emit, say, tell
from .actions import (
    Accept,
    DeclareWar,
    Decline,
    Discard,
    Draw,
    DrawHouse,
    EndTurn,
    FreePrisoner,
    Give,
    GiveTo,
    Imprison,
    Intervene,
    LeadCourt,
    MakePeace,
    Marry,
    MoveCourt,
    Offer,
    Pass,
    Pay,
    PlayCard,
    PlayWar,
    Praise,
    RecallExile,
    RemarryKing,
    Request,
    Show,
    SpecialPension,
    TryPrisoner,
    WithdrawOffice,
)
from .data import ACTIONS_PER_TURN, CARDS, FAVOURS, HAND_LIMIT
from .event_cards import play_event, play_war
from .incomes import pay_income
from .powers import power_actions, use_power
from .requests import (
    free_prisoner,
    intervene,
    marry,
    recall_exile,
    remarry_king,
    request,
    withdraw_office,
)
from .state import ABSENT, DISCARD, PLACES, TALON, WAR, V1682State
from .verbs import forget, gain, learn

POWER_ACTIONS = (TryPrisoner, Imprison, SpecialPension, MakePeace, DeclareWar, LeadCourt, Praise)
_POWER_TYPES = frozenset(POWER_ACTIONS)


def _next_now(s: V1682State) -> bool:
    """Whether the flow would run the next task at once: nothing is pending, the game goes
    on and its watch has nothing to do (no fortune changed, the round is not aborted). A
    handler or task then runs its follow-up itself instead of putting it on the agenda."""
    return s.pending is None and not s.wealth_changed and not s.abort and s.final is None


# --- negotiation -------------------------------------------------------------------------------


def _negotiation(s: V1682State, emit: Emit) -> None:
    s.phase = "negotiation"
    n = s.num_players
    s.negotiation_moves_made = [0] * n
    s.negotiation_done = [0] * n
    s.promises = ()
    if emit is not None:
        say(emit, "negotiation")
    s.agenda.append(("negotiate", 0))


def _negotiate(s: V1682State, emit: Emit, k: int) -> None:
    """Give the next player who is not done (round-robin from the steward) the floor."""
    n = s.num_players
    for i in range(n):
        seat = (s.steward + k + i) % n
        if not s.negotiation_done[seat]:
            s.pending = ("negotiate", seat, (k + i) % n)
            return
    if emit is not None:
        say(emit, "negotiation_ends")


def _on_negotiate(s: V1682State, d: Pending, action: object, emit: Emit) -> None:
    seat, k = d[1], d[2]
    if isinstance(action, Offer):
        _moved(s, seat)
        s.pending = ("answer", action.to, seat, action.amount, FAVOURS.index(action.favour), k)
        if emit is not None:
            say(emit, "offer", seat=seat, to=action.to)
        for who in (seat, action.to):
            if emit is not None:
                tell(emit, who, "offered", seat=seat, to=action.to, amount=action.amount,
                     favour=action.favour)
        return
    if isinstance(action, Pay):
        s.fortune[seat] -= action.amount
        if emit is not None:
            say(emit, "payment", seat=seat, to=action.to, amount=action.amount)
        gain(s, action.to, action.amount, emit, "payment")
        _moved(s, seat)
    elif isinstance(action, Show):
        learn(s, seat, action.card, 1 << action.to)
        if emit is not None:
            say(emit, "shows", seat=seat, to=action.to)
            tell(emit, action.to, "shown", seat=seat, card=action.card)
        _moved(s, seat)
    else:
        s.negotiation_done[seat] = 1
        if emit is not None:
            say(emit, "done", seat=seat)
    _negotiate_next(s, emit, (k + 1) % s.num_players)


def _negotiate_next(s: V1682State, emit: Emit, k: int) -> None:
    if _next_now(s):
        _negotiate(s, emit, k)
    else:
        s.agenda.append(("negotiate", k))


def _on_answer(s: V1682State, d: Pending, action: object, emit: Emit) -> None:
    """The offer is accepted (the money passes now; the favour stays a promise, §7.2) or
    declined; the negotiation goes on after the one who offered."""
    seat, payer, amount, favour, k = d[1:]
    if isinstance(action, Accept) and s.fortune[payer] < amount:
        # A fine said at the table meanwhile left him short: no money, no promise.
        if emit is not None:
            say(emit, "offer_lapses", seat=seat, to=payer)
    elif isinstance(action, Accept):
        if emit is not None:
            say(emit, "offer_accepted", seat=seat, to=payer)
        for who in (seat, payer):
            if emit is not None:
                tell(emit, who, "promised", seat=seat, to=payer, favour=FAVOURS[favour])
        s.promises = (*s.promises, (seat, payer, favour, amount))
        s.fortune[payer] -= amount
        if emit is not None:
            say(emit, "payment", seat=payer, to=seat, amount=amount)
        gain(s, seat, amount, emit, "payment")
    else:
        assert isinstance(action, Decline)
        if emit is not None:
            say(emit, "offer_declined", seat=seat, to=payer)
    _negotiate_next(s, emit, (k + 1) % s.num_players)


def _moved(s: V1682State, seat: int) -> None:
    s.negotiation_moves_made[seat] += 1
    if s.negotiation_moves_made[seat] >= s.negotiation_moves:
        s.negotiation_done[seat] = 1


# --- moving the court ---------------------------------------------------------------------------


def _court(s: V1682State, emit: Emit) -> None:
    s.phase = "court"
    if s.court == WAR:
        if emit is not None:
            say(emit, "court_stays", place="war")
        return
    s.pending = ("court", s.steward)


def _on_court(s: V1682State, d: Pending, action: object, emit: Emit) -> None:
    assert isinstance(action, MoveCourt)
    s.court = PLACES.index(action.place)
    if emit is not None:
        say(emit, "court_moves", place=action.place, seat=d[1])


# --- the round of turns --------------------------------------------------------------------------


def _turns(s: V1682State, emit: Emit) -> None:
    s.phase = "turns"
    n = s.num_players
    order = [(s.steward + i) % n for i in range(n)]
    tasks = [("turn", order[0], 0)]
    tasks += [("turn", p, 1) for p in order[1:]]
    tasks.append(("turn", s.steward, 2))
    s.agenda.extend(reversed(tasks))


def _turn(s: V1682State, emit: Emit, seat: int, which: int) -> None:
    """``which``: 0 the steward's first turn (no income), 1 an ordinary turn, 2 the
    steward's second turn."""
    if s.status[seat] == ABSENT:
        if emit is not None:
            say(emit, "no_turn", seat=seat)
        return
    s.turn_seat = seat
    s.actions_left = ACTIONS_PER_TURN
    if emit is not None:
        say(emit, "turn", seat=seat)
    s.agenda.append(("end_turn", seat, 0 if which == 0 else 1))
    if _next_now(s):
        _act(s, emit, seat)
    else:
        s.agenda.append(("act", seat))


def can_continue(s: V1682State, seat: int) -> bool:
    """The turn goes on while an action is left or an office power is unused."""
    if s.status[seat] == ABSENT or s.turn_seat != seat:
        return False
    if s.actions_left > 0:
        return True
    return bool(power_actions(s, seat))


def _act(s: V1682State, emit: Emit, seat: int) -> None:
    if can_continue(s, seat):
        s.pending = ("act", seat)


def _on_act(s: V1682State, d: Pending, action: object, emit: Emit) -> None:
    seat = d[1]
    if isinstance(action, EndTurn):
        s.actions_left = 0
        s.turn_seat = -1
        if emit is not None:
            say(emit, "end_turn", seat=seat)
        return
    depth = len(s.agenda)
    if type(action) in _POWER_TYPES:
        use_power(s, seat, action, emit)
    else:
        s.actions_left -= 1
        perform = _TURN_ACTIONS.get(type(action))
        if perform is None:  # pragma: no cover - the legal actions offer nothing else
            raise TypeError(f"not a turn action: {action!r}")
        perform(s, seat, action, emit)
    # The turn's next step comes after whatever the action queued: at once when nothing
    # is pending or queued, else on the agenda beneath the queued tasks.
    if _next_now(s) and len(s.agenda) == depth:
        _act(s, emit, seat)
    else:
        s.agenda.insert(depth, ("act", seat))


def _draw(s: V1682State, seat: int, action: Draw, emit: Emit) -> None:
    draw(s, seat, emit)


def _draw_house(s: V1682State, seat: int, action: DrawHouse, emit: Emit) -> None:
    s.where[action.card] = seat
    learn(s, seat, action.card, (1 << s.num_players) - 1)
    if emit is not None:
        say(emit, "draw_house", seat=seat, card=action.card)


def _give_to(s: V1682State, seat: int, action: GiveTo, emit: Emit) -> None:
    s.pending = ("give", seat, action.to, 0)
    if emit is not None:
        say(emit, "give", seat=seat, to=action.to)


def _remarry_king(s: V1682State, seat: int, action: RemarryKing, emit: Emit) -> None:
    remarry_king(s, seat, emit)


_TURN_ACTIONS: dict[type, Callable[[V1682State, int, Any, Emit], None]] = {
    Draw: _draw,
    DrawHouse: _draw_house,
    Request: request,
    PlayCard: play_event,
    PlayWar: play_war,
    GiveTo: _give_to,
    WithdrawOffice: withdraw_office,
    Marry: marry,
    RemarryKing: _remarry_king,
    Intervene: intervene,
    FreePrisoner: free_prisoner,
    RecallExile: recall_exile,
}
"""Each action of a turn (§8.0) but the office powers, by its class: what it does."""


def _on_give(s: V1682State, d: Pending, action: object, emit: Emit) -> None:
    """The first card must be given, the second may (``Pass``: said, so all hear it)."""
    if isinstance(action, Give):
        give(s, d[1], action, emit)
        if d[3] == 0 and d[1] in s.where:  # a card left in hand
            s.pending = ("give", d[1], d[2], 1)
    else:
        assert isinstance(action, Pass)
        if emit is not None:
            say(emit, "no_second_card", seat=d[1], to=d[2])


def draw(s: V1682State, seat: int, emit: Emit) -> None:
    """Draw the top card of the Talon, shuffling the discards into a new Talon first if it
    is empty (ruling V-20)."""
    if not s.talon:
        pile = [c for c, z in enumerate(s.where) if z == DISCARD]
        s.rng.shuffle(pile)
        for c in pile:
            s.where[c] = TALON
        s.talon = pile
        if emit is not None:
            say(emit, "reshuffle", cards=len(pile))
    card = s.talon.pop()
    s.where[card] = seat
    if emit is not None:
        say(emit, "draw", seat=seat)
        tell(emit, seat, "drawn", seat=seat, card=card)


def give(s: V1682State, seat: int, action: Give, emit: Emit) -> None:
    """Hand a card to another player: the giver knows where it went; anyone who knew it in
    the giver's hand cannot tell which card left, so that knowledge is dropped."""
    card = action.card
    forget(s, card)
    s.where[card] = action.to
    learn(s, action.to, card, 1 << seat)
    if emit is not None:
        say(emit, "card_given", seat=seat, to=action.to)
        tell(emit, seat, "given", seat=seat, to=action.to, card=card)
        tell(emit, action.to, "received", seat=seat, to=action.to, card=card)


def _end_turn(s: V1682State, emit: Emit, seat: int, pays: int) -> None:
    s.turn_seat = seat
    if s.status[seat] != ABSENT and pays:
        pay_income(s, seat, emit)
    if _next_now(s):
        _turn_over(s, emit, seat)
        _hand_limit(s, emit, seat)
    else:
        s.agenda.append(("hand_limit", seat))
        s.agenda.append(("turn_over", seat))


def _turn_over(s: V1682State, emit: Emit, seat: int) -> None:
    s.turn_seat = -1
    s.actions_left = 0


def _hand_limit(s: V1682State, emit: Emit, seat: int) -> None:
    if s.hand_size(seat) > HAND_LIMIT:
        s.pending = ("discard", seat)


def _on_discard(s: V1682State, d: Pending, action: object, emit: Emit) -> None:
    assert isinstance(action, Discard)
    seat = d[1]
    forget(s, action.card)
    s.where[action.card] = DISCARD
    if emit is not None:
        say(emit, "discard", seat=seat, card=action.card, key=CARDS[action.card].key)
    s.agenda.append(("hand_limit", seat))


TASKS: dict[str, Task] = {
    "negotiation": _negotiation,
    "negotiate": _negotiate,
    "court": _court,
    "turns": _turns,
    "turn": _turn,
    "act": _act,
    "end_turn": _end_turn,
    "turn_over": _turn_over,
    "hand_limit": _hand_limit,
}

HANDLERS: dict[str, Handler] = {
    "negotiate": _on_negotiate,
    "answer": _on_answer,
    "court": _on_court,
    "act": _on_act,
    "give": _on_give,
    "discard": _on_discard,
}
