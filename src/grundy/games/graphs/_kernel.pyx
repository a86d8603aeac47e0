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


from libc.stdint cimport uint64_t
from libc.stdlib cimport calloc, free, malloc
from libc.string cimport memcmp, memcpy, memset
from cpython.bytes cimport PyBytes_AS_STRING, PyBytes_FromStringAndSize, PyBytes_GET_SIZE
from cpython.long cimport PyLong_FromUnsignedLongLong
from cpython.ref cimport Py_INCREF, Py_XDECREF, PyObject
from cpython.tuple cimport PyTuple_New, PyTuple_SET_ITEM

from grundy.core._compiled cimport CompiledSearch, Options, _sort_packed, options_from


include "_kernel_structure.pxi"

include "_kernel_nauty.pxi"

include "_kernel_rules.pxi"

include "_kernel_census.pxi"


# ----------------------------------------------------------------------
# First-seen labellings (``MoveRule.labelling``, rule bit 10)
# ----------------------------------------------------------------------
# A search whose rule makes moves in first-seen labellings keeps, for each key
# of at most FIRST_SEEN_ORDER vertices it leaves to search, the labelled graph
# it first met (the packed word of the canonical labelling memo, by the packed
# canonical graph): an open-addressing table of the Expander's own, first
# entry kept, at most FIRST_SEEN_KEYS entries (load at most 1/2), for the
# Expander's life. A key expanded before any labelling was kept for it keeps
# its canonical one from then on: a stopped generation resumes at its move
# count (Options.next_move), which counts moves in one labelling. Once memory
# for a larger table cannot be had, nothing more is kept (so no key changes
# labelling after its first expansion either). The Python path keeps the same
# (``GraphGame._keep_labelling``: in this table when the search has an
# Expander, the two sharing the option cache; else ``Searcher.labellings``).
DEF FIRST_SEEN_ORDER = MEMO_MAX  # one word per labelled graph (the memo's packing)
DEF FIRST_SEEN_KEYS = 1 << 21
DEF FIRST_SEEN_BIT = 1024
#: the largest position (vertices) whose first-seen labelling a solver keeps
FIRST_SEEN_MAX_ORDER = FIRST_SEEN_ORDER
#: how many first-seen labellings one solver (one Expander) keeps at most, for its life
FIRST_SEEN_MAX_KEYS = FIRST_SEEN_KEYS


cdef struct Labellings:
    uint64_t* canonical  # packed canonical graphs (0: an empty slot)
    uint64_t* labelled  # the packed labelled graph first met for each
    Py_ssize_t cap  # slots, a power of 2 (0: none allocated)
    Py_ssize_t count
    bint full  # a larger table could not be allocated: nothing more is kept


cdef bint _labellings_grow(Labellings* t) noexcept:
    """Allocate (1,024 slots) or double the table, keeping its entries;
    False if the memory could not be had (the table stays as it was)."""
    cdef Py_ssize_t cap = 1024 if t.cap == 0 else 2 * t.cap, i, j
    cdef uint64_t* canonical = <uint64_t*>calloc(cap, sizeof(uint64_t))
    cdef uint64_t* labelled = <uint64_t*>malloc(cap * sizeof(uint64_t))
    if canonical == NULL or labelled == NULL:
        free(canonical)
        free(labelled)
        return False
    for i in range(t.cap):
        if t.canonical[i]:
            j = <Py_ssize_t>(_mix(t.canonical[i]) & <uint64_t>(cap - 1))
            while canonical[j]:
                j = (j + 1) & (cap - 1)
            canonical[j] = t.canonical[i]
            labelled[j] = t.labelled[i]
    free(t.canonical)
    free(t.labelled)
    t.canonical = canonical
    t.labelled = labelled
    t.cap = cap
    return True


