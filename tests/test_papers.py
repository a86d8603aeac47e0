"""The papers' statements, checked by computing values from the graphs.

Values here come from search with at most the value-preserving reductions
(false twins, involutions, cancelling pairs), which test_engine.py proves
equal to plain search; no closed form is consulted, so a wrong formula in the
papers or in grundy.games.graphs.formulas would make these tests fail.
"""

from __future__ import annotations

import itertools
import random

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy import Graph
from grundy.games.graphs.formulas import (
    bipartite_value,
    complete_multipartite_value,
    complete_value,
    forest_value,
    gmk_value,
)

from helpers import pure_solver, reductions_only, value

SOLVER = reductions_only()


def v(G: nx.Graph) -> int:
    return value(Graph.from_networkx(G), SOLVER)


# -- Khandhawit-Ye Theorem 3 / Table 2: bipartite graphs -------------------


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 6), st.integers(1, 6), st.floats(0.1, 0.9), st.integers(0, 10**6))
def test_bipartite_table_2(a: int, b: int, p: float, seed: int) -> None:
    G = nx.bipartite.random_graph(a, b, p, seed=seed)
    assert v(G) == bipartite_value(G.number_of_nodes(), G.number_of_edges())


def test_bipartite_table_2_each_parity_class() -> None:
    # one example per row of Table 2: (v, e) = (even, even) 0, (odd, even) 1, (even, odd) 2, (odd, odd) 3
    examples = [nx.cycle_graph(4), nx.path_graph(3), nx.path_graph(2), nx.star_graph(2).copy()]
    examples[3].add_edge(3, 4)  # P3 + K2: v = 5, e = 3
    assert [v(G) for G in examples] == [0, 1, 2, 3]


# -- Forests: Draisma-van Rijnswou Theorem 2 --------------------------------


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(1, 6), min_size=1, max_size=3), st.integers(0, 10**6))
def test_forests(sizes: list[int], seed: int) -> None:
    F = nx.Graph()
    for k, size in enumerate(sizes):
        T = nx.random_labeled_tree(size, seed=seed + k) if size > 1 else nx.empty_graph(1)
        F = nx.disjoint_union(F, T)
    assert v(F) == forest_value(F.number_of_nodes(), len(sizes))


@pytest.mark.parametrize("n", range(1, 15))
def test_paths(n: int) -> None:
    assert v(nx.path_graph(n)) == (1 if n % 2 else 2)


@pytest.mark.parametrize("legs", [(1,), (2, 0, 1), (1, 1, 1, 1), (3, 0, 2), (0, 2, 2, 0, 1)])
def test_caterpillars(legs: tuple[int, ...]) -> None:
    G = nx.path_graph(len(legs))
    nxt = len(legs)
    for i, k in enumerate(legs):
        for _ in range(k):
            G.add_edge(i, nxt)
            nxt += 1
    assert v(G) == forest_value(G.number_of_nodes(), 1)


# -- Complete and complete multipartite graphs ------------------------------


@pytest.mark.parametrize("n", range(1, 13))
def test_complete_graphs_n_mod_3(n: int) -> None:
    assert v(nx.complete_graph(n)) == complete_value(n) == n % 3


def test_complete_graphs_pure_search() -> None:
    s = pure_solver()
    assert [value(Graph.from_networkx(nx.complete_graph(n)), s) for n in range(1, 9)] == [
        n % 3 for n in range(1, 9)
    ]


@pytest.mark.parametrize(
    "parts", [(2, 1), (2, 2), (3, 2), (3, 3), (3, 2, 1), (3, 3, 3), (4, 3, 2, 1), (2, 2, 2, 2), (5, 1, 1, 1)]
)
def test_complete_multipartite_theorem_2(parts: tuple[int, ...]) -> None:
    G = nx.complete_multipartite_graph(*parts)
    assert v(G) == complete_multipartite_value(parts)


