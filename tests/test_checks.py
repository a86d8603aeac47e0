"""``grundy check``: the papers' tables and conjectures as computations
(:mod:`grundy.census.checks`, :mod:`grundy.cli.check`).

Khandhawit-Ye, *Chomp on Graphs and Subsets*: Table 4 / Theorems 4-5
(G_{m,k}), Appendix A Conjectures 1-3, Appendix B Theorem 6, Corollaries 2-3.
Magura-Pong-Cartee-Valakuzhy, *Chomp the Graph*: the table of graphs with a
single odd cycle (``cycle-killing``).
"""

from __future__ import annotations

import json
import sys

import networkx as nx
import pytest
from click.testing import CliRunner

from grundy.census import checks as C
from grundy.census.checks import common, khandhawit_ye, magura
from grundy.cli.check import check
from grundy.games.graphs.families import build_family
from grundy.errors import InputError
from grundy.readwrite.graphs import graph6_bitsets
from grundy.games.graphs.game import Solver
from grundy.games.graphs.theory import Theory


# -- an independent brute force: plain mex over every option, bitsets, memo --------
def brute_nim_value(adj: tuple[int, ...]) -> int:
    """Graph Chomp by definition: a position is (vertex mask, edge mask);
    an option deletes a vertex with its edges, or one edge. No theory, no
    canonical forms, no splitting into components."""
    n = len(adj)
    edges = [(i, j) for i in range(n) for j in range(i + 1, n) if adj[i] >> j & 1]
    incident = [sum(1 << e for e, (i, j) in enumerate(edges) if v in (i, j)) for v in range(n)]
    memo: dict[tuple[int, int], int] = {}

    def value(vmask: int, emask: int) -> int:
        key = (vmask, emask)
        if key in memo:
            return memo[key]
        seen = set()
        for v in range(n):
            if vmask >> v & 1:
                seen.add(value(vmask & ~(1 << v), emask & ~incident[v]))
        e = emask
        while e:
            low = e & -e
            seen.add(value(vmask, emask & ~low))
            e ^= low
        g = 0
        while g in seen:
            g += 1
        memo[key] = g
        return g

    return value((1 << n) - 1, (1 << len(edges)) - 1)


def _adj_of(g: nx.Graph) -> tuple[int, ...]:
    nodes = list(g)
    index = {v: i for i, v in enumerate(nodes)}
    adj = [0] * len(nodes)
    for u, v in g.edges():
        adj[index[u]] |= 1 << index[v]
        adj[index[v]] |= 1 << index[u]
    return tuple(adj)


def test_brute_force_sanity() -> None:
    # paths: Corollary 1 (trees), K_4: Lemma 1 (4 mod 3), C_5: 0
    assert [brute_nim_value(_adj_of(nx.path_graph(n))) for n in range(1, 6)] == [1, 2, 1, 2, 1]
    assert brute_nim_value(_adj_of(nx.complete_graph(4))) == 1
    assert brute_nim_value(_adj_of(nx.cycle_graph(5))) == 0


# -- gmk: Table 4 -------------------------------------------------------------------
def test_table4_computed_from_graphs_equals_the_paper() -> None:
    r = C.check_gmk(12)
    values = r.extra["values"]
    computed = tuple(tuple(values[m][k] for k in range(1, 13)) for m in range(1, 13))
    assert computed == C.PAPER_TABLE_4
    assert r.holds and r.counterexamples is None and r.verified_up_to == 24
    assert r.checked >= 13 * 13  # every cell was searched
    # Theorem 4 on the border: G_{m,0} is 3 / 0 by the parity of v = 4 + m
    assert [values[m][0] for m in range(1, 7)] == [3, 0, 3, 0, 3, 0]
    assert values[0][0] == 4


def test_table4_by_pure_search() -> None:
    """With every shortcut off (not even Theorems 1 and 3) the table is the same."""
    r = C.check_gmk(12, theory=Theory.none(), other_cycles=())
    assert "pure search" in r.theory
    values = r.extra["values"]
    assert tuple(tuple(values[m][k] for k in range(1, 13)) for m in range(1, 13)) == C.PAPER_TABLE_4


