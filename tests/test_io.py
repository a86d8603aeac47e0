"""Reading positions: every format, round trips, and every bad-input message."""

from __future__ import annotations

import io
import json
import sys

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import grundy.readwrite.graphs as grundy_io
from grundy.errors import InputError, TooLargeError
from grundy.games.graphs.families import FAMILIES, build_family
from grundy.readwrite.graphs import LoadedPosition, load, to_graph, to_graph6
from grundy.games.graphs.graph import Graph


def graph(n, edges, labels=None):
    return Graph.from_edges(range(n) if labels is None else labels, edges)


def s6(G: nx.Graph) -> str:
    return nx.to_sparse6_bytes(G, header=False).decode().strip()


def g6(G: nx.Graph) -> str:
    return nx.to_graph6_bytes(G, header=False).decode().strip()


def error(spec, **kwargs) -> str:
    with pytest.raises(InputError) as info:
        load(spec, **kwargs)
    message = str(info.value)
    assert "\n" not in message
    return message


@pytest.fixture
def write(tmp_path):
    def write(name, content):
        """Write ``content`` (text, bytes, or any other value as JSON) to
        ``tmp_path / name``; return the path."""
        path = tmp_path / name
        if isinstance(content, bytes):
            path.write_bytes(content)
        elif isinstance(content, str):
            path.write_text(content)
        else:
            path.write_text(json.dumps(content))
        return str(path)

    return write


# -- graph6 / sparse6 ----------------------------------------------------------
P4 = nx.path_graph(4)
K4 = nx.complete_graph(4)
PETERSEN = nx.petersen_graph()


def same(position: LoadedPosition, G: nx.Graph) -> None:
    """The loaded graph has vertices 0..n-1 and exactly G's edges."""
    assert position.graph is not None
    assert position.graph.labels == tuple(range(G.number_of_nodes()))
    assert sorted(position.graph.edges()) == sorted(tuple(sorted(e)) for e in G.edges())
    assert (position.vertices, position.edges) == (G.number_of_nodes(), G.number_of_edges())
    assert position.closed_form is None


def test_graph6_file_with_header_blank_lines_and_many_graphs(write):
    path = write("graphs.g6", f">>graph6<<{g6(P4)}\n\n{g6(K4)}\n   \n{g6(PETERSEN)}\n")
    positions = load(path)
    assert [p.name for p in positions] == [f"{path}:1", f"{path}:3", f"{path}:5"]
    for p, G in zip(positions, [P4, K4, PETERSEN]):
        same(p, G)


def test_graph6_file_header_on_its_own_line_and_no_header(write):
    with_header = load(write("a.g6", f">>graph6<<\n{g6(K4)}\n"))
    without = load(write("b.g6", f"{g6(K4)}\n"))
    assert [p.graph for p in with_header] == [p.graph for p in without]
    assert with_header[0].name.endswith("a.g6:2")


def test_graph6_file_may_hold_sparse6_lines(write):
    positions = load(write("mixed.g6", f"{g6(P4)}\n{s6(PETERSEN)}\n"))
    same(positions[0], P4)
    same(positions[1], PETERSEN)


def test_sparse6_file(write):
    G = nx.Graph([(0, 5), (1, 2), (3, 4), (2, 6)])
    G.add_node(7)
    positions = load(write("g.s6", f">>sparse6<<{s6(G)}\n{s6(P4)}\n"))
    same(positions[0], G)
    same(positions[1], P4)


def test_graph6_and_sparse6_strings():
    (p,) = load(g6(PETERSEN))
    assert p.name == "graph6"
    same(p, PETERSEN)
    (p,) = load(s6(PETERSEN))
    assert p.name == "sparse6"
    same(p, PETERSEN)
    (p,) = load(">>graph6<<" + g6(K4))
    same(p, K4)
    same(load("?")[0], nx.empty_graph(0))  # graph6 for the graph with no vertices


def test_stdin():
    text = f">>graph6<<{g6(P4)}\n\n{s6(K4)}\n{g6(PETERSEN)}\n"
    positions = load("-", stdin=io.StringIO(text))
    assert [p.name for p in positions] == ["stdin:1", "stdin:3", "stdin:4"]
    for p, G in zip(positions, [P4, K4, PETERSEN]):
        same(p, G)


