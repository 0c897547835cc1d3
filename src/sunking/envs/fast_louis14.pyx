# cython: language_level=3, wraparound=False, cdivision=True
"""Louis XIV's observation written in C from the engine state (see :mod:`sunking.envs.fast`):
the same floats as the plain encoder of :mod:`sunking.envs.games.louis14`."""

from libc.string cimport memset

from sunking.core.agenda import decision_json
from sunking.envs.games import louis14 as _lx

from sunking.envs.cwrite cimport (category, counts, known, one_hot, ones, relative, rotated,
                                  slots, start)
from sunking.envs.fast cimport prefix_at

cdef dict PHASES = slots(_lx.PHASES)
cdef dict DECISIONS = slots(_lx.DECISIONS)
cdef int ROUNDS = _lx.ROUNDS
cdef int FACES = _lx.FACES
cdef int CHIPS = _lx.CHIP_SLOTS
cdef int BLAZONS = _lx.BLAZON_SLOTS
cdef int DECKS = len(_lx.DECKS)
cdef int MISSIONS = len(_lx.MISSIONS)
cdef list MISSION_DECK = [m.deck for m in _lx.MISSIONS]
cdef list MONEY = [(card.tile, card.amount) for card in _lx.MONEY_CARDS]
cdef double TILE_ROWS[13][2][6]
"""Each tile's side and condition as its row's first floats, by tile and side."""
for _t in range(1, 13):
    for _side in (0, 1):
        for _i, _value in enumerate(_lx._ROWS[_lx._SIDES[_t, _side]]):
            TILE_ROWS[_t][_side][_i] = _value
cdef dict DECISION_OF = {}
"""A pending decision → (its kind's slot, its tile or -1), worked out once."""


cdef tuple decision_of(object pending):
    """The slot of the pending decision's kind and its tile (-1: none), remembered for
    each pending decision (a tuple of plain values, or None) met."""
    found = DECISION_OF.get(pending)
    if found is not None:
        return <tuple>found
    decision = decision_json(pending, _lx.DECISION_CONTEXT) or {}
    kind = DECISIONS.get(decision.get("kind"))
    tile = decision.get("tile")
    found = (len(DECISIONS) if kind is None else kind, -1 if tile is None else tile)
    if len(DECISION_OF) < 4096:
        DECISION_OF[pending] = found
    return <tuple>found


def encode(s, int seat, float[::1] out):
    """Write ``seat``'s observation of the Louis XIV state ``s`` into ``out`` and return
    where its ``prefix`` segment starts."""
    cdef int n = s.num_players
    cdef Py_ssize_t at, end = prefix_at("louis14", n)
    cdef long on_court[6]
    start(out, end)
    at = one_hot(out, 0, seat, n)
    out[at] = 1.0 if s.to_move == seat else 0.0
    at = head(s, seat, n, out, at + 1)
    at = tiles(s, seat, n, out, at, on_court)
    at = players(s, seat, n, out, at, on_court)
    at = missions(s, seat, n, out, at)
    at = supply(s, n, out, at)
    at = own(s, seat, out, at)
    if at != end:
        raise ValueError(f"the Louis XIV encoder wrote {at} floats of {end}")
    return end


cdef Py_ssize_t head(s, int seat, int n, float[::1] out, Py_ssize_t at) except -1:
    """The round, phase, decision and its tile, start player, Louis and the money cards."""
    cdef long money_by_tile[13]
    cdef int t
    at = one_hot(out, at, <long>s.round - 1, ROUNDS)
    at = category(out, at, PHASES, s.phase)
    kind, tile = decision_of(s.pending)
    out[at + <long>kind] = 1.0
    at += len(DECISIONS) + 1
    at = one_hot(out, at, tile, 13)
    at = one_hot(out, at, relative(s.start, seat, n), n)
    at = one_hot(out, at, s.louis_tile, 13)
    memset(money_by_tile, 0, sizeof(money_by_tile))
    for i in s.money_revealed:
        money_tile, amount = MONEY[i]
        money_by_tile[<long>money_tile] += <long>amount
    for t in range(13):
        out[at + t] = <double>money_by_tile[t] / 5.0
    return at + 13


cdef Py_ssize_t tiles(s, int seat, int n, float[::1] out, Py_ssize_t at,
                      long *on_court) except -1:
    """Each tile's side and condition, Louis, each seat's stones (the observing seat's
    first); counts each seat's stones at court into ``on_court``."""
    cdef list board = s.board, side = s.side
    cdef int c = s.colours, t, k, p, i
    cdef long louis = s.louis_tile, stones, side_of
    for p in range(n):
        on_court[p] = 0
    for t in range(1, 13):
        side_of = side[t]
        if side_of < 0 or side_of > 1:
            raise ValueError(f"tile {t} has no side {side_of}")
        for i in range(6):
            out[at + i] = TILE_ROWS[t][side_of][i]
        out[at + 6] = 1.0 if louis == t else 0.0
        at += 7
        for k in range(n):
            p = rotated(seat, k, n)
            stones = board[t * c + p]
            on_court[p] += stones
            out[at] = <double>stones / 3.0
            at += 1
    return at


