"""Census benchmarks (run on demand; results go to docs/tables.md, "The census").

    python benchmarks/census.py build [--max-n 9] [--workers 1]
        Builds every graph on at most N vertices (Graph Chomp, normal play)
        in memory: wall and CPU seconds, graphs per second, microseconds per
        graph, and the same graphs only *keyed* (one nauty key and one probe
        each, ``census_values(lookup=True)``): the cost of one key, so
        "ratio" says how far a graph's valuing is from one key.

    python benchmarks/census.py tablebase --tables 9:/tmp/c9.db,10:/tmp/c10.db [--time-limit 60]
            [--max-positions N]
        Values ten dense graphs on 11-12 vertices with no table and with each
        census table (built by ``grundy census 1..N --table PATH``), each run
        in its own process on a fresh copy of the table: decided or not,
        seconds, CPU seconds, positions, peak RSS.

    python benchmarks/census.py sample --table /tmp/c10.db --n 11 [--shards 2] [--mod 1024]
        Times a fixed sample of the 11-vertex census's shards (geng res/mod)
        over the full 10-vertex table: the cost of each graph (geng, keys of
        every option, probes, mex) as a real run pays it. Options with 11
        vertices are not in the table, so the values are discarded: this
        measures time only, for the projection in docs/cluster.md.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time

DENSE = [
    "Kyn}Nv}{Qve~",  # 12 vertices, 48 edges (issue 12)
    "JsSd~xR~}N?",  # 11 vertices, 36 edges (issue 12)
    "KcJu}xNdOcvc",  # 12 vertices, 35 edges (issue 12)
    "random:11,0.6,1",
    "random:11,0.6,2",
    "random:11,0.7,3",
    "random:11,0.5,4",
    "random:12,0.6,5",
    "random:12,0.7,6",
    "random:11,0.6,7",
]


def _cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_SELF)
    c = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime + c.ru_utime + c.ru_stime


def build(max_n: int, workers: int) -> None:
    from grundy.census.build import Census, CensusSpec
    from grundy.census.geng import generate
    from grundy.games.graphs import _kernel

    c = Census(CensusSpec(vertices=(1, max_n)), workers=workers, window=False)
    wall, cpu = time.perf_counter(), _cpu()
    c.run()
    wall, cpu = time.perf_counter() - wall, _cpu() - cpu
    graphs = len(c.memory) - 1
    lines = b"".join(generate(n) for n in range(1, max_n + 1))
    start = time.process_time()
    _keys, _values, _flags, count = _kernel.census_values(c.memory, lines, 0, False, True)
    keyed = time.process_time() - start
    print(json.dumps({
        "max_n": max_n, "workers": workers, "graphs": graphs, "seconds": round(wall, 2), "cpu_seconds": round(cpu, 2),
        "graphs_per_second": round(graphs / wall), "us_per_graph_cpu": round(1e6 * cpu / graphs, 1),
        "us_per_key_and_probe": round(1e6 * keyed / count, 2), "ratio": round(cpu / keyed, 1),
        "table_bytes": c.memory.nbytes, "table_bytes_per_graph": round(c.memory.nbytes / graphs, 1),
    }))


def _one(spec: str, table: str | None, limit: float, positions: int | None = None) -> dict[str, object]:
    """One run on a fresh copy of the census file: the search writes its own
    rows to its table file, and a later run must not profit from them."""
    import shutil
    import tempfile

    args = [sys.executable, "-m", "grundy", "value", spec, "--json", "--time-limit", str(limit)]
    if positions is not None:
        args += ["--max-positions", str(positions)]
    scratch = None
    if table:
        scratch = tempfile.mkdtemp()
        copy = os.path.join(scratch, "census.db")
        shutil.copyfile(table, copy)
        args += ["--table", copy]
    # GNU time reports this run's own peak RSS (RUSAGE_CHILDREN keeps the
    # largest child so far, not this one's)
    args = ["/usr/bin/time", "-f", "%M %U %S", *args]
    start = time.perf_counter()
    done = subprocess.run(args, capture_output=True, text=True, check=False)
    wall = time.perf_counter() - start
    rss_kb, user, system = done.stderr.strip().splitlines()[-1].split()
    cpu = float(user) + float(system)
    if scratch is not None:
        shutil.rmtree(scratch)
    line = (done.stdout.strip().splitlines() or ["{}"])[0]
    got = json.loads(line)
    return {"value": got.get("value"), "positions": got.get("stats", {}).get("positions"),
            "seconds": round(wall, 2), "cpu": round(cpu, 2), "peak_rss_mb": round(int(rss_kb) / 1024)}


def tablebase(tables: str, limit: float, positions: int | None = None) -> None:
    configs: list[tuple[str, str | None]] = [("none", None)]
    for item in tables.split(","):
        n, path = item.split(":", 1)
        configs.append((f"{n}-vertex table", path))
    for spec in DENSE:
        row = {"graph": spec}
        for name, path in configs:
            row[name] = _one(spec, path, limit, positions)
        print(json.dumps(row), flush=True)


def sample(table: str, n: int, shards: int, mod: int) -> None:
    from grundy.census.build import Census, CensusSpec
    from grundy.census.geng import generate
    from grundy.games.graphs import _kernel

    c = Census(CensusSpec(vertices=(1, n - 1)), table=table, window=False)
    total_graphs = 0
    total_cpu = 0.0
    for e in range(n * (n - 1) // 2 + 1):
        for res in range(shards):
            start = time.process_time()
            lines = generate(n, edges=(e, e), res=res, mod=mod)
            _k, _v, _f, count = _kernel.census_values(c.memory, lines, 0, False, False, False)
            cpu = time.process_time() - start
            total_graphs += count
            total_cpu += cpu
            print(json.dumps({"n": n, "e": e, "shard": f"{res}/{mod}", "graphs": count, "cpu": round(cpu, 3)}),
                  flush=True)
    print(json.dumps({"sampled_graphs": total_graphs, "cpu": round(total_cpu, 1),
                      "us_per_graph": round(1e6 * total_cpu / max(total_graphs, 1), 1)}))
    c.close()


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="what", required=True)
    b = sub.add_parser("build")
    b.add_argument("--max-n", type=int, default=9)
    b.add_argument("--workers", type=int, default=1)
    t = sub.add_parser("tablebase")
    t.add_argument("--tables", required=True)
    t.add_argument("--time-limit", type=float, default=60)
    t.add_argument("--max-positions", type=int, default=None,
                   help="a budget in positions instead of seconds: fair on a shared machine")
    s = sub.add_parser("sample")
    s.add_argument("--table", required=True)
    s.add_argument("--n", type=int, default=11)
    s.add_argument("--shards", type=int, default=2)
    s.add_argument("--mod", type=int, default=1024)
    a = p.parse_args()
    os.environ.setdefault("PYTHONHASHSEED", "0")
    if a.what == "build":
        build(a.max_n, a.workers)
    elif a.what == "tablebase":
        tablebase(a.tables, a.time_limit, a.max_positions)
    else:
        sample(a.table, a.n, a.shards, a.mod)


if __name__ == "__main__":
    main()
