"""The search's rate with a large slot array: what page size costs.

Usage:
    python benchmarks/large_table.py                        # 200 million slots (4.8 GB), 30 s + 30 s
    python benchmarks/large_table.py --capacity 30000000 --seconds 40
    python benchmarks/large_table.py --compare OLD/bin/python --repeat 2

A long search (Gale's game on 7 points, Cram past 42 squares) ends with a
compact table of gigabytes, where every probe lands on a random slot. This
times the search on such an array without waiting hours for it to fill: a
:class:`grundy.games.complexes.ComplexSolver` is given a
:class:`grundy.core._compiled.CompactTable` of ``--capacity`` slots
(24 bytes each) made up front, searches the position a 3-set leaves in
Gale's game on 7 points for ``--seconds`` (the warm-up: it touches the
array's pages), then the position a 4-set leaves for ``--seconds`` more,
and prints for that second search the positions, user and system CPU
seconds (``getrusage``) and positions per CPU second, and whether the slot
array was advised to use transparent huge pages (``CompactTable.huge_pages``).

``--compare OLD_PYTHON`` runs the same measurement under another
interpreter (another build, for instance a venv of an older commit, or a
wrapper setting ``PYTHONPATH``), alternating with this one, ``--repeat``
times each. Results and commands are recorded in docs/performance.md
("Huge pages for large tables").
"""

from __future__ import annotations

import argparse
import subprocess
import sys

from grundy.core._compiled import SLOT_BYTES

_MEASURE = r"""
import resource, sys
from grundy.core._compiled import CompactTable
from grundy.errors import SearchLimitReached
from grundy.games.complexes import ComplexSolver, build_complex_family, remove_face

capacity, seconds = int(sys.argv[1]), float(sys.argv[2])
solver = ComplexSolver(time_limit=seconds)
table = solver.table
table.compact = CompactTable(capacity=capacity)
table.values, table.not_values = table.compact.values, table.compact.not_values
table.irreducible = table.compact.irreducible
gale = build_complex_family("simplex-boundary:7").facets


def search(facets):
    try:
        solver.is_p(*solver.decompose(facets))
    except SearchLimitReached:
        pass


search(remove_face(gale, 0b111))
before, positions = resource.getrusage(resource.RUSAGE_SELF), solver.stats.positions
search(remove_face(gale, 0b1111))
after = resource.getrusage(resource.RUSAGE_SELF)
positions = solver.stats.positions - positions
user, system = after.ru_utime - before.ru_utime, after.ru_stime - before.ru_stime
huge = getattr(table.compact, "huge_pages", None)
print(positions, f"{user:.1f}", f"{system:.1f}", huge)
"""


def measure(python: str, capacity: int, seconds: float) -> tuple[int, float, float, str]:
    """One measurement in a fresh process of ``python``: (positions, user s,
    system s, huge pages advised: "True", "False" or "None" for a build
    without the attribute)."""
    out = subprocess.run([python, "-c", _MEASURE, str(capacity), str(seconds)], check=True,
                         capture_output=True, text=True).stdout.split()
    return int(out[0]), float(out[1]), float(out[2]), out[3]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--capacity", type=int, default=200_000_000, help="slots made up front (24 bytes each)")
    ap.add_argument("--seconds", type=float, default=30.0, help="seconds of warm-up, and of the measured search")
    ap.add_argument("--compare", metavar="OLD_PYTHON", help="another interpreter to measure, alternating")
    ap.add_argument("--repeat", type=int, default=1, help="measurements of each build")
    args = ap.parse_args()
    if args.capacity < 16 or args.seconds <= 0 or args.repeat < 1:
        ap.error("--capacity must be at least 16, --seconds positive, --repeat at least 1")
    builds = [("new", sys.executable)] + ([("old", args.compare)] if args.compare else [])
    print(f"{args.capacity} slots ({args.capacity * SLOT_BYTES / 1e9:.1f} GB), {args.seconds:g} s warm-up + {args.seconds:g} s "
          f"measured")
    for _ in range(args.repeat):
        for name, python in builds:
            positions, user, system, huge = measure(python, args.capacity, args.seconds)
            print(f"{name}: {positions} positions, {user:.1f} s user + {system:.1f} s system, "
                  f"{positions / max(user + system, 1e-9):,.0f} per CPU second, huge pages advised: {huge}",
                  flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
