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

cdef extern from *:
    """
    #define GK_CTZ(x) __builtin_ctzll(x)
    #define GK_POPCOUNT(x) __builtin_popcountll(x)
    """
    int GK_CTZ(uint64_t x) nogil
    int GK_POPCOUNT(uint64_t x) nogil

#: Largest number of vertices the kernel handles.
MAX_VERTICES = 64

# Theory flags, read once per call.
cdef enum:
    F_TWINS = 1
    F_BIPARTITE = 2
    F_MULTIPARTITE = 4
    F_CYCLES = 8
    F_FORESTS = 16

# What _classify found.
cdef enum:
    NOTHING = 0
    TWINS = 1
    CLOSED = 2


cdef inline int _flags(object theory) except -1:
    cdef int f = 0
    if theory.twins:
        f |= F_TWINS
    if theory.bipartite:
        f |= F_BIPARTITE
    if theory.complete_multipartite:
        f |= F_MULTIPARTITE
    if theory.cycles:
        f |= F_CYCLES
    if theory.forests:
        f |= F_FORESTS
    return f


cdef inline uint64_t _neighbours(const uint64_t* adj, uint64_t vertices) noexcept nogil:
    """The union of the neighbourhoods of ``vertices``."""
    cdef uint64_t nb = 0
    while vertices:
        nb |= adj[GK_CTZ(vertices)]
        vertices &= vertices - 1
    return nb


cdef inline uint64_t _component(const uint64_t* adj, uint64_t mask) noexcept nogil:
    """The component of the lowest vertex of ``mask`` (nonzero) in ``mask``."""
    cdef uint64_t comp = mask & (~mask + 1)
    cdef uint64_t frontier = comp
    while frontier:
        frontier = _neighbours(adj, frontier) & mask & ~comp
        comp |= frontier
    return comp


cdef inline int _push_components(const uint64_t* adj, uint64_t mask,
                                 uint64_t* stack, int top) noexcept nogil:
    """Push the components of ``mask`` in order of their lowest vertex."""
    cdef uint64_t comp
    while mask:
        comp = _component(adj, mask)
        stack[top] = comp
        top += 1
        mask &= ~comp
    return top


cdef bint _is_bipartite(const uint64_t* adj, uint64_t mask) noexcept nogil:
    """Whether the subgraph induced by ``mask`` (connected) has no odd cycle."""
    cdef uint64_t sides[2]
    cdef uint64_t seen, frontier, nb
    cdef int side = 0
    frontier = mask & (~mask + 1)
    sides[0] = frontier
    sides[1] = 0
    seen = frontier
    while frontier:
        nb = _neighbours(adj, frontier) & mask
        side ^= 1
        if nb & sides[side ^ 1]:
            return False
        frontier = nb & ~seen
        sides[side] |= nb
        seen |= frontier
    return True


cdef int _classify(const uint64_t* adj, uint64_t comp, int flags,
                   uint64_t* out) noexcept nogil:
    """:func:`grundy.games.graphs.theory.classify` on one connected component.

    Returns TWINS with the mask of twins to delete in ``out[0]``, CLOSED
    with the value in ``out[0]``, or NOTHING.
    """
    cdef uint64_t nbs[64]
    cdef int verts[64]
    cdef int pending[64]      # indices of vertices not yet paired with a twin
    cdef int npending = 0
    cdef int v = 0, e2 = 0, d, i, k, parts_odd
    cdef bint all_two = True, multipartite, later
    cdef uint64_t m = comp, nb, removed = 0, part
    while m:
        i = GK_CTZ(m)
        nb = adj[i] & comp
        d = GK_POPCOUNT(nb)
        e2 += d
        if d != 2:
            all_two = False
        nbs[v] = nb
        verts[v] = i
        v += 1
        m &= m - 1
    # False twins: pair the vertices of each class of equal neighbourhoods
    # from the lowest up (an odd class keeps its highest vertex).
    if flags & F_TWINS:
        for k in range(v):
            for i in range(npending):
                if nbs[pending[i]] == nbs[k]:
                    removed |= (<uint64_t>1 << verts[pending[i]]) | (<uint64_t>1 << verts[k])
                    npending -= 1
                    pending[i] = pending[npending]
                    break
            else:
                pending[npending] = k
                npending += 1
        if removed:
            out[0] = removed
            return TWINS
    if ((flags & F_BIPARTITE) and _is_bipartite(adj, comp)) or (
        (flags & F_FORESTS) and e2 >> 1 == v - 1  # connected, v - 1 edges: a tree
    ):
        out[0] = (v & 1) | (((e2 >> 1) & 1) << 1)   # Table 2 by parities of v and e
        return CLOSED
    if flags & F_MULTIPARTITE:
        # Complete multipartite iff every vertex is adjacent to exactly the
        # vertices outside its class of equal neighbourhoods.
        multipartite = True
        parts_odd = 0
        for k in range(v):
            part = 0
            later = False
            for i in range(v):
                if nbs[i] == nbs[k]:
                    part |= <uint64_t>1 << verts[i]
                    if i < k:
                        later = True   # not the first of its class
            if nbs[k] != comp & ~part:
                multipartite = False
                break
            if not later and GK_POPCOUNT(part) & 1:
                parts_odd += 1
        if multipartite:
            out[0] = parts_odd % 3
            return CLOSED
    if (flags & F_CYCLES) and all_two:
        out[0] = 0
        return CLOSED
    return NOTHING


