"""The search: exact nim-values of positions of impartial graph rulesets
(Graph Chomp by default; see :mod:`grundy.games.graphs.rulesets`).

How a value is decided
----------------------
A position is split into connected components (a disjoint sum), each
component is reduced by the papers' results (:mod:`grundy.games.graphs.theory`) and, if no
closed form applies, looked up in the table by its canonical key
(:mod:`grundy.core.canon`). Unknown components are searched.

The search answers *outcome questions on sums*, not exact values of every
option (Lemoine-Viennot; Beling-Rogalski, "On pruning search trees of
impartial games", 2020): "is C + *n a P-position?" holds iff every move of
C + *n leads to an N-position, i.e. no heap move to C + *m (m < n) and no
option C' + *n is a P-position. The first option found that is a P-position
stops the scan. The value of C is the least n for which C + *n is a
P-position. A sum of several unknown components is decided by computing the
exact values of all but the largest, folding them into the heap, and asking
the question of the largest ("hardest last"). The table keeps, per
component, its value once known and the set of values it is known *not* to
have, so every decided (position, n) pair is remembered.

Options are generated once per orbit of the automorphism group (isomorphic
options have equal values), deduplicated by canonical form and tried in the
order "fewest unknown components, then fewest vertices".
"""

from __future__ import annotations

import gc
import os
import sys
import time
from collections import OrderedDict
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from grundy.games.graphs.bitset import compact_with_lists, components, full_mask, remove_edge, remove_vertex, upper_lists
from grundy.core.canon import automorphisms, certificate, graph_from_certificate
from grundy.errors import SearchLimitReached
from grundy.games.graphs.rulesets import GraphRuleset, get_ruleset
from grundy.games.graphs.theory import (
    CANCEL_SOURCE,
    INVOLUTION_SOURCE,
    TWINS_SOURCE,
    Theory,
    classify,
    involution_fixed_set,
)

try:  # the compiled hot path (optional: built from _kernel.pyx)
    from grundy.games.graphs import _kernel
except ImportError:  # pragma: no cover - depends on the build
    _kernel = None  # type: ignore[assignment]


def _bind_kernel() -> bool:
    """Let the compiled kernel call nauty directly (see :mod:`grundy.games.graphs._kernel`).

    Only if pynauty's nauty uses 64-bit set words (a 3-vertex key is 24
    bytes) and the kernel's keys equal :func:`grundy.core.canon.certificate` on a
    set of test graphs; otherwise the kernel's keyed path stays off and keys
    come from pynauty. The kernel declares nauty 2.8's option and statistics
    structures (pynauty 2.8.x, pinned in pyproject.toml); the environment
    variable ``GRUNDY_NO_DIRECT_NAUTY=1`` turns the direct calls off. Returns
    whether they are on.
    """
    if _kernel is None:  # pragma: no cover - depends on the build
        return False
    if os.environ.get("GRUNDY_NO_DIRECT_NAUTY") == "1":  # pragma: no cover - escape hatch
        return False
    try:
        from pynauty import nautywrap

        if len(certificate(3, {0: [1], 1: [2]})) != 24 or not _kernel.bind_nauty(nautywrap.__file__):
            return False  # pragma: no cover - depends on pynauty's build
        import random

        rng = random.Random(20261121)
        for n in (1, 2, 5, 12, 33, 64):
            for _ in range(4):
                adj = [0] * n
                for i in range(n):
                    for j in range(i + 1, n):
                        if rng.random() < 0.3:
                            adj[i] |= 1 << j
                            adj[j] |= 1 << i
                graph = tuple(adj)
                key = certificate(n, upper_lists(graph))
                same_key = _kernel.graph_key(graph) == key
                if not same_key or _kernel.orbit_reps(key) != _orbit_reps(graph_from_certificate(key)):
                    _kernel.unbind_nauty()  # pragma: no cover
                    return False  # pragma: no cover
    except (ImportError, OSError, AttributeError):  # pragma: no cover - depends on pynauty
        return False
    return True


