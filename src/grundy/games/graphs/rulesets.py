"""Impartial rulesets on graphs.

A ruleset answers one question: the options of a position. Positions are
adjacency bitsets (see :mod:`grundy.games.graphs.bitset`); every ruleset here is
isomorphism-invariant and local to connected components, so the engine splits
positions into disjoint sums, keys components by nauty certificates and
generates moves once per automorphism orbit.

Rulesets
--------
chomp
    Graph Chomp: remove a vertex with its edges, or one edge (Magura et al.;
    Khandhawit-Ye).
graph-nim
    Choose a vertex and delete a nonempty set of its incident edges
    (Mangang, §"Graph Nim").
bo-bo, be-be, oe-oe
    Delete one edge whose endpoints have odd/odd, even/even or one odd and
    one even degree (Harding-Ottaway, §2-4).
odd-vertex, even-vertex
    Delete a vertex of odd (even) degree with its edges (Nowakowski-Ottaway,
    cited by Harding-Ottaway, Corollary 4.2).
node-kayles
    Choose a vertex and delete it with all its neighbours (Schaefer 1978:
    PSPACE-complete; Winning Ways). On the path P_n it is the octal game
    0.137, Dawson's Kayles, at heap n.
arc-kayles
    Choose an edge and delete both its endpoints with every edge at them
    (Winning Ways; CGSuite's ``game.graph.ArcKayles``). On P_n it is the
    octal game 0.07, Dawson's Chess, at heap n.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator
from dataclasses import dataclass
from itertools import chain, combinations, product
from typing import Any

from grundy.games.graphs.bitset import compact, distance_sums, full_mask, remove_edge, remove_vertex
from grundy.errors import InputError
from grundy.core.moves import Move, label_str

__all__ = ["GraphRuleset", "MoveRule", "RULESETS", "TakeMove", "class_members", "edge_subset_reps", "get_ruleset", "move_order_key", "twin_classes"]


#: A move on indices: ("v", i) delete vertex i; ("e", i, j) delete edge ij;
#: ("n", i, (j1, j2, ...)) delete those edges at i; ("k", i) delete i and its
#: neighbours (Node Kayles); ("a", i, j) delete i and j, ij an edge (Arc Kayles).
IndexMove = tuple

#: Index-move kinds chosen at an edge ``(i, j)``, ``i < j`` (the others at a vertex ``i``).
EDGE_KINDS = frozenset({"e", "a"})


@dataclass(frozen=True, repr=False)
class TakeMove(Move):
    """A Kayles move in the user's labels: ``vertex`` (Node Kayles) or
    ``edge`` (Arc Kayles) is taken with ``removes``, every vertex deleted.
    JSON as :class:`Move` (``{"vertex": v}`` / ``{"edge": [u, v]}``), and
    equal to that plain move (``Move(vertex=2) in analysis.winning_moves``):
    ``removes`` follows from the position."""

    removes: tuple[Hashable, ...] = ()

    def _plain(self) -> Move:
        return Move(vertex=self.vertex, edge=self.edge)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, TakeMove):
            return self._plain() == other._plain()
        if type(other) is Move:
            return self._plain() == other
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._plain())

    def to_json(self) -> dict[str, Any]:
        return self._plain().to_json()

    def __str__(self) -> str:
        gone = ", ".join(label_str(v) for v in self.removes)
        if self.edge is not None:
            return f"take edge {label_str(self.edge[0])}-{label_str(self.edge[1])} (remove vertices {gone})"
        return f"take vertex {label_str(self.vertex)} (remove vertices {gone})"


_VERTEX_EFFECTS = ("delete", "closed-neighbourhood", "edge-subsets")
_VERTEX_DEGREES = ("any", "odd", "even")
_EDGE_EFFECTS = ("delete", "endpoints")
_EDGE_DEGREES = ("any", "odd-odd", "even-even", "odd-even")
_ORDERS = ("search", "reversed", "central")
_LABELLINGS = ("canonical", "first-seen")
#: the largest position (vertices) a first-seen labelling is kept for (``MoveRule.labelling``): the
#: canonical labelling memo's, one word per labelled graph
FIRST_SEEN_MAX_ORDER = 11
#: how many first-seen labellings one solver keeps at most, for its life (16 bytes each in the
#: kernel, at most twice that with its hash table's slack: 64 MiB); keys met later expand canonically
FIRST_SEEN_MAX_KEYS = 1 << 21


@dataclass(frozen=True)
class MoveRule:
    """A graph ruleset's moves as the compiled kernel runs them: one rule,
    written once, for the kernel's top-down search, its misère search and
    the census (:mod:`grundy.games.graphs._kernel`, ``_kernel_rules.pxi``).

    A move is made at a vertex or at an edge of the position:

    ``vertex``
        None (no vertex moves), ``"delete"`` (the vertex with its edges),
        ``"closed-neighbourhood"`` (the vertex with all its neighbours, Node
        Kayles) or ``"edge-subsets"`` (a nonempty set of its edges, Graph
        Nim: the search makes one move per choice of how many edges to
        twins, :func:`edge_subset_reps`; :meth:`GraphRuleset.moves` lists
        every subset).
    ``vertex_degree``
        Which vertices may be chosen: ``"any"``, ``"odd"`` or ``"even"``
        degree.
    ``edge``
        None, ``"delete"`` (the edge) or ``"endpoints"`` (both endpoints
        with every edge at them, Arc Kayles).
    ``edge_degrees``
        Which edges may be chosen, by their endpoints' degree parities:
        ``"any"``, ``"odd-odd"``, ``"even-even"`` or ``"odd-even"``.
    ``vertex_order``, ``edge_order``
        The search's order of moves (:meth:`order`): ``"search"`` (vertices
        of highest degree first; edges whose endpoints have the fewest
        edges first, Graph Chomp's measured order), ``"reversed"`` or
        ``"central"`` (reversed, then central moves first: by distance
        sums, :func:`grundy.games.graphs.bitset.distance_sums`; Node Kayles
        and Arc Kayles, the moves that split a grid near its middle). A
        heuristic, not a theorem: it changes how many positions a search
        visits, never a value (docs/performance.md, "Move order").
    ``labelling``
        The labelling of a position its moves are made in: ``"canonical"``
        (its key's, nauty's canonical labelling) or ``"first-seen"`` (for a
        position of at most :data:`FIRST_SEEN_MAX_ORDER` vertices, the
        labelling its graph had when the solver first left it to search, as
        a component of an option, in its parent's labelling; the canonical
        one for a larger position, once :data:`FIRST_SEEN_MAX_KEYS` are
        held, or for a position expanded before any labelling was kept for
        it, which keeps its canonical one from then on: a stopped generation
        resumes at its move count in the labelling it began in). With
        first-seen labellings a position reached along two paths leaves the
        same labelled graphs, which the kernel's canonical labelling memo
        keys without nauty (Graph Nim: 15-21% less time, docs/performance.md,
        "Labellings first seen"). Also a heuristic: the moves are the same up
        to isomorphism, only their order (and so the positions visited) and
        the work of keying them change.

    Every move deletes something, so an option has fewer vertices or as
    many and fewer edges (what the census's bottom-up order needs). The
    kernel and the Python reference (:meth:`GraphRuleset.ordered_moves`)
    make moves in the same order: vertex moves first, at the vertices in
    the order given (the search gives one per automorphism orbit, in
    :meth:`order`), Graph Nim's edge sets one per class of isomorphic
    options, in :func:`edge_subset_reps`'s order; then edge moves, at the
    edges in the order given.

    Raises
    ------
    ValueError
        On a field outside the values above, or a rule with no moves.

    >>> MoveRule(edge="endpoints").code, MoveRule(vertex="delete", edge="delete").code
    (32, 17)
    >>> MoveRule(edge="endpoints", edge_order="reversed").code
    544
    >>> MoveRule(edge="endpoints", edge_order="central").code
    4640
    """

    vertex: str | None = None
    vertex_degree: str = "any"
    edge: str | None = None
    edge_degrees: str = "any"
    vertex_order: str = "search"
    edge_order: str = "search"
    labelling: str = "canonical"

    def __post_init__(self) -> None:
        if self.vertex is None and self.edge is None:
            raise ValueError("a rule needs vertex moves, edge moves or both")
        for value, allowed, what in ((self.vertex, (None, *_VERTEX_EFFECTS), "vertex"),
                                     (self.vertex_degree, _VERTEX_DEGREES, "vertex_degree"),
                                     (self.edge, (None, *_EDGE_EFFECTS), "edge"),
                                     (self.edge_degrees, _EDGE_DEGREES, "edge_degrees"),
                                     (self.vertex_order, _ORDERS, "vertex_order"),
                                     (self.edge_order, _ORDERS, "edge_order"),
                                     (self.labelling, _LABELLINGS, "labelling")):
            if value not in allowed:
                raise ValueError(f"{what}={value!r}: one of {', '.join(map(repr, allowed))}")

    @property
    def code(self) -> int:
        """The kernel's packed form: vertex effect in bits 0-1 (0 none, then
        :data:`_VERTEX_EFFECTS` from 1), vertex degree in bits 2-3, edge
        effect in bits 4-5, edge degrees in bits 6-7 (indices into the
        tuples above), a reversed vertex order in bit 8, a reversed edge
        order in bit 9, first-seen labellings in bit 10, central vertices
        first in bit 11 (with bit 8), central edges first in bit 12 (with
        bit 9)."""
        v = 0 if self.vertex is None else 1 + _VERTEX_EFFECTS.index(self.vertex)
        e = 0 if self.edge is None else 1 + _EDGE_EFFECTS.index(self.edge)
        return (v | _VERTEX_DEGREES.index(self.vertex_degree) << 2 | e << 4
                | _EDGE_DEGREES.index(self.edge_degrees) << 6
                | (self.vertex_order != "search") << 8 | (self.edge_order != "search") << 9
                | (self.labelling == "first-seen") << 10
                | (self.vertex_order == "central") << 11 | (self.edge_order == "central") << 12)

    def order(self, vertices: list[int], edges: list[tuple[int, int]],
              adj: tuple[int, ...] = ()) -> tuple[list[int], list[tuple[int, int]]]:
        """The moves' order: the search's orbit representatives
        (:func:`grundy.games.graphs.game._orbit_reps`) of the graph ``adj``
        as they come, or reversed, as ``vertex_order`` and ``edge_order``
        say; ``"central"`` reverses them, then sorts them stably by distance
        sum, least first (an edge by the sum of its ends'):
        :func:`grundy.games.graphs.bitset.distance_sums` of ``adj``, which
        only a central order reads.

        >>> MoveRule(edge="endpoints", edge_order="reversed").order([0, 1], [(0, 1), (1, 2)])
        ([0, 1], [(1, 2), (0, 1)])
        >>> MoveRule(vertex="delete", vertex_order="central").order([1, 0, 2], [], (0b010, 0b101, 0b010))
        ([1, 2, 0], [])
        """
        vs = list(vertices) if self.vertex_order == "search" else vertices[::-1]
        es = list(edges) if self.edge_order == "search" else edges[::-1]
        if "central" in (self.vertex_order, self.edge_order):
            sums = distance_sums(adj)
            if self.vertex_order == "central":
                vs.sort(key=sums.__getitem__)
            if self.edge_order == "central":
                es.sort(key=lambda e: sums[e[0]] + sums[e[1]])
        return vs, es

    @property
    def windowed(self) -> bool:
        """Whether every option on as many vertices has exactly one edge
        fewer (every rule but edge subsets): the census's top order then
        needs only the previous edge layer."""
        return self.vertex != "edge-subsets"

    def at_vertex(self, adj: tuple[int, ...], i: int) -> Iterator[IndexMove]:
        """The index moves at vertex ``i`` (see :data:`IndexMove`): this
        rule read in Python, for rulesets defined by their rule alone."""
        if self.vertex is None or not _degree_ok(self.vertex_degree, adj[i].bit_count() & 1):
            return
        if self.vertex == "delete":
            yield ("v", i)
        elif self.vertex == "closed-neighbourhood":
            yield ("k", i)
        else:
            yield from edge_subset_reps(adj, i)

    def every_at_vertex(self, adj: tuple[int, ...], i: int) -> Iterator[IndexMove]:
        """Every index move at vertex ``i``: :meth:`at_vertex`, but for
        ``"edge-subsets"`` every nonempty set of the vertex's edges (``2^d
        - 1`` at degree ``d``, by size, then in :func:`itertools.combinations`
        order), where the search makes one per class of isomorphic options."""
        if self.vertex == "edge-subsets":
            if _degree_ok(self.vertex_degree, adj[i].bit_count() & 1):
                yield from _edge_subsets(adj, i)
            return
        yield from self.at_vertex(adj, i)

    def at_edge(self, adj: tuple[int, ...], i: int, j: int) -> Iterator[IndexMove]:
        """The index moves at edge ``ij`` (``i < j``), as :meth:`at_vertex`."""
        if self.edge is None or not _degrees_ok(self.edge_degrees, adj[i].bit_count() & 1, adj[j].bit_count() & 1):
            return
        yield ("e", i, j) if self.edge == "delete" else ("a", i, j)


def _degree_ok(which: str, odd: int) -> bool:
    return which == "any" or (which == "odd") == bool(odd)


def _degrees_ok(which: str, odd_i: int, odd_j: int) -> bool:
    if which == "any":
        return True
    if which == "odd-even":
        return odd_i != odd_j
    want = which == "odd-odd"
    return bool(odd_i) == want and bool(odd_j) == want


def _edge_subsets(adj: tuple[int, ...], i: int) -> Iterator[IndexMove]:
    """Graph Nim's moves at ``i``: every nonempty set of its edges, by size."""
    nbrs = list(_bits(adj[i]))
    for size in range(1, len(nbrs) + 1):
        for subset in combinations(nbrs, size):
            yield ("n", i, subset)


