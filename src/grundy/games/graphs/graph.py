"""Immutable positions.

A :class:`Graph` is a finite simple graph that keeps the user's vertex labels
(moves are reported in them) and stores its adjacency as integer bitsets:
vertex ``i`` (``0 <= i < n``) carries the label ``labels[i]`` and its
neighbours are the set bits of ``adj[i]``.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator
from typing import Any

from grundy.errors import InputError

__all__ = ["Graph", "bits"]


def bits(mask: int) -> Iterator[int]:
    """Yield the indices of the set bits of ``mask``, lowest first.

    >>> list(bits(0b10110))
    [1, 2, 4]
    """
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


class Graph:
    """A finite simple graph with labelled vertices, immutable and hashable.

    Parameters
    ----------
    labels : sequence of hashable
        The vertex labels, distinct; vertex ``i`` is ``labels[i]``.
    adj : sequence of int
        ``adj[i]`` is the bitset of neighbours of vertex ``i``; it must be
        symmetric and have no bit ``i`` set (no self-loops).

    Use :meth:`from_edges` or :meth:`from_networkx` to build one from user
    data: they check the input and raise :class:`~grundy.errors.InputError`.

    >>> g = Graph.from_edges("abc", [("a", "b"), ("b", "c")])
    >>> g.n, g.m, g.edges()
    (3, 2, [('a', 'b'), ('b', 'c')])
    """

    __slots__ = ("labels", "adj", "_hash", "_index")

    labels: tuple[Hashable, ...]
    adj: tuple[int, ...]

    def __init__(self, labels: Iterable[Hashable], adj: Iterable[int]) -> None:
        labels = tuple(labels)
        adj = tuple(adj)
        if len(labels) != len(adj):
            raise InputError("labels and adjacency differ in length")
        object.__setattr__(self, "labels", labels)
        object.__setattr__(self, "adj", adj)
        object.__setattr__(self, "_hash", None)
        object.__setattr__(self, "_index", None)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("Graph is immutable")

    # -- construction ---------------------------------------------------
    @classmethod
    def from_edges(
        cls,
        vertices: Iterable[Hashable],
        edges: Iterable[tuple[Hashable, Hashable]],
        *,
        where: str = "",
    ) -> "Graph":
        """Build a graph from vertex labels and edges given by labels.

        Endpoints not listed in ``vertices`` are added in order of first
        appearance. ``where`` is prefixed to error messages (e.g. a file and
        line).

        Raises
        ------
        InputError
            On a self-loop, a repeated edge (in either orientation) or
            repeated vertex labels: the graph games are played on simple graphs.

        >>> Graph.from_edges([1, 2], [(1, 1)])
        Traceback (most recent call last):
        ...
        grundy.errors.InputError: self-loop at vertex 1: the graph games are played on simple graphs
        """
        prefix = f"{where}: " if where else ""
        labels: list[Hashable] = []
        index: dict[Hashable, int] = {}
        for v in vertices:
            if v in index:
                raise InputError(f"{prefix}vertex {v!r} is listed twice")
            index[v] = len(labels)
            labels.append(v)
        adj: list[int] = [0] * len(labels)
        for e in edges:
            u, v = e
            for x in (u, v):
                if x not in index:
                    index[x] = len(labels)
                    labels.append(x)
                    adj.append(0)
            if u == v:
                raise InputError(
                    f"{prefix}self-loop at vertex {u!r}: the graph games are played on simple graphs"
                )
            i, j = index[u], index[v]
            if adj[i] >> j & 1:
                raise InputError(
                    f"{prefix}edge {u!r}-{v!r} is repeated: the graph games are played on simple graphs"
                )
            adj[i] |= 1 << j
            adj[j] |= 1 << i
        return cls(labels, adj)

    @classmethod
    def from_networkx(cls, G: Any) -> "Graph":
        """Build a graph from a networkx graph, keeping its node labels.

        Raises
        ------
        InputError
            If ``G`` is directed, a multigraph with a repeated edge, or has a
            self-loop.
        """
        if G.is_directed():
            raise InputError("the graph games are played on undirected graphs; got a directed graph")
        return cls.from_edges(list(G.nodes()), list(G.edges()))

    def to_networkx(self) -> Any:
        """Return a :class:`networkx.Graph` with the same labels and edges."""
        import networkx as nx

        G = nx.Graph()
        G.add_nodes_from(self.labels)
        G.add_edges_from(self.edges())
        return G

    # -- queries --------------------------------------------------------
    @property
    def n(self) -> int:
        """Number of vertices."""
        return len(self.adj)

    @property
    def m(self) -> int:
        """Number of edges."""
        return sum(a.bit_count() for a in self.adj) // 2

    def edge_indices(self) -> list[tuple[int, int]]:
        """Edges as index pairs ``(i, j)`` with ``i < j``, sorted."""
        out = []
        for i, a in enumerate(self.adj):
            for j in bits(a >> (i + 1)):
                out.append((i, i + 1 + j))
        return out

    def edges(self) -> list[tuple[Hashable, Hashable]]:
        """Edges as label pairs, in index order."""
        lab = self.labels
        return [(lab[i], lab[j]) for i, j in self.edge_indices()]

    def index(self, label: Hashable) -> int:
        """Index of the vertex with this label; ``KeyError`` if absent."""
        idx = self._index
        if idx is None:
            idx = {v: i for i, v in enumerate(self.labels)}
            object.__setattr__(self, "_index", idx)
        return idx[label]

    def degree(self, i: int) -> int:
        """Degree of vertex index ``i``."""
        return self.adj[i].bit_count()

    # -- value semantics ------------------------------------------------
    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Graph):
            return NotImplemented
        return self.labels == other.labels and self.adj == other.adj

    def __hash__(self) -> int:
        h = self._hash
        if h is None:
            h = hash((self.labels, self.adj))
            object.__setattr__(self, "_hash", h)
        return h

    def __repr__(self) -> str:
        return f"Graph(n={self.n}, m={self.m})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (Graph, (self.labels, self.adj))
