# cython: language_level=3
cdef Py_ssize_t prefix_at(str game, int n) except -1