def test_stdin_defaults_to_sys_stdin(monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.StringIO(g6(K4) + "\n"))
    same(load("-")[0], K4)


def test_stdin_bytes_stream_is_decoded():
    class BytesStream:
        def read(self):
            return (g6(K4) + "\n").encode()

    same(load("-", stdin=BytesStream())[0], K4)


@st.composite
def small_graphs(draw) -> Graph:
    """Graphs on vertices 0..n-1, n up to 70 (past the one-character size
    prefix of graph6 at 63), with any edge set."""
    n = draw(st.integers(0, 70))
    pairs = [(u, v) for v in range(n) for u in range(v)]
    density = draw(st.floats(0, 1))
    edges = [e for e in pairs if draw(st.floats(0, 1)) < density] if n <= 12 else draw(
        st.lists(st.sampled_from(pairs), unique=True, max_size=60) if pairs else st.just([])
    )
    return graph(n, sorted(edges))


@settings(max_examples=200, deadline=None)
@given(small_graphs())
def test_graph6_and_sparse6_round_trip(g):
    code = to_graph6(g)
    assert code == g6(g.to_networkx())  # networkx agrees on the encoding
    (p,) = load(code)
    assert p.graph == g
    (p,) = load(s6(g.to_networkx()))
    assert p.graph == g
    (p,) = load("-", stdin=io.StringIO(f"{code}\n"))
    assert p.graph == g


def test_to_graph6_uses_index_order_for_any_labels():
    g = Graph.from_edges(["x", (1, 2), 3], [("x", 3)])
    assert load(to_graph6(g))[0].graph.edges() == [(0, 2)]


# -- edge lists -------------------------------------------------------------
def test_edge_list_with_comments_isolated_vertices_and_mixed_labels(write):
    path = write(
        "g.edges",
        "# a triangle and more\n"
        "1 2\n"
        "2 3   # inline comment\n"
        "\n"
        "3 1\n"
        "a b\n"
        "7\n"
        "  -4 b\n",
    )
    (p,) = load(path)
    assert p.name == path
    g = p.graph
    assert g.labels == (1, 2, 3, "a", "b", 7, -4)
    assert g.edges() == [(1, 2), (1, 3), (2, 3), ("a", "b"), ("b", -4)]
    assert (p.vertices, p.edges) == (7, 5)
    assert g.degree(g.index(7)) == 0


def test_txt_is_an_edge_list(write):
    (p,) = load(write("g.txt", "0 1\n1 2\n"))
    assert p.graph == graph(3, [(0, 1), (1, 2)])


def test_edge_list_lone_vertex_also_on_an_edge_is_not_duplicated(write):
    (p,) = load(write("g.edges", "5\n5 6\n6\n"))
    assert p.graph.labels == (5, 6) and p.graph.m == 1


# -- JSON ----------------------------------------------------------------------
def test_json_single_graph(write):
    data = {"vertices": ["a", "b", "c", "d"], "edges": [["a", "b"], ["b", "c"]]}
    (p,) = load(write("g.json", json.dumps(data)))
    assert p.graph.labels == ("a", "b", "c", "d")
    assert p.graph.edges() == [("a", "b"), ("b", "c")]


def test_json_vertices_optional_and_list_labels_become_tuples(write):
    data = {"edges": [[[0, 0], [0, 1]], [[0, 1], [1, 1]]]}
    (p,) = load(write("grid.json", json.dumps(data)))
    assert p.graph.labels == ((0, 0), (0, 1), (1, 1))
    assert p.graph.m == 2


def test_json_list_of_graphs(write):
    data = [{"edges": [[0, 1]]}, {"vertices": [1, 2, 3], "edges": []}, {"vertices": [0, 1, 2], "edges": [[0, 1], [1, 2]]}]
    path = write("many.json", json.dumps(data))
    positions = load(path)
    assert [p.name for p in positions] == [f"{path}[0]", f"{path}[1]", f"{path}[2]"]
    assert [(p.vertices, p.edges) for p in positions] == [(2, 1), (3, 0), (3, 2)]


