"""grundy.drawing: SVG drawings of every kind of position (well-formed, one
clickable element per move carrying that move, highlights, layouts,
refusals) and the notebook reprs."""

from __future__ import annotations

import json
import math
import xml.etree.ElementTree as ET
from dataclasses import replace
from itertools import combinations

import pytest

import grundy
from grundy import drawing
from grundy.analysis import Analysis
from grundy.core.moves import Move, label_str
from grundy.drawing import (
    analysis_html,
    analysis_svg,
    graph_layout,
    install_notebook_reprs,
    position_svg,
)
from grundy.drawing import primitives as drawing_primitives
from grundy.drawing import reprs as drawing_reprs
from grundy.errors import TooLargeError
from grundy.games.chomp.nim import NimPosition
from grundy.games.chomp.position import ChompPosition
from grundy.games.complexes.complex import Complex
from grundy.games.graphs.graph import Graph
from grundy.games.posets.poset import Poset
from grundy.readwrite.graphs import to_graph
from grundy.readwrite.kinds import OctalPosition, load_other

NS = "{http://www.w3.org/2000/svg}"

#: Labels XML and JSON must survive: markup characters, both quotes, a tuple.
ODD = ["a<b", "x&y", 'q"t', "it's", (1, 2), "]]>"]


def odd_graph() -> Graph:
    """A 6-cycle on ODD with a chord."""
    edges = [(ODD[i], ODD[(i + 1) % 6]) for i in range(6)] + [(ODD[0], ODD[3])]
    return Graph.from_edges(ODD, edges)


def parse(svg: str) -> ET.Element:
    """The root of a well-formed SVG document (else ET raises)."""
    assert svg.startswith("<svg")
    root = ET.fromstring(svg)
    assert root.tag == NS + "svg"
    assert root.get("viewBox") == f"0 0 {root.get('width')} {root.get('height')}"
    return root


def clickable(root: ET.Element) -> list[ET.Element]:
    return [el for el in root.iter() if el.get("data-move") is not None]


def move_of(el: ET.Element) -> Move:
    return Move.from_json(json.loads(el.get("data-move") or "null"))


def classes(el: ET.Element) -> set[str]:
    return set((el.get("class") or "").split())


def by_move(root: ET.Element, cls: str) -> dict[Move, ET.Element]:
    """Move -> its element among those of class ``cls``; each move once."""
    els = [el for el in clickable(root) if cls in classes(el)]
    out = {move_of(el): el for el in els}
    assert len(out) == len(els), "a move has two clickable elements"
    return out


def winning(root: ET.Element) -> set[Move]:
    return {move_of(el) for el in clickable(root) if "winning" in classes(el)}


def centre(el: ET.Element) -> tuple[float, float, float]:
    """(cx, cy, r) of a circle or of the circle in a group."""
    c = el if el.tag == NS + "circle" else el.find(NS + "circle")
    assert c is not None
    return float(c.get("cx") or "nan"), float(c.get("cy") or "nan"), float(c.get("r") or "nan")


def title(el: ET.Element) -> str:
    t = el.find(NS + "title")
    assert t is not None
    return t.text or ""


POSITIONS = [
    ("graph", to_graph("wheel:9")),
    ("graph", odd_graph()),
    ("graph", to_graph("empty:4")),
    ("graph", Graph((), ())),
    ("graph", to_graph("grid:3,4")),
    ("poset", load_other("poset", "divisors:30")),
    ("poset", load_other("poset", "boolean:3")),
    ("complex", load_other("complex", "simplex-boundary:4")),
    ("complex", load_other("complex", "torus")),
    ("complex", Complex.from_facets([["a<b", "x&y", 'q"t'], ['q"t', (1, 2)], ["lone"]])),
    ("chomp", load_other("chomp", "chomp:4,3,1")),
    ("chomp", ChompPosition((1,))),
    ("nim", load_other("nim", "nim:3,4,5")),
    ("nim", NimPosition((0, 2))),
    ("octal", load_other("octal", "octal:0.07:5,3")),
]


