"""Bitset graph kernels used on the search's hot path.

A graph here is a tuple ``adj`` of ints: vertex ``i`` of ``0 .. n-1`` has the
neighbour set ``adj[i]`` (bit ``j`` set iff ``ij`` is an edge). A *mask* is
an int whose set bits select a subset of the vertices. These functions do
no validation: callers hand them simple, symmetric adjacency
(:func:`check_adjacency` checks it at the engine's entry).
"""

from __future__ import annotations

__all__ = [
    "check_adjacency",
    "full_mask",
    "components",
    "compact",
    "compact_with_lists",
    "remove_vertex",
    "remove_edge",
    "upper_lists",
    "edge_count",
    "is_bipartite",
    "distance_sums",
]

try:  # the compiled kernel's compaction and components, for graphs over 64 vertices (optional)
    from grundy.games.graphs._kernel import compact_wide as _compact_wide
    from grundy.games.graphs._kernel import components_wide as _components_wide
    from grundy.games.graphs._kernel import distance_sums as _distance_sums_wide
    from grundy.games.graphs._kernel import is_simple_wide as _is_simple_wide
except ImportError:  # pragma: no cover - the kernel is not built
    _compact_wide = _components_wide = _distance_sums_wide = _is_simple_wide = None


def check_adjacency(adj: tuple[int, ...]) -> None:
    """Check that ``adj`` (a tuple of n non-negative ints, any n) is a simple
    graph, as the compiled kernel's entry does for at most 64 vertices.

    Raises
    ------
    TypeError
        If ``adj`` is not a tuple of ints.
    ValueError
        On a loop, an edge to a vertex outside ``0 .. n-1`` (a negative int
        included), or an edge given at one end only; the messages are the
        kernel's.

    >>> check_adjacency((0b10, 0b01))
    >>> check_adjacency((0b10, 0b00))
    Traceback (most recent call last):
    ...
    ValueError: adjacency: the edge 0-1 is given at vertex 0 only
    """
    if _is_simple_wide is not None and type(adj) is tuple:
        try:
            if _is_simple_wide(adj):  # the kernel's word-at-a-time test; what follows names a fault
                return
        except OverflowError:  # a negative int, or one past n bits by whole words
            pass
    if not isinstance(adj, tuple) or not all(isinstance(a, int) for a in adj):
        raise TypeError("adjacency: a tuple of ints (neighbour bitsets)")
    n = len(adj)
    full = (1 << n) - 1
    for i, row in enumerate(adj):
        if row >> i & 1:
            raise ValueError(f"adjacency: vertex {i} has a loop")
        if row & ~full:
            raise ValueError(f"adjacency: vertex {i} has an edge to a vertex outside the {n} of the graph")
        while row:
            low = row & -row
            j = low.bit_length() - 1
            if not adj[j] >> i & 1:
                raise ValueError(f"adjacency: the edge {i}-{j} is given at vertex {i} only")
            row ^= low


def full_mask(n: int) -> int:
    """Mask of all ``n`` vertices."""
    return (1 << n) - 1


def edge_count(adj: tuple[int, ...], mask: int = -1) -> int:
    """Number of edges of the subgraph induced by ``mask`` (all by default)."""
    if mask == -1:
        return sum(a.bit_count() for a in adj) >> 1
    total = 0
    m = mask
    while m:
        low = m & -m
        total += (adj[low.bit_length() - 1] & mask).bit_count()
        m ^= low
    return total >> 1


def _neighbourhood(adj: tuple[int, ...], vertices: int) -> int:
    """The union of the neighbour sets of ``vertices`` (a mask)."""
    nb = 0
    while vertices:
        low = vertices & -vertices
        nb |= adj[low.bit_length() - 1]
        vertices ^= low
    return nb


def components(adj: tuple[int, ...], mask: int) -> list[int]:
    """Vertex masks of the connected components of the subgraph induced by
    ``mask``, in order of their lowest vertex.

    >>> components((0b10, 0b01, 0b0), 0b111)
    [3, 4]
    """
    if _components_wide is not None and len(adj) > 64:
        # above 64 vertices the kernel's word-at-a-time version (tests/test_kernel.py holds it to this one)
        return _components_wide(adj, mask)  # type: ignore[no-any-return]
    comps = []
    while mask:
        comp = frontier = mask & -mask
        while frontier:
            frontier = _neighbourhood(adj, frontier) & mask & ~comp
            comp |= frontier
        comps.append(comp)
        mask &= ~comp
    return comps


