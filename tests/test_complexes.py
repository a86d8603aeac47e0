"""Subset take-away on simplicial complexes against plain brute force:
Graph Chomp as the 1-dimensional case, Khandhawit-Ye Theorem 1, the binary
star reduction, Gale's game, the torus of Figure 4, families and input."""

from __future__ import annotations

import itertools
import json
import random
from functools import lru_cache

import networkx as nx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import grundy
from grundy import Graph
from grundy.core.canon import automorphisms
from grundy.games.complexes.complex import _incidence
from grundy.games.complexes import (
    Complex,
    ComplexSolver,
    ComplexTheory,
    binary_stars,
    build_complex_family,
    analyze_complex,
    complex_involution,
    complex_key,
    gale_complement_replies,
    gale_counter_search,
    gale_first_moves,
    gale_reply_search,
    outcome_by_rounds,
)
from grundy.readwrite.complexes import load_complex
from grundy.errors import InputError
from grundy.games.posets import PosetSolver, build_poset_family, poset_key, text_report


# ----------------------------------------------------------------------
# the reference: mex over sets of faces, no canonical forms, no splitting
# ----------------------------------------------------------------------
@lru_cache(maxsize=None)
def brute_faces(faces: frozenset) -> int:
    """Nim-value of subset take-away on a set of faces (frozensets): a move
    removes a face and every face containing it."""
    seen = {brute_faces(frozenset(g for g in faces if not f <= g)) for f in faces}
    v = 0
    while v in seen:
        v += 1
    return v


def all_faces(cx: Complex) -> frozenset:
    """Every face of ``cx`` by labels, from its facets by itertools."""
    out = set()
    for facet in cx.facet_labels():
        for k in range(1, len(facet) + 1):
            out.update(frozenset(c) for c in itertools.combinations(facet, k))
    return frozenset(out)


def brute(cx: Complex) -> int:
    return brute_faces(all_faces(cx))


def value(cx: Complex, solver: ComplexSolver | None = None) -> int:
    s = solver or ComplexSolver()
    return s.value_of(*s.decompose(cx.facets))


THEORIES = [ComplexTheory(), ComplexTheory.none()] + [ComplexTheory.only(n) for n in ComplexTheory.names()]


@st.composite
def complexes(draw: st.DrawFn, max_vertices: int = 5, max_facets: int = 5) -> Complex:
    n = draw(st.integers(1, max_vertices))
    facets = draw(
        st.lists(st.sets(st.integers(1, n), min_size=1, max_size=4), min_size=1, max_size=max_facets)
    )
    return Complex.from_facets([sorted(f) for f in facets])


@st.composite
def symmetric_complexes(draw: st.DrawFn) -> Complex:
    """A complex closed under swapping ``("a", i)`` with ``("b", i)`` and
    fixing the base vertices ``("c", i)``: facets are drawn and added with
    their mirror images, so Theorem 1 or a binary star often applies (and
    sometimes is blocked by a facet containing a vertex and its mirror)."""
    nb = draw(st.integers(0, 2))
    nw = draw(st.integers(1, 2))
    verts = [("c", i) for i in range(nb)] + [(s, i) for s in "ab" for i in range(nw)]
    mirror = {v: (("b" if v[0] == "a" else "a", v[1]) if v[0] != "c" else v) for v in verts}
    facets = draw(st.lists(st.sets(st.sampled_from(verts), min_size=1, max_size=3), min_size=1, max_size=3))
    facets += [{mirror[v] for v in f} for f in facets]
    return Complex.from_facets([sorted(f) for f in facets])


# ----------------------------------------------------------------------
# Graph Chomp is the 1-dimensional case
# ----------------------------------------------------------------------
def _as_face(move: grundy.Move) -> list:
    return [move.vertex] if move.edge is None else list(move.edge)


