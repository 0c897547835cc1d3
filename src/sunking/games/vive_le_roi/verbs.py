"""Moving cards between the piles, hands, structures and the middle — the small verbs.

Every function changes the (fresh) state in place and appends events to ``emit`` when it is
not None. A card drawn or taken into a hand is told to its owner only.
"""

from __future__ import annotations

from bisect import insort

from ...core.events import Emit, tell
from .data import (
    CARD_ARMS,
    CHURCH_CARDS,
    COURTIER,
    EVENT,
    GOLD,
    KIND,
    KINGS_EAR,
    MUSKETEER,
    NOBLE,
    OFFICE_CARDS,
    OFFICIAL,
    PROVINCE,
    QUEEN,
    QUEEN_ARMS,
    ROLE,
    VALUE,
)
from .state import (
    LOC_DECK,
    LOC_DISCARD,
    LOC_EAR,
    LOC_FIGHT,
    LOC_HAND,
    LOC_HIDDEN,
    LOC_MIDDLE,
    LOC_PLAY,
    LOC_STRUCT,
    ViveLeRoiState,
)

# --- moving one card ----------------------------------------------------------------------


def _leave(s: ViveLeRoiState, card: int) -> None:
    """Take ``card`` out of the list of the place it is in (its ``loc`` is left stale)."""
    where = s.loc[card]
    if where >= LOC_HIDDEN:
        s.hidden[where - LOC_HIDDEN] = -1
        s.hidden_known[where - LOC_HIDDEN] = 0
    elif where >= LOC_STRUCT:
        s.structures[where - LOC_STRUCT].remove(card)
        s.attach[card] = -1
    elif where >= LOC_HAND:
        s.hands[where - LOC_HAND].remove(card)
        if s.known:
            s.known = tuple(k for k in s.known if k[1] != card)
    elif where == LOC_MIDDLE:
        i = s.middle.index(card)
        del s.middle[i]
        del s.middle_by[i]
    elif where == LOC_FIGHT:
        i = s.fight.index(card)
        del s.fight[i]
        del s.fight_by[i]
    elif where == LOC_DISCARD:
        s.discard.remove(card)
    elif where == LOC_DECK:
        s.deck.remove(card)
    elif where == LOC_PLAY:
        s.playing.remove(card)
    # LOC_EAR holds only the King's Ear and has no list.


def to_hand(s: ViveLeRoiState, card: int, seat: int) -> None:
    _leave(s, card)
    insort(s.hands[seat], card)
    s.loc[card] = LOC_HAND + seat


def to_structure(s: ViveLeRoiState, card: int, seat: int, onto: int = -1) -> None:
    """Put ``card`` into ``seat``'s structure, free or attached to ``onto``."""
    _leave(s, card)
    insort(s.structures[seat], card)
    s.loc[card] = LOC_STRUCT + seat
    s.attach[card] = onto


def to_discard(s: ViveLeRoiState, card: int) -> None:
    _leave(s, card)
    s.discard.append(card)
    s.loc[card] = LOC_DISCARD


def to_middle(s: ViveLeRoiState, card: int, seat: int) -> None:
    _leave(s, card)
    s.middle.append(card)
    s.middle_by.append(seat)
    s.loc[card] = LOC_MIDDLE


def to_fight(s: ViveLeRoiState, card: int, batch: int) -> None:
    _leave(s, card)
    s.fight.append(card)
    s.fight_by.append(batch)
    s.loc[card] = LOC_FIGHT


def to_play(s: ViveLeRoiState, card: int) -> None:
    _leave(s, card)
    s.playing.append(card)
    s.loc[card] = LOC_PLAY


def to_ear_middle(s: ViveLeRoiState, card: int) -> None:
    _leave(s, card)
    s.loc[card] = LOC_EAR


def to_hidden(s: ViveLeRoiState, card: int, seat: int, rule: int, known: int = 0) -> None:
    _leave(s, card)
    s.hidden[seat] = card
    s.hidden_rule[seat] = rule
    s.hidden_known[seat] = known
    s.loc[card] = LOC_HIDDEN + seat


def learn(s: ViveLeRoiState, holder: int, card: int, mask: int) -> None:
    """Record that the seats in ``mask`` (other than ``holder``) know ``holder`` holds
    ``card`` in hand."""
    mask &= ~(1 << holder)
    if mask:
        s.known = (*s.known, (holder, card, mask))


def draw(s: ViveLeRoiState, seat: int, emit: Emit, why: str) -> bool:
    """Take the top card of the draw pile into ``seat``'s hand; False when it is empty.

    Only the drawer is told (the views show every hand size)."""
    if not s.deck:
        return False
    card = s.deck[-1]
    to_hand(s, card, seat)
    if emit is not None:
        tell(emit, seat, "drawn", seat=seat, card=card, why=why)
    return True


