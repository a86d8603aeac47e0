"""The compiled kernel (grundy.games.graphs._kernel) against the pure-Python path.

The kernel must give *identical* decompositions (same nimber, same unknown
components in the same order, same compact adjacency, same counters) and
identical option lists. The comparison tests are skipped, visibly, when the
extension is not built; unless ``GRUNDY_ALLOW_NO_KERNEL=1``, a missing extension
is a failure instead.
"""

from __future__ import annotations

import os
import random
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from grundy import Solver, Theory
from grundy.games.graphs import game as engine
from grundy.games.graphs.misere import MisereSolver
from grundy.games.graphs.bitset import full_mask, remove_edge, remove_vertex, upper_lists
from grundy.core.canon import automorphisms, certificate, graph_from_certificate
from grundy.core.limits import Stats

Solver()  # raises the recursion limit now, not during a hypothesis test (which warns)

PROPS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def test_kernel_is_built() -> None:
    """The kernel is built and bound to nauty: the README's test command and
    CI run exactly this. On a machine where it cannot be compiled, set
    GRUNDY_ALLOW_NO_KERNEL=1 to test the pure-Python fallback alone."""
    if os.environ.get("GRUNDY_ALLOW_NO_KERNEL") == "1":
        pytest.skip("GRUNDY_ALLOW_NO_KERNEL=1: testing the pure-Python fallback alone")
    from grundy.games.graphs import _kernel  # noqa: F401  (ImportError here is the failure)

    assert engine._kernel is not None
    assert engine.KERNEL_NAUTY  # the kernel calls nauty itself (keys checked at import)


try:
    from grundy.games.graphs import _kernel as kernel
except ImportError:
    kernel = None

#: The comparisons need the kernel; without it they are reported as skipped.
needs_kernel = pytest.mark.skipif(kernel is None, reason="compiled kernel grundy.games.graphs._kernel not built")


@contextmanager
def python_path() -> Iterator[None]:
    """Run the engine without the kernel (as when it is not importable)."""
    saved = engine._kernel
    engine._kernel = None
    try:
        yield
    finally:
        engine._kernel = saved


