"""Impartial graph rulesets as a game of the search (:mod:`grundy.core.search`):
Graph Chomp by default, any ruleset of :mod:`grundy.games.graphs.rulesets`.

The game splits a graph into connected components, answers what the
papers' theory can (:mod:`grundy.games.graphs.theory`: closed forms, false
twins, involutions for Graph Chomp; the mirror argument for every other
ruleset), keys the rest by nauty and gives the options of a component once
per automorphism orbit of moves. For every ruleset on at most 64 vertices
the compiled kernel (``_kernel``, Cython, optional) does all of this, and
the search itself, in C, with the ruleset's rule
(:class:`grundy.games.graphs.rulesets.MoveRule`) written once for the
search, the misère search and the census: the tests prove both paths give
the same values after the same number of positions.

:class:`Solver` is the searcher of a graph game, made in one call.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator
from itertools import chain, islice
from typing import Any

from grundy.core.canon import automorphisms, certificate, graph_from_certificate
from grundy.core.search import Component, Namer, Searcher, Split
from grundy.core.table import Table
from grundy.games.graphs.bitset import (
    check_adjacency,
    compact,
    compact_with_lists,
    components,
    full_mask,
    remove_edge,
    remove_vertex,
    upper_lists,
)
from grundy.games.graphs.formulas import plural
from grundy.games.graphs.rulesets import FIRST_SEEN_MAX_KEYS, FIRST_SEEN_MAX_ORDER, GraphRuleset, IndexMove, get_ruleset
from grundy.games.graphs.theory import (
    ARC_KAYLES_SOURCE,
    CLASSIFY_SWITCHES,
    INVOLUTION_SOURCE,
    LEAVES_RULESETS,
    LEAVES_SOURCE,
    MIRROR_RULESETS,
    MIRROR_SOURCE,
    PATH_CODES,
    PATH_SOURCE,
    TWINS_SOURCE,
    Theory,
    arc_kayles_parity,
    arc_leaves,
    classify,
    mirror_possible,
    involution_fixed_set,
    is_path,
    parity_vertices,
    switches_used,
)

try:  # the compiled hot path (optional: built from _kernel.pyx)
    from grundy.games.graphs import _kernel
except ImportError:  # pragma: no cover - depends on the build
    _kernel = None  # type: ignore[assignment]

__all__ = ["GraphGame", "Solver", "KERNEL_NAUTY"]

#: Keys of graphs on at most 64 vertices (one 64-bit set word per row):
#: what the compiled kernel takes.
_KERNEL_KEY_BYTES = 512


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




class GraphGame:
    """An impartial graph ruleset as a game of :class:`grundy.core.search.Searcher`.

    Parameters
    ----------
    ruleset : GraphRuleset or str
        The ruleset (default Graph Chomp; see :mod:`grundy.games.graphs.rulesets`).
    theory : Theory, optional
        Which of the papers' results to use (default all). Most are about
        Graph Chomp: for other rulesets only the cancelling of isomorphic
        pairs (valid in every impartial game) is kept, and a lone vertex is
        valued by the rules (:attr:`GraphRuleset.isolated_value`); Node
        Kayles, Arc Kayles, Graph Nim, OE/OE and the odd- and even-vertex
        games keep ``mirror`` (an involution fixing no vertex and joining
        none to its image: value 0), Node Kayles and Arc Kayles ``paths`` (a
        path valued by its octal game). For
        BO/BO and BE/BE, ``arc_kayles`` plays the game as Arc Kayles on the
        subgraph induced by the vertices of odd (even) degree
        (:data:`grundy.games.graphs.theory.ARC_KAYLES_SOURCE`): the position
        given to :meth:`decompose` is cut down to those vertices, and the
        search generates Arc Kayles options (keyed in Arc Kayles's table,
        ``graph:arc-kayles``).

    Positions are tuples of adjacency bitsets (graphs on any number of
    vertices; the compiled kernel takes components of at most 64).
    """

    def __init__(self, ruleset: GraphRuleset | str = "chomp", theory: Theory | None = None) -> None:
        self.ruleset = get_ruleset(ruleset) if isinstance(ruleset, str) else ruleset
        theory = theory if theory is not None else Theory()
        self.is_chomp = self.ruleset.name == "chomp"
        #: the degree parity (1 odd, 0 even) of the vertices that play, when the ruleset is
        #: searched as Arc Kayles on them; None: searched by its own moves
        self.parity: int | None = None
        #: the ruleset whose options the search generates
        self.searched = self.ruleset
        if not self.is_chomp:
            self.parity = arc_kayles_parity(self.ruleset.name, theory)
            if self.parity is not None:
                self.searched = get_ruleset("arc-kayles")
            theory = Theory.only(*(n for n in switches_used(self.ruleset.name) if getattr(theory, n)))
            self.isolated: int | None = self.searched.isolated_value
        else:
            self.isolated = None
        self.theory = theory
        #: whether any switch of :func:`grundy.games.graphs.theory.classify` is on (false twins and
        #: the closed forms: Graph Chomp's); off, a component is not looked at by it
        self.classifies = any(getattr(theory, name) for name in CLASSIFY_SWITCHES)
        #: whether the mirror argument values positions (theory.MIRROR_RULESETS; switch ``mirror``)
        self.mirror = self.searched.name in MIRROR_RULESETS and theory.mirror
        #: whether moves are made in first-seen labellings (``MoveRule.labelling``)
        self.first_seen = self.searched.compiled.labelling == "first-seen"
        #: whether the Arc Kayles leaf reductions apply (switch ``leaves``, :func:`theory.arc_leaves`)
        self.leaves = self.searched.name in LEAVES_RULESETS and theory.leaves
        #: the values of paths P_0..P_64 under the searched ruleset, from its octal game (switch
        #: ``paths``), else None
        self.path_values: list[int] | None = None
        if theory.paths and self.searched.name in PATH_CODES and not self.is_chomp:
            from grundy.games.octal.sequence import nim_sequence

            self.path_values = nim_sequence(PATH_CODES[self.searched.name], 64)
        self.name = f"graph:{self.searched.name}"
        #: a census of the ruleset itself when it is searched as Arc Kayles (see :meth:`open_tablebase`)
        self.entry_census: Any = None

    def _path_value(self, n: int) -> int:
        """The value of the path P_n under the searched ruleset (its octal
        game; ``path_values`` holds P_0 .. P_64 for the kernel and grows
        for the Python path's longer paths)."""
        assert self.path_values is not None
        if n >= len(self.path_values):
            from grundy.games.octal.sequence import nim_sequence

            self.path_values = nim_sequence(PATH_CODES[self.searched.name], 2 * n)
        return self.path_values[n]

    # -- the compiled kernel (every ruleset, at most 64 vertices) ------------
    def make_expander(self, search: Searcher) -> Any:
        """The kernel's :class:`Expander` over ``search``'s table, running
        the searched ruleset's :class:`MoveRule` (the kernel bound to
        nauty), else None."""
        if not (KERNEL_NAUTY and _kernel is not None):
            return None
        return _kernel.Expander(
            search.table,
            self.theory,
            search.stats,
            search._option_cache,
            search.option_cache_size,
            tablebase=search.tablebase,
            rule=self.searched.compiled.code,
            isolated=-1 if self.isolated is None else self.isolated,
            mirror=self.mirror,
            leaves=self.leaves,
            limits=search.limits,
            path_values=self.path_values,
        )

    def open_tablebase(self, table: Table) -> Any:
        """The census of the searched ruleset (normal play) stored in
        ``table``'s file by ``grundy census --table``
        (:mod:`grundy.census.build`), as the kernel's ``CensusTable`` of
        whole graphs (every graph of its classes on at most 11 vertices), or
        None (no file, no census of this game, or no kernel). The search
        consults it whenever its own table misses: a component it holds
        costs one probe instead of a search. For BO/BO and BE/BE searched as
        Arc Kayles that is a census of ``arc-kayles``; a census of the
        ruleset itself is kept apart (``entry_census``) and asked for the
        components of each position given to :meth:`decompose`, before
        they are cut down."""
        if table.file is None or _kernel is None or not KERNEL_NAUTY:
            return None
        if self.parity is not None:
            self.entry_census = _census_table(table.file.shards(f"graph:{self.ruleset.name}"))
        return _census_table(table.file.shards())

    def expands(self, key: Component) -> bool:
        """Whether the compiled expander takes this key (at most 64 vertices)."""
        return len(key) <= _KERNEL_KEY_BYTES

    def size(self, key: Component) -> int:
        return len(key)

    # -- decomposition ----------------------------------------------------
    @staticmethod
    def split_token(adj: tuple[int, ...], mask: int | None) -> tuple[tuple[int, ...], int]:
        """What identifies a split (:meth:`grundy.core.search.Searcher.decompose`
        keeps the last): the graph and its vertex mask, no mask meaning
        every vertex (the answer splits a connected graph by its one
        component's mask; :func:`grundy.kinds.settle` asks for the whole)."""
        return adj, (1 << len(adj)) - 1 if mask is None else mask

    def decompose(
        self,
        search: Searcher,
        adj: tuple[int, ...],
        mask: int | None = None,
        trace: list[str] | None = None,
        name: Namer | None = None,
    ) -> Split:
        """Split the graph ``adj`` (restricted to ``mask``) into a heap and
        unknown components (see :meth:`grundy.core.search.Searcher.decompose`).
        For BO/BO and BE/BE with ``arc_kayles`` on, ``adj`` is a position of
        the ruleset and is first cut down to its vertices of odd (even) degree
        (the components returned are Arc Kayles positions). Raises
        ValueError (TypeError) if ``adj`` is not a simple graph
        (:func:`grundy.games.graphs.bitset.check_adjacency`), on every path:
        the kernel's entry checks the same for at most 64 vertices."""
        check_adjacency(adj)
        if mask is None:
            mask = full_mask(len(adj))
        if self.parity is not None:
            known = 0  # the nim-sum of the components the ruleset's own census holds
            if self.entry_census is not None:
                for comp in components(adj, mask):
                    sub, nbrs = compact_with_lists(adj, comp)
                    val = self.entry_census.get(certificate(len(sub), nbrs))
                    if val is not None:
                        known ^= val
                        mask &= ~comp
                        search.stats.table_hits += 1
                        if trace is not None and name is not None:
                            trace.append(f"{name(comp)}: value {val} from the census table of {self.ruleset.name}")
            live = parity_vertices(adj, mask, self.parity)
            if trace is not None and name is not None:
                kind = "odd" if self.parity else "even"
                count = live.bit_count()
                which = "none" if not live else name(live) if count <= 12 else f"{count} of them"
                trace.append(f"{self.ruleset.name} on {name(mask)} is Arc Kayles on its vertices of {kind} degree, "
                             f"{which} [{ARC_KAYLES_SOURCE}]")
            if live != mask:
                search.stats.reductions += 1
            nimber, unknown = self._split(search, adj, live, trace, name)
            return nimber ^ known, unknown
        return self._split(search, adj, mask, trace, name)

    def _split(
        self,
        search: Searcher,
        adj: tuple[int, ...],
        mask: int,
        trace: list[str] | None = None,
        name: Namer | None = None,
    ) -> Split:
        """:meth:`decompose` of a position of the searched ruleset (no cut to
        one degree parity: the options of the search are Arc Kayles
        positions already)."""
        if trace is None and _kernel is not None and len(adj) <= _kernel.MAX_VERTICES:
            expander = search.expander()
            if expander is not None:
                return expander.split(adj, mask)  # type: ignore[no-any-return]
            if self.is_chomp:
                return self.resolve(search, _kernel.split(adj, mask, self.theory))  # pragma: no cover
        nimber = 0
        unknown: list[Component] = []
        theory = self.theory
        stats = search.stats
        todo = components(adj, mask)
        isolated = self.isolated
        # above 64 vertices (a position of the Python search), a component the
        # kernel takes is decomposed there, keyed by its nauty call and canonical
        # labelling memo: the same keys, values and reductions as below, without
        # pynauty's lists (tests/test_rules.py holds the two to the Python path
        # alone). Its equal unknowns are left in pairs: finish_split cancels them
        # over the whole split, as here, which keeps the unknowns' order (a part
        # that cancels its own first may put a key that stays after another)
        expander = search.expander() if trace is None and _kernel is not None else None
        while todo:
            comp = todo.pop()
            if expander is not None and comp.bit_count() <= _kernel.MAX_VERTICES:
                sub = compact(adj, comp)
                part, unknowns = expander.split(sub, full_mask(len(sub)), False)
                nimber ^= part
                unknown.extend(unknowns)
                continue
            if isolated is not None and not comp & (comp - 1):
                nimber ^= isolated  # a lone vertex: valued by the rules
                continue
            if self.path_values is not None and is_path(adj, comp):
                stats.closed_forms += 1
                value = self._path_value(comp.bit_count())
                nimber ^= value
                if trace is not None and name is not None:
                    trace.append(f"{name(comp)}: a path on {comp.bit_count()} vertices, value {value} [{PATH_SOURCE}]")
                continue
            found = classify(adj, comp, theory) if self.classifies else None
            if found is not None:
                if type(found) is int:  # false twins to delete
                    stats.reductions += 1
                    if trace is not None and name is not None:
                        trace.append(f"false twins removed in pairs: {name(found)} [{TWINS_SOURCE}]")
                    todo.extend(components(adj, comp & ~found))
                    continue
                stats.closed_forms += 1
                nimber ^= found[0]
                if trace is not None and name is not None:
                    trace.append(f"{name(comp)}: {found[1]}, value {found[0]} [{found[2]}]")
                continue
            sub, nbrs = compact_with_lists(adj, comp)
            nimber ^= self._look_up(search, sub, nbrs, unknown, trace, name, adj, comp)
        return search.finish_split(nimber, unknown, trace)

    def resolve(
        self, search: Searcher, split: tuple[int, int, int, list[tuple[tuple[int, ...], dict[int, list[int]]]]]
    ) -> Split:
        """A decomposition from the kernel's structural split
        (:func:`_kernel.split`): key the components left."""
        nimber, reductions, closed, parts = split
        stats = search.stats
        stats.reductions += reductions
        stats.closed_forms += closed
        unknown: list[Component] = []
        for sub, nbrs in parts:
            nimber ^= self._look_up(search, sub, nbrs, unknown)
        return search.finish_split(nimber, unknown)

    def _look_up(
        self,
        search: Searcher,
        sub: tuple[int, ...],
        nbrs: dict[int, list[int]],
        unknown: list[Component],
        trace: list[str] | None = None,
        name: Namer | None = None,
        adj: tuple[int, ...] = (),
        comp: int = 0,
    ) -> int:
        """Key one component with no closed form (``sub`` compacted,
        ``nbrs`` its upper adjacency lists) and hand it to the table;
        ``adj`` and ``comp`` (the component in the caller's graph) only
        name vertices in ``trace``."""
        key = certificate(len(sub), nbrs)
        if self.leaves or (self.mirror and mirror_possible(sub)):  # else no reduction to try or cache (the
            # kernel's _look_up alike): the mirror needs paired degrees and an even edge count

            def reduce(tr: list[str] | None) -> Split | None:
                if self.mirror and mirror_possible(sub):  # else no involution fixing no vertex pairs them
                    gens, _orbits = automorphisms(len(sub), nbrs)
                    inv = involution_fixed_set(sub, gens)
                    if inv is not None and not inv[0]:  # an involution fixing no vertex among the candidates
                        if tr is not None and name is not None:
                            tr.append(f"{name(comp)}: an involutive automorphism fixes no vertex and joins none "
                                      f"to its image: value 0, the second player mirrors [{MIRROR_SOURCE}]")
                        return 0, ()
                if self.leaves:
                    got = arc_leaves(sub)
                    if got is not None:
                        if tr is not None and name is not None:
                            tr.append(f"{name(comp)}: Arc Kayles leaf reductions [{LEAVES_SOURCE}]")
                        return self._split(search, got[1], got[0])
                return None

        elif not self.theory.involutions:
            reduce = None
        else:

            def reduce(tr: list[str] | None) -> Split | None:
                gens, _orbits = automorphisms(len(sub), nbrs)
                inv = involution_fixed_set(sub, gens)
                if inv is None:
                    return None
                if tr is None or name is None:
                    return self._split(search, sub, inv[0])
                verts = [v for v in range(len(adj)) if comp >> v & 1]
                moved = 0
                for i, w in enumerate(inv[1]):
                    if w != i:
                        moved |= 1 << verts[i]
                tr.append(
                    f"{name(comp)}: an involutive automorphism moving "
                    f"{name(moved)} swaps no edge; replaced by its fixed-point "
                    f"set [{INVOLUTION_SOURCE}]"
                )
                fixed = comp & ~moved
                if fixed:
                    return self._split(search, adj, fixed, tr, name)
                tr.append("the fixed-point set is empty: value 0")
                return 0, ()

        before = len(unknown)
        if trace is None or name is None:
            value = search.look_up(key, unknown, reduce)
        else:
            value = search.look_up(
                key,
                unknown,
                reduce,
                trace,
                name(comp),
                f"{name(comp)}: {plural(len(sub), 'vertex', 'vertices')}, "
                f"{plural(sum(a.bit_count() for a in sub) // 2, 'edge')}, "
                "no closed form: searched",
            )
        if self.first_seen and len(unknown) == before + 1 and unknown[-1] == key:  # left to search
            self._keep_labelling(search, key, sub)
        return value

    def _keep_labelling(self, search: Searcher, key: Component, sub: tuple[int, ...]) -> None:
        """Note ``sub`` (the graph of ``key`` as met) as the labelling
        ``key``'s moves are made in (``MoveRule.labelling``): the first one,
        for at most FIRST_SEEN_MAX_ORDER vertices and FIRST_SEEN_MAX_KEYS
        keys. Kept by the search's kernel expander when it has one (the two
        share the option cache, whose stopped generations resume at a move
        count: one labelling per key for both), else in
        ``search.labellings`` the same way."""
        if not 0 < len(sub) <= FIRST_SEEN_MAX_ORDER:
            return
        expander = search.expander()
        if expander is not None:
            expander.keep_labelling(key, sub)
            return
        kept = search.labellings
        if len(kept) < FIRST_SEEN_MAX_KEYS and key not in kept:
            kept[key] = sub

    def _kept_labelling(self, search: Searcher, key: Component) -> tuple[int, ...] | None:
        """The labelling kept for ``key`` (:meth:`_keep_labelling`), or None."""
        if len(key) > 8 * FIRST_SEEN_MAX_ORDER:
            return None
        expander = search.expander()
        if expander is not None:
            return expander.kept_labelling(key)  # type: ignore[no-any-return]
        return search.labellings.get(key)

    # -- options ------------------------------------------------------------
    def children(self, search: Searcher, key: Component, start: int = 0) -> Iterator[Split]:
        """The options of the component ``key``: one move per automorphism
        orbit, in :func:`_orbit_reps` order (the kernel's), from the
        ``start``-th on, each decomposed; made in the key's canonical
        labelling, or for a rule with first-seen labellings in the one the
        search first met it in (``MoveRule.labelling``), if it kept one."""
        adj = self._kept_labelling(search, key) if self.first_seen else None
        if adj is None:
            adj = graph_from_certificate(key)
            if self.first_seen:  # expanded in its canonical labelling first: it keeps that one
                self._keep_labelling(search, key, adj)
        n = len(adj)
        vertices, edges = _orbit_reps(adj, self.searched.compiled.edge is not None)
        nv = len(vertices)
        if self.is_chomp and _kernel is not None and n <= _kernel.MAX_VERTICES:
            splits = _kernel.children(adj, vertices[start:], edges[max(0, start - nv) :], self.theory)
            return (self.resolve(search, s) for s in splits)
        if self.is_chomp:  # in the kernel's order, one at a time: a graph of 2,000 vertices has
            # 200,000 options of 2,000 bitsets each, gigabytes if made at once before any limit is checked
            positions = chain((remove_vertex(adj, v) for v in vertices), (remove_edge(adj, i, j) for i, j in edges))
            return self._each(search, ((p, full_mask(len(p))) for p in islice(positions, start, None)))
        # in the kernel's order, one at a time: a ruleset's moves may be exponential in the
        # degree (Graph Nim at a vertex of degree d has 2^d - 1), and the time limit is
        # checked between options
        after = self.searched.after
        moves = self.searched.ordered_moves(adj, *self.searched.compiled.order(vertices, edges, adj))
        return self._each(search, (after(adj, m) for m in islice(moves, start, None)))

    def _each(self, search: Searcher, positions: Iterable[tuple[tuple[int, ...], int]]) -> Iterator[Split]:
        """Decompose the options (each a graph and the mask of its vertices
        left, :meth:`GraphRuleset.after`) one by one, checking the limits before
        each: one expansion of a large graph (thousands of options, each
        keyed by nauty) may otherwise outlast the time limit by minutes, and
        the position limit counts the options one expansion makes
        (:meth:`grundy.core.limits.Limits.check_options`)."""
        limits = search.limits
        for made, (p, mask) in enumerate(positions):
            limits.check_time(search.stats.positions)
            limits.check_options(search.stats.positions, made)
            yield self._split(search, p, mask)


def _census_table(shards: list[tuple[str, bytes, str]]) -> Any:
    """The kernel's ``CensusTable`` of the census shards, or None if there are none."""
    if not shards:
        return None
    census = _kernel.CensusTable(sum(len(data) // 10 for _name, data, _s in shards))
    for _name, data, _summary in shards:
        count = len(data) // 10
        census.add(data[: 8 * count], data[8 * count : 9 * count])
    return census


class Solver(Searcher):
    """The searcher of a graph game, made in one call: ``Solver(theory,
    ruleset=...)`` is ``Searcher(GraphGame(ruleset, theory), ...)``.

    Parameters
    ----------
    theory : Theory, optional
        Which of the papers' results to use (default all).
    ruleset : GraphRuleset or str
        The impartial ruleset (default Graph Chomp).
    **kwargs
        Table, limits, progress and caches: see
        :class:`grundy.core.search.Searcher`.

    >>> s = Solver()
    >>> s.value_of(*s.decompose((0b110, 0b101, 0b011)))   # the triangle K_3
    0
    """

    def __init__(
        self,
        theory: Theory | None = None,
        *,
        ruleset: GraphRuleset | str = "chomp",
        table: Table | str | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(GraphGame(ruleset, theory), table=table, **kwargs)

    @property
    def ruleset(self) -> GraphRuleset:
        """The game's ruleset."""
        return self.game.ruleset  # type: ignore[no-any-return]

    def class_options(self, adj: tuple[int, ...]) -> Iterator[tuple[IndexMove, Callable[[], Split]]]:
        """The search's moves of the graph ``adj`` (at most 64 vertices
        for the kernel, any size on the Python path), in index order
        (:meth:`GraphRuleset.class_moves`: one per class of isomorphic
        options), each with its option's split (:meth:`decompose`), made
        when called: what the answers scan for winning moves."""
        rs = self.ruleset
        for index_move in rs.class_moves(adj):
            yield index_move, (lambda im=index_move: self.decompose(rs.apply(adj, im)))


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


def _orbit_reps(adj: tuple[int, ...], edges: bool = True) -> tuple[list[int], list[tuple[int, int]]]:
    """One vertex and one edge ``(i, j)``, ``i < j``, per automorphism orbit
    of a graph (pynauty's generators), in the order options are generated:
    vertices of highest degree first (deleting them leaves the smallest
    positions, the likeliest to be valued already, so a refuting option
    turns up sooner: 7% fewer children on G(12, 0.25) seed 9), ties by
    number; then edges whose endpoints have the fewest incident edges
    first (sum of the two degrees; ties in :func:`_edge_orbit_reps`
    order). The edge order is a measured heuristic, not a theorem: on the
    wheels W_21-W_33 it cuts the positions searched 2.9-6x (W_21 44,182 ->
    12,712, W_29 1,634,276 -> 497,448); it leaves the G(12, 0.25) graphs
    of the benchmark within about 1% and costs K_{3,3,3} without theory
    11% more (docs/performance.md, "Move order"). The kernel's
    ``orbit_reps`` must agree (checked at import and in the tests). With
    ``edges`` False (a rule with no edge moves) the edge list is left empty."""
    nbrs = upper_lists(adj)
    gens, orbits = automorphisms(len(adj), nbrs)
    vertices = sorted((i for i in range(len(adj)) if orbits[i] == i), key=lambda v: -adj[v].bit_count())
    if not edges:
        return vertices, []
    reps = sorted(_edge_orbit_reps(nbrs, gens), key=lambda e: adj[e[0]].bit_count() + adj[e[1]].bit_count())
    return vertices, reps


#: Whether the kernel computes keys itself (nauty called from C); see
#: :func:`_bind_kernel`.
KERNEL_NAUTY = _bind_kernel()
