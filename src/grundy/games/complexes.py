"""Subset take-away on finite abstract simplicial complexes.

The game (Khandhawit-Ye, §2; Gale)
----------------------------------
A position is a finite simplicial complex: a family of nonempty finite sets
(faces) closed under taking nonempty subsets. A move chooses a face and
removes it together with every face containing it; the player who cannot
move loses. It is the poset game on the face poset (faces ordered by
inclusion, :meth:`Complex.face_poset`), and Graph Chomp is the case of
dimension at most 1 (a vertex or an edge is removed with the edges on it).
Gale's game on an ``n``-set is ``simplex-boundary:n``: all nonempty proper
subsets.

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
(pass a ``PosetSolver`` to :func:`complex_analysis`). Options are tried
fewest faces first, which halved the positions expanded for n = 6.

Reductions (each switchable off through :class:`ComplexTheory`)
-----------------------------------------------------------------
- **components**: a complex whose vertex-facet incidence is disconnected is
  a disjoint sum (Sprague-Grundy; always on).
- **involutions**, Khandhawit-Ye Theorem 1: if an automorphism ``tau`` of
  the complex (a vertex permutation mapping faces to faces) has order 2
  and no face contains both ``v`` and ``tau(v)`` for a moved vertex ``v``,
  the fixed faces are exactly the faces on fixed vertices and the complex
  has the value of the subcomplex induced on the fixed vertices. (Proof in
  the paper; it is the proposition of :mod:`grundy.games.posets` on the face
  poset: the fixed faces form a down-set exactly under that condition.)
  Involutions are found among the involutive powers of nauty's generators
  and of their pairwise products, as for graphs.
- **binary_star**, Mangang §Subset take-away (after Christensen-Tilford):
  two vertices ``x``, ``y`` joined by no edge such that every face
  containing ``x`` becomes a face when ``x`` is replaced by ``y`` and
  conversely — equivalently, ``x`` and ``y`` have the same link (equal
  links already forbid a common face) — can be removed with every face on
  them. Mangang states "the same win/loss situation"; it is the special
  case of Theorem 1 where ``tau`` swaps ``x`` and ``y`` and fixes the rest,
  so the nim-value is kept too. Vertices with equal links are removed in
  pairs (an odd class keeps one), the analogue of false twins in graphs.
- **graphs**: a component of dimension <= 1 is a Graph Chomp position and
  is valued by :class:`grundy.core.search.Searcher` with its own theory (bipartite
  graphs, forests, complete multipartite graphs, cycles, ...).
- **cancel_pairs**: isomorphic components cancel (G + G = 0).

>>> complex_analysis("simplex-boundary:4")["value"]
0
>>> [v for _k, v in gale_first_moves(4)]
[3, 2, 4]
"""

from __future__ import annotations

import itertools
import json
import os
from collections.abc import Callable, Hashable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from grundy.core.canon import automorphisms, certificate, graph_from_certificate
from grundy.core.search import Component, Namer, Searcher, Split
from grundy.errors import InputError, TooLargeError
from grundy.core.moves import label_json, label_str
from grundy.games.graphs.graph import Graph, bits
from grundy.games.posets import (
    PosetSolver,
    Poset,
    _json_label,
    _token_label,
    measured,
    poset_analysis,
    read_text,
    sum_values,
)
from grundy.games.graphs.game import Solver
from grundy.games.graphs.theory import Switches, Theory, involution_candidates

__all__ = [
    "Complex",
    "ComplexTheory",
    "ComplexSolver",
    "COMPLEX_FAMILIES",
    "THEOREM1_SOURCE",
    "BINARY_STAR_SOURCE",
    "build_complex_family",
    "load_complex",
    "complex_analysis",
    "gale_first_moves",
    "complex_involution",
    "binary_stars",
]

THEOREM1_SOURCE = "Khandhawit-Ye, Theorem 1"
BINARY_STAR_SOURCE = (
    "Mangang, binary-star theorem (after Christensen-Tilford); Khandhawit-Ye, Theorem 1 "
    "with the swap of the two vertices, so the nim-value is kept"
)
GRAPH_SOURCE = "Khandhawit-Ye, §2: subset take-away of dimension <= 1 is Graph Chomp"

