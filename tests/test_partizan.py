"""Partizan games on graphs (grundy.games.partizan).

Three layers are checked independently:

* the game algebra (pycgt) against the standard identities and against a
  brute force that compares games by the definition (G >= H iff Left wins
  G - H when Right moves first), on raw game trees that pycgt never sees;
* the rulesets' move generators against hand-checked small graphs and a
  networkx re-implementation of the rules;
* the memoised, component-splitting values against a direct recursion over
  labelled graphs (no certificates, no components), against raw game trees
  compared by brute force, and the outcomes against a plain minimax search.
"""

from __future__ import annotations

import sys
from fractions import Fraction
from functools import lru_cache

import networkx as nx
import pycgt
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from grundy.games import partizan
from grundy.errors import InputError, SearchLimitReached
from grundy.games.partizan import (
    PARTIZAN_RULESETS,
    clear_partizan_caches,
    format_game,
    list_partizan_rulesets,
    nimber_of,
    outcome_of,
    parse_game,
    partizan_value,
)
from grundy.games.graphs.graph import Graph

sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))

NAMES = list(PARTIZAN_RULESETS)
ATLAS5 = [Graph.from_networkx(G) for G in nx.graph_atlas_g()[:53]]  # 0..5 vertices
ATLAS6 = [Graph.from_networkx(G) for G in nx.graph_atlas_g()[:209]]  # 0..6 vertices
PROPS = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])

Z = pycgt.ZERO


def g(left=(), right=()) -> pycgt.Game:
    return pycgt.game(left, right)


# -- an independent brute force on raw game trees ----------------------------
# A raw game is an int naming a node (left option ids, right option ids);
# nodes are hash-consed so that sums stay finite in memory. Nothing here is
# simplified: comparison is by playing out the difference game.

_NODES: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
_INDEX: dict[tuple[tuple[int, ...], tuple[int, ...]], int] = {}


def node(left, right) -> int:
    key = (tuple(sorted(set(left))), tuple(sorted(set(right))))
    i = _INDEX.get(key)
    if i is None:
        i = _INDEX[key] = len(_NODES)
        _NODES.append(key)
    return i


def from_tree(t) -> int:
    """A nested-tuple tree ``(lefts, rights)`` as a raw game."""
    return node([from_tree(x) for x in t[0]], [from_tree(x) for x in t[1]])


def from_pycgt(G: pycgt.Game) -> int:
    return node([from_pycgt(x) for x in G.left], [from_pycgt(x) for x in G.right])


@lru_cache(maxsize=None)
def to_pycgt(x: int) -> pycgt.Game:
    L, R = _NODES[x]
    return pycgt.game([to_pycgt(a) for a in L], [to_pycgt(b) for b in R])


@lru_cache(maxsize=None)
def neg(x: int) -> int:
    L, R = _NODES[x]
    return node([neg(b) for b in R], [neg(a) for a in L])


@lru_cache(maxsize=None)
def raw_sum(x: int, y: int) -> int:
    (xl, xr), (yl, yr) = _NODES[x], _NODES[y]
    return node(
        [raw_sum(a, y) for a in xl] + [raw_sum(x, b) for b in yl],
        [raw_sum(a, y) for a in xr] + [raw_sum(x, b) for b in yr],
    )


@lru_cache(maxsize=None)
def left_first_wins(x: int) -> bool:
    return any(not right_first_wins(a) for a in _NODES[x][0])


@lru_cache(maxsize=None)
def right_first_wins(x: int) -> bool:
    return any(not left_first_wins(b) for b in _NODES[x][1])


def bgeq(x: int, y: int) -> bool:
    """x >= y: Left wins x - y when Right moves first."""
    return not right_first_wins(raw_sum(x, neg(y)))


def beq(x: int, y: int) -> bool:
    return bgeq(x, y) and bgeq(y, x)


def brute_outcome(x: int) -> str:
    lw, rw = left_first_wins(x), right_first_wins(x)
    return {(True, False): "L", (False, True): "R", (True, True): "N", (False, False): "P"}[(lw, rw)]


