"""Rectangular Chomp (and Young diagrams), three-rowed Chomp, and Nim.

A Chomp position is a Young diagram given by its row lengths, non-increasing,
row 1 first. Cells are numbered ``(row, column)`` from 1; the poisoned square
is ``(1, 1)``. A move picks a cell ``(r, c)`` other than ``(1, 1)`` and
removes every cell ``(r', c')`` with ``r' >= r`` and ``c' >= c``.

Convention (Mangang, *Combinatorial games on graphs*, §Chomp): the player who
takes the poisoned square loses. Taking it is never a good move, so it is not
counted as a move at all: the game is normal play on the diagram minus the
poisoned square. The single poisoned square ``(1,)`` therefore has nim-value
0 (the player to move must take it and loses) and the empty diagram is not a
position. An ``m x n`` rectangle has ``m`` rows of length ``n``.

Nim (Mangang, §Nim) is Chomp on disjoint chains; it is answered directly by
the nim-sum rule.

>>> nim_value(rectangle(3, 4))
9
>>> winning_moves(rectangle(4, 4))
[(2, 2)]
>>> outcome(ChompPosition((5, 4)))
'P'
>>> nim_value(nim_position("nim:3,4,5")), nim_winning_moves((3, 4, 5))
(2, [(1, 1)])

Sources: Mangang, §Chomp (strategy stealing, the n x n and 2 x n
strategies), §Nim (the nim-sum rule); A. E. Brouwer, *The game of Chomp*
(three-rowed P-positions, one per pair of shorter rows); D. Zeilberger,
*Three-rowed Chomp* (2001).
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import reduce
import operator
from operator import xor
from typing import Any

from grundy.errors import InputError, TooLargeError

__all__ = [
    "MAX_DIAGRAMS",
    "MAX_MOVES",
    "MAX_P_ROW",
    "ChompPosition",
    "NimPosition",
    "analyze_chomp",
    "analyze_nim",
    "chomp_p_positions",
    "clear_cache",
    "count_moves",
    "count_subdiagrams",
    "nim_position",
    "nim_sum",
    "nim_value",
    "nim_winning_moves",
    "option_values",
    "options",
    "outcome",
    "parse_chomp",
    "rectangle",
    "winning_moves",
]

#: Largest number of sub-diagrams :func:`nim_value` searches. 10 x 10 has
#: 184,755 (a few seconds), 11 x 11 705,431 (about 20 s, 160 MB), 12 x 12
#: 2,704,155 (about 2 minutes, 450 MB; the largest square allowed).
MAX_DIAGRAMS = 3_000_000

#: Largest number of moves (summed over all sub-diagrams) :func:`nim_value`
#: examines: 12 x 12 has 191,995,077; a single row of n squares n(n-1)/2.
MAX_MOVES = 250_000_000

#: Largest first row :func:`chomp_p_positions` accepts.
MAX_P_ROW = 2000

Cell = tuple[int, int]


def _int(x: Any, what: str) -> int:
    """``x`` as an int (any integer type, not bool or float), else InputError."""
    if isinstance(x, bool):
        raise InputError(f"{what} must be integers: {x!r}")
    try:
        return operator.index(x)
    except TypeError:
        raise InputError(f"{what} must be integers: {x!r}") from None


# -- positions -----------------------------------------------------------------
@dataclass(frozen=True)
class ChompPosition:
    """A Chomp position: a Young diagram given by its row lengths.

    Parameters
    ----------
    rows : sequence of int
        Row lengths, row 1 (the one holding the poisoned square at column 1)
        first; positive and non-increasing.

    Raises
    ------
    InputError
        No rows ("a Chomp position needs at least one row ..."), a length
        that is not a positive integer ("sizes must be positive"), or a row
        longer than the row before it ("row lengths must not increase: 3,5").

    Examples
    --------
    >>> ChompPosition([5, 3, 3]).spec
    'chomp:5,3,3'
    >>> ChompPosition((3, 5))
    Traceback (most recent call last):
    ...
    grundy.errors.InputError: row lengths must not increase: 3,5
    """

    rows: tuple[int, ...]

    def __post_init__(self) -> None:
        if isinstance(self.rows, (str, bytes)) or not isinstance(self.rows, Iterable):
            raise InputError(f"row lengths must be a sequence of integers, not {self.rows!r}")
        rows = tuple(_int(x, "row lengths") for x in self.rows)
        if not rows:
            raise InputError("a Chomp position needs at least one row (the poisoned square)")
        if any(x <= 0 for x in rows):
            raise InputError("sizes must be positive")
        for a, b in zip(rows, rows[1:]):
            if b > a:
                raise InputError(f"row lengths must not increase: {a},{b}")
        object.__setattr__(self, "rows", rows)

    @property
    def spec(self) -> str:
        """``chomp:5,3,3``, readable back by :func:`parse_chomp`."""
        return "chomp:" + ",".join(map(str, self.rows))

    @property
    def cells(self) -> int:
        """Number of squares, the poisoned one included."""
        return sum(self.rows)

    @property
    def is_rectangle(self) -> bool:
        return len(set(self.rows)) == 1

    @property
    def shape(self) -> tuple[int, int]:
        """``(number of rows, length of row 1)``."""
        return len(self.rows), self.rows[0]

    def transpose(self) -> "ChompPosition":
        """The mirror image in the diagonal (columns become rows); same value."""
        return ChompPosition(_transpose(self.rows))

    def __str__(self) -> str:
        return self.spec


def rectangle(m: int, n: int) -> ChompPosition:
    """The ``m x n`` rectangle: ``m`` rows of ``n`` squares.

    Raises
    ------
    InputError
        ``m`` or ``n`` not a positive integer ("sizes must be positive").

    >>> rectangle(2, 3).rows
    (3, 3)
    """
    m, n = _int(m, "sizes"), _int(n, "sizes")
    if m <= 0 or n <= 0:
        raise InputError("sizes must be positive")
    return ChompPosition((n,) * m)


def parse_chomp(spec: str) -> ChompPosition:
    """Read ``chomp:5,3,3`` (row lengths) or ``chomp:MxN`` (an M x N rectangle).

    The ``chomp:`` prefix is optional.

    Raises
    ------
    InputError
        Anything else, or lengths that are not positive and non-increasing.

    >>> parse_chomp("chomp:5,3,3").rows, parse_chomp("chomp:2x3").rows
    ((5, 3, 3), (3, 3))
    """
    if not isinstance(spec, str):
        raise InputError(f"a chomp spec must be a string, not {spec!r}")
    body = spec.strip()
    if body.lower().startswith("chomp:"):
        body = body[len("chomp:"):]
    body = body.strip()
    if not body:
        raise InputError(f"{spec!r}: no row lengths (write chomp:5,3,3 or chomp:4x5)")
    if "x" in body.lower():
        parts = body.lower().split("x")
        if len(parts) != 2:
            raise InputError(f"{spec!r}: a rectangle is chomp:MxN (M rows, N columns)")
        try:
            m, n = (int(p.strip()) for p in parts)
        except ValueError:
            raise InputError(f"{spec!r}: a rectangle is chomp:MxN with integers M, N") from None
        return rectangle(m, n)
    try:
        rows = tuple(int(p.strip()) for p in body.split(","))
    except ValueError:
        raise InputError(f"{spec!r}: row lengths must be integers separated by commas") from None
    return ChompPosition(rows)


def _chomp(pos: ChompPosition | str | Sequence[int]) -> ChompPosition:
    if isinstance(pos, ChompPosition):
        return pos
    if isinstance(pos, str):
        return parse_chomp(pos)
    return ChompPosition(tuple(pos))


# -- counting and the table ----------------------------------------------------
def count_subdiagrams(pos: ChompPosition | str | Sequence[int], cap: int | None = None) -> int:
    """Number of positions reachable from ``pos``, ``pos`` included.

    These are the sub-diagrams (order ideals) that keep the poisoned square:
    non-increasing ``a_1 >= a_2 >= ... >= 0`` with ``1 <= a_1`` and
    ``a_i <= rows[i]``; for an ``m x n`` rectangle ``C(m+n, m) - 1``. Counted
    by a dynamic programme over the rows in time proportional to the number of
    squares. With ``cap``, counting stops early and returns ``cap + 1`` once
    the number is known to exceed ``cap``.

    >>> count_subdiagrams(rectangle(10, 10))
    184755
    """
    return _sizes(_chomp(pos).rows, cap)[0]


def count_moves(pos: ChompPosition | str | Sequence[int]) -> int:
    """Number of moves from all positions reachable from ``pos``: the work of
    :func:`nim_value` on an empty table (each is one table look-up).

    >>> count_moves("chomp:2,2")  # (1) (2) (1,1) (2,1) (2,2): 0 + 1 + 1 + 2 + 3
    7
    """
    return _sizes(_chomp(pos).rows)[1]


def _sizes(rows: tuple[int, ...], cap: int | None = None) -> tuple[int, int]:
    """``(sub-diagrams, moves)``; ``(cap + 1, 0)`` once more than ``cap`` diagrams."""
    if cap is not None and sum(rows) > cap:  # each square generates its own ideal
        return cap + 1, 0
    # over the choices of a_1..a_i with a_i = v: ways[v] of them, cells[v] squares in all
    ways = [0] + [1] * rows[0]
    cells = list(range(rows[0] + 1))
    for length in rows[1:]:
        # a_{i+1} = v needs a_i >= v: suffix sums, cut to length + 1
        new_ways, new_cells = [0] * (length + 1), [0] * (length + 1)
        w = c = 0
        for v in range(len(ways) - 1, -1, -1):
            w += ways[v]
            c += cells[v]
            if v <= length:
                new_ways[v] = w
                new_cells[v] = c + v * w
        ways, cells = new_ways, new_cells
        if cap is not None and sum(ways) > cap:
            return cap + 1, 0
    n = sum(ways)
    return n, sum(cells) - n


_TABLE: dict[tuple[int, ...], int] = {(1,): 0}


def clear_cache() -> None:
    """Forget every Chomp value computed so far (they are kept between calls)."""
    _TABLE.clear()
    _TABLE[(1,)] = 0


def _subdiagrams(rows: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
    """Every sub-diagram keeping the poisoned square, zero rows dropped, in
    lexicographic order of the zero-padded row lengths. Every option of a
    diagram is componentwise smaller, hence comes earlier."""
    k = len(rows)
    a = [0] * k
    a[0] = 1
    length = 1
    yield (1,)
    while True:
        if length < k:  # start the next row with one square
            a[length] = 1
            length += 1
        else:
            i = k - 1
            while i > 0 and (a[i] >= rows[i] or a[i] >= a[i - 1]):
                i -= 1
            if i == 0 and a[0] >= rows[0]:
                return
            a[i] += 1
            for j in range(i + 1, k):
                a[j] = 0
            length = i + 1
        yield tuple(a[:length])


def _fill(rows: tuple[int, ...], max_diagrams: int | None) -> int:
    """Put the value of every sub-diagram of ``rows`` into the table; return
    how many sub-diagrams there are."""
    limit = MAX_DIAGRAMS if max_diagrams is None else max_diagrams
    table = _TABLE
    # refused even when the table already knows the answer: the limits do not depend on history
    n, moves = _sizes(rows, cap=limit)
    if n > limit:
        raise TooLargeError(
            f"{_short(rows)}: more than {limit:,} positions to search "
            f"(the limit; an m x n rectangle has C(m+n, m) - 1)"
        )
    if moves > MAX_MOVES:
        raise TooLargeError(
            f"{_short(rows)}: {n:,} positions with {moves:,} moves to search, "
            f"more than the limit of {MAX_MOVES:,} moves"
        )
    if rows in table:
        return n
    height, width = len(rows), rows[0]
    for d in _subdiagrams(rows):
        if d in table:  # known: computed earlier, or as the mirror image of one
            continue
        vals = set()
        add = vals.add
        k = len(d)
        tails = [d[j:] for j in range(k + 1)]
        for r in range(k):  # moves in row r + 1
            pre = d[:r]
            if r:  # column 1: drop rows r + 1, r + 2, ... entirely
                add(table[pre])
            j = k  # rows r .. j-1 (0-based) are longer than `cut`
            for cut in range(1, d[r]):  # column cut + 1: those rows are cut to length `cut`
                while d[j - 1] <= cut:
                    j -= 1
                add(table[pre + (cut,) * (j - r) + tails[j]])
        v = 0
        while v in vals:
            v += 1
        table[d] = v
        if d[0] <= height and k <= width:  # the mirror image is the same game: store it if
            t = _transpose(d)  # it is a sub-diagram too (always, for a square)
            if all(x <= y for x, y in zip(t, rows)):
                table[t] = v
    return n


def _short(rows: tuple[int, ...]) -> str:
    """A name for error messages: ``chomp:MxN`` for a rectangle, else the
    row lengths (at most 12 shown)."""
    if len(set(rows)) == 1:
        return f"chomp:{len(rows)}x{rows[0]}"
    shown = ",".join(map(str, rows[:12]))
    return f"chomp:{shown}" + (f",... ({len(rows)} rows)" if len(rows) > 12 else "")


def _transpose(d: tuple[int, ...]) -> tuple[int, ...]:
    out = []
    k = len(d)
    for c in range(1, d[0] + 1):
        while d[k - 1] < c:
            k -= 1
        out.append(k)
    return tuple(out)


def _option_tuples(d: tuple[int, ...]) -> Iterator[tuple[Cell, tuple[int, ...]]]:
    """``((row, column), option)`` for every move of ``d``, row by row."""
    k = len(d)
    for r in range(k):
        for c in range(1, d[r] + 1):
            if r == 0 and c == 1:
                continue
            new = tuple(min(x, c - 1) for x in d[r:])
            yield (r + 1, c), _strip(d[:r] + new)


def _strip(t: tuple[int, ...]) -> tuple[int, ...]:
    n = len(t)
    while n and t[n - 1] == 0:
        n -= 1
    return t[:n]


# -- Chomp answers ---------------------------------------------------------------
def nim_value(pos: "ChompPosition | NimPosition | str", max_diagrams: int | None = None) -> int:
    """Nim-value (Grundy value) of a Chomp or Nim position.

    Parameters
    ----------
    pos : ChompPosition, NimPosition or str
        A Chomp position, a Nim position, or a spec ``chomp:5,3,3``,
        ``chomp:4x5`` or ``nim:3,4,5``.
    max_diagrams : int, optional
        Largest number of sub-diagrams to search (default :data:`MAX_DIAGRAMS`).

    Returns
    -------
    int
        For Chomp, the mex rule applied to every sub-diagram of the position,
        smallest first, memoised in a table keyed by the tuple of row lengths
        that is kept between calls (see :func:`clear_cache`). For Nim, the
        nim-sum of the heaps (Mangang, §Nim).

    Raises
    ------
    InputError
        A malformed spec.
    TooLargeError
        More sub-diagrams than ``max_diagrams``, or more moves from them
        than :data:`MAX_MOVES`.
    """
    if isinstance(pos, str) and pos.strip().lower().startswith("nim:"):
        pos = nim_position(pos)
    if isinstance(pos, NimPosition):
        return nim_sum(pos.heaps)
    rows = _chomp(pos).rows
    _fill(rows, max_diagrams)
    return _TABLE[rows]


def outcome(pos: "ChompPosition | NimPosition | str", max_diagrams: int | None = None) -> str:
    """``"P"`` (the player to move loses) or ``"N"``; see :func:`nim_value`."""
    return "N" if nim_value(pos, max_diagrams) else "P"


def options(pos: ChompPosition | str) -> dict[Cell, ChompPosition]:
    """Every move ``(row, column)`` of a Chomp position and the position it leaves.

    Rows first, then columns, both 1-based; the poisoned square ``(1, 1)`` is
    not a move. Nothing is searched.

    >>> sorted(options("chomp:2,1"))
    [(1, 2), (2, 1)]
    """
    rows = _chomp(pos).rows
    return {move: ChompPosition(t) for move, t in _option_tuples(rows)}


def option_values(pos: ChompPosition | str, max_diagrams: int | None = None) -> list[tuple[Cell, int]]:
    """``[((row, column), value of the position it leaves), ...]`` for every
    move, in the order of :func:`options`.

    Raises
    ------
    TooLargeError
        As :func:`nim_value`.
    """
    rows = _chomp(pos).rows
    _fill(rows, max_diagrams)
    return [(move, _TABLE[t]) for move, t in _option_tuples(rows)]


def winning_moves(pos: "ChompPosition | NimPosition | str", max_diagrams: int | None = None) -> list:
    """The moves to a position of value 0, in order.

    For Chomp, ``[(row, column), ...]`` (1-based; empty for a P-position);
    for Nim, ``[(heap, new_size), ...]`` as :func:`nim_winning_moves`.

    Raises
    ------
    TooLargeError
        As :func:`nim_value`.

    >>> winning_moves("chomp:3,3")
    [(2, 3)]
    """
    if isinstance(pos, str) and pos.strip().lower().startswith("nim:"):
        pos = nim_position(pos)
    if isinstance(pos, NimPosition):
        return nim_winning_moves(pos.heaps)
    return [move for move, v in option_values(pos, max_diagrams) if v == 0]


# -- explanation ---------------------------------------------------------------------
def _fmt_moves(moves: Sequence[Cell]) -> str:
    return ", ".join(f"({r},{c})" for r, c in moves) if moves else "none"


def _explain(rows: tuple[int, ...], value: int, wins: list[Cell], n: int) -> list[str]:
    m, width = len(rows), rows[0]
    lines = [
        f"value computed by the mex rule over all {n:,} positions reachable from this one "
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
        lines.append(
            f"an L: two chains of {a} and {b} squares beside the poison, i.e. Nim with heaps {a}, {b}: "
            f"value {a} xor {b} = {a ^ b} (Mangang, §Nim; Nim is Chomp on disjoint chains)"
            + ("" if a ^ b == value else " -- DOES NOT MATCH the computed value")
        )
    if len(set(rows)) == 1 and rows != (1,):
        lines.append(
            f"a {m} x {width} rectangle other than 1 x 1 is an N-position by strategy stealing (Mangang, §Chomp): "
            f"if taking ({m},{width}) lost, the winning reply to it would also win as a first move; "
            "the argument names no winning move"
            + ("" if value else " -- DOES NOT HOLD here: the computed value is 0")
        )
    if m == width and m >= 2:
        holds = (2, 2) in wins
        others = [w for w in wins if w != (2, 2)]
        line = (
            f"square: (2,2) leaves two arms of {m - 1} squares, which the first player keeps equal "
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
    max_diagrams : int, optional
        As :func:`nim_value`.

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
    InputError, TooLargeError
        As :func:`parse_chomp` and :func:`nim_value`.
    """
    if name is None and isinstance(pos, str):
        name = pos.strip()
    pos = _chomp(pos)
    start = time.perf_counter()
    n = _fill(pos.rows, max_diagrams)
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


