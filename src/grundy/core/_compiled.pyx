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
largest runs in docs/results.md store about 1e8). ``digest_bits`` below 95
(tests only) keeps fewer bits so that collisions happen and can be tested.

The kernels (cimport, see ``_compact.pxd``) call the ``cdef`` methods; the
Python search uses the dict-like views ``values``, ``not_values`` and
``irreducible``.
"""

from libc.stdint cimport uint64_t, uint32_t, int16_t, uint16_t
from libc.stdlib cimport calloc, free, realloc
from libc.string cimport memcpy
from cpython.bytes cimport PyBytes_AS_STRING, PyBytes_GET_SIZE, PyBytes_FromStringAndSize
from cpython.dict cimport PyDict_GetItem
from cpython.object cimport PyObject

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
    static inline uint64_t grundy_fmix64(uint64_t k) {
        k ^= k >> 33; k *= 0xff51afd7ed558ccdULL;
        k ^= k >> 33; k *= 0xc4ceb9fe1a85ec53ULL;
        k ^= k >> 33; return k;
    }
    """
    uint64_t grundy_mum(uint64_t a, uint64_t b) nogil
    uint64_t grundy_range(uint64_t h, uint64_t n) nogil
    uint64_t grundy_fmix64(uint64_t k) nogil
    uint64_t P1 "GRUNDY_P1"
    uint64_t P2 "GRUNDY_P2"
    uint64_t P3 "GRUNDY_P3"
    uint64_t P4 "GRUNDY_P4"


