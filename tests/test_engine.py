"""The engine against plain brute force: exhaustive on small graphs,
property-based on random ones."""

from __future__ import annotations

import random

import networkx as nx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from grundy import Graph, Solver, Theory, analyze
from grundy.games.graphs.bitset import components, full_mask

from brute import brute_graph_value
from helpers import all_moves, apply_move, pure_solver, value

ATLAS = [Graph.from_networkx(G) for G in nx.graph_atlas_g()[1:]]  # every graph on 1..7 vertices


def test_atlas_has_every_graph_up_to_7_vertices() -> None:
    counts = [sum(1 for g in ATLAS if g.n == k) for k in range(1, 8)]
    assert counts == [1, 2, 4, 11, 34, 156, 1044]


def test_pure_search_equals_brute_force_up_to_6_vertices() -> None:
    s = pure_solver()
    for g in ATLAS:
        if g.n <= 6:
            assert value(g, s) == brute_graph_value(g), g.edges()


def test_theory_equals_pure_search_on_every_graph_up_to_7_vertices() -> None:
    full, pure = Solver(), pure_solver()
    for g in ATLAS:
        assert value(g, full) == value(g, pure), g.edges()


@pytest.mark.parametrize("name", Theory.names())
def test_each_result_alone_equals_pure_search(name: str) -> None:
    alone, pure = Solver(Theory.only(name)), pure_solver()
    for g in ATLAS:
        assert value(g, alone) == value(g, pure), (name, g.edges())


def test_winning_moves_exhaustive_up_to_6_vertices() -> None:
    """Each reported winning move leads to value 0 and no other move does."""
    s = Solver()
    for g in ATLAS:
        if g.n > 6:
            continue
        a = analyze(g, solver=s)
        assert a.value == brute_graph_value(g)
        expected = [m for m in all_moves(g) if brute_graph_value(apply_move(g, m)) == 0]
        assert a.winning_moves == expected, g.edges()