# ----------------------------------------------------------------------
# well-formed, inside the viewBox
# ----------------------------------------------------------------------
@pytest.mark.parametrize(("kind", "position"), POSITIONS, ids=lambda x: x if isinstance(x, str) else "")
def test_every_kind_draws_a_well_formed_svg_inside_its_viewbox(kind: str, position: object) -> None:
    svg = position_svg(kind, position, width=300, height=200)
    root = parse(svg)
    assert root.get("width") == "300" and root.get("height") == "200"
    for el in root.iter():
        if el.tag == NS + "circle":
            x, y, r = centre(el)
            assert r <= x <= 300 - r and r <= y <= 200 - r, ET.tostring(el)
        if el.tag == NS + "rect":
            x, y = float(el.get("x") or 0), float(el.get("y") or 0)
            assert 0 <= x and x + float(el.get("width") or 0) <= 300 + 1e-6
            assert 0 <= y and y + float(el.get("height") or 0) <= 200 + 1e-6
        if el.tag == NS + "line":
            for k, top in (("x1", 300), ("x2", 300), ("y1", 200), ("y2", 200)):
                assert 0 <= float(el.get(k) or "nan") <= top
    for el in clickable(root):  # every clickable element says its move in words
        assert title(el).startswith(str(move_of(el)))


def test_odd_labels_are_escaped_and_round_trip() -> None:
    g = odd_graph()
    svg = position_svg("graph", g)
    assert "a<b" not in svg and "]]>" not in svg  # escaped, not raw
    root = parse(svg)
    vertices = by_move(root, "vertex")
    assert set(vertices) == {Move(vertex=v) for v in ODD}
    for v in ODD:
        el = vertices[Move(vertex=v)]
        assert title(el) == str(Move(vertex=v))
        text = el.find(NS + "text")
        # drawn as written, a pair without its brackets ("1,2"): the title names it in full
        assert text is None or text.text == drawing_primitives._short_label(v)
    assert set(by_move(root, "edge")) == {Move(edge=e) for e in g.edges()}


def test_control_characters_do_not_break_the_xml() -> None:
    g = Graph.from_edges(["a\x00b", "c\x1bd"], [("a\x00b", "c\x1bd")])
    root = parse(position_svg("graph", g))
    assert set(by_move(root, "vertex")) == {Move(vertex="a\x00b"), Move(vertex="c\x1bd")}


# ----------------------------------------------------------------------
# one clickable element per move
# ----------------------------------------------------------------------
@pytest.mark.parametrize("spec", ["wheel:9", "petersen", "grid:2,3", "empty:3"])
def test_graph_every_vertex_and_edge_has_one_clickable_element(spec: str) -> None:
    g = to_graph(spec)
    root = parse(position_svg("graph", g))
    vertices = by_move(root, "vertex")
    edges = by_move(root, "edge")
    assert set(vertices) == {Move(vertex=v) for v in g.labels}
    assert set(edges) == {Move(edge=e) for e in g.edges()}
    assert len(clickable(root)) == g.n + g.m
    assert all(el.tag == NS + "g" for el in vertices.values())
    assert all(el.tag == NS + "line" for el in edges.values())
    # the clickable line lies on its endpoints' circles
    for (u, v), el in ((m.edge, el) for m, el in edges.items()):
        ends = {(round(float(el.get("x1") or 0), 1), round(float(el.get("y1") or 0), 1)),
                (round(float(el.get("x2") or 0), 1), round(float(el.get("y2") or 0), 1))}
        expected = {(round(centre(vertices[Move(vertex=w)])[0], 1), round(centre(vertices[Move(vertex=w)])[1], 1))
                    for w in (u, v)}
        assert ends == expected


