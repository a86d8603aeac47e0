"""The ``grundy`` command: ``value``, ``moves`` and ``form`` for every kind
of position (graphs, posets, complexes, Chomp, Nim, octal heaps), ``octal``,
``games`` and ``families``; rectangular Chomp and Nim commands in
:mod:`grundy.cli.chomp`.

Exit codes: 0 success; 2 bad input (one line on stderr); 3 a search stopped by
``--time-limit`` or ``--max-positions``; 130 interrupted by Ctrl-C; 143 stopped
by SIGTERM (the table file saved either way).
"""

from __future__ import annotations

import json
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import click

from grundy import __version__
from grundy.analysis import Analysis, analyze_graph, analyze_misere
from grundy.games.graphs.formulas import plural
from grundy.games.graphs.game import Solver
from grundy.games.graphs.misere import MisereSolver
from grundy.games.graphs.rulesets import RULESETS, get_ruleset, ruleset_name
from grundy.core.limits import backstop, clear_interrupt, stop_on_signal
from grundy.core.table import compact_available, table_memory
from grundy.errors import InputError, SearchLimitReached, TooLargeError
from grundy.readwrite.graphs import LoadedPosition, load
from grundy.readwrite.kinds import kind_of, load_other
from grundy.results import analyze_other, octal_report, size_refusal, switches_for, table_refusal
from grundy.games.graphs.theory import Theory, switches_used

__all__ = ["main"]

from grundy.cli.common import (  # noqa: E402
    PROG,
    _Command,
    _Group,
    _run,
    _Stopped,
)

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


def _check_game(game: str, items: list[LoadedPosition]) -> None:
    """Refuse a partizan game where a nim-value is asked for, printing its
    canonical form instead; refuse unknown names listing every valid one.

    Raises
    ------
    InputError
        Always for a partizan or unknown game.
    """
    if game in RULESETS:
        return
    from grundy.games.partizan import PARTIZAN_RULESETS, partizan_value

    if game in PARTIZAN_RULESETS:
        forms = []
        for item in items:
            if item.graph is None:
                raise InputError(f"{item.name}: too large to build ({item.vertices} vertices)")
            v = partizan_value(game, item.graph)
            forms.append(f"{item.name} = {v} (outcome {v.outcome})")
        raise InputError(
            f"{game} is a partizan game: positions have canonical forms, not nim-values: "
            + "; ".join(forms) + f" (see 'grundy form --game {game}')"
        )
    valid = ", ".join([*RULESETS, *PARTIZAN_RULESETS])
    raise InputError(f"unknown game {game!r}; valid: {valid}")


def _ruleset_name(game: str | None) -> str:
    """The ruleset named by ``--game`` (default Graph Chomp; aliases resolved)."""
    return "chomp" if game is None else ruleset_name(game)


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


# -- positions that are not graphs: Chomp, Nim, posets, simplicial complexes ----
class _Item:
    """One position to answer: its kind, its spec (name) and what was read
    (a :class:`LoadedPosition` for a graph, the position for other kinds)."""

    def __init__(self, kind: str, name: str, position: Any) -> None:
        self.kind, self.name, self.position = kind, name, position


def _read(specs: tuple[str, ...]) -> list[_Item]:
    """Read every spec, in input order, before any search starts: bad input
    is reported at once, not after minutes of search on the ones before it."""
    items = []
    for spec in specs:
        kind = kind_of(spec)
        if kind == "graph":
            items.extend(_Item("graph", p.name, p) for p in load(spec, stdin=sys.stdin))
        else:
            items.append(_Item(kind, spec.strip(), load_other(kind, spec)))
    return items


