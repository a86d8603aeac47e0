"""The table file (:mod:`grundy.core.table`) under every game of the search:
a second run reuses the first's work, a search stopped by a limit resumes,
several processes share one file, a ``kill -9`` leaves a usable file, bad
files are refused with one line, rows are kept apart by game and by nauty
version, and a partial row never replaces a value.

The process tests run ``python -c`` workers (:data:`WORKER`) on Graph Chomp
with the theory off (about a second of search each).
"""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from helpers import kill_9_when

import grundy.core.tablefile as table_module
from grundy.core.search import Searcher
from grundy.core.table import Table
from grundy.errors import InputError, SearchLimitReached
from grundy.games.complexes import ComplexSolver, ComplexTheory, build_complex_family
from grundy.games.graphs.game import KERNEL_NAUTY, Solver
from grundy.games.graphs.theory import Theory
from grundy.games.posets import PosetSolver, build_poset_family
from grundy.readwrite.graphs import to_graph

# ----------------------------------------------------------------------
# helpers
# ----------------------------------------------------------------------
#: name -> (make a searcher from keyword arguments, the position): each
#: needs a real search (tens to thousands of positions) of under a second.
CASES: dict[str, tuple[Callable[..., Searcher], Callable[[], Any]]] = {
    "chomp": (lambda **kw: Solver(**kw), lambda: to_graph("random:10,0.3,1").adj),
    "chomp-no-theory": (lambda **kw: Solver(Theory.none(), **kw), lambda: to_graph("random:10,0.3,1").adj),
    "bo-bo": (lambda **kw: Solver(Theory(arc_kayles=False), ruleset="bo-bo", **kw), lambda: to_graph("wheel:15").adj),
    # BO/BO searched as Arc Kayles on the odd vertices (its table namespace graph:arc-kayles)
    "bo-bo-as-arc-kayles": (lambda **kw: Solver(ruleset="bo-bo", **kw), lambda: to_graph("prism:9").adj),
    "poset": (lambda **kw: PosetSolver(**kw), lambda: build_poset_family("product:4,5").game_up),
    "complex": (
        lambda **kw: ComplexSolver(ComplexTheory.none(), **kw),
        lambda: build_complex_family("simplex:5").facets,
    ),
}


def run(searcher: Searcher, position: Any) -> int:
    """The value of ``position``, as a top-level call (``finish`` saves)."""
    searcher.start()
    try:
        return searcher.value_of(*searcher.decompose(position))
    finally:
        searcher.finish()


def file_rows(path: Path | str, game: str) -> dict[bytes, int]:
    """The value rows of ``game`` in a table file, read with sqlite3 alone:
    keys (rows of dict tables) and 12-byte digests (rows of compact
    tables)."""
    conn = sqlite3.connect(str(path))
    try:
        rows = conn.execute(
            "SELECT key, value FROM positions WHERE game = ? AND value IS NOT NULL", (game,)
        ).fetchall()
        rows += conn.execute(
            "SELECT digest, value FROM digests WHERE game = ? AND value IS NOT NULL", (game,)
        ).fetchall()
    finally:
        conn.close()
    return {bytes(k): v for k, v in rows}


def known(searcher: Searcher | Table) -> dict[bytes, int]:
    """The values a searcher's table holds, by key (dict table) or digest
    (compact table)."""
    table = searcher if isinstance(searcher, Table) else searcher.table
    return {k: v for k, (v, _x, _i) in table.snapshot().items() if v is not None}


def stored(table: Table) -> dict[bytes, tuple[int | None, int]]:
    """Every value and excluded mask a table holds, by key or digest."""
    return {k: (v, x) for k, (v, x, _i) in table.snapshot().items() if v is not None or x}


def ident(table: Table, key: bytes) -> bytes:
    """How ``table`` names ``key`` in its snapshot."""
    return table.compact.digest(key) if table.compact is not None else key


#: A worker process: Graph Chomp with the theory off on ``spec`` with the
#: table file ``path``; waits at a barrier (a directory where each of
#: ``parties`` workers leaves a file) so that the workers open the file and
#: search at the same time; ``pause`` seconds of sleep every 256 positions
#: slow it down (the report callback). Prints a JSON line.
WORKER = r"""
import json, os, sys, time
from grundy.games.graphs.game import Solver
from grundy.games.graphs.theory import Theory
from grundy.readwrite.graphs import to_graph

path, spec, barrier, parties, pause, checkpoint = sys.argv[1:7]
adj = to_graph(spec).adj
if barrier != "-":
    open(os.path.join(barrier, str(os.getpid())), "w").close()
    deadline = time.time() + 60
    while len(os.listdir(barrier)) < int(parties) and time.time() < deadline:
        time.sleep(0.005)
report = (lambda s: time.sleep(float(pause))) if float(pause) > 0 else None
s = Solver(Theory.none(), table=path, checkpoint_seconds=float(checkpoint), report=report, report_seconds=0)
started = time.time()
s.start()
try:
    value = s.value_of(*s.decompose(adj))
finally:
    s.finish()
    s.close()
print(json.dumps({"value": value, "positions": s.stats.positions, "started": started, "ended": time.time()}))
"""

#: Positions for the process tests: a second or so of search without theory.
SPEC_A = "random:11,0.25,9"
SPEC_B = "wheel:13"


