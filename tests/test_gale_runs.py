"""Long runs of Gale's game with a table file (issue 11, part 3): the first
moves are settled first and recorded with the search's counters in the
checkpoint summary TABLE.summary.json; a run stopped at its limit, or
killed with SIGKILL while its bounded table spills, resumes from the
table."""

from __future__ import annotations

import json
import re
import sqlite3
import subprocess
import sys
from pathlib import Path

from grundy.cli import main
from grundy.games.complexes import gale_complement_replies, gale_first_moves
from helpers import cli_runner, kill_9_when, stop_with


def _summary(table: Path) -> dict:
    return json.loads(Path(str(table) + ".summary.json").read_text(encoding="utf-8"))


def test_summary_of_a_finished_run(tmp_path: Path) -> None:
    table = tmp_path / "g5.db"
    result = cli_runner().invoke(main, ["value", "simplex-boundary:5", "--table", str(table), "--json"])
    assert result.exit_code == 0, result.output
    answer = json.loads(result.output.strip().splitlines()[-1])
    s = _summary(table)
    assert s["state"] == f"done: value {answer['value']}"
    assert s["first_moves"] == [{"face_size": k, "value": v} for k, v in gale_first_moves(5)]
    assert s["first_moves"] == answer["first_moves"]
    assert (s["settled"], s["of"]) == (4, 4)
    assert s["complement_replies"] == [{"face_size": k, "wins": w} for k, w in gale_complement_replies(5)]
    assert s["complement_replies"] == answer["complement_replies"]
    assert s["first_moves_lose"] == [1, 2, 3, 4] and s["first_moves_win"] == [] and s["outcome"] == "P"
    assert s["positions"] > 0 and s["values_known"] > 0
    assert s["values_known"] == s["values_in_memory"] and s["dropped_from_memory"] == 0
    # the table's entries include its values and marks; slots are at most three quarters full
    if s["table_entries"] is not None:  # a compact table (GRUNDY_NO_COMPACT=1: dicts, null)
        assert s["values_known"] <= s["table_entries"] <= 0.75 * s["table_slots"]
    assert s["peak_memory_mib"] > 10


def test_stopped_run_keeps_its_settled_first_moves_and_resumes(tmp_path: Path) -> None:
    table = tmp_path / "g6.db"
    stopped = cli_runner().invoke(main, ["value", "simplex-boundary:6", "--table", str(table),
                                         "--max-positions", "3000"])
    assert stopped.exit_code == 3
    s = _summary(table)
    assert s["state"].startswith("stopped: position limit")
    truth = [{"face_size": k, "value": v} for k, v in gale_first_moves(6)]
    assert s["first_moves"] == truth[: s["settled"]]
    replies = [{"face_size": k, "wins": w} for k, w in gale_complement_replies(6)]
    assert all(r in replies for r in s["complement_replies"])
    assert s["outcome"] == ("P" if len(s["complement_replies"]) == 5 else None)
    resumed = cli_runner().invoke(main, ["value", "simplex-boundary:6", "--table", str(table), "--json"])
    assert resumed.exit_code == 0, resumed.output
    again = _summary(table)
    assert again["state"] == "done: value 0" and again["first_moves"] == truth
    assert again["complement_replies"] == replies and again["outcome"] == "P"
    # the second run started from the first one's table: it expanded fewer positions than a fresh run
    fresh = tmp_path / "fresh.db"
    assert cli_runner().invoke(main, ["value", "simplex-boundary:6", "--table", str(fresh)]).exit_code == 0
    assert again["positions"] < _summary(fresh)["positions"]


def _rows(path: Path) -> int:
    if not path.exists():
        return 0
    conn = sqlite3.connect(str(path), timeout=10)
    try:
        # saves of an unbounded table go to the journal first, a bounded one's to digests
        return sum(conn.execute(f"SELECT COUNT(*) FROM {t}").fetchone()[0] for t in ("digests", "journal"))
    except sqlite3.OperationalError:  # no table yet
        return 0
    finally:
        conn.close()


