"""The cost of saving the table file often: Gale n = 7 for a while, at one checkpoint interval.

    python benchmarks/checkpoints.py 5       # save every 5 s of search (the default)
    python benchmarks/checkpoints.py 60      # every 60 s

Runs the attack on Gale's game on seven points (``is_p`` of ``simplex-boundary:7``) from an
empty table file in a temporary directory for ``--seconds`` of search, saving every INTERVAL
seconds, and prints positions, user and system CPU seconds, positions per CPU second and the
blocks the process wrote. docs/tables.md ("Checkpoints in digest order") has the measurements.
"""

from __future__ import annotations

import argparse
import os
import resource
import tempfile

from grundy.errors import SearchLimitReached
from grundy.games.complexes import ComplexSolver, build_complex_family


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("interval", type=float, help="seconds of search between saves")
    parser.add_argument("--seconds", type=float, default=90.0, help="seconds of search (default 90)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        solver = ComplexSolver(time_limit=args.seconds, table=os.path.join(tmp, "t.db"),
                               checkpoint_seconds=args.interval)
        cx = build_complex_family("simplex-boundary:7")
        before = resource.getrusage(resource.RUSAGE_SELF)
        solver.start()
        try:
            solver.is_p(*solver.decompose(cx.facets))
        except SearchLimitReached:
            pass
        finally:
            solver.finish()
            solver.close()
        after = resource.getrusage(resource.RUSAGE_SELF)
    user, system = after.ru_utime - before.ru_utime, after.ru_stime - before.ru_stime
    positions = solver.stats.positions
    print(f"saving every {args.interval:g} s: {positions} positions, user {user:.1f} s, system {system:.1f} s, "
          f"{positions / (user + system):.0f} positions per CPU s, {after.ru_oublock - before.ru_oublock} blocks written")


if __name__ == "__main__":
    main()
