"""Regression tests for reader defects: JSON edges naming unlisted vertices,
misspelt family names, and singular/plural in explanations and messages."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys

import pytest
from click.testing import CliRunner

from grundy.cli import main
from grundy.errors import InputError, TooLargeError
from grundy.games.graphs.families import (
    FAMILIES,
    build_family,
    check_size,
    close_family_names,
    did_you_mean,
    family_closed_form,
    parse_family,
)
from grundy.games.graphs.formulas import plural
from grundy.games.graphs.theory import Theory, classify
from grundy.readwrite.graphs import load

SRC = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "src")

#: A count of 1 followed by a plural noun.
BAD_PLURAL = re.compile(r"\b1 (vertices|edges|components|parts|characters|items|graphs)\b")


def error(spec: str, **kwargs) -> str:
    with pytest.raises(InputError) as info:
        load(spec, **kwargs)
    message = str(info.value)
    assert "\n" not in message
    return message


def cli(*args: str):
    try:
        runner = CliRunner(mix_stderr=False)  # click < 8.2
    except TypeError:
        runner = CliRunner()
    return runner.invoke(main, list(args), catch_exceptions=False)


def one_line_error(result) -> str:
    assert result.exit_code == 2, (result.exit_code, result.stdout, result.stderr)
    assert "Traceback" not in result.stderr + result.stdout
    (line,) = result.stderr.splitlines()
    assert line.startswith("grundy: error: ")
    return line[len("grundy: error: ") :]


def grundy_process(*args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [SRC, os.environ.get("PYTHONPATH")])))
    return subprocess.run(
        [sys.executable, "-m", "grundy", *args], capture_output=True, text=True, env=env, timeout=60
    )


# -- 1. JSON: an edge naming a vertex missing from "vertices" -----------------
@pytest.fixture
def write(tmp_path):
    def write(name: str, data) -> str:
        path = tmp_path / name
        path.write_text(data if isinstance(data, str) else json.dumps(data))
        return str(path)

    return write


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


def test_json_unlisted_vertex_through_the_cli(write):
    path = write("graph.json", {"vertices": ["a", "b"], "edges": [["a", "z"]]})
    message = one_line_error(cli("value", path))
    assert message == f'{path}: edge ["a", "z"] names vertex "z", which is not in "vertices"'


def test_inline_json_is_not_read_as_a_graph():
    """The reader takes JSON from files only: an inline object is rejected
    (not silently accepted), whatever its vertices."""
    for text in ('{"vertices": ["a"], "edges": [["a", "z"]]}', '{"edges": [["a", "b"]]}'):
        assert "is neither a known family name" in error(text)


# -- 2. misspelt family names ----------------------------------------------
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


def test_parse_family_suggests_and_lists():
    with pytest.raises(InputError) as info:
        parse_family("wheell:5")
    message = str(info.value)
    assert message.startswith("unknown family 'wheell'; did you mean wheel? known families: ")
    assert all(name in message for name in FAMILIES)
    with pytest.raises(InputError, match=r"^unknown family 'zzz'; known families: path,"):
        parse_family("zzz")


def test_close_family_names_and_did_you_mean():
    assert close_family_names("petersn") == ["petersen"]
    assert close_family_names(" WHEEL ") == ["wheel"]
    assert close_family_names("nonsense") == []
    assert close_family_names("tori", ["torus", "path"]) == ["torus"]
    assert did_you_mean(["a"]) == "did you mean a?"
    assert did_you_mean(["a", "b", "c"]) == "did you mean a, b or c?"


def test_misspelt_family_through_the_cli():
    assert one_line_error(cli("value", "wheell:9")) == "unknown family 'wheell'; did you mean wheel?"
    p = grundy_process("value", "petersn")
    assert p.returncode == 2 and "Traceback" not in p.stderr and p.stdout == ""
    assert p.stderr == "grundy: error: unknown family 'petersn'; did you mean petersen?\n"


# -- 3. plurals -------------------------------------------------------------
def test_plural():
    assert plural(1, "vertex", "vertices") == "1 vertex"
    assert plural(0, "vertex", "vertices") == "0 vertices"
    assert plural(2, "edge") == "2 edges"
    assert plural(1, "edge") == "1 edge"


def test_theory_explanations_singular():
    lone = (0,)
    assert classify(lone, 0b1, Theory())[1] == "a tree on 1 vertex"
    assert classify(lone, 0b1, Theory.only("forests"))[1] == "a tree on 1 vertex"
    k2 = (0b10, 0b01)
    assert classify(k2, 0b11, Theory())[1] == "a tree on 2 vertices"


@pytest.mark.parametrize(
    "spec, words",
    [
        ("path:1", "a tree with 1 vertex;"),
        ("star:1", "a tree with 2 vertices;"),
        ("empty:1", "bipartite with 1 vertex and 0 edges;"),
        ("hypercube:1", "bipartite with 2 vertices and 1 edge;"),
        ("grid:1,2", "bipartite with 2 vertices and 1 edge;"),
        ("multipartite:1,2", "complete multipartite with 1 part of odd size"),
        ("multipartite:1,1", "complete multipartite with 2 parts of odd size"),
    ],
)
def test_family_closed_form_reasons_singular(spec, words):
    reason = family_closed_form(spec)[1]
    assert words in reason and not BAD_PLURAL.search(reason), reason


def test_size_limit_messages_singular():
    with pytest.raises(TooLargeError, match=r"^K has 2 vertices, over the limit of 1 vertex$"):
        check_size("K", 2, 1, max_vertices=1, max_edges=10)
    with pytest.raises(TooLargeError, match=r"^K has 1 edge, over the limit of 0 edges$"):
        check_size("K", 2, 1, max_vertices=5, max_edges=0)
    with pytest.raises(TooLargeError, match="over the limit of 1 vertex$"):
        build_family("path:2", max_vertices=1)


def test_graph6_length_messages_singular():
    assert "(4 vertices need 1 character after the vertex count, got 0)" in error("C")
    assert "(1 vertex needs 0 characters after the vertex count, got 1)" in error("@x")


def test_cli_explanations_have_no_bad_plural():
    out = cli("value", "path:1", "path:2", "complete:1", "empty:1", "star:1", "multipartite:1,2", "--json")
    assert out.exit_code == 0, out.stderr
    for line in out.stdout.splitlines():
        for text in json.loads(line)["explanation"]:
            assert not BAD_PLURAL.search(text), text
    assert "a tree on 1 vertex," in out.stdout