#: Largest number of vertices the families build (faces are enumerated for moves).
MAX_FAMILY_VERTICES = 16
#: Largest number of facets the families and loaders build.
MAX_FACETS = 20_000

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


def complex_key(nv: int, facets: tuple[int, ...]) -> bytes:
    """Canonical key of a complex on vertices ``0 .. nv-1`` (every vertex in
    some facet): two bytes of ``nv``, then nauty's certificate of the
    coloured incidence graph. Equal exactly for isomorphic complexes.

    >>> complex_key(3, (0b011, 0b110)) == complex_key(3, (0b101, 0b011))   # paths
    True
    >>> complex_key(3, (0b011, 0b110)) == complex_key(3, (0b111,))
    False
    """
    total, lists, colouring = _incidence(nv, facets)
    return nv.to_bytes(2, "big") + certificate(total, lists, colouring=colouring)


def complex_from_key(key: bytes) -> tuple[int, tuple[int, ...]]:
    """``(nv, facets)`` of the canonically labelled complex of a key."""
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

    Use :meth:`from_facets` (or :func:`load_complex`) on user data: it
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


# ----------------------------------------------------------------------
# families and files
# ----------------------------------------------------------------------
@dataclass(frozen=True)
class ComplexFamily:
    name: str
    params: str
    description: str


COMPLEX_FAMILIES: dict[str, ComplexFamily] = {
    f.name: f
    for f in [
        ComplexFamily("simplex-boundary", "n", "all nonempty proper subsets of {1..n}: Gale's game"),
        ComplexFamily("skeleton", "n,k", "all subsets of {1..n} of size 1..k"),
        ComplexFamily("simplex", "n", "all nonempty subsets of {1..n}"),
        ComplexFamily(
            "torus",
            "",
            "9 vertices (i, j) mod 3, triangles {(i,j),(i+1,j),(i+1,j+1)} and {(i,j),(i,j+1),(i+1,j+1)} "
            "(Khandhawit-Ye, Figure 4)",
        ),
        ComplexFamily("graph", "SPEC", "a graph (any grundy graph spec) as a 1-dimensional complex"),
    ]
}


def _size(spec: str, text: str) -> int:
    text = text.strip()
    if not text.lstrip("+-").isdigit():
        raise InputError(f"{spec}: parameter {text!r} is not an integer")
    value = int(text)
    if value <= 0:
        raise InputError(f"{spec}: sizes must be positive integers, got {value}")
    return value


def _skeleton(n: int, k: int) -> Complex:
    labels = list(range(1, n + 1))
    return Complex(labels, [sum(1 << i for i in c) for c in itertools.combinations(range(n), k)])