@st.composite
def graphs(draw: st.DrawFn, max_n: int = 10, max_m: int = 14) -> Graph:
    """Random graphs G(n, m) with n <= max_n vertices and m <= max_m edges
    (pure search is exponential: 10 vertices and 14 edges take < 1 s)."""
    n = draw(st.integers(1, max_n))
    m = draw(st.integers(0, min(n * (n - 1) // 2, max_m)))
    seed = draw(st.integers(0, 2**32 - 1))
    return Graph.from_networkx(nx.gnm_random_graph(n, m, seed=seed))


PROPS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@PROPS
@given(graphs())
def test_theory_equals_pure_search_random(g: Graph) -> None:
    assert value(g, Solver()) == value(g, pure_solver())


@PROPS
@given(graphs(max_m=22))
def test_winning_moves_and_option_table(g: Graph) -> None:
    s = Solver()
    a = analyze(g, solver=s, option_table=True)
    assert a.options is not None
    for move, v in a.options:
        assert v == value(apply_move(g, move), s)
    assert a.winning_moves == [m for m, v in a.options if v == 0]
    assert a.value == min(set(range(len(a.options) + 1)) - {v for _, v in a.options})
    assert a.outcome == ("P" if a.value == 0 else "N")


def _asked(solver, method: str) -> list[int]:
    """Count the calls of ``solver.method`` from now on (a one-element list)."""
    calls = [0]
    real = getattr(solver, method)

    def counted(*args, **kwargs):
        calls[0] += 1
        return real(*args, **kwargs)

    setattr(solver, method, counted)
    return calls


@pytest.mark.parametrize("ruleset", ["chomp", "node-kayles", "arc-kayles", "graph-nim"])
def test_a_p_position_has_no_winning_move_and_none_is_sought(ruleset: str) -> None:
    """Every option of a P-position is N (the definition of P): its answer
    asks no option, where an N-position's asks some; with the option table
    every option is valued still, and none is a P-position."""
    from grundy.analysis import analyze_misere
    from grundy.games.graphs.misere import MisereSolver

    seen = {"P": 0, "N": 0}
    asked_for_n = 0  # the probe sees the moves loop: it asks on N-positions
    for g in ATLAS[::7]:
        s = Solver(ruleset=ruleset)
        asked = _asked(s, "is_p")
        a = analyze(g, solver=s)
        seen[a.outcome] += 1
        if a.outcome == "P":
            assert a.winning_moves == [] and asked[0] == 0, (ruleset, g.edges())
            table = analyze(g, solver=Solver(ruleset=ruleset), option_table=True)
            assert table.options is not None and all(v != 0 for _, v in table.options), (ruleset, g.edges())
            assert bool(table.options) == (g.m > 0 or (g.n > 0 and ruleset in ("chomp", "node-kayles"))), g.edges()
        else:
            assert a.winning_moves, (ruleset, g.edges())
            asked_for_n += asked[0]
        m = MisereSolver(ruleset)
        probes = _asked(m, "is_n")
        b = analyze_misere(g, m)
        if b.misere_outcome == "P":
            assert b.winning_moves == [] and probes[0] == 1, (ruleset, g.edges())
    assert seen["P"] and seen["N"] and asked_for_n, (seen, asked_for_n)


def test_a_p_position_is_answered_within_a_tight_limit() -> None:
    # the mirror argument values the 10 x 10 grid under Node Kayles at once (0); the
    # winning-move loop then searched every option until the limit stopped it (exit 3)
    from click.testing import CliRunner

    from grundy.cli import main

    got = CliRunner().invoke(main, ["value", "grid:10,10", "--game", "node-kayles", "--time-limit", "5", "--json"])
    assert got.exit_code == 0, got.output
    assert '"value": 0' in got.output and '"winning_moves": []' in got.output


@PROPS
@given(graphs(), st.randoms(use_true_random=False))
def test_relabelling_keeps_the_value(g: Graph, rnd: random.Random) -> None:
    perm = list(range(g.n))
    rnd.shuffle(perm)
    h = Graph.from_edges([f"v{perm[i]}" for i in range(g.n)], [(f"v{perm[i]}", f"v{perm[j]}") for i, j in g.edge_indices()])
    assert value(h, pure_solver()) == value(g, Solver())


@PROPS
@given(graphs(max_n=6), graphs(max_n=6))
def test_disjoint_union_is_the_nim_sum(g: Graph, h: Graph) -> None:
    union = Graph.from_networkx(nx.disjoint_union(g.to_networkx(), h.to_networkx()))
    assert value(union, Solver()) == value(g, pure_solver()) ^ value(h, pure_solver())


def test_isomorphic_components_cancel() -> None:
    c5 = nx.cycle_graph(5)
    c5.add_edge(0, 2)
    two = Graph.from_networkx(nx.disjoint_union(c5, c5))
    assert value(two, Solver()) == 0
    assert value(Graph.from_networkx(c5), Solver()) != 0


def test_components_split_masks() -> None:
    g = Graph.from_edges(range(5), [(0, 1), (3, 4)])
    assert components(g.adj, full_mask(5)) == [0b00011, 0b00100, 0b11000]


@pytest.mark.parametrize("first", ["options", "heap moves"])
@pytest.mark.parametrize("game", ["chomp", "node-kayles", "arc-kayles"])
def test_either_question_order_gives_the_brute_force_value(first: str, game: str) -> None:
    """Issue 28: "is C + *n a P-position?" may try its options or its heap
    moves first (Table.answers decides, by what answered more often); the
    value cannot depend on it. Each order forced from the start (the counts
    preset far apart), on random graphs of up to 8 vertices, against the
    brute force; the counts then record answers of the forced kind."""
    from brute import brute_ruleset_value

    s = Solver(ruleset=game)
    answers = s.table.answers
    for slot in range(0 if first == "options" else 1, len(answers), 2):
        answers[slot] = 10**12
    rng = random.Random(28)
    for _ in range(40):
        G = nx.gnp_random_graph(rng.randint(2, 8), rng.choice([0.3, 0.5, 0.7]), seed=rng.randrange(10**6))
        adj = tuple(sum(1 << w for w in G[v]) for v in range(G.number_of_nodes()))
        assert value(Graph.from_networkx(G), s) == brute_ruleset_value(game, adj), (game, first, list(G.edges))
    forced = sum(answers[0 if first == "options" else 1::2]) - 64 * 10**12
    assert forced > 0
