"""The ``grundy`` command: every input format, the JSON schema, the human
output, bad input (exit 2, one line), search limits (exit 3) and real runs in
a subprocess.

Values printed by the CLI are not just compared with the engine's answer:
the JSON of a position is re-checked from its own vertex and edge lists
(rebuilt with networkx): the value is the mex of the values of every option,
and the winning moves are exactly the moves to a position of value 0.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import networkx as nx
import pytest
from click.testing import CliRunner

import grundy
from grundy import Theory
from grundy.cli import main
from grundy.games.graphs.families import FAMILIES
from helpers import stop_with

# -- helpers ------------------------------------------------------------------


def _runner() -> CliRunner:
    try:
        return CliRunner(mix_stderr=False)  # click < 8.2
    except TypeError:
        return CliRunner()  # click >= 8.2 keeps stderr apart


def run(*args: str, input: str | None = None):
    """Invoke ``grundy ARGS`` in-process; ``result.stdout`` / ``result.stderr``."""
    return _runner().invoke(main, list(args), input=input, catch_exceptions=False)


def ok(*args: str, input: str | None = None) -> str:
    result = run(*args, input=input)
    assert result.exit_code == 0, result.stderr
    assert result.stderr == ""
    return result.stdout


def json_lines(*args: str, input: str | None = None) -> list[dict]:
    out = ok(*args, "--json", input=input)
    return [json.loads(line) for line in out.splitlines()]


def one_line_error(result, code: int = 2) -> str:
    """Check a failed run: exit ``code``, one ``grundy: error:`` line on
    stderr and no traceback; return the message."""
    assert result.exit_code == code, (result.exit_code, result.stdout, result.stderr)
    assert "Traceback" not in result.stderr + result.stdout
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and result.stderr.endswith("\n"), result.stderr
    assert lines[0].startswith("grundy: error: "), lines[0]
    return lines[0][len("grundy: error: ") :]


def g6(G: nx.Graph) -> str:
    return nx.to_graph6_bytes(G, header=False).decode().strip()


def s6(G: nx.Graph) -> str:
    return nx.to_sparse6_bytes(G, header=False).decode().strip()


def label(x):
    """A JSON label back to a Python label (lists were tuples)."""
    return tuple(label(y) for y in x) if isinstance(x, list) else x


def graph_of(obj: dict) -> nx.Graph:
    """The position of a JSON result, from its own vertex and edge lists."""
    G = nx.Graph()
    G.add_nodes_from(label(v) for v in obj["vertices"])
    G.add_edges_from((label(u), label(v)) for u, v in obj["edges"])
    return G


def after(G: nx.Graph, move: dict) -> nx.Graph:
    """The position after a JSON move, built with networkx."""
    H = G.copy()
    if "edge" in move:
        H.remove_edge(*(label(x) for x in move["edge"]))
    else:
        H.remove_node(label(move["vertex"]))
    return H


def all_moves(G: nx.Graph) -> list[dict]:
    return [{"vertex": v} for v in G.nodes] + [{"edge": [u, v]} for u, v in G.edges]


def key(move: dict):
    """A move, comparable whatever the order of an edge's endpoints."""
    if "edge" in move:
        return ("edge", frozenset(map(repr, map(label, move["edge"]))))
    return ("vertex", repr(label(move["vertex"])))


def mex(values) -> int:
    s = set(values)
    return next(i for i in range(len(s) + 1) if i not in s)


def check_result(obj: dict, complete: bool = True) -> None:
    """Check one JSON result: schema, and (``complete``) its value and winning
    moves recomputed from the values of all its options."""
    assert set(obj) >= {"name", "value", "outcome", "winning_moves", "vertices", "edges", "stats", "explanation"}
    assert type(obj["value"]) is int and obj["value"] >= 0
    assert obj["outcome"] == ("P" if obj["value"] == 0 else "N")
    assert isinstance(obj["explanation"], list) and obj["explanation"]
    assert all(isinstance(line, str) and line for line in obj["explanation"])
    stats = obj["stats"]
    assert {"positions", "table_hits", "seconds"} <= set(stats)
    assert all(type(stats[k]) is int and stats[k] >= 0 for k in ("positions", "table_hits"))
    assert isinstance(stats["seconds"], float) and stats["seconds"] >= 0
    if obj["winning_moves"] is None:  # answered by a family formula
        assert type(obj["vertices"]) is int and type(obj["edges"]) is int
        return
    assert isinstance(obj["vertices"], list) and isinstance(obj["edges"], list)
    for move in obj["winning_moves"]:
        assert set(move) in ({"vertex"}, {"edge"}), move
        if "edge" in move:
            assert isinstance(move["edge"], list) and len(move["edge"]) == 2
    G = graph_of(obj)
    assert G.number_of_nodes() == len(obj["vertices"]) and G.number_of_edges() == len(obj["edges"])
    # Each winning move is a legal move to a position of value 0.
    for move in obj["winning_moves"]:
        assert grundy.nim_value(after(G, move)) == 0, move
    assert (obj["value"] == 0) == (not obj["winning_moves"])
    if complete:
        options = {key(m): grundy.nim_value(after(G, m)) for m in all_moves(G)}
        assert obj["value"] == mex(options.values())
        assert {key(m) for m in obj["winning_moves"]} == {k for k, v in options.items() if v == 0}
        assert len(obj["winning_moves"]) == len({key(m) for m in obj["winning_moves"]})


# Small graphs with no closed form for the whole graph.
HOUSE = nx.house_graph()  # 5 vertices, 6 edges
BULL = nx.bull_graph()
SPARSE = nx.Graph([(0, 1), (1, 2), (2, 0), (4, 5)])
SPARSE.add_nodes_from([3, 6])  # isolated vertices 3 and 6
RANDOMS = [nx.gnp_random_graph(7, 0.4, seed=s) for s in range(4)]


def expected(G: nx.Graph) -> int:
    return grundy.nim_value(G, theory=Theory.none())


# -- input formats ------------------------------------------------------------


def test_family_spec():
    (obj,) = json_lines("value", "petersen")
    assert obj["name"] == "petersen" and obj["value"] == 2
    assert len(obj["vertices"]) == 10 and len(obj["edges"]) == 15
    assert nx.is_isomorphic(graph_of(obj), nx.petersen_graph())
    check_result(obj)


def test_family_spec_with_tuple_labels():
    (obj,) = json_lines("value", "grid:2,3")
    assert [0, 0] in obj["vertices"] and all(len(m["edge"]) == 2 for m in obj["winning_moves"])
    assert obj["value"] == expected(nx.grid_2d_graph(2, 3))
    check_result(obj)
    assert "remove edge (0, 0)-(0, 1)" in ok("value", "grid:2,3")


@pytest.mark.parametrize("G", [HOUSE, BULL, *RANDOMS[:2]], ids=["house", "bull", "random0", "random1"])
def test_graph6_string(G):
    (obj,) = json_lines("value", g6(G))
    assert obj["name"] == "graph6"
    assert obj["value"] == expected(G)
    H = graph_of(obj)
    assert list(H.nodes) == list(range(len(G)))
    assert {frozenset(e) for e in H.edges} == {frozenset(e) for e in G.edges}
    check_result(obj)