def build_complex_family(spec: str) -> Complex:
    """Build a complex from a family spec (see :data:`COMPLEX_FAMILIES`).

    Raises
    ------
    InputError
        On an unknown family or a bad parameter (sizes must be positive;
        ``skeleton:n,k`` needs ``k <= n``).
    TooLargeError
        Over ``MAX_FAMILY_VERTICES`` vertices or ``MAX_FACETS`` facets.

    >>> build_complex_family("simplex-boundary:3").facet_labels()
    [(1, 2), (1, 3), (2, 3)]
    >>> build_complex_family("skeleton:3,0")
    Traceback (most recent call last):
    ...
    grundy.errors.InputError: skeleton:3,0: sizes must be positive integers, got 0
    """
    name, sep, rest = spec.partition(":")
    name = name.strip().lower()
    if name not in COMPLEX_FAMILIES:
        known = ", ".join(f"{f.name}:{f.params}" if f.params else f.name for f in COMPLEX_FAMILIES.values())
        raise InputError(f"unknown complex family {name!r}; known: {known}")
    if name == "torus":
        if rest.strip():
            raise InputError(f"{spec}: the family torus takes no parameters")
        labels = [(i, j) for i in range(3) for j in range(3)]
        at = {v: k for k, v in enumerate(labels)}
        tri = []
        for i in range(3):
            for j in range(3):
                a, b, c, d = (i, j), ((i + 1) % 3, j), ((i + 1) % 3, (j + 1) % 3), (i, (j + 1) % 3)
                tri.append(1 << at[a] | 1 << at[b] | 1 << at[c])
                tri.append(1 << at[a] | 1 << at[d] | 1 << at[c])
        return Complex(labels, tri)
    if not sep or not rest.strip():
        raise InputError(f"{spec}: the family {name} needs parameters {name}:{COMPLEX_FAMILIES[name].params}")
    if name == "graph":
        from grundy.readwrite.graphs import to_graph

        return Complex.from_graph(to_graph(rest.strip()))
    parts = rest.split(",")
    expected = 2 if name == "skeleton" else 1
    if len(parts) != expected:
        raise InputError(f"{spec}: expected {name}:{COMPLEX_FAMILIES[name].params}, got {len(parts)} parameters")
    sizes = [_size(spec, p) for p in parts]
    n = sizes[0]
    if n > MAX_FAMILY_VERTICES:
        raise TooLargeError(f"{spec}: {n} vertices; at most {MAX_FAMILY_VERTICES} are built")
    if name == "simplex":
        return _skeleton(n, n)
    if name == "simplex-boundary":
        return _skeleton(n, n - 1) if n > 1 else Complex([], [])
    k = sizes[1]
    if k > n:
        raise InputError(f"{spec}: faces of size at most k = {k} of an n = {n} set: need k <= n")
    import math

    if math.comb(n, k) > MAX_FACETS:
        raise TooLargeError(f"{spec}: {math.comb(n, k)} facets; at most {MAX_FACETS} are built")
    return _skeleton(n, k)


def parse_facets_text(text: str, source: str = "<text>") -> Complex:
    """Read the ``.facets`` format: one facet per line, vertex labels
    separated by spaces (integer tokens are integer labels), ``#`` comments.

    >>> parse_facets_text("1 2 3\\n3 4  # an edge\\n").facet_labels()
    [(1, 2, 3), (3, 4)]
    """
    facets = []
    for lineno, line in enumerate(text.splitlines(), 1):
        tokens = line.split("#", 1)[0].split()
        if tokens:
            facets.append([_token_label(t) for t in tokens])
    if not facets:
        raise InputError(f"no complex in {source}: no facets")
    return Complex.from_facets(facets, where=source)


