"""Subset take-away as a game of the search: :class:`ComplexGame`
(components, Graph Chomp components, keys, reductions, options by face
orbits), the switches of its shortcuts (:class:`ComplexTheory`) and
:class:`ComplexSolver`, the searcher made in one call.

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
  is valued by a Graph Chomp :class:`grundy.games.graphs.game.Solver` (its
  own table; this search's limits and counters) with the graph theory
  (bipartite graphs, forests, complete multipartite graphs, cycles, ...).
- **cancel_pairs**: isomorphic components cancel (G + G = 0).

The compiled search
-------------------
With the optional extension :mod:`grundy.games.complexes._complex_kernel`
built, components of at most 16 vertices and 64 incidence nodes are
expanded, split, keyed (nauty called directly; the keys are
:func:`grundy.games.complexes.complex.complex_key`'s) and reduced in C, and
the Lemoine-Viennot search runs there too (:meth:`ComplexGame.make_expander`);
``GRUNDY_NO_COMPLEX_KERNEL=1`` keeps everything in Python. Both paths give
the same values after the same positions (``tests/test_complex_kernel.py``).
"""

from __future__ import annotations

import os
import weakref
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any, cast

from grundy.core.canon import automorphisms, certificate
from grundy.core.search import Component, Namer, Searcher, Split
from grundy.games.complexes.complex import (
    _compact,
    _faces_of,
    _facet_components,
    _incidence,
    _maximal,
    binary_stars,
    complex_from_key,
    complex_key,
    complex_involution,
    remove_face,
)
from grundy.games.graphs.formulas import plural
from grundy.games.graphs.game import Solver
from grundy.games.graphs.graph import bits
from grundy.games.graphs.theory import Switches, Theory

try:  # the compiled search (optional: built from _complex_kernel.pyx)
    from grundy.games.complexes import _complex_kernel
except ImportError:  # pragma: no cover - depends on the build
    _complex_kernel = None  # type: ignore[assignment]

__all__ = [
    "ComplexTheory",
    "ComplexGame",
    "ComplexSolver",
    "COMPLEX_KERNEL",
    "THEOREM1_SOURCE",
    "BINARY_STAR_SOURCE",
    "GRAPH_SOURCE",
]

THEOREM1_SOURCE = "Khandhawit-Ye, Theorem 1"
BINARY_STAR_SOURCE = (
    "Mangang, binary-star theorem (after Christensen-Tilford); Khandhawit-Ye, Theorem 1 "
    "with the swap of the two vertices, so the nim-value is kept"
)
GRAPH_SOURCE = "Khandhawit-Ye, §2: subset take-away of dimension <= 1 is Graph Chomp"


def _bind_complex_kernel() -> bool:
    """Let the compiled complex search call nauty directly (see
    :mod:`grundy.games.complexes._complex_kernel`).

    Only if the extension was built, pynauty's nauty uses 64-bit set words
    and the kernel's keys equal :func:`complex_key` and
    :func:`~grundy.games.complexes.complex.nauty_complex_key` (byte for
    byte) on a set of test complexes; otherwise every complex is searched in Python.
    Returns whether the kernel is usable. ``GRUNDY_NO_COMPLEX_KERNEL=1``
    turns it off for the games made afterwards (:class:`ComplexGame`).
    """
    if _complex_kernel is None:  # pragma: no cover - depends on the build
        return False
    try:
        from pynauty import nautywrap

        from grundy.games.complexes.complex import nauty_complex_key

        if len(certificate(3, {0: [1], 1: [2]})) != 24 or not _complex_kernel.bind_nauty(nautywrap.__file__):
            return False  # pragma: no cover - depends on pynauty's build
        import random

        rng = random.Random(20261211)
        for nv in (1, 2, 3, 5, 7, 10, 16):
            for _ in range(6):
                sets = [rng.getrandbits(nv) or 1 for _ in range(rng.randint(1, min(40, 64 - nv)))]
                facets = _maximal(sets + [1 << v for v in range(nv)])
                if len(facets) + nv > 64:
                    continue
                if (_complex_kernel.complex_key(nv, facets) != complex_key(nv, facets)
                        or _complex_kernel.complex_key(nv, facets, nauty=True) != nauty_complex_key(nv, facets)):
                    _complex_kernel.unbind_nauty()  # pragma: no cover
                    return False  # pragma: no cover
    except (ImportError, OSError, AttributeError):  # pragma: no cover - depends on pynauty
        return False
    return True