# -- three-rowed Chomp ---------------------------------------------------------------
def chomp_p_positions(rows: int = 3, max_row: int = 50) -> Iterator[tuple[int, ...]]:
    """The P-positions of Chomp with at most ``rows`` rows and first row at most ``max_row``.

    Each is yielded as a tuple of exactly ``rows`` lengths, padded with zeros
    (``(1, 0, 0)`` is the poisoned square alone, ``(4, 3, 0)`` two rows), in
    increasing order. ``rows`` is 1, 2 or 3.

    Method (Brouwer, *The game of Chomp*; Zeilberger, *Three-rowed Chomp*):
    for given shorter rows ``(b, c)`` at most one first row ``a`` gives a
    P-position, since ``(a', b, c)`` with ``a' > a`` can move to ``(a, b, c)``.
    The moves from ``(a, b, c)`` are (i) to ``(x, x, min(c, x))`` for
    ``x < b``, the same for every ``a``; (ii) to ``(a, b', c')`` with a smaller
    pair ``(b', c')``; (iii) to ``(x, b, c)``, ``b <= x < a``. So ``(b, c)`` has
    no P-position if some ``(x, x, min(c, x))``, ``x < b``, is one, and
    otherwise its P-position has the least ``a >= max(b, 1)`` not taken by a
    smaller pair it can move to. Pairs are processed in order of ``b``, then
    ``c``, keeping for each ``c`` a bit table of the first rows its row-2
    moves reach: about 0.02 s for ``max_row`` 200 and 40 s for 2000, against
    O(max_row**3) positions of O(max_row) moves each for the plain search.

    Raises
    ------
    InputError
        ``rows`` not 1, 2 or 3, or ``max_row`` negative.
    TooLargeError
        ``max_row`` above :data:`MAX_P_ROW`.

    >>> list(chomp_p_positions(3, 4))
    [(1, 0, 0), (2, 1, 0), (2, 2, 1), (3, 1, 1), (3, 2, 0), (4, 2, 2), (4, 3, 0)]
    """
    rows = _int(rows, "rows")
    max_row = _int(max_row, "max_row")
    if rows not in (1, 2, 3):
        raise InputError(f"rows must be 1, 2 or 3, not {rows}")
    if max_row < 0:
        raise InputError(f"max_row must not be negative: {max_row}")
    if max_row > MAX_P_ROW:
        raise TooLargeError(f"max_row {max_row} is above the limit {MAX_P_ROW}")
    return _p_positions(rows, max_row)


