"""Time grundy's fixed benchmark suite and write the table into docs/performance.md.

Usage:
    python benchmarks/run.py                 # whole suite, rewrite the table in docs
    python benchmarks/run.py --only wheel    # cases whose name contains "wheel"
    python benchmarks/run.py --no-write      # print the table only
    python benchmarks/run.py --repeat 5      # each case 5 times: fastest run, range of seconds

Each case runs in a fresh subprocess, so its peak memory (peak RSS minus the
RSS after imports) is its own. For each case: wall seconds, CPU seconds of
the process (user + system: on a shared VM the wall time also counts the
time the host gave the CPU to others), positions expanded
by the search, positions per second, peak memory, and the cost of one
position against the bare cost of one canonical key of the case's graph,
both as pynauty computes it (``canon.certificate`` on prebuilt adjacency
lists) and as the search computes it (the compiled kernel calling nauty
directly, when it is built), each averaged over 2000 calls: the ratio (to
the kernel's key when there is one) says how far the search is from the
limit of one key per position.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "performance.md"
START, END = "<!-- bench:start -->", "<!-- bench:end -->"

CASES: list[tuple[str, str]] = (
    [(f"wheel W_{n}", f"spec:wheel:{n}") for n in range(9, 20, 2)]
    + [("Petersen", "spec:petersen"), ("5-prism", "spec:prism:5"), ("dodecahedron", "spec:dodecahedron")]
    + [("dodecahedron, involutions off", "noinv:dodecahedron"), ("5-prism, involutions off", "noinv:prism:5")]
    + [("K_{3,3,3}, theory off", "pure:multipartite:3,3,3")]
    + [(f"G(12, 0.25) seed {s}", f"spec:random:12,0.25,{s}") for s in range(10)]
    + [("all 1252 graphs on 1..7 vertices", "atlas"), ("G_{m,k} table, m, k <= 12", "gmk")]
)


def run_case(kind: str) -> dict:
    """Run one case in this process and return its measurements."""
    import resource

    import networkx as nx

    from grundy import Graph, Solver, Theory
    from grundy.games.graphs import game as engine
    from grundy.games.graphs.bitset import upper_lists
    from grundy.core.canon import certificate
    from grundy.readwrite.graphs import to_graph

    base = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    if kind.startswith(("spec:", "pure:")):
        graphs = [to_graph(kind[5:])]
        solver = Solver(Theory.none() if kind.startswith("pure:") else None)
    elif kind.startswith("noinv:"):
        graphs = [to_graph(kind[6:])]
        solver = Solver(Theory(involutions=False))
    elif kind == "atlas":
        graphs = [Graph.from_networkx(G) for G in nx.graph_atlas_g()[1:]]
        solver = Solver()
    elif kind == "gmk":
        graphs = [to_graph(f"gmk:{m},{k}") for m in range(1, 13) for k in range(1, 13)]
        solver = Solver()
    else:
        raise SystemExit(f"unknown case {kind}")
    t0 = time.perf_counter()
    c0 = time.process_time()
    values = [solver.value_of(*solver.decompose(g.adj)) for g in graphs]
    seconds = time.perf_counter() - t0
    cpu = time.process_time() - c0
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    biggest = max(graphs, key=lambda g: g.n)
    nbrs = upper_lists(biggest.adj)
    reps = 2000
    t1 = time.perf_counter()
    for _ in range(reps):
        certificate(biggest.n, nbrs)
    cert = (time.perf_counter() - t1) / reps
    key_us = None
    if engine.KERNEL_NAUTY and biggest.n <= 64:
        from grundy.games.graphs import _kernel

        t1 = time.perf_counter()
        for _ in range(reps):
            _kernel.graph_key(biggest.adj)
        key_us = (time.perf_counter() - t1) / reps * 1e6
    return {
        "seconds": seconds,
        "cpu": cpu,
        "positions": solver.stats.positions,
        "values": values if len(values) <= 3 else f"{len(values)} graphs",
        "peak_mb": (peak - base) / 1024,
        "cert_us": cert * 1e6,
        "key_us": key_us,
        "n": biggest.n,
        "table": len(solver.values),
    }


def table(rows: list[tuple[str, dict]]) -> str:
    out = [
        "| case | value | seconds | CPU seconds | positions | positions/s | peak memory (MB) | µs/position "
        "| pynauty cert. (µs, n) | kernel key (µs) | ratio |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for name, r in rows:
        pos = r["positions"]
        per = r["seconds"] / pos * 1e6 if pos else 0.0
        rate = f"{pos / r['seconds']:.0f}" if pos and r["seconds"] > 0 else "-"
        bare = r.get("key_us") or r["cert_us"]  # what one key costs the search
        ratio = f"{per / bare:.0f}x" if pos else "-"
        key = f"{r['key_us']:.1f}" if r.get("key_us") else "-"
        val = r["values"]
        val = ", ".join(map(str, val)) if isinstance(val, list) else val
        secs = f"{r['seconds']:.2f}" if "range" not in r else f"{r['range'][0]:.2f}-{r['range'][1]:.2f}"
        out.append(
            f"| {name} | {val} | {secs} | {r['cpu']:.2f} | {pos} | {rate} | {r['peak_mb']:.0f} | "
            f"{per:.0f} | {r['cert_us']:.1f} (n={r['n']}) | {key} | {ratio} |"
        )
    return "\n".join(out)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--only", help="run the cases whose name contains this text")
    ap.add_argument("--no-write", action="store_true", help="print the table, do not touch docs/")
    ap.add_argument(
        "--repeat",
        type=int,
        default=1,
        help="run each case this many times (fresh processes, back to back); "
        "the table shows the fastest run and the range of seconds",
    )
    ap.add_argument("--case", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.case:
        print(json.dumps(run_case(args.case)))
        return
    rows = []
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src") + os.pathsep + os.environ.get("PYTHONPATH", ""))
    for name, kind in CASES:
        if args.only and args.only.lower() not in name.lower():
            continue
        runs = []
        for _ in range(max(1, args.repeat)):
            proc = subprocess.run(
                [sys.executable, __file__, "--case", kind], capture_output=True, text=True, env=env
            )
            if proc.returncode:
                raise SystemExit(f"{name} failed:\n{proc.stderr}")
            runs.append(json.loads(proc.stdout))
            print(f"{name}: {runs[-1]['seconds']:.2f} s, {runs[-1]['positions']} positions", file=sys.stderr, flush=True)
        r = min(runs, key=lambda x: x["seconds"])
        if len(runs) > 1:
            r["range"] = (r["seconds"], max(x["seconds"] for x in runs))
        rows.append((name, r))
    text = table(rows)
    print(text)
    if args.no_write or args.only:
        return
    stamp = (
        f"Measured {time.strftime('%Y-%m-%d')} with `python benchmarks/run.py"
        f"{f' --repeat {args.repeat}' if args.repeat > 1 else ''}` on "
        f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}."
    )
    doc = DOC.read_text() if DOC.exists() else f"# Performance\n\n{START}\n{END}\n"
    block = f"{START}\n{stamp}\n\n{text}\n{END}"
    doc = re.sub(re.escape(START) + ".*?" + re.escape(END), lambda _m: block, doc, flags=re.S)
    DOC.write_text(doc)


if __name__ == "__main__":
    main()