def test_gmk_values_agree_with_brute_force() -> None:
    for m, k in [(0, 0), (1, 0), (1, 1), (1, 2), (2, 2)]:
        adj = build_family(f"gmk:{m},{k}").adj
        s = Solver(Theory.none())
        assert s.value_of(*s.decompose(adj)) == brute_nim_value(adj)


def test_gmk_reports_a_wrong_claim(monkeypatch: pytest.MonkeyPatch) -> None:
    """The comparison can fail: a mistyped Table 4 cell is a counterexample."""
    table = [list(row) for row in C.PAPER_TABLE_4]
    table[1][2] = 7  # g_{2,3} is 6
    monkeypatch.setattr(khandhawit_ye, "PAPER_TABLE_4", tuple(map(tuple, table)))
    r = C.check_gmk(4, other_cycles=())
    assert not r.holds and r.counterexample_count == 1
    case = r.counterexamples[0]
    assert (case["name"], case["value"], case["claimed"], case["claim"]) == ("gmk:2,3", 6, 7, "Table 4")
    assert r.verified_up_to == 4  # m + k = 5 is the first bad anti-diagonal
    assert "6 (paper: 7)" in r.markdown()


# -- wheels: Conjecture 3 -----------------------------------------------------------
def test_wheels_equal_brute_force_for_small_n() -> None:
    r = C.check_wheels(7)
    got = {row[0]: row[2] for row in r.rows}
    want = {n: brute_nim_value(build_family(f"wheel:{n}").adj) for n in range(3, 8)}
    assert got == want
    assert r.holds and r.verified_up_to == 7


def test_wheels_default_and_odd_list() -> None:
    r = C.check_wheels()
    assert [row[0] for row in r.rows] == list(range(3, 16))
    assert r.extra["odd_verified"] == [n for n in (9, 11, 13, 15) if r.rows[n - 3][2] == 1]


# -- graph classes --------------------------------------------------------------------
def test_graph6_decoder_matches_networkx() -> None:
    for g in nx.graph_atlas_g()[1:300:3]:
        line = nx.to_graph6_bytes(g, header=False)
        assert graph6_bitsets(line) == _adj_of(nx.convert_node_labels_to_integers(g))
    for n, seed in ((0, 0), (1, 0), (62, 1), (63, 2), (100, 3)):  # the long vertex count from 63
        g = nx.gnp_random_graph(n, 0.3, seed=seed)
        assert graph6_bitsets(nx.to_graph6_bytes(g, header=False)) == _adj_of(g)


def test_graph6_decoder_is_the_readers_one() -> None:
    """Issue 29 item 4 / issue 31 item 3: the checks read geng's lines with
    the reader's checks: padding bits set or a wrong length are refused, as
    ``grundy value`` refuses them."""
    for bad in ("BF", "Bww", "B", "C~~~", "&Bw", ":Bw"):
        with pytest.raises(InputError, match="invalid graph6"):
            graph6_bitsets(bad)


def test_pseudotree_class_matches_networkx_atlas() -> None:
    atlas = [g for g in nx.graph_atlas_g()
             if 3 <= g.number_of_nodes() <= 7 and g.number_of_edges() == g.number_of_nodes()
             and nx.is_connected(g) and not nx.is_bipartite(g)]
    for n in range(3, 8):
        ours = [nx.from_graph6_bytes(line.strip()) for line, _ in C.pseudotrees(n)]
        theirs = [g for g in atlas if g.number_of_nodes() == n]
        assert len(ours) == len(theirs), n
        for g in ours:  # each class exactly once
            assert sum(nx.is_isomorphic(g, h) for h in theirs) == 1


def _simplest_by_networkx(g: nx.Graph) -> bool:
    """Definition 5 by brute force: no automorphism of order 2 swapping no edge."""
    for p in nx.algorithms.isomorphism.GraphMatcher(g, g).isomorphisms_iter():
        if all(p[p[v]] == v for v in g) and any(p[v] != v for v in g) and not any(
                p[u] == v for u, v in g.edges()):
            return False
    return True