def parse_facets_json(text: str, source: str = "<json>") -> Complex:
    """Read ``{"facets": [[v, ...], ...]}``."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(f"{source}:{exc.lineno}:{exc.colno}: malformed JSON: {exc.msg}") from None
    shape = '{"facets": [[v, ...], ...]}'
    if not isinstance(data, dict) or set(data) != {"facets"} or not isinstance(data["facets"], list):
        raise InputError(f"{source}: expected a complex object {shape}")
    facets = []
    for i, f in enumerate(data["facets"]):
        if not isinstance(f, list):
            raise InputError(f"{source}: facets[{i}] must be a list of vertex labels")
        facets.append([_json_label(v, f"{source}: facets[{i}]") for v in f])
    return Complex.from_facets(facets, where=source)


def load_complex(spec: str | Complex | Graph) -> Complex:
    """A complex from a family spec, a ``.facets`` or ``.json`` file, a
    :class:`Complex` (returned as is) or a :class:`grundy.Graph`.

    Raises
    ------
    InputError
        Bad input, one line: unknown family, bad size, empty facet,
        unreadable file.

    >>> load_complex("torus").f_vector()
    [9, 27, 18]
    """
    if isinstance(spec, Complex):
        return spec
    if isinstance(spec, Graph):
        return Complex.from_graph(spec)
    if not isinstance(spec, str):
        raise InputError(f"cannot make a complex from {type(spec).__name__}: expected a Complex or a string")
    spec = spec.strip()
    ext = os.path.splitext(spec)[1].lower()
    if not spec.lower().startswith("graph:") and (ext in (".facets", ".json") or os.path.exists(spec)):
        text = read_text(spec)
        if ext == ".json":
            return parse_facets_json(text, spec)
        if ext == ".facets":
            return parse_facets_text(text, spec)
        raise InputError(f"cannot read {spec}: unsupported extension {ext or '(none)'!r}; supported: .facets, .json")
    return build_complex_family(spec)


# ----------------------------------------------------------------------
# reductions switchable off
# ----------------------------------------------------------------------
@dataclass(frozen=True)
class ComplexTheory(Switches):
    """Which shortcuts :class:`ComplexSolver` may use (all on by default);
    see the module docstring for each and its source."""

    graphs: bool = True
    binary_star: bool = True
    involutions: bool = True
    cancel_pairs: bool = True


# ----------------------------------------------------------------------
# the game
# ----------------------------------------------------------------------
class ComplexGame:
    """Subset take-away as a game of :class:`grundy.core.search.Searcher`,
    on coloured vertex-facet incidence graphs (see the module docstring).

    Positions are tuples of facet bitsets (an antichain; vertices numbered
    freely), with an optional mask of vertices to restrict to.

    Parameters
    ----------
    theory : ComplexTheory, optional
        Which shortcuts to use (default all).
    face_cache_size : int
        How many keys keep their face count (the option order) cached.
    """

    name = "complex-incidence-v1"

    def __init__(self, theory: ComplexTheory | None = None, face_cache_size: int = 500_000) -> None:
        self.theory = theory if theory is not None else ComplexTheory()
        self.face_cache_size = face_cache_size
        self._faces: dict[bytes, int] = {}
        self._graphs: Solver | None = None
        self._graphs_of: Searcher | None = None

    def decompose(
        self,
        search: Searcher,
        facets: tuple[int, ...],
        mask: int | None = None,
        trace: list[str] | None = None,
        name: Namer | None = None,
    ) -> Split:
        """Split a position into a heap and unknown components; ``mask``
        restricts to the subcomplex induced on those vertices. As
        :meth:`grundy.core.search.Searcher.decompose`."""
        if mask is not None:
            facets = _maximal(f & mask for f in facets)
        unknown: list[Component] = []
        nimber = self._split(search, facets, unknown, trace, name)
        return search.finish_split(nimber, unknown, trace)

    def _split(
        self,
        search: Searcher,
        facets: Iterable[int],
        unknown: list[Component],
        trace: list[str] | None = None,
        name: Namer | None = None,
    ) -> int:
        graphs = self.theory.graphs
        nimber = 0
        for vmask, comp in _facet_components(facets):
            if not vmask & (vmask - 1):
                nimber ^= 1
                if trace is not None and name is not None:
                    trace.append(f"{name(vmask)}: a lone vertex, value 1")
                continue
            if graphs:
                for f in comp:
                    if f.bit_count() > 2:
                        break
                else:
                    nimber ^= self._graph_value(search, comp, vmask, trace, name)
                    continue
            nimber ^= self._key_component(search, comp, vmask, unknown, trace, name)
        return nimber

    def _graph_solver(self, search: Searcher) -> Solver:
        """The Graph Chomp searcher for 1-dimensional components: its own
        table, this search's limits and counters."""
        if self._graphs is None or self._graphs_of is not search:
            self._graphs = Solver(Theory())
            self._graphs.limits = search.limits
            self._graphs.stats = search.stats
            self._graphs_of = search
        return self._graphs

    def _graph_value(
        self, search: Searcher, comp: list[int], vmask: int, trace: list[str] | None, name: Namer | None
    ) -> int:
        nv, facets = _compact(comp, vmask)
        adj = [0] * nv
        for f in facets:
            if f & (f - 1):
                i = f.bit_length() - 1
                j = (f ^ (1 << i)).bit_length() - 1
                adj[i] |= 1 << j
                adj[j] |= 1 << i
        g = self._graph_solver(search)
        if trace is not None and name is not None:
            verts = list(bits(vmask))

            def gname(m: int) -> str:
                out = 0
                for i in bits(m):
                    out |= 1 << verts[i]
                return name(out)

            sub: list[str] = []
            value = g.value_of(*g.decompose(tuple(adj), None, sub, gname))
            trace.append(f"{name(vmask)}: dimension 1, a Graph Chomp position [{GRAPH_SOURCE}]")
            trace.extend(sub)
            trace.append(f"{name(vmask)}: value {value}")
        else:
            value = g.value_of(*g.decompose(tuple(adj)))
        search.stats.closed_forms += 1
        return value

    def _key_component(
        self,
        search: Searcher,
        comp: list[int],
        vmask: int,
        unknown: list[Component],
        trace: list[str] | None,
        name: Namer | None,
    ) -> int:
        """Key one component and hand it to the table with its reduction
        (binary stars, then an involution)."""
        if vmask & (vmask + 1) == 0:  # vertices 0 .. nv-1 already
            nv, facets = vmask.bit_length(), tuple(comp)
        else:
            nv, facets = _compact(comp, vmask)
        total, lists, colouring = _incidence(nv, facets)
        key = nv.to_bytes(2, "big") + certificate(total, lists, colouring=colouring)
        theory = self.theory

        def reduce(tr: list[str] | None) -> Split | None:
            found = self._reduction(nv, facets, total, lists, colouring)
            if found is None:
                return None
            if tr is None or name is None:
                return self.decompose(search, facets, found[1])
            return self._explain(search, found, comp, vmask, tr, name)

        use = reduce if theory.binary_star or theory.involutions else None
        if trace is None or name is None:
            return search.look_up(key, unknown, use)
        fv = [0] * max(f.bit_count() for f in facets)
        for f in _faces_of(facets):
            fv[f.bit_count() - 1] += 1
        return search.look_up(
            key,
            unknown,
            use,
            trace,
            name(vmask),
            f"{name(vmask)}: {nv} vertices, {len(facets)} facets, f-vector {fv}, no shortcut: searched",
        )

    def _reduction(
        self,
        nv: int,
        facets: tuple[int, ...],
        total: int,
        lists: dict[int, list[int]],
        colouring: list[set[int]],
    ) -> tuple[str, int, list[int] | None] | None:
        """``("binary_star", kept vertices, None)``, ``("involution", fixed
        vertices, tau)`` or None, for a compacted component."""
        if self.theory.binary_star:
            removed = binary_stars(facets)
            if removed:
                return ("binary_star", ((1 << nv) - 1) & ~removed, None)
        if self.theory.involutions:
            gens, _orbits = automorphisms(total, lists, colouring=colouring)
            inv = complex_involution(nv, facets, [p[:nv] for p in gens])
            if inv is not None:
                return ("involution", inv[0], inv[1])
        return None

    def _explain(
        self,
        search: Searcher,
        found: tuple[str, int, list[int] | None],
        comp: list[int],
        vmask: int,
        trace: list[str],
        name: Namer,
    ) -> Split:
        """Trace a reduction in the caller's labels and decompose what it
        leaves with the trace; returns that decomposition."""
        verts = list(bits(vmask))
        kind, keep, tau = found
        kept = 0
        for i in bits(keep):
            kept |= 1 << verts[i]
        if kind == "binary_star":
            trace.append(
                f"{name(vmask)}: vertices {name(vmask & ~kept)} have equal links, in pairs (binary stars): "
                f"removed with every face on them [{BINARY_STAR_SOURCE}]"
            )
        else:
            assert tau is not None
            pairs = sorted({tuple(sorted((verts[i], verts[w]))) for i, w in enumerate(tau) if w != i})
            swaps = ", ".join(f"{name(1 << a)[1:-1]}<->{name(1 << b)[1:-1]}" for a, b in pairs)
            trace.append(
                f"{name(vmask)}: the involution {swaps} is an automorphism and no face contains a vertex "
                f"and its image: replaced by the subcomplex on its fixed vertices "
                f"{name(kept) if kept else '{}'} [{THEOREM1_SOURCE}]"
            )
        if not kept:
            trace.append("nothing is left: value 0")
            return 0, ()
        return self.decompose(search, tuple(comp), kept, trace, name)

    def children(self, search: Searcher, key: Component, start: int = 0) -> Iterator[Split]:
        """Options of a component: one move per orbit of faces under the
        automorphism group (faces by size, then number), from the
        ``start``-th on."""
        nv, facets = complex_from_key(key)
        total, lists, colouring = _incidence(nv, facets)
        gens, _orbits = automorphisms(total, lists, colouring=colouring)
        images = [[1 << p[v] for v in range(nv)] for p in gens]
        faces = sorted(_faces_of(facets), key=lambda f: (f.bit_count(), f))
        seen_faces: set[int] = set()
        index = 0
        for face in faces:
            if face in seen_faces:
                continue
            orbit = [face]
            seen_faces.add(face)
            k = 0
            while k < len(orbit):
                f = orbit[k]
                k += 1
                for img in images:
                    g = 0
                    m = f
                    while m:
                        low = m & -m
                        g |= img[low.bit_length() - 1]
                        m ^= low
                    if g not in seen_faces:
                        seen_faces.add(g)
                        orbit.append(g)
            index += 1
            if index <= start:
                continue
            unknown: list[Component] = []
            nim = self._split(search, remove_face(facets, face), unknown)
            yield search.finish_split(nim, unknown)

    def size(self, key: Component) -> int:
        """Number of faces: a better measure than the key's length (it
        halved the positions expanded for Gale n = 6)."""
        count = self._faces.get(key)
        if count is None:
            if len(self._faces) >= self.face_cache_size:
                self._faces.clear()
            count = self._faces[key] = len(_faces_of(complex_from_key(key)[1]))
        return count