cdef inline int _renumber(uint64_t mask, int* idx, int* verts) noexcept nogil:
    """Number the vertices of ``mask`` 0, 1, ... in increasing order:
    ``idx[v]`` the new number of ``v``, ``verts[k]`` the vertex numbered
    ``k``. Returns how many."""
    cdef int k = 0, i
    while mask:
        i = GK_CTZ(mask)
        idx[i] = k
        verts[k] = i
        k += 1
        mask &= mask - 1
    return k


cdef tuple _compact(const uint64_t* adj, uint64_t mask):
    """:func:`grundy.games.graphs.bitset.compact_with_lists` of ``mask``."""
    cdef int idx[64]
    cdef int verts[64]
    cdef int k = 0, i, j
    cdef uint64_t m = mask, a, b
    cdef list upper
    cdef dict lists = {}
    k = _renumber(m, idx, verts)
    cdef tuple sub = PyTuple_New(k)
    cdef object item
    for i in range(k):
        a = adj[verts[i]] & mask
        b = 0
        upper = []
        while a:
            j = idx[GK_CTZ(a)]
            b |= <uint64_t>1 << j
            if j > i:
                upper.append(j)
            a &= a - 1
        item = PyLong_FromUnsignedLongLong(b)
        Py_INCREF(item)          # PyTuple_SET_ITEM steals a reference
        PyTuple_SET_ITEM(sub, i, item)
        lists[i] = upper
    return sub, lists


cdef tuple _split(const uint64_t* adj, uint64_t mask, int flags):
    """:func:`split` on a loaded graph."""
    cdef uint64_t stack[64]
    cdef int top = _push_components(adj, mask, stack, 0)
    cdef uint64_t comp, found
    cdef int kind, nimber = 0, reductions = 0, closed = 0
    cdef list parts = []
    while top:
        top -= 1
        comp = stack[top]
        kind = _classify(adj, comp, flags, &found)
        if kind == TWINS:
            reductions += 1
            top = _push_components(adj, comp & ~found, stack, top)
        elif kind == CLOSED:
            closed += 1
            nimber ^= <int>found
        else:
            parts.append(_compact(adj, comp))
    return nimber, reductions, closed, parts


cdef int _check_mask(object mask, int n) except -1:
    if mask < 0 or mask >> n:
        raise ValueError(f"vertex mask {mask:#x} names vertices outside the graph's {n}")
    return 0


cdef int _load(tuple adj, uint64_t* out) except -1:
    cdef Py_ssize_t n = len(adj), i
    if n > 64:
        raise ValueError(f"the kernel handles at most 64 vertices, not {n}")
    for i in range(n):
        out[i] = adj[i]
    return <int>n


def split(tuple adj, mask, theory):
    """Structural decomposition of a position (no table, no nauty).

    Parameters
    ----------
    adj : tuple[int, ...]
        Adjacency bitsets, at most 64 vertices.
    mask : int
        Vertices to consider.
    theory : grundy.games.graphs.theory.Theory
        Which results may be used (twins, bipartite, forests,
        complete_multipartite and cycles are read).

    Returns
    -------
    tuple[int, int, int, list[tuple[tuple[int, ...], dict[int, list[int]]]]]
        ``(nimber, reductions, closed_forms, parts)``: the xor of the closed
        forms found, how many twin deletions and closed forms were applied,
        and the remaining components in the order the Python loop finds
        them, each compacted as by :func:`grundy.games.graphs.bitset.compact_with_lists`.
    """
    cdef uint64_t a[64]
    _check_mask(mask, _load(adj, a))
    return _split(a, mask, _flags(theory))


