"""Named families: structure, sizes, parameter errors and closed-form plumbing.

Nim-values are not searched here; closed forms are checked against the
formula functions and against structural facts of the built graphs
(bipartite, tree, vertex and edge counts) that the formulas rely on.
"""

from __future__ import annotations

import dataclasses
import itertools
import re
import time

import networkx as nx
import pytest

from grundy.games.graphs import families
from grundy.errors import InputError, TooLargeError
from grundy.games.graphs.families import (
    FAMILIES,
    build_family,
    check_size,
    close_family_names,
    did_you_mean,
    family_closed_form,
    family_size,
    is_family_spec,
    list_families,
    parse_family,
)
from grundy.games.graphs.formulas import (
    BIPARTITE_SOURCE,
    COMPLETE_SOURCE,
    FOREST_SOURCE,
    GMK_SOURCE,
    MULTIPARTITE_SOURCE,
    bipartite_value,
    complete_multipartite_value,
    complete_value,
    forest_value,
    gmk_value,
    plural,
)
from grundy.games.graphs.theory import Theory, classify
from grundy.readwrite.graphs import load

# Specs covering every family, with small and edge-case parameters.
SPECS = [
    "path:1", "path:2", "path:7",
    "cycle:3", "cycle:4", "cycle:9",
    "complete:1", "complete:2", "complete:6",
    "multipartite:1", "multipartite:3", "multipartite:2,3", "multipartite:1,1,1,1", "multipartite:1,2,3,4",
    "wheel:3", "wheel:4", "wheel:7", "wheel:10",
    "star:1", "star:5",
    "grid:1,1", "grid:1,5", "grid:3,4", "grid:4,3",
    "hypercube:0", "hypercube:1", "hypercube:3", "hypercube:5",
    "petersen", "dodecahedron",
    "prism:3", "prism:4", "prism:7",
    "empty:0", "empty:1", "empty:6",
    "caterpillar:0", "caterpillar:3", "caterpillar:1,0,2", "caterpillar:0,0,0,0",
    "spider:1", "spider:2,1", "spider:3,37,38,1",
    "gmk:0,0", "gmk:1,1", "gmk:2,5", "gmk:3,0,7", "gmk:4,2,5",
    "tailed-cycle:3", "tailed-cycle:5,0=1", "tailed-cycle:6,0=2,0=3,4=1", "tailed-cycle:7,1=4,6=1,6=1",
    "random:0,0.5,1", "random:12,0.3,7", "random:9,1,3", "random:9,0,3",
]


def nx_of(spec: str) -> nx.Graph:
    return build_family(spec).to_networkx()


# -- registry ------------------------------------------------------------------
def test_every_family_is_covered_by_the_specs():
    assert {parse_family(s)[0].name for s in SPECS} == set(FAMILIES)


def test_list_families_describes_each_family():
    listed = list_families()
    assert [f.name for f in listed] == list(FAMILIES)
    for f in listed:
        assert f.definition and f.requires
        assert f.syntax == (f"{f.name}:{f.params}" if f.params else f.name)
    assert FAMILIES["grid"].syntax == "grid:m,n"
    assert FAMILIES["petersen"].syntax == "petersen"


def test_is_family_spec():
    assert is_family_spec("wheel:9")
    assert is_family_spec(" petersen ")
    assert is_family_spec("wheel:x")  # a family, with bad parameters
    assert is_family_spec("tailed-cycle:5,0=1")
    assert not is_family_spec("wheell:9")
    assert not is_family_spec("Bw")
    assert not is_family_spec(":Fa@x^")
    assert not is_family_spec("")


# -- sizes -------------------------------------------------------------------
@pytest.mark.parametrize("spec", SPECS)
def test_size_function_matches_built_graph(spec):
    g = build_family(spec)
    v, e = family_size(spec)
    assert v == g.n
    assert e == (None if spec.startswith("random") else g.m)


