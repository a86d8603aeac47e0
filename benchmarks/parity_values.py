"""BE/BE nim-values beyond *15: Harding-Ottaway's Conjecture 3.6, computed.

Usage:
    python benchmarks/parity_values.py construction        # the joined paths of §3, as printed and corrected
    python benchmarks/parity_values.py construction --whole # ... and the value of the whole tree (minutes)
    python benchmarks/parity_values.py spiders --max-length 40 --at-least 16
                                                            # 4-leg spiders of BE/BE value >= 16
    python benchmarks/parity_values.py spiders --max-length 40 --at-least 16 --confirm
                                                            # each one found searched again without the
                                                            # Arc Kayles reduction
    python benchmarks/parity_values.py compare              # BO/BO and BE/BE with and without the
                                                            # Arc Kayles reduction, back to back

Harding and Ottaway (*Edge deletion games with parity rules*, §3,
Conjecture 3.6: "for all n there is a graph G with G = *n" in BE/BE) build
*8 by joining one end of each of the paths P4, P5, P6, P7, P16, P17, P18,
P32 (P_n on n vertices) at a vertex c: deleting the edge from c into one
path should change the nim-sum of the paths by each of 0..7 once, so the
options include 0..7 and the tree has value at least *8; nim-sums then give
*9 .. *15, and "a new construction will be needed to find higher values".

``construction`` values the options that delete an edge at c (the rest
of the tree then behaves as the disjoint sum of the paths, c being odd),
for the printed lengths and for two corrected ones (P19 or P34 for P32),
and with ``--whole`` the whole tree, each search stopped after
``--time-limit`` seconds (default 600).

``spiders`` searches spiders: a centre r with three legs (paths of a, b,
c vertices beyond r, 1 <= a <= b <= c <= ``--max-length``) and one more
leaf, so that r has even degree; it prints each spider of BE/BE value at
least ``--at-least`` (the first of each value), with the graph as an edge
list file name to give ``grundy value --game be-be``. A graph of value w has
options of every value below w (mex), so a spider of value w shows that
every value up to w occurs in BE/BE (and in BO/BO, Lemma 3.5).

``compare`` values a fixed list of graphs under BO/BO and BE/BE twice,
alternating, each in a fresh solver: with the Arc Kayles reduction and
without it (``--time-limit`` seconds each, default 60), and prints the
value, positions and CPU seconds of each (a search stopped at the limit is
shown as such).

The values come from the engine with its Arc Kayles reduction for BE/BE
(docs/papers.md: BE/BE on G is Arc Kayles on the subgraph of the vertices of
even degree); ``--confirm`` searches each spider found again without it (the
ruleset's own moves). Exit codes: 0 done, 2 bad input.
"""

from __future__ import annotations

import argparse
import itertools
import sys
import time
from pathlib import Path

from grundy.games.graphs.game import Solver
from grundy.games.graphs.theory import Theory

#: The lengths (vertices of each path, c included) Harding-Ottaway print.
PRINTED = (4, 5, 6, 7, 16, 17, 18, 32)


def joined_paths(lengths: tuple[int, ...]) -> tuple[int, ...]:
    """Vertex 0 is c; for each L one path on L vertices with an end merged
    into c. Adjacency bitsets."""
    edges = []
    nxt = 1
    for length in lengths:
        prev = 0
        for _ in range(length - 1):
            edges.append((prev, nxt))
            prev, nxt = nxt, nxt + 1
    return _adjacency(nxt, edges)


def spider(legs: tuple[int, ...], extra_leaf: bool = True) -> tuple[int, ...]:
    """Vertex 0 is the centre; a leg of ``a`` vertices is a path hung from
    it; ``extra_leaf`` adds one more leaf at the centre."""
    edges = []
    nxt = 1
    for length in legs:
        prev = 0
        for _ in range(length):
            edges.append((prev, nxt))
            prev, nxt = nxt, nxt + 1
    if extra_leaf:
        edges.append((0, nxt))
        nxt += 1
    return _adjacency(nxt, edges)


def _adjacency(n: int, edges: list[tuple[int, int]]) -> tuple[int, ...]:
    adj = [0] * n
    for u, v in edges:
        adj[u] |= 1 << v
        adj[v] |= 1 << u
    return tuple(adj)


def write_edges(adj: tuple[int, ...], path: Path) -> None:
    """The graph as an edge list file (``u v`` per line) for ``grundy value``."""
    path.write_text("".join(f"{u} {v}\n" for u in range(len(adj)) for v in range(u + 1, len(adj))
                            if adj[u] >> v & 1))


def hub_options(solver: Solver, adj: tuple[int, ...]) -> list[int]:
    """Values of the options deleting an edge at vertex 0, one per neighbour, in order."""
    out = []
    for v in range(len(adj)):
        if adj[0] >> v & 1:
            opt = list(adj)
            opt[0] &= ~(1 << v)
            opt[v] &= ~1
            out.append(solver.value_of(*solver.decompose(tuple(opt))))
    return out