def twin_classes(adj: tuple[int, ...], i: int) -> list[tuple[int, ...]]:
    """The neighbours of vertex ``i`` of the graph ``adj`` (adjacency
    bitsets, at most 64 vertices here in practice, any number allowed),
    split into classes of twins: ``u`` and ``w`` are twins when ``N(u) -
    {w} = N(w) - {u}`` (false twins if not adjacent, true twins if
    adjacent), that is when swapping them is an automorphism of the graph,
    one that fixes ``i``. Being twins is an equivalence relation (a vertex
    with a false twin has no true twin: if ``u``, ``w`` are false twins and
    ``w``, ``x`` true twins, then ``x`` is a neighbour of ``w``, so of ``u``,
    so ``u`` lies in ``N[x] = N[w]``, a contradiction). Classes in the order
    of their least member, each increasing.

    >>> twin_classes((0b1110, 0b0001, 0b0001, 0b0001), 0)       # a star: its leaves
    [(1, 2, 3)]
    >>> twin_classes((0b0110, 0b0101, 0b0011, 0b0000), 0)       # a triangle
    [(1, 2)]
    >>> twin_classes((0b0010, 0b0101, 0b1010, 0b0100), 1)       # the path 0-1-2-3
    [(0,), (2,)]
    """
    classes: list[list[int]] = []
    for u in _bits(adj[i]):
        for cls in classes:
            w = cls[0]
            if adj[u] & ~(1 << w) == adj[w] & ~(1 << u):
                cls.append(u)
                break
        else:
            classes.append([u])
    return [tuple(c) for c in classes]


