"""Graph layout: :func:`graph_layout` and its helpers.

:func:`graph_layout` places a graph's vertices in the unit square by stress
majorization (the Kamada-Kawai energy) on graph distances, components side
by side: connected components, classical multidimensional scaling, stress
majorization, principal axes, shelf packing; and the layout a caller gives
completed by it (:func:`_resolve_layout`).

A graph whose vertices are all labelled by pairs of integers ``(row,
column)`` and whose edges all join lattice neighbours (a grid, a king's
graph, what remains of them in play) is drawn on its lattice instead, as
one reads the labels: row 0 on top, columns left to right
(:func:`_lattice_layout`).

Layout coordinates are ``(x, y)`` in ``[0, 1] x [0, 1]`` with ``y`` upward
(networkx's convention): ``(0, 0)`` is drawn at the bottom left of the
drawing area, ``(1, 1)`` at the top right.
"""

from __future__ import annotations

import math
import random
from collections.abc import Hashable, Mapping, Sequence
from typing import TYPE_CHECKING

from grundy.core.moves import label_str
from grundy.drawing.primitives import MAX_DRAWN, _check_size

if TYPE_CHECKING:
    from grundy.games.graphs.graph import Graph

#: Fraction of the unit square left empty on each side by :func:`graph_layout`.
LAYOUT_MARGIN = 0.05
#: Largest connected component laid out by stress majorization (pure
#: Python, quadratic per sweep); larger ones get networkx's spring layout
#: (numpy) or, without numpy, a circle.
STRESS_MAX = 500
#: Components up to this size are laid out from two starts (classical
#: scaling and a circle), keeping the lower stress.
TWO_STARTS = 40

#: A component placed in its box: (vertex indices, points, width, height).
_Box = tuple[list[int], list[tuple[float, float]], float, float]
#: A layout as callers give it: vertex label -> (x, y).
_Layout = Mapping[Hashable, Sequence[float]]


def graph_layout(graph: Graph, seed: int = 1) -> dict[Hashable, tuple[float, float]]:
    """Positions of a graph's vertices in the unit square.

    Each connected component of three or more vertices is laid out by
    stress majorization on graph distances (the energy Kamada-Kawai
    minimise, weights ``d**-2``), started from classical multidimensional
    scaling, so cycles come out as circles and wheels as wheels; a single
    vertex is a point, two joined vertices a horizontal segment, and a
    component of more than :data:`STRESS_MAX` vertices gets networkx's
    ``spring_layout(seed=seed)`` (a circle when numpy is missing). The
    components are then packed side by side in rows, largest first, each in
    a box of side about ``sqrt(vertices)``, and the whole is scaled
    uniformly (aspect kept) and centred into ``[m, 1 - m]`` for the margin
    ``m =`` :data:`LAYOUT_MARGIN`.

    ``networkx.kamada_kawai_layout`` is not used: it needs scipy, which is
    not a dependency (and networkx's numpy layouts need numpy, which is
    not one either); the pure-Python stress layout draws the same pictures.

    Parameters
    ----------
    graph : Graph
        The graph (``grundy.games.graphs.graph.Graph``), ``n`` vertices.
    seed : int
        Seed of the deterministic start of the eigenvector iteration and of
        the spring layout of very large components.

    Returns
    -------
    dict
        Vertex label -> ``(x, y)``, floats in ``[0, 1]``, ``y`` upward; one
        entry per vertex (empty for the empty graph). The same graph and
        seed always give the same layout.

    Raises
    ------
    TooLargeError
        If the graph has more than :data:`MAX_DRAWN` vertices.
    """
    n = graph.n
    _check_size("the graph", n, MAX_DRAWN, "vertices")
    if n == 0:
        return {}
    lattice = _lattice_layout(graph)
    if lattice is not None:
        return lattice
    adj = graph.adj
    nbrs = [_bit_list(a) for a in adj]
    boxes: list[_Box] = []
    for comp in _components(nbrs):
        coords = _component_layout(comp, nbrs, graph, seed)
        boxes.append(_boxed(comp, coords))
    boxes.sort(key=lambda b: (-len(b[0]), b[0][0]))
    placed = _pack(boxes)
    xs = [p[0] for p in placed.values()]
    ys = [p[1] for p in placed.values()]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    span = max(x1 - x0, y1 - y0) or 1.0
    inner = 1.0 - 2 * LAYOUT_MARGIN
    ox = LAYOUT_MARGIN + (inner - (x1 - x0) / span * inner) / 2
    oy = LAYOUT_MARGIN + (inner - (y1 - y0) / span * inner) / 2
    labels = graph.labels
    return {
        labels[i]: (round(ox + (x - x0) / span * inner, 6), round(oy + (y - y0) / span * inner, 6))
        for i, (x, y) in sorted(placed.items())
    }


