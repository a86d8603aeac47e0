"""What the search's per-position limit check costs: the search CPU time of
each case of ``benchmarks/rulesets.py`` with ``Searcher._tick`` as it is
(the limits read every 16th position) and with the tick that read them at
every position (patched in), alternating in fresh processes.

Usage:
    python benchmarks/limits_tick.py [--repeat N] [--only TEXT]

Positions and values must be the same either way (the script checks it).
"""

from __future__ import annotations

from rulesets import compare_variants

#: The tick before the limits were read every 16th position.
EVERY_POSITION = """
import grundy.core.search as search
def _tick(self):
    stats = self.stats
    stats.positions += 1
    if self.limits.tick(stats.positions, len(self.values), self.table.dropped > 0):
        self._checkpoint()
search.Searcher._tick = _tick
"""


def main() -> None:
    variants = {"every": EVERY_POSITION, "16th": ""}
    for spec, game, best in compare_variants(__doc__, variants, extra=[("grid:5,7", "arc-kayles")]):
        every, kept = best["every"]["cpu"], best["16th"]["cpu"]
        ratio = every / kept if kept else float("nan")
        print(f"{spec:18} {game:12} {best['16th']['positions']:>9} positions | every position "
              f"{every:7.2f} s | every 16th {kept:7.2f} s | {ratio:5.3f}x", flush=True)


if __name__ == "__main__":
    main()
