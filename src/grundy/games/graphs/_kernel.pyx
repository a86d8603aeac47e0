# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Compiled hot path of the search, for graphs of at most 64 vertices.

The structural half of :meth:`grundy.core.search.Searcher.decompose` on ``uint64``
bitsets: connected components, iterated false-twin deletion and the closed
forms of :func:`grundy.games.graphs.theory.classify` (values only), and compaction of
each remaining component with its upper adjacency lists for nauty. Results
are identical to the pure-Python path (``tests/test_kernel.py`` checks it),
including the order in which components are found.

With :func:`bind_nauty`, the kernel also calls nauty's C function
``nauty()`` directly, from the copy of nauty compiled into pynauty's
extension module (found with ``dlopen``/``dlsym``; nothing of nauty is
vendored here). It does exactly what pynauty's ``graph_cert`` and
``graph_autgrp`` do (same options, same workspace size), so the keys are
byte-for-byte pynauty's certificates; the engine checks that at import
(:func:`grundy.games.graphs.game._bind_kernel`) and the tests check it on every graph of
at most 7 vertices and on random graphs. :class:`Expander` then generates a
position's options end to end in C: automorphism orbits, the children, their
split, their keys and the table lookups; a key seen for the first time is
checked for an involution there too, exactly as
:func:`grundy.games.graphs.theory.involution_fixed_set` does it.

