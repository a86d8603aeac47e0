"""The other impartial rulesets on graphs, checked against the papers by
computing values from the positions (Harding-Ottaway; Mangang §Graph Nim),
and misère play against a plain brute force."""

from __future__ import annotations

import itertools
from functools import lru_cache

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy import Graph, Solver, analyze
from grundy.games.graphs.misere import MisereSolver
from grundy.games.octal import nim_sequence
from grundy.games.graphs.rulesets import RULESETS, get_ruleset

from helpers import value


def val(game: str, G: nx.Graph, solver: Solver | None = None) -> int:
    return value(Graph.from_networkx(G), solver or Solver(ruleset=game))


# -- brute force for any ruleset: mex over labelled options, no canon ---------


@lru_cache(maxsize=None)
def brute(game: str, adj: tuple[int, ...]) -> int:
    ruleset = get_ruleset(game)
    seen = {brute(game, ruleset.apply(adj, m)) for m in ruleset.moves(adj)}
    g = 0
    while g in seen:
        g += 1
    return g


@lru_cache(maxsize=None)
def brute_misere_n(game: str, adj: tuple[int, ...]) -> bool:
    ruleset = get_ruleset(game)
    options = [ruleset.apply(adj, m) for m in ruleset.moves(adj)]
    return not options or any(not brute_misere_n(game, o) for o in options)


ATLAS6 = [Graph.from_networkx(G) for G in nx.graph_atlas_g()[1:209]]  # 1..6 vertices


@pytest.mark.parametrize("game", [g for g in RULESETS if g != "chomp"])
def test_engine_equals_brute_force_up_to_6_vertices(game: str) -> None:
    s = Solver(ruleset=game)
    for g in ATLAS6:
        if game == "graph-nim" and g.m > 9:
            continue  # 2^deg options per vertex: brute force too slow
        assert value(g, s) == brute(game, g.adj), (game, g.edges())


@pytest.mark.parametrize("game", list(RULESETS))
def test_misere_equals_brute_force_up_to_5_vertices(game: str) -> None:
    s = MisereSolver(game)
    for g in ATLAS6:
        if g.n <= 5:
            assert s.is_n(g.adj) == brute_misere_n(game, g.adj), (game, g.edges())


def test_misere_differs_from_normal_play() -> None:
    """Misère is not normal play with outcomes swapped: a single vertex is
    N in normal Chomp and P in misère; two isolated vertices are P and N."""
    one, two = Graph.from_edges([0], []), Graph.from_edges([0, 1], [])
    assert analyze(one).outcome == "N" and analyze(two).outcome == "P"
    s = MisereSolver("chomp")
    assert (s.is_n(one.adj), s.is_n(two.adj)) == (False, True)


