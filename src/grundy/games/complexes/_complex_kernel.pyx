# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Compiled search of subset take-away (simplicial complexes), optional.

What :class:`grundy.games.complexes.game.ComplexGame` does in Python for a
component of at most ``MAX_VERTICES`` vertices whose coloured vertex-facet
incidence graph has at most 64 nodes (one nauty set word per row), done in
C on facet bitsets (``uint32``, one bit per vertex):

- the options of a component: its faces (subsets of the facets: for at most
  8 vertices a 256-bit set, the union of precomputed sets of subsets, read
  size by size; for more, a bitmap over the ``2^n`` possible faces, sorted),
  one per orbit of the automorphism
  group (faces by size, then number, as the Python path), and for each the
  move (:func:`grundy.games.complexes.complex.remove_face`);
- the split of an option into connected components (by lowest vertex), lone
  vertices (value 1);
- each component compacted, its incidence graph built and keyed by nauty,
  called directly (the technique of ``grundy.games.graphs._kernel``: nauty's
  C function found with ``dlopen`` in pynauty's own extension, the options
  of pynauty's ``graph_cert`` and ``graph_autgrp``), so the keys are byte for
  byte :func:`grundy.games.complexes.complex.complex_key`;
- the table lookups, and for a key seen for the first time the reductions,
  on its canonical form: binary stars (Mangang, after Christensen-Tilford)
  and the involutions of Khandhawit-Ye Theorem 1 (the involutive powers of
  nauty's generators and of their pairwise products, fewest fixed vertices
  first), cached through the table's ``remember``;
- the Lemoine-Viennot search (:class:`grundy.core.search.Searcher`'s
  ``_value``, ``_is_p_sum`` and ``_is_p1`` line for line).

Called back in Python: components of dimension at most 1 (valued by the
Graph Chomp solver, as the Python path; that solver has its own kernel), and
components too large for one set word (keyed by pynauty). Keys this module
does not expand are expanded by the searcher's Python path.
"""

from libc.stdint cimport uint32_t, uint64_t
from libc.stdlib cimport calloc, free, malloc, qsort
from libc.string cimport memcpy
from cpython.bytes cimport PyBytes_AS_STRING, PyBytes_FromStringAndSize, PyBytes_GET_SIZE
from cpython.dict cimport PyDict_GetItem
from cpython.object cimport PyObject

from grundy.core._compiled cimport CompiledSearch, Options, options_from

cdef extern from *:
    """
    #define CK_CTZ(x) __builtin_ctzll(x)
    #define CK_POPCOUNT(x) __builtin_popcountll(x)
    """
    int CK_CTZ(uint64_t x) nogil
    int CK_POPCOUNT(uint64_t x) nogil

#: Most vertices of a component the kernel expands (its faces are found on a
#: bitmap of 2^16 bits).
MAX_VERTICES = 16
#: Most nodes (vertices + facets) of the incidence graph of a component the
#: kernel keys itself (one 64-bit set word per row).
MAX_NODES = 64

DEF MAXV = 16
DEF MAXN = 64
# Facets of one option: at most 63 of the parent, each cut into at most 16.
DEF MAXOPT = 2048
DEF FORM_V = 7
DEF FORM_FACETS = 46
DEF FORM_KEY_SIZE = 18
DEF FORM_MARK = 1

# ----------------------------------------------------------------------
# nauty, called directly (as grundy.games.graphs._kernel_nauty.pxi)
# ----------------------------------------------------------------------
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
cdef int _generators[MAXN][MAXN]
cdef int _ngenerators = 0
# Whether the component nauty last labelled (:func:`_canonical`) has no
# automorphism but the identity: nauty found no generator. A rigid key needs
# no automorphism group, for its involutions (none) or its face orbits (each
# face its own), so the search skips both nauty calls for it. (A form key's
# rigidity comes from its form: ``_form``'s ties.)
cdef bint _last_rigid = False


cdef void _store_generator(int count, int* perm, int* orbits, int numorbits,
                           int stabvertex, int n) noexcept nogil:
    global _ngenerators
    cdef int i
    if _ngenerators < MAXN:
        for i in range(n):
            _generators[_ngenerators][i] = perm[i]
        _ngenerators += 1


def bind_nauty(str path):
    """Find ``nauty()`` in the shared object at ``path`` (pynauty's
    ``nautywrap`` extension, already loaded) and set up pynauty's options for
    a coloured graph (``defaultptn`` off).

    Parameters
    ----------
    path : str
        The file of the loaded ``pynauty.nautywrap`` module.

    Returns
    -------
    bool
        True if the symbols were found. The caller must still check the keys
        against :func:`grundy.games.complexes.complex.complex_key` before
        relying on them (``grundy.games.complexes.game._bind_complex_kernel``).
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
    # DEFAULTOPTIONS_GRAPH as modified by pynauty's create_nygraph, with a
    # vertex colouring (set_partition: defaultptn FALSE).
    _canon_options.getcanon = 1
    _canon_options.digraph = 0
    _canon_options.writeautoms = 0
    _canon_options.writemarkers = 0
    _canon_options.defaultptn = 0
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
    """Forget the bound ``nauty()`` (the keyed functions then raise RuntimeError)."""
    global _nauty
    _nauty = NULL


def is_bound():
    """Whether :func:`bind_nauty` succeeded (and was not undone)."""
    return _nauty != NULL


cdef int _check_bound() except -1:
    if _nauty == NULL:
        raise RuntimeError("nauty is not bound (grundy.games.complexes._complex_kernel.bind_nauty)")
    return 0


cdef inline void _colouring(int nv, int total, int* lab, int* ptn) noexcept nogil:
    """lab/ptn of the colouring [vertices 0..nv-1, facets nv..total-1], each
    cell in increasing order."""
    cdef int i
    for i in range(total):
        lab[i] = i
        ptn[i] = 1
    ptn[nv - 1] = 0
    ptn[total - 1] = 0


cdef int _canonical(uint64_t* rows, int nv, int total, uint64_t* canong) except -1:
    """nauty's canonical form of the coloured incidence graph ``rows`` into
    ``canong``; ``_last_rigid``: whether it found no automorphism generator."""
    global _last_rigid
    cdef int lab[MAXN]
    cdef int ptn[MAXN]
    cdef int orbits[MAXN]
    cdef statsblk stats
    cdef optionblk options = _canon_options
    _colouring(nv, total, lab, ptn)
    stats.errstatus = 0
    _nauty(rows, lab, ptn, NULL, orbits, &options, &stats, _workspace, WORKSIZE, 1, total, canong)
    if stats.errstatus:
        raise RuntimeError(f"nauty failed (errstatus {stats.errstatus})")
    _last_rigid = stats.numgenerators == 0
    return 0


cdef int _group(uint64_t* rows, int nv, int total) except -1:
    """Generators of the automorphism group of the coloured incidence graph
    ``rows`` in ``_generators`` (``_ngenerators`` of them)."""
    global _ngenerators
    cdef int lab[MAXN]
    cdef int ptn[MAXN]
    cdef int orbits[MAXN]
    cdef statsblk stats
    cdef optionblk options = _group_options
    _colouring(nv, total, lab, ptn)
    _ngenerators = 0
    stats.errstatus = 0
    _nauty(rows, lab, ptn, NULL, orbits, &options, &stats, _workspace, WORKSIZE, 1, total, NULL)
    if stats.errstatus:
        raise RuntimeError(f"nauty failed (errstatus {stats.errstatus})")
    return 0


# ----------------------------------------------------------------------
# facet sets
# ----------------------------------------------------------------------
cdef int _incidence_rows(const uint32_t* facets, int nv, int nf, uint64_t* rows) noexcept nogil:
    """nauty rows of the incidence graph (vertices 0..nv-1, facet j at node
    nv + j); returns the number of nodes."""
    cdef int i, j
    cdef uint32_t f
    for i in range(nv + nf):
        rows[i] = 0
    for j in range(nf):
        f = facets[j]
        while f:
            i = CK_CTZ(f)
            rows[i] |= (<uint64_t>TOPBIT) >> (nv + j)
            rows[nv + j] |= (<uint64_t>TOPBIT) >> i
            f &= f - 1
    return nv + nf


cdef int _facets_of_rows(const uint64_t* rows, int nv, int total, uint32_t* facets) noexcept nogil:
    """The facets of a canonical incidence graph (rows of the facet nodes,
    in node order, as :func:`grundy.games.complexes.complex.complex_from_key`)."""
    cdef int j, i
    cdef uint64_t w
    cdef uint32_t f
    for j in range(total - nv):
        w = rows[nv + j]
        f = 0
        for i in range(nv):
            if w & ((<uint64_t>TOPBIT) >> i):
                f |= (<uint32_t>1) << i
        facets[j] = f
    return total - nv


cdef int _remove_face(const uint32_t* facets, int nf, uint32_t face, uint32_t* out) noexcept nogil:
    """The facets after the move at ``face`` (as
    :func:`grundy.games.complexes.complex.remove_face`, in another order);
    returns their number."""
    cdef uint32_t cut[MAXOPT]
    cdef int nk = 0, nc = 0, i, j, n
    cdef uint32_t f, m, low, c
    cdef bint dup
    for i in range(nf):
        f = facets[i]
        if f & face == face:
            m = face
            while m:
                low = m & (~m + 1)
                if f != low:
                    c = f ^ low
                    dup = False
                    for j in range(nc):
                        if cut[j] == c:
                            dup = True
                            break
                    if not dup:
                        cut[nc] = c
                        nc += 1
                m ^= low
        else:
            out[nk] = f
            nk += 1
    n = nk
    for i in range(nc):
        c = cut[i]
        dup = False
        for j in range(nk):
            if c & out[j] == c:
                dup = True
                break
        if not dup:
            for j in range(nc):
                if j != i and c & cut[j] == c:
                    dup = True
                    break
        if not dup:
            out[n] = c
            n += 1
    return n


cdef int _restrict(const uint32_t* facets, int nf, uint32_t mask, uint32_t* out) noexcept nogil:
    """The maximal nonempty sets among ``f & mask`` (as
    :func:`grundy.games.complexes.complex._maximal`, in another order)."""
    cdef uint32_t tmp[MAXOPT]
    cdef int n = 0, k = 0, i, j
    cdef uint32_t g
    cdef bint drop
    for i in range(nf):
        g = facets[i] & mask
        if g:
            drop = False
            for j in range(n):
                if tmp[j] == g:
                    drop = True
                    break
            if not drop:
                tmp[n] = g
                n += 1
    for i in range(n):
        g = tmp[i]
        drop = False
        for j in range(n):
            if j != i and g & tmp[j] == g:
                drop = True
                break
        if not drop:
            out[k] = g
            k += 1
    return k


cdef uint32_t _binary_stars(const uint32_t* facets, int nf, int nv) noexcept nogil:
    """Vertices removable in binary-star pairs (equal links), as
    :func:`grundy.games.complexes.complex.binary_stars` (vertices ``0..nv-1``,
    each in some facet)."""
    cdef uint32_t links[MAXV][MAXN]
    cdef int size[MAXV]
    cdef int leader[MAXV]
    cdef int v, u, j, a, b, k, last
    cdef uint32_t bit, t
    cdef uint32_t removed = 0
    cdef bint same
    for v in range(nv):
        bit = (<uint32_t>1) << v
        k = 0
        for j in range(nf):
            if facets[j] & bit:
                # insertion sort: the link as a sorted list
                t = facets[j] ^ bit
                a = k
                while a > 0 and links[v][a - 1] > t:
                    links[v][a] = links[v][a - 1]
                    a -= 1
                links[v][a] = t
                k += 1
        size[v] = k
        leader[v] = v
        for u in range(v):
            if leader[u] == u and size[u] == k:
                same = True
                for j in range(k):
                    if links[u][j] != links[v][j]:
                        same = False
                        break
                if same:
                    leader[v] = u
                    break
    for u in range(nv):
        if leader[u] != u:
            continue
        last = -1
        for v in range(u, nv):
            if leader[v] == u:
                if last < 0:
                    last = v
                else:
                    removed |= (<uint32_t>1) << last | (<uint32_t>1) << v
                    last = -1
    return removed


cdef long long _gcd(long long a, long long b) noexcept nogil:
    while b:
        a, b = b, a % b
    return a


cdef bint _involution_power(const int* p, int n, int* q) noexcept nogil:
    """The involution among the powers of ``p`` (``p^k`` for order ``2k``)
    into ``q``; False if ``p`` has odd order. As
    :func:`grundy.games.graphs.theory._involution_power`."""
    cdef bint seen[MAXN]
    cdef int length[MAXN]
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


cdef bint _involution(const uint32_t* facets, int nf, int nv, uint32_t* out) noexcept nogil:
    """:func:`grundy.games.complexes.complex.complex_involution` with the
    generators of the last :func:`_group` call (their vertex parts): the
    fixed vertices of the chosen involution in ``out[0]``; False if none of
    the candidates qualifies (Khandhawit-Ye Theorem 1)."""
    cdef int prod[MAXN]
    cdef int q[MAXN]
    cdef int a, b, c, x, v, j, count, best = MAXN + 1
    cdef int ng = _ngenerators
    cdef int ncand = ng + (ng * (ng - 1) // 2 if ng <= 12 else 0)
    cdef uint32_t fixed, f, m
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
            for x in range(nv):
                prod[x] = _generators[a][_generators[b][x]]
            b += 1
            p = prod
        if not _involution_power(p, nv, q):
            continue
        fixed = 0
        for v in range(nv):
            if q[v] == v:
                fixed |= (<uint32_t>1) << v
        ok = True
        for j in range(nf):
            f = facets[j]
            m = f & ~fixed
            while m:
                v = CK_CTZ(m)
                if f >> q[v] & 1:
                    ok = False
                    break
                m &= m - 1
            if not ok:
                break
        if ok:
            count = CK_POPCOUNT(fixed)
            if count < best:
                best = count
                out[0] = fixed
    return best <= MAXN


cdef int _cmp_face(const void* a, const void* b) noexcept nogil:
    cdef uint32_t x = (<const uint32_t*>a)[0]
    cdef uint32_t y = (<const uint32_t*>b)[0]
    cdef int px = CK_POPCOUNT(x), py = CK_POPCOUNT(y)
    if px != py:
        return -1 if px < py else 1
    if x != y:
        return -1 if x < y else 1
    return 0


cdef int _faces(const uint32_t* facets, int nf, int nv, uint64_t* bitmap, uint32_t* out) noexcept nogil:
    """Every face (nonempty subset of a facet) into ``out``, marked in
    ``bitmap`` (2^nv bits, clear on entry); returns the count."""
    cdef int j, n = 0
    cdef uint32_t f, sub
    for j in range(nf):
        f = facets[j]
        sub = f
        while sub:
            if not (bitmap[sub >> 6] >> (sub & 63)) & 1:
                bitmap[sub >> 6] |= (<uint64_t>1) << (sub & 63)
                out[n] = sub
                n += 1
            sub = (sub - 1) & f
    return n


# ----------------------------------------------------------------------
# faces of a complex on at most 8 vertices: 256-bit sets of faces
# ----------------------------------------------------------------------
DEF SMALLV = 8
#: _DOWN[f]: the nonempty subsets of the vertex set f (f < 256), as a set of
#: faces (bit s of word s >> 6); _SIZED[k]: the sets of exactly k vertices.
cdef uint64_t _DOWN[256][4]
cdef uint64_t _SIZED[SMALLV + 1][4]


cdef void _init_small() noexcept nogil:
    cdef int f, s
    for f in range(256):
        for s in range(4):
            _DOWN[f][s] = 0
        s = f
        while s:
            _DOWN[f][s >> 6] |= (<uint64_t>1) << (s & 63)
            s = (s - 1) & f
    for f in range(SMALLV + 1):
        for s in range(4):
            _SIZED[f][s] = 0
    for s in range(256):
        _SIZED[CK_POPCOUNT(s)][s >> 6] |= (<uint64_t>1) << (s & 63)


_init_small()


cdef inline void _small_face_set(const uint32_t* facets, int nf, uint64_t* out) noexcept nogil:
    """The faces of facets on vertices ``0..7`` as a 256-bit set."""
    cdef int j
    cdef const uint64_t* d
    out[0] = out[1] = out[2] = out[3] = 0
    for j in range(nf):
        d = _DOWN[facets[j]]
        out[0] |= d[0]
        out[1] |= d[1]
        out[2] |= d[2]
        out[3] |= d[3]


cdef int _small_faces(const uint32_t* facets, int nf, int nv, uint32_t* out) noexcept nogil:
    """Every face of a complex on ``nv <= 8`` vertices into ``out``, by size,
    then number (the order of :func:`_faces` sorted by :func:`_cmp_face`);
    returns the count."""
    cdef uint64_t fs[4]
    cdef uint64_t w
    cdef int k, i, n = 0
    _small_face_set(facets, nf, fs)
    for k in range(1, nv + 1):
        for i in range(4):
            w = fs[i] & _SIZED[k][i]
            while w:
                out[n] = <uint32_t>(i * 64 + CK_CTZ(w))
                n += 1
                w &= w - 1
    return n


cdef int _key_facets(bytes key, uint32_t* facets, int* nv) except -1:
    """The facets of a key this kernel expands (in node order: for a form
    key, in increasing order of their vertex sets) and its number of
    vertices; returns the number of facets."""
    cdef Py_ssize_t size = PyBytes_GET_SIZE(key)
    cdef const unsigned char* raw = <const unsigned char*>PyBytes_AS_STRING(key)
    cdef uint64_t rows[MAXN]
    cdef uint64_t lo = 0, hi = 0
    cdef int i
    if size == FORM_KEY_SIZE and raw[0] == FORM_MARK:
        nv[0] = raw[1]
        for i in range(8):
            lo |= (<uint64_t>raw[2 + i]) << (8 * i)
            hi |= (<uint64_t>raw[10 + i]) << (8 * i)
        if (nv[0] < 1 or nv[0] > FORM_V or not (lo or hi) or lo & 1
                or (nv[0] < 7 and hi) or (nv[0] < 6 and lo >> (1 << nv[0]))
                or CK_POPCOUNT(lo) + CK_POPCOUNT(hi) > FORM_FACETS):
            raise ValueError("not a key of a complex (a form key out of range)")
        return _form_facets(lo, hi, facets)
    cdef int total = _decode(key, rows, nv)
    return _facets_of_rows(rows, nv[0], total, facets)


cdef int _decode(bytes key, uint64_t* rows, int* nv) except -1:
    """Rows of a key this kernel expands and its number of vertices; returns
    the number of nodes."""
    cdef Py_ssize_t size = PyBytes_GET_SIZE(key)
    cdef const unsigned char* raw = <const unsigned char*>PyBytes_AS_STRING(key)
    cdef int total, nf
    cdef uint32_t facets[FORM_FACETS]
    if size == FORM_KEY_SIZE and raw[0] == FORM_MARK:
        nf = _key_facets(key, facets, nv)
        return _incidence_rows(facets, nv[0], nf, rows)
    if size < 10 or (size - 2) % 8 or size > 2 + 8 * MAXN or raw[0] != 0 or raw[1] > MAXV or raw[1] < 1:
        raise ValueError("not a key of a complex on at most 16 vertices and 64 nodes")
    total = <int>((size - 2) // 8)
    nv[0] = raw[1]
    if total <= nv[0]:
        raise ValueError("not a key of a complex (no facet)")
    memcpy(rows, raw + 2, size - 2)
    return total


cdef bytes _make_key(const uint64_t* canong, int nv, int total):
    cdef bytes key = PyBytes_FromStringAndSize(NULL, 2 + 8 * total)
    cdef char* raw = PyBytes_AS_STRING(key)
    raw[0] = <char>(nv >> 8)
    raw[1] = <char>(nv & 255)
    memcpy(raw + 2, canong, 8 * total)
    return key


cdef inline bint _expandable(bytes key) noexcept:
    cdef Py_ssize_t size = PyBytes_GET_SIZE(key)
    cdef const unsigned char* raw = <const unsigned char*>PyBytes_AS_STRING(key)
    if size == FORM_KEY_SIZE and raw[0] == FORM_MARK:
        return 1 <= raw[1] <= FORM_V
    return 10 <= size <= 2 + 8 * MAXN and raw[0] == 0 and 1 <= raw[1] <= MAXV


cdef bytes _make_form_key(int nv, uint64_t lo, uint64_t hi):
    """The form key of a component on ``nv`` vertices whose form (``_form``)
    is the 128-bit set ``hi:lo``: FORM_MARK, nv, then lo and hi, least
    significant byte first (:func:`grundy.games.complexes.complex.complex_key`)."""
    cdef bytes key = PyBytes_FromStringAndSize(NULL, FORM_KEY_SIZE)
    cdef char* raw = PyBytes_AS_STRING(key)
    cdef int i
    raw[0] = <char>FORM_MARK
    raw[1] = <char>nv
    for i in range(8):
        raw[2 + i] = <char>((lo >> (8 * i)) & 255)
        raw[10 + i] = <char>((hi >> (8 * i)) & 255)
    return key


cdef int _form_facets(uint64_t lo, uint64_t hi, uint32_t* facets) noexcept nogil:
    """The facets of a form (bit m: the facet with vertex set m), in
    increasing order; returns their number."""
    cdef int k = 0
    while lo:
        facets[k] = <uint32_t>CK_CTZ(lo)
        k += 1
        lo &= lo - 1
    while hi:
        facets[k] = <uint32_t>(64 + CK_CTZ(hi))
        k += 1
        hi &= hi - 1
    return k


def expands(bytes key):
    """Whether :class:`Expander` expands the component ``key`` itself (a key
    of :func:`grundy.games.complexes.complex.complex_key` with at most 16
    vertices and 64 nodes); others go to the Python path."""
    return _expandable(key)


def complex_key(int nv, facets, bint nauty=False):
    """:func:`grundy.games.complexes.complex.complex_key` computed in C: the
    form key where the component has a form (``_form``), else the key of the
    bound ``nauty()``; with ``nauty``, nauty's key always (the canonical
    incidence graph, which the certifier decodes into the checker's forms).

    Parameters
    ----------
    nv : int
        Number of vertices, 1..16; every vertex in some facet.
    facets : sequence of int
        The facets as vertex bitsets (an antichain), at most ``64 - nv``.
    nauty : bool
        nauty's key even where a form key applies (default False).

    Raises
    ------
    RuntimeError
        If nauty is not bound.
    ValueError
        On sizes outside the kernel's limits.
    """
    cdef uint64_t canong[MAXN]
    cdef uint32_t fs[MAXN]
    cdef int nf = len(facets), j
    cdef uint64_t lo, hi
    _check_bound()
    if nv < 1 or nv > MAXV or nf < 1 or nv + nf > MAXN:
        raise ValueError("outside the kernel's limits (16 vertices, 64 nodes)")
    for j in range(nf):
        fs[j] = <uint32_t>facets[j]
    if not nauty and nv <= FORM_V and nf <= FORM_FACETS and _form(fs, nf, nv, &lo, &hi):
        return _make_form_key(nv, lo, hi)
    _nauty_key(fs, nf, nv, canong)
    return _make_key(canong, nv, nv + nf)


def reduction_of_key(bytes key, bint binary_star=True, bint involutions=True):
    """The reduction the kernel finds for a key (on its canonical form), for
    the tests: ``(kind, kept vertices)`` with kind ``"binary_star"`` or
    ``"involution"``, or None. As
    ``grundy.games.complexes.game.ComplexGame._canonical_found``.

    Raises
    ------
    RuntimeError
        If nauty is not bound.
    ValueError
        If the key is not one the kernel expands.
    """
    cdef uint64_t rows[MAXN]
    cdef uint32_t facets[MAXN]
    cdef int nv = 0
    cdef uint32_t kept = 0
    _check_bound()
    cdef int total = _decode(key, rows, &nv)
    cdef int nf = _facets_of_rows(rows, nv, total, facets)
    cdef int kind = _reduce(rows, facets, nf, nv, total, binary_star, involutions, &kept)
    if kind == 0:
        return None
    return ("binary_star" if kind == 1 else "involution", kept)


cdef int _reduce(uint64_t* rows, const uint32_t* facets, int nf, int nv, int total,
                 bint binary_star, bint involutions, uint32_t* kept) except -1:
    """The reduction of a canonical component: 1 binary stars, 2 an
    involution (kept vertices in ``kept``), 0 none."""
    cdef uint32_t full = ((<uint32_t>1) << nv) - 1, removed, fixed = 0
    if binary_star:
        removed = _binary_stars(facets, nf, nv)
        if removed:
            kept[0] = full & ~removed
            return 1
    if involutions:
        _group(rows, nv, total)
        if _involution(facets, nf, nv, &fixed):
            kept[0] = fixed
            return 2
    return 0


# ----------------------------------------------------------------------
# Form keys: a canonical form of a small complex without nauty
# ----------------------------------------------------------------------
# A component on at most FORM_V vertices (every one of Gale's game on seven
# points) is keyed by a form that depends on its isomorphism class only
# (:func:`grundy.games.complexes.complex.complex_form`, which computes the same
# form in Python): its vertices are coloured by an isomorphism-invariant
# refinement (the sizes of the facets through each vertex, then two rounds of
# mixed sums over the facets through it of the sums of their vertices'
# colours), ordered by colour, and every order within the colour classes is
# tried (at most FORM_ORDERS of them, else nauty keys it); the form is the
# least of the facet sets so relabelled, as a 128-bit set over the subsets of
# 7 vertices. Isomorphic components get the same colours, so the same set of
# orders up to the isomorphism, so the same least set; and a form is a
# relabelling of its component. The orders that give the least set are a
# coset of the automorphism group, so their number is the group's order: one
# means the component is rigid. The key (FORM_KEY_SIZE bytes): FORM_MARK (a
# nauty key's first byte is 0), nv, then the form's 128 bits, least
# significant byte first. Measured in docs/performance.md ("Form keys").
DEF FORM_ORDERS = 24

# n! for a class of n <= 4 vertices (a class of 5 or more has too many orders)
cdef int _FACT[5]
_FACT[:] = [1, 1, 2, 6, 24]


cdef inline uint64_t _cmix(uint64_t x) noexcept nogil:
    x ^= x >> 31
    x *= <uint64_t>0x7FB5D329728EA185
    x ^= x >> 27
    x *= <uint64_t>0x81DADEF4BC2DD44D
    return x ^ (x >> 33)


cdef bint _form(const uint32_t* g, int k, int nv, uint64_t* lo, uint64_t* hi, int* ties=NULL) noexcept nogil:
    """The form of the component with facets ``g[0:k]`` on vertices
    0..nv-1 (nv <= FORM_V) in ``lo``, ``hi``, and in ``ties`` (if given) the
    number of orders that give it: the order of the automorphism group, 1
    for a rigid component. False if its colour classes allow more than
    FORM_ORDERS orders (no form: nauty keys it)."""
    cdef uint64_t col[FORM_V]
    cdef uint64_t fc[FORM_FACETS]
    cdef uint64_t s, c, blo = 0, bhi = 0, mlo, mhi
    cdef int order[FORM_V]
    cdef int start[FORM_V]
    cdef int size[FORM_V]
    cdef int pos[FORM_V]
    cdef int free_slots[4]
    cdef unsigned char low[16]   # an order's image of a set of vertices 0-3 ...
    cdef unsigned char high[8]   # ... and of vertices 4-6
    cdef int i, j, v, r, ncls = 0, total = 1, t, x, d, m, nties = 0
    cdef uint32_t f
    for v in range(FORM_V):
        col[v] = 0
        pos[v] = 0  # vertices from nv on are in no facet: their entries go unused
    for i in range(k):
        c = _cmix(<uint64_t>CK_POPCOUNT(g[i]) + 1)
        f = g[i]
        while f:
            col[CK_CTZ(f)] += c
            f &= f - 1
    for r in range(2):
        for i in range(k):
            s = 0
            f = g[i]
            while f:
                s += col[CK_CTZ(f)]
                f &= f - 1
            fc[i] = _cmix(s)
        for i in range(k):
            f = g[i]
            while f:
                v = CK_CTZ(f)
                col[v] = col[v] + fc[i] * <uint64_t>0x9E3779B97F4A7C15
                f &= f - 1
    for i in range(nv):  # the labels in order of colour (ties in label order, any will do)
        c = col[i]
        j = i
        while j > 0 and col[order[j - 1]] > c:
            order[j] = order[j - 1]
            j -= 1
        order[j] = i
    i = 0
    while i < nv:  # the colour classes: runs of equal colours
        j = i + 1
        while j < nv and col[order[j]] == col[order[i]]:
            j += 1
        start[ncls] = i
        size[ncls] = j - i
        if j - i > 4:
            return False
        total *= _FACT[j - i]
        if total > FORM_ORDERS:
            return False
        ncls += 1
        i = j
    for t in range(total):  # every order within the classes: t in mixed radix, a digit per class
        x = t
        for r in range(ncls):
            m = size[r]
            for j in range(m):
                free_slots[j] = start[r] + j
            for j in range(m):  # the class's digit read as a Lehmer code: one order of its m places
                d = x % (m - j)
                x = x // (m - j)
                pos[order[start[r] + j]] = free_slots[d]
                free_slots[d] = free_slots[m - j - 1]
        # the order's image of each subset of vertices 0-3 and 4-6 (each from
        # the one without its lowest vertex): a facet is relabelled by two looks
        low[0] = high[0] = 0
        for j in range(1, 16):
            low[j] = low[j & (j - 1)] | (1 << pos[CK_CTZ(j)])
        for j in range(1, 8):
            high[j] = high[j & (j - 1)] | (1 << pos[4 + CK_CTZ(j)])
        mlo = mhi = 0
        for i in range(k):
            f = g[i]
            m = low[f & 15] | high[f >> 4]
            if m < 64:
                mlo |= (<uint64_t>1) << m
            else:
                mhi |= (<uint64_t>1) << (m - 64)
        if t == 0 or mhi < bhi or (mhi == bhi and mlo < blo):
            blo = mlo
            bhi = mhi
            nties = 1
        elif mhi == bhi and mlo == blo:
            nties += 1
    lo[0] = blo
    hi[0] = bhi
    if ties != NULL:
        ties[0] = nties
    return True


cdef int _nauty_key(const uint32_t* g, int k, int nv, uint64_t* canong) except -1:
    """nauty's canonical incidence graph of the component ``g[0:k]`` on
    vertices 0..nv-1 into ``canong``."""
    cdef uint64_t rows[MAXN]
    return _canonical(rows, nv, _incidence_rows(g, nv, k, rows), canong)


# Bit masks of values are Python ints (values may exceed 63).
cdef object _ONE = 1


cdef class Expander(CompiledSearch):
    """A complex searcher's option generation, split, keys, reductions and
    Lemoine-Viennot search in C (the interface of the graph kernel's
    ``Expander``: :meth:`expand`, :meth:`value`, :meth:`is_p_sum`, ``tick``,
    ``cache_size``).

    Parameters
    ----------
    table : grundy.core.table.Table
        The searcher's table (compact or dicts, see
        :class:`grundy.core._compiled.CompiledSearch`, whose search this
        kernel shares with the graph kernel); reductions are remembered
        within its bound.
    theory : ComplexTheory
        The switches (read once): ``binary_star``, ``involutions``,
        ``graphs``, ``cancel_pairs``.
    stats : grundy.core.search.Stats
        ``table_hits`` and ``reductions`` are increased.
    cache, cache_size
        The searcher's option cache (an ``OrderedDict``, oldest first) and
        its bound.
    faces, faces_size
        A dict caching the face count of keys of more than 8 vertices (the
        option order; smaller ones are counted each time) and its bound.
    graph_value : callable
        ``graph_value(adj)``: the value of a dimension-1 component given as a
        tuple of adjacency bitsets (the game's Graph Chomp solver; it counts
        ``closed_forms``).
    key_component : callable
        ``key_component(facets, vmask, unknown)``: the Python path for a
        component with more than 64 incidence nodes (appends to ``unknown``,
        returns the nimber).
    options : callable
        ``options(key, refute, partial)``: the searcher's ``_options`` (with
        its tick), for keys this kernel does not expand.
    size : callable
        The game's ``size`` (face count) for such keys.
    tick
        Called before each option generation (None for nothing); set by the
        searcher for the length of a search only.
    """

    cdef bint binary_star
    cdef bint involutions
    cdef bint reducible
    cdef bint graphs
    cdef object stats
    cdef long hits
    cdef long reductions
    cdef dict faces
    cdef Py_ssize_t faces_size
    cdef object graph_value
    cdef object key_component
    cdef object py_options
    cdef object py_size

    def __init__(self, table, theory, stats, cache, Py_ssize_t cache_size, dict faces, Py_ssize_t faces_size,
                 graph_value, key_component, options, size, tick=None):
        _check_bound()
        CompiledSearch.__init__(self, table, cache, cache_size, tick)
        self.binary_star = theory.binary_star
        self.involutions = theory.involutions
        self.reducible = self.binary_star or self.involutions
        self.graphs = theory.graphs
        self.cancel = theory.cancel_pairs
        self.stats = stats
        self.faces = faces
        self.faces_size = faces_size
        self.graph_value = graph_value
        self.key_component = key_component
        self.py_options = options
        self.py_size = size

    cdef _flush(self):
        if self.hits or self.reductions:
            stats = self.stats
            stats.table_hits += self.hits
            stats.reductions += self.reductions
            self.hits = self.reductions = 0

    cdef long _split(self, const uint32_t* facets, int nf, Options unknown) except -1:
        """``ComplexGame._split`` (no trace): components by lowest vertex,
        lone vertices, dimension-1 components, the rest keyed."""
        cdef uint32_t comp[MAXOPT]
        cdef char used[MAXOPT]
        cdef uint32_t rest = 0, cm, f
        cdef int i, k, a, b
        cdef long nimber = 0
        cdef bint changed, flat
        for i in range(nf):
            rest |= facets[i]
            used[i] = 0
        while rest:
            cm = rest & (~rest + 1)
            k = 0
            changed = True
            while changed:
                changed = False
                for i in range(nf):
                    if not used[i] and facets[i] & cm:
                        used[i] = 1
                        cm |= facets[i]
                        comp[k] = facets[i]
                        k += 1
                        changed = True
            rest &= ~cm
            if not cm & (cm - 1):
                nimber ^= 1  # a lone vertex
                continue
            if self.graphs:
                flat = True
                for i in range(k):
                    if CK_POPCOUNT(comp[i]) > 2:
                        flat = False
                        break
                if flat:
                    nimber ^= self._graph(comp, k, cm)
                    continue
            nimber ^= self._key_component(comp, k, cm, unknown)
        return nimber

    cdef long _graph(self, const uint32_t* comp, int k, uint32_t cm) except -1:
        """The Graph Chomp value of a dimension-1 component (the game's
        solver, in Python)."""
        cdef int idx[32]
        cdef int nv = 0, i, a, b
        cdef uint32_t m = cm, f
        while m:
            idx[CK_CTZ(m)] = nv
            nv += 1
            m &= m - 1
        adj = [0] * nv
        for i in range(k):
            f = comp[i]
            if f & (f - 1):
                a = idx[CK_CTZ(f)]
                f &= f - 1
                b = idx[CK_CTZ(f)]
                adj[a] |= _ONE << b
                adj[b] |= _ONE << a
        return <long>self.graph_value(tuple(adj))

    cdef long _key_component(self, const uint32_t* comp, int k, uint32_t cm, Options unknown) except -1:
        cdef int idx[32]
        cdef uint32_t g[MAXN]
        cdef uint64_t canong[MAXN]
        cdef int nv = 0, i
        cdef uint32_t m = cm, f, h
        while m:
            idx[CK_CTZ(m)] = nv
            nv += 1
            m &= m - 1
        cdef list found
        cdef long nimber
        if nv > MAXV or nv + k > MAXN:
            found = []
            nimber = <long>self.key_component([comp[i] for i in range(k)], cm, found)
            unknown.extend_keys(tuple(found))
            return nimber
        for i in range(k):
            f = comp[i]
            h = 0
            while f:
                h |= (<uint32_t>1) << idx[CK_CTZ(f)]
                f &= f - 1
            g[i] = h
        cdef uint64_t lo, hi
        cdef int ties
        if nv <= FORM_V and k <= FORM_FACETS and _form(g, k, nv, &lo, &hi, &ties):
            return self._look_up(_make_form_key(nv, lo, hi), NULL, nv, nv + k, unknown, ties == 1)
        _nauty_key(g, k, nv, canong)
        return self._look_up(_make_key(canong, nv, nv + k), canong, nv, nv + k, unknown, _last_rigid)

    cdef long _look_up(self, bytes key, uint64_t* canong, int nv, int total, Options unknown,
                       bint rigid=False) except -1:
        """``Searcher.cached`` / ``Searcher.look_up`` with the game's
        reduction computed on the canonical form: nauty's incidence rows
        ``canong``, or NULL for a form key (its rows are then made from the
        key, only if a reduction is looked for). ``rigid``: the key's
        complex is known to have no automorphism but the identity (no
        involution to look for); a key without reduction is then marked
        rigid in a compact table, and its expansions skip the group."""
        cdef bint irreducible
        cdef long v = self.value_marked(key, &irreducible)
        cdef uint32_t facets[MAXN]
        cdef uint32_t sub[MAXN]
        cdef uint32_t kept = 0
        cdef int nf, ns
        cdef Options inner
        cdef tuple alias
        if v >= 0:
            self.hits += 1
            return v
        if not self.reducible or irreducible:  # (a key with a reduction is never marked)
            unknown.push_key(key)
            return 0
        found = self.alias_of(key)
        if found is not None:
            alias = <tuple>found
            unknown.extend_keys(<tuple>alias[1])
            return <long>alias[0]
        cdef uint64_t rows[MAXN]
        if canong == NULL:
            _decode(key, rows, &nv)
            canong = rows
        nf = _facets_of_rows(canong, nv, total, facets)
        if not _reduce(canong, facets, nf, nv, total, self.binary_star, self.involutions and not rigid, &kept):
            self.remember(key, None, rigid)
            unknown.push_key(key)
            return 0
        inner = Options()
        ns = _restrict(facets, nf, kept, sub)
        alias = self.split_of(self._split(sub, ns, inner), inner)
        self.reductions += 1
        self.remember(key, alias)
        unknown.extend_keys(<tuple>alias[1])
        return <long>alias[0]

    cpdef long face_count(self, bytes key) except -1:
        """Number of faces of the component ``key`` (``ComplexGame.size``):
        for at most 8 vertices counted on its 256-bit face set each time
        (cheaper than the dict ``faces``, which caches larger keys' counts)."""
        cdef PyObject* found
        cdef uint64_t rows[MAXN]
        cdef uint32_t facets[MAXN]
        cdef uint64_t* bitmap
        cdef uint32_t* out
        cdef int nv = 0, total, nf
        cdef long count
        cdef uint64_t fs[4]
        if _expandable(key) and (<const unsigned char*>PyBytes_AS_STRING(key))[1] <= SMALLV:
            # at most 8 vertices: counted on 256-bit face sets, not cached
            nf = _key_facets(key, facets, &nv)
            _small_face_set(facets, nf, fs)
            return CK_POPCOUNT(fs[0]) + CK_POPCOUNT(fs[1]) + CK_POPCOUNT(fs[2]) + CK_POPCOUNT(fs[3])
        found = PyDict_GetItem(self.faces, key)
        if found != NULL:
            return <long><object>found
        if not _expandable(key):
            return <long>self.py_size(key)
        total = _decode(key, rows, &nv)
        nf = _facets_of_rows(rows, nv, total, facets)
        bitmap = <uint64_t*>calloc(((<size_t>1) << nv) // 64 + 1, 8)
        out = <uint32_t*>malloc((((<size_t>1) << nv)) * 4)
        if bitmap == NULL or out == NULL:
            free(bitmap)
            free(out)
            raise MemoryError()
        count = _faces(facets, nf, nv, bitmap, out)
        free(bitmap)
        free(out)
        if len(self.faces) >= self.faces_size:
            self.faces.clear()
        self.faces[key] = count
        return count

    def expand(self, bytes key, long refute=-1, tuple partial=None):
        """The options of the component ``key`` (one the kernel expands):
        one per automorphism orbit of faces (by size, then number), each
        ``(nimber, unknowns)``, deduplicated, fewest unknowns then fewest
        faces first. With ``refute >= 0`` and ``partial``: as
        :meth:`grundy.core.search.Searcher._options`.

        Raises
        ------
        ValueError
            If the key is not one the kernel expands.
        """
        return self._options(key, refute, None if partial is None else options_from(partial)).as_python()

    cdef Options _options(self, bytes key, long refute, Options out, bint rigid=False):
        """:meth:`expand` into ``out`` (a stopped generation to resume, or
        None: a fresh one), as :class:`grundy.core._compiled.Options`.
        ``rigid`` (the table's mark, :meth:`_look_up`): the complex has no
        automorphism but the identity, so nauty is not asked for its group
        and every face is an orbit of its own."""
        cdef uint64_t rows[MAXN]
        cdef uint32_t facets[MAXN]
        cdef uint32_t child[MAXOPT]
        cdef int images[MAXN][MAXV]
        cdef int nv = 0, total, nf, nfaces, nreps = 0, ng, g, i, k, head, tail, nc, start = 0
        cdef uint64_t* bitmap = NULL
        cdef uint64_t* seenmap = NULL
        cdef uint32_t* faces = NULL
        cdef uint32_t* queue = NULL
        cdef uint32_t* orbitq = NULL
        cdef uint32_t f, img, m
        cdef int first, count
        cdef long nimber
        known = 0
        nf = _key_facets(key, facets, &nv)
        if out is None:
            out = Options()
        else:
            start = out.next_move
        out.stopped = False
        if rigid:
            ng = 0
        else:
            _group(rows, nv, _incidence_rows(facets, nv, nf, rows))
            ng = _ngenerators
        for g in range(ng):
            for i in range(nv):
                images[g][i] = _generators[g][i]
        try:
            bitmap = <uint64_t*>calloc(((<size_t>1) << nv) // 64 + 1, 8)
            seenmap = <uint64_t*>calloc(((<size_t>1) << nv) // 64 + 1, 8)
            faces = <uint32_t*>malloc(((<size_t>1) << nv) * 4)
            queue = <uint32_t*>malloc(((<size_t>1) << nv) * 4)
            orbitq = <uint32_t*>malloc(((<size_t>1) << nv) * 4)
            if bitmap == NULL or seenmap == NULL or faces == NULL or queue == NULL or orbitq == NULL:
                raise MemoryError()
            if nv <= SMALLV:
                nfaces = _small_faces(facets, nf, nv, faces)
            else:
                nfaces = _faces(facets, nf, nv, bitmap, faces)
                qsort(faces, nfaces, 4, _cmp_face)
            # one face per orbit, the first of its orbit in the order of
            # faces: the representatives into queue[0..nreps); each orbit
            # explored breadth first in orbitq (as ComplexGame.children)
            for i in range(nfaces):
                f = faces[i]
                if (seenmap[f >> 6] >> (f & 63)) & 1:
                    continue
                seenmap[f >> 6] |= (<uint64_t>1) << (f & 63)
                queue[nreps] = f
                nreps += 1
                if ng == 0:
                    continue
                head = 0
                tail = 1
                orbitq[0] = f
                while head < tail:
                    f = orbitq[head]
                    head += 1
                    for g in range(ng):
                        img = 0
                        m = f
                        while m:
                            img |= (<uint32_t>1) << images[g][CK_CTZ(m)]
                            m &= m - 1
                        if not (seenmap[img >> 6] >> (img & 63)) & 1:
                            seenmap[img >> 6] |= (<uint64_t>1) << (img & 63)
                            orbitq[tail] = img
                            tail += 1
            for k in range(start, nreps):
                nc = _remove_face(facets, nf, queue[k], child)
                first = out.nkeys
                nimber = self._split(child, nc, out)
                count = out.close_option(nimber, first, self.cancel)
                if refute >= 0 and count == 0:
                    known |= _ONE << nimber
                    if nimber == refute:
                        out.stop_at(k + 1, known)
                        return out
        finally:
            free(bitmap)
            free(seenmap)
            free(faces)
            free(queue)
            free(orbitq)
            self._flush()
        self.sort_records(out)
        return out

    cdef long option_size(self, bytes key) except -1:
        """Faces of the component ``key`` (``ComplexGame.size``): the size
        :meth:`grundy.core._compiled.CompiledSearch.sort_records` orders by."""
        return self.face_count(key)

    # ------------------------------------------------------------------
    # the search (grundy.core.search.Searcher._value, _is_p_sum and _is_p1 in C)
    # ------------------------------------------------------------------
    cdef Options _generate(self, bytes key, long n, Options partial, bint rigid=False):
        """One option generation: :meth:`grundy.core._compiled.CompiledSearch._generate`
        here, or on the Python path for keys this kernel does not expand
        (``rigid``: the table marks the key rigid, :meth:`_options`)."""
        if not _expandable(key):  # the Python search's lists, converted; it ticks itself
            return options_from(self.py_options(key, n, None if partial is None else partial.as_python()))
        return CompiledSearch._generate(self, key, n, partial, rigid)