class ComplexSolver(Searcher):
    """The searcher of subset take-away, made in one call:
    ``Searcher(ComplexGame(theory), **kwargs)``.

    Parameters
    ----------
    theory : ComplexTheory, optional
        Which shortcuts to use (default all).
    **kwargs
        Table, limits, progress and caches: see
        :class:`grundy.core.search.Searcher`.

    >>> s = ComplexSolver()
    >>> s.value_of(*s.decompose(build_complex_family("torus").facets))
    0
    """

    def __init__(self, theory: ComplexTheory | None = None, **kwargs: Any) -> None:
        super().__init__(ComplexGame(theory), **kwargs)


# ----------------------------------------------------------------------
# analysis
# ----------------------------------------------------------------------
def _face_json(cx: Complex, face: int) -> list[Any]:
    return [label_json(v) for v in cx.face_labels(face)]


def complex_analysis(
    cx: Complex | str,
    *,
    option_table: bool = False,
    solver: ComplexSolver | PosetSolver | None = None,
    name: str | None = None,
) -> dict[str, Any]:
    """Nim-value, outcome, winning moves and explanation of subset take-away.

    Parameters
    ----------
    cx : Complex or str
        The position, or a spec for :func:`load_complex`.
    option_table : bool
        Also give every move with the value it leads to (``"options"``).
    solver : ComplexSolver or PosetSolver, optional
        Reuse a solver and its table. A :class:`grundy.games.posets.PosetSolver`
        plays the same game on the face poset instead (slower; same
        answers).
    name : str, optional
        The ``"name"`` reported (default: the spec, or ``""``).

    Returns
    -------
    dict
        ``{"name", "game": "subset-takeaway", "value", "outcome",
        "winning_moves": [{"face": [labels...]}, ...], "vertices": [...],
        "facets": [[labels...], ...], "explanation": [...], "stats": {...}}``,
        and ``"options": [{"face": [...], "value": v}, ...]`` with
        ``option_table``. Moves are listed by face size, then vertex order.

    Raises
    ------
    InputError
        If ``cx`` is a spec that cannot be read.
    SearchLimitReached
        If the solver's limit stops the search.

    >>> a = complex_analysis("simplex:2")
    >>> a["value"], a["winning_moves"]
    (2, [{'face': [1, 2]}])
    """
    if isinstance(cx, str):
        name = cx if name is None else name
        cx = load_complex(cx)
    head = ["subset take-away: a move removes a face and every face containing it; the player who cannot move loses"]
    if cx.redundant:
        head.append(
            f"{cx.redundant} listed set(s) are not facets (contained in another listed set or repeated): "
            f"the complex is the downward closure of the list, with {len(cx.facets)} facets"
        )
    if isinstance(solver, PosetSolver):
        res = _via_face_poset(cx, solver, option_table, head)
    else:
        res = _via_incidence(cx, solver or ComplexSolver(), option_table, head)
    value, winning, options, explanation, stats = res
    out: dict[str, Any] = {
        "name": name or "",
        "game": "subset-takeaway",
        "value": value,
        "outcome": "P" if value == 0 else "N",
        "winning_moves": [{"face": _face_json(cx, f)} for f in winning],
        "vertices": [label_json(v) for v in cx.labels],
        "facets": [_face_json(cx, f) for f in cx.facets],
        "explanation": explanation,
        "stats": stats,
    }
    if option_table:
        out["options"] = [{"face": _face_json(cx, f), "value": v} for f, v in options]
    return out


