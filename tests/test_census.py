"""The census (:mod:`grundy.census`): every graph of a class valued bottom-up.

Checked against the engine's own search valued graph by graph (networkx's
atlas of every graph on at most 7 vertices), and against plain brute force
on small graphs; class filters against networkx's predicates; totals equal
across 1 and 2 workers, a stopped-and-resumed run, a ``kill -9``-ed and
resumed run and a Dask LocalCluster; the census as a tablebase for
``grundy value --table``; every bad input: one line, exit 2, nothing
committed lost.
"""

from __future__ import annotations

import gzip
import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import networkx as nx
import pytest
from brute import brute_value
from click.testing import CliRunner

from grundy.census.build import Census, CensusSpec, rule_code, shard_count
from grundy.games.graphs.rulesets import RULESETS
from grundy.census.geng import GraphClass, find_geng, generate
from grundy.cli import main
from grundy.games.graphs.game import KERNEL_NAUTY, Solver
from grundy.games.graphs.misere import MisereSolver
from grundy.games.graphs.theory import Theory

pytestmark = pytest.mark.skipif(not KERNEL_NAUTY, reason="the census needs the compiled kernel")

GENG = find_geng()
needs_geng = pytest.mark.skipif(GENG is None and os.environ.get("GRUNDY_ALLOW_NO_GENG") == "1",
                                reason="no geng (GRUNDY_ALLOW_NO_GENG=1)")

ATLAS = [g for g in nx.graph_atlas_g()[1:]]


def _adj(g: nx.Graph) -> tuple[int, ...]:
    index = {v: i for i, v in enumerate(g.nodes())}
    a = [0] * len(index)
    for u, v in g.edges():
        a[index[u]] |= 1 << index[v]
        a[index[v]] |= 1 << index[u]
    return tuple(a)


def _key(line: bytes) -> bytes:
    from grundy.core.canon import certificate

    g = nx.from_graph6_bytes(line.strip())
    a = _adj(g)
    return certificate(len(a), {i: [j for j in range(i + 1, len(a)) if a[i] >> j & 1] for i in range(len(a))})


def _g6(g: nx.Graph) -> bytes:
    return nx.to_graph6_bytes(g, header=False)


def _histograms(graphs: list[nx.Graph], value: Any) -> tuple[dict[str, int], dict[str, int]]:
    """(all, connected) value histograms of ``graphs``, valued by ``value``."""
    hist: dict[str, int] = {}
    conn: dict[str, int] = {}
    for g in graphs:
        v = str(value(g))
        hist[v] = hist.get(v, 0) + 1
        if nx.is_connected(g):
            conn[v] = conn.get(v, 0) + 1
    return dict(sorted(hist.items(), key=lambda kv: int(kv[0]))), dict(sorted(conn.items(), key=lambda kv: int(kv[0])))


def _run(*args: str, input: bytes | None = None) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, "-m", "grundy", *args], input=input, capture_output=True, timeout=600, check=False)


def _cli(*args: str, input: str | None = None) -> Any:
    return CliRunner().invoke(main, list(args), input=input)


# ----------------------------------------------------------------------
# values: the census against the search graph by graph, and brute force
# ----------------------------------------------------------------------
def test_census_of_1_to_7_vertices_equals_the_atlas_valued_one_by_one() -> None:
    c = Census(CensusSpec(vertices=(1, 7)), workers=1)
    c.run()
    solver = Solver()
    for n in range(1, 8):
        graphs = [g for g in ATLAS if g.number_of_nodes() == n]
        hist, conn = _histograms(graphs, lambda g: solver.value_of(*solver.decompose(_adj(g))))
        s = c.summary(n)
        assert s["graphs"] == len(graphs)
        assert s["histogram"] == hist
        assert s["connected"]["histogram"] == conn
        assert s["p_positions"] == hist.get("0", 0)
        top = max(int(v) for v in hist)
        assert s["max_value"] == top
        for example in s["max_value_examples"]:
            g = nx.from_graph6_bytes(example.encode())
            assert g.number_of_nodes() == n
            assert solver.value_of(*solver.decompose(_adj(g))) == top


