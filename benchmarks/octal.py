"""Time grundy.games.octal.nim_sequence on the octal games the tests rely on.

Usage:
    python benchmarks/octal.py                  # Kayles (0.77), Dawson's Kayles (0.07) to 100000
    python benchmarks/octal.py --up-to 1000000  # larger heaps
    python benchmarks/octal.py --direct 20000   # also unproven games, computed directly

Each case runs `repeats` times in this process; the best wall time is printed
(seconds), with the period and preperiod proven by the periodicity theorem.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from grundy.games.octal import analyze_code, nim_sequence  # noqa: E402


def best_time(code: str, up_to: int, repeats: int, periodicity: bool = True) -> float:
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        nim_sequence(code, up_to, periodicity=periodicity)
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--up-to", type=int, default=100_000, help="largest heap (default 100000)")
    parser.add_argument("--repeats", type=int, default=3, help="runs per case, best kept (default 3)")
    parser.add_argument(
        "--direct",
        type=int,
        default=0,
        metavar="N",
        help="also time games with no period proven by N (0.6, 0.007, .3(4)) up to N",
    )
    args = parser.parse_args()

    total = 0.0
    for code in ("0.07", "0.77"):
        seconds = best_time(code, args.up_to, args.repeats)
        total += seconds
        r = analyze_code(code, 1000)
        print(
            f"nim_sequence({code!r}, {args.up_to}): {seconds:.4f} s "
            f"(period {r['period']}, preperiod {r['preperiod']}, proven {r['proven']})"
        )
    print(f"total: {total:.4f} s")
    if args.direct:
        for code in ("0.6", "0.007", "0.3(4)"):
            seconds = best_time(code, args.direct, 1, periodicity=False)
            print(f"nim_sequence({code!r}, {args.direct}) computed directly: {seconds:.2f} s")


if __name__ == "__main__":
    main()
