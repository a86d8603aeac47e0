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

from grundy import Graph, Solver, Theory, analyze
from grundy.games.graphs.misere import MisereSolver
from grundy.games.octal import nim_sequence
from grundy.games.graphs.rulesets import RULESETS, get_ruleset

from brute import brute_ruleset_value
from helpers import value


def val(game: str, G: nx.Graph, solver: Solver | None = None) -> int:
    return value(Graph.from_networkx(G), solver or Solver(ruleset=game))


# -- brute force for any ruleset: mex over labelled options, no canon ---------


brute = brute_ruleset_value


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


# -- BO/BO and BE/BE are Arc Kayles on the odd / even vertices (docs/papers.md) --------
PARITY = {"bo-bo": 1, "be-be": 0}
ATLAS7 = [Graph.from_networkx(G) for G in nx.graph_atlas_g()[1:]]  # every graph on 1..7 vertices


def _induced(adj: tuple[int, ...], parity: int) -> tuple[int, ...]:
    """The subgraph induced by the vertices of degree ``parity`` (mod 2), renumbered."""
    keep = [v for v in range(len(adj)) if adj[v].bit_count() % 2 == parity]
    index = {v: i for i, v in enumerate(keep)}
    return tuple(sum(1 << index[w] for w in keep if adj[v] >> w & 1) for v in keep)


def _plain(game: str) -> Solver:
    """The ruleset searched by its own moves (the reduction off)."""
    return Solver(Theory(arc_kayles=False), ruleset=game)


@pytest.mark.parametrize("game", ["bo-bo", "be-be"])
def test_parity_games_are_arc_kayles_on_every_graph_up_to_7_vertices(game: str) -> None:
    """The reduction against the plain search of the ruleset and against
    brute force: every graph on at most 7 vertices (1,252 graphs), the
    value with the reduction, without it, and Arc Kayles's brute force on
    the induced subgraph; misère outcomes agree too (the game trees are
    the same), by brute force on at most 6 vertices."""
    on, off = Solver(ruleset=game), _plain(game)
    assert on.game.name == "graph:arc-kayles" and off.game.name == f"graph:{game}"
    for g in ATLAS7:
        reduced = _induced(g.adj, PARITY[game])
        got = value(g, on)
        assert got == value(g, off) == brute("arc-kayles", reduced), (game, g.edges())
        if g.n <= 6:
            assert got == brute(game, g.adj)
            assert brute_misere_n(game, g.adj) == brute_misere_n("arc-kayles", reduced), (game, g.edges())


@settings(max_examples=80, deadline=None)
@given(st.sampled_from(["bo-bo", "be-be"]), st.integers(2, 11), st.floats(0.1, 0.7), st.integers(0, 10**6))
def test_parity_games_reduced_equal_plain_search_on_random_graphs(game: str, n: int, p: float, seed: int) -> None:
    """Random graphs on up to 11 vertices: the reduced search gives the
    value of the plain search; and the options correspond one to one (each
    move of the ruleset, cut down to its vertices of that parity, is an Arc
    Kayles option of the cut-down graph, and every Arc Kayles option comes
    from one), compared as multisets of nauty keys."""
    from grundy.core.canon import certificate
    from grundy.games.graphs.bitset import upper_lists

    g = Graph.from_networkx(nx.gnp_random_graph(n, p, seed=seed))
    assert value(g, Solver(ruleset=game)) == value(g, _plain(game))
    ruleset, kayles = get_ruleset(game), get_ruleset("arc-kayles")

    def key(adj: tuple[int, ...]) -> bytes:
        return certificate(len(adj), upper_lists(adj))

    mine = sorted(key(_induced(ruleset.apply(g.adj, m), PARITY[game])) for m in ruleset.moves(g.adj))
    reduced = _induced(g.adj, PARITY[game])
    theirs = sorted(key(kayles.apply(reduced, m)) for m in kayles.moves(reduced))
    assert mine == theirs