def test_kill_9_during_a_spilling_run_then_resume(tmp_path: Path) -> None:
    """``grundy value simplex-boundary:6 --table T --table-memory 64K``
    killed with SIGKILL once the spill has written rows, then run again:
    the same value and first moves as a fresh run, from fewer positions,
    resumed under the same bound."""
    table = tmp_path / "g6.db"
    args = [sys.executable, "-m", "grundy", "value", "simplex-boundary:6", "--table", str(table),
            "--table-memory", "64K", "--json"]
    proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    kill_9_when(proc, lambda: _rows(table) >= 2000, 120, "2000 rows")
    resumed = cli_runner().invoke(main, ["value", "simplex-boundary:6", "--table", str(table),
                                         "--table-memory", "64K", "--json"])
    assert resumed.exit_code == 0, resumed.output
    answer = json.loads(resumed.output.strip().splitlines()[-1])
    assert answer["value"] == 0
    assert answer["first_moves"] == [{"face_size": k, "value": v} for k, v in gale_first_moves(6)]
    fresh = tmp_path / "fresh.db"
    assert cli_runner().invoke(main, ["value", "simplex-boundary:6", "--table", str(fresh)]).exit_code == 0
    s = _summary(table)
    assert s["positions"] < _summary(fresh)["positions"]
    # the bounded run dropped entries: it does not claim to count every value known
    assert s["dropped_from_memory"] > 0 and s["values_known"] is None and s["values_in_memory"] > 0