def worker(path: Path, spec: str, *, barrier: Path | None = None, parties: int = 1, pause: float = 0.0,
           checkpoint: float = 0.0) -> subprocess.Popen[str]:
    args = [str(path), spec, str(barrier) if barrier else "-", str(parties), str(pause), str(checkpoint)]
    return subprocess.Popen(
        [sys.executable, "-c", WORKER, *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=str(path.parent),
    )


def result(proc: subprocess.Popen[str]) -> dict[str, Any]:
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 0, err
    return json.loads(out.strip().splitlines()[-1])  # type: ignore[no-any-return]


_fresh_cache: dict[str, tuple[int, int]] = {}


def fresh(spec: str) -> tuple[int, int]:
    """(value, positions) of a fresh in-memory search without theory."""
    if spec not in _fresh_cache:
        s = Solver(Theory.none())
        _fresh_cache[spec] = (run(s, to_graph(spec).adj), s.stats.positions)
    return _fresh_cache[spec]


# ----------------------------------------------------------------------
# a second run reads the first's work
# ----------------------------------------------------------------------
@pytest.mark.parametrize("compact", [False, True], ids=["dicts", "compact"])
@pytest.mark.parametrize("case", list(CASES))
def test_second_run_answers_from_the_file(
    tmp_path: Path, case: str, compact: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GRUNDY_NO_COMPACT", "0" if compact else "1")
    make, position = CASES[case]
    pos = position()
    path = tmp_path / "table.sqlite"
    first = make(table=str(path))
    assert (first.table.compact is not None) is compact
    value = run(first, pos)
    assert first.stats.positions > 0
    learned = known(first)
    first.close()
    # every value learned is in the file (the kernel writes the table directly)
    assert file_rows(path, first.game.name) == learned

    second = make(table=str(path))
    assert second.loaded > 0
    assert run(second, pos) == value
    assert second.stats.positions == 0
    assert second.stats.table_hits > 0
    assert second.save() == 0  # nothing new: the rows read are not written back
    second.close()


def test_chomp_values_come_from_the_compiled_kernel() -> None:
    """The Graph Chomp cases above go through the kernel's direct dict writes."""
    if not KERNEL_NAUTY:
        pytest.skip("the compiled kernel is not bound to nauty in this build")
    make, position = CASES["chomp"]
    s = make()
    s.value_of(*s.decompose(position()))
    assert s.expander() is not None and s.stats.positions > 0


def test_second_searcher_on_a_shared_table_object() -> None:
    """A Table object (not a path) is shared as it is: no file, no copy."""
    make, position = CASES["poset"]
    table = Table()
    first = make(table=table)
    value = run(first, position())
    second = make(table=table)
    assert run(second, position()) == value and second.stats.positions == 0
    assert table.save() == 0 and table.count() == (0, 0)


# ----------------------------------------------------------------------
# stopped by a limit, resumed from the file
# ----------------------------------------------------------------------
@pytest.mark.parametrize("case", list(CASES))
def test_stopped_search_resumes_from_the_file(tmp_path: Path, case: str) -> None:
    make, position = CASES[case]
    pos = position()
    reference = make()
    value = run(reference, pos)
    path = str(tmp_path / "table.sqlite")

    stopped = make(table=path, max_positions=reference.stats.positions // 2)
    with pytest.raises(SearchLimitReached):
        run(stopped, pos)
    stopped.close()
    assert sum(Table(path, stopped.game.name).count()) > 0

    resumed = make(table=path)
    assert run(resumed, pos) == value
    assert 0 < resumed.stats.positions < reference.stats.positions
    resumed.close()


def test_save_after_a_limit_keeps_partial_rows(tmp_path: Path) -> None:
    """A search stopped early leaves partial rows (values excluded) that the
    next run reads back into ``not_values``."""
    make, position = CASES["chomp-no-theory"]
    path = str(tmp_path / "table.sqlite")
    s = make(table=path, max_positions=300)
    with pytest.raises(SearchLimitReached):
        run(s, position())
    partial = {k: x for k, (v, x) in stored(s.table).items() if v is None}
    s.close()
    assert partial
    again = make(table=path)
    assert {k: stored(again.table)[k][1] for k in partial} == partial


# ----------------------------------------------------------------------
# several processes on one file
# ----------------------------------------------------------------------
def _overlap(results: list[dict[str, Any]]) -> bool:
    return max(r["started"] for r in results) < min(r["ended"] for r in results)


@pytest.mark.parametrize("specs", [(SPEC_A, SPEC_A), (SPEC_A, SPEC_B)], ids=["same-question", "two-questions"])
def test_two_processes_share_one_file(tmp_path: Path, specs: tuple[str, str]) -> None:
    path = tmp_path / "shared.sqlite"  # created by the workers, at the same time
    barrier = tmp_path / "barrier"
    barrier.mkdir()
    procs = [worker(path, spec, barrier=barrier, parties=len(specs)) for spec in specs]
    results = [result(p) for p in procs]
    assert _overlap(results), results
    for spec, res in zip(specs, results):
        assert res["value"] == fresh(spec)[0]
        assert res["positions"] > 0

    s = Solver(Theory.none(), table=str(path))
    for spec in set(specs):
        assert run(s, to_graph(spec).adj) == fresh(spec)[0]
    assert s.stats.positions == 0 and s.stats.table_hits > 0
    s.close()
    conn = sqlite3.connect(str(path))
    assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    conn.close()


# ----------------------------------------------------------------------
# kill -9
# ----------------------------------------------------------------------
def _value_rows(path: Path) -> int:
    if not path.exists():
        return 0
    conn = sqlite3.connect(str(path), timeout=10)
    try:
        return sum(  # type: ignore[no-any-return]
            conn.execute(f"SELECT COUNT(value) FROM {t}").fetchone()[0] for t in ("positions", "digests")
        )
    except sqlite3.OperationalError:  # no table yet
        return 0
    finally:
        conn.close()


def test_kill_9_leaves_a_file_the_next_run_resumes(tmp_path: Path) -> None:
    path = tmp_path / "killed.sqlite"
    value, positions = fresh(SPEC_A)
    # the worker sleeps 0.05 s every 256 positions: about 3 s of search,
    # with a checkpoint every 0.2 s
    proc = worker(path, SPEC_A, pause=0.05, checkpoint=0.2)
    kill_9_when(proc, lambda: _value_rows(path) >= 300, 60, "300 value rows")

    table = Table(str(path), "graph:chomp")  # opens (and recovers the WAL) without error
    known, _partial = table.count()
    assert known >= 300
    table.close()
    conn = sqlite3.connect(str(path))
    assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    conn.close()

    resumed = Solver(Theory.none(), table=str(path), time_limit=60)
    assert resumed.loaded >= known
    assert run(resumed, to_graph(SPEC_A).adj) == value
    assert resumed.stats.table_hits > 0
    # the rows written before the kill are used
    assert resumed.stats.positions < positions, (resumed.stats.positions, positions, known)
    resumed.close()


# ----------------------------------------------------------------------
# bad files
# ----------------------------------------------------------------------
def _not_sqlite(tmp_path: Path) -> Path:
    path = tmp_path / "notes.txt"
    path.write_text("these are my notes, not a database\n" * 200)
    return path


def _other_schema(tmp_path: Path) -> Path:
    path = tmp_path / "other.sqlite"
    conn = sqlite3.connect(str(path))
    conn.execute("CREATE TABLE positions (x INTEGER, y INTEGER, fen TEXT)")
    conn.execute("INSERT INTO positions VALUES (1, 2, 'rnbqkbnr')")
    conn.commit()
    conn.close()
    return path


def _directory(tmp_path: Path) -> Path:
    path = tmp_path / "a-directory"
    path.mkdir()
    return path


@pytest.mark.parametrize("make_bad", [_not_sqlite, _other_schema, _directory], ids=["text", "schema", "directory"])
def test_bad_file_is_refused_with_one_line(tmp_path: Path, make_bad: Callable[[Path], Path]) -> None:
    path = make_bad(tmp_path)
    before = path.read_bytes() if path.is_file() else None
    for opener in (lambda: Table(str(path), "graph:chomp"), lambda: Solver(table=str(path))):
        with pytest.raises(InputError) as info:
            opener()
        message = str(info.value)
        assert "\n" not in message and str(path) in message, message
    if before is not None:  # a refused file is left as it was
        assert path.read_bytes() == before
        assert {p.name for p in tmp_path.iterdir()} == {path.name}  # no -wal / -shm left behind


@pytest.mark.parametrize("compact", [True, False], ids=["compact", "dicts"])
@pytest.mark.parametrize("where", ["positions", "digests"])
def test_damage_found_while_loading_is_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, compact: bool,
                                               where: str) -> None:
    """A page that fails as the rows are read (SQLite's "database disk image
    is malformed") gives an InputError naming the file, and the file is
    closed, for both kinds of table and both kinds of row."""
    path = tmp_path / "t.sqlite"
    first = Table(str(path), "graph:chomp", compact=compact)
    first.values[b"\x01key"] = 1
    first.save()
    first.close()

    def damaged(*_args: Any) -> Any:
        yield (b"\x01key", 1, None) if where == "positions" else (b"d" * 12, 1, None)
        raise sqlite3.DatabaseError("database disk image is malformed")

    closed: list[bool] = []
    real_close = table_module.SQLiteFile.close
    monkeypatch.setattr(table_module.SQLiteFile, "close", lambda self: (closed.append(True), real_close(self)))
    if where == "positions":
        monkeypatch.setattr(table_module.SQLiteFile, "_key_rows", damaged)
    else:
        real_execute = sqlite3.Connection.execute

        class Conn:
            def __init__(self, conn: sqlite3.Connection) -> None:
                self.conn = conn

            def execute(self, sql: str, *args: Any) -> Any:
                return damaged() if sql.startswith("SELECT digest") else real_execute(self.conn, sql, *args)

            def __getattr__(self, name: str) -> Any:  # close, rollback, in_transaction...
                return getattr(self.conn, name)

        real_open = table_module.SQLiteFile._open

        def wrap(self: Any, check: bool) -> None:
            real_open(self, check)
            self.conn = Conn(self.conn)

        monkeypatch.setattr(table_module.SQLiteFile, "_open", wrap)
        if not compact:  # a dict table reads the positions rows only
            monkeypatch.setattr(table_module.SQLiteFile, "_key_rows", damaged)
    with pytest.raises(InputError) as info:
        Table(str(path), "graph:chomp", compact=compact)
    message = str(info.value)
    assert "\n" not in message and str(path) in message and "malformed" in message, message
    assert closed == [True]


def test_refused_database_keeps_its_journal_mode(tmp_path: Path) -> None:
    path = _other_schema(tmp_path)
    with pytest.raises(InputError):
        Table(str(path), "graph:chomp")
    conn = sqlite3.connect(str(path))
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
    assert conn.execute("SELECT fen FROM positions").fetchall() == [("rnbqkbnr",)]
    conn.close()


def test_rows_of_another_game_are_not_read(tmp_path: Path) -> None:
    path = str(tmp_path / "games.sqlite")
    make, position = CASES["chomp"]
    chomp = make(table=path)
    run(chomp, position())
    chomp.close()
    for other in (Solver(ruleset="bo-bo", table=path), PosetSolver(table=path), ComplexSolver(table=path)):
        assert other.loaded == 0 and not other.values and not other.not_values
        assert other.table.count() == (0, 0)
        other.close()
    # the other game's rows are there, under their own name
    assert Table(path, "graph:chomp").count()[0] == len(file_rows(path, "graph:chomp")) > 0
    # and a second game in the file does not disturb the first
    make, position = CASES["bo-bo"]
    bobo = make(table=path)
    run(bobo, position())
    bobo.close()
    again = Solver(table=path)
    assert run(again, CASES["chomp"][1]()) == run(Solver(), CASES["chomp"][1]())
    assert again.stats.positions == 0
    again.close()


def test_rows_of_another_nauty_version_are_not_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = str(tmp_path / "nauty.sqlite")
    make, position = CASES["chomp"]
    s = make(table=path)
    value = run(s, position())
    learned = known(s)
    s.close()
    monkeypatch.setattr(table_module, "NAUTY_VERSION", "pynauty-0.0-other")
    other = make(table=path)
    assert other.loaded == 0 and other.table.count() == (0, 0)
    assert run(other, position()) == value and other.stats.positions > 0
    other.close()
    monkeypatch.undo()
    conn = sqlite3.connect(path)
    versions = dict(conn.execute("SELECT nauty, COUNT(value) FROM positions GROUP BY nauty").fetchall())
    versions.update(conn.execute("SELECT nauty, COUNT(value) FROM digests GROUP BY nauty").fetchall())
    conn.close()
    suffix = "" if s.table.compact is None else f"/{table_module.DIGEST_FORMAT}"
    assert versions == {table_module.NAUTY_VERSION + suffix: len(learned), "pynauty-0.0-other" + suffix: len(learned)}
    # each version reads its own rows only
    same = make(table=path)
    assert known(same) == learned
    assert run(same, position()) == value and same.stats.positions == 0
    same.close()


# ----------------------------------------------------------------------
# upserts
# ----------------------------------------------------------------------
KEY = b"\x00\x01some-canonical-key"


KINDS = pytest.mark.parametrize("compact", [False, True], ids=["dicts", "compact"])


@KINDS
def test_partial_row_never_overwrites_a_value(tmp_path: Path, compact: bool) -> None:
    path = str(tmp_path / "upsert.sqlite")
    a, b = Table(path, "g", compact=compact), Table(path, "g", compact=compact)  # two processes, say
    a.values[KEY] = 3
    assert a.save() == 1
    b.not_values[KEY] = 0b101  # b learned only that the value is not 0 or 2
    assert b.save() == 1
    b.not_values[KEY] = 0b10101
    assert b.save() == 1
    c = Table(path, "g", compact=compact)
    assert stored(c) == {ident(c, KEY): (3, 0)}
    assert c.count() == (1, 0)
    conn = sqlite3.connect(path)
    rows = conn.execute("SELECT value, excluded FROM positions").fetchall()
    rows += conn.execute("SELECT value, excluded FROM digests").fetchall()
    assert rows == [(3, None)]
    conn.close()
    for t in (a, b, c):
        t.close()


@KINDS
def test_value_replaces_a_partial_row(tmp_path: Path, compact: bool) -> None:
    path = str(tmp_path / "upsert.sqlite")

    def table() -> Table:
        return Table(path, "g", compact=compact)

    a, b = table(), table()
    a.not_values[KEY] = 0b11
    a.save()
    assert stored(table()) == {ident(a, KEY): (None, 0b11)}
    b.values[KEY] = 2
    b.save()
    c = table()
    assert stored(c) == {ident(c, KEY): (2, 0)} and c.count() == (1, 0)
    # a's partial, learned later but before it knew the value, changes nothing
    a.not_values[KEY] = 0b111
    a.save()
    assert stored(table()) == {ident(c, KEY): (2, 0)} and table().count() == (1, 0)
    for t in (a, b, c):
        t.close()


@KINDS
def test_save_writes_only_what_is_new(tmp_path: Path, compact: bool) -> None:
    path = str(tmp_path / "new.sqlite")
    t = Table(path, "g", compact=compact)
    t.values[b"a"] = 1
    t.values[b"b"] = 0
    t.not_values[b"c"] = 0b110
    assert t.save() == 3
    assert t.save() == 0
    t.values[b"c"] = 4
    t.not_values.pop(b"c")
    assert t.save() == 1
    t.close()
    u = Table(path, "g", compact=compact)
    assert u.loaded == 3 and stored(u) == {ident(u, k): (v, 0) for k, v in {b"a": 1, b"b": 0, b"c": 4}.items()}
    assert u.save() == 0
    u.values[b"d"] = 7
    assert u.save() == 1
    u.close()
    last = Table(path, "g", compact=compact)
    assert stored(last) == {ident(last, k): (v, 0) for k, v in {b"a": 1, b"b": 0, b"c": 4, b"d": 7}.items()}


# -- the Python API's table= ------------------------------------------------------
@pytest.mark.parametrize("spec", ["random:10,0.4,3", "divisors:360", "simplex:4"])
def test_api_table_answers_a_second_call_from_the_file(spec: str, tmp_path) -> None:
    import grundy

    path = str(tmp_path / "api.sqlite")
    pure = grundy.Theory.none()
    first = grundy.analyze(spec, table=path, theory=pure)
    second = grundy.analyze(spec, table=path, theory=pure)
    assert first.stats["positions"] > 0 and second.stats["positions"] == 0
    assert second.value == first.value == grundy.nim_value(spec, table=path)


def test_api_table_is_refused_where_no_table_is_kept(tmp_path) -> None:
    import grundy
    from grundy.errors import InputError

    path = str(tmp_path / "api.sqlite")
    for call in (
        lambda: grundy.analyze("path:4", misere=True, table=path),
        lambda: grundy.analyze("nim:1,2", table=path),
        lambda: grundy.analyze("chomp:3,2", table=path),
        lambda: grundy.analyze("path:4", solver=grundy.Solver(), table=path),
    ):
        with pytest.raises(InputError, match="table"):
            call()


def _open_at(path: str, start: float) -> str:
    """Open a table file at the wall-clock time ``start`` (a worker)."""
    import time as _time

    from grundy.core.table import Table

    while _time.time() < start:
        pass
    try:
        Table(path, "graph:chomp").close()
        return "ok"
    except Exception as exc:  # the failure under test: reported, not raised
        return str(exc)


def test_processes_opening_one_new_file_at_once(tmp_path) -> None:
    """Several processes opening one new file in the same instant race for
    the switch to WAL; SQLite answers the losers "database is locked"
    without waiting, which the table must retry (seen in CI before)."""
    import multiprocessing
    import time as _time

    with multiprocessing.get_context("spawn").Pool(4) as pool:
        results = []
        for i in range(30):
            start = _time.time() + 0.2
            results += pool.starmap(_open_at, [(str(tmp_path / f"{i}.sqlite"), start)] * 4)
    assert results == ["ok"] * len(results), [r for r in results if r != "ok"][:3]


def test_digest_rows_are_written_in_index_order_and_read_back_whatever_their_order(tmp_path) -> None:
    """``SQLiteFile.write_digests`` sorts a save's rows by digest (the order
    of the file's index) before writing; every row reads back as given, and
    a later row of the same digest updates it as the upserts say."""
    import random

    from grundy.core import tablefile as table_module
    from grundy.core.tablefile import SQLiteFile

    rnd = random.Random(7)
    rows = [(rnd.randbytes(12), rnd.randrange(5) if i % 3 else None, 0 if i % 3 else 1 << rnd.randrange(9))
            for i in range(3000)]
    seen: list[list[bytes]] = []
    real = table_module._in_index_order

    def spy(batch):
        out = real(batch)
        seen.append([d for d, _, _ in out])
        return out

    table_module._in_index_order = spy
    try:
        f = SQLiteFile(str(tmp_path / "t.db"), "chomp")
        f.write_digests(rows)
        # a value arriving for a digest that was partial replaces its mask
        d, _, _ = next(r for r in rows if r[1] is None)
        f.write_digests([(d, 4, 0)])
    finally:
        table_module._in_index_order = real
    assert seen[0] == sorted(d for d, _, _ in rows)
    for digest, value, excluded in rows:
        want = (4, 0) if digest == d else (value, 0 if value is not None else excluded)
        assert f.fetch_digest(digest) == want
    f.close()


# ----------------------------------------------------------------------
# the journal of a compact table's saves
# ----------------------------------------------------------------------
def _digest_rows(path: Path) -> list[tuple]:
    conn = sqlite3.connect(str(path))
    try:
        return conn.execute("SELECT digest, value, excluded FROM digests ORDER BY digest").fetchall()
    finally:
        conn.close()


def _journal_count(path: Path) -> int:
    conn = sqlite3.connect(str(path))
    try:
        return conn.execute("SELECT COUNT(*) FROM journal").fetchone()[0]  # type: ignore[no-any-return]
    finally:
        conn.close()


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.lists(st.tuples(st.integers(0, 15), st.one_of(st.none(), st.integers(0, 6)), st.integers(0, 255)),
                         max_size=30), max_size=8),
       st.lists(st.booleans(), min_size=8, max_size=8))