def _complete(pred: list[int], chosen: int, start: int, need: int) -> list[int] | None:
    """The least ``need`` indices from ``start`` on that keep each twin class
    a prefix (index ``z`` may be taken once ``pred[z]``, its class's previous
    member, is in the bit set ``chosen`` or taken; ``pred[z] < 0`` for a
    class's least), or None if there are fewer. Taking every index it may,
    in increasing order, takes a superset of any other way's, so None means
    none exists."""
    picks = []
    for z in range(start, len(pred)):
        if len(picks) == need:
            break
        if pred[z] < 0 or chosen >> pred[z] & 1:
            chosen |= 1 << z
            picks.append(z)
    return picks if len(picks) == need else None


def _next_rep(pred: list[int], comb: list[int]) -> list[int] | None:
    """The set after ``comb`` (increasing indices) in
    :func:`itertools.combinations` order among the sets of its size that
    keep each twin class a prefix, or None: the rightmost element that can
    grow, grown least, the rest completed least first (:func:`_complete`)."""
    for t in range(len(comb) - 1, -1, -1):
        prefix = sum(1 << k for k in comb[:t])
        for y in range(comb[t] + 1, len(pred)):
            if pred[y] >= 0 and not prefix >> pred[y] & 1:
                continue
            rest = _complete(pred, prefix | 1 << y, y + 1, len(comb) - t - 1)
            if rest is not None:
                return comb[:t] + [y] + rest
    return None