@settings(max_examples=30, deadline=None)
@given(st.sampled_from([g for g in RULESETS if g != "graph-nim"]), st.integers(2, 7), st.integers(0, 12), st.integers(0, 10**6))
def test_winning_moves_lead_to_zero(game: str, n: int, m: int, seed: int) -> None:
    g = Graph.from_networkx(nx.gnm_random_graph(n, min(m, n * (n - 1) // 2), seed=seed))
    a = analyze(g, game=game, option_table=True)
    assert a.value == brute(game, g.adj)
    assert a.options is not None
    assert a.winning_moves == [mv for mv, v in a.options if v == 0]
    assert a.value == min(set(range(len(a.options) + 1)) - {v for _, v in a.options})


# -- Graph Nim (Mangang) ------------------------------------------------------


def test_graph_nim_on_paths_is_kayles() -> None:
    kayles = nim_sequence("0.77", 20)
    s = Solver(ruleset="graph-nim")
    assert [val("graph-nim", nx.path_graph(m + 1), s) for m in range(21)] == kayles


def test_mangang_graph_nim_statements() -> None:
    s = Solver(ruleset="graph-nim")
    assert all(val("graph-nim", nx.path_graph(m + 1), s) > 0 for m in range(1, 16))  # paths: N
    assert all(val("graph-nim", nx.cycle_graph(n), s) == 0 for n in range(3, 16))  # 2-regular: P
    assert val("graph-nim", nx.complete_graph(4), s) > 0  # K_4: N


# -- Harding-Ottaway ------------------------------------------------------------


@pytest.mark.parametrize("n", range(1, 10))
def test_bo_bo_complete_graphs_corollary_2_2(n: int) -> None:
    assert val("bo-bo", nx.complete_graph(n)) == (1 if n % 4 == 2 else 0)


@pytest.mark.parametrize("n", range(1, 10))
def test_be_be_complete_graphs_corollary_3_1(n: int) -> None:
    assert val("be-be", nx.complete_graph(n)) == (1 if n % 4 == 3 else 0)


@pytest.mark.parametrize("a,b", [(a, b) for a in range(1, 6) for b in range(a, 6)])
def test_complete_bipartite_corollaries_2_3_and_3_2(a: int, b: int) -> None:
    K = nx.complete_bipartite_graph(a, b)
    assert val("bo-bo", K) == (1 if a % 2 and b % 2 else 0)
    assert val("be-be", K) == 0


def _maximal_matching_sizes(G: nx.Graph) -> set[int]:
    edges = list(G.edges())
    sizes = set()
    for r in range(len(edges) + 1):
        for subset in itertools.combinations(edges, r):
            used = [v for e in subset for v in e]
            if len(used) != len(set(used)):
                continue
            if all(u in used or v in used for u, v in edges):
                sizes.add(r)
    return sizes


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 7), st.integers(1, 12), st.integers(0, 10**6), st.sampled_from(["bo-bo", "be-be"]))
def test_theorem_2_1_equimatchable(n: int, m: int, seed: int, game: str) -> None:
    """If the subgraph induced by the playable-parity vertices is
    equimatchable with maximal matchings of size M, the value is M mod 2."""
    G = nx.gnm_random_graph(n, min(m, n * (n - 1) // 2), seed=seed)
    want_odd = game == "bo-bo"
    H = G.subgraph([v for v in G if G.degree(v) % 2 == want_odd])
    sizes = _maximal_matching_sizes(H)
    if len(sizes) == 1:
        assert val(game, G) == sizes.pop() % 2


@pytest.mark.parametrize("m", range(0, 30))
def test_be_be_on_paths_is_octal_0_4(m: int) -> None:
    """Lemma 3.3: BE/BE on a path with m edges is 0.4 on a heap of m."""
    assert val("be-be", nx.path_graph(m + 1)) == nim_sequence("0.4", 29)[m]


@pytest.mark.parametrize("n", range(3, 30))
def test_be_be_cycles_corollary_3_4(n: int) -> None:
    path_value = nim_sequence("0.4", 29)[n - 1]  # P_n: n vertices, n - 1 edges
    assert val("be-be", nx.cycle_graph(n)) == (1 if path_value == 0 else 0)


def _oe_tree(k: int, cache: dict[int, tuple[nx.Graph, int]]) -> tuple[nx.Graph, int]:
    """Harding-Ottaway Lemma 4.1's tree G_k and its one even-degree vertex."""
    if k in cache:
        return cache[k]
    if k == 0:
        G = nx.Graph()
        G.add_node(0)
        cache[0] = (G, 0)
        return cache[0]
    if k == 1:
        cache[1] = (nx.path_graph(3), 1)
        return cache[1]
    G = nx.Graph()
    v = 0
    G.add_node(v)
    parts = list(range(k)) + ([0] if k % 2 else [])
    for i in parts:
        sub, even = _oe_tree(i, cache)
        offset = G.number_of_nodes()
        G = nx.union(G, nx.relabel_nodes(sub, lambda x: x + offset))
        G.add_edge(v, even + offset)
    cache[k] = (G, v)
    return cache[k]


@pytest.mark.parametrize("k", range(0, 7))
def test_oe_oe_tree_construction_lemma_4_1(k: int) -> None:
    G, v = _oe_tree(k, {})
    assert [u for u in G if G.degree(u) % 2 == 0] == [v]
    assert val("oe-oe", G) == k


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 8), st.integers(1, 11), st.integers(0, 10**6))
def test_odd_vertex_on_line_graph_equals_oe_oe_corollary_4_2(n: int, m: int, seed: int) -> None:
    G = nx.gnm_random_graph(n, min(m, n * (n - 1) // 2), seed=seed)
    assert val("odd-vertex", nx.line_graph(G)) == val("oe-oe", G)


@pytest.mark.parametrize("k", range(0, 6))
def test_odd_vertex_on_line_graph_of_lemma_4_1_trees(k: int) -> None:
    G, _ = _oe_tree(k, {})
    assert val("odd-vertex", nx.line_graph(G)) == k