def _refuse(items: list[_Item], game: str | None, misere: bool, table: str | None, *,
            option_table: bool = False, no_theory: bool = False, memory: int | None = None) -> None:
    """Refuse, before any search, an option that a kind of position given
    cannot honour, or a position too large for what is asked: one line
    naming the option and the kind.

    Raises
    ------
    InputError
        ``--game`` with a position that is not a graph; ``--table`` or
        ``--table-memory`` with misère play, Chomp, Nim or octal positions;
        ``--table-memory`` without the compiled core (no compact table).
    TooLargeError
        A position whose answer would list more moves than
        :data:`grundy.results.MAX_LISTED_MOVES` (see
        :func:`grundy.results.size_refusal`).
    """
    for item in items:
        if item.kind != "graph":
            too_large = size_refusal(item.kind, item.position, item.name, misere=misere,
                                     option_table=option_table, search=no_theory)
            if too_large is not None:
                raise TooLargeError(too_large)
        if item.kind != "graph" and game is not None:
            raise InputError(
                f"option --game {game} does not apply to {item.kind} positions ({item.name}): "
                "rulesets (--game) are for graphs"
            )
        refusal = table_refusal(item.kind, misere, item.name) if table is not None else None
        if refusal is None and memory is not None:
            refusal = table_refusal(item.kind, misere, item.name, "--table-memory")
        if refusal is not None:
            raise InputError(refusal)
    if memory is not None and not compact_available():
        raise InputError("option --table-memory needs the compact table (the compiled core grundy.core._compiled, "
                         "not built here, or GRUNDY_NO_COMPACT is set)")


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


def _budget_stop(limit: SearchLimitReached, max_positions: int | None, total: int) -> SearchLimitReached:
    """A search's stop restated for a command whose positions share one
    ``--max-positions`` budget: a position limit names the budget and counts
    ``total`` positions (those of the whole command); another stop is
    returned as it is."""
    if max_positions is not None and limit.reason.startswith("position"):
        return SearchLimitReached(f"position limit {max_positions}", min(total, max_positions), limit.seconds)
    return limit


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


# -- commands -----------------------------------------------------------------
def _nim_line(a: Analysis) -> str:
    value = "" if a.value is None else f"nim-value {a.value}, "
    return f"{a.name}: {value}outcome {a.outcome}, winning moves: {_moves_text(a)}"


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "--version", prog_name=PROG)
def main() -> None:
    """Who wins Graph Chomp and its neighbours, and how.

    A position is a graph (Graph Chomp by default: a move removes a vertex
    with its edges, or one edge; whoever cannot move loses; other rulesets
    with --game), a poset, a simplicial complex, a Chomp board, Nim heaps
    or octal heaps. SPEC is a family (`wheel:9`, `divisors:30`, `torus`,
    `chomp:5,3,3`, `nim:3,4,5`, `octal:0.07:5,3`; see `grundy families`), a
    graph6 or sparse6 string, a file (.g6 .s6 .edges .txt .json .poset
    .facets), or - for graph6 on stdin.

    Exit codes: 0 success, 2 bad input, 3 a search limit was reached,
    130 interrupted (Ctrl-C), 143 stopped by SIGTERM.
    """
    # Python's own Ctrl-C handler replaced by one that also notes it; an
    # inherited SIG_IGN (a background job of a script) is respected. SIGTERM
    # (`kill`, `timeout`, a batch scheduler) stops a command the same way, so
    # a long search saves its table file and summary instead of losing up to
    # a checkpoint interval; an inherited SIG_IGN or handler is kept.
    # The handlers are put back when the command ends, so a process that runs
    # commands in process (a notebook, a test runner) keeps its own.
    if threading.current_thread() is threading.main_thread():
        # the note belongs to this command: cleared when it starts and when it
        # ends (a library search run after it in the same process must not
        # stop at once); the exit code is computed before the context closes
        clear_interrupt()
        ctx = click.get_current_context()
        ctx.call_on_close(clear_interrupt)
        if signal.getsignal(signal.SIGINT) is signal.default_int_handler:
            signal.signal(signal.SIGINT, _on_interrupt)
            ctx.call_on_close(lambda: signal.signal(signal.SIGINT, signal.default_int_handler))
        if hasattr(signal, "SIGTERM") and signal.getsignal(signal.SIGTERM) == signal.SIG_DFL:
            signal.signal(signal.SIGTERM, _on_interrupt)
            ctx.call_on_close(lambda: signal.signal(signal.SIGTERM, signal.SIG_DFL))