def test_sparse6_string():
    (obj,) = json_lines("value", s6(SPARSE))
    assert obj["name"] == "sparse6"
    assert obj["vertices"] == list(range(7))
    assert sorted(map(sorted, obj["edges"])) == [[0, 1], [0, 2], [1, 2], [4, 5]]
    # K_3 (0) + 2 isolated vertices (1 xor 1) + an edge (2) = 2
    assert obj["value"] == 2 == expected(SPARSE)
    check_result(obj)


def test_g6_file_with_header_several_graphs_in_order(tmp_path):
    graphs = [HOUSE, *RANDOMS, BULL]
    path = tmp_path / "graphs.g6"
    # header on its own line, a blank line, and a sparse6 line mixed in
    lines = [">>graph6<<", g6(graphs[0]), "", *map(g6, graphs[1:-1]), s6(graphs[-1])]
    path.write_text("\n".join(lines) + "\n")
    objs = json_lines("value", str(path))
    linenos = [2, 4, 5, 6, 7, 8]
    assert [o["name"] for o in objs] == [f"{path}:{i}" for i in linenos]
    assert [o["value"] for o in objs] == [expected(G) for G in graphs]
    for obj, G in zip(objs, graphs):
        assert nx.is_isomorphic(graph_of(obj), G)
        check_result(obj)
    # human output: one line per graph, same order and values
    out = ok("value", str(path)).splitlines()
    assert len(out) == len(graphs)
    for line, obj in zip(out, objs):
        assert line.startswith(f"{obj['name']}: nim-value {obj['value']}, outcome {obj['outcome']}, ")


def test_header_on_the_graph_line_and_s6_file(tmp_path):
    path = tmp_path / "g.s6"
    path.write_text(">>sparse6<<" + s6(SPARSE) + "\n" + s6(HOUSE) + "\n")
    objs = json_lines("value", str(path))
    assert [o["name"] for o in objs] == [f"{path}:1", f"{path}:2"]
    assert [o["value"] for o in objs] == [expected(SPARSE), expected(HOUSE)]
    g6path = tmp_path / "h.g6"
    g6path.write_bytes(nx.to_graph6_bytes(HOUSE))  # networkx writes the header on the line
    assert [o["value"] for o in json_lines("value", str(g6path))] == [expected(HOUSE)]


@pytest.mark.parametrize("ext", [".edges", ".txt"])
def test_edge_list_with_labels_comments_and_isolated_vertex(tmp_path, ext):
    path = tmp_path / f"friends{ext}"
    path.write_text("# who knows whom\nalice bob   # since school\n\nbob carol\ncarol alice\ndave\n")
    (obj,) = json_lines("value", str(path))
    assert obj["name"] == str(path)
    assert obj["vertices"] == ["alice", "bob", "carol", "dave"]
    assert sorted(map(sorted, obj["edges"])) == [["alice", "bob"], ["alice", "carol"], ["bob", "carol"]]
    # K_3 (value 0) + a lone vertex (value 1): remove dave, or any triangle edge (P_3 has value 1)
    assert obj["value"] == 1
    assert {key(m) for m in obj["winning_moves"]} == {
        key({"vertex": "dave"}),
        key({"edge": ["alice", "bob"]}),
        key({"edge": ["alice", "carol"]}),
        key({"edge": ["bob", "carol"]}),
    }
    check_result(obj)
    out = ok("value", str(path))
    assert "winning moves: remove vertex dave, remove edge alice-bob" in out
    assert "remove vertex 3" not in out


def test_edge_list_integer_labels_kept(tmp_path):
    path = tmp_path / "g.edges"
    path.write_text("10 20\n20 30\n")  # path on labels 10, 20, 30: remove vertex 20
    (obj,) = json_lines("value", str(path))
    assert obj["vertices"] == [10, 20, 30] and obj["value"] == 1
    assert obj["winning_moves"] == [{"vertex": 20}]
    assert "winning moves: remove vertex 20\n" in ok("value", str(path))


def test_json_single_and_list(tmp_path):
    single = tmp_path / "one.json"
    single.write_text(json.dumps({"vertices": ["x", "y", "z", "w"], "edges": [["x", "y"], ["y", "z"]]}))
    (obj,) = json_lines("value", str(single))
    assert obj["name"] == str(single)
    assert obj["vertices"] == ["x", "y", "z", "w"]
    # P_3 (1) + K_1 (1) = 0
    assert obj["value"] == 0 and obj["winning_moves"] == []
    check_result(obj)

    many = tmp_path / "many.json"
    graphs = [
        {"edges": [[[0, 0], [0, 1]], [[0, 1], [1, 1]], [[1, 1], [0, 0]]]},  # a triangle on tuple labels
        {"vertices": [1, 2, 3, 4, 5], "edges": [[u + 1, v + 1] for u, v in HOUSE.edges]},
        {"vertices": ["solo"], "edges": []},
    ]
    many.write_text(json.dumps(graphs, indent=1))
    objs = json_lines("value", str(many))
    assert [o["name"] for o in objs] == [f"{many}[{i}]" for i in range(3)]
    assert [o["value"] for o in objs] == [0, expected(HOUSE), 1]
    assert objs[0]["vertices"] == [[0, 0], [0, 1], [1, 1]]
    assert objs[1]["vertices"] == [1, 2, 3, 4, 5]
    assert objs[2]["winning_moves"] == [{"vertex": "solo"}]
    for obj in objs:
        check_result(obj)


def test_stdin_graph6():
    text = ">>graph6<<" + g6(HOUSE) + "\n\n" + g6(BULL) + "\n"
    objs = json_lines("value", "-", input=text)
    assert [o["name"] for o in objs] == ["stdin:1", "stdin:3"]
    assert [o["value"] for o in objs] == [expected(HOUSE), expected(BULL)]
    for obj in objs:
        check_result(obj)
    out = ok("value", "-", input=g6(HOUSE) + "\n")
    assert out.startswith("stdin:1  (5 vertices, 6 edges)\n")


def test_several_specs_in_order(tmp_path):
    path = tmp_path / "two.g6"
    path.write_text(g6(BULL) + "\n" + g6(HOUSE) + "\n")
    objs = json_lines("value", "cycle:7", str(path), "complete:4")
    assert [o["name"] for o in objs] == ["cycle:7", f"{path}:1", f"{path}:2", "complete:4"]
    assert [o["value"] for o in objs] == [0, expected(BULL), expected(HOUSE), 1]


# -- the main job and the human output ----------------------------------------


def test_value_wheel_9():
    out = ok("value", "wheel:9")
    lines = out.splitlines()
    assert lines[0] == "wheel:9  (10 vertices, 18 edges)"
    assert "  nim-value: 1" in lines
    assert any(line.startswith("  outcome:   N") for line in lines)
    assert "  winning moves: remove vertex 0" in lines
    why = lines.index("  why:")
    assert lines[why + 1].startswith("    - ")
    assert lines[-1].startswith("  searched ")
    (obj,) = json_lines("value", "wheel:9")
    assert obj["value"] == 1 and obj["outcome"] == "N"
    assert obj["winning_moves"] == [{"vertex": 0}]
    G = graph_of(obj)
    assert nx.is_isomorphic(G, nx.wheel_graph(10)) and G.degree(0) == 9
    check_result(obj, complete=False)
    assert grundy.nim_value(after(G, {"vertex": 0})) == 0  # C_9


