"""Chomp positions: :class:`ChompPosition` (a Young diagram by its row
lengths), :func:`rectangle` and :func:`parse_chomp` to make one, and the
moves of a diagram (:func:`options`; nothing is searched here).

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

Source: Mangang, *Combinatorial games on graphs*, §Chomp.
"""

from __future__ import annotations

import operator
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from grundy.errors import InputError

__all__ = ["ChompPosition", "rectangle", "parse_chomp", "options"]

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
        try:
            return rectangle(m, n)
        except InputError as exc:
            raise InputError(f"{spec!r}: {exc}") from None
    try:
        rows = tuple(int(p.strip()) for p in body.split(","))
    except ValueError:
        raise InputError(f"{spec!r}: row lengths must be integers separated by commas") from None
    try:
        return ChompPosition(rows)
    except InputError as exc:  # named: a command may read several positions
        raise InputError(f"{spec!r}: {exc}") from None


def _chomp(pos: ChompPosition | str | Sequence[int]) -> ChompPosition:
    if isinstance(pos, ChompPosition):
        return pos
    if isinstance(pos, str):
        return parse_chomp(pos)
    return ChompPosition(tuple(pos))


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



def options(pos: ChompPosition | str) -> dict[Cell, ChompPosition]:
    """Every move ``(row, column)`` of a Chomp position and the position it leaves.

    Rows first, then columns, both 1-based; the poisoned square ``(1, 1)`` is
    not a move. Nothing is searched.

    >>> sorted(options("chomp:2,1"))
    [(1, 2), (2, 1)]
    """
    rows = _chomp(pos).rows
    return {move: ChompPosition(t) for move, t in _option_tuples(rows)}
