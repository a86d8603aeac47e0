"""The complex search's rate on Gale's game on 7 points: CPU seconds for a
fixed number of positions of the search of the position a 4-set leaves
(the position whose outcome docs/results.md reports), from an empty table,
each run in a process of its own; with ``--compare``, this build and
another alternating.

Usage:
    python benchmarks/gale_rate.py [--positions N] [--repeat R]
    python benchmarks/gale_rate.py --compare OLD_PYTHON [--positions N] [--repeat R]
    python benchmarks/gale_rate.py --seconds S [--every E]

The first two forms stop each search after ``--positions`` positions
(default 800,000) and print, per run, the CPU seconds of the search
(``time.process_time``), positions per CPU second, table hits,
reductions, table entries and the process's peak resident memory; then the
least CPU time of each build and their ratio. ``OLD_PYTHON`` is the Python
of another virtual environment with an older build of grundy (or any
command line prefix the environment passes on, e.g. with ``PYTHONPATH``
set to another tree). The same positions are searched by both builds only
if nothing changed the search's order or reductions: the table hits and
reductions printed say whether it did.

``--seconds S`` runs one search for S seconds of CPU instead, a line every
``--every`` seconds (default 60) with the positions, the rate over that
interval and the peak memory: how the rate holds up as the table grows.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import time


def child(positions: int | None, seconds: float | None, every: float) -> dict:
    """One search in this process (the child's side)."""
    from grundy.errors import SearchLimitReached
    from grundy.games.complexes.complex import remove_face
    from grundy.games.complexes.families import build_complex_family
    from grundy.games.complexes.game import ComplexSolver

    last = {"cpu": time.process_time(), "positions": 0}

    def report(search: ComplexSolver) -> None:
        cpu = time.process_time()
        rate = (search.stats.positions - last["positions"]) / max(cpu - last["cpu"], 1e-9)
        rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        print(f"{cpu:8.1f} s CPU  {search.stats.positions:>11,} positions  {rate:8,.0f}/s  "
              f"peak {rss:,.0f} MiB", flush=True)
        last.update(cpu=cpu, positions=search.stats.positions)

    start = build_complex_family("simplex-boundary:7")
    solver = ComplexSolver(max_positions=positions, time_limit=seconds,
                           report=report if seconds else None, report_seconds=every)
    position = solver.decompose(remove_face(start.facets, 0b1111))  # a 4-set taken
    t = time.process_time()
    outcome = None
    try:
        outcome = "P" if solver.is_p(*position) else "N"
    except SearchLimitReached:
        pass
    cpu = time.process_time() - t
    return {"positions": solver.stats.positions, "cpu": cpu, "table_hits": solver.stats.table_hits,
            "reductions": solver.stats.reductions, "entries": len(solver.table.values), "outcome": outcome,
            "peak_mib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}


def run(python: list[str], positions: int) -> dict:
    out = subprocess.run([*python, __file__, "--child", "--positions", str(positions)],
                         capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--positions", type=int, default=800_000, help="positions of each search")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each build")
    parser.add_argument("--compare", metavar="OLD_PYTHON", help="another build's Python, run alternately")
    parser.add_argument("--seconds", type=float, help="one search for this many CPU seconds instead")
    parser.add_argument("--every", type=float, default=60.0, help="seconds between lines with --seconds")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.positions < 1 or args.repeat < 1 or (args.seconds is not None and args.seconds <= 0) or args.every <= 0:
        parser.error("--positions, --repeat, --seconds and --every must be positive")
    if args.child or args.seconds:
        r = child(None if args.seconds else args.positions, args.seconds, args.every)
        print(json.dumps(r), flush=True)
        return 0
    builds = [("new", [sys.executable])] + ([("old", args.compare.split())] if args.compare else [])
    best: dict[str, float] = {}
    for _ in range(args.repeat):
        for name, python in builds:
            r = run(python, args.positions)
            best[name] = min(best.get(name, r["cpu"]), r["cpu"])
            print(f"{name}  {r['positions']:>10,} positions  {r['cpu']:7.2f} s  {r['positions'] / r['cpu']:9,.0f}/s  "
                  f"hits {r['table_hits']:,}  reductions {r['reductions']:,}  entries {r['entries']:,}  "
                  f"peak {r['peak_mib']:,.0f} MiB", flush=True)
    if "old" in best:
        print(f"least CPU: new {best['new']:.2f} s, old {best['old']:.2f} s: old / new {best['old'] / best['new']:.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