def test_brief_and_explain():
    brief = ok("value", "wheel:9", "--brief")
    assert "why:" not in brief and "nim-value: 1" in brief
    blocks = ok("value", "cycle:5", "path:3", "--explain")
    assert blocks.count("why:") == 2 and "\n\npath:3  (3 vertices, 2 edges)\n" in blocks
    lines = ok("value", "cycle:5", "path:3").splitlines()
    assert lines == [
        "cycle:5: nim-value 0, outcome P, winning moves: none (every move loses)",
        "path:3: nim-value 1, outcome N, winning moves: remove vertex 1",
    ]


@pytest.mark.parametrize("spec", ["petersen", "gmk:0,2", "prism:3", g6(RANDOMS[2])])
def test_moves_all_option_table(spec):
    (obj,) = json_lines("moves", spec, "--all")
    check_result(obj)
    G = graph_of(obj)
    options = obj["options"]
    assert len(options) == G.number_of_nodes() + G.number_of_edges()
    assert {key(o) for o in options} == {key(m) for m in all_moves(G)}
    for o in options:
        assert set(o) in ({"vertex", "value"}, {"edge", "value"})
        move = {k: v for k, v in o.items() if k != "value"}
        assert o["value"] == grundy.nim_value(after(G, move)), o
    assert obj["value"] == mex(o["value"] for o in options)
    assert {key(m) for m in obj["winning_moves"]} == {key(o) for o in options if o["value"] == 0}
    # the same table as text
    out = ok("moves", spec, "--all")
    assert "  options (move -> nim-value of the result):" in out
    rows = [line for line in out.splitlines() if line.startswith("    remove ")]
    assert len(rows) == len(options)
    for row, o in zip(rows, options):
        assert row.split("->")[1].split()[0] == str(o["value"])
        assert row.endswith("wins") == (o["value"] == 0)


def test_moves_without_all_has_no_table():
    (obj,) = json_lines("moves", "path:4")
    assert "options" not in obj
    assert {key(m) for m in obj["winning_moves"]} == {key({"edge": [i, i + 1]}) for i in range(3)}
    assert "options" not in ok("moves", "path:4")


def test_moves_file_of_several_graphs(tmp_path):
    path = tmp_path / "g.g6"
    path.write_text(g6(HOUSE) + "\n" + g6(BULL) + "\n")
    objs = json_lines("moves", str(path), "--all")
    assert [o["name"] for o in objs] == [f"{path}:1", f"{path}:2"]
    assert all(len(o["options"]) == len(o["vertices"]) + len(o["edges"]) for o in objs)
    out = ok("moves", str(path))
    assert out.count("winning moves:") == 2 and f"\n\n{path}:2  " in out


def test_families_lists_every_family():
    out = ok("families")
    lines = out.splitlines()[: len(FAMILIES)]  # the graph families come first
    assert out.splitlines()[len(FAMILIES)] == ""  # then posets, complexes, others
    headings = [line for line in out.splitlines() if line.endswith(":")]
    assert headings == ["posets (a move removes an element and everything above it):",
                        "simplicial complexes (subset take-away):", "other positions:"]
    assert "chomp:r1,r2,..." in out.split("other positions:")[1]
    assert "nim:h1,h2,..." in out.split("other positions:")[1]
    for line, family in zip(lines, FAMILIES.values()):
        assert line.split()[0] == family.syntax
        assert family.definition in line
    everything = json.loads(ok("families", "--json"))
    assert {d["kind"] for d in everything} == {"graph", "poset", "complex", "chomp", "nim", "octal"}
    data = [d for d in everything if d["kind"] == "graph"]
    assert [d["name"] for d in data] == list(FAMILIES)
    for d in data:
        family = FAMILIES[d["name"]]
        assert d == {
            "kind": "graph",
            "name": family.name,
            "params": family.params,
            "syntax": family.syntax,
            "requires": family.requires,
            "definition": family.definition,
        }


def test_no_theory_gives_the_same_answers(tmp_path):
    path = tmp_path / "r.g6"
    path.write_text("".join(g6(G) + "\n" for G in RANDOMS))
    specs = ["petersen", "gmk:1,2", "prism:5", "wheel:6", "tailed-cycle:5,0=2", "grid:2,3", str(path)]
    with_theory = json_lines("value", *specs)
    pure = json_lines("value", *specs, "--no-theory")
    assert len(with_theory) == len(pure) == 6 + len(RANDOMS)
    for a, b in zip(with_theory, pure):
        assert (a["name"], a["value"], a["outcome"]) == (b["name"], b["value"], b["outcome"])
        assert sorted(map(key, a["winning_moves"])) == sorted(map(key, b["winning_moves"]))
    assert [o["value"] for o in with_theory[:6]] == [2, 6, 2, 1, 3, 2]
    assert sum(o["stats"]["closed_forms"] + o["stats"]["reductions"] for o in with_theory) > 0
    assert all(o["stats"]["closed_forms"] == o["stats"]["reductions"] == 0 for o in pure)


#: A count of 1 followed by a plural noun.
BAD_PLURAL = re.compile(r"\b1 (vertices|edges|components|parts|characters|items|graphs)\b")


def test_cli_explanations_have_no_bad_plural():
    out = run("value", "path:1", "path:2", "complete:1", "empty:1", "star:1", "multipartite:1,2", "--json")
    assert out.exit_code == 0, out.stderr
    for line in out.stdout.splitlines():
        for text in json.loads(line)["explanation"]:
            assert not BAD_PLURAL.search(text), text
    assert "a tree on 1 vertex," in out.stdout


# -- too large, with and without a closed form --------------------------------


def test_too_large_family_with_closed_form():
    out = ok("value", "complete:100000")
    assert "nim-value: 1" in out and "winning moves: not listed (too large to build)" in out
    assert "closed form" in out
    (obj,) = json_lines("value", "complete:100000")
    assert obj["value"] == 1 and obj["outcome"] == "N" and obj["winning_moves"] is None
    assert obj["vertices"] == 100000 and obj["edges"] == 100000 * 99999 // 2
    check_result(obj)
    (obj,) = json_lines("value", "wheel:100000")  # even wheel: value 1
    assert (obj["value"], obj["winning_moves"], obj["vertices"]) == (1, None, 100001)
    (obj,) = json_lines("moves", "complete:100002", "--all")
    assert obj["value"] == 0 and obj["winning_moves"] is None and obj["options"] is None
    assert "options: not listed" in ok("moves", "complete:100002", "--all")


# -- bad input: exit 2, one line ----------------------------------------------


