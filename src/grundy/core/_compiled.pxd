# The compiled core's C interface (compact table, Lemoine-Viennot search),
# cimported by the compiled kernels
# (grundy.games.graphs._kernel, grundy.games.complexes._complex_kernel).
from libc.stdint cimport uint64_t, uint32_t, int16_t, uint16_t
from cpython.object cimport PyObject


# qsort's comparator of uint64 values, smallest first (shared by the kernels'
# option and edge sorts).
cdef int _cmp_packed(const void* a, const void* b) noexcept nogil

# uint64 values sorted in place, smallest first: insertion sort for short
# arrays (glibc's qsort is a merge sort with a buffer), qsort above.
cdef void _sort_packed(uint64_t* keys, Py_ssize_t n) noexcept nogil

# Zeroed blocks, mapped pages advised to use huge pages from 1 MiB on (the
# compact table's slots, the complex kernel's component memo).
cdef void* alloc_zeroed(size_t size, bint* mapped, bint* huge) noexcept nogil
cdef void free_zeroed(void* p, size_t size, bint mapped, size_t released) noexcept nogil


cdef struct Entry:
    uint64_t d0        # digest, low bit forced to 1 (0 marks an empty slot)
    uint32_t d1        # digest, 32 more bits
    int16_t value      # the nim-value; -1 none; -2 in the overflow dict
    uint16_t flags
    uint64_t excluded  # values the position does not have, bits 0-63


cdef class CompactTable:
    cdef Entry* slots
    cdef bint mapped         # slots are mapped pages (mmap), not calloc's
    cdef bint huge           # ... advised to use transparent huge pages, advice taken
    cdef Py_ssize_t cap
    cdef Py_ssize_t count
    cdef Py_ssize_t nvalues
    cdef Py_ssize_t npartial
    cdef Py_ssize_t nirreducible
    cdef uint64_t mask0
    cdef uint32_t mask1
    cdef bytes last_key      # the key of the last digest (held: identity is its test)
    cdef uint64_t last_d0
    cdef uint32_t last_d1
    cdef readonly int digest_bits
    cdef dict big_values
    cdef dict big_excluded
    cdef Py_ssize_t* dirty
    cdef Py_ssize_t ndirty
    cdef Py_ssize_t dirty_cap
    cdef readonly object values
    cdef readonly object not_values
    cdef readonly object irreducible
    cdef readonly Py_ssize_t max_slots
    cdef public object on_full
    cdef public object fetch
    cdef uint64_t* bloom
    cdef uint64_t bloom_nbits
    cdef readonly Py_ssize_t evictions
    cdef readonly Py_ssize_t dropped
    cdef readonly Py_ssize_t spilled
    cdef readonly Py_ssize_t fetched

    cdef void _digest(self, bytes key, uint64_t* d0, uint32_t* d1)
    cdef void _digest_of(self, bytes key, uint64_t* d0, uint32_t* d1)
    cdef Entry* _find(self, uint64_t d0, uint32_t d1)
    cdef Entry* _insert(self, uint64_t d0, uint32_t d1) except NULL
    cdef int _load_one(self, bytes digest, value, excluded, bint written) except -1
    cdef int _grow(self) except -1
    cdef int _make_room(self) except -1
    cdef int _relist_dirty(self) except -1
    cdef Entry* _find_or_fetch(self, uint64_t d0, uint32_t d1) except? NULL
    cdef int _mark(self, Entry* e) except -1
    cdef long value_of(self, bytes key) except -2
    cdef object excluded_of(self, bytes key)
    cdef long value_marked(self, bytes key, bint* irreducible) except -2
    cdef object value_excluded(self, bytes key, long* value, bint* rigid=*)
    cdef int set_value(self, bytes key, long n) except -1
    cdef int set_excluded(self, bytes key, object mask) except -1
    cdef int set_excluded_digest(self, Py_ssize_t index, object mask) except -1
    cdef bint is_irreducible(self, bytes key)
    cdef int add_irreducible(self, bytes key, bint rigid=*) except -1


cdef struct OptRec:
    long nimber        # the nim-sum of the option's components of known value
    int first          # its unknown components: keys[first:first + count] of the list
    int count
    Py_ssize_t hash    # of (nimber, the unknowns' keys): deduplication


cdef class Options:
    cdef OptRec* recs
    cdef int n
    cdef int cap
    cdef PyObject** keys     # owned references to bytes keys
    cdef int nkeys
    cdef int kcap
    cdef int* slots          # open addressing over recs by hash (-1 empty)
    cdef int nslots
    cdef readonly bint stopped   # a generation stopped at a refutation: resumable
    cdef readonly int next_move  # stopped: the index of the next move
    cdef object known            # stopped: bits of the known values generated
    cdef int push_key(self, bytes key) except -1
    cdef int extend_keys(self, tuple keys) except -1
    cdef int close_option(self, long nimber, int first, bint cancel) except -1
    cdef int drop_keys(self, int first)
    cdef int _grow_slots(self) except -1
    cdef Py_ssize_t _hash(self, long nimber, int first) except? -1
    cdef int _add_record(self, long nimber, int first, Py_ssize_t h, bint dedupe) except -1
    cdef int stop_at(self, int next_move, object known) except -1
    cdef int fit(self) except -1
    cdef object as_python(self)


cdef Options options_from(object found)
cdef Options resumable_copy(Options partial)


cdef class CompiledSearch:
    cdef dict values
    cdef dict not_values
    cdef dict aliases
    cdef set irreducible
    cdef CompactTable ct
    cdef object cache
    cdef public Py_ssize_t cache_size
    cdef public Py_ssize_t reduction_cache_size
    cdef public object tick
    cdef bint cancel             # cancel isomorphic pairs of components (set by the kernel)
    cdef long long[::1] answers  # the table's answers (grundy.core.table.Table.answers)

    cdef long value_of(self, bytes key) except -2
    cdef object excluded_of(self, bytes key)
    cdef long value_marked(self, bytes key, bint* irreducible) except -2
    cdef object value_excluded(self, bytes key, long* value, bint* rigid=*)
    cdef int set_value(self, bytes key, long n) except -1
    cdef int set_excluded(self, bytes key, object mask) except -1
    cdef object alias_of(self, bytes key)
    cdef int remember(self, bytes key, object alias, bint rigid=*) except -1
    cdef long option_value(self, Options options, int i) except -2
    cdef object known_values(self, Options options)
    cdef Options _options(self, bytes key, long refute, Options out, bint rigid=*)
    cdef Options _generate(self, bytes key, long n, Options partial, bint rigid=*)
    cdef long option_size(self, bytes key) except -1
    cdef int sort_records(self, Options opts) except -1
    cdef int _sort_records(self, Options opts) except -1
    cdef tuple split_of(self, long nimber, Options inner, bint cancel=*)
    cpdef long value(self, bytes key) except -1
    cpdef bint is_p_sum(self, tuple unknowns, long n) except -1
    cdef bint _is_p_keys(self, PyObject** keys, int count, long n) except -1
    cdef bint _is_p1(self, bytes key, long n) except -1
    cdef bint _option_is_p(self, bytes key, Options opts, long n) except -1
