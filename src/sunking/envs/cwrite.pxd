# cython: language_level=3
"""Writing a segment of an observation into the array's buffer, for the C encoders
(``fast_<game>.pyx``, see :mod:`sunking.envs.fast`): each helper writes its segment at ``at``
(zeroed before by :func:`start`) and returns where the next one starts."""

from libc.string cimport memset


cdef inline Py_ssize_t start(float[::1] out, Py_ssize_t end) except -1:
    """Zero ``out[:end]``."""
    if out.shape[0] < end:
        raise ValueError(f"the array holds {out.shape[0]} floats, not {end}")
    memset(&out[0], 0, end * sizeof(float))
    return 0


cdef inline Py_ssize_t one_hot(float[::1] out, Py_ssize_t at, long index,
                               Py_ssize_t size) except -1:
    """``size`` slots, 1 at ``index`` (none for a negative index)."""
    if index >= size:
        raise IndexError(f"one-hot index {index} is outside 0..{size - 1}")
    if index >= 0:
        out[at + index] = 1.0
    return at + size


cdef inline dict slots(object names):
    """Each of ``names`` → its slot in a :func:`category`."""
    return {name: i for i, name in enumerate(names)}


cdef inline Py_ssize_t category(float[::1] out, Py_ssize_t at, dict index,
                                object value) except -1:
    """A one-hot over named values (``index``: value → slot, see :func:`slots`), and a last
    slot for any other value."""
    found = index.get(value)
    cdef Py_ssize_t slot = len(index) if found is None else <Py_ssize_t>found
    out[at + slot] = 1.0
    return at + len(index) + 1


cdef inline Py_ssize_t counts(float[::1] out, Py_ssize_t at, object ids,
                              Py_ssize_t size) except -1:
    """``size`` slots, each the number of times its id occurs in ``ids``."""
    cdef long i
    for item in ids:
        i = item
        if i < 0 or i >= size:
            raise ValueError(f"an id {i} is outside 0..{size - 1}")
        out[at + i] += 1.0
    return at + size


cdef inline Py_ssize_t known(float[::1] out, Py_ssize_t at, list pile, list masks,
                             long seats) except -1:
    """Count each card of ``pile`` that every seat of the bit set ``seats`` knows (its mask,
    in ``masks``, holds them all)."""
    cdef Py_ssize_t i
    cdef long card
    for i in range(len(pile)):
        if <long>masks[i] & seats == seats:
            card = pile[i]
            out[at + card] += 1.0
    return at


cdef inline int rotated(int seat, int k, int n):
    """The seat ``k`` places after ``seat``, clockwise."""
    return (seat + k) % n


cdef inline long relative(long p, int seat, int n):
    """How many places after ``seat`` the seat ``p`` sits, clockwise (Python's ``%``)."""
    return ((p - seat) % n + n) % n


cdef inline int ones(long bits):
    """How many bits of ``bits`` are set."""
    cdef int found = 0
    while bits:
        found += bits & 1
        bits >>= 1
    return found