def test_json_round_trip_of_a_family(write):
    g = build_family("grid:3,3")
    data = {"vertices": [list(v) for v in g.labels], "edges": [[list(u), list(v)] for u, v in g.edges()]}
    assert load(write("grid.json", json.dumps(data)))[0].graph == g


# an edge naming a vertex missing from "vertices"
def test_json_edge_with_unlisted_vertex_is_an_error(write):
    path = write("graph.json", {"vertices": ["a", "b"], "edges": [["a", "b"], ["a", "z"]]})
    assert error(path) == f'{path}: edge ["a", "z"] names vertex "z", which is not in "vertices"'


@pytest.mark.parametrize(
    "data, where, edge, vertex",
    [
        ({"vertices": [1, 2], "edges": [[3, 1]]}, "", "[3, 1]", "3"),  # first endpoint, integer labels
        ({"vertices": [[0, 0], [0, 1]], "edges": [[[0, 0], [1, 1]]]}, "", "[[0, 0], [1, 1]]", "[1, 1]"),
        ({"vertices": [], "edges": [["a", "b"]]}, "", '["a", "b"]', '"a"'),  # an explicit empty list
        ({"vertices": ["1"], "edges": [["1", 1]]}, "", '["1", 1]', "1"),  # "1" and 1 are different labels
        ([{"edges": [[1, 2]]}, {"vertices": ["x"], "edges": [["x", "y"]]}], "[1]", '["x", "y"]', '"y"'),
    ],
)
def test_json_unlisted_vertex_variants(write, data, where, edge, vertex):
    path = write("g.json", data)
    assert error(path) == f'{path}{where}: edge {edge} names vertex {vertex}, which is not in "vertices"'


def test_json_unlisted_vertex_beats_self_loop_check(write):
    path = write("g.json", {"vertices": ["a"], "edges": [["z", "z"]]})
    assert 'names vertex "z"' in error(path)


def test_json_without_vertices_still_takes_them_from_the_edges(write):
    (p,) = load(write("g.json", {"edges": [["a", "b"], ["b", "c"]]}))
    assert p.graph.labels == ("a", "b", "c") and p.graph.m == 2


def test_json_with_complete_vertices_list_still_loads(write):
    (p,) = load(write("g.json", {"vertices": ["c", "b", "a", "lone"], "edges": [["a", "b"], ["b", "c"]]}))
    assert p.graph.labels == ("c", "b", "a", "lone") and p.graph.m == 2


def test_inline_json_is_not_read_as_a_graph():
    """The reader takes JSON from files only: an inline object is rejected
    (not silently accepted), whatever its vertices."""
    for text in ('{"vertices": ["a"], "edges": [["a", "z"]]}', '{"edges": [["a", "b"]]}'):
        assert "is neither a known family name" in error(text)


# -- families and the Python API -------------------------------------------
def test_family_spec():
    (p,) = load("wheel:9")
    assert p.name == "wheel:9"
    assert p.graph == build_family("wheel:9")
    assert (p.vertices, p.edges) == (10, 18)
    assert p.closed_form is None  # odd wheel: open conjecture


def test_load_limits_apply_to_every_source(write):
    with pytest.raises(TooLargeError, match="over the limit of 3 vertices"):
        load(g6(K4), max_vertices=3)
    with pytest.raises(TooLargeError, match="over the limit of 5 edges"):
        load(write("k.g6", g6(K4)), max_edges=5)
    with pytest.raises(TooLargeError, match="over the limit of 2 edges"):
        load(write("k.edges", "0 1\n1 2\n2 0\n"), max_edges=2)
    with pytest.raises(TooLargeError, match="over the limit of 3 vertices"):
        load(write("k.json", '{"vertices": [1, 2, 3, 4], "edges": []}'), max_vertices=3)
    assert load(g6(K4), max_vertices=4)[0].graph.n == 4


def test_to_graph_accepts_graphs_networkx_and_strings():
    g = graph(3, [(0, 1)])
    assert to_graph(g) is g
    G = nx.Graph([("u", "v"), ("v", "w")])
    assert to_graph(G) == Graph.from_edges(["u", "v", "w"], [("u", "v"), ("v", "w")])
    assert to_graph(nx.MultiGraph([(0, 1), (1, 2)])).m == 2
    assert to_graph("grid:2,2") == build_family("grid:2,2")
    assert sorted(to_graph(g6(PETERSEN)).edges()) == sorted(PETERSEN.edges())
    assert to_graph(s6(P4)).m == 3