trees = st.recursive(
    st.just(((), ())),
    lambda kids: st.tuples(st.lists(kids, max_size=3).map(tuple), st.lists(kids, max_size=3).map(tuple)),
    max_leaves=10,
)


def test_brute_force_knows_the_basics() -> None:
    zero = node([], [])
    star = node([zero], [zero])
    up = node([zero], [star])
    one = node([zero], [])
    assert beq(raw_sum(star, star), zero)
    assert bgeq(up, zero) and not bgeq(zero, up)
    assert not bgeq(star, zero) and not bgeq(zero, star)
    assert bgeq(one, up) and not bgeq(up, one)
    assert [brute_outcome(x) for x in (zero, star, up, neg(one))] == ["P", "N", "L", "R"]


# -- the identities -----------------------------------------------------------


def test_identities() -> None:
    star, one = g([Z], [Z]), g([Z])
    up = g([Z], [star])
    assert star == pycgt.STAR and format_game(star) == "*"
    assert pycgt.add(star, star) == Z
    assert up == pycgt.canonical(pycgt.UP) and format_game(up) == "↑"
    upupstar = pycgt.add(pycgt.add(up, up), star)
    assert upupstar == g([Z], [up])
    assert format_game(upupstar) == "⇑*" and format_game(upupstar, ascii=True) == "^^*"
    assert g() == Z and format_game(g()) == "0"
    assert format_game(one) == "1" and format_game(g([one])) == "2"
    assert pycgt.as_number(g([Z], [one])) == Fraction(1, 2) and format_game(g([Z], [one])) == "1/2"
    assert format_game(g([one], [g([one])])) == "3/2"
    pm1 = g([one], [pycgt.negate(one)])
    assert format_game(pm1) == "±1" and format_game(pm1, ascii=True) == "+-1"
    assert pycgt.add(pm1, pm1) == Z
    # the same through the parser, in both alphabets
    for text, value in [("{0|0}", star), ("{0|*}", up), ("{|}", Z), ("{0|}", one),
                        ("{1|}", g([one])), ("{0|1}", g([Z], [one])), ("{1|2}", parse_game("3/2")),
                        ("{0|↑}", upupstar), ("{0|^}", parse_game("^^*")), ("±1", pm1), ("+-1", pm1)]:
        if value is not None:
            assert parse_game(text) == value, text


def test_notation_of_named_values() -> None:
    cases = {
        "-5/8": pycgt.number(Fraction(-5, 8)),
        "3/4": pycgt.number(Fraction(3, 4)),
        "*2": pycgt.nimber(2),
        "↓": pycgt.canonical(pycgt.DOWN),
        "↑*": pycgt.add(pycgt.UP, pycgt.STAR),
        "⇓": pycgt.up_multiple(-2),
        "↑3": pycgt.up_multiple(3),
        "↓3*": pycgt.add(pycgt.up_multiple(-3), pycgt.STAR),
        "1/2↑*": pycgt.add(pycgt.number(Fraction(1, 2)), pycgt.add(pycgt.UP, pycgt.STAR)),
        "-1*3": pycgt.add(pycgt.number(-1), pycgt.nimber(3)),
        "±1/2": pycgt.plus_minus(Fraction(1, 2)),
        "{2|{1|0}}": g([pycgt.number(2)], [g([pycgt.number(1)], [Z])]),
    }
    for text, value in cases.items():
        assert format_game(value) == text
        assert parse_game(text) == value
        ascii_text = format_game(value, ascii=True)
        assert ascii_text.isascii() and parse_game(ascii_text) == value
    assert format_game(pycgt.up_multiple(-2), ascii=True) == "vv"
    assert parse_game("2±1") == g([pycgt.number(3)], [pycgt.number(1)])
    for bad in ["", "{0|", "{2||1|0}", "1/3", "abc", "{0|0}}"]:
        with pytest.raises(InputError):
            parse_game(bad)