def test_journal_then_merge_is_writing_each_save_to_digests(tmp_path_factory: Any, batches: list, merges: list) -> None:
    """Saves appended to the journal (merged after some of them and at the
    end) leave ``digests`` as writing each save there directly does, and
    before the last merge a compact table reads the same from both files.
    A digest's mask only grows, as a table's does."""
    from grundy.core._compiled import CompactTable
    from grundy.core.tablefile import SQLiteFile

    tmp = tmp_path_factory.mktemp("journal")
    direct, journal = SQLiteFile(str(tmp / "direct.db"), "g"), SQLiteFile(str(tmp / "journal.db"), "g")
    masks: dict[int, int] = {}
    for batch, merge in zip(batches, merges):
        rows = []
        for d, value, mask in batch:
            masks[d] = masks.get(d, 0) | mask
            rows.append((bytes([d]) * 12, value, 0 if value is not None else masks[d]))
        direct.write_digests(rows)
        journal.append_digests(rows)
        if merge:
            journal.merge_journal()
    read_direct, read_journal = CompactTable(), CompactTable()
    direct.load_compact(read_direct)
    journal.load_compact(read_journal)
    assert read_journal.snapshot() == read_direct.snapshot()
    journal.merge_journal()
    direct.close()
    journal.close()
    assert _digest_rows(tmp / "journal.db") == _digest_rows(tmp / "direct.db")
    assert _journal_count(tmp / "journal.db") == 0