def test_terminated_run_says_so_in_its_summary(tmp_path: Path) -> None:
    """SIGTERM (as Ctrl-C) stops ``grundy value simplex-boundary:7 --table T``
    cleanly: exit 143, and the checkpoint summary says ``stopped:
    interrupted`` with what was settled so far, not ``running``: the
    complement replies come first, and those of k = 1 and k = 6 win at once
    (k = 3 and k = 4 are open, so no first-move value is reached)."""
    import os
    import signal

    table = tmp_path / "g7.db"
    proc = subprocess.Popen([sys.executable, "-m", "grundy", "value", "simplex-boundary:7", "--table", str(table)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=lambda: signal.signal(signal.SIGTERM, signal.SIG_DFL))
    summary = Path(str(table) + ".summary.json")
    _out, err = stop_with(proc, signal.SIGTERM,
                          ready=lambda: summary.exists() and len(_summary(table)["complement_replies"]) >= 1,
                          what="a settled complement reply")
    assert proc.returncode == 143, err
    assert "Traceback" not in err
    s = _summary(table)
    assert s["state"] == "stopped: interrupted"
    assert s["complement_replies"][0] == {"face_size": 1, "wins": True}
    assert 1 in s["first_moves_lose"] and s["first_moves"] == [] and s["outcome"] is None
    assert os.path.getsize(table) > 0


def test_benchmark_complement_run_saves_on_sigterm_and_ctrl_c(tmp_path: Path) -> None:
    """``benchmarks/gale.py --complement 7 --table T`` stopped by SIGTERM
    (exit 143) or Ctrl-C (SIGINT, exit 130) during the open k = 3 search
    writes its table first: the rows are in the file although no 60 s
    checkpoint came, and the settled replies were printed."""
    import signal

    script = Path(__file__).resolve().parent.parent / "benchmarks" / "gale.py"
    for sig, code in ((signal.SIGTERM, 143), (signal.SIGINT, 130)):
        table = tmp_path / f"g7-{int(sig)}.db"
        proc = subprocess.Popen([sys.executable, str(script), "--complement", "7", "--table", str(table)],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        out, err = stop_with(proc, sig, ready=table.exists, delay=4.0, what="the table file")
        assert proc.returncode == code, err
        assert "interrupted" in err and "Traceback" not in err
        assert "k = 1: after a 1-set and its complement: P" in out
        assert _rows(table) > 0


def test_time_limit_covers_the_stages_together(tmp_path: Path, monkeypatch) -> None:
    """``--time-limit T`` bounds the Gale route's stages (complement
    replies, first moves, the value) together, not each: a stage gets what
    the ones before it left, and none starts once T is spent."""
    import time

    import grundy.games.complexes as complexes

    seen: list[float] = []
    real_first_moves = complexes.gale_first_moves

    def slow_replies(n, *, solver, on_settled=None):
        time.sleep(0.8)
        return [(k, True) for k in range(1, n)]

    def first_moves(n, *, solver, on_settled=None):
        seen.append(solver.limits.until - time.perf_counter())  # seconds of search left
        return real_first_moves(n, solver=solver, on_settled=on_settled)

    monkeypatch.setattr(complexes, "gale_complement_replies", slow_replies)
    monkeypatch.setattr(complexes, "gale_first_moves", first_moves)
    table = tmp_path / "g4.db"
    ok = cli_runner().invoke(main, ["value", "simplex-boundary:4", "--table", str(table), "--time-limit", "30"])
    assert ok.exit_code == 0, ok.output
    assert len(seen) == 1 and 28 < seen[0] < 29.25  # 30 s less the 0.8 s the replies took
    stopped = cli_runner().invoke(main, ["value", "simplex-boundary:4", "--table", str(table), "--time-limit", "0.5"])
    assert stopped.exit_code == 3
    assert len(seen) == 1  # the first moves never started
    assert _summary(table)["state"] == "stopped: time limit 0.5 s"


def test_until_caps_every_call_of_a_search() -> None:
    """``Limits.until`` lowers the deadline of each top-level call (with
    or without its own ``time_limit``), and the search stops there."""
    import time

    import pytest

    from grundy.core.limits import Limits
    from grundy.errors import SearchLimitReached
    from grundy.games.complexes import ComplexSolver, build_complex_family

    for own in (100.0, None):
        limits = Limits(time_limit=own)
        limits.until = time.perf_counter() + 1.0
        limits.start()
        assert limits.deadline == limits.until
    solver = ComplexSolver(time_limit=100.0)
    solver.limits.until = time.perf_counter() + 0.3
    start = build_complex_family("simplex-boundary:7")
    solver.start()
    with pytest.raises(SearchLimitReached, match="time limit 100 s"):
        solver.is_p(*solver.decompose(start.facets))
    assert time.perf_counter() < solver.limits.until + 5.0


def test_share_counts_a_stop_from_its_start_and_names_the_limit() -> None:
    """``Limits.share``: the deadline of a call started later is the shared
    one, the stop names the shared seconds (``time_limit`` was unset) and
    its seconds count from ``share``, not from the call's own start."""
    import time

    import pytest

    from grundy.core.limits import Limits
    from grundy.errors import SearchLimitReached

    limits = Limits()
    limits.share(0.2)
    assert limits.time_limit == 0.2
    time.sleep(0.3)
    limits.start()
    assert limits.deadline == limits.until
    with pytest.raises(SearchLimitReached, match="time limit 0.2 s") as stop:
        limits.tick(1)
    assert stop.value.seconds >= 0.3
    unlimited = Limits(time_limit=5.0)
    unlimited.share(0)  # 0: no shared limit; the call's own stays
    unlimited.start()
    assert unlimited.until is None and unlimited.since is None and unlimited.time_limit == 5.0
    assert unlimited.deadline is not None and unlimited.deadline - time.perf_counter() > 4.0


def test_backstop_is_paused_while_the_table_file_is_read(tmp_path: Path, monkeypatch) -> None:
    """The command line's backstop alarm (``_alarm(_grace(T), T)``, here
    T = 1 s: it fires 2.1 s after entry) does not run while a table file is
    read (1.5 s here, a load made slow), so the search, whose clock starts
    after the read, keeps its time; a search starting its clock does not
    move it (work outside a search's clock stays bounded)."""
    import signal
    import time

    import pytest

    from grundy.cli.limits import _alarm, _grace
    from grundy.core import tablefile as table_module
    from grundy.core.limits import Limits
    from grundy.core.table import Table
    from grundy.errors import SearchLimitReached

    real_load = table_module.SQLiteFile.load_compact

    def slow_load(self, table):  # a large file
        time.sleep(1.5)
        return real_load(self, table)

    monkeypatch.setattr(table_module.SQLiteFile, "load_compact", slow_load)
    previous = signal.getsignal(signal.SIGALRM)
    entered = time.perf_counter()
    with pytest.raises(SearchLimitReached, match="time limit 1 s"):
        with _alarm(_grace(1.0), 1.0):
            opening = time.perf_counter()
            Table(str(tmp_path / "t.db"), "g", compact=True).close()
            read = time.perf_counter() - opening  # at least the 1.5 s of the slow load
            left = signal.getitimer(signal.ITIMER_REAL)[0]
            outside = time.perf_counter() - entered - read  # the time the timer ran
            assert 2.1 - outside - 0.3 < left <= 2.1 - outside + 0.05, (left, read, outside)
            Limits(time_limit=5.0).start()
            assert signal.getitimer(signal.ITIMER_REAL)[0] <= left
            while time.perf_counter() - entered < 2.4:  # past the first arming's 2.1 s
                time.sleep(0.05)
            time.sleep(5.0)  # the alarm fires in here, about 3.6 s after entry
        raise AssertionError("the backstop did not fire")
    assert time.perf_counter() - entered > 2.4
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0) and signal.getsignal(signal.SIGALRM) == previous
    Table(str(tmp_path / "t.db"), "g", compact=True).close()  # outside a backstop: nothing to pause


def test_a_limit_after_the_value_keeps_the_answer() -> None:
    """Without a table, Gale's value is found first; a position limit that
    runs out in the first-move table after it leaves the answer (exit 0,
    the value) with the first moves settled so far, ``first_moves_stopped``
    and the positions the limit allowed. A limit before the value is still
    exit 3."""
    import json

    from helpers import cli_runner

    from grundy.cli import main

    full = json.loads(cli_runner().invoke(main, ["value", "simplex-boundary:6", "--json"]).stdout)
    assert "first_moves_stopped" not in full and len(full["first_moves"]) == 5
    budget = full["stats"]["positions"] // 3  # past the value's search (7,883), short of the tables
    cut = cli_runner().invoke(main, ["value", "simplex-boundary:6", "--json", "--max-positions", str(budget)])
    assert cut.exit_code == 0, cut.output
    d = json.loads(cut.stdout)
    assert d["value"] == full["value"] == 0
    assert d["first_moves_stopped"] == f"position limit {budget}"
    assert d["first_moves"] == full["first_moves"][:len(d["first_moves"])] and len(d["first_moves"]) < 5
    assert d["stats"]["positions"] == budget
    text = cli_runner().invoke(main, ["value", "simplex-boundary:6", "--max-positions", str(budget)])
    assert text.exit_code == 0 and "stopped at the position limit" in text.stdout and "raise --max-positions" in text.stdout
    early = cli_runner().invoke(main, ["value", "simplex-boundary:6", "--max-positions", "100"])
    assert early.exit_code == 3


def _face_orbits(n: int, k: int) -> int:
    """Orbits of the faces of the component the search decides for the
    complement position (``{0..k-1}`` and its complement removed from the
    boundary of the simplex on ``n`` points, then reduced) under the
    permutations of its points that keep its face set: brute force over
    all permutations."""
    import itertools

    from grundy.games.complexes import ComplexSolver, build_complex_family, complex_from_key, gale_complement_position

    left = gale_complement_position(build_complex_family(f"simplex-boundary:{n}").facets, n, k)
    nim, unknowns = ComplexSolver().decompose(left)
    assert nim == 0 and len(unknowns) == 1
    nv, facets = complex_from_key(unknowns[0])
    faces = {f for f in range(1, 1 << nv) if any(f & g == f for g in facets)}

    def image(f: int, p: tuple[int, ...]) -> int:
        return sum(1 << p[v] for v in range(nv) if f >> v & 1)

    group = [p for p in itertools.permutations(range(nv)) if {image(f, p) for f in faces} == faces]
    return len({min(image(f, p) for p in group) for f in faces})


def test_open_options_counts_the_options_of_the_complement_positions(tmp_path: Path) -> None:
    """``benchmarks/gale.py --open-options 6 --table T`` makes no search: with
    an empty table it counts one option per orbit of faces (as a brute
    force over the 720 permutations finds them) and none known P (every
    complement position of n = 6 is P, so every option is N); after
    ``--complement 6`` filled the table, each position's value is known."""
    import re

    script = Path(__file__).resolve().parent.parent / "benchmarks" / "gale.py"
    table = tmp_path / "g6.db"

    def run(*args: str) -> str:
        done = subprocess.run([sys.executable, str(script), *args], capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, done.stderr
        return done.stdout

    out = run("--open-options", "6", "--table", str(table))
    for k in (1, 2, 3):
        m = re.search(rf"^k = {k}: (\d+) options up to symmetry: (\d+) known N, (\d+) known P, (\d+) open", out, re.M)
        assert m, out
        total, n_known, p_known, still_open = map(int, m.groups())
        assert total == _face_orbits(6, k)
        assert p_known == 0
    run("--complement", "6", "--table", str(table))
    out = run("--open-options", "6", "--table", str(table))
    assert [line for line in out.splitlines() if line.startswith("k = ")] == [
        f"k = {k}: value 0 known (P)" for k in (1, 2, 3)]
    # a position the table knows to be N (here a row saying so, written by hand into an empty
    # table: no complement position of n = 6 is N) still has its options listed
    from grundy.core._compiled import CompactTable
    from grundy.core.tablefile import SQLiteFile
    from grundy.games.complexes import ComplexSolver, build_complex_family, gale_complement_position

    solver = ComplexSolver()
    nim, unknowns = solver.decompose(gale_complement_position(build_complex_family("simplex-boundary:6").facets, 6, 3))
    assert nim == 0 and len(unknowns) == 1
    marked = tmp_path / "n.db"
    f = SQLiteFile(str(marked), solver.game.name)
    f.append_digests([(CompactTable().digest(unknowns[0]), None, 1)])
    f.close()
    out = run("--open-options", "6", "--table", str(marked))
    assert "k = 3: known N (the table excludes the value 0); its options:" in out.splitlines()
    m = re.search(r"^k = 3: (\d+) options up to symmetry: 0 known N, 0 known P, (\d+) open", out, re.M)
    assert m and int(m.group(1)) == int(m.group(2)) == _face_orbits(6, 3), out


def test_open_options_verdicts_of_a_partial_table_are_true(tmp_path: Path) -> None:
    """On tables of runs stopped early (``--max-positions``), every option
    ``--open-options`` calls N has a nonzero value and every one it calls P
    the value 0 (each valued here by a fresh search, options in the order
    the script lists them); the verdicts by an excluded value are among
    them."""
    import re

    from grundy.games.complexes import ComplexSolver, build_complex_family, gale_complement_position

    from grundy.games.complexes import remove_face

    script = Path(__file__).resolve().parent.parent / "benchmarks" / "gale.py"
    truth: dict[str, list[int]] = {}
    start = build_complex_family("simplex-boundary:6").facets
    positions = {f"k = {k}": gale_complement_position(start, 6, k) for k in (1, 2, 3)}
    positions.update({f"first move k = {k}": remove_face(start, (1 << k) - 1) for k in range(1, 6)})
    for label, left in positions.items():
        s = ComplexSolver()
        nim, keys = s.decompose(left)
        if nim == 0 and len(keys) == 1:  # the positions whose options the script lists
            truth[label] = [s.value_of(*split) for split in s.game.children(s, keys[0])]
    assert any(label.startswith("first") for label in truth)
    by_exclusion = first_known = 0
    for limit in (30, 300):
        table = tmp_path / f"g6-{limit}.db"
        stopped = cli_runner().invoke(main, ["value", "simplex-boundary:6", "--table", str(table),
                                             "--max-positions", str(limit)])
        assert stopped.exit_code == 3, stopped.output
        done = subprocess.run([sys.executable, str(script), "--open-options", "6", "--table", str(table)],
                              capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, done.stderr
        k = None
        for line in done.stdout.splitlines():
            head = re.match(r"((first move )?k = \d+): ", line)
            if head:
                k = head.group(1)
                continue
            m = re.match(r"    option (\d+): (N|P|open) ", line)
            assert m and k is not None, line
            value = truth[k][int(m.group(1)) - 1]
            first_known += k.startswith("first") and m.group(2) != "open"
            if m.group(2) == "N":
                assert value != 0, line
                by_exclusion += "known not to be" in line
            elif m.group(2) == "P":
                assert value == 0, line
    assert by_exclusion > 0 and first_known > 0
    missing = subprocess.run([sys.executable, str(script), "--open-options", "6"], capture_output=True, text=True)
    assert missing.returncode == 2 and "--table" in missing.stderr
    for flag in ("--time-limit", "--report", "--checkpoint"):
        refused = subprocess.run([sys.executable, str(script), "--open-options", "6", "--table",
                                  str(tmp_path / "g6-30.db"), flag, "5"], capture_output=True, text=True)
        assert refused.returncode == 2 and flag in refused.stderr, (flag, refused.stderr)


def test_benchmark_refuses_the_options_a_mode_does_not_use(tmp_path: Path) -> None:
    """Every option of benchmarks/gale.py is used by the mode given or
    refused by name with exit 2 (``--n`` was once silently ignored by
    ``--attack``); the refusal comes before any search or table file."""
    script = Path(__file__).resolve().parent.parent / "benchmarks" / "gale.py"
    table = str(tmp_path / "t.db")
    values = {"--n": ["5"], "--face-poset": [], "--table": [table], "--time-limit": ["5"],
              "--option-cache": ["10"], "--report": ["5"], "--checkpoint": ["5"], "--table-memory": ["1"],
              "--sizes": ["3"], "--budgets": ["5"], "--only": ["3"], "--counters": ["2"],
              "--leaf": ["1"]}
    used = {(): {"--n", "--face-poset"},
            ("--attack", "7"): {"--table", "--time-limit", "--option-cache", "--report", "--checkpoint",
                                "--table-memory"},
            ("--complement", "7"): {"--table", "--time-limit", "--option-cache", "--report", "--checkpoint",
                                    "--table-memory"},
            ("--open-options", "7"): {"--table", "--option-cache", "--table-memory"},
            ("--replies", "7"): {"--table", "--time-limit", "--option-cache", "--report", "--checkpoint",
                                 "--table-memory", "--sizes", "--budgets", "--only", "--counters"},
            ("--proof-numbers", "7"): {"--table", "--time-limit", "--option-cache", "--report", "--checkpoint",
                                       "--table-memory", "--sizes", "--leaf"}}
    refusals = 0
    for mode, flags in used.items():
        for flag, value in values.items():
            if flag in flags:
                continue
            extra = ["--table", table] if mode and mode[0] == "--open-options" and flag != "--table" else []
            done = subprocess.run([sys.executable, str(script), *mode, *extra, flag, *value],
                                  capture_output=True, text=True, timeout=120)
            assert done.returncode == 2, (mode, flag, done.stdout, done.stderr)
            assert f"error: {flag} does not apply" in done.stderr, (mode, flag, done.stderr)
            refusals += 1
    assert refusals == 11 + 7 + 7 + 10 + 3 + 5
    assert not (tmp_path / "t.db").exists()


def test_benchmark_proof_numbers_decides_gale_6_and_its_first_moves(tmp_path: Path) -> None:
    """``--proof-numbers 6``: Gale n = 6 is P (exit 0); with ``--sizes`` each
    first move's position gets the outcome ``is_p`` gives it (every one N:
    every first move loses), with leaves so short that the tree grows; the
    answer is in the table file for a later search; a spent --time-limit
    exits 3; bad --leaf and --sizes exit 2."""
    from grundy.games.complexes import ComplexSolver, build_complex_family, remove_face

    script = Path(__file__).resolve().parent.parent / "benchmarks" / "gale.py"

    def run(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, str(script), "--proof-numbers", "6", *args], capture_output=True,
                              text=True, timeout=300)

    table = tmp_path / "g6.db"
    done = run("--leaf", "0.0001", "--table", str(table))
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == ["Gale n = 6: P-position"]
    assert re.search(r"^tree: \d+ positions, \d+ expanded", done.stderr, re.M), done.stderr
    again = ComplexSolver(table=str(table))
    start = build_complex_family("simplex-boundary:6").facets
    assert again.known_outcome(*again.decompose(start))[0] == "P"
    again.close()
    done = run("--sizes", "3", "1", "--leaf", "0.0001")
    assert done.returncode == 0, done.stderr
    for k in (3, 1):
        truth = "P" if ComplexSolver().is_p(*ComplexSolver().decompose(remove_face(start, (1 << k) - 1))) else "N"
        assert f"after the first move of {k} points: {truth}-position" in done.stdout, done.stdout
    stopped = run("--time-limit", "0.000001")
    assert stopped.returncode == 3 and "stopped" in stopped.stderr, stopped.stderr
    for bad in (["--leaf", "0"], ["--leaf", "nan"], ["--sizes", "6"], ["--sizes", "2", "2"]):
        refused = run(*bad)
        assert refused.returncode == 2 and "error:" in refused.stderr, (bad, refused.stderr)


def test_benchmark_counters_decide_a_reply_and_record_it(tmp_path: Path) -> None:
    """``--replies 6 --sizes 3 --counters R``: reply R to the 3-set on six
    points decided by its counter-moves in rounds gets the outcome
    ``gale_counter_search`` gives it (exit 0), and a reply found N is known
    to a later ``--replies`` run on the same table file; a reply number
    past the replies, or --counters without one size, is exit 2."""
    from grundy.games.complexes import gale_counter_search

    script = Path(__file__).resolve().parent.parent / "benchmarks" / "gale.py"
    table = str(tmp_path / "t.db")

    def run(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, str(script), "--replies", "6", *args], capture_output=True,
                              text=True, timeout=300)

    for reply in (1, 2, 3):
        done = run("--sizes", "3", "--counters", str(reply), "--budgets", "0.001", "0", "--table", table)
        truth = gale_counter_search(6, 3, reply)
        assert done.returncode == 0, done.stderr
        assert done.stdout.splitlines()[-1].startswith(f"k = 3, reply {reply}: {truth}"), done.stdout
        if truth == "N":
            later = run("--sizes", "3", "--only", str(reply), "--table", table)
            assert re.search(rf"^k = 3, reply {reply}: N \(known\)", later.stdout, re.M), later.stdout
    for bad in (["--sizes", "3", "--counters", "99"], ["--counters", "2"], ["--sizes", "3", "4", "--counters", "2"],
                ["--sizes", "3", "--counters", "2", "2"], ["--sizes", "3", "--counters", "1", "2", "--only", "1"],
                ["--sizes", "3", "--counters", "1", "99"]):
        done = run(*bad, "--table", str(tmp_path / "bad.db"))
        assert done.returncode == 2 and "error:" in done.stderr, (bad, done.stderr)
        assert "expanded" not in done.stdout, (bad, done.stdout)  # refused before any search
    # R:C searches only counter C of reply R: counter 5 wins reply 1 (searched above in the engine's
    # order), and no other counter of reply 1 is searched (any other is only looked up)
    done = run("--sizes", "3", "--counters", "1:5", "2:3,1", "--budgets", "0", "--table", str(tmp_path / "hint.db"))
    assert done.returncode == 0 and "k = 3, reply 1: N (a counter wins)" in done.stdout, done.stdout
    searched = re.findall(r"^k = 3, reply (\d+), counter (\d+): \S+.*?\((?!known)[\d.]+ s\)", done.stdout, re.M)
    assert ("1", "5") in searched and all(c in {"1": {"5"}, "2": {"3", "1"}}[r] for r, c in searched), searched
    for bad in ("1:x", "0:1", "1:0", "1:2,2"):
        refused = run("--sizes", "3", "--counters", bad)
        assert refused.returncode == 2 and "--counters" in refused.stderr, (bad, refused.stderr)
    # several replies in one run, from an empty table: each decided as alone, each said once
    fresh = str(tmp_path / "fresh.db")
    done = run("--sizes", "3", "--counters", "3", "1", "2", "--budgets", "0.001", "0", "--table", fresh)
    assert done.returncode == 0, done.stderr
    for reply in (1, 2, 3):
        truth = gale_counter_search(6, 3, reply)
        said = re.findall(rf"^k = 3, reply {reply}: (\S+)", done.stdout, re.M)
        assert said == [truth], (reply, done.stdout)


def test_benchmark_replies_decides_gale_6_reply_by_reply(tmp_path: Path) -> None:
    """``benchmarks/gale.py --replies 6``: every first move loses (a reply
    found P for each), so Gale n = 6 is a P-position (exit 0), also when
    a first round of budgets too short to decide anything comes first;
    sizes asked that cannot settle the game exit 1; a spent --time-limit
    exits 3 with the table file written; bad sizes and budgets exit 2."""
    import re

    script = Path(__file__).resolve().parent.parent / "benchmarks" / "gale.py"

    def run(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, str(script), "--replies", "6", *args], capture_output=True,
                              text=True, timeout=300)

    for budgets in (["0"], ["0.000001", "0"]):
        done = run("--budgets", *budgets)
        assert done.returncode == 0, done.stderr
        assert "Gale n = 6: P-position (every first move loses)" in done.stdout
        assert [line for line in done.stdout.splitlines() if line.startswith("first move")] == [
            f"first move k = {k}: loses" for k in range(1, 6)]
        assert re.search(r"^k = 3, reply \d+: P: this reply wins", done.stdout, re.M), done.stdout
        assert ("open (budget spent)" in done.stdout) == (len(budgets) == 2)
    part = run("--sizes", "3")
    assert part.returncode == 1 and "first move k = 3: loses" in part.stdout and "not decided" in part.stdout
    table = tmp_path / "g6.db"
    stopped = run("--table", str(table), "--time-limit", "0.000001")
    assert stopped.returncode == 3 and "stopped at the time limit 1e-06 s" in stopped.stderr, stopped.stderr
    assert table.exists()
    for bad in (["--sizes", "6"], ["--sizes", "0"], ["--sizes", "1", "1"], ["--budgets", "-1"], ["--budgets", "nan"]):
        refused = run(*bad)
        assert refused.returncode == 2 and "error:" in refused.stderr, (bad, refused.stderr)


