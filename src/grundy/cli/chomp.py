"""``grundy rect-chomp`` (rectangular Chomp; old spelling ``grundy chomp``),
``grundy rect-chomp-p-positions`` (old spelling ``chomp-p-positions``) and
``grundy nim``. ``grundy.cli`` registers them under both names; they share
the one-line errors and exit codes of :mod:`grundy.cli.common` (no import of
``grundy.cli`` itself: no cycle).
"""

from __future__ import annotations

import json
import re
import time
from typing import Any

import click

from grundy.cli.common import _Command, _run, _Stopped
from grundy.errors import InputError, SearchLimitReached, TooLargeError
from grundy.games.graphs.formulas import plural

__all__ = ["chomp", "chomp_p_positions", "nim"]


_INTEGER = re.compile(r"[+-]?[0-9]+")


def _integer(text: str, what: str) -> int:
    """An integer argument (ASCII digits, an optional sign, at most
    ``MAX_DIGITS`` digits); with unknown options let through (so that -3
    reaches here and is refused as a size), a misspelt option is named as
    such.

    Raises
    ------
    InputError
        Anything else.
    """
    from grundy.readwrite.kinds import MAX_DIGITS

    token = text.strip()
    if _INTEGER.fullmatch(token) and len(token) <= MAX_DIGITS:
        return int(token)
    if text.startswith("--"):
        raise InputError(f"no such option: {text}")
    raise InputError(f"{what} must be integers of at most {MAX_DIGITS} digits: {text[:40]!r}")


def _sizes(text: str) -> list[int]:
    from grundy.readwrite.kinds import MAX_CHOMP_ROWS, MAX_DIGITS

    parts = [p.strip() for p in text.split(",")]
    if not all(_INTEGER.fullmatch(p) and len(p) <= MAX_DIGITS for p in parts):
        raise InputError(f"--rows {text[:60]!r}: row lengths must be integers separated by commas")
    if len(parts) > MAX_CHOMP_ROWS:
        raise TooLargeError(f"--rows: {len(parts)} rows; at most {MAX_CHOMP_ROWS} are supported")
    return [int(p) for p in parts]


def _position(m: str | None, n: str | None, rows: str | None) -> tuple[Any, str]:
    from grundy.games.chomp import ChompPosition, rectangle

    if rows is not None:
        if m is not None:
            raise InputError("give M N (a rectangle) or --rows (any position), not both")
        text = rows.strip()
        if text.lower().startswith("chomp:"):
            from grundy.readwrite.kinds import load_other

            return load_other("chomp", text), text
        pos = ChompPosition(_sizes(text))
        return pos, pos.spec
    if m is None or n is None:
        raise InputError("give M N (the rectangle's rows and columns) or --rows 5,3,3")
    from grundy.readwrite.kinds import MAX_CHOMP_ROWS

    mi, ni = _integer(m, "sizes"), _integer(n, "sizes")
    if mi > MAX_CHOMP_ROWS:
        raise TooLargeError(f"a rectangle of {mi} rows; at most {MAX_CHOMP_ROWS} are supported")
    return rectangle(mi, ni), f"chomp:{mi}x{ni}"


def _cells(moves: list[dict[str, int]]) -> str:
    return ", ".join(f"({w['row']},{w['column']})" for w in moves) if moves else "none (every move loses)"


@click.command(cls=_Command, context_settings={"ignore_unknown_options": True})
@click.argument("m", required=False)
@click.argument("n", required=False)
@click.option("--row-lengths", "--rows", "rows", metavar="R1,R2,...",
              help="Any position: row lengths, non-increasing, row 1 (with the poisoned square) first "
                   "(--rows is the old spelling).")
@click.option("--all", "all_options", is_flag=True, help="Also print every move and the value it leads to.")
@click.option("--json", "as_json", is_flag=True,
              help='One JSON object: name, game, value, outcome, winning_moves [{"row", "column"}], rows, '
                   "explanation, stats (with --all: options).")
@click.option("--max-positions", type=click.IntRange(min=1), default=None, metavar="N",
              help="Stop after valuing N sub-diagrams (exit code 3), as for `grundy value`.")
@click.option("--time-limit", type=click.FloatRange(min=0, min_open=True), default=None, metavar="SECONDS",
              help="Stop after this many seconds (exit code 3).")
