"""Time rectangular Chomp and three-rowed Chomp (grundy.games.chomp).

Usage:
    python benchmarks/chomp.py                      # rectangles up to 10 x 10, 3-row P-positions to 200
    python benchmarks/chomp.py --side 11 --max-row 400

(a) every m x n rectangle with m, n <= side, nim-value and winning moves,
    from an empty table (the table is shared, so this is one 10 x 10 search
    plus look-ups); also the side x side rectangle alone from an empty table.
(b) the P-positions of three-rowed Chomp with first row <= max-row.

Each case runs `repeats` times in this process; the best wall time is printed
(seconds).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from grundy.games import chomp as R  # noqa: E402


def best(f, repeats: int) -> tuple[float, object]:
    best_time, result = float("inf"), None
    for _ in range(repeats):
        R.clear_cache()
        start = time.perf_counter()
        result = f()
        best_time = min(best_time, time.perf_counter() - start)
    return best_time, result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--side", type=int, default=10, help="largest rectangle side (default 10)")
    parser.add_argument("--max-row", type=int, default=200, help="largest first row of 3-row Chomp (default 200)")
    parser.add_argument("--repeats", type=int, default=3, help="runs per case, best kept (default 3)")
    args = parser.parse_args()
    side = args.side

    def all_rectangles():
        return {
            (m, n): (R.nim_value(R.rectangle(m, n)), R.winning_moves(R.rectangle(m, n)))
            for m in range(1, side + 1)
            for n in range(1, side + 1)
        }

    seconds, table = best(all_rectangles, args.repeats)
    diagrams = R.count_subdiagrams(R.rectangle(side, side))
    print(f"(a) every rectangle up to {side} x {side} with winning moves: {seconds:.2f} s "
          f"({diagrams:,} diagrams below {side} x {side})")
    value, moves = table[(side, side)]
    print(f"    {side} x {side}: value {value}, winning moves {moves}")

    seconds, _ = best(lambda: R.nim_value(R.rectangle(side, side)), args.repeats)
    print(f"    {side} x {side} alone: {seconds:.2f} s")

    seconds, found = best(lambda: list(R.chomp_p_positions(3, args.max_row)), args.repeats)
    print(f"(b) three-rowed Chomp P-positions, first row <= {args.max_row}: {seconds:.2f} s "
          f"({len(found):,} P-positions; last {found[-1]})")


if __name__ == "__main__":
    main()
