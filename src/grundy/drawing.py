"""Drawings of positions as SVG, for play in a browser and for notebooks.

:func:`position_svg` draws a position of any kind (a graph, a poset's Hasse
diagram, a simplicial complex's 2-skeleton, a Chomp board, Nim or octal
heaps) as a self-contained SVG document built as a plain string. Every
element a player may click carries ``data-move``: the JSON of the
:class:`~grundy.core.moves.Move` it makes (``Move.from_json(json.loads(...))``
gives it back), a ``class`` naming what it is (``vertex``, ``edge``,
``element``, ``face``, ``square``, ``counter``) and a ``<title>`` with the
move in words; moves passed as ``highlight`` get the class ``winning`` and
are drawn in red.

:func:`graph_layout` places a graph's vertices in the unit square by stress
majorization (the Kamada-Kawai energy) on graph distances, components side
by side. :func:`analysis_svg` and :func:`analysis_html` draw an
:class:`~grundy.analysis.Analysis`, and :func:`install_notebook_reprs` gives
analyses and positions their Jupyter drawings (a position draws itself with
its winning moves, found by a search of at most :data:`REPR_TIME_LIMIT`
seconds).

Layout coordinates are ``(x, y)`` in ``[0, 1] x [0, 1]`` with ``y`` upward
(networkx's convention): ``(0, 0)`` is drawn at the bottom left of the
drawing area, ``(1, 1)`` at the top right.
"""

from __future__ import annotations

import html
import json
import math
import random
import re
from collections.abc import Hashable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from grundy.core.moves import Move, label_str
from grundy.errors import GrundyError, SearchLimitReached, TooLargeError

if TYPE_CHECKING:
    from grundy.analysis import Analysis
    from grundy.games.graphs.graph import Graph

__all__ = [
    "KINDS",
    "MAX_DRAWN",
    "REPR_TIME_LIMIT",
    "analysis_html",
    "analysis_svg",
    "graph_layout",
    "install_notebook_reprs",
    "position_svg",
]

#: The kinds of position :func:`position_svg` draws.
KINDS = ("graph", "poset", "complex", "chomp", "nim", "octal")

#: Most squares (Chomp), counters (Nim, octal), vertices (graphs, complexes)
#: or elements (posets) drawn: drawing is for play.
MAX_DRAWN = 2500
#: Most edges (graphs, complexes), covers (posets) or triangles (complexes) drawn.
MAX_DRAWN_LINES = 10_000

#: Seconds of search a position's notebook drawing may spend finding its
#: winning moves (see :func:`install_notebook_reprs`).
REPR_TIME_LIMIT = 2.0

VERTEX_FILL = "#4c78a8"
EDGE_STROKE = "#888"
WINNING = "#d62728"
SQUARE_FILL = "#9ecae9"
POISON_FILL = "#333"
FACE_FILL = "#4c78a8"
TEXT_FILL = "#fff"
CAPTION_FILL = "#555"

#: Fraction of the unit square left empty on each side by :func:`graph_layout`.
LAYOUT_MARGIN = 0.05
#: Smallest width and height of a drawing, in pixels.
MIN_SIZE = 60
#: Height in pixels of the caption band at the bottom of a drawing.
CAPTION_HEIGHT = 22

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

# Characters XML 1.0 does not allow, even escaped.
_BAD_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


# ----------------------------------------------------------------------
# small helpers
# ----------------------------------------------------------------------
def _esc(text: Any) -> str:
    """``text`` as XML character data or an attribute value (quotes too)."""
    return html.escape(_BAD_XML.sub("\ufffd", str(text)), quote=True)


def _move_attr(move: Move) -> str:
    """The escaped ``data-move`` attribute value of a move."""
    return _esc(json.dumps(move.to_json(), separators=(",", ":")))


def _f(x: float) -> str:
    """A coordinate in SVG, two decimals."""
    return f"{x:.2f}"


def _moves(highlight: Iterable[Any]) -> list[Move]:
    """Highlighted moves as Moves (JSON objects are accepted too)."""
    return [m if isinstance(m, Move) else Move.from_json(m) for m in highlight]


