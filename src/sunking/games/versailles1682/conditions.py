"""Who may receive what: the conditions of §9.1 and the rulings, as predicates.

The legal actions are built from these, and the effects trust them. A card has three kinds
of condition (§9.1): the place of the court (icon), the gender of the receiving figure, and
its minimum standing; some cards add a condition in their text (§9.1d). Ruling V-23: royal
targets are judged only by the icon and the text; ruling V-26: a figure in the Bastille or in
exile can only receive the cards that name it (Justice, Glory) and wealth cards.

Rulebook: German rulebook (`004_83e97ed5cbbf50d2.txt`), 9.1 "Bedingungen" and 8.1
"Definition" (who may receive what).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from .actions import KING, QUEEN
from .data import CARDS, IDS_OF_KIND, MAX_PLAYERS, NO_STANDING, CardType
from .state import ABSENT, AT_COURT, BASTILLE, EXILE, HUNT, TABLEAU, VERSAILLES, WAR, V1682State

_ICON_PLACE = {"versailles": VERSAILLES, "hunt": HUNT, "war": WAR}
_GATES: tuple[tuple[str, int, bool], ...] = tuple(
    (ct.effect, _ICON_PLACE[ct.icon] if ct.icon else -1, ct.female_player) for ct in CARDS)
"""Card id → its effect, the court's place its icon asks (−1: none), and whether only a
woman may play it: what decides at once that most events cannot be played now."""


SEATS: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(p for p in range(MAX_PLAYERS) if mask >> p & 1) for mask in range(1 << MAX_PLAYERS))
"""Seat mask (bit ``p`` for seat ``p``) → its seats, in seat order: a set of seats that
meet a condition, as one integer."""


_COURT_MASKS: dict[bytes, int] = {}
"""The statuses of the seats (as bytes) → the mask of those at court."""


def court_mask(statuses: list[int]) -> int:
    """The mask of the seats whose courtiers are at court."""
    key = bytes(statuses)
    mask = _COURT_MASKS.get(key)
    if mask is None:
        mask = _COURT_MASKS[key] = sum(1 << p for p, v in enumerate(statuses) if v == AT_COURT)
    return mask


_GENDER_MASKS: dict[tuple[str, str], int] = {}
"""(the genders of the seats joined, a gender) → the mask of the seats of that gender."""


def gender_mask(gender: list[str], wanted: str) -> int:
    """The mask of the seats whose figures are of gender ``wanted``."""
    key = ("".join(gender), wanted)
    mask = _GENDER_MASKS.get(key)
    if mask is None:
        mask = _GENDER_MASKS[key] = sum(1 << p for p, v in enumerate(gender) if v == wanted)
    return mask


def royal_alive(s: V1682State, royal: str) -> bool:
    """Whether ``royal`` (king or queen) has apartments to stand in."""
    return bool(s.king) if royal == "king" else bool(s.queen)


def can_hold(s: V1682State, card: int, seat: int) -> bool:
    """``seat``'s courtier may receive request card ``card`` (title, dignity, pension,
    office): it is at court (§11.0, §12.0), of the card's gender, noble where the card asks
    it (§9.1d), and holds no Marshal's baton yet (§9.2d)."""
    if s.status[seat] != AT_COURT:
        return False
    ct = CARDS[card]
    if ct.gender and s.gender[seat] != ct.gender:
        return False
    if ct.noble and not s.is_noble(seat):
        return False
    if ct.kind == "marshal":
        zone = TABLEAU + seat
        if any(s.where[c] == zone for c in IDS_OF_KIND["marshal"]):
            return False
    return True


def event_targets(s: V1682State, player: int, card: int,
                  at_court: Sequence[int] | None = None) -> list[tuple[int, str]]:
    """Every (target, royal) event ``card`` may be played on by ``player``; ``at_court``,
    when given, lists the seats whose courtiers are at court.

    ``royal`` is set only for a Slander (the standing it lowers). Empty when the card
    cannot be played now.
    """
    effect, place, female_player = _GATES[card]
    status = s.status[player]
    if status == BASTILLE:
        if effect == "justice":
            return [(player, "")]
        return []
    if status != AT_COURT and status != EXILE:
        return []
    if female_player and s.gender[player] != "f":
        return []
    if place >= 0 and s.court != place:  # the court is where the icon says (§9.1a)
        return []
    ct = CARDS[card]
    n = s.num_players
    statuses = s.status
    if effect == "justice":
        return [(p, "") for p in range(n) if statuses[p] == BASTILLE]
    if effect == "glory":
        return [(p, "") for p in range(n) if statuses[p] == EXILE]
    if effect == "wealth":
        return [(p, "") for p in _figures_ok(s, ct, [p for p in range(n) if statuses[p] != ABSENT])]
    out: list[tuple[int, str]] = []
    if effect == "death":
        if s.king and (not ct.gender or ct.gender == "m"):
            out.append((KING, ""))
        if s.queen and ct.gender != "m":
            out.append((QUEEN, ""))
    if at_court is None:
        at_court = [p for p in range(n) if statuses[p] == AT_COURT]
    _add_courtier_targets(s, ct, effect, _figures_ok(s, ct, at_court), out)
    return out


