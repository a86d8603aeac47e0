# Included by _kernel.pyx: nauty called directly (bind_nauty), canonical keys,
# automorphism groups, involutions (Khandhawit-Ye Theorem 1) and orbit
# representatives; graph_key, graph_of_key and orbit_reps.

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
# _rows closes at most this many gaps of a component's mask a row at a time
DEF ROWS_GAPS = 4
# the group cache (below ``_canonical``): 2^GROUP_BITS slots, groups of at
# most GROUP_GENS generators
DEF GROUP_BITS = 10
DEF GROUP_GENS = 8

cdef nauty_t _nauty = NULL
cdef optionblk _canon_options
cdef optionblk _group_options
cdef uint64_t _workspace[WORKSIZE]
# Generators reported by the last automorphism-group call (at most n - 1).
cdef int _generators[64][64]
cdef int _ngenerators = 0
# The canonical labelling the last ``_canonical`` call found (vertex _lab[i]
# of its input is vertex i of the key's graph).
cdef int _lab[64]


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
    # a canonical labelling reports the automorphism group's generators too
    # (``_store_generator``): a key's reduction reads them without a second call
    _canon_options.userautomproc = _store_generator
    _group_options = _canon_options
    _group_options.getcanon = 0
    _nauty = <nauty_t>fn
    _memo_clear()  # canonical forms of another nauty are not this one's
    return True


def unbind_nauty():
    """Forget the bound ``nauty()`` (the kernel's keyed functions then raise)."""
    global _nauty
    _nauty = NULL
    _memo_clear()


cdef int _check_bound() except -1:
    if _nauty == NULL:
        raise RuntimeError("nauty is not bound (grundy.games.graphs._kernel.bind_nauty)")
    return 0


cdef int _rows(const uint64_t* adj, uint64_t comp, uint64_t* rows, uint64_t* sub) noexcept nogil:
    """The subgraph induced by ``comp``, its vertices renumbered in
    increasing order (as :func:`_compact`): nauty's rows in ``rows`` and our
    bitsets in ``sub``. Returns its number of vertices.

    A row is compacted by closing the gaps of ``comp`` below its highest
    vertex, highest first, when there are at most ``ROWS_GAPS`` (a vertex
    move on a connected position leaves one), else bit by bit; nauty's row is
    its bit reversal (vertex j at bit 63 - j)."""
    cdef int idx[64]
    cdef int verts[64]
    cdef uint64_t gaps[ROWS_GAPS]
    cdef uint64_t m = comp, row, b, holes
    cdef int k = 0, i, j, ngaps = 0
    if comp == 0:
        return 0
    holes = ~comp & ((<uint64_t>-1) >> GK_CLZ(comp))  # the gaps below the highest vertex
    if GK_POPCOUNT(holes) <= ROWS_GAPS:
        while holes:  # masks of the bits below each gap, highest gap first
            i = 63 - GK_CLZ(holes)
            gaps[ngaps] = (<uint64_t>1 << i) - 1
            ngaps += 1
            holes &= ~(<uint64_t>1 << i)
        while m:
            row = adj[GK_CTZ(m)] & comp
            for j in range(ngaps):
                row = (row & gaps[j]) | ((row >> 1) & ~gaps[j])
            sub[k] = row
            k += 1
            m &= m - 1
    else:
        k = _renumber(m, idx, verts)
        for i in range(k):
            row = adj[verts[i]] & comp
            b = 0
            while row:
                b |= <uint64_t>1 << idx[GK_CTZ(row)]
                row &= row - 1
            sub[i] = b
    for i in range(k):
        rows[i] = GK_REVERSE(sub[i])
    return k


cdef bytes _canonical(uint64_t* rows, int k):
    """Canonical key of the graph with nauty rows ``rows`` (``k`` vertices):
    the bytes of nauty's canonical graph, as pynauty's ``graph_cert``. The
    generators of its automorphism group that nauty found on the way are
    left in ``_generators`` (``_ngenerators``), in the labelling of
    ``rows``, until the next nauty call, with the canonical labelling in
    ``_lab`` (for the group cache, ``_keep_group``)."""
    global _ngenerators
    cdef int ptn[64]
    cdef int orbits[64]
    cdef uint64_t canong[64]
    cdef statsblk stats
    cdef optionblk options = _canon_options
    _ngenerators = 0
    stats.errstatus = 0
    _nauty(rows, _lab, ptn, NULL, orbits, &options, &stats, _workspace, WORKSIZE, 1, k, canong)
    if stats.errstatus:
        raise RuntimeError(f"nauty failed (errstatus {stats.errstatus})")
    return PyBytes_FromStringAndSize(<char*>canong, k * 8)