def test_graphs_up_to_6_vertices_equal_graph_chomp() -> None:
    """Every graph on 1..6 vertices: the complex engine (its Graph Chomp
    delegation off) gives the graph engine's value and winning moves."""
    s = ComplexSolver(ComplexTheory(graphs=False))
    gs = grundy.Solver()
    for G in nx.graph_atlas_g()[1:209]:
        g = Graph.from_networkx(G)
        a = analyze_complex(Complex.from_graph(g), solver=s)
        ga = grundy.analyze(g, solver=gs)
        assert a["value"] == ga.value == grundy.nim_value(g), g.edges()
        moves = [m["face"] for m in a["winning_moves"]]
        expected = [_as_face(m) for m in ga.winning_moves]
        assert sorted(map(sorted, moves)) == sorted(map(sorted, expected)), g.edges()


def test_graph_family_spec() -> None:
    cx = load_complex("graph:petersen")
    assert cx.n == 10 and len(cx.facets) == 15 and cx.dimension == 1
    assert analyze_complex(load_complex("graph:petersen"))["value"] == grundy.nim_value("petersen") == 2
    assert load_complex(grundy.readwrite.graphs.to_graph("path:3")).facet_labels() == [(0, 1), (1, 2)]
    lone = Complex.from_graph(Graph.from_edges([1, 2, 3], [(1, 2)]))
    assert value(lone, ComplexSolver(ComplexTheory.none())) == grundy.nim_value(Graph.from_edges([1, 2, 3], [(1, 2)]))


# ----------------------------------------------------------------------
# the search and the reductions against brute force
# ----------------------------------------------------------------------
@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(complexes())
def test_random_complexes_equal_brute_force(cx: Complex) -> None:
    b = brute(cx)
    for theory in THEORIES:
        assert value(cx, ComplexSolver(theory)) == b, (cx.facet_labels(), theory)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(symmetric_complexes())
def test_theorem_1_and_binary_stars_equal_brute_force(cx: Complex) -> None:
    b = brute(cx)
    for theory in [ComplexTheory.only("involutions"), ComplexTheory.only("binary_star"), ComplexTheory()]:
        assert value(cx, ComplexSolver(theory)) == b, (cx.facet_labels(), theory)
    # Theorem 1 itself: the subcomplex on the fixed vertices has the same value
    total, lists, colouring = _incidence(cx.n, cx.facets)
    gens, _ = automorphisms(total, lists, colouring=colouring)
    found = complex_involution(cx.n, cx.facets, [p[: cx.n] for p in gens])
    if found is not None:
        fixed, tau = found
        assert all(tau[tau[v]] == v for v in range(cx.n))
        image = {sum(1 << tau[v] for v in range(cx.n) if f >> v & 1) for f in cx.facets}
        assert image == set(cx.facets)  # an automorphism
        for f in cx.facets:  # no face holds a vertex and its image
            assert all(not f >> tau[v] & 1 for v in range(cx.n) if f >> v & 1 and tau[v] != v)
        assert brute(cx.restrict(fixed)) == b
    # the binary-star theorem itself (Mangang): removing the pairs keeps the value
    removed = binary_stars(cx.facets)
    if removed:
        assert brute(cx.restrict(((1 << cx.n) - 1) & ~removed)) == b


def test_the_reductions_fire() -> None:
    """Not vacuous: on the symmetric complexes each reduction is used."""
    rnd = random.Random(4)
    used = {"involutions": 0, "binary_star": 0}
    for _ in range(60):
        nw = rnd.randint(1, 2)
        verts = [("c", 0)] + [(s, i) for s in "ab" for i in range(nw)]
        mirror = {v: (("b" if v[0] == "a" else "a", v[1]) if v[0] != "c" else v) for v in verts}
        facets = [set(rnd.sample(verts, rnd.randint(1, 3))) for _ in range(2)]
        facets += [{mirror[v] for v in f} for f in facets]
        cx = Complex.from_facets([sorted(f) for f in facets])
        for name in used:
            s = ComplexSolver(ComplexTheory.only(name))
            assert value(cx, s) == brute(cx)
            used[name] += s.stats.reductions > 0
    assert used["involutions"] > 10 and used["binary_star"] > 10