@pytest.mark.parametrize("game", ["bo-bo", "be-be"])
def test_misere_parity_games_searched_as_arc_kayles(game: str) -> None:
    """Misère play uses the same reduction (the game trees are the same):
    every graph on at most 6 vertices against brute force, with and
    without it; the explanation says so, and ``--without arc_kayles``
    turns it off under ``--misere`` too."""
    from click.testing import CliRunner

    from grundy.cli import main

    on, off = MisereSolver(game), MisereSolver(game, Theory(arc_kayles=False))
    assert on.searched.name == "arc-kayles" and off.searched.name == game
    for g in ATLAS6:
        assert on.is_n(g.adj) == off.is_n(g.adj) == brute_misere_n(game, g.adj), (game, g.edges())
    runner = CliRunner()
    said = runner.invoke(main, ["value", "prism:5", "--game", game, "--misere"])
    unsaid = runner.invoke(main, ["value", "prism:5", "--game", game, "--misere", "--without", "arc_kayles"])
    assert said.exit_code == unsaid.exit_code == 0
    assert "Arc Kayles" in said.output and "Arc Kayles" not in unsaid.output
    with_it = runner.invoke(main, ["moves", "prism:5", "--game", game, "--misere", "--all"])
    without = runner.invoke(main, ["moves", "prism:5", "--game", game, "--misere", "--all", "--without", "arc_kayles"])
    assert with_it.exit_code == without.exit_code == 0
    table = [line for line in with_it.output.splitlines() if "->" in line]
    assert table and table == [line for line in without.output.splitlines() if "->" in line]


def test_arc_kayles_reduction_is_explained_and_switchable() -> None:
    """The explanation names the reduction; ``--without arc_kayles``
    (``Theory(arc_kayles=False)``) turns it off, and the CLI honours it."""
    from click.testing import CliRunner

    from grundy.cli import main

    a = analyze("wheel:8", game="bo-bo")
    assert any("Arc Kayles on its vertices of odd degree" in line for line in a.explanation)
    b = analyze("wheel:8", game="bo-bo", theory=Theory(arc_kayles=False))
    assert not any("Arc Kayles" in line for line in b.explanation) and b.value == a.value
    runner = CliRunner()
    on = runner.invoke(main, ["value", "petersen", "--game", "be-be"])
    off = runner.invoke(main, ["value", "petersen", "--game", "be-be", "--without", "arc_kayles"])
    assert on.exit_code == off.exit_code == 0
    assert "Arc Kayles" in on.output and "Arc Kayles" not in off.output
    assert "no-theory" not in on.output
    pure = runner.invoke(main, ["value", "petersen", "--game", "be-be", "--no-theory"])
    assert pure.exit_code == 0 and "Arc Kayles" not in pure.output


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 8), st.floats(0.1, 0.8), st.integers(0, 10**6))
def test_lemma_3_5_homomorphisms(n: int, p: float, seed: int) -> None:
    """Harding-Ottaway Lemma 3.5: a pendant vertex at every vertex turns
    BO/BO on G into BE/BE on the result; a pendant P_2 at every vertex turns
    BE/BE into BO/BO. Values by the plain search of each ruleset."""
    G = nx.gnp_random_graph(n, p, seed=seed)
    H1, H2 = G.copy(), G.copy()
    for v in list(G):
        H1.add_edge(v, ("leaf", v))
        H2.add_edges_from([(v, ("a", v)), (("a", v), ("b", v))])
    assert val("bo-bo", G, _plain("bo-bo")) == val("be-be", H1, _plain("be-be"))
    assert val("be-be", G, _plain("be-be")) == val("bo-bo", H2, _plain("bo-bo"))


def _joined_paths(lengths: list[int]) -> nx.Graph:
    """One end of a path on L vertices merged into vertex "c", for each L."""
    G = nx.Graph()
    for k, length in enumerate(lengths):
        nx.add_path(G, ["c"] + [(k, i) for i in range(length - 1)])
    return G


