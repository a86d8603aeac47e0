"""What ``grundy value`` and ``grundy moves`` share: the search options,
the solver, the answers (one :class:`~grundy.analysis.Analysis` per
position, every kind) and how they are printed (text blocks, one line per
position, or JSON lines), and :func:`_answer`, the body of both commands."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator
from typing import Any

import click

from grundy.analysis import Analysis, analyze_graph, analyze_misere
from grundy.cli.common import _run, _Stopped
from grundy.cli.limits import _alarm, _grace
from grundy.cli.positions import _budget_stop, _check_game, _Item, _read, _refuse, _ruleset_name
from grundy.core.table import table_memory
from grundy.errors import InputError, SearchLimitReached
from grundy.games.graphs.formulas import plural
from grundy.games.graphs.game import Solver
from grundy.games.graphs.misere import MisereSolver
from grundy.games.graphs.rulesets import get_ruleset
from grundy.games.graphs.theory import Theory, switches_used
from grundy.readwrite.graphs import LoadedPosition
from grundy.results import analyze_other, switches_for


# -- search -------------------------------------------------------------------
_UNITS = {"": 1, "K": 1 << 10, "M": 1 << 20, "G": 1 << 30, "T": 1 << 40}


def _memory_size(ctx: click.Context, param: click.Parameter, text: str | None) -> int | None:
    """``--table-memory``: bytes from ``4096``, ``512M``, ``4G`` (K, M, G,
    T: powers of 1024; ``4Gi``, ``4GB``, ``4GiB`` too)."""
    if text is None:
        return None
    t = text.strip().upper().removesuffix("B").removesuffix("I")
    unit = t[-1:] if t[-1:] in _UNITS else ""
    number = t[: len(t) - len(unit)].strip()
    try:
        size = float(number) * _UNITS[unit]
    except ValueError:
        size = float("nan")
    if size != size or size in (float("inf"), float("-inf")):
        raise click.BadParameter(f"{text!r} is not a size (e.g. 512M, 4G)")
    if size < 2560:
        raise click.BadParameter(f"{text!r}: a table needs at least 2560 bytes (2.5K)")
    if size >= 1 << 50:
        raise click.BadParameter(f"{text!r} is more memory than any machine here has")
    return int(size)


def _search_options(f: Callable[..., Any]) -> Callable[..., Any]:
    f = click.option("--json", "as_json", is_flag=True, help="One JSON object per position (JSON lines).")(f)
    f = click.option("--no-theory", is_flag=True, help="Pure search: no closed forms or reductions from the papers.")(f)
    f = click.option("--game", default=None, metavar="NAME",
                     help="The ruleset for graphs (default graph-chomp, also spelled chomp); see `grundy games`.")(f)
    f = click.option("--table", metavar="PATH", default=None,
                     help="Keep the search's table in this SQLite file: a later run reuses it (graphs, posets, complexes).")(f)
    f = click.option("--table-memory", metavar="SIZE", default=None, callback=_memory_size,
                     help="Bound the search's table to SIZE bytes (e.g. 512M, 4G): past it the table spills to "
                     "the --table file and reads rows back when needed (without a file it forgets them).")(f)
    f = click.option("--misere", is_flag=True, help="Misère play: the player who cannot move wins (outcome only).")(f)
    f = click.option(
        "--without",
        metavar="NAMES",
        default="",
        help="Switch off these results, comma-separated; each kind has its own: graphs "
        + ", ".join(Theory.names()) + " (those the ruleset's search uses; others are refused); posets chains, involutions, cancel_pairs; complexes graphs, "
        "binary_star, involutions, cancel_pairs (Chomp, Nim and octal have none).",
    )(f)
    f = click.option("--time-limit", type=click.FloatRange(min=0, min_open=True), metavar="SECONDS",
                     help="Stop a position's search after this many seconds (exit code 3).")(f)
    f = click.option("--max-positions", type=click.IntRange(min=1), metavar="N",
                     help="Stop after expanding N positions in all, over every position given (exit code 3).")(f)
    f = click.option("--progress/--no-progress", default=None, help="Progress on stderr for long searches (default: when stderr is a terminal).")(f)
    return f


def _theory(no_theory: bool, without: str, ruleset: str = "chomp", misere: bool = False) -> Theory:
    """The Theory for ``--no-theory`` / ``--without NAMES`` on graphs under
    ``ruleset`` (a registry name), in normal or misère play.

    Raises
    ------
    InputError
        On a name that is not one of :meth:`Theory.names`; on a name the
        ruleset's search does not use in that play
        (:func:`grundy.games.graphs.theory.switches_used`), and on
        ``--no-theory`` where it uses none, naming the option and the
        ruleset: an option accepted is an option honoured.
    """
    used = switches_used(ruleset, misere)
    play = "misère" if misere else "normal"
    if no_theory:
        if not used:
            raise InputError(f"option --no-theory does not apply to {ruleset} in {play} play: "
                             "its search uses no switchable result")
        return Theory.none()
    names = [w.strip() for w in without.split(",") if w.strip()]
    bad = [w for w in names if w not in Theory.names()]
    if bad:
        raise InputError(
            f"unknown result {', '.join(map(repr, bad))} for --without; valid: {', '.join(Theory.names())}"
        )
    unused = [w for w in names if w not in used]
    if unused:
        raise InputError(
            f"option --without {','.join(unused)} does not apply to {ruleset} in {play} play: its search uses "
            + (", ".join(used) if used else "no switchable result")
        )
    return Theory.only(*[n for n in Theory.names() if n not in names])


def _solver(theory: Theory, time_limit: float | None, max_positions: int | None, progress: bool | None,
            game: str | None = "chomp", misere: bool = False, table: str | None = None) -> Solver | MisereSolver:
    if progress is None:
        progress = sys.stderr.isatty()
    ruleset = get_ruleset(_ruleset_name(game))
    if misere:
        return MisereSolver(ruleset, theory, time_limit=time_limit, max_positions=max_positions, progress=progress)
    return Solver(
        theory,
        ruleset=ruleset,
        time_limit=time_limit,
        max_positions=max_positions,
        progress=progress,
        table=table,
    )


def _answers(
    items: list[_Item], solver: Solver | MisereSolver, option_table: bool, no_theory: bool, without: str,
    misere: bool, time_limit: float | None, max_positions: int | None, progress: bool | None, table: str | None,
) -> Iterator[Analysis]:
    """Answer each position in order, one at a time, as an :class:`Analysis`
    (one result type for every kind).

    Raises
    ------
    _Stopped
        When a limit stops a search (``.json`` holds the position's line).
    """
    graph_items = [i.position for i in items if i.kind == "graph"]
    graphs = _analyses(graph_items, solver, option_table)
    spent = 0  # positions searched for the positions that are not graphs
    for item in items:
        if item.kind == "graph":
            if max_positions is not None:
                # one budget for every position: the graphs' solver counts its own positions only
                solver.limits.max_positions = max(max_positions - spent, 0)
            try:
                with _alarm(_grace(time_limit), time_limit):
                    answer = next(graphs)
                yield answer
            except _Stopped as stopped:
                raise _Stopped(stopped.name, _budget_stop(stopped.limit, max_positions,
                                                          stopped.limit.positions + spent)) from None
            continue
        left = None if max_positions is None else max(max_positions - spent - solver.stats.positions, 0)
        try:
            with _alarm(_grace(time_limit), time_limit):
                d = analyze_other(
                    item.kind, item.position, item.name, misere=misere, option_table=option_table,
                    theory=switches_for(item.kind, no_theory, without), time_limit=time_limit,
                    max_positions=left, progress=bool(sys.stderr.isatty() if progress is None else progress),
                    table=table,
                )
        except SearchLimitReached as limit:
            raise _Stopped(item.name, _budget_stop(limit, max_positions,
                                                   limit.positions + spent + solver.stats.positions)) from None
        spent += d["stats"].get("positions", 0)
        yield Analysis.from_json(d, item.kind)


def _analyses(items: list[LoadedPosition], solver: Solver, option_table: bool) -> Iterator[Analysis]:
    """Analyse each loaded graph in order, one at a time."""
    for item in items:
        if item.graph is None and (solver.ruleset.name != "chomp" or isinstance(solver, MisereSolver)):
            raise InputError(
                f"{item.name}: too large to build ({item.vertices} vertices); its closed form is for "
                "normal-play Graph Chomp only"
            )
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
            try:
                if isinstance(solver, MisereSolver):
                    yield analyze_misere(item.graph, solver, name=item.name, option_table=option_table)
                else:
                    yield analyze_graph(item.graph, solver, name=item.name, option_table=option_table)
            except SearchLimitReached as limit:
                raise _Stopped(item.name or "graph", limit) from None


# -- output -------------------------------------------------------------------
def _json(a: Analysis, option_table: bool = False) -> str:
    out = a.to_json()
    if option_table:
        out.setdefault("options", None)  # too large to build: no table, as for winning_moves
    return json.dumps(out)


def _moves_text(a: Analysis) -> str:
    if a.winning_moves is None:
        return "not listed (too large to build)"
    if not a.winning_moves:
        return "none (every move loses)"
    return ", ".join(str(m) for m in a.winning_moves)


def _print_block(a: Analysis, explain: bool = True, option_table: bool = False) -> None:
    game = "" if a.game == "chomp" and not a.misere else f", game {a.game}" + (" (misère)" if a.misere else "")
    if a.kind == "graph":
        click.echo(f"{a.name or 'graph'}  ({plural(a.vertices, 'vertex', 'vertices')}, {plural(a.edges, 'edge')}{game})")
    else:
        click.echo(f"{a.name}  ({a.kind}, game {a.game}" + (", misère play)" if a.misere else ")"))
    if a.value is not None:
        click.echo(f"  nim-value: {a.value}")
    click.echo(
        f"  outcome:   {a.outcome}"
        + ("  (the player to move wins)" if a.outcome == "N" else "  (the player to move loses)")
    )
    click.echo(f"  winning moves: {_moves_text(a)}")
    if a.options is not None:
        click.echo("  options (move -> " + ("outcome" if a.misere else "nim-value") + " of the result):")
        for m, v in a.options:
            click.echo(f"    {str(m):<30} -> {v}" + ("   wins" if v in (0, "P") else ""))
    elif option_table:
        click.echo("  options: not listed (too large to build)")
    first = (a.extra or {}).get("first_moves")
    stopped = (a.extra or {}).get("first_moves_stopped")
    if first or stopped:
        click.echo("  first moves up to symmetry (remove a face of size k -> nim-value of the result):")
        click.echo("    " + (", ".join(f"k={m['face_size']}: {m['value']}" for m in first) or "none settled"))
    if stopped:
        option = "--time-limit" if stopped.startswith("time") else "--max-positions"
        click.echo(f"    (the rest not searched: stopped at the {stopped} after the value was found; raise {option})")
    replies = (a.extra or {}).get("complement_replies")
    if replies:
        won = [str(m["face_size"]) for m in replies if m["wins"]]
        lost = [str(m["face_size"]) for m in replies if not m["wins"]]
        click.echo("  first moves answered by removing the complementary set next:")
        click.echo("    leaves a P-position, so the first move loses: " + ("k=" + ", ".join(won) if won else "none"))
        if lost:
            click.echo("    leaves an N-position (decides nothing): k=" + ", ".join(lost))
    if explain:
        click.echo("  why:")
        for line in a.explanation:
            click.echo(f"    - {line}")
    s = a.stats
    click.echo(
        f"  searched {plural(s.get('positions', 0), 'position')} in {s.get('seconds', 0.0):.2f} s "
        f"({plural(s.get('table_hits', 0), 'table hit')}, {plural(s.get('closed_forms', 0), 'closed form')}, "
        f"{plural(s.get('reductions', 0), 'reduction')})"
    )


def _nim_line(a: Analysis) -> str:
    value = "" if a.value is None else f"nim-value {a.value}, "
    return f"{a.name}: {value}outcome {a.outcome}, winning moves: {_moves_text(a)}"


def _answer(specs: tuple[str, ...], explain: bool | None, as_json: bool, no_theory: bool, without: str,
            game: str | None, table: str | None, misere: bool, time_limit: float | None,
            max_positions: int | None, progress: bool | None, option_table: bool, lines: bool,
            memory: int | None = None) -> None:
    """The body of ``value`` and ``moves``: every position read, every option
    checked against every kind given, then each answered and printed as soon
    as it is known (every table bounded by ``memory`` bytes, if given)."""

    def body() -> None:
        with table_memory(memory):
            answer()

    def answer() -> None:
        items = _read(specs)
        _refuse(items, game, misere, table, option_table=option_table, no_theory=no_theory, memory=memory)
        graph_items = [i.position for i in items if i.kind == "graph"]
        if graph_items:
            _check_game(_ruleset_name(game), graph_items)
            theory = _theory(no_theory, without, _ruleset_name(game), misere)
        else:
            theory = Theory()
        solver = _solver(theory, time_limit, max_positions, progress, game, misere,
                         table if graph_items else None)
        results = _answers(items, solver, option_table, no_theory, without, misere, time_limit, max_positions,
                           progress, table)
        try:
            _emit(results, len(items) if lines else 1, as_json, explain, option_table)
        except _Stopped as stopped:
            if as_json:
                click.echo(stopped.json)
            raise
        finally:
            if isinstance(solver, Solver):
                solver.close()

    _run(body)


def _emit(results: Iterator[Analysis], count: int, as_json: bool, explain: bool | None, option_table: bool) -> None:
    for i, a in enumerate(results):
        if as_json:
            click.echo(_json(a, option_table))
            continue
        if count > 1 and not explain and not option_table:
            click.echo(_nim_line(a))
            continue
        if i:
            click.echo()
        _print_block(a, bool(explain) or (explain is None and count == 1), option_table)