def _lattice_layout(graph: Graph) -> dict[Hashable, tuple[float, float]] | None:
    """The layout of a graph on the integer lattice, if every label is a
    pair of integers ``(row, column)`` and every edge joins two labels at
    most one step apart in each coordinate (else None): ``(row, column)``
    at ``x = column``, ``y = -row`` (row 0 on top, as the labels are read),
    scaled uniformly (aspect kept) and centred into the unit square with
    the margin :data:`LAYOUT_MARGIN`."""
    labels = graph.labels
    if not all(isinstance(v, tuple) and len(v) == 2 and all(type(c) is int for c in v) for v in labels):
        return None
    for u, v in graph.edges():
        if max(abs(u[0] - v[0]), abs(u[1] - v[1])) != 1:  # type: ignore[index]
            return None
    rows = [v[0] for v in labels]  # type: ignore[index]
    cols = [v[1] for v in labels]  # type: ignore[index]
    r0, c0 = min(rows), min(cols)
    span = max(max(rows) - r0, max(cols) - c0) or 1
    inner = 1.0 - 2 * LAYOUT_MARGIN
    ox = LAYOUT_MARGIN + (inner - (max(cols) - c0) / span * inner) / 2
    oy = LAYOUT_MARGIN + (inner - (max(rows) - r0) / span * inner) / 2
    top = 1.0 - oy
    out: dict[Hashable, tuple[float, float]] = {}
    for v in labels:
        row, col = v  # type: ignore[misc]
        out[v] = (round(ox + (col - c0) / span * inner, 6), round(top - (row - r0) / span * inner, 6))
    return out