def test_poset_elements_are_clickable_and_drawn_by_rank() -> None:
    p = load_other("poset", "divisors:30")
    root = parse(position_svg("poset", p))
    elements = by_move(root, "element")
    assert set(elements) == {Move(element=x) for x in p.labels}
    assert len(clickable(root)) == p.n
    y = {x: centre(elements[Move(element=x)])[1] for x in p.labels}
    for a, b in p.covers():  # a covered by b: b drawn higher (smaller y)
        assert y[b] < y[a] - 1
    assert y[2] == y[3] == y[5] and y[6] == y[10] == y[15]
    # the cover lines
    assert sum(1 for el in root.iter(NS + "line")) == len(p.covers())


@pytest.mark.parametrize(("spec", "counts"), [("simplex-boundary:4", (4, 6, 4)), ("torus", (9, 27, 18))])
def test_complex_faces_up_to_triangles_are_clickable(spec: str, counts: tuple[int, int, int]) -> None:
    cx = load_other("complex", spec)
    root = parse(position_svg("complex", cx))
    faces = by_move(root, "face")
    expected = {Move(face=cx.face_labels(f)) for f in cx.faces() if f.bit_count() <= 3}
    assert set(faces) == expected
    sizes = [sum(1 for m in faces if len(m.face or ()) == k) for k in (1, 2, 3)]
    assert tuple(sizes) == counts
    tags = {len(m.face or ()): el.tag for m, el in faces.items()}
    assert tags == {1: NS + "g", 2: NS + "line", 3: NS + "polygon"}


def test_chomp_squares_row_one_at_the_bottom() -> None:
    pos = load_other("chomp", "chomp:4,3,1")
    root = parse(position_svg("chomp", pos))
    squares = by_move(root, "square")
    cells = {(r, c) for r, n in enumerate(pos.rows, 1) for c in range(1, n + 1)}
    assert len(squares) == sum(pos.rows) == 8
    assert {(m.row, m.column) for m in squares} == cells
    assert all(el.tag == NS + "rect" for el in squares.values())
    poison = [m for m, el in squares.items() if "poison" in classes(el)]
    assert poison == [Move(row=1, column=1)]

    def xy(r: int, c: int) -> tuple[float, float]:
        el = squares[Move(row=r, column=c)]
        return float(el.get("x") or 0), float(el.get("y") or 0)

    assert xy(1, 1)[1] > xy(2, 1)[1] > xy(3, 1)[1]  # row 1 lowest
    assert xy(1, 1)[0] < xy(1, 2)[0] < xy(1, 4)[0]
    assert xy(2, 3)[0] == xy(1, 3)[0]


def test_nim_counters_one_per_counter_from_the_base() -> None:
    pos = load_other("nim", "nim:3,4,5")
    root = parse(position_svg("nim", pos))
    counters = by_move(root, "counter")
    assert len(counters) == sum(pos.heaps) == 12
    assert set(counters) == {Move(heap=i, to=k - 1) for i, h in enumerate(pos.heaps, 1) for k in range(1, h + 1)}
    assert all(el.tag == NS + "circle" for el in counters.values())
    for i, h in enumerate(pos.heaps, 1):
        ys = [centre(counters[Move(heap=i, to=k - 1)])[1] for k in range(1, h + 1)]
        assert ys == sorted(ys, reverse=True)  # counter 1 at the base (largest y)
        xs = {centre(counters[Move(heap=i, to=k - 1)])[0] for k in range(1, h + 1)}
        assert len(xs) == 1
    sizes = [el.text for el in root.iter(NS + "text") if "heap-size" in classes(el)]
    assert sizes == ["3", "4", "5"]


def test_octal_heaps_are_not_clickable_and_show_the_code() -> None:
    pos = load_other("octal", "octal:0.07:5,3")
    root = parse(position_svg("octal", pos, highlight=[Move(heap=1, to=(1, 2))]))
    assert clickable(root) == []
    assert sum(1 for el in root.iter(NS + "circle") if "counter" in classes(el)) == 8
    captions = [el.text for el in root.iter(NS + "text") if "caption" in classes(el)]
    assert captions == ["octal game 0.07"]