def test_face_poset_route_equals_incidence_route() -> None:
    rnd = random.Random(8)
    ps, cs = PosetSolver(), ComplexSolver()
    for _ in range(30):
        n = rnd.randint(1, 5)
        facets = [[v for v in range(n) if rnd.random() < 0.6] or [0] for _ in range(rnd.randint(1, 4))]
        cx = Complex.from_facets(facets)
        a = analyze_complex(cx, option_table=True, solver=cs)
        b = analyze_complex(cx, option_table=True, solver=ps)
        assert (a["value"], a["winning_moves"], a["options"]) == (b["value"], b["winning_moves"], b["options"])
        assert a["value"] == brute(cx)
        assert {o["value"] for o in a["options"]} == {brute(cx.move(o["face"])) for o in a["options"]}


def test_keys_equal_exactly_for_isomorphic_complexes() -> None:
    rnd = random.Random(6)
    for _ in range(60):
        n = rnd.randint(2, 7)
        facets = [[v for v in range(n) if rnd.random() < 0.5] or [0] for _ in range(rnd.randint(1, 5))]
        cx = Complex.from_facets(facets)
        perm = list(range(n))
        rnd.shuffle(perm)
        cy = Complex.from_facets([[perm[v] for v in f] for f in facets])
        assert complex_key(cx.n, cx.facets) == complex_key(cy.n, cy.facets)
        # and the face posets have equal poset keys
        assert poset_key(cx.face_poset().up) == poset_key(cy.face_poset().up)
    # a graph and a complex with as many vertices and facets differ
    assert complex_key(3, (0b011, 0b110, 0b101)) != complex_key(3, (0b111,))
    assert complex_key(3, (0b011, 0b100))[:2] == bytes((1, 3))  # a form key: its mark, then the vertex count
    big = tuple(1 << v | 1 << (v + 1) for v in range(8))  # a path on 9 vertices: too many for a form
    assert complex_key(9, big)[:2] == (9).to_bytes(2, "big")  # a nauty key: the vertex count leads it


# ----------------------------------------------------------------------
# Gale's game and the papers' examples
# ----------------------------------------------------------------------
@pytest.mark.parametrize("n", [1, 2, 3, 4, 5])
def test_gale_has_value_0_up_to_5(n: int) -> None:
    cx = build_complex_family(f"simplex-boundary:{n}")
    assert value(cx) == 0
    assert value(cx, ComplexSolver(ComplexTheory.none())) == 0
    if n <= 4:
        assert brute(cx) == 0


def test_gale_first_moves() -> None:
    assert gale_first_moves(2) == [(1, 1)]
    for n in range(2, 6):
        table = gale_first_moves(n)
        assert [k for k, _ in table] == list(range(1, n))
        assert all(v > 0 for _, v in table)  # no move to a P-position: Gale's game is P
        if n <= 4:
            start = build_complex_family(f"simplex-boundary:{n}")
            assert [v for _, v in table] == [brute(start.move(range(1, k + 1))) for k in range(1, n)]
    assert gale_first_moves(4) == [(1, 3), (2, 2), (3, 4)]
    with pytest.raises(InputError):
        gale_first_moves(1)


def test_gale_complement_replies() -> None:
    """Answering a first move with the complementary set: the position left
    is P for every n <= 6 and every size k (brute force over face sets for
    n <= 5, the search for n = 6, both play paths); a True is a winning
    reply, so the first move's value (the first-move table) is nonzero."""
    for n in range(2, 7):
        got = gale_complement_replies(n)
        assert [k for k, _ in got] == list(range(1, n))
        assert all(p for _, p in got)
        if n <= 5:
            assert gale_complement_replies(n, solver=ComplexSolver(compiled=False)) == got
            start = build_complex_family(f"simplex-boundary:{n}")
            for k, p in got:  # every k, also those above n / 2 (answered by symmetry)
                left = start.move(range(1, k + 1)).move(range(k + 1, n + 1))
                assert (brute(left) == 0) == p
            values = dict(gale_first_moves(n))
            assert all(values[k] > 0 for k, p in got if p)  # a winning reply: the first move loses
    seen: list[tuple[int, bool]] = []
    gale_complement_replies(4, on_settled=lambda k, p: seen.append((k, p)))
    assert seen == [(1, True), (3, True), (2, True)]  # k and n - k together; n / 2 once
    with pytest.raises(InputError):
        gale_complement_replies(1)