__all__ = ["Solver", "Stats", "Component", "Partial"]

#: An unknown component handed to the search: its canonical key (nauty
#: certificate). The graph is rebuilt from the key when it is expanded
#: (:func:`grundy.core.canon.graph_from_certificate`), so the table and the option
#: lists hold keys only.
Component = bytes

#: A generation of options stopped at a refuting option (see
#: :meth:`Solver._options`): the options so far in generation order, the
#: index of the next move, and the bits of the option values known.
Partial = tuple[list[tuple[int, tuple[Component, ...]]], int, int]

#: Describe a vertex mask of the graph being traced (for explanations).
Namer = Callable[[int], str]


@dataclass
class Stats:
    """Counters of one solver (cumulative over its lifetime).

    positions : option generations, the measure of search effort (a
        generation may stop early at a refuting option, and a position asked
        again after its options were dropped is generated again);
    table_hits : lookups answered by the table;
    closed_forms : components answered by a closed form; reductions :
        twin / involution reductions applied; seconds : wall-clock time in
        searches.
    """

    positions: int = 0
    table_hits: int = 0
    closed_forms: int = 0
    reductions: int = 0
    seconds: float = 0.0

    def as_dict(self) -> dict[str, Any]:
        return {
            "positions": self.positions,
            "table_hits": self.table_hits,
            "closed_forms": self.closed_forms,
            "reductions": self.reductions,
            "seconds": round(self.seconds, 4),
        }