#: Whether the compiled complex search is built and bound to nauty (see
#: :func:`_bind_complex_kernel`).
COMPLEX_KERNEL = _bind_complex_kernel()


def kernel_enabled() -> bool:
    """Whether a :class:`ComplexGame` made now uses the compiled search by
    default: :data:`COMPLEX_KERNEL`, unless the environment variable
    ``GRUNDY_NO_COMPLEX_KERNEL`` is ``1``."""
    return COMPLEX_KERNEL and os.environ.get("GRUNDY_NO_COMPLEX_KERNEL") != "1"


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
    compiled : bool, optional
        Search components in C (:mod:`grundy.games.complexes._complex_kernel`)
        when they fit its limits (at most 16 vertices, 64 incidence nodes).
        Default :func:`kernel_enabled`: on when the kernel is built and bound,
        unless ``GRUNDY_NO_COMPLEX_KERNEL=1``. Both paths give the same values
        after the same number of positions (``tests/test_complex_kernel.py``).

    The reduction of a component (binary stars, then an involution,
    Khandhawit-Ye Theorem 1) is looked for on its canonical form (the
    complex its key encodes), so it depends on the key alone and both paths
    find the same one (a traced decomposition, which explains itself in the
    user's labels, looks for it on the component as labelled).
    """

    #: the table files' game: v2 keys components of at most 7 vertices by their form
    #: (:func:`grundy.games.complexes.complex.complex_key`), v1 keyed every one by nauty
    name = "complex-form-v2"

    def __init__(
        self, theory: ComplexTheory | None = None, face_cache_size: int = 500_000, compiled: bool | None = None
    ) -> None:
        self.theory = theory if theory is not None else ComplexTheory()
        self.face_cache_size = face_cache_size
        self.compiled = kernel_enabled() if compiled is None else (compiled and COMPLEX_KERNEL)
        self._faces: dict[bytes, int] = {}
        self._graphs: Solver | None = None
        self._graphs_of: Searcher | None = None

    # -- the compiled search ----------------------------------------------
    def expands(self, key: Component) -> bool:
        """Whether the compiled search takes the component ``key`` (kernel on,
        at most 16 vertices and 64 incidence nodes)."""
        return self.compiled and _complex_kernel.expands(key)

    def make_expander(self, search: Searcher) -> Any:
        """The kernel's ``Expander`` over ``search``'s table, stats and
        caches (None with the kernel off). It calls back into Python for
        dimension-1 components (the Graph Chomp solver), for components of
        more than 64 incidence nodes and for keys it does not expand; it holds
        the searcher by a weak reference only."""
        if not self.compiled:
            return None
        ref = weakref.ref(search)

        def graph_value(adj: tuple[int, ...]) -> int:
            return self._graph_adj_value(_alive(ref), adj)

        def key_component(comp: list[int], vmask: int, unknown: list[Component]) -> int:
            return self._key_component(_alive(ref), comp, vmask, unknown, None, None)

        def options(key: Component, refute: int, partial: Any) -> Any:
            return _alive(ref)._options(key, refute, partial)

        table = search.table
        return _complex_kernel.Expander(
            table,
            self.theory,
            search.stats,
            search._option_cache,
            search.option_cache_size,
            self._faces,
            self.face_cache_size,
            graph_value,
            key_component,
            options,
            self.size,
        )

    @staticmethod
    def split_token(facets: Iterable[int], mask: int | None) -> tuple[frozenset[int], int | None]:
        """What identifies a split (:meth:`grundy.core.search.Searcher.decompose`
        keeps the last): the facets in any order, and the mask."""
        return frozenset(facets), mask

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
            value = g.search_value(*g.decompose(tuple(adj), None, sub, gname))   # within this search's clock
            trace.append(f"{name(vmask)}: dimension 1, a Graph Chomp position [{GRAPH_SOURCE}]")
            trace.extend(sub)
            trace.append(f"{name(vmask)}: value {value}")
        else:
            return self._graph_adj_value(search, tuple(adj))
        search.stats.closed_forms += 1
        return value

    def _graph_adj_value(self, search: Searcher, adj: tuple[int, ...]) -> int:
        """The Graph Chomp value of a dimension-1 component given as
        adjacency bitsets (its vertices in increasing order), counted as a
        closed form [Khandhawit-Ye, §2]."""
        g = self._graph_solver(search)
        value = g.search_value(*g.decompose(adj))   # within this search's clock
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
        key = complex_key(nv, facets)
        theory = self.theory
        if trace is None:
            known = search.cached(key, unknown, theory.binary_star or theory.involutions)
            if known is not None:
                return known

        def reduce(tr: list[str] | None) -> Split | None:
            if tr is None or name is None:
                return self._canonical_reduction(search, key)
            total, lists, colouring = _incidence(nv, facets)
            found = self._reduction(nv, facets, total, lists, colouring)
            if found is None:
                return None
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
            f"{name(vmask)}: {plural(nv, 'vertex', 'vertices')}, {plural(len(facets), 'facet')}, "
            f"f-vector {fv}, no shortcut: searched",
        )

    def _canonical_reduction(self, search: Searcher, key: Component) -> Split | None:
        """The reduction of a component found on its canonical form (the
        complex of ``key``, each colour class of the incidence graph handed
        to nauty in increasing order), decomposed; None if none applies.
        Depends on the key alone, so the compiled search finds the same."""
        nv, facets = complex_from_key(key)
        found = self._canonical_found(nv, facets)
        if found is None:
            return None
        return self.decompose(search, facets, found[1])

    def _canonical_found(self, nv: int, facets: tuple[int, ...]) -> tuple[str, int, list[int] | None] | None:
        """:meth:`_reduction` of a canonical form ``(nv, facets)``."""
        total, lists, _sets = _incidence(nv, facets)
        colouring = cast("list[set[int]]", [list(range(nv)), list(range(nv, total))])
        return self._reduction(nv, facets, total, lists, colouring)

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
        faces = sorted(_faces_of(facets))
        faces.sort(key=int.bit_count)  # by size, then number (the sort is stable)
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
    compiled : bool, optional
        Use the compiled search (see :class:`ComplexGame`; default: when built,
        unless ``GRUNDY_NO_COMPLEX_KERNEL=1``).
    **kwargs
        Table, limits, progress and caches: see
        :class:`grundy.core.search.Searcher`.

    >>> from grundy.games.complexes import build_complex_family
    >>> s = ComplexSolver()
    >>> s.value_of(*s.decompose(build_complex_family("torus").facets))
    0
    """

    def __init__(self, theory: ComplexTheory | None = None, *, compiled: bool | None = None, **kwargs: Any) -> None:
        super().__init__(ComplexGame(theory, compiled=compiled), **kwargs)


def _alive(ref: "weakref.ReferenceType[Searcher]") -> Searcher:
    """The searcher behind a weak reference held by the kernel's expander.

    Raises
    ------
    RuntimeError
        If it is gone (an expander outliving its searcher).
    """
    search = ref()
    if search is None:  # pragma: no cover - the searcher owns its expander
        raise RuntimeError("the searcher of this expander is gone")
    return search