def _bit_list(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _components(nbrs: list[list[int]]) -> list[list[int]]:
    """Connected components as sorted index lists, by lowest index."""
    seen = [False] * len(nbrs)
    out = []
    for s in range(len(nbrs)):
        if seen[s]:
            continue
        seen[s] = True
        comp = [s]
        k = 0
        while k < len(comp):
            for j in nbrs[comp[k]]:
                if not seen[j]:
                    seen[j] = True
                    comp.append(j)
            k += 1
        out.append(sorted(comp))
    return out


def _component_layout(comp: list[int], nbrs: list[list[int]], graph: Graph,
                      seed: int) -> list[tuple[float, float]]:
    """Coordinates (edge length about 1) of one connected component."""
    k = len(comp)
    if k == 1:
        return [(0.0, 0.0)]
    if k == 2:
        return [(0.0, 0.0), (1.0, 0.0)]
    if k > STRESS_MAX:
        return _large_layout(comp, graph, seed)
    where = {v: i for i, v in enumerate(comp)}
    local = [[where[j] for j in nbrs[v]] for v in comp]
    if all(len(row) == k - 1 for row in local):  # complete: every distance 1, a circle draws it best
        angles = [math.pi / 2 - 2 * math.pi * i / k for i in range(k)]  # clockwise from the top
        return [(k / 6 * math.cos(a), k / 6 * math.sin(a)) for a in angles]
    dist = [_bfs(local, s) for s in range(k)]
    xs, ys = _classical_mds(dist, seed)
    _stress(dist, xs, ys)
    if k <= TWO_STARTS:  # MDS is degenerate on very symmetric graphs: try a circle too
        cx = [math.cos(2 * math.pi * i / k) * k / 6 for i in range(k)]
        cy = [math.sin(2 * math.pi * i / k) * k / 6 for i in range(k)]
        _stress(dist, cx, cy)
        if _stress_value(dist, cx, cy) < _stress_value(dist, xs, ys) * (1 - 1e-6):
            xs, ys = cx, cy
    return _principal_axes(xs, ys, local)


def _stress_value(dist: list[list[int]], xs: list[float], ys: list[float]) -> float:
    """The energy minimised: sum of ``(d - |p_i - p_j|)**2 / d**2`` over pairs."""
    total = 0.0
    for i, row in enumerate(dist):
        for j in range(i):
            d = row[j]
            total += (d - math.hypot(xs[i] - xs[j], ys[i] - ys[j])) ** 2 / (d * d)
    return total


def _large_layout(comp: list[int], graph: Graph, seed: int) -> list[tuple[float, float]]:
    """A component too large for the stress layout: spring layout, or a circle."""
    labels = graph.labels
    try:
        import networkx as nx
        import numpy  # noqa: F401
        import scipy  # noqa: F401  (networkx's spring_layout needs it for large graphs)
    except ImportError:
        k = len(comp)
        return [(k * math.cos(2 * math.pi * i / k) / 4, k * math.sin(2 * math.pi * i / k) / 4) for i in range(k)]
    sub = graph.to_networkx().subgraph([labels[v] for v in comp])
    pos = nx.spring_layout(sub, seed=seed)
    scale = math.sqrt(len(comp)) * 2
    return [(float(pos[labels[v]][0]) * scale, float(pos[labels[v]][1]) * scale) for v in comp]


def _bfs(nbrs: list[list[int]], s: int) -> list[int]:
    dist = [-1] * len(nbrs)
    dist[s] = 0
    queue = [s]
    for v in queue:
        d = dist[v] + 1
        for w in nbrs[v]:
            if dist[w] < 0:
                dist[w] = d
                queue.append(w)
    return dist


def _classical_mds(dist: list[list[int]], seed: int) -> tuple[list[float], list[float]]:
    """Classical scaling of the distance matrix: the top two eigenvectors of
    the double-centred squared distances, by power iteration (a bounded
    number of matrix-vector products)."""
    k = len(dist)
    sq = [[float(d * d) for d in row] for row in dist]
    means = [sum(row) / k for row in sq]
    grand = sum(means) / k
    b = [[-0.5 * (sq[i][j] - means[i] - means[j] + grand) for j in range(k)] for i in range(k)]
    rng = random.Random(seed)
    iterations = max(8, min(200, 1_000_000 // (k * k)))
    vectors: list[list[float]] = []
    values: list[float] = []
    for _ in range(2):
        v = [rng.uniform(-1.0, 1.0) for _ in range(k)]
        lam = 0.0
        for _ in range(iterations):
            for u in vectors:
                dot = sum(a * c for a, c in zip(u, v))
                v = [a - dot * c for a, c in zip(v, u)]
            w = [sum(a * c for a, c in zip(row, v)) for row in b]
            norm = math.sqrt(sum(a * a for a in w))
            if norm < 1e-12:
                break
            lam = sum(a * c for a, c in zip(v, w)) / max(1e-12, sum(a * a for a in v))
            v = [a / norm for a in w]
        vectors.append(v)
        values.append(max(lam, 0.0))
    xs = [math.sqrt(values[0]) * a for a in vectors[0]]
    ys = [math.sqrt(values[1]) * a for a in vectors[1]]
    return xs, ys


def _stress(dist: list[list[int]], xs: list[float], ys: list[float]) -> None:
    """Stress majorization, one vertex at a time (Gansner-Koren-North),
    weights ``d**-2``, in place; a bounded number of sweeps."""
    k = len(dist)
    sweeps = max(8, min(300, 1_500_000 // (k * k)))
    weights = [[1.0 / (d * d) if d > 0 else 0.0 for d in row] for row in dist]
    totals = [sum(row) for row in weights]
    for _ in range(sweeps):
        moved = 0.0
        for i in range(k):
            xi, yi = xs[i], ys[i]
            sx = sy = 0.0
            drow, wrow = dist[i], weights[i]
            for j in range(k):
                if j == i:
                    continue
                dx, dy = xi - xs[j], yi - ys[j]
                length = math.hypot(dx, dy)
                if length < 1e-9:  # coincident: push apart along a fixed direction
                    dx, dy, length = math.cos(i - j), math.sin(i - j), 1.0
                w, d = wrow[j], drow[j]
                sx += w * (xs[j] + d * dx / length)
                sy += w * (ys[j] + d * dy / length)
            nx_, ny_ = sx / totals[i], sy / totals[i]
            moved = max(moved, abs(nx_ - xi) + abs(ny_ - yi))
            xs[i], ys[i] = nx_, ny_
        if moved < 1e-3:
            break


def _principal_axes(xs: list[float], ys: list[float], nbrs: list[list[int]]) -> list[tuple[float, float]]:
    """The points centred and rotated so that the wider spread is along x;
    when the spread is about the same every way (a square grid, a cycle),
    rotated so that the edges lie along the axes as far as they can
    (their mean direction modulo 90 degrees is horizontal)."""
    k = len(xs)
    mx, my = sum(xs) / k, sum(ys) / k
    cx = [x - mx for x in xs]
    cy = [y - my for y in ys]
    sxx = sum(x * x for x in cx)
    syy = sum(y * y for y in cy)
    sxy = sum(x * y for x, y in zip(cx, cy))
    spread = math.hypot(sxx - syy, 2 * sxy)  # difference of the two principal variances
    if spread > 0.1 * (sxx + syy):
        angle = 0.5 * math.atan2(2 * sxy, sxx - syy)
    else:
        c4 = s4 = 0.0
        for i, row in enumerate(nbrs):
            for j in row:
                if j > i:
                    phi = 4 * math.atan2(cy[j] - cy[i], cx[j] - cx[i])
                    c4 += math.cos(phi)
                    s4 += math.sin(phi)
        angle = math.atan2(s4, c4) / 4 if math.hypot(c4, s4) > 1e-9 else 0.0
    c, s = math.cos(angle), math.sin(angle)
    return [(x * c + y * s, -x * s + y * c) for x, y in zip(cx, cy)]


def _boxed(comp: list[int], coords: list[tuple[float, float]]) -> _Box:
    """A component's points in a box of side about ``sqrt(size)`` with half
    a unit of padding on every side: (comp, points, width, height)."""
    xs = [p[0] for p in coords]
    ys = [p[1] for p in coords]
    x0, y0 = min(xs), min(ys)
    dx, dy = max(xs) - x0, max(ys) - y0
    extent = max(dx, dy)
    side = max(0.0, math.sqrt(len(comp)) * 1.2 - 1)
    scale = side / extent if extent > 0 else 0.0
    points = [(0.5 + (x - x0) * scale, 0.5 + (y - y0) * scale) for x, y in coords]
    return comp, points, dx * scale + 1, dy * scale + 1


def _pack(boxes: list[_Box]) -> dict[int, tuple[float, float]]:
    """Shelf packing of the boxes in rows (top to bottom), given order."""
    area = sum(w * h for _, _, w, h in boxes)
    row_width = max(max(w for _, _, w, _ in boxes), math.sqrt(area) * 1.3)
    out: dict[int, tuple[float, float]] = {}
    x = y = shelf = 0.0
    for comp, points, w, h in boxes:
        if x > 0 and x + w > row_width + 1e-9:
            y -= shelf
            x = shelf = 0.0
        top = y
        for v, (px, py) in zip(comp, points):
            out[v] = (x + px, top - h + py)
        x += w
        shelf = max(shelf, h)
    return out


def _resolve_layout(graph: Graph, layout: _Layout | None) -> dict[Hashable, tuple[float, float]]:
    """Every vertex's position: the given layout where it names the vertex
    (clamped to the unit square), else :func:`graph_layout`'s."""
    if layout is None:
        return graph_layout(graph)
    given: dict[Hashable, tuple[float, float]] = {}
    for v in graph.labels:
        try:
            p = layout[v]
        except (KeyError, TypeError):
            continue
        try:
            x, y = (float(c) for c in p)
        except (TypeError, ValueError):
            raise ValueError(f"layout of vertex {label_str(v)} is not two numbers: {p!r}") from None
        if not (math.isfinite(x) and math.isfinite(y)):
            raise ValueError(f"layout of vertex {label_str(v)} is not finite: {p!r}")
        given[v] = (min(1.0, max(0.0, x)), min(1.0, max(0.0, y)))
    if len(given) < graph.n:
        default = graph_layout(graph)
        return {v: given.get(v, default[v]) for v in graph.labels}
    return given