#: The handler of Ctrl-C and SIGTERM the commands install (see
#: :func:`grundy.core.limits.stop_on_signal`).
_on_interrupt = stop_on_signal


@main.command(cls=_Command)
@click.argument("specs", nargs=-1, required=True, metavar="SPEC...")
@click.option("--explain/--brief", default=None,
              help="Show the explanation (default: when there is one graph; several graphs get one line each).")
@_search_options
def value(specs: tuple[str, ...], explain: bool | None, as_json: bool, no_theory: bool, without: str,
          game: str | None, table: str | None, table_memory: int | None, misere: bool, time_limit: float | None,
          max_positions: int | None, progress: bool | None) -> None:
    """Nim-value, outcome and winning moves of each position."""
    _answer(specs, explain, as_json, no_theory, without, game, table, misere, time_limit, max_positions, progress,
            option_table=False, lines=True, memory=table_memory)


@main.command(cls=_Command)
@click.argument("spec", metavar="SPEC")
@click.option("--all", "all_options", is_flag=True, help="Also print every option and its nim-value.")
@_search_options
def moves(spec: str, all_options: bool, as_json: bool, no_theory: bool, without: str, game: str | None,
          table: str | None, table_memory: int | None, misere: bool, time_limit: float | None,
          max_positions: int | None, progress: bool | None) -> None:
    """Winning moves of a position (with --all, the whole option table).

    A file holding several graphs gives one block (or JSON line) per graph.
    """
    _answer((spec,), False, as_json, no_theory, without, game, table, misere, time_limit, max_positions, progress,
            option_table=all_options, lines=False, memory=table_memory)


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


@main.command(cls=_Command)
@click.argument("specs", nargs=-1, required=True, metavar="SPEC...")
@click.option("--game", default=None, metavar="NAME",
              help="The ruleset for graphs, partizan or impartial (default graph-chomp); see `grundy games`.")
@click.option("--json", "as_json", is_flag=True, help="One JSON object per graph (JSON lines).")
@click.option("--ascii", "ascii_", is_flag=True, help="Write ^ v +- instead of ↑ ↓ ±.")
@click.option("--max-positions", type=click.IntRange(min=1), metavar="N",
              help="Stop after expanding N positions in all, over every position given (exit code 3).")
@click.option("--time-limit", type=click.FloatRange(min=0, min_open=True), metavar="SECONDS",
              help="Stop a position's computation after this many seconds (exit code 3).")