cdef Py_ssize_t players(s, int seat, int n, float[::1] out, Py_ssize_t at,
                        long *on_court) except -1:
    """Each seat's supplies, then each seat's chips (the observing seat's first)."""
    cdef list money = s.money, personal = s.personal, general = s.general
    cdef list blazons = s.blazons, hand = s.hand, intrigue = s.intrigue, chips = s.chips
    cdef int k, p, i
    cdef long total
    for k in range(n):
        p = rotated(seat, k, n)
        out[at] = <double><long>money[p] / 10.0
        out[at + 1] = <double><long>personal[p] / 10.0
        out[at + 2] = <double><long>general[p] / 10.0
        out[at + 3] = <double>on_court[p] / 10.0
        total = 0
        for i in range(p * BLAZONS, (p + 1) * BLAZONS):
            total += blazons[i]
        out[at + 4] = <double>total / 10.0
        total = 0
        for i in range(p * FACES, (p + 1) * FACES):
            total += hand[i]
        out[at + 5] = <double>total / 10.0
        out[at + 6] = <double>ones(intrigue[p]) / 10.0
        at += 7
    for k in range(n):
        p = rotated(seat, k, n)
        for i in range(p * CHIPS, (p + 1) * CHIPS):
            out[at] = <double><long>chips[i] / 2.0
            at += 1
    return at


cdef Py_ssize_t missions(s, int seat, int n, float[::1] out, Py_ssize_t at) except -1:
    """Each seat's missions in hand by deck, then its laid and used ones."""
    cdef list in_hand = s.missions, laid = s.laid, used = s.used
    cdef int k, p
    cdef long mask, m
    for k in range(n):
        p = rotated(seat, k, n)
        for item in <tuple>in_hand[p]:
            out[at + <long>MISSION_DECK[<long>item]] += 1.0
        at += DECKS
    for k in range(n):
        p = rotated(seat, k, n)
        at = counts(out, at, laid[p], MISSIONS)
        mask = used[p]
        for item in <tuple>laid[p]:
            m = item
            if mask >> m & 1:
                out[at + m] += 1.0
        at += MISSIONS
    return at


cdef Py_ssize_t supply(s, int n, float[::1] out, Py_ssize_t at) except -1:
    """The neutral pool, the chips left, the piles' sizes, the center and the intrigue
    cards every seat knows in their pile."""
    cdef list mission_decks = s.mission_decks
    cdef long value, total = 0
    cdef int d
    out[at] = <double><long>s.neutral_pool / 8.0
    at += 1
    for item in <list>s.chip_supply:
        value = item
        out[at] = <double>(value if value > 0 else 0) / 6.0
        at += 1
    for item in <list>s.blazon_pool:
        total += <long>item
    out[at] = <double>total / 20.0
    out[at + 1] = <double>len(<list>s.deck) / 20.0
    out[at + 2] = <double>len(<list>s.intrigue_deck) / 20.0
    out[at + 3] = <double>len(<list>s.money_deck) / 20.0
    at += 4
    for d in range(DECKS):
        out[at] = <double>len(<list>mission_decks[d]) / 20.0
        at += 1
    at = counts(out, at, s.center, 13)
    known(out, at, s.intrigue_deck, s.intrigue_known, (1 << n) - 1)
    return at + 13


cdef Py_ssize_t own(s, int seat, float[::1] out, Py_ssize_t at) except -1:
    """What only the seat sees: its hands, missions and blazons, and the cards it knows in
    the piles."""
    cdef list hand = s.hand, blazons = s.blazons, mission_decks = s.mission_decks
    cdef list mission_known = s.mission_known
    cdef long mine = (<list>s.intrigue)[seat], bit = 1 << seat
    cdef int i, t, d
    for i in range(FACES):
        out[at + i] = <double><long>hand[seat * FACES + i]
    at += FACES
    for t in range(1, 13):
        if mine >> t & 1:
            out[at + t] = 1.0
    at += 13
    at = counts(out, at, (<list>s.missions)[seat], MISSIONS)
    for i in range(BLAZONS):
        out[at + i] = <double><long>blazons[seat * BLAZONS + i] / 3.0
    at += BLAZONS
    known(out, at, s.deck, s.deck_known, bit)
    at += 13
    for d in range(DECKS):
        known(out, at, mission_decks[d], mission_known[d], bit)
    return at + MISSIONS