# ----------------------------------------------------------------------
# highlights
# ----------------------------------------------------------------------
@pytest.mark.parametrize("spec", ["wheel:9", "star:3", "path:3", "cycle:7"])
def test_graph_analysis_highlights_exactly_its_winning_moves(spec: str) -> None:
    a = grundy.analyze(spec)
    svg = analysis_svg(a)
    assert svg is not None
    root = parse(svg)
    assert winning(root) == set(a.winning_moves or [])
    for el in clickable(root):
        if "winning" in classes(el) and el.tag == NS + "g":
            circle = el.find(NS + "circle")
            assert circle is not None and circle.get("fill") == drawing.WINNING
    if spec == "wheel:9":
        assert winning(root) == {Move(vertex=0)}


def test_graph_nim_move_highlights_its_vertex_and_edges() -> None:
    a = grundy.analyze("star:3", game="graph-nim")
    assert a.winning_moves == [Move(vertex=0, edges=((0, 1), (0, 2), (0, 3)))]
    root = parse(analysis_svg(a) or "")
    assert winning(root) == {Move(vertex=0), Move(edge=(0, 1)), Move(edge=(0, 2)), Move(edge=(0, 3))}


def test_misere_analysis_highlights_its_winning_moves() -> None:
    a = grundy.analyze("path:4", misere=True)
    root = parse(analysis_svg(a) or "")
    assert winning(root) == set(a.winning_moves or []) and winning(root)


def test_highlight_accepts_json_moves() -> None:
    root = parse(position_svg("graph", to_graph("path:3"), highlight=[{"vertex": 2}, {"edge": [1, 0]}]))
    assert winning(root) == {Move(vertex=2), Move(edge=(0, 1))}  # either orientation of an edge


def test_nim_highlight_marks_the_counters_taken() -> None:
    pos = NimPosition((3, 4, 5))
    root = parse(position_svg("nim", pos, highlight=[Move(heap=3, to=1)]))
    assert winning(root) == {Move(heap=3, to=k - 1) for k in (2, 3, 4, 5)}
    a = grundy.analyze("nim:3,4,5")
    assert a.winning_moves == [Move(heap=1, to=1)]
    root = parse(analysis_svg(a, pos) or "")
    assert winning(root) == {Move(heap=1, to=1), Move(heap=1, to=2)}  # counters 2 and 3 of heap 1
    for el in clickable(root):
        assert (el.get("fill") == drawing.WINNING) == ("winning" in classes(el))


def test_chomp_poset_and_complex_analyses_highlight_their_winning_moves() -> None:
    a = grundy.analyze("chomp:4,3,1")
    root = parse(analysis_svg(a, load_other("chomp", "chomp:4,3,1")) or "")
    assert winning(root) == {Move(row=1, column=3), Move(row=3, column=1)} == set(a.winning_moves or [])
    a = grundy.analyze("divisors:30")
    root = parse(analysis_svg(a, load_other("poset", "divisors:30")) or "")
    assert winning(root) == {Move(element=30)}
    cx = Complex.from_facets([[1, 2, 3]])  # a triangle: take it all
    root = parse(position_svg("complex", cx, highlight=[Move(face=(1, 2, 3)), Move(face=(2, 1))]))
    assert winning(root) == {Move(face=(1, 2, 3)), Move(face=(1, 2))}


def test_analysis_svg_without_a_position_is_none() -> None:
    a = grundy.analyze("nim:1,2")
    assert analysis_svg(a) is not None  # grundy.analyze keeps the position of every kind
    assert analysis_svg(grundy.Analysis.from_json(a.to_json(), "nim")) is None  # JSON alone keeps none
    a = grundy.analyze("path:3")
    assert analysis_svg(replace(a, graph=None, position=None)) is None


