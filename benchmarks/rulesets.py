"""Every non-Chomp graph ruleset, and dense Graph Chomp: search CPU time, one
case per process, for comparing two builds back to back.

Usage:
    python benchmarks/rulesets.py [--limit SECONDS] [--only TEXT] [--misere]
    python benchmarks/rulesets.py --compare OLD_PYTHON [--repeat N]
    python benchmarks/rulesets.py --census N --compare OLD_PYTHON [--repeat N] [--misere]
    python benchmarks/rulesets.py [--compare OLD_PYTHON] --case SPEC RULESET [--case ...]
    python benchmarks/rulesets.py --compare OLD_PYTHON --heap-first --case SPEC chomp [--case ...]

The first form times each case with the ``grundy`` this Python imports and
prints one line per case: value, positions, CPU seconds of the search
(``time.process_time`` around making the solver, decompose and value,
nothing else; a search of under a second is run again from an empty table
and an empty canonical labelling memo, as in a new process, until about a
second has passed, and the least time kept), positions per
CPU second. A case past ``--limit`` (default 300 s of wall time) is
reported as stopped. ``--misere`` times misère outcomes instead.

``--compare OLD_PYTHON`` runs every case under this Python and under
``OLD_PYTHON`` (another virtual environment with an older build of grundy,
e.g. one made from commit f98b7c9), alternating old and new ``--repeat``
times (default 1), and prints the best CPU time of each and the ratio
old / new. The cases are those of issue 28's speed target, or those
given by ``--case SPEC RULESET`` (repeatable).

``--heap-first`` makes every search ask, of each component C and value n,
whether C's value is below n before looking for an option of value n (the
order of every build before the adaptive order of the search's questions,
docs/performance.md "Which question first"; an older build without that
order is run as it is). Where nothing else changed the search, old and new
then search the same positions (the benchmark refuses positions that
differ), so their positions per CPU second compare the two kernels on the
same work, not on the positions each build's own order leaves.

``--census N`` times instead ``grundy census 1..N --game R --json`` for every
graph ruleset R (``--misere``: misère outcomes), the CPU time of the whole
command (its process, user and system), old and new alternating; the two
builds' census lines (every field but ``seconds``) must agree.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from collections.abc import Iterator

#: (spec, ruleset): issue 28's benchmark set, every non-Chomp ruleset, plus dense Chomp
CASES: list[tuple[str, str]] = [
    ("grid:5,5", "arc-kayles"),
    ("grid:4,6", "arc-kayles"),
    ("grid:3,16", "node-kayles"),
    ("grid:3,20", "node-kayles"),
    ("grid:3,24", "node-kayles"),  # 72 vertices: Python above 64, the kernel below
    ("grid:3,27", "node-kayles"),  # 81 vertices
    ("random:12,0.3,7", "oe-oe"),
    ("random:8,0.5,3", "graph-nim"),
    ("random:22,0.2,8", "odd-vertex"),
    ("random:22,0.2,9", "even-vertex"),
    ("prism:15", "bo-bo"),
    ("spider:5,27,35,1", "be-be"),
    ("random:10,0.6,2", "chomp"),
    ("random:11,0.5,4", "chomp"),
]


def run_case(spec: str, game: str, misere: bool, heap_first: bool = False) -> dict:
    """One case in this process: the search's CPU time and positions. A
    solver of the ruleset is made once before the clock starts, so that
    the modules it imports on first use (the octal games of the path values,
    the misère search) are not timed: compiling them from source, where no
    bytecode cache is written (PYTHONDONTWRITEBYTECODE), took 4-27 ms, more
    than the whole search of the smallest cases.

    A search of less than a second is run again, each time with a fresh
    solver (an empty table), until about a second of CPU time has passed
    (at most :data:`INNER` runs), and the least time is kept: the smallest
    searches take 10-60 ms, where one run's time moves by half with the
    machine. The solver of one run is freed before the next run's clock
    starts."""
    from grundy.readwrite.graphs import to_graph

    adj = to_graph(spec).adj
    _search(adj, game, misere, heap_first)  # imports, untimed
    best, spent = None, 0.0
    for _ in range(INNER):
        value, positions, cpu, solver = _search(adj, game, misere, heap_first)
        del solver
        spent += cpu
        if best is None or cpu < best["cpu"]:
            best = {"value": value, "positions": positions, "cpu": cpu}
        if spent >= 1.0:
            break
    return best


#: the most runs of one case in one process (``run_case``)
INNER = 20


def _search(adj: tuple[int, ...], game: str, misere: bool, heap_first: bool = False) -> tuple:
    """One search from an empty table: (value or outcome, positions, CPU
    seconds, the solver, to be freed outside the clock). ``heap_first``:
    the table's answer counts (``Table.answers``, where the build has them)
    set so that the search asks "is C's value below n?" first for every n."""
    from grundy import Solver

    try:  # each run starts with an empty canonical labelling memo, as a new process does
        from grundy.games.graphs._kernel import canonical_memo

        canonical_memo(clear=True)
    except (ImportError, AttributeError):  # an older build (no memo) or no kernel
        pass
    t0 = time.process_time()
    if misere:
        from grundy.games.graphs.misere import MisereSolver

        solver = MisereSolver(game)
        value = "N" if solver.is_n(adj) else "P"
    else:
        solver = Solver(ruleset=game)
        answers = getattr(solver.table, "answers", None) if heap_first else None
        if answers is not None:  # "below n" answered first while the options' count stays 0
            for slot in range(1, len(answers), 2):
                answers[slot] = 1 << 40
        value = solver.value_of(*solver.decompose(adj))
    cpu = time.process_time() - t0
    return value, solver.stats.positions, cpu, solver


def run_variant(setup: str, spec: str, game: str, report: str = "None") -> dict:
    """:func:`run_case` (normal play) in a fresh process of this Python,
    after the statements ``setup``; the expression ``report``, evaluated
    after the search (e.g. counters the kernel kept), is returned under
    ``"report"`` (JSON)."""
    code = (f"import sys, json; sys.path.insert(0, {sys.path[0]!r}); import rulesets\n{setup}\n"
            f"out = rulesets.run_case({spec!r}, {game!r}, False)\n"
            f"out['report'] = {report}\n"
            "print(json.dumps(out))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def compare_variants(doc: str, variants: dict[str, str], report: str = "None",
                     extra: list[tuple[str, str]] | None = None,
                     same_positions: bool = True) -> Iterator[tuple[str, str, dict[str, dict]]]:
    """The command line of a benchmark of one build under several settings
    (``--repeat N``, default 3; ``--only TEXT``): for each case of
    :data:`CASES` (and ``extra``) whose spec or ruleset contains TEXT, each
    variant's ``setup`` run by :func:`run_variant` (with ``report``), the variants alternating
    ``--repeat`` times; yields ``(spec, game, {variant: the least-CPU
    result})``. Exits if two runs of one variant disagree on the value or
    the positions, or two variants on the value (on the positions too with
    ``same_positions``)."""
    ap = argparse.ArgumentParser(description=doc.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--only", default="", help="cases whose spec or ruleset contains TEXT")
    args = ap.parse_args()
    for spec, game in CASES + (extra or []):
        if args.only not in spec and args.only not in game:
            continue
        best: dict[str, dict] = {}
        for _ in range(args.repeat):
            for name, setup in variants.items():
                got = run_variant(setup, spec, game, report)
                if name in best and (got["value"], got["positions"]) != (best[name]["value"], best[name]["positions"]):
                    raise SystemExit(f"{spec} {game} ({name}): runs disagree")
                if name not in best or got["cpu"] < best[name]["cpu"]:
                    best[name] = got
        first, *others = best.values()
        for other in others:
            if other["value"] != first["value"] or (same_positions and other["positions"] != first["positions"]):
                raise SystemExit(f"{spec} {game}: the variants disagree: {best}")
        yield spec, game, best


def in_subprocess(python: str, spec: str, game: str, misere: bool, limit: float, heap_first: bool = False) -> dict:
    code = (f"import sys, json; sys.path.insert(0, {sys.path[0]!r}); import rulesets; "
            f"print(json.dumps(rulesets.run_case({spec!r}, {game!r}, {misere!r}, {heap_first!r})))")
    try:
        out = subprocess.run([python, "-c", code], capture_output=True, text=True, timeout=limit, check=True)
    except subprocess.TimeoutExpired:
        return {"value": None, "positions": None, "cpu": None}
    return json.loads(out.stdout.strip().splitlines()[-1])


#: every graph ruleset the census builds
CENSUS_RULESETS = ["chomp", "graph-nim", "bo-bo", "be-be", "oe-oe", "odd-vertex", "even-vertex", "node-kayles",
                   "arc-kayles"]


def census_run(python: str, n: int, game: str, misere: bool) -> tuple[float, list[dict]]:
    """``grundy census 1..n --game game`` under ``python``: (CPU seconds of
    the process, its JSON lines without their seconds)."""
    import os
    import resource

    cmd = [python, "-m", "grundy", "census", f"1..{n}", "--game", game, "--json", "--no-progress"]
    if misere:
        cmd.append("--misere")
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run(cmd, capture_output=True, text=True, check=True, env={**os.environ, "PYTHONPATH": ""})
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    lines = [json.loads(line) for line in out.stdout.splitlines() if line.strip()]
    for line in lines:
        line.pop("seconds", None)
    return cpu, lines


def census_compare(old_python: str, n: int, misere: bool, repeat: int, only: str = "") -> None:
    """Print, for every ruleset (containing ``only``), the best CPU seconds of the old and new census and
    their ratio."""
    for game in [g for g in CENSUS_RULESETS if only in g]:
        old: list[float] = []
        new: list[float] = []
        for _ in range(repeat):
            cpu_old, lines_old = census_run(old_python, n, game, misere)
            cpu_new, lines_new = census_run(sys.executable, n, game, misere)
            if lines_old != lines_new:
                raise SystemExit(f"census of {game}: the two builds disagree")
            old.append(cpu_old)
            new.append(cpu_new)
        print(f"{game:<12} graphs {sum(line['graphs'] for line in lines_new):>8}  old {min(old):7.2f} s  "
              f"new {min(new):7.2f} s  old / new {min(old) / min(new):5.2f}x", flush=True)


def _fmt(r: dict) -> str:
    if r["cpu"] is None:
        return "stopped"
    rate = r["positions"] / r["cpu"] if r["cpu"] > 0 else float("inf")
    return f"{r['cpu']:8.2f} s {r['positions']:>9} positions {rate:>9.0f}/s"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--limit", type=float, default=300.0, help="wall seconds per case (default 300)")
    ap.add_argument("--only", default="", help="cases whose spec or ruleset contains TEXT")
    ap.add_argument("--misere", action="store_true", help="misère outcomes instead of nim-values")
    ap.add_argument("--compare", metavar="OLD_PYTHON", help="an older build's Python, run alternately")
    ap.add_argument("--repeat", type=int, default=1, help="runs of each build per case (default 1)")
    ap.add_argument("--census", type=int, metavar="N", help="time the census of 1..N vertices of every ruleset")
    ap.add_argument("--case", nargs=2, action="append", metavar=("SPEC", "RULESET"),
                    help="time this case instead of issue 28's set (repeatable)")
    ap.add_argument("--heap-first", action="store_true",
                    help='ask "is the value below n?" first in every search (the order of older builds)')
    args = ap.parse_args()
    if args.heap_first and (args.misere or args.census):
        ap.error("--heap-first applies to nim-value searches only, not --misere or --census")
    if args.census:
        if not args.compare:
            ap.error("--census needs --compare OLD_PYTHON")
        census_compare(args.compare, args.census, args.misere, args.repeat, args.only)
        return
    cases = [(s, g) for s, g in (args.case or CASES) if args.only in s or args.only in g]
    for spec, game in cases:
        if not args.compare:
            print(f"{spec:<18} {game:<12} " + _fmt(in_subprocess(sys.executable, spec, game, args.misere, args.limit,
                                                                 args.heap_first)),
                  flush=True)
            continue
        old: list[dict] = []
        new: list[dict] = []
        for _ in range(args.repeat):
            old.append(in_subprocess(args.compare, spec, game, args.misere, args.limit, args.heap_first))
            new.append(in_subprocess(sys.executable, spec, game, args.misere, args.limit, args.heap_first))
        best_old = min(old, key=lambda r: float("inf") if r["cpu"] is None else r["cpu"])
        best_new = min(new, key=lambda r: float("inf") if r["cpu"] is None else r["cpu"])
        if best_old["cpu"] is not None and best_new["cpu"] is not None and best_old["value"] != best_new["value"]:
            raise SystemExit(f"{spec} {game}: values differ: old {best_old['value']}, new {best_new['value']}")
        if args.heap_first and best_old["positions"] != best_new["positions"]:
            raise SystemExit(f"{spec} {game}: --heap-first: old and new searched different positions "
                             f"({best_old['positions']} and {best_new['positions']}): not the same work")
        if best_old["cpu"] and best_new["cpu"]:
            ratio = f"{best_old['cpu'] / best_new['cpu']:6.1f}x"
        elif best_new["cpu"] is not None and best_old["cpu"] is None:
            ratio = f">{args.limit / max(best_new['cpu'], 1e-3):5.0f}x"
        else:
            ratio = "     -"
        print(f"{spec:<18} {game:<12} value {best_new['value']!s:<4} old {_fmt(best_old)} | new {_fmt(best_new)} | {ratio}",
              flush=True)


if __name__ == "__main__":
    main()