def test_simplest_form_matches_brute_force() -> None:
    for n in range(3, 8):
        for line, adj in C.pseudotrees(n):
            g = nx.from_graph6_bytes(line.strip())
            assert C.in_simplest_form(adj) == _simplest_by_networkx(g), line
    assert not C.in_simplest_form(build_family("wheel:6").adj)
    assert C.in_simplest_form(build_family("gmk:1,2").adj)


def test_hairball_rules() -> None:
    tri_leaf = graph6_bitsets(nx.to_graph6_bytes(nx.Graph([(0, 1), (1, 2), (0, 2), (0, 3)]), header=False))
    assert C.hairball_claim(tri_leaf, C.cycle_mask(tri_leaf))[0] == 4  # G_{0,0}, rule 1 with k = 0
    g = nx.Graph([(0, 1), (1, 2), (0, 2), (0, 3), (0, 4), (4, 5)])  # tails 1 and 2 at one vertex
    adj = _adj_of(g)
    assert C.hairball_claim(adj, C.cycle_mask(adj))[0] == 4
    g.add_edges_from([(5, 6), (6, 7)])  # tails 1 and 4: v = 8, rule 2
    adj = _adj_of(g)
    assert C.hairball_claim(adj, C.cycle_mask(adj))[0] == 0
    assert brute_nim_value(adj) == 0


def test_class_checks_hold_at_small_sizes() -> None:
    for fn, size in [(C.check_hairballs, 9), (C.check_two_branch, 9), (C.check_pseudotree_mod4, 10),
                     (C.check_corollary_2, 9), (C.check_corollary_3, 10)]:
        r = fn(size)
        assert r.holds and r.verified_up_to == size, r.name
        assert r.checked > 0 and r.rows[-1][0] == size


def test_conjecture_1_mod4_counterexample_is_genuine() -> None:
    """The smallest counterexample to Conjecture 1's "in particular" found
    by ``grundy check pseudotree-mod4 --max-size 12``: confirmed by the
    plain brute force above, and shown to be in the conjecture's class."""
    r = C.check_pseudotree_mod4(12)
    assert r.verified_up_to == 11 and r.counterexample_count == 2
    case = r.counterexamples[0]
    adj = graph6_bitsets(case["graph6"])
    cyc = C.cycle_mask(adj)
    assert len(adj) == 12 and common._edges(adj) == 12 and cyc.bit_count() % 2 == 1
    assert sum(1 for v in range(12) if cyc >> v & 1 and adj[v].bit_count() >= 3) == 1
    assert C.in_simplest_form(adj) and _simplest_by_networkx(nx.from_graph6_bytes(case["graph6"].encode()))
    assert case["value"] % 4 == 1
    assert brute_nim_value(adj) == case["value"]


def test_tail_patterns() -> None:
    assert C.tail_pattern([4, 3, 0, 3, 0, 3, 0, 3]) == ("4n, 4n+3 alternating", 1)
    # Table 6 D of the paper: 10, 8, 12, 14, 12, 16, 18, 16 (row 1 from k = 5)
    assert C.tail_pattern([10, 8, 12, 14, 12, 16, 18, 16]) == ("Table 4 row 1", 0)
    assert C.tail_pattern([1, 2, 3, 4, 5, 6, 7]) is None
    # shapes outside the conjecture, named for unsettled sequences
    assert C.tail_pattern([6, 4, 6, 10, 9, 10, 9, 10, 9]) is None
    assert C.other_shape([6, 4, 6, 10, 9, 10, 9, 10, 9]) == "period 2: 10, 9"
    assert C.tail_pattern([7, 5, 7, 11, 9, 11, 15, 13]) is None
    assert C.other_shape([7, 5, 7, 11, 9, 11, 15, 13]) == "Table 4 row 2 plus 1"
    r = C.check_pseudotree_tails(6, tail_length=8)
    assert r.rows and all(not row[4].startswith("unsettled") for row in r.rows)
    assert all(len(row[3].split(", ")) == 9 for row in r.rows)
    with pytest.raises(C.InputError):
        C.check_pseudotree_tails(6, tail_length=2)


