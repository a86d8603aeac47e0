"""What ``grundy value`` and ``grundy moves`` share: the search options,
the answers (one :class:`~grundy.analysis.Analysis` per position, each
from its kind through :mod:`grundy.kinds`) and how they are printed (text
blocks, one line per position, or JSON lines), and :func:`_answer`, the
body of both commands."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator
from typing import Any

import click

from grundy.analysis import Analysis
from grundy.cli.common import _run, _Stopped, game_names
from grundy.cli.limits import _alarm, _grace
from grundy.cli.positions import _budget_stop, _check_memory
from grundy.core.table import table_memory
from grundy.errors import SearchLimitReached
from grundy.games.graphs.formulas import plural
from grundy.games.graphs.theory import Theory
from grundy.kinds import Item, Request, close, get_kind, prepare, progress_default, read_items, refuse


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
    f = click.option("--game", default=None, metavar="NAME", shell_complete=game_names(partizan=False),
                     help="The ruleset for graphs (default graph-chomp, also spelled chomp); see `grundy games`.")(f)
    f = click.option("--table", metavar="PATH", default=None,
                     help="Keep the search's table in this SQLite file: a later run reuses it (graphs, posets, complexes).")(f)
    f = click.option("--table-memory", metavar="SIZE", default=None, callback=_memory_size,
                     help="Bound the search's table to SIZE bytes (e.g. 512M, 4G): past it the table spills to "
                     "the --table file and reads rows back when needed (without a file it forgets them).")(f)
    f = click.option("--misere", is_flag=True, help="Misère play: the player who cannot move wins (outcome only).")(f)
    f = click.option("--outcome", is_flag=True,
                     help="Who wins, fast: N or P and one winning move (with moves --all, every winning move), "
                     "without the nim-value unless the answer needs it.")(f)
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


def _answers(items: list[Item], prepared: dict[str, Request], max_positions: int | None,
             time_limit: float | None) -> Iterator[Analysis]:
    """Answer each position in order, one at a time, through its kind
    (:meth:`grundy.kinds.Kind.answer`), every position drawing on one
    ``--max-positions`` budget.

    Raises
    ------
    _Stopped
        When a limit stops a search (``.json`` holds the position's line).
    """
    spent = 0  # positions searched for the positions before this one
    for item in items:
        request = prepared[item.kind.name]
        before = item.kind.counted_before(request)
        if max_positions is not None:
            request = request.but(max_positions=max(max_positions - spent, 0))
        try:
            with _alarm(_grace(time_limit), time_limit):
                answer = item.kind.answer(item.position, request, item.name)
        except SearchLimitReached as limit:
            total = limit.positions - before + spent
            wanted = "the outcome" if request.misere else "the answer" if request.outcome else "a value"
            raise _Stopped(item.name or "graph", _budget_stop(limit, max_positions, total), limit.outcome,
                           wanted) from None
        except KeyboardInterrupt as stop:  # Ctrl-C or SIGTERM: the command line says what was known (_run)
            stop.position_name = item.name or "graph"  # type: ignore[attr-defined]
            raise
        spent += answer.stats.get("positions", 0)
        yield answer


# -- output -------------------------------------------------------------------
def _json(a: Analysis, option_table: bool = False) -> str:
    out = a.to_json()
    if option_table:
        out.setdefault("options", None)  # too large to build: no table, as for winning_moves
    return json.dumps(out)


#: The most winning moves a text answer lists (``--json`` lists them all).
TEXT_MOVES = 24


def _moves_text(a: Analysis) -> str:
    if a.winning_moves is None:
        return "not listed (too large to build)"
    if not a.winning_moves:
        return "none (every move loses)"
    shown = ", ".join(str(m) for m in a.winning_moves[:TEXT_MOVES])
    more = len(a.winning_moves) - TEXT_MOVES
    return shown if more <= 0 else f"{shown} (and {more:,} more: --json lists them all)"


def _print_block(a: Analysis, explain: bool = True, option_table: bool = False) -> None:
    click.echo(get_kind(a.kind).heading(a))
    if a.value is not None:
        click.echo(f"  nim-value: {a.value}")
    elif not a.misere:
        click.echo("  nim-value: not computed (--outcome: who wins, not the value)")
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
            memory: int | None = None, outcome: bool = False) -> None:
    """The body of ``value`` and ``moves``: every position read, every option
    checked against every kind given, then each answered and printed as soon
    as it is known (every table bounded by ``memory`` bytes, if given)."""

    def body() -> None:
        with table_memory(memory):
            answer()

    def answer() -> None:
        items = read_items(specs, sys.stdin)
        request = Request(game=game, misere=misere, no_theory=no_theory, without=without,
                          option_table=option_table, outcome=outcome, time_limit=time_limit,
                          max_positions=max_positions, progress=progress_default(progress), table=table,
                          memory=memory)
        refuse(items, request)
        _check_memory(memory)
        prepared = prepare(items, request)
        try:
            # under --outcome, --all asks for every winning move, not the option table
            _emit(_answers(items, prepared, max_positions, time_limit), len(items) if lines else 1, as_json,
                  explain, option_table and not outcome)
        except _Stopped as stopped:
            if as_json:
                click.echo(stopped.json)
            raise
        finally:
            close(prepared, request)

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
