"""Compare what two builds of grundy print, command by command: a corpus of
every kind of position and the options that change an answer (rulesets,
misère play, switches, option tables, census, checks), for moves of code
that must not change any output (issue 29: "JSON output byte-identical").

Usage:
    python benchmarks/json_corpus.py --compare OLD_PYTHON

Runs each command of :data:`CORPUS` as ``python -m grundy ...`` under
``OLD_PYTHON`` (another virtual environment, or a wrapper script that sets
``PYTHONPATH`` to another checkout's ``src``) and under this Python, and
compares stdout, stderr and the exit code after blanking timings (seconds,
"in 0.01 s"). Prints one line per command (``same`` or ``DIFFER``) and exits
1 if any differ.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys

#: The commands, as argument lists of ``grundy``.
CORPUS: list[str] = [
    "value wheel:9 --json",
    "value cycle:7 divisors:30 simplex-boundary:5 chomp:5,3,3 nim:3,4,5 octal:0.07:5,3 --json",
    "value cycle:7 divisors:30 simplex-boundary:5 chomp:5,3,3 nim:3,4,5 octal:0.07:5,3",
    "value petersen --game node-kayles --json",
    "value grid:3,4 --game arc-kayles --json --explain",
    "value random:8,0.5,3 --game graph-nim --json",
    "value prism:5 --game bo-bo --misere --json",
    "value path:6 --game be-be --json --without arc_kayles",
    "value complete:4 --json --no-theory",
    "value divisors:60 --json --misere",
    "value skeleton:5,2 --json",
    "value grid:2,33 --game node-kayles --json",
    "value wheel:9 --game node-kayles --without twins",
    "value nim:3,4 --game arc-kayles",
    "moves wheel:7 --all --json",
    "moves chomp:4,4 --all --json",
    "moves nim:3,5 --misere --json",
    "moves torus --json",
    "form path:4 --game even-odd-vertex --json",
    "octal 0.07 --up-to 30 --json",
    "games",
    "families",
    "census 1..5 --json --no-progress",
    "census 1..5 --game node-kayles --misere --json --no-progress",
    "check gmk --bound 3 --json",
    "form cycle:7 divisors:30 chomp:3,2 nim:3,4 octal:0.07:5 torus --json",
    "form wheel:9 divisors:12",
    "value wheel:9 divisors:30 nim:3,4 path:5 --max-positions 30 --json",
    "value divisors:30 wheel:11 --max-positions 5 --json",
    "value chomp:3,3 --table corpus-refused.db",
    "value nim:3,4 --table-memory 1M",
    "value divisors:30 --without bogus",
    "value chomp:3,3 --without chains",
    "value divisors:30 --without involutions --json",
    "value simplex-boundary:5 --without binary_star --json",
    "moves octal:0.07:6 --misere --all --json",
    "moves octal:0.07:9 --all",
    "value simplex-boundary:5 --misere --json",
    "moves chomp:3,3 --misere --all",
    "moves divisors:12 --all --json",
    "value nim:3,4,5 --no-theory --json",
    "value octal:0.07:5,3 --no-theory --json",
    "value chomp:5x5 --json",
    "value complete:300 --json",
    "moves complete:300 --all --json",
    "value cycle:6 --game node-kayles --misere --json",
    "value path:5 --game graph-nim --no-theory --json",
    "value path:5 --game be-bo",
    "form path:5 --game be-bo --json",
    "value nim:2000000 --all",
    "moves nim:2000000 --all",
    "value divisors:30 --game node-kayles",
]

_TIMING = [
    (re.compile(r'"(seconds|wall|cpu)": [0-9.e+-]+'), r'"\1": X'),
    (re.compile(r"in [0-9.]+ s\b"), "in X s"),
]


def run(python: str, args: str) -> str:
    """stdout, stderr and exit code of ``python -m grundy ARGS``, timings blanked."""
    out = subprocess.run([python, "-m", "grundy", *args.split()], capture_output=True, text=True, timeout=600)
    text = f"{out.stdout}\n--- stderr\n{out.stderr}\n--- exit {out.returncode}\n"
    for pattern, repl in _TIMING:
        text = pattern.sub(repl, text)
    return text


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--compare", metavar="OLD_PYTHON", required=True, help="the other build's Python")
    args = ap.parse_args()
    differ = 0
    for command in CORPUS:
        same = run(args.compare, command) == run(sys.executable, command)
        differ += not same
        print(f"{'same  ' if same else 'DIFFER'} grundy {command}", flush=True)
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