def _one_line(text: str, limit: int = 120) -> str:
    line = " ".join(str(text).split())
    return line if len(line) <= limit else line[: limit - 1] + "…"


def _classes(base: str, winning: bool) -> str:
    return base + (" winning" if winning else "")


def _label_text(label: Hashable, x: float, y: float, r: float) -> str:
    """The label as a ``<text>`` centred in a circle of radius ``r`` at
    ``(x, y)``; empty if it cannot be read at that size (the circle's title
    still names it)."""
    text = label_str(label)
    size = min(r, 3.0 * r / max(1, len(text)))
    if size < 4:
        return ""
    return (
        f'<text x="{_f(x)}" y="{_f(y)}" text-anchor="middle" dominant-baseline="central" '
        f'font-size="{size:.1f}" fill="{TEXT_FILL}" pointer-events="none">{_esc(text)}</text>'
    )


def _vertex_group(cls: str, move: Move | None, title: str, x: float, y: float, r: float,
                  fill: str, label: Hashable, stroke: str = "#fff") -> str:
    """A ``<g>`` holding a title, a circle and the label (clickable if
    ``move`` is given)."""
    attrs = f' class="{cls}"'
    if move is not None:
        attrs += f' data-move="{_move_attr(move)}" style="cursor:pointer"'
    text = _label_text(label, x, y, r)
    return (
        f"<g{attrs}><title>{_esc(title)}</title>"
        f'<circle cx="{_f(x)}" cy="{_f(y)}" r="{r:.2f}" fill="{fill}" stroke="{stroke}" stroke-width="1.5"/>'
        f"{text}</g>"
    )


def _edge_lines(cls: str, move: Move, title: str, a: tuple[float, float], b: tuple[float, float],
                winning: bool) -> str:
    """A visible line (not clickable) under a wide transparent one that
    carries the move: the edge is easy to click."""
    colour, width = (WINNING, 4.0) if winning else (EDGE_STROKE, 2.0)
    coords = f'x1="{_f(a[0])}" y1="{_f(a[1])}" x2="{_f(b[0])}" y2="{_f(b[1])}"'
    return (
        f'<line {coords} stroke="{colour}" stroke-width="{width}" stroke-linecap="round" pointer-events="none"/>'
        f'<line class="{_classes(cls, winning)}" data-move="{_move_attr(move)}" {coords} '
        f'stroke="transparent" stroke-width="12" pointer-events="stroke" style="cursor:pointer">'
        f"<title>{_esc(title)}</title></line>"
    )


def _svg(kind: str, width: int, height: int, body: list[str], caption: str | None) -> str:
    """The SVG document around ``body`` (viewBox ``0 0 width height``)."""
    parts = [
        (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" class="grundy-drawing grundy-{kind}" font-family="sans-serif">'
        ),
        f'<rect class="background" x="0" y="0" width="{width}" height="{height}" fill="#fff" pointer-events="none"/>',
    ]
    parts.extend(body)
    if caption:
        parts.append(
            f'<text class="caption" x="{_f(width / 2)}" y="{_f(height - 7)}" text-anchor="middle" '
            f'font-size="12" fill="{CAPTION_FILL}">{_esc(_one_line(caption))}</text>'
        )
    parts.append("</svg>")
    return "".join(parts)


def _check_size(what: str, count: int, limit: int, noun: str) -> None:
    if count > limit:
        raise TooLargeError(f"{what}: {count} {noun} to draw, over the limit of {limit} (drawing is for play)")


# ----------------------------------------------------------------------
# layout
# ----------------------------------------------------------------------
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


def _radius(n: int, width: int, height: int) -> float:
    return max(2.5, min(16.0, min(width, height) / (2.5 * math.sqrt(max(n, 1)) + 4)))


def _to_pixels(pos: tuple[float, float], r: float, width: int, height: int) -> tuple[float, float]:
    """Unit-square coordinates (y up) to pixels in a ``width x height``
    area, with a margin of ``r + 3`` pixels."""
    pad = r + 3
    return pad + pos[0] * (width - 2 * pad), pad + (1 - pos[1]) * (height - 2 * pad)