# ----------------------------------------------------------------------
# layouts
# ----------------------------------------------------------------------
def test_default_layout_is_deterministic_and_in_the_unit_square() -> None:
    for spec in ("wheel:9", "petersen", "random:20,0.15,4", "empty:5"):
        g = to_graph(spec)
        first = graph_layout(g)
        assert first == graph_layout(to_graph(spec))
        assert set(first) == set(g.labels)
        assert all(0 <= x <= 1 and 0 <= y <= 1 for x, y in first.values())
        assert len(set(first.values())) == g.n  # no two vertices on one spot
    assert position_svg("graph", to_graph("wheel:9")) == position_svg("graph", to_graph("wheel:9"))
    # 44 vertices (one start only): leaves of one spine vertex, equal in
    # classical scaling, are pulled apart by the stress layout
    pos = graph_layout(to_graph("caterpillar:" + ",".join(["3"] * 11)))
    assert min(math.dist(p, q) for p, q in combinations(pos.values(), 2)) > 0.01
    assert graph_layout(Graph((), ())) == {}


def _radii(points: list[tuple[float, float]], centre: tuple[float, float]) -> list[float]:
    return [math.hypot(x - centre[0], y - centre[1]) for x, y in points]


def test_cycles_and_wheels_look_like_cycles_and_wheels() -> None:
    pos = graph_layout(to_graph("cycle:12"))
    pts = list(pos.values())
    c = (sum(x for x, _ in pts) / 12, sum(y for _, y in pts) / 12)
    r = _radii(pts, c)
    assert max(r) < 1.05 * min(r)
    pos = graph_layout(to_graph("wheel:9"))
    rim = [pos[v] for v in range(1, 10)]
    c = (sum(x for x, _ in rim) / 9, sum(y for _, y in rim) / 9)
    assert math.hypot(pos[0][0] - c[0], pos[0][1] - c[1]) < 0.05  # the hub in the middle
    r = _radii(rim, c)
    assert max(r) < 1.1 * min(r)
    path = graph_layout(to_graph("path:5"))  # a straight horizontal line
    assert len({y for _, y in path.values()}) == 1


def test_components_are_laid_out_apart() -> None:
    g = Graph.from_edges(range(8), [(0, 1), (1, 2), (2, 0), (3, 4), (4, 5), (5, 3)])  # two triangles, two isolated
    pos = graph_layout(g)
    assert all(0.05 - 1e-9 <= c <= 0.95 + 1e-9 for p in pos.values() for c in p)
    def xs(vs: list[int]) -> list[float]:
        return [pos[v][0] for v in vs]

    def ys(vs: list[int]) -> list[float]:
        return [pos[v][1] for v in vs]

    def disjoint(a: list[int], b: list[int]) -> bool:
        return max(xs(a)) < min(xs(b)) or max(xs(b)) < min(xs(a)) or max(ys(a)) < min(ys(b)) or max(ys(b)) < min(ys(a))

    assert disjoint([0, 1, 2], [3, 4, 5])


def test_a_given_layout_is_honoured() -> None:
    g = to_graph("wheel:9")
    layout = {v: ((v * 0.37) % 1, (v * 0.61) % 1) for v in g.labels}
    root = parse(position_svg("graph", g, layout=layout))
    px = {move_of(el).vertex: centre(el)[:2] for el in by_move(root, "vertex").values()}
    # an affine map, x rightward and y upward
    (xa, ya), (xb, yb) = layout[1], layout[2]
    sx = (px[2][0] - px[1][0]) / (xb - xa)
    sy = (px[2][1] - px[1][1]) / (yb - ya)
    assert sx > 0 and sy < 0
    for v, (x, y) in layout.items():
        assert px[v][0] == pytest.approx(px[1][0] + sx * (x - xa), abs=0.02)
        assert px[v][1] == pytest.approx(px[1][1] + sy * (y - ya), abs=0.02)
    # a partial layout: the vertices it does not name are placed by graph_layout
    default = graph_layout(g)
    root = parse(position_svg("graph", g, layout={0: (0.0, 0.0), "not a vertex": (0.5, 0.5)}))
    px = {move_of(el).vertex: centre(el)[:2] for el in by_move(root, "vertex").values()}
    for v in range(1, 10):
        assert px[v][0] == pytest.approx(px[0][0] + sx * (default[v][0] - 0.0), abs=0.02)
        assert px[v][1] == pytest.approx(px[0][1] + sy * (default[v][1] - 0.0), abs=0.02)
    # out of range is clamped; nonsense is refused
    root = parse(position_svg("graph", g, layout={0: (-5, 7)}))
    assert centre(by_move(root, "vertex")[Move(vertex=0)])[:2] == pytest.approx(px[0][:1] + (px[0][1] + sy,), abs=0.02)
    with pytest.raises(ValueError, match="vertex 0"):
        position_svg("graph", g, layout={0: (1.0,)})
    with pytest.raises(ValueError, match="not finite"):
        position_svg("graph", g, layout={0: (float("nan"), 0.5)})