def form(specs: tuple[str, ...], game: str | None, as_json: bool, ascii_: bool, max_positions: int | None,
         time_limit: float | None) -> None:
    """Canonical form (game value) and outcome of each position.

    For a partizan game (be-bo, oe-bo, oe-be, even-odd-vertex) this is its
    value in the standard notation (numbers, nimbers, ups, switches, {L|R});
    outcome L / R: that player wins whoever starts, N: the player to move
    wins, P: the player to move loses. For an impartial game (every graph
    ruleset; posets, complexes, Chomp, Nim and octal heaps) it is the nimber
    *g of its nim-value g.
    """
    from grundy.games.partizan import PARTIZAN_RULESETS, partizan_value

    def body() -> None:
        items = _read(specs)
        _refuse(items, game, False, None)
        rules = _ruleset_name(game)
        graph_items = [i.position for i in items if i.kind == "graph"]
        if rules not in PARTIZAN_RULESETS and graph_items:
            _check_game(rules, graph_items)
        solver = None if rules in PARTIZAN_RULESETS else Solver(
            ruleset=rules, max_positions=max_positions, time_limit=time_limit)
        spent = 0  # positions searched for the positions before this one: one budget for all

        def left() -> int | None:
            return None if max_positions is None else max(max_positions - spent, 0)

        for item in items:
            positions = 0
            offset = spent  # what a stop's positions add to (the graphs' solver counts its lifetime)
            try:
                if item.kind != "graph":
                    with _alarm(_grace(time_limit), time_limit):
                        d = analyze_other(item.kind, item.position, item.name, max_positions=left(),
                                          time_limit=time_limit, value_only=True)
                    g, positions, label = d["value"], d["stats"].get("positions", 0), d["game"]
                    text, outcome, number, nimber = _nimber(g), d["outcome"], ("0" if g == 0 else None), g
                else:
                    loaded = item.position
                    label = rules
                    if loaded.graph is None and solver is not None and rules == "chomp" and loaded.closed_form:
                        g, positions = loaded.closed_form[0], 0  # too large to build: the family's closed form
                        text, outcome, number, nimber = _nimber(g), ("P" if g == 0 else "N"), (
                            "0" if g == 0 else None), g
                    elif loaded.graph is None:
                        raise InputError(f"{loaded.name}: too large to build ({loaded.vertices} vertices)")
                    elif solver is None:
                        with _alarm(time_limit):
                            v = partizan_value(rules, loaded.graph, max_positions=left())
                        text, outcome, positions = v.to_str(ascii=ascii_), v.outcome, v.positions
                        number = None if v.number_value is None else str(v.number_value)
                        nimber = v.nimber_value
                    else:
                        before = solver.stats.positions
                        solver.limits.max_positions = None if max_positions is None else before + left()
                        offset = spent - before
                        solver.start()
                        try:
                            with _alarm(_grace(time_limit), time_limit):
                                g = solver.value_of(*solver.decompose(loaded.graph.adj))
                        finally:
                            solver.finish()
                        text, outcome, number, nimber = _nimber(g), ("P" if g == 0 else "N"), (
                            "0" if g == 0 else None), g
                        positions = solver.stats.positions - before
            except SearchLimitReached as limit:
                # positions of the whole command (the graphs' solver counts its lifetime)
                total = offset + limit.positions if limit.positions else spent
                restated = _budget_stop(limit, max_positions, total)
                if restated is limit:  # a time limit: still the command's positions
                    restated = SearchLimitReached(limit.reason, total, limit.seconds)
                raise _Stopped(item.name or "graph", restated) from None
            spent += positions
            if as_json:
                click.echo(json.dumps({
                    "name": item.name, "game": label, "canonical_form": text, "outcome": outcome,
                    "number": number, "nimber": nimber, "stats": {"positions": positions},
                }))
            else:
                click.echo(f"{item.name}: {text}  (outcome {outcome}, game {label})")

    _run(body)


def _grace(seconds: float | None) -> float | None:
    """When the backstop of a search that has a clock of its own fires:
    a second and a tenth after its limit (a search checks its clock once
    per position expanded, and one expansion of a large graph may take
    minutes: the backstop bounds it)."""
    return None if seconds is None else seconds * 1.1 + 1.0


#: Seconds after which the timer of :func:`_alarm` fires again when its stop
#: was lost (raised inside a finalizer, which Python reports and drops).
_REFIRE_SECONDS = 0.05


class _Timer:
    """The backstop timer of one :func:`_alarm` block, as
    :func:`grundy.core.limits.backstop` drives it: paused while a table file
    is read, settled when a stop was caught on purpose."""

    def __init__(self) -> None:
        self.done = False
        self.settled = False

    def suspend(self) -> float:
        """Disarm; returns the seconds that were left."""
        left = signal.getitimer(signal.ITIMER_REAL)[0]
        signal.setitimer(signal.ITIMER_REAL, 0)
        return left

    def resume(self, left: float) -> None:
        """Arm again with ``left`` seconds (the refires after them)."""
        if left > 0 and not (self.done or self.settled):
            signal.setitimer(signal.ITIMER_REAL, left, _REFIRE_SECONDS)

    def settle(self) -> None:
        """A stop was caught and the work goes on to its end: fire no more."""
        self.settled = True
        signal.setitimer(signal.ITIMER_REAL, 0)


