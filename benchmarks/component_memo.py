"""The complex kernel's component memo on and off: positions per CPU second
of the search Gale's game on 7 points leaves after a 4-set (the position
whose outcome docs/results.md reports), from an empty table, each run in a
process of its own.

Usage:
    python benchmarks/component_memo.py [--seconds S] [--repeat N]

Each round runs the search with the memo on, then off (``--seconds``
seconds of CPU each, default 60), ``--repeat`` rounds (default 2), and
prints per run the positions, CPU seconds, positions per CPU second, and the
memo's calls and hits (components of at most 7 vertices it was asked for,
and those it answered without nauty); then the ratio of the best rates.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys


def run(seconds: float, on: bool) -> dict:
    """One search in this process (the child's side)."""
    import time

    from grundy.errors import SearchLimitReached
    from grundy.games.complexes import _complex_kernel as kernel
    from grundy.games.complexes.complex import remove_face
    from grundy.games.complexes.families import build_complex_family
    from grundy.games.complexes.game import ComplexSolver

    before = kernel.component_memo(on, clear=True)
    start = build_complex_family("simplex-boundary:7")
    solver = ComplexSolver(time_limit=seconds)
    position = solver.decompose(remove_face(start.facets, 0b1111))  # a 4-set taken
    t = time.process_time()
    try:
        solver.is_p(*position)
    except SearchLimitReached:
        pass
    cpu = time.process_time() - t
    after = kernel.component_memo()
    return {"positions": solver.stats.positions, "cpu": cpu,
            "calls": after[0] - before[0], "hits": after[1] - before[1]}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=60.0, help="CPU seconds of each search")
    parser.add_argument("--repeat", type=int, default=2, help="rounds of on, then off")
    parser.add_argument("--child", choices=["on", "off"], help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(run(args.seconds, args.child == "on")))
        return 0
    best = {"on": 0.0, "off": 0.0}
    for _ in range(args.repeat):
        for mode in ("on", "off"):
            out = subprocess.run([sys.executable, __file__, "--seconds", str(args.seconds), "--child", mode],
                                 capture_output=True, text=True, check=True)
            r = json.loads(out.stdout.strip().splitlines()[-1])
            rate = r["positions"] / r["cpu"]
            best[mode] = max(best[mode], rate)
            print(f"memo {mode:3}  {r['positions']:>10,} positions  {r['cpu']:7.1f} s  {rate:9,.0f}/s  "
                  f"memo calls {r['calls']:,}, hits {r['hits']:,}", flush=True)
    print(f"best on / best off: {best['on'] / best['off']:.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
