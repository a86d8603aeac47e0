"""How long a run takes to resume from a table file: opening it and reading
its rows into a compact table.

Usage:
    python benchmarks/table_load.py TABLE [--game complex-form-v2] [--cold] [--quick-check]

Prints the rows read and, for each step, wall and CPU seconds: ``open``
(:class:`grundy.core.tablefile.SQLiteFile`: the checks of the file and its
schema, as a search's table opens it: without SQLite's ``quick_check``
unless ``--quick-check`` is given; trees before the ``check`` parameter
always ran it) and ``load`` (:meth:`SQLiteFile.load_compact` into an unbounded
:class:`grundy.core._compiled.CompactTable`), and the rows per CPU second
of the load. ``--cold`` first drops the operating system's page cache
(root only: ``/proc/sys/vm/drop_caches``), as after a reboot; without it
the file is read from wherever it is.

The rows are only read; opening the file creates the tables grundy's
current version adds if they are missing (the checkpoint journal), as any
run would. Run it with ``PYTHONPATH=<a copy of
another tree's src>`` to compare two trees back to back.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

from grundy.core._compiled import CompactTable
from grundy.core.tablefile import SQLiteFile
from grundy.games.complexes.game import ComplexGame


def _step(name: str, f):  # type: ignore[no-untyped-def]
    t, c = time.perf_counter(), time.process_time()
    out = f()
    print(f"{name:5} {time.perf_counter() - t:8.1f} s wall {time.process_time() - c:8.1f} s CPU", flush=True)
    return out, time.process_time() - c


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("table")
    p.add_argument("--game", default=ComplexGame.name, help="the game column of the rows (default: Gale's)")
    p.add_argument("--cold", action="store_true", help="drop the page cache first (root)")
    p.add_argument("--quick-check", action="store_true", help="run SQLite's quick_check on opening")
    a = p.parse_args(argv)
    if not os.path.isfile(a.table):
        print(f"table_load: no file {a.table}", file=sys.stderr)
        return 2
    if a.cold:
        os.sync()
        with open("/proc/sys/vm/drop_caches", "w") as fh:
            fh.write("3\n")
    print(f"{a.table}: {os.path.getsize(a.table) / 1e9:.2f} GB", flush=True)
    try:
        f, _ = _step("open", lambda: SQLiteFile(a.table, a.game, check=a.quick_check))
    except TypeError:  # a tree before SQLiteFile's check parameter: it always checks
        f, _ = _step("open", lambda: SQLiteFile(a.table, a.game))
    table = CompactTable()
    rows, cpu = _step("load", lambda: f.load_compact(table))
    f.close()
    print(f"rows  {rows:,} ({rows / max(cpu, 1e-9):,.0f} per CPU second)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