BAD_SPECS = [
    ("Bw!", ["not in the range"]),  # malformed graph6
    ("C", ["4 vertices need 1 character after"]),
    (":~", ["invalid sparse6", "truncated"]),
    (":A!", ["invalid sparse6"]),
    ("wheell:5", ["unknown family 'wheell'; did you mean wheel?"]),  # a misspelt family: the closest names
    ("octl:0.07:5", ["unknown family 'octl'; did you mean octal?"]),  # octal was missing from the names
    ("chmp:3,2", ["unknown family 'chmp'; did you mean chomp?"]),
    ("xxxxxx:5", ["neither a known family", *FAMILIES]),  # far from every family: lists the valid ones
    ("wheel:2", ["wheel takes n >= 3 (wheel:n)", "'2'"]),
    ("wheel:x", ["wheel takes n >= 3"]),
    ("gmk:1,2,4", ["odd cycle length"]),
    ("random:5,2,1", ["0 <= p <= 1"]),
    ("petersen:3", ["no parameters"]),
    ("random:100000,0.5,1", ["100000 vertices", "no closed form"]),
    ("wheel:100001", ["100002 vertices", "no closed form"]),
    ("missing.g6", ["cannot read missing.g6: no such file"]),
    ("no/such/dir.edges", ["no such file"]),
    ("", ["empty graph spec"]),
]


@pytest.mark.parametrize("spec, words", BAD_SPECS, ids=[s or "empty" for s, _ in BAD_SPECS])
def test_bad_spec(spec, words):
    message = one_line_error(run("value", spec))
    for word in words:
        assert word in message, (word, message)


BAD_FILES = [
    ("bad.g6", f"{g6(HOUSE)}\n\n{g6(BULL)}x\n", ["bad.g6:3: invalid graph6"]),
    ("bad.s6", ":Fa@x^\n:~\n", ["bad.s6:2: invalid sparse6"]),
    ("loop.edges", "a b\n# c\nb b\n", ["loop.edges:3: self-loop at vertex 'b'"]),
    ("rep.edges", "a b\nb c\nb a\n", ["rep.edges:3: edge 'b'-'a' repeats the edge at", "rep.edges:1"]),
    ("three.txt", "1 2 3\n", ["three.txt:1", "got 3 items"]),
    ("empty.g6", "", ["no graph in"]),
    ("blank.edges", "# only a comment\n\n", ["no graph in"]),
    ("bad.json", '{"edges": [[1, 2],\n', ["bad.json:2:1: malformed JSON"]),
    ("shape.json", '{"vertex": [1]}', ["unknown key 'vertex'"]),
    ("loop.json", '{"edges": [[1, 2], [2, 2]]}', ["edges[1]", "self-loop"]),
    ("float.json", '[{"edges": [[1, 2.5]]}]', ["float.json[0]", "a vertex label must be"]),
    ("binary.g6", b"\xff\xfe", ["not UTF-8"]),
    ("graph.csv", "1,2\n", ["unsupported extension '.csv'"]),
]


@pytest.mark.parametrize("name, content, words", BAD_FILES, ids=[n for n, _, _ in BAD_FILES])
def test_bad_file(tmp_path, name, content, words):
    path = tmp_path / name
    path.write_bytes(content if isinstance(content, bytes) else content.encode())
    message = one_line_error(run("value", str(path)))
    for word in words:
        assert word in message, (word, message)


def test_directory(tmp_path):
    (tmp_path / "d.g6").mkdir()
    for spec in (str(tmp_path), str(tmp_path / "d.g6")):
        assert "is a directory" in one_line_error(run("value", spec))


def test_unreadable_file(tmp_path, monkeypatch):
    """CI runs as root, which reads any file: the OS refusal is simulated at
    the open() grundy.readwrite.text calls (issue 31: every reader's bounded read)."""
    import grundy.readwrite.text

    path = tmp_path / "secret.g6"
    path.write_text(g6(HOUSE) + "\n")
    real_open = open

    def refuse(file, *args, **kwargs):
        if str(file) == str(path):
            raise PermissionError(13, "Permission denied", str(file))
        return real_open(file, *args, **kwargs)

    monkeypatch.setattr(grundy.readwrite.text, "open", refuse, raising=False)
    assert one_line_error(run("value", str(path))) == f"cannot read {path}: permission denied"


def test_empty_stdin():
    assert one_line_error(run("value", "-", input="")) == "no graph in stdin"
    assert one_line_error(run("value", "-", input="\n\n")) == "no graph in stdin"
    assert "stdin:2: invalid graph6" in one_line_error(run("value", "-", input=g6(HOUSE) + "\nB\n"))


def test_bad_input_is_reported_before_any_search():
    result = run("value", "wheel:9", "cycle:7", "nonsense", "--json")
    assert "'nonsense' is neither" in one_line_error(result)
    assert result.stdout == ""


@pytest.mark.parametrize(
    "args, words",
    [
        (["value"], ["Missing argument"]),
        (["value", "wheel:9", "--time-limit", "0"], ["--time-limit"]),
        (["value", "wheel:9", "--max-positions", "-1"], ["--max-positions"]),
        (["moves", "path:3", "path:4"], ["unexpected extra argument"]),
        (["nosuch"], ["No such command"]),
        (["value", "wheel:9", "--bogus"], ["--bogus"]),
    ],
)
def test_usage_errors_are_one_line(args, words):
    message = one_line_error(run(*args))
    for word in words:
        assert word in message


#: files for the readers' errors through the command: JSON for anything but text
@pytest.fixture
def write(tmp_path):
    def write(name: str, data) -> str:
        path = tmp_path / name
        path.write_text(data if isinstance(data, str) else json.dumps(data))
        return str(path)

    return write


def test_json_unlisted_vertex_through_the_cli(write):
    path = write("graph.json", {"vertices": ["a", "b"], "edges": [["a", "z"]]})
    message = one_line_error(run("value", path))
    assert message == f'{path}: edge ["a", "z"] names vertex "z", which is not in "vertices"'


# -- search limits: exit 3 ----------------------------------------------------


def test_max_positions():
    result = run("value", "wheel:15", "--max-positions", "5")
    message = one_line_error(result, 3)
    assert message.startswith("wheel:15: search stopped at the position limit 5 after 5 positions")
    assert "--max-positions" in message
    assert result.stdout == ""


def test_max_positions_keeps_the_graphs_before():
    result = run("value", "petersen", "wheel:15", "--max-positions", "5", "--json")
    assert "wheel:15: search stopped" in one_line_error(result, 3)
    obj, stopped = map(json.loads, result.stdout.splitlines())
    assert obj["name"] == "petersen" and obj["value"] == 2
    # the stopped position still has its line, so a script keeps its place
    # the outcome only if the search had settled it (W_15 has value 1: N)
    assert stopped["name"] == "wheel:15" and stopped["value"] is None and stopped["outcome"] in (None, "N")
    assert stopped["stopped"] == "position limit 5"
    # the human output too prints each graph's line as soon as it is known
    result = run("value", "petersen", "wheel:15", "--max-positions", "5")
    assert "wheel:15: search stopped" in one_line_error(result, 3)
    assert result.stdout.splitlines() == [
        "petersen: nim-value 2, outcome N, winning moves: " + ", ".join(
            f"remove edge {u}-{v}" for u, v in sorted(nx.petersen_graph().edges)
        )
    ]


def test_time_limit():
    t0 = time.perf_counter()
    result = run("value", "wheel:19", "--time-limit", "0.01")
    assert time.perf_counter() - t0 < 2
    message = one_line_error(result, 3)
    assert message.startswith("wheel:19: search stopped at the time limit 0.01 s after ")
    assert "--time-limit" in message


def test_moves_respects_limits():
    assert "position limit 3" in one_line_error(run("moves", "wheel:13", "--max-positions", "3"), 3)