# ----------------------------------------------------------------------
# the kinds
# ----------------------------------------------------------------------
def _graph_body(g: Graph, highlight: list[Move], layout: Mapping[Hashable, Sequence[float]] | None,
                width: int, height: int) -> list[str]:
    _check_size("the graph", g.n, MAX_DRAWN, "vertices")
    _check_size("the graph", g.m, MAX_DRAWN_LINES, "edges")
    hv: set[Hashable] = set()
    he: set[frozenset[Hashable]] = set()
    for m in highlight:
        if m.edges is not None:
            hv.add(m.vertex)
            he.update(frozenset(e) for e in m.edges)
        elif m.edge is not None:
            he.add(frozenset(m.edge))
        elif m.vertex is not None:
            hv.add(m.vertex)
    pos = _resolve_layout(g, layout)
    r = _radius(g.n, width, height)
    px = {v: _to_pixels(pos[v], r, width, height) for v in g.labels}
    body = []
    for u, v in g.edges():
        mv = Move(edge=(u, v))
        body.append(_edge_lines("edge", mv, str(mv), px[u], px[v], frozenset((u, v)) in he))
    for v in g.labels:
        mv = Move(vertex=v)
        win = v in hv
        body.append(_vertex_group(_classes("vertex", win), mv, str(mv), *px[v], r,
                                  WINNING if win else VERTEX_FILL, v))
    return body


def _hasse_positions(poset: Any) -> dict[int, tuple[float, float]]:
    """Element index -> unit-square position: rank (longest chain below)
    upward, each rank spread evenly, ordered by barycentres of covers."""
    n = poset.n
    covers = poset.cover_indices()
    below: list[list[int]] = [[] for _ in range(n)]
    above: list[list[int]] = [[] for _ in range(n)]
    for i, j in covers:
        below[j].append(i)
        above[i].append(j)
    down = poset.down
    rank = [0] * n
    for j in sorted(range(n), key=lambda i: down[i].bit_count()):  # a linear extension
        rank[j] = max((rank[i] + 1 for i in below[j]), default=0)
    top = max(rank, default=0)
    levels: list[list[int]] = [[] for _ in range(top + 1)]
    for i in range(n):
        levels[rank[i]].append(i)
    place = {}

    def spread() -> None:
        for level in levels:
            for k, i in enumerate(level):
                place[i] = (k + 0.5) / len(level)

    spread()
    for _ in range(4):
        for sweep, neighbours in ((range(1, top + 1), below), (range(top - 1, -1, -1), above)):
            for r in sweep:
                level = levels[r]
                level.sort(key=lambda i: (sum(place[j] for j in neighbours[i]) / len(neighbours[i])
                                          if neighbours[i] else place[i], place[i]))
                for k, i in enumerate(level):
                    place[i] = (k + 0.5) / len(level)
    return {i: (place[i], rank[i] / top if top else 0.5) for i in range(n)}


def _poset_body(poset: Any, highlight: list[Move], width: int, height: int) -> list[str]:
    _check_size("the poset", poset.n, MAX_DRAWN, "elements")
    covers = poset.cover_indices()
    _check_size("the poset", len(covers), MAX_DRAWN_LINES, "covers")
    hx = {m.element for m in highlight if m.element is not None and m.vertex is None}
    where = _hasse_positions(poset)
    r = _radius(poset.n, width, height)
    px = {i: _to_pixels(where[i], r, width, height) for i in range(poset.n)}
    body = []
    for i, j in covers:
        a, b = px[i], px[j]
        body.append(f'<line x1="{_f(a[0])}" y1="{_f(a[1])}" x2="{_f(b[0])}" y2="{_f(b[1])}" '
                    f'stroke="{EDGE_STROKE}" stroke-width="2" pointer-events="none"/>')
    for i, label in enumerate(poset.labels):
        mv = Move(element=label)
        win = label in hx
        body.append(_vertex_group(_classes("element", win), mv, str(mv), *px[i], r,
                                  WINNING if win else VERTEX_FILL, label))
    return body


