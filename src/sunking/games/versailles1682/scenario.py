"""Positions for scenario tests and tutorials: arrange a court, then play it through the API.

:func:`position` starts a real game, lets every player name a courtier, then moves
components into the arrangement asked for (cards from wherever they are into hands and in
front of courtiers, standings, marriages, fortunes) and queues the steps to play from there:
by default the turn of one seat. Every card stays conserved. :func:`loaded_dice` finds a
generator state whose next ten-sided dice are the ones asked for, so a worked example's rolls
come from the real generator. Once the queued steps are done the position stops (``to_move``
is None); it is not a finished game.

>>> s = position(3, turn=0, standings={0: (5, 7)}, hands={0: ["marquis"]})
>>> s.pending, s.king_standing[0], s.queen_standing[0], [CARDS[c].key for c in s.hand(0)]
(('act', 0), 5, 7, ['marquis'])
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...core.actions import Action
from ...core.rng import Rng
from .actions import ChooseCourtier
from .data import CARDS, COUNTRIES, FAMILY_NAMES, NO_STANDING, cards_of
from .flow import FLOW
from .game import GAME
from .state import DISCARD, HOUSE_ZONE, PLACES, STATUS_NAMES, TABLEAU, TALON, V1682State

Steps = Sequence[tuple[Any, ...]]


def loaded_dice(rolls: Sequence[int], limit: int = 2_000_000) -> Rng:
    """A generator whose next d10 rolls (1–10) are ``rolls``.

    Raises:
        ValueError: a roll is not 1–10, or no seed below ``limit`` gives the sequence.
    """
    if any(not 1 <= r <= 10 for r in rolls):
        raise ValueError(f"a ten-sided die shows 1–10, not {list(rolls)}")
    wanted = [r - 1 for r in rolls]
    for seed in range(limit):
        rng = Rng(seed)
        if all(rng.below(10) == w for w in wanted):
            return Rng(seed)
    raise ValueError(f"no seed below {limit} rolls {list(rolls)}")


def _take(s: V1682State, key: str, used: set[int]) -> int:
    """A card of type ``key`` that no earlier instruction placed, from wherever it lies."""
    for c in cards_of(key):
        if c not in used:
            used.add(c)
            if s.where[c] == TALON:
                s.talon.remove(c)
            return c
    raise ValueError(f"no card {key!r} left to place")


def position(
    num_players: int,
    *,
    seed: int = 0,
    target: int = 30000,
    options: Mapping[str, Any] | None = None,
    steward: int = 0,
    names: Mapping[int, str] | None = None,
    genders: Mapping[int, str] | None = None,
    parties: Mapping[int, str] | None = None,
    queen_origin: str = "england",
    standings: Mapping[int, tuple[int, int]] | None = None,
    hands: Mapping[int, Sequence[str]] | None = None,
    tableau: Mapping[int, Sequence[str]] | None = None,
    house: Sequence[str] = (),
    fortunes: Mapping[int, int] | None = None,
    spouses: Sequence[tuple[int, int]] = (),
    court: str = "versailles",
    wars: Sequence[str] = (),
    places: Mapping[int, str] | None = None,
    king: bool = True,
    queen: bool = True,
    regency_until: int = 0,
    secret_wife: int = -1,
    round: int = 1,
    turn: int | None = None,
    steps: Steps | None = None,
    dice: Sequence[int] = (),
) -> V1682State:
    """A game in round 1 with every courtier at court, arranged as asked.

    Seats not named in ``hands`` keep an empty hand; cards are named by type key. Standings
    are (King, Queen); ``places`` puts courtiers in the ``bastille``, in ``exile`` or
    ``absent`` (dead, awaiting the heir), without standing; ``king``/``queen`` False make a
    royal dead. ``turn`` queues that seat's turn (an ordinary turn, which pays its
    income at the end); ``steps`` queues other agenda tasks instead. ``dice`` loads the
    generator (see :func:`loaded_dice`); ``options`` are the game's other options.

    Raises:
        ValueError: an instruction cannot be carried out (no such card left, and the like).
    """
    s = _courtiers_named(num_players, seed, target, options or {}, names or {}, genders or {})
    s.steward = steward
    s.round = round
    s.regency_until = regency_until
    s.secret_wife = secret_wife
    _royals_and_courtiers(s, king, queen, queen_origin, parties or {}, places or {},
                          standings or {})
    _deal_cards(s, hands or {}, tableau or {}, house)
    for seat, amount in (fortunes or {}).items():
        s.fortune[seat] = amount
    _marry(s, spouses)
    _court_at(s, court, wars)
    if dice:
        s.rng = loaded_dice(dice)
    queued: list[tuple[Any, ...]] = list(steps or [])
    if turn is not None:
        queued = [("turn", turn, 1), *queued]
    return _play_steps(s, queued)


def _courtiers_named(num_players: int, seed: int, target: int, options: Mapping[str, Any],
                     names: Mapping[int, str], genders: Mapping[int, str]) -> V1682State:
    """A new game in which every seat has named its courtier (a family name of ``names``,
    else one nobody chose, of ``genders`` or a man), nothing pending and nothing to do."""
    s = GAME.new_game(num_players, seed, target=target, **options)
    taken = 0
    while s.pending is not None and s.pending[0] == "choose":
        seat = s.pending[1]
        name = names.get(seat, FAMILY_NAMES[taken + 6])
        taken += 1
        s = s.apply(ChooseCourtier(name, genders.get(seat, "m")))
    s = s._copy()
    s.phase = "turns"
    s.pending = None
    s.agenda = []
    return s


def _royals_and_courtiers(s: V1682State, king: bool, queen: bool, queen_origin: str,
                          parties: Mapping[int, str], places: Mapping[int, str],
                          standings: Mapping[int, tuple[int, int]]) -> None:
    """The royals alive or dead, the Queen's country; each courtier's party, place, and
    standings (King, Queen) where it is at court and the royal alive."""
    s.king = int(king)
    s.queen = int(queen)
    s.queen_origin = COUNTRIES.index(queen_origin) if queen else -1
    for p in range(s.num_players):
        s.party[p] = COUNTRIES.index(parties.get(p, "spain"))
        place = places.get(p, "court")
        s.status[p] = STATUS_NAMES.index(place)
        s.heir[p] = int(place == "absent")
        king_standing, queen_standing = standings.get(p, (5, 5))
        at_court = place == "court"
        s.king_standing[p] = king_standing if at_court and king else NO_STANDING
        s.queen_standing[p] = queen_standing if at_court and queen else NO_STANDING


def _deal_cards(s: V1682State, hands: Mapping[int, Sequence[str]],
                tableau: Mapping[int, Sequence[str]], house: Sequence[str]) -> None:
    """Every card back to the Talon, then dealt as asked: into hands, in front of courtiers
    (the favourite's and the lover's cards making them so) and into the House of the King."""
    s.where = [TALON] * len(s.where)
    s.talon = list(range(len(s.where)))
    used: set[int] = set()
    for seat, keys in hands.items():
        for key in keys:
            s.where[_take(s, key, used)] = seat
    for seat, keys in tableau.items():
        for key in keys:
            card = _take(s, key, used)
            s.where[card] = TABLEAU + seat
            effect = CARDS[card].effect
            if effect == "favourite":
                s.favourite = seat
            elif effect == "lover":
                s.lover = seat
    for key in house:
        s.where[_take(s, key, used)] = HOUSE_ZONE


def _marry(s: V1682State, spouses: Sequence[tuple[int, int]]) -> None:
    """Marry each pair of ``spouses``; the wife bears her husband's name."""
    for a, b in spouses:
        s.spouse[a], s.spouse[b] = b, a
        wife, husband = (a, b) if s.gender[a] == "f" else (b, a)
        s.married_name[wife] = s.name[husband]


