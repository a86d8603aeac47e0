"""The graph kernel's canonical labelling memo, on against off: search CPU
time of each case of ``benchmarks/rulesets.py``, and how often the memo
answered, by order of graph.

Usage:
    python benchmarks/canonical_memo.py [--repeat N] [--only TEXT]

Each case runs in a fresh process with the memo off
(``grundy.games.graphs._kernel.canonical_memo(0)``: nauty keys every graph)
and on (the default), alternating ``--repeat`` times (default 3); the least
CPU time of each is printed (``rulesets.run_case``: the search alone, a
search under a second repeated in its process), with the ratio off / on and,
from the runs with the memo on, the share of the graphs of each order (7 to
11 vertices) that the memo answered without nauty (of every graph of that
order the kernel's look-ups keyed, those of an order it was passing
straight to nauty included; over all the runs of the process). Positions and values
must be the same either way (the keys are): the script checks it.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys

from rulesets import CASES


def run(spec: str, game: str, memo: bool) -> dict:
    """One case in a fresh process: ``run_case``'s result and the memo's
    counts per order."""
    code = (f"import sys, json; sys.path.insert(0, {sys.path[0]!r}); import rulesets; "
            "from grundy.games.graphs import _kernel; "
            f"_kernel.canonical_memo({'_kernel.CANONICAL_MEMO_MAX' if memo else 0}); "
            f"out = rulesets.run_case({spec!r}, {game!r}, False); "
            "out['memo'] = {k: list(v) for k, v in _kernel.canonical_memo().items()}; "
            "print(json.dumps(out))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--only", default="", help="cases whose spec or ruleset contains TEXT")
    args = ap.parse_args()
    for spec, game in CASES:
        if args.only not in spec and args.only not in game:
            continue
        best: dict[bool, dict] = {}
        for _ in range(args.repeat):
            for memo in (False, True):
                got = run(spec, game, memo)
                if memo in best and (got["value"], got["positions"]) != (best[memo]["value"],
                                                                        best[memo]["positions"]):
                    raise SystemExit(f"{spec} {game}: runs disagree")
                if memo not in best or got["cpu"] < best[memo]["cpu"]:
                    best[memo] = got
        off, on = best[False], best[True]
        if (off["value"], off["positions"]) != (on["value"], on["positions"]):
            raise SystemExit(f"{spec} {game}: the memo changed the search: {off} against {on}")
        rates = " ".join(f"{k}:{h / c:.0%}" for k, (c, h) in sorted(on["memo"].items(), key=lambda kv: int(kv[0]))
                         if int(k) >= 7 and c)
        ratio = off["cpu"] / on["cpu"] if on["cpu"] else float("nan")
        print(f"{spec:18} {game:12} {on['positions']:>9} positions | off {off['cpu']:7.2f} s | "
              f"on {on['cpu']:7.2f} s | {ratio:5.2f}x | answered {rates}", flush=True)


if __name__ == "__main__":
    main()
