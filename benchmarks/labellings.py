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
counts. The values must be the same (checked); the positions may differ
(the moves' order does). The registry's choice per ruleset is what these
numbers supported (docs/performance.md, "Labellings first seen").
"""

from __future__ import annotations

from rulesets import compare_variants

EXTRA: list[tuple[str, str]] = [
    ("random:9,0.5,2", "graph-nim"),
    ("random:9,0.4,1", "graph-nim"),
    ("grid:4,7", "arc-kayles"),
    ("grid:5,6", "arc-kayles"),
]


def setup(labelling: str) -> str:
    """Statements that set every registered ruleset to ``labelling``."""
    return ("import dataclasses\n"
            "from grundy.games.graphs import rulesets as rs\n"
            "for name, r in list(rs.RULESETS.items()):\n"
            "    rs.RULESETS[name] = dataclasses.replace(r, compiled=dataclasses.replace(r.compiled, "
            f"labelling={labelling!r}))")


def main() -> None:
    variants = {name: setup(name) for name in ("canonical", "first-seen")}
    for spec, game, best in compare_variants(__doc__, variants, extra=EXTRA, same_positions=False):
        canon, first = best["canonical"], best["first-seen"]
        ratio = canon["cpu"] / first["cpu"] if first["cpu"] else float("nan")
        print(f"{spec:18} {game:12} value {canon['value']!s:>3} | canonical {canon['positions']:>9} positions "
              f"{canon['cpu']:7.3f} s | first-seen {first['positions']:>9} positions {first['cpu']:7.3f} s | "
              f"{ratio:5.2f}x", flush=True)


if __name__ == "__main__":
    main()