def test_sizes_for_many_parameters():
    specs = [f"{name}:{n}" for name in ("path", "complete", "star", "empty") for n in range(1, 12)]
    specs += [f"{name}:{n}" for name in ("cycle", "wheel", "prism") for n in range(3, 14)]
    specs += [f"grid:{m},{n}" for m, n in itertools.product(range(1, 6), repeat=2)]
    specs += [f"hypercube:{d}" for d in range(8)]
    specs += [f"multipartite:{','.join(map(str, p))}" for p in itertools.product(range(1, 4), repeat=3)]
    specs += [f"caterpillar:{','.join(map(str, p))}" for p in itertools.product(range(3), repeat=3)]
    specs += [f"spider:{','.join(map(str, p))}" for p in itertools.product(range(1, 4), repeat=3)]
    specs += [f"gmk:{m},{k},{c}" for m in range(4) for k in range(4) for c in (3, 5, 9)]
    specs += [f"tailed-cycle:{c},0={a},{c - 1}={b}" for c in (3, 4, 5) for a in (1, 3) for b in (1, 2)]
    for spec in specs:
        g = build_family(spec)
        assert family_size(spec) == (g.n, g.m), spec


@pytest.mark.parametrize(
    "spec, expected",
    [
        ("path:6", (6, 5)),
        ("cycle:6", (6, 6)),
        ("complete:7", (7, 21)),
        ("multipartite:2,3,4", (9, 6 + 8 + 12)),
        ("wheel:6", (7, 12)),
        ("star:6", (7, 6)),
        ("grid:3,5", (15, 3 * 4 + 5 * 2)),
        ("hypercube:4", (16, 32)),
        ("petersen", (10, 15)),
        ("dodecahedron", (20, 30)),
        ("prism:5", (10, 15)),
        ("empty:4", (4, 0)),
        ("caterpillar:2,0,1", (6, 5)),
        ("spider:3,37,38,1", (80, 79)),
        ("gmk:2,3", (3 + 1 + 2 + 3, 3 + 1 + 2 + 3)),
        ("gmk:2,3,7", (7 + 1 + 2 + 3, 7 + 1 + 2 + 3)),
        ("tailed-cycle:5,0=2,0=1,3=4", (12, 12)),
    ],
)
def test_sizes_against_hand_counts(spec, expected):
    g = build_family(spec)
    assert (g.n, g.m) == expected


# -- structure against networkx / independent constructions ---------------------
@pytest.mark.parametrize(
    "spec, reference",
    [
        ("path:5", nx.path_graph(5)),
        ("cycle:7", nx.cycle_graph(7)),
        ("complete:5", nx.complete_graph(5)),
        ("multipartite:1,2,3", nx.complete_multipartite_graph(1, 2, 3)),
        ("wheel:6", nx.wheel_graph(7)),
        ("star:4", nx.star_graph(4)),
        ("grid:3,4", nx.grid_2d_graph(3, 4)),
        ("hypercube:4", nx.hypercube_graph(4)),
        ("dodecahedron", nx.dodecahedral_graph()),
        ("prism:5", nx.circular_ladder_graph(5)),
        ("empty:3", nx.empty_graph(3)),
        # Petersen graph = Kneser graph K(5, 2): an independent construction.
        ("petersen", nx.kneser_graph(5, 2)),
    ],
)
def test_isomorphic_to_reference(spec, reference):
    assert nx.is_isomorphic(nx_of(spec), reference)


def test_labels_follow_the_definitions():
    assert build_family("path:4").edges() == [(0, 1), (1, 2), (2, 3)]
    assert build_family("grid:2,2").labels == ((0, 0), (0, 1), (1, 0), (1, 1))
    assert set(build_family("star:3").edges()) == {(0, 1), (0, 2), (0, 3)}
    cube = build_family("hypercube:3")
    assert cube.labels == tuple(range(8))
    assert all(bin(u ^ v).count("1") == 1 for u, v in cube.edges())
    prism = build_family("prism:4").to_networkx()
    assert all(prism.has_edge(i, i + 4) for i in range(4))
    parts = build_family("multipartite:2,1").to_networkx()
    assert not parts.has_edge(0, 1) and parts.has_edge(0, 2) and parts.has_edge(1, 2)


@pytest.mark.parametrize("n", range(3, 12))
def test_wheel_structure(n):
    G = nx_of(f"wheel:{n}")
    assert G.degree(0) == n
    assert all(G.degree(v) == 3 for v in range(1, n + 1))
    rim = G.subgraph(range(1, n + 1))
    assert nx.is_isomorphic(rim, nx.cycle_graph(n))
    assert all(rim.has_edge(i, i % n + 1) for i in range(1, n + 1))