def _complex_body(cx: Any, highlight: list[Move], layout: Mapping[Hashable, Sequence[float]] | None,
                  width: int, height: int) -> list[str]:
    from itertools import combinations

    from grundy.games.graphs.graph import Graph

    vmask = 0
    for f in cx.facets:
        vmask |= f
    verts = _bit_list(vmask)
    _check_size("the complex", len(verts), MAX_DRAWN, "vertices")
    edges: set[int] = set()
    triangles: set[int] = set()
    for f in cx.facets:
        fv = _bit_list(f)
        if len(fv) >= 2:
            edges.update(1 << i | 1 << j for i, j in combinations(fv, 2))
            _check_size("the complex", len(edges), MAX_DRAWN_LINES, "edges")
        if len(fv) >= 3:
            triangles.update(1 << i | 1 << j | 1 << k for i, j, k in combinations(fv, 3))
            _check_size("the complex", len(triangles), MAX_DRAWN_LINES, "triangles")
    labels = cx.labels
    skeleton = Graph.from_edges([labels[i] for i in verts],
                                [(labels[i], labels[j]) for i, j in (_bit_list(e) for e in sorted(edges))])
    pos = _resolve_layout(skeleton, layout)
    r = _radius(len(verts), width, height)
    px = {i: _to_pixels(pos[labels[i]], r, width, height) for i in verts}
    hf = {frozenset(m.face) for m in highlight if m.face is not None}
    body = []

    def order(faces: set[int]) -> list[int]:
        return sorted(faces, key=_bit_list)

    for t in order(triangles):
        mv = Move(face=cx.face_labels(t))
        win = frozenset(mv.face or ()) in hf
        points = " ".join(f"{_f(px[i][0])},{_f(px[i][1])}" for i in _bit_list(t))
        fill, opacity = (WINNING, 0.45) if win else (FACE_FILL, 0.15)
        body.append(f'<polygon class="{_classes("face", win)}" data-move="{_move_attr(mv)}" points="{points}" '
                    f'fill="{fill}" fill-opacity="{opacity}" stroke="none" style="cursor:pointer">'
                    f"<title>{_esc(mv)}</title></polygon>")
    for e in order(edges):
        mv = Move(face=cx.face_labels(e))
        i, j = _bit_list(e)
        body.append(_edge_lines("face", mv, str(mv), px[i], px[j], frozenset(mv.face or ()) in hf))
    for i in verts:
        mv = Move(face=(labels[i],))
        win = frozenset(mv.face or ()) in hf
        body.append(_vertex_group(_classes("face", win), mv, str(mv), *px[i], r,
                                  WINNING if win else VERTEX_FILL, labels[i]))
    return body


def _chomp_body(position: Any, highlight: list[Move], width: int, height: int) -> list[str]:
    rows = tuple(position.rows)
    _check_size(f"the chomp board ({len(rows)} rows)", sum(rows), MAX_DRAWN, "squares")
    win = {(m.row, m.column) for m in highlight if m.row is not None}
    margin = 8.0
    side = min((width - 2 * margin) / rows[0], (height - 2 * margin) / len(rows), 48.0)
    x0 = (width - side * rows[0]) / 2
    y0 = (height - side * len(rows)) / 2
    body = []
    for r, length in enumerate(rows, 1):
        y = y0 + (len(rows) - r) * side  # row 1 at the bottom
        for c in range(1, length + 1):
            mv = Move(row=r, column=c)
            poison = (r, c) == (1, 1)
            hit = (r, c) in win
            cls = "square" + (" poison" if poison else "") + (" winning" if hit else "")
            fill = WINNING if hit else POISON_FILL if poison else SQUARE_FILL
            title = f"{mv} (the poisoned square)" if poison else str(mv)
            body.append(f'<rect class="{cls}" data-move="{_move_attr(mv)}" x="{_f(x0 + (c - 1) * side)}" '
                        f'y="{_f(y)}" width="{_f(side)}" height="{_f(side)}" fill="{fill}" stroke="#fff" '
                        f'stroke-width="{min(1.5, side / 8):.2f}" style="cursor:pointer">'
                        f"<title>{_esc(title)}</title></rect>")
    return body


