"""What one option generation costs, and how much of it is the option list.

Usage:
    python benchmarks/expand_cost.py SPEC RULESET [--positions N]

Collects up to N (default 3000) positions reachable from SPEC under RULESET
(the kernel's canonical keys, depth first), solves SPEC so that the table
holds what a search would know, then times, over the same positions:

- ``expand``: the search's option generation as Python sees it
  (``Expander.expand``): the moves, each option split into components, each
  component keyed by nauty and looked up in the table, the options
  deduplicated and sorted (the search's C arrays,
  ``grundy.core._compiled.Options``), then converted to a list of
  ``(nimber, unknowns)`` tuples, which the search itself does not make: the
  conversion is counted here;
- ``keys``: the same moves with only each whole option keyed by nauty
  (``OptionKeys``, the misère search's generator): no split, no table, no
  option tuples.

Prints microseconds per position for both (CPU time, mean of 3 passes); the
difference bounds what the option lists (with their conversion to Python)
and the look-ups cost on top of the moves and their canonical labelling.
"""

from __future__ import annotations

import argparse
import time

from grundy import Solver
from grundy.games.graphs._kernel import OptionKeys
from grundy.readwrite.graphs import to_graph


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("spec")
    parser.add_argument("ruleset")
    parser.add_argument("--positions", type=int, default=3000)
    args = parser.parse_args(argv)
    adj = to_graph(args.spec).adj
    solver = Solver(ruleset=args.ruleset)
    nimber, unknowns = solver.decompose(adj)
    expander = solver.expander()
    keys: list[bytes] = []
    seen: set[bytes] = set()
    stack = list(unknowns)
    while stack and len(keys) < args.positions:
        key = stack.pop()
        if key in seen:
            continue
        seen.add(key)
        keys.append(key)
        for _nimber, parts in expander.expand(key):
            stack.extend(parts)
    solver.value_of(nimber, unknowns)
    rule = solver.game.searched.compiled.code
    t0 = time.process_time()
    for _ in range(3):
        for key in keys:
            expander.expand(key)
    expand = (time.process_time() - t0) / 3 / len(keys) * 1e6
    t0 = time.process_time()
    for _ in range(3):
        for key in keys:
            list(OptionKeys(key, rule))
    only_keys = (time.process_time() - t0) / 3 / len(keys) * 1e6
    print(f"{args.spec} {args.ruleset}: {len(keys)} positions; expand {expand:.1f} us, keys only "
          f"{only_keys:.1f} us per position")


if __name__ == "__main__":
    main()
