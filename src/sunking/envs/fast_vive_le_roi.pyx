# cython: language_level=3, wraparound=False, cdivision=True
"""Vive le Roi's observation written in C from the engine state (see
:mod:`sunking.envs.fast`): the same floats as the plain encoder of
:mod:`sunking.envs.games.vive_le_roi`."""

from sunking.envs.games import vive_le_roi as _vlr

from sunking.envs.cwrite cimport category, counts, one_hot, relative, rotated, slots, start
from sunking.envs.fast cimport prefix_at

cdef dict PHASES = slots(_vlr.PHASES)
cdef dict DECISIONS = slots(_vlr.DECISIONS)
cdef long MAX_DEALS = _vlr.MAX_DEALS
cdef Py_ssize_t CARDS = _vlr.DECK_SIZE
cdef Py_ssize_t PLACES = len(_vlr.PLACES)
cdef long EAR_CARD = _vlr.EAR_CARD
cdef long LOC_EAR = _vlr.LOC_EAR


def encode(s, int seat, float[::1] out):
    """Write ``seat``'s observation of the Vive le Roi state ``s`` into ``out`` and return
    where its ``prefix`` segment starts."""
    cdef int n = s.num_players
    cdef Py_ssize_t at, end = prefix_at("vive_le_roi", n)
    start(out, end)
    at = one_hot(out, 0, seat, n)
    out[at] = 1.0 if s.to_move == seat else 0.0
    at = head(s, seat, n, out, at + 1)
    at = players(s, seat, n, out, at)
    at = places(s, seat, n, out, at)
    at = own(s, seat, out, at)
    if at != end:
        raise ValueError(f"the Vive le Roi encoder wrote {at} floats of {end}")
    return end


cdef Py_ssize_t head(s, int seat, int n, float[::1] out, Py_ssize_t at) except -1:
    """The deal, round, phase, decision, the King, the draw pile, hits, failed decrees."""
    cdef long deal = s.deal
    at = one_hot(out, at, (deal if deal < MAX_DEALS else MAX_DEALS) - 1, MAX_DEALS)
    out[at] = <double><long>s.round / 10.0
    at = category(out, at + 1, PHASES, s.phase)
    pending = s.pending
    at = category(out, at, DECISIONS, None if pending is None else pending[0])
    out[at] = 1.0 if s.last_round else 0.0
    at = one_hot(out, at + 1, relative(s.start, seat, n), n)
    king = s.king
    at = one_hot(out, at, -1 if king is None else relative(king, seat, n), n)
    out[at] = 1.0 if s.captive else 0.0
    out[at + 1] = 1.0 if <long>(<list>s.loc)[EAR_CARD] == LOC_EAR else 0.0
    out[at + 2] = <double>len(<list>s.deck) / 50.0
    at += 3
    for value in <list>s.hits:
        out[at] = <double><long>value / 5.0
        at += 1
    out[at] = <double><long>s.decree_failed
    return at + 1


cdef Py_ssize_t players(s, int seat, int n, float[::1] out, Py_ssize_t at) except -1:
    """Each seat's score, hand size, face-down card and decrees (the observing seat's
    first)."""
    cdef list hands = s.hands, hidden = s.hidden, scores = s.scores, decrees = s.decrees
    cdef int k, p
    for k in range(n):
        p = rotated(seat, k, n)
        out[at + k] = <double><long>scores[p] / 100.0
        out[at + n + k] = <double>len(<list>hands[p]) / 7.0
        out[at + 2 * n + k] = 1.0 if <long>hidden[p] >= 0 else 0.0
        out[at + 3 * n + k] = <double><long>decrees[p]
    return at + 4 * n


cdef inline void mark(float[::1] out, Py_ssize_t at, list cards, Py_ssize_t width,
                      Py_ssize_t column):
    """Mark ``column`` in the row of each card of ``cards`` (rows of ``width`` floats)."""
    cdef long card
    for item in cards:
        card = item
        out[at + card * width + column] = 1.0


cdef Py_ssize_t places(s, int seat, int n, float[::1] out, Py_ssize_t at) except -1:
    """Each card's place: the middle, the discard, the exchange, being resolved, attached,
    or a seat's structure (the observing seat's first)."""
    cdef list attach = s.attach, structures = s.structures
    cdef Py_ssize_t width = PLACES + n
    cdef long card
    cdef int p
    mark(out, at, s.middle, width, 0)
    mark(out, at, s.discard, width, 1)
    mark(out, at, s.fight, width, 2)
    mark(out, at, s.playing, width, 3)
    for p in range(len(structures)):
        for item in <list>structures[p]:
            card = item
            out[at + card * width + PLACES + relative(p, seat, n)] = 1.0
            if <long>attach[card] >= 0:
                out[at + card * width + PLACES - 1] = 1.0
    return at + CARDS * width


cdef Py_ssize_t own(s, int seat, float[::1] out, Py_ssize_t at) except -1:
    """What only the seat sees: its hand, its face-down card, the cards it knows of."""
    cdef list hidden = s.hidden, hidden_known = s.hidden_known
    cdef long card, bit = 1 << seat
    cdef Py_ssize_t k
    at = counts(out, at, (<list>s.hands)[seat], CARDS)
    at = one_hot(out, at, hidden[seat], CARDS)
    for _holder, known, mask in s.known:
        if <long>mask & bit:
            out[at + <long>known] = 1.0
    for k in range(len(hidden)):
        card = hidden[k]
        if card >= 0 and <long>hidden_known[k] & bit:
            out[at + card] = 1.0
    return at + CARDS