def test_to_graph_accepts_a_file_with_one_graph(write):
    assert to_graph(write("one.g6", g6(K4) + "\n")).m == 6
    path = write("two.g6", f"{g6(K4)}\n{g6(P4)}\n")
    with pytest.raises(InputError, match="holds 2 graphs; to_graph needs exactly one"):
        to_graph(path)


@pytest.mark.parametrize(
    "obj, message",
    [
        (3, "cannot make a graph from int"),
        (None, "cannot make a graph from NoneType"),
        ([(0, 1)], "cannot make a graph from list"),
        (nx.DiGraph([(0, 1)]), "undirected"),
        (nx.MultiGraph([(0, 1), (0, 1)]), "repeated"),
        (nx.Graph([(0, 0)]), "self-loop"),
        ("-", "does not read stdin"),
        ("nonsense", "neither a known family name"),
        ("wheel:2", "wheel takes n >= 3"),
    ],
)
def test_to_graph_rejects(obj, message):
    with pytest.raises(InputError, match=message):
        to_graph(obj)


def test_to_graph_too_large_family_with_closed_form():
    with pytest.raises(TooLargeError, match="complete:100000 is too large to build"):
        to_graph("complete:100000")


# -- bad input ---------------------------------------------------------------
def test_malformed_graph6_line_names_file_and_line(write):
    path = write("bad.g6", f"{g6(K4)}\n\nBw!\n")
    assert error(path) == f"{path}:3: invalid graph6: character '!' at column 3 is not in the range '?'..'~'"
    path = write("short.g6", f"{g6(K4)}\n{g6(K4)[:-1]}\n")
    assert error(path) == f"{path}:2: invalid graph6: 4 vertices need 1 character after the vertex count, got 0"
    path = write("long.g6", "A_?\n")
    assert "long.g6:1: invalid graph6: 2 vertices need 1 character" in error(path)
    path = write("trunc.g6", "~?\n")
    assert error(path) == f"{path}:1: invalid graph6: truncated vertex count"
    path = write("di.g6", "&Cx\n")
    assert "di.g6:1: invalid graph6: digraph6" in error(path)


def test_sparse6_loops_and_multi_edges_are_rejected(write):
    loop = nx.MultiGraph([(0, 0), (0, 1)])
    multi = nx.MultiGraph([(0, 1), (0, 1), (1, 2)])
    path = write("loops.s6", f"{s6(P4)}\n{s6(loop)}\n")
    assert error(path) == f"{path}:2: self-loop at vertex 0: the graph games are played on simple graphs"
    path = write("multi.s6", f"\n{s6(multi)}\n")
    assert error(path) == f"{path}:2: edge 0-1 is repeated: the graph games are played on simple graphs"
    assert error(s6(multi)) == "sparse6: edge 0-1 is repeated: the graph games are played on simple graphs"
    assert "self-loop" in error("-", stdin=io.StringIO(s6(loop)))


def test_malformed_sparse6(write):
    path = write("bad.s6", ":Fa@x^\n:F a\n")
    assert error(path) == f"{path}:2: invalid sparse6: character ' ' at column 3 is not in the range '?'..'~'"
    assert error(":") == "invalid sparse6 string ':': no vertex count"
    assert "stdin:1: invalid sparse6" in error("-", stdin=io.StringIO(":~?\n"))


def test_edge_list_errors_name_the_line(write):
    path = write("three.edges", "1 2\n# ok\n1 2 3\n")
    assert error(path) == f"{path}:3: expected 'u v' or a lone vertex, got 3 items"
    path = write("loop.edges", "1 2\n\n2 2\n")
    assert error(path) == f"{path}:3: self-loop at vertex 2: the graph games are played on simple graphs"
    path = write("repeat.txt", "a b\nb c\nc a\nb a\n")
    assert error(path) == (
        f"{path}:4: edge 'b'-'a' repeats the edge at {path}:1: the graph games are played on simple graphs"
    )