def _numbered(facets: tuple[int, ...]) -> list[tuple[int, tuple]]:
    """The options of a position of one component (after the reductions)
    in the order :func:`outcome_by_rounds` numbers them (heap moves of the
    nim-part, then one per orbit of faces), written out here."""
    s = ComplexSolver()
    nim, unknowns = s.decompose(facets)
    assert len(unknowns) == 1
    options = [(m, unknowns) for m in range(nim)]
    for onim, ounk in s.game.children(s, unknowns[0]):
        if (onim ^ nim, ounk) not in options:  # a position made twice is one option
            options.append((onim ^ nim, ounk))
    return options


def _options_truth(cx: Complex) -> list[int]:
    """The nim-value of each option in the order :func:`outcome_by_rounds`
    numbers them, each by a fresh search."""
    return [ComplexSolver().value_of(*o) for o in _numbered(cx.facets)]


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(complexes(max_vertices=6, max_facets=5), st.booleans())
def test_outcome_by_rounds_equals_brute_force(cx: Complex, compiled: bool) -> None:
    """The outcome found option by option is brute force's, with and
    without the compiled search; with a first round too short to decide
    anything, the second round still finds it; every option it calls P has
    value 0 and every one it calls N a nonzero value; a P-position it
    decides is then in the solver's table."""
    truth = "P" if brute(cx) == 0 else "N"
    seen: list[tuple[int, str, float]] = []
    s = ComplexSolver(compiled=compiled)
    assert outcome_by_rounds(cx.facets, solver=s, on_option=lambda *a: seen.append(a)) == truth
    assert s.time_limit is None
    rounds: list[tuple[int, str, float]] = []
    assert outcome_by_rounds(cx.facets, solver=ComplexSolver(compiled=compiled), budgets=(1e-9, None),
                             on_option=lambda *a: rounds.append(a)) == truth
    nim, unknowns = ComplexSolver().decompose(cx.facets)
    if len(unknowns) == 1:
        values = _options_truth(cx)
        for index, verdict, seconds in seen + rounds:
            assert seconds >= 0
            if verdict != "open":
                assert (values[index - 1] == 0) == (verdict == "P"), (cx.facet_labels(), index, verdict)
        if truth == "P":  # every option was shown to be N, each once in the first call
            assert sorted(i for i, _, _ in seen) == list(range(1, len(values) + 1))
            # and the table records the position as P (for later runs and certificates)
            assert s.known_outcome(*s.decompose(cx.facets)) == ("P", 0)
    else:  # searched whole: option 0 stands for the position, with its options' verdict
        assert all(i == 0 and v == {"P": "N", "N": "P"}[truth] for i, v, _ in seen), seen
        assert all(i == 0 and v in ("open", {"P": "N", "N": "P"}[truth]) for i, v, _ in rounds), rounds


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(complexes(max_vertices=6, max_facets=5), st.data())
def test_outcome_by_rounds_only_some_options(cx: Complex, data: st.DataObject) -> None:
    """``only=``: only the options of those indices are searched (each one
    reported is among them); a P option among them makes the answer N;
    all of them asked gives brute force's outcome, fewer gives it or
    "open", never the other; a position searched whole refuses ``only``."""
    truth = "P" if brute(cx) == 0 else "N"
    nim, unknowns = ComplexSolver().decompose(cx.facets)
    if len(unknowns) != 1:
        with pytest.raises(InputError, match="searched whole"):
            outcome_by_rounds(cx.facets, solver=ComplexSolver(), only={1})
        return
    values = _options_truth(cx)
    indices = range(1, len(values) + 1)
    only = set(data.draw(st.lists(st.sampled_from(list(indices)), unique=True)))
    seen: list[tuple[int, str, float]] = []
    got = outcome_by_rounds(cx.facets, solver=ComplexSolver(), only=only, on_option=lambda *a: seen.append(a))
    assert all(i in only for i, _v, t in seen if t > 0), (only, seen)  # searched: among those asked
    assert got in (truth, "open")
    if any(values[i - 1] == 0 for i in only):
        assert got == "N"
    if only == set(indices):
        assert got == truth


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(complexes(max_vertices=6, max_facets=5))
def test_a_p_position_is_answered_without_asking_its_options(cx: Complex) -> None:
    """Every option of a P-position is N: its winning moves are none and
    none is sought (no option asked); an N-position's are asked."""
    from grundy.games.complexes.analysis import analyze_complex

    s = ComplexSolver()
    calls = [0]
    real = s.is_p

    def counted(*args):
        calls[0] += 1
        return real(*args)

    s.is_p = counted
    a = analyze_complex(cx, solver=s)
    assert (a["outcome"] == "P") == (brute(cx) == 0)
    if a["outcome"] == "P":
        assert a["winning_moves"] == [] and calls[0] == 0
    else:
        assert a["winning_moves"] and calls[0] > 0


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(complexes(max_vertices=6, max_facets=5), st.data())
def test_outcome_by_rounds_only_in_order(cx: Complex, data: st.DataObject) -> None:
    """``only=`` as a sequence: the options searched are taken in its order
    (a repeated index once), whatever the sizes; each search reported is
    the next one of the sequence that the table did not decide, and the
    first P one ends the round."""
    nim, unknowns = ComplexSolver().decompose(cx.facets)
    if len(unknowns) != 1:
        return
    values = _options_truth(cx)
    indices = list(range(1, len(values) + 1))
    order = data.draw(st.lists(st.sampled_from(indices), min_size=1, max_size=len(indices) + 2))
    seen: list[tuple[int, str, float]] = []
    got = outcome_by_rounds(cx.facets, solver=ComplexSolver(), only=order, on_option=lambda *a: seen.append(a))
    known = {i for i, _v, t in seen if t == 0}  # decided by the table before any search
    searched = [(i, v) for i, v, t in seen if t > 0]
    pending = [i for i in dict.fromkeys(order) if i not in known]
    assert [i for i, _v in searched] == pending[:len(searched)], (order, seen)
    if any(v == "P" for _i, v, t in seen if t == 0):  # a P option in the table: nothing searched
        assert not searched, (order, seen)
    elif len(searched) < len(pending):  # stopped early: by a P option
        assert searched and searched[-1][1] == "P", (order, seen)
    for i, v in searched:
        assert v == ("P" if values[i - 1] == 0 else "N")
    if any(values[i - 1] == 0 for i in order):
        assert got == "N"


