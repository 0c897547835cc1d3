"""Step B of a turn: duels (B1), attacks on provinces (B2) and bribery (B3).

A duel is fought with cards laid face down "at the same time": the challenger lays his card
first and it is kept hidden (``state.hidden``), so the defender's view and legal actions do
not depend on it. On a tie both may fight on (VR-7).

Attacks and bribery are one exchange (``kind`` 0 and 1): the sides play batches in turn,
the attacker's first (batch 0), each batch one action that must put its side ahead (the
attacker strictly, the defender at least level, since a tie goes to the defender). A side
that passes instead of raising loses; the winner's last batch stays with the province or the
person, every other card of the exchange is discarded (VR-10, VR-13).

Rulebook: Dutch rulebook (`003_fb5526a901664f8a.txt`), "Fase 1: de beurtronde", B1–B3 (duel,
attacking a province, bribing a person).
"""

from __future__ import annotations

import itertools

from ...core.actions import Action
from ...core.agenda import Handler, Legal, Pending, Task
from ...core.events import Emit, say, tell
from .actions import AGREE, COMMITS, LAY_DOWNS, PASS, Agree, Commit, LayDown, Pass
from .data import EAR_CARD, EVENT, GOLD, IS_NUMBER, KIND, MUSKETEER, OFFICIAL, VALUE, distinct
from .state import LOC_STRUCT, RULE_NON_EVENT, RULE_NUMBER, ViveLeRoiState
from .verbs import (
    attached_value,
    free_gold,
    free_musketeers,
    to_discard,
    to_ear_middle,
    to_fight,
    to_hand,
    to_hidden,
    to_structure,
)
from .windows import act_anytime, after_card, anytime_actions

ATTACK = 0
BRIBERY = 1

# --- duels ---------------------------------------------------------------------------------


def _duel(s: ViveLeRoiState, emit: Emit, challenger: int, defender: int, noble: int,
          target: int) -> None:
    s.pending = ("duel_card", challenger, challenger, defender, noble, target)


def _duel_card_legal(s: ViveLeRoiState, d: Pending) -> list[Action]:
    """The challenger lays any card but an event, the defender a number card; one who has
    none can only pass, and the duel is off (the defender is asked all the same, so being
    asked reveals nothing). Either may first play an "S" card or issue the decree (VR-4b)."""
    seat, challenger = d[1], d[2]
    hand = s.hands[seat]
    if seat == challenger:
        out: list[Action] = [LAY_DOWNS[c] for c in distinct([c for c in hand if KIND[c] != EVENT])]
    else:
        out = [LAY_DOWNS[c] for c in distinct([c for c in hand if IS_NUMBER[c]])]
    return (out or [PASS]) + anytime_actions(s, seat)


def _duel_card_handle(s: ViveLeRoiState, d: Pending, action: Action, emit: Emit) -> None:
    seat, challenger, defender, noble, target = d[1:6]
    if isinstance(action, Pass):
        if seat == defender:
            to_hand(s, s.hidden[challenger], challenger)
        say(emit, "duel_off", seat=challenger, defender=defender, why="no number card")
        return
    if not isinstance(action, LayDown):
        act_anytime(s, seat, action, emit, ("ask", *d))
        return
    card = action.card
    if seat == challenger:
        to_hidden(s, card, seat, RULE_NON_EVENT)
        say(emit, "duel_card", seat=seat)
        tell(emit, seat, "duel_card_is", seat=seat, card=card)
        after_card(s, challenger, defender, ("ask", "duel_card", defender, challenger,
                                             defender, noble, target))
        return
    to_hidden(s, card, seat, RULE_NUMBER)
    mine = s.hidden[challenger]
    value, against = VALUE[mine], VALUE[card]
    say(emit, "duel_reveal", challenger=challenger, card=mine, value=value,
        defender=defender, defender_card=card, defender_value=against)
    to_discard(s, mine)
    to_discard(s, card)
    if value > against:
        _dies(s, emit, target, defender)
        after_card(s, challenger, defender)
    elif against > value:
        _dies(s, emit, noble, challenger)
        after_card(s, challenger, defender)
    else:
        after_card(s, challenger, defender, ("ask", "duel_again", challenger, challenger,
                                             defender, noble, target))


def _dies(s: ViveLeRoiState, emit: Emit, noble: int, seat: int) -> None:
    """The loser's noble goes to the discard pile; his King's Ear to the middle (VR-8)."""
    say(emit, "noble_dies", seat=seat, noble=noble)
    if s.loc[EAR_CARD] == LOC_STRUCT + seat and s.attach[EAR_CARD] == noble:
        to_ear_middle(s, EAR_CARD)
        say(emit, "ear_to_middle", seat=seat)
        s.agenda.append(("contest", (1 << s.num_players) - 1))
    to_discard(s, noble)