def test_benchmark_replies_split_in_two_and_merged(tmp_path: Path) -> None:
    """``benchmarks/gale.py --replies 6 --sizes 3 --only ...``: each process
    searches its own replies into a table file of its own and leaves the
    others open (exit 1); ``benchmarks/table_merge.py`` makes one file of
    the two, which then decides every reply found by either without a
    search; a missing FROM file and INTO among the FROM files exit 2."""
    bench = Path(__file__).resolve().parent.parent / "benchmarks"

    def gale(table: Path, *only: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, str(bench / "gale.py"), "--replies", "6", "--sizes", "3",
                               "--table", str(table), "--only", *only], capture_output=True, text=True, timeout=300)

    def searched(out: str) -> dict[int, str]:
        lines = re.findall(r"^k = 3, reply (\d+): (\S+).*?\((known|[\d.]+ s)\)", out, re.M)
        return {int(i): f"{v}{' known' if how == 'known' else ''}" for i, v, how in lines}

    a, b, c = tmp_path / "a.db", tmp_path / "b.db", tmp_path / "c.db"
    first = gale(a, "1", "2", "3")
    assert first.returncode == 1 and "first move k = 3: open" in first.stdout, first.stdout
    assert searched(first.stdout) == {1: "N", 2: "N", 3: "N"}
    second = gale(b, "8")
    assert second.returncode == 1 and "first move k = 3: loses" in second.stdout, second.stdout
    assert searched(second.stdout) == {8: "P:"}
    merged = subprocess.run([sys.executable, str(bench / "table_merge.py"), str(c), str(a), str(b)],
                            capture_output=True, text=True, timeout=300)
    assert merged.returncode == 0, merged.stderr
    assert f"{a}: " in merged.stdout and f"{b}: " in merged.stdout and "rows with a value" in merged.stdout
    # the merged table knows what both halves found: reply 8 P at once, and replies 1-3 N
    again = gale(c, "6")
    assert again.returncode == 1 and "first move k = 3: loses" in again.stdout, again.stdout
    found = searched(again.stdout)
    assert found[8] == "P: known" and all(found[i] == "N known" for i in (1, 2, 3)), found
    for bad in ([str(c), str(tmp_path / "none.db")], [str(c), str(c)]):
        refused = subprocess.run([sys.executable, str(bench / "table_merge.py"), *bad], capture_output=True,
                                 text=True, timeout=120)
        assert refused.returncode == 2 and "error:" in refused.stderr, (bad, refused.stderr)


