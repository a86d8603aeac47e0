"""Gale's game on seven points: the engine against independent code, on
positions of the subtree a claimed result rests on.

Usage:
    python benchmarks/gale_crosscheck.py                      # 200 positions after a 4-set
    python benchmarks/gale_crosscheck.py --first 3 --samples 500 --max-faces 30 --seed 7

docs/results.md claims that Gale's game on seven points (subset take-away on
``simplex-boundary:7``) is won by removing a 4-set, from the engine's search
(compiled kernel, Khandhawit-Ye Theorem 1 and binary-star reductions, a
table of 95-bit digests). This script samples positions of the subtree after
a first move of ``--first`` points: from that position it plays random
moves, each chosen among all options as :mod:`grundy.verify` generates them,
until at most a target number of faces (drawn between half ``--max-faces``
and ``--max-faces``) is left. Each position's nim-value is then found three
ways, which must agree:

- *independent*: :mod:`grundy.verify`'s plain memoised search (its own move
  generator, components and canonical forms; no reduction, no grundy code);
- *compiled*: :class:`grundy.games.complexes.ComplexSolver` with its compiled
  kernel and every reduction (the path of the n = 7 runs);
- *Python*: the same solver's Python path (``compiled=False``).

Each solver keeps its table across the samples, as a long run does, so
values found through transpositions are checked too. The first line to
stderr says whether the compiled kernel is built (without it, "compiled" is
the Python path again).

With ``--engine-only`` the independent search is skipped: the two engine
paths are compared on positions too large for a plain search (larger
``--max-faces``).

Exit codes: 0 every position agreed, 1 a disagreement (the first one is
printed), 2 bad input.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from typing import Any

from grundy import verify as V
from grundy.games.complexes import ComplexSolver, build_complex_family, remove_face


def face_count(facets: tuple[int, ...]) -> int:
    """The number of nonempty faces of the complex with these facets."""
    faces: set[int] = set()
    for f in facets:
        sub = f
        while sub:
            faces.add(sub)
            sub = (sub - 1) & f
    return len(faces)


def independent_value(checker: Any, position: tuple[int, tuple[int, ...]]) -> int:
    """Nim-value by :mod:`grundy.verify`'s plain memoised search: the
    nim-sum of its components' values (Sprague-Grundy)."""
    total = 0
    for comp in V.complex_components(position):
        total ^= checker.brute_value(comp)
    return total


def sample(rng: random.Random, start: tuple[int, tuple[int, ...]], max_faces: int) -> tuple[int, tuple[int, ...]]:
    """A position reached from ``start`` by random moves until at most a
    random target in [max_faces // 2, max_faces] faces are left (or no move
    is left)."""
    target = rng.randint(max_faces // 2, max_faces)
    position = start
    while position[1] and face_count(position[1]) > target:
        position = rng.choice(list(V.complex_options(position)))
    return position


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--first", type=int, default=4, help="points removed by the first move (1..6; default 4)")
    ap.add_argument("--samples", type=int, default=200, help="positions checked (default 200)")
    ap.add_argument("--max-faces", type=int, default=28,
                    help="faces left at most in a sampled position (default 28; the independent search is "
                         "plain, so each face more costs time)")
    ap.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    ap.add_argument("--engine-only", action="store_true",
                    help="compare the compiled search with the Python path only (no independent search), "
                         "for positions too large for a plain search")
    args = ap.parse_args(argv)
    if not 1 <= args.first <= 6:
        ap.error(f"--first must be between 1 and 6 (got {args.first})")
    if args.samples < 1 or args.max_faces < 1:
        ap.error("--samples and --max-faces must be positive")
    from grundy.games.complexes.game import kernel_enabled

    print("search: " + ("compiled (_complex_kernel)" if kernel_enabled() else
                        "Python path (GRUNDY_NO_COMPLEX_KERNEL=1 or not built)"), file=sys.stderr)
    start_facets = remove_face(build_complex_family("simplex-boundary:7").facets, (1 << args.first) - 1)
    start = (7, tuple(sorted(start_facets)))
    rng = random.Random(args.seed)
    checker = V._Checker("complex", "subset-takeaway", 0)
    compiled, python = ComplexSolver(), ComplexSolver(compiled=False)
    seconds = {"independent": 0.0, "compiled": 0.0, "Python": 0.0}
    values: dict[int, int] = {}
    began = time.perf_counter()
    for i in range(1, args.samples + 1):
        position = sample(rng, start, args.max_faces)
        got = {}
        ways = (("independent", lambda p: independent_value(checker, p)),
                ("compiled", lambda p: compiled.value_of(*compiled.decompose(p[1]))),
                ("Python", lambda p: python.value_of(*python.decompose(p[1]))))
        for name, find in ways[1:] if args.engine_only else ways:
            t = time.perf_counter()
            got[name] = find(position)
            seconds[name] += time.perf_counter() - t
        if len(set(got.values())) != 1:
            print(f"DISAGREE at sample {i}: facets {list(position[1])} on {position[0]} vertices: "
                  + ", ".join(f"{k} {v}" for k, v in got.items()))
            return 1
        values[got["compiled"]] = values.get(got["compiled"], 0) + 1
        if i % max(1, args.samples // 10) == 0 and i < args.samples:  # progress, about ten lines
            print(f"  {i} of {args.samples} positions agree so far, {time.perf_counter() - began:.0f} s",
                  file=sys.stderr, flush=True)
    print(f"Gale n = 7 after a {args.first}-set: {args.samples} of {args.samples} positions agree "
          f"(at most {args.max_faces} faces, seed {args.seed}); nim-values seen "
          + ", ".join(f"{v}: {c}" for v, c in sorted(values.items())))
    independent = ("independent search: not run (--engine-only); " if args.engine_only else
                   f"independent search: {len(checker.brute)} connected positions valued, "
                   f"{seconds['independent']:.1f} s; ")
    print(independent + f"compiled {seconds['compiled']:.1f} s ({compiled.stats.positions} positions); "
          f"Python path {seconds['Python']:.1f} s ({python.stats.positions} positions); "
          f"wall {time.perf_counter() - began:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