def _p_positions(rows: int, N: int) -> Iterator[tuple[int, ...]]:
    # Only first rows a <= N are recorded: a pair whose P-position has a > N
    # (or none) excludes nothing <= N from a later pair's choice.
    found: dict[int, list[tuple[int, int, int]]] = {}  # a -> P-positions with first row a
    blocked_from: dict[int, int] = {}  # c < x, (x, x, c) a P-position: pairs (b > x, c) have none
    full_block = N + 2  # least x with (x, x, x) a P-position: pairs (b > x, c >= x) have none
    diag = bytearray(N + 2)  # diag[a] = 1: (a, y, y) is a P-position for some y < b
    # taken[c][a] = 1: (a, y, min(c, y)) is a P-position for some y < b (the row-2 moves of (a, b, c))
    taken: list[bytearray] = []
    emitted = 0
    for b in range(N + 1):
        taken.append(bytearray(diag))  # pair (b, b): y < b gives min(b, y) = y
        row3 = bytearray(N + 2)  # row3[a] = 1: (a, b, z) is a P-position for some z < c (row-3 moves)
        level: list[tuple[int, int]] = []
        for c in range(b + 1):
            if (rows < 3 and c > 0) or (rows < 2 and b > 0):
                break
            # (i) a move to (x, x, min(c, x)) with x < b that is a P-position: none for this pair
            if (c in blocked_from and blocked_from[c] < b) or (full_block < b and full_block <= c):
                continue
            t = taken[c]
            a = b if b else 1
            while a <= N and (t[a] or row3[a]):  # (ii) and the least a: (iii)
                a += 1
            if a > N:
                continue
            level.append((c, a))
            row3[a] = 1
            found.setdefault(a, []).append((a, b, c))
            if a == b:  # (b, b, c) is a P-position
                if c < b:
                    blocked_from[c] = min(blocked_from.get(c, N + 2), b)
                else:
                    full_block = min(full_block, b)
        for c, a in level:  # y = b is below every later b
            taken[c][a] = 1
            if c == b:
                diag[a] = 1
        # every P-position with first row <= b is known now (its b and c are at most its a)
        while emitted <= b:
            for p in sorted(found.pop(emitted, ())):
                yield p[:rows]
            emitted += 1


