"""``grundy check NAME``: the papers' tables, theorems and conjectures checked
by computation (:mod:`grundy.census.checks`).

Exit codes: 0 the claim held over the range checked; 1 a counterexample was
found (the output shows it); 2 bad input (one line on stderr: unknown check,
bad bound, an option the check does not take, matplotlib missing for
``--plot``/``--picture``); 3 ``--time-limit`` or ``--max-positions`` stopped
the check (what was finished is printed first); 130 interrupted by Ctrl-C, 143
stopped by SIGTERM.
"""

from __future__ import annotations

import json
import sys

import click

from grundy.cli.common import PROG, _Command, _run
from grundy.errors import InputError

__all__ = ["check"]

#: Check-specific options: the option's spelling and the CheckSpec.options
#: name that says a check takes it.
_SPECIFIC = {"--plot": "plot", "--tail-length": "tail_length"}


def _require_matplotlib(option: str) -> None:
    """Raise InputError (one line, exit 2) if matplotlib cannot be imported."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise InputError(f"{option} needs matplotlib, which is not installed: pip install 'grundy[plot]'") from None


@click.command(cls=_Command, context_settings={"ignore_unknown_options": False})
@click.argument("name", metavar="NAME")
@click.option("--bound", "--max-size", "bound", type=int, default=None, metavar="N",
              help="How far to check: largest m, k (gmk), largest n (wheels), most vertices (the graph classes, "
                   "cycle-killing). "
                   "Default: each check's own, a few seconds.")
@click.option("--json", "as_json", is_flag=True, help="One JSON object: the statement, range, verdict, "
              "counterexamples, table rows, notes.")
@click.option("--markdown", is_flag=True, help="Print the check's table in Markdown.")
@click.option("--plot", metavar="FILE.png", default=None, help="gmk only: a heatmap of the computed table "
              "(needs matplotlib: grundy[plot]).")
@click.option("--picture", metavar="FILE.png", default=None,
              help="Draw the first counterexample (networkx + matplotlib); nothing is written if there is none.")
@click.option("--tail-length", type=int, default=None, metavar="K",
              help="pseudotree-tails only: adjoin tails of length 0..K (default 12).")
@click.option("--no-theory", is_flag=True, help="Pure search: not even the proven shortcuts (Theorems 1, 3, ...).")
@click.option("--time-limit", type=click.FloatRange(min=0, min_open=True), default=None, metavar="SECONDS",
              help="Stop the whole check after this many seconds (exit code 3; what was finished is shown).")
@click.option("--max-positions", type=click.IntRange(min=1), default=None, metavar="N",
              help="Stop after expanding N positions in all (exit code 3).")
def check(name: str, bound: int | None, as_json: bool, markdown: bool, plot: str | None, picture: str | None,
          tail_length: int | None, no_theory: bool, time_limit: float | None, max_positions: int | None) -> None:
    """Check a table, theorem or conjecture of the papers by computing
    nim-values by search over the graphs it speaks of (the search never uses
    the statement being checked).

    NAME is one of: of Khandhawit-Ye, "Chomp on Graphs and Subsets": gmk
    (Table 4, Theorems 4-5), wheels (Conjecture 3), pseudotree-mod4 and
    pseudotree-tails (Conjecture 1), two-branch (Conjecture 2), hairballs
    (Theorem 6), corollary-2, corollary-3; of Magura-Pong-Cartee-Valakuzhy,
    "Chomp the Graph": cycle-killing (the table of graphs with a single odd
    cycle).
    """
    code = [0]

    def body() -> None:
        from grundy.census.checks import CHECKS, draw_counterexample, plot_gmk
        from grundy.games.graphs.theory import Theory

        spec = CHECKS.get(name)
        if spec is None:
            raise InputError(f"unknown check {name!r}; valid checks: {', '.join(CHECKS)}")
        given = {"--plot": plot is not None, "--tail-length": tail_length is not None}
        for option, used in given.items():
            if used and _SPECIFIC[option] not in spec.options:
                takers = [c for c, s in CHECKS.items() if _SPECIFIC[option] in s.options]
                raise InputError(f"{option} does not apply to the check {name} (only to: {', '.join(takers)})")
        if as_json and markdown:
            raise InputError("--json and --markdown exclude each other")
        for option, path in (("--plot", plot), ("--picture", picture)):
            if path is not None:
                if not path.strip():
                    raise InputError(f"{option}: empty file name")
                _require_matplotlib(option)
        kwargs: dict[str, object] = {"theory": Theory.none() if no_theory else None,
                                     "time_limit": time_limit, "max_positions": max_positions}
        if tail_length is not None:
            kwargs["tail_length"] = tail_length
        result = spec.function(spec.default_bound if bound is None else bound, **kwargs)

        def note(text: str) -> None:
            click.echo(text, err=as_json or markdown)

        if as_json:
            click.echo(json.dumps(result.to_json()))
        elif markdown:
            click.echo(result.markdown())
        else:
            for line in result.summary():
                click.echo(line)
            for case in (result.counterexamples or [])[1:5]:
                click.echo(f"    also: {case.get('name') or case['graph6']}: nim-value {case['value']}, "
                           f"claimed {case['claimed']} [{case['claim']}]")
            for line in result.notes:
                click.echo(f"  note: {line}")
        try:
            if plot is not None:
                plot_gmk(result, plot)
                note(f"wrote the heatmap to {plot}")
            if picture is not None:
                if draw_counterexample(result, picture):
                    note(f"wrote the first counterexample to {picture}")
                else:
                    note(f"no counterexample to draw: {picture} not written")
        except OSError as exc:
            raise InputError(f"cannot write {exc.filename}: {exc.strerror}") from None
        except ImportError as exc:
            raise InputError(f"drawing needs {exc.name or 'a missing module'}, which is not installed") from None
        if result.stopped:
            checked = f"{result.checked} position" + ("" if result.checked == 1 else "s")
            click.echo(f"{PROG}: error: {name}: stopped at the {result.stopped} after {checked}; "
                       "the output covers what was finished; raise the limit to go further", err=True)
            code[0] = 3
        elif not result.holds:
            code[0] = 1

    _run(body)
    if code[0]:
        sys.exit(code[0])