@PROPS
@given(trees, trees)
def test_canonical_forms_agree_with_brute_force(a, b) -> None:
    x, y = from_tree(a), from_tree(b)
    X, Y = to_pycgt(x), to_pycgt(y)  # canonical forms, built by pycgt
    assert pycgt.geq(X, Y) == bgeq(x, y)
    assert (X == Y) == beq(x, y)  # canonical forms are equal iff the values are
    assert beq(from_pycgt(X), x)  # the canonical form has the game's value
    assert beq(from_pycgt(pycgt.add(X, Y)), raw_sum(x, y))
    assert outcome_of(X) == brute_outcome(x)
    # ... and it is simplest: no dominated and no reversible options
    cx = from_pycgt(X)
    lefts = [from_pycgt(o) for o in X.left]
    rights = [from_pycgt(o) for o in X.right]
    for i, p in enumerate(lefts):
        assert not any(bgeq(q, p) for j, q in enumerate(lefts) if j != i)
        assert not any(bgeq(cx, lr) for lr in _NODES[p][1])
    for i, p in enumerate(rights):
        assert not any(bgeq(p, q) for j, q in enumerate(rights) if j != i)
        assert not any(bgeq(rl, cx) for rl in _NODES[p][0])


@PROPS
@given(trees)
def test_notation_parses_back(a) -> None:
    X = to_pycgt(from_tree(a))
    assert parse_game(format_game(X)) == X
    text = format_game(X, ascii=True)
    assert text.isascii() and parse_game(text) == X
    m = nimber_of(X)
    assert (m is not None) == (X == pycgt.nimber(m or 0))


# -- move generators ----------------------------------------------------------


def edges_of(adj) -> set[tuple[int, int]]:
    return {(i, j) for i, a in enumerate(adj) for j in range(len(adj)) if a >> j & 1 and i < j}


def test_moves_on_small_graphs_by_hand() -> None:
    p3 = Graph.from_edges([0, 1, 2], [(0, 1), (1, 2)]).adj  # degrees 1, 2, 1
    oe_bo = PARTIZAN_RULESETS["oe-bo"]
    assert oe_bo.left_targets(p3) == [("e", 0, 1), ("e", 1, 2)]
    assert oe_bo.right_targets(p3) == [] and oe_bo.right_moves(p3) == []
    assert [edges_of(a) for a in oe_bo.left_moves(p3)] == [{(1, 2)}, {(0, 1)}]
    be_bo = PARTIZAN_RULESETS["be-bo"]
    assert be_bo.left_targets(p3) == [] and be_bo.right_targets(p3) == []
    c4 = Graph.from_networkx(nx.cycle_graph(4)).adj  # all degrees 2
    assert len(be_bo.left_moves(c4)) == 4 and be_bo.right_moves(c4) == []
    assert PARTIZAN_RULESETS["oe-be"].right_targets(c4) == be_bo.left_targets(c4)
    k4 = Graph.from_networkx(nx.complete_graph(4)).adj  # all degrees 3
    assert len(be_bo.right_moves(k4)) == 6 and be_bo.left_moves(k4) == []
    star = Graph.from_networkx(nx.star_graph(3)).adj  # centre 3, leaves 1: all odd
    assert oe_bo.left_moves(star) == [] and len(oe_bo.right_moves(star)) == 3
    vx = PARTIZAN_RULESETS["even-odd-vertex"]
    assert vx.left_targets(p3) == [("v", 1)] and vx.right_targets(p3) == [("v", 0), ("v", 2)]
    assert vx.left_moves(p3) == [(0, 0)]  # two isolated vertices
    assert vx.right_moves(p3) == [(0b10, 0b01), (0b10, 0b01)]  # an edge either way
    assert vx.left_moves((0,)) == [()] and vx.right_moves((0,)) == []  # isolated: even


def nx_targets(name: str, G: nx.Graph, player: str) -> set:
    """The rules re-implemented on networkx: edges as frozensets, vertices."""
    left_rule, right_rule = {"be-bo": ("be", "bo"), "oe-bo": ("oe", "bo"), "oe-be": ("oe", "be"),
                             "even-odd-vertex": ("even", "odd")}[name]
    rule = left_rule if player == "L" else right_rule
    d = dict(G.degree())
    if rule in ("even", "odd"):
        return {v for v in G if d[v] % 2 == (rule == "odd")}
    want = {"be": (0, 0), "bo": (1, 1), "oe": (0, 1)}[rule]
    return {frozenset(e) for e in G.edges() if tuple(sorted((d[e[0]] % 2, d[e[1]] % 2))) == want}