# -- Nim -----------------------------------------------------------------------------
@dataclass(frozen=True)
class NimPosition:
    """A Nim position: heap sizes (non-negative integers; empty heaps allowed).

    Raises
    ------
    InputError
        No heaps, or a size that is not a non-negative integer.
    """

    heaps: tuple[int, ...]

    def __post_init__(self) -> None:
        if isinstance(self.heaps, (str, bytes)) or not isinstance(self.heaps, Iterable):
            raise InputError(f"heap sizes must be a sequence of integers, not {self.heaps!r}")
        heaps = tuple(_int(x, "heap sizes") for x in self.heaps)
        if not heaps:
            raise InputError("a Nim position needs at least one heap")
        bad = [h for h in heaps if h < 0]
        if bad:
            raise InputError(f"heap sizes must not be negative: {bad[0]}")
        object.__setattr__(self, "heaps", heaps)

    @property
    def spec(self) -> str:
        return "nim:" + ",".join(map(str, self.heaps))

    def __str__(self) -> str:
        return self.spec


def nim_position(spec: str | Sequence[int]) -> NimPosition:
    """Read ``nim:3,4,5`` (the ``nim:`` prefix is optional) or a sequence of sizes.

    Raises
    ------
    InputError
        Malformed spec, no heaps, or a negative size.

    >>> nim_position("nim:3,4,5").heaps
    (3, 4, 5)
    """
    if isinstance(spec, NimPosition):
        return spec
    if not isinstance(spec, str):
        return NimPosition(tuple(spec))
    body = spec.strip()
    if body.lower().startswith("nim:"):
        body = body[4:]
    if not body.strip():
        raise InputError(f"{spec!r}: no heap sizes (write nim:3,4,5)")
    try:
        heaps = tuple(int(p.strip()) for p in body.split(","))
    except ValueError:
        raise InputError(f"{spec!r}: heap sizes must be integers separated by commas") from None
    return NimPosition(heaps)