def test_each_graph_of_the_census_has_its_brute_force_value() -> None:
    c = Census(CensusSpec(vertices=(1, 5)), workers=1)
    c.run(keep_data=True)
    seen = 0
    for n in range(1, 6):
        for chunk in c.lines(n):
            for line in chunk.splitlines():
                text, value = line.split(b"\t")
                g = nx.from_graph6_bytes(text)
                edges = frozenset(frozenset(e) for e in g.edges())
                assert int(value) == brute_value(frozenset(g.nodes()), edges), text
                seen += 1
    assert seen == 1 + 2 + 4 + 11 + 34


@pytest.mark.parametrize("game", sorted(RULESETS))
@pytest.mark.parametrize("misere", [False, True])
def test_every_ruleset_and_play_against_the_search(game: str, misere: bool) -> None:
    """Every graph on at most 7 vertices (the atlas): the census's value
    (normal play) or outcome (misère) equals the engine's search (Solver /
    MisereSolver, one per ruleset and play: the same rule, written once,
    drives both)."""
    c = Census(CensusSpec(game=game, misere=misere, vertices=(1, 7)), geng=False, window=False)
    c.run()
    graphs = [g for g in ATLAS if 1 <= g.number_of_nodes() <= 7]
    lines = b"".join(_g6(g) for g in graphs)
    _keys, values, _flags, count = c.value_lines(lines)
    assert count == len(graphs) == 1252
    m, s = MisereSolver(ruleset=game), Solver(ruleset=game)
    for g, v in zip(graphs, values):
        want = int(m.is_n(_adj(g))) if misere else s.value_of(*s.decompose(_adj(g)))
        assert v == want, (game, misere, _g6(g))


# ----------------------------------------------------------------------
# classes: geng and the atlas against networkx's predicates
# ----------------------------------------------------------------------
CLASSES = {
    "connected": (GraphClass(connected=True), lambda g: nx.is_connected(g)),
    "bipartite": (GraphClass(bipartite=True), nx.is_bipartite),
    "triangle-free": (GraphClass(triangle_free=True), lambda g: not any(nx.triangles(g).values())),
    "max-degree=2": (GraphClass(max_degree=2), lambda g: max((d for _, d in g.degree()), default=0) <= 2),
    "connected,bipartite": (GraphClass(connected=True, bipartite=True),
                            lambda g: nx.is_connected(g) and nx.is_bipartite(g)),
}


@needs_geng
@pytest.mark.parametrize("name", sorted(CLASSES))
def test_geng_classes_equal_networkx_predicates(name: str) -> None:
    cls, predicate = CLASSES[name]
    for n in range(1, 8):
        want = sorted(nx.to_graph6_bytes(g, header=False) for g in ATLAS if g.number_of_nodes() == n and predicate(g))
        for source in (True, False):
            got = generate(n, cls, geng=source).splitlines(keepends=True)
            assert len(got) == len(want), (name, n, source)
            # the same isomorphism classes (nauty's canonical keys)
            assert {_key(x) for x in got} == {_key(x) for x in want}


@pytest.mark.parametrize(
    "flags, predicate",
    [
        (["--connected"], lambda g: nx.is_connected(g)),
        (["--bipartite"], nx.is_bipartite),
        (["--triangle-free"], lambda g: not any(nx.triangles(g).values())),
        (["--max-degree", "2"], lambda g: max((d for _, d in g.degree()), default=0) <= 2),
        (["--edges", "3:5"], lambda g: 3 <= g.number_of_edges() <= 5),
        (["--bipartite", "--edges", ":4"], lambda g: nx.is_bipartite(g) and g.number_of_edges() <= 4),
    ],
)
def test_census_filters_against_networkx(flags: list[str], predicate: Any) -> None:
    r = _cli("census", "6", "--json", "--no-progress", "--workers", "1", *flags)
    assert r.exit_code == 0, r.output
    got = json.loads(r.output)
    graphs = [g for g in ATLAS if g.number_of_nodes() == 6 and predicate(g)]
    solver = Solver()
    hist, conn = _histograms(graphs, lambda g: solver.value_of(*solver.decompose(_adj(g))))
    assert got["graphs"] == len(graphs)
    assert got["histogram"] == hist
    assert got["connected"]["histogram"] == conn


# ----------------------------------------------------------------------
# workers, resume, kill -9, Dask: identical totals
# ----------------------------------------------------------------------
def _totals(c: Census, lo: int, hi: int) -> list[dict[str, Any]]:
    out = []
    for n in range(lo, hi + 1):
        s = c.summary(n)
        s.pop("seconds")
        out.append(s)
    return out


