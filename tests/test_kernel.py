"""The compiled kernel (grundy._kernel) against the pure-Python path.

The kernel must give *identical* decompositions (same nimber, same unknown
components in the same order, same compact adjacency, same counters) and
identical option lists. The comparison tests are skipped, visibly, when the
extension is not built; with ``GRUNDY_REQUIRE_KERNEL=1`` a missing extension
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

from grundy import Solver, Theory, engine
from grundy.bitset import full_mask, remove_edge, remove_vertex, upper_lists
from grundy.canon import certificate

Solver()  # raises the recursion limit now, not during a hypothesis test (which warns)

PROPS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def test_kernel_is_built_when_required() -> None:
    if os.environ.get("GRUNDY_REQUIRE_KERNEL") != "1":
        pytest.skip("GRUNDY_REQUIRE_KERNEL is not 1: the pure-Python fallback is allowed")
    from grundy import _kernel  # noqa: F401  (ImportError here is the failure)

    assert engine._kernel is not None


try:
    from grundy import _kernel as kernel
except ImportError:
    kernel = None

#: The comparisons need the kernel; without it they are reported as skipped.
needs_kernel = pytest.mark.skipif(kernel is None, reason="compiled kernel grundy._kernel not built")


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


def decompose_both(theory: Theory, adj: tuple[int, ...], mask: int) -> None:
    fast, slow = Solver(theory), Solver(theory)
    got = fast.decompose(adj, mask)
    with python_path():
        want = slow.decompose(adj, mask)
    assert got == want
    assert fast.stats == slow.stats


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
    key = certificate(len(adj), upper_lists(adj))
    fast, slow = Solver(theory), Solver(theory)
    got = fast._options(key)
    with python_path():
        want = slow._options(key)
    assert got == want
    assert fast.stats == slow.stats


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
    got = [fast._resolve(split) for split in kernel.children(graph, vertices, edges, Theory())]
    with python_path():
        want = [slow.decompose(remove_vertex(graph, i)) for i in vertices]
        want += [slow.decompose(remove_edge(graph, i, j)) for i, j in edges]
    assert got == want
    assert fast.stats == slow.stats


@needs_kernel
def test_more_than_64_vertices_use_the_python_path() -> None:
    path = tuple((1 << (i - 1) if i else 0) | (1 << (i + 1) if i < 69 else 0) for i in range(70))
    assert Solver().decompose(path) == (2, ())  # a path on 70 vertices: a tree, v even, e odd
    with pytest.raises(ValueError):
        kernel.split(path, full_mask(70), Theory())