@st.composite
def adjacency(draw: st.DrawFn, max_n: int = 64) -> tuple[int, ...]:
    """A random graph on up to ``max_n`` vertices, sparse or dense, with
    false twins added (copies of vertices) to exercise twin deletion."""
    n = draw(st.integers(1, max_n))
    density = draw(st.sampled_from([0.0, 0.1, 0.2, 0.35, 0.6, 0.9, 1.0]))
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    base = max(1, n - draw(st.integers(0, n // 2)))
    adj = [0] * n
    for i in range(base):
        for j in range(i + 1, base):
            if rng.random() < density:
                adj[i] |= 1 << j
                adj[j] |= 1 << i
    for v in range(base, n):  # v copies the neighbourhood of an earlier vertex
        u = rng.randrange(v)
        nb = adj[u] & ~(1 << v)
        adj[v] = nb
        m = nb
        while m:
            low = m & -m
            adj[low.bit_length() - 1] |= 1 << v
            m ^= low
    return tuple(adj)


theories = st.builds(Theory, *(st.booleans() for _ in Theory.names()))


def counts(stats: Stats) -> dict[str, int]:
    """A searcher's counters without its seconds (a direct ``decompose`` runs on
    a clock of its own, so each searcher counts its own wall time)."""
    return {k: v for k, v in stats.as_dict().items() if k != "seconds"}


def decompose_both(theory: Theory, adj: tuple[int, ...], mask: int) -> None:
    fast, slow = Solver(theory), Solver(theory)
    got = fast.decompose(adj, mask)
    with python_path():
        want = slow.decompose(adj, mask)
    assert got == want
    assert counts(fast.stats) == counts(slow.stats)


@needs_kernel
@PROPS
@given(adjacency(), theories, st.integers(0, 2**64 - 1))
def test_decompose_equals_python(adj: tuple[int, ...], theory: Theory, bits: int) -> None:
    decompose_both(theory, adj, full_mask(len(adj)))
    decompose_both(theory, adj, bits & full_mask(len(adj)))


@needs_kernel
@PROPS
@given(adjacency(max_n=14), theories)
def test_options_equal_python(adj: tuple[int, ...], theory: Theory) -> None:
    options_both(theory, adj)


def options_both(theory: Theory, adj: tuple[int, ...]) -> None:
    """The kernel's option list of ``adj`` and the Python one: equal, with
    equal statistics."""
    key = certificate(len(adj), upper_lists(adj))
    fast, slow = Solver(theory), Solver(theory)
    got = fast._options(key)
    with python_path():
        want = slow._options(key)
    assert got == want
    assert counts(fast.stats) == counts(slow.stats)


@needs_kernel
def test_children_of_64_vertices_equal_python() -> None:
    """Deleting vertex 63 or an edge at it (the shifts at the word's end);
    deleting a non-edge (5, 6) leaves the graph as it is."""
    rng = random.Random(7)
    adj = [0] * 64
    for i in range(64):
        for j in rng.sample(range(64), 3):
            if j != i:
                adj[i] |= 1 << j
                adj[j] |= 1 << i
    adj[0] |= 1 << 63
    adj[63] |= 1
    graph = tuple(adj)
    vertices, edges = [0, 62, 63], [(0, 63), (62, 63), (5, 6)]
    fast, slow = Solver(), Solver()
    got = [fast.game.resolve(fast, split) for split in kernel.children(graph, vertices, edges, Theory())]
    with python_path():
        want = [slow.decompose(remove_vertex(graph, i)) for i in vertices]
        want += [slow.decompose(remove_edge(graph, i, j)) for i, j in edges]
    assert got == want
    assert counts(fast.stats) == counts(slow.stats)


@needs_kernel
def test_more_than_64_vertices_use_the_python_path() -> None:
    path = tuple((1 << (i - 1) if i else 0) | (1 << (i + 1) if i < 69 else 0) for i in range(70))
    assert Solver().decompose(path) == (2, ())  # a path on 70 vertices: a tree, v even, e odd
    with pytest.raises(ValueError):
        kernel.split(path, full_mask(70), Theory())


@needs_kernel
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 160), st.floats(0.0, 1.0), st.integers(0, 2**32 - 1), st.booleans())
def test_the_wide_compaction_equals_the_python_one(n: int, density: float, seed: int, lists: bool) -> None:
    """kernel.compact_wide (the hot path of graphs over 64 vertices) gives
    what bitset's pure-Python compaction gives, on any number of vertices."""
    from helpers import gnp

    from grundy.games.graphs import bitset

    adj = list(gnp(n, density, seed).adj) if n else []
    rng = random.Random(seed)
    mask = rng.getrandbits(n) if n else 0
    if n and rng.random() < 0.3:
        mask = full_mask(n) & ~(1 << rng.randrange(n))  # one vertex gone: the common case
    saved = bitset._compact_wide
    bitset._compact_wide = None
    try:
        want = bitset.compact_with_lists(tuple(adj), mask) if mask else ((), {})
    finally:
        bitset._compact_wide = saved
    got = kernel.compact_wide(tuple(adj), mask, lists)
    assert got == (want if lists else (want[0], None))


@needs_kernel
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 200), st.floats(0.0, 0.2), st.integers(0, 2**32 - 1))
def test_the_wide_components_equal_the_python_ones(n: int, density: float, seed: int) -> None:
    """kernel.components_wide (the Python search's components above 64
    vertices) gives what bitset's pure-Python components give, in the same
    order (lowest vertex first), on any number of vertices; sparse graphs,
    where a mask splits into many components."""
    from helpers import gnp

    from grundy.games.graphs import bitset

    adj = tuple(gnp(n, density, seed).adj) if n else ()
    rng = random.Random(seed)
    mask = rng.getrandbits(n) if n else 0
    if n and rng.random() < 0.3:
        mask = full_mask(n) & ~(1 << rng.randrange(n))
    saved = bitset._components_wide
    bitset._components_wide = None
    try:
        want = bitset.components(adj, mask)
    finally:
        bitset._components_wide = saved
    assert kernel.components_wide(adj, mask) == want
    if n > 64:
        assert bitset.components(adj, mask) == want  # the Python search's call goes to the kernel


@settings(max_examples=100, deadline=None)
@given(adjacency(max_n=20), st.sets(st.sampled_from(["involutions", "cancel_pairs", "arc_kayles", "mirror", "paths"])))
def test_classify_does_nothing_without_its_switches(adj: tuple[int, ...], others: set[str]) -> None:
    """With no switch of CLASSIFY_SWITCHES on, classify finds nothing (so a
    ruleset that uses none of them may skip it, as GraphGame does)."""
    from grundy.games.graphs.bitset import components
    from grundy.games.graphs.theory import classify

    theory = Theory.only(*others)
    for comp in components(adj, full_mask(len(adj))):
        assert classify(adj, comp, theory) is None


@needs_kernel
@pytest.mark.parametrize("spec, ruleset", [("grid:2,33", "node-kayles"), ("spider:30,20,20", "arc-kayles"),
                                           ("grid:2,33", "even-vertex")])
