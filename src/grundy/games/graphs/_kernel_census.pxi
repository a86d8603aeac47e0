# Included by _kernel.pyx: the census's compiled half. Whole graphs (not
# components) on at most CENSUS_MAX_VERTICES vertices, valued bottom-up:
# every option of a graph is already in a CensusTable, so a graph costs its
# own canonical key and one key and one probe per move (see
# grundy.census.build). Packed keys: bit 63 set, the order n in bits 56-59,
# the canonical graph's upper triangle in graph6 order (x01, x02, x12, x03,
# ...) in bits 0-54, so the key is the canonical graph6 string in an int.

from libc.stdlib cimport calloc, free
from libc.stdint cimport uint8_t, uint16_t
from cpython.exc cimport PyErr_CheckSignals

DEF CENSUS_N = 11
CENSUS_MAX_VERTICES = CENSUS_N


# _REV10[x]: the 10-bit x reversed (bit 0 <-> bit 9): a row's first ten
# columns, read from its top bits, in graph6 order.
cdef uint16_t _REV10[1024]


cdef void _fill_rev10() noexcept nogil:
    cdef int x, b, r
    for x in range(1024):
        r = 0
        for b in range(10):
            if x >> b & 1:
                r |= 1 << (9 - b)
        _REV10[x] = <uint16_t>r


_fill_rev10()


