# cython: language_level=3, wraparound=False, cdivision=True
"""Versailles 1682's observation written in C from the engine state (see
:mod:`sunking.envs.fast`): the same floats as the plain encoder of
:mod:`sunking.envs.games.versailles1682`."""

from sunking.envs.games import versailles1682 as _v

from sunking.envs.cwrite cimport category, counts, one_hot, relative, rotated, slots, start
from sunking.envs.fast cimport prefix_at

cdef dict PHASES = slots(_v.PHASES)
cdef dict DECISIONS = slots(_v.DECISIONS)
cdef Py_ssize_t CARDS = _v.DECK_SIZE
cdef Py_ssize_t PLACES = len(_v.PLACES)
cdef Py_ssize_t STATUSES = len(_v.STATUS_NAMES)
cdef long BOX = _v.BOX, HOUSE = _v.HOUSE_ZONE, DISCARD = _v.DISCARD
cdef long TABLEAU = _v.TABLEAU, NO_STANDING = _v.NO_STANDING
income_of = _v.income_of


cdef inline Py_ssize_t seat_hot(float[::1] out, Py_ssize_t at, long p, int seat,
                                int n) except -1:
    """A one-hot of the seat ``p`` relative to ``seat`` (none for a negative ``p``)."""
    return one_hot(out, at, relative(p, seat, n) if p >= 0 else -1, n)


def encode(s, int seat, float[::1] out):
    """Write ``seat``'s observation of the Versailles 1682 state ``s`` into ``out`` and
    return where its ``prefix`` segment starts."""
    cdef int n = s.num_players
    cdef Py_ssize_t at, end = prefix_at("versailles1682", n)
    cdef Py_ssize_t size = 125 + STATUSES + n  # floats per courtier
    cdef long hand_sizes[6]
    start(out, end)
    at = one_hot(out, 0, seat, n)
    out[at] = 1.0 if s.to_move == seat else 0.0
    at = court(s, seat, n, out, at + 1)
    cards(s, seat, n, out, at, size, hand_sizes)
    at = courtiers(s, seat, n, out, at + 3 * CARDS + 1, size, hand_sizes)
    at = own(s, seat, n, out, at)
    if at != end:
        raise ValueError(f"the Versailles 1682 encoder wrote {at} floats of {end}")
    return end


cdef Py_ssize_t court(s, int seat, int n, float[::1] out, Py_ssize_t at) except -1:
    """The rounds, target, phase, decision, steward, turn, the royals and the wars."""
    cdef long round_ = s.round, value, king = 1 if s.king else 0, queen = 1 if s.queen else 0
    out[at] = <double>round_ / 10.0
    out[at + 1] = <double>(<long>s.round_limit - round_) / 10.0
    out[at + 2] = <double><long>s.target / 10000.0
    at = category(out, at + 3, PHASES, s.phase)
    pending = s.pending
    at = category(out, at, DECISIONS, None if pending is None else pending[0])
    steward = s.steward
    at = one_hot(out, at, -1 if steward is None else relative(steward, seat, n), n)
    at = seat_hot(out, at, s.turn_seat, seat, n)
    out[at] = <double><long>s.actions_left
    at = one_hot(out, at + 1, s.court, PLACES)
    out[at] = <double>king
    at = one_hot(out, at + 1, (1 if not king else 0) if queen else 2, 3)
    at = one_hot(out, at, s.queen_origin, 3)
    value = s.regency_until
    out[at] = <double>(value - round_ if value else 0) / 10.0
    at = seat_hot(out, at + 1, s.secret_wife, seat, n)
    at = seat_hot(out, at, s.favourite, seat, n)
    at = seat_hot(out, at, s.lover, seat, n)
    return counts(out, at, s.wars, 3)


cdef int cards(s, int seat, int n, float[::1] out, Py_ssize_t piles, Py_ssize_t size,
               long *hand_sizes) except -1:
    """One pass over the cards' places: the piles (at ``piles``), each seat's tableau and
    hand size, and the seat's hand (in the courtiers after them, courtiers of ``size``
    floats)."""
    cdef list where = s.where
    cdef Py_ssize_t courtiers = piles + 3 * CARDS + 1, tableau = 11 + STATUSES + n
    cdef long zone
    cdef Py_ssize_t card
    cdef int p
    for p in range(6):
        hand_sizes[p] = 0
    for card in range(len(where)):
        zone = where[card]
        if zone == BOX:
            out[piles + card] = 1.0
        elif zone == HOUSE:
            out[piles + CARDS + card] = 1.0
        elif zone == DISCARD:
            out[piles + 2 * CARDS + card] = 1.0
        elif TABLEAU <= zone < TABLEAU + n:
            out[courtiers + relative(zone - TABLEAU, seat, n) * size + tableau + card] = 1.0
        elif 0 <= zone < n:
            hand_sizes[zone] += 1
            if zone == seat:
                out[courtiers + n * size + card] = 1.0
    out[piles + 3 * CARDS] = <double>len(<list>s.talon) / 50.0
    return 0


cdef Py_ssize_t courtiers(s, int seat, int n, float[::1] out, Py_ssize_t at,
                          Py_ssize_t size, long *hand_sizes) except -1:
    """Each courtier as every seat sees it (the observing seat's first; its tableau is
    marked by :func:`cards`)."""
    cdef list party = s.party, status = s.status, heir = s.heir, spouse = s.spouse
    cdef list king_standing = s.king_standing, queen_standing = s.queen_standing
    cdef list poisoner = s.poisoner, fortune = s.fortune, power = s.power_used
    cdef list moves = s.negotiation_moves_made, done = s.negotiation_done
    cdef long value
    cdef int k, p
    for k in range(n):
        p = rotated(seat, k, n)
        at = one_hot(out, at, party[p], 3)
        at = one_hot(out, at, status[p], STATUSES)
        out[at] = 1.0 if heir[p] else 0.0
        value = king_standing[p]
        out[at + 1] = 1.0 if value != NO_STANDING else 0.0
        out[at + 2] = <double>(value if value != NO_STANDING else 0) / 10.0
        value = queen_standing[p]
        out[at + 3] = 1.0 if value != NO_STANDING else 0.0
        out[at + 4] = <double>(value if value != NO_STANDING else 0) / 10.0
        at = seat_hot(out, at + 5, spouse[p], seat, n)
        out[at] = 1.0 if poisoner[p] else 0.0
        out[at + 1] = <double><long>fortune[p] / 10000.0
        out[at + 2] = <double><long>income_of(s, p) / 5000.0
        at += 3 + CARDS
        out[at] = <double>hand_sizes[p] / 5.0
        out[at + 1] = 1.0 if power[p] else 0.0
        out[at + 2] = <double><long>moves[p]
        out[at + 3] = 1.0 if done[p] else 0.0
        at += 4
    return at


cdef Py_ssize_t own(s, int seat, int n, float[::1] out, Py_ssize_t at) except -1:
    """What only the seat sees: its hand (marked by :func:`cards`), the cards it knows in
    other hands and those it has shown, by seat relative to it."""
    cdef long card, bit = 1 << seat
    cdef int p
    at += CARDS
    for holder, known, mask in s.known:
        card = known
        if <long>mask & bit and holder != seat:
            out[at + relative(holder, seat, n) * CARDS + card] = 1.0
        elif holder == seat:
            for p in range(n):
                if <long>mask >> p & 1:
                    out[at + n * CARDS + relative(p, seat, n) * CARDS + card] = 1.0
    return at + 2 * n * CARDS