@pytest.mark.parametrize(
    "content, message",
    [
        ('{"edges": [[0, 1]', ":1:18: malformed JSON: Expecting ',' delimiter"),
        ('{"edges": [[0, 1]],\n "vertices": [0 1]}', ":2:17: malformed JSON:"),
        ("42", ': expected a graph object {"vertices": [...], "edges": [[u, v], ...]}, got a number'),
        ('"Bw"', "got a string"),
        ('{"vertices": [1, 2]}', ": missing key 'edges'"),
        ('{"edges": [], "edge": []}', ": unknown key 'edge'"),
        ('{"edges": {"0": 1}}', ": 'edges' must be a list, got an object"),
        ('{"vertices": 3, "edges": []}', ": 'vertices' must be a list, got a number"),
        ('{"edges": [[0, 1], [1, 2, 3]]}', ": edges[1]: an edge must be a pair [u, v], got '[1, 2, 3]'"),
        ('{"edges": [[0, 1], 5]}', ": edges[1]: an edge must be a pair [u, v], got '5'"),
        ('{"edges": [[0, true]]}', ": edges[0]: a vertex label must be a string, an integer or a list, got a boolean"),
        ('{"edges": [[0, 1.5]]}', "got a number"),
        ('{"vertices": [null], "edges": []}', ": vertices[0]: a vertex label must be"),
        ('{"edges": [[0, 1], [2, 2]]}', ": edges[1]: self-loop at vertex 2"),
        ('{"edges": [[0, 1], [1, 0]]}', ": edges[1]: edge 1-0 repeats the edge at "),
        ('{"vertices": [1, 1], "edges": []}', ": vertex 1 is listed twice"),
        ('[{"edges": [[0, 1]]}, {"edges": [[3, 3]]}]', "[1]: edges[0]: self-loop at vertex 3"),
        ('[{"edges": []}, 7]', "[1]: expected a graph object"),
        ("[]", "no graph in "),
    ],
)
def test_json_errors(write, content, message):
    path = write("g.json", content)
    text = error(path)
    assert text.startswith(path) or text == f"no graph in {path}"
    assert message in text


@pytest.mark.parametrize("name", ["empty.g6", "empty.s6", "empty.edges", "empty.txt", "empty.json"])
@pytest.mark.parametrize("content", ["", "\n  \n"])
def test_empty_files(write, name, content):
    path = write(name, content)
    assert error(path) == f"no graph in {path}"


def test_files_with_only_comments_or_headers_are_empty(write):
    path = write("c.edges", "# nothing\n\n")
    assert error(path) == f"no graph in {path}"
    path = write("h.g6", ">>graph6<<\n")
    assert error(path) == f"no graph in {path}"


def test_empty_stdin():
    assert error("-", stdin=io.StringIO("")) == "no graph in stdin"
    assert error("-", stdin=io.StringIO("\n\n>>sparse6<<\n")) == "no graph in stdin"


def test_missing_files(tmp_path):
    for spec in (str(tmp_path / "nope.g6"), "nope.json", "dir/graph", "x.edges", "graphs.TXT"):
        assert error(spec) == f"cannot read {spec}: no such file"


def test_unsupported_extension_lists_supported_ones(write):
    path = write("graph.csv", "0,1\n")
    message = error(path)
    assert message.startswith(f"cannot read {path}: unsupported extension '.csv'; supported: ")
    assert all(ext in message for ext in (".g6", ".s6", ".edges", ".txt", ".json"))
    assert "unsupported extension '(none)'" in error(write("noext", "0 1\n"))


def test_upper_case_extension_is_read(write):
    same(load(write("K.G6", g6(K4)))[0], K4)


def test_unreadable_files(tmp_path, write):
    assert error(str(tmp_path)) == f"cannot read {tmp_path}: it is a directory"
    (tmp_path / "d.g6").mkdir()
    assert error(str(tmp_path / "d.g6")) == f"cannot read {tmp_path / 'd.g6'}: it is a directory"
    path = write("latin1.edges", "caf\xe9 1\n".encode("latin-1"))
    assert error(path) == f"cannot read {path}: not UTF-8 text (byte 0xe9 at offset 3)"