def test_outcome_by_rounds_budgets_and_shared_limit() -> None:
    """A round too short leaves options open (and the answer "open" when no
    round is longer); a later round settles them; the solver's shared
    budget stops the whole call (SearchLimitReached, not "open"), and the
    solver's own time limit is given back."""
    import time

    from grundy.errors import SearchLimitReached

    left = build_complex_family("simplex-boundary:6").move([1, 2, 3])
    seen: list[tuple[int, str, float]] = []
    s = ComplexSolver(time_limit=50)
    assert outcome_by_rounds(left.facets, solver=s, budgets=(1e-9,), on_option=lambda *a: seen.append(a)) == "open"
    assert any(v == "open" for _, v, _ in seen) and not any(v == "P" for _, v, _ in seen)
    assert s.time_limit == 50
    assert outcome_by_rounds(left.facets, solver=s, budgets=(1e-9, None)) == ("P" if value(left) == 0 else "N")
    shared = ComplexSolver()
    shared.limits.share(1e-6)
    time.sleep(0.01)
    with pytest.raises(SearchLimitReached, match="time limit 1e-06 s"):
        outcome_by_rounds(left.facets, solver=shared, budgets=(None,))
    assert shared.time_limit == 1e-6  # share names its budget as the limit; the call gave it back
    # the shared budget stops a round with a budget of its own, and the stop names the shared one
    shared = ComplexSolver()
    shared.limits.share(0.05)
    with pytest.raises(SearchLimitReached, match="time limit 0.05 s"):
        outcome_by_rounds(left.facets, solver=shared, budgets=(60,))
    # a shared budget long enough leaves the rounds to their own budgets
    roomy = ComplexSolver()
    roomy.limits.share(600)
    seen.clear()
    assert outcome_by_rounds(left.facets, solver=roomy, budgets=(1e-9, None),
                             on_option=lambda *a: seen.append(a)) == ("P" if value(left) == 0 else "N")
    assert any(v == "open" for _, v, _ in seen)
    # a position limit is not a round's budget: it stops the call
    with pytest.raises(SearchLimitReached, match="position limit"):
        outcome_by_rounds(left.facets, solver=ComplexSolver(max_positions=5), budgets=(60, None))