@needs_geng
def test_totals_identical_across_one_and_two_workers(tmp_path: Path) -> None:
    assert shard_count(8, 14) > 1  # the pool is used
    one = Census(CensusSpec(vertices=(1, 8)), workers=1, window=False)
    one.run()
    two = Census(CensusSpec(vertices=(1, 8)), table=str(tmp_path / "t.db"), workers=2, window=False)
    two.run()
    assert _totals(one, 1, 8) == _totals(two, 1, 8)
    assert len(one.memory) == len(two.memory) == 1 + 1 + 2 + 4 + 11 + 34 + 156 + 1044 + 12346
    two.close()


@needs_geng
def test_stopped_census_resumes_with_the_same_totals(tmp_path: Path) -> None:
    path = str(tmp_path / "t.db")
    clean = Census(CensusSpec(vertices=(1, 8)), workers=1)
    clean.run()
    stops = {"left": 40}

    def stop_after(_graphs: int) -> None:
        stops["left"] -= 1
        if stops["left"] == 0:
            raise KeyboardInterrupt

    first = Census(CensusSpec(vertices=(1, 8)), table=path, workers=1, progress=stop_after)
    with pytest.raises(KeyboardInterrupt):
        first.run()
    first.close()
    committed = sqlite3.connect(path).execute("SELECT COUNT(*) FROM shards").fetchone()[0]
    assert 0 < committed < len(clean.shards())
    again = Census(CensusSpec(vertices=(1, 8)), table=path, workers=2)
    assert again.loaded == committed
    again.run()
    assert again.valued == len(clean.shards()) - committed
    assert _totals(again, 1, 8) == _totals(clean, 1, 8)
    again.close()


#: In a pool worker of the test below: whether Ctrl-C and SIGTERM were
#: blocked when its initializer started, and the census's own initializer.
_FORKED_BLOCKED: list[bool] = []
_INITIALIZER: list[Any] = []


def _recording_initializer() -> None:
    blocked = signal.pthread_sigmask(signal.SIG_BLOCK, [])
    _FORKED_BLOCKED[:] = [signal.SIGINT in blocked and signal.SIGTERM in blocked]
    _INITIALIZER[0]()


def _worker_signals(_args: Any) -> tuple[bool, bool, bool, bool, bool]:
    """In a pool worker: whether Ctrl-C and SIGTERM were blocked when it was
    forked, whether they are blocked now, and whether the worker's own
    handlers (ignore Ctrl-C, die on SIGTERM) are set."""
    blocked = signal.pthread_sigmask(signal.SIG_BLOCK, [])
    return (_FORKED_BLOCKED == [True], signal.SIGINT in blocked, signal.SIGTERM in blocked,
            signal.getsignal(signal.SIGINT) == signal.SIG_IGN, signal.getsignal(signal.SIGTERM) == signal.SIG_DFL)


@pytest.mark.skipif(not hasattr(signal, "pthread_sigmask"), reason="POSIX signal masks")
def test_pool_workers_are_forked_with_stopping_signals_blocked(monkeypatch: pytest.MonkeyPatch) -> None:
    """The census forks its pool with Ctrl-C and SIGTERM blocked (so a
    signal to the process group cannot reach a worker still running the
    command line's handler); each worker sets its own handlers and unblocks
    them, and the parent's mask is as it was."""
    from grundy.census import build

    monkeypatch.setattr(sys.modules[__name__], "_INITIALIZER", [build._ignore_interrupts])
    monkeypatch.setattr(build, "_ignore_interrupts", _recording_initializer)
    monkeypatch.setattr(build, "_inherited_shard", _worker_signals)
    seen: list[tuple[Any, ...]] = []
    parent = SimpleNamespace(workers=2, memory=None, _commit=lambda *result: seen.append(result),
                             check_time=lambda: None)
    before = signal.pthread_sigmask(signal.SIG_BLOCK, [])
    build.Census._pool_layer(parent, [1, 2, 3, 4], False, None)  # type: ignore[arg-type]
    assert signal.pthread_sigmask(signal.SIG_BLOCK, []) == before
    assert seen == [(True, False, False, True, True, False)] * 4