def _heaps_body(kind: str, position: Any, highlight: list[Move], width: int, height: int) -> list[str]:
    heaps = tuple(position.heaps)
    _check_size(f"the {kind} position ({len(heaps)} heaps)", sum(heaps), MAX_DRAWN, "counters")
    clickable = kind == "nim"
    take: dict[int, int] = {}  # heap -> lowest counter taken by a highlighted move
    if clickable:
        for m in highlight:
            if m.heap is not None and isinstance(m.to, int):
                take[m.heap] = min(take.get(m.heap, m.to + 1), m.to + 1)
    margin, label_band = 8.0, 18.0
    tallest = max(max(heaps), 1)
    column = (width - 2 * margin) / len(heaps)
    d = min(column * 0.8, (height - 2 * margin - label_band) / tallest, 24.0)
    base = (height + tallest * d + label_band) / 2 - label_band  # centred vertically
    x0 = (width - column * len(heaps)) / 2
    body = []
    for i, h in enumerate(heaps, 1):
        cx = x0 + (i - 0.5) * column
        body.append(f'<text class="heap-size" x="{_f(cx)}" y="{_f(base + 13)}" text-anchor="middle" '
                    f'font-size="{min(12.0, column * 0.6):.1f}" fill="{CAPTION_FILL}">{h}</text>')
        for k in range(1, h + 1):
            cy = base - (k - 0.5) * d
            hit = i in take and k >= take[i]
            circle = (f'cx="{_f(cx)}" cy="{_f(cy)}" r="{d * 0.42:.2f}" fill="{WINNING if hit else VERTEX_FILL}" '
                      f'stroke="#fff" stroke-width="{min(1.5, d / 10):.2f}"')
            if clickable:
                mv = Move(heap=i, to=k - 1)
                body.append(f'<circle class="{_classes("counter", hit)}" data-move="{_move_attr(mv)}" {circle} '
                            f'style="cursor:pointer"><title>{_esc(mv)}</title></circle>')
            else:
                body.append(f'<circle class="counter" {circle}/>')
    return body


def _drawing(kind: str, position: Any, highlight: Iterable[Any], layout: Mapping[Hashable, Sequence[float]] | None,
             width: int, height: int, caption: str | None) -> str:
    """:func:`position_svg` with an optional caption band at the bottom."""
    if not (isinstance(width, int) and isinstance(height, int) and width >= MIN_SIZE and height >= MIN_SIZE):
        raise ValueError(f"width and height must be integers of at least {MIN_SIZE} pixels: {width!r}, {height!r}")
    moves = _moves(highlight)
    if kind == "octal":
        code = f"octal game {getattr(position, 'code', '?')}"
        caption = code if not caption else f"{code}; {caption}"
    h = height - CAPTION_HEIGHT if caption else height
    if kind == "graph":
        from grundy.games.graphs.graph import Graph

        _expect(position, Graph, kind)
        body = _graph_body(position, moves, layout, width, h)
    elif kind == "poset":
        from grundy.games.posets.poset import Poset

        _expect(position, Poset, kind)
        body = _poset_body(position, moves, width, h)
    elif kind == "complex":
        from grundy.games.complexes.complex import Complex

        _expect(position, Complex, kind)
        body = _complex_body(position, moves, layout, width, h)
    elif kind == "chomp":
        from grundy.games.chomp.position import ChompPosition

        _expect(position, ChompPosition, kind)
        body = _chomp_body(position, moves, width, h)
    elif kind == "nim":
        from grundy.games.chomp.nim import NimPosition

        _expect(position, NimPosition, kind)
        body = _heaps_body(kind, position, moves, width, h)
    elif kind == "octal":
        from grundy.readwrite.kinds import OctalPosition

        _expect(position, OctalPosition, kind)
        body = _heaps_body(kind, position, moves, width, h)
    else:
        raise ValueError(f"cannot draw a position of kind {kind!r}: the kinds are {', '.join(KINDS)}")
    return _svg(kind, width, height, body, caption)