def test_complex_uses_the_layout_of_its_vertices() -> None:
    cx = Complex.from_facets([["a", "b", "c"]])
    root = parse(position_svg("complex", cx, layout={"a": (0, 0), "b": (1, 0), "c": (0, 1)}))
    faces = by_move(root, "face")
    a, b, c = (centre(faces[Move(face=(v,))])[:2] for v in "abc")
    assert a[1] == b[1] > c[1] and a[0] == c[0] < b[0]


# ----------------------------------------------------------------------
# refusals
# ----------------------------------------------------------------------
def test_too_large_positions_are_refused() -> None:
    code = load_other("octal", "octal:0.07:1").code
    for kind, pos in [
        ("chomp", ChompPosition((2501,))),
        ("chomp", ChompPosition((51,) * 50)),
        ("nim", NimPosition((1000, 1000, 501))),
        ("octal", OctalPosition(code, (2000, 501))),
        ("graph", to_graph("empty:2501")),
    ]:
        with pytest.raises(TooLargeError, match="over the limit of") as info:
            position_svg(kind, pos)
        assert "\n" not in str(info.value)
    with pytest.raises(TooLargeError):
        graph_layout(to_graph("empty:2501"))
    # at the limit it draws
    assert len(by_move(parse(position_svg("chomp", ChompPosition((50,) * 50))), "square")) == 2500
    assert len(by_move(parse(position_svg("nim", NimPosition((2500,)))), "counter")) == 2500


def test_unknown_kind_and_wrong_position_type() -> None:
    with pytest.raises(ValueError, match="'hackenbush'"):
        position_svg("hackenbush", to_graph("path:2"))
    with pytest.raises(TypeError, match="Graph"):
        position_svg("graph", NimPosition((1,)))
    with pytest.raises(ValueError, match="width and height"):
        position_svg("nim", NimPosition((1,)), width=10)


# ----------------------------------------------------------------------
# html and notebook reprs
# ----------------------------------------------------------------------
def test_analysis_html_shows_the_answer_escaped() -> None:
    a = grundy.analyze("path:3")
    page = analysis_html(replace(a, name="<my & graph>"))
    assert "&lt;my &amp; graph&gt;" in page and "<my" not in page
    assert "<td style=\"text-align:left\">1</td>" in page  # the nim-value
    assert "remove vertex 1" in page and "<svg" in page
    for line in a.explanation:
        assert f"<li>{drawing_primitives._esc(line)}</li>" in page
    page = analysis_html(grundy.analyze("path:4", misere=True))
    assert "misère outcome" in page
    page = analysis_html(grundy.analyze("nim:3,4,5"))
    assert "<svg" in page and "heap 1 to 1" in page
    page = analysis_html(grundy.Analysis.from_json(grundy.analyze("nim:3,4,5").to_json(), "nim"))
    assert "<svg" not in page and "heap 1 to 1" in page
    assert "<svg" in analysis_html(grundy.analyze("nim:3,4,5"), NimPosition((3, 4, 5)))
    big = analysis_html(grundy.analyze("nim:3000"), NimPosition((3000,)))
    assert "over the limit" in big and "<svg" not in big


REPR_CLASSES = [Analysis, Graph, Poset, Complex, ChompPosition, NimPosition, OctalPosition]