def test_gale_reply_search_decides_the_first_moves() -> None:
    """For n <= 6 every first move of Gale's game loses (its nim-value in
    the first-move table is nonzero, brute force for n <= 4); a reply
    reported P belongs to a first move that loses; sizes are checked."""
    for n in range(2, 7):
        replies: list[tuple[int, int, str, float]] = []
        got = gale_reply_search(n, on_reply=lambda *a: replies.append(a))
        values = dict(gale_first_moves(n))
        assert got == [(k, "wins" if values[k] == 0 else "loses") for k in range(1, n)]
        winners = {k for k, _, v, _ in replies if v == "P"}
        # a reply found P makes its first move lose (a first move whose position the
        # reductions value at once reports no reply)
        assert winners <= {k for k, v in got if v == "loses"}
        assert n < 4 or winners
        if n <= 4:
            start = build_complex_family(f"simplex-boundary:{n}")
            assert [v for _, v in got] == ["wins" if brute(start.move(range(1, k + 1))) == 0 else "loses"
                                           for k in range(1, n)]
    assert gale_reply_search(6, [3], budgets=(1e-9, None)) == [(3, "loses")]
    for bad in ([0], [6], [3, 3]):
        with pytest.raises(InputError):
            gale_reply_search(6, bad)
    with pytest.raises(InputError):
        gale_reply_search(1)


def test_gale_counter_search_decides_each_reply() -> None:
    """``gale_counter_search`` (a reply's counter-moves in rounds, the first
    round too short to decide anything) gives each reply to a first move the
    outcome a fresh search gives it, a counter it calls P belongs to an N
    reply, and a first move wins iff every reply is N, as the first-move
    table says; sizes and reply numbers out of range are refused."""
    from grundy.games.complexes.complex import remove_face

    for n, k in [(4, 1), (4, 3), (5, 1), (5, 2), (5, 3), (6, 2)]:
        start = build_complex_family(f"simplex-boundary:{n}")
        replies = _numbered(remove_face(start.facets, (1 << k) - 1))  # as gale_reply_search numbers them
        verdicts = []
        for r in range(1, len(replies) + 1):
            counters: list[tuple[int, str, float]] = []
            got = gale_counter_search(n, k, r, budgets=(1e-9, None), on_counter=lambda *a: counters.append(a))
            truth = "P" if ComplexSolver().value_of(*replies[r - 1]) == 0 else "N"
            assert got == truth, (n, k, r)
            assert all(v != "P" for _, v, _ in counters) or got == "N"
            verdicts.append(got)
        assert (all(v == "N" for v in verdicts)) == (dict(gale_first_moves(n))[k] == 0), (n, k)
    for bad in ((5, 0, 1), (5, 5, 1), (5, 2, 0), (5, 2, 99), (4, 2, 1)):  # 4, 2: no component left to reply in
        with pytest.raises(InputError):
            gale_counter_search(*bad)