def _expect(position: Any, cls: type, kind: str) -> None:
    if not isinstance(position, cls):
        raise TypeError(f"a {kind} position is a {cls.__name__}, not {type(position).__name__}")


def position_svg(
    kind: str,
    position: Any,
    *,
    highlight: Iterable[Move] = (),
    layout: Mapping[Hashable, Sequence[float]] | None = None,
    width: int = 360,
    height: int = 360,
) -> str:
    """An SVG document drawing a position, its moves clickable.

    The document's viewBox is ``0 0 width height`` (pixels). Clickable
    elements carry ``data-move`` (the compact JSON of ``Move.to_json()``,
    read back by ``Move.from_json(json.loads(...))``), a class and a
    ``<title>`` (``str(move)``):

    - ``"graph"``: ``<g class="vertex">`` (circle and label) per vertex,
      ``Move(vertex=v)``; ``<line class="edge">`` per edge (a wide
      transparent line over the visible one), ``Move(edge=(u, v))``.
    - ``"poset"``: the Hasse diagram, rank upward; ``<g class="element">``,
      ``Move(element=x)``; covers are plain lines.
    - ``"complex"``: the 2-skeleton on a layout of the 1-skeleton;
      ``<polygon class="face">`` per triangle, ``<line class="face">`` per
      edge, ``<g class="face">`` per vertex, ``Move(face=labels)`` with the
      labels in the complex's vertex order (higher faces are not drawn).
    - ``"chomp"``: ``<rect class="square">`` per cell, ``Move(row=r,
      column=c)``, row 1 at the bottom; the poisoned square ``(1, 1)`` also
      has class ``poison``.
    - ``"nim"``: heap ``i`` (1-based) a column of counters, counter ``k``
      from the base ``<circle class="counter">`` with ``Move(heap=i,
      to=k-1)``; each heap's size is written under it.
    - ``"octal"``: heaps as for Nim, counters not clickable (octal moves
      can split heaps), the code as a caption.

    Parameters
    ----------
    kind : str
        One of :data:`KINDS`.
    position
        A ``Graph``, ``Poset``, ``Complex``, ``ChompPosition``,
        ``NimPosition`` or ``OctalPosition``, as ``kind`` says.
    highlight : iterable of Move
        Moves drawn in red with the extra class ``winning`` (JSON objects
        of moves are accepted too). A Graph Nim move ``Move(vertex=v,
        edges=...)`` marks the vertex and those edges; a Nim move
        ``Move(heap=i, to=t)`` marks counters ``t+1 .. h`` of heap ``i``
        (the ones taken). Moves with nothing drawn to mark (octal moves,
        faces of dimension 3 or more) are ignored.
    layout : mapping, optional
        Vertex label -> ``(x, y)`` in the unit square, ``y`` upward
        (``graph_layout``'s convention; values outside are clamped), for
        ``"graph"`` and ``"complex"`` (ignored by the other kinds). Vertices
        it does not name are placed by :func:`graph_layout`.
    width, height : int
        Size of the drawing in pixels.

    Returns
    -------
    str
        The SVG document, starting ``<svg xmlns="http://www.w3.org/2000/svg"``.

    Raises
    ------
    ValueError
        If ``kind`` is not one of :data:`KINDS`, a layout entry is not two
        finite numbers, or ``width`` or ``height`` is not an integer of at
        least :data:`MIN_SIZE`.
    TypeError
        If ``position`` is not of the type ``kind`` names.
    TooLargeError
        If the position has more than :data:`MAX_DRAWN` squares, counters,
        vertices or elements, or more than :data:`MAX_DRAWN_LINES` edges,
        covers or triangles.
    """
    return _drawing(kind, position, highlight, layout, width, height, None)