# ----------------------------------------------------------------------
# Group cache
# ----------------------------------------------------------------------
# A key nauty made with a nontrivial automorphism group is expanded, if at
# all, soon after (the search values a position's options right after
# generating them), and its expansion needs the group of the key's graph
# (the orbits of its moves, ``_orbit_reps``): a second nauty call, about a
# sixth of an OE/OE search. The call that made the key found generators of
# that group already, in the labelling it was given; with nauty's canonical
# labelling ``lab`` (vertex lab[i] of the input is vertex i of the key's
# graph) they are the group's generators on the key's graph, relabelled.
# A direct-mapped cache (by a hash of the key's bytes; it holds a reference
# to the key) keeps the generators and ``lab`` that ``_canonical`` left for
# a key the search leaves to search right after nauty made it
# (``Expander._leave``: the keys the table answers are never expanded).
# Generators differ from those a group
# call would return, the group does not: the vertex and edge orbits, and
# their least members (the representatives), are the same.
cdef struct GroupSlot:
    PyObject* key
    int ngen
    int n
    unsigned char lab[64]
    unsigned char gens[GROUP_GENS][64]

cdef GroupSlot _groups[1 << GROUP_BITS]
cdef unsigned long long _group_calls = 0, _group_hits = 0, _group_keeps = 0


cdef inline size_t _group_slot(bytes key) noexcept:
    cdef const uint64_t* w = <const uint64_t*>PyBytes_AS_STRING(key)
    cdef Py_ssize_t n = PyBytes_GET_SIZE(key) // 8, i
    cdef uint64_t h = <uint64_t>n
    for i in range(n):
        h = (h ^ w[i]) * <uint64_t>0x9E3779B97F4A7C15
        h ^= h >> 29
    return <size_t>(h >> (64 - GROUP_BITS))


cdef void _keep_group(bytes key, int n) noexcept:
    """Keep for ``key`` (``n`` vertices), which the last nauty call made
    (``_canonical``: the caller knows it), the generators that call found
    (``_generators``, in the labelling nauty was given) and its canonical
    labelling (``_lab``), for the key's expansion; a key nauty found no
    generator for, or more than ``GROUP_GENS``, is not kept."""
    cdef GroupSlot* s
    cdef int g, i
    global _group_keeps
    if not 0 < _ngenerators <= GROUP_GENS:
        return
    _group_keeps += 1
    s = &_groups[_group_slot(key)]
    Py_XDECREF(s.key)
    Py_INCREF(key)
    s.key = <PyObject*>key
    s.ngen = _ngenerators
    s.n = n
    for i in range(n):
        s.lab[i] = <unsigned char>_lab[i]
    for g in range(_ngenerators):
        for i in range(n):
            s.gens[g][i] = <unsigned char>_generators[g][i]


cdef bint _cached_group(object key, int n, int* orbits) noexcept:
    """If the group cache holds ``key``: its graph's automorphism
    generators (relabelled to the key's graph) in ``_generators``, the
    vertex orbits (each vertex's least orbit-mate) in ``orbits``, as
    ``_group`` leaves them; else False."""
    global _ngenerators, _group_calls, _group_hits
    cdef GroupSlot* s
    cdef int inv[64]
    cdef int g, i, a, b
    _group_calls += 1
    if key is None:
        return False
    s = &_groups[_group_slot(<bytes>key)]
    if s.key != <PyObject*>key:
        if s.key == NULL or s.n != n or memcmp(PyBytes_AS_STRING(<object>s.key), PyBytes_AS_STRING(key), n * 8):
            return False
    _group_hits += 1
    for i in range(n):
        inv[s.lab[i]] = i
        orbits[i] = i
    for g in range(s.ngen):
        for i in range(n):
            _generators[g][i] = inv[s.gens[g][s.lab[i]]]
    _ngenerators = s.ngen
    # each vertex's least orbit-mate: union-find over the generators, the smaller root kept
    for g in range(s.ngen):
        for i in range(n):
            a = _find(orbits, i)
            b = _find(orbits, _generators[g][i])
            if a < b:
                orbits[b] = a
            elif b < a:
                orbits[a] = b
    for i in range(n):
        orbits[i] = _find(orbits, i)
    return True