def _via_incidence(
    cx: Complex, solver: ComplexSolver, option_table: bool, trace: list[str]
) -> tuple[int, list[int], list[tuple[int, int]], list[str], dict[str, Any]]:
    labels = cx.labels
    everything = (1 << cx.n) - 1

    def namer(mask: int) -> str:
        if mask == everything and cx.n > 1:
            return "the complex"
        return "{" + ", ".join(label_str(labels[i]) for i in bits(mask)) + "}"

    order = {f: k for k, f in enumerate(cx.faces())}
    with measured(solver) as stats:
        comps = _facet_components(cx.facets)
        if not comps:
            trace.append("the empty complex: no move, value 0")
        comp_values, total = sum_values(
            solver,
            comps,
            lambda comp, tr: solver.decompose(tuple(comp[1]), None, tr, namer),
            namer,
            lambda comp: comp[0],
            trace,
        )
        winning: list[int] = []
        table: list[tuple[int, int]] = []
        for (vmask, comp), cval in zip(comps, comp_values):
            target = total ^ cval
            for face in sorted(_faces_of(comp), key=order.__getitem__):
                nim, unk = solver.decompose(remove_face(comp, face))
                if option_table:
                    val = solver.value_of(nim, unk)
                    table.append((face, val ^ target))
                    wins = val == target
                else:
                    wins = solver.is_p(nim ^ target, unk)
                if wins:
                    winning.append(face)
    winning.sort(key=order.__getitem__)
    table.sort(key=lambda t: order[t[0]])
    return total, winning, table, trace, stats


