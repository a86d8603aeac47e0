"""The Kayles results of docs/results.md: Cram boards and Node Kayles on 3 x n grids,
each decided from nothing in its own process and checked against the published values.

Usage:
    python benchmarks/kayles_results.py cram [--max-squares N] [--boards 4x13,5x8] [--limit SECONDS]
    python benchmarks/kayles_results.py node-kayles [--from A] [--to B] [--limit SECONDS]

``cram`` values every m x n board (2 <= m <= n, m * n <= --max-squares,
default 42, or the --boards listed) as Arc Kayles on the grid graph
(``grundy value grid:m,n --game arc-kayles``); ``node-kayles`` values the
3 x n grids for n from A to B (defaults 1 and 40). Each line: the value, the
published value (Beling's igs README table for Cram; OEIS A316632, from
Brown et al., J. Integer Seq. 23 (2020), for Node Kayles 3 x n, n <= 16),
positions, CPU seconds, peak memory (resident MB of the process), or
"stopped" past --limit (default 600 s of CPU). A value that differs from a
published one stops the script with exit 1.
"""

from __future__ import annotations

import argparse
import json
import signal
import subprocess
import sys

#: Cram nimbers of m x n boards, m <= n (beling/impartial-games, README.md, "Cram"); None: unknown there
CRAM_PUBLISHED: dict[tuple[int, int], int | None] = {
    (4, 4): 0, (4, 5): 2, (4, 6): 0, (4, 7): 3, (4, 8): 0, (4, 9): 1, (4, 10): 0, (4, 11): 1, (4, 12): 0,
    (4, 13): 3, (4, 14): 0, (4, 15): 4,
    (5, 5): 0, (5, 6): 2, (5, 7): 1, (5, 8): 1, (5, 9): 1, (5, 10): 2, (5, 11): 0, (5, 12): 3,
    (5, 13): None, (5, 14): None, (5, 15): None,
    (6, 6): 0, (6, 7): 5, (6, 8): 0, (6, 9): 1, (6, 10): 0, (6, 11): None, (6, 12): 0, (6, 13): None,
    (6, 14): 0, (6, 15): None,
    (7, 7): 1, (7, 8): 3, (7, 9): 1, (7, 10): None,
}

#: Node Kayles on P_3 x P_n, n = 1..16 (OEIS A316632; Brown et al., J. Integer Seq. 23 (2020), Article 20.3.5)
NODE_KAYLES_3XN: dict[int, int] = dict(enumerate([2, 1, 1, 0, 3, 3, 2, 2, 2, 3, 3, 5, 2, 4, 1, 3], start=1))

_CHILD = """
import json, resource, sys, time
from grundy import Solver
from grundy.readwrite.graphs import to_graph
adj = to_graph(sys.argv[1]).adj
s = Solver(ruleset=sys.argv[2])
t = time.process_time()
v = s.value_of(*s.decompose(adj))
cpu = time.process_time() - t
print(json.dumps({"value": v, "positions": s.stats.positions, "cpu": cpu,
                  "mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
"""


def decide(spec: str, game: str, limit: float) -> dict | None:
    """Value ``spec`` under ``game`` in a fresh process; None past ``limit`` CPU seconds."""
    def cpu_limit() -> None:
        import resource

        resource.setrlimit(resource.RLIMIT_CPU, (int(limit), int(limit) + 5))

    proc = subprocess.run([sys.executable, "-c", _CHILD, spec, game], capture_output=True, text=True,
                          preexec_fn=cpu_limit)
    if proc.returncode in (-signal.SIGXCPU, -signal.SIGKILL):
        return None  # past the CPU limit
    if proc.returncode != 0:
        raise SystemExit(f"{spec}: the search failed (exit {proc.returncode}): {proc.stderr.strip()[-500:]}")
    return json.loads(proc.stdout.strip().splitlines()[-1])


def report(label: str, got: dict | None, published: int | None, known: bool) -> bool:
    """Print one line; False if the value contradicts the published one."""
    pub = "-" if not known else ("unknown" if published is None else str(published))
    if got is None:
        print(f"{label:<10} stopped      published {pub}", flush=True)
        return True
    print(f"{label:<10} value {got['value']:<3} published {pub:<8} {got['positions']:>10} positions "
          f"{got['cpu']:9.1f} s CPU {got['mb']:8.0f} MB", flush=True)
    return not known or published is None or published == got["value"]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("what", choices=["cram", "node-kayles"])
    ap.add_argument("--max-squares", type=int, default=42)
    ap.add_argument("--boards", default="", help="m x n boards, comma-separated (e.g. 4x13,5x8)")
    ap.add_argument("--from", dest="lo", type=int, default=1)
    ap.add_argument("--to", dest="hi", type=int, default=40)
    ap.add_argument("--limit", type=float, default=600.0, help="CPU seconds per position (default 600)")
    args = ap.parse_args()
    ok = True
    if args.what == "cram":
        if args.boards:
            boards = [tuple(sorted(int(x) for x in b.split("x"))) for b in args.boards.split(",")]
        else:
            boards = sorted(((m, n) for m in range(2, 10) for n in range(m, 40) if m * n <= args.max_squares),
                            key=lambda b: (b[0] * b[1], b))
        for m, n in boards:
            got = decide(f"grid:{m},{n}", "arc-kayles", args.limit)
            ok &= report(f"{m}x{n}", got, CRAM_PUBLISHED.get((m, n)), (m, n) in CRAM_PUBLISHED)
    else:
        for n in range(args.lo, args.hi + 1):
            got = decide(f"grid:3,{n}", "node-kayles", args.limit)
            ok &= report(f"3x{n}", got, NODE_KAYLES_3XN.get(n), n in NODE_KAYLES_3XN)
    if not ok:
        raise SystemExit("a value differs from the published one")


if __name__ == "__main__":
    main()