# ----------------------------------------------------------------------
# analyses
# ----------------------------------------------------------------------
def analysis_svg(analysis: Analysis, position: Any = None, *,
                 layout: Mapping[Hashable, Sequence[float]] | None = None) -> str | None:
    """The drawing of an analysed position with its winning moves highlighted.

    Parameters
    ----------
    analysis : Analysis
        The answer (:func:`grundy.analyze`); its ``kind`` says how to draw.
    position : optional
        The position itself. A graph analysis draws ``analysis.graph``
        when this is None; the other kinds keep no position object, so
        without it there is nothing to draw.
    layout : mapping, optional
        As for :func:`position_svg`.

    Returns
    -------
    str or None
        The SVG document (see :func:`position_svg`), or None when there is
        no position to draw.

    Raises
    ------
    TooLargeError
        If the position is too large to draw (see :func:`position_svg`).
    ValueError, TypeError
        As :func:`position_svg` raises them.
    """
    if position is None and analysis.kind == "graph":
        position = analysis.graph
    if position is None:
        return None
    return position_svg(analysis.kind, position, highlight=analysis.winning_moves or (), layout=layout)


def analysis_html(analysis: Analysis, position: Any = None) -> str:
    """An HTML fragment describing an analysis, for a notebook.

    A table (position, game, play, nim-value or misère outcome, outcome,
    winning moves, positions searched, seconds) and the explanation as a
    list, with :func:`analysis_svg`'s drawing beside them when there is one
    (or a line saying it is too large to draw). All text is escaped.

    Parameters
    ----------
    analysis : Analysis
        The answer to describe.
    position : optional
        The position, for kinds other than graphs (see :func:`analysis_svg`).

    Returns
    -------
    str
        A ``<div class="grundy-analysis">`` fragment.

    Raises
    ------
    ValueError, TypeError
        If ``position`` does not fit ``analysis.kind`` (see
        :func:`position_svg`); a position too large to draw is not an error.
    """
    a = analysis
    outcome = a.outcome
    rows: list[tuple[str, str]] = [
        ("position", a.name or "(unnamed)"),
        ("game", a.game),
        ("play", "misère" if a.misere else "normal"),
    ]
    if a.misere:
        rows.append(("misère outcome", outcome))
    else:
        rows.append(("nim-value", "unknown" if a.value is None else str(a.value)))
    rows.append(("outcome", f"{outcome}: the player to move " + ("wins" if outcome == "N" else "loses")))
    if a.winning_moves is None:
        moves = "not computed"
    elif not a.winning_moves:
        moves = "none"
    else:
        shown = [str(m) for m in a.winning_moves[:50]]
        more = len(a.winning_moves) - len(shown)
        moves = "; ".join(shown) + (f"; and {more} more" if more else "")
    rows.append(("winning moves", moves))
    stats = a.stats or {}
    if "positions" in stats:
        rows.append(("positions searched", str(stats["positions"])))
    if "seconds" in stats:
        rows.append(("seconds", f"{stats['seconds']:.3g}"))
    table = "".join(
        f'<tr><th style="text-align:left;padding-right:1em">{_esc(k)}</th>'
        f'<td style="text-align:left">{_esc(v)}</td></tr>'
        for k, v in rows
    )
    explanation = "".join(f"<li>{_esc(line)}</li>" for line in a.explanation or [])
    left = f"<div><table>{table}</table>" + (f"<ul>{explanation}</ul>" if explanation else "") + "</div>"
    try:
        svg = analysis_svg(a, position)
    except TooLargeError as exc:
        svg = f"<p>{_esc(_one_line(str(exc)))}</p>"
    right = f"<div>{svg}</div>" if svg else ""
    return (
        '<div class="grundy-analysis" style="display:flex;flex-wrap:wrap;gap:1.5em;align-items:flex-start">'
        f"{left}{right}</div>"
    )


