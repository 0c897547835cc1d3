"""Invariants of a Versailles 1682 state: every card in one place, the court consistent."""

from __future__ import annotations

from .data import (
    CARDS,
    DECK_SIZE,
    EFFECT_OF,
    KIND_OF,
    NO_STANDING,
    REQUEST_KINDS,
    STANDING_MAX,
    STANDING_MIN,
)
from .state import ABSENT, AT_COURT, BOX, DISCARD, HOUSE_ZONE, TABLEAU, TALON, WAR, V1682State

_TABLEAU_KINDS = frozenset({"title", "marshal", "pension", "office"})
_GOVERNOR = tuple(ct.governor for ct in CARDS)


def check_invariants(s: V1682State) -> list[str]:
    """Describe every broken invariant of ``s`` (an empty list when all hold)."""
    n = s.num_players
    where = s.where
    if len(where) != DECK_SIZE:
        return [f"{len(where)} cards, not {DECK_SIZE}"]
    problems: list[str] = []
    marshals, offices, away_office, privileged = _tableaux(s, problems)
    for p in range(n):
        if marshals[p] > 1:
            problems.append(f"seat {p} holds two Marshal's batons")
        if offices[p] > 1:
            problems.append(f"seat {p} holds two offices")
        if away_office[p]:
            problems.append(f"seat {p} away from court keeps an office or pension")
        problems += _courtier_problems(s, p)
    for seat, effect in ((s.favourite, "favourite"), (s.lover, "lover")):
        expected = [seat] if seat >= 0 else []
        if privileged[effect] != expected:
            problems.append(f"{effect} is seat {seat} but the cards lie before "
                            f"{privileged[effect]}")
    if s.secret_wife >= 0 and (s.queen or not s.king):
        problems.append("a secret wife while there is a Queen or no King")
    for holder, card, mask in s.known:
        if where[card] != holder or not mask or mask >> n:
            problems.append(f"known card {card} of seat {holder} is not in that hand")
    if s.pending is None and s.final is None and not s.agenda:
        problems.append("nothing pending, nothing to do, and the game is not over")
    problems += _etiquette_problems(s)
    return problems


def _tableaux(s: V1682State, problems: list[str],
              ) -> tuple[list[int], list[int], list[bool], dict[str, list[int]]]:
    """Every card outside the hands where it may lie (``problems`` told where not): per
    seat, the Marshal's batons and offices in front of it, whether it keeps an office or
    pension away from court, and the seats the favourite's and lover's cards lie before."""
    n = s.num_players
    status = s.status
    talon: list[int] = []
    boxed = 0
    marshals = [0] * n
    offices = [0] * n
    away_office = [False] * n
    privileged: dict[str, list[int]] = {"favourite": [], "lover": []}
    for c, z in enumerate(s.where):
        if z < n:
            continue
        kind = KIND_OF[c]
        if z == TALON:
            talon.append(c)
        elif z == DISCARD:
            pass
        elif z == HOUSE_ZONE:
            if kind not in REQUEST_KINDS:
                problems.append(f"card {c} ({kind}) in the House of the King")
        elif z == BOX:
            boxed += 1
            if kind != "war_against":
                problems.append(f"card {c} ({kind}) in the War Minister's box")
        elif TABLEAU <= z < TABLEAU + n:
            p = z - TABLEAU
            own = s.own_right(p, c)  # a widow's cards of her husband's are no dignity of hers
            if kind == "marshal":
                marshals[p] += own
            elif kind == "office":
                if not _GOVERNOR[c] and own:
                    offices[p] += 1
                if status[p] != AT_COURT:
                    away_office[p] = True
            elif kind == "pension":
                if status[p] != AT_COURT:
                    away_office[p] = True
            elif EFFECT_OF[c] in privileged:
                privileged[EFFECT_OF[c]].append(p)
            elif kind not in _TABLEAU_KINDS:
                problems.append(f"card {c} ({kind}) lies in front of a courtier")
        else:
            problems.append(f"card {c} is nowhere (zone {z})")
    if len(talon) != len(s.talon) or set(talon) != set(s.talon):
        problems.append("the Talon list and the cards placed in the Talon differ")
    if boxed > len(s.wars):
        problems.append("more declarations in the box than wars")
    if bool(s.wars) != (s.court == WAR):
        problems.append(f"court at {s.court} with wars {s.wars}")
    return marshals, offices, away_office, privileged


def _courtier_problems(s: V1682State, p: int) -> list[str]:
    """Seat ``p``'s standings (on the scale, and only at court with that royal alive) and
    its marriage (mutual, mixed, and not of the dead)."""
    problems: list[str] = []
    at_court = s.status[p] == AT_COURT
    standings = ((s.king_standing[p], "King", s.king), (s.queen_standing[p], "Queen", s.queen))
    for v, royal, alive in standings:
        if v != NO_STANDING and not STANDING_MIN <= v <= STANDING_MAX:
            problems.append(f"seat {p} stands at {v} with the {royal}")
        if (at_court and alive) != (v != NO_STANDING):
            problems.append(f"seat {p}: standing {v} with the {royal}, at court {at_court}")
    spouse = s.spouse[p]
    if spouse >= 0 and (s.spouse[spouse] != p or s.gender[spouse] == s.gender[p]):
        problems.append(f"seat {p}'s marriage to {spouse} is not mutual or not mixed")
    if spouse >= 0 and s.status[p] == ABSENT:
        problems.append(f"dead seat {p} is still married")
    return problems


def _etiquette_problems(s: V1682State) -> list[str]:
    """Faults are numbered in order; the register fines each fined fault once, and no other."""
    problems = [f"fault {i} is recorded as {f['id']}"
                for i, f in enumerate(s.faults) if f["id"] != i]
    fined = [e["fault"] for e in s.register]
    if sorted(fined) != [f["id"] for f in s.faults if f["fined"]]:
        problems.append(f"the register fines faults {fined}, but the faults fined are "
                        f"{[f['id'] for f in s.faults if f['fined']]}")
    return problems