def group_cache(bint clear=False):
    """The kernel's group cache, for tests and benchmarks: ``(expansions
    that needed a group, those the cache answered, keys kept)`` since the
    process started or the last ``clear``, which also empties it."""
    global _group_calls, _group_hits, _group_keeps
    cdef size_t i
    out = (_group_calls, _group_hits, _group_keeps)
    if clear:
        for i in range(<size_t>1 << GROUP_BITS):
            Py_XDECREF(_groups[i].key)
            _groups[i].key = NULL
        _group_calls = _group_hits = _group_keeps = 0
    return out


# ----------------------------------------------------------------------
# Canonical labelling memo
# ----------------------------------------------------------------------
# A graph of at most MEMO_MAX vertices, as labelled, packs into one word:
# the census's packed key (``_pack_rows`` in _kernel_census.pxi: its order
# and upper triangle; it holds at most CENSUS_N = 11 vertices, which bounds
# MEMO_MAX). The memo is a direct-mapped cache from such a word to the
# packed canonical graph nauty gave for it, so a labelled graph
# met again (an option of many positions: a small component recurs far more
# often than its canonical key is new) is keyed without calling nauty. nauty
# is deterministic, so a key from the memo is byte for byte the key nauty
# gives; a collision only overwrites a slot. It starts with 2^14 slots of 16
# bytes (256 KiB, on first use, one per process) and doubles, keeping what it
# holds, each time it has written four times as many slots as it has, up to
# 2^20 (16 MiB): a small search does not pay for touching a large table.
# Measured (docs/performance.md, "Canonical labelling memo"): on sparse
# positions it answers most graphs of 7-11 vertices (Node Kayles on the
# 3 x 27 grid 96% of those of 7 and 82% of 11, on the 3 x 16 grid 84% and
# 48%); on dense ones few (Graph Chomp's graphs of 9 vertices about one in
# 10, a loss), and an order answered less than once in 4 calls of a window
# is passed straight to nauty for a while. It holds simple graphs only: the
# kernel's entry points refuse a loop or a one-way edge (``_load``), every
# option is made from a simple graph, and a graph its word would not
# describe exactly is never written.
DEF MEMO_MAX = 11
DEF MEMO_BITS = 20
#: the largest order of graph the memo keys (:func:`canonical_memo`)
CANONICAL_MEMO_MAX = MEMO_MAX
DEF MEMO_FIRST_BITS = 14

cdef struct CanonSlot:
    uint64_t labelled
    uint64_t canonical

cdef CanonSlot* _memo = NULL
cdef int _memo_bits = 0
cdef unsigned long long _memo_writes = 0  # slots written since the memo last grew
cdef bint _memo_full = False  # no larger table could be allocated: keep this one
cdef int _memo_max = MEMO_MAX
# per order k: graphs keyed while the memo was on for k (passed to nauty for
# a while included), and those it answered
cdef unsigned long long _memo_calls[MEMO_MAX + 1]
cdef unsigned long long _memo_hits[MEMO_MAX + 1]
# per order: calls and hits in the current window of MEMO_WINDOW calls, and
# how many calls are still to bypass the memo
DEF MEMO_WINDOW = 1024
DEF MEMO_SKIP = 16384
cdef int _memo_window[MEMO_MAX + 1]
cdef int _memo_window_hits[MEMO_MAX + 1]
cdef int _memo_skip[MEMO_MAX + 1]