def _via_face_poset(
    cx: Complex, solver: PosetSolver, option_table: bool, head: list[str]
) -> tuple[int, list[int], list[tuple[int, int]], list[str], dict[str, Any]]:
    faces = cx.faces()
    res = poset_analysis(cx.face_poset(), option_table=option_table, solver=solver)
    by_label = {cx.face_labels(f): f for f in faces}

    def face_of(x: Any) -> int:
        return by_label[tuple(_back(v) for v in x)]

    winning = [face_of(m["element"]) for m in res["winning_moves"]]
    table = [(face_of(m["element"]), m["value"]) for m in res.get("options", [])]
    explanation = head + ["played as the poset game on the face poset (faces ordered by inclusion)"]
    explanation += res["explanation"][1:]
    return res["value"], winning, table, explanation, res["stats"]


def _back(x: Any) -> Any:
    return tuple(_back(y) for y in x) if isinstance(x, list) else x


def gale_first_moves(n: int, *, solver: ComplexSolver | None = None) -> list[tuple[int, int]]:
    """The first-move table of Gale's game on an ``n``-set up to symmetry.

    Every nonempty proper subset of the same size is equivalent under the
    symmetric group, so the table has one move per size ``k = 1 .. n-1``:
    removing ``{1..k}`` and every set containing it.

    Returns
    -------
    list of (k, value)
        The nim-value of the position each first move leads to. Gale's game
        is a P-position iff every value is nonzero.

    Raises
    ------
    InputError
        If ``n < 2``.
    SearchLimitReached
        If the solver's limit stops the search (what it learned stays).

    >>> gale_first_moves(3)
    [(1, 2), (2, 1)]
    """
    if n < 2:
        raise InputError(f"Gale's game needs n >= 2 (n = {n} has no move)")
    if n > MAX_FAMILY_VERTICES:
        raise TooLargeError(f"Gale's game on {n} > {MAX_FAMILY_VERTICES} points is not built")
    solver = solver or ComplexSolver()
    start = build_complex_family(f"simplex-boundary:{n}")
    out = []
    solver.start()
    try:
        for k in range(1, n):
            nim, unk = solver.decompose(remove_face(start.facets, (1 << k) - 1))
            out.append((k, solver.value_of(nim, unk)))
    finally:
        solver.finish()
    return out