# -- Magura et al.: graphs with a single odd cycle -----------------------------------------------
def test_single_odd_cycle_class_matches_networkx_atlas() -> None:
    """The class of ``cycle-killing``: every graph on n <= 7 vertices whose
    only cycle is odd (tree components allowed), each isomorphism class once."""
    def in_class(g: nx.Graph) -> bool:
        cycles = nx.cycle_basis(g)
        return len(cycles) == 1 and len(cycles[0]) % 2 == 1

    for n in range(3, 8):
        ours = [nx.from_graph6_bytes(line.strip()) for line, _ in C.single_odd_cycle_graphs(n)]
        theirs = [g for g in nx.graph_atlas_g() if g.number_of_nodes() == n and in_class(g)]
        assert len(ours) == len(theirs) > 0, n
        for g in ours:
            assert sum(nx.is_isomorphic(g, h) for h in theirs) == 1


def test_cycle_class_columns() -> None:
    tri = _adj_of(nx.cycle_graph(3))  # every cycle vertex of degree 2
    assert C.cycle_class(tri, C.cycle_mask(tri)) == "E"
    g = nx.cycle_graph(3)
    g.add_edge(0, 3)  # one odd: M_E
    adj = _adj_of(g)
    assert C.cycle_class(adj, C.cycle_mask(adj)) == "M_E"
    g.add_edge(1, 4)  # two of three odd: one even, the rest odd
    adj = _adj_of(g)
    assert C.cycle_class(adj, C.cycle_mask(adj)) == "M_O"
    g.add_edge(2, 5)
    adj = _adj_of(g)
    assert C.cycle_class(adj, C.cycle_mask(adj)) == "O"
    g = nx.cycle_graph(5)
    g.add_edges_from([(0, 5), (1, 6)])  # two of five odd
    adj = _adj_of(g)
    assert C.cycle_class(adj, C.cycle_mask(adj)) == "M_M"


def test_cycle_killing_table_against_brute_force() -> None:
    """Each cell's N and P counts, recounted here with the plain brute force
    (no theory, no search engine) over the atlas graphs on at most 7
    vertices, equal the check's; the table holds there."""
    r = C.check_cycle_killing(7)
    assert r.holds and r.verified_up_to == 7
    counted: dict[tuple[str, str], list[int]] = {}
    for n in range(3, 8):
        for _line, adj in C.single_odd_cycle_graphs(n):
            e = common._edges(adj)
            cell = counted.setdefault((f"({e % 2}, {n % 2})", C.cycle_class(adj, C.cycle_mask(adj))), [0, 0])
            cell[brute_nim_value(adj) == 0] += 1
    for row in r.rows:
        n_count, p_count = counted.get((row[0], row[1]), [0, 0])
        assert (row[5], row[6]) == (n_count, p_count), row
        assert row[3] == n_count + p_count
    assert sum(row[3] for row in r.rows) == r.checked
    # row (1, 0) and (0, 1) graphs have tree components: none is connected
    assert all(row[4] == 0 for row in r.rows if row[0] in ("(1, 0)", "(0, 1)"))
    assert any(row[4] > 0 for row in r.rows if row[0] == "(1, 1)")


def test_cycle_killing_table_on_the_broad_reading() -> None:
    """The paper's words ("graphs that contain a single odd-cycle") also
    admit even cycles beside the odd one, which the check's class leaves
    out. On that broad class (exactly one odd cycle, any even cycles: 4
    vertices and up) over every graph on at most 7 vertices, the table's
    claims hold too, by the plain brute force; graphs with even cycles are
    among them."""
    def odd_cycles(g: nx.Graph) -> int:
        return sum(1 for c in nx.simple_cycles(g) if len(c) % 2 == 1)

    checked = with_even_cycles = 0
    for g in nx.graph_atlas_g()[1:]:
        if odd_cycles(g) != 1:
            continue
        adj = _adj_of(g)
        n, e = len(adj), common._edges(adj)
        odd = next(c for c in nx.simple_cycles(g) if len(c) % 2 == 1)
        mask = sum(1 << list(g).index(v) for v in odd)
        claimed = C.PAPER_CYCLE_TABLE[(e % 2, n % 2)][C.CYCLE_CLASSES.index(C.cycle_class(adj, mask))]
        checked += 1
        with_even_cycles += len(nx.cycle_basis(g)) > 1
        if claimed is not None:
            assert (brute_nim_value(adj) != 0) == (claimed == "N"), nx.to_graph6_bytes(g, header=False)
    # the rest, with no even cycle, are exactly the check's own class
    assert with_even_cycles > 0
    assert checked - with_even_cycles == sum(1 for n in range(3, 8) for _ in C.single_odd_cycle_graphs(n))