@pytest.mark.parametrize("m, k, c", [(0, 0, 3), (1, 1, 3), (2, 5, 3), (3, 0, 5), (4, 2, 7), (1, 6, 9)])
def test_gmk_structure(m, k, c):
    g = build_family(f"gmk:{m},{k},{c}")
    G = g.to_networkx()
    cycles = nx.cycle_basis(G)
    assert len(cycles) == 1 and sorted(cycles[0]) == list(range(c))
    assert not nx.is_bipartite(G)
    A, B = 0, c
    assert G.degree(A) == 3 and G.has_edge(A, B)
    assert all(G.degree(v) == 2 for v in range(1, c))
    assert G.degree(B) == 1 + (m > 0) + (k > 0)
    # Off the cycle and off B: the two tails, as paths of m and k vertices.
    tails = G.subgraph(set(G) - set(range(c + 1)))
    lengths = sorted(len(comp) for comp in nx.connected_components(tails))
    assert lengths == sorted(x for x in (m, k) if x)
    for comp in nx.connected_components(tails):
        T = tails.subgraph(comp)
        assert nx.is_isomorphic(T, nx.path_graph(len(comp)))
    # Tail vertices are numbered outward from B.
    assert all(G.has_edge(v, v + 1) for v in range(c + 1, c + m))
    if m:
        assert G.has_edge(B, c + 1)
    if k:
        assert G.has_edge(B, c + m + 1)


@pytest.mark.parametrize(
    "spec, c, tails",
    [
        ("tailed-cycle:3", 3, []),
        ("tailed-cycle:5,0=1", 5, [(0, 1)]),
        ("tailed-cycle:6,0=2,0=3,4=1", 6, [(0, 2), (0, 3), (4, 1)]),
        ("tailed-cycle:7,1=4,6=1,6=1", 7, [(1, 4), (6, 1), (6, 1)]),
    ],
)
def test_tailed_cycle_structure(spec, c, tails):
    G = nx_of(spec)
    cycles = nx.cycle_basis(G)
    assert len(cycles) == 1 and sorted(cycles[0]) == list(range(c))
    assert nx.is_bipartite(G) == (c % 2 == 0)
    for p in range(c):
        assert G.degree(p) == 2 + sum(1 for q, _ in tails if q == p)
    # Off the cycle every vertex has degree <= 2 (a hairball) and each tail is
    # a path whose far end is a leaf at the right distance from its cycle vertex.
    assert all(G.degree(v) <= 2 for v in G if v >= c)
    nxt = c
    for p, length in tails:
        assert G.has_edge(p, nxt)
        far = nxt + length - 1
        assert G.degree(far) == 1
        assert nx.shortest_path_length(G, p, far) == length
        nxt += length
    assert nxt == G.number_of_nodes()


@pytest.mark.parametrize("leaves", [(0,), (4,), (1, 0, 2), (0, 3, 0, 1), (2, 2)])
def test_caterpillar_structure(leaves):
    G = nx_of("caterpillar:" + ",".join(map(str, leaves)))
    k = len(leaves)
    assert nx.is_tree(G)
    assert G.number_of_nodes() == k + sum(leaves)
    for i, count in enumerate(leaves):
        spine_neighbours = (i > 0) + (i < k - 1)
        assert G.degree(i) == count + spine_neighbours
    assert nx.is_isomorphic(G.subgraph(range(k)), nx.path_graph(k))
    assert all(G.degree(v) == 1 for v in range(k, G.number_of_nodes()))


def test_random_is_reproducible_and_is_networkx_gnp():
    a, b = build_family("random:15,0.4,11"), build_family("random:15,0.4,11")
    assert a == b
    assert sorted(a.edges()) == sorted(nx.gnp_random_graph(15, 0.4, seed=11).edges())
    assert build_family("random:8,1,0").m == 28
    assert build_family("random:8,0,0").m == 0


def test_spaces_around_parameters_are_ignored():
    assert build_family(" grid: 2 , 3 ") == build_family("grid:2,3")


# -- closed forms --------------------------------------------------------------
def _bipartite_check(spec):
    G = nx_of(spec)
    assert nx.is_bipartite(G)
    value, reason = family_closed_form(spec)
    assert value == bipartite_value(G.number_of_nodes(), G.number_of_edges())
    assert BIPARTITE_SOURCE in reason


def _tree_check(spec):
    G = nx_of(spec)
    assert nx.is_tree(G)
    value, reason = family_closed_form(spec)
    assert value == forest_value(G.number_of_nodes(), 1)
    assert FOREST_SOURCE in reason