def edge_subset_reps(adj: tuple[int, ...], i: int) -> Iterator[IndexMove]:
    """Graph Nim's moves at ``i`` as the search makes them: one per class of
    isomorphic options. Two sets of edges at ``i`` that meet each class of
    :func:`twin_classes` in as many edges give isomorphic options (a product
    of swaps of twins, each an automorphism fixing ``i``, maps one set to
    the other), so the search makes, of each such class of moves, the one
    whose edges go to the least members of each twin class (the least of
    the class in :func:`itertools.combinations` order): ``prod(k + 1) - 1``
    moves for twin classes of sizes ``k``, in place of ``2^d - 1`` (a
    star's centre: ``d``). Order: by size, then
    :func:`itertools.combinations` order, so the moves are those of
    :meth:`MoveRule.every_at_vertex` with the others left out (the same
    moves where no two neighbours are twins), and the first that wins is
    the first winning move of them all. The kernel's rule
    (``_kernel_rules.pxi``) makes the same moves in the same order; the
    tests hold it to this.

    >>> [m[2] for m in edge_subset_reps((0b1110, 0b0001, 0b0001, 0b0001), 0)]
    [(1,), (1, 2), (1, 2, 3)]
    """
    nbrs = list(_bits(adj[i]))
    at = {v: k for k, v in enumerate(nbrs)}
    pred = [-1] * len(nbrs)
    for cls in twin_classes(adj, i):
        for below, above in zip(cls, cls[1:]):
            pred[at[above]] = at[below]
    for size in range(1, len(nbrs) + 1):
        comb = _complete(pred, 0, 0, size)
        while comb is not None:
            yield ("n", i, tuple(nbrs[k] for k in comb))
            comb = _next_rep(pred, comb)


