"""Every parity game (and Graph Nim) on every graph with 1..7 vertices.

Usage: python benchmarks/games.py     (prints seconds and positions per ruleset)

Issue 4's target: every parity game on every graph up to 7 vertices in under
60 s in total. One solver (one table) per ruleset, graphs from networkx's atlas.
"""

from __future__ import annotations

import time

import networkx as nx

from grundy import Graph, Solver
from grundy.games.graphs.misere import MisereSolver

PARITY = ["bo-bo", "be-be", "oe-oe", "odd-vertex", "even-vertex"]


def main() -> None:
    graphs = [Graph.from_networkx(G) for G in nx.graph_atlas_g()[1:]]
    total = 0.0
    print(f"{len(graphs)} graphs on 1..7 vertices")
    for game in PARITY + ["graph-nim"]:
        s = Solver(ruleset=game)
        t = time.perf_counter()
        for g in graphs:
            s.value_of(*s.decompose(g.adj))
        dt = time.perf_counter() - t
        if game in PARITY:
            total += dt
        print(f"{game:<12} {dt:7.2f} s  {s.stats.positions:>7} positions")
    print(f"all parity games: {total:.2f} s")
    for game in PARITY:
        s = MisereSolver(game)
        t = time.perf_counter()
        for g in graphs:
            s.is_n(g.adj)
        print(f"{game:<12} misère {time.perf_counter() - t:7.2f} s  {s.stats.positions:>7} positions")


if __name__ == "__main__":
    main()
