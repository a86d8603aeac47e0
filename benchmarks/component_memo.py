"""The complex kernel's component memo on and off: positions per CPU second
of the search Gale's game on 7 points leaves after a 4-set (the position
whose outcome docs/results.md reports), from an empty table, each run in a
process of its own.

Usage:
    python benchmarks/component_memo.py [--seconds S] [--repeat N]
    python benchmarks/component_memo.py --caps 22 25 --seconds 1800 --every 150

Each round runs the search with the memo on, then off (``--seconds``
seconds of CPU each, default 60), ``--repeat`` rounds (default 2), and
prints per run the positions, CPU seconds, positions per CPU second, and the
memo's calls and hits (components of at most 7 vertices it was asked for,
and those it answered without nauty); then the ratio of the best rates.

``--caps A B ...`` compares the memo's largest sizes instead (2^A slots of
64 bytes, ...): one search per cap, all at the same time, each in a process
of its own pinned to a core of its own (so give at most as many caps as the
machine has cores; they share its caches and memory bus alike), each
printing every ``--every`` CPU seconds its positions, the rate over that
interval and the memo's hit rate over it: how the memo's size holds the
rate up as a long search meets more components than the memo holds.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys


def run(seconds: float, on: bool, cap: int | None = None, every: float | None = None) -> dict:
    """One search in this process (the child's side); with ``every``, a line
    to stdout every ``every`` seconds of search."""
    import time

    from grundy.errors import SearchLimitReached
    from grundy.games.complexes import _complex_kernel as kernel
    from grundy.games.complexes.complex import remove_face
    from grundy.games.complexes.families import build_complex_family
    from grundy.games.complexes.game import ComplexSolver

    before = kernel.component_memo(on, clear=True, max_bits=cap)
    last = {"cpu": time.process_time(), "positions": 0, "memo": before}

    def report(search: ComplexSolver) -> None:
        cpu, memo = time.process_time(), kernel.component_memo()
        calls, hits = memo[0] - last["memo"][0], memo[1] - last["memo"][1]
        rate = (search.stats.positions - last["positions"]) / max(cpu - last["cpu"], 1e-9)
        print(f"cap 2^{cap}  {cpu:8.1f} s CPU  {search.stats.positions:>11,} positions  {rate:8,.0f}/s  "
              f"memo hits {hits / max(calls, 1):.3f}", flush=True)
        last.update(cpu=cpu, positions=search.stats.positions, memo=memo)

    start = build_complex_family("simplex-boundary:7")
    solver = ComplexSolver(time_limit=seconds, report=report if every else None, report_seconds=every or 10.0)
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
    parser.add_argument("--caps", type=int, nargs="+", metavar="BITS",
                        help="compare the memo's largest sizes, 2^BITS slots each (side by side, a core each)")
    parser.add_argument("--every", type=float, default=150.0, help="seconds between lines with --caps")
    parser.add_argument("--child", choices=["on", "off"], help=argparse.SUPPRESS)
    parser.add_argument("--cap", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(run(args.seconds, args.child == "on", args.cap, args.every if args.cap else None)))
        return 0
    if args.caps:
        return compare_caps(args.caps, args.seconds, args.every)
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


def compare_caps(caps: list[int], seconds: float, every: float) -> int:
    """Run one search per cap at once, each pinned to a core of its own;
    once all have ended, print each one's lines in the order of ``caps``,
    then each one's positions per CPU second."""
    import os

    cores = sorted(os.sched_getaffinity(0))
    if len(caps) > len(cores):
        print(f"{len(caps)} caps but {len(cores)} cores: give at most one cap per core", file=sys.stderr)
        return 2
    children = []
    for cap, core in zip(caps, cores):
        argv = [sys.executable, __file__, "--seconds", str(seconds), "--child", "on", "--cap", str(cap),
                "--every", str(every)]
        children.append(subprocess.Popen(argv, stdout=subprocess.PIPE, text=True,
                                         preexec_fn=lambda core=core: os.sched_setaffinity(0, {core})))
    results = []
    for cap, child in zip(caps, children):
        lines = child.stdout.read().splitlines()  # type: ignore[union-attr]
        child.wait()
        print("\n".join(lines[:-1]), flush=True)
        results.append((cap, json.loads(lines[-1])))
    for cap, r in results:
        print(f"cap 2^{cap}: {r['positions']:,} positions in {r['cpu']:.1f} s CPU, {r['positions'] / r['cpu']:,.0f}/s, "
              f"memo hits {r['hits'] / max(r['calls'], 1):.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