def class_members(adj: tuple[int, ...], move: IndexMove) -> Iterator[IndexMove]:
    """Every index move of the position ``adj`` whose option is isomorphic
    to ``move``'s by swaps of twins, made one at a time: for a Graph Nim move
    ``("n", i, S)``, every set of ``i``'s edges that meets each class of
    :func:`twin_classes` in as many edges as ``S`` (``S`` itself first when
    it is the search's move, :func:`edge_subset_reps`, the least of them;
    the others in no particular order); any other move alone. The moves of
    :meth:`GraphRuleset.ordered_moves` at every vertex and edge, each
    expanded so, are :meth:`GraphRuleset.moves`, each once
    (:func:`move_order_key` sorts them).

    >>> list(class_members((0b1110, 0b0001, 0b0001, 0b0001), ("n", 0, (1, 2))))
    [('n', 0, (1, 2)), ('n', 0, (1, 3)), ('n', 0, (2, 3))]
    """
    if move[0] != "n":
        yield move
        return
    i, chosen = move[1], set(move[2])
    parts = [combinations(cls, sum(v in chosen for v in cls)) for cls in twin_classes(adj, i)]
    for pick in product(*parts):
        yield ("n", i, tuple(sorted(chain.from_iterable(pick))))


@dataclass(frozen=True)
class GraphRuleset:
    """An impartial ruleset on finite simple graphs.

    Attributes
    ----------
    name : str
        The ``--game`` name.
    rule : str
        One-line rule.
    source : str
        Paper and section.
    isolated_value : int
        Nim-value of a single isolated vertex (1 if it can be taken).
    compiled : MoveRule
        The moves, as the compiled kernel and the census run them.
    at_vertex, at_edge : callable, optional
        The Python reference: ``at_vertex(adj, i)`` and ``at_edge(adj, i,
        j)`` (``i < j``, ``ij`` an edge) yield the index moves (see
        :data:`IndexMove`) made at that vertex or edge, in the rule's move
        order. The tests hold the kernel to them. A ruleset defined by its
        rule alone (None here) reads ``compiled`` in Python. For a rule
        whose vertex effect is ``"edge-subsets"``, ``at_vertex`` gives the
        search's moves, one per class of isomorphic options
        (:func:`edge_subset_reps`), and :meth:`moves` lists every set with
        :meth:`MoveRule.every_at_vertex` instead.
    """

    name: str
    rule: str
    source: str
    isolated_value: int
    compiled: MoveRule
    at_vertex: Callable[[tuple[int, ...], int], Iterator[IndexMove]] | None = None
    at_edge: Callable[[tuple[int, ...], int, int], Iterator[IndexMove]] | None = None

    def moves(self, adj: tuple[int, ...]) -> Iterator[IndexMove]:
        """Every index move of the position ``adj``: at each vertex in
        increasing order (Graph Nim: every nonempty set of its edges,
        :meth:`MoveRule.every_at_vertex`, where :meth:`ordered_moves` makes
        one per class of isomorphic options), then at each edge ``(i, j)``,
        ``i < j``, in increasing order."""
        at_vertex = (self.compiled.every_at_vertex if self.compiled.vertex == "edge-subsets"
                     else self.at_vertex or self.compiled.at_vertex)
        at_edge = self.at_edge or self.compiled.at_edge
        for i in range(len(adj)):
            yield from at_vertex(adj, i)
        for i, j in _edge_list(adj):
            yield from at_edge(adj, i, j)

    def class_moves(self, adj: tuple[int, ...]) -> Iterator[IndexMove]:
        """The search's moves at every vertex and edge of ``adj``, in index
        order (:meth:`ordered_moves`): one per class of isomorphic options,
        each the least of its class; :meth:`labelled_members` lists a
        class, and together they are :meth:`moves`."""
        return self.ordered_moves(adj, range(len(adj)), _edge_list(adj))

    def labelled_members(self, labels: tuple[Hashable, ...], adj: tuple[int, ...],
                         move: IndexMove) -> Iterator[tuple[tuple, Move]]:
        """``(move_order_key, labelled move)`` for every move of
        ``move``'s class (:func:`class_members`), made one at a time."""
        return ((move_order_key(m), self.labelled(labels, adj, m)) for m in class_members(adj, move))

    def ordered_moves(self, adj: tuple[int, ...], vertices: Iterable[int],
                      edges: Iterable[tuple[int, int]]) -> Iterator[IndexMove]:
        """The index moves at ``vertices`` (in that order), then at
        ``edges`` (``(i, j)``, ``i < j``, in that order): the order in which
        the search and the kernel generate options (Graph Nim: one edge set
        per class of isomorphic options, :func:`edge_subset_reps`)."""
        at_vertex = self.at_vertex or self.compiled.at_vertex
        at_edge = self.at_edge or self.compiled.at_edge
        for i in vertices:
            yield from at_vertex(adj, i)
        for i, j in edges:
            yield from at_edge(adj, i, j)

    def apply(self, adj: tuple[int, ...], move: IndexMove) -> tuple[int, ...]:
        """The graph after an index move. Vertex removals renumber the
        vertices above the removed one down by one."""
        kind = move[0]
        if kind == "v":
            return remove_vertex(adj, move[1])
        if kind == "e":
            return remove_edge(adj, move[1], move[2])
        if kind in ("k", "a"):
            return compact(*self.after(adj, move))
        out = list(adj)
        i = move[1]
        for j in move[2]:
            out[i] &= ~(1 << j)
            out[j] &= ~(1 << i)
        return tuple(out)

    def after(self, adj: tuple[int, ...], move: IndexMove) -> tuple[tuple[int, ...], int]:
        """The position after an index move as ``(graph, mask)``: the
        subgraph of ``graph`` induced by ``mask`` is :meth:`apply`'s graph
        (a Kayles move keeps ``adj`` and masks the vertices it takes: the
        search decomposes the rest without compacting the whole first)."""
        if move[0] in ("k", "a"):
            return adj, full_mask(len(adj)) & ~_taken(adj, move)
        graph = self.apply(adj, move)
        return graph, full_mask(len(graph))

    def options(self, adj: tuple[int, ...], vertex_reps: set[int] | None = None,
                edge_reps: set[tuple[int, int]] | None = None) -> Iterator[tuple[int, ...]]:
        """The positions reachable in one move; with orbit representatives
        given, only moves at a representative vertex / edge (isomorphic
        options are skipped)."""
        for move in self.moves(adj):
            if move[0] in EDGE_KINDS:
                if edge_reps is not None and (move[1], move[2]) not in edge_reps:
                    continue
            elif vertex_reps is not None and move[1] not in vertex_reps:
                continue
            yield self.apply(adj, move)

    def labelled_moves(self, labels: tuple[Hashable, ...], adj: tuple[int, ...]) -> Iterator[tuple[Move, IndexMove]]:
        """Every move of the position, in the user's labels, vertex moves
        first, each with its index move: made one at a time (Graph Nim has
        2^d - 1 moves at a vertex of degree d)."""
        for move in self.moves(adj):
            yield self.labelled(labels, adj, move), move

    @staticmethod
    def labelled(labels: tuple[Hashable, ...], adj: tuple[int, ...], move: IndexMove) -> Move:
        """The index move ``move`` of the position ``adj`` in the user's
        ``labels`` (one per vertex of ``adj``)."""
        if move[0] == "v":
            return Move(vertex=labels[move[1]])
        if move[0] == "e":
            return Move(edge=(labels[move[1]], labels[move[2]]))
        if move[0] == "k":
            return TakeMove(vertex=labels[move[1]], removes=tuple(labels[j] for j in _bits(_taken(adj, move))))
        if move[0] == "a":
            gone = (labels[move[1]], labels[move[2]])
            return TakeMove(edge=gone, removes=gone)
        i = move[1]
        return Move(vertex=labels[i], edges=tuple((labels[i], labels[j]) for j in move[2]))