def test_cycle_killing_reports_a_wrong_claim(monkeypatch: pytest.MonkeyPatch) -> None:
    """A blank cell of mixed outcomes claimed N: the P-positions in it are
    counterexamples (each confirmed P by the brute force), exit 1."""
    table = dict(C.PAPER_CYCLE_TABLE)
    table[(1, 1)] = ("N", "N", "N", "N", "N")  # the paper leaves (1, 1) E blank
    monkeypatch.setattr(magura, "PAPER_CYCLE_TABLE", table)
    r = C.check_cycle_killing(7)
    assert not r.holds and r.counterexample_count > 0
    for case in r.counterexamples:
        adj = graph6_bitsets(case["graph6"])
        assert brute_nim_value(adj) == 0 == case["value"] and case["claimed"] == "N"
        assert C.cycle_class(adj, C.cycle_mask(adj)) == "E"
    res = _run("cycle-killing", "--bound", "7")
    assert res.exit_code == 1 and "COUNTEREXAMPLES" in res.output


def test_cycle_killing_fills_blank_cells() -> None:
    """The blank cells whose graphs all share one outcome are listed (an
    observation, not a claim): up to 9 vertices, (0, 0) O and M_O are P and
    (0, 1) O is N, each recounted from the rows."""
    r = C.check_cycle_killing(9)
    filled = {f.split(":")[0]: f.split(": ")[1].split()[0] for f in r.extra["filled"]}
    assert filled == {"(0, 1) O": "N", "(0, 0) O": "P", "(0, 0) M_O": "P"}
    rows = {(row[0], row[1]): row for row in r.rows}
    assert rows[("(0, 0)", "O")][5] == 0 < rows[("(0, 0)", "O")][6]
    assert rows[("(0, 0)", "E")][7] == "mixed"
    assert any("blank cells with one outcome" in note for note in r.notes)


# -- the command --------------------------------------------------------------------------
SMALL = {"gmk": 3, "wheels": 6, "pseudotree-mod4": 6, "pseudotree-tails": 5, "two-branch": 6,
         "hairballs": 6, "corollary-2": 6, "corollary-3": 6, "cycle-killing": 6}


def _run(*args: str):
    return CliRunner().invoke(check, list(args))


def test_every_check_is_in_the_small_table() -> None:
    assert set(SMALL) == set(C.CHECKS)


@pytest.mark.parametrize("name", sorted(SMALL))
def test_every_option_on_every_check(name: str, tmp_path) -> None:
    b = str(SMALL[name])
    extra = ["--tail-length", "6"] if name == "pseudotree-tails" else []
    res = _run(name, "--bound", b, *extra)
    assert res.exit_code == 0, res.output
    assert res.output.startswith(f"{name}: ")
    # --max-size is --bound
    assert _run(name, "--max-size", b, *extra).output == res.output
    # --json: one object
    res = _run(name, "--bound", b, "--json", *extra)
    assert res.exit_code == 0
    obj = json.loads(res.output)
    assert obj["check"] == name and obj["bound"] == int(b) and obj["holds"] is True
    # --markdown: the table
    res = _run(name, "--bound", b, "--markdown", *extra)
    assert res.exit_code == 0 and res.output.splitlines()[1].startswith("|---")
    # --no-theory: honoured
    res = _run(name, "--bound", b, "--no-theory", "--json", *extra)
    assert res.exit_code == 0 and json.loads(res.output)["theory"] == "pure search, no theory"
    # --picture: nothing to draw when the claim held, and it says so
    pic = tmp_path / "p.png"
    res = _run(name, "--bound", b, "--picture", str(pic), *extra)
    assert res.exit_code == 0 and "not written" in res.output and not pic.exists()
    # --plot: gmk only
    plot = tmp_path / "h.png"
    res = _run(name, "--bound", b, "--plot", str(plot), *extra)
    if name == "gmk":
        assert res.exit_code == 0 and plot.stat().st_size > 0
    else:
        assert res.exit_code == 2 and "--plot" in res.output and name in res.output and not plot.exists()
    # --tail-length: pseudotree-tails only
    res = _run(name, "--bound", b, "--tail-length", "7", "--json")
    if name == "pseudotree-tails":
        rows = json.loads(res.output)["rows"]
        assert res.exit_code == 0 and all(len(r[3].split(", ")) == 8 for r in rows)
    else:
        assert res.exit_code == 2 and "--tail-length" in res.output and name in res.output
    # --max-positions / --time-limit: accepted; a tiny position limit stops a search (exit 3)
    res = _run(name, "--bound", b, "--time-limit", "60", *extra)
    assert res.exit_code == 0
    res = _run(name, "--bound", b, "--max-positions", "1", "--no-theory", *extra)
    assert res.exit_code == 3 and "stopped" in res.output


