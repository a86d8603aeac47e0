"""Graph Chomp on wheels W_n (n rim vertices and a hub): value, time, memory.

Usage:
    python benchmarks/wheels.py 25 27 29           # each wheel in a fresh process
    python benchmarks/wheels.py 25 --dicts         # the same with dict tables
    python benchmarks/wheels.py 33 --time-limit 3600 --json out.json
    python benchmarks/wheels.py 37 --table w.sqlite --table-memory 8   # bounded to 8 GiB, spilling

Each wheel runs in its own subprocess (so peak memory is its own) and prints
one line: the nim-value, wall and CPU seconds, positions expanded, values
and partial entries stored, peak RSS, the growth of peak RSS over the RSS
after imports divided by the positions stored ("bytes per stored
position", everything the search keeps: table, option cache, reduction
cache), and for a compact table the bytes of its slot array. Khandhawit and
Ye conjecture W_n = *1 for odd n (proven by hand to n = 7).

A wheel stopped by ``--time-limit``, Ctrl-C or SIGTERM (``kill``, ``timeout``
on this script) still gets its line and JSON row (``"value": null``,
``"stopped"``: the reason, the positions searched so far; its table file
saved); after Ctrl-C or SIGTERM no further wheel is started, and the script
exits 128 + the signal (130, 143).
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys


def run_one(n: int, compact: bool, time_limit: float | None, table: str | None = None,
            memory: int | None = None) -> dict:
    """Search W_n in this process; the measurements as a dict."""
    import resource
    import time

    from grundy.core.limits import SearchLimitReached
    from grundy.games.graphs.families import build_family
    from grundy.games.graphs.game import Solver
    from grundy.games.graphs.theory import Theory

    adj = build_family(f"wheel:{n}").adj
    base = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    solver = Solver(Theory(), compact=compact, time_limit=time_limit, table=table, max_table_bytes=memory,
                    checkpoint_seconds=60.0)
    t0, c0 = time.perf_counter(), time.process_time()
    solver.start()  # the clock of --time-limit
    stopped = None
    try:
        value: int | None = solver.value_of(*solver.decompose(adj))
    except SearchLimitReached as exc:
        value, stopped = None, exc.reason
    except KeyboardInterrupt:  # Ctrl-C or SIGTERM (see _stop_once): the row is still written
        value, stopped = None, "interrupted"
    finally:
        _SEARCHING[0] = False  # a signal from now on is only noted: the save and the row go on
        solver.finish()  # saves a table file
        wall, cpu = time.perf_counter() - t0, time.process_time() - c0
        # rows in the file (values, partial): with a bound, memory holds only part of them
        try:
            file_rows = solver.table.count() if table is not None else None
        finally:
            solver.close()
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    stats = solver.table.stats()
    stored = stats["values"] + stats["partial"]
    return {
        "n": n,
        "table": "compact" if solver.table.compact is not None else "dicts",
        "value": value,
        "stopped": stopped,
        "wall_s": round(wall, 2),
        "cpu_s": round(cpu, 2),
        "positions": solver.stats.positions,
        "values": stats["values"],
        "partial": stats["partial"],
        "entries": stats.get("entries"),
        "peak_rss_mb": round(peak / 2**20, 1),
        "bytes_per_stored": round((peak - base) / max(stored, 1), 1),
        "table_bytes_per_entry": (
            round(stats["table_bytes"] / max(stats["entries"], 1), 1) if "table_bytes" in stats else None
        ),
        # a table file: rows read at the start, and (values, partial) rows in it at the end
        "loaded": solver.loaded if table is not None else None,
        "file_rows": list(file_rows) if file_rows is not None else None,
        # a bounded table: entries dropped from memory, rows written out to make room, rows read back
        **{k: stats[k] for k in ("evictions", "dropped", "spilled", "fetched") if k in stats},
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("n", type=int, nargs="+", help="rim sizes")
    parser.add_argument("--dicts", action="store_true", help="dict tables (default: compact)")
    parser.add_argument("--time-limit", type=float, default=None, help="seconds per wheel")
    parser.add_argument("--json", default=None, help="append each result as a JSON line to this file")
    parser.add_argument("--table", default=None, help="an SQLite table file (one per wheel: PATH.W<n>)")
    parser.add_argument("--table-memory", type=float, default=None, metavar="GB",
                        help="bound each table to this many GiB (it spills to --table, or forgets)")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        for sig in (signal.SIGINT, signal.SIGTERM):
            if signal.getsignal(sig) != signal.SIG_IGN:  # a background job keeps ignoring Ctrl-C
                signal.signal(sig, _stop_once)
        memory = None if args.table_memory is None else int(args.table_memory * 2**30)
        table = None if args.table is None else f"{args.table}.W{args.n[0]}"
        print(json.dumps(run_one(args.n[0], not args.dicts, args.time_limit, table, memory)))
        return 0
    # Ctrl-C or SIGTERM: passed to the running wheel's process, which stops
    # its search, saves its table and still prints its row; then no next wheel
    forward = _Forward()
    for sig in (signal.SIGINT, signal.SIGTERM):
        if signal.getsignal(sig) != signal.SIG_IGN:
            signal.signal(sig, forward)
    for n in args.n:
        if forward.signalled:
            break
        cmd = [sys.executable, __file__, str(n), "--child"]
        if args.dicts:
            cmd.append("--dicts")
        if args.time_limit is not None:
            cmd += ["--time-limit", str(args.time_limit)]
        if args.table is not None:
            cmd += ["--table", args.table]
        if args.table_memory is not None:
            cmd += ["--table-memory", str(args.table_memory)]
        child = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=os.environ)
        forward.attach(child)
        stdout, stderr = child.communicate()
        forward.attach(None)
        lines = stdout.strip().splitlines()
        if child.returncode != 0 or not lines:
            print(f"W_{n}: failed: {stderr.strip().splitlines()[-1:]}", flush=True)
            if forward.signalled:
                break
            continue
        row = json.loads(lines[-1])
        print(json.dumps(row), flush=True)
        if args.json:
            with open(args.json, "a") as fh:
                fh.write(json.dumps(row) + "\n")
    return 128 + forward.signalled if forward.signalled else 0


class _Forward:
    """A signal handler of the parent: the first signal passed on to the
    running wheel's process (once; it may have had Ctrl-C from the terminal
    too), or to the next one as soon as it is started; ``signalled`` is its
    number (0 for none)."""

    def __init__(self) -> None:
        self.child: subprocess.Popen | None = None
        self.signalled = 0
        self.sent = False

    def attach(self, child: subprocess.Popen | None) -> None:
        self.child = child
        self._send()

    def _send(self) -> None:
        if self.signalled and not self.sent and self.child is not None and self.child.poll() is None:
            self.child.send_signal(self.signalled)
            self.sent = True

    def __call__(self, signum: int, frame: object) -> None:
        if not self.signalled:
            self.signalled = signum
        self._send()


#: The wheel's process: True while its search runs.
_SEARCHING = [True]


def _stop_once(signum: int, frame: object) -> None:
    """The wheel's process: the first Ctrl-C or SIGTERM during the search
    stops it (noted for the search, then KeyboardInterrupt); others are only
    noted, so the table's save and the row are not cut short."""
    from grundy.core.limits import interrupted, note_interrupt

    first = not interrupted()
    note_interrupt(signum)
    if first and _SEARCHING[0]:
        raise KeyboardInterrupt


if __name__ == "__main__":
    sys.exit(main())