def _add_courtier_targets(s: V1682State, ct: CardType, effect: str, courtiers: Sequence[int],
                          out: list[tuple[int, str]]) -> None:
    """Add to ``out`` the (target, royal) pairs among ``courtiers`` (those at court who may
    receive the card) that an event of ``effect`` may be played on."""
    if effect == "standing":  # the commonest event first
        if ct.royal == "choice":
            royals = [r for r in ("king", "queen") if royal_alive(s, r)]
            out += [(p, r) for p in courtiers for r in royals]
        elif royal_alive(s, ct.royal):
            out += [(p, "") for p in courtiers]
    elif effect == "death":
        out += [(p, "") for p in courtiers]
    elif effect == "favourite":
        if s.king and s.secret_wife < 0:
            out += [(p, "") for p in courtiers if p != s.favourite]
    elif effect == "lover":
        if s.queen:
            out += [(p, "") for p in courtiers if p != s.lover]
    elif effect == "secret_marriage":
        favourite = s.favourite
        if (s.king and not s.queen and s.secret_wife < 0 and favourite in courtiers
                and s.spouse[favourite] < 0):
            out.append((favourite, ""))
    elif effect == "love_potion":
        for p in courtiers:
            if royal_alive(s, "king" if s.gender[p] == "f" else "queen"):
                out.append((p, ""))
    elif effect == "poison_trial":
        out += [(p, "") for p in courtiers if s.poisoner[p]]
    elif effect == "exile":
        if s.king or s.queen:
            out += [(p, "") for p in courtiers if s.crown_standing(p) <= ct.threshold]
    elif effect == "scandal":
        for p in courtiers:
            if (p == s.favourite and p != s.secret_wife) or p == s.lover:
                out.append((p, ""))
    else:  # pragma: no cover - every effect is listed above
        raise ValueError(f"unknown card effect {effect!r}")


def _figures_ok(s: V1682State, ct: CardType, seats: Sequence[int]) -> Sequence[int]:
    """The figures of ``seats`` that fit the gender icon and the minimum standing (§9.1b, c)."""
    if ct.gender:
        gender = s.gender
        seats = [p for p in seats if gender[p] == ct.gender]
    if ct.min_royal:
        values = s.king_standing if ct.min_royal == "king" else s.queen_standing
        least = ct.min_standing
        seats = [p for p in seats if values[p] != NO_STANDING and values[p] >= least]
    return seats


def can_request(s: V1682State, seat: int) -> bool:
    """Requests and audiences: only at court, and only while someone wears the crown."""
    return s.status[seat] == AT_COURT and bool(s.king or s.queen)


def queen_may_intervene(s: V1682State, seat: int) -> bool:
    """§8.3: the Queen (not a Regent) intervenes for a courtier who stands higher with her
    than with the King (ruling V-8)."""
    return bool(s.king and s.queen) and s.queen_standing[seat] > s.king_standing[seat]


def audience_royals(s: V1682State) -> tuple[str, ...]:
    """The royals one may address in an audience with King, Queen or Regent."""
    if s.king and s.queen:
        return ("king", "queen")
    if s.king:
        return ("king",)
    if s.queen:
        return ("queen",)
    return ()


def crown(s: V1682State) -> str:
    """Who grants requests and crown audiences: the King, or the Regent (as the Queen)."""
    return "king" if s.king else "queen"


def marriageable(s: V1682State, seat: int) -> bool:
    """At court, unmarried (a widow or widower may marry again), not the King's wife."""
    return s.status[seat] == AT_COURT and s.spouse[seat] < 0 and s.secret_wife != seat