def _court_at(s: V1682State, court: str, wars: Sequence[str]) -> None:
    """The court at ``court``, or at war while France is at war with ``wars``."""
    s.court = PLACES.index(court)
    for country in wars:
        s.wars.append(COUNTRIES.index(country))
    if wars:
        s.court = PLACES.index("war")


def _play_steps(s: V1682State, queued: list[tuple[Any, ...]]) -> V1682State:
    """Queue the steps and run the flow until it needs a decision or they are done."""
    s.agenda = list(reversed(queued))
    s._legal = None
    FLOW.run(s, [])
    return s


def discard_all(s: V1682State) -> None:
    """Move the whole Talon to the discard pile (to test the reshuffle)."""
    for c in s.talon:
        s.where[c] = DISCARD
    s.talon = []


def keys(cards: Sequence[int]) -> list[str]:
    """The type keys of ``cards``, in order."""
    return [CARDS[c].key for c in cards]


def first(key: str, cards: Sequence[int]) -> int:
    """The first of ``cards`` of type ``key``.

    Raises:
        ValueError: none is.
    """
    for c in cards:
        if CARDS[c].key == key:
            return c
    raise ValueError(f"no {key!r} among {keys(cards)}")


def seed_for_steward(num_players: int, seat: int) -> int:
    """A seed whose first steward (chosen by lot, §6.0c) sits in ``seat``: for tests and
    demonstrations of a table where a given seat keeps the register.

    Raises:
        ValueError: no seed below 1,000 does (a seat that is not at the table).
    """
    from .game import GAME

    for seed in range(1, 1000):
        state = GAME.new_game(num_players, seed)
        assert isinstance(state, V1682State)
        if state.steward == seat:
            return seed
    raise ValueError(f"no seed puts the first steward in seat {seat} of {num_players}")


