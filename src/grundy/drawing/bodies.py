"""The body of each kind's drawing: a list of SVG elements.

One function per kind of position: :func:`_graph_body` (a graph on its
layout), :func:`_poset_body` (the Hasse diagram, placed by
:func:`_hasse_positions`), :func:`_complex_body` (the 2-skeleton of a
simplicial complex), :func:`_chomp_body` (the board) and
:func:`_heaps_body` (Nim and octal heaps), with the placing in pixels they
share (:func:`_radius`, :func:`_to_pixels`).
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from grundy.core.moves import Move
from grundy.drawing.layout import _bit_list, _resolve_layout
from grundy.drawing.primitives import (
    CAPTION_FILL,
    EDGE_STROKE,
    FACE_FILL,
    MAX_DRAWN,
    MAX_DRAWN_LINES,
    POISON_FILL,
    SQUARE_FILL,
    VERTEX_FILL,
    WINNING,
    _check_size,
    _classes,
    _edge_lines,
    _esc,
    _f,
    _move_attr,
    _vertex_group,
)

if TYPE_CHECKING:
    from grundy.games.graphs.graph import Graph


#: Edges beyond which a graph's edges are drawn thin and pale (its vertices
#: and their labels stay legible).
DENSE_EDGES = 150


def _radius(n: int, width: int, height: int) -> float:
    return max(2.5, min(16.0, min(width, height) / (2.5 * math.sqrt(max(n, 1)) + 4)))


#: Most points whose closest pair :func:`_spaced_radius` looks for (quadratic).
SPACING_MAX = 600


def _spaced_radius(r: float, points: list[tuple[float, float]]) -> float:
    """``r``, made smaller if circles of that radius around ``points``
    (pixels) would overlap: at most 0.45 of the distance between the
    closest two (at least 2.5 pixels)."""
    if len(points) < 2 or len(points) > SPACING_MAX:
        return r
    closest = min(math.dist(p, q) for i, p in enumerate(points) for q in points[:i])
    return max(2.5, min(r, 0.45 * closest))


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
    r = _spaced_radius(r, list(px.values()))
    body = []
    thin = g.m > DENSE_EDGES
    for u, v in g.edges():
        mv = Move(edge=(u, v))
        body.append(_edge_lines("edge", mv, str(mv), px[u], px[v], frozenset((u, v)) in he, thin))
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
        body.append(_edge_lines("face", mv, str(mv), px[i], px[j], frozenset(mv.face or ()) in hf,
                                len(edges) > DENSE_EDGES))
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


def _heaps_body(kind: str, position: Any, highlight: list[Move], width: int, height: int,
                clickable: bool = True) -> list[str]:
    heaps = tuple(position.heaps)
    _check_size(f"the {kind} position ({len(heaps)} heaps)", sum(heaps), MAX_DRAWN, "counters")
    # heap -> the counters a highlighted move takes, and the move (its title): a Nim move to t takes
    # counters t+1 .. h; an octal move leaving heaps (a, b, ...) keeps the lowest a counters and the
    # top b + ... and takes those between
    take: dict[int, tuple[set[int], Move]] = {}
    for m in highlight:
        if m.heap is None or not 1 <= m.heap <= len(heaps):
            continue
        h = heaps[m.heap - 1]
        if isinstance(m.to, int):
            taken = set(range(m.to + 1, h + 1))
        elif isinstance(m.to, tuple):
            low = m.to[0] if m.to else 0
            taken = set(range(low + 1, h - (sum(m.to) - low) + 1))
        else:
            continue
        before = take.get(m.heap)
        take[m.heap] = (taken | before[0], before[1]) if before else (taken, m)
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
            hit = i in take and k in take[i][0]
            circle = (f'cx="{_f(cx)}" cy="{_f(cy)}" r="{d * 0.42:.2f}" fill="{WINNING if hit else VERTEX_FILL}" '
                      f'stroke="#fff" stroke-width="{min(1.5, d / 10):.2f}"')
            if clickable:
                mv = Move(heap=i, to=k - 1)
                body.append(f'<circle class="{_classes("counter", hit)}" data-move="{_move_attr(mv)}" {circle} '
                            f'style="cursor:pointer"><title>{_esc(mv)}</title></circle>')
            elif hit:  # octal: the counters a winning move takes, named by their title
                body.append(f'<circle class="{_classes("counter", hit)}" {circle}><title>{_esc(take[i][1])}</title>'
                            '</circle>')
            else:
                body.append(f'<circle class="counter" {circle}/>')
    return body
