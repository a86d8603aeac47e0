"""First-seen labellings against canonical ones (``MoveRule.labelling``):
search CPU time and positions of each case of ``benchmarks/rulesets.py``
(and a few more), with every ruleset's moves made in the key's canonical
labelling and then in the labelling the search first met the key in.

Usage:
    python benchmarks/labellings.py [--repeat N] [--only TEXT]

Each case runs in a fresh process with every registered ruleset set to one
labelling, the two alternating ``--repeat`` times (default 3); the least CPU
time of each is printed (``rulesets.run_case``: the search alone, a search
under a second repeated in its process, each run from an empty canonical
labelling memo), with the ratio canonical / first-seen and both position
counts. The values must be the same (the script checks it); the positions
may differ (the moves' order does). The registry's choice per ruleset is
what these numbers supported (docs/performance.md, "Labellings first seen").
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys

from rulesets import CASES

EXTRA: list[tuple[str, str]] = [
    ("random:9,0.5,2", "graph-nim"),
    ("random:9,0.4,1", "graph-nim"),
    ("grid:4,7", "arc-kayles"),
    ("grid:5,6", "arc-kayles"),
]


def run(spec: str, game: str, labelling: str) -> dict:
    """One case in a fresh process, every ruleset in ``labelling``."""
    code = (f"import sys, json, dataclasses; sys.path.insert(0, {sys.path[0]!r}); import rulesets; "
            "from grundy.games.graphs import rulesets as rs\n"
            "for name, r in list(rs.RULESETS.items()):\n"
            "    rs.RULESETS[name] = dataclasses.replace(r, compiled=dataclasses.replace(r.compiled, "
            f"labelling={labelling!r}))\n"
            f"print(json.dumps(rulesets.run_case({spec!r}, {game!r}, False)))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--only", default="", help="cases whose spec or ruleset contains TEXT")
    args = ap.parse_args()
    for spec, game in CASES + EXTRA:
        if args.only not in spec and args.only not in game:
            continue
        best: dict[str, dict] = {}
        for _ in range(args.repeat):
            for labelling in ("canonical", "first-seen"):
                got = run(spec, game, labelling)
                if labelling not in best or got["cpu"] < best[labelling]["cpu"]:
                    best[labelling] = got
        canon, first = best["canonical"], best["first-seen"]
        if canon["value"] != first["value"]:
            raise SystemExit(f"{spec} {game}: the values differ: {canon} against {first}")
        ratio = canon["cpu"] / first["cpu"] if first["cpu"] else float("nan")
        print(f"{spec:18} {game:12} value {canon['value']!s:>3} | canonical {canon['positions']:>9} positions "
              f"{canon['cpu']:7.3f} s | first-seen {first['positions']:>9} positions {first['cpu']:7.3f} s | "
              f"{ratio:5.2f}x", flush=True)


if __name__ == "__main__":
    main()