@pytest.mark.parametrize(
    "spec",
    ["grid:1,1", "grid:2,3", "grid:3,3", "grid:4,5", "hypercube:0", "hypercube:1", "hypercube:2",
     "hypercube:5", "prism:4", "prism:6", "prism:10", "empty:0", "empty:5", "empty:8",
     "tailed-cycle:4,0=1", "tailed-cycle:6,0=2,3=3", "tailed-cycle:8,1=1,1=2"],
)
def test_bipartite_closed_forms(spec):
    _bipartite_check(spec)


@pytest.mark.parametrize(
    "spec",
    ["path:1", "path:2", "path:9", "path:10", "star:1", "star:2", "star:7",
     "caterpillar:0", "caterpillar:1,2", "caterpillar:3,0,1", "caterpillar:0,0,0,0"],
)
def test_tree_closed_forms(spec):
    _tree_check(spec)


def test_closed_form_values_for_small_parameters():
    # Paths: 1 for an odd number of vertices, 2 for even (Khandhawit-Ye, Table 1).
    assert [family_closed_form(f"path:{n}")[0] for n in range(1, 7)] == [1, 2, 1, 2, 1, 2]
    assert all(family_closed_form(f"cycle:{n}") == (0, families.CYCLE_SOURCE) for n in range(3, 20))
    for n in range(1, 20):
        value, reason = family_closed_form(f"complete:{n}")
        assert value == complete_value(n) == n % 3 and COMPLETE_SOURCE in reason
    # Grid 2x3: 6 vertices, 7 edges -> Table 2: v even, e odd -> 2.
    assert family_closed_form("grid:2,3")[0] == 2
    # Q_3: 8 vertices, 12 edges -> 0; Q_1 = K_2 -> 2 (a path on 2 vertices).
    assert family_closed_form("hypercube:3")[0] == 0
    assert family_closed_form("hypercube:1")[0] == family_closed_form("path:2")[0] == 2


@pytest.mark.parametrize("parts", [(1,), (2,), (1, 1), (2, 3), (1, 2, 3), (3, 3, 3), (1, 1, 1, 1), (2, 2, 5, 7)])
def test_multipartite_closed_form(parts):
    value, reason = family_closed_form("multipartite:" + ",".join(map(str, parts)))
    assert value == complete_multipartite_value(parts)
    assert MULTIPARTITE_SOURCE in reason


def test_multipartite_agrees_with_other_families_where_they_coincide():
    # K_{1,n} is a star, K_{1,1,...,1} is complete, K_{a,b} is bipartite.
    for n in range(1, 8):
        assert family_closed_form(f"multipartite:1,{n}")[0] == family_closed_form(f"star:{n}")[0]
        assert family_closed_form("multipartite:" + ",".join(["1"] * n))[0] == family_closed_form(f"complete:{n}")[0]
    for a, b in itertools.product(range(1, 5), repeat=2):
        assert family_closed_form(f"multipartite:{a},{b}")[0] == bipartite_value(a + b, a * b)


def test_gmk_closed_form():
    for m, k in itertools.product(range(1, 8), repeat=2):
        for c in (3, 5, 11):
            value, reason = family_closed_form(f"gmk:{m},{k},{c}")
            assert value == gmk_value(m, k) and GMK_SOURCE in reason
    # Khandhawit-Ye Table 4, first row from k = 1.
    assert [family_closed_form(f"gmk:1,{k}")[0] for k in range(1, 7)] == [4, 6, 4, 8, 10, 8]
    # Theorem 5 covers m, k >= 1 only.
    assert family_closed_form("gmk:0,0") is None
    assert family_closed_form("gmk:0,4") is None
    assert family_closed_form("gmk:3,0,5") is None


def test_wheels_prisms_and_open_cases():
    for n in range(4, 30, 2):
        assert family_closed_form(f"wheel:{n}") == (1, families.WHEEL_SOURCE)
    for n in range(3, 30, 2):
        assert family_closed_form(f"wheel:{n}") is None  # Conjecture 3: open
        assert family_closed_form(f"prism:{n}") is None  # not bipartite
        assert not nx.is_bipartite(nx_of(f"prism:{n}"))
    for spec in ("petersen", "dodecahedron", "random:10,0.5,1", "tailed-cycle:5,0=1", "tailed-cycle:3,0=1,1=2"):
        assert family_closed_form(spec) is None
    assert family_closed_form("tailed-cycle:5") == family_closed_form("cycle:5")


# -- errors ---------------------------------------------------------------------
def test_unknown_family_lists_the_valid_names():
    with pytest.raises(InputError) as info:
        parse_family("wheell:5")
    message = str(info.value)
    assert "unknown family 'wheell'" in message
    assert all(name in message for name in FAMILIES)