def _duel_again_legal(s: ViveLeRoiState, d: Pending) -> list[Action]:
    seat, challenger = d[1], d[2]
    hand = s.hands[seat]
    can = (any(KIND[c] != EVENT for c in hand) if seat == challenger
           else any(IS_NUMBER[c] for c in hand))
    return [AGREE, PASS] if can else [PASS]


def _duel_again_handle(s: ViveLeRoiState, d: Pending, action: Action, emit: Emit) -> None:
    seat, challenger, defender, noble, target = d[1:6]
    if not isinstance(action, Agree):
        say(emit, "duel_off", seat=seat, defender=defender, why="tie, called off")
        return
    if seat == challenger:
        say(emit, "duel_agree", seat=seat, defender=defender)
        s.pending = ("duel_again", defender, challenger, defender, noble, target)
        return
    say(emit, "duel_again", seat=challenger, defender=defender)
    s.agenda.append(("duel", challenger, defender, noble, target))


# --- attacks and bribery ----------------------------------------------------------------


def _fight(s: ViveLeRoiState, emit: Emit, kind: int, attacker: int, defender: int,
           target: int) -> None:
    s.pending = ("batch", attacker, kind, attacker, defender, target, 0)


def totals(s: ViveLeRoiState, target: int) -> tuple[int, int]:
    """The attacker's and the defender's totals in the exchange over ``target``."""
    mine = theirs = 0
    for card, batch in zip(s.fight, s.fight_by, strict=True):
        if batch & 1:
            theirs += VALUE[card]
        else:
            mine += VALUE[card]
    return mine, theirs + attached_value(s, target)


def _groups(sources: tuple[tuple[int, ...], ...]) -> list[tuple[int, list[int]]]:
    """The cards a seat may commit, as (value, ids) per source: the musketeers or gold of the
    hand and, for the defender, his laid-out structure (VR-9, VR-13). Cards of one value from
    one source are interchangeable."""
    out: list[tuple[int, list[int]]] = []
    for source in sources:
        by_value: dict[int, list[int]] = {}
        for c in sorted(source):
            by_value.setdefault(VALUE[c], []).append(c)
        out += sorted(by_value.items())
    return out


def structure_sources(
    s: ViveLeRoiState, kind: int, seat: int, target: int
) -> tuple[tuple[int, ...], ...]:
    """What the defender may add from his structure. Gold: the free treasury, never gold on
    a person (VR-13). Musketeers, "uit zijn hand of uit zijn uitliggende structuur" (VR-9):
    the barracks, and the garrison of each of his other provinces, one source per province
    (a musketeer taken from a garrison leaves its province)."""
    if kind == BRIBERY:
        return (tuple(free_gold(s, seat)),)
    attach = s.attach
    garrisons: dict[int, list[int]] = {}
    for c in s.structures[seat]:
        host = attach[c]
        if host >= 0 and host != target and KIND[c] == MUSKETEER:
            garrisons.setdefault(host, []).append(c)
    return (tuple(free_musketeers(s, seat)), *(tuple(garrisons[h]) for h in sorted(garrisons)))


def batches(
    s: ViveLeRoiState, kind: int, seat: int, target: int, defending: bool, need: int
) -> tuple[Commit, ...]:
    """Every batch worth at least ``need`` that ``seat`` can play: one per distinct choice of
    how many cards of each value to take from each source (:func:`_groups`), the
    interchangeable cards canonicalised to the first ids of their group. Memoised on the
    cards and the need."""
    need = max(need, 1)
    wanted = MUSKETEER if kind == ATTACK else GOLD
    cards = tuple([c for c in s.hands[seat] if KIND[c] == wanted])
    sources = (cards, *structure_sources(s, kind, seat, target)) if defending else (cards,)
    key = (sources, need)
    made = _BATCHES.get(key)
    if made is not None:
        return made
    groups = _groups(sources)
    out: list[Commit] = []
    if sum(v * len(ids) for v, ids in groups) >= need:
        for counts in itertools.product(*[range(len(ids) + 1) for _, ids in groups]):
            if sum(k * v for k, (v, _) in zip(counts, groups, strict=True)) < need:
                continue
            out.append(COMMITS[tuple(sorted(c for k, (_, ids) in zip(counts, groups, strict=True)
                                            for c in ids[:k]))])
    made = tuple(out)
    if len(_BATCHES) < _BATCHES_LIMIT:
        _BATCHES[key] = made
    return made


