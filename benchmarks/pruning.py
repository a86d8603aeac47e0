"""Beling-Rogalski's pruning against the engine's search: positions generated.

Usage:
    python benchmarks/pruning.py SPEC RULESET [--method lv|br|aspiration]

An experiment, not part of the engine (docs/performance.md, "Tried and not
kept"). P. Beling and M. Rogalski, *On pruning search trees of impartial
games*, Artificial Intelligence 283 (2020), value a component by asking for
its nim-value only within a set R of wanted values ("nimber in set"): the
candidates start as 0..(number of options), an option of known value v
removes v, and an option whose value is not among the candidates left but
the largest removes the largest (the value is the mex, so such an option
cannot lift it that far); the search stops as soon as no candidate is in R.
``aspiration`` asks the root for each value r in turn with R = {r} (their
"aspiration sets"), ``br`` asks it once with R = everything.

``lv`` is the engine's own search (``Solver.value_of``: the Lemoine-Viennot
questions "is C + *n a P-position?", excluded-value masks, partial option
lists). The other two run in Python over the compiled kernel's option
generator (``Expander.expand``, every option of a position, its reductions
and closed forms included) and the same table of values; each position's
options are generated once and kept (an unbounded memo), so their count is
the number of distinct positions expanded. Prints value, positions and CPU
seconds; the values must agree.
"""

from __future__ import annotations

import argparse
import sys
import time

from grundy import Solver
from grundy.readwrite.graphs import to_graph


class Pruning:
    """Beling-Rogalski's search over a solver's compiled expander."""

    def __init__(self, solver: Solver):
        self.expander = solver.expander()
        self.values = solver.table.values
        self.options_of: dict[bytes, list] = {}

    @property
    def positions(self) -> int:
        return len(self.options_of)

    def options(self, key: bytes) -> list:
        found = self.options_of.get(key)
        if found is None:
            found = self.options_of[key] = self.expander.expand(key)
        return found

    def everything(self, key: bytes) -> set[int]:
        return set(range(len(self.options(key)) + 1))

    def in_set(self, key: bytes, wanted: set[int]) -> int | None:
        """The value of the component ``key`` if it is in ``wanted`` (or
        known), else None."""
        v = self.values.get(key)
        if v is not None:
            return v
        options = self.options(key)
        candidates = set(range(len(options) + 1))
        pending = []
        for nimber, unknowns in options:
            rest = []
            for k in unknowns:
                w = self.values.get(k)
                if w is None:
                    rest.append(k)
                else:
                    nimber ^= w
            if rest:
                pending.append((nimber, rest))
            else:
                candidates.discard(nimber if nimber in candidates else max(candidates))
        top_wanted = max(wanted)
        exact = True
        for nimber, rest in pending:
            if not candidates & wanted:
                return None
            top = max(candidates)
            for k in rest[1:]:
                nimber ^= self.in_set(k, self.everything(k))  # type: ignore[operator]
            asked = {x ^ nimber for x in candidates - {top} if x <= top_wanted}
            found = self.in_set(rest[0], asked) if asked else None
            if found is None:
                candidates.discard(top)
                exact = False
            else:
                x = found ^ nimber
                candidates.discard(x if x in candidates else top)
        (value,) = candidates
        if exact or value <= top_wanted:
            self.values[key] = value
            return value
        return None

    def value(self, key: bytes) -> int:
        return self.in_set(key, self.everything(key))  # type: ignore[return-value]

    def aspiration(self, key: bytes) -> int:
        v = self.values.get(key)
        if v is not None:
            return v
        options = self.options(key)
        for r in range(len(options) + 1):
            for nimber, unknowns in options:
                rest = list(unknowns)
                for k in rest[1:]:
                    nimber ^= self.value(k)
                if rest:
                    found = self.in_set(rest[0], {r ^ nimber})
                    if found is not None and found ^ nimber == r:
                        break
                elif nimber == r:
                    break
            else:
                self.values[key] = r
                return r
        raise AssertionError("a value is at most the number of options")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("spec")
    parser.add_argument("ruleset")
    parser.add_argument("--method", choices=["lv", "br", "aspiration"], default="aspiration")
    args = parser.parse_args(argv)
    sys.setrecursionlimit(100_000)
    adj = to_graph(args.spec).adj
    solver = Solver(ruleset=args.ruleset)
    t0 = time.process_time()
    nimber, unknowns = solver.decompose(adj)
    if args.method == "lv":
        value = solver.value_of(nimber, unknowns)
        positions = solver.stats.positions
    else:
        search = Pruning(solver)
        value = nimber
        for key in unknowns:
            value ^= search.value(key) if args.method == "br" else search.aspiration(key)
        positions = search.positions
    print(f"{args.spec} {args.ruleset} {args.method}: value {value}, {positions} positions, "
          f"{time.process_time() - t0:.2f} CPU s")


if __name__ == "__main__":
    main()
