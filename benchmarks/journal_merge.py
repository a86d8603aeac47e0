"""Time one journal merge of a table file and follow its WAL file.

Usage:
    python benchmarks/journal_merge.py build FILE DIGESTS JOURNAL   # a file to merge (seeded)
    python benchmarks/journal_merge.py merge FILE [GAME]             # merge it, print the measures

``build`` writes DIGESTS digest rows (values) and appends JOURNAL journal
rows (a third of them on digests already there, half of them partial), as
an unbounded compact table's saves would, under the game name ``g``. ``merge`` opens the file,
merges the journal of GAME (default ``g``; ``complex-form-v2`` for a
Gale run's file) (:meth:`grundy.core.tablefile.SQLiteFile.merge_journal`)
and prints the wall and CPU seconds of the merge, the largest size the WAL
file and SQLite's temporary files reached (polled every 20 ms by a
thread; Linux only, through /proc) and the rows moved. Run
``merge`` on copies of one built file, with each code's ``src`` on
PYTHONPATH, to compare two versions back to back.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import threading
import time

from grundy.core.tablefile import SQLiteFile


def build(path: str, digests: int, journal: int) -> None:
    rnd = random.Random(11)

    def digest() -> bytes:  # a compact table's: the first byte odd (the slot's occupied bit)
        return bytes([rnd.randrange(128) * 2 + 1]) + rnd.randbytes(11)

    f = SQLiteFile(path, "g")
    old = []
    for start in range(0, digests, 1_000_000):
        batch = [(digest(), rnd.randrange(4), 0) for _ in range(min(1_000_000, digests - start))]
        f.write_digests(batch)
        old.extend(d for d, _, _ in batch[::3])
    for start in range(0, journal, 1_000_000):
        f.append_digests([(old[(start + i) % len(old)] if i % 3 == 0 else digest(),
                           None if i % 2 else 1, 0 if i % 2 == 0 else 6)
                          for i in range(min(1_000_000, journal - start))])
    f.close()


def merge(path: str, game: str = "g") -> None:
    wal = path + "-wal"
    peak = [0, 0]
    done = threading.Event()

    def temporary_bytes() -> int:
        """Bytes of SQLite's temporary files open in this process (unlinked
        at once, named etilqs_*: the sorter's runs, temporary tables)."""
        total = 0
        for fd in os.listdir("/proc/self/fd"):
            try:
                if "etilqs_" in os.readlink(f"/proc/self/fd/{fd}"):
                    total += os.stat(f"/proc/self/fd/{fd}").st_size
            except OSError:
                pass
        return total

    def poll() -> None:
        while not done.is_set():
            try:
                peak[0] = max(peak[0], os.path.getsize(wal))
            except OSError:
                pass
            peak[1] = max(peak[1], temporary_bytes())
            time.sleep(0.02)

    f = SQLiteFile(path, game, check=False)  # no quick_check: the merge reads what it needs
    watcher = threading.Thread(target=poll, daemon=True)
    watcher.start()
    t, c = time.perf_counter(), time.process_time()
    moved = f.merge_journal()
    wall, cpu = time.perf_counter() - t, time.process_time() - c
    done.set()
    watcher.join()
    f.close()
    print(f"moved {moved} rows in {wall:.1f} s ({cpu:.1f} s CPU); WAL peak {peak[0] / 2**20:.0f} MiB; "
          f"temporary files peak {peak[1] / 2**20:.0f} MiB; "
          f"file {os.path.getsize(path) / 2**20:.0f} MiB")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="command", required=True)
    b = sub.add_parser("build", help="write a file to merge (seeded)")
    b.add_argument("file")
    b.add_argument("digests", type=int, help="digest rows (values)")
    b.add_argument("journal", type=int, help="journal rows")
    m = sub.add_parser("merge", help="merge a file's journal and print the measures")
    m.add_argument("file")
    m.add_argument("game", nargs="?", default="g", help="the rows' game (default g)")
    args = ap.parse_args()
    if args.command == "build":
        if args.digests < 1 or args.journal < 0:
            ap.error("build needs at least one digest row and no negative journal rows")
        build(args.file, args.digests, args.journal)
    else:
        if not os.path.exists(args.file):
            ap.error(f"no such file: {args.file}")
        merge(args.file, args.game)
    return 0


if __name__ == "__main__":
    sys.exit(main())
