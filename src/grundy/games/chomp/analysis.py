"""Everything ``grundy chomp --json`` prints about a Chomp position
(:func:`analyze_chomp`): value, outcome, winning moves, option table, and an
explanation quoting the paper's results (strategy stealing, the ``n x n``
and ``2 x n`` strategies, Nim on an L; Mangang, §Chomp and §Nim), each
checked against the computed values."""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from grundy.games.chomp.position import Cell, ChompPosition, _chomp, _option_tuples
from grundy.games.chomp.values import _TABLE, _fill, _limits
from grundy.games.graphs.formulas import article, plural

__all__ = ["analyze_chomp"]


def _fmt_moves(moves: Sequence[Cell]) -> str:
    return ", ".join(f"({r},{c})" for r, c in moves) if moves else "none"


def _explain(rows: tuple[int, ...], value: int, wins: list[Cell], n: int) -> list[str]:
    m, width = len(rows), rows[0]
    lines = [
        f"value computed by the mex rule over all {n:,} position{'' if n == 1 else 's'} reachable from this one "
        "(the sub-diagrams keeping the poisoned square), memoised by row lengths",
    ]
    if rows == (1,):
        lines.append("only the poisoned square is left: the player to move must take it and loses (Mangang, §Chomp)")
        return lines
    if m == 1 or width == 1:
        heap = max(m, width) - 1
        lines.append(
            f"a single {'row' if m == 1 else 'column'}: a Nim heap of {heap} beside the poison, value {heap}; "
            f"take everything but the poison (Mangang, §Nim)"
        )
    if m > 1 and width > 1 and all(x == 1 for x in rows[1:]):
        a, b = width - 1, m - 1
        chains = f"{plural(a, 'square')} each" if a == b else f"{plural(a, 'square')} and {plural(b, 'square')}"
        lines.append(
            f"an L: two chains of {chains} beside the poison, i.e. Nim with heaps {a}, {b}: "
            f"value {a} xor {b} = {a ^ b} (Mangang, §Nim; Nim is Chomp on disjoint chains)"
            + ("" if a ^ b == value else " -- DOES NOT MATCH the computed value")
        )
    if len(set(rows)) == 1 and rows != (1,):
        lines.append(
            f"{article(f'{m} x {width}')} rectangle other than 1 x 1 is an N-position by strategy stealing (Mangang, §Chomp): "
            f"if taking ({m},{width}) lost, the winning reply to it would also win as a first move; "
            "the argument names no winning move"
            + ("" if value else " -- DOES NOT HOLD here: the computed value is 0")
        )
    if m == width and m >= 2 and len(set(rows)) == 1:  # an n x n square
        holds = (2, 2) in wins
        others = [w for w in wins if w != (2, 2)]
        line = (
            f"square: (2,2) leaves two arms of {plural(m - 1, 'square')}, which the first player keeps equal "
            f"(Mangang, §Chomp, the n x n strategy); "
        )
        if not holds:
            line += "(2,2) is NOT among the computed winning moves"
        elif others:
            line += f"the computed winning moves also include {_fmt_moves(others)}, so (2,2) is not the only one"
        else:
            line += "it is the only winning move, as Mangang argues"
        lines.append(line)
    if m == 2 or (width == 2 and m > 2):
        # two rows (a, b), or two columns of heights (a, b) (the mirror image)
        a, b = rows if m == 2 else (m, sum(1 for x in rows if x >= 2))
        what = "row" if m == 2 else "column"
        line = (
            f"two {what}s of {a} and {b}: the P-positions are exactly those whose second {what} is one square "
            f"shorter (Mangang, §Chomp, the 2 x n strategy)"
        )
        if b == a - 1:
            line += "; this is one"
            ok = value == 0
        else:
            # a == b: take the last square of the second line; b < a - 1: cut the first to b + 1
            cell = (2, a) if a == b else (1, b + 2)
            if m != 2:
                cell = cell[::-1]
            line += f"; the move ({cell[0]},{cell[1]}) leaves one"
            ok = cell in wins
        lines.append(line + ("" if ok else " -- DOES NOT MATCH the computed values"))
    if value == 0:
        lines.append("P-position: every move leads to a position of nonzero value")
    else:
        lines.append(f"N-position: the winning moves {_fmt_moves(wins)} lead to positions of value 0")
    return lines


def analyze_chomp(
    pos: ChompPosition | str,
    option_table: bool = False,
    name: str | None = None,
    max_diagrams: int | None = None,
    *,
    time_limit: float | None = None,
    max_positions: int | None = None,
) -> dict[str, Any]:
    """Everything ``grundy chomp --json`` prints about a Chomp position.

    Parameters
    ----------
    pos : ChompPosition or str
        The position, or a spec ``chomp:5,3,3`` / ``chomp:4x5``.
    option_table : bool
        Also list every move with the value of the position it leaves.
    name : str, optional
        The ``"name"`` field; default the spec as given, or ``pos.spec``.
    max_diagrams, time_limit, max_positions : optional
        As :func:`grundy.games.chomp.nim_value`.

    Returns
    -------
    dict
        ``{"name", "game": "rectangular-chomp", "value", "outcome",
        "winning_moves": [{"row", "column"}, ...], "rows", "explanation",
        "stats": {"positions", "seconds"}}``; with ``option_table`` also
        ``"options": [{"row", "column", "value"}, ...]`` for every move.
        ``positions`` counts the positions reachable from this one (the
        table's entries this answer rests on), ``seconds`` the wall time.
        The explanation quotes the paper's results (strategy stealing, the
        ``n x n`` and ``2 x n`` strategies, Nim on an L) as explanation only,
        each checked against the computed values.

    Raises
    ------
    InputError, TooLargeError, SearchLimitReached
        As :func:`parse_chomp` and :func:`grundy.games.chomp.nim_value`.
    """
    if name is None and isinstance(pos, str):
        name = pos.strip()
    pos = _chomp(pos)
    start = time.perf_counter()
    n = _fill(pos.rows, max_diagrams, _limits(time_limit, max_positions))
    value = _TABLE[pos.rows]
    table = [(move, _TABLE[t]) for move, t in _option_tuples(pos.rows)]
    wins = [move for move, v in table if v == 0]
    seconds = time.perf_counter() - start
    out: dict[str, Any] = {
        "name": name if name is not None else pos.spec,
        "game": "rectangular-chomp",
        "value": value,
        "outcome": "N" if value else "P",
        "winning_moves": [{"row": r, "column": c} for r, c in wins],
        "rows": list(pos.rows),
        "explanation": _explain(pos.rows, value, wins, n),
        "stats": {"positions": n, "seconds": round(seconds, 6)},
    }
    if option_table:
        out["options"] = [{"row": r, "column": c, "value": v} for (r, c), v in table]
    return out