def _hub_options(G: nx.Graph) -> list[int]:
    s = Solver(ruleset="be-be")
    out = []
    for x in sorted(G["c"]):
        H = G.copy()
        H.remove_edge("c", x)
        out.append(val("be-be", H, s))
    return out


def test_conjecture_3_6_construction_as_printed_and_corrected() -> None:
    """Harding-Ottaway §3: joining P4, P5, P6, P7, P16, P17, P18, P32 at c
    should give options 0..7 at c (value >= *8). As printed the options
    at c miss 0 (P32 changes the nim-sum by 4, as P17 does); with P19 or
    P34 for P32 they are 0..7. The options are valued with the Arc Kayles
    reduction (proven above); the change each path makes, G(P_L) xor
    G(P_(L-1)), is recomputed from octal 0.4 (Lemma 3.3: P_n is a heap of
    n - 1), without the engine's search."""
    printed = [4, 5, 6, 7, 16, 17, 18, 32]
    assert sorted(_hub_options(_joined_paths(printed))) == [1, 2, 3, 3, 4, 5, 6, 7]
    for last in (19, 34):
        assert sorted(_hub_options(_joined_paths(printed[:-1] + [last]))) == list(range(8))
    heap = nim_sequence("0.4", 40)
    change = {n: heap[n - 1] ^ heap[n - 2] for n in printed + [19, 34]}
    assert sorted(change[n] for n in printed) == [0, 1, 2, 3, 4, 4, 5, 6]  # P32 repeats P17's 4; no 7
    assert sorted(change[n] for n in printed[:-1] + [19]) == list(range(8))


def test_a_spider_of_be_be_value_16() -> None:
    """Past the paper's *15: a centre with legs of 3, 37 and 38 vertices
    and one more leaf (80 vertices) has BE/BE value 16 (so every value up to
    16 occurs: a position has options of every value below its own)."""
    G = nx.Graph()
    for k, length in enumerate((3, 37, 38)):
        nx.add_path(G, ["r"] + [(k, i) for i in range(length)])
    G.add_edge("r", "leaf")
    assert G.number_of_nodes() == 80 and G.degree("r") == 4
    assert val("be-be", G) == 16


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


def test_parity_values_script() -> None:
    """``benchmarks/parity_values.py``: the construction as printed and
    corrected; small spiders; bad input is exit 2 with a message."""
    import subprocess
    import sys
    from pathlib import Path

    script = Path(__file__).resolve().parent.parent / "benchmarks" / "parity_values.py"
    done = subprocess.run([sys.executable, str(script), "construction"], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("printed:") and "covering [1, 2, 3, 4, 5, 6, 7]" in lines[0]
    assert lines[0].endswith("not shown to be at least 8")
    assert all(line.endswith("the value is at least 8") for line in lines[1:3])
    done = subprocess.run([sys.executable, str(script), "spiders", "--max-length", "6", "--at-least", "3",
                           "--confirm"], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    found = [line for line in done.stdout.splitlines() if line.startswith("value ")]
    assert found and "DISAGREE" not in done.stdout
    for line in found:  # each spider's value again, by the brute force above (labelled, no canon)
        legs = [int(x) for x in line.split("legs of ")[1].split(" vertices")[0].split(", ")]
        G = nx.Graph()
        for k, length in enumerate(legs):
            nx.add_path(G, ["r"] + [(k, i) for i in range(length)])
        G.add_edge("r", "leaf")
        assert int(line.split()[1].rstrip(":")) == brute("be-be", Graph.from_networkx(G).adj)
    for bad in (["spiders", "--max-length", "0"], ["spiders", "--at-least", "-1"], ["compare", "--time-limit", "0"],
                ["nonsense"]):
        done = subprocess.run([sys.executable, str(script), *bad], capture_output=True, text=True, timeout=60)
        assert done.returncode == 2 and "Traceback" not in done.stderr and "error" in done.stderr, bad