_BATCHES: dict[tuple[object, ...], tuple[Commit, ...]] = {}
"""The batches of each set of groups and need, memoised."""
_BATCHES_LIMIT = 100_000


def _batch_legal(s: ViveLeRoiState, d: Pending) -> list[Action]:
    """A batch that puts your side ahead, or pass (not on the attacker's opening batch).
    An opening that cannot be made can only be passed (called off); this arises only in
    determinized positions, whose hands were dealt again. After the opening either side may
    first play an "S" card or issue the decree (VR-4b)."""
    seat, kind, _, _, target, batch = d[1:7]
    defending = batch % 2 == 1
    mine, theirs = totals(s, target)
    need = mine - theirs if defending else theirs - mine + 1
    out: list[Action] = list(batches(s, kind, seat, target, defending, need))
    if batch > 0 or not out:
        out.append(PASS)
    if batch > 0:
        out += anytime_actions(s, seat)
    return out


def _batch_handle(s: ViveLeRoiState, d: Pending, action: Action, emit: Emit) -> None:
    seat, kind, attacker, defender, target, batch = d[1:7]
    if isinstance(action, Commit):
        for c in action.cards:
            to_fight(s, c, batch)
        if emit is not None:
            mine, theirs = totals(s, target)
            say(emit, "commit", seat=seat, cards=list(action.cards), batch=batch,
                attacker_total=mine, defender_total=theirs)
        other = defender if seat == attacker else attacker
        after_card(s, attacker, defender,
                   ("fight_on", other, kind, attacker, defender, target, batch + 1))
    elif isinstance(action, Pass):
        if batch == 0:  # an opening that cannot be made: the attack is called off
            say(emit, "called_off", seat=attacker)
            return
        winner = defender if seat == attacker else attacker
        _settle(s, emit, kind, attacker, defender, target, winner, batch - 1)
    else:  # an "S" card or the decree first; then the same batch, if the fight goes on
        act_anytime(s, seat, action, emit, ("fight_on", *d[1:]))


def _fight_on(s: ViveLeRoiState, emit: Emit, seat: int, kind: int, attacker: int,
              defender: int, target: int, batch: int) -> None:
    """The exchange goes on with ``seat``'s batch after the windows of the last one, unless
    the person bribed has left the defender's structure meanwhile (the Executioner, played in
    a window): the bribery is then void, and every card committed to it is discarded (as all
    gold of a bribery but the winner's last batch, VR-13; there is no winner)."""
    if s.loc[target] != LOC_STRUCT + defender:
        for c in list(s.fight):
            to_discard(s, c)
        say(emit, "fight_void", kind="attack" if kind == ATTACK else "bribery", target=target)
        return
    s.pending = ("batch", seat, kind, attacker, defender, target, batch)


def _settle(s: ViveLeRoiState, emit: Emit, kind: int, attacker: int, defender: int, target: int,
            winner: int, last: int) -> None:
    """Everything committed is discarded but the winner's last batch, which stays with the
    province (as its garrison) or the person (as its gold); the old garrison or gold goes."""
    kept = [c for c, b in zip(s.fight, s.fight_by, strict=True) if b == last]
    for c in [c for c, b in zip(s.fight, s.fight_by, strict=True) if b != last]:
        to_discard(s, c)
    for c in s.attached_to(target):
        to_discard(s, c)
    if emit is not None:
        say(emit, "fight_won", kind="attack" if kind == ATTACK else "bribery", winner=winner,
            attacker=attacker, defender=defender, target=target, kept=kept,
            kept_value=sum(VALUE[c] for c in kept))
    if winner == attacker:
        to_structure(s, target, attacker)
    elif kind == BRIBERY:
        s.attach[target] = -1   # a person carrying gold leaves the garrison (VR-10)
    for c in kept:
        to_structure(s, c, winner, target)
    if winner == attacker and kind == BRIBERY and KIND[target] == OFFICIAL:
        s.agenda.append(("activate", attacker, target))


TASKS: dict[str, Task] = {"duel": _duel, "fight": _fight, "fight_on": _fight_on}
HANDLERS: dict[str, Handler] = {
    "duel_card": _duel_card_handle,
    "duel_again": _duel_again_handle,
    "batch": _batch_handle,
}
LEGAL: dict[str, Legal] = {
    "duel_card": _duel_card_legal,
    "duel_again": _duel_again_legal,
    "batch": _batch_legal,
}