def children(tuple adj, vertices, edges, theory):
    """:func:`split` of every option reached by deleting one vertex or one edge.

    Parameters
    ----------
    adj : tuple[int, ...]
        Adjacency bitsets, at most 64 vertices.
    vertices : iterable of int
        Vertices to delete, one option each (the rest renumbered down as by
        :func:`grundy.games.graphs.bitset.remove_vertex`).
    edges : iterable of tuple[int, int]
        Edges ``(i, j)`` to delete, one option each, after the vertices (as
        by :func:`grundy.games.graphs.bitset.remove_edge`).
    theory : grundy.games.graphs.theory.Theory
        As for :func:`split`.

    Returns
    -------
    list
        One :func:`split` result per option, vertices first, in the order given.
    """
    cdef uint64_t a[64]
    cdef uint64_t b[64]
    cdef int n = _load(adj, a)
    cdef int flags = _flags(theory)
    cdef int i, j, k, w
    cdef uint64_t ai, aj, low, full = <uint64_t>0 - 1 if n == 64 else (<uint64_t>1 << n) - 1
    cdef list out = []
    for i in vertices:
        if not 0 <= i < n:
            raise IndexError(f"vertex {i} out of range")
        low = (<uint64_t>1 << i) - 1
        k = 0
        for w in range(n):
            if w != i:
                b[k] = (((a[w] >> i) >> 1) << i) | (a[w] & low)
                k += 1
        out.append(_split(b, full >> 1, flags))
    for i, j in edges:
        if not (0 <= i < n and 0 <= j < n):
            raise IndexError(f"edge {i, j} out of range")
        ai, aj = a[i], a[j]
        a[i] &= ~(<uint64_t>1 << j)
        a[j] &= ~(<uint64_t>1 << i)
        out.append(_split(a, full, flags))
        a[i], a[j] = ai, aj
    return out


# ----------------------------------------------------------------------
# nauty, called directly
# ----------------------------------------------------------------------
# The layouts below are nauty 2.8's ``optionblk`` and ``statsblk`` (nauty.h),
# field for field; ``boolean`` is ``int`` there and function pointers are
# declared as ``void*`` except the one the kernel sets.

cdef extern from "<dlfcn.h>" nogil:
    void* dlopen(const char* filename, int flags)
    void* dlsym(void* handle, const char* symbol)
    int RTLD_LAZY
    int RTLD_NOLOAD

ctypedef void (*automproc_t)(int, int*, int*, int, int, int) noexcept nogil

cdef struct optionblk:
    int getcanon
    int digraph
    int writeautoms
    int writemarkers
    int defaultptn
    int cartesian
    int linelength
    void* outfile
    void* userrefproc
    automproc_t userautomproc
    void* userlevelproc
    void* usernodeproc
    void* usercanonproc
    void* invarproc
    int tc_level
    int mininvarlevel
    int maxinvarlevel
    int invararg
    void* dispatch
    int schreier
    void* extra_options

cdef struct statsblk:
    double grpsize1
    int grpsize2
    int numorbits
    int numgenerators
    int errstatus
    unsigned long numnodes
    unsigned long numbadleaves
    int maxlevel
    unsigned long tctotal
    unsigned long canupdates
    unsigned long invapplics
    unsigned long invsuccesses
    int invarsuclevel

ctypedef void (*nauty_t)(uint64_t* g, int* lab, int* ptn, uint64_t* active, int* orbits,
                         optionblk* options, statsblk* stats, uint64_t* workspace,
                         int worksize, int m, int n, uint64_t* canong) noexcept nogil

# pynauty's workspace: WORKSPACE_FACTOR (66) setwords per setword of a row.
DEF WORKSIZE = 66
DEF TOPBIT = 0x8000000000000000

cdef nauty_t _nauty = NULL
cdef optionblk _canon_options
cdef optionblk _group_options
cdef uint64_t _workspace[WORKSIZE]
# Generators reported by the last automorphism-group call (at most n - 1).
cdef int _generators[64][64]
cdef int _ngenerators = 0


