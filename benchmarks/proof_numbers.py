"""Proof-number search (PN^2) against the engine's depth-first outcome search.

Usage:
    python benchmarks/proof_numbers.py                          # the default set
    python benchmarks/proof_numbers.py random:11,0.6,1 simplex-boundary:6 --leaf 100 2000
    python benchmarks/proof_numbers.py grid:4,5 --game node-kayles --leaf 500

For each position (a graph spec, with ``--game`` its ruleset, default Graph
Chomp; or a complex spec such as ``simplex-boundary:6``, ``skeleton:6,2``,
or ``gale:N,K``, the position the first move of K points leaves in Gale's
game on N points), one line for ``is_p`` (the engine's depth-first
Lemoine-Viennot search) and one for each leaf budget of
:class:`grundy.core.proofnumber.ProofNumberSearch` (in positions, so that
the tree is the same on every run): the outcome, the positions the engine
searched (leaves included), the tree's size and the CPU seconds. Each
search starts from an empty table in this process; ``--time-limit`` bounds
each one (seconds; "stopped" past it). Results are recorded in
docs/performance.md, "Who wins, fast".
"""

from __future__ import annotations

import argparse
import sys
import time

from grundy import Solver
from grundy.core.proofnumber import ProofNumberSearch
from grundy.errors import GrundyError, SearchLimitReached

DEFAULT = ["simplex-boundary:6", "gale:6,3", "random:11,0.6,1", "random:12,0.5,3"]


def _position(spec: str, game: str):
    """(a fresh solver, the split) of ``spec``."""
    from grundy.games.complexes import ComplexSolver, build_complex_family, remove_face

    if spec.startswith("gale:"):
        n, k = (int(x) for x in spec[5:].split(","))
        solver = ComplexSolver()
        return solver, solver.decompose(remove_face(build_complex_family(f"simplex-boundary:{n}").facets,
                                                    (1 << k) - 1))
    if spec.startswith(("simplex-boundary:", "skeleton:")):
        solver = ComplexSolver()
        return solver, solver.decompose(build_complex_family(spec).facets)
    from grundy.readwrite.graphs import to_graph

    solver = Solver(ruleset=game)
    return solver, solver.decompose(to_graph(spec).adj)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("specs", nargs="*", default=DEFAULT)
    ap.add_argument("--game", default="chomp", help="graph ruleset (default chomp)")
    ap.add_argument("--leaf", type=int, nargs="+", default=[100, 2000], help="leaf budgets in positions")
    ap.add_argument("--time-limit", type=float, default=600.0, help="seconds per search (default 600)")
    args = ap.parse_args()
    for spec in args.specs:
        for leaf in [None, *args.leaf]:
            try:
                solver, split = _position(spec, args.game)
            except GrundyError as exc:
                print(f"error: {spec}: {exc}", file=sys.stderr)
                return 2
            solver.limits.share(args.time_limit)
            pns = None if leaf is None else ProofNumberSearch(solver, leaf_budget=leaf, unit="positions")
            t = time.process_time()
            try:
                if pns is None:
                    solver.start()
                    try:
                        verdict = "P" if solver.is_p(*split) else "N"
                    finally:
                        solver.finish()
                else:
                    verdict = pns.outcome(*split)
            except SearchLimitReached:
                verdict = "stopped"
            cpu = time.process_time() - t
            how = "is_p (depth first)" if pns is None else f"PN^2, leaves of {leaf} positions"
            tree = "" if pns is None else f", tree {pns.stats.nodes:,} positions ({pns.stats.expanded:,} expanded)"
            print(f"{spec:<20} {how:<34} {verdict:<7} {solver.stats.positions:>11,} positions{tree}, "
                  f"{cpu:.2f} s CPU", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