def test_complete_multipartite_pure_search() -> None:
    s = pure_solver()
    for parts in [(2, 1), (2, 2), (3, 2), (2, 2, 1), (3, 1, 1)]:
        G = Graph.from_networkx(nx.complete_multipartite_graph(*parts))
        assert value(G, s) == complete_multipartite_value(parts)


# -- Cycles and wheels ------------------------------------------------------


@pytest.mark.parametrize("n", range(3, 15))
def test_cycles_have_value_0(n: int) -> None:
    assert v(nx.cycle_graph(n)) == 0


@pytest.mark.parametrize("n", range(3, 10))
def test_wheels_value_1(n: int) -> None:
    """Khandhawit-Ye Conjecture 3 for W_3..W_9 (proven for even n)."""
    assert v(nx.wheel_graph(n + 1)) == 1


def test_small_wheels_pure_search() -> None:
    s = pure_solver()
    assert [value(Graph.from_networkx(nx.wheel_graph(n + 1)), s) for n in range(3, 7)] == [1] * 4


# -- Khandhawit-Ye Theorem 5: the pseudotree G_{m,k} -------------------------


def gmk(m: int, k: int, c: int = 3) -> nx.Graph:
    """Odd cycle 0..c-1, A = 0 joined to B, B carrying an m-tail and a k-tail."""
    G = nx.cycle_graph(c)
    b = c
    G.add_edge(0, b)
    nxt = b + 1
    for length in (m, k):
        prev = b
        for _ in range(length):
            G.add_edge(prev, nxt)
            prev = nxt
            nxt += 1
    return G


def test_gmk_block_pattern_theorem_5() -> None:
    """The 4n-blocks for m, k <= 9: values of the graphs, compared with the
    theorem's pattern, and the table is symmetric."""
    table = {(m, k): v(gmk(m, k)) for m in range(1, 10) for k in range(1, 10)}
    for (m, k), val in table.items():
        a, i = divmod(m - 1, 3)
        b, j = divmod(k - 1, 3)
        n = (a ^ b) + 1
        assert val == (4 * n + 2 if (i + j) % 2 else 4 * n), (m, k)
        assert val == gmk_value(m, k) == table[(k, m)]


@pytest.mark.parametrize("m,k", [(1, 1), (2, 3), (4, 4), (5, 2)])
def test_gmk_does_not_depend_on_cycle_length(m: int, k: int) -> None:
    assert v(gmk(m, k, 5)) == v(gmk(m, k, 3)) == v(gmk(m, k, 7))


# -- Khandhawit-Ye Theorem 6: hairballs, Corollaries 2 and 3 -------------------


def hairball(c: int, tails: list[tuple[int, int]]) -> nx.Graph:
    """Odd cycle 0..c-1 with tails (cycle vertex, length >= 1)."""
    G = nx.cycle_graph(c)
    nxt = c
    for p, length in tails:
        prev = p
        for _ in range(length):
            G.add_edge(prev, nxt)
            prev = nxt
            nxt += 1
    return G


def in_simplest_form(G: nx.Graph) -> bool:
    """No involutive automorphism other than the identity swaps no edge
    (Khandhawit-Ye Definition 5): found by listing all automorphisms."""
    matcher = nx.algorithms.isomorphism.GraphMatcher(G, G)
    for tau in matcher.isomorphisms_iter():
        if all(tau[u] == u for u in G):
            continue
        if all(tau[tau[u]] == u for u in G) and not any(tau[u] == w for u, w in G.edges()):
            return False
    return True


def theorem_6(c: int, tails: list[tuple[int, int]]) -> int:
    nv = c + sum(length for _, length in tails)
    if nv % 2:
        return 3
    at = {p for p, _ in tails}
    if len(at) == 1:
        lengths = sorted(length for _, length in tails)
        if lengths == [1] or (len(lengths) == 2 and lengths[1] == lengths[0] + 1):
            return 4
    return 0


def test_hairballs_theorem_6() -> None:
    rnd = random.Random(2026)
    checked = 0
    for _ in range(400):
        c = rnd.choice([3, 5, 7])
        tails = [(rnd.randrange(c), rnd.randint(1, 4)) for _ in range(rnd.randint(1, 3))]
        G = hairball(c, tails)
        if G.number_of_nodes() > 16 or not in_simplest_form(G):
            continue
        assert v(G) == theorem_6(c, tails), (c, tails)
        checked += 1
    assert checked >= 100


