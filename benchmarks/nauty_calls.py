"""Cost of one canonical certificate: pynauty's Graph class against the
slotted object grundy hands to pynauty's C entry point.

Usage: python benchmarks/nauty_calls.py   (prints microseconds per call)
"""

from __future__ import annotations

import random
import time

import pynauty

from grundy.games.graphs.bitset import upper_lists
from grundy.core.canon import certificate


def random_adj(n: int, p: float, seed: int) -> tuple[int, ...]:
    r = random.Random(seed)
    adj = [0] * n
    for i in range(n):
        for j in range(i + 1, n):
            if r.random() < p:
                adj[i] |= 1 << j
                adj[j] |= 1 << i
    return tuple(adj)


def per_call(f, items, rounds: int = 10) -> float:
    t = time.perf_counter()
    for _ in range(rounds):
        for x in items:
            f(x)
    return (time.perf_counter() - t) / (rounds * len(items)) * 1e6


def main() -> None:
    print("n   grundy (lists+cert)  cert only  lists only  pynauty.Graph path   (µs per call)")
    for n in (8, 12, 16, 24):
        graphs = [random_adj(n, 0.3, s) for s in range(200)]
        lists = [upper_lists(a) for a in graphs]
        full = per_call(lambda a: certificate(n, upper_lists(a)), graphs)
        cert = per_call(lambda d: certificate(n, d), lists)
        build = per_call(upper_lists, graphs)
        public = per_call(lambda a: pynauty.certificate(pynauty.Graph(n, adjacency_dict=upper_lists(a))), graphs)
        print(f"{n:<3} {full:>19.1f} {cert:>10.1f} {build:>11.1f} {public:>19.1f}")


if __name__ == "__main__":
    main()
