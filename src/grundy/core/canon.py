"""Canonical keys and automorphisms of graphs, through nauty (pynauty).

Nothing else in grundy knows which library computes canonical forms. Graphs
are handed over as *upper adjacency lists*: ``nbrs[i]`` lists the neighbours
``j > i`` of vertex ``i`` (each edge once), vertices ``0 .. n-1``.

pynauty's public ``Graph`` class copies and validates its input in Python,
which costs several times more than nauty itself and, in long searches, left
objects behind (see ``docs/performance.md``). The C entry points of pynauty
(``pynauty.nautywrap``) read only four attributes of the object they are
given, so we hand them a small slotted object built once per call. If that
module is missing (a future pynauty), we fall back to the public API.
"""

from __future__ import annotations

try:  # pragma: no cover - exercised implicitly
    from pynauty import nautywrap as _nw

    _graph_cert = _nw.graph_cert
    _graph_autgrp = _nw.graph_autgrp
    _DIRECT = True
except ImportError:  # pragma: no cover
    _DIRECT = False

import sys
from array import array

import pynauty

__all__ = [
    "certificate",
    "automorphisms",
    "graph_from_certificate",
    "digraph_from_certificate",
    "NAUTY_VERSION",
]

#: Identifies the canonical labelling in use; persistent tables key on it,
#: because canonical labels may differ between nauty versions.
NAUTY_VERSION = f"pynauty-{getattr(pynauty, '__version__', 'unknown')}"


#: pynauty 2.8.8's C code (``set_partition``) returns early for a graph with
#: no colouring without releasing its reference to ``vertex_coloring``, so a
#: fresh empty list per call is never freed (64 bytes per call: the growth
#: with calls, not positions, seen in long searches). Every call shares this
#: one list instead; its reference count grows, no memory does.
_NO_COLOURING: list[set[int]] = []


class _NautyInput:
    """The four attributes pynauty's C code reads from a graph object."""

    __slots__ = ("number_of_vertices", "directed", "adjacency_dict", "vertex_coloring")

    def __init__(
        self,
        n: int,
        nbrs: dict[int, list[int]],
        directed: bool = False,
        colouring: list[set[int]] | None = None,
    ) -> None:
        self.number_of_vertices = n
        self.directed = directed
        self.adjacency_dict = nbrs
        # A coloured call hands its own list (nauty releases it); every
        # uncoloured call shares _NO_COLOURING (see its comment).
        self.vertex_coloring = colouring if colouring else _NO_COLOURING


def _partition(n: int, colouring: list[set[int]] | None) -> list[set[int]] | None:
    """The colouring as nauty's C code needs it: a list of disjoint sets
    covering ``0 .. n-1`` (vertices listed nowhere form one last class, as
    in pynauty's ``Graph``); None for no colouring (or a single class)."""
    if not colouring:
        return None
    parts = [c for c in colouring if c]
    if sum(map(len, parts)) == n:  # a partition already (the callers' case)
        return parts if len(parts) > 1 else None
    parts = [set(c) for c in parts]
    rest = set(range(n)).difference(*parts)
    if rest:
        parts.append(rest)
    return parts if len(parts) > 1 else None


def certificate(
    n: int,
    nbrs: dict[int, list[int]],
    *,
    directed: bool = False,
    colouring: list[set[int]] | None = None,
) -> bytes:
    """Canonical key of a graph: equal for two graphs iff they are isomorphic.

    Parameters
    ----------
    n : int
        Number of vertices, ``n >= 1``.
    nbrs : dict[int, list[int]]
        Upper adjacency lists (each edge listed at least once, either way).
        With ``directed=True``: ``nbrs[i]`` lists the heads ``j`` of the
        arcs ``i -> j`` (out-neighbours, any order).
    directed : bool
        Treat the graph as directed (keys then equal iff the digraphs are
        isomorphic, arcs kept in their direction).
    colouring : list of sets of int, optional
        An ordered partition of the vertices (vertices listed nowhere form
        one last class); isomorphisms must map each class onto itself. The
        key does not record the class sizes: a caller mixing colourings of
        different sizes adds them to its keys.

    Returns
    -------
    bytes
        nauty's canonical adjacency matrix, ``n * ceil(n / 64) * 8`` bytes, so
        graphs of different orders never share a key.

    >>> certificate(3, {0: [1], 1: [2]}) == certificate(3, {0: [2], 1: [2]})
    True
    >>> certificate(3, {0: [1], 1: [2]}) == certificate(3, {0: [1, 2], 1: [2]})
    False
    """
    parts = _partition(n, colouring)
    if _DIRECT:
        return _graph_cert(_NautyInput(n, nbrs, directed, parts))
    return pynauty.certificate(  # pragma: no cover
        pynauty.Graph(n, directed=directed, adjacency_dict=nbrs, vertex_coloring=parts or [])
    )


