# Included by _kernel.pyx: the structural split of a graph on uint64 bitsets
# (components, false twins, the closed forms of theory.classify, compaction),
# and the module functions split and children.

cdef extern from *:
    """
    #define GK_CTZ(x) __builtin_ctzll(x)
    #define GK_POPCOUNT(x) __builtin_popcountll(x)
    #define GK_CLZ(x) __builtin_clzll(x)
    static inline uint64_t GK_REVERSE(uint64_t x) {
        x = __builtin_bswap64(x);
        x = ((x >> 4) & 0x0F0F0F0F0F0F0F0FULL) | ((x & 0x0F0F0F0F0F0F0F0FULL) << 4);
        x = ((x >> 2) & 0x3333333333333333ULL) | ((x & 0x3333333333333333ULL) << 2);
        return ((x >> 1) & 0x5555555555555555ULL) | ((x & 0x5555555555555555ULL) << 1);
    }
    """
    int GK_CTZ(uint64_t x) nogil
    int GK_POPCOUNT(uint64_t x) nogil
    int GK_CLZ(uint64_t x) nogil
    uint64_t GK_REVERSE(uint64_t x) nogil

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


cdef bint _arc_leaves(const uint64_t* adj, int n, uint64_t* red, uint64_t* keep) noexcept nogil:
    """One round of the Arc Kayles leaf reductions on the graph ``adj`` of
    ``n`` vertices: :func:`grundy.games.graphs.theory.arc_leaves` in C (the
    same round, in the same order). Writes the adjacency left to ``red`` and
    the vertices kept to ``keep``; False (and nothing meaningful written) if
    neither reduction applies."""
    cdef int deg[64]
    cdef uint64_t alive = (<uint64_t>0 - 1) if n == 64 else (<uint64_t>1 << n) - 1
    cdef uint64_t nbrs, rest, leaves, row
    cdef int x, c, lf, a, b, d
    cdef bint changed = False, ok, found
    for x in range(n):
        red[x] = adj[x]
        deg[x] = GK_POPCOUNT(adj[x])
    for x in range(n):
        if not deg[x] or not (alive >> x) & 1:
            continue
        nbrs = adj[x] & alive
        ok = True
        rest = nbrs
        while rest:
            c = GK_CTZ(rest)
            rest &= rest - 1
            leaves = adj[c] & alive & ~(<uint64_t>1 << x)
            found = False
            while leaves:
                lf = GK_CTZ(leaves)
                leaves &= leaves - 1
                if deg[lf] == 1:
                    found = True
                    break
            if not found:
                ok = False
                break
        if ok:
            alive &= ~(<uint64_t>1 << x)
            changed = True
            deg[x] = 0
            rest = nbrs
            while rest:
                deg[GK_CTZ(rest)] -= 1
                rest &= rest - 1
    keep[0] = alive
    if changed:
        return True
    for a in range(n):
        if deg[a] != 2:
            continue
        for b in range(a + 1, n):
            if adj[b] == adj[a]:
                row = adj[a]
                c = GK_CTZ(row)
                d = GK_CTZ(row & (row - 1))
                red[a] &= ~(<uint64_t>1 << c)
                red[c] &= ~(<uint64_t>1 << a)
                red[b] &= ~(<uint64_t>1 << d)
                red[d] &= ~(<uint64_t>1 << b)
                return True
    return False


cdef bint _mirror_possible(const uint64_t* adj, int n) noexcept nogil:
    """Whether every degree occurs an even number of times in the graph
    ``adj`` (``n`` vertices) and its edges are even in number: needed for an
    automorphism of order 2 fixing no vertex and joining none to its image
    (it pairs the vertices, of equal degrees, and the edges).
    :func:`grundy.games.graphs.theory.mirror_possible`."""
    cdef uint64_t odd = 0   # bit d: degree d occurs an odd number of times (d <= 63)
    cdef int i, total = 0
    for i in range(n):
        odd ^= <uint64_t>1 << GK_POPCOUNT(adj[i])
        total += GK_POPCOUNT(adj[i])
    return odd == 0 and total % 4 == 0