def test_more_than_64_vertices_hand_their_small_sums_to_the_kernel(spec: str, ruleset: str) -> None:
    """A position over 64 vertices is searched in Python down to sums of
    components the kernel takes, which the compiled search then decides:
    the same values, positions, table hits and table as the Python path."""
    from grundy.readwrite.graphs import to_graph

    adj = to_graph(spec).adj
    assert len(adj) > kernel.MAX_VERTICES
    fast = Solver(ruleset=ruleset, max_positions=20_000)
    got = fast.value_of(*fast.decompose(adj))
    assert fast._expander is not None and fast._delegate is None  # it was used, and let go
    with python_path():
        slow = Solver(ruleset=ruleset, max_positions=20_000)
        want = slow.value_of(*slow.decompose(adj))
        assert slow._expander is None
    assert got == want
    assert (fast.stats.positions, fast.stats.table_hits) == (slow.stats.positions, slow.stats.table_hits)
    assert len(fast.values) == len(slow.values)


# ----------------------------------------------------------------------
# nauty called from the kernel: the same keys, graphs and orbits as pynauty
# ----------------------------------------------------------------------
needs_nauty = pytest.mark.skipif(
    not engine.KERNEL_NAUTY, reason="the kernel is not bound to nauty (see engine._bind_kernel)"
)


def atlas() -> list[tuple[int, ...]]:
    import networkx as nx

    from grundy import Graph

    return [Graph.from_networkx(G).adj for G in nx.graph_atlas_g()[1:]]


def check_against_pynauty(adj: tuple[int, ...]) -> tuple[bool, bool]:
    """The kernel's key, canonical graph and orbits against pynauty's;
    returns (whether the group cache answered, whether the graph has
    automorphisms)."""
    key = certificate(len(adj), upper_lists(adj))
    assert kernel.graph_key(adj) == key
    canon = graph_from_certificate(key)
    assert kernel.graph_of_key(key) == canon
    gens, orbits = automorphisms(len(canon), upper_lists(canon))
    vertices = sorted((v for v in range(len(canon)) if orbits[v] == v), key=lambda v: -canon[v].bit_count())
    edges = engine._edge_orbit_reps(upper_lists(canon), gens)
    edges.sort(key=lambda e: canon[e[0]].bit_count() + canon[e[1]].bit_count())  # stable: ties keep their order
    assert kernel.orbit_reps(key) == (vertices, edges)
    assert engine._orbit_reps(canon) == kernel.orbit_reps(key)
    return check_group_cache(adj, key, bool(gens)), bool(gens)


def check_group_cache(adj: tuple[int, ...], key: bytes, symmetric: bool) -> bool:
    """The group cache's orbits (generators nauty found while it made the
    key, relabelled by its canonical labelling) are those of nauty's group
    of the key's graph; it answers only for a graph with automorphisms.
    Returns whether it answered."""
    kept_key, answered, reps = kernel.orbit_reps_kept(adj)
    assert kept_key == key
    assert reps == kernel.orbit_reps(key)
    assert symmetric or not answered
    return answered


@needs_nauty
def test_kernel_keys_orbits_equal_pynauty_on_all_small_graphs() -> None:
    answered = symmetric = 0
    for adj in atlas():
        a, s = check_against_pynauty(adj)
        answered += a
        symmetric += s
    # the cache answers every graph of the atlas with automorphisms (at most 6 generators there)
    assert answered == symmetric > 1000


@needs_nauty
@PROPS
@given(adjacency(), st.randoms(use_true_random=False))
def test_group_cache_orbits_equal_nauty_group_relabelled(adj: tuple[int, ...], rnd) -> None:
    """The group cache on graphs up to 64 vertices, as given and relabelled
    at random (so that nauty's canonical labelling moves every vertex):
    the same orbit representatives as nauty's group of the key's graph."""
    perm = list(range(len(adj)))
    rnd.shuffle(perm)
    relabelled = [0] * len(adj)
    for v, row in enumerate(adj):
        relabelled[perm[v]] = sum(1 << perm[w] for w in range(len(adj)) if row >> w & 1)
    for g in (adj, tuple(relabelled)):
        check_group_cache(g, kernel.graph_key(g), True)


@needs_nauty
@PROPS
@given(adjacency())
def test_kernel_keys_orbits_equal_pynauty(adj: tuple[int, ...]) -> None:
    check_against_pynauty(adj)


@needs_nauty
@PROPS
@given(adjacency(), st.integers(1, 2**64 - 1))
def test_kernel_key_of_an_induced_subgraph(adj: tuple[int, ...], bits: int) -> None:
    mask = bits & full_mask(len(adj)) or 1
    verts = [v for v in range(len(adj)) if mask >> v & 1]
    sub = tuple(sum(1 << k for k, w in enumerate(verts) if adj[v] >> w & 1) for v in verts)
    assert kernel.graph_key(adj, mask) == certificate(len(sub), upper_lists(sub))


