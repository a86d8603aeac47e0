"""The position type of subset take-away: :class:`Complex` (labelled
vertices, facets as vertex bitsets), its facet-set helpers (faces,
components, moves), canonical keys by nauty (:func:`complex_key`), the
involutions of Khandhawit-Ye Theorem 1 (:func:`complex_involution`) and the
binary stars of Mangang (:func:`binary_stars`); the reductions themselves
are told in :mod:`grundy.games.complexes.game`.

Representation (measured; see ``benchmarks/gale.py``)
-----------------------------------------------------
A complex is kept as its vertex labels and its facets (maximal faces) as
vertex bitsets. A component is keyed by nauty on the vertex-facet incidence
graph coloured {vertices, facets} (a complex is determined by its facets, so
coloured isomorphisms of incidence graphs are exactly isomorphisms of
complexes), prefixed by the number of vertices. For the boundary of the
5-simplex this is a graph on 6 + 6 nodes, where the face poset is a digraph
on 62 nodes with 540 arcs. Both routes solve Gale n = 6 well within the
60 s target; measured on one machine, :class:`ComplexSolver` on incidence
graphs took 5.3 s and :class:`grundy.games.posets.PosetSolver` on face posets
11.6 s, with the same answers (nauty itself is a small part of either: the
Python work per option is what differs, about 20 against 60 microseconds).
The incidence route is the default; the face-poset route stays available
(pass a ``PosetSolver`` to :func:`analyze_complex`). Options are tried
fewest faces first, which halved the positions expanded for n = 6.
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Hashable, Iterable
from typing import Any

from grundy.core.canon import certificate, graph_from_certificate
from grundy.errors import InputError, TooLargeError
from grundy.games.graphs.graph import Graph, bits
from grundy.games.graphs.theory import involution_candidates
from grundy.games.posets.poset import Poset

__all__ = [
    "Complex",
    "MAX_FACETS",
    "remove_face",
    "complex_key",
    "complex_from_key",
    "complex_form",
    "nauty_complex_key",
    "complex_involution",
    "binary_stars",
]

#: Largest number of facets the families and loaders build.
MAX_FACETS = 20_000
#: The most vertices a facet may have: its 2^d - 1 faces are the moves at it
#: (Gale's game on 16 points, the largest complex family built, has facets of 15).
MAX_FACET_VERTICES = 16

Label = Hashable


# ----------------------------------------------------------------------
# facet-set helpers (a face is a vertex bitset)
# ----------------------------------------------------------------------
def _maximal(sets: Iterable[int]) -> tuple[int, ...]:
    """The inclusion-maximal nonempty sets among ``sets`` (duplicates
    dropped), largest first."""
    out: list[int] = []
    for s in sorted(set(sets), key=int.bit_count, reverse=True):
        if s and not any(s & t == s for t in out):
            out.append(s)
    return tuple(out)


def remove_face(facets: Iterable[int], face: int) -> tuple[int, ...]:
    """Facets after the move at ``face``: every facet containing it is
    replaced by its subsets missing one vertex of ``face``, and those
    contained in another set are dropped.

    >>> remove_face((0b111,), 0b011)          # a triangle minus the edge {0, 1}: {0, 2}, {1, 2}
    (5, 6)
    """
    keep = []
    cut = []
    for f in facets:
        if f & face == face:
            m = face
            while m:
                low = m & -m
                if f != low:
                    cut.append(f ^ low)
                m ^= low
        else:
            keep.append(f)
    if not cut:
        return tuple(keep)
    # The kept facets are an antichain; a cut set may lie in a kept facet or
    # in another cut set, never the other way round (kept facets do not
    # contain the face, cut sets lie in facets that do).
    cut = list(set(cut))
    out = keep[:]
    for c in cut:
        for g in keep:
            if c & g == c:
                break
        else:
            for d in cut:
                if c != d and c & d == c:
                    break
            else:
                out.append(c)
    return tuple(out)


def _faces_of(facets: Iterable[int]) -> set[int]:
    """Every nonempty face (subsets of the facets)."""
    faces: set[int] = set()
    for f in facets:
        sub = f
        while sub:
            faces.add(sub)
            sub = (sub - 1) & f
    return faces


def _vertex_mask(facets: Iterable[int]) -> int:
    m = 0
    for f in facets:
        m |= f
    return m


def _facet_components(facets: Iterable[int]) -> list[tuple[int, list[int]]]:
    """Connected components as (vertex mask, facets), by lowest vertex."""
    comps: list[tuple[int, list[int]]] = []
    for f in facets:
        mask = f
        group = [f]
        rest = []
        for vm, fl in comps:
            if vm & mask:
                mask |= vm
                group.extend(fl)
            else:
                rest.append((vm, fl))
        rest.append((mask, group))
        comps = rest
    comps.sort(key=lambda c: c[0] & -c[0])
    return comps


def _compact(facets: list[int], vmask: int) -> tuple[int, tuple[int, ...]]:
    """Renumber the vertices of ``vmask`` as ``0 .. k-1``; returns ``k`` and
    the renumbered facets."""
    index = {}
    k = 0
    m = vmask
    while m:
        low = m & -m
        index[low] = 1 << k
        k += 1
        m ^= low
    out = []
    for f in facets:
        g = 0
        while f:
            low = f & -f
            g |= index[low]
            f ^= low
        out.append(g)
    return k, tuple(out)


def _incidence(nv: int, facets: tuple[int, ...]) -> tuple[int, dict[int, list[int]], list[set[int]]]:
    """nauty input of the coloured vertex-facet incidence graph."""
    total = nv + len(facets)
    lists = {v: [j for j, f in enumerate(facets, nv) if f >> v & 1] for v in range(nv)}
    return total, lists, [set(range(nv)), set(range(nv, total))]


#: The most vertices, facets and orders within colour classes of a complex
#: keyed by its form (:func:`complex_form`); others are keyed by nauty.
FORM_VERTICES = 7
FORM_FACETS = 46
FORM_ORDERS = 24
#: The first byte of a form key (a nauty key's is 0: at most 16 vertices).
FORM_MARK = 1
_MASK64 = (1 << 64) - 1


def _mix(x: int) -> int:
    """A 64-bit mixing function (the kernel's ``_cmix``)."""
    x ^= x >> 31
    x = (x * 0x7FB5D329728EA185) & _MASK64
    x ^= x >> 27
    x = (x * 0x81DADEF4BC2DD44D) & _MASK64
    return x ^ (x >> 33)


def complex_form(nv: int, facets: tuple[int, ...]) -> int | None:
    """The form of a complex on at most 7 vertices, which depends on its
    isomorphism class only: None if it has more than :data:`FORM_VERTICES`
    vertices or :data:`FORM_FACETS` facets, or its colour classes allow
    more than :data:`FORM_ORDERS` orders.

    The vertices are coloured by an isomorphism-invariant refinement (the
    sizes of the facets through each vertex, then two rounds of mixed sums
    over the facets through it of their vertices' colours; 64-bit
    arithmetic), ordered by colour, and every order within the colour
    classes is tried; the form is the least, as an integer, of the facet
    sets so relabelled, each facet ``f`` setting bit ``f`` (a 128-bit set
    over the subsets of 7 vertices). Isomorphic complexes get the same
    colours up to the isomorphism, so the same set of orders, so the same
    least set; and a form is a relabelling of its complex, so equal forms
    mean isomorphic complexes. The compiled kernel computes the same form
    (``_form`` in ``_complex_kernel.pyx``; the tests compare).
    """
    if nv > FORM_VERTICES or len(facets) > FORM_FACETS:
        return None
    members = [_MEMBERS[f] for f in facets]
    col = [0] * nv
    for vs in members:
        c = _SIZE_MIX[len(vs)]
        for v in vs:
            col[v] += c
    mask = _MASK64
    for _ in range(2):  # colours are kept modulo 2^64 (the kernel's uint64_t)
        fc = []
        for vs in members:
            x = 0
            for v in vs:
                x += col[v]
            x &= mask  # _mix(x), inline
            x ^= x >> 31
            x = (x * 0x7FB5D329728EA185) & mask
            x ^= x >> 27
            x = (x * 0x81DADEF4BC2DD44D) & mask
            fc.append((x ^ (x >> 33)) * _GOLDEN)
        for c, vs in zip(fc, members):
            for v in vs:
                col[v] += c
        col = [c & mask for c in col]
    order = sorted(range(nv), key=col.__getitem__)
    classes: list[list[int]] = []
    for v in order:
        if classes and col[classes[-1][0]] == col[v]:
            classes[-1].append(v)
        else:
            classes.append([v])
    if len(classes) == nv:  # every colour its own: one order
        bit = [0] * nv
        for rank, v in enumerate(order):
            bit[v] = 1 << rank
        form = 0
        for vs in members:
            form |= 1 << sum([bit[v] for v in vs])
        return form
    count = 1
    for cls in classes:
        count *= math.factorial(len(cls))
    if count > FORM_ORDERS:
        return None
    places, start = [], 0
    for cls in classes:
        places.append(list(itertools.permutations(range(start, start + len(cls)))))
        start += len(cls)
    best = None
    bit = [0] * FORM_VERTICES
    for choice in itertools.product(*places):
        for cls, chosen in zip(classes, choice):
            for v, p in zip(cls, chosen):
                bit[v] = 1 << p
        # the order's image of each set of vertices 0-3 and of 4-6: a facet is two looks
        low, high = [0] * 16, [0] * 8
        for j in range(1, 16):
            low[j] = low[j & (j - 1)] | bit[_LOWEST[j]]
        for j in range(1, 8):
            high[j] = high[j & (j - 1)] | bit[4 + _LOWEST[j]]
        form = 0
        for f in facets:
            form |= 1 << (low[f & 15] | high[f >> 4])
        if best is None or form < best:
            best = form
    return best


#: the vertices of each facet of at most 7 vertices, and the colour a facet
#: of each size adds to its vertices (:func:`complex_form`)
_MEMBERS = [tuple(v for v in range(FORM_VERTICES) if f >> v & 1) for f in range(1 << FORM_VERTICES)]
_SIZE_MIX = [_mix(size + 1) for size in range(FORM_VERTICES + 1)]
_GOLDEN = 0x9E3779B97F4A7C15
_LOWEST = [(j & -j).bit_length() - 1 for j in range(16)]


def complex_key(nv: int, facets: tuple[int, ...]) -> bytes:
    """Canonical key of a complex on vertices ``0 .. nv-1`` (every vertex in
    some facet). Equal exactly for isomorphic complexes.

    Where :func:`complex_form` gives a form (every complex of Gale's game on
    seven points but a few highly symmetric ones): 18 bytes,
    :data:`FORM_MARK`, ``nv``, then the form's 128 bits, least significant
    byte first. Otherwise: two bytes of ``nv`` (big-endian, so the first is
    0), then nauty's certificate of the coloured vertex-facet incidence
    graph.

    >>> complex_key(3, (0b011, 0b110)) == complex_key(3, (0b101, 0b011))   # paths
    True
    >>> complex_key(3, (0b011, 0b110)) == complex_key(3, (0b111,))
    False
    """
    return _complex_key(nv, tuple(facets))


@functools.lru_cache(maxsize=1 << 16)
def _complex_key(nv: int, facets: tuple[int, ...]) -> bytes:
    """:func:`complex_key`, memoised by the labelled complex (the Python
    path meets most labelled components again)."""
    form = complex_form(nv, facets)
    if form is not None:
        return bytes((FORM_MARK, nv)) + form.to_bytes(16, "little")
    return nauty_complex_key(nv, facets)


def nauty_complex_key(nv: int, facets: tuple[int, ...]) -> bytes:
    """The key of a complex by nauty alone (:func:`complex_key` without the
    form): two bytes of ``nv`` (big-endian), then nauty's certificate of the
    coloured vertex-facet incidence graph."""
    total, lists, colouring = _incidence(nv, facets)
    return nv.to_bytes(2, "big") + certificate(total, lists, colouring=colouring)


def complex_from_key(key: bytes) -> tuple[int, tuple[int, ...]]:
    """``(nv, facets)`` of the canonically labelled complex of a key: for a
    form key the facets of its form in increasing order, else those of
    nauty's canonical incidence graph in node order."""
    if len(key) == 18 and key[0] == FORM_MARK:
        form = int.from_bytes(key[2:], "little")
        return key[1], tuple(m for m in range(128) if form >> m & 1)
    nv = int.from_bytes(key[:2], "big")
    adj = graph_from_certificate(key[2:])
    return nv, tuple(adj[nv:])


def complex_involution(
    nv: int, facets: tuple[int, ...], generators: list[list[int]]
) -> tuple[int, list[int]] | None:
    """An involutive automorphism for Khandhawit-Ye Theorem 1.

    Parameters
    ----------
    nv, facets
        The complex (vertices ``0 .. nv-1``).
    generators : list of permutations
        Automorphisms, as vertex permutations (the vertex part of the
        incidence graph's automorphisms).

    Returns
    -------
    (fixed_vertex_mask, involution) or None
        Among :func:`grundy.games.graphs.theory.involution_candidates`, one such that no
        facet contains both ``v`` and ``tau(v)`` for a moved ``v`` (so the
        fixed faces form the subcomplex induced on the fixed vertices),
        with the fewest fixed vertices.

    >>> complex_involution(3, (0b011, 0b110), [[2, 1, 0]])     # path a-b-c: swap a, c
    (2, [2, 1, 0])
    >>> complex_involution(2, (0b11,), [[1, 0]]) is None        # an edge: its ends are joined
    True
    """
    best: tuple[int, list[int]] | None = None
    for q in involution_candidates(generators):
        fixed = 0
        for v in range(nv):
            if q[v] == v:
                fixed |= 1 << v
        ok = True
        for f in facets:
            m = f & ~fixed
            while m:
                low = m & -m
                if f >> q[low.bit_length() - 1] & 1:
                    ok = False
                    break
                m ^= low
            if not ok:
                break
        if ok and (best is None or fixed.bit_count() < best[0].bit_count()):
            best = (fixed, q)
    return best


def binary_stars(facets: Iterable[int]) -> int:
    """Vertices removable in binary-star pairs (equal links), as a mask.

    Vertices are grouped by their link ``{F - v : v in F facet}``; within a
    class vertices are paired off (an odd class keeps its last vertex).

    >>> bin(binary_stars((0b0101, 0b0110)))   # vertices 0, 1 both see only {2}
    '0b11'
    """
    facets = tuple(facets)
    classes: dict[tuple[int, ...], list[int]] = {}
    for v in bits(_vertex_mask(facets)):
        bit = 1 << v
        link = tuple(sorted(f ^ bit for f in facets if f & bit))
        classes.setdefault(link, []).append(v)
    removed = 0
    for group in classes.values():
        for k in range(0, len(group) - 1, 2):
            removed |= 1 << group[k] | 1 << group[k + 1]
    return removed


# ----------------------------------------------------------------------
# the position type
# ----------------------------------------------------------------------
class Complex:
    """A finite abstract simplicial complex with labelled vertices,
    immutable and hashable, given by its facets.

    Parameters
    ----------
    labels : sequence of hashable
        Distinct vertex labels; vertex ``i`` is ``labels[i]``. Every vertex
        must lie in a facet.
    facets : sequence of int
        The facets as vertex bitsets: nonempty, none contained in another.
    redundant : int
        How many sets listed by the user were not facets (contained in
        another listed set, or repeated); reported in explanations.

    Use :meth:`from_facets` (or :func:`grundy.readwrite.complexes.load_complex`) on user data: it
    closes the list downward and checks it.

    >>> cx = Complex.from_facets([[1, 2, 3], [3, 4], [2, 3]])
    >>> cx.facet_labels(), cx.redundant, len(cx.faces())
    ([(1, 2, 3), (3, 4)], 1, 9)
    """

    __slots__ = ("labels", "facets", "redundant", "_index", "_hash")

    labels: tuple[Label, ...]
    facets: tuple[int, ...]
    redundant: int

    def __init__(self, labels: Iterable[Label], facets: Iterable[int], *, redundant: int = 0) -> None:
        labels = tuple(labels)
        facets = tuple(sorted(facets, key=lambda f: (-f.bit_count(), [i for i in bits(f)])))
        object.__setattr__(self, "labels", labels)
        object.__setattr__(self, "facets", facets)
        object.__setattr__(self, "redundant", redundant)
        object.__setattr__(self, "_index", None)
        object.__setattr__(self, "_hash", None)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("Complex is immutable")

    # -- construction ---------------------------------------------------
    @classmethod
    def from_facets(cls, facets: Iterable[Iterable[Label]], *, where: str = "") -> "Complex":
        """Build a complex from sets of vertex labels: the complex is every
        nonempty subset of a listed set (listed sets contained in others are
        fine and counted in :attr:`redundant`). Vertices are numbered in
        order of first appearance.

        Raises
        ------
        InputError
            On an empty set (faces are nonempty) or a label repeated within
            one set.

        >>> Complex.from_facets([[1, 2], []])
        Traceback (most recent call last):
        ...
        grundy.errors.InputError: facet 2 is empty: faces are nonempty sets of vertices
        """
        prefix = f"{where}: " if where else ""
        labels: list[Label] = []
        index: dict[Label, int] = {}
        masks: list[int] = []
        for k, facet in enumerate(facets, 1):
            facet = list(facet)
            if not facet:
                raise InputError(f"{prefix}facet {k} is empty: faces are nonempty sets of vertices")
            m = 0
            for v in facet:
                if v not in index:
                    index[v] = len(labels)
                    labels.append(v)
                bit = 1 << index[v]
                if m & bit:
                    raise InputError(f"{prefix}facet {k} lists vertex {v!r} twice")
                m |= bit
            if m.bit_count() > MAX_FACET_VERTICES:
                raise TooLargeError(f"{prefix}facet {k} has {m.bit_count()} vertices; at most {MAX_FACET_VERTICES} "
                                    f"(a facet of d vertices has 2^d - 1 faces, each a move)")
            masks.append(m)
        if len(masks) > MAX_FACETS:
            raise TooLargeError(f"{prefix}{len(masks)} facets; at most {MAX_FACETS} are read")
        maximal = _maximal(masks)
        return cls(labels, maximal, redundant=len(masks) - len(maximal))

    @classmethod
    def from_graph(cls, g: Graph) -> "Complex":
        """The 1-dimensional complex of a graph: its edges, and its isolated
        vertices as 0-faces. Subset take-away on it is Graph Chomp on ``g``.

        >>> Complex.from_graph(Graph.from_edges([1, 2, 3], [(1, 2)])).facet_labels()
        [(1, 2), (3,)]
        """
        facets = [1 << i | 1 << j for i, j in g.edge_indices()]
        facets += [1 << i for i in range(g.n) if not g.adj[i]]
        return cls(g.labels, facets)

    # -- queries --------------------------------------------------------
    @property
    def n(self) -> int:
        """Number of vertices."""
        return len(self.labels)

    @property
    def dimension(self) -> int:
        """Largest face size minus one (-1 for the empty complex)."""
        return max((f.bit_count() for f in self.facets), default=0) - 1

    def faces(self) -> list[int]:
        """Every face as a vertex bitset, by size, then vertex order."""
        return sorted(_faces_of(self.facets), key=lambda f: (f.bit_count(), [i for i in bits(f)]))

    def f_vector(self) -> list[int]:
        """Number of faces of each size 1, 2, ..."""
        out = [0] * (self.dimension + 1)
        for f in _faces_of(self.facets):
            out[f.bit_count() - 1] += 1
        return out

    def face_labels(self, face: int) -> tuple[Label, ...]:
        """The labels of the vertices of a face bitset, in vertex order."""
        return tuple(self.labels[i] for i in bits(face))

    def facet_labels(self) -> list[tuple[Label, ...]]:
        return [self.face_labels(f) for f in self.facets]

    def face(self, labels: Iterable[Label]) -> int:
        """The bitset of a face given by labels; ``KeyError`` if a label is
        not a vertex, ``ValueError`` if the set is not a face."""
        idx = self._index
        if idx is None:
            idx = {v: i for i, v in enumerate(self.labels)}
            object.__setattr__(self, "_index", idx)
        m = 0
        for v in labels:
            m |= 1 << idx[v]
        if not m or not any(f & m == m for f in self.facets):
            raise ValueError(f"{sorted(map(str, labels))} is not a face")
        return m

    def move(self, face: Iterable[Label]) -> "Complex":
        """The position after removing ``face`` and every face containing it."""
        return self._on(remove_face(self.facets, self.face(face)))

    def restrict(self, vertices: int) -> "Complex":
        """The subcomplex induced on a vertex bitset."""
        return self._on(_maximal(f & vertices for f in self.facets))

    def _on(self, facets: tuple[int, ...]) -> "Complex":
        keep = _vertex_mask(facets)
        n, compact = _compact(list(facets), keep)
        return Complex([self.labels[i] for i in bits(keep)], compact)

    def face_poset(self) -> Poset:
        """The poset of faces ordered by inclusion (labels: tuples of vertex
        labels). Subset take-away is the poset game on it."""
        faces = self.faces()
        labels = [self.face_labels(f) for f in faces]
        up = [sum(1 << j for j, g in enumerate(faces) if g != f and g & f == f) for f in faces]
        return Poset(labels, up)

    # -- value semantics ------------------------------------------------
    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Complex):
            return NotImplemented
        return (self.labels, self.facets) == (other.labels, other.facets)

    def __hash__(self) -> int:
        h = self._hash
        if h is None:
            h = hash((self.labels, self.facets))
            object.__setattr__(self, "_hash", h)
        return h

    def __repr__(self) -> str:
        return f"Complex(vertices={self.n}, facets={len(self.facets)}, dimension={self.dimension})"
