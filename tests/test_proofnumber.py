"""Proof-number search (grundy.core.proofnumber) against brute force: the
outcome it settles by growing a tree over budgeted searches is the outcome
of the plain mex rule, for complexes and graph rulesets, whatever the leaf
budget (a budget of one position makes the tree do nearly all the work)."""

from __future__ import annotations

import networkx as nx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from brute import brute_ruleset_value
from grundy import Solver
from grundy.core.proofnumber import INF, ProofNumberSearch
from grundy.errors import InputError, SearchLimitReached
from grundy.games.complexes import ComplexSolver, build_complex_family, remove_face
from grundy.games.graphs.graph import Graph
from test_complexes import brute, complexes


def _outcome(value: int) -> str:
    return "P" if value == 0 else "N"


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(complexes(max_vertices=6, max_facets=6), st.sampled_from([1, 2, 5, 50]))
def test_complexes_equal_brute_force(cx, leaf: int) -> None:
    solver = ComplexSolver()
    pns = ProofNumberSearch(solver, leaf_budget=leaf, unit="positions")
    assert pns.outcome(*solver.decompose(cx.facets)) == _outcome(brute(cx)), cx.facet_labels()


@pytest.mark.parametrize("game", ["chomp", "node-kayles", "arc-kayles", "oe-oe", "graph-nim"])
def test_atlas_graphs_equal_brute_force(game: str) -> None:
    """Every graph of the atlas on 1..6 vertices, one-position leaves."""
    for G in nx.graph_atlas_g()[1:209]:
        adj = Graph.from_networkx(G).adj
        solver = Solver(ruleset=game)
        got = ProofNumberSearch(solver, leaf_budget=1, unit="positions").outcome(*solver.decompose(adj))
        assert got == _outcome(brute_ruleset_value(game, adj)), (game, sorted(G.edges()))


def _gale_split(n: int, k: int | None, solver: ComplexSolver) -> tuple:
    facets = build_complex_family(f"simplex-boundary:{n}").facets
    return solver.decompose(facets if k is None else remove_face(facets, (1 << k) - 1))


def test_gale_6_grows_a_tree_and_records_its_answer() -> None:
    """Gale's game on six points is P (Gale; docs/results.md): with leaves of
    20 positions the tree is expanded many times, and the settled root is
    recorded in the table for a later search."""
    solver = ComplexSolver()
    split = _gale_split(6, None, solver)
    pns = ProofNumberSearch(solver, leaf_budget=20, unit="positions")
    assert pns.outcome(*split) == "P"
    assert pns.stats.expanded > 10 and pns.stats.leaf_searches > pns.stats.leaves_settled
    assert solver.known_outcome(*split)[0] == "P"
    assert pns.stats.root == (INF, 0)
    # the 3-set first move of Gale n = 6 loses (its reply is P): the same answer as is_p
    solver = ComplexSolver()
    split = _gale_split(6, 3, solver)
    assert ProofNumberSearch(solver, leaf_budget=5, unit="positions").outcome(*split) == "N"
    assert ComplexSolver().is_p(*_gale_split(6, 3, ComplexSolver())) is False


def test_same_tree_on_every_run() -> None:
    """Budgets in positions make the search deterministic."""
    stats = []
    for _ in range(2):
        solver = ComplexSolver()
        pns = ProofNumberSearch(solver, leaf_budget=10, unit="positions")
        pns.outcome(*_gale_split(6, 3, solver))
        pns.stats.leaf_seconds = 0.0  # wall time: the one thing that differs
        stats.append((pns.stats, solver.stats.positions))
    assert stats[0] == stats[1]


def test_a_shared_limit_stops_it_and_a_second_call_goes_on() -> None:
    solver = ComplexSolver(max_positions=300)
    split = _gale_split(6, None, solver)
    pns = ProofNumberSearch(solver, leaf_budget=20, unit="positions")
    with pytest.raises(SearchLimitReached):
        pns.outcome(*split)
    grown = pns.stats.expanded
    n_, p_, open_ = pns.root_options()
    assert p_ == 0 and open_ > 0 and n_ + open_ == len(pns.nodes[pns.root].children)  # Gale 6 is P: no P option
    assert solver.max_positions == 300  # the solver's own limit is restored
    solver.max_positions = None
    assert pns.outcome(*split) == "P"
    assert pns.stats.expanded > grown and pns.root_options() == (0, 0, 0)  # settled


def test_bad_parameters_are_refused() -> None:
    solver = ComplexSolver()
    for kwargs in ({"leaf_budget": 0}, {"leaf_budget": float("inf")}, {"growth": 0.5}, {"unit": "minutes"}):
        with pytest.raises(InputError):
            ProofNumberSearch(solver, **kwargs)


def test_benchmark_agrees_with_the_depth_first_search() -> None:
    """benchmarks/proof_numbers.py: every line of a position gives the same
    outcome, the depth-first one and each leaf budget's; a bad spec exits 2."""
    import re
    import subprocess
    import sys
    from pathlib import Path

    from grundy.readwrite.graphs import to_graph

    script = Path(__file__).resolve().parent.parent / "benchmarks" / "proof_numbers.py"
    done = subprocess.run([sys.executable, str(script), "gale:6,3", "random:7,0.5,3", "--leaf", "3", "50"],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    found = re.findall(r"^(\S+)\s.*?\s(P|N|stopped)\s+([\d,]+) positions", done.stdout, re.M)
    assert len(found) == 6, done.stdout
    truth = {"gale:6,3": "N", "random:7,0.5,3": _outcome(brute_ruleset_value("chomp", to_graph("random:7,0.5,3").adj))}
    for spec, verdict, positions in found:
        assert verdict == truth[spec], done.stdout
    assert int(found[0][2].replace(",", "")) > 0 and int(found[3][2].replace(",", "")) > 0  # both searched
    bad = subprocess.run([sys.executable, str(script), "nosuch:3"], capture_output=True, text=True, timeout=120)
    assert bad.returncode == 2 and "error:" in bad.stderr, bad.stderr
