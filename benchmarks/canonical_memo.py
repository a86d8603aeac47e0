"""The graph kernel's canonical labelling memo, on against off: search CPU
time of each case of ``benchmarks/rulesets.py``, and how often the memo
answered, by order of graph.

Usage:
    python benchmarks/canonical_memo.py [--repeat N] [--only TEXT]

Each case runs in a fresh process with the memo off
(``grundy.games.graphs._kernel.canonical_memo(0)``: nauty keys every graph)
and on (the default), alternating ``--repeat`` times (default 3); the least
CPU time of each is printed (``rulesets.run_case``: the search alone, a
search under a second repeated in its process), with the ratio off / on and,
from the runs with the memo on, the share of the graphs of each order (7 to
11 vertices) that the memo answered without nauty (of every graph of that
order the kernel's look-ups keyed, those of an order it was passing
straight to nauty included; over all the runs of the process). Positions and values
must be the same either way (the keys are): the script checks it.
"""

from __future__ import annotations

from rulesets import compare_variants


def setup(memo: bool) -> str:
    """Statements that turn the memo off (nauty keys every graph) or leave it on."""
    return ("from grundy.games.graphs import _kernel\n"
            f"_kernel.canonical_memo({'_kernel.CANONICAL_MEMO_MAX' if memo else 0})")


def main() -> None:
    variants = {"off": setup(False), "on": setup(True)}
    report = "{k: list(v) for k, v in _kernel.canonical_memo().items()}"  # the memo's counts per order
    for spec, game, best in compare_variants(__doc__, variants, report):
        off, on = best["off"], best["on"]
        rates = " ".join(f"{k}:{h / c:.0%}" for k, (c, h) in sorted(on["report"].items(), key=lambda kv: int(kv[0]))
                         if int(k) >= 7 and c)
        ratio = off["cpu"] / on["cpu"] if on["cpu"] else float("nan")
        print(f"{spec:18} {game:12} {on['positions']:>9} positions | off {off['cpu']:7.2f} s | "
              f"on {on['cpu']:7.2f} s | {ratio:5.2f}x | answered {rates}", flush=True)


if __name__ == "__main__":
    main()