# ----------------------------------------------------------------------
# notebook reprs
# ----------------------------------------------------------------------
def _bounded_analysis(kind: str, position: Any) -> Analysis:
    """The position's analysis within :data:`REPR_TIME_LIMIT` seconds
    (raises SearchLimitReached, or another GrundyError on a refusal)."""
    from grundy.analysis import Analysis, analyze_graph

    if kind == "graph":
        from grundy.games.graphs.game import Solver

        solver = Solver(time_limit=REPR_TIME_LIMIT)
        try:
            return analyze_graph(position, solver)
        finally:
            solver.close()
    from grundy.results import analyze_other

    name = getattr(position, "spec", None) or repr(position)
    return Analysis.from_json(analyze_other(kind, position, name, time_limit=REPR_TIME_LIMIT), kind)


def _position_repr_svg(kind: str, position: Any) -> str | None:
    """A position's drawing with its winning moves, or None if it is too
    large to draw (the notebook then shows the text repr)."""
    layout = None
    try:
        if kind == "graph":
            layout = graph_layout(position)  # computed once, for both drawings
        _drawing(kind, position, (), layout, 360, 360, None)  # refuse before any search
    except GrundyError:
        return None
    highlight: list[Move] = []
    try:
        a = _bounded_analysis(kind, position)
    except SearchLimitReached:
        caption = f"not decided within {REPR_TIME_LIMIT:g} s"
    except GrundyError as exc:
        caption = _one_line(str(exc))
    else:
        highlight = a.winning_moves or []
        caption = f"nim-value {a.value}: " + ("winning moves in red" if highlight else "no winning move")
    try:
        return _drawing(kind, position, highlight, layout, 360, 360, caption)
    except GrundyError:
        return None


def _graph_repr_svg(self: Any) -> str | None:
    return _position_repr_svg("graph", self)


def _poset_repr_svg(self: Any) -> str | None:
    return _position_repr_svg("poset", self)


def _complex_repr_svg(self: Any) -> str | None:
    return _position_repr_svg("complex", self)


def _chomp_repr_svg(self: Any) -> str | None:
    return _position_repr_svg("chomp", self)


def _nim_repr_svg(self: Any) -> str | None:
    return _position_repr_svg("nim", self)


def _analysis_repr_html(self: Any) -> str:
    return analysis_html(self)


def _analysis_repr_svg(self: Any) -> str | None:
    try:
        return analysis_svg(self)
    except GrundyError:
        return None


def install_notebook_reprs() -> None:
    """Give analyses and positions their Jupyter drawings.

    Sets ``Analysis._repr_html_`` (:func:`analysis_html`) and
    ``Analysis._repr_svg_`` (:func:`analysis_svg`, None when there is no
    position or it is too large), and ``_repr_svg_`` on ``Graph``,
    ``Poset``, ``Complex``, ``ChompPosition`` and ``NimPosition``: the
    position drawn with its winning moves highlighted, found by a search of
    at most :data:`REPR_TIME_LIMIT` seconds, and a caption with the
    nim-value; if the search stops at its limit or is refused, the
    position is drawn without highlights and the caption says so ("not
    decided within 2 s", or the refusal's one line). A position too large
    to draw gives None (the text repr is shown). The lower layers do not
    import this module; calling this again changes nothing.

    Returns
    -------
    None

    Raises
    ------
    Nothing of its own (the reprs themselves turn grundy's errors into the
    caption or None).
    """
    from grundy.analysis import Analysis
    from grundy.games.chomp.nim import NimPosition
    from grundy.games.chomp.position import ChompPosition
    from grundy.games.complexes.complex import Complex
    from grundy.games.graphs.graph import Graph
    from grundy.games.posets.poset import Poset

    Analysis._repr_html_ = _analysis_repr_html  # type: ignore[attr-defined]
    Analysis._repr_svg_ = _analysis_repr_svg  # type: ignore[attr-defined]
    Graph._repr_svg_ = _graph_repr_svg  # type: ignore[attr-defined]
    Poset._repr_svg_ = _poset_repr_svg  # type: ignore[attr-defined]
    Complex._repr_svg_ = _complex_repr_svg  # type: ignore[attr-defined]
    ChompPosition._repr_svg_ = _chomp_repr_svg  # type: ignore[attr-defined]
    NimPosition._repr_svg_ = _nim_repr_svg  # type: ignore[attr-defined]