def chomp(m: str | None, n: str | None, rows: str | None, all_options: bool, as_json: bool,
          max_positions: int | None, time_limit: float | None) -> None:
    """Rectangular Chomp: outcome, nim-value and winning first moves.

    M N is the rectangle of M rows and N columns; --rows 5,3,3 (or
    chomp:5,3,3) is any Young diagram. The poisoned square is (1,1), row 1,
    column 1; a move (r,c) removes every square (r',c') with r' >= r and
    c' >= c; whoever takes the poison loses. Moves are printed as
    (row,column).
    """

    def body() -> None:
        from grundy.games.chomp import analyze_chomp

        pos, name = _position(m, n, rows)
        try:
            a = analyze_chomp(pos, option_table=all_options, name=name, max_positions=max_positions,
                              time_limit=time_limit)
        except SearchLimitReached as limit:
            raise _Stopped(name, limit) from None
        if as_json:
            click.echo(json.dumps(a))
            return
        r = a["rows"]
        shape = f"{len(r)} x {r[0]} rectangle" if len(set(r)) == 1 else f"rows {','.join(map(str, r))}"
        click.echo(f"{a['name']}  ({shape}, {plural(sum(r), 'square')}, poisoned square (1,1))")
        click.echo(f"  nim-value: {a['value']}")
        click.echo(
            f"  outcome:   {a['outcome']}"
            + ("  (the player to move wins)" if a["outcome"] == "N" else "  (the player to move loses)")
        )
        click.echo(f"  winning moves (row,column): {_cells(a['winning_moves'])}")
        if all_options:
            click.echo("  options (move -> nim-value of the result):")
            for o in a["options"]:
                click.echo(f"    ({o['row']},{o['column']})".ljust(14) + f" -> {o['value']}"
                           + ("   wins" if o["value"] == 0 else ""))
        click.echo("  why:")
        for line in a["explanation"]:
            click.echo(f"    - {line}")
        s = a["stats"]
        click.echo(f"  searched {plural(s['positions'], 'position')} in {s['seconds']:.2f} s")

    _run(body)


@click.command("chomp-p-positions", cls=_Command)
@click.option("--row-count", "--rows", "rows", type=int, default=3, show_default=True, metavar="K",
              help="Chomp with at most K rows: 1, 2 or 3.")
@click.option("--max-row", "max_row", type=int, default=20, show_default=True, metavar="N",
              help="Largest first row listed.")
@click.option("--json", "as_json", is_flag=True,
              help='One JSON object: {"rows", "max_row", "p_positions": [[a, b, c], ...], "count", "seconds"}.')
def chomp_p_positions(rows: int, max_row: int, as_json: bool) -> None:
    """The P-positions of Chomp with at most K rows, first row at most N.

    One per line as row lengths a,b,c (zeros for missing rows), by first
    row. For each pair of shorter rows (b, c) at most one first row a gives
    a P-position (Brouwer; Zeilberger, Three-rowed Chomp), which makes
    N = 200 take about a second.
    """

    def body() -> None:
        from grundy.games.chomp import chomp_p_positions as _p_positions

        start = time.perf_counter()
        found = list(_p_positions(rows, max_row))
        seconds = time.perf_counter() - start
        if as_json:
            click.echo(json.dumps({"rows": rows, "max_row": max_row, "p_positions": [list(p) for p in found],
                                   "count": len(found), "seconds": round(seconds, 6)}))
            return
        for p in found:
            click.echo(",".join(map(str, p)))

    _run(body)


@click.command(cls=_Command, context_settings={"ignore_unknown_options": True})
@click.argument("heaps", nargs=-1, required=True, metavar="HEAP...")
@click.option("--json", "as_json", is_flag=True,
              help='One JSON object: name, game, value, outcome, winning_moves [{"heap", "to"}], heaps, '
                   "explanation, stats.")
def nim(heaps: tuple[str, ...], as_json: bool) -> None:
    """Nim: nim-value (the nim-sum), outcome and winning moves.

    HEAP... are the heap sizes (3 4 5), or one spec nim:3,4,5. A winning
    move "heap i to s" reduces heap i (numbered from 1) to s counters.
    """

    def body() -> None:
        from grundy.games.chomp import analyze_nim, nim_position

        if len(heaps) == 1 and ("," in heaps[0] or heaps[0].strip().lower().startswith("nim:")):
            from grundy.readwrite.kinds import load_other

            pos = load_other("nim", heaps[0])  # ASCII integers only, as for `grundy value nim:...`
        else:
            pos = nim_position([_integer(h, "heap sizes") for h in heaps])
        a = analyze_nim(pos)
        if as_json:
            click.echo(json.dumps(a))
            return
        click.echo(f"{a['name']}  ({len(a['heaps'])} heap{'s' if len(a['heaps']) != 1 else ''})")
        click.echo(f"  nim-value: {a['value']}")
        click.echo(
            f"  outcome:   {a['outcome']}"
            + ("  (the player to move wins)" if a["outcome"] == "N" else "  (the player to move loses)")
        )
        moves = ", ".join(
            f"heap {w['heap']} to {w['to']} (take {a['heaps'][w['heap'] - 1] - w['to']})"
            for w in a["winning_moves"]
        )
        click.echo(f"  winning moves: {moves or 'none (every move loses)'}")
        click.echo("  why:")
        for line in a["explanation"]:
            click.echo(f"    - {line}")

    _run(body)