cdef bint _is_path(const uint64_t* adj, uint64_t comp) noexcept nogil:
    """Whether the connected subgraph induced by ``comp`` is a path:
    :func:`grundy.games.graphs.theory.is_path`."""
    cdef uint64_t m = comp
    cdef int d, total = 0
    while m:
        d = GK_POPCOUNT(adj[GK_CTZ(m)] & comp)
        if d > 2:
            return False
        total += d
        m &= m - 1
    return total // 2 == GK_POPCOUNT(comp) - 1


cdef inline bint _may_have_twins(const uint64_t* nbs, int v) noexcept nogil:
    """Whether two of the ``v`` neighbourhoods ``nbs`` may be equal: False
    when their 8-bit hashes all differ (then so do they); True on a repeated
    hash, which may be a collision."""
    cdef uint64_t seen[4]
    cdef uint64_t h
    cdef int i
    seen[0] = seen[1] = seen[2] = seen[3] = 0
    for i in range(v):
        h = (nbs[i] * <uint64_t>0x9E3779B97F4A7C15) >> 56
        if seen[h >> 6] >> (h & 63) & 1:
            return True
        seen[h >> 6] |= <uint64_t>1 << (h & 63)
    return False


cdef int _classify(const uint64_t* adj, uint64_t comp, int flags,
                   uint64_t* out) noexcept nogil:
    """:func:`grundy.games.graphs.theory.classify` on one connected component.

    Returns TWINS with the mask of twins to delete in ``out[0]``, CLOSED
    with the value in ``out[0]``, or NOTHING (at once when no flag is set:
    every ruleset but Graph Chomp, as ``GraphGame.classifies``).
    """
    if not flags:
        return NOTHING
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
    # from the lowest up (an odd class keeps its highest vertex). Most
    # components have none: a neighbourhood's 8-bit hash seen twice is
    # needed for a pair (else the quadratic pairing is skipped).
    if flags & F_TWINS and _may_have_twins(nbs, v):
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
    # a bipartite graph has at most v^2 / 4 edges (Mantel): denser ones skip the search
    if ((flags & F_BIPARTITE) and e2 <= v * v // 2 and _is_bipartite(adj, comp)) or (
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
    """Load an adjacency tuple (bitsets) into ``out``; returns its number of
    vertices. Raises ValueError for more than 64 vertices, a loop, an edge to
    a vertex outside the graph or an edge given at one end only: the kernel
    (its canonical labelling memo among the rest) assumes a simple graph."""
    cdef Py_ssize_t n = len(adj), i
    cdef uint64_t full, row
    cdef int j
    if n > 64:
        raise ValueError(f"the kernel handles at most 64 vertices, not {n}")
    for i in range(n):
        out[i] = adj[i]
    full = <uint64_t>0 - 1 if n == 64 else (<uint64_t>1 << n) - 1
    for i in range(n):
        row = out[i]
        if row >> i & 1:
            raise ValueError(f"adjacency: vertex {i} has a loop")
        if row & ~full:
            raise ValueError(f"adjacency: vertex {i} has an edge to a vertex outside the {n} of the graph")
        while row:
            j = GK_CTZ(row)
            if not (out[j] >> i) & 1:
                raise ValueError(f"adjacency: the edge {i}-{j} is given at vertex {i} only")
            row &= row - 1
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

    Raises ValueError for more than 64 vertices, a malformed adjacency (a
    loop, a one-way edge, an edge outside the graph) or a mask naming
    vertices outside the graph.
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

    Raises ValueError for more than 64 vertices or a malformed adjacency, as
    :func:`split`.
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


cdef extern from *:
    """
    /* A non-negative int as little-endian bytes, and back (CPython's own
       conversions; the first gained an argument in 3.13). */
    static int gk_int_to_bytes(PyObject* v, unsigned char* buf, size_t n) {
    #if PY_VERSION_HEX >= 0x030D0000
        return _PyLong_AsByteArray((PyLongObject*)v, buf, n, 1, 0, 1);
    #else
        return _PyLong_AsByteArray((PyLongObject*)v, buf, n, 1, 0);
    #endif
    }
    static PyObject* gk_int_from_bytes(const unsigned char* buf, size_t n) {
        return _PyLong_FromByteArray(buf, n, 1, 0);
    }
    """
    int gk_int_to_bytes(object v, unsigned char* buf, size_t n) except -1
    object gk_int_from_bytes(const unsigned char* buf, size_t n)


cdef inline uint64_t _le_word(const unsigned char* p) noexcept nogil:
    """The 64-bit word of 8 little-endian bytes."""
    cdef uint64_t w = 0
    cdef int b
    for b in range(8):
        w |= (<uint64_t>p[b]) << (8 * b)
    return w


cdef inline void _put_le_word(unsigned char* p, uint64_t w) noexcept nogil:
    cdef int b
    for b in range(8):
        p[b] = (w >> (8 * b)) & 0xFF


def compact_wide(tuple adj, mask, bint lists=True):
    """:func:`grundy.games.graphs.bitset.compact_with_lists` for a graph on
    any number of vertices (its hot path above 64 vertices, where the rest of
    the kernel does not go): the subgraph of ``adj`` (non-negative ints
    within ``len(adj)`` bits) induced by ``mask`` (the same), renumbered
    ``0 .. k-1`` in increasing order, as a tuple of ints, and with ``lists``
    its upper adjacency lists ``{i: [j > i adjacent to i]}`` (else None).
    Rows are read a 64-bit word at a time, so a row costs its words and its
    edges, not a Python operation per edge.

    Raises OverflowError if a row or the mask has a bit at or above
    ``len(adj)``."""
    cdef Py_ssize_t n = len(adj)
    cdef Py_ssize_t W = (n + 63) >> 6
    cdef size_t nbytes = W * 8
    cdef int* idx = NULL
    cdef int* verts = NULL
    cdef uint64_t* maskw = NULL
    cdef uint64_t* out = NULL
    cdef unsigned char* buf = NULL
    cdef Py_ssize_t k = 0, i, w, KW, v
    cdef int j
    cdef uint64_t m
    cdef list upper
    cdef dict found = {} if lists else None
    cdef tuple sub
    if n == 0 or not mask:
        return (), found
    idx = <int*>malloc(n * sizeof(int))
    verts = <int*>malloc(n * sizeof(int))
    maskw = <uint64_t*>malloc(W * sizeof(uint64_t))
    out = <uint64_t*>malloc(W * sizeof(uint64_t))
    buf = <unsigned char*>malloc(nbytes)
    if idx == NULL or verts == NULL or maskw == NULL or out == NULL or buf == NULL:
        free(idx)
        free(verts)
        free(maskw)
        free(out)
        free(buf)
        raise MemoryError()
    try:
        gk_int_to_bytes(mask, buf, nbytes)
        for w in range(W):
            maskw[w] = m = _le_word(buf + 8 * w)
            while m:
                v = w * 64 + GK_CTZ(m)
                idx[v] = <int>k
                verts[k] = <int>v
                k += 1
                m &= m - 1
        KW = (k + 63) >> 6
        sub = PyTuple_New(k)
        for i in range(k):
            gk_int_to_bytes(adj[verts[i]], buf, nbytes)
            memset(out, 0, KW * sizeof(uint64_t))
            upper = [] if lists else None
            for w in range(W):
                m = _le_word(buf + 8 * w) & maskw[w]
                while m:
                    j = idx[w * 64 + GK_CTZ(m)]
                    out[j >> 6] |= (<uint64_t>1) << (j & 63)
                    if lists and j > i:
                        upper.append(j)
                    m &= m - 1
            if KW <= 1:
                item = PyLong_FromUnsignedLongLong(out[0])
            else:
                for w in range(KW):
                    _put_le_word(buf + 8 * w, out[w])
                item = gk_int_from_bytes(buf, KW * 8)
            Py_INCREF(item)          # PyTuple_SET_ITEM steals a reference
            PyTuple_SET_ITEM(sub, i, item)
            if lists:
                found[i] = upper
        return sub, found
    finally:
        free(idx)
        free(verts)
        free(maskw)
        free(out)
        free(buf)


def is_simple_wide(tuple adj):
    """Whether ``adj`` (a tuple of non-negative ints, any number ``n`` of
    them) is a simple graph: no loop, no bit at or above ``n``, every edge
    given at both ends. The test of
    :func:`grundy.games.graphs.bitset.check_adjacency`, which names the
    fault when this says False, read a 64-bit word at a time: a graph costs
    its words and its edges, not a Python operation per edge (20,100 options
    of K_200 were checked in about 120 s in Python).

    False also for an item whose type is not exactly int (a bool, an int
    subclass, not an int at all: the Python test decides those). Raises
    OverflowError for a negative int or one of more than ``ceil(n / 64)``
    64-bit words."""
    cdef Py_ssize_t n = len(adj)
    cdef Py_ssize_t W = (n + 63) >> 6
    cdef size_t nbytes = W * 8
    cdef uint64_t* rows = NULL
    cdef unsigned char* buf = NULL
    cdef Py_ssize_t i, w, j
    cdef uint64_t m, top
    if n == 0:
        return True
    rows = <uint64_t*>malloc(n * W * sizeof(uint64_t))
    buf = <unsigned char*>malloc(nbytes)
    if rows == NULL or buf == NULL:
        free(rows)
        free(buf)
        raise MemoryError()
    try:
        for i in range(n):
            row = adj[i]
            if type(row) is not int:
                return False  # a bool or an int subclass: the Python test decides
            gk_int_to_bytes(row, buf, nbytes)
            for w in range(W):
                rows[i * W + w] = _le_word(buf + 8 * w)
        # bits at or above n, in the last word
        top = 0 if n & 63 == 0 else ~((<uint64_t>1 << (n & 63)) - 1)
        for i in range(n):
            if rows[i * W + W - 1] & top:
                return False
            if rows[i * W + (i >> 6)] >> (i & 63) & 1:
                return False
            for w in range(W):
                m = rows[i * W + w]
                while m:
                    j = w * 64 + GK_CTZ(m)
                    if not (rows[j * W + (i >> 6)] >> (i & 63) & 1):
                        return False
                    m &= m - 1
        return True
    finally:
        free(rows)
        free(buf)


def components_wide(tuple adj, mask):
    """:func:`grundy.games.graphs.bitset.components` for a graph on any
    number of vertices (the Python search's hot path above 64 vertices):
    the vertex masks of the connected components of the subgraph of ``adj``
    (non-negative ints within ``len(adj)`` bits) induced by ``mask``, in
    order of their lowest vertex. Each row is read once, a 64-bit word at a
    time, when its vertex joins a component.

    Raises OverflowError if a row or the mask has a bit at or above
    ``len(adj)``."""
    cdef Py_ssize_t n = len(adj)
    cdef Py_ssize_t W = (n + 63) >> 6
    cdef size_t nbytes = W * 8
    cdef uint64_t* left = NULL      # vertices of mask not yet in a component
    cdef uint64_t* comp = NULL
    cdef uint64_t* frontier = NULL
    cdef uint64_t* reach = NULL
    cdef unsigned char* buf = NULL
    cdef Py_ssize_t w, v, first, i
    cdef uint64_t m
    cdef bint more
    cdef list out = []
    if n == 0 or not mask:
        return out
    left = <uint64_t*>malloc(W * sizeof(uint64_t))
    comp = <uint64_t*>malloc(W * sizeof(uint64_t))
    frontier = <uint64_t*>malloc(W * sizeof(uint64_t))
    reach = <uint64_t*>malloc(W * sizeof(uint64_t))
    buf = <unsigned char*>malloc(nbytes)
    if left == NULL or comp == NULL or frontier == NULL or reach == NULL or buf == NULL:
        free(left)
        free(comp)
        free(frontier)
        free(reach)
        free(buf)
        raise MemoryError()
    try:
        gk_int_to_bytes(mask, buf, nbytes)
        for w in range(W):
            left[w] = _le_word(buf + 8 * w)
        first = 0
        while True:
            while first < W and not left[first]:
                first += 1
            if first == W:
                break
            memset(comp, 0, W * sizeof(uint64_t))
            memset(frontier, 0, W * sizeof(uint64_t))
            frontier[first] = left[first] & (~left[first] + 1)  # the lowest vertex left
            left[first] &= ~frontier[first]
            comp[first] = frontier[first]
            more = True
            while more:
                memset(reach, 0, W * sizeof(uint64_t))
                for w in range(W):
                    m = frontier[w]
                    while m:
                        v = w * 64 + GK_CTZ(m)
                        gk_int_to_bytes(adj[v], buf, nbytes)
                        for i in range(W):
                            reach[i] |= _le_word(buf + 8 * i)
                        m &= m - 1
                more = False
                for w in range(W):
                    frontier[w] = reach[w] & left[w]
                    if frontier[w]:
                        more = True
                        left[w] &= ~frontier[w]
                        comp[w] |= frontier[w]
            for w in range(W):
                _put_le_word(buf + 8 * w, comp[w])
            out.append(gk_int_from_bytes(buf, nbytes))
        return out
    finally:
        free(left)
        free(comp)
        free(frontier)
        free(reach)
        free(buf)


def distance_sums(tuple adj):
    """:func:`grundy.games.graphs.bitset.distance_sums` for a graph on any
    number of vertices (the Python search's move order above 64 vertices,
    ``MoveRule.order``): for each vertex, the sum of its distances to the
    vertices it reaches, as a list of ints. The rows are read once into
    neighbour lists; then one breadth-first search from each vertex, in
    time linear in the vertices and edges.

    Raises OverflowError if a row has a bit at or above ``len(adj)``."""
    cdef Py_ssize_t n = len(adj)
    cdef Py_ssize_t W = (n + 63) >> 6
    cdef size_t nbytes = W * 8
    cdef uint64_t* words = NULL      # the rows, W words each, read once
    cdef Py_ssize_t* first = NULL    # vertex x's neighbours: nbrs[first[x] .. first[x + 1] - 1]
    cdef int* nbrs = NULL
    cdef int* dist = NULL
    cdef int* queue = NULL
    cdef unsigned char* buf = NULL
    cdef Py_ssize_t s, w, x, u, k, head, tail, total_edges = 0
    cdef long total
    cdef uint64_t m
    cdef list out = []
    if n == 0:
        return out
    words = <uint64_t*>malloc(n * W * sizeof(uint64_t))
    first = <Py_ssize_t*>malloc((n + 1) * sizeof(Py_ssize_t))
    dist = <int*>malloc(n * sizeof(int))
    queue = <int*>malloc(n * sizeof(int))
    buf = <unsigned char*>malloc(nbytes)
    try:
        if words == NULL or first == NULL or dist == NULL or queue == NULL or buf == NULL:
            raise MemoryError()
        for x in range(n):
            gk_int_to_bytes(adj[x], buf, nbytes)
            first[x] = total_edges
            for w in range(W):
                words[x * W + w] = _le_word(buf + 8 * w)
                total_edges += GK_POPCOUNT(words[x * W + w])
        first[n] = total_edges
        nbrs = <int*>malloc((total_edges + 1) * sizeof(int))
        if nbrs == NULL:
            raise MemoryError()
        for x in range(n):
            k = first[x]
            for w in range(W):
                m = words[x * W + w]
                while m:
                    nbrs[k] = <int>(w * 64 + GK_CTZ(m))
                    k += 1
                    m &= m - 1
        for s in range(n):
            for x in range(n):
                dist[x] = -1
            dist[s] = 0
            queue[0] = <int>s
            head, tail, total = 0, 1, 0
            while head < tail:
                x = queue[head]
                head += 1
                for k in range(first[x], first[x + 1]):
                    u = nbrs[k]
                    if dist[u] < 0:
                        dist[u] = dist[x] + 1
                        total += dist[u]
                        queue[tail] = <int>u
                        tail += 1
            out.append(total)
        return out
    finally:
        free(words)
        free(first)
        free(nbrs)
        free(dist)
        free(queue)
        free(buf)