cdef bint _memo_grow() noexcept:
    """Allocate the memo (``MEMO_FIRST_BITS``) or double it, moving what it
    holds (slot i of the old table goes to slot 2i or 2i + 1). False if the
    memory could not be had: the memo stays as it was (absent: every graph
    goes to nauty), and stops growing."""
    global _memo, _memo_bits, _memo_writes, _memo_full
    cdef int bits = MEMO_FIRST_BITS if _memo == NULL else _memo_bits + 1
    cdef CanonSlot* grown = <CanonSlot*>calloc(<size_t>1 << bits, sizeof(CanonSlot))
    cdef size_t i
    if grown == NULL:
        _memo_full = True
        return False
    if _memo != NULL:
        for i in range(<size_t>1 << _memo_bits):
            if _memo[i].labelled:
                grown[(_memo[i].labelled * <uint64_t>0x9E3779B97F4A7C15) >> (64 - bits)] = _memo[i]
        free(_memo)
    _memo = grown
    _memo_bits = bits
    _memo_writes = 0
    return True


cdef void _memo_clear() noexcept:
    """Empty the memo (freed: the next graph allocates the smallest table)
    and forget which orders it passes to nauty."""
    global _memo, _memo_full
    cdef int k
    free(_memo)
    _memo = NULL
    _memo_full = False
    for k in range(MEMO_MAX + 1):
        _memo_window[k] = _memo_window_hits[k] = _memo_skip[k] = 0


cdef bytes _canonical_memo(uint64_t* rows, int k, bint* ran):
    """:func:`_canonical` through the memo: ``ran[0]`` says whether nauty
    ran (only then are ``_generators`` those of ``rows``)."""
    cdef uint64_t code, canong[MEMO_MAX]
    cdef CanonSlot* slot
    cdef bytes key
    cdef bint use = k <= _memo_max
    global _memo_writes
    if use:
        _memo_calls[k] += 1
        if _memo_skip[k]:  # an order passed straight to nauty for a while
            _memo_skip[k] -= 1
            use = False
        elif _memo == NULL:
            use = _memo_grow()  # False: no memory for it
    if not use:
        ran[0] = True
        return _canonical(rows, k)
    code = _pack_rows(rows, k)
    slot = &_memo[(code * <uint64_t>0x9E3779B97F4A7C15) >> (64 - _memo_bits)]
    _memo_window[k] += 1
    if _memo_window[k] == MEMO_WINDOW:
        # an order the memo rarely answers (dense graphs of 8-11 vertices:
        # few labelled graphs recur; a miss costs a cache miss and a write:
        # dense Chomp lost time with graphs of 8-9 vertices answered one
        # time in 5-10) is passed straight to nauty for a while
        if _memo_window_hits[k] < MEMO_WINDOW // 4:
            _memo_skip[k] = MEMO_SKIP
        _memo_window[k] = _memo_window_hits[k] = 0
    if slot.labelled == code:
        _memo_hits[k] += 1
        _memo_window_hits[k] += 1
        ran[0] = False
        _unpack_rows(slot.canonical, canong)
        return PyBytes_FromStringAndSize(<char*>canong, k * 8)
    key = _canonical(rows, k)
    ran[0] = True
    _unpack_rows(code, canong)
    if memcmp(canong, rows, k * sizeof(uint64_t)):
        return key  # a loop or a one-way edge, which its word would lose: not remembered
    slot.labelled = code
    slot.canonical = _pack_rows(<const uint64_t*>PyBytes_AS_STRING(key), k)
    _memo_writes += 1
    if (_memo_bits < MEMO_BITS and not _memo_full
            and _memo_writes >> 2 >= (<unsigned long long>1 << _memo_bits)):
        _memo_grow()
    return key


def canonical_memo(int max_order=-1, bint clear=False):
    """Set which graphs the kernel's searches key through the canonical
    labelling memo: those of at most ``max_order`` vertices (at most
    :data:`CANONICAL_MEMO_MAX`, as at start; 0: nauty keys every graph; -1,
    the default: unchanged). The keys are the same either way; tests and
    benchmarks compare the two. The setting is the process's, and so is the
    memo: a search starts with what earlier searches of the process left in
    it, unless ``clear`` empties it (benchmarks that repeat a search in one
    process do, so that each run starts as a new process would).

    Returns, since the process started, ``{k: (calls, hits)}`` for each
    order k (vertices) keyed while the memo was on for it: how many graphs
    were keyed (those of an order it was passing straight to nauty
    included), how many it answered without nauty."""
    global _memo_max
    if max_order >= 0:
        _memo_max = min(max_order, MEMO_MAX)
    if clear:
        _memo_clear()
    return {k: (_memo_calls[k], _memo_hits[k]) for k in range(MEMO_MAX + 1) if _memo_calls[k]}