def test_crosscheck_against_the_independent_search() -> None:
    """``benchmarks/gale_crosscheck.py``: positions sampled after a first
    move in Gale's game on seven points get the same nim-value from
    grundy.verify's plain search (its own move generator, no reductions),
    the compiled search and the Python path; bad input is exit 2."""
    script = Path(__file__).resolve().parent.parent / "benchmarks" / "gale_crosscheck.py"
    for first, seed in ((4, 3), (3, 4)):
        done = subprocess.run([sys.executable, str(script), "--first", str(first), "--samples", "40",
                               "--max-faces", "22", "--seed", str(seed)],
                              capture_output=True, text=True, timeout=600)
        assert done.returncode == 0, (done.stdout, done.stderr)
        assert f"after a {first}-set: 40 of 40 positions agree" in done.stdout
        seen = done.stdout.split("nim-values seen ")[1].splitlines()[0]
        assert len(seen.split(",")) >= 3, seen  # positions of several values, not one kind
    # --engine-only: the compiled search against the Python path alone, on positions
    # larger than the plain search takes; both report the same positions searched
    done = subprocess.run([sys.executable, str(script), "--first", "4", "--samples", "6", "--max-faces", "30",
                           "--seed", "2", "--engine-only"], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, (done.stdout, done.stderr)
    assert "after a 4-set: 6 of 6 positions agree" in done.stdout
    assert "independent search: not run (--engine-only)" in done.stdout
    counts = [int(n) for n in re.findall(r"\((\d+) positions\)", done.stdout)]
    assert len(counts) == 2, done.stdout
    assert counts[0] == counts[1] > 0, done.stdout
    bad = subprocess.run([sys.executable, str(script), "--first", "7"], capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and "--first must be between 1 and 6" in bad.stderr and "Traceback" not in bad.stderr