@contextmanager
def _alarm(seconds: float | None, limit: float | None = None) -> Iterator[None]:
    """Raise :class:`SearchLimitReached` (reason ``time limit LIMIT s``,
    ``limit`` defaulting to ``seconds``) in the block after ``seconds`` of
    wall time, by a timer signal: the partizan search has no clock of its
    own, and the other searches check theirs only between positions. The
    command ends right after (exit 3), and a search's table keeps only what
    it had stored, so no state it leaves matters. A backstop (``limit``
    given) is paused while a table file is read
    (:func:`grundy.core.limits.backstop_paused`), so reading a large table
    first does not eat the search's time, and stops firing once a stop is
    caught on purpose (:func:`grundy.core.limits.settle_backstop`). After
    the first stop the timer fires again every ``_REFIRE_SECONDS`` until the
    block ends (a stop raised in a finalizer is lost), raising nothing while
    a stop or an interrupt is being handled (other exceptions, such as a
    cache miss's KeyError handler doing the work, do not hold it).

    Raises
    ------
    InputError
        An exact time limit (no ``limit``) where timer signals are
        unavailable (not the main thread, or no ``SIGALRM``); a backstop
        is then skipped.
    """
    if seconds is None:
        yield
        return
    if not hasattr(signal, "SIGALRM") or threading.current_thread() is not threading.main_thread():
        if limit is not None:  # a backstop only: the search's own clock still applies
            yield
            return
        raise InputError("--time-limit for partizan games needs timer signals, unavailable here")
    start = time.perf_counter()
    timer = _Timer()

    def expire(signum: int, frame: Any) -> None:
        # The timer fires again every _REFIRE_SECONDS until the block ends: Python drops an
        # exception raised while a finalizer runs (a collection in the middle of the work)
        if timer.done or timer.settled:
            return
        if isinstance(sys.exc_info()[1], (SearchLimitReached, _Stopped, KeyboardInterrupt)):
            return  # a stop or an interrupt is unwinding (a table saved on the way): not now
        raise SearchLimitReached(f"time limit {limit if limit is not None else seconds:g} s", 0,
                                 time.perf_counter() - start)

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds, _REFIRE_SECONDS)
    try:
        if limit is None:
            yield
        else:
            with backstop(timer):
                yield
    finally:
        try:
            timer.done = True  # a signal from here on does nothing
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)


def _nimber(g: int) -> str:
    return "0" if g == 0 else "*" if g == 1 else f"*{g}"


@main.command(cls=_Command)
@click.argument("code", metavar="CODE")
@click.option("--up-to", "up_to", type=click.IntRange(min=0), default=None, metavar="N",
              help="Largest heap size computed (default 500; 40 with --misere).")
@click.option("--json", "as_json", is_flag=True,
              help='{"code", "sequence", "period", "preperiod", "saltus", "proven"}.')
@click.option("--misere", is_flag=True,
              help="Misère outcomes (N/P) of single heaps instead of nim-values (up to heap 40).")
@click.option("--time-limit", type=click.FloatRange(min=0, min_open=True), metavar="SECONDS",
              help="Stop after this many seconds (exit code 3).")
@click.option("--max-positions", type=click.IntRange(min=1), metavar="N",
              help="Stop after valuing about N heaps by the mex rule, counted 64 at a time (exit code 3).")
def octal(code: str, up_to: int | None, as_json: bool, misere: bool, time_limit: float | None,
          max_positions: int | None) -> None:
    """Nim-sequence of an octal game and its period.

    CODE is an octal code such as 0.07, 0.137, 0.4, 0.77, or with one
    repeating last digit, 0.3(4) for .3444...; or a name: kayles,
    dawsons-kayles, dawsons-chess. A finite code's period is reported when
    the octal periodicity theorem proves it from the values computed; a
    repeating code's (arithmetic) period is observed, not proven.
    """
    from grundy.games.octal import MAX_MISERE_HEAP, OctalCode, format_report, misere_outcomes

    def body() -> None:
        if misere:
            for option, value in (("--time-limit", time_limit), ("--max-positions", max_positions)):
                if value is not None:
                    raise InputError(f"option {option} does not apply to octal --misere "
                                     f"(heaps up to {MAX_MISERE_HEAP}, a few seconds at most, without limits)")
            n = MAX_MISERE_HEAP if up_to is None else up_to
            outcomes = misere_outcomes(code, n)
            canonical = str(OctalCode.parse(code))
            if as_json:
                click.echo(json.dumps({"code": canonical, "play": "misere", "outcomes": outcomes}))
            else:
                click.echo(f"octal game {canonical} under misère play: outcome of a single heap of n")
                for start in range(0, n + 1, 20):
                    click.echo(f"{start:>4} | " + " ".join(outcomes[start : start + 20]))
                p_heaps = [h for h, o in enumerate(outcomes) if o == "P"]
                click.echo("P-positions (heaps): " + (", ".join(map(str, p_heaps)) or "none"))
            return
        try:
            result = octal_report(code, 500 if up_to is None else up_to, time_limit=time_limit,
                                  max_positions=max_positions)
        except SearchLimitReached as limit:
            raise _Stopped(f"octal {code}", limit) from None
        click.echo(json.dumps(result) if as_json else format_report(result))

    _run(body)


