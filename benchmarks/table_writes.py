"""Checkpoint writes into a big table file: rows in digest order, as they come, or to the journal.

    python benchmarks/table_writes.py --existing 2000000 --rows 200000

Builds a table file with ``--existing`` random digest rows, then times
``SQLiteFile.write_digests`` of ``--rows`` new random rows (half values, half
partial) given in random order, as a save of a compact table hands them over,
once with the rows sorted by digest first (what ``write_digests`` does), once
without, and once appended to the journal (``append_digests``, what an unbounded
compact table's save does), then the journal merged (``merge_journal``),
alternating, each into its own copy of the file. Prints seconds (wall and CPU)
per write. docs/tables.md ("Checkpoints in digest order", "A journal for
checkpoints") has the measurements.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import tempfile
import time

from grundy.core import tablefile as table_module
from grundy.core.tablefile import SQLiteFile


def _rows(rnd: random.Random, n: int) -> list[tuple[bytes, int | None, int]]:
    return [(rnd.randbytes(12), rnd.randrange(4) if i % 2 else None, 0 if i % 2 else 1 << rnd.randrange(8))
            for i in range(n)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--existing", type=int, default=2_000_000, help="rows already in the file")
    parser.add_argument("--rows", type=int, default=200_000, help="rows per write")
    parser.add_argument("--repeat", type=int, default=2, help="writes of each kind")
    args = parser.parse_args()
    rnd = random.Random(1)
    with tempfile.TemporaryDirectory() as tmp:
        base = os.path.join(tmp, "base.db")
        f = SQLiteFile(base, "chomp")
        for start in range(0, args.existing, 500_000):
            f.write_digests(_rows(rnd, min(500_000, args.existing - start)))
        f.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        f.close()
        in_order = table_module._in_index_order
        for r in range(args.repeat):
            batch = _rows(rnd, args.rows)
            for kind in ("sorted", "as given", "journal"):
                path = os.path.join(tmp, f"{kind}-{r}.db")
                shutil.copy(base, path)
                f = SQLiteFile(path, "chomp")
                if kind == "as given":
                    table_module._in_index_order = list
                try:
                    wall, cpu = time.perf_counter(), time.process_time()
                    (f.append_digests if kind == "journal" else f.write_digests)(batch)
                    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
                    if kind == "journal":
                        mwall, mcpu = time.perf_counter(), time.process_time()
                        f.merge_journal()
                        print(f"  (then the journal merged: {time.perf_counter() - mwall:.2f} s wall, "
                              f"{time.process_time() - mcpu:.2f} s CPU)", flush=True)
                finally:
                    table_module._in_index_order = in_order
                    f.close()
                    os.remove(path)
                print(f"{kind:>9}: {args.rows} rows into {args.existing}: {wall:.2f} s wall, {cpu:.2f} s CPU",
                      flush=True)


if __name__ == "__main__":
    main()
