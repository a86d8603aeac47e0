"""Outcome certificates (``grundy certify SPEC --outcome``): records, size, and
the CPU time to certify and to verify, one position after another.

Usage:
    python benchmarks/outcome_certificates.py wheel:9 simplex-boundary:5
    python benchmarks/outcome_certificates.py random:10,0.6,1 random:11,0.5,1 --game chomp
    python benchmarks/outcome_certificates.py skeleton:7,3 --table sk73.db --time-limit 200
                        # hints from a table file (a copy of it: the file is not changed);
                        # records made within the limit, when the certificate is not done

For each spec it prints one line: the outcome, the records by justification
(``move``, ``replies``, ``mex``, ``involution``), the gzip size in bytes, the
CPU seconds of the certifying search and of ``grundy.verify`` (the checker
re-reads the file written), and the verdict. Results are recorded in
docs/certificates.md, "Outcome certificates". With ``--time-limit`` a
certificate not done in time prints the records made and the CPU seconds
spent (the table file's load included) instead.
"""

from __future__ import annotations

import argparse
import os
import shutil
import tempfile
import time

from grundy import verify as V
from grundy.certify import certify_spec, write_certificate
from grundy.errors import SearchLimitReached


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("specs", nargs="+", help="positions (graphs or complexes)")
    parser.add_argument("--game", default=None,
                        help="the graph ruleset (default chomp; only for graphs: complexes, posets and octal "
                             "heaps have their own game)")
    parser.add_argument("--table", default=None,
                        help="hints from this table file (grundy value --table); a copy is used")
    parser.add_argument("--time-limit", type=float, default=None, help="seconds for each certificate")
    args = parser.parse_args()
    game = {"game": args.game} if args.game else {}
    for spec in args.specs:
        # a directory of its own for each spec: the copy of the table and its WAL go with it
        with tempfile.TemporaryDirectory() as tmp:
            table = None
            if args.table:
                table = os.path.join(tmp, "table.db")
                shutil.copyfile(args.table, table)
            start = time.process_time()
            try:
                cert = certify_spec(spec, outcome=True, table=table, time_limit=args.time_limit, **game)
            except SearchLimitReached as stop:
                print(f"{spec}: stopped at the limit after {stop.positions:,} records; "
                      f"{time.process_time() - start:.2f} s CPU", flush=True)
                continue
            certify_cpu = time.process_time() - start
            path = os.path.join(tmp, "cert.jsonl.gz")
            size = write_certificate(cert, path)
            start = time.process_time()
            report = V.verify_file(path)
            verify_cpu = time.process_time() - start
            print(f"{spec} ({cert.header['game']}): {cert.header['outcome']}; {len(cert.records):,} records {cert.counts()}; "
                  f"{size:,} bytes; certify {certify_cpu:.2f} s CPU; verify {verify_cpu:.2f} s CPU: "
                  f"verified {report.outcome}", flush=True)


if __name__ == "__main__":
    main()