def nim_sum(heaps: Iterable[int]) -> int:
    """The XOR of the heap sizes: the nim-value of Nim (Mangang, §Nim).

    >>> nim_sum([2, 3, 4, 5])
    0
    """
    return reduce(xor, nim_position(tuple(heaps)).heaps, 0)


def nim_winning_moves(heaps: NimPosition | Sequence[int]) -> list[tuple[int, int]]:
    """Every move to nim-sum 0, as ``(heap, new_size)`` with heaps numbered from 1.

    With nim-sum ``s != 0``, heap ``i`` has one when ``h_i xor s < h_i``
    (Mangang, §Nim, Lemma 2: true at least for a heap with the leading bit of
    ``s``); with ``s == 0`` there is none.

    >>> nim_winning_moves([2, 3, 4])
    [(3, 1)]
    """
    hs = nim_position(heaps).heaps
    s = reduce(xor, hs, 0)
    if s == 0:
        return []
    return [(i, h ^ s) for i, h in enumerate(hs, start=1) if h ^ s < h]


def analyze_nim(heaps: NimPosition | str | Sequence[int], name: str | None = None) -> dict[str, Any]:
    """Everything ``grundy nim --json`` prints about a Nim position.

    Returns
    -------
    dict
        ``{"name", "game": "nim", "value", "outcome", "winning_moves":
        [{"heap": i, "to": size}, ...], "heaps", "explanation", "stats":
        {"positions": 0, "seconds"}}``. A winning move names the heap
        (numbered from 1) and the size it is reduced **to** (it takes
        ``heaps[i-1] - to`` counters). No search: ``positions`` is 0.

    Raises
    ------
    InputError
        As :func:`nim_position`.
    """
    start = time.perf_counter()
    if name is None and isinstance(heaps, str):
        name = heaps.strip()
    pos = nim_position(heaps)
    s = nim_sum(pos.heaps)
    wins = nim_winning_moves(pos.heaps)
    xs = " xor ".join(map(str, pos.heaps))
    explanation = [
        f"nim-sum {xs} = {s} (Mangang, §Nim, Theorem: a position is a P-position exactly when its nim-sum is 0)",
    ]
    if s:
        explanation.append(
            f"a winning move reduces a heap h to h xor {s} wherever that is smaller "
            "(Mangang, §Nim, Lemma 2), leaving nim-sum 0: "
            + ", ".join(f"heap {i} from {pos.heaps[i - 1]} to {t}" for i, t in wins)
        )
    else:
        explanation.append(
            "no move leaves nim-sum 0: every move changes it to a nonzero value (Mangang, §Nim, Lemma 1)"
        )
    return {
        "name": name if name is not None else pos.spec,
        "game": "nim",
        "value": s,
        "outcome": "N" if s else "P",
        "winning_moves": [{"heap": i, "to": t} for i, t in wins],
        "heaps": list(pos.heaps),
        "explanation": explanation,
        "stats": {"positions": 0, "seconds": round(time.perf_counter() - start, 6)},
    }