@needs_nauty
@PROPS
@given(adjacency(), st.lists(st.integers(0, 63), max_size=7), st.integers(0, 3))
def test_kernel_key_of_a_subgraph_with_few_gaps(adj: tuple[int, ...], gone: list[int], low: int) -> None:
    """The kernel renumbers a component whose mask has at most four gaps
    below its highest vertex gap by gap, others vertex by vertex: both ways
    the compacted rows (ours and nauty's, bit-reversed) equal the plain
    renumbering, and the keys pynauty's, through nauty and the memo, with
    the lowest ``low`` vertices and a few others gone."""
    n = len(adj)
    mask = full_mask(n) & ~((1 << low) - 1)
    for v in gone:
        mask &= ~(1 << (v % n))
    mask = mask or 1 << (n - 1)
    verts = [v for v in range(n) if mask >> v & 1]
    sub = tuple(sum(1 << k for k, w in enumerate(verts) if adj[v] >> w & 1) for v in verts)
    nauty_rows = tuple(sum(1 << (63 - k) for k in range(len(verts)) if row >> k & 1) for row in sub)
    assert kernel.compact_rows(adj, mask) == (nauty_rows, sub)
    key = certificate(len(sub), upper_lists(sub))
    assert kernel.graph_key(adj, mask) == key
    assert kernel.memo_key(adj, mask) == key


@needs_nauty
def test_involution_reductions_equal_python_on_all_small_graphs() -> None:
    """With twins and closed forms off, the involutions (found in C for the
    kernel, by grundy.games.graphs.theory for Python) decide; both must pick the same."""
    theory = Theory.only("involutions")
    for adj in atlas():
        decompose_both(theory, adj, full_mask(len(adj)))
        options_both(theory, adj)


@contextmanager
def canonical_memo(max_order: int) -> Iterator[None]:
    """The kernel's canonical labelling memo for graphs of at most
    ``max_order`` vertices only (0: nauty keys every graph), then back on."""
    kernel.canonical_memo(max_order)
    try:
        yield
    finally:
        kernel.canonical_memo(kernel.CANONICAL_MEMO_MAX)


@needs_nauty
def test_the_canonical_memo_gives_nauty_keys() -> None:
    """A key from the memo (asked twice: the second answer is the memo's)
    is nauty's, on every graph of the atlas and on random graphs of up to
    13 vertices (orders above 11 bypass the memo), in several labellings."""
    import networkx as nx

    from grundy import Graph

    rng = random.Random(5)
    graphs = list(atlas())
    for seed in range(3000):
        graphs.append(Graph.from_networkx(nx.gnp_random_graph(rng.randint(1, 13), rng.random(), seed=seed)).adj)
    before = kernel.canonical_memo()
    for adj in graphs:
        want = certificate(len(adj), upper_lists(adj))
        assert kernel.memo_key(adj) == want
        assert kernel.memo_key(adj) == want
    after = kernel.canonical_memo()
    answered = sum(after[k][1] - before.get(k, (0, 0))[1] for k in after)
    assert answered >= len(graphs) // 2  # the memo did answer (every second call at least)
    # emptied, it answers nothing it was asked before, and still gives nauty's keys
    kernel.canonical_memo(clear=True)
    for adj in dict.fromkeys(graphs[-50:]):  # each labelled graph once
        if len(adj) <= kernel.CANONICAL_MEMO_MAX:
            hits = kernel.canonical_memo()[len(adj)][1]
            assert kernel.memo_key(adj) == certificate(len(adj), upper_lists(adj))
            assert kernel.canonical_memo()[len(adj)][1] == hits


@needs_nauty
def test_the_kernel_refuses_a_malformed_adjacency() -> None:
    """A loop, a one-way edge or an edge to a vertex outside the graph is
    refused by the kernel's entry points (ValueError), before anything is
    keyed: the canonical labelling memo's word holds simple graphs only (a
    malformed K4 once left there a key that a later K4 search read)."""
    theory = Theory.only("involutions")
    for bad in [(2, 0), (1,), (3, 0), (14, 12, 11, 7), (4, 1)]:
        for call in (kernel.graph_key, kernel.memo_key, lambda adj: Solver(theory).decompose(adj)):
            with pytest.raises(ValueError, match="adjacency"):
                call(bad)
    solver = Solver(theory)
    assert solver.value_of(*solver.decompose((14, 13, 11, 7))) == 1  # K_4: 4 mod 3 (Khandhawit-Ye Lemma 1)
    assert kernel.memo_key((14, 13, 11, 7)) == kernel.graph_key((14, 13, 11, 7))


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 140).flatmap(lambda n: st.tuples(
    st.just(n), st.lists(st.tuples(st.integers(0, max(n - 1, 0)), st.integers(0, max(n - 1, 0))), max_size=60),
    st.lists(st.tuples(st.integers(0, max(n - 1, 0)), st.integers(0, n + 130)), max_size=2),
    st.sampled_from(["none", "negative", "bool"]))))