cdef void _labellings_add(Labellings* t, bytes key, const uint64_t* rows, int k) noexcept:
    """Keep ``rows`` (nauty rows, ``k`` vertices) as the labelling of
    ``key`` unless one is kept already, the key is empty or too large, or
    the table is full (FIRST_SEEN_KEYS entries, or no memory to grow)."""
    cdef uint64_t canonical
    cdef Py_ssize_t j
    if k == 0 or k > FIRST_SEEN_ORDER or t.full or t.count >= FIRST_SEEN_KEYS:
        return
    if 2 * (t.count + 1) > t.cap and not _labellings_grow(t):
        t.full = True
        return
    canonical = _pack_rows(<const uint64_t*>PyBytes_AS_STRING(key), k)
    j = <Py_ssize_t>(_mix(canonical) & <uint64_t>(t.cap - 1))
    while t.canonical[j]:
        if t.canonical[j] == canonical:
            return
        j = (j + 1) & (t.cap - 1)
    t.canonical[j] = canonical
    t.labelled[j] = _pack_rows(rows, k)
    t.count += 1


cdef bint _labellings_get(const Labellings* t, uint64_t* rows, uint64_t* adj, int k) noexcept:
    """Replace the canonical rows of a key (``k`` vertices) by the
    labelling kept for it, and ``adj`` by its bitsets; False (nothing
    changed) if none is kept."""
    cdef uint64_t canonical
    cdef Py_ssize_t j
    if k > FIRST_SEEN_ORDER or t.cap == 0:
        return False
    canonical = _pack_rows(rows, k)
    j = <Py_ssize_t>(_mix(canonical) & <uint64_t>(t.cap - 1))
    while t.canonical[j] != canonical:
        if not t.canonical[j]:
            return False
        j = (j + 1) & (t.cap - 1)
    _unpack_rows(t.labelled[j], rows)
    _bitsets_of_rows(rows, adj, k)
    return True


# Bit masks of values are Python ints (values may exceed 63).
cdef object _ONE = 1


