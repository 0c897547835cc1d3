"""Playing event and war cards (§9.3, §9.4): the consequences are applied at once.

After use an event is discarded, except the Favourite and the Queen's Lover, which stay face
up in front of their holder (§9.4 note). The values each card applies (standing, livres,
thresholds) come from its data row; this module only knows what each kind of effect does.

Rulebook: German rulebook (`004_83e97ed5cbbf50d2.txt`), 9.3 "Kriegskarten" and 9.4 "Ereigniskarten".
"""

from __future__ import annotations

from ...core.events import Emit, say
from .actions import KING, QUEEN, PlayCard, PlayWar
from .data import CARDS, WAR_ENDINGS, CardType
from .state import AT_COURT, DISCARD, TABLEAU, V1682State
from .verbs import (
    banish,
    declare_war,
    end_wars,
    forget,
    gain,
    imprison,
    kill,
    kill_king,
    kill_queen,
    release,
    shift,
)


def play_event(s: V1682State, player: int, action: PlayCard, emit: Emit) -> None:
    """Apply event card ``action.card`` played by ``player`` (legality already checked)."""
    card, target = action.card, action.target
    ct = CARDS[card]
    forget(s, card)
    s.where[card] = DISCARD
    if emit is not None:
        say(emit, "play", seat=player, card=card, key=ct.key, target=target,
            royal=action.royal or None)
    effect = ct.effect
    if effect == "death":
        _death(s, player, target, ct, emit)
    elif effect in ("favourite", "lover"):  # the King's favourite, the Queen's lover
        _new_privilege(s, card, target, effect, emit)
    elif effect == "secret_marriage":
        s.secret_wife = target
        if emit is not None:
            say(emit, "secret_marriage", seat=target)
    elif effect == "love_potion":
        s.poisoner[player] = 1
        royal = "king" if s.gender[target] == "f" else "queen"
        shift(s, target, royal, ct.amount, emit, ct.key)
    elif effect == "poison_trial":
        imprison(s, target, emit)
    elif effect == "exile":
        banish(s, target, emit)
    elif effect == "scandal":
        if target == s.favourite and target != s.secret_wife:
            _discard_privilege(s, target, "favourite", emit)
            shift(s, target, "king", ct.amount, emit, ct.key)
        else:
            _discard_privilege(s, target, "lover", emit)
            shift(s, target, "queen", ct.amount, emit, ct.key)
    elif effect == "justice":
        release(s, target, emit, ct.key)
    elif effect == "glory":
        release(s, target, emit, ct.key)
        shift(s, target, ct.royal, ct.amount, emit, ct.key)
    elif effect == "standing":
        royal = action.royal if ct.royal == "choice" else ct.royal
        shift(s, target, royal, ct.amount, emit, ct.key)
    elif effect == "wealth":
        gain(s, target, ct.amount, emit, ct.key)
    else:  # pragma: no cover - the data module validates every effect
        raise ValueError(f"unknown card effect {effect!r}")


def _death(s: V1682State, player: int, target: int, ct: CardType, emit: Emit) -> None:
    """A death card: the King, the Queen or a courtier dies; a woman who plays it is a
    poisoner from now on."""
    if ct.female_player:
        s.poisoner[player] = 1
    if target == KING:
        kill_king(s, emit, ct.key)
    elif target == QUEEN:
        kill_queen(s, emit, ct.key)
    else:
        kill(s, target, emit, ct.key)


def _new_privilege(s: V1682State, card: int, target: int, effect: str, emit: Emit) -> None:
    """``target`` becomes the King's favourite or the Queen's lover (``effect``), the card in
    front of it; the one who was loses the privilege."""
    old = s.favourite if effect == "favourite" else s.lover
    if old >= 0:
        _discard_privilege(s, old, effect, emit)
    s.where[card] = TABLEAU + target
    if effect == "favourite":
        s.favourite = target
    else:
        s.lover = target
    if emit is not None:
        say(emit, effect, seat=target)


def _discard_privilege(s: V1682State, seat: int, effect: str, emit: Emit) -> None:
    zone = TABLEAU + seat
    for c, z in enumerate(s.where):
        if z == zone and CARDS[c].effect == effect:
            s.where[c] = DISCARD
            if emit is not None:
                say(emit, "privilege_lost", seat=seat, card=c)
    if effect == "favourite":
        s.favourite = -1
    else:
        s.lover = -1


def play_war(s: V1682State, player: int, action: PlayWar, emit: Emit) -> None:
    """A war card: a declaration joins the War Minister's box (§9.3); "won" or "lost" ends
    every war, with the bonuses or penalties of :data:`WAR_ENDINGS` for the Marshals and
    the War Minister (reconstructed)."""
    card = action.card
    ct = CARDS[card]
    forget(s, card)
    if emit is not None:
        say(emit, "play_war", seat=player, card=card, key=ct.key)
    if ct.kind == "war_against":
        s.where[card] = DISCARD
        declare_war(s, ct.country, emit, card)
        return
    s.where[card] = DISCARD
    ending = WAR_ENDINGS[ct.kind]
    n = s.num_players
    for p in range(n):
        if s.status[p] != AT_COURT:
            continue
        zone = TABLEAU + p
        mine = [c for c, z in enumerate(s.where) if z == zone and s.own_right(p, c)]
        marshal = any(CARDS[c].kind == "marshal" for c in mine)
        minister = any(CARDS[c].power == "war" for c in mine)
        if marshal:
            shift(s, p, "king", ending["marshal_king"], emit, ct.key)
            gain(s, p, ending["marshal_money"], emit, ct.key)
        if minister:
            shift(s, p, "king", ending["minister_king"], emit, ct.key)
    end_wars(s, emit)