cdef void _store_generator(int count, int* perm, int* orbits, int numorbits,
                           int stabvertex, int n) noexcept nogil:
    global _ngenerators
    cdef int i
    if _ngenerators < 64:
        for i in range(n):
            _generators[_ngenerators][i] = perm[i]
        _ngenerators += 1


def bind_nauty(str path):
    """Find ``nauty()`` in the shared object at ``path`` (pynauty's
    ``nautywrap`` extension, already loaded) and set up pynauty's options.

    Returns True if the symbols were found (the caller must still check the
    keys against :func:`grundy.core.canon.certificate` before relying on them).
    """
    global _nauty, _canon_options, _group_options
    cdef bytes raw = path.encode()
    cdef void* handle = dlopen(raw, RTLD_LAZY | RTLD_NOLOAD)
    if handle == NULL:
        return False
    cdef void* fn = dlsym(handle, "nauty")
    cdef void* dispatch = dlsym(handle, "dispatch_graph")
    if fn == NULL or dispatch == NULL:
        return False
    # DEFAULTOPTIONS_GRAPH as modified by pynauty's create_nygraph.
    _canon_options.getcanon = 1
    _canon_options.digraph = 0
    _canon_options.writeautoms = 0
    _canon_options.writemarkers = 0
    _canon_options.defaultptn = 1
    _canon_options.cartesian = 1
    _canon_options.linelength = 0
    _canon_options.outfile = NULL
    _canon_options.userrefproc = NULL
    _canon_options.userautomproc = NULL
    _canon_options.userlevelproc = NULL
    _canon_options.usernodeproc = NULL
    _canon_options.usercanonproc = NULL
    _canon_options.invarproc = NULL
    _canon_options.tc_level = 100
    _canon_options.mininvarlevel = 0
    _canon_options.maxinvarlevel = 1
    _canon_options.invararg = 0
    _canon_options.dispatch = dispatch
    _canon_options.schreier = 0
    _canon_options.extra_options = NULL
    _group_options = _canon_options
    _group_options.getcanon = 0
    _group_options.userautomproc = _store_generator
    _nauty = <nauty_t>fn
    return True


def unbind_nauty():
    """Forget the bound ``nauty()`` (the kernel's keyed functions then raise)."""
    global _nauty
    _nauty = NULL


cdef int _check_bound() except -1:
    if _nauty == NULL:
        raise RuntimeError("nauty is not bound (grundy.games.graphs._kernel.bind_nauty)")
    return 0


cdef int _rows(const uint64_t* adj, uint64_t comp, uint64_t* rows, uint64_t* sub) noexcept nogil:
    """The subgraph induced by ``comp``, its vertices renumbered in
    increasing order (as :func:`_compact`): nauty's rows in ``rows`` and our
    bitsets in ``sub``. Returns its number of vertices."""
    cdef int idx[64]
    cdef int verts[64]
    cdef uint64_t m = comp, row, r, b
    cdef int k = 0, i, j
    k = _renumber(m, idx, verts)
    for i in range(k):
        row = adj[verts[i]] & comp
        r = 0
        b = 0
        while row:
            j = idx[GK_CTZ(row)]
            r |= (<uint64_t>TOPBIT) >> j
            b |= <uint64_t>1 << j
            row &= row - 1
        rows[i] = r
        sub[i] = b
    return k


cdef bytes _canonical(uint64_t* rows, int k):
    """Canonical key of the graph with nauty rows ``rows`` (``k`` vertices):
    the bytes of nauty's canonical graph, as pynauty's ``graph_cert``."""
    cdef int lab[64]
    cdef int ptn[64]
    cdef int orbits[64]
    cdef uint64_t canong[64]
    cdef statsblk stats
    cdef optionblk options = _canon_options
    stats.errstatus = 0
    _nauty(rows, lab, ptn, NULL, orbits, &options, &stats, _workspace, WORKSIZE, 1, k, canong)
    if stats.errstatus:
        raise RuntimeError(f"nauty failed (errstatus {stats.errstatus})")
    return PyBytes_FromStringAndSize(<char*>canong, k * 8)


cdef bytes _key(const uint64_t* adj, uint64_t comp):
    """Canonical key (pynauty's certificate) of the subgraph induced by ``comp``."""
    cdef uint64_t rows[64]
    cdef uint64_t sub[64]
    return _canonical(rows, _rows(adj, comp, rows, sub))


cdef long long _gcd(long long a, long long b) noexcept nogil:
    while b:
        a, b = b, a % b
    return a


