# cython: language_level=3, wraparound=False, cdivision=True
"""The research environments' hot loops in C: each game's observation written straight from
the engine state into the array's buffer, and a decision's loops over its candidates.

The plain encoder (each game's ``encode``, from the seat's view) declares the layout and is
the reference; the incremental one (``PARTS``, :mod:`.incremental`) keeps an array up to date
part by part from the state in compiled Python, whose every write is a numpy call. The C
encoders (``encode`` in ``fast_louis14``, ``fast_versailles1682`` and ``fast_vive_le_roi``,
written with the helpers of ``cwrite.pxd``) write a whole observation (everything before
the ``prefix`` segment) instead: a few microseconds, less than the incremental one spends on
the parts a move changed. Each writes ``out[:end]`` whole (the slots it does not set are
zeroed) and returns ``end``, the start of the ``prefix`` segment (:func:`prefix_at`). A test
compares them with the plain encoder at every step of random games, for every game and
player count.

A decision's own loops over its candidate actions are here too (``encoded``, ``marks``,
``kept``): an action scheme and a table use them where this module is compiled
(:class:`sunking.envs.actions.InC`), and a test holds them to the Python ones.

``scripts/compile_engine.py`` compiles these modules with Cython where it can (they are
declared in ``sunking.envs.CYTHON``); without them the tables use the incremental encoder
and the Python loops (:func:`sunking.envs.table.in_c`).
"""

from cpython.long cimport PyLong_FromVoidPtr

cdef dict ENDS = {}


cdef Py_ssize_t prefix_at(str game, int n) except -1:
    """Where the ``prefix`` segment of ``game`` starts for ``n`` players."""
    found = ENDS.get((game, n))
    if found is None:
        from sunking.envs.table import layout
        segments = layout(game, n)
        found = ENDS[game, n] = segments[len(segments) - 1][1]
    return <Py_ssize_t>found


def encoded(dict by_id, actions):
    """Each action with its code (``(code, action)``), as
    :meth:`sunking.envs.actions.ActionScheme.encode_all` gives them, where every action is
    found by identity in ``by_id`` (its id → that pair); None where one is not."""
    cdef list out = []
    for action in actions:
        found = by_id.get(PyLong_FromVoidPtr(<void *>action))
        if found is None or (<tuple>found)[1] is not action:
            return None
        out.append(found)
    return out


def kept(list candidates, Py_ssize_t depth, Py_ssize_t token):
    """The candidates (``(code, action)``) whose code takes ``token`` at ``depth``."""
    cdef list out = []
    for pair in candidates:
        if <Py_ssize_t>(<tuple>(<tuple>pair)[0])[depth] == token:
            out.append(pair)
    return out


def marks(list candidates, Py_ssize_t depth, Py_ssize_t size):
    """The mask of a decision's sub-step as bytes: ``size`` zeros, 1 at the token each
    candidate takes at ``depth``."""
    cdef bytearray out = bytearray(size)
    cdef unsigned char *at = out
    cdef Py_ssize_t token
    for pair in candidates:
        token = (<tuple>(<tuple>pair)[0])[depth]
        if token < 0 or token >= size:
            raise IndexError(f"token {token} is outside 0..{size - 1}")
        at[token] = 1
    return out