@pytest.fixture
def reprs():
    """install_notebook_reprs, undone afterwards unless it was already in place."""
    before = {(cls, name): cls.__dict__.get(name) for cls in REPR_CLASSES for name in ("_repr_svg_", "_repr_html_")}
    install_notebook_reprs()
    yield
    for (cls, name), old in before.items():
        if old is None and name in cls.__dict__:
            delattr(cls, name)
        elif old is not None:
            setattr(cls, name, old)


def _caption(root: ET.Element) -> str:
    texts = [el.text or "" for el in root.iter(NS + "text") if "caption" in classes(el)]
    assert len(texts) == 1
    return texts[0]


@pytest.mark.usefixtures("reprs")
def test_notebook_reprs() -> None:
    install_notebook_reprs()  # idempotent
    assert Graph._repr_svg_ is drawing_reprs._position_repr_svg  # type: ignore[attr-defined]
    root = parse(to_graph("path:3")._repr_svg_())  # type: ignore[attr-defined]
    assert winning(root) == {Move(vertex=1)}
    assert _caption(root) == "nim-value 1: winning moves in red"
    page = grundy.analyze("path:3")._repr_html_()  # type: ignore[attr-defined]
    assert "remove vertex 1" in page and '<td style="text-align:left">1</td>' in page
    assert winning(parse(grundy.analyze("path:3")._repr_svg_())) == {Move(vertex=1)}  # type: ignore[attr-defined]
    assert winning(parse(grundy.analyze("nim:1,2")._repr_svg_())) == {Move(heap=2, to=1)}  # type: ignore[attr-defined]
    root = parse(load_other("poset", "divisors:30")._repr_svg_())
    assert winning(root) == {Move(element=30)}
    root = parse(ChompPosition((4, 3, 1))._repr_svg_())  # type: ignore[attr-defined]
    assert winning(root) == {Move(row=1, column=3), Move(row=3, column=1)}
    root = parse(NimPosition((3, 4, 5))._repr_svg_())  # type: ignore[attr-defined]
    assert winning(root) == {Move(heap=1, to=1), Move(heap=1, to=2)}
    root = parse(load_other("complex", "simplex-boundary:4")._repr_svg_())
    assert winning(root) == set() and _caption(root) == "nim-value 0: no winning move"
    assert NimPosition((3000,))._repr_svg_() is None  # type: ignore[attr-defined]
    root = parse(load_other("octal", "octal:0.07:5,3")._repr_svg_())  # every kind draws itself
    assert _caption(root) == "octal game 0.07; nim-value 1: winning moves in red"