@pytest.mark.parametrize("name", NAMES)
def test_move_generators_match_networkx(name: str) -> None:
    rs = PARTIZAN_RULESETS[name]
    for graph in ATLAS6:
        G = graph.to_networkx()
        for player, targets, moves in [("L", rs.left_targets, rs.left_moves), ("R", rs.right_targets, rs.right_moves)]:
            got = targets(graph.adj)
            as_labels = {frozenset((m[1], m[2])) if m[0] == "e" else m[1] for m in got}
            assert as_labels == nx_targets(name, G, player) and len(as_labels) == len(got)
            for m, after in zip(got, moves(graph.adj)):
                H = G.copy()
                if m[0] == "e":
                    H.remove_edge(m[1], m[2])
                else:
                    H.remove_node(m[1])
                assert Graph.from_networkx(H).adj == after


# -- values of graphs -------------------------------------------------------


@lru_cache(maxsize=None)
def direct(name: str, adj: tuple[int, ...]) -> pycgt.Game:
    """{Left options | Right options} straight from the rules on the labelled
    graph: no canonical keys, no splitting into components."""
    rs = PARTIZAN_RULESETS[name]
    return pycgt.game([direct(name, a) for a in rs.left_moves(adj)],
                      [direct(name, a) for a in rs.right_moves(adj)])


@lru_cache(maxsize=None)
def raw_tree(name: str, adj: tuple[int, ...]) -> int:
    """The unsimplified game tree of the position, for the brute force."""
    rs = PARTIZAN_RULESETS[name]
    return node([raw_tree(name, a) for a in rs.left_moves(adj)], [raw_tree(name, a) for a in rs.right_moves(adj)])


@lru_cache(maxsize=None)
def mover_wins(name: str, adj: tuple[int, ...], left_to_move: bool) -> bool:
    """Plain minimax: does the player to move win?"""
    rs = PARTIZAN_RULESETS[name]
    moves = rs.left_moves(adj) if left_to_move else rs.right_moves(adj)
    return any(not mover_wins(name, a, not left_to_move) for a in moves)


def minimax_outcome(name: str, adj: tuple[int, ...]) -> str:
    lw, rw = mover_wins(name, adj, True), mover_wins(name, adj, False)
    return {(True, False): "L", (False, True): "R", (True, True): "N", (False, False): "P"}[(lw, rw)]


@pytest.mark.parametrize("name", NAMES)
def test_values_equal_direct_recursion_up_to_5_vertices(name: str) -> None:
    clear_partizan_caches()
    for graph in ATLAS5:
        v = partizan_value(name, graph)
        assert v.game == direct(name, graph.adj), (name, graph.edges())
        assert beq(from_pycgt(v.game), raw_tree(name, graph.adj)), (name, graph.edges())
        assert parse_game(str(v)) == v.game and parse_game(v.to_str(ascii=True)) == v.game


@pytest.mark.parametrize("name", NAMES)
def test_outcomes_equal_minimax_up_to_6_vertices(name: str) -> None:
    for graph in ATLAS6:
        v = partizan_value(name, graph)
        assert v.outcome == minimax_outcome(name, graph.adj), (name, graph.edges())


small = st.sampled_from(ATLAS5[1:])


@PROPS
@given(st.sampled_from(NAMES), small, small)
def test_disjoint_union_is_the_sum(name: str, a: Graph, b: Graph) -> None:
    union = Graph.from_networkx(nx.disjoint_union(a.to_networkx(), b.to_networkx()))
    v = partizan_value(name, union)
    assert v.game == pycgt.add(partizan_value(name, a).game, partizan_value(name, b).game)
    if union.m <= 10:
        assert v.game == direct(name, union.adj)