cdef class Expander(CompiledSearch):
    """A solver's decomposition and option generation, in C end to end.

    Parameters
    ----------
    table : grundy.core.table.Table
        The solver's table (compact or dicts, see
        :class:`grundy.core._compiled.CompiledSearch`); with involutions on,
        a key seen for the first time is looked at once: reduced to an
        involution's fixed-point set (remembered as an alias ``(nimber,
        unknowns)``) or marked irreducible.
    theory : grundy.games.graphs.theory.Theory
        Which results to use (read once).
    stats : grundy.core.search.Stats
        Its ``table_hits``, ``reductions`` and ``closed_forms`` are increased.
    cache, cache_size, tick
        The solver's option cache (an ``OrderedDict``, oldest first, at most
        ``cache_size`` entries) and the callable run before each option
        generation (see :class:`grundy.core._compiled.CompiledSearch`).
    tablebase : CensusTable, optional
        A census of whole graphs (grundy.census), consulted when the table
        misses.
    rule : int
        The ruleset's packed :class:`grundy.games.graphs.rulesets.MoveRule`
        (default 17, Graph Chomp): the options :meth:`expand` generates
        (``_kernel_rules.pxi``), and in which labelling (bit 10: first-seen
        labellings, kept for the keys of at most
        :data:`FIRST_SEEN_MAX_ORDER` vertices this expander leaves to search,
        at most :data:`FIRST_SEEN_MAX_KEYS` of them, 16 bytes each, at most
        twice that with the table's slack).
    isolated : int
        The nim-value of a lone vertex under the ruleset, or -1 (Graph
        Chomp: a lone vertex is valued by the closed forms, or keyed).
    path_values : list of int, optional
        The values of the paths P_0 .. P_64 under the rule (Node Kayles and
        Arc Kayles: their octal games): a path component is valued by it and
        counted as a closed form (:data:`grundy.games.graphs.theory.PATH_SOURCE`).
    limits : grundy.core.limits.Limits, optional
        Its ``check_time`` and ``check_options`` (the position limit on the
        options one generation makes) run every 64 moves within a generation.
    mirror : bool
        With ``theory.involutions`` off: whether a key seen for the first
        time is looked at once for an involutive automorphism fixing no
        vertex and joining no vertex to its image, which makes it a
        P-position under every ruleset of
        :data:`grundy.games.graphs.theory.MIRROR_RULESETS` (the mirror
        argument, :data:`grundy.games.graphs.theory.MIRROR_SOURCE`).

    The search methods (``value``, ``is_p_sum``) are
    :class:`grundy.core._compiled.CompiledSearch`'s, shared with the complex
    kernel: :class:`grundy.core.search.Searcher`'s ``_value``, ``_is_p_sum``
    and ``_is_p1`` line for line (the tests check that both give the same
    values after the same number of positions).
    """

    cdef int flags
    cdef bint involutions
    cdef object stats
    cdef long hits
    cdef long reductions
    cdef long closed
    cdef CensusTable tablebase
    cdef int tablebase_n
    cdef int rule
    cdef int isolated
    cdef bint mirror
    cdef bint leaves
    cdef bint symmetric
    cdef bint reduce_all
    cdef object limits
    cdef bint paths
    cdef int path_values[65]
    cdef bint first_seen
    cdef Labellings labellings

    def __dealloc__(self):
        free(self.labellings.canonical)
        free(self.labellings.labelled)

    def __init__(self, table, theory, stats, cache=None, Py_ssize_t cache_size=50_000, tick=None,
                 CensusTable tablebase=None, int rule=17, int isolated=-1, bint mirror=False, limits=None,
                 path_values=None, bint leaves=False):
        _check_bound()
        CompiledSearch.__init__(self, table, cache, cache_size, tick)
        self.flags = _flags(theory)
        self.rule = rule
        self.first_seen = (rule & FIRST_SEEN_BIT) != 0
        self.isolated = isolated
        self.limits = limits
        self.paths = path_values is not None
        if self.paths:
            if len(path_values) < 65:
                raise ValueError("path_values: the values of P_0 .. P_64")
            for k in range(65):
                self.path_values[k] = path_values[k]
        self.mirror = mirror and not theory.involutions
        self.leaves = leaves
        self.symmetric = theory.involutions or self.mirror
        self.involutions = self.symmetric or leaves
        # a reduction to try (and cache) on every key: Graph Chomp's involutions
        # or the leaf reductions; the mirror alone needs mirror_possible first
        self.reduce_all = theory.involutions or leaves
        self.cancel = theory.cancel_pairs
        self.stats = stats
        # a census of whole graphs (grundy.census): consulted when the table misses
        self.tablebase = tablebase
        self.tablebase_n = tablebase.max_vertices if tablebase is not None else -1

    cdef long _look_up(self, const uint64_t* adj, uint64_t comp, Options unknown) except -1:
        cdef uint64_t rows[64]
        cdef uint64_t sub[64]
        cdef int k = _rows(adj, comp, rows, sub)
        cdef bint ran
        cdef bytes key = _canonical_memo(rows, k, &ran)
        cdef bint irreducible, rigid = False
        cdef long v = self.value_marked(key, &irreducible)
        cdef int tb
        if v >= 0:
            self.hits += 1
            return v
        if k <= self.tablebase_n:
            tb = self.tablebase._get(_pack_rows(<const uint64_t*>PyBytes_AS_STRING(key), k))
            if tb >= 0:
                self.hits += 1
                return tb
        if self.involutions and (self.reduce_all or _mirror_possible(sub, k)):
            if irreducible:  # marked by the probe above (a key with a reduction is never marked)
                return self._leave(key, rows, k, unknown, ran)
            alias = self.alias_of(key)
            if alias is None:
                alias = self._reduce(sub, rows, k, ran, &rigid)
                self.remember(key, alias, rigid)
                if alias is None:
                    return self._leave(key, rows, k, unknown, ran)
            unknown.extend_keys((<tuple>alias)[1])
            return <long>(<tuple>alias)[0]
        return self._leave(key, rows, k, unknown, ran)

    cdef long _leave(self, bytes key, const uint64_t* rows, int k, Options unknown, bint made) except -1:
        """Leave ``key`` (made from ``rows``, ``k`` vertices) to search: an
        unknown of the split, its labelling kept under first-seen
        labellings, else, when the last nauty call made it (``made``: no
        other call since), the automorphism generators that call found, for
        its expansion (the group cache). Returns 0, the nimber it adds for
        now."""
        if self.first_seen:
            _labellings_add(&self.labellings, key, rows, k)
        elif made:
            _keep_group(key, k)
        unknown.push_key(key)
        return 0

    cdef object _reduce(self, const uint64_t* sub, uint64_t* rows, int k, bint ran, bint* rigid):
        """A key's reduction, at first sight (None: none applies), called
        right after the key was made from ``rows`` (its nauty rows; ``ran``:
        by nauty, whose automorphism generators it then reads, else by the
        memo, and nauty runs again only if an involution is to be looked
        for): an involution (Khandhawit-Ye Theorem 1; under the mirror
        argument only one fixing no vertex and joining none to its image
        counts, and none exists unless every degree is shared by an even
        number of vertices and the edges are even in number: it pairs them),
        else the Arc Kayles leaf reductions (``_arc_leaves``). As the Python
        path's ``reduce`` in :meth:`grundy.games.graphs.game.GraphGame._look_up`.

        On None, ``rigid[0]`` says whether the key's graph is known to have
        no automorphism but the identity: a nauty call on ``rows`` (this one
        or the one that made the key) reported no generator."""
        cdef uint64_t fixed, keep
        cdef uint64_t red[64]
        cdef Options inner
        rigid[0] = False
        if self.symmetric and not (self.mirror and not _mirror_possible(sub, k)):
            if not ran:
                _canonical(rows, k)  # the automorphism generators _involution_fixed_set reads
                ran = True
            if _involution_fixed_set(sub, k, &fixed) and not (self.mirror and fixed):
                self.reductions += 1
                inner = Options()
                return self.split_of(self._decompose(sub, fixed, inner), inner)
        if self.leaves and _arc_leaves(sub, k, red, &keep):
            self.reductions += 1
            inner = Options()
            return self.split_of(self._decompose(red, keep, inner), inner)
        # no nauty call since the one on rows (the involution search reads
        # the generators, the leaf reductions call none)
        rigid[0] = ran and _ngenerators == 0
        return None

    cdef long _decompose(self, const uint64_t* adj, uint64_t mask, Options unknown) except -1:
        cdef uint64_t stack[64]
        cdef int top = _push_components(adj, mask, stack, 0)
        cdef uint64_t comp, found
        cdef int kind
        cdef long nimber = 0
        while top:
            top -= 1
            comp = stack[top]
            if self.isolated >= 0 and not comp & (comp - 1):
                nimber ^= self.isolated  # a lone vertex: valued by the rules
                continue
            if self.paths and _is_path(adj, comp):
                self.closed += 1
                nimber ^= self.path_values[GK_POPCOUNT(comp)]
                continue
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

    cdef _flush(self):
        if self.hits or self.reductions or self.closed:
            stats = self.stats
            stats.table_hits += self.hits
            stats.reductions += self.reductions
            stats.closed_forms += self.closed
            self.hits = self.reductions = self.closed = 0

    def split(self, tuple adj, mask, bint cancel=True):
        """:meth:`grundy.core.search.Searcher.decompose` (no trace) of the subgraph
        of ``adj`` (at most 64 vertices) induced by ``mask``:
        ``(nimber, unknowns)``. With ``cancel`` False, equal unknowns are
        left in pairs (the theory's ``cancel_pairs`` not applied): for a
        split of which this is a part, which cancels them once over the
        whole, as the Python path does (``GraphGame._split``). Raises
        ValueError as :func:`split` does."""
        cdef uint64_t a[64]
        _check_mask(mask, _load(adj, a))
        cdef Options unknown = Options()
        cdef long nimber
        try:
            nimber = self._decompose(a, mask, unknown)
        finally:
            self._flush()
        return self.split_of(nimber, unknown, cancel)

    def keep_labelling(self, bytes key, tuple adj):
        """Keep ``adj`` (the graph of ``key`` as met: adjacency bitsets, at
        most 64 vertices) as ``key``'s labelling, as a look-up of this
        expander's leaving it to search does (nothing if the rule's
        labelling is canonical, one is kept already, or the key is larger
        than :data:`FIRST_SEEN_MAX_ORDER` vertices): for the Python path's
        look-ups, which share this expander's option cache. Raises
        ValueError on a malformed adjacency (as :func:`split`) or a graph
        whose key is not ``key``."""
        cdef uint64_t a[64]
        cdef uint64_t rows[64]
        cdef uint64_t sub[64]
        cdef int n = _load(adj, a)
        cdef bint ran
        if not self.first_seen or n == 0 or n > FIRST_SEEN_ORDER:
            return
        n = _rows(a, (<uint64_t>1 << n) - 1, rows, sub)
        if _canonical_memo(rows, n, &ran) != key:
            raise ValueError("keep_labelling: the graph's key is not the key given")
        _labellings_add(&self.labellings, key, rows, n)

    @property
    def kept_labellings(self):
        """How many first-seen labellings this expander keeps (int)."""
        return self.labellings.count

    def kept_labelling(self, bytes key):
        """The labelling this expander keeps for ``key`` (a key of at most
        64 vertices) under first-seen labellings: the graph as adjacency
        bitsets, or None if it keeps none (the rule's labelling is
        canonical, the key is larger than :data:`FIRST_SEEN_MAX_ORDER`
        vertices, was never left to search, or came after
        :data:`FIRST_SEEN_MAX_KEYS` others). For tests."""
        cdef uint64_t rows[64]
        cdef uint64_t a[64]
        cdef int n = _decode(key, rows, a)
        if not _labellings_get(&self.labellings, rows, a, n):
            return None
        return tuple(a[i] for i in range(n))

    def expand(self, bytes key, long refute=-1, tuple partial=None):
        """The options of the position ``key`` (a key of at most 64
        vertices) under the expander's rule: one per automorphism orbit of
        moves (moves at one vertex and one edge per orbit), made in the key's
        canonical labelling (or, for a rule with first-seen labellings, the
        labelling the expander first left the key to search in, if it kept
        one), generated in the rule's order (:meth:`grundy.games.graphs.rulesets.MoveRule.order`,
        ``_rule_order``), deduplicated, easiest first, each ``(nimber,
        unknowns)`` as :meth:`split` gives them.

        With ``refute >= 0``, stop as soon as an option of known value
        ``refute`` turns up (an option ``(refute, ())``: the position's value
        is not ``refute``) and return, instead of a list, the tuple
        ``(options so far, next move, known)``: the options in generation
        order, the index of the next move, and the bits of the values of the
        options of known value generated (the position has none of these
        values). Passing that tuple back as ``partial`` resumes the
        generation at the next move. As :meth:`grundy.core.search.Searcher._options`.
        The search itself keeps the options as :class:`grundy.core._compiled.Options`
        (``_options``); this is their Python form."""
        return self._options(key, refute, None if partial is None else options_from(partial)).as_python()

    cdef Options _options(self, bytes key, long refute, Options out, bint rigid=False):
        """:meth:`expand` into ``out`` (a stopped generation to resume, or
        None: a fresh one)."""
        cdef uint64_t rows[64]
        cdef uint64_t a[64]
        cdef uint64_t buf[64]
        cdef uint64_t mask
        cdef int vreps[64]
        cdef int ei[2016]
        cdef int ej[2016]
        cdef Cursor c
        cdef int nv = 0, ne, n, k = 0, r, start = 0, first, count
        cdef bint canonical = True
        cdef long nimber
        known = 0
        if out is None:
            out = Options()
        else:
            start = out.next_move
        out.stopped = False
        n = _decode(key, rows, a)
        if self.first_seen:
            if _labellings_get(&self.labellings, rows, a, n):
                canonical = False  # in a labelling of its own: the group cache's generators are not in it
            else:
                # expanded in its canonical labelling before any other was kept:
                # it keeps that one (a stopped generation resumes in it)
                _labellings_add(&self.labellings, key, rows, n)
        ne = _orbit_reps(a, rows, n, vreps, &nv, ei, ej, rigid, key if canonical else None)
        _rule_order(self.rule, a, n, vreps, nv, ei, ej, ne)
        _cursor_start(&c)
        try:
            while True:
                r = _next_option(self.rule, a, n, vreps, nv, ei, ej, ne, &c, buf, &mask)
                if r == NO_MOVE:
                    break
                k += 1
                if k <= start:
                    continue
                if not k & 63 and self.limits is not None:
                    # Graph Nim has 2^d - 1 moves at a vertex of degree d: the limits
                    # are checked within one generation too (the time; and the options
                    # it made, which the position limit bounds as in the Python path)
                    self.limits.check_time(self.stats.positions)
                    self.limits.check_options(self.stats.positions, k - start)
                first = out.nkeys
                if r == COPY:
                    nimber = self._decompose(buf, mask, out)
                else:
                    nimber = self._decompose(a, mask, out)
                count = out.close_option(nimber, first, self.cancel)
                if refute >= 0 and count == 0:
                    known |= _ONE << nimber
                    if nimber == refute:
                        out.stop_at(k, known)
                        return out
        finally:
            self._flush()
        self.sort_records(out)
        return out