def construction(whole: bool, time_limit: float) -> None:
    from grundy.errors import SearchLimitReached

    solver = Solver(ruleset="be-be")
    solver.start()
    for label, lengths in (("printed", PRINTED), ("P19 for P32", PRINTED[:-1] + (19,)),
                           ("P34 for P32", PRINTED[:-1] + (34,))):
        adj = joined_paths(lengths)
        options = hub_options(solver, adj)
        covered = sorted(set(options))
        line = (f"{label}: paths {', '.join(f'P{n}' for n in lengths)} ({len(adj)} vertices): options deleting an "
                f"edge at c have values {options} (covering {covered}); so the value is "
                + ("at least 8" if covered == list(range(8)) else "not shown to be at least 8"))
        print(line, flush=True)
        if whole:  # a solver of its own, with the time limit
            tree = Solver(ruleset="be-be", time_limit=time_limit)
            tree.start()
            t = time.process_time()
            try:
                value: int | str = tree.value_of(*tree.decompose(adj))
            except SearchLimitReached:
                value = f"not decided at the time limit ({time_limit:g} s)"
            print(f"    the whole tree: BE/BE value {value} ({tree.stats.positions} positions, "
                  f"{time.process_time() - t:.1f} s CPU)", flush=True)


def spiders(max_length: int, at_least: int, confirm: bool, out_dir: Path | None) -> None:
    solver = Solver(ruleset="be-be")
    solver.start()
    plain = Solver(Theory(arc_kayles=False), ruleset="be-be") if confirm else None
    if plain is not None:
        plain.start()
    seen: set[int] = set()
    began = time.perf_counter()
    tried = 0
    for legs in itertools.combinations_with_replacement(range(1, max_length + 1), 3):
        adj = spider(legs)
        value = solver.value_of(*solver.decompose(adj))
        tried += 1
        if value < at_least or value in seen:
            continue
        seen.add(value)
        name = f"spider-{'-'.join(map(str, legs))}-leaf.edges"
        line = (f"value {value}: centre with legs of {', '.join(map(str, legs))} vertices and one leaf "
                f"({len(adj)} vertices, {len(adj) - 1} edges), after {tried} spiders, "
                f"{time.perf_counter() - began:.1f} s")
        if plain is not None:
            t = time.perf_counter()
            again = plain.value_of(*plain.decompose(adj))
            line += f"; without the reduction: {again} ({time.perf_counter() - t:.1f} s)"
            if again != value:
                line += "  DISAGREE"
        if out_dir is not None:
            write_edges(adj, out_dir / name)
            line += f"; written to {out_dir / name}"
        print(line, flush=True)
    print(f"{tried} spiders, values >= {at_least} found: {sorted(seen) or 'none'}; "
          f"{time.perf_counter() - began:.1f} s", flush=True)


#: The graphs ``compare`` values (grundy specs).
COMPARE = ("random:20,0.35,1", "random:24,0.3,2", "random:30,0.2,3", "grid:6,6", "prism:15", "wheel:25",
           "spider:3,37,38,1", "spider:5,27,35,1")


def compare(time_limit: float) -> None:
    from grundy.errors import SearchLimitReached
    from grundy.readwrite.graphs import to_graph

    print(f"{'graph':<18} {'game':<6} {'with the reduction':>34}   {'without':>34}")
    for spec in COMPARE:
        adj = to_graph(spec).adj
        for game in ("bo-bo", "be-be"):
            cells = []
            for theory in (Theory(), Theory(arc_kayles=False)):
                solver = Solver(theory, ruleset=game, time_limit=time_limit)
                solver.start()
                t = time.process_time()
                try:
                    value = str(solver.value_of(*solver.decompose(adj)))
                except SearchLimitReached:
                    value = "stopped"
                cells.append(f"{value:>7} {solver.stats.positions:>10} pos {time.process_time() - t:8.2f} s")
            print(f"{spec:<18} {game:<6} {cells[0]:>34}   {cells[1]:>34}", flush=True)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="mode", required=True)
    c = sub.add_parser("construction", help="Harding-Ottaway's joined paths, as printed and corrected")
    c.add_argument("--whole", action="store_true", help="also value the whole tree (minutes each)")
    c.add_argument("--time-limit", type=float, default=600.0,
                   help="seconds for each whole tree's search (default 600)")
    s = sub.add_parser("spiders", help="spiders with three legs and a leaf, of BE/BE value >= --at-least")
    s.add_argument("--max-length", type=int, default=40, help="longest leg, in vertices (default 40)")
    s.add_argument("--at-least", type=int, default=16, help="report values at least this (default 16)")
    s.add_argument("--confirm", action="store_true", help="search each spider found again without the reduction")
    s.add_argument("--write", type=Path, default=None, metavar="DIR", help="write each spider found as an edge list")
    k = sub.add_parser("compare", help="BO/BO and BE/BE with and without the Arc Kayles reduction")
    k.add_argument("--time-limit", type=float, default=60.0, help="seconds per search (default 60)")
    args = ap.parse_args(argv)
    if args.mode == "compare":
        if not args.time_limit > 0:
            ap.error(f"--time-limit must be > 0 (got {args.time_limit})")
        compare(args.time_limit)
    elif args.mode == "spiders":
        if not 1 <= args.max_length <= 60:
            ap.error(f"--max-length must be between 1 and 60 (got {args.max_length})")
        if args.at_least < 0:
            ap.error(f"--at-least must be >= 0 (got {args.at_least})")
        if args.write is not None and not args.write.is_dir():
            ap.error(f"--write: {args.write} is not a directory")
        spiders(args.max_length, args.at_least, args.confirm, args.write)
    else:
        if not args.time_limit > 0:
            ap.error(f"--time-limit must be > 0 (got {args.time_limit})")
        construction(args.whole, args.time_limit)
    return 0


if __name__ == "__main__":
    sys.exit(main())
