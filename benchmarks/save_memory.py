"""The peak memory of one save of a compact table to a table file.

Usage:
    python benchmarks/save_memory.py 4000000        # rows; the file goes in a temporary directory

Fills a compact table with that many values (8-byte keys), saves it once,
and prints the peak resident memory before and after the save (MiB,
``ru_maxrss``) and the save's CPU seconds. A save drains the table's rows in
parts of ``grundy.core.table.SAVE_ROWS`` (docs/tables.md, "A save's
memory"); run it under an older build's Python to compare.
"""

from __future__ import annotations

import os
import resource
import sys
import tempfile
import time

from grundy.core.table import Table


def main() -> None:
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    n = int(sys.argv[1])
    with tempfile.TemporaryDirectory() as tmp:
        table = Table(os.path.join(tmp, "save.db"), "g", compact=True)
        for i in range(n):
            table.values[i.to_bytes(8, "little")] = i % 7
        before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        start = time.process_time()
        rows = table.save()
        cpu = time.process_time() - start
        after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        table.close()
    print(f"{n:,} values, {rows:,} rows saved: peak {before // 1024:,} MiB before the save, "
          f"{after // 1024:,} MiB after; the save {cpu:.1f} s CPU")

if __name__ == "__main__":
    main()