def test_mangang_hollow_tetrahedron() -> None:
    """Mangang's n = 4 walk-through: removing the edge {1,2} leaves the binary
    star (1, 2), which reduces to the 1-simplex {3,4} (value 2, so the
    player who removed the edge loses); removing a vertex leaves a full
    triangle, from which removing the triangle leaves a 3-cycle (value 0)."""
    start = build_complex_family("simplex-boundary:4")
    after = analyze_complex(start.move([1, 2]))
    assert after["value"] == 2
    assert any("binary stars" in line for line in after["explanation"])
    triangle = start.move([4])
    assert triangle.facet_labels() == [(1, 2, 3)]
    assert {"face": [1, 2, 3]} in analyze_complex(triangle)["winning_moves"]


def test_torus_of_figure_4_is_a_p_position() -> None:
    cx = build_complex_family("torus")
    assert cx.f_vector() == [9, 27, 18]
    assert sum((-1) ** k * c for k, c in enumerate(cx.f_vector())) == 0  # Euler characteristic of a torus
    a = analyze_complex(build_complex_family("torus"), name="torus")
    assert a["value"] == 0 and a["outcome"] == "P"
    assert any("Theorem 1" in line for line in a["explanation"])
    # Khandhawit-Ye's involution: reflect (i, j) -> (j, i); fixed (i, i) form a 3-cycle
    tau = {v: (v[1], v[0]) for v in cx.labels}
    faces = all_faces(cx)
    assert {frozenset(tau[v] for v in f) for f in faces} == faces
    assert not any(v in f and tau[v] in f for f in faces for v in f if tau[v] != v)
    fixed = frozenset(f for f in faces if all(tau[v] == v for v in f))
    assert sorted(map(sorted, fixed)) == sorted(
        map(sorted, [{(0, 0)}, {(1, 1)}, {(2, 2)}, {(0, 0), (1, 1)}, {(1, 1), (2, 2)}, {(0, 0), (2, 2)}])
    )
    assert brute_faces(fixed) == 0


def test_full_simplex_is_the_boolean_poset() -> None:
    for n in range(1, 5):
        cx = build_complex_family(f"simplex:{n}")
        b = build_poset_family(f"boolean:{n}")
        assert poset_key(cx.face_poset().up) == poset_key(b.up)
        assert value(cx) > 0  # a greatest face: strategy stealing


# ----------------------------------------------------------------------
# families, analysis output, input
# ----------------------------------------------------------------------
def test_families_structure() -> None:
    assert build_complex_family("simplex-boundary:5").f_vector() == [5, 10, 10, 5]
    assert build_complex_family("simplex:4").f_vector() == [4, 6, 4, 1]
    assert build_complex_family("skeleton:5,2").f_vector() == [5, 10]
    assert build_complex_family("skeleton:4,4") == build_complex_family("simplex:4")
    assert build_complex_family("simplex-boundary:1").n == 0
    assert value(build_complex_family("skeleton:5,1")) == 1  # 5 isolated vertices
    assert value(build_complex_family("skeleton:6,2")) == grundy.nim_value("complete:6") == 0


def test_analysis_json() -> None:
    a = analyze_complex(build_complex_family("simplex-boundary:3"), option_table=True, name="simplex-boundary:3")
    assert set(a) == {
        "name", "game", "value", "outcome", "winning_moves", "vertices", "facets",
        "explanation", "stats", "options",
    }
    assert a["name"] == "simplex-boundary:3" and a["game"] == "subset-takeaway"
    assert a["value"] == 0 and a["winning_moves"] == []
    assert a["facets"] == [[1, 2], [1, 3], [2, 3]]
    assert [o["face"] for o in a["options"]] == [[1], [2], [3], [1, 2], [1, 3], [2, 3]]
    assert json.loads(json.dumps(a)) == a
    t = text_report(analyze_complex(build_complex_family("simplex-boundary:4").move([1, 2]), name="after 12"))
    assert t.splitlines()[:2] == ["after 12: value 2 (N)", "winning moves: {1,3}, {1,4}, {2,3}, {2,4}, {3,4}"]


