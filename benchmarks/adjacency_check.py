"""Time the adjacency check every graph ``decompose`` makes, the kernel's
word-at-a-time test against the Python loop, back to back in one process.

Usage:
    python benchmarks/adjacency_check.py [SPEC ...] [--analyze SPEC]

For each SPEC (default ``complete:200 grid:3,40 random:120,0.3,1``) prints
the microseconds of CPU a call of
:func:`grundy.games.graphs.bitset.check_adjacency` takes with the kernel's
``is_simple_wide`` and with it switched off (the Python loop: the code
before it), each repeated for a second. With ``--analyze SPEC``, then
times ``grundy.analyze(SPEC)`` (which decomposes every option) both ways,
two rounds alternating, in seconds of CPU.
"""

from __future__ import annotations

import argparse
import sys
import time

import grundy
from grundy.games.graphs import bitset
from grundy.readwrite.graphs import to_graph


def _with(kernel: bool, call):  # type: ignore[no-untyped-def]
    saved = bitset._is_simple_wide
    if not kernel:
        bitset._is_simple_wide = None
    try:
        return call()
    finally:
        bitset._is_simple_wide = saved


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("specs", nargs="*", default=["complete:200", "grid:3,40", "random:120,0.3,1"])
    ap.add_argument("--analyze", metavar="SPEC", help="also time grundy.analyze(SPEC) both ways")
    args = ap.parse_args()
    if bitset._is_simple_wide is None:
        print("error: the compiled kernel is not built", file=sys.stderr)
        return 2
    for spec in args.specs:
        adj = to_graph(spec).adj
        for kernel in (False, True):
            def loop() -> float:
                t, k = time.process_time(), 0
                while time.process_time() - t < 1.0:
                    bitset.check_adjacency(adj)
                    k += 1
                return 1e6 * (time.process_time() - t) / k
            print(f"{spec:20} {'kernel' if kernel else 'python':6} {_with(kernel, loop):10.1f} us a call", flush=True)
    if args.analyze:
        for _round in range(2):
            for kernel in (False, True):
                t = time.process_time()
                _with(kernel, lambda: grundy.analyze(args.analyze))
                print(f"analyze {args.analyze} {'kernel' if kernel else 'python'} "
                      f"{time.process_time() - t:.1f} s CPU", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
