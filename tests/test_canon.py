"""Canonical keys: isomorphism invariance, and no memory left behind."""

from __future__ import annotations

import random
import sys
import tracemalloc

import networkx as nx

from grundy.games.graphs.bitset import upper_lists
from grundy.core.canon import automorphisms, certificate
from grundy.games.graphs.graph import Graph


def _key(G: nx.Graph) -> bytes:
    g = Graph.from_networkx(nx.convert_node_labels_to_integers(G))
    return certificate(g.n, upper_lists(g.adj))


def test_keys_are_equal_exactly_for_isomorphic_graphs() -> None:
    graphs = nx.graph_atlas_g()[1:400]
    keys = [_key(G) for G in graphs]
    assert len(set(keys)) == len(graphs)  # the atlas lists each graph once
    rnd = random.Random(5)
    for G in graphs[::7]:
        perm = list(G.nodes())
        rnd.shuffle(perm)
        H = nx.relabel_nodes(G, dict(zip(G.nodes(), perm)))
        assert _key(H) == _key(G)


def test_automorphisms_are_automorphisms() -> None:
    G = nx.petersen_graph()
    g = Graph.from_networkx(G)
    gens, orbits = automorphisms(g.n, upper_lists(g.adj))
    assert gens and set(orbits) == {0}
    edges = {frozenset(e) for e in g.edge_indices()}
    for p in gens:
        assert {frozenset((p[u], p[v])) for u, v in g.edge_indices()} == edges


def test_nauty_calls_leave_no_objects_behind() -> None:
    """Memory grows with positions stored, not with calls made: pynauty
    2.8.8 keeps a reference to the colouring object of every call, which
    canon.py defuses by sharing one (see canon._NO_COLOURING)."""
    g = Graph.from_networkx(nx.gnp_random_graph(14, 0.3, seed=3))
    nbrs = upper_lists(g.adj)
    for _ in range(100):  # warm up caches
        certificate(g.n, nbrs)
        automorphisms(g.n, nbrs)
    tracemalloc.start()
    before = tracemalloc.take_snapshot()
    for _ in range(20000):
        certificate(g.n, nbrs)
        automorphisms(g.n, nbrs)
    after = tracemalloc.take_snapshot()
    tracemalloc.stop()
    grown = sum(s.size_diff for s in after.compare_to(before, "filename"))
    assert grown < 50_000, f"{grown} bytes left behind by 40000 nauty calls"


def test_graph_from_certificate_round_trip() -> None:
    from grundy.core.canon import graph_from_certificate

    for n, p in [(1, 0.5), (5, 0.5), (12, 0.3), (64, 0.1), (65, 0.1), (130, 0.05)]:
        for seed in range(3):
            g = Graph.from_networkx(nx.gnp_random_graph(n, p, seed=seed))
            key = certificate(g.n, upper_lists(g.adj))
            adj = graph_from_certificate(key)
            assert len(adj) == g.n
            assert certificate(len(adj), upper_lists(adj)) == key
            assert sorted(a.bit_count() for a in adj) == sorted(a.bit_count() for a in g.adj)


def _decode_plainly(key: bytes) -> tuple[int, ...]:
    """nauty's canonical matrix read bit by bit: ``n`` rows of
    ``ceil(n / 64)`` machine words, vertex ``64 w + j`` at bit ``63 - j`` of
    word ``w`` (the reference graph_from_certificate is held to)."""
    words = 1
    while words * words * 64 < len(key) // 8:
        words += 1
    n = len(key) // 8 // words
    values = [int.from_bytes(key[8 * i : 8 * i + 8], sys.byteorder) for i in range(len(key) // 8)]
    return tuple(
        sum(1 << v for v in range(n) if values[i * words + v // 64] >> (63 - v % 64) & 1) for i in range(n)
    )


def test_graph_from_certificate_reads_every_bit_in_place() -> None:
    """The decoding (bytes reversed in bulk) gives exactly the labelled graph
    the certificate's rows state, across word boundaries and on dense rows."""
    from grundy.core.canon import graph_from_certificate

    assert graph_from_certificate(b"") == _decode_plainly(b"") == ()
    for n, p in [(2, 1.0), (7, 0.5), (63, 0.5), (64, 0.9), (65, 0.5), (128, 0.3), (129, 0.2), (200, 0.05)]:
        for seed in range(2):
            g = Graph.from_networkx(nx.gnp_random_graph(n, p, seed=seed))
            key = certificate(g.n, upper_lists(g.adj))
            assert graph_from_certificate(key) == _decode_plainly(key)


def test_graph_from_certificate_reads_either_byte_order() -> None:
    """The decoding of a key written by a machine of the other byte order
    (each 8-byte word's bytes reversed) gives the same graph: a big-endian
    machine's keys are read as right as this one's."""
    from grundy.core.canon import _rows_of_certificate

    other = "big" if sys.byteorder == "little" else "little"
    for n, p in [(1, 0.5), (5, 0.5), (64, 0.3), (65, 0.3), (130, 0.1)]:
        g = Graph.from_networkx(nx.gnp_random_graph(n, p, seed=n))
        key = certificate(g.n, upper_lists(g.adj))
        swapped = b"".join(key[i : i + 8][::-1] for i in range(0, len(key), 8))
        assert _rows_of_certificate(swapped, other) == _rows_of_certificate(key, sys.byteorder) == _decode_plainly(key)