cdef enum:
    IRREDUCIBLE = 1
    DIRTY = 2
    BIG_EXCLUDED = 4

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
    """

    def __cinit__(self, Py_ssize_t capacity=1024, int digest_bits=95, bint track_writes=False):
        if not 1 <= digest_bits <= 95:
            raise ValueError(f"digest_bits must be in 1..95, not {digest_bits}")
        if capacity < 0:
            raise ValueError("capacity must be >= 0")
        self.cap = max(16, capacity)
        self.slots = <Entry*>calloc(self.cap, sizeof(Entry))
        if self.slots == NULL:
            raise MemoryError("cannot allocate the compact table")
        self.digest_bits = digest_bits
        if digest_bits >= 64:
            self.mask0 = <uint64_t>0 - 1
            self.mask1 = <uint32_t>((<uint64_t>1 << (digest_bits - 63)) - 1) if digest_bits < 95 else <uint32_t>0xFFFFFFFF
        else:
            self.mask0 = (<uint64_t>1 << (digest_bits + 1)) - 1
            self.mask1 = 0
        self.big_values = {}
        self.big_excluded = {}
        self.dirty = NULL
        self.dirty_cap = -1 if not track_writes else 0

    def __init__(self, Py_ssize_t capacity=1024, int digest_bits=95, bint track_writes=False):
        self.values = _Values(self)
        self.not_values = _NotValues(self)
        self.irreducible = _Irreducible(self)

    def __dealloc__(self):
        free(self.slots)
        free(self.dirty)

    # ------------------------------------------------------------------
    # slots
    # ------------------------------------------------------------------
    cdef void _digest(self, bytes key, uint64_t* d0, uint32_t* d1):
        cdef const unsigned char* p = <const unsigned char*>PyBytes_AS_STRING(key)
        cdef Py_ssize_t n = PyBytes_GET_SIZE(key), i = 0
        cdef uint64_t w, a = grundy_mum(P1 ^ <uint64_t>n, P3), b = grundy_mum(P2 ^ <uint64_t>n, P4)
        while i + 8 <= n:
            memcpy(&w, p + i, 8)
            a = grundy_mum(a ^ w, P3)
            b = grundy_mum(b ^ w ^ P1, P4)
            i += 8
        if i < n:
            w = 0
            memcpy(&w, p + i, n - i)
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
        cdef Py_ssize_t old_cap = self.cap, new_cap = self.cap + self.cap // 2, i, j
        cdef Entry* old = self.slots
        cdef Entry* fresh = <Entry*>calloc(new_cap, sizeof(Entry))
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
        self.slots = fresh
        self.cap = new_cap
        free(old)
        if self.dirty_cap >= 0:  # slot numbers changed: list the written slots again
            self.ndirty = 0
            for i in range(new_cap):
                if fresh[i].flags & DIRTY:
                    fresh[i].flags &= ~DIRTY
                    self._mark(&fresh[i])
        return 0

    cdef int _mark(self, Entry* e) except -1:
        """Note a slot written since the last drain (with track_writes)."""
        cdef Py_ssize_t* grown
        cdef Py_ssize_t size
        if self.dirty_cap < 0 or e.flags & DIRTY:
            return 0
        if self.ndirty == self.dirty_cap:
            size = max(1024, self.dirty_cap * 2)
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
        cdef Entry* e = self._find(d0, d1)
        if e == NULL or e.value == -1:
            return -1
        if e.value == -2:
            return <long>self.big_values[(d0, d1)]
        return e.value

    cdef object excluded_of(self, bytes key):
        """The bitmask of values ``key`` is known not to have (0: none)."""
        cdef uint64_t d0
        cdef uint32_t d1
        self._digest(key, &d0, &d1)
        cdef Entry* e = self._find(d0, d1)
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
        cdef bint had = e.excluded != 0 or (e.flags & BIG_EXCLUDED)
        if e.flags & BIG_EXCLUDED:
            del self.big_excluded[(d0, d1)]
            e.flags &= ~BIG_EXCLUDED
        if mask >> 64:
            self.big_excluded[(d0, d1)] = mask
            e.flags |= BIG_EXCLUDED
            e.excluded = 0
        else:
            e.excluded = <uint64_t>mask
        cdef bint has = e.excluded != 0 or (e.flags & BIG_EXCLUDED)
        self.npartial += <int>has - <int>had
        self._mark(e)
        return 0

    cdef bint is_irreducible(self, bytes key):
        cdef uint64_t d0
        cdef uint32_t d1
        self._digest(key, &d0, &d1)
        cdef Entry* e = self._find(d0, d1)
        return e != NULL and (e.flags & IRREDUCIBLE) != 0

    cdef int add_irreducible(self, bytes key) except -1:
        cdef uint64_t d0
        cdef uint32_t d1
        self._digest(key, &d0, &d1)
        cdef Entry* e = self._insert(d0, d1)
        if not e.flags & IRREDUCIBLE:
            e.flags |= IRREDUCIBLE
            self.nirreducible += 1
        return 0

    # ------------------------------------------------------------------
    # Python interface
    # ------------------------------------------------------------------
    def digest(self, bytes key) -> bytes:
        """The 12-byte digest of ``key`` (as stored in a table file)."""
        cdef uint64_t d0
        cdef uint32_t d1
        cdef unsigned char out[12]
        self._digest(key, &d0, &d1)
        memcpy(out, &d0, 8)
        memcpy(out + 8, &d1, 4)
        return PyBytes_FromStringAndSize(<char*>out, 12)

    def get_value(self, bytes key):
        """The value of ``key`` or None."""
        cdef long v = self.value_of(key)
        return None if v < 0 else v

    def put_value(self, bytes key, long n) -> None:
        self.set_value(key, n)

    def get_excluded(self, bytes key):
        return self.excluded_of(key)

    def put_excluded(self, bytes key, mask) -> None:
        self.set_excluded(key, mask)

    def has_irreducible(self, bytes key) -> bool:
        return self.is_irreducible(key)

    def put_irreducible(self, bytes key) -> None:
        self.add_irreducible(key)

    def clear_irreducible(self) -> None:
        """Forget every irreducible mark (a pass over the slots)."""
        cdef Py_ssize_t i
        for i in range(self.cap):
            self.slots[i].flags &= ~IRREDUCIBLE
        self.nirreducible = 0

    def load(self, bytes digest, value, excluded) -> None:
        """Merge one row of a table file (its 12-byte digest, value or None,
        excluded bitmask or 0): a value is kept, a mask is or-ed in. Not
        marked as written.

        Raises
        ------
        ValueError
            If ``digest`` is not 12 bytes."""
        cdef uint64_t d0
        cdef uint32_t d1
        cdef Entry* e
        if PyBytes_GET_SIZE(digest) != 12:
            raise ValueError("a digest is 12 bytes")
        memcpy(&d0, PyBytes_AS_STRING(digest), 8)
        memcpy(&d1, PyBytes_AS_STRING(digest) + 8, 4)
        d0 = (d0 & self.mask0) | 1
        d1 &= self.mask1
        e = self._insert(d0, d1)
        cdef Py_ssize_t index = e - self.slots
        cdef uint16_t flags
        if value is not None:
            if e.value == -1:
                self.nvalues += 1
            if value >= 32767:
                self.big_values[(d0, d1)] = value
                e.value = -2
            else:
                e.value = <int16_t>value
        elif excluded:
            old = self.big_excluded.get((d0, d1), e.excluded)
            flags = e.flags
            self.set_excluded_digest(index, old | excluded)
            self.slots[index].flags = (self.slots[index].flags & ~DIRTY) | (flags & DIRTY)

    cdef int set_excluded_digest(self, Py_ssize_t index, object mask) except -1:
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

    def drain(self) -> list:
        """The slots written since the last drain, as rows ``(digest,
        value or None, excluded)`` (12-byte digests), and forget them.
        Empty without ``track_writes``."""
        cdef Py_ssize_t i
        cdef Entry* e
        cdef unsigned char out[12]
        rows = []
        for i in range(self.ndirty):
            e = &self.slots[self.dirty[i]]
            e.flags &= ~DIRTY
            memcpy(out, &e.d0, 8)
            memcpy(out + 8, &e.d1, 4)
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
            rows.append((PyBytes_FromStringAndSize(<char*>out, 12), value, excluded))
        self.ndirty = 0
        return rows

    def snapshot(self) -> dict:
        """Every stored position with something to say: ``{digest: (value or None, excluded,
        irreducible)}`` (12-byte digests; for tests and comparisons, a pass
        over the slots)."""
        cdef Py_ssize_t i
        cdef Entry* e
        cdef unsigned char out[12]
        rows = {}
        for i in range(self.cap):
            e = &self.slots[i]
            if e.d0 == 0:
                continue
            value = None if e.value == -1 else (self.big_values[(e.d0, e.d1)] if e.value == -2 else e.value)
            excluded = self.big_excluded[(e.d0, e.d1)] if e.flags & BIG_EXCLUDED else e.excluded
            if value is None and not excluded and not e.flags & IRREDUCIBLE:
                continue
            memcpy(out, &e.d0, 8)
            memcpy(out + 8, &e.d1, 4)
            rows[PyBytes_FromStringAndSize(<char*>out, 12)] = (value, excluded, (e.flags & IRREDUCIBLE) != 0)
        return rows

    @property
    def capacity(self) -> int:
        """Slots allocated."""
        return self.cap

    @property
    def entries(self) -> int:
        """Slots in use (positions with a value, a mask or a mark)."""
        return self.count

    @property
    def bytes_used(self) -> int:
        """Bytes of the slot array and the write list (the overflow dicts
        not counted: they are empty in every search measured)."""
        return self.cap * sizeof(Entry) + max(self.dirty_cap, 0) * sizeof(Py_ssize_t)

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


cdef class CompiledSearch:
    """The search of :class:`grundy.core.search.Searcher` (``_value``,
    ``_is_p_sum``, ``_is_p1``) in C, over a searcher's table, for the
    compiled kernels to subclass: a subclass supplies ``expand(key, refute,
    partial)`` with :meth:`grundy.core.search.Searcher._options`'s contract
    (and may override ``_generate``).

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

    cdef object alias_of(self, bytes key):
        cdef PyObject* found = PyDict_GetItem(self.aliases, key)
        return None if found == NULL else <object>found

    cdef bint is_irreducible(self, bytes key) except -1:
        if self.ct is not None:
            return self.ct.is_irreducible(key)
        return key in self.irreducible

    cdef int remember(self, bytes key, object alias) except -1:
        """:meth:`grundy.core.table.Table.remember`: cache the reduction of
        ``key`` (None: it has none) within ``reduction_cache_size``."""
        if self.ct is not None:
            if alias is None:
                self.ct.add_irreducible(key)
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

    cdef object known_values(self, list options):
        """Bits of the values of the options whose components all have
        known values (as :func:`grundy.core.search._known_values`)."""
        known = 0
        cdef long nim, v
        for option in options:
            nim = <long>(<tuple>option)[0]
            for k in <tuple>(<tuple>option)[1]:
                v = self.value_of(<bytes>k)
                if v < 0:
                    break
                nim ^= v
            else:
                known |= _ONE << nim
        return known

    cdef object _generate(self, bytes key, long n, object partial):
        """One option generation, a tick first."""
        if self.tick is not None:
            self.tick()
        return self.expand(key, n, partial)

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

    cdef bint _is_p1(self, bytes key, long n) except -1:
        cdef long v = self.value_of(key)
        if v >= 0:
            return v == n
        excluded = self.excluded_of(key)
        if excluded >> n & 1:
            return False
        cdef object cache = self.cache
        options = cache.get(key)
        if type(options) is tuple:  # a generation stopped at a refutation
            known = self.known_values(<list>(<tuple>options)[0])
            if known >> n & 1:
                self.set_excluded(key, excluded | known)
                return False
            options = self._generate(key, n, options)
            if type(options) is tuple:
                cache[key] = options
                self.set_excluded(key, excluded | known | (<tuple>options)[2])
                return False
            cache[key] = options
        elif options is None:
            options = self._generate(key, n, None)
            if cache and len(cache) >= self.cache_size:
                cache.popitem(last=False)
            cache[key] = options
            if type(options) is tuple:
                self.set_excluded(key, excluded | (<tuple>options)[2])
                return False
        cdef list opts = <list>options
        cdef tuple option, unk
        cdef long nim, m
        # Cheap refutation: an option whose value the table knows to be n.
        for option in opts:
            nim = <long>option[0]
            unk = <tuple>option[1]
            for k in unk:
                v = self.value_of(<bytes>k)
                if v < 0:
                    break
                nim ^= v
            else:
                if nim == n:
                    self.set_excluded(key, excluded | (_ONE << n))
                    return False
        # Heap moves: C + *m, m < n, must all be N-positions.
        for m in range(n):
            if not (excluded >> m & 1) and self._is_p1(key, m):
                return False
        # Moves in C: every option C' + *n must be an N-position.
        for option in opts:
            if self.is_p_sum(<tuple>option[1], <long>option[0] ^ n):
                self.set_excluded(key, self.excluded_of(key) | (_ONE << n))
                return False
        self.set_value(key, n)
        cache.pop(key, None)
        return True
