"""Who wins, fast: ``grundy value SPEC --outcome`` on the dense graphs of
issue 30 and on complexes, each in a fresh process, with its CPU time and
peak memory.

Usage:
    python benchmarks/outcomes.py                         # the default set, 60 s / 600 s limits
    python benchmarks/outcomes.py 'JsSd~xR~}N?' random:11,0.5,1 --time-limit 60
    python benchmarks/outcomes.py skeleton:7,3 --time-limit 1800 --table /tmp/sk73.db

Each spec prints one line: the outcome (or "undecided" at the limit), the
first winning move, positions searched, CPU seconds of the child process and
its peak resident memory. The default set is the 11-vertex graphs (limit 60
s each) and the 12-vertex graphs (600 s each) that issue 30 names; results
are recorded in docs/performance.md, "Who wins, fast".
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

ELEVEN = ["JsSd~xR~}N?", "random:11,0.5,1", "random:11,0.6,2", "random:11,0.5,2", "random:11,0.6,1"]
TWELVE = ["Kyn}Nv}{Qve~", "KcJu}xNdOcvc", "random:12,0.5,3", "random:12,0.5,2"]


def run(spec: str, time_limit: float, table: str | None, game: str | None) -> str:
    """One ``--outcome`` search in a child process; its line. ``game``
    (a graph ruleset) is passed only if given: ``grundy value`` refuses
    ``--game`` for positions that are not graphs (complexes, posets)."""
    cmd = [sys.executable, "-m", "grundy", "value", spec, "--outcome", "--json", "--no-progress",
           "--time-limit", str(time_limit)]
    if game is not None:
        cmd += ["--game", game]
    if table:
        cmd += ["--table", table]
    start = time.perf_counter()
    with tempfile.TemporaryFile("w+") as out_file, tempfile.TemporaryFile("w+") as err_file:
        child = subprocess.Popen(cmd, stdout=out_file, stderr=err_file, text=True)
        _, status, usage = os.wait4(child.pid, 0)  # this child's own CPU time and peak memory
        child.returncode = os.waitstatus_to_exitcode(status)
        out_file.seek(0)
        err_file.seek(0)
        stdout, stderr = out_file.read(), err_file.read()
    wall = time.perf_counter() - start
    cpu = usage.ru_utime + usage.ru_stime
    peak = usage.ru_maxrss / 1024  # MiB (ru_maxrss is in KiB on Linux)
    if child.returncode == 0:
        out = json.loads(stdout)
        moves = out.get("winning_moves") or []
        what = f"{out['outcome']}" + (f", e.g. {json.dumps(moves[0])}" if moves else "")
        positions = out["stats"]["positions"]
    else:
        last = (stderr.strip().splitlines() or [""])[-1]
        what = f"undecided (exit {child.returncode}: {last[:160]})"
        positions = "?"
    return f"{spec}: {what}; {positions} positions; {cpu:.1f} s CPU ({wall:.1f} s wall); peak {peak:.0f} MiB"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("specs", nargs="*", help="positions (default: the 11- and 12-vertex set)")
    parser.add_argument("--time-limit", type=float, default=None, help="seconds per spec (default 60 / 600)")
    parser.add_argument("--table", default=None, help="a table file to keep (resumable)")
    parser.add_argument("--game", default=None, help="the graph ruleset (default: grundy's, Graph Chomp)")
    args = parser.parse_args()
    jobs = [(s, args.time_limit or 600.0) for s in args.specs] if args.specs else (
        [(s, args.time_limit or 60.0) for s in ELEVEN] + [(s, args.time_limit or 600.0) for s in TWELVE])
    for spec, limit in jobs:
        print(run(spec, limit, args.table, args.game), flush=True)


if __name__ == "__main__":
    main()
