"""CPU time of one wheel search and the time Python's cyclic collector takes in it.

    python benchmarks/collector.py 21

Prints the value, the CPU seconds of ``Solver().value_of(W_n)`` and the CPU seconds spent in
collector passes (summed with ``gc.callbacks``), including a young pass forced right after the
search. docs/performance.md, "The collector after a search", has the measurements.
"""

from __future__ import annotations

import argparse
import gc
import time

from grundy import Solver
from grundy.readwrite.graphs import to_graph


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("n", type=int, help="rim size of the wheel W_n")
    n = parser.parse_args().n
    spent = [0.0]
    started = [0.0]

    def probe(phase: str, info: dict) -> None:
        if phase == "start":
            started[0] = time.process_time()
        else:
            spent[0] += time.process_time() - started[0]

    gc.callbacks.append(probe)
    adj = to_graph(f"wheel:{n}").adj
    solver = Solver()
    cpu = time.process_time()
    value = solver.value_of(*solver.decompose(adj))
    gc.collect(0)  # the first young pass after the search
    cpu = time.process_time() - cpu
    print(f"W_{n}: value {value}, {cpu:.2f} s CPU, {spent[0]:.2f} s in the collector")


if __name__ == "__main__":
    main()