def play(s: V1682State, *actions: Action) -> V1682State:
    """``s`` after ``actions``, each checked (:meth:`V1682State.apply`)."""
    for action in actions:
        s = s.apply(action)
    return s


# --- named positions (the perft counts of tests/games/versailles1682/versailles1682.perft) ---


def _requests_turn() -> V1682State:
    """Seat 0's turn (higher with the Queen than the King) with two request cards, an event
    and a war card in hand and a count in the House of the King."""
    return position(3, turn=0, genders={1: "f"}, standings={0: (5, 7)},
                    hands={0: ["baron", "lady_in_waiting", "bon_mot", "war_england"]},
                    house=["comte"])


def _offices_turn() -> V1682State:
    """Seat 0's turn as War Minister, with an empty hand; the others hold offices."""
    return position(3, turn=0, genders={1: "f"},
                    tableau={0: ["war_minister", "baron"], 1: ["lady_in_waiting"],
                             2: ["governor_gascogne"]})


def _negotiation_floor() -> V1682State:
    """The negotiation opens: the steward (seat 0) has the floor with 4,500 livres."""
    return position(3, genders={1: "f"}, fortunes={0: 4500, 1: 0, 2: 0},
                    hands={0: ["baron", "baron", "bon_mot"]}, steps=[("negotiation",)])


def _chancellor_turn() -> V1682State:
    """Seat 0's turn as Chancellor: seat 1 in the Bastille, seat 2 in exile, seat 3 at court
    without standing with the King."""
    return position(4, turn=0, genders={1: "f", 3: "f"}, standings={3: (0, 5)},
                    places={1: "bastille", 2: "exile"}, tableau={0: ["chancellor", "baron"]})


NAMED_POSITIONS = {
    "requests-turn": _requests_turn,
    "chancellor-turn": _chancellor_turn,
    "offices-turn": _offices_turn,
    "negotiation-floor": _negotiation_floor,
}
"""Positions by name, for tests and tutorials (each a function of no argument)."""


__all__ = [
    "NAMED_POSITIONS", "NO_STANDING", "discard_all", "first", "keys", "loaded_dice", "play",
    "position", "seed_for_steward",
]