def distance_sums(adj: tuple[int, ...]) -> list[int]:
    """For each vertex of ``adj`` (any number of vertices), the sum of its
    distances (in edges) to the vertices it reaches: small for a central
    vertex, the order "central" of
    :meth:`grundy.games.graphs.rulesets.MoveRule.order`.

    >>> distance_sums((0b010, 0b101, 0b010))   # the path 0-1-2
    [3, 2, 3]
    """
    if _distance_sums_wide is not None and len(adj) > 64:
        # above 64 vertices the kernel's (tests/test_rules.py holds it to this one)
        return _distance_sums_wide(adj)  # type: ignore[no-any-return]
    return distance_sums_reference(adj)


def distance_sums_reference(adj: tuple[int, ...]) -> list[int]:
    """:func:`distance_sums` in Python for any number of vertices (what the
    kernel's version is tested against): a breadth-first search on
    bitsets from each vertex."""
    sums = []
    for v in range(len(adj)):
        seen = frontier = 1 << v
        d = total = 0
        while frontier:
            d += 1
            frontier = _neighbourhood(adj, frontier) & ~seen
            total += d * frontier.bit_count()
            seen |= frontier
        sums.append(total)
    return sums


def compact(adj: tuple[int, ...], mask: int) -> tuple[int, ...]:
    """The subgraph induced by ``mask``, renumbered ``0 .. k-1`` in order.

    >>> compact((0b110, 0b101, 0b011), 0b101)
    (2, 1)
    """
    if _compact_wide is not None and len(adj) > 64:
        return _compact_wide(adj, mask, False)[0]  # type: ignore[no-any-return]
    return compact_with_lists(adj, mask)[0]


def compact_with_lists(
    adj: tuple[int, ...], mask: int
) -> tuple[tuple[int, ...], dict[int, list[int]]]:
    """The subgraph induced by ``mask`` renumbered ``0 .. k-1``, together
    with its upper adjacency lists (as :func:`upper_lists`), in one pass.

    >>> compact_with_lists((0b110, 0b101, 0b011), 0b111)
    ((6, 5, 3), {0: [1, 2], 1: [2], 2: []})
    """
    if _compact_wide is not None and len(adj) > 64:
        # above 64 vertices (where the rest of the kernel does not go) the
        # kernel's word-at-a-time version; tests/test_kernel.py holds it to this one
        return _compact_wide(adj, mask)  # type: ignore[no-any-return]
    if mask == (1 << len(adj)) - 1:
        return adj, upper_lists(adj)
    idx = {}
    verts = []
    m = mask
    k = 0
    while m:
        low = m & -m
        v = low.bit_length() - 1
        idx[v] = k
        verts.append(v)
        k += 1
        m ^= low
    out = []
    lists = {}
    for i, v in enumerate(verts):
        a = adj[v] & mask
        b = 0
        upper = []
        while a:
            low = a & -a
            j = idx[low.bit_length() - 1]
            b |= 1 << j
            if j > i:
                upper.append(j)
            a ^= low
        out.append(b)
        lists[i] = upper
    return tuple(out), lists


def remove_vertex(adj: tuple[int, ...], i: int) -> tuple[int, ...]:
    """The graph with vertex ``i`` and its edges deleted, renumbered so that
    vertices above ``i`` move down by one.

    >>> remove_vertex((0b110, 0b101, 0b011), 1)
    (2, 1)
    """
    low = (1 << i) - 1
    out = []
    for j, a in enumerate(adj):
        if j != i:
            out.append(((a >> (i + 1)) << i) | (a & low))
    return tuple(out)


def remove_edge(adj: tuple[int, ...], i: int, j: int) -> tuple[int, ...]:
    """The graph with the edge ``ij`` deleted (endpoints kept)."""
    out = list(adj)
    out[i] &= ~(1 << j)
    out[j] &= ~(1 << i)
    return tuple(out)


def upper_lists(adj: tuple[int, ...]) -> dict[int, list[int]]:
    """Upper adjacency lists ``{i: [j > i adjacent to i]}`` for nauty."""
    d = {}
    for i, a in enumerate(adj):
        a = (a >> (i + 1)) << (i + 1)
        lst = []
        while a:
            low = a & -a
            lst.append(low.bit_length() - 1)
            a ^= low
        d[i] = lst
    return d


def is_bipartite(adj: tuple[int, ...], mask: int) -> bool:
    """Whether the subgraph induced by ``mask`` has no odd cycle.

    >>> is_bipartite((0b110, 0b101, 0b011), 0b111), is_bipartite((0b110, 0b101, 0b011), 0b011)
    (False, True)
    """
    seen = 0
    while mask & ~seen:
        start = mask & ~seen & -(mask & ~seen)
        sides = [start, 0]
        frontier = start
        side = 0
        seen |= start
        while frontier:
            nb = 0
            f = frontier
            while f:
                low = f & -f
                nb |= adj[low.bit_length() - 1]
                f ^= low
            nb &= mask
            side ^= 1
            if nb & sides[side ^ 1]:
                return False
            frontier = nb & ~seen
            sides[side] |= nb
            seen |= frontier
    return True
