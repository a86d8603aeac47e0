"""The ``grundy`` command.

Exit codes: 0 success; 2 bad input (one line on stderr); 3 a search stopped by
``--time-limit`` or ``--max-positions``; 130 interrupted by Ctrl-C.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator
from typing import Any

import click

from .analysis import Analysis, analyze_graph
from .engine import Solver
from .errors import InputError, SearchLimitReached
from .theory import Theory

__all__ = ["main"]


def _fail(message: str, code: int) -> None:
    click.echo(f"grundy: error: {message}", err=True)
    sys.exit(code)


def _search_options(f: Callable[..., Any]) -> Callable[..., Any]:
    f = click.option("--json", "as_json", is_flag=True, help="One JSON object per graph (JSON lines).")(f)
    f = click.option("--no-theory", is_flag=True, help="Pure search: no closed forms or reductions from the papers.")(f)
    f = click.option("--time-limit", type=click.FloatRange(min=0, min_open=True), metavar="SECONDS", help="Stop the search after this many seconds (exit code 3).")(f)
    f = click.option("--max-positions", type=click.IntRange(min=1), metavar="N", help="Stop the search after expanding N positions (exit code 3).")(f)
    f = click.option("--progress/--no-progress", default=None, help="Progress on stderr for long searches (default: when stderr is a terminal).")(f)
    return f


def _solver(no_theory: bool, time_limit: float | None, max_positions: int | None, progress: bool | None) -> Solver:
    if progress is None:
        progress = sys.stderr.isatty()
    return Solver(
        Theory.none() if no_theory else Theory(),
        time_limit=time_limit,
        max_positions=max_positions,
        progress=progress,
    )


def _analyses(specs: tuple[str, ...], solver: Solver, option_table: bool) -> Iterator[Analysis]:
    """Load every spec and analyse each graph in input order."""
    from .io import load

    for spec in specs:
        for item in load(spec, stdin=sys.stdin):
            if item.graph is None:
                assert item.closed_form is not None
                value, reason = item.closed_form
                yield Analysis(
                    name=item.name,
                    value=value,
                    winning_moves=None,
                    explanation=[
                        f"too large to build ({item.vertices} vertices, {item.edges} edges); "
                        f"value from the family's closed form: {reason}"
                    ],
                    stats={"positions": 0, "table_hits": 0, "closed_forms": 1, "reductions": 0, "seconds": 0.0},
                    vertices=item.vertices,
                    edges=item.edges,
                )
            else:
                yield analyze_graph(item.graph, solver, name=item.name, option_table=option_table)


def _run(body: Callable[[], None]) -> None:
    """Run a command body, turning errors into one line and an exit code."""
    try:
        body()
    except InputError as e:
        _fail(str(e), 2)
    except SearchLimitReached as e:
        _fail(str(e), 3)
    except KeyboardInterrupt:
        click.echo("\ngrundy: interrupted; nothing was printed for the unfinished position", err=True)
        sys.exit(130)


def _moves_text(a: Analysis) -> str:
    if a.winning_moves is None:
        return "not listed (too large to build)"
    if not a.winning_moves:
        return "none (every move loses)"
    return ", ".join(str(m) for m in a.winning_moves)


def _print_block(a: Analysis, explain: bool = True) -> None:
    click.echo(f"{a.name or 'graph'}  ({a.vertices} vertices, {a.edges} edges)")
    click.echo(f"  nim-value: {a.value}")
    click.echo(
        f"  outcome:   {a.outcome}"
        + ("  (the player to move wins)" if a.outcome == "N" else "  (the player to move loses)")
    )
    click.echo(f"  winning moves: {_moves_text(a)}")
    if a.options is not None:
        click.echo("  options (move -> nim-value of the result):")
        for m, v in a.options:
            click.echo(f"    {str(m):<30} -> {v}" + ("   wins" if v == 0 else ""))
    if explain:
        click.echo("  why:")
        for line in a.explanation:
            click.echo(f"    - {line}")
    s = a.stats
    click.echo(
        f"  searched {s['positions']} positions in {s['seconds']:.2f} s "
        f"({s['table_hits']} table hits, {s['closed_forms']} closed forms, {s['reductions']} reductions)"
    )


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="grundy")
def main() -> None:
    """Who wins Graph Chomp, and how.

    A position is a finite simple graph; a move removes a vertex with its
    edges, or one edge; whoever cannot move loses. SPEC is a family
    (`wheel:9`, `petersen`; see `grundy families`), a graph6 or sparse6
    string, a file (.g6 .s6 .edges .txt .json), or - for graph6 on stdin.
    """


@main.command()
@click.argument("specs", nargs=-1, required=True, metavar="SPEC...")
@click.option("--explain/--brief", default=None, help="Show the explanation (default: when there is one graph).")
@_search_options
def value(specs: tuple[str, ...], explain: bool | None, as_json: bool, no_theory: bool,
          time_limit: float | None, max_positions: int | None, progress: bool | None) -> None:
    """Nim-value, outcome and winning moves of each graph."""

    def body() -> None:
        solver = _solver(no_theory, time_limit, max_positions, progress)
        results = _analyses(specs, solver, option_table=False)
        if as_json:
            for a in results:
                click.echo(json.dumps(a.to_json()))
            return
        first = next(results, None)
        second = next(results, None)
        if first is None:
            return
        if second is None:
            _print_block(first, explain is not False)
            return
        for a in (first, second, *results):
            if explain:
                _print_block(a)
            else:
                click.echo(
                    f"{a.name}: nim-value {a.value}, outcome {a.outcome}, winning moves: {_moves_text(a)}"
                )

    _run(body)


@main.command()
@click.argument("spec", metavar="SPEC")
@click.option("--all", "all_options", is_flag=True, help="Also print every option and its nim-value.")
@_search_options
def moves(spec: str, all_options: bool, as_json: bool, no_theory: bool,
          time_limit: float | None, max_positions: int | None, progress: bool | None) -> None:
    """Winning moves of a graph (with --all, the whole option table)."""

    def body() -> None:
        solver = _solver(no_theory, time_limit, max_positions, progress)
        for a in _analyses((spec,), solver, option_table=all_options):
            if as_json:
                click.echo(json.dumps(a.to_json()))
            else:
                _print_block(a, explain=False)

    _run(body)


@main.command()
@click.option("--json", "as_json", is_flag=True, help="As a JSON list.")
def families(as_json: bool) -> None:
    """List the named graph families and their parameters."""
    from .families import list_families

    fams = list_families()
    if as_json:
        click.echo(json.dumps([{"name": f.name, "params": f.params, "definition": f.definition} for f in fams]))
        return
    width = max(len(f"{f.name}:{f.params}" if f.params else f.name) for f in fams)
    for f in fams:
        syntax = f"{f.name}:{f.params}" if f.params else f.name
        click.echo(f"{syntax:<{width}}  {f.definition}")


if __name__ == "__main__":  # pragma: no cover
    main()