@main.command(cls=_Command)
@click.option("--json", "as_json", is_flag=True, help="As a JSON list of {name, kind, rule, source}.")
def games(as_json: bool) -> None:
    """List the rulesets (--game NAME) with their rule and source."""
    from grundy.games.partizan import list_partizan_rulesets

    rows = [{"name": r.name, "kind": "impartial", "rule": r.rule, "source": r.source} for r in RULESETS.values()]
    rows += [{"name": r.name, "kind": "partizan", "rule": r.rule, "source": r.source} for r in list_partizan_rulesets()]
    if as_json:
        click.echo(json.dumps(rows))
        return
    width = max(len(r["name"]) for r in rows)
    for r in rows:
        click.echo(f"{r['name']:<{width}}  {r['kind']:<9}  {r['rule']}  [{r['source']}]")


@main.command(cls=_Command)
@click.option("--json", "as_json", is_flag=True,
              help="As a JSON list of {name, kind, params, syntax, requires, definition}.")
def families(as_json: bool) -> None:
    """List the named families (graphs, posets, complexes) and their parameters."""
    from grundy.readwrite.kinds import family_rows

    rows = family_rows()
    if as_json:
        click.echo(json.dumps(rows))
        return
    width = max(len(r["syntax"]) for r in rows if r["kind"] == "graph")
    titles = {"poset": "posets (a move removes an element and everything above it)",
              "complex": "simplicial complexes (subset take-away)", "chomp": "other positions"}
    for r in rows:
        if r["kind"] in titles:
            click.echo(f"\n{titles.pop(r['kind'])}:")
        requires = f"; {r['requires']}" if r["kind"] == "graph" and r["params"] else ""
        click.echo(f"{r['syntax']:<{width}}  {r['definition']}{requires}")


# Rectangular Chomp and Nim (grundy.games.chomp) have commands of their own.
from grundy.cli.chomp import chomp, chomp_p_positions, nim  # noqa: E402

main.add_command(chomp, "rect-chomp")
main.add_command(chomp, "chomp")  # the old spelling, kept
main.add_command(chomp_p_positions, "rect-chomp-p-positions")
main.add_command(chomp_p_positions, "chomp-p-positions")  # the old spelling, kept
main.add_command(nim)

if __name__ == "__main__":  # pragma: no cover
    main(prog_name=PROG)

# The census of whole graph classes (grundy.census).
from grundy.cli.census import census  # noqa: E402

main.add_command(census, "census")

# The papers' tables and conjectures over graph classes (grundy.census.checks).
from grundy.cli.check import check  # noqa: E402

main.add_command(check, "check")

# Certificates: write a proof of an answer, and check one independently (grundy.verify).
from grundy.cli.certify import certify, verify  # noqa: E402

main.add_command(certify, "certify")
main.add_command(verify, "verify")

# The terminal game against the engine (grundy.play).
from grundy.cli.play import play  # noqa: E402

main.add_command(play, "play")

# The web page and JSON API (grundy.web; the optional extra grundy[web]).
from grundy.cli.serve import serve  # noqa: E402

main.add_command(serve)