def test_census_values_runs_signal_handlers_while_it_works() -> None:
    """A shard valued in the calling process (``--workers 1``) runs the
    signal handlers as it goes (every 4096 graphs), not only at its end: an
    exception from a handler comes out of ``census_values`` itself."""
    import traceback

    from grundy.games.graphs import _kernel as kernel

    class Stop(Exception):
        pass

    armed = [False]

    def handler(signum: int, frame: Any) -> None:
        if armed[0]:
            armed[0] = False  # one Stop only, not a second one in pytest.raises
            raise Stop

    lines = b"".join(_g6(g) for g in ATLAS) * 200  # 250,400 graphs, well over the timer's 10 ms
    old = signal.signal(signal.SIGALRM, handler)
    signal.setitimer(signal.ITIMER_REAL, 0.01, 0.01)
    try:
        armed[0] = True
        with pytest.raises(Stop) as stopped:
            kernel.census_values(kernel.CensusTable(1024), lines, rule_code("chomp"), False, strict=False)
    finally:
        armed[0] = False
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
    assert any(frame.name.endswith("census_values") for frame in traceback.extract_tb(stopped.value.__traceback__))


@needs_geng
def test_killed_census_resumes_with_the_same_totals(tmp_path: Path) -> None:
    path = tmp_path / "t.db"
    args = ["census", "9", "--edges", ":13", "--json", "--no-progress", "--workers", "1", "--table", str(path)]
    proc = subprocess.Popen([sys.executable, "-m", "grundy", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 120
    committed = 0
    while time.monotonic() < deadline and proc.poll() is None:
        time.sleep(0.05)
        try:
            committed = sqlite3.connect(path, timeout=5).execute(
                "SELECT COUNT(*) FROM shards WHERE shard LIKE '%n=09%'").fetchone()[0]
        except sqlite3.Error:
            continue
        if committed >= 3:
            break
    assert proc.poll() is None, "the census ended before it could be killed"
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    resumed = _run(*args)
    assert resumed.returncode == 0, resumed.stderr
    clean = _run(*args[:-2])
    got, want = json.loads(resumed.stdout), json.loads(clean.stdout)
    got.pop("seconds"), want.pop("seconds")
    assert got == want
    assert got["graphs"] == len(generate(9, edges=(0, 13)).splitlines())


@needs_geng
def test_dask_local_cluster_gives_the_local_totals(tmp_path: Path) -> None:
    pytest.importorskip("distributed")
    from grundy.census.cluster import run_on_dask

    local = Census(CensusSpec(vertices=(1, 7)), workers=1)
    local.run()
    path = str(tmp_path / "t.db")
    remote = Census(CensusSpec(vertices=(1, 7)), table=path, workers=1)
    run_on_dask(remote, "local")
    assert _totals(remote, 1, 7) == _totals(local, 1, 7)
    remote.close()
    # the file holds every shard: a second run values none
    again = Census(CensusSpec(vertices=(1, 7)), table=path)
    again.run()
    assert again.valued == 0 and again.loaded == len(local.shards())
    again.close()


# ----------------------------------------------------------------------
# output, JSON, plot, --input
# ----------------------------------------------------------------------
def test_json_output_and_plot(tmp_path: Path) -> None:
    out = tmp_path / "all.g6.gz"
    png = tmp_path / "h.png"
    r = _cli("census", "5..6", "--json", "--no-progress", "--output", str(out), "--plot", str(png))
    assert r.exit_code == 0, r.output
    rows = [json.loads(line) for line in r.stdout.splitlines()]  # stdout pure JSON; "wrote ..." on stderr
    assert [x["vertices"] for x in rows] == [5, 6]
    for row in rows:
        assert set(row) >= {"game", "play", "vertices", "graphs", "histogram", "p_positions", "max_value",
                            "max_value_examples", "seconds", "connected"}
    lines = gzip.decompress(out.read_bytes()).splitlines()
    assert len(lines) == 34 + 156
    solver = Solver()
    for line in lines:
        text, value = line.split(b"\t")
        g = nx.from_graph6_bytes(text)
        assert solver.value_of(*solver.decompose(_adj(g))) == int(value)
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_text_summary_names_the_numbers() -> None:
    r = _cli("census", "4", "--no-progress")
    assert r.exit_code == 0, r.output
    assert "11 graphs" in r.output
    assert "n=4 values  0:4 1:2 2:4 4:1" in r.output


def test_input_stream_is_valued_graph_by_graph(tmp_path: Path) -> None:
    graphs = [g for g in ATLAS if 3 <= g.number_of_nodes() <= 6][::7]
    data = b">>graph6<<" + b"".join(_g6(g) for g in graphs)
    out = tmp_path / "o.txt"
    r = _run("census", "--input", "-", "--json", "--output", str(out), input=data)
    assert r.returncode == 0, r.stderr
    solver = Solver()
    got = [line.split(b"\t") for line in out.read_bytes().splitlines()]
    assert len(got) == len(graphs)
    for text, value in got:
        g = nx.from_graph6_bytes(text)
        assert solver.value_of(*solver.decompose(_adj(g))) == int(value)
    rows = [json.loads(x) for x in r.stdout.splitlines()]
    assert sum(x["graphs"] for x in rows) == len(graphs)


def test_misere_census_counts_outcomes() -> None:
    r = _cli("census", "5", "--misere", "--json", "--no-progress")
    assert r.exit_code == 0, r.output
    got = json.loads(r.output)
    graphs = [g for g in ATLAS if g.number_of_nodes() == 5]
    p = sum(1 for g in graphs if not MisereSolver().is_n(_adj(g)))
    assert got["play"] == "misere"
    assert got["histogram"] == {"P": p, "N": len(graphs) - p}
    assert got["p_positions"] == p


# ----------------------------------------------------------------------
# the census as a tablebase
# ----------------------------------------------------------------------
def test_census_table_answers_value_by_lookup(tmp_path: Path) -> None:
    path = str(tmp_path / "t.db")
    c = Census(CensusSpec(vertices=(1, 7)), table=path, workers=1)
    c.run()
    c.close()
    plain = Solver(Theory.none())
    with_table = Solver(Theory.none(), table=path)
    assert with_table.tablebase is not None and len(with_table.tablebase) == 1 + 2 + 4 + 11 + 34 + 156 + 1044
    for g in [g for g in ATLAS if g.number_of_nodes() == 7][::50]:
        a = _adj(g)
        assert with_table.value_of(*with_table.decompose(a)) == plain.value_of(*plain.decompose(a))
    assert with_table.stats.positions == 0  # every position was one lookup
    # larger graphs: searched, every component of at most 7 vertices looked up
    import random

    rng = random.Random(5)
    for _ in range(6):
        n = 9
        a = [0] * n
        for i in range(n):
            for j in range(i + 1, n):
                if rng.random() < 0.4:
                    a[i] |= 1 << j
                    a[j] |= 1 << i
        s1, s2 = Solver(Theory.none()), Solver(Theory.none(), table=path)
        assert s1.value_of(*s1.decompose(tuple(a))) == s2.value_of(*s2.decompose(tuple(a)))
        assert s2.stats.positions < s1.stats.positions


@pytest.mark.parametrize("game", ["bo-bo", "be-be"])
def test_parity_game_reads_its_own_census_before_the_cut(tmp_path: Path, game: str) -> None:
    """BO/BO and BE/BE are searched as Arc Kayles on the vertices of one
    parity, but a census of the ruleset itself in the table file still
    answers each component of the position given (before the cut) by one
    lookup; components it does not hold are cut and searched. Values equal
    the plain search's."""
    from grundy.games.graphs.theory import Theory as T

    path = str(tmp_path / "t.db")
    c = Census(CensusSpec(game=game, vertices=(1, 6)), table=path, workers=1)
    c.run()
    c.close()
    with_table = Solver(ruleset=game, table=path)
    assert with_table.game.entry_census is not None and with_table.tablebase is None  # no arc-kayles census
    plain = Solver(T(arc_kayles=False), ruleset=game)
    for g in [g for g in ATLAS if g.number_of_nodes() == 6][::7]:
        a = _adj(g)
        assert with_table.value_of(*with_table.decompose(a)) == plain.value_of(*plain.decompose(a))
    assert with_table.stats.positions == 0 and with_table.stats.table_hits > 0
    # a component of 9 vertices beside one of 6: the 6 is looked up, the 9 is cut and searched
    big = nx.disjoint_union(nx.gnp_random_graph(9, 0.45, seed=3), nx.cycle_graph(6))
    a = _adj(big)
    fresh, without = Solver(ruleset=game, table=path), Solver(ruleset=game)
    trace: list[str] = []
    split = fresh.decompose(a, None, trace, lambda m: "{" + ",".join(str(v) for v in range(15) if m >> v & 1) + "}")
    assert fresh.value_of(*split) == plain.value_of(*plain.decompose(a)) == without.value_of(*without.decompose(a))
    looked_up = [line for line in trace if "from the census table" in line]
    assert looked_up == [f"{{9,10,11,12,13,14}}: value {plain.value_of(*plain.decompose(_adj(nx.cycle_graph(6))))} "
                         f"from the census table of {game}"]
    assert fresh.stats.positions <= without.stats.positions


def test_value_command_reads_the_census(tmp_path: Path) -> None:
    path = str(tmp_path / "t.db")
    assert _cli("census", "6", "--table", path, "--no-progress").exit_code == 0
    r = _cli("value", "complete:6", "--no-theory", "--table", path, "--json")
    assert r.exit_code == 0, r.output
    got = json.loads(r.output)
    assert got["value"] == 0  # K_6: 6 mod 3 (Khandhawit-Ye Lemma 1), here by one lookup
    assert got["stats"]["positions"] == 0


# ----------------------------------------------------------------------
# bad input: one line, exit 2, nothing committed lost
# ----------------------------------------------------------------------
@pytest.mark.parametrize(
    "args, message",
    [
        (["census", "12"], "at most 11 vertices"),
        (["census", "0"], "1 <= MIN"),
        (["census", "5..3"], "1 <= MIN"),
        (["census", "x"], "give N or MIN..MAX"),
        (["census", "5", "--game", "go"], "unknown game"),
        (["census", "5", "--planar"], "No such option"),
        (["census", "5", "--edges", "a:b"], "--edges"),
        (["census", "5", "--max-degree", "-1"], "--max-degree"),
        (["census", "5", "--workers", "0"], "--workers"),
        (["census"], "give the vertex count"),
        (["census", "5", "--input", "-"], "not both"),
        (["census", "--input", "-", "--bipartite"], "--bipartite does not apply to --input"),
        (["census", "5", "--dask", "tcp://127.0.0.1:1"], "--dask"),
        (["census", "5", "--dask", "tcp://127.0.0.1:1", "--workers", "3"], "--workers does not apply to --dask"),
        (["census", "5", "--output", "/nonexistent/dir/x.tsv"], "--output"),
        (["census", "5", "--plot", "/nonexistent/dir/x.png"], "--plot"),
        (["census", "5", "--time-limit", "0"], "--time-limit"),
    ],
)
def test_bad_arguments_are_one_line_exit_2(args: list[str], message: str) -> None:
    r = _run(*args, input=b"")
    assert r.returncode == 2, (args, r.stderr)
    err = r.stderr.decode().strip()
    assert message in err and len(err.splitlines()) == 1, err


@pytest.mark.parametrize(
    "data, message",
    [
        (b"D?{\nDx\nD~{\n", "line 2"),
        (b"D?{\n\nL" + b"?" * 11 + b"\n", "line 3"),  # 13 vertices
        (b"", "no graphs"),
        (b":Fa@x^\n", "line 1"),  # sparse6
        # numbered in the file, whatever the orders before (issue 31: B~ was read here, its padding
        # bits set: now refused as `grundy value` refuses it, so the valid Bw stands in)
        (b"A_\n\nBw\nA_\nDx\n", "line 5"),
        (b"A_\n\nB~\nA_\nDx\n", "line 3: invalid graph6"),
        (b"A_\n\nA!\n", "line 3"),
        (b"A_\nJ?????????_\n", "line 2: a graph on 11 vertices"),  # would build the 11-vertex census
        (b"\x1f\x8bxxxx", "not a readable gzip stream"),
    ],
)
def test_bad_input_lines_are_named(data: bytes, message: str) -> None:
    r = _run("census", "--input", "-", input=data)
    assert r.returncode == 2, r.stderr
    err = r.stderr.decode().strip()
    assert message in err and len(err.splitlines()) == 1, err


def test_missing_or_failing_geng(tmp_path: Path) -> None:
    env = dict(os.environ, PATH=str(tmp_path))
    r = subprocess.run([sys.executable, "-m", "grundy", "census", "8"], capture_output=True, env=env, timeout=120, check=False)
    assert r.returncode == 2
    assert b"nauty-geng" in r.stderr and len(r.stderr.strip().splitlines()) == 1
    # small classes still work from the atlas
    r = subprocess.run([sys.executable, "-m", "grundy", "census", "6", "--json"], capture_output=True, env=env, check=False,
                       timeout=120)
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["graphs"] == 156
    # a geng that fails
    fake = tmp_path / "geng"
    fake.write_text("#!/bin/sh\necho 'geng: broken' >&2\nexit 3\n")
    fake.chmod(0o755)
    r = subprocess.run([sys.executable, "-m", "grundy", "census", "8"], capture_output=True, env=env, timeout=120, check=False)
    assert r.returncode == 2
    assert b"failed (exit 3): geng: broken" in r.stderr and len(r.stderr.strip().splitlines()) == 1


def test_table_of_another_game_or_nauty_is_refused_and_kept(tmp_path: Path) -> None:
    path = str(tmp_path / "t.db")
    assert _run("census", "5", "--table", path).returncode == 0
    rows = sqlite3.connect(path).execute("SELECT COUNT(*) FROM shards").fetchone()[0]
    r = _run("census", "5", "--table", path, "--game", "bo-bo")
    assert r.returncode == 2 and b"made by game graph:chomp" in r.stderr
    with sqlite3.connect(path) as db:
        db.execute("UPDATE shards SET nauty = 'pynauty-0.0'")
    r = _run("census", "5", "--table", path)
    assert r.returncode == 2 and b"nauty version pynauty-0.0" in r.stderr
    assert sqlite3.connect(path).execute("SELECT COUNT(*) FROM shards").fetchone()[0] == rows
    bad = tmp_path / "not.db"
    bad.write_text("hello")
    r = _run("census", "5", "--table", str(bad))
    assert r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1


@needs_geng
def test_windowed_top_order_gives_the_same_totals_in_less_memory() -> None:
    whole = Census(CensusSpec(vertices=(1, 8)), workers=1, window=False)
    whole.run()
    window = Census(CensusSpec(vertices=(1, 8)), workers=2)
    window.run()
    assert window.windowed and not whole.windowed
    assert _totals(window, 1, 8) == _totals(whole, 1, 8)
    assert len(window.layers) <= 2  # the last two layers of order 8, no more
    assert window.nbytes() < whole.nbytes()
    # Graph Nim deletes several edges at once: no window
    assert not Census(CensusSpec(game="graph-nim", vertices=(1, 3))).windowed


@needs_geng
def test_time_limit_stops_at_a_shard_and_a_rerun_resumes(tmp_path: Path) -> None:
    path = str(tmp_path / "t.db")
    args = ["census", "9", "--edges", ":14", "--json", "--workers", "1", "--table", path]
    stopped = _run(*args, "--time-limit", "0.5")
    assert stopped.returncode == 3, stopped.stderr
    err = stopped.stderr.decode().strip()
    assert "census stopped at the time limit 0.5 s" in err and "run the same command to resume" in err
    kept = sqlite3.connect(path).execute("SELECT COUNT(*) FROM shards").fetchone()[0]
    assert kept > 0
    resumed = _run(*args)
    clean = _run(*args[:-2])
    assert resumed.returncode == clean.returncode == 0
    got, want = json.loads(resumed.stdout), json.loads(clean.stdout)
    got.pop("seconds"), want.pop("seconds")
    assert got == want
    assert _run(*args, "--time-limit", "-1").returncode == 2


def test_gzip_on_stdin_and_a_vacuous_degree_bound() -> None:
    data = gzip.compress(b"".join(_g6(g) for g in ATLAS if g.number_of_nodes() == 5))
    r = _run("census", "--input", "-", "--json", input=data)
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["graphs"] == 34
    # a degree bound above n - 1 bounds nothing (geng refuses large ones: left out)
    r = _run("census", "6", "--json", "--max-degree", "99999999999999999999")
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["graphs"] == 156


@needs_geng
def test_resume_with_another_generator_never_mixes_shards(tmp_path: Path) -> None:
    """geng and the atlas split a layer differently: a run resumed with the
    other generator values its own shards and gives the same totals."""
    path = str(tmp_path / "t.db")
    spec = CensusSpec(vertices=(1, 7), edges=(0, 11))
    clean = Census(spec, geng=False)
    clean.run()
    stops = {"left": 30}

    def stop_after(_graphs: int) -> None:
        stops["left"] -= 1
        if stops["left"] == 0:
            raise KeyboardInterrupt

    first = Census(spec, table=path, progress=stop_after)  # geng
    with pytest.raises(KeyboardInterrupt):
        first.run()
    first.close()
    again = Census(spec, table=path, geng=False)  # the atlas
    again.run()
    assert _totals(again, 1, 7) == _totals(clean, 1, 7)
    again.close()
