# Included by _kernel.pyx: a graph ruleset's moves in C, written once and used
# by the top-down search (Expander.expand), the misère search (OptionKeys) and
# the census (census_values). A rule is the packed code of
# grundy.games.graphs.rulesets.MoveRule (its ``code``):
#
#   bits 0-1  vertex effect: 0 none, 1 delete the vertex with its edges,
#             2 delete its closed neighbourhood (Node Kayles), 3 delete a
#             nonempty set of its edges (Graph Nim: one move per class of
#             isomorphic options, a count of edges to each class of twin
#             neighbours made on the class's least members,
#             rulesets.edge_subset_reps)
#   bits 2-3  which vertices: 0 any, 1 odd degree, 2 even degree
#   bits 4-5  edge effect: 0 none, 1 delete the edge, 2 delete both
#             endpoints with their edges (Arc Kayles)
#   bits 6-7  which edges: 0 any, 1 both ends odd, 2 both even, 3 one of each
#   bit 8     the search's vertex order reversed (fewest edges first)
#   bit 9     the search's edge order reversed (most endpoint edges first)
#   bit 10    moves made in first-seen labellings (the Expander's ``_options``;
#             the misère search's OptionKeys and the census ignore it)
#   bit 11    vertices central first: after bit 8's reversal, stably sorted by
#             their distance sums, least first (_distance_sums)
#   bit 12    edges central first: after bit 9's reversal, stably sorted by
#             the sum of their ends' distance sums, least first
#
# An option is written as a graph and a vertex mask: the graph is the
# position's own (a mask-only move: vertices deleted) or a copy with edges
# deleted; vertex numbers are never shifted, so a split of the option finds
# its components in the order of their lowest vertex, as for the position
# renumbered. The move order: vertex moves at the vertices in the order
# given (Graph Nim's edge sets by size, then in itertools.combinations order
# over the neighbours in increasing order, one per class of isomorphic
# options: the set that meets each class of twins in its least members),
# then edge moves at the
# edges in the order given; MoveRule.at_vertex / at_edge and
# GraphRuleset.ordered_moves are the same rule in Python.

cdef enum:
    V_NONE = 0
    V_DELETE = 1
    V_CLOSED = 2
    V_SUBSETS = 3
    E_NONE = 0
    E_DELETE = 1
    E_ENDPOINTS = 2

# What _next_option wrote.
cdef enum:
    NO_MOVE = 0
    SAME_GRAPH = 1    # the option is the position's graph under the new mask
    COPY = 2          # the option is the copy in ``buf`` under the new mask


cdef struct Cursor:
    int phase         # 0 vertex moves, 1 edge moves, 2 done
    int k             # index into the vertices (phase 0) or edges (phase 1)
    int size          # Graph Nim: the size of the current edge set, 0 before the vertex starts
    int deg           # Graph Nim: the current vertex's degree
    int nbrs[64]      # Graph Nim: its neighbours, increasing
    int pred[64]      # Graph Nim: the index in nbrs of the previous member of each one's twin class, or -1
    int comb[64]      # Graph Nim: the current set, as indices into nbrs, increasing


cdef inline void _cursor_start(Cursor* c) noexcept nogil:
    c.phase = 0
    c.k = 0
    c.size = 0


cdef void _distance_sums(const uint64_t* a, int n, int* dsum, uint64_t which) noexcept nogil:
    """For each vertex of ``which`` in the graph ``a`` (``n`` vertices), the
    sum of its distances to the vertices it reaches, into ``dsum`` (the
    others' entries left as they were): a breadth-first search on bitsets
    from each. :func:`grundy.games.graphs.bitset.distance_sums`."""
    cdef uint64_t seen, frontier
    cdef int v, d, total
    while which:
        v = GK_CTZ(which)
        which &= which - 1
        seen = <uint64_t>1 << v
        frontier = seen
        d = 0
        total = 0
        while frontier:
            d += 1
            frontier = _neighbours(a, frontier) & ~seen
            total += d * GK_POPCOUNT(frontier)
            seen |= frontier
        dsum[v] = total