@pytest.mark.usefixtures("reprs")
def test_notebook_repr_of_an_undecided_position_draws_with_a_caption(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(drawing, "REPR_TIME_LIMIT", 1e-9)
    g = to_graph("wheel:9")  # needs a search (no closed form)
    root = parse(g._repr_svg_())  # type: ignore[attr-defined]
    assert winning(root) == set()
    assert _caption(root).startswith("not decided within")
    assert len(by_move(root, "vertex")) == 10


@pytest.mark.usefixtures("reprs")
def test_notebook_repr_of_a_refused_search_gives_the_reason(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(position: object) -> Analysis:
        raise TooLargeError("too large to search:\n  details")

    monkeypatch.setattr(drawing_reprs, "_bounded_analysis", refuse)
    root = parse(ChompPosition((3, 2))._repr_svg_())  # type: ignore[attr-defined]
    assert _caption(root) == "too large to search: details"
    assert winning(root) == set() and len(by_move(root, "square")) == 5


def test_layers_do_not_import_drawing() -> None:
    """drawing is a front end: core and games never import it (the reprs
    are installed from above)."""
    from test_layers import import_graph

    graph = import_graph(module_level=False)
    for module, edges in graph.items():
        if module.startswith(("grundy.core", "grundy.games", "grundy.readwrite", "grundy.errors")):
            assert "grundy.drawing" not in edges, module


def test_complex_triangle_order_matches_face_labels() -> None:
    cx = load_other("complex", "torus")
    root = parse(position_svg("complex", cx))
    triangles = [move_of(el) for el in clickable(root) if el.tag == NS + "polygon"]
    index = {v: i for i, v in enumerate(cx.labels)}
    for m in triangles:
        assert list(m.face or ()) == sorted(m.face or (), key=index.__getitem__)
        assert any(set(m.face or ()) <= set(f) for f in cx.facet_labels())
    assert len(triangles) == len({frozenset(c) for f in cx.facet_labels() for c in combinations(f, 3)})


# -- legible drawings of grids and large graphs (issue 32) -------------------------------------------
def test_grid_is_laid_out_as_its_labels_read() -> None:
    g = to_graph("grid:3,4")
    pos = graph_layout(g)
    for r in range(3):
        for c in range(4):
            x, y = pos[(r, c)]
            if c:  # columns left to right, rows level
                assert x > pos[(r, c - 1)][0] and y == pytest.approx(pos[(r, c - 1)][1])
            if r:  # row 0 on top (y upward)
                assert y < pos[(r - 1, c)][1] and x == pytest.approx(pos[(r - 1, c)][0])
    assert all(0 <= x <= 1 and 0 <= y <= 1 for x, y in pos.values())
    # what remains of a grid in play keeps its lattice; a torus's wrap-around edges do not fit one
    sub = Graph.from_edges([(0, 0), (0, 2), (1, 2)], [((0, 2), (1, 2))])
    sub_pos = graph_layout(sub)
    assert sub_pos[(0, 0)][0] < sub_pos[(0, 2)][0] and sub_pos[(1, 2)][1] < sub_pos[(0, 2)][1]
    ring = Graph.from_edges([(0, 0), (0, 1), (0, 2)], [((0, 0), (0, 1)), ((0, 1), (0, 2)), ((0, 2), (0, 0))])
    assert graph_layout(ring) == graph_layout(ring)  # the stress layout, deterministic


def test_grid_labels_are_legible() -> None:
    root = parse(position_svg("graph", to_graph("grid:3,4")))
    texts = {el.text: float(el.get("font-size") or 0) for el in root.iter(NS + "text")}
    assert set(texts) == {f"{r},{c}" for r in range(3) for c in range(4)}
    assert min(texts.values()) >= 11


def test_complete_graph_on_a_circle_without_overlaps() -> None:
    g = to_graph("complete:30")
    pos = graph_layout(g)
    cx = sum(x for x, _ in pos.values()) / 30
    cy = sum(y for _, y in pos.values()) / 30
    radii = [math.hypot(x - cx, y - cy) for x, y in pos.values()]
    assert max(radii) - min(radii) < 1e-3  # every vertex on one circle
    svg = position_svg("graph", g, width=600, height=600)
    root = parse(svg)
    circles = [(float(c.get("cx")), float(c.get("cy")), float(c.get("r"))) for c in root.iter(NS + "circle")]
    assert len(circles) == 30
    for i, (x1, y1, r1) in enumerate(circles):
        for x2, y2, r2 in circles[:i]:
            assert math.hypot(x1 - x2, y1 - y2) >= r1 + r2
    # labels drawn are legible, or left out with the title kept
    assert all(float(t.get("font-size") or 0) >= drawing_primitives.LABEL_FONT_MIN for t in root.iter(NS + "text"))
    # dense: the edges are thin and pale
    assert 'stroke-opacity="0.45"' in svg


def test_labels_too_small_are_left_out_titles_kept() -> None:
    g = to_graph("grid:40,40")
    root = parse(position_svg("graph", g))
    groups = [el for el in root.iter(NS + "g") if el.get("data-move")]
    assert len(groups) == 1600
    assert all(title(el).startswith("remove vertex") for el in groups)
    assert all(float(t.get("font-size") or 0) >= drawing_primitives.LABEL_FONT_MIN for t in root.iter(NS + "text"))