def move_order_key(move: IndexMove) -> tuple:
    """A sort key putting index moves in :meth:`GraphRuleset.moves`'s order:
    vertex moves by vertex (Graph Nim's edge sets by size, then
    lexicographically), then edge moves by edge.

    >>> sorted([("e", 0, 2), ("n", 1, (0, 2)), ("n", 1, (3,)), ("v", 0)], key=move_order_key)
    [('v', 0), ('n', 1, (3,)), ('n', 1, (0, 2)), ('e', 0, 2)]
    """
    if move[0] in EDGE_KINDS:
        return (1, move[1], move[2])
    if move[0] == "n":
        return (0, move[1], len(move[2]), move[2])
    return (0, move[1], 0, ())


def _edge_list(adj: tuple[int, ...]) -> list[tuple[int, int]]:
    """Every edge ``(i, j)``, ``i < j``, in increasing order."""
    return [(i, j) for i, a in enumerate(adj) for j in _bits(a >> (i + 1) << (i + 1))]


def _bits(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def _taken(adj: tuple[int, ...], move: IndexMove) -> int:
    """Mask of the vertices a Kayles move ("k" or "a") deletes."""
    if move[0] == "k":
        return adj[move[1]] | 1 << move[1]
    return 1 << move[1] | 1 << move[2]


# -- the Python reference: each ruleset's moves at a vertex and at an edge, written
# out plainly (the tests hold the kernel's rule to these) -----------------------------
def _delete_vertex(adj: tuple[int, ...], i: int) -> Iterator[IndexMove]:
    """Graph Chomp's vertex moves: delete ``i`` with its edges."""
    yield ("v", i)


def _delete_edge(adj: tuple[int, ...], i: int, j: int) -> Iterator[IndexMove]:
    """Graph Chomp's edge moves: delete the edge ``ij``."""
    yield ("e", i, j)


def _graph_nim_at(adj: tuple[int, ...], i: int) -> Iterator[IndexMove]:
    """Graph Nim: choose ``i`` and delete a nonempty set of its edges (one
    set per class of isomorphic options, :func:`edge_subset_reps`)."""
    yield from edge_subset_reps(adj, i)


def _edge_parity_at(i_odd: bool, j_odd: bool | None) -> Callable[[tuple[int, ...], int, int], Iterator[IndexMove]]:
    """Delete ``ij`` if its endpoints' degree parities are (odd?, odd?);
    ``j_odd=None`` means one odd and one even endpoint."""

    def at(adj: tuple[int, ...], i: int, j: int) -> Iterator[IndexMove]:
        odd_i, odd_j = adj[i].bit_count() & 1, adj[j].bit_count() & 1
        if (odd_i != odd_j) if j_odd is None else (odd_i == i_odd and odd_j == j_odd):
            yield ("e", i, j)

    return at


def _vertex_parity_at(want_odd: int) -> Callable[[tuple[int, ...], int], Iterator[IndexMove]]:
    """Delete ``i`` with its edges if its degree has parity ``want_odd``."""

    def at(adj: tuple[int, ...], i: int) -> Iterator[IndexMove]:
        if adj[i].bit_count() & 1 == want_odd:
            yield ("v", i)

    return at


def _node_kayles_at(adj: tuple[int, ...], i: int) -> Iterator[IndexMove]:
    """Node Kayles: take a vertex with its closed neighbourhood. Schaefer,
    On the computational complexity of some two-person perfect-information
    games, J. Comput. System Sci. 16 (1978) (PSPACE-complete);
    Berlekamp-Conway-Guy, Winning Ways."""
    yield ("k", i)


def _arc_kayles_at(adj: tuple[int, ...], i: int, j: int) -> Iterator[IndexMove]:
    """Arc Kayles: take an edge with both endpoints (and every edge at them).
    Berlekamp-Conway-Guy, Winning Ways; CGSuite's game.graph.ArcKayles."""
    yield ("a", i, j)


HO = "Harding-Ottaway, Edge deletion games with parity rules"
RULESETS: dict[str, GraphRuleset] = {
    r.name: r
    for r in [
        GraphRuleset("chomp", "remove a vertex with its edges, or one edge", "Magura-Pong-Cartee-Valakuzhy; Khandhawit-Ye", 1,
                     MoveRule(vertex="delete", edge="delete"), _delete_vertex, _delete_edge),
        GraphRuleset("graph-nim", "choose a vertex and delete a nonempty set of its incident edges", "Mangang, §Graph Nim", 0,
                     MoveRule(vertex="edge-subsets", labelling="first-seen"), _graph_nim_at),
        GraphRuleset("bo-bo", "delete an edge whose endpoints both have odd degree", HO + ", §2", 0,
                     MoveRule(edge="delete", edge_degrees="odd-odd"), None, _edge_parity_at(True, True)),
        GraphRuleset("be-be", "delete an edge whose endpoints both have even degree", HO + ", §3", 0,
                     MoveRule(edge="delete", edge_degrees="even-even"), None, _edge_parity_at(False, False)),
        GraphRuleset("oe-oe", "delete an edge with one odd-degree and one even-degree endpoint", HO + ", §4", 0,
                     MoveRule(edge="delete", edge_degrees="odd-even", edge_order="reversed"), None, _edge_parity_at(True, None)),
        GraphRuleset("odd-vertex", "delete a vertex of odd degree with its edges", "Nowakowski-Ottaway; " + HO + ", Corollary 4.2", 0,
                     MoveRule(vertex="delete", vertex_degree="odd"), _vertex_parity_at(1)),
        GraphRuleset("even-vertex", "delete a vertex of even degree with its edges", "Nowakowski-Ottaway; " + HO + ", §5", 1,
                     MoveRule(vertex="delete", vertex_degree="even"), _vertex_parity_at(0)),
        GraphRuleset("node-kayles", "delete a vertex together with all its neighbours", "Schaefer, J. Comput. System Sci. 16 (1978); Winning Ways", 1,
                     MoveRule(vertex="closed-neighbourhood", vertex_order="central"), _node_kayles_at),
        GraphRuleset("arc-kayles", "delete both endpoints of an edge, with every edge at them", "Winning Ways; CGSuite game.graph.ArcKayles", 0,
                     MoveRule(edge="endpoints", edge_order="central"), None, _arc_kayles_at),
    ]
}


#: Other spellings of ruleset names: ``graph-chomp`` tells Graph Chomp
#: apart from rectangular Chomp (``grundy rect-chomp``).
ALIASES = {"graph-chomp": "chomp"}


def ruleset_name(name: str) -> str:
    """The registry name for ``name`` (an alias resolved; others unchanged).

    >>> ruleset_name("graph-chomp"), ruleset_name("bo-bo")
    ('chomp', 'bo-bo')
    """
    return ALIASES.get(name, name)


def get_ruleset(name: str) -> GraphRuleset:
    """The impartial ruleset called ``name`` (or one of its :data:`ALIASES`).

    Raises
    ------
    InputError
        On an unknown name; the message lists the valid ones.

    >>> get_ruleset("bo-bo").rule
    'delete an edge whose endpoints both have odd degree'
    """
    try:
        return RULESETS[ruleset_name(name)]
    except KeyError:
        raise InputError(f"unknown game {name!r}; valid: {', '.join(RULESETS)}") from None