# -- real processes -----------------------------------------------------------

SRC = str(Path(grundy.__file__).resolve().parents[1])


def grundy_process(*args: str, input: str | None = None, timeout: float = 30) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [SRC, os.environ.get("PYTHONPATH")])))
    return subprocess.run(
        [sys.executable, "-m", "grundy", *args],
        input=input, capture_output=True, text=True, env=env, timeout=timeout,
    )


def test_process_success_and_stdin():
    p = grundy_process("value", "wheel:9", "-", "--json", input=g6(HOUSE) + "\n")
    assert p.returncode == 0 and p.stderr == ""
    objs = [json.loads(line) for line in p.stdout.splitlines()]
    assert [(o["name"], o["value"]) for o in objs] == [("wheel:9", 1), ("stdin:1", expected(HOUSE))]
    assert objs[0]["winning_moves"] == [{"vertex": 0}]


@pytest.mark.parametrize(
    "args, input, code, word",
    [
        (["value", "Bw!"], None, 2, "neither a known family"),
        (["value", "-"], "", 2, "no graph in stdin"),
        (["value", "random:100000,0.5,1"], None, 2, "no closed form"),
        (["value", "wheel:9", "--time-limit", "-1"], None, 2, "--time-limit"),
        (["value", "wheel:15", "--max-positions", "5"], None, 3, "position limit 5"),
    ],
)
def test_process_errors_are_one_line(args, input, code, word):
    p = grundy_process(*args, input=input)
    assert p.returncode == code
    assert "Traceback" not in p.stderr
    assert p.stderr.count("\n") == 1 and p.stderr.startswith("grundy: error: ")
    assert word in p.stderr
    assert p.stdout == ""


def test_misspelt_family_through_the_cli():
    assert one_line_error(run("value", "wheell:9")) == "unknown family 'wheell'; did you mean wheel?"
    p = grundy_process("value", "petersn", timeout=60)
    assert p.returncode == 2 and "Traceback" not in p.stderr and p.stdout == ""
    assert p.stderr == "grundy: error: unknown family 'petersn'; did you mean petersen?\n"