@pytest.mark.parametrize(
    "spec, message",
    [
        ("wheel:x", "wheel takes n >= 3 (wheel:n): got 'x'"),
        ("wheel", "wheel takes n >= 3 (wheel:n): got no parameters"),
        ("wheel:2", "wheel takes n >= 3 (wheel:n): got '2'"),
        ("wheel:3,4", "wheel takes n >= 3 (wheel:n): got '3,4'"),
        ("cycle:2", "cycle takes n >= 3 (cycle:n): got '2'"),
        ("path:0", "path takes n >= 1 (path:n): got '0'"),
        ("path:1.5", "(path:n): got '1.5'"),
        ("grid:3", "grid takes m >= 1 and n >= 1 (grid:m,n): got '3'"),
        ("multipartite:", "(multipartite:a,b,c,...): got ''"),
        ("multipartite:2,0", "each of size >= 1"),
        ("hypercube:-1", "(hypercube:d): got '-1'"),
        ("hypercube:5000", "0 <= d <= 1000"),
        ("petersen:3", "petersen takes no parameters (petersen): got '3'"),
        ("caterpillar:1,-2", "(caterpillar:l1,l2,...,lk): got '1,-2'"),
        ("gmk:1", "(gmk:m,k[,c]): got '1'"),
        ("gmk:1,1,4", "odd cycle length"),
        ("gmk:1,1,1", "odd cycle length"),
        ("tailed-cycle:5,5=1", "0 <= p < c"),
        ("tailed-cycle:5,0=0", "l >= 1"),
        ("tailed-cycle:5,2", "(tailed-cycle:c,p=l,p=l,...): got '5,2'"),
        ("tailed-cycle:2", "c >= 3"),
        ("random:5,1.5,1", "0 <= p <= 1"),
        ("random:5,nan,1", "0 <= p <= 1"),
        ("random:5,0.5", "(random:n,p,seed): got '5,0.5'"),
        ("random:5,0.5,x", "got '5,0.5,x'"),
    ],
)
def test_bad_parameters(spec, message):
    with pytest.raises(InputError) as info:
        parse_family(spec)
    assert message in str(info.value)
    assert "\n" not in str(info.value)
    with pytest.raises(InputError):
        build_family(spec)
    with pytest.raises(InputError):
        family_closed_form(spec)


@pytest.mark.parametrize(
    "spec, message",
    [
        ("complete:1000", "complete:1000 has 499500 edges, over the limit of 200000 edges"),
        ("path:5001", "path:5001 has 5001 vertices, over the limit of 5000 vertices"),
        ("hypercube:20", "hypercube:20 has 1048576 vertices, over the limit of 5000 vertices"),
        ("random:6000,0.1,1", "random:6000,0.1,1 has 6000 vertices"),
    ],
)
def test_too_large(spec, message):
    with pytest.raises(TooLargeError) as info:
        build_family(spec)
    assert message in str(info.value)


def test_custom_limits_including_random_edges_checked_after_the_draw():
    assert build_family("complete:10", max_edges=45).m == 45
    with pytest.raises(TooLargeError, match="has 45 edges, over the limit of 44 edges"):
        build_family("complete:10", max_edges=44)
    with pytest.raises(TooLargeError, match="over the limit of 9 vertices"):
        build_family("complete:10", max_vertices=9)
    with pytest.raises(TooLargeError, match="random:10,1,0 has 45 edges"):
        build_family("random:10,1,0", max_edges=44)


# -- too large to build, value by formula (through io.load) ---------------------
@pytest.fixture
def no_building(monkeypatch):
    """Make every family builder fail, to prove that nothing is built."""

    def boom(params):
        raise AssertionError("built a graph")

    patched = {name: dataclasses.replace(f, build=boom) for name, f in FAMILIES.items()}
    monkeypatch.setattr(families, "FAMILIES", patched)


