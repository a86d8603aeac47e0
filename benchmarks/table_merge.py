"""Merge table files: the halves of a long search, one file.

Usage:
    python benchmarks/table_merge.py INTO FROM [FROM ...] [--game GAME]

A long search can run as two processes, one per core, each with a table
file of its own (for Gale's game on 7 points: ``benchmarks/gale.py
--replies 7 --sizes 4 --only ...``, each process on its own replies).
This merges the rows of GAME (default ``complex-form-v2``, the
complex search's; ``graph:chomp`` for Graph Chomp) of every FROM file into
INTO (created if missing), streamed, as
:meth:`grundy.core.tablefile.SQLiteFile.absorb` does: a value is kept,
masks of values a position does not have are joined, and neither file is
held in memory. The FROM files are read, never written. A later run, or
``grundy certify --table INTO``, then reads what both searches learned.

Shows the rows merged (a ``tqdm`` counter on standard error), then prints
the rows read from each file and the rows INTO holds at the end.
Exit codes: 0 merged, 2 bad input (a FROM file missing or not a table
file, INTO among the FROM files), 130 Ctrl-C (INTO keeps the batches
written, each a part of FROM's rows; running the merge again completes it).
"""

from __future__ import annotations

import argparse
import os
import sys
import time

from tqdm import tqdm

from grundy.core.tablefile import SQLiteFile
from grundy.errors import InputError
from grundy.games.complexes.game import ComplexGame


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("into", help="the table file to merge into (created if missing)")
    ap.add_argument("sources", nargs="+", metavar="FROM", help="table files to read")
    ap.add_argument("--game", default=ComplexGame.name, help="the game whose rows are merged")
    args = ap.parse_args()
    if any(os.path.abspath(s) == os.path.abspath(args.into) for s in args.sources):
        print("error: INTO is among the FROM files", file=sys.stderr)
        return 2
    t0 = time.perf_counter()
    try:
        into = SQLiteFile(args.into, args.game, check=False)
    except InputError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    try:
        for path in args.sources:
            with tqdm(desc=path, unit=" rows", unit_scale=True, file=sys.stderr, mininterval=2.0) as bar:
                rows = into.absorb(path, progress=lambda n: bar.update(n - bar.n))
            print(f"{path}: {rows} rows merged ({time.perf_counter() - t0:.1f} s)", flush=True)
        with_value, partial = into.count()
    except InputError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("interrupted: INTO keeps the rows merged so far; run the merge again to complete it",
              file=sys.stderr)
        return 130
    finally:
        into.close()
    print(f"{args.into}: {with_value} rows with a value, {partial} partial ({time.perf_counter() - t0:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