# --- reading a structure ---------------------------------------------------------------


def of_kind(s: ViveLeRoiState, seat: int, kind: int) -> list[int]:
    """The cards of ``kind`` in ``seat``'s structure."""
    return [c for c in s.structures[seat] if KIND[c] == kind]


def nobles(s: ViveLeRoiState, seat: int) -> list[int]:
    return [c for c in s.structures[seat] if KIND[c] == NOBLE]


def has_church(s: ViveLeRoiState, seat: int) -> bool:
    """``seat`` owns a Bishop or the Cardinal."""
    return not CHURCH_CARDS.isdisjoint(s.structures[seat])


def has_office(s: ViveLeRoiState, seat: int, office: int) -> bool:
    return not OFFICE_CARDS.get(office, frozenset()).isdisjoint(s.structures[seat])


def doubling_arms(s: ViveLeRoiState, seat: int) -> set[int]:
    """The arms whose provinces count double for ``seat``: its nobles' and the Queen's."""
    arms = {CARD_ARMS[c] for c in s.structures[seat] if KIND[c] == NOBLE}
    if has_office(s, seat, QUEEN):
        arms.add(QUEEN_ARMS)
    return arms


def courtier_influence(s: ViveLeRoiState, seat: int) -> int:
    """The tie-break of Phase 2B: the values of ``seat``'s courtiers bearing its nobles'
    arms (the Queen does not count here, VR-14)."""
    arms = {CARD_ARMS[c] for c in s.structures[seat] if KIND[c] == NOBLE}
    return sum(
        VALUE[c] for c in s.structures[seat] if KIND[c] == COURTIER and CARD_ARMS[c] in arms
    )


def garrison(s: ViveLeRoiState, province: int) -> list[int]:
    """The musketeers stationed on ``province``."""
    return s.attached_to(province)


def attached_value(s: ViveLeRoiState, host: int) -> int:
    """The total value of the cards attached to ``host`` (a garrison, a person's gold)."""
    seat = s.owner(host)
    if seat < 0:
        return 0
    attach = s.attach  # attached_to, without its list: asked at every batch of an exchange
    total = 0
    for c in s.structures[seat]:
        if attach[c] == host:
            total += VALUE[c]
    return total


def carries_gold(s: ViveLeRoiState, person: int) -> bool:
    seat = s.owner(person)
    attach = s.attach
    return seat >= 0 and any(attach[c] == person for c in s.structures[seat])


def free_musketeers(s: ViveLeRoiState, seat: int) -> list[int]:
    """Musketeers in the barracks that carry no gold (they may join a garrison)."""
    attach = s.attach
    structure = s.structures[seat]
    carrying = {attach[c] for c in structure if KIND[c] == GOLD}
    return [
        c for c in structure if KIND[c] == MUSKETEER and attach[c] < 0 and c not in carrying
    ]


def free_gold(s: ViveLeRoiState, seat: int) -> list[int]:
    """Gold lying in the free treasury of ``seat``."""
    attach = s.attach
    return [c for c in s.structures[seat] if KIND[c] == GOLD and attach[c] < 0]


def hosts(s: ViveLeRoiState, seat: int, card: int) -> list[int]:
    """The cards of ``seat``'s structure that ``card`` may be attached to."""
    kind = KIND[card]
    structure = s.structures[seat]
    attach = s.attach
    if kind == GOLD:
        # Persons, except musketeers stationed on a province (VR-10).
        return [
            c for c in structure
            if c != card and (KIND[c] in (COURTIER, OFFICIAL)
                              or (KIND[c] == MUSKETEER and attach[c] < 0))
        ]
    if kind == MUSKETEER:
        if carries_gold(s, card):
            return []
        return [c for c in structure if KIND[c] == PROVINCE]
    if kind == EVENT and ROLE[card] == KINGS_EAR:
        return [c for c in structure if KIND[c] == NOBLE]
    return []


def release(s: ViveLeRoiState, card: int) -> list[int]:
    """Free the cards attached to ``card`` (they stay with its owner) and return them."""
    freed = s.attached_to(card)
    for c in freed:
        s.attach[c] = -1
    return freed


def person_targets(s: ViveLeRoiState, seat: int) -> list[int]:
    """Every person card in the structures of ``seat``'s opponents."""
    out: list[int] = []
    for p in range(s.num_players):
        if p != seat:
            out += [c for c in s.structures[p] if KIND[c] in (MUSKETEER, COURTIER, OFFICIAL)]
    return out
