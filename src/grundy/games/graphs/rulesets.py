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

from collections.abc import Callable, Hashable, Iterator
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from grundy.games.graphs.bitset import compact, full_mask, remove_edge, remove_vertex
from grundy.errors import InputError
from grundy.core.moves import Move, label_str

__all__ = ["GraphRuleset", "RULESETS", "TakeMove", "get_ruleset"]


#: A move on indices: ("v", i) delete vertex i; ("e", i, j) delete edge ij;
#: ("n", i, (j1, j2, ...)) delete those edges at i; ("k", i) delete i and its
#: neighbours (Node Kayles); ("a", i, j) delete i and j, ij an edge (Arc Kayles).
IndexMove = tuple

#: Index-move kinds chosen at an edge ``(i, j)``, ``i < j`` (the others at a vertex ``i``).
EDGE_KINDS = frozenset({"e", "a"})


@dataclass(frozen=True)
class TakeMove(Move):
    """A Kayles move in the user's labels: ``vertex`` (Node Kayles) or
    ``edge`` (Arc Kayles) is taken with ``removes``, every vertex deleted.
    JSON as :class:`Move` (``{"vertex": v}`` / ``{"edge": [u, v]}``)."""

    removes: tuple[Hashable, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return Move(vertex=self.vertex, edge=self.edge).to_json()

    def __str__(self) -> str:
        gone = ", ".join(label_str(v) for v in self.removes)
        if self.edge is not None:
            return f"take edge {label_str(self.edge[0])}-{label_str(self.edge[1])} (remove vertices {gone})"
        return f"take vertex {label_str(self.vertex)} (remove vertices {gone})"


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
    moves : callable
        ``moves(adj) -> iterator of index moves`` (see :data:`IndexMove`).
    """

    name: str
    rule: str
    source: str
    isolated_value: int
    moves: Callable[[tuple[int, ...]], Iterator[IndexMove]]

    def apply(self, adj: tuple[int, ...], move: IndexMove) -> tuple[int, ...]:
        """The graph after an index move. Vertex removals renumber the
        vertices above the removed one down by one."""
        kind = move[0]
        if kind == "v":
            return remove_vertex(adj, move[1])
        if kind == "e":
            return remove_edge(adj, move[1], move[2])
        if kind in ("k", "a"):
            return compact(adj, full_mask(len(adj)) & ~_taken(adj, move))
        out = list(adj)
        i = move[1]
        for j in move[2]:
            out[i] &= ~(1 << j)
            out[j] &= ~(1 << i)
        return tuple(out)

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
            if move[0] == "v":
                yield Move(vertex=labels[move[1]]), move
            elif move[0] == "e":
                yield Move(edge=(labels[move[1]], labels[move[2]])), move
            elif move[0] == "k":
                gone = tuple(labels[j] for j in _bits(_taken(adj, move)))
                yield TakeMove(vertex=labels[move[1]], removes=gone), move
            elif move[0] == "a":
                gone = (labels[move[1]], labels[move[2]])
                yield TakeMove(edge=gone, removes=gone), move
            else:
                i = move[1]
                yield Move(vertex=labels[i], edges=tuple((labels[i], labels[j]) for j in move[2])), move


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


def _chomp_moves(adj: tuple[int, ...]) -> Iterator[IndexMove]:
    for i in range(len(adj)):
        yield ("v", i)
    for i, a in enumerate(adj):
        for j in _bits(a >> (i + 1) << (i + 1)):
            yield ("e", i, j)


def _graph_nim_moves(adj: tuple[int, ...]) -> Iterator[IndexMove]:
    for i, a in enumerate(adj):
        nbrs = list(_bits(a))
        for size in range(1, len(nbrs) + 1):
            for subset in combinations(nbrs, size):
                yield ("n", i, subset)


def _edge_parity_moves(i_odd: bool, j_odd: bool | None) -> Callable[[tuple[int, ...]], Iterator[IndexMove]]:
    """Edges whose endpoint degree parities are (odd?, odd?); ``j_odd=None``
    means one odd and one even endpoint."""

    def moves(adj: tuple[int, ...]) -> Iterator[IndexMove]:
        odd = [a.bit_count() & 1 for a in adj]
        for i, a in enumerate(adj):
            for j in _bits(a >> (i + 1) << (i + 1)):
                if j_odd is None:
                    if odd[i] != odd[j]:
                        yield ("e", i, j)
                elif odd[i] == i_odd and odd[j] == j_odd:
                    yield ("e", i, j)

    return moves


def _vertex_parity_moves(want_odd: int) -> Callable[[tuple[int, ...]], Iterator[IndexMove]]:
    def moves(adj: tuple[int, ...]) -> Iterator[IndexMove]:
        for i, a in enumerate(adj):
            if a.bit_count() & 1 == want_odd:
                yield ("v", i)

    return moves


def _node_kayles_moves(adj: tuple[int, ...]) -> Iterator[IndexMove]:
    """Node Kayles: take a vertex with its closed neighbourhood. Schaefer,
    On the computational complexity of some two-person perfect-information
    games, J. Comput. System Sci. 16 (1978) (PSPACE-complete);
    Berlekamp-Conway-Guy, Winning Ways."""
    for i in range(len(adj)):
        yield ("k", i)


def _arc_kayles_moves(adj: tuple[int, ...]) -> Iterator[IndexMove]:
    """Arc Kayles: take an edge with both endpoints (and every edge at them).
    Berlekamp-Conway-Guy, Winning Ways; CGSuite's game.graph.ArcKayles."""
    for i, a in enumerate(adj):
        for j in _bits(a >> (i + 1) << (i + 1)):
            yield ("a", i, j)


HO = "Harding-Ottaway, Edge deletion games with parity rules"
RULESETS: dict[str, GraphRuleset] = {
    r.name: r
    for r in [
        GraphRuleset("chomp", "remove a vertex with its edges, or one edge", "Magura-Pong-Cartee-Valakuzhy; Khandhawit-Ye", 1, _chomp_moves),
        GraphRuleset("graph-nim", "choose a vertex and delete a nonempty set of its incident edges", "Mangang, §Graph Nim", 0, _graph_nim_moves),
        GraphRuleset("bo-bo", "delete an edge whose endpoints both have odd degree", HO + ", §2", 0, _edge_parity_moves(True, True)),
        GraphRuleset("be-be", "delete an edge whose endpoints both have even degree", HO + ", §3", 0, _edge_parity_moves(False, False)),
        GraphRuleset("oe-oe", "delete an edge with one odd-degree and one even-degree endpoint", HO + ", §4", 0, _edge_parity_moves(True, None)),
        GraphRuleset("odd-vertex", "delete a vertex of odd degree with its edges", "Nowakowski-Ottaway; " + HO + ", Corollary 4.2", 0, _vertex_parity_moves(1)),
        GraphRuleset("even-vertex", "delete a vertex of even degree with its edges", "Nowakowski-Ottaway; " + HO + ", §5", 1, _vertex_parity_moves(0)),
        GraphRuleset("node-kayles", "delete a vertex together with all its neighbours", "Schaefer, J. Comput. System Sci. 16 (1978); Winning Ways", 1, _node_kayles_moves),
        GraphRuleset("arc-kayles", "delete both endpoints of an edge, with every edge at them", "Winning Ways; CGSuite game.graph.ArcKayles", 0, _arc_kayles_moves),
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