def test_hairball_base_cases() -> None:
    assert v(hairball(3, [(0, 1)])) == 4
    assert v(hairball(5, [(0, 2)])) == 3
    assert v(hairball(3, [(0, 1), (1, 1)])) == 3


@pytest.mark.parametrize("a,b", list(itertools.combinations_with_replacement(range(3, 8), 2)))
def test_two_cycles_joined_at_a_vertex_corollary_2(a: int, b: int) -> None:
    G = nx.cycle_graph(a)
    prev = 0
    for k in range(b - 1):
        G.add_edge(prev, a + k)
        prev = a + k
    G.add_edge(prev, 0)
    assert v(G) == 1


@pytest.mark.parametrize(
    "c,gap,path", [(4, 2, 1), (5, 2, 1), (5, 2, 3), (6, 3, 2), (7, 3, 1), (7, 2, 4), (8, 4, 3), (9, 4, 2)]
)
def test_theta_graphs_corollary_3(c: int, gap: int, path: int) -> None:
    """A cycle C_c plus a path of ``path`` edges between vertices 0 and ``gap``."""
    G = nx.cycle_graph(c)
    prev = 0
    for k in range(path - 1):
        G.add_edge(prev, c + k)
        prev = c + k
    G.add_edge(prev, gap)
    assert v(G) == (1 if G.number_of_nodes() % 2 else 2)


# -- Magura-Pong-Cartee-Valakuzhy: the Identical Subgraph Theorem ---------------
def reducible(h3: nx.Graph, h1: nx.Graph, links: list[tuple[int, int]]) -> nx.Graph:
    """Magura et al.'s reducible graph: H_3 (vertices ("c", x)), H_1 (("a", y))
    and its copy H_2 (("b", y)), no edge between H_1 and H_2, and H_3 joined
    to both alike: each link (x, y) is the edges x - a_y and x - b_y."""
    G = nx.Graph()
    G.add_nodes_from(("c", x) for x in h3)
    G.add_edges_from((("c", x), ("c", z)) for x, z in h3.edges())
    for side in "ab":
        G.add_nodes_from((side, y) for y in h1)
        G.add_edges_from(((side, y), (side, z)) for y, z in h1.edges())
        G.add_edges_from((("c", x), (side, y)) for x, y in links)
    return G


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 4), st.integers(1, 3), st.floats(0.0, 1.0), st.integers(0, 10**6))
def test_identical_subgraph_theorem(c: int, a: int, p: float, seed: int) -> None:
    """The Identical Subgraph Theorem (Magura et al.): a reducible graph has
    the outcome of H_3. By pure search (no theorem, no reduction: not even
    Khandhawit-Ye Theorem 1, of which it is the case "swap H_1 and H_2"),
    the nim-values agree too."""
    rng = random.Random(seed)
    h3, h1 = nx.gnp_random_graph(c, p, seed=rng.randrange(10**6)), nx.gnp_random_graph(a, p, seed=rng.randrange(10**6))
    links = [(x, y) for x in h3 for y in h1 if rng.random() < p]
    G = reducible(h3, h1, links)
    pure = pure_solver()
    got, want = value(Graph.from_networkx(G), pure), value(Graph.from_networkx(h3), pure)
    assert (got == 0) == (want == 0)
    assert got == want


def test_identical_subgraph_theorem_needs_no_edge_between_the_copies() -> None:
    """With an edge joining H_1 to its copy H_2 the graph is not reducible,
    and the claim fails: H_1 = one vertex, H_3 empty gives K_2 (value 2, N)
    against the empty graph (P)."""
    G = reducible(nx.Graph(), nx.empty_graph(1), [])
    G.add_edge(("a", 0), ("b", 0))
    assert v(G) == 2 and value(Graph.from_networkx(nx.Graph()), SOLVER) == 0