def test_journal_left_by_a_large_run_is_read_and_merged_later(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An unbounded compact table appends its saves to the journal; a close
    leaves a journal larger than ``JOURNAL_MERGE_ROWS`` (but under half the
    file's digest rows) for the next run, which reads it; ``count`` and a
    bounded table's open merge it (the spill reads ``digests`` only)."""
    monkeypatch.setattr(table_module, "JOURNAL_MERGE_ROWS", 2)
    path = tmp_path / "j.db"
    first = Table(str(path), "g", compact=True)
    for i in range(40):
        first.values[b"old%d" % i] = i % 5
    first.close()  # 40 journal rows > 2: merged at the save (the file had no digest rows)
    assert len(_digest_rows(path)) == 40 and _journal_count(path) == 0
    second = Table(str(path), "g", compact=True)
    second.values[b"new"] = 7
    second.not_values[b"partial"] = 0b1010
    second.values[b"old0"] = 0
    second.close()  # 3 rows: more than 2, fewer than 40 / 2: left in the journal
    assert _journal_count(path) == 3 and len(_digest_rows(path)) == 40
    third = Table(str(path), "g", compact=True)
    assert third.values[b"new"] == 7 and third.not_values[b"partial"] == 0b1010 and third.values[b"old0"] == 0
    assert third.loaded == 43
    assert third.count() == (41, 1) and _journal_count(path) == 0
    third.close()
    monkeypatch.setattr(table_module, "JOURNAL_MERGE_ROWS", 0)
    fourth = Table(str(path), "g", compact=True)
    fourth.values[b"newer"] = 2
    fourth.close()
    assert _journal_count(path) == 1
    bounded = Table(str(path), "g", max_bytes=1 << 20)
    assert _journal_count(path) == 0 and bounded.values[b"newer"] == 2
    assert bounded.file is not None and bounded.file.fetch_digest(bounded.compact.digest(b"newer")) == (2, 0)
    bounded.close()


def test_no_merge_after_an_interrupt_and_a_failed_merge_is_left_for_later(tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """A close after Ctrl-C or SIGTERM leaves the journal as it is (the stop
    stays quick); a merge that fails does not fail the save or the close;
    the next run reads the journal either way."""
    from grundy.core.limits import clear_interrupt, note_interrupt

    path = tmp_path / "i.db"
    t = Table(str(path), "g", compact=True)
    t.values[b"a"] = 1
    note_interrupt()
    try:
        t.close()
    finally:
        clear_interrupt()
    assert _journal_count(path) == 1 and _digest_rows(path) == []

    t = Table(str(path), "g", compact=True)
    assert t.values[b"a"] == 1
    t.values[b"b"] = 2

    def locked() -> int:
        raise InputError("cannot write the table file: database is locked")

    assert t.file is not None
    monkeypatch.setattr(t.file, "merge_journal", locked)
    t.close()
    assert _journal_count(path) == 2
    again = Table(str(path), "g", compact=True)
    assert again.values[b"a"] == 1 and again.values[b"b"] == 2
    again.close()
    assert _journal_count(path) == 0 and len(_digest_rows(path)) == 2


def test_a_large_save_does_not_leave_a_large_wal_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A save larger than ``WAL_LIMIT_BYTES`` grows the file's WAL; the next
    save cuts it back to the limit (SQLite's ``journal_size_limit``), so a
    long run does not hold as much disk again as its table."""
    import os
    import random

    from grundy.core.tablefile import SQLiteFile

    monkeypatch.setattr(table_module, "WAL_LIMIT_BYTES", 1 << 20)
    rnd = random.Random(3)
    path = tmp_path / "w.db"
    f = SQLiteFile(str(path), "g")
    f.write_digests([(rnd.randbytes(12), None, rnd.randrange(1, 256)) for _ in range(100_000)])
    wal = Path(str(path) + "-wal")
    assert wal.stat().st_size > 2 << 20  # the large save went through the WAL
    f.append_digests([(rnd.randbytes(12), 1, 0)])
    assert wal.stat().st_size <= 1 << 20
    f.close()
    assert not wal.exists() or os.path.getsize(wal) <= 1 << 20


@pytest.mark.parametrize("compact", [True, False])
def test_a_damaged_page_is_found_by_the_load_without_quick_check(tmp_path: Path, compact: bool,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """An unbounded compact table opens its file without SQLite's
    ``quick_check`` (which reads the whole file) because its load reads
    every row of its game: a page whose header is overwritten in the middle
    of the file is still an InputError naming the file, found by the load,
    whether the rows are digests or keys; a dict table and a bounded one
    keep the check, which finds it on opening."""
    opened: list[bool] = []
    real_open = table_module.SQLiteFile._open
    monkeypatch.setattr(table_module.SQLiteFile, "_open",
                        lambda self, check: (opened.append(check), real_open(self, check))[1])
    import random

    from grundy.core.table import Table
    from grundy.core.tablefile import SQLiteFile

    rnd = random.Random(5)
    path = tmp_path / "d.db"
    if compact:
        f = SQLiteFile(str(path), "g")
        f.write_digests([(rnd.randbytes(12), rnd.randrange(4), 0) for _ in range(60_000)])
    else:
        f = SQLiteFile(str(path), "g")
        f.write([(rnd.randbytes(20), rnd.randrange(4)) for _ in range(60_000)], [])
    f.close()
    pages = path.stat().st_size // 4096
    assert pages > 100
    with open(path, "r+b") as raw:
        raw.seek(4096 * (pages // 2))
        raw.write(b"\xff" * 16)  # the b-tree page's header: its type and cell count
    if compact:
        with pytest.raises(InputError, match="cannot read the table file .*d.db"):  # found by the load
            Table(path=str(path), game="g", compact=True)
        with pytest.raises(InputError, match="cannot use .*d.db as a table file"):  # found by the check
            Table(path=str(path), game="g", compact=True, max_bytes=1 << 20)
        assert opened[-2:] == [False, True]
    else:
        with pytest.raises(InputError, match="cannot use .*d.db as a table file"):
            Table(path=str(path), game="g", compact=False)
        assert opened[-1:] == [True]


def _journal_file(path: Path, digests: int, journal: int, seed: int = 5) -> list[tuple[bytes, int | None, int]]:
    """A table file of ``digests`` digest rows and ``journal`` journal rows
    (a third of them updating digests already there); returns the journal rows."""
    import random

    from grundy.core.tablefile import SQLiteFile

    rnd = random.Random(seed)
    old = [(rnd.randbytes(12), rnd.randrange(4), 0) for _ in range(digests)]
    rows = [(old[i % digests][0] if i % 3 == 0 else rnd.randbytes(12), None if i % 2 else 1, 0 if i % 2 == 0 else 6)
            for i in range(journal)]
    f = SQLiteFile(str(path), "g")
    f.write_digests(sorted(old))
    f.append_digests(rows)
    f.close()
    return rows


def _read(path: Path, game: str = "g") -> dict:
    """What a compact table reads from a file (digests, then the journal)."""
    from grundy.core._compiled import CompactTable
    from grundy.core.tablefile import SQLiteFile

    t = CompactTable()
    f = SQLiteFile(str(path), game)
    f.load_compact(t)
    f.close()
    return t.snapshot()  # type: ignore[no-any-return]


@pytest.mark.parametrize("handler", ["noted", "raised"])
@pytest.mark.parametrize("at", ["copy", "ranges", "end"])
def test_an_interrupt_during_a_journal_merge_stops_it_and_keeps_the_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, handler: str, at: str) -> None:
    """A Ctrl-C or SIGTERM while the journal is merged (minutes on a large
    file) stops the merge at SQLite's next progress check, wherever it is
    (``at``: the second check, in the sorted copy; after 100 of the 256
    ranges of digests; the last check of a whole merge):
    KeyboardInterrupt, the interrupt noted, the journal whole and the file
    read as before, though ranges already applied changed ``digests``; the
    next merge leaves ``digests`` as an uninterrupted one does.
    ``noted``: the front ends' handler noted it; ``raised``: Python's
    default handler raised KeyboardInterrupt in the progress check itself."""
    from grundy.core import limits
    from grundy.core.tablefile import SQLiteFile

    monkeypatch.setattr(table_module, "_PROGRESS_STEPS", 1000)
    monkeypatch.setattr(table_module, "MERGE_RANGE_BYTES", 1)  # 256 ranges, one transaction each
    path, twin = tmp_path / "m.db", tmp_path / "twin.db"
    _journal_file(path, 3000, 3000)
    _journal_file(twin, 3000, 3000)
    before, rows_before = _read(path), _digest_rows(path)
    calls = [0]
    real = limits.interrupted
    pending = [False]

    def counted() -> int:
        calls[0] += 1
        return real()

    monkeypatch.setattr(table_module, "interrupted", counted)
    g = SQLiteFile(str(twin), "g")
    assert g.merge_journal() == 3000
    g.close()
    stop_at = {"copy": 2, "ranges": -1, "end": calls[0]}[at]
    calls[0] = 0

    def interrupted() -> int:  # an interrupt arriving at the check stop_at, or after 100 ranges
        calls[0] += 1
        if calls[0] == stop_at or pending[0]:
            pending[0] = False
            if handler == "raised":
                raise KeyboardInterrupt
            limits.note_interrupt(15)
        return real()

    ranges = table_module._digest_ranges

    def hundred_then_stop(file_bytes: int) -> Any:
        for index, bounds in enumerate(ranges(file_bytes)):
            pending[0] = pending[0] or (at == "ranges" and index == 100)
            yield bounds

    monkeypatch.setattr(table_module, "interrupted", interrupted)
    monkeypatch.setattr(table_module, "_digest_ranges", hundred_then_stop)
    f = SQLiteFile(str(path), "g")
    try:
        with pytest.raises(KeyboardInterrupt):
            f.merge_journal()
        assert limits.interrupted() == (2 if handler == "raised" else 15)
    finally:
        limits.clear_interrupt()
    f.close()
    assert _journal_count(path) == 3000 and _read(path) == before
    assert (_digest_rows(path) != rows_before) == (at != "copy")
    monkeypatch.setattr(table_module, "interrupted", real)
    g = SQLiteFile(str(path), "g")
    assert g.merge_journal() == 3000
    g.close()
    assert _digest_rows(path) == _digest_rows(twin) and _journal_count(path) == 0 and _read(path) == before


@pytest.mark.parametrize("range_bytes", [1, 1 << 30])
def test_a_merge_by_ranges_of_digests_is_a_merge_in_one(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                        range_bytes: int) -> None:
    """A merge applied range by range (256 ranges) and one in a single range
    leave the same ``digests`` as writing each row there directly; rows
    appended by another connection during the merge stay in the journal."""
    import random

    from grundy.core.tablefile import SQLiteFile

    monkeypatch.setattr(table_module, "MERGE_RANGE_BYTES", range_bytes)
    rows = _journal_file(tmp_path / "m.db", 2000, 4000, seed=9)
    direct = SQLiteFile(str(tmp_path / "d.db"), "g")
    rnd = random.Random(9)
    direct.write_digests(sorted((rnd.randbytes(12), rnd.randrange(4), 0) for _ in range(2000)))
    for row in rows:  # one row a save: a digest's rows in the order written
        direct.write_digests([row])
    direct.close()
    ranges = table_module._digest_ranges

    def ranges_after_a_late_save(file_bytes: int) -> list[tuple[bytes, bytes]]:
        # another process appends once the merge has copied its rows
        late = SQLiteFile(str(tmp_path / "m.db"), "g")
        late.append_digests([(b"\x01" * 12, 3, 0)])
        late.close()
        return ranges(file_bytes)

    monkeypatch.setattr(table_module, "_digest_ranges", ranges_after_a_late_save)
    f = SQLiteFile(str(tmp_path / "m.db"), "g")
    assert f.merge_journal() == 4000
    f.close()
    assert _journal_count(tmp_path / "m.db") == 1
    assert _digest_rows(tmp_path / "m.db") == _digest_rows(tmp_path / "d.db")


@settings(max_examples=40, deadline=None)
@given(st.lists(st.binary(min_size=0, max_size=14), min_size=1, max_size=50), st.integers(0, 1 << 40))
def test_digest_ranges_hold_every_digest_once(blobs: list[bytes], file_bytes: int) -> None:
    """The merge's ranges of digests hold every blob exactly once, as SQLite
    compares blobs (asked of SQLite itself), with about as many of a compact
    table's digests (odd first byte) in each."""
    import random

    ranges = table_module._digest_ranges(file_bytes)
    assert 1 <= len(ranges) <= 256 and len(ranges) & (len(ranges) - 1) == 0
    conn = sqlite3.connect(":memory:")
    for d in blobs + [b"", b"\x00" * 12, b"\xff" * 12, b"\xff" * 20]:
        inside = [conn.execute("SELECT ? >= ? AND (? IS NULL OR ? < ?)", (d, low, high, d, high)).fetchone()[0]
                  for low, high in ranges]
        assert sum(inside) == 1, (d, ranges)
    conn.close()
    if len(ranges) > 1:
        rnd = random.Random(len(ranges))
        count = [0] * len(ranges)
        for _ in range(200 * len(ranges)):
            d = bytes([rnd.randrange(128) * 2 + 1]) + rnd.randbytes(11)
            count[sum(low <= d for low, _ in ranges) - 1] += 1
        assert min(count) > 100 and max(count) < 300, count


@pytest.mark.parametrize("same_game", [True, False])
def test_rows_saved_while_another_process_merges_are_never_deleted_unmerged(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, same_game: bool) -> None:
    """Process A copies the journal to merge it; before its delete, process B
    merges (the same game's rows, or another game's) and deletes them, and
    process C saves rows, which SQLite may give rowids A copied (rowids of
    deleted rows are given again). A deletes only what it copied: C's rows
    stay in the journal, and every file reads what was written."""
    from grundy.core.tablefile import SQLiteFile

    path = tmp_path / "c.db"
    x = SQLiteFile(str(path), "x")
    x.append_digests([(bytes([2 * i + 1]) * 12, i % 3, 0) for i in range(100)])
    x.close()
    if not same_game:  # B's rows: the journal's last ten
        y = SQLiteFile(str(path), "y")
        y.append_digests([(bytes([2 * i + 1]) * 12, 1, 0) for i in range(10)])
        y.close()
    ranges = table_module._digest_ranges
    # C's rows take rowids A copied: 1..100 once B emptied the journal, 101..110 once B deleted its own
    late = [(b"\x07" * 11 + bytes([i]), 2, 0) for i in range(100 if same_game else 10)]

    done = []

    def others_merge_then_save(file_bytes: int) -> Any:
        if done:  # B's own merge
            return ranges(file_bytes)
        done.append(True)
        b = SQLiteFile(str(path), "x" if same_game else "y")
        b.merge_journal()
        b.close()
        c = SQLiteFile(str(path), "x")
        c.append_digests(late)
        c.close()
        return ranges(file_bytes)

    monkeypatch.setattr(table_module, "_digest_ranges", others_merge_then_save)
    a = SQLiteFile(str(path), "x")
    assert a.merge_journal() == 100
    a.close()
    monkeypatch.setattr(table_module, "_digest_ranges", ranges)
    conn = sqlite3.connect(str(path))
    journal = conn.execute("SELECT game, digest, rowid FROM journal ORDER BY rowid").fetchall()
    conn.close()
    assert [(game, d) for game, d, _ in journal] == [("x", d) for d, _, _ in late]
    assert journal[0][2] <= (100 if same_game else 110)  # a rowid A had copied, given again
    for game, digests in (("x", [bytes([2 * i + 1]) * 12 for i in range(100)] + [d for d, _, _ in late]),
                          ("y", [] if same_game else [bytes([2 * i + 1]) * 12 for i in range(10)])):
        assert set(_read(path, game)) == set(digests), game


@pytest.mark.parametrize("handler", ["stop_on_signal", "default"])
def test_a_journal_merge_does_not_hold_off_a_real_ctrl_c(tmp_path: Path, handler: str) -> None:
    """The same with a real SIGINT in a process of its own, under the
    command line's handler (stop_on_signal) or Python's default one (whose
    KeyboardInterrupt, raised in SQLite's progress check, the sqlite3 module
    drops: the merge sees SQLite's "interrupted" and raises it again): exit
    130 with the interrupt noted and the journal whole, and the stop comes
    within a fraction of the merge's time (a twin file's whole merge timed
    in the same process, first). Before, the signal waited for the merge's
    long statement to end (then rolled it back)."""
    path, twin = tmp_path / "r.db", tmp_path / "rtwin.db"
    journal = len(_journal_file(path, 400_000, 600_000))
    _journal_file(twin, 400_000, 600_000)
    script = (
        "import os, signal, sys, threading, time\n"
        "from grundy.core.limits import interrupt_exit_code, interrupted, stop_on_signal\n"
        "from grundy.core.tablefile import SQLiteFile\n"
        # Python's default handler set explicitly: a process started with SIGINT ignored (a
        # background job of a script, as a CI runner may start the tests) keeps it ignored
        # and would never see the signal (the merge ran to its end: exit 0)
        + ("signal.signal(signal.SIGINT, stop_on_signal)\n" if handler == "stop_on_signal"
           else "signal.signal(signal.SIGINT, signal.default_int_handler)\n")
        + f"g = SQLiteFile({str(twin)!r}, 'g')\n"
        "t = time.perf_counter(); g.merge_journal(); whole = time.perf_counter() - t; g.close()\n"
        f"f = SQLiteFile({str(path)!r}, 'g')\n"
        "sent = []\n"
        "def send():\n"
        "    sent.append(time.perf_counter()); os.kill(os.getpid(), signal.SIGINT)\n"
        "threading.Timer(0.1, send).start()\n"
        "try:\n"
        "    f.merge_journal()\n"
        "except KeyboardInterrupt:\n"
        "    print(whole, time.perf_counter() - sent[0], interrupted())\n"
        "    f.close()\n"
        "    sys.exit(interrupt_exit_code())\n"
        "sys.exit(0)\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300)
    assert done.returncode == 130, (done.stdout, done.stderr)
    assert _journal_count(path) == journal
    whole, stop, noted = done.stdout.split()
    assert float(whole) > 0.5 and float(stop) < float(whole) / 4, (whole, stop)
    assert noted == "2"


def test_a_failed_merge_is_tried_again_once_the_journal_has_doubled(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """A save's merge that fails (a full disk for SQLite's temporary files,
    another process's lock) is not tried again at every save, each of which
    would sort the whole journal again: only once the journal holds twice
    the rows it held at the failure; a merge that succeeds then resets it."""
    monkeypatch.setattr(table_module, "JOURNAL_MERGE_ROWS", 10)
    t = Table(str(tmp_path / "f.db"), "g", compact=True)
    assert t.file is not None
    tried: list[int] = []
    real = t.file.merge_journal
    fail = [True]

    def merge() -> int:
        assert t.file is not None
        tried.append(t.file.journal_rows)
        if fail[0]:
            raise InputError("cannot write the table file: database or disk is full")
        return real()

    monkeypatch.setattr(t.file, "merge_journal", merge)
    for i in range(100):
        t.values[b"k%d" % i] = i % 4
        t.save()
    # the first save past 10 rows fails; then none until more than 22 rows, then 46, then 94
    assert tried == [11, 23, 47, 95]
    fail[0] = False
    for i in range(100, 200):
        t.values[b"k%d" % i] = i % 4
        t.save()
    assert tried[4:] == [191] and t.file.journal_rows == 9
    t.close()


def test_the_journal_merge_benchmark_builds_and_merges(tmp_path: Path) -> None:
    """``benchmarks/journal_merge.py``: ``build`` writes the rows asked for,
    ``merge`` moves the journal and prints its measures; a missing file is
    a clear error (exit 2)."""
    script = Path(__file__).resolve().parent.parent / "benchmarks" / "journal_merge.py"
    path = tmp_path / "b.db"
    built = subprocess.run([sys.executable, str(script), "build", str(path), "3000", "2000"],
                           capture_output=True, text=True, timeout=120)
    assert built.returncode == 0, built.stderr
    assert _journal_count(path) == 2000 and len(_digest_rows(path)) == 3000
    merged = subprocess.run([sys.executable, str(script), "merge", str(path)], capture_output=True, text=True,
                            timeout=120)
    assert merged.returncode == 0 and merged.stdout.startswith("moved 2000 rows in "), merged
    assert _journal_count(path) == 0
    missing = subprocess.run([sys.executable, str(script), "merge", str(tmp_path / "none.db")],
                             capture_output=True, text=True, timeout=120)
    assert missing.returncode == 2 and "no such file" in missing.stderr


def _hold_write_lock(path: Path) -> sqlite3.Connection:
    """Another writer: a connection holding the file's write lock (an open
    ``BEGIN IMMEDIATE``) until it is rolled back."""
    other = sqlite3.connect(str(path), isolation_level=None, check_same_thread=False)
    other.execute("BEGIN IMMEDIATE")
    return other


def test_a_save_waits_for_another_writer_and_then_writes(tmp_path: Path) -> None:
    """A save finding the file locked by another process waits for it (in
    short waits repeated from Python) and writes once the lock is free; a
    lock held past the busy limit is a clear InputError, the rows not
    written."""
    import threading
    import time

    from grundy.core.tablefile import SQLiteFile

    path = tmp_path / "w.db"
    f = SQLiteFile(str(path), "g")
    other = _hold_write_lock(path)
    start = time.monotonic()
    threading.Timer(0.4, other.rollback).start()
    f.append_digests([(b"\x01" * 12, 3, 0)])
    assert time.monotonic() - start >= 0.3  # it waited for the other writer
    other.close()
    assert _read(path) == {b"\x01" * 12: (3, 0, False)}

    other = _hold_write_lock(path)
    try:
        with pytest.MonkeyPatch.context() as mp:
            mp.setattr(table_module, "_BUSY_SECONDS", 0.3)
            with pytest.raises(InputError, match="cannot write the table file .*locked"):
                f.append_digests([(b"\x02" * 12, 1, 0)])
    finally:
        other.rollback()
        other.close()
    assert set(_read(path)) == {b"\x01" * 12}
    f.close()


def test_a_ctrl_c_stops_a_save_waiting_for_another_writer(tmp_path: Path) -> None:
    """A save waiting for another process's write lock is stopped by a
    Ctrl-C (Python's default handler) within a fraction of a second, not
    after SQLite's minute of waiting in C where no signal handler runs."""
    path = tmp_path / "c.db"
    from grundy.core.tablefile import SQLiteFile

    SQLiteFile(str(path), "g").close()
    other = _hold_write_lock(path)
    script = (
        "import os, signal, sys, threading, time\n"
        "from grundy.core.tablefile import SQLiteFile\n"
        "signal.signal(signal.SIGINT, signal.default_int_handler)\n"  # even when started with it ignored
        f"f = SQLiteFile({str(path)!r}, 'g')\n"
        "sent = []\n"
        "def send():\n"
        "    sent.append(time.perf_counter()); os.kill(os.getpid(), signal.SIGINT)\n"
        "threading.Timer(0.5, send).start()\n"
        "try:\n"
        "    f.append_digests([(bytes(12), 1, 0)])\n"
        "except KeyboardInterrupt:\n"
        "    print(time.perf_counter() - sent[0])\n"
        "    sys.exit(130)\n"
        "sys.exit(0)\n"
    )
    try:
        done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    finally:
        other.rollback()
        other.close()
    assert done.returncode == 130, (done.stdout, done.stderr)
    assert float(done.stdout) < 5.0, done.stdout  # 60 s before (SQLite's own busy wait)
    assert set(_read(path)) == set()


def test_a_save_that_can_never_take_the_lock_fails_at_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A bounded table spilling while it loads a file of ``positions`` rows
    saves with the load's read still unfinished; if another process wrote
    since that read began, SQLite can never give this connection the lock
    (a stale snapshot): the error comes at once, not after the busy limit
    spent in vain (found in review: the lock loop retried it)."""
    import time

    from grundy.core.tablefile import SQLiteFile

    path = tmp_path / "s.db"
    f = SQLiteFile(str(path), "g")
    f.write([(i.to_bytes(4, "little") * 3, 1) for i in range(200_000)], [])
    f.close()
    other = sqlite3.connect(str(path), isolation_level=None)
    saves: list[int] = []
    real = SQLiteFile.write_digests

    def write_digests(self: SQLiteFile, rows: list) -> None:
        saves.append(len(rows))
        if len(saves) == 2:  # another process writes between two saves of the load
            other.execute("INSERT INTO journal VALUES ('other', 'x', x'05', 1, NULL)")
        real(self, rows)

    monkeypatch.setattr(SQLiteFile, "write_digests", write_digests)
    monkeypatch.setattr(table_module, "_BUSY_SECONDS", 30.0)
    start = time.monotonic()
    try:
        with pytest.raises(InputError, match="locked"):
            Table(str(path), "g", max_bytes=1 << 20)
    finally:
        other.close()
    assert len(saves) >= 2
    assert time.monotonic() - start < 15.0  # 30 s and more when the stale snapshot was waited on


def test_parity_game_with_and_without_the_reduction_share_a_file(tmp_path: Path) -> None:
    """BE/BE searched as Arc Kayles keeps its rows under graph:arc-kayles,
    the plain BE/BE search under graph:be-be: one file holds both, each run
    answers from its own rows (0 positions the second time), and an Arc
    Kayles search of the cut-down graph reuses the reduced run's rows."""
    path = str(tmp_path / "table.sqlite")
    adj = to_graph("random:16,0.35,4").adj
    reduced = Solver(ruleset="be-be", table=path)
    value = run(reduced, adj)
    assert reduced.stats.positions > 0
    reduced.close()
    plain = Solver(Theory(arc_kayles=False), ruleset="be-be", table=path)
    assert run(plain, adj) == value and plain.stats.positions > 0
    plain.close()
    assert sum(Table(path, "graph:arc-kayles").count()) > 0 and sum(Table(path, "graph:be-be").count()) > 0
    for again in (Solver(ruleset="be-be", table=path), Solver(Theory(arc_kayles=False), ruleset="be-be", table=path)):
        assert run(again, adj) == value and again.stats.positions == 0
        again.close()
    even = [v for v in range(len(adj)) if adj[v].bit_count() % 2 == 0]
    cut = tuple(sum(1 << even.index(w) for w in even if adj[v] >> w & 1) for v in even)
    kayles = Solver(ruleset="arc-kayles", table=path)
    assert run(kayles, cut) == value and kayles.stats.positions == 0
    kayles.close()


def test_absorb_joins_another_files_rows(tmp_path: Path) -> None:
    """``SQLiteFile.absorb``: another file's rows of the game join this
    file's (a value kept, masks joined bitwise, journal rows read, rows of
    other games left out), streamed into this file, and the other file is
    not written; a missing file, the file itself and a file that is not a
    table file are refused."""
    from grundy.core.tablefile import SQLiteFile

    d1, d2, d3, d4 = (bytes([2 * i + 1]) + bytes(11) for i in range(4))
    a, b = str(tmp_path / "a.db"), str(tmp_path / "b.db")
    fa = SQLiteFile(a, "g")
    fa.write_digests([(d1, None, 0b01), (d2, 5, 0)])
    fa.close()
    fb = SQLiteFile(b, "g")
    fb.write_digests([(d1, None, 0b10), (d2, None, 0b1), (d3, None, 0b100)])
    fb.append_digests([(d3, 2, 0)])  # a journal row: read too
    fb.close()
    other = SQLiteFile(b, "other game")
    other.write_digests([(d4, 7, 0)])
    other.close()
    before = Path(b).read_bytes()
    into = SQLiteFile(a, "g")
    seen: list[int] = []
    assert into.absorb(b, progress=seen.append) == 4
    assert seen and seen[-1] == 4
    into.close()
    assert Path(b).read_bytes() == before
    assert _digest_rows(tmp_path / "a.db") == [(d1, None, "3"), (d2, 5, None), (d3, 2, None)]
    table = Table(a, "g", compact=True)
    assert table.snapshot() == {d1: (None, 0b11, False), d2: (5, 0, False), d3: (2, 0, False)}
    table.close()
    into = SQLiteFile(a, "g")
    junk = tmp_path / "junk.db"
    junk.write_bytes(b"not a database at all")
    for bad, said in ((str(tmp_path / "none.db"), "no table file"), (a, "into itself"),
                      (str(junk), "not an SQLite database")):
        with pytest.raises(InputError, match=said):
            into.absorb(bad)
    into.close()


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.tuples(st.integers(0, 2), st.integers(0, 11), st.booleans(), st.integers(0, 255)), max_size=40),
       st.lists(st.tuples(st.integers(0, 2), st.integers(0, 11), st.booleans(), st.integers(0, 255)), max_size=40),
       st.integers(1, 5))
@example(rows_a=[(2, 2, False, 0), (1, 2, False, 1)], rows_b=[], batch=1)  # a journal row older than its digest's
def test_absorb_is_loading_both_files(tmp_path_factory: Any, rows_a: list, rows_b: list, batch: int) -> None:
    """A merged file reads as both files loaded into one compact table (a
    value kept, masks joined), whichever of its tables (``positions``,
    ``digests``, journal) each row was in and however the rows fall into
    batches; this file's journal is merged first, so that no later journal
    merge drops what was absorbed; and merging the same file again changes
    no row."""
    from grundy.core._compiled import CompactTable
    from grundy.core.tablefile import SQLiteFile

    tmp = tmp_path_factory.mktemp("absorb")

    def make(path: Path, rows: list) -> None:
        f = SQLiteFile(str(path), "g")
        masks: dict[tuple[bool, int], int] = {}
        # the journal rows last: in a file one process wrote, the journal is newer than the
        # digests rows (a bounded table merges the journal before it writes digests), which a
        # journal merge relies on (it sets a digest's mask to the journal's, SQLiteFile.merge_journal)
        for where, d, known, mask in sorted(rows, key=lambda row: row[0] == 2):
            value = d % 5 if known else None  # a position has one value, in either file
            # a file's masks of a position only grow, as a table's saves do
            mask = masks[where == 0, d] = masks.get((where == 0, d), 0) | mask
            row = (value, 0 if known else mask)
            if where == 0:
                f.write([(b"key%d" % d, d % 5)] if known else [], [] if known else [(b"key%d" % d, mask)])
            elif where == 1:
                f.write_digests([(bytes([2 * d + 1]) * 12, *row)])
            else:
                f.append_digests([(bytes([2 * d + 1]) * 12, *row)])
        f.close()

    def read(*paths: Path) -> dict:
        table = CompactTable()
        for path in paths:
            f = SQLiteFile(str(path), "g")
            f.load_compact(table)
            f.close()
        return table.snapshot()  # type: ignore[no-any-return]

    a, b = tmp / "a.db", tmp / "b.db"
    make(a, rows_a)
    make(b, rows_b)
    both = read(a, b)
    old_batch = table_module.ABSORB_BATCH_ROWS
    table_module.ABSORB_BATCH_ROWS = batch
    try:
        into = SQLiteFile(str(a), "g")
        into.absorb(str(b))
        assert _journal_count(a) == 0
        into.merge_journal()  # a later merge keeps what was absorbed
        assert read(a) == both
        rows = _digest_rows(a)
        into.absorb(str(b))
        into.close()
    finally:
        table_module.ABSORB_BATCH_ROWS = old_batch
    assert _digest_rows(a) == rows


def test_a_large_save_is_written_in_parts_and_a_failed_part_stays_to_write(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A compact table's save drains its rows ``SAVE_ROWS`` at a time, one
    transaction each (a long run's rows as Python objects all at once
    outgrew a 24 GB machine at its last save): every row is written, and a
    part that fails stays to write while the parts before it are kept."""
    import grundy.core.table as table_core

    monkeypatch.setattr(table_core, "SAVE_ROWS", 7)
    path = str(tmp_path / "parts.sqlite")
    t = Table(path, "g", compact=True)
    want = {}
    for i in range(50):
        t.values[b"v%d" % i] = want[b"v%d" % i] = i % 6
    t.not_values[b"p"] = 0b101
    t.not_values[b"empty"] = 0  # listed as written, but nothing to say: no row
    calls: list[int] = []
    real = t.file.append_digests

    def fail_third(rows: list) -> None:
        calls.append(len(rows))
        if len(calls) == 3:
            raise InputError("disk full (a test)")
        real(rows)

    monkeypatch.setattr(t.file, "append_digests", fail_third)
    with pytest.raises(InputError, match="disk full"):
        t.save()
    assert calls == [7, 7, 7]  # two parts written, the third refused
    monkeypatch.setattr(t.file, "append_digests", real)
    assert t.save() == 51 - 14  # the refused part and the rest, nothing twice
    assert t.save() == 0
    t.close()
    u = Table(path, "g", compact=True)
    assert u.loaded == 51
    assert {k: u.values[k] for k in want} == want and u.not_values[b"p"] == 0b101
    u.close()