def test_facets_file(tmp_path) -> None:
    f = tmp_path / "c.facets"
    f.write_text("# two triangles and an edge\n1 2 3\n2 3 4\n3 4  # a face of 2 3 4\n5\n")
    cx = load_complex(str(f))
    assert cx.facet_labels() == [(1, 2, 3), (2, 3, 4), (5,)]
    assert cx.redundant == 1
    a = analyze_complex(cx)
    assert any("downward closure" in line for line in a["explanation"])
    assert a["value"] == brute(cx)
    j = tmp_path / "c.json"
    j.write_text(json.dumps({"facets": [["a", "b"], ["b", [0, 1]]]}))
    assert load_complex(str(j)).facet_labels() == [("a", "b"), ("b", (0, 1))]


@pytest.mark.parametrize(
    "spec,message",
    [
        ("sphere:3", "unknown complex family 'sphere'"),
        ("simplex:0", "positive"),
        ("skeleton:4,-1", "positive"),
        ("skeleton:3,4", "need k <= n"),
        ("skeleton:4", "expected skeleton:n,k"),
        ("torus:2", "takes no parameters"),
        ("simplex", "needs parameters"),
        ("simplex:40", "at most 16"),
        ("graph:nonsense:3", ""),
        ("missing.facets", "cannot read missing.facets"),
    ],
)
def test_bad_complex_specs(tmp_path, monkeypatch, spec: str, message: str) -> None:
    monkeypatch.chdir(tmp_path)
    with pytest.raises(InputError) as exc:
        load_complex(spec)
    assert message in str(exc.value) and "\n" not in str(exc.value)


def test_bad_facets(tmp_path) -> None:
    with pytest.raises(InputError, match="facet 2 is empty"):
        Complex.from_facets([[1], []])
    with pytest.raises(InputError, match="lists vertex 1 twice"):
        Complex.from_facets([[1, 2, 1]])
    for body, message in [
        ('{"facets": [[1, 2], []]}', "facet 2 is empty"),
        ('{"faces": []}', "expected a complex object"),
        ('{"facets": [1, 2]}', "must be a list"),
        ('{"facets": [[true]]}', "a label must be"),
    ]:
        f = tmp_path / "bad.json"
        f.write_text(body)
        with pytest.raises(InputError) as exc:
            load_complex(str(f))
        assert message in str(exc.value), (body, str(exc.value))
    # a facet in another notation was one vertex named "1,2,3" (independent review)
    for body, bad in [("1,2,3\n", ","), ("{1 2 3}\n", "{"), ("[1, 2]\n3 4\n", "["), ("1 2; 3 4\n", ";")]:
        f = tmp_path / "bad.facets"
        f.write_text(body)
        with pytest.raises(InputError, match=f"a label may not contain '\\{bad}'; write one facet per line"):
            load_complex(str(f))
    empty = tmp_path / "empty.facets"
    empty.write_text("# nothing\n")
    with pytest.raises(InputError, match="no facets"):
        load_complex(str(empty))


def test_persistent_table_for_complexes(tmp_path) -> None:
    path = str(tmp_path / "c.sqlite")
    cx = build_complex_family("simplex-boundary:5").move([1])
    s = ComplexSolver(ComplexTheory.none(), table=path)
    s.start()
    v = s.value_of(*s.decompose(cx.facets))
    s.finish()
    s.close()
    t = ComplexSolver(ComplexTheory.none(), table=path)
    assert t.loaded > 0
    t.start()
    assert t.value_of(*t.decompose(cx.facets)) == v == brute(cx)
    t.finish()
    assert t.stats.positions == 0