def memo_key(tuple adj, mask=None):
    """:func:`graph_key` through the kernel's canonical labelling memo (for
    tests: the key must equal :func:`graph_key`'s). Same errors."""
    cdef uint64_t a[64]
    cdef uint64_t rows[64]
    cdef uint64_t sub[64]
    cdef bint ran
    cdef uint64_t m = _keyed_mask(adj, mask, a)
    return _canonical_memo(rows, _rows(a, m, rows, sub), &ran)


def compact_rows(tuple adj, mask=None):
    """The subgraph of ``adj`` induced by ``mask`` (default: every vertex),
    its vertices renumbered 0, 1, ... in increasing order, as the kernel
    keys it (``_rows``, for tests): ``(rows, sub)``, nauty's rows (vertex j
    at bit 63 - j) and the bitsets (vertex j at bit j), one per vertex.
    Errors as :func:`graph_key`."""
    cdef uint64_t a[64]
    cdef uint64_t rows[64]
    cdef uint64_t sub[64]
    cdef uint64_t m = _keyed_mask(adj, mask, a)
    cdef int k = _rows(a, m, rows, sub), i
    return tuple(rows[i] for i in range(k)), tuple(sub[i] for i in range(k))


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
    """:func:`grundy.games.graphs.theory.involution_fixed_set` with the generators
    ``_generators`` holds, those of the last nauty call (``_canonical`` or
    ``_group``), which must be of ``adj``: the fixed-point mask of the chosen involution
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
    cdef int n = <int>(size // 8)
    if size % 8 or n > 64:
        raise ValueError("not a key of a graph on at most 64 vertices")
    memcpy(rows, PyBytes_AS_STRING(key), size)
    _bitsets_of_rows(rows, adj, n)
    return n


cdef void _bitsets_of_rows(const uint64_t* rows, uint64_t* adj, int n) noexcept nogil:
    """The graph of ``n`` nauty rows (column j at bit 63 - j) as our bitsets
    (column j at bit j): each row reversed."""
    cdef int i
    for i in range(n):
        adj[i] = GK_REVERSE(rows[i])


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
                     int* ei, int* ej, bint rigid, object key=None) except -1:
    """One vertex per orbit (``vreps``, ``nv[0]`` of them, highest degree
    first) and one edge per orbit (``ei``, ``ej``; the count is returned),
    fewest endpoint degrees first: the order of
    :func:`grundy.games.graphs.game._orbit_reps`. With ``rigid`` (the
    graph is known to have no automorphism but the identity) every orbit
    is one vertex or one edge and nauty is not called; nor is it when
    ``key`` (the graph's key, ``rows`` its canonical graph) is in the
    group cache."""
    cdef int orbits[64]
    cdef int eid[64][64]
    cdef int parent[2016]
    cdef int i, j, k, g, a, b, ne = 0, ra, rb, out = 0
    cdef uint64_t up
    global _ngenerators
    if rigid:
        _ngenerators = 0
        for i in range(n):
            orbits[i] = i
    elif not _cached_group(key, n, orbits):
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
        return _by_degree_sum(adj, ei, ej, ne)
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
    return _by_degree_sum(adj, ei, ej, out)


cdef int _by_degree_sum(const uint64_t* adj, int* ei, int* ej, int ne) noexcept nogil:
    """Sort the ``ne`` edges ``(ei[k], ej[k])``, which come in increasing
    order of ``(i, j)``, stably by the sum of their endpoints' degrees,
    smallest first. One packed ``uint64`` key per edge, the sum (at most
    126) in bits 12 and up, ``i`` in bits 6-11 and ``j`` in bits 0-5: the
    keys are distinct and ordered as (sum, generation order), and the edge
    is read back from its key. Returns ``ne``."""
    cdef uint64_t keys[2016]
    cdef int k
    cdef bint moved = False
    for k in range(ne):
        keys[k] = ((<uint64_t>(GK_POPCOUNT(adj[ei[k]]) + GK_POPCOUNT(adj[ej[k]])) << 12)
                   | (<uint64_t>ei[k] << 6) | <uint64_t>ej[k])
        if k and keys[k] < keys[k - 1]:
            moved = True
    if not moved:
        return ne
    _sort_packed(keys, ne)
    for k in range(ne):
        ei[k] = <int>((keys[k] >> 6) & 63)
        ej[k] = <int>(keys[k] & 63)
    return ne


def graph_key(tuple adj, mask=None):
    """Canonical key of a graph (at most 64 vertices), computed by the bound
    ``nauty()``: equal to :func:`grundy.core.canon.certificate` of the subgraph
    induced by ``mask`` (default all vertices).

    Raises RuntimeError if nauty is not bound, ValueError if more than 64
    vertices, a loop, an edge given at one end only or to a vertex outside
    the graph, an empty ``mask`` or one naming vertices outside the graph.
    """
    cdef uint64_t a[64]
    return _key(a, _keyed_mask(adj, mask, a))


cdef uint64_t _keyed_mask(tuple adj, object mask, uint64_t* a) except 0:
    """:func:`graph_key`'s arguments checked: ``adj`` loaded into ``a``,
    the vertex set ``mask`` (None: every vertex) returned, never 0."""
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
    return m


def graph_of_key(bytes key):
    """:func:`grundy.core.canon.graph_from_certificate` for keys of at most 64 vertices."""
    cdef uint64_t rows[64]
    cdef uint64_t a[64]
    cdef int n = _decode(key, rows, a), i
    return tuple([PyLong_FromUnsignedLongLong(a[i]) for i in range(n)])


def orbit_reps_kept(tuple adj):
    """The group cache's path, for tests: ``adj`` (a simple graph on at
    most 64 vertices, as labelled) keyed by nauty, its generators kept as
    the search keeps a key it leaves to search, then the orbit
    representatives of the key's graph as its expansion makes them:
    ``(key, answered, orbit_reps(key))``, ``answered`` whether the cache
    answered (else nauty's group was called: the key's graph has no
    automorphism but the identity, or more than ``GROUP_GENS`` generators
    were found). Errors as :func:`graph_key`."""
    cdef uint64_t a[64]
    cdef uint64_t rows[64]
    cdef uint64_t sub[64]
    cdef int vreps[64]
    cdef int ei[2016]
    cdef int ej[2016]
    cdef int nv = 0, ne, k, n
    cdef unsigned long long before = _group_hits
    _check_bound()
    cdef uint64_t m = _keyed_mask(adj, None, a)
    k = _rows(a, m, rows, sub)
    key = _canonical(rows, k) if k else b""
    if k:
        _keep_group(key, k)
    n = _decode(key, rows, a)
    ne = _orbit_reps(a, rows, n, vreps, &nv, ei, ej, False, key) if n else 0
    return key, _group_hits > before, ([vreps[k] for k in range(nv)], [(ei[k], ej[k]) for k in range(ne)])


def orbit_reps(bytes key, int rule=0):
    """``(vertices, edges)``: one vertex and one edge ``(i, j)``, ``i < j``,
    per automorphism orbit of the graph of ``key`` (its canonical labelling),
    in the order of :meth:`grundy.core.search.Searcher._options`'s pure-Python path,
    then in the move order of the packed ``rule`` (``_rule_order``: its bits
    8, 9, 11 and 12; 0, the default, leaves the orbit order as it is), as
    :meth:`grundy.games.graphs.rulesets.MoveRule.order` orders them."""
    cdef uint64_t rows[64]
    cdef uint64_t a[64]
    cdef int vreps[64]
    cdef int ei[2016]
    cdef int ej[2016]
    cdef int nv = 0, ne, k
    _check_bound()
    cdef int n = _decode(key, rows, a)
    ne = _orbit_reps(a, rows, n, vreps, &nv, ei, ej, False)
    _rule_order(rule, a, n, vreps, nv, ei, ej, ne)
    return [vreps[k] for k in range(nv)], [(ei[k], ej[k]) for k in range(ne)]