cdef inline uint64_t _pack_rows(const uint64_t* rows, int k) noexcept nogil:
    """The packed key of a graph of ``k`` <= CENSUS_N vertices given as
    nauty rows (the census's key when the rows are canonical; the canonical
    labelling memo packs labelled ones too). Reads the lower triangle only:
    column j's x0j .. x(j-1)j are row j's first j columns, reversed."""
    cdef uint64_t key = (<uint64_t>1 << 63) | (<uint64_t>k << 56)
    cdef int j
    for j in range(1, k):
        key |= <uint64_t>(_REV10[rows[j] >> 54] & ((1 << j) - 1)) << (j * (j - 1) // 2)
    return key


cdef inline void _unpack_rows(uint64_t key, uint64_t* rows) noexcept nogil:
    """Nauty rows of the graph of a packed key (its order in the key): the
    inverse of :func:`_pack_rows` (which reads one triangle, so a graph with
    a loop or a one-way edge does not come back as it was)."""
    cdef int n = <int>((key >> 56) & 15), i, j
    cdef uint64_t column
    for i in range(n):
        rows[i] = 0
    for j in range(1, n):
        column = (key >> (j * (j - 1) // 2)) & ((<uint64_t>1 << j) - 1)  # x0j .. x(j-1)j
        rows[j] |= <uint64_t>_REV10[column] << 54
        while column:
            rows[GK_CTZ(column)] |= (<uint64_t>TOPBIT) >> j
            column &= column - 1


cdef uint64_t _packed_key(const uint64_t* adj, uint64_t mask, int* orbits) noexcept nogil:
    """Packed canonical key of the subgraph induced by ``mask`` (at most
    CENSUS_N vertices); ``orbits`` (may be NULL) receives nauty's vertex
    orbits in the subgraph's own numbering."""
    cdef uint64_t rows[64]
    cdef uint64_t sub[64]
    cdef uint64_t canong[64]
    cdef int lab[64]
    cdef int ptn[64]
    cdef int orb[64]
    cdef statsblk stats
    cdef optionblk options = _canon_options
    cdef int k = _rows(adj, mask, rows, sub)
    if k == 0:
        return (<uint64_t>1 << 63)
    stats.errstatus = 0
    _nauty(rows, lab, ptn, NULL, orbits if orbits != NULL else orb, &options, &stats,
           _workspace, WORKSIZE, 1, k, canong)
    return _pack_rows(canong, k)


cdef inline uint64_t _mix(uint64_t key) noexcept nogil:
    key ^= key >> 31
    key *= <uint64_t>0x9E3779B97F4A7C15
    key ^= key >> 29
    return key


cdef class CensusTable:
    """Values of whole graphs by packed canonical key: an open-addressing
    hash table in C (8-byte keys, 1-byte values, load at most 3/4), the
    census's tablebase.

    ``len(table)`` is the number of graphs; :attr:`nbytes` the memory its
    arrays take (bytes); :attr:`max_vertices` the largest order stored.
    """

    cdef uint64_t* keys
    cdef uint8_t* vals
    cdef Py_ssize_t cap
    cdef Py_ssize_t count
    cdef public int max_vertices

    def __cinit__(self, Py_ssize_t capacity=1024):
        cdef Py_ssize_t cap = 1024
        while cap < capacity * 4 // 3 + 1:
            cap *= 2
        self.keys = <uint64_t*>calloc(cap, sizeof(uint64_t))
        self.vals = <uint8_t*>calloc(cap, sizeof(uint8_t))
        if self.keys == NULL or self.vals == NULL:
            raise MemoryError("no memory for the census table")
        self.cap = cap
        self.count = 0
        self.max_vertices = -1

    def __dealloc__(self):
        free(self.keys)
        free(self.vals)

    def __len__(self):
        return self.count

    @property
    def nbytes(self):
        return self.cap * 9

    cdef int _get(self, uint64_t key) noexcept nogil:
        cdef uint64_t mask = <uint64_t>self.cap - 1
        cdef uint64_t i = _mix(key) & mask
        cdef uint64_t k
        while True:
            k = self.keys[i]
            if k == key:
                return self.vals[i]
            if k == 0:
                return -1
            i = (i + 1) & mask

    cdef int _grow(self) except -1:
        cdef Py_ssize_t old = self.cap, i
        cdef uint64_t* keys = self.keys
        cdef uint8_t* vals = self.vals
        cdef uint64_t mask, j
        self.keys = <uint64_t*>calloc(old * 2, sizeof(uint64_t))
        self.vals = <uint8_t*>calloc(old * 2, sizeof(uint8_t))
        if self.keys == NULL or self.vals == NULL:
            free(self.keys)
            free(self.vals)
            self.keys = keys
            self.vals = vals
            raise MemoryError("no memory to grow the census table")
        self.cap = old * 2
        mask = <uint64_t>self.cap - 1
        for i in range(old):
            if keys[i]:
                j = _mix(keys[i]) & mask
                while self.keys[j]:
                    j = (j + 1) & mask
                self.keys[j] = keys[i]
                self.vals[j] = vals[i]
        free(keys)
        free(vals)
        return 0

    cdef int _put(self, uint64_t key, uint8_t value) except -1:
        cdef uint64_t mask, i
        if (self.count + 1) * 4 > self.cap * 3:
            self._grow()
        mask = <uint64_t>self.cap - 1
        i = _mix(key) & mask
        while self.keys[i]:
            if self.keys[i] == key:
                return 0  # known: a graph's value never changes
            i = (i + 1) & mask
        self.keys[i] = key
        self.vals[i] = value
        self.count += 1
        cdef int n = <int>((key >> 56) & 15)
        if n > self.max_vertices:
            self.max_vertices = n
        return 0

    def add(self, bytes keys, bytes values):
        """Add graphs: ``keys`` packed keys (native ``uint64``), ``values`` one
        byte each. A key already present keeps its value."""
        cdef Py_ssize_t count = PyBytes_GET_SIZE(values), i
        if PyBytes_GET_SIZE(keys) != 8 * count:
            raise ValueError("keys and values of different lengths")
        cdef const uint64_t* k = <const uint64_t*>PyBytes_AS_STRING(keys)
        cdef const uint8_t* v = <const uint8_t*>PyBytes_AS_STRING(values)
        for i in range(count):
            self._put(k[i], v[i])

    def export(self):
        """``(keys, values)``: every graph, packed keys (native ``uint64``)
        and one value byte each, in slot order."""
        cdef Py_ssize_t i, c = 0
        cdef bytearray keys = bytearray(8 * self.count)
        cdef bytearray vals = bytearray(self.count)
        cdef uint64_t* kp = <uint64_t*><char*>keys
        cdef uint8_t* vp = <uint8_t*><char*>vals
        for i in range(self.cap):
            if self.keys[i]:
                kp[c] = self.keys[i]
                vp[c] = self.vals[i]
                c += 1
        return bytes(keys), bytes(vals)

    def put(self, uint64_t key, int value):
        """Add one graph by packed key."""
        self._put(key, <uint8_t>value)

    def get_packed(self, uint64_t key):
        """The value of a packed key, or None."""
        cdef int v = self._get(key)
        return None if v < 0 else v

    def get(self, bytes key):
        """The value of the graph whose nauty canonical key (``n * 8``
        bytes, as :func:`grundy.core.canon.certificate`) is ``key``, or None
        (not stored, or more than :data:`CENSUS_MAX_VERTICES` vertices)."""
        cdef Py_ssize_t size = PyBytes_GET_SIZE(key)
        if size % 8 or size // 8 > CENSUS_N:
            return None
        cdef int v = self._get(_pack_rows(<const uint64_t*>PyBytes_AS_STRING(key), <int>(size // 8)))
        return None if v < 0 else v


cdef int _decode_graph6(const unsigned char* s, Py_ssize_t length, uint64_t* adj) except -2:
    """Graph6 of at most CENSUS_N vertices into bitsets; returns n, or -1 if
    the line is not graph6 of such a graph."""
    cdef int n, i, j, p = 0, c, b
    if length < 1 or s[0] < 63 or s[0] > 63 + CENSUS_N:
        return -1
    n = s[0] - 63
    cdef Py_ssize_t need = 1 + (n * (n - 1) // 2 + 5) // 6
    if length != need:
        return -1
    for i in range(n):
        adj[i] = 0
    for j in range(1, n):
        for i in range(j):
            c = s[1 + p // 6]
            if c < 63 or c > 126:
                return -1
            b = (c - 63) >> (5 - p % 6) & 1
            if b:
                adj[i] |= <uint64_t>1 << j
                adj[j] |= <uint64_t>1 << i
            p += 1
    return n


cdef inline int _probe(CensusTable table, CensusTable extra, uint64_t key) noexcept:
    """The value of ``key`` in ``table``, else in ``extra`` (may be None), else -1."""
    cdef int v = table._get(key)
    if v < 0 and extra is not None:
        v = extra._get(key)
    return v


cdef int _value(CensusTable table, CensusTable extra, uint64_t* a, int n, int rule, bint misere,
                const int* orbits, bint strict) except -2:
    """The value (normal play: mex; misère: 1 for N, 0 for P) of the graph
    ``a`` from its options' values in ``table``; -1 if an option is missing.
    The options are the rule's (``_kernel_rules.pxi``) at one vertex per
    orbit and at every edge."""
    cdef uint64_t seen[4]
    cdef uint64_t buf[64]
    cdef uint64_t mask
    cdef int verts[64]
    cdef int ei[2016]
    cdef int ej[2016]
    cdef Cursor c
    cdef const uint64_t* g
    cdef int i, v, r, nv = 0, ne, moves = 0
    seen[0] = seen[1] = seen[2] = seen[3] = 0
    for i in range(n):
        if orbits[i] == i:
            verts[nv] = i
            nv += 1
    ne = _all_edges(a, n, ei, ej)
    _cursor_start(&c)
    while True:
        r = _next_option(rule, a, n, verts, nv, ei, ej, ne, &c, buf, &mask)
        if r == NO_MOVE:
            break
        if r == COPY:
            g = buf
        else:
            g = a
        v = _probe(table, extra, _packed_key(g, mask, NULL))
        if v < 0:
            if strict:
                return -1
            continue
        moves += 1
        seen[v >> 6] |= <uint64_t>1 << (v & 63)
    if misere:
        return 1 if moves == 0 or seen[0] & 1 else 0
    v = 0
    while v < 256 and seen[v >> 6] >> (v & 63) & 1:
        v += 1
    if v >= 255:
        raise OverflowError("a nim-value of 255 or more: beyond the census table's one byte")
    return v


def census_values(CensusTable table, bytes lines, int rule, bint misere, bint lookup=False,
                  bint strict=True, CensusTable extra=None):
    """Value every graph of ``lines`` (graph6, one per line, at most
    CENSUS_MAX_VERTICES vertices) under the packed rule ``rule``
    (:attr:`grundy.games.graphs.rulesets.MoveRule.code`) from its options'
    values in ``table``
    (every option must be there: the census builds bottom-up). With
    ``lookup``, each graph's own value is read from the table instead.
    A value missing from ``table`` is looked for in ``extra`` (a second
    table: the census keeps the last layer of its top order apart).
    ``strict=False`` skips options missing from the table instead of
    raising (the values are then wrong: for timing a shard whose options
    are not all built, as ``benchmarks/census.py sample`` does).

    Returns ``(keys, values, flags, count)``: packed canonical keys (native
    ``uint64``), one value byte and one flag byte (bit 0: connected) per graph.

    Raises ValueError (``"line K: ..."``, K from 1) for a line that is not
    graph6 of at most CENSUS_MAX_VERTICES vertices; KeyError (the line's
    number) when an option, or with ``lookup`` the graph, is missing.
    Whatever a signal handler raises (KeyboardInterrupt from the command
    line's Ctrl-C and SIGTERM handlers), within 4096 lines of the signal.
    """
    _check_bound()
    cdef const unsigned char* s = <const unsigned char*>PyBytes_AS_STRING(lines)
    cdef Py_ssize_t size = PyBytes_GET_SIZE(lines), start = 0, end, count = 0, lineno = 0
    cdef Py_ssize_t total = 0
    for end in range(size):
        if s[end] == 10:
            total += 1
    if size and s[size - 1] != 10:
        total += 1
    cdef bytearray keys = bytearray(8 * total)
    cdef bytearray vals = bytearray(total)
    cdef bytearray flags = bytearray(total)
    cdef uint64_t* kp = <uint64_t*><char*>keys
    cdef uint8_t* vp = <uint8_t*><char*>vals
    cdef uint8_t* fp = <uint8_t*><char*>flags
    cdef uint64_t a[64]
    cdef int orbits[64]
    cdef int n, v
    cdef uint64_t key, full
    while start < size:
        end = start
        while end < size and s[end] != 10:
            end += 1
        lineno += 1
        if end > start and s[end - 1] == 13:
            n = _decode_graph6(s + start, end - start - 1, a)
        else:
            n = _decode_graph6(s + start, end - start, a)
        if n < 0:
            raise ValueError(f"line {lineno}: not graph6 of a graph on at most {CENSUS_N} vertices: "
                             f"{lines[start:min(end, start + 40)].decode(errors='replace')!r}")
        full = (<uint64_t>1 << n) - 1
        key = _packed_key(a, full, orbits)
        if lookup:
            v = _probe(table, extra, key)
        else:
            v = _value(table, extra, a, n, rule, misere, orbits, strict)
        if v < 0:
            raise KeyError(lineno)
        kp[count] = key
        vp[count] = <uint8_t>v
        fp[count] = 1 if n > 0 and _component(a, full) == full else 0
        count += 1
        start = end + 1
        if not count & 4095:
            # a shard valued in the calling process (one worker) runs the
            # Ctrl-C and SIGTERM handlers here, not only when it returns
            PyErr_CheckSignals()
    return bytes(keys[:8 * count]), bytes(vals[:count]), bytes(flags[:count]), count


def census_histograms(bytes values, bytes flags):
    """``(all, connected)``: per value 0..255, how many graphs have it
    (``connected``: those with flag bit 0)."""
    cdef Py_ssize_t count = PyBytes_GET_SIZE(values), i
    cdef long hist[256]
    cdef long conn[256]
    cdef const uint8_t* v = <const uint8_t*>PyBytes_AS_STRING(values)
    cdef const uint8_t* f = <const uint8_t*>PyBytes_AS_STRING(flags)
    for i in range(256):
        hist[i] = 0
        conn[i] = 0
    for i in range(count):
        hist[v[i]] += 1
        if f[i] & 1:
            conn[v[i]] += 1
    return [hist[i] for i in range(256)], [conn[i] for i in range(256)]


def packed_graph6(uint64_t key):
    """The graph6 string (bytes) of a packed key."""
    cdef int n = <int>((key >> 56) & 15), p, bits = n * (n - 1) // 2
    cdef bytearray out = bytearray(1 + (bits + 5) // 6)
    out[0] = 63 + n
    for p in range(bits):
        if key >> p & 1:
            out[1 + p // 6] |= 1 << (5 - p % 6)
    for p in range(1, len(out)):
        out[p] += 63
    return bytes(out)


def census_lines(bytes keys, bytes values, bytes flags, bint connected_only):
    """``graph6<TAB>value`` lines (bytes) for packed keys and their values."""
    cdef Py_ssize_t count = PyBytes_GET_SIZE(values), i
    cdef const uint64_t* k = <const uint64_t*>PyBytes_AS_STRING(keys)
    cdef const uint8_t* v = <const uint8_t*>PyBytes_AS_STRING(values)
    cdef const uint8_t* f = <const uint8_t*>PyBytes_AS_STRING(flags)
    out = []
    for i in range(count):
        if connected_only and not f[i] & 1:
            continue
        out.append(b"%s\t%d\n" % (packed_graph6(k[i]), v[i]))
    return b"".join(out)