class Solver:
    """Exact search (Graph Chomp or another impartial graph ruleset) with a
    transposition table.

    Parameters
    ----------
    theory : Theory
        Which of the papers' results to use (default: all).
    time_limit : float or None
        Seconds of search allowed per top-level call; exceeding it raises
        :class:`~grundy.errors.SearchLimitReached`.
    max_positions : int or None
        Total positions the solver may expand over its lifetime; exceeding
        it raises :class:`~grundy.errors.SearchLimitReached`.
    progress : bool
        Show a progress counter on stderr for searches longer than a second.
    ruleset : GraphRuleset or str
        The impartial ruleset (default Graph Chomp; see
        :mod:`grundy.games.graphs.rulesets`). The papers' theory is about Graph Chomp:
        for other rulesets only the cancelling of isomorphic pairs (valid in
        every impartial game) is used, and isolated vertices are valued by
        the rules (:attr:`GraphRuleset.isolated_value`).
    option_cache_size : int
        How many unresolved positions keep their generated option lists
        (oldest dropped first; a resolved position drops its list). Bounds
        the memory used beyond the table itself.

    What was learned before a limit or a ``KeyboardInterrupt`` stays in the
    table: calling again continues from there.
    """

    def __init__(
        self,
        theory: Theory | None = None,
        *,
        time_limit: float | None = None,
        max_positions: int | None = None,
        progress: bool = False,
        option_cache_size: int = 50_000,
        ruleset: GraphRuleset | str = "chomp",
    ) -> None:
        self.ruleset = get_ruleset(ruleset) if isinstance(ruleset, str) else ruleset
        theory = theory if theory is not None else Theory()
        if self.ruleset.name != "chomp":
            theory = Theory.only("cancel_pairs") if theory.cancel_pairs else Theory.none()
            self._isolated: int | None = self.ruleset.isolated_value
        else:
            self._isolated = None
        self.theory = theory
        # The compiled kernel implements Graph Chomp's moves and theory only.
        self._is_chomp = self.ruleset.name == "chomp"
        self.time_limit = time_limit
        self.max_positions = max_positions
        self.progress = progress
        self.values: dict[bytes, int] = {}
        self.not_values: dict[bytes, int] = {}
        self.aliases: dict[bytes, tuple[int, tuple[Component, ...]]] = {}
        self.irreducible: set[bytes] = set()
        self.stats = Stats()
        self._expander: Any = None
        self.option_cache_size = option_cache_size
        # oldest first: OrderedDict drops its first entry in O(1) (deleting a
        # plain dict's first key leaves holes its next iteration walks over)
        self._option_cache: OrderedDict[bytes, list[tuple[int, tuple[Component, ...]]]] = OrderedDict()
        self._deadline: float | None = None
        self._started = 0.0
        self._bar: Any = None

    @property
    def option_cache_size(self) -> int:
        """How many positions keep their generated option lists (see the
        class docstring); may be changed between searches."""
        return self._option_cache_size

    @option_cache_size.setter
    def option_cache_size(self, size: int) -> None:
        self._option_cache_size = size
        if self._expander is not None:
            self._expander.cache_size = size

    # ------------------------------------------------------------------
    # decomposition
    # ------------------------------------------------------------------
    def decompose(
        self,
        adj: tuple[int, ...],
        mask: int | None = None,
        trace: list[str] | None = None,
        name: Namer | None = None,
    ) -> tuple[int, tuple[Component, ...]]:
        """Split a position into a heap and unknown components.

        Parameters
        ----------
        adj : tuple of int
            Adjacency bitsets of a graph (any number of components).
        mask : int, optional
            Vertices to consider (default all).
        trace, name
            If ``trace`` is a list, a line is appended for every reduction
            and closed form used, naming vertex sets with ``name(mask)``.

        Returns
        -------
        (nimber, unknowns)
            The position has the value ``nimber`` xor the values of the
            ``unknowns``, each a canonical key, sorted by number of
            vertices. Components whose values are in the
            table are folded into ``nimber``; isomorphic pairs cancel when
            ``theory.cancel_pairs`` is on.
        """
        if mask is None:
            mask = full_mask(len(adj))
        if trace is None and self._is_chomp and _kernel is not None and len(adj) <= _kernel.MAX_VERTICES:
            expander = self._expander or self._make_expander()
            if expander is not None:
                return expander.split(adj, mask)  # type: ignore[no-any-return]
            return self._resolve(_kernel.split(adj, mask, self.theory))  # pragma: no cover
        nimber = 0
        unknown: list[Component] = []
        theory = self.theory
        todo = components(adj, mask)
        isolated = self._isolated
        while todo:
            comp = todo.pop()
            if isolated is not None and not comp & (comp - 1):
                nimber ^= isolated  # a lone vertex: valued by the rules
                continue
            found = classify(adj, comp, theory)
            if found is not None:
                if type(found) is int:  # false twins to delete
                    self.stats.reductions += 1
                    if trace is not None and name is not None:
                        trace.append(f"false twins removed in pairs: {name(found)} [{TWINS_SOURCE}]")
                    todo.extend(components(adj, comp & ~found))
                    continue
                self.stats.closed_forms += 1
                nimber ^= found[0]
                if trace is not None and name is not None:
                    trace.append(f"{name(comp)}: {found[1]}, value {found[0]} [{found[2]}]")
                continue
            sub, nbrs = compact_with_lists(adj, comp)
            nimber ^= self._look_up(sub, nbrs, unknown, trace, name, adj, comp)
        return self._finish(nimber, unknown, trace)

    def _make_expander(self) -> Any:
        """The kernel's :class:`grundy.games.graphs._kernel.Expander` over this solver's
        tables (Graph Chomp with the kernel bound to nauty), else None."""
        if KERNEL_NAUTY and _kernel is not None and self._is_chomp:
            self._expander = _kernel.Expander(
                self.values,
                self.aliases,
                self.irreducible,
                self.theory,
                self.stats,
                self.not_values,
                self._option_cache,
                self.option_cache_size,
            )
        return self._expander

    def _reduce(self, key: bytes, sub: tuple[int, ...]) -> tuple[int, list[int]] | None:
        """Look for an involution of the component ``sub`` (keyed ``key``)
        whose fixed-point set it reduces to (Khandhawit-Ye Theorem 1):
        record the reduction in :attr:`aliases` and return the involution
        as :func:`grundy.games.graphs.theory.involution_fixed_set` gives it, or record
        the key in :attr:`irreducible` and return None."""
        gens, _orbits = automorphisms(len(sub), upper_lists(sub))
        inv = involution_fixed_set(sub, gens)
        if inv is None:
            self.irreducible.add(key)
            return None
        self.stats.reductions += 1
        self.aliases[key] = self.decompose(sub, inv[0])
        return inv

    def _resolve(
        self, split: tuple[int, int, int, list[tuple[tuple[int, ...], dict[int, list[int]]]]]
    ) -> tuple[int, tuple[Component, ...]]:
        """:meth:`decompose` from the compiled kernel's structural split
        (:func:`grundy.games.graphs._kernel.split`): key the components left."""
        nimber, reductions, closed, parts = split
        stats = self.stats
        stats.reductions += reductions
        stats.closed_forms += closed
        unknown: list[Component] = []
        for sub, nbrs in parts:
            nimber ^= self._look_up(sub, nbrs, unknown)
        return self._finish(nimber, unknown)

    def _look_up(
        self,
        sub: tuple[int, ...],
        nbrs: dict[int, list[int]],
        unknown: list[Component],
        trace: list[str] | None = None,
        name: Namer | None = None,
        adj: tuple[int, ...] = (),
        comp: int = 0,
    ) -> int:
        """Key one component with no closed form and value what is known of it.

        ``sub`` is the component compacted, ``nbrs`` its upper adjacency
        lists. Returns the nimber the table (or an involution's fixed-point
        set) gives and appends to ``unknown`` the keys still to search.
        ``adj`` and ``comp`` (the component in the caller's graph) only name
        vertices in ``trace``.
        """
        key = certificate(len(sub), nbrs)
        val = self.values.get(key)
        if val is not None:
            self.stats.table_hits += 1
            if trace is not None and name is not None:
                trace.append(f"{name(comp)}: value {val} from the table")
            return val
        if self.theory.involutions:
            alias = self.aliases.get(key)
            if alias is None and key not in self.irreducible:
                inv = self._reduce(key, sub)
                if inv is not None:
                    alias = self.aliases[key]
                    if trace is not None and name is not None:
                        # Describe the involution in the caller's labels.
                        verts = [v for v in range(len(adj)) if comp >> v & 1]
                        moved = 0
                        for i, w in enumerate(inv[1]):
                            if w != i:
                                moved |= 1 << verts[i]
                        trace.append(
                            f"{name(comp)}: an involutive automorphism moving "
                            f"{name(moved)} swaps no edge; replaced by its fixed-point "
                            f"set [{INVOLUTION_SOURCE}]"
                        )
                        fixed = comp & ~moved
                        if fixed:
                            alias = self.decompose(adj, fixed, trace, name)
                        else:
                            trace.append("the fixed-point set is empty: value 0")
            if alias is not None:
                unknown.extend(alias[1])
                return alias[0]
        if trace is not None and name is not None:
            trace.append(
                f"{name(comp)}: {len(sub)} vertices, "
                f"{sum(a.bit_count() for a in sub) // 2} edges, no closed form: searched"
            )
        unknown.append(key)
        return 0

    def _finish(
        self, nimber: int, unknown: list[Component], trace: list[str] | None = None
    ) -> tuple[int, tuple[Component, ...]]:
        """Cancel isomorphic pairs and order the unknowns, smallest first."""
        if len(unknown) > 1:
            if self.theory.cancel_pairs:
                unknown, cancelled = _cancel_pairs(unknown)
                if cancelled and trace is not None:
                    trace.append(f"{cancelled} pair(s) of isomorphic components cancel [{CANCEL_SOURCE}]")
            unknown.sort(key=len)
        return nimber, tuple(unknown)

    # ------------------------------------------------------------------
    # search
    # ------------------------------------------------------------------
    def value_of(self, nimber: int, unknowns: tuple[Component, ...]) -> int:
        """Exact value of ``*nimber + sum(unknowns)``."""
        with _no_gc(), self._searching(unknowns) as search:
            for key in unknowns:
                nimber ^= search.value(key) if search is not None else self._value(key)
        return nimber

    def is_p(self, nimber: int, unknowns: tuple[Component, ...]) -> bool:
        """Whether ``*nimber + sum(unknowns)`` is a P-position (value 0)."""
        with _no_gc(), self._searching(unknowns) as search:
            if search is not None:
                return search.is_p_sum(unknowns, nimber)  # type: ignore[no-any-return]
            return self._is_p_sum(unknowns, nimber)

    @contextmanager
    def _searching(self, unknowns: tuple[Component, ...]) -> Iterator[Any]:
        """The kernel's search for these components (or None, see
        :meth:`_compiled_search`), given this solver's ``_tick`` for the
        length of the block only: kept, the bound method would make a
        reference cycle (solver, expander, method) that the paused garbage
        collector never frees."""
        search = self._compiled_search(unknowns)
        if search is None:
            yield None
            return
        outer = search.tick
        search.tick = self._tick
        try:
            yield search
        finally:
            search.tick = outer

    def _compiled_search(self, unknowns: tuple[Component, ...]) -> Any:
        """The kernel's search (:class:`grundy.games.graphs._kernel.Expander`, the same
        algorithm as :meth:`_is_p1` in C) if it can take these components:
        Graph Chomp, kernel bound to nauty, every component at most 64
        vertices (the positions below them are no larger). Else None."""
        if any(len(key) > 512 for key in unknowns):
            return None
        return self._expander or self._make_expander()

    def _value(self, key: bytes) -> int:
        v = self.values.get(key)
        if v is not None:
            return v
        n = 0
        while not self._is_p1(key, n):
            n += 1
        return n

    def _is_p_sum(self, unknowns: tuple[Component, ...], n: int) -> bool:
        values = self.values
        rest = []
        for key in unknowns:
            v = values.get(key)
            if v is None:
                rest.append(key)
            else:
                n ^= v
        if not rest:
            return n == 0
        for key in rest[:-1]:
            n ^= self._value(key)
        return self._is_p1(rest[-1], n)

    def _is_p1(self, key: bytes, n: int) -> bool:
        """Whether C + *n is a P-position, for one unknown component C."""
        v = self.values.get(key)
        if v is not None:
            return v == n
        excluded = self.not_values.get(key, 0)
        if excluded >> n & 1:
            return False
        cache = self._option_cache
        options = cache.get(key)
        if type(options) is tuple:  # a generation stopped at a refutation
            known = _known_values(self.values, options[0])
            if known >> n & 1:
                self.not_values[key] = excluded | known
                return False
            options = self._options(key, n, options)
            if type(options) is tuple:
                cache[key] = options
                self.not_values[key] = excluded | known | options[2]
                return False
            cache[key] = options
        elif options is None:
            # Generated with n to refute: most first questions are answered
            # by an option whose value the table already knows to be n, and
            # the generation stops there (measured: 83% of the expansions of
            # the random G(12, 0.25) seed 9 search); it is kept to resume.
            options = self._options(key, n)
            if cache and len(cache) >= self.option_cache_size:
                cache.popitem(last=False)
            cache[key] = options
            if type(options) is tuple:
                self.not_values[key] = excluded | options[2]
                return False
        # Cheap refutation first: an option whose value the table already
        # knows to be n makes C + *n an N-position.
        values = self.values
        for nim, unk in options:
            if _known_value(values, nim, unk) == n:
                self.not_values[key] = excluded | (1 << n)
                return False
        # Heap moves: C + *m for m < n must all be N-positions (value of C is not m).
        for m in range(n):
            if not (excluded >> m & 1) and self._is_p1(key, m):
                return False
        # Moves in C: every option C' + *n must be an N-position.
        for nim, unk in options:
            if self._is_p_sum(unk, nim ^ n):
                self.not_values[key] = self.not_values.get(key, 0) | (1 << n)
                return False
        self.values[key] = n
        self.not_values.pop(key, None)
        cache.pop(key, None)
        return True

    def _options(
        self, key: bytes, refute: int = -1, partial: Partial | None = None
    ) -> list[tuple[int, tuple[Component, ...]]] | Partial:
        """Options of a component, one per automorphism orbit of moves,
        deduplicated by canonical form, easiest first.

        With ``refute >= 0``: as soon as an option of known value ``refute``
        is generated (the component's value is not ``refute``), a
        :data:`Partial` instead: ``(options so far, next move, known)``,
        ``known`` the bits of the values of the options of known value
        generated (by the mex rule the component has none of them). Passing
        it back as ``partial`` resumes the generation at the next move."""
        self._tick()
        if len(key) <= 512:  # at most 64 vertices
            expander = self._expander or self._make_expander()
            if expander is not None:
                return expander.expand(key, refute, partial)  # type: ignore[no-any-return]
        adj = graph_from_certificate(key)
        n = len(adj)
        vertices, edges = _orbit_reps(adj)
        start, out = (0, []) if partial is None else (partial[1], list(partial[0]))
        nv = len(vertices)
        children: Iterable[tuple[int, tuple[Component, ...]]]
        if self._is_chomp and _kernel is not None and n <= _kernel.MAX_VERTICES:
            splits = _kernel.children(adj, vertices[start:], edges[max(0, start - nv) :], self.theory)
            children = map(self._resolve, splits)
        elif self._is_chomp:  # in the kernel's order
            positions = [remove_vertex(adj, v) for v in vertices] + [remove_edge(adj, i, j) for i, j in edges]
            children = map(self.decompose, positions[start:])
        else:
            positions = list(self.ruleset.options(adj, set(vertices), set(edges)))
            children = map(self.decompose, positions[start:])
        seen = set(out)
        known = 0
        for index, child in enumerate(children, start):
            if child not in seen:
                seen.add(child)
                out.append(child)
            if refute >= 0 and not child[1]:
                known |= 1 << child[0]
                if child[0] == refute:
                    return out, index + 1, known
        out.sort(key=lambda c: (len(c[1]), sum(map(len, c[1]))))
        return out

    # ------------------------------------------------------------------
    # limits and progress
    # ------------------------------------------------------------------
    def start(self) -> None:
        """Start the clock for a top-level call (limits count from here)."""
        self._started = time.perf_counter()
        self._deadline = self._started + self.time_limit if self.time_limit else None

    def finish(self) -> None:
        """Stop the clock; close the progress display."""
        self.stats.seconds += time.perf_counter() - self._started
        if self._bar is not None:
            self._bar.close()
            self._bar = None

    def _tick(self) -> None:
        stats = self.stats
        stats.positions += 1
        if self.max_positions is not None and stats.positions > self.max_positions:
            raise SearchLimitReached(
                f"position limit {self.max_positions}",
                stats.positions - 1,
                time.perf_counter() - self._started,
            )
        if self._deadline is not None or (self.progress and stats.positions & 63 == 0):
            now = time.perf_counter()
            if self._deadline is not None and now > self._deadline:
                raise SearchLimitReached(
                    f"time limit {self.time_limit:g} s", stats.positions - 1, now - self._started
                )
            if self.progress:
                self._show_progress(now)

    def _show_progress(self, now: float) -> None:
        if self._bar is None:
            if now - self._started < 1.0:
                return
            from tqdm import tqdm

            self._bar = tqdm(
                desc="searching", unit=" positions", file=sys.stderr, mininterval=0.5, leave=False
            )
            self._bar_count = 0
        self._bar.update(self.stats.positions - self._bar_count)
        self._bar_count = self.stats.positions
        self._bar.set_postfix(known=len(self.values), refresh=False)