@pytest.mark.parametrize(
    "spec, vertices, edges, value",
    [
        ("complete:100000", 100000, 100000 * 99999 // 2, complete_value(100000)),
        ("path:10000000", 10000000, 9999999, 2),
        ("star:9999999", 10000000, 9999999, 2),
        ("grid:1000,1000", 10**6, 2 * 1000 * 999, bipartite_value(10**6, 2 * 1000 * 999)),
        ("hypercube:1000", 2**1000, 1000 * 2**999, 0),
        ("multipartite:5000,5001,3", 10004, 5000 * 5001 + 3 * 10001, 2),
        ("wheel:100000", 100001, 200000, 1),
        ("gmk:100000,7", 100011, 100011, gmk_value(100000, 7)),
        ("empty:100001", 100001, 0, 1),
    ],
)
def test_too_large_with_closed_form_is_not_built(no_building, spec, vertices, edges, value):
    start = time.perf_counter()
    (position,) = load(spec)
    assert time.perf_counter() - start < 1.0
    assert position.name == spec
    assert position.graph is None
    assert (position.vertices, position.edges) == (vertices, edges)
    assert position.closed_form == family_closed_form(spec)
    assert position.closed_form[0] == value


def test_too_large_without_closed_form_raises(no_building):
    for spec in ("wheel:100001", "prism:100001", "gmk:0,100000", "random:100000,0.5,1"):
        with pytest.raises(TooLargeError, match="over the limit") as info:
            load(spec)
        assert "no closed form" in str(info.value)


def test_small_family_is_built_with_its_closed_form():
    (position,) = load("grid:3,4")
    assert position.graph == build_family("grid:3,4")
    assert (position.vertices, position.edges) == (12, 17)
    assert position.closed_form == family_closed_form("grid:3,4")
    (position,) = load("petersen")
    assert position.closed_form is None and position.graph.m == 15


# -- misspelt family names ----------------------------------------------------
def test_parse_family_suggests_and_lists():
    with pytest.raises(InputError) as info:
        parse_family("wheell:5")
    message = str(info.value)
    assert message.startswith("unknown family 'wheell'; did you mean wheel? known families: ")
    assert all(name in message for name in FAMILIES)
    with pytest.raises(InputError, match=r"^unknown family 'zzz'; known families: path,"):
        parse_family("zzz")


def test_close_family_names_and_did_you_mean():
    assert close_family_names("petersn") == ["petersen"]
    assert close_family_names(" WHEEL ") == ["wheel"]
    assert close_family_names("nonsense") == []
    assert close_family_names("tori", ["torus", "path"]) == ["torus"]
    assert did_you_mean(["a"]) == "did you mean a?"
    assert did_you_mean(["a", "b", "c"]) == "did you mean a, b or c?"


# -- counts in the singular -----------------------------------------------------
#: A count of 1 followed by a plural noun.
BAD_PLURAL = re.compile(r"\b1 (vertices|edges|components|parts|characters|items|graphs)\b")


def test_plural():
    assert plural(1, "vertex", "vertices") == "1 vertex"
    assert plural(0, "vertex", "vertices") == "0 vertices"
    assert plural(2, "edge") == "2 edges"
    assert plural(1, "edge") == "1 edge"


def test_theory_explanations_singular():
    lone = (0,)
    assert classify(lone, 0b1, Theory())[1] == "a tree on 1 vertex"
    assert classify(lone, 0b1, Theory.only("forests"))[1] == "a tree on 1 vertex"
    k2 = (0b10, 0b01)
    assert classify(k2, 0b11, Theory())[1] == "a tree on 2 vertices"


@pytest.mark.parametrize(
    "spec, words",
    [
        ("path:1", "a tree with 1 vertex;"),
        ("star:1", "a tree with 2 vertices;"),
        ("empty:1", "bipartite with 1 vertex and 0 edges;"),
        ("hypercube:1", "bipartite with 2 vertices and 1 edge;"),
        ("grid:1,2", "bipartite with 2 vertices and 1 edge;"),
        ("multipartite:1,2", "complete multipartite with 1 part of odd size"),
        ("multipartite:1,1", "complete multipartite with 2 parts of odd size"),
    ],
)
def test_family_closed_form_reasons_singular(spec, words):
    reason = family_closed_form(spec)[1]
    assert words in reason and not BAD_PLURAL.search(reason), reason


def test_size_limit_messages_singular():
    with pytest.raises(TooLargeError, match=r"^K has 2 vertices, over the limit of 1 vertex$"):
        check_size("K", 2, 1, max_vertices=1, max_edges=10)
    with pytest.raises(TooLargeError, match=r"^K has 1 edge, over the limit of 0 edges$"):
        check_size("K", 2, 1, max_vertices=5, max_edges=0)
    with pytest.raises(TooLargeError, match="over the limit of 1 vertex$"):
        build_family("path:2", max_vertices=1)