def test_file_without_read_permission(write, monkeypatch):
    """A file the OS refuses to open. CI runs as root, which reads any file, so
    the refusal is simulated at the open() grundy.readwrite.text calls (issue 31:
    every reader's bounded read)."""
    path = write("secret.g6", g6(K4))
    real_open = open

    def refuse(file, *args, **kwargs):
        if str(file) == str(path):
            raise PermissionError(13, "Permission denied", str(file))
        return real_open(file, *args, **kwargs)

    import grundy.readwrite.text

    monkeypatch.setattr(grundy.readwrite.text, "open", refuse, raising=False)
    assert error(path) == f"cannot read {path}: permission denied"


def test_string_that_is_neither_family_nor_graph6():
    assert error("wheell:5") == "unknown family 'wheell'; did you mean wheel?"
    message = error("xxxxxx:5")
    assert message.startswith("'xxxxxx:5' is neither a known family name (")
    assert all(name in message for name in FAMILIES)
    assert "nor valid graph6 (character ':' at column 7" in message
    assert "nor valid graph6 (57 vertices need 266 characters after the vertex count, got 2)" in error("xyz")
    assert error("   ").startswith("empty graph spec")
    long = error("A" + "_" * 500)
    assert len(long) < 400  # the bad string is shortened in the message


def test_family_errors_pass_through_load():
    assert error("wheel:x") == "wheel takes n >= 3 (wheel:n): got 'x'"
    with pytest.raises(TooLargeError, match="wheel:100001 has 100002 vertices"):
        load("wheel:100001")


def test_loaded_position_is_frozen():
    (p,) = load("path:3")
    with pytest.raises(AttributeError):
        p.name = "x"  # type: ignore[misc]


@pytest.mark.parametrize("token", ["0-1", "12,3", "4:5"])
def test_edge_list_refuses_an_edge_written_without_its_space(write, token: str) -> None:
    """A lone "0-1" was read as one isolated vertex named "0-1" (a wrong
    graph, silently); it is an error naming the line. A lone label that is
    not two integers joined so (a name with a hyphen) is still a vertex."""
    path = write("joined.edges", f"1 2\n{token}\n")
    assert error(path) == (f"{path}:2: {token!r} looks like an edge written without a space; "
                           f"write 'u v' (a lone label is an isolated vertex)")
    from grundy.readwrite.graphs import load

    (named,) = load(write("named.edges", "a b\nleft-over\n"))
    assert named.graph is not None and named.graph.n == 3 and named.graph.m == 1


# -- misspelt family names, graph6 lengths in the singular ---------------------
@pytest.mark.parametrize(
    "spec, suggestion",
    [
        ("petersn", "'petersn'; did you mean petersen?"),
        ("wheell:9", "'wheell'; did you mean wheel?"),
        ("Petersen", "'Petersen'; did you mean petersen?"),
        ("cycel:5", "'cycel'; did you mean cycle?"),
        ("hypercub:3", "'hypercub'; did you mean hypercube?"),
        ("tailedcycle:5", "'tailedcycle'; did you mean tailed-cycle or cycle?"),
        ("divisor:30", "'divisor'; did you mean divisors?"),  # poset family
        ("tori", "'tori'; did you mean torus?"),  # complex family
    ],
)
def test_misspelt_family_gets_a_suggestion(spec, suggestion):
    assert error(spec) == f"unknown family {suggestion}"


def test_misspelt_family_suggestion_ignores_size_limits():
    """'petersn' reads as a graph6 header of 49 vertices: it is a misspelt
    family whatever the limits, not a graph too large."""
    assert error("petersn", max_vertices=5) == "unknown family 'petersn'; did you mean petersen?"


@pytest.mark.parametrize("spec", ["nonsense", "xyz", "Bw!", "k9"])
def test_words_far_from_every_family_keep_the_graph6_message(spec):
    message = error(spec)
    assert "is neither a known family name" in message and "nor valid graph6" in message
    assert "did you mean" not in message


@pytest.mark.parametrize("code, edges", [("Bw", 3), ("CF", 3), ("A_", 1)])
def test_valid_graph6_words_still_load(code, edges):
    (p,) = load(code)
    assert p.name == "graph6" and p.edges == edges


def test_graph6_length_messages_singular():
    assert "(4 vertices need 1 character after the vertex count, got 0)" in error("C")
    assert "(1 vertex needs 0 characters after the vertex count, got 1)" in error("@x")