cdef class OptionKeys:
    """The options of a whole position, one per automorphism orbit of
    moves in the rule's order, as the canonical keys of whole graphs
    (isolated vertices kept; the empty graph is ``b""``): an iterator, each
    key made when asked for, for the misère search
    (:class:`grundy.games.graphs.misere.MisereSolver`).

    Parameters
    ----------
    key : bytes
        The canonical key of a graph on at most 64 vertices
        (:func:`grundy.core.canon.certificate`), ``b""`` for the empty graph.
    rule : int
        The packed :class:`grundy.games.graphs.rulesets.MoveRule`.
    """

    cdef uint64_t rows[64]
    cdef uint64_t a[64]
    cdef int vreps[64]
    cdef int ei[2016]
    cdef int ej[2016]
    cdef int n, nv, ne, rule
    cdef Cursor c

    def __init__(self, bytes key, int rule):
        _check_bound()
        self.rule = rule
        self.nv = 0
        self.n = _decode(key, self.rows, self.a)
        self.ne = _orbit_reps(self.a, self.rows, self.n, self.vreps, &self.nv, self.ei, self.ej, False) if self.n else 0
        _rule_order(rule, self.a, self.n, self.vreps, self.nv, self.ei, self.ej, self.ne)
        _cursor_start(&self.c)

    def __iter__(self):
        return self

    def __next__(self):
        cdef uint64_t buf[64]
        cdef uint64_t rows[64]
        cdef uint64_t sub[64]
        cdef uint64_t mask
        cdef int k
        cdef int r = _next_option(self.rule, self.a, self.n, self.vreps, self.nv, self.ei, self.ej, self.ne,
                                  &self.c, buf, &mask)
        if r == NO_MOVE:
            raise StopIteration
        if r == COPY:
            k = _rows(buf, mask, rows, sub)
        else:
            k = _rows(self.a, mask, rows, sub)
        return _canonical(rows, k) if k else b""