def test_the_word_at_a_time_adjacency_test_is_the_python_one(case: tuple) -> None:
    """``check_adjacency`` asks the kernel's ``is_simple_wide`` first (a
    64-bit word at a time) and names a fault with its Python loop: on random
    rows on up to 140 vertices (edges given at both ends, then at times an
    arc given at one end only, a loop or a bit at or past n, a negative row
    or a bool), it accepts and refuses exactly what the Python loop alone
    does, with the same message."""
    from grundy.games.graphs import bitset

    n, edges, arcs, odd = case
    rows = [0] * n
    for i, j in edges:
        if i != j:
            rows[i] |= 1 << j
            rows[j] |= 1 << i
    for i, j in arcs if n else ():  # one end only: a one-way edge, a loop or a vertex outside the graph
        rows[i] |= 1 << j
    if n and odd == "negative":
        rows[n // 2] = -1 - rows[n // 2]
    adj: tuple = tuple(rows)
    if n and odd == "bool":
        adj = (bool(rows[0]), *rows[1:])

    def verdict() -> str:
        try:
            bitset.check_adjacency(adj)
        except (ValueError, TypeError) as exc:
            return f"{type(exc).__name__}: {exc}"
        return "simple"

    assert bitset._is_simple_wide is not None
    fast = verdict()
    saved = bitset._is_simple_wide
    bitset._is_simple_wide = None
    try:
        assert fast == verdict()
    finally:
        bitset._is_simple_wide = saved


@pytest.mark.parametrize("ruleset", ["chomp", "graph-nim", "be-be"])
def test_every_path_refuses_a_malformed_adjacency(ruleset: str) -> None:
    """The same inputs, refused with the same message by the Python path (no
    kernel; graphs over 64 vertices, which never reach it) and by the misère
    search, normal or compiled: a loop, a one-way edge, an edge outside the
    graph, a negative bitset, something not a tuple of ints."""
    wide = tuple(1 << 70 if i == 0 else 0 for i in range(70))  # 70 vertices, an edge to vertex 70
    one_way = tuple(2 if i == 0 else 0 for i in range(70))  # 70 vertices, the edge 0-1 at 0 only
    bad = [(2, 0), (1,), (3, 0), (14, 12, 11, 7), (4, 1), (-1, 0), wide, one_way]
    calls = [lambda adj: Solver(ruleset=ruleset).decompose(adj),
             lambda adj: MisereSolver(ruleset).is_n(adj),
             lambda adj: MisereSolver(ruleset, compiled=False).is_n(adj)]
    for adj in bad:
        for call in calls:
            with pytest.raises(ValueError, match="adjacency"):
                call(adj)
        with python_path(), pytest.raises(ValueError, match="adjacency"):
            Solver(ruleset=ruleset).decompose(adj)
    for call in calls:
        with pytest.raises(TypeError, match="adjacency"):
            call([2, 1])
        with pytest.raises(TypeError, match="adjacency"):
            call((2, 1.0))


@needs_nauty
def test_reductions_found_through_the_canonical_memo_equal_python() -> None:
    """A key first met in a fresh solver but answered by the memo (the same
    labelled graph keyed before) still gets its involution reduction: the
    kernel calls nauty again for the automorphism generators. Every graph
    of the atlas, split twice by fresh solvers, against the Python path."""
    theory = Theory.only("involutions")
    for _ in range(2):
        for adj in atlas():
            decompose_both(theory, adj, full_mask(len(adj)))


@needs_nauty
def test_rigid_marks_are_the_trivial_automorphism_groups() -> None:
    """A key the kernel leaves to search is marked rigid (its expansion then
    skips nauty's automorphism group, ``_orbit_reps``) exactly when its graph
    has no automorphism but the identity, as pynauty finds the group: every
    graph of the atlas and 300 random ones on 8 to 14 vertices, split by a
    fresh solver under Graph Chomp's results (every new key is looked at for
    a reduction); twice, the second time with every key from the canonical
    labelling memo (nauty is called again for the group)."""
    import networkx as nx

    from grundy import Graph

    rng = random.Random(29)
    graphs = atlas() + [
        Graph.from_networkx(nx.gnp_random_graph(rng.randint(8, 14), rng.choice((0.3, 0.5, 0.7)), seed=rng.randrange(10**6))).adj
        for _ in range(300)
    ]
    seen = {True: 0, False: 0}
    for _ in range(2):
        for adj in graphs:
            solver = Solver(Theory())
            assert solver.table.compact is not None
            _, unknowns = solver.decompose(adj)
            for key in unknowns:
                g = graph_from_certificate(key)
                generators, _ = automorphisms(len(g), upper_lists(g))
                rigid = not generators
                assert solver.table.compact.is_rigid(key) == rigid, (adj, key)
                seen[rigid] += 1
    assert seen[True] > 100 and seen[False] > 100, seen


@needs_nauty
def test_kernel_refuses_bad_keys() -> None:
    with pytest.raises(ValueError):
        kernel.graph_of_key(b"123")
    with pytest.raises(ValueError):
        kernel.graph_of_key(bytes(65 * 16))
    with pytest.raises(ValueError):
        kernel.graph_key((0, 0), 0)


def search_both(theory: Theory, adj: tuple[int, ...], compact: bool = True) -> None:
    """The kernel's search and the Python search: same value, same answers
    to outcome questions, same number of positions (the same algorithm),
    the same table afterwards (compact or dicts)."""
    fast, slow = Solver(theory, compact=compact), Solver(theory, compact=compact)
    assert (fast.table.compact is not None) is compact
    parts = fast.decompose(adj)
    assert fast._compiled_search(parts[1]) is not None
    with python_path():
        assert slow._compiled_search(parts[1]) is None
        want = slow.value_of(*slow.decompose(adj))
        want_p = [slow.is_p(m, parts[1]) for m in range(4)]
    assert fast.value_of(*parts) == want
    assert [fast.is_p(m, parts[1]) for m in range(4)] == want_p
    assert fast.stats.positions == slow.stats.positions
    assert fast.table.snapshot() == slow.table.snapshot()
    assert fast.aliases == slow.aliases


@st.composite
def sparse(draw: st.DrawFn) -> tuple[int, ...]:
    """G(n, m) with n <= 10, m <= 14: small enough for a search with every
    result switched off."""
    import networkx as nx

    from grundy import Graph

    n = draw(st.integers(1, 10))
    m = draw(st.integers(0, min(n * (n - 1) // 2, 14)))
    return Graph.from_networkx(nx.gnm_random_graph(n, m, seed=draw(st.integers(0, 2**32 - 1)))).adj


@needs_nauty
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(sparse(), theories, st.booleans())
def test_compiled_search_equals_python(adj: tuple[int, ...], theory: Theory, compact: bool) -> None:
    search_both(theory, adj, compact)


@needs_nauty
def test_compiled_search_equals_python_on_small_graphs_without_theory() -> None:
    for i, adj in enumerate(atlas()[::20]):
        search_both(Theory.none(), adj, compact=i % 2 == 0)


@needs_nauty
def test_compiled_search_honours_limits_and_keeps_its_table() -> None:
    from grundy.errors import SearchLimitReached
    from grundy.readwrite.graphs import to_graph

    adj = to_graph("random:12,0.25,1").adj
    solver = Solver(max_positions=200)
    with pytest.raises(SearchLimitReached):
        solver.value_of(*solver.decompose(adj))
    learned = len(solver.values) + len(solver.not_values)
    assert learned > 0 and solver.stats.positions == 201
    solver.max_positions = None
    fresh = Solver()
    with python_path():
        want = fresh.value_of(*fresh.decompose(adj))
    assert solver.value_of(*solver.decompose(adj)) == want
    # what was learned before the limit was kept: fewer new positions
    assert solver.stats.positions - 201 < fresh.stats.positions


def check_resumed_generation(solver: Solver, key: bytes) -> None:
    full = solver._options(key)
    assert isinstance(full, list)
    known = {nim for nim, unk in full if not unk}
    for target in sorted(known):
        stopped = solver._options(key, target)
        assert isinstance(stopped, tuple)
        so_far, next_move, bits = stopped
        assert bits >> target & 1 and all(bits >> v & 1 == 0 or v in known for v in range(bits.bit_length()))
        assert (target, ()) in so_far and 0 < next_move
        assert solver._options(key, -1, stopped) == full  # resumed: the same list
    missing = max(known, default=-1) + 1
    assert solver._options(key, missing + 64) == full  # nothing refutes: the whole list
    # stopped, then resumed and stopped again at a later refuting option
    first_moves = [nim for nim, unk in full if not unk]
    if len(set(first_moves)) >= 2:
        a, b = sorted(set(first_moves))[:2]
        stopped = solver._options(key, a)
        again = solver._options(key, b, stopped)
        if isinstance(again, tuple):
            assert again[1] > stopped[1] and again[2] >> b & 1
            assert solver._options(key, -1, again) == full
        else:
            assert again == full  # b was generated before a: nothing left to stop at


@needs_nauty
@PROPS
@given(adjacency(max_n=14), theories)
def test_resumed_generation_gives_the_whole_option_list(adj: tuple[int, ...], theory: Theory) -> None:
    key = certificate(len(adj), upper_lists(adj))
    check_resumed_generation(Solver(theory), key)
    with python_path():
        check_resumed_generation(Solver(theory), key)


@needs_nauty
def test_option_cache_size_reaches_the_compiled_search() -> None:
    from grundy.readwrite.graphs import to_graph

    solver = Solver()
    adj = to_graph("random:12,0.25,1").adj
    solver.decompose(adj)  # makes the kernel's search
    solver.option_cache_size = 10
    solver.value_of(*solver.decompose(adj))
    assert 0 < len(solver._option_cache) <= 10



@needs_nauty
def test_values_above_63_in_the_compiled_search() -> None:
    """Bit masks of values are unbounded in both searches: a table with
    values 33, 64 and 100 (planted) gives the same answers either way."""
    from grundy.games.graphs.bitset import full_mask as fm

    def planted(solver: Solver) -> bytes:
        k1 = certificate(1, {})
        k2 = certificate(2, {0: [1]})
        solver.values.update({k1: 1, k2: 33})
        return certificate(3, {0: [1], 1: [2]})  # P3: options worth 0, 33 ^ 1, 33 ...

    for big in (33, 64, 100):
        fast, slow = Solver(Theory.none()), Solver(Theory.none())
        key = planted(fast)
        planted(slow)
        fast.values[certificate(2, {0: [1]})] = slow.values[certificate(2, {0: [1]})] = big
        fast.decompose((0,), fm(1))  # makes the kernel's search
        with python_path():
            want = [slow.is_p(m, (key,)) for m in (big, big - 1, 0, 1, 2)] + [slow.value_of(0, (key,))]
        got = [fast.is_p(m, (key,)) for m in (big, big - 1, 0, 1, 2)] + [fast.value_of(0, (key,))]
        assert got == want
        assert fast.table.snapshot() == slow.table.snapshot()


@needs_nauty
def test_a_solver_is_freed_without_the_garbage_collector() -> None:
    import gc
    import weakref

    from grundy.readwrite.graphs import to_graph

    adj = to_graph("random:12,0.25,1").adj
    gc.disable()
    try:
        solver = Solver()
        assert solver.value_of(*solver.decompose(adj)) == 2
        assert solver._expander is not None
        ref = weakref.ref(solver)
        del solver
        assert ref() is None  # no reference cycle keeps it
    finally:
        gc.enable()


def test_a_search_hands_the_garbage_collector_back_with_nothing_young_to_visit() -> None:
    """The objects a search made go to the oldest generation on the way out
    (else the collector's first pass visits them all); the caller's own
    frozen objects stay frozen and the collector is on again. The compiled
    search's option lists are not the collector's at all (``Options``,
    C arrays of bytes keys: no cycle is possible); the reductions it
    remembers (tuples) are."""
    import gc

    from grundy.readwrite.graphs import to_graph

    def tracked(solver: Solver) -> list[object]:
        kept = list(solver._option_cache.values()) + list(solver.aliases.values())
        return [o for o in kept if gc.is_tracked(o)]

    adj = to_graph("random:12,0.25,1").adj
    assert gc.isenabled() and gc.get_freeze_count() == 0
    solver = Solver()
    assert solver.value_of(*solver.decompose(adj)) == 2
    assert gc.isenabled()
    assert gc.get_freeze_count() == 0
    lists = list(solver._option_cache.values())
    assert lists and all(type(o).__name__ == "Options" and not gc.is_tracked(o) for o in lists)
    kept = tracked(solver)
    assert kept  # reductions the search made and keeps
    oldest = {id(o) for o in gc.get_objects(generation=2)}
    assert all(id(o) in oldest for o in kept)
    kept = [[] for _ in range(10)]  # tracked by the collector
    gc.freeze()
    try:
        frozen = gc.get_freeze_count()
        solver = Solver()
        assert solver.value_of(*solver.decompose(to_graph("wheel:11").adj)) == 1
        assert gc.isenabled()
        # nothing moved: the caller's frozen objects stay frozen, the search's are not frozen with them
        visible = {id(o) for o in gc.get_objects()}  # frozen objects are not listed
        assert not any(id(k) in visible for k in kept)
        assert gc.get_freeze_count() <= frozen
        made = tracked(solver)
        assert made and all(id(o) in visible for o in made)
    finally:
        gc.unfreeze()
    visible = {id(o) for o in gc.get_objects()}
    assert all(id(k) in visible for k in kept)  # (the check above can fail)


@needs_nauty
def test_masks_outside_the_graph_are_refused() -> None:
    with pytest.raises(ValueError):
        kernel.graph_key((3, 3), 1 << 50)
    with pytest.raises(ValueError):
        Solver().decompose((2, 1), 1 << 50)
    with pytest.raises(ValueError):
        kernel.split((2, 1), 1 << 5, Theory())


@needs_nauty
def test_involutions_of_graphs_with_many_generators_equal_python() -> None:
    """More than 12 generators (products of two are then not tried) and
    large groups: the kernel picks the involution grundy.games.graphs.theory picks."""
    from grundy.readwrite.graphs import to_graph

    theory = Theory.only("involutions")
    for spec in ("star:14", "complete:14", "wheel:16", "hypercube:4", "petersen", "grid:4,4",
                 "multipartite:3,3,3,3,3", "dodecahedron", "prism:6"):
        adj = to_graph(spec).adj
        decompose_both(theory, adj, full_mask(len(adj)))
        options_both(theory, adj)


@needs_kernel
def test_a_partial_list_passed_back_with_a_negative_move_index_is_refused() -> None:
    """A partial generation passed back by hand names the next move by its
    index: a negative one would index before the first move."""
    from grundy.readwrite.graphs import to_graph

    wheel = to_graph("wheel:5").adj
    key = certificate(len(wheel), upper_lists(wheel))
    expander = Solver(Theory()).expander()
    assert expander is not None
    with pytest.raises(ValueError, match="next move"):
        expander.expand(key, -1, ([], -1, 0))
    assert expander.expand(key, -1, ([], 0, 0)) == expander.expand(key)  # index 0: from the first move


@needs_kernel
def test_a_long_option_list_passed_back_is_sorted_as_python_sorts_it() -> None:
    """The kernel sorts an option list with one packed key per option; a
    list too long for the packed index (4096 or more options, which no
    generation makes, passed back as ``partial``) is sorted the Python way,
    stably, by (unknowns, their key bytes)."""
    rng = random.Random(3)
    from grundy.readwrite.graphs import to_graph

    wheel = to_graph("wheel:5").adj
    key = certificate(len(wheel), upper_lists(wheel))
    solver = Solver(Theory())
    expander = solver.expander()
    assert expander is not None
    for n in (40, 5000):
        options = [(rng.randrange(4), tuple(bytes(8 * rng.randrange(1, 4)) for _ in range(rng.randrange(4))))
                   for _ in range(n)]
        got = expander.expand(key, -1, (options, 10_000, 0))
        assert got == sorted(options, key=lambda o: (len(o[1]), sum(map(len, o[1]))))


@needs_nauty
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(sparse(), theories)
def test_searches_with_and_without_the_canonical_memo_agree(adj: tuple[int, ...], theory: Theory) -> None:
    """The same values, positions and table with every key from nauty."""
    solvers = []
    for max_order in (0, kernel.CANONICAL_MEMO_MAX):
        with canonical_memo(max_order):
            solver = Solver(theory)
            value = solver.value_of(*solver.decompose(adj))
        solvers.append((value, solver.stats.positions, solver.table.snapshot()))
    assert solvers[0] == solvers[1]


def test_searches_in_threads_give_the_sequential_values() -> None:
    """The web server runs searches in worker threads. The kernels keep
    module-level state (nauty's workspace and generators, the canonical
    labelling memo) and never release the GIL, so threads must not change a
    value: four threads search the same positions, in different orders, on
    every ruleset and on complexes, as a single thread found them."""
    import threading

    import grundy

    cases = [(f"random:9,0.5,{s}", g) for s in range(1, 4) for g in ("chomp", "node-kayles", "arc-kayles", "bo-bo")]
    cases += [(f"random:7,0.5,{s}", "graph-nim") for s in range(1, 3)]
    cases += [("skeleton:5,2", None), ("skeleton:5,3", None), ("simplex-boundary:5", None)]

    def value(spec: str, game: str | None) -> int | None:
        return grundy.analyze(spec, game=game).value if game else grundy.analyze(spec).value

    alone = {case: value(*case) for case in cases}
    wrong: list[tuple[str, str | None, int | None]] = []

    def worker(seed: int) -> None:
        order = cases[:]
        random.Random(seed).shuffle(order)
        for case in order * 2:
            got = value(*case)
            if got != alone[case]:
                wrong.append((*case, got))

    threads = [threading.Thread(target=worker, args=(seed,)) for seed in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not wrong
    assert len(set(alone.values())) > 3   # the cases are not all alike