def test_counterexample_exit_code_and_picture(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:
    table = [list(row) for row in C.PAPER_TABLE_4]
    table[0][0] = 5
    monkeypatch.setattr(khandhawit_ye, "PAPER_TABLE_4", tuple(map(tuple, table)))
    pic = tmp_path / "ce.png"
    res = _run("gmk", "--bound", "2", "--picture", str(pic))
    assert res.exit_code == 1 and "COUNTEREXAMPLES: 1" in res.output and "gmk:1,1" in res.output
    assert pic.stat().st_size > 0


def test_time_limit_stops_wheels() -> None:
    res = _run("wheels", "--bound", "40", "--time-limit", "0.2", "--json")
    assert res.exit_code == 3
    obj = json.loads(res.output.splitlines()[0])
    assert obj["stopped"].startswith("time limit") and obj["rows"]


def test_bad_inputs(monkeypatch: pytest.MonkeyPatch) -> None:
    res = _run("nonsense")
    assert res.exit_code == 2 and res.output.count("\n") == 1
    assert all(n in res.output for n in C.CHECKS)
    for args in (["gmk", "--bound", "-1"], ["wheels", "--bound", "2"], ["hairballs", "--max-size", "-5"],
                 ["gmk", "--bound", "x"], ["gmk", "--json", "--markdown"], ["gmk", "--frobnicate"]):
        res = _run(*args)
        assert res.exit_code == 2 and res.output.startswith("grundy: error:") and res.output.count("\n") == 1, args
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # as if grundy[plot] were not installed
    for option in ("--plot", "--picture"):
        res = _run("gmk", "--bound", "2", option, "x.png")
        assert res.exit_code == 2 and "matplotlib" in res.output and res.output.count("\n") == 1
    with pytest.raises(C.InputError, match="valid checks"):
        C.run_check("nope")


def test_time_limit_stops_the_making_and_filtering_of_graphs() -> None:
    # geng made 890,648 graphs for corollary-3 at 18 vertices (3.7 s), nearly all
    # filtered out before any search, with no check of the clock: --time-limit 0.3
    # ended after about 3 s
    import time

    from grundy.census.geng import find_geng

    if find_geng() is None:  # pragma: no cover - CI installs nauty
        pytest.skip("no geng: 18 vertices are past the atlas")
    t0 = time.perf_counter()
    res = C.check_corollary_3(18, time_limit=0.3)
    elapsed = time.perf_counter() - t0
    assert res.stopped == "time limit 0.3 s"
    assert elapsed < 2.0, elapsed


def test_geng_stops_at_its_timeout() -> None:
    import subprocess

    from grundy.census.geng import GraphClass, find_geng, generate

    if find_geng() is None:  # pragma: no cover - CI installs nauty
        pytest.skip("no geng")
    with pytest.raises(subprocess.TimeoutExpired):
        generate(18, GraphClass(connected=True, max_degree=3), edges=(19, 19), timeout=0.05)