def test_value_object() -> None:
    k23 = Graph.from_networkx(nx.complete_bipartite_graph(2, 3))
    v = partizan_value("even-odd-vertex", k23)
    assert str(v) == "*" and v.is_nimber and v.nimber_value == 1 and not v.is_number and v.outcome == "N"
    w = partizan_value("be-bo", nx.cycle_graph(4))  # networkx graphs are accepted
    assert str(w) == "1" and w.is_number and w.number_value == 1 and w.nimber_value is None and w.outcome == "L"
    z = partizan_value("oe-be", Graph.from_edges([0], []))
    assert z.is_number and z.is_nimber and z.nimber_value == 0 and z.outcome == "P"
    hot = partizan_value("even-odd-vertex", Graph.from_edges("abc", [("a", "b"), ("b", "c")]))
    assert str(hot) == "{2|0}" and hot.outcome == "N" and not hot.is_number and not hot.is_nimber
    assert partizan_value("be-bo", Graph.from_edges("ab", [("a", "b")])).outcome == "R"
    assert v == partizan_value("even-odd-vertex", k23) and v != w


def test_registry_and_errors() -> None:
    assert [r.name for r in list_partizan_rulesets()] == ["be-bo", "oe-bo", "oe-be", "even-odd-vertex"]
    for r in list_partizan_rulesets():
        assert r.rule and r.source
    with pytest.raises(InputError, match="be-bo, oe-bo, oe-be, even-odd-vertex"):
        partizan_value("bo-be", Graph.from_edges([0], []))
    with pytest.raises(InputError):
        partizan_value("be-bo", "not a graph")
    with pytest.raises(SearchLimitReached):
        clear_partizan_caches()
        partizan_value("oe-bo", nx.complete_graph(6), max_positions=3)


def test_caches_are_bounded_and_clearable(monkeypatch: pytest.MonkeyPatch) -> None:
    graph = Graph.from_networkx(nx.gnp_random_graph(7, 0.5, seed=3))
    expected = {name: partizan_value(name, graph).game for name in NAMES}
    monkeypatch.setattr(partizan.search, "MEMO_LIMIT", 5)
    monkeypatch.setattr(partizan.search, "PYCGT_CACHE_LIMIT", 0)
    monkeypatch.setattr(partizan.search, "_TRIM_EVERY", 1)  # clear pycgt's caches after every position
    clear_partizan_caches()
    for name in NAMES:
        assert partizan_value(name, graph).game == expected[name]
        assert len(partizan.search._MEMO.data) <= 5
        assert partizan.search._pycgt_cache_size() == 0  # trimmed after the call
    clear_partizan_caches()
    assert partizan.search._pycgt_cache_size() == 0 and not partizan.search._MEMO.data


def test_be_bo_values_are_integers_up_to_6_vertices() -> None:
    """Harding-Ottaway §5.2: "BE/BO has only integer game values"."""
    for graph in ATLAS6:
        x = partizan_value("be-bo", graph).number_value
        assert x is not None and x.denominator == 1, graph.edges()


def test_oe_games_have_hot_values() -> None:
    """OE/BO and OE/BE are not restricted to numbers: small graphs are hot."""
    paw = Graph.from_edges(range(4), [(0, 3), (1, 2), (1, 3), (2, 3)])
    assert str(partizan_value("oe-bo", paw)) == "{1|0}"
    p4_plus = Graph.from_edges(range(4), [(0, 1), (0, 3), (1, 2)])  # the path 3-0-1-2
    assert str(partizan_value("oe-be", p4_plus)) == "{1|0}"


def test_the_public_partizan_value_reads_specs_and_the_games_do_not() -> None:
    """grundy.partizan_value (the API) reads a spec string; the games'
    partizan_value takes graphs only (the games do not import the readers)."""
    import grundy
    from grundy.readwrite.graphs import to_graph

    assert grundy.partizan_value is grundy.api.partizan_value
    got = grundy.partizan_value("even-odd-vertex", "path:3")
    assert got == partizan_value("even-odd-vertex", to_graph("path:3")) and str(got) == "{2|0}"
    with pytest.raises(InputError, match="grundy.partizan_value also reads"):
        partizan_value("even-odd-vertex", "path:3")
    with pytest.raises(InputError):
        grundy.partizan_value("even-odd-vertex", "no-such-family:3")
