"""Readers that survive anything (issue 10, item 4): every reader, fed random
bytes, truncations, huge numbers, unusual unicode and deep nesting, either
returns a valid position or raises :class:`grundy.errors.InputError` (the
CLI's one line and exit 2): never another exception, a hang or a silent
repair. Plus regression tests for each defect the fuzzing found, and a few
runs through the command line.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys

import networkx as nx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from grundy.errors import InputError, TooLargeError
from grundy.games.complexes.complex import Complex
from grundy.games.graphs.graph import Graph
from grundy.games.posets.poset import Poset
from grundy.readwrite import complexes as C
from grundy.readwrite import graphs as G
from grundy.readwrite import posets as P
from grundy.readwrite.kinds import kind_of, load_other

SRC = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "src")
LIMITS = {"max_vertices": 5000, "max_edges": 200_000}
FUZZ = settings(max_examples=120, deadline=None, suppress_health_check=list(HealthCheck))


# -- what a valid position is --------------------------------------------------------------
def valid_graph(g: Graph) -> None:
    assert len(g.labels) == g.n == len(g.adj) and len(set(g.labels)) == g.n
    for i, row in enumerate(g.adj):
        assert not row >> i & 1  # no self-loop
        for j in range(g.n):
            assert (row >> j & 1) == (g.adj[j] >> i & 1)  # symmetric


def valid(result: object) -> None:
    if isinstance(result, list):
        for p in result:
            valid(p)
    elif isinstance(result, G.LoadedPosition):
        assert result.graph is not None or result.closed_form is not None
        if result.graph is not None:
            valid_graph(result.graph)
    elif isinstance(result, Graph):
        valid_graph(result)
    else:
        assert result is not None


def survives(reader, data) -> None:
    """``reader(data)`` gives a valid position or an InputError with a one-line message."""
    try:
        result = reader(data)
    except InputError as exc:
        assert "\n" not in str(exc) and str(exc)
        return
    valid(result)


def spec(text: str) -> object:
    kind = kind_of(text)
    if kind == "graph":
        return G.load(text, stdin=io.StringIO(""))
    return load_other(kind, text)


# -- strategies ------------------------------------------------------------------------------
ODD = ["", " ", "\t", "\x00", "\u200b", "\u00e9", "e\u0301", "\U0001f600", "\ufeff", "\udcff", "\u202e",
       "٣", "１２", "²", "1_0", "+3", "-0", "00", "#", "<", ">", ":", ",", "=", "x", "[", "{", '"']
texts = st.one_of(
    st.text(max_size=120),
    st.binary(max_size=120).map(lambda b: b.decode("latin-1")),
    st.lists(st.sampled_from(ODD + [str(i) for i in range(-3, 12)] + ["a", "b", "9" * 50]), max_size=30)
    .map(" ".join),
    st.lists(st.lists(st.sampled_from(ODD + [str(i) for i in range(8)]), max_size=5).map(" ".join), max_size=10)
    .map("\n".join),
)
graph6ish = st.text(alphabet="?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~:&>", max_size=60)
leaf = st.one_of(st.none(), st.booleans(), st.integers(-(10**30), 10**30), st.floats(), st.text(max_size=4),
                 st.sampled_from(["a", 1, 2, 3, [1], [[1]]]))
jsonish = st.recursive(
    leaf,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.dictionaries(st.sampled_from(["vertices", "edges", "facets", "elements", "relations", "x"]), inner,
                        max_size=3),
    ),
    max_leaves=25,
)
HEADS = ["path", "cycle", "complete", "multipartite", "wheel", "star", "grid", "hypercube", "petersen",
         "dodecahedron", "prism", "empty", "caterpillar", "spider", "gmk", "tailed-cycle", "random", "chain", "antichain",
         "divisors", "boolean", "product", "simplex-boundary", "skeleton", "simplex", "torus", "graph:path",
         "graph:wheel", "chomp", "nim", "octal:0.07", "octal:kayles", "octal:0.3(4)", "octal:4.7", "octal"]
params = st.one_of(
    st.integers(-3, 30).map(str),
    st.integers(-(10**40), 10**40).map(str),
    st.sampled_from(ODD + ["1e3", "0.5", "nan", "inf", "0x10", "3=2", "0=1", "5x5", "9" * 5000, ".5", "1e-400"]),
)
specs = st.builds(lambda h, ps, sep: h + sep + ",".join(ps), st.sampled_from(HEADS), st.lists(params, max_size=4),
                  st.sampled_from([":", ":", "", " : ", "::", ":x"]))


# -- function-level fuzzing, one reader at a time ----------------------------------------------
@FUZZ
@given(st.one_of(texts, graph6ish))
def test_graph6_sparse6_strings(text: str) -> None:
    survives(lambda t: G.load(t) if t.strip() not in ("", "-") and not os.path.exists(t) else [], text)


@pytest.mark.parametrize("text", ["/\n", "a/b\tc", "x\n.g6", "missing\r.json"])
def test_paths_with_control_characters_get_one_line_errors(text: str) -> None:
    """A path-like spec with a newline or other control character (found by
    the fuzzer above: ``'/\\n'``) is named quoted, on one line."""
    with pytest.raises(InputError) as info:
        G.load(text)
    assert "\n" not in str(info.value) and repr(text) in str(info.value)


@FUZZ
@given(st.one_of(texts, graph6ish.map(lambda s: s + "\n" + s)))
def test_stdin(text: str) -> None:
    survives(lambda t: G.load("-", stdin=io.StringIO(t)), text)


@FUZZ
@given(texts)
def test_edge_lists(text: str) -> None:
    survives(lambda t: G._load_edge_list(t, "x.edges", LIMITS), text)


@FUZZ
@given(jsonish, texts)
def test_json_graphs(value: object, text: str) -> None:
    survives(lambda t: G._load_json(t, "x.json", LIMITS), json.dumps(value))
    survives(lambda t: G._load_json(t, "x.json", LIMITS), text)


@FUZZ
@given(texts, jsonish)
def test_facets(text: str, value: object) -> None:
    survives(lambda t: C.parse_facets_text(t, "x.facets"), text)
    survives(lambda t: C.parse_facets_json(t, "x.json"), json.dumps(value))


@FUZZ
@given(texts, jsonish)
def test_posets(text: str, value: object) -> None:
    survives(lambda t: P.parse_poset_text(t, "x.poset"), text)
    survives(lambda t: P.parse_poset_json(t, "x.json"), json.dumps(value))


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(specs)
def test_family_specs(text: str) -> None:
    survives(spec, text)


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.binary(max_size=200), st.sampled_from([".g6", ".s6", ".edges", ".txt", ".json", ".poset", ".facets"]))
def test_files_of_random_bytes(tmp_path_factory, data: bytes, ext: str) -> None:
    path = tmp_path_factory.mktemp("fuzz") / f"f{ext}"
    path.write_bytes(data)
    kind = kind_of(str(path))
    survives(lambda p: G.load(p) if kind == "graph" else load_other(kind, p), str(path))


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.integers(0, 40), st.floats(0, 1), st.integers(0, 10**6), st.integers(0, 200))
def test_graph6_sparse6_round_trip_and_truncations(n: int, p: float, seed: int, cut: int) -> None:
    """Our decoders read what networkx writes; every truncation of it is read
    validly or refused."""
    H = nx.gnp_random_graph(n, p, seed=seed)
    for encode in (nx.to_graph6_bytes, nx.to_sparse6_bytes):
        code = encode(H, header=False).decode().strip()
        (loaded,) = G.load(code)
        assert sorted(loaded.graph.edge_indices()) == sorted(tuple(sorted(e)) for e in H.edges())
        survives(G.load, code[: cut % (len(code) + 1)] or "A_")


# -- the defects the fuzzing found, one by one -------------------------------------------------
def refused(reader, data, *words: str) -> str:
    with pytest.raises(InputError) as info:
        reader(data)
    message = str(info.value)
    assert "\n" not in message
    for w in words:
        assert w in message, (w, message)
    return message


@pytest.mark.parametrize("code", ["A`", "A~", "B~", "Bx", "D?@"])
def test_graph6_padding_bits_must_be_zero(code: str) -> None:
    refused(G.load, code, "padding bits")


@pytest.mark.parametrize("code", [":DaYn~~", ":DaYn??", ":DaYn~~~~~~~~"])
def test_sparse6_data_after_the_end_is_refused(code: str) -> None:
    refused(G.load, code, "after the last edge")


def test_json_edge_naming_an_undeclared_vertex() -> None:
    refused(lambda t: G._load_json(t, "x.json", LIMITS), '{"vertices": [1, 2], "edges": [[1, 3]]}',
            'vertex 3, which is not in "vertices"')


@pytest.mark.parametrize(
    "text, words",
    [
        ('{"vertices": [1, 2], "edges": [[1, 2]], "edges": []}', ['"edges" appears twice']),
        ("[" + "1" * 5000 + "]", ["5000 digits"]),
        ('{"edges": [[' + "1" * 5000 + ", 2]]}", ["5000 digits"]),
        ("[" * 100_000, ["nested too deeply"]),
        ('{"edges": [[' + "[" * 500 + "]" * 500 + ", 1]]}", ["nests lists more than"]),
        ('{"vertices": [NaN], "edges": []}', ["NaN is not a JSON number"]),
        ('{"vertices": [Infinity], "edges": []}', ["Infinity"]),
    ],
)
def test_json_strictness(text: str, words: list[str]) -> None:
    refused(lambda t: G._load_json(t, "x.json", LIMITS), text, *words)


@pytest.mark.parametrize(
    "reader, text",
    [
        (C.parse_facets_json, '{"facets": [[1, 2]], "facets": [[3]]}'),
        (P.parse_poset_json, '{"elements": [1], "elements": [2]}'),
        (C.parse_facets_json, "[" * 100_000),
        (P.parse_poset_json, '{"elements": [' + "9" * 5000 + "]}"),
    ],
)
def test_json_strictness_of_posets_and_complexes(reader, text: str) -> None:
    refused(lambda t: reader(t, "x.json"), text)


@pytest.mark.parametrize(
    "reader, text",
    [
        (lambda t: G._load_edge_list(t, "x.edges", LIMITS), "9" * 5000 + " 1"),
        (lambda t: P.parse_poset_text(t, "x.poset"), "9" * 5000 + " < 1"),
        (lambda t: C.parse_facets_text(t, "x.facets"), "1 " + "9" * 5000),
        (lambda t: P.parse_poset_text(t, "x.poset"), "<"),
        (lambda t: P.parse_poset_text(t, "x.poset"), "a < b\n>"),
    ],
)
def test_text_formats_refuse_huge_integers_and_lone_operators(reader, text: str) -> None:
    refused(reader, text)


@pytest.mark.parametrize(
    "text",
    [
        # other scripts' digits and Python's digit separators are not integers here
        "wheel:٣", "wheel:1_0", "wheel:１２", "grid:3,٣", "random:5,０.5,1", "random:5,0.5,1_0",
        "random:5,nan,1", "random:5,inf,1", "skeleton:٣,1", "simplex:²", "divisors:٣", "chain:1_0",
        "nim:٣", "nim:1_0", "nim:²", "chomp:٣", "chomp:1_0", "chomp:٣x2", "octal:0.07:٣", "octal:0.07:²",
        "graph:wheel:٣",
        # int() crashed on these
        "skeleton:+-3,1", "skeleton:²,1",
    ],
)
def test_numbers_must_be_ascii_integers(text: str) -> None:
    refused(spec, text)


@pytest.mark.parametrize(
    "text", ["boolean:" + "9" * 5000, "simplex:" + "9" * 5000, "wheel:" + "9" * 5000, "nim:" + "9" * 5000,
             "chomp:" + "9" * 5000, "octal:0.07:" + "9" * 5000, "random:" + "9" * 5000 + ",0.5,1"],
)
def test_numbers_of_thousands_of_digits(text: str) -> None:
    refused(spec, text)


def test_strict_sparse6_and_graph6_still_read_every_small_graph() -> None:
    for H in nx.graph_atlas_g()[:300]:
        for encode in (nx.to_graph6_bytes, nx.to_sparse6_bytes):
            (loaded,) = G.load(encode(H, header=False).decode().strip())
            assert sorted(loaded.graph.edge_indices()) == sorted(tuple(sorted(e)) for e in H.edges())


def test_valid_inputs_still_load() -> None:
    assert G.load("wheel:9")[0].graph.n == 10
    assert isinstance(load_other("poset", "divisors:30"), Poset)
    assert isinstance(load_other("complex", "skeleton:4,2"), Complex)
    assert load_other("nim", "nim:3,+4,5").heaps == (3, 4, 5)
    assert load_other("chomp", "chomp:2x3").rows == (3, 3)
    assert load_other("octal", "octal:0.07:5,3").heaps == (5, 3)
    assert G.load("random:5,1e-3,-7")[0].graph.n == 5
    assert G._load_json('{"edges": [[[1, [2]], "b"]]}', "x.json", LIMITS)[0].graph.m == 1


# -- through the command line: exit 2 and exactly one line on stderr ------------------------------
def grundy(*args: str, stdin: bytes = b"") -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=SRC + os.pathsep + os.environ.get("PYTHONPATH", ""))
    return subprocess.run([sys.executable, "-m", "grundy", *args], input=stdin, capture_output=True, timeout=60,
                          env=env)


@pytest.mark.parametrize(
    "args, stdin, files",
    [
        (["value", "-"], b"\xff\xfe\x00garbage\n", {}),
        (["value", "-"], b":DaYn~~\n", {}),
        (["value", "g.json"], None, {"g.json": b'{"vertices": [1], "edges": [[1, 2]]}'}),
        (["value", "g.json"], None, {"g.json": b"[" * 100_000}),
        (["value", "g.edges"], None, {"g.edges": b"\x00\xff\xfe"}),
        (["moves", "p.poset"], None, {"p.poset": b"a < b\n" + b"9" * 5000 + b" c\n"}),
        (["value", "c.facets"], None, {"c.facets": b"1 1 2\n"}),
        (["value", "octal:0.07:\u00b2"], None, {}),
        (["value", "wheel:\u0663"], None, {}),
    ],
)
def test_cli_one_line_exit_2(tmp_path, args: list[str], stdin: bytes | None, files: dict[str, bytes]) -> None:
    for name, data in files.items():
        (tmp_path / name).write_bytes(data)
    args = [str(tmp_path / a) if a in files else a for a in args]
    result = grundy(*args, stdin=stdin or b"")
    err = result.stderr.decode("utf-8", "replace")
    assert result.returncode == 2, (result.returncode, err)
    assert "Traceback" not in err
    (line,) = err.splitlines()
    assert line.startswith("grundy: error: ")


def test_too_large_error_is_an_input_error() -> None:
    assert issubclass(TooLargeError, InputError)


def test_review_findings_huge_facets_and_lone_surrogates_are_refused(tmp_path) -> None:
    """A .facets file with a 70-vertex facet (2^70 faces) is refused before
    any search, as simplex:70 is; a JSON label with a lone surrogate is
    refused instead of failing when printed."""
    import subprocess
    import sys

    facets = tmp_path / "big.facets"
    facets.write_text(" ".join(map(str, range(70))) + "\n")
    labels = tmp_path / "s.json"
    labels.write_text('{"edges": [["a\\ud800", 2]]}')
    for path, words in ((facets, "facet 1 has 70 vertices"), (labels, "lone surrogate")):
        r = subprocess.run([sys.executable, "-m", "grundy", "value", str(path)], capture_output=True, text=True,
                           timeout=60, check=False)
        assert r.returncode == 2, r.stderr
        (line,) = r.stderr.strip().splitlines()
        assert words in line and line.startswith("grundy: error: ")