def automorphisms(
    n: int,
    nbrs: dict[int, list[int]],
    *,
    directed: bool = False,
    colouring: list[set[int]] | None = None,
) -> tuple[list[list[int]], list[int]]:
    """Generators of the automorphism group and the vertex orbits.

    Parameters
    ----------
    n, nbrs, directed, colouring
        As for :func:`certificate` (with a colouring: the automorphisms
        that map each colour class onto itself).

    Returns
    -------
    (generators, orbits)
        ``generators`` is a list of permutations (lists of length ``n``,
        ``p[v]`` the image of ``v``) generating the group; ``orbits[v]`` is
        the least vertex in the orbit of ``v``.

    >>> gens, orbits = automorphisms(3, {0: [1], 1: [2]})   # the path 0-1-2
    >>> gens, orbits
    ([[2, 1, 0]], [0, 1, 0])
    """
    parts = _partition(n, colouring)
    if _DIRECT:
        gens, _s1, _s2, orbits, _k = _graph_autgrp(_NautyInput(n, nbrs, directed, parts))
    else:  # pragma: no cover
        gens, _s1, _s2, orbits, _k = pynauty.autgrp(
            pynauty.Graph(n, directed=directed, adjacency_dict=nbrs, vertex_coloring=parts or [])
        )
    return gens, orbits


def graph_from_certificate(key: bytes) -> tuple[int, ...]:
    """The canonically labelled graph a certificate encodes, as bitsets.

    A certificate is nauty's canonical adjacency matrix: row ``i`` is a set
    of ``ceil(n / 64)`` machine words in which vertex ``j`` is bit ``j`` counted
    from the most significant end. The search stores positions only by their
    keys and rebuilds the graph when it expands one.

    Parameters
    ----------
    key : bytes
        A value returned by :func:`certificate`.

    Returns
    -------
    tuple of int
        ``adj[i]`` the neighbour bitset of vertex ``i`` (bit ``j`` = vertex ``j``),
        a graph isomorphic to the one the key came from.

    Raises
    ------
    ValueError
        A key whose length is not a multiple of 8 bytes (no certificate has one).

    >>> key = certificate(3, {0: [1], 1: [2]})
    >>> adj = graph_from_certificate(key)
    >>> sorted(a.bit_count() for a in adj), certificate(3, {i: [j for j in range(3) if adj[i] >> j & 1] for i in range(3)}) == key
    ([1, 1, 2], True)
    """
    return _rows_of_certificate(key, sys.byteorder)


def _rows_of_certificate(key: bytes, byteorder: str) -> tuple[int, ...]:
    """:func:`graph_from_certificate` of a key written by a machine of the
    given byte order ("little" or "big"; tests read both)."""
    total = len(key) // 8  # machine words
    words = 1
    while words * words * 64 < total:  # n * words == total with words == ceil(n / 64)
        words += 1
    n = total // words
    # nauty's vertex j of a word is its bit 63 - j: with the bits of every byte
    # reversed, a big-endian word has vertex j at bit j read as a little-endian
    # number; a little-endian word needs its bytes reversed too
    flipped = array("Q", key.translate(_BYTE_REVERSED))
    if byteorder == "little":
        flipped.byteswap()
        if sys.byteorder == "little" and words == 1:
            return tuple(flipped)  # the words read natively are the rows
    data = flipped.tobytes()
    row_bytes = 8 * words
    return tuple(int.from_bytes(data[row_bytes * i : row_bytes * (i + 1)], "little") for i in range(n))


#: each byte with its bits in reverse order (for bytes.translate)
_BYTE_REVERSED = bytes(int(f"{b:08b}"[::-1], 2) for b in range(256))


def digraph_from_certificate(key: bytes) -> tuple[int, ...]:
    """The canonically labelled directed graph a certificate encodes.

    nauty's canonical adjacency matrix of a digraph has row ``i`` = the
    out-neighbours of vertex ``i``, stored as for undirected graphs (see
    :func:`graph_from_certificate`, which decodes it).

    Parameters
    ----------
    key : bytes
        A value returned by :func:`certificate` with ``directed=True``.

    Returns
    -------
    tuple of int
        ``out[i]`` the bitset of heads ``j`` of the arcs ``i -> j``, a digraph
        isomorphic to the one the key came from.

    >>> key = certificate(3, {0: [1, 2], 1: [2]}, directed=True)   # 0 -> 1 -> 2, 0 -> 2
    >>> out = digraph_from_certificate(key)
    >>> sorted(a.bit_count() for a in out)
    [0, 1, 2]
    >>> certificate(3, {i: [j for j in range(3) if out[i] >> j & 1] for i in range(3)}, directed=True) == key
    True
    """
    return graph_from_certificate(key)
