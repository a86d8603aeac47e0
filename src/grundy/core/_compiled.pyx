# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""The compiled core of the search: the compact transposition table (24 bytes
per slot, no Python object per position) and the Lemoine-Viennot search the
compiled kernels share (:class:`CompiledSearch`).

A position's canonical key (bytes) is reduced to a 95-bit digest; a slot
holds the digest, the nim-value (or none), the bitmask of values the
position is known not to have, and flags (no reduction applies; written
since the last save). Slots live in one flat array, found by linear probing
from ``(d0 * capacity) >> 64``; the array grows by half when it is three
quarters full, so it holds a stored position in 32 to 48 bytes (plus the
list of slots written since the last save while a table file is open).
Arrays of 1 MiB and more are mapped pages of their own, and a growth hands
the old array's pages back as it copies them: the peak of a growth is about
the new array, not the old and new arrays together (1.01x against 1.68x the
final array, ``benchmarks/table_grow.py``). Where the system has it (Linux),
a mapped array is advised to use transparent huge pages (``madvise``
``MADV_HUGEPAGE``): a probe lands on a random slot, and a table of
gigabytes in 4 KiB pages misses the TLB on nearly every probe and faults
its pages in one by one (1.07x and 1.17x the positions per CPU second
with a 4.8 GB slot array, within noise at 720 MB; docs/performance.md,
"Huge pages for large tables"). The mapping (``mmap``,
``munmap``) makes this module POSIX-only; where it does not build, grundy
runs its Python search with dict tables.
Values of 32767 and more, and excluded-value bits from 64 up, go to two
small Python dicts (none occurs in the games' searches so far).

Collisions
----------
Two keys with the same digest share a slot: the table cannot tell them
apart. The digest is two 64-bit multiply-fold chains over the key's words
(different constants, each finished by the murmur3 ``fmix64`` finalizer),
95 bits kept. Treating it as a random function, a run that stores N
positions has a digest collision with probability at most
``N * (N - 1) / 2**96``: 1.3e-13 for N = 1e8, 1.3e-11 for N = 1e9 (the
largest runs in docs/journal/results.md store about 1e8). ``digest_bits`` below 95
(tests only) keeps fewer bits so that collisions happen and can be tested.

Spill
-----
With ``max_bytes`` the slot array stops growing at that size. When it is
full, the table calls ``on_full`` (a table with a file saves every written
slot there) and drops entries until it is half full: first irreducible
marks (recomputed on demand), then partial entries, then values. Dropped
entries that were saved are added to one Bloom filter of 64 bits per slot
(6 probes: about 2% false positives once 8 times the slots have been
spilled, far fewer before), and a later miss that the filter does not rule
out asks ``fetch`` (the file) and takes the row back. The bound covers the
slots, the filter and the list of slots written since the last save (40
bytes per slot in all). Without a
file, dropped entries are forgotten: the table is a cache of the search,
which finds them again if it needs them.

The kernels (cimport, see ``_compiled.pxd``) call the ``cdef`` methods; the
Python search uses the dict-like views ``values``, ``not_values`` and
``irreducible``.
"""

from libc.stdint cimport uint64_t, uint32_t, int16_t, uint16_t
from libc.stdlib cimport calloc, free, malloc, qsort, realloc
from libc.string cimport memcmp, memcpy, memset
from posix.mman cimport MAP_ANONYMOUS, MAP_FAILED, MAP_PRIVATE, PROT_READ, PROT_WRITE, mmap, munmap
from posix.unistd cimport sysconf, _SC_PAGESIZE
from cpython.bytes cimport PyBytes_AS_STRING, PyBytes_GET_SIZE, PyBytes_FromStringAndSize
from cpython.dict cimport PyDict_GetItem
from cpython.exc cimport PyErr_CheckSignals
from cpython.tuple cimport PyTuple_New, PyTuple_SET_ITEM
from cpython.object cimport PyObject, PyObject_Hash
from cpython.ref cimport Py_INCREF, Py_XDECREF
cimport cython

cdef extern from "Python.h":
    const Py_ssize_t PY_SSIZE_T_MAX

from collections import OrderedDict


cdef extern from *:
    """
    #define GRUNDY_P1 0xa0761d6478bd642fULL
    #define GRUNDY_P2 0xe7037ed1a0b428dbULL
    #define GRUNDY_P3 0x8ebc6af09c88c6e3ULL
    #define GRUNDY_P4 0x589965cc75374cc3ULL
    static inline uint64_t grundy_mum(uint64_t a, uint64_t b) {
        __uint128_t r = (__uint128_t)a * b;
        return (uint64_t)r ^ (uint64_t)(r >> 64);
    }
    static inline uint64_t grundy_range(uint64_t h, uint64_t n) {
        return (uint64_t)(((__uint128_t)h * n) >> 64);
    }
    static inline uint64_t grundy_le64(const unsigned char* p) {
        uint64_t w;
        memcpy(&w, p, 8);
    #if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
        w = __builtin_bswap64(w);
    #endif
        return w;
    }
    #include <sys/mman.h>
    static inline int grundy_advise_huge(void* p, size_t n) {
    #ifdef MADV_HUGEPAGE
        return madvise(p, n, MADV_HUGEPAGE);
    #else
        (void)p; (void)n; return -1;
    #endif
    }
    static inline uint64_t grundy_fmix64(uint64_t k) {
        k ^= k >> 33; k *= 0xff51afd7ed558ccdULL;
        k ^= k >> 33; k *= 0xc4ceb9fe1a85ec53ULL;
        k ^= k >> 33; return k;
    }
    """
    uint64_t grundy_mum(uint64_t a, uint64_t b) nogil
    uint64_t grundy_range(uint64_t h, uint64_t n) nogil
    uint64_t grundy_fmix64(uint64_t k) nogil
    int grundy_advise_huge(void* p, size_t n) nogil
    uint64_t grundy_le64(const unsigned char* p) nogil
    uint64_t P1 "GRUNDY_P1"
    uint64_t P2 "GRUNDY_P2"
    uint64_t P3 "GRUNDY_P3"
    uint64_t P4 "GRUNDY_P4"


cdef enum:
    IRREDUCIBLE = 1
    DIRTY = 2
    BIG_EXCLUDED = 4
    # the key's graph has no automorphism but the identity (set by a kernel
    # with the irreducible mark, from the nauty call that made the key): its
    # expansion needs no automorphism group; never saved, never cleared
    RIGID = 8
    # a memory bound buys per slot: the slot, 8 bytes of spill filter, up to 8 of write list
    BOUND_BYTES_PER_SLOT = 40
    BLOOM_PROBES = 6

cdef inline int _tier(Entry* e):
    """What dropping an entry loses: 0 nothing saved (a mark), 1 a mask, 2 a value."""
    if e.value != -1:
        return 2
    if e.excluded != 0 or (e.flags & BIG_EXCLUDED):
        return 1
    return 0


cdef inline void _bloom_add(uint64_t* bits, uint64_t nbits, uint64_t d0, uint32_t d1):
    cdef uint64_t h = d0 >> 1, step = ((<uint64_t>d1 << 32) ^ (d0 >> 17)) | 1, b
    cdef int i
    for i in range(BLOOM_PROBES):
        b = h % nbits
        bits[b >> 6] |= (<uint64_t>1) << (b & 63)
        h += step


cdef inline bint _bloom_has(uint64_t* bits, uint64_t nbits, uint64_t d0, uint32_t d1):
    cdef uint64_t h = d0 >> 1, step = ((<uint64_t>d1 << 32) ^ (d0 >> 17)) | 1, b
    cdef int i
    for i in range(BLOOM_PROBES):
        b = h % nbits
        if not (bits[b >> 6] >> (b & 63)) & 1:
            return False
        h += step
    return True


cdef inline bytes _pack(uint64_t d0, uint32_t d1):
    """The 12 bytes of a digest, little-endian (as stored in a file)."""
    cdef unsigned char out[12]
    cdef int i
    for i in range(8):
        out[i] = (d0 >> (8 * i)) & 0xFF
    for i in range(4):
        out[8 + i] = (d1 >> (8 * i)) & 0xFF
    return PyBytes_FromStringAndSize(<char*>out, 12)


cdef inline void _unpack(bytes digest, uint64_t* d0, uint32_t* d1):
    cdef const unsigned char* p = <const unsigned char*>PyBytes_AS_STRING(digest)
    cdef int i
    d0[0] = 0
    d1[0] = 0
    for i in range(8):
        d0[0] |= (<uint64_t>p[i]) << (8 * i)
    for i in range(4):
        d1[0] |= (<uint32_t>p[8 + i]) << (8 * i)


#: Slot arrays of at least this many bytes are mapped pages of their own
#: (``mmap``), so that a growth can hand the old array's pages back as it
#: copies them (see :meth:`CompactTable._grow`); smaller ones use ``calloc``.
cdef Py_ssize_t MAP_MIN_BYTES = 1 << 20  # blocks from this size on are mapped pages (alloc_zeroed)


cdef void* alloc_zeroed(size_t size, bint* mapped, bint* huge) noexcept nogil:
    """``size`` zeroed bytes (NULL if they cannot be had): from
    ``MAP_MIN_BYTES`` on, mapped pages of their own, advised to use
    transparent huge pages (arrays probed at random: in 4 KiB pages most
    probes also miss the TLB). ``mapped[0]`` says whether they are mapped
    (free with :func:`free_zeroed`), ``huge[0]`` whether the system took the
    advice."""
    cdef void* p
    huge[0] = False
    if size < <size_t>MAP_MIN_BYTES:
        mapped[0] = False
        return calloc(1, size)
    p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
    if p == MAP_FAILED:
        return NULL
    huge[0] = grundy_advise_huge(p, size) == 0  # advice only: where refused, 4 KiB pages
    mapped[0] = True
    return p


cdef void free_zeroed(void* p, size_t size, bint mapped, size_t released) noexcept nogil:
    """Free a block of :func:`alloc_zeroed` of ``size`` bytes; of a mapped
    one the first ``released`` bytes (a multiple of the page size) are
    already unmapped."""
    if p == NULL:
        return
    if not mapped:
        free(p)
    elif size > released:
        munmap(<char*>p + released, size - released)


cdef Entry* _alloc_slots(Py_ssize_t n, bint* mapped, bint* huge):
    """``n`` zeroed slots (NULL if they cannot be had), as
    :func:`alloc_zeroed` gives them."""
    if n < 0 or <size_t>n > (<size_t>PY_SSIZE_T_MAX) // sizeof(Entry):
        return NULL  # more bytes than an address space: a MemoryError, as calloc would say
    return <Entry*>alloc_zeroed(<size_t>n * sizeof(Entry), mapped, huge)


cdef void _free_slots(Entry* p, Py_ssize_t n, bint mapped, size_t released):
    """Free slots from :func:`_alloc_slots` (:func:`free_zeroed`)."""
    free_zeroed(p, <size_t>n * sizeof(Entry), mapped, released)


#: Bytes of one slot.
SLOT_BYTES = sizeof(Entry)
#: Digest bits of a table made with the default ``digest_bits``.
DIGEST_BITS = 95


cdef class CompactTable:
    """A transposition table of canonical keys (bytes) to a nim-value and a
    bitmask of excluded values, 24 bytes per slot (see the module
    docstring).

    Parameters
    ----------
    capacity : int
        Slots to start with (at least 16); the table grows by half when
        three quarters full.
    digest_bits : int
        Bits of the digest kept, 1 to 95 (default 95). Fewer bits force
        collisions: for tests only.
    track_writes : bool
        Remember the slots written since the last :meth:`drain` (needed to
        save to a file; costs 8 bytes per written slot until drained).
    max_bytes : int
        Bytes the table may take (0: no bound; else at least 2560): its
        slots (24 bytes each), the spill's Bloom filter (8 bytes per slot)
        and the write list (at most 8 bytes per slot), so ``max_bytes /
        40`` slots. When they are full the table makes room (see "Spill"
        in the module docstring): ``on_full()`` is called first (a file
        table saves there), then entries are dropped until it is half full.

    Raises
    ------
    ValueError
        If ``digest_bits`` is not in 1..95 or ``capacity`` is negative.
    MemoryError
        If the slots cannot be allocated.

    Attributes
    ----------
    values : mapping view
        key -> nim-value (``get``, ``[]``, ``in``, ``len``, assignment).
    not_values : mapping view
        key -> bitmask of values it does not have (``get``, ``[]``, ``in``,
        ``len``, assignment, ``pop``); a zero mask is absent.
    irreducible : set view
        Keys known to have no reduction (``in``, ``add``, ``len``,
        ``clear``).
    on_full : callable or None
        Called before entries are dropped to make room; with a file it saves
        the written slots there (the spill).
    fetch : callable or None
        ``fetch(digest)`` -> ``(value or None, excluded)`` or None: where a
        dropped entry is read back (the file), asked only for digests a
        Bloom filter of the dropped entries may hold. None: dropped entries
        are forgotten (the table is a cache; the search finds them again).
    evictions, dropped, spilled, fetched : int
        Times room was made; entries dropped; of those, entries with a value
        or mask recorded as spilled (Bloom filter); entries read back.
    """

    def __cinit__(self, Py_ssize_t capacity=1024, int digest_bits=95, bint track_writes=False,
                  Py_ssize_t max_bytes=0):
        if not 1 <= digest_bits <= 95:
            raise ValueError(f"digest_bits must be in 1..95, not {digest_bits}")
        if capacity < 0:
            raise ValueError("capacity must be >= 0")
        if max_bytes < 0 or (max_bytes and max_bytes < 64 * BOUND_BYTES_PER_SLOT):
            raise ValueError(f"max_bytes must be 0 (no bound) or at least {64 * BOUND_BYTES_PER_SLOT}")
        self.max_slots = max_bytes // BOUND_BYTES_PER_SLOT
        self.cap = max(16, capacity)
        if self.max_slots:
            self.cap = min(self.cap, self.max_slots)
        self.slots = _alloc_slots(self.cap, &self.mapped, &self.huge)
        if self.slots == NULL:
            raise MemoryError("cannot allocate the compact table")
        self.digest_bits = digest_bits
        if digest_bits >= 63:  # d0 keeps 63 bits (its low bit is forced), d1 the rest
            self.mask0 = <uint64_t>0 - 1
            self.mask1 = <uint32_t>((<uint64_t>1 << (digest_bits - 63)) - 1)
        else:
            self.mask0 = (<uint64_t>1 << (digest_bits + 1)) - 1
            self.mask1 = 0
        self.last_key = b""  # a real key's digest: None is never taken for it
        self._digest_of(self.last_key, &self.last_d0, &self.last_d1)
        self.big_values = {}
        self.big_excluded = {}
        self.dirty = NULL
        self.dirty_cap = -1 if not track_writes else 0

    def __init__(self, Py_ssize_t capacity=1024, int digest_bits=95, bint track_writes=False,
                 Py_ssize_t max_bytes=0):
        self.values = _Values(self)
        self.not_values = _NotValues(self)
        self.irreducible = _Irreducible(self)

    def __dealloc__(self):
        _free_slots(self.slots, self.cap, self.mapped, 0)
        free(self.dirty)
        free(self.bloom)

    # ------------------------------------------------------------------
    # slots
    # ------------------------------------------------------------------
    cdef void _digest(self, bytes key, uint64_t* d0, uint32_t* d1):
        if key is self.last_key:  # the same key asked again (value, then excluded, ...): one digest
            d0[0] = self.last_d0
            d1[0] = self.last_d1
            return
        self._digest_of(key, d0, d1)
        self.last_key = key
        self.last_d0 = d0[0]
        self.last_d1 = d1[0]

    cdef void _digest_of(self, bytes key, uint64_t* d0, uint32_t* d1):
        cdef const unsigned char* p = <const unsigned char*>PyBytes_AS_STRING(key)
        cdef Py_ssize_t n = PyBytes_GET_SIZE(key), i = 0
        cdef uint64_t w, a = grundy_mum(P1 ^ <uint64_t>n, P3), b = grundy_mum(P2 ^ <uint64_t>n, P4)
        cdef int shift
        while i + 8 <= n:
            w = grundy_le64(p + i)  # little-endian words: the same digest on every machine
            a = grundy_mum(a ^ w, P3)
            b = grundy_mum(b ^ w ^ P1, P4)
            i += 8
        if i < n:
            w = 0
            shift = 0
            while i < n:
                w |= (<uint64_t>p[i]) << shift
                shift += 8
                i += 1
            a = grundy_mum(a ^ w, P3)
            b = grundy_mum(b ^ w ^ P1, P4)
        # the length again at the end: keys differing only in trailing zero bytes
        a = grundy_fmix64(a ^ <uint64_t>n)
        b = grundy_fmix64(b ^ ~<uint64_t>n)
        d0[0] = (a & self.mask0) | 1
        d1[0] = <uint32_t>(b >> 32) & self.mask1

    cdef Entry* _find(self, uint64_t d0, uint32_t d1):
        cdef Py_ssize_t i = <Py_ssize_t>grundy_range(d0, <uint64_t>self.cap)
        cdef Entry* e
        while True:
            e = &self.slots[i]
            if e.d0 == 0:
                return NULL
            if e.d0 == d0 and e.d1 == d1:
                return e
            i += 1
            if i == self.cap:
                i = 0

    cdef Entry* _insert(self, uint64_t d0, uint32_t d1) except NULL:
        cdef Entry* e = self._find(d0, d1)
        if e != NULL:
            return e
        if (self.count + 1) * 4 > self.cap * 3:
            if self.max_slots and self.cap + self.cap // 2 > self.max_slots:
                if self.cap < self.max_slots:
                    self._grow()  # up to the bound
                else:
                    self._make_room()
            else:
                self._grow()
        cdef Py_ssize_t i = <Py_ssize_t>grundy_range(d0, <uint64_t>self.cap)
        while self.slots[i].d0 != 0:
            i += 1
            if i == self.cap:
                i = 0
        e = &self.slots[i]
        e.d0 = d0
        e.d1 = d1
        e.value = -1
        e.flags = 0
        e.excluded = 0
        self.count += 1
        return e

    cdef int _grow(self) except -1:
        """Move the slots to an array half as large again. Home slots are
        monotone in the digest, so the old array is read from the start and
        the new one filled at about 1.5 times the same place; when the old
        array is mapped pages, the pages read are unmapped as the copy goes,
        so the two arrays together never hold much more than the new one
        (``max_bytes`` bounds the peak, not only the end; before, a growth
        from 7.07 GB held old and new arrays, 17.67 GB, at once)."""
        cdef Py_ssize_t old_cap = self.cap, new_cap = self.cap + self.cap // 2, i, j
        cdef size_t page = <size_t>sysconf(_SC_PAGESIZE), released = 0, done
        if self.max_slots and new_cap > self.max_slots:
            new_cap = self.max_slots
        cdef Entry* old = self.slots
        cdef bint old_mapped = self.mapped, fresh_mapped = False, fresh_huge = False
        cdef Entry* fresh = _alloc_slots(new_cap, &fresh_mapped, &fresh_huge)
        if fresh == NULL:
            raise MemoryError(f"cannot grow the compact table to {new_cap} slots")
        for i in range(old_cap):
            if old[i].d0 != 0:
                j = <Py_ssize_t>grundy_range(old[i].d0, <uint64_t>new_cap)
                while fresh[j].d0 != 0:
                    j += 1
                    if j == new_cap:
                        j = 0
                fresh[j] = old[i]
            if old_mapped and (i & 0xFFFF) == 0xFFFF:
                # slots 0..i are copied: hand back the whole pages below slot i + 1
                done = (<size_t>(i + 1) * sizeof(Entry)) // page * page
                if done > released:
                    munmap(<char*>old + released, done - released)
                    released = done
        self.slots = fresh
        self.cap = new_cap
        self.mapped = fresh_mapped
        self.huge = fresh_huge
        _free_slots(old, old_cap, old_mapped, released)
        self._relist_dirty()
        return 0

    cdef int _relist_dirty(self) except -1:
        """List the written slots again (their numbers changed)."""
        cdef Py_ssize_t i
        if self.dirty_cap >= 0:
            self.ndirty = 0
            for i in range(self.cap):
                if self.slots[i].flags & DIRTY:
                    self.slots[i].flags &= ~DIRTY
                    if self.slots[i].d0 != 0:
                        self._mark(&self.slots[i])
        return 0

    cdef int _make_room(self) except -1:
        """The array is full and may not grow: call ``on_full`` (a file
        table saves), then drop entries until the table is half full: first
        those with neither value nor mask (irreducible marks), then partial
        entries, then values. Dropped entries with a value or mask that
        were saved (nothing left to write) go into the Bloom filter, so
        that a later miss asks ``fetch``. The survivors are put back in
        place (no second array)."""
        cdef Py_ssize_t i, k, j, idx, n, keep_target = self.cap // 2, start = -1
        cdef Entry* e
        cdef Entry moved
        cdef int tier, drop_tier
        cdef Py_ssize_t tier_count[3]
        cdef bint spill
        if self.on_full is not None:
            self.on_full()
        spill = self.fetch is not None
        if spill and self.bloom == NULL:
            # 64 bits per slot: about 2% false positives with 8 times the slots spilled
            self.bloom_nbits = 64 * <uint64_t>self.max_slots
            self.bloom = <uint64_t*>calloc(self.bloom_nbits // 64, 8)
            if self.bloom == NULL:
                raise MemoryError("cannot allocate the spill filter")
        tier_count[0] = tier_count[1] = tier_count[2] = 0
        for i in range(self.cap):
            e = &self.slots[i]
            if e.d0 != 0:
                tier_count[_tier(e)] += 1
            elif start < 0:
                start = i  # empty before anything is dropped: no probe run crosses it
        # the lowest tier that must go in part: tiers below it go whole
        n = self.count
        drop_tier = 0
        while drop_tier < 2 and n - tier_count[drop_tier] > keep_target:
            n -= tier_count[drop_tier]
            drop_tier += 1
        # drop: tiers below drop_tier whole, drop_tier while more than keep_target remain
        for i in range(self.cap):
            e = &self.slots[i]
            if e.d0 == 0:
                continue
            tier = _tier(e)
            if tier < drop_tier or (tier == drop_tier and n > keep_target):
                if tier > 0 and spill and not (e.flags & DIRTY):
                    _bloom_add(self.bloom, self.bloom_nbits, e.d0, e.d1)
                    self.spilled += 1
                if e.value == -2:
                    del self.big_values[(e.d0, e.d1)]
                if e.flags & BIG_EXCLUDED:
                    del self.big_excluded[(e.d0, e.d1)]
                if e.value != -1:
                    self.nvalues -= 1
                if e.excluded != 0 or (e.flags & BIG_EXCLUDED):
                    self.npartial -= 1
                if e.flags & IRREDUCIBLE:
                    self.nirreducible -= 1
                memset(e, 0, sizeof(Entry))  # flags too: an empty slot is never listed as written
                self.count -= 1
                self.dropped += 1
                if tier == drop_tier:
                    n -= 1
        self.evictions += 1
        # Put the survivors back in place: in probe order from a slot that was
        # empty before the drop (so no probe run crosses it), each survivor is
        # taken out and inserted again from its home slot; it can only move
        # back, into a slot already settled or its own.
        for k in range(1, self.cap + 1):
            idx = (start + k) % self.cap
            if self.slots[idx].d0 == 0:
                continue
            moved = self.slots[idx]
            memset(&self.slots[idx], 0, sizeof(Entry))
            j = <Py_ssize_t>grundy_range(moved.d0, <uint64_t>self.cap)
            while self.slots[j].d0 != 0:
                j += 1
                if j == self.cap:
                    j = 0
            self.slots[j] = moved
        self._relist_dirty()
        return 0

    cdef Entry* _find_or_fetch(self, uint64_t d0, uint32_t d1) except? NULL:
        """:meth:`_find`, and when the entry is missing or only a mark and
        the Bloom filter does not rule it out, the row read back with
        ``fetch`` and merged (NULL if there is none)."""
        cdef Entry* e = self._find(d0, d1)
        if self.bloom == NULL or self.fetch is None or (e != NULL and _tier(e) > 0):
            return e
        if not _bloom_has(self.bloom, self.bloom_nbits, d0, d1):
            return e
        digest = _pack(d0, d1)
        row = self.fetch(digest)
        if row is None or (row[0] is None and not row[1]):
            return e
        self.load(digest, row[0], row[1])
        self.fetched += 1
        return self._find(d0, d1)

    cdef int _mark(self, Entry* e) except -1:
        """Note a slot written since the last drain (with track_writes)."""
        cdef Py_ssize_t* grown
        cdef Py_ssize_t size
        if self.dirty_cap < 0 or e.flags & DIRTY:
            return 0
        if self.ndirty == self.dirty_cap:
            # a slot is listed once, so the list never needs more entries than slots
            size = min(max(1024, self.dirty_cap * 2), self.cap)
            if size <= self.ndirty:
                raise RuntimeError("compact table: more written slots listed than slots (a bug)")
            grown = <Py_ssize_t*>realloc(self.dirty, size * sizeof(Py_ssize_t))
            if grown == NULL:
                raise MemoryError("cannot grow the compact table's write list")
            self.dirty = grown
            self.dirty_cap = size
        e.flags |= DIRTY
        self.dirty[self.ndirty] = e - self.slots
        self.ndirty += 1
        return 0

    # ------------------------------------------------------------------
    # the kernels' interface (cdef)
    # ------------------------------------------------------------------
    cdef long value_of(self, bytes key) except -2:
        """The value of ``key``, or -1 if none is stored."""
        cdef uint64_t d0
        cdef uint32_t d1
        self._digest(key, &d0, &d1)
        cdef Entry* e = self._find_or_fetch(d0, d1)
        if e == NULL or e.value == -1:
            return -1
        if e.value == -2:
            return <long>self.big_values[(d0, d1)]
        return e.value

    cdef long value_marked(self, bytes key, bint* irreducible) except -2:
        """:meth:`value_of` and :meth:`is_irreducible` of one key from one
        probe: the value (-1 if none), and ``irreducible[0]`` set."""
        cdef uint64_t d0
        cdef uint32_t d1
        self._digest(key, &d0, &d1)
        cdef Entry* e = self._find_or_fetch(d0, d1)
        if e == NULL:
            irreducible[0] = False
            return -1
        irreducible[0] = (e.flags & IRREDUCIBLE) != 0
        if e.value == -1:
            return -1
        if e.value == -2:
            return <long>self.big_values[(d0, d1)]
        return e.value

    cdef object value_excluded(self, bytes key, long* value, bint* rigid=NULL):
        """:meth:`value_of` (in ``value[0]``) and :meth:`excluded_of`
        (returned) of one key from one probe; with ``rigid``, whether the
        key is marked :data:`RIGID` in ``rigid[0]``."""
        cdef uint64_t d0
        cdef uint32_t d1
        self._digest(key, &d0, &d1)
        cdef Entry* e = self._find_or_fetch(d0, d1)
        if rigid != NULL:
            rigid[0] = e != NULL and (e.flags & RIGID) != 0
        if e == NULL:
            value[0] = -1
            return 0
        if e.value == -2:
            value[0] = <long>self.big_values[(d0, d1)]
        else:
            value[0] = e.value
        if e.flags & BIG_EXCLUDED:
            return self.big_excluded[(d0, d1)]
        return e.excluded

    cdef object excluded_of(self, bytes key):
        """The bitmask of values ``key`` is known not to have (0: none)."""
        cdef uint64_t d0
        cdef uint32_t d1
        self._digest(key, &d0, &d1)
        cdef Entry* e = self._find_or_fetch(d0, d1)
        if e == NULL:
            return 0
        if e.flags & BIG_EXCLUDED:
            return self.big_excluded[(d0, d1)]
        return e.excluded

    cdef int set_value(self, bytes key, long n) except -1:
        """Store the value ``n >= 0`` of ``key``."""
        cdef uint64_t d0
        cdef uint32_t d1
        if n < 0:
            raise ValueError("a nim-value is >= 0")
        self._digest(key, &d0, &d1)
        cdef Entry* e = self._insert(d0, d1)
        if e.value == -1:
            self.nvalues += 1
        if n >= 32767:
            self.big_values[(d0, d1)] = n
            e.value = -2
        else:
            if e.value == -2:
                del self.big_values[(d0, d1)]
            e.value = <int16_t>n
        self._mark(e)
        return 0

    cdef int set_excluded(self, bytes key, object mask) except -1:
        """Replace the excluded-value bitmask of ``key`` (0 clears it)."""
        cdef uint64_t d0
        cdef uint32_t d1
        cdef Entry* e
        self._digest(key, &d0, &d1)
        if not mask:
            e = self._find(d0, d1)
            if e == NULL:
                return 0
        else:
            e = self._insert(d0, d1)
        cdef Py_ssize_t index = e - self.slots
        self.set_excluded_digest(index, mask)
        self._mark(&self.slots[index])
        return 0

    cdef bint is_irreducible(self, bytes key):
        cdef uint64_t d0
        cdef uint32_t d1
        self._digest(key, &d0, &d1)
        cdef Entry* e = self._find(d0, d1)
        return e != NULL and (e.flags & IRREDUCIBLE) != 0

    cdef int add_irreducible(self, bytes key, bint rigid=False) except -1:
        """Mark ``key`` irreducible and, with ``rigid``, its graph as
        having the identity for its only automorphism (:data:`RIGID`)."""
        cdef uint64_t d0
        cdef uint32_t d1
        self._digest(key, &d0, &d1)
        cdef Entry* e = self._insert(d0, d1)
        if not e.flags & IRREDUCIBLE:
            e.flags |= IRREDUCIBLE
            self.nirreducible += 1
        if rigid:
            e.flags |= RIGID
        return 0

    # ------------------------------------------------------------------
    # Python interface
    # ------------------------------------------------------------------
    def digest(self, bytes key not None) -> bytes:
        """The 12-byte digest of ``key`` (as stored in a table file)."""
        cdef uint64_t d0
        cdef uint32_t d1
        self._digest(key, &d0, &d1)
        return _pack(d0, d1)

    def is_rigid(self, bytes key not None) -> bool:
        """Whether ``key`` is marked :data:`RIGID` (a kernel found its graph
        to have no automorphism but the identity). For tests."""
        cdef uint64_t d0
        cdef uint32_t d1
        self._digest(key, &d0, &d1)
        cdef Entry* e = self._find(d0, d1)
        return e != NULL and (e.flags & RIGID) != 0

    def clear_irreducible(self) -> None:
        """Forget every irreducible mark (a pass over the slots)."""
        cdef Py_ssize_t i
        for i in range(self.cap):
            self.slots[i].flags &= ~IRREDUCIBLE
        self.nirreducible = 0

    def load(self, bytes digest, value, excluded, bint written=False) -> None:
        """Merge one row of a table file (its 12-byte digest, value or None,
        excluded bitmask or 0): a value is kept (and the mask dropped), a
        mask is or-ed in (ignored once a value is known). Marked as written only with ``written`` (rows
        the file does not hold under this digest yet).

        Raises
        ------
        ValueError
            If ``digest`` is not 12 bytes."""
        self._load_one(digest, value, excluded, written)

    def load_rows(self, rows, bint written=False, bint keys=False) -> int:
        """Merge the rows of a table file as :meth:`load` does, one call for
        them all: ``rows`` is any iterable (an SQLite cursor) of ``(digest,
        value or None, excluded)``, ``excluded`` a hexadecimal string, None
        or an int; with ``keys``, each row's first field is a canonical key,
        merged under its digest. Returns the rows read. Signals are checked
        every 65,536 rows (Ctrl-C stops a long load).

        Raises
        ------
        ValueError
            If a digest is not 12 bytes or a row has not three fields.
        """
        cdef long count = 0
        cdef uint64_t d0
        cdef uint32_t d1
        for row in rows:
            if len(row) != 3:
                raise ValueError("a table row has three fields (digest or key, value, excluded)")
            first, value, excluded = row
            if keys:
                self._digest(<bytes?>first, &d0, &d1)
                first = _pack(d0, d1)
            if excluded is None:
                excluded = 0
            elif isinstance(excluded, str):
                excluded = int(excluded, 16) if excluded else 0
            self._load_one(<bytes?>first, value, excluded, written)
            count += 1
            if not count & 0xFFFF:
                PyErr_CheckSignals()  # declared except -1: the handler's exception propagates
        return count

    cdef int _load_one(self, bytes digest, value, excluded, bint written) except -1:
        cdef uint64_t d0
        cdef uint32_t d1
        cdef Entry* e
        if PyBytes_GET_SIZE(digest) != 12:
            raise ValueError("a digest is 12 bytes")
        _unpack(digest, &d0, &d1)
        d0 = (d0 & self.mask0) | 1
        d1 &= self.mask1
        e = self._insert(d0, d1)
        cdef Py_ssize_t index = e - self.slots
        if value is not None:  # a value row: the value, no mask (as the file keeps it)
            if e.value == -1:
                self.nvalues += 1
            elif e.value == -2:
                del self.big_values[(d0, d1)]
            if value >= 32767:
                self.big_values[(d0, d1)] = value
                e.value = -2
            else:
                e.value = <int16_t>value
            self.set_excluded_digest(index, 0)
        elif excluded and e.value == -1:  # a mask means nothing once the value is known
            old = self.big_excluded.get((d0, d1), e.excluded)
            self.set_excluded_digest(index, old | excluded)
        if written:
            self._mark(&self.slots[index])
        return 0

    def stop_tracking(self) -> None:
        """Stop listing written slots (the table's file is closed): the list
        is freed and nothing is listed again."""
        cdef Py_ssize_t i
        free(self.dirty)
        self.dirty = NULL
        self.ndirty = 0
        self.dirty_cap = -1
        for i in range(self.cap):
            self.slots[i].flags &= ~DIRTY

    def remark(self, list rows) -> None:
        """Mark the slots of these drained rows as written again (their save
        failed); rows whose slot is gone are skipped."""
        cdef uint64_t d0
        cdef uint32_t d1
        cdef Entry* e
        for row in rows:
            _unpack(<bytes>row[0], &d0, &d1)
            e = self._find(d0, d1)
            if e != NULL:
                self._mark(e)

    cdef int set_excluded_digest(self, Py_ssize_t index, object mask) except -1:
        """Replace the excluded-value bitmask of the slot ``index`` (0 clears it)."""
        cdef Entry* e = &self.slots[index]
        cdef bint had = e.excluded != 0 or (e.flags & BIG_EXCLUDED)
        key = (e.d0, e.d1)
        if e.flags & BIG_EXCLUDED:
            del self.big_excluded[key]
            e.flags &= ~BIG_EXCLUDED
        if mask >> 64:
            self.big_excluded[key] = mask
            e.flags |= BIG_EXCLUDED
            e.excluded = 0
        else:
            e.excluded = <uint64_t>mask
        cdef bint has = e.excluded != 0 or (e.flags & BIG_EXCLUDED)
        self.npartial += <int>has - <int>had
        return 0

    def drain(self, Py_ssize_t limit=-1) -> list:
        """The slots written since the last drain, as rows ``(digest,
        value or None, excluded)`` (12-byte digests), in the order written,
        and forget them; with ``limit`` >= 0, at most ``limit`` rows, from
        the slots listed last (the others stay listed for the next drain: a
        save of a table of a hundred million written slots drains them in
        parts, so that their rows as Python objects are never all made at
        once: docs/tables.md, "A save's memory"). Empty without ``track_writes`` or once
        nothing is listed."""
        cdef Py_ssize_t i = self.ndirty
        cdef Entry* e
        rows = []
        while i > 0 and (limit < 0 or len(rows) < limit):
            i -= 1
            e = &self.slots[self.dirty[i]]
            e.flags &= ~DIRTY
            if e.value == -1:
                value = None
                if e.flags & BIG_EXCLUDED:
                    excluded = self.big_excluded[(e.d0, e.d1)]
                else:
                    excluded = e.excluded
                if not excluded:
                    continue
            else:
                value = self.big_values[(e.d0, e.d1)] if e.value == -2 else e.value
                excluded = 0
            rows.append((_pack(e.d0, e.d1), value, excluded))
        self.ndirty = i
        rows.reverse()
        return rows

    def snapshot(self) -> dict:
        """Every stored position with something to say: ``{digest: (value or None, excluded,
        irreducible)}`` (12-byte digests; for tests and comparisons, a pass
        over the slots)."""
        cdef Py_ssize_t i
        cdef Entry* e
        rows = {}
        for i in range(self.cap):
            e = &self.slots[i]
            if e.d0 == 0:
                continue
            value = None if e.value == -1 else (self.big_values[(e.d0, e.d1)] if e.value == -2 else e.value)
            excluded = self.big_excluded[(e.d0, e.d1)] if e.flags & BIG_EXCLUDED else e.excluded
            if value is None and not excluded and not e.flags & IRREDUCIBLE:
                continue
            rows[_pack(e.d0, e.d1)] = (value, excluded, (e.flags & IRREDUCIBLE) != 0)
        return rows

    @property
    def capacity(self) -> int:
        """Slots allocated."""
        return self.cap

    @property
    def mapped(self) -> bool:
        """Whether the slots are mapped pages of their own (arrays of at
        least 1 MiB), handed back page by page as a growth copies them."""
        return self.mapped

    @property
    def huge_pages(self) -> bool:
        """Whether the slots are mapped pages the system agreed to back with
        transparent huge pages (``madvise`` ``MADV_HUGEPAGE`` accepted: Linux
        with THP built in; False for arrays under 1 MiB, which are not
        mapped)."""
        return self.huge

    @property
    def entries(self) -> int:
        """Slots in use (positions with a value, a mask or a mark)."""
        return self.count

    @property
    def bytes_used(self) -> int:
        """Bytes of the slot array, the write list and the spill's Bloom
        filter (the overflow dicts not counted: they are empty in every
        search measured)."""
        return self.cap * sizeof(Entry) + max(self.dirty_cap, 0) * sizeof(Py_ssize_t) + self.bloom_nbits // 8

    @property
    def overflow(self) -> int:
        """Entries in the overflow dicts (values >= 32767, masks of 64+ bits)."""
        return len(self.big_values) + len(self.big_excluded)


_COMPACT = "a compact table holds digests, not keys: it cannot list them"


cdef class _Values:
    cdef CompactTable t

    def __cinit__(self, CompactTable t):
        self.t = t

    def get(self, bytes key, default=None):
        cdef long v = self.t.value_of(key)
        return default if v < 0 else v

    def __getitem__(self, bytes key):
        cdef long v = self.t.value_of(key)
        if v < 0:
            raise KeyError(key)
        return v

    def __setitem__(self, bytes key, long n):
        self.t.set_value(key, n)

    def update(self, pairs):
        """Store every ``key: value`` of a dict."""
        for key, n in pairs.items():
            self.t.set_value(key, n)

    def __contains__(self, bytes key):
        return self.t.value_of(key) >= 0

    def __len__(self):
        return self.t.nvalues

    def __iter__(self):
        raise TypeError(_COMPACT)


cdef class _NotValues:
    cdef CompactTable t

    def __cinit__(self, CompactTable t):
        self.t = t

    def get(self, bytes key, default=None):
        mask = self.t.excluded_of(key)
        return mask if mask else default

    def __getitem__(self, bytes key):
        mask = self.t.excluded_of(key)
        if not mask:
            raise KeyError(key)
        return mask

    def __setitem__(self, bytes key, mask):
        self.t.set_excluded(key, mask)

    def __contains__(self, bytes key):
        return bool(self.t.excluded_of(key))

    def pop(self, bytes key, default=None):
        mask = self.t.excluded_of(key)
        if not mask:
            return default
        self.t.set_excluded(key, 0)
        return mask

    def __len__(self):
        return self.t.npartial

    def __iter__(self):
        raise TypeError(_COMPACT)


cdef class _Irreducible:
    cdef CompactTable t

    def __cinit__(self, CompactTable t):
        self.t = t

    def __contains__(self, bytes key):
        return self.t.is_irreducible(key)

    def add(self, bytes key):
        self.t.add_irreducible(key)

    def clear(self):
        self.t.clear_irreducible()

    def __len__(self):
        return self.t.nirreducible

    def __iter__(self):
        raise TypeError(_COMPACT)


# ----------------------------------------------------------------------
# the Lemoine-Viennot search of the compiled kernels
# ----------------------------------------------------------------------

# Bit masks of values are Python ints (values may exceed 63): shifting this
# object, not a C 1, keeps Cython from computing ``1 << n`` in C.
cdef object _ONE = 1


cdef inline bint _same_key(PyObject* a, PyObject* b) noexcept:
    """Whether two bytes keys are equal (the same object, or the same bytes)."""
    cdef Py_ssize_t size
    if a == b:
        return True
    size = PyBytes_GET_SIZE(<bytes>a)
    return size == PyBytes_GET_SIZE(<bytes>b) and memcmp(PyBytes_AS_STRING(<bytes>a),
                                                         PyBytes_AS_STRING(<bytes>b), size) == 0


@cython.final
@cython.no_gc
cdef class Options:
    """The options of a position as the compiled search keeps them: C
    arrays, no Python object per option (issue 28: the tuples of the
    Python search's option lists were a tenth of a search's time).

    Option ``i`` is ``(nimber, unknowns)`` as :meth:`grundy.core.search.Searcher._options`
    makes them: ``recs[i].nimber`` and the bytes keys ``keys[first:first +
    count]`` (owned references). Options are deduplicated as they are
    closed (:meth:`close_option`), as the Python search's set of tuples
    does, and sorted by :meth:`CompiledSearch.sort_records` once the
    generation is complete. A generation stopped at a refutation is
    ``stopped``, with the index of the next move and the bits of the values
    of the options of known value it made (the Python search's partial
    tuple ``(options, next move, known)``).

    Holds only bytes and an int, so it takes no part in reference cycles:
    the cyclic collector does not track it (``no_gc``).
    """

    def __cinit__(self):
        self.recs = NULL
        self.keys = NULL
        self.slots = NULL
        self.n = self.cap = self.nkeys = self.kcap = self.nslots = 0
        self.stopped = False
        self.next_move = 0
        self.known = 0

    def __dealloc__(self):
        cdef int i
        for i in range(self.nkeys):
            Py_XDECREF(self.keys[i])
        free(self.recs)
        free(self.keys)
        free(self.slots)

    cdef int push_key(self, bytes key) except -1:
        """Append an unknown component's key to the option being made."""
        cdef int cap
        cdef PyObject** grown
        if self.nkeys == self.kcap:
            cap = 2 * self.kcap if self.kcap else 32
            grown = <PyObject**>realloc(self.keys, cap * sizeof(PyObject*))
            if grown == NULL:
                raise MemoryError()
            self.keys = grown
            self.kcap = cap
        Py_INCREF(key)
        self.keys[self.nkeys] = <PyObject*>key
        self.nkeys += 1
        return 0

    cdef int extend_keys(self, tuple keys) except -1:
        for key in keys:
            self.push_key(<bytes?>key)
        return 0

    cdef int drop_keys(self, int first):
        """Forget the keys from ``first`` on (an option not kept)."""
        while self.nkeys > first:
            self.nkeys -= 1
            Py_XDECREF(self.keys[self.nkeys])
            self.keys[self.nkeys] = NULL
        return 0

    cdef int _grow_slots(self) except -1:
        cdef int size = self.nslots * 2 if self.nslots else 64, i, j
        cdef int* fresh
        while size < 2 * (self.n + 1):
            size *= 2
        fresh = <int*>malloc(size * sizeof(int))
        if fresh == NULL:
            raise MemoryError()
        for i in range(size):
            fresh[i] = -1
        for i in range(self.n):
            j = <int>(<size_t>self.recs[i].hash & <size_t>(size - 1))
            while fresh[j] >= 0:
                j = (j + 1) & (size - 1)
            fresh[j] = i
        free(self.slots)
        self.slots = fresh
        self.nslots = size
        return 0

    cdef Py_ssize_t _hash(self, long nimber, int first) except? -1:
        """The deduplication hash of the option ``nimber`` + keys[first:nkeys]
        (in order: equal options have their keys in the same order)."""
        cdef size_t h = <size_t>nimber * <size_t>0x9E3779B97F4A7C15
        cdef int i
        for i in range(first, self.nkeys):
            h = (h ^ <size_t>PyObject_Hash(<object>self.keys[i])) * <size_t>0x100000001B3
        return <Py_ssize_t>h

    cdef int _add_record(self, long nimber, int first, Py_ssize_t h, bint dedupe) except -1:
        """Record the option ``nimber`` + keys[first:nkeys] with hash ``h``;
        with ``dedupe``, not if an equal one is recorded (its keys are
        dropped). Returns 1 if recorded."""
        cdef int count = self.nkeys - first, j, i, c
        cdef OptRec* rec
        cdef OptRec* grown
        if 2 * (self.n + 1) > self.nslots:
            self._grow_slots()
        j = <int>(<size_t>h & <size_t>(self.nslots - 1))
        while self.slots[j] >= 0:
            if dedupe:
                rec = &self.recs[self.slots[j]]
                if rec.hash == h and rec.nimber == nimber and rec.count == count:
                    for c in range(count):
                        if not _same_key(self.keys[rec.first + c], self.keys[first + c]):
                            break
                    else:
                        self.drop_keys(first)
                        return 0
            j = (j + 1) & (self.nslots - 1)
        if self.n == self.cap:
            i = 2 * self.cap if self.cap else 16
            grown = <OptRec*>realloc(self.recs, i * sizeof(OptRec))
            if grown == NULL:
                raise MemoryError()
            self.recs = grown
            self.cap = i
        rec = &self.recs[self.n]
        rec.nimber = nimber
        rec.first = first
        rec.count = count
        rec.hash = h
        self.slots[j] = self.n
        self.n += 1
        return 1

    cdef int close_option(self, long nimber, int first, bint cancel) except -1:
        """Close the option ``nimber`` + the keys pushed since ``first``:
        as :meth:`grundy.core.search.Searcher.finish_split` (with ``cancel``,
        the theory's ``cancel_pairs``: two equal keys cancel; the rest sorted
        by length, stably), then kept unless an
        equal option is. Returns its number of unknowns."""
        cdef int i, j, out, cnt
        cdef PyObject* k
        cdef Py_ssize_t h, size
        if self.nkeys - first > 1:
            if cancel:
                out = first
                for i in range(first, self.nkeys):
                    k = self.keys[i]
                    if k == NULL:
                        continue
                    cnt = 1
                    for j in range(i + 1, self.nkeys):
                        if self.keys[j] != NULL and _same_key(k, self.keys[j]):
                            cnt += 1
                            Py_XDECREF(self.keys[j])
                            self.keys[j] = NULL
                    self.keys[i] = NULL
                    if cnt & 1:
                        self.keys[out] = k
                        out += 1
                    else:
                        Py_XDECREF(k)
                self.nkeys = out
            # stable insertion sort by length
            for i in range(first + 1, self.nkeys):
                k = self.keys[i]
                size = PyBytes_GET_SIZE(<bytes>k)
                j = i
                while j > first and PyBytes_GET_SIZE(<bytes>self.keys[j - 1]) > size:
                    self.keys[j] = self.keys[j - 1]
                    j -= 1
                self.keys[j] = k
        cnt = self.nkeys - first
        self._add_record(nimber, first, self._hash(nimber, first), True)
        return cnt

    cdef int stop_at(self, int next_move, object known) except -1:
        """Mark the generation stopped at a refutation: resumable at move
        index ``next_move``, ``known`` the bits of the values of the options
        of known value it made; the arrays fitted (:meth:`fit`)."""
        self.stopped = True
        self.next_move = next_move
        self.known = known
        return self.fit()

    cdef int fit(self) except -1:
        """Give back what the arrays hold beyond their contents and the
        deduplication table (a kept generation, complete or stopped, adds
        nothing more: a resumed one is a copy, :func:`resumable_copy`)."""
        cdef OptRec* recs
        cdef PyObject** keys
        free(self.slots)
        self.slots = NULL
        self.nslots = 0
        if self.cap > self.n:
            recs = <OptRec*>realloc(self.recs, (self.n if self.n else 1) * sizeof(OptRec))
            if recs != NULL:
                self.recs = recs
                self.cap = self.n if self.n else 1
        if self.kcap > self.nkeys:
            keys = <PyObject**>realloc(self.keys, (self.nkeys if self.nkeys else 1) * sizeof(PyObject*))
            if keys != NULL:
                self.keys = keys
                self.kcap = self.nkeys if self.nkeys else 1
        return 0

    cdef object as_python(self):
        """The Python search's form: a list of ``(nimber, unknowns)`` (in
        record order), or, stopped, ``(that list, next move, known)``."""
        cdef int i, c
        cdef OptRec* rec
        cdef list out = []
        cdef tuple unknowns
        for i in range(self.n):
            rec = &self.recs[i]
            unknowns = PyTuple_New(rec.count)
            for c in range(rec.count):
                Py_INCREF(<object>self.keys[rec.first + c])
                PyTuple_SET_ITEM(unknowns, c, <object>self.keys[rec.first + c])
            out.append((rec.nimber, unknowns))
        if self.stopped:
            return (out, self.next_move, self.known)
        return out

    def to_python(self):
        """:meth:`as_python`, from Python (the Python search meeting a list
        the compiled search keeps, and the tests)."""
        return self.as_python()


cdef Options options_from(object found):
    """An :class:`Options` of a Python option list or partial tuple
    ``(options, next move, known)``: the entries kept as they are (a partial
    list passed back keeps its duplicates, as the Python search's does),
    and registered so that options made after them are deduplicated."""
    cdef Options out = Options()
    cdef list entries
    cdef int first
    cdef long nimber
    if type(found) is tuple:
        entries = <list?>(<tuple>found)[0]
        out.stopped = True
        out.next_move = <int>(<tuple>found)[1]
        if out.next_move < 0:
            raise ValueError("a partial generation's next move is a move index, >= 0")
        out.known = int((<tuple>found)[2])
    else:
        entries = <list?>found
    for entry in entries:
        first = out.nkeys
        nimber = <long>(<tuple?>entry)[0]
        out.extend_keys(<tuple?>(<tuple>entry)[1])
        out._add_record(nimber, first, out._hash(nimber, first), False)
    return out


cdef Options resumable_copy(Options partial):
    """A copy of a stopped generation to resume: the cached one stays as it
    is if the resumed generation is stopped by a limit."""
    cdef Options out = Options()
    cdef int i
    for i in range(partial.nkeys):
        out.push_key(<bytes>partial.keys[i])
    if partial.n:
        out.recs = <OptRec*>malloc(partial.n * sizeof(OptRec))
        if out.recs == NULL:
            raise MemoryError()
        memcpy(out.recs, partial.recs, partial.n * sizeof(OptRec))
        out.n = out.cap = partial.n
        out._grow_slots()
    out.next_move = partial.next_move
    return out


cdef int _cmp_packed(const void* a, const void* b) noexcept nogil:
    cdef uint64_t x = (<const uint64_t*>a)[0], y = (<const uint64_t*>b)[0]
    return (x > y) - (x < y)


cdef void _sort_packed(uint64_t* keys, Py_ssize_t n) noexcept nogil:
    cdef Py_ssize_t i, j
    cdef uint64_t x
    if n > 48:
        qsort(keys, n, sizeof(uint64_t), _cmp_packed)
        return
    for i in range(1, n):
        x = keys[i]
        j = i
        while j > 0 and keys[j - 1] > x:
            keys[j] = keys[j - 1]
            j -= 1
        keys[j] = x


cdef class CompiledSearch:
    """The search of :class:`grundy.core.search.Searcher` (``_value``,
    ``_is_p_sum``, ``_is_p1``) in C, over a searcher's table, for the
    compiled kernels to subclass: a subclass supplies ``_options(key,
    refute, out)``, :meth:`grundy.core.search.Searcher._options`'s contract
    into :class:`Options` (and its ``expand``, the same in the Python form),
    and may override ``_generate``.

    Parameters
    ----------
    table : grundy.core.table.Table
        The searcher's table: its :class:`CompactTable` if it has one
        (``table.compact``), else its dicts ``values``, ``not_values`` and
        set ``irreducible``; ``aliases`` (a dict) and
        ``reduction_cache_size`` either way. Reductions are remembered as
        :meth:`grundy.core.table.Table.remember` does.
    cache : OrderedDict, optional
        The searcher's option cache (oldest first), at most ``cache_size``
        entries.
    tick : callable, optional
        Run before each option generation (counts positions, enforces
        limits; what it raises stops the search). The searcher sets it only
        for the length of a search (a bound method kept here would make a
        reference cycle the paused garbage collector never frees).
    """

    def __init__(self, table, cache=None, Py_ssize_t cache_size=50_000, tick=None):
        compact = getattr(table, "compact", None)
        if compact is not None:
            self.ct = <CompactTable?>compact
        else:
            self.values = table.values
            self.not_values = table.not_values
            self.irreducible = table.irreducible
        self.aliases = table.aliases
        self.answers = table.answers
        self.reduction_cache_size = table.reduction_cache_size
        self.cache = cache if cache is not None else OrderedDict()
        self.cache_size = cache_size
        self.tick = tick

    # ------------------------------------------------------------------
    # the table, either kind
    # ------------------------------------------------------------------
    cdef long value_of(self, bytes key) except -2:
        """The value of ``key`` or -1."""
        cdef PyObject* found
        if self.ct is not None:
            return self.ct.value_of(key)
        found = PyDict_GetItem(self.values, key)
        return -1 if found == NULL else <long><object>found

    cdef object excluded_of(self, bytes key):
        cdef PyObject* found
        if self.ct is not None:
            return self.ct.excluded_of(key)
        found = PyDict_GetItem(self.not_values, key)
        return 0 if found == NULL else <object>found

    cdef int set_value(self, bytes key, long n) except -1:
        """Store the value and drop the excluded mask."""
        if self.ct is not None:
            self.ct.set_value(key, n)
            self.ct.set_excluded(key, 0)
        else:
            self.values[key] = n
            self.not_values.pop(key, None)
        return 0

    cdef int set_excluded(self, bytes key, object mask) except -1:
        if self.ct is not None:
            self.ct.set_excluded(key, mask)
        else:
            self.not_values[key] = mask
        return 0

    cdef long value_marked(self, bytes key, bint* irreducible) except -2:
        """The value of ``key`` or -1, and ``irreducible[0]``: whether it
        is known to have no reduction (one probe of a compact table)."""
        cdef long v
        if self.ct is not None:
            return self.ct.value_marked(key, irreducible)
        v = self.value_of(key)
        irreducible[0] = key in self.irreducible
        return v

    cdef object value_excluded(self, bytes key, long* value, bint* rigid=NULL):
        """The excluded-value mask of ``key``, its value (or -1) in
        ``value[0]`` (one probe of a compact table); with ``rigid``, in
        ``rigid[0]`` whether a compact table marks the key's graph rigid
        (:meth:`remember`; a dict table never does)."""
        if self.ct is not None:
            return self.ct.value_excluded(key, value, rigid)
        if rigid != NULL:
            rigid[0] = False
        value[0] = self.value_of(key)
        return self.excluded_of(key)

    cdef object alias_of(self, bytes key):
        cdef PyObject* found = PyDict_GetItem(self.aliases, key)
        return None if found == NULL else <object>found

    cdef int remember(self, bytes key, object alias, bint rigid=False) except -1:
        """:meth:`grundy.core.table.Table.remember`: cache the reduction of
        ``key`` (None: it has none) within ``reduction_cache_size``. With
        ``rigid`` (a key without reduction whose graph the kernel knows to
        have no automorphism but the identity), a compact table also marks
        it rigid: its expansion then skips the automorphism group
        (:meth:`_options`)."""
        if self.ct is not None:
            if alias is None:
                self.ct.add_irreducible(key, rigid)
                return 0
            if len(self.aliases) >= self.reduction_cache_size:
                self.aliases.clear()
        else:
            if len(self.aliases) + len(self.irreducible) >= self.reduction_cache_size:
                self.aliases.clear()
                self.irreducible.clear()
            if alias is None:
                self.irreducible.add(key)
                return 0
        self.aliases[key] = alias
        return 0

    cdef long option_value(self, Options options, int i) except -2:
        """The value of option ``i`` if the table knows every one of its
        components' values (their nim-sum with its nimber), else -1."""
        cdef OptRec* rec = &options.recs[i]
        cdef long nim = rec.nimber, v
        cdef int c
        for c in range(rec.count):
            v = self.value_of(<bytes>options.keys[rec.first + c])
            if v < 0:
                return -1
            nim ^= v
        return nim

    cdef object known_values(self, Options options):
        """Bits of the values of the options whose components all have
        known values (as :func:`grundy.core.search._known_values`)."""
        known = 0
        cdef long v
        cdef int i
        for i in range(options.n):
            v = self.option_value(options, i)
            if v >= 0:
                known |= _ONE << v
        return known

    cdef Options _options(self, bytes key, long refute, Options out, bint rigid=False):
        """The options of the component ``key`` into ``out`` (a stopped
        generation to resume, or None: a fresh one), with
        :meth:`grundy.core.search.Searcher._options`'s contract: supplied by
        each kernel. ``rigid``: the table marks the key's graph as having no
        automorphism but the identity (the graph kernel then skips nauty's
        group; the complex kernel never gets it)."""
        raise NotImplementedError("a compiled kernel supplies _options")

    cdef Options _generate(self, bytes key, long n, Options partial, bint rigid=False):
        """One option generation, a tick first; a stopped one resumed on a
        copy (the cached one stays whole if a limit stops this one);
        ``rigid`` as for :meth:`_options`."""
        if self.tick is not None:
            self.tick()
        return self._options(key, n, None if partial is None else resumable_copy(partial), rigid)

    # ------------------------------------------------------------------
    # the option order
    # ------------------------------------------------------------------
    cdef long option_size(self, bytes key) except -1:
        """The size of an unknown component ``key`` in the option order
        (``Searcher._options``: ``game.size``): here the length of its key
        in bytes, the graph kernel's measure; the complex kernel counts
        faces."""
        return PyBytes_GET_SIZE(key)

    cdef int sort_records(self, Options opts) except -1:
        """Sort a complete generation's options in place, stably, by (number
        of unknowns, sum of their :meth:`option_size`): the order of
        :meth:`grundy.core.search.Searcher._options`, without a Python call
        per option. Each option gets one ``uint64`` key: unknowns in bits 40
        and up, the size in bits 12-39, its index in bits 0-11, so the sort
        keeps ties in generation order. A list of 4096 or more options (no
        graph's generation reaches it, at most 64 + 2016 moves; a complex's
        may, with up to 16 vertices, and so may a partial list passed back
        by hand) or a size of 2^28 or more is sorted by Python's stable sort
        on the same two numbers. Then :meth:`Options.fit` (complete: nothing
        more is added)."""
        try:
            if opts.n >= 2:
                self._sort_records(opts)
        finally:
            opts.fit()
        return 0

    cdef int _sort_records(self, Options opts) except -1:
        cdef Py_ssize_t n = opts.n, i
        cdef uint64_t total, count
        cdef uint64_t* keys
        cdef OptRec* sorted_recs
        cdef bint moved = False, packed = n < 4096
        cdef int c
        keys = <uint64_t*>malloc(2 * n * sizeof(uint64_t))
        if keys == NULL:
            raise MemoryError()
        try:
            for i in range(n):
                total = 0
                for c in range(opts.recs[i].count):
                    total += <uint64_t>self.option_size(<bytes>opts.keys[opts.recs[i].first + c])
                count = <uint64_t>opts.recs[i].count
                if total >> 28 or count >> 24:
                    packed = False
                keys[n + i] = total
                keys[i] = (count << 40) | ((total & 0xFFFFFFF) << 12) | (<uint64_t>i & 4095)
                if i and keys[i] < keys[i - 1]:
                    moved = True
            if not packed:
                decorated = [(opts.recs[i].count, keys[n + i], i) for i in range(n)]
                decorated.sort()
                for i in range(n):
                    keys[i] = <uint64_t>(<tuple>decorated[i])[2]
            elif not moved:
                return 0
            else:
                _sort_packed(keys, n)
                for i in range(n):
                    keys[i] &= 4095
            sorted_recs = <OptRec*>malloc(n * sizeof(OptRec))
            if sorted_recs == NULL:
                raise MemoryError()
            for i in range(n):
                sorted_recs[i] = opts.recs[keys[i]]
            free(opts.recs)
            opts.recs = sorted_recs
            opts.cap = <int>n
        finally:
            free(keys)
        return 0

    cdef tuple split_of(self, long nimber, Options inner, bint cancel=True):
        """The split ``(nimber, unknowns)`` of one option made into ``inner``
        (a fresh :class:`Options`): :meth:`grundy.core.search.Searcher.finish_split`
        (no trace), as :meth:`Options.close_option` closes it. With
        ``cancel`` False, equal unknowns stay in pairs whatever the theory
        says (a part of a larger split, which cancels them over the whole)."""
        inner.close_option(nimber, 0, self.cancel and cancel)
        return <tuple>(<list>inner.as_python())[0]

    # ------------------------------------------------------------------
    # the search (grundy.core.search.Searcher._value, _is_p_sum and _is_p1)
    # ------------------------------------------------------------------
    cpdef long value(self, bytes key) except -1:
        """Exact value of the component ``key``."""
        cdef long v = self.value_of(key)
        if v >= 0:
            return v
        cdef long n = 0
        while not self._is_p1(key, n):
            n += 1
        return n

    cpdef bint is_p_sum(self, tuple unknowns, long n) except -1:
        """Whether ``*n + sum(unknowns)`` is a P-position."""
        cdef list rest = []
        cdef Py_ssize_t i, last
        cdef long v
        for key in unknowns:
            v = self.value_of(<bytes>key)
            if v < 0:
                rest.append(key)
            else:
                n ^= v
        last = len(rest) - 1
        if last < 0:
            return n == 0
        for i in range(last):
            n ^= self.value(<bytes>rest[i])
        return self._is_p1(<bytes>rest[last], n)

    cdef bint _is_p_keys(self, PyObject** keys, int count, long n) except -1:
        """:meth:`is_p_sum` of an option's unknowns ``keys[0:count]``."""
        if count == 0:
            return n == 0
        if count == 1:
            return self._is_p1(<bytes>keys[0], n)  # it looks the value up first
        cdef tuple unknowns = PyTuple_New(count)
        cdef int c
        for c in range(count):
            Py_INCREF(<object>keys[c])
            PyTuple_SET_ITEM(unknowns, c, <object>keys[c])
        return self.is_p_sum(unknowns, n)

    cdef bint _is_p1(self, bytes key, long n) except -1:
        cdef long v
        cdef bint rigid
        excluded = self.value_excluded(key, &v, &rigid)
        if v >= 0:
            return v == n
        if excluded >> n & 1:
            return False
        cdef object cache = self.cache
        cdef Options opts
        found = cache.get(key)
        if found is None:
            opts = self._generate(key, n, None, rigid)
            if cache and len(cache) >= self.cache_size:
                cache.popitem(last=False)
            cache[key] = opts
            if opts.stopped:
                self.set_excluded(key, excluded | opts.known)
                return False
        else:
            opts = found if type(found) is Options else options_from(found)
            if opts.stopped:  # a generation stopped at a refutation
                known = self.known_values(opts)
                if known >> n & 1:
                    self.set_excluded(key, excluded | known)
                    return False
                opts = self._generate(key, n, opts, rigid)
                cache[key] = opts
                if opts.stopped:
                    self.set_excluded(key, excluded | known | opts.known)
                    return False
        cdef int i
        # Cheap refutation: an option whose value the table knows to be n.
        for i in range(opts.n):
            if self.option_value(opts, i) == n:
                self.set_excluded(key, excluded | (_ONE << n))
                return False
        # An option C' + *n or a heap move to C + *m, m < n, that is a
        # P-position: the kind that answered more often for this n first
        # (as Searcher._is_p1).
        cdef Py_ssize_t slot = 2 * (n if n < 63 else 63)  # 63: grundy.core.table.ANSWER_SLOTS - 1
        cdef bint options_first = self.answers[slot] >= self.answers[slot + 1]
        if options_first and self._option_is_p(key, opts, n):
            self.answers[slot] += 1
            return False
        for m in range(n):
            if not (excluded >> m & 1) and self._is_p1(key, m):
                self.answers[slot + 1] += 1
                return False
        if not options_first and self._option_is_p(key, opts, n):
            self.answers[slot] += 1
            return False
        self.set_value(key, n)
        cache.pop(key, None)
        return True

    cdef bint _option_is_p(self, bytes key, Options opts, long n) except -1:
        """Whether some option C' + *n of ``opts`` (a complete generation,
        never changed once made) is a P-position (then ``key`` is known not
        to have value n)."""
        cdef int i
        for i in range(opts.n):
            if self._is_p_keys(opts.keys + opts.recs[i].first, opts.recs[i].count, opts.recs[i].nimber ^ n):
                self.set_excluded(key, self.excluded_of(key) | (_ONE << n))
                return True
        return False