def _known_value(values: dict[bytes, int], nim: int, unknowns: tuple[Component, ...]) -> int | None:
    """The value of the option ``(nim, unknowns)`` if ``values`` has the
    values of all its components, else None."""
    for k in unknowns:
        v = values.get(k)
        if v is None:
            return None
        nim ^= v
    return nim


def _known_values(values: dict[bytes, int], options: list[tuple[int, tuple[Component, ...]]]) -> int:
    """Bits of the values of the options whose components all have values
    in ``values``."""
    known = 0
    for nim, unk in options:
        v = _known_value(values, nim, unk)
        if v is not None:
            known |= 1 << v
    return known


@contextmanager
def _no_gc() -> Iterator[None]:
    """Pause Python's cyclic garbage collector during a search.

    The search makes millions of tuples and keeps hundreds of thousands in
    its tables, none of them in reference cycles; the collector's passes
    over them cost 10-30% of a long search (measured on the random G(12,
    0.25) graphs of the benchmark) and free nothing. Reference counting
    still frees everything the search drops.
    """
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def _cancel_pairs(unknown: list[Component]) -> tuple[list[Component], int]:
    """Drop pairs of components with equal canonical keys (G + G = 0)."""
    count: dict[bytes, int] = {}
    for key in unknown:
        count[key] = count.get(key, 0) + 1
    if all(c == 1 for c in count.values()):
        return unknown, 0
    out = []
    cancelled = 0
    kept: dict[bytes, int] = {}
    for key in unknown:
        c = count[key]
        if c % 2 and not kept.get(key):
            out.append(key)
            kept[key] = 1
    cancelled = sum(c // 2 for c in count.values())
    return out, cancelled


def _edge_orbit_reps(nbrs: dict[int, list[int]], gens: list[list[int]]) -> list[tuple[int, int]]:
    """One edge ``(i, j)``, ``i < j``, per orbit of the group generated by
    ``gens`` acting on edges."""
    edges = [(i, j) for i, js in nbrs.items() for j in js]
    if not gens:
        return edges
    index = {e: k for k, e in enumerate(edges)}
    parent = list(range(len(edges)))

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for p in gens:
        for k, (i, j) in enumerate(edges):
            a, b = p[i], p[j]
            other = index[(a, b) if a < b else (b, a)]
            ra, rb = find(k), find(other)
            if ra != rb:
                parent[max(ra, rb)] = min(ra, rb)
    return [e for k, e in enumerate(edges) if find(k) == k]


def _orbit_reps(adj: tuple[int, ...]) -> tuple[list[int], list[tuple[int, int]]]:
    """One vertex and one edge ``(i, j)``, ``i < j``, per automorphism orbit
    of a graph (pynauty's generators), in the order options are generated:
    vertices of highest degree first (deleting them leaves the smallest
    positions, the likeliest to be valued already, so a refuting option
    turns up sooner: 7% fewer children on G(12, 0.25) seed 9), ties by
    number; edges as :func:`_edge_orbit_reps`. The kernel's ``orbit_reps``
    must agree (checked at import and in the tests)."""
    nbrs = upper_lists(adj)
    gens, orbits = automorphisms(len(adj), nbrs)
    vertices = sorted((i for i in range(len(adj)) if orbits[i] == i), key=lambda v: -adj[v].bit_count())
    return vertices, _edge_orbit_reps(nbrs, gens)


#: Whether the kernel computes keys itself (nauty called from C); see
#: :func:`_bind_kernel`.
KERNEL_NAUTY = _bind_kernel()