cdef bint _involution_power(const int* p, int n, int* q) noexcept nogil:
    """The involution among the powers of ``p`` (``p^k`` for order ``2k``)
    into ``q``; False if ``p`` has odd order. As
    :func:`grundy.games.graphs.theory._involution_power`."""
    cdef bint seen[64]
    cdef int length[64]
    cdef long long order = 1, half
    cdef int v, w, L, s, t
    for v in range(n):
        seen[v] = False
    for v in range(n):
        if not seen[v]:
            L = 0
            w = v
            while not seen[w]:
                seen[w] = True
                w = p[w]
                L += 1
            # every vertex of the cycle gets its length
            w = v
            for t in range(L):
                length[w] = L
                w = p[w]
            order = order // _gcd(order, L) * L
    if order % 2:
        return False
    half = order // 2
    for v in range(n):
        s = <int>(half % length[v])
        w = v
        for t in range(s):
            w = p[w]
        q[v] = w
    return True


cdef bint _involution_fixed_set(const uint64_t* adj, int n, uint64_t* out) noexcept nogil:
    """:func:`grundy.games.graphs.theory.involution_fixed_set` with the generators of the
    last :func:`_group` call: the fixed-point mask of the chosen involution
    in ``out[0]``; False if none of the candidates swaps no edge."""
    cdef int prod[64]
    cdef int q[64]
    cdef int a, b, c, x, v, count, best = 65
    cdef int ng = _ngenerators
    cdef int ncand = ng + (ng * (ng - 1) // 2 if ng <= 12 else 0)
    cdef uint64_t fixed
    cdef const int* p
    cdef bint ok
    a = 0
    b = 1
    for c in range(ncand):
        if c < ng:
            p = _generators[c]
        else:
            # products ga o gb, a < b, in the order of involution_candidates
            if b >= ng:
                a += 1
                b = a + 1
            for x in range(n):
                prod[x] = _generators[a][_generators[b][x]]
            b += 1
            p = prod
        if not _involution_power(p, n, q):
            continue
        fixed = 0
        ok = True
        for v in range(n):
            if q[v] == v:
                fixed |= <uint64_t>1 << v
            elif adj[v] >> q[v] & 1:
                ok = False
                break
        if ok:
            count = GK_POPCOUNT(fixed)
            if count < best:
                best = count
                out[0] = fixed
    return best <= 64


cdef int _decode(bytes key, uint64_t* rows, uint64_t* adj) except -1:
    """Rows of a key (nauty's words) and its graph as our bitsets; returns n."""
    cdef Py_ssize_t size = PyBytes_GET_SIZE(key)
    cdef int n = <int>(size // 8), i
    cdef uint64_t w, r
    if size % 8 or n > 64:
        raise ValueError("not a key of a graph on at most 64 vertices")
    memcpy(rows, PyBytes_AS_STRING(key), size)
    for i in range(n):
        w = rows[i]
        r = 0
        while w:
            r |= <uint64_t>1 << (63 - GK_CTZ(w))
            w &= w - 1
        adj[i] = r
    return n


cdef int _group(uint64_t* rows, int n, int* orbits) except -1:
    """Automorphism group of the graph with nauty rows ``rows``: generators
    in ``_generators`` (``_ngenerators`` of them), vertex orbits in ``orbits``."""
    global _ngenerators
    cdef int lab[64]
    cdef int ptn[64]
    cdef statsblk stats
    cdef optionblk options = _group_options
    _ngenerators = 0
    stats.errstatus = 0
    _nauty(rows, lab, ptn, NULL, orbits, &options, &stats, _workspace, WORKSIZE, 1, n, NULL)
    if stats.errstatus:
        raise RuntimeError(f"nauty failed (errstatus {stats.errstatus})")
    return 0


cdef int _find(int* parent, int x) noexcept nogil:
    while parent[x] != x:
        parent[x] = parent[parent[x]]
        x = parent[x]
    return x


cdef int _orbit_reps(const uint64_t* adj, uint64_t* rows, int n, int* vreps, int* nv,
                     int* ei, int* ej) except -1:
    """One vertex per orbit (``vreps``, ``nv[0]`` of them, highest degree
    first, as :meth:`grundy.core.search.Searcher._options` orders them) and one
    edge per orbit (``ei``, ``ej``; the count is returned), as
    :func:`grundy.games.graphs.game._edge_orbit_reps` orders them."""
    cdef int orbits[64]
    cdef int eid[64][64]
    cdef int parent[2016]
    cdef int i, j, k, g, a, b, ne = 0, ra, rb, out = 0
    cdef uint64_t up
    _group(rows, n, orbits)
    nv[0] = 0
    cdef int d
    for i in range(n):
        if orbits[i] == i:
            # insertion by degree, highest first, ties by vertex number
            d = GK_POPCOUNT(adj[i])
            k = nv[0]
            while k > 0 and GK_POPCOUNT(adj[vreps[k - 1]]) < d:
                vreps[k] = vreps[k - 1]
                k -= 1
            vreps[k] = i
            nv[0] += 1
    for i in range(n):
        up = adj[i] >> i >> 1
        while up:
            j = i + 1 + GK_CTZ(up)
            eid[i][j] = ne
            eid[j][i] = ne
            ei[ne] = i
            ej[ne] = j
            parent[ne] = ne
            ne += 1
            up &= up - 1
    if _ngenerators == 0:
        return ne
    for g in range(_ngenerators):
        for k in range(ne):
            a = _generators[g][ei[k]]
            b = _generators[g][ej[k]]
            ra = _find(parent, k)
            rb = _find(parent, eid[a][b])
            if ra != rb:
                if ra < rb:
                    parent[rb] = ra
                else:
                    parent[ra] = rb
    for k in range(ne):
        if _find(parent, k) == k:
            ei[out] = ei[k]
            ej[out] = ej[k]
            out += 1
    return out


def graph_key(tuple adj, mask=None):
    """Canonical key of a graph (at most 64 vertices), computed by the bound
    ``nauty()``: equal to :func:`grundy.core.canon.certificate` of the subgraph
    induced by ``mask`` (default all vertices).

    Raises RuntimeError if nauty is not bound, ValueError if more than 64
    vertices, an empty ``mask`` or one naming vertices outside the graph.
    """
    cdef uint64_t a[64]
    cdef int n = _load(adj, a)
    cdef uint64_t m
    _check_bound()
    if mask is None:
        m = <uint64_t>0 - 1 if n == 64 else (<uint64_t>1 << n) - 1
    else:
        _check_mask(mask, n)
        m = mask
    if m == 0:
        raise ValueError("empty vertex set")
    return _key(a, m)


def graph_of_key(bytes key):
    """:func:`grundy.core.canon.graph_from_certificate` for keys of at most 64 vertices."""
    cdef uint64_t rows[64]
    cdef uint64_t a[64]
    cdef int n = _decode(key, rows, a), i
    return tuple([PyLong_FromUnsignedLongLong(a[i]) for i in range(n)])


def orbit_reps(bytes key):
    """``(vertices, edges)``: one vertex and one edge ``(i, j)``, ``i < j``,
    per automorphism orbit of the graph of ``key`` (its canonical labelling),
    in the order of :meth:`grundy.core.search.Searcher._options`'s pure-Python path."""
    cdef uint64_t rows[64]
    cdef uint64_t a[64]
    cdef int vreps[64]
    cdef int ei[2016]
    cdef int ej[2016]
    cdef int nv = 0, ne, k
    _check_bound()
    cdef int n = _decode(key, rows, a)
    ne = _orbit_reps(a, rows, n, vreps, &nv, ei, ej)
    return [vreps[k] for k in range(nv)], [(ei[k], ej[k]) for k in range(ne)]


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
    (no solver does), and it writes them as plain dicts (a subclass's
    ``__setitem__`` is not called: :class:`grundy.core.search.Searcher`
    never uses the kernel).

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

    def __init__(self, dict values, dict aliases, set irreducible, theory, stats,
                 dict not_values=None, cache=None, Py_ssize_t cache_size=50_000, tick=None):
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

    cdef long _look_up(self, const uint64_t* adj, uint64_t comp, list unknown) except -1:
        cdef uint64_t rows[64]
        cdef uint64_t sub[64]
        cdef uint64_t fixed
        cdef int orbits[64]
        cdef int k = _rows(adj, comp, rows, sub)
        cdef bytes key = _canonical(rows, k)
        cdef PyObject* found = PyDict_GetItem(self.values, key)
        cdef list inner
        if found != NULL:
            self.hits += 1
            return <long><object>found
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
    # the search (Solver._value, _is_p_sum and _is_p1 in C)
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