cdef void _rule_order(int rule, const uint64_t* a, int n, int* verts, int nv,
                      int* ei, int* ej, int ne) noexcept nogil:
    """The rule's move order: the search's orbit representatives (vertices
    of highest degree first, edges of fewest endpoint degrees first, as
    :func:`_orbit_reps` gives them) reversed where bits 8 and 9 say so, then
    stably sorted, central first, where bits 11 and 12 say so (the graph
    ``a`` of ``n`` vertices gives the distance sums):
    :meth:`grundy.games.graphs.rulesets.MoveRule.order`."""
    cdef int r, t, u, j, kv
    cdef int dsum[64]
    if rule & 256:
        for r in range(nv // 2):
            t = verts[r]
            verts[r] = verts[nv - 1 - r]
            verts[nv - 1 - r] = t
    if rule & 512:
        for r in range(ne // 2):
            t = ei[r]
            ei[r] = ei[ne - 1 - r]
            ei[ne - 1 - r] = t
            t = ej[r]
            ej[r] = ej[ne - 1 - r]
            ej[ne - 1 - r] = t
    if not rule & (2048 | 4096):
        return
    cdef uint64_t which = 0  # the vertices whose distance sums the order reads
    if rule & 2048:
        for r in range(nv):
            which |= <uint64_t>1 << verts[r]
    if rule & 4096:
        for r in range(ne):
            which |= (<uint64_t>1 << ei[r]) | (<uint64_t>1 << ej[r])
    _distance_sums(a, n, dsum, which)
    if rule & 2048:   # insertion sort: stable, and the lists are short
        for r in range(1, nv):
            t = verts[r]
            kv = dsum[t]
            j = r - 1
            while j >= 0 and dsum[verts[j]] > kv:
                verts[j + 1] = verts[j]
                j -= 1
            verts[j + 1] = t
    if rule & 4096:
        for r in range(1, ne):
            t = ei[r]
            u = ej[r]
            kv = dsum[t] + dsum[u]
            j = r - 1
            while j >= 0 and dsum[ei[j]] + dsum[ej[j]] > kv:
                ei[j + 1] = ei[j]
                ej[j + 1] = ej[j]
                j -= 1
            ei[j + 1] = t
            ej[j + 1] = u


cdef inline bint _vertex_ok(int which, const uint64_t* a, int i) noexcept nogil:
    if which == 0:
        return True
    return (GK_POPCOUNT(a[i]) & 1) == (which == 1)


cdef inline bint _edge_ok(int which, const uint64_t* a, int i, int j) noexcept nogil:
    cdef int oi, oj
    if which == 0:
        return True
    oi = GK_POPCOUNT(a[i]) & 1
    oj = GK_POPCOUNT(a[j]) & 1
    if which == 3:
        return oi != oj
    if which == 1:
        return oi and oj
    return not oi and not oj


cdef void _twin_classes(const uint64_t* a, int i, Cursor* c) noexcept nogil:
    """The neighbours of ``i`` into ``c.nbrs`` (increasing, ``c.deg`` of
    them), each with the index of the previous member of its class of twins
    in ``c.pred`` (-1 for a class's least): u and w are twins when N(u) -
    {w} = N(w) - {u}, :func:`grundy.games.graphs.rulesets.twin_classes`."""
    cdef int first[64]   # each class's least member (a vertex)
    cdef int last[64]    # each class's greatest member so far (an index into nbrs)
    cdef int ncls = 0, u, w, t
    cdef uint64_t row = a[i]
    c.deg = 0
    while row:
        u = GK_CTZ(row)
        row &= row - 1
        for t in range(ncls):
            w = first[t]
            if (a[u] & ~(<uint64_t>1 << w)) == (a[w] & ~(<uint64_t>1 << u)):
                c.pred[c.deg] = last[t]
                last[t] = c.deg
                break
        else:
            first[ncls] = u
            last[ncls] = c.deg
            c.pred[c.deg] = -1
            ncls += 1
        c.nbrs[c.deg] = u
        c.deg += 1


cdef inline bint _complete(Cursor* c, uint64_t chosen, int start, int at, int need) noexcept nogil:
    """The least ``need`` indices from ``start`` on that keep each twin class
    a prefix (an index may be taken once its class's previous member is in
    ``chosen`` or taken), into ``c.comb[at:]``; False if there are fewer."""
    cdef int z, got = 0
    for z in range(start, c.deg):
        if got == need:
            break
        if c.pred[z] < 0 or (chosen >> c.pred[z]) & 1:
            chosen |= <uint64_t>1 << z
            c.comb[at + got] = z
            got += 1
    return got == need


cdef bint _next_subset(Cursor* c) noexcept nogil:
    """Advance Graph Nim's edge set to the next one: by size, then in
    :func:`itertools.combinations` order among the sets that meet each class
    of twins in its least members
    (:func:`grundy.games.graphs.rulesets.edge_subset_reps`); False when the
    vertex has no more."""
    cdef int t, y
    cdef uint64_t prefix = 0
    if c.size == 0:
        if c.deg == 0:
            return False
        c.size = 1
        _complete(c, 0, 0, 0, 1)
        return True
    for t in range(c.size):
        prefix |= <uint64_t>1 << c.comb[t]
    t = c.size - 1
    while t >= 0:  # the rightmost element that can grow, the rest completed least first
        prefix &= ~(<uint64_t>1 << c.comb[t])
        for y in range(c.comb[t] + 1, c.deg):
            if c.pred[y] >= 0 and not (prefix >> c.pred[y]) & 1:
                continue
            if _complete(c, prefix | (<uint64_t>1 << y), y + 1, t + 1, c.size - t - 1):
                c.comb[t] = y
                return True
        t -= 1
    c.size += 1
    if c.size > c.deg:
        return False
    _complete(c, 0, 0, 0, c.size)
    return True


cdef int _next_option(int rule, const uint64_t* a, int n, const int* verts, int nv,
                      const int* ei, const int* ej, int ne, Cursor* c,
                      uint64_t* buf, uint64_t* mask) noexcept nogil:
    """The next option of the position ``a`` (``n`` vertices, all present)
    under ``rule``, moving at ``verts`` then at the edges ``(ei[k], ej[k])``:
    NO_MOVE when there is none left, else SAME_GRAPH or COPY (the option's
    graph is ``a`` or ``buf``) with its vertices in ``mask[0]``."""
    cdef int veff = rule & 3, vwhich = (rule >> 2) & 3
    cdef int eeff = (rule >> 4) & 3, ewhich = (rule >> 6) & 3
    cdef uint64_t full = <uint64_t>0 - 1 if n == 64 else (<uint64_t>1 << n) - 1
    cdef int i, j, t
    while c.phase == 0:
        if veff == V_NONE or c.k >= nv:
            c.phase = 1
            c.k = 0
            break
        i = verts[c.k]
        if veff == V_SUBSETS:
            if c.size == 0:
                if not _vertex_ok(vwhich, a, i):
                    c.k += 1
                    continue
                _twin_classes(a, i, c)
            if not _next_subset(c):
                c.size = 0
                c.k += 1
                continue
            memcpy(buf, a, n * sizeof(uint64_t))
            for t in range(c.size):
                j = c.nbrs[c.comb[t]]
                buf[i] &= ~(<uint64_t>1 << j)
                buf[j] &= ~(<uint64_t>1 << i)
            mask[0] = full
            return COPY
        c.k += 1
        if not _vertex_ok(vwhich, a, i):
            continue
        if veff == V_DELETE:
            mask[0] = full & ~(<uint64_t>1 << i)
        else:
            mask[0] = full & ~(a[i] | (<uint64_t>1 << i))
        return SAME_GRAPH
    while c.phase == 1:
        if eeff == E_NONE or c.k >= ne:
            c.phase = 2
            break
        i = ei[c.k]
        j = ej[c.k]
        c.k += 1
        if not _edge_ok(ewhich, a, i, j):
            continue
        if eeff == E_DELETE:
            memcpy(buf, a, n * sizeof(uint64_t))
            buf[i] &= ~(<uint64_t>1 << j)
            buf[j] &= ~(<uint64_t>1 << i)
            mask[0] = full
            return COPY
        mask[0] = full & ~((<uint64_t>1 << i) | (<uint64_t>1 << j))
        return SAME_GRAPH
    return NO_MOVE


cdef int _all_edges(const uint64_t* a, int n, int* ei, int* ej) noexcept nogil:
    """Every edge ``(i, j)``, ``i < j``, in increasing order; returns how many."""
    cdef int i, j, ne = 0
    cdef uint64_t up
    for i in range(n):
        up = a[i] >> i >> 1
        while up:
            j = i + 1 + GK_CTZ(up)
            ei[ne] = i
            ej[ne] = j
            ne += 1
            up &= up - 1
    return ne


def rule_options(tuple adj, int rule, vertices=None, edges=None):
    """The options of the position ``adj`` (at most 64 vertices) under the
    packed rule ``rule`` (:attr:`grundy.games.graphs.rulesets.MoveRule.code`),
    in the kernel's move order, as ``(graph, mask)`` pairs: the option is
    the subgraph of ``graph`` (adjacency bitsets, the position's vertex
    numbers) induced by ``mask``. Moves are made at ``vertices`` (default
    all, increasing) and then at ``edges`` (pairs ``(i, j)``, ``i < j``,
    each an edge; default all, increasing). For tests and tools: the
    search calls the same C generator directly.

    Raises ValueError on more than 64 vertices or a malformed adjacency (a
    loop, a one-way edge, an edge outside the graph), IndexError on a vertex or
    edge outside the graph."""
    cdef uint64_t a[64]
    cdef uint64_t buf[64]
    cdef int verts[64]
    cdef int ei[2016]
    cdef int ej[2016]
    cdef Cursor c
    cdef uint64_t mask
    cdef int n = _load(adj, a), nv = 0, ne = 0, r, i
    if vertices is None:
        vertices = range(n)
    for i in vertices:
        if not 0 <= i < n or nv >= 64:
            raise IndexError(f"vertex {i} out of range")
        verts[nv] = i
        nv += 1
    if edges is None:
        ne = _all_edges(a, n, ei, ej)
    else:
        for i, j in edges:
            if not (0 <= i < j < n) or not a[i] >> j & 1 or ne >= 2016:
                raise IndexError(f"{i, j} is not an edge of the graph")
            ei[ne] = i
            ej[ne] = j
            ne += 1
    out = []
    _cursor_start(&c)
    while True:
        r = _next_option(rule, a, n, verts, nv, ei, ej, ne, &c, buf, &mask)
        if r == NO_MOVE:
            return out
        if r == COPY:
            graph = tuple([buf[i] for i in range(n)])
        else:
            graph = tuple([a[i] for i in range(n)])
        out.append((graph, mask))