Graphs are adjacency tuples of Python ints as in :mod:`grundy.games.graphs.bitset`.
"""

from collections import OrderedDict

from libc.stdint cimport uint64_t
from libc.string cimport memcpy
from cpython.bytes cimport PyBytes_AS_STRING, PyBytes_FromStringAndSize, PyBytes_GET_SIZE
from cpython.dict cimport PyDict_GetItem
from cpython.long cimport PyLong_FromUnsignedLongLong
from cpython.object cimport PyObject
from cpython.ref cimport Py_INCREF
from cpython.tuple cimport PyTuple_New, PyTuple_SET_ITEM


include "_kernel_structure.pxi"

include "_kernel_nauty.pxi"

include "_kernel_census.pxi"


# Bit masks of values are Python ints (values may exceed 63): shifting this
# object, not a C 1, keeps Cython from computing ``1 << n`` in C.
cdef object _ONE = 1


cdef object _known_values(dict values, list options):
    """Bits of the values of the options whose components all have values
    in ``values`` (as :func:`grundy.core.search._known_values`)."""
    known = 0
    cdef long nim
    cdef PyObject* found
    for option in options:
        nim = <long>(<tuple>option)[0]
        for k in <tuple>(<tuple>option)[1]:
            found = PyDict_GetItem(values, k)
            if found == NULL:
                break
            nim ^= <long><object>found
        else:
            known |= _ONE << nim
    return known


def _option_order(option):
    unknowns = option[1]
    return len(unknowns), sum(map(len, unknowns))


cdef class Expander:
    """A solver's decomposition and option generation, in C end to end.

    Parameters
    ----------
    values : dict
        The solver's table of values (read).
    theory : grundy.games.graphs.theory.Theory
        Which results to use (read once).
    aliases : dict, irreducible : set
        With involutions on, a key seen for the first time is looked at
        once: reduced to an involution's fixed-point set (recorded in
        ``aliases`` as ``(nimber, unknowns)``) or recorded in ``irreducible``.
    stats : grundy.core.search.Stats
        Its ``table_hits``, ``reductions`` and ``closed_forms`` are increased.
    not_values, cache, cache_size, tick
        For the search (:meth:`value`, :meth:`is_p_sum`): the solver's
        table of excluded values (bitmasks), its option cache (an
        ``OrderedDict``, oldest first, at most ``cache_size`` entries) and
        the callable run before each option generation (counts positions,
        enforces limits, shows progress; what it raises stops the search;
        None for nothing). The solver sets ``tick`` only for the length of
        a search: a bound method kept here would make a reference cycle
        the paused garbage collector never frees.

    The tables and the theory are captured when the expander is made:
    reassigning a solver's tables afterwards would leave it on the old ones
    (no solver does), and it writes them as plain dicts with no hook on
    writes: :class:`grundy.core.table.Table` saves new values by the dicts'
    insertion order for that reason.

    The search methods are :class:`grundy.core.search.Searcher`'s ``_value``,
    ``_is_p_sum`` and ``_is_p1`` line for line (the tests check that both
    give the same values after the same number of positions).
    """

    cdef dict values
    cdef dict aliases
    cdef set irreducible
    cdef int flags
    cdef bint involutions
    cdef bint cancel
    cdef object stats
    cdef long hits
    cdef long reductions
    cdef long closed
    cdef dict not_values
    cdef object cache
    cdef public Py_ssize_t cache_size
    cdef public object tick
    cdef CensusTable tablebase
    cdef int tablebase_n

    def __init__(self, dict values, dict aliases, set irreducible, theory, stats,
                 dict not_values=None, cache=None, Py_ssize_t cache_size=50_000, tick=None,
                 CensusTable tablebase=None):
        _check_bound()
        self.values = values
        self.aliases = aliases
        self.irreducible = irreducible
        self.flags = _flags(theory)
        self.involutions = theory.involutions
        self.cancel = theory.cancel_pairs
        self.stats = stats
        self.not_values = not_values if not_values is not None else {}
        self.cache = cache if cache is not None else OrderedDict()
        self.cache_size = cache_size
        self.tick = tick
        # a census of whole graphs (grundy.census): consulted when the dict misses
        self.tablebase = tablebase
        self.tablebase_n = tablebase.max_vertices if tablebase is not None else -1

    cdef long _look_up(self, const uint64_t* adj, uint64_t comp, list unknown) except -1:
        cdef uint64_t rows[64]
        cdef uint64_t sub[64]
        cdef uint64_t fixed
        cdef int orbits[64]
        cdef int k = _rows(adj, comp, rows, sub)
        cdef bytes key = _canonical(rows, k)
        cdef PyObject* found = PyDict_GetItem(self.values, key)
        cdef list inner
        cdef int tb
        if found != NULL:
            self.hits += 1
            return <long><object>found
        if k <= self.tablebase_n:
            tb = self.tablebase._get(_pack_rows(<const uint64_t*>PyBytes_AS_STRING(key), k))
            if tb >= 0:
                self.hits += 1
                return tb
        if self.involutions:
            found = PyDict_GetItem(self.aliases, key)
            if found != NULL:
                alias = <object>found
            elif key in self.irreducible:
                unknown.append(key)
                return 0
            else:
                # First sight: look for an involution (Khandhawit-Ye Theorem 1).
                _group(rows, k, orbits)
                if not _involution_fixed_set(sub, k, &fixed):
                    self.irreducible.add(key)
                    unknown.append(key)
                    return 0
                self.reductions += 1
                inner = []
                alias = self._finish(self._decompose(sub, fixed, inner), inner)
                self.aliases[key] = alias
            unknown.extend(alias[1])
            return <long>alias[0]
        unknown.append(key)
        return 0

    cdef long _decompose(self, const uint64_t* adj, uint64_t mask, list unknown) except -1:
        cdef uint64_t stack[64]
        cdef int top = _push_components(adj, mask, stack, 0)
        cdef uint64_t comp, found
        cdef int kind
        cdef long nimber = 0
        while top:
            top -= 1
            comp = stack[top]
            kind = _classify(adj, comp, self.flags, &found)
            if kind == TWINS:
                self.reductions += 1
                top = _push_components(adj, comp & ~found, stack, top)
            elif kind == CLOSED:
                self.closed += 1
                nimber ^= <long>found
            else:
                nimber ^= self._look_up(adj, comp, unknown)
        return nimber

    cdef tuple _finish(self, long nimber, list unknown):
        cdef dict count
        cdef list kept
        if len(unknown) > 1:
            if self.cancel:
                count = {}
                for key in unknown:
                    count[key] = count.get(key, 0) + 1
                if len(count) < len(unknown):
                    kept = []
                    for key in unknown:
                        if count[key] & 1:
                            kept.append(key)
                            count[key] = 0
                    unknown = kept
            unknown.sort(key=len)
        return (nimber, tuple(unknown))

    cdef _flush(self):
        if self.hits or self.reductions or self.closed:
            stats = self.stats
            stats.table_hits += self.hits
            stats.reductions += self.reductions
            stats.closed_forms += self.closed
            self.hits = self.reductions = self.closed = 0

    def split(self, tuple adj, mask):
        """:meth:`grundy.core.search.Searcher.decompose` (no trace) of the subgraph
        of ``adj`` (at most 64 vertices) induced by ``mask``:
        ``(nimber, unknowns)``."""
        cdef uint64_t a[64]
        _check_mask(mask, _load(adj, a))
        cdef list unknown = []
        cdef long nimber
        try:
            nimber = self._decompose(a, mask, unknown)
        finally:
            self._flush()
        return self._finish(nimber, unknown)

    def expand(self, bytes key, long refute=-1, tuple partial=None):
        """The options of the position ``key`` (a key of at most 64
        vertices): one per automorphism orbit of moves, deduplicated, easiest
        first, each ``(nimber, unknowns)`` as :meth:`split` gives them.

        With ``refute >= 0``, stop as soon as an option of known value
        ``refute`` turns up (an option ``(refute, ())``: the position's value
        is not ``refute``) and return, instead of a list, the tuple
        ``(options so far, next move, known)``: the options in generation
        order, the index of the next move, and the bits of the values of the
        options of known value generated (the position has none of these
        values). Passing that tuple back as ``partial`` resumes the
        generation at the next move. As :meth:`grundy.core.search.Searcher._options`."""
        cdef uint64_t rows[64]
        cdef uint64_t a[64]
        cdef uint64_t b[64]
        cdef int vreps[64]
        cdef int ei[2016]
        cdef int ej[2016]
        cdef int nv = 0, ne, n, k, w, i, j, start = 0
        cdef uint64_t ai, aj, low, full
        cdef list unknown
        cdef list out
        cdef set seen
        cdef tuple child
        known = 0
        if partial is None:
            out = []
            seen = set()
        else:
            out = list(<list>partial[0])
            seen = set(out)
            start = <int>partial[1]
        n = _decode(key, rows, a)
        ne = _orbit_reps(a, rows, n, vreps, &nv, ei, ej)
        full = <uint64_t>0 - 1 if n == 64 else (<uint64_t>1 << n) - 1
        try:
            for k in range(start, nv + ne):
                unknown = []
                if k < nv:
                    i = vreps[k]
                    low = (<uint64_t>1 << i) - 1
                    j = 0
                    for w in range(n):
                        if w != i:
                            b[j] = (((a[w] >> i) >> 1) << i) | (a[w] & low)
                            j += 1
                    child = self._finish(self._decompose(b, full >> 1, unknown), unknown)
                else:
                    i = ei[k - nv]
                    j = ej[k - nv]
                    ai = a[i]
                    aj = a[j]
                    a[i] &= ~(<uint64_t>1 << j)
                    a[j] &= ~(<uint64_t>1 << i)
                    try:
                        child = self._finish(self._decompose(a, full, unknown), unknown)
                    finally:
                        a[i] = ai
                        a[j] = aj
                if child not in seen:
                    seen.add(child)
                    out.append(child)
                if refute >= 0 and not child[1]:
                    known |= _ONE << child[0]
                    if <long>child[0] == refute:
                        return (out, k + 1, known)
        finally:
            self._flush()
        out.sort(key=_option_order)
        return out

    # ------------------------------------------------------------------
    # the search (grundy.core.search.Searcher._value, _is_p_sum and _is_p1 in C)
    # ------------------------------------------------------------------
    cpdef long value(self, bytes key) except -1:
        """Exact value of the component ``key``."""
        cdef PyObject* found = PyDict_GetItem(self.values, key)
        if found != NULL:
            return <long><object>found
        cdef long n = 0
        while not self._is_p1(key, n):
            n += 1
        return n

    cpdef bint is_p_sum(self, tuple unknowns, long n) except -1:
        """Whether ``*n + sum(unknowns)`` is a P-position."""
        cdef list rest = []
        cdef PyObject* found
        cdef Py_ssize_t i, last
        for key in unknowns:
            found = PyDict_GetItem(self.values, key)
            if found == NULL:
                rest.append(key)
            else:
                n ^= <long><object>found
        last = len(rest) - 1
        if last < 0:
            return n == 0
        for i in range(last):
            n ^= self.value(<bytes>rest[i])
        return self._is_p1(<bytes>rest[last], n)

    cdef bint _is_p1(self, bytes key, long n) except -1:
        cdef PyObject* found = PyDict_GetItem(self.values, key)
        if found != NULL:
            return <long><object>found == n
        found = PyDict_GetItem(self.not_values, key)
        excluded = <object>found if found != NULL else 0
        if excluded >> n & 1:
            return False
        cdef object cache = self.cache
        options = cache.get(key)
        if type(options) is tuple:  # a generation stopped at a refutation
            known = _known_values(self.values, <list>(<tuple>options)[0])
            if known >> n & 1:
                self.not_values[key] = excluded | known
                return False
            if self.tick is not None:
                self.tick()
            options = self.expand(key, n, options)
            if type(options) is tuple:
                cache[key] = options
                self.not_values[key] = excluded | known | (<tuple>options)[2]
                return False
            cache[key] = options
        elif options is None:
            if self.tick is not None:
                self.tick()
            options = self.expand(key, n)
            if cache and len(cache) >= self.cache_size:
                cache.popitem(last=False)
            cache[key] = options
            if type(options) is tuple:
                self.not_values[key] = excluded | (<tuple>options)[2]
                return False
        cdef list opts = <list>options
        cdef tuple option, unk
        cdef long nim, m
        # Cheap refutation: an option whose value the table knows to be n.
        for option in opts:
            nim = <long>option[0]
            unk = <tuple>option[1]
            for k in unk:
                found = PyDict_GetItem(self.values, k)
                if found == NULL:
                    break
                nim ^= <long><object>found
            else:
                if nim == n:
                    self.not_values[key] = excluded | (_ONE << n)
                    return False
        # Heap moves: C + *m, m < n, must all be N-positions.
        for m in range(n):
            if not (excluded >> m & 1) and self._is_p1(key, m):
                return False
        # Moves in C: every option C' + *n must be an N-position.
        for option in opts:
            if self.is_p_sum(<tuple>option[1], <long>option[0] ^ n):
                self.not_values[key] = self.not_values.get(key, 0) | (_ONE << n)
                return False
        self.values[key] = n
        self.not_values.pop(key, None)
        cache.pop(key, None)
        return True