def test_process_version():
    p = grundy_process("--version")
    assert p.returncode == 0 and p.stdout.strip() == f"grundy, version {grundy.__version__}"


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
@pytest.mark.parametrize("spec, delay, said", [
    # random:11,0.6,1's outcome takes some 500,000 positions: stopped early, nothing is known of it
    ("random:11,0.6,1", 0.3, "nothing was printed for the unfinished position"),
    # wheel:29's value takes a minute or more, but its first question is answered at once (the hub's
    # removal leaves a cycle, value 0): stopped then, it says who wins and the move the table decides
    ("wheel:29", 3.0, "wheel:29: outcome N (the player to move wins), settled before the stop, which came before "
                      "its value was found; the table already decides a winning move: remove vertex 0"),
    ("random:12,0.5,2", 4.0, "random:12,0.5,2: outcome N (the player to move wins), settled before the stop, "
                             "which came before its value was found; the table already decides a winning move: remove vertex 9"),
    # W_30's value is found at once (the involution: Khandhawit-Ye, Theorem 1) and its rim moves
    # are then searched for minutes: stopped then, it says what it knew, as a time limit does
    ("wheel:30", 3.0, "wheel:30: nim-value 1, N (the player to move wins), but its winning moves were still "
                      "being sought: found so far: remove vertex 0"),
])
def test_process_interrupted(spec: str, delay: float, said: str):
    """Ctrl-C: one line on stderr (what was known of the unfinished
    position), exit 130, nothing more on stdout."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [SRC, os.environ.get("PYTHONPATH")])))
    # the child gets Ctrl-C's default disposition even when this test runs
    # with SIGINT ignored (a background job of a script ignores it, and
    # Python then installs no KeyboardInterrupt handler)
    p = subprocess.Popen(
        [sys.executable, "-m", "grundy", "value", "path:3", spec],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    first = p.stdout.readline()  # path:3 is answered at once
    out, err = stop_with(p, signal.SIGINT, delay=delay)
    assert first == "path:3: nim-value 1, outcome N, winning moves: remove vertex 1\n"
    assert p.returncode == 130
    assert "Traceback" not in err
    assert err.strip().splitlines() == [f"grundy: interrupted; {said}"]
    assert out == ""


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_process_terminated_saves_its_table(tmp_path):
    """SIGTERM (``kill``, ``timeout``, a batch scheduler) stops a command as
    Ctrl-C does: one line, the table file written on the way out, before its
    first 30 s checkpoint; exit 143 (128 + SIGTERM). A second SIGTERM close
    behind the first (a scheduler, an impatient ``kill``) does not cut the
    save short."""
    import sqlite3

    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [SRC, os.environ.get("PYTHONPATH")])))
    table = tmp_path / "w.db"
    p = subprocess.Popen(
        [sys.executable, "-m", "grundy", "value", "path:3", "wheel:33", "--table", str(table), "--brief"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
        preexec_fn=lambda: signal.signal(signal.SIGTERM, signal.SIG_DFL),
    )
    first = p.stdout.readline()  # path:3 is answered; wheel:33 searches for minutes
    try:
        time.sleep(2)
        assert p.poll() is None, "the process ended before the signal: " + p.communicate()[1]
        p.send_signal(signal.SIGTERM)
        time.sleep(0.02)
        if p.poll() is None:
            p.send_signal(signal.SIGTERM)
        out, err = p.communicate(timeout=60)
    finally:
        if p.poll() is None:
            p.kill()
            p.wait()
    assert first.startswith("path:3: nim-value 1")
    # 143 from the command; -SIGTERM if the second signal came after the
    # command had saved its table and given back the default handler
    assert p.returncode in (143, -signal.SIGTERM), err
    assert "Traceback" not in err
    assert err.strip().splitlines() == [  # what the table settled before the stop, as Ctrl-C says it
        "grundy: interrupted; wheel:33: outcome N (the player to move wins), settled before the stop, which came "
        "before its value was found; the table already decides a winning move: remove vertex 0"]
    conn = sqlite3.connect(str(table))
    try:
        # saved to the journal (an interrupted run does not merge it into digests)
        rows = sum(conn.execute(f"SELECT COUNT(*) FROM {t}").fetchone()[0] for t in ("digests", "journal"))
    finally:
        conn.close()
    assert rows > 1000


def test_without_switches_off_named_results():
    """--without drops the named results: the explanation no longer uses them
    and the value is unchanged."""
    (full,) = json_lines("value", "multipartite:3,3,2")
    (less,) = json_lines("value", "multipartite:3,3,2", "--without", "twins,complete_multipartite")
    assert full["value"] == less["value"] == 2
    assert any("twins" in line for line in full["explanation"])
    assert not any("twins" in line or "multipartite" in line for line in less["explanation"])
    message = one_line_error(run("value", "wheel:9", "--without", "foo"))
    assert "unknown result 'foo'" in message and "involutions" in message


def test_octal_command():
    obj = json.loads(ok("octal", "0.77", "--up-to", "300", "--json"))
    assert set(obj) == {"code", "sequence", "period", "preperiod", "saltus", "proven"}
    assert obj["sequence"][:12] == [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6] and len(obj["sequence"]) == 301
    assert (obj["period"], obj["preperiod"], obj["saltus"], obj["proven"]) == (12, 71, 0, True)
    obj = json.loads(ok("octal", "0.3(4)", "--up-to", "60", "--json"))
    assert (obj["period"], obj["saltus"], obj["proven"]) == (3, 2, False)
    assert "proven by the octal periodicity theorem" in ok("octal", "kayles", "--up-to", "300")
    assert "'8' is not an octal digit" in one_line_error(run("octal", "0.8"))
    assert "single repeating digit" in one_line_error(run("octal", "0.3(45)"))
    for bad in ("x", "0.(", ""):
        one_line_error(run("octal", bad))  # exit 2, one line, no traceback


def test_games_command_and_game_option():
    out = ok("games")
    for name in ("chomp", "graph-nim", "bo-bo", "be-be", "oe-oe", "odd-vertex", "even-vertex"):
        assert name in out
    (obj,) = json_lines("value", "path:6", "--game", "graph-nim")
    assert obj["game"] == "graph-nim" and obj["value"] == 4  # Kayles on 5
    (obj,) = json_lines("moves", "cycle:5", "--misere", "--all")
    assert obj["play"] == "misere" and obj["value"] is None and obj["outcome"] in ("N", "P")
    assert all(o["outcome"] in ("N", "P") for o in obj["options"])
    assert "unknown game 'nope'" in one_line_error(run("value", "path:3", "--game", "nope"))
    assert "normal-play Graph Chomp only" in one_line_error(run("value", "complete:100000", "--game", "bo-bo"))


def test_partizan_games_give_canonical_forms():
    """A partizan game asked for a nim-value: exit 2 with its canonical form;
    `grundy form` prints it. Values checked against grundy.games.partizan."""
    from grundy.readwrite.graphs import to_graph
    from grundy.games.partizan import partizan_value

    message = one_line_error(run("value", "path:3", "--game", "even-odd-vertex"))
    assert "even-odd-vertex is a partizan game" in message and "path:3 = {2|0}" in message
    (obj,) = json_lines("form", "path:3", "--game", "even-odd-vertex")
    assert obj["canonical_form"] == str(partizan_value("even-odd-vertex", to_graph("path:3"))) == "{2|0}"
    assert obj["outcome"] == "N" and obj["nimber"] is None
    (obj,) = json_lines("form", "path:6", "--game", "graph-nim")  # impartial: the nimber
    assert (obj["canonical_form"], obj["nimber"]) == ("*4", 4)
    out = ok("form", "complete:3", "--game", "be-bo", "--ascii")
    assert out.startswith("complete:3: ")
    assert "partizan" in ok("games") and "even-odd-vertex" in ok("games")


def test_the_partizan_refusal_names_the_position_in_the_api_too() -> None:
    """The API's refusal names a spec as the command line does (it said
    'the position'), and gives a networkx graph's form (its .graph, the
    attribute dict, was taken for the graph: 'cannot make a graph from dict')."""
    import networkx as nx
    import pytest

    import grundy
    from grundy.errors import InputError

    with pytest.raises(InputError, match=r"partizan game.*: path:3 = \{2\|0\}"):
        grundy.nim_value("path:3", game="even-odd-vertex")
    with pytest.raises(InputError, match=r"partizan game.*: the position = \{2\|0\}"):
        grundy.nim_value(nx.path_graph(3), game="even-odd-vertex")


def test_rectangular_chomp_and_nim_through_value_and_moves():
    from grundy.games.chomp import nim_value as chomp_value, parse_chomp

    (obj,) = json_lines("value", "chomp:5,3,3")
    assert obj["rows"] == [5, 3, 3] and obj["value"] == chomp_value(parse_chomp("chomp:5,3,3"))
    assert all(set(m) == {"row", "column"} for m in obj["winning_moves"])
    (obj,) = json_lines("moves", "chomp:3,3", "--all")
    assert obj["winning_moves"] == [{"row": 2, "column": 3}]  # leaves rows (3, 2): Mangang's 2 x n move
    assert [o for o in obj["options"] if o["value"] == 0] == [{"row": 2, "column": 3, "value": 0}]
    (obj,) = json_lines("value", "nim:3,4,5")
    assert obj["value"] == 3 ^ 4 ^ 5 and obj["winning_moves"] == [{"heap": 1, "to": 1}]
    assert "winning moves: (1,2)" in ok("value", "chomp:2")  # 1 x 2: take the square next to the poison
    assert [o["game"] for o in json_lines("value", "chomp:3", "path:3")] == ["rectangular-chomp", "chomp"]
    assert "must not increase" in one_line_error(run("value", "chomp:3,5"))
    assert "(3,3)" in ok("chomp", "--rows", "5,3,3")
    assert "2,1" in ok("chomp-p-positions", "--rows", "2", "--max-row", "3")


def test_octal_misere():
    obj = json.loads(ok("octal", "kayles", "--misere", "--up-to", "20", "--json"))
    assert obj["play"] == "misere" and len(obj["outcomes"]) == 21
    assert [h for h, o in enumerate(obj["outcomes"]) if o == "P"] == [1, 4, 9, 12, 20]
    assert "larger than the supported" in one_line_error(run("octal", "0.77", "--misere", "--up-to", "41"))


def test_posets_and_complexes_through_value_and_moves(tmp_path):
    """Poset games and subset take-away on complexes through the same
    commands and JSON schema; values checked against the library calls."""
    from grundy.games.complexes import analyze_complex
    from grundy.games.posets import build_poset_family, analyze_poset
    from grundy.readwrite.complexes import load_complex
    from grundy.readwrite.posets import load_poset

    (obj,) = json_lines("value", "chain:5")
    assert obj["value"] == 5 and obj["winning_moves"] == [{"element": 1}]
    (obj,) = json_lines("value", "simplex-boundary:4")
    assert obj["value"] == 0 and obj["outcome"] == "P" and obj["winning_moves"] == []
    (obj,) = json_lines("value", "torus")
    assert obj["value"] == 0  # Khandhawit-Ye §3.2
    assert any("Theorem 1" in line for line in obj["explanation"])
    (obj,) = json_lines("moves", "divisors:12", "--all")
    assert obj["value"] == analyze_poset(build_poset_family("divisors:12"))["value"]
    assert [{"element": o["element"]} for o in obj["options"] if o["value"] == 0] == obj["winning_moves"]
    facets = tmp_path / "cx.facets"
    facets.write_text("# a triangle and a pendant edge\n1 2 3\n3 4\n")
    (obj,) = json_lines("value", str(facets))
    assert obj["value"] == analyze_complex(load_complex(str(facets)))["value"]
    assert all(set(m) == {"face"} for m in obj["winning_moves"])
    poset = tmp_path / "p.poset"
    poset.write_text("a < b\nb < c\na < d\n")
    (obj,) = json_lines("value", str(poset))
    assert obj["value"] == analyze_poset(load_poset(str(poset)))["value"]
    cyclic = tmp_path / "cyc.poset"
    cyclic.write_text("a < b\nb < a\n")
    one_line_error(run("value", str(cyclic)))
    one_line_error(run("value", "chain:0"))
    # kinds mix in one call, each answered by its own game, in input order
    mixed = json_lines("value", "chain:3", "path:3")
    assert [(o["name"], o["game"], o["value"]) for o in mixed] == [("chain:3", "poset", 3), ("path:3", "chomp", 1)]
    out = ok("families")
    assert "simplex-boundary:n" in out and "divisors:n" in out


def test_gale_first_move_table():
    """`grundy value simplex-boundary:n` gives the first-move table up to
    symmetry; each entry equals the value of the complex after that move."""
    from grundy.games.complexes import analyze_complex
    from grundy.readwrite.complexes import load_complex

    (obj,) = json_lines("value", "simplex-boundary:5")
    assert obj["value"] == 0 and [m["face_size"] for m in obj["first_moves"]] == [1, 2, 3, 4]
    cx = load_complex("simplex-boundary:5")
    for entry in obj["first_moves"]:
        face = list(range(1, entry["face_size"] + 1))
        assert analyze_complex(cx.move(face))["value"] == entry["value"] != 0
    assert "first moves up to symmetry" in ok("value", "simplex-boundary:4")
    # each first move answered by the complementary set: the position left, searched afresh
    assert [m["face_size"] for m in obj["complement_replies"]] == [1, 2, 3, 4]
    for entry in obj["complement_replies"]:
        k = entry["face_size"]
        left = cx.move(list(range(1, k + 1))).move(list(range(k + 1, 6)))
        assert entry["wins"] == (analyze_complex(left)["value"] == 0)
    assert "so the first move loses: k=1, 2, 3" in ok("value", "simplex-boundary:4")


def test_complement_replies_text_names_both_kinds(capsys):
    """The text block lists the sizes whose complement reply leaves a
    P-position and, apart, those where it leaves an N-position (no Gale
    game known has one, so the block is fed an answer that has)."""
    from grundy.analysis import Analysis
    from grundy.cli.answer import _print_block

    a = Analysis.from_json(
        {"name": "x", "game": "subset-takeaway", "value": 1, "outcome": "N", "winning_moves": [], "explanation": [],
         "stats": {}, "complement_replies": [{"face_size": 1, "wins": True}, {"face_size": 2, "wins": False}]},
        kind="complex")
    _print_block(a)
    text = capsys.readouterr().out
    assert "so the first move loses: k=1\n" in text
    assert "leaves an N-position (decides nothing): k=2" in text


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_interrupt_handler_raises_once_for_sigterm_and_sets_the_exit_code():
    """The command line's handler raises KeyboardInterrupt on the first
    Ctrl-C or SIGTERM; a later SIGTERM is only noted (the final save goes
    on), a later Ctrl-C raises again. The exit status is 128 plus the first
    signal: 143 after SIGTERM, 130 after Ctrl-C or a bare KeyboardInterrupt."""
    from grundy.cli import _on_interrupt
    from grundy.core import limits

    limits.clear_interrupt()
    try:
        assert limits.interrupt_exit_code() == 130  # nothing noted
        with pytest.raises(KeyboardInterrupt):
            _on_interrupt(signal.SIGTERM, None)
        assert limits.interrupted() == signal.SIGTERM
        assert _on_interrupt(signal.SIGTERM, None) is None  # noted only
        with pytest.raises(KeyboardInterrupt):
            _on_interrupt(signal.SIGINT, None)
        assert limits.interrupt_exit_code() == 143  # the first signal counts
        limits.clear_interrupt()
        with pytest.raises(KeyboardInterrupt):
            _on_interrupt(signal.SIGINT, None)
        with pytest.raises(KeyboardInterrupt):
            _on_interrupt(signal.SIGINT, None)
        assert limits.interrupt_exit_code() == 130
    finally:
        limits.clear_interrupt()


def test_an_interrupted_command_leaves_no_noted_interrupt_behind(monkeypatch):
    """The interrupt noted during a command is forgotten when it ends: a
    library search run afterwards in the same process (a notebook) is not
    stopped at its first position by it."""
    from click.testing import CliRunner

    from grundy import cli
    from grundy.core import limits

    def interrupted_answer(*args, **kwargs):
        limits.note_interrupt(signal.SIGTERM)
        raise KeyboardInterrupt

    monkeypatch.setattr(sys.modules["grundy.cli.value"], "_answer", interrupted_answer)  # the module
    result = CliRunner().invoke(cli.main, ["value", "wheel:11"])
    assert result.exit_code != 0
    assert limits.interrupted() == 0
    assert grundy.nim_value("wheel:13") == 1  # searched (no closed form for wheels)


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_a_command_run_in_process_gives_back_the_signal_handlers():
    """The command line's Ctrl-C and SIGTERM handlers last as long as the
    command: a process that runs commands in process (a notebook, this test
    runner) keeps its own afterwards, and a stale noted interrupt is
    cleared when the next command starts."""
    from grundy.core import limits

    old_int, old_term = signal.getsignal(signal.SIGINT), signal.getsignal(signal.SIGTERM)
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    try:
        limits.note_interrupt()  # left over from an earlier interrupted command
        assert ok("value", "wheel:11").startswith("wheel:11")
        assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
        assert signal.getsignal(signal.SIGTERM) == signal.SIG_DFL
        assert not limits._INTERRUPTED[0]
    finally:
        signal.signal(signal.SIGINT, old_int)
        signal.signal(signal.SIGTERM, old_term)


def test_text_answers_list_a_bounded_number_of_winning_moves():
    """Issue 32: a text answer lists at most TEXT_MOVES winning moves and says
    how many more there are; --json lists every one."""
    from grundy.cli.answer import TEXT_MOVES

    everything = json.loads(ok("value", "complete:31", "--json"))["winning_moves"]
    assert len(everything) > TEXT_MOVES
    line = next(x for x in ok("value", "complete:31").splitlines() if "winning moves:" in x)
    assert line.count("remove") == TEXT_MOVES
    assert line.endswith(f"(and {len(everything) - TEXT_MOVES:,} more: --json lists them all)")
    brief = ok("value", "complete:31", "path:3")
    assert f"(and {len(everything) - TEXT_MOVES:,} more" in brief


# -- issue 32: headings, files written, articles -----------------------------------------------
@pytest.mark.parametrize("spec, heading", [
    ("petersen", "petersen  (10 vertices, 15 edges)"),
    ("chomp:4,3,3", "chomp:4,3,3  (Chomp board, 10 squares)"),
    ("nim:3,4,5", "nim:3,4,5  (Nim, 3 heaps)"),
    ("octal:0.07:5,6", "octal:0.07:5,6  (octal game 0.07, 2 heaps)"),
    ("divisors:12", "divisors:12  (poset, 5 elements)"),
    ("simplex-boundary:3", "simplex-boundary:3  (simplicial complex, 3 vertices, 3 facets; subset take-away)"),
])
def test_headings_say_the_kind_and_game_once(spec, heading):
    """Issue 32: `(octal, game octal)` said the kind twice; each heading now
    says what the position is once, readably, in value and moves, in
    normal and misère play."""
    repeated = re.compile(r"\((\w[\w-]*), game \1\b")
    for command in ("value", "moves"):
        first = ok(command, spec).splitlines()[0]
        assert first == heading, first
        misere = ok(command, spec, "--misere").splitlines()[0]
        assert misere == heading[:-1] + ", misère play)", misere
        assert not repeated.search(first) and not repeated.search(misere)
    assert ok("value", "path:4", "--game", "node-kayles", "--misere").splitlines()[0] == \
        "path:4  (4 vertices, 3 edges, game node-kayles, misère play)"


def test_census_says_what_it_wrote_and_where(tmp_path):
    """Issue 32: --output and --plot wrote their files silently; one line
    each now says what was written where (stdout, after the summary; on
    stderr with --json, whose stdout stays JSON lines)."""
    out, png = tmp_path / "all.tsv", tmp_path / "h.png"
    pytest.importorskip("matplotlib")
    result = run("census", "3", "--no-progress", "--workers", "1", "--output", str(out), "--plot", str(png))
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[-2] == f"wrote 4 lines (graph6, a tab, its nim-value) to {out}"
    assert lines[-1] == f"wrote the value histograms to {png}"
    assert len(out.read_text().splitlines()) == 4 and png.read_bytes()[:4] == b"\x89PNG"
    result = run("census", "1", "--misere", "--json", "--no-progress", "--workers", "1", "--output", str(out))
    assert result.exit_code == 0, result.stderr
    assert [json.loads(line)["vertices"] for line in result.stdout.splitlines()] == [1]
    assert result.stderr == f"wrote 1 line (graph6, a tab, its misère outcome, 1 for N and 0 for P) to {out}\n"
    result = run("census", "--input", "-", "--no-progress", "--workers", "1", "--output", str(out), input="A_\n@\n")
    assert result.exit_code == 0, result.stderr
    assert result.stdout.splitlines()[-1] == f"wrote 2 lines (graph6, a tab, its nim-value) to {out}"
    assert out.read_text() == "A_\t2\n@\t1\n"


@pytest.mark.parametrize("thing, article", [(3, "an int"), (2.5, "a float"), (object(), "an object")])
def test_not_a_position_names_it_with_the_right_article(thing, article):
    with pytest.raises(grundy.InputError, match=f"not a position: {article} "):
        grundy.analyze(thing)


@pytest.mark.parametrize("n, said", [(11, "with an 11-vertex census"), (12, "with a 12-vertex census"),
                                     (18, "with an 18-vertex census")])
def test_census_input_too_large_names_the_census_with_the_right_article(n, said):
    line = one_line_error(run("census", "--input", "-", input=g6(nx.path_graph(n)) + "\n"))
    assert said in line, line


def test_article_follows_the_spoken_number():
    from grundy.kinds import article

    assert [article(n) for n in (1, 8, 11, 18, 80, 88, 100, 800, 8000, 11000, 18000, 110, 180)] == [
        "a 1", "an 8", "an 11", "an 18", "an 80", "an 88", "a 100", "an 800", "an 8000", "an 11000", "an 18000",
        "a 110", "a 180"]
    assert article("8 x 10") == "an 8 x 10" and article("octal") == "an octal" and article("graph") == "a graph"


@pytest.mark.parametrize("args", [["families"], ["value", "wheel:7"], ["census", "1..5", "--json"],
                                  ["value", "nim:3,4,5", "--outcome"]])
def test_output_cut_off_by_its_reader_exits_141_quietly(args: list[str], tmp_path: Path) -> None:
    """``grundy ... | head``: the reader closes the pipe before the command
    writes; the command ends with exit code 141 (not click's 1, which
    ``verify`` and ``check`` use for a failed claim), nothing on stderr,
    and a table file it was given is saved."""
    table = tmp_path / "t.db"
    extra = ["--table", str(table)] if args == ["value", "wheel:7"] else []
    p = subprocess.Popen([sys.executable, "-m", "grundy", *args, *extra], stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE)
    assert p.stdout is not None and p.stderr is not None
    p.stdout.close()   # before the command writes: it starts in about half a second
    err = p.stderr.read()
    assert p.wait(timeout=120) == 141, err
    assert err == b""
    if args == ["value", "wheel:7"]:
        out = subprocess.run([sys.executable, "-m", "grundy", "value", "wheel:7", "--table", str(table), "--json"],
                             capture_output=True, text=True, timeout=120)
        assert json.loads(out.stdout)["stats"]["positions"] == 0   # every value was read from the file


def test_interrupt_message_says_what_was_found():
    """The line a Ctrl-C leaves, from what the stopped answer recorded on
    the interrupt (:func:`grundy.errors.keep_found`): nothing, a value and
    moves, an outcome alone (misère play, ``--outcome``)."""
    from grundy.cli.common import _interrupted
    from grundy.core.moves import Move
    from grundy.errors import SearchLimitReached, found_at_stop, keep_found

    bare = KeyboardInterrupt()
    assert found_at_stop(bare) == (None, None, None)
    assert _interrupted(bare) == "nothing was printed for the unfinished position"
    stop = KeyboardInterrupt()
    keep_found(stop, 2, "N", [Move(vertex=3), Move(edge=(0, 1))])
    stop.position_name = "g"
    assert found_at_stop(stop) == (2, "N", [Move(vertex=3), Move(edge=(0, 1))])
    assert _interrupted(stop) == ("g: nim-value 2, N (the player to move wins), but its winning moves were still "
                                  "being sought: found so far: remove vertex 3, remove edge 0-1")
    lost = KeyboardInterrupt()
    keep_found(lost, None, "P", [])
    assert _interrupted(lost) == "the unfinished position: outcome P (the player to move loses): it has no winning move"
    settled = KeyboardInterrupt()
    settled.outcome = "N"  # --outcome: N settled, its winning move not yet found
    assert _interrupted(settled) == ("the unfinished position: outcome N (the player to move wins); the stop came "
                                     "while its winning moves were sought")
    limit = SearchLimitReached("time limit 1.0 s", 5, 1.0)
    keep_found(limit, 0, "P", [])
    assert (limit.value, limit.outcome, limit.winning_moves) == (0, "P", [])
    other = ValueError()
    keep_found(other, 1, "N", [])
    assert found_at_stop(other) == (None, None, None)


def test_a_p_position_stopped_while_its_option_table_is_made_says_it_has_no_winning_move():
    """`grundy moves --all` of a P-position (Graph Nim on K_{4,6}: value 0
    after 2,356 positions, its option table 6,799) stopped by a position
    limit between the two: the value and outcome, that no move wins, and
    which option to raise for the table (it said "while its winning moves
    were sought: none found so far; raise ... to find them all"), in normal
    and (before the outcome, no such line) misère play."""
    result = run("moves", "multipartite:4,6", "--game", "graph-nim", "--all", "--max-positions", "2400")
    assert result.exit_code == 3
    line = result.stderr.strip()
    assert line.startswith("grundy: error: multipartite:4,6: nim-value 0, P (the player to move loses): "
                           "it has no winning move; the search stopped at the position limit 2400"), line
    assert line.endswith("while its option table was made; raise --max-positions for the option table"), line
    assert "sought" not in line and "\n" not in line
    out = json.loads(run("moves", "multipartite:4,6", "--game", "graph-nim", "--all", "--max-positions", "2400",
                         "--json").stdout)
    assert (out["value"], out["outcome"], out["winning_moves"]) == (0, "P", [])
