"""Values of Chomp positions: the table of every sub-diagram's nim-value
(kept between calls), the exact search that fills it by the mex rule, its
size limits (:data:`MAX_DIAGRAMS`, :data:`MAX_MOVES`) and search limits
(``time_limit``, ``max_positions``), and the answers :func:`nim_value`,
:func:`outcome`, :func:`option_values` and :func:`winning_moves` (which also
take Nim positions, answered by the nim-sum rule).

Limits
------
Size limits: ``max_diagrams`` (default :data:`MAX_DIAGRAMS`) and
:data:`MAX_MOVES`. A position with more sub-diagrams, or more moves from
them, is refused before any search, whatever the table holds, with
:class:`~grundy.errors.TooLargeError` (an input error).

Search limits: ``max_positions`` and ``time_limit``, as for the other games
(:class:`grundy.core.limits.Limits`, counted from the start of each call).
The search counts the sub-diagrams it values (those the table already knows
are free) and stops with :class:`~grundy.errors.SearchLimitReached` before
valuing more than ``max_positions`` or once it has run ``time_limit``
seconds; what it valued stays in the table. A call with a search limit and
no ``max_diagrams`` is not refused for its size first: the default size
limits then bound the search as it goes (more than :data:`MAX_DIAGRAMS`
sub-diagrams valued, or :data:`MAX_MOVES` moves examined, stops it with
SearchLimitReached too), so that a large board stops at the caller's limit.
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Sequence

from grundy.core.limits import Limits
from grundy.errors import SearchLimitReached, TooLargeError
from grundy.games.chomp.nim import NimPosition, nim_position, nim_sum, nim_winning_moves
from grundy.games.chomp.position import Cell, ChompPosition, _chomp, _option_tuples, _transpose

__all__ = [
    "MAX_DIAGRAMS",
    "MAX_MOVES",
    "clear_cache",
    "count_moves",
    "count_subdiagrams",
    "nim_value",
    "option_values",
    "outcome",
    "winning_moves",
]

#: Largest number of sub-diagrams :func:`nim_value` searches. 10 x 10 has
#: 184,755 (a few seconds), 11 x 11 705,431 (about 20 s, 160 MB), 12 x 12
#: 2,704,155 (about 2 minutes, 450 MB; the largest square allowed).
MAX_DIAGRAMS = 3_000_000

#: Largest number of moves (summed over all sub-diagrams) :func:`nim_value`
#: examines: 12 x 12 has 191,995,077; a single row of n squares n(n-1)/2.
MAX_MOVES = 250_000_000


def count_subdiagrams(pos: ChompPosition | str | Sequence[int], cap: int | None = None) -> int:
    """Number of positions reachable from ``pos``, ``pos`` included.

    These are the sub-diagrams (order ideals) that keep the poisoned square:
    non-increasing ``a_1 >= a_2 >= ... >= 0`` with ``1 <= a_1`` and
    ``a_i <= rows[i]``; for an ``m x n`` rectangle ``C(m+n, m) - 1``. Counted
    by a dynamic programme over the rows in time proportional to the number of
    squares. With ``cap``, counting stops early and returns ``cap + 1`` once
    the number is known to exceed ``cap``.

    >>> count_subdiagrams("chomp:10x10")
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


def cached_positions() -> int:
    """How many Chomp positions the value cache holds (it is kept between
    calls, unbounded: a long-running server clears it with
    :func:`clear_cache` when it grows too large)."""
    return len(_TABLE)


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


def _limits(time_limit: float | None, max_positions: int | None) -> Limits | None:
    """Started limits for one call, or None when there are none (the search
    then checks nothing)."""
    if time_limit is None and max_positions is None:
        return None
    limits = Limits(time_limit, max_positions)
    limits.start()
    return limits


def _fill(rows: tuple[int, ...], max_diagrams: int | None, limits: Limits | None = None) -> int:
    """Put the value of every sub-diagram of ``rows`` into the table; return
    how many sub-diagrams there are.

    Without ``limits``, or with ``max_diagrams``, the size limits are checked
    first: more than ``max_diagrams`` (default :data:`MAX_DIAGRAMS`)
    sub-diagrams, or more than :data:`MAX_MOVES` moves from them, is refused
    with TooLargeError whatever the table holds. ``limits`` (started) is
    ticked once per sub-diagram valued (not those the table already knows);
    given without ``max_diagrams``, the default size limits are applied as
    the search goes instead of before it: valuing more than MAX_DIAGRAMS
    sub-diagrams, or examining more than MAX_MOVES moves, stops the search
    as its own limits do, with SearchLimitReached. A stopped search leaves
    in the table the values it found (each exact: a diagram is stored only
    once its options are)."""
    table = _TABLE
    if limits is None or max_diagrams is not None:
        limit = MAX_DIAGRAMS if max_diagrams is None else max_diagrams
        # refused even when the table already knows the answer: the limits do not depend on history
        n, moves = _sizes(rows, cap=limit)
        if n > limit:
            raise TooLargeError(
                f"{_short(rows)}: more than {limit:,} position{'' if limit == 1 else 's'} to search "
                f"(the limit; an m x n rectangle has C(m+n, m) - 1)"
            )
        if moves > MAX_MOVES:
            raise TooLargeError(
                f"{_short(rows)}: {n:,} positions with {moves:,} moves to search, "
                f"more than the limit of {MAX_MOVES:,} moves"
            )
        if rows in table:
            return n
        caps = False
    else:
        if rows in table:
            return _sizes(rows)[0]
        n = -1  # counted once the search is done: it may be too large to count first
        caps = True
    height, width = len(rows), rows[0]
    valued = examined = 0
    for d in _subdiagrams(rows):
        if d in table:  # known: computed earlier, or as the mirror image of one
            continue
        if limits is not None:
            valued += 1
            limits.tick(valued)
            if caps:
                examined += sum(d) - 1  # every square but the poison is a move
                if valued > MAX_DIAGRAMS or examined > MAX_MOVES:
                    _stop(limits, valued, examined)
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
    return n if n >= 0 else _sizes(rows)[0]


def _stop(limits: Limits, valued: int, examined: int) -> None:
    """Stop a search that has passed a default size limit (see :func:`_fill`)."""
    if valued > MAX_DIAGRAMS:
        reason = f"size limit of {MAX_DIAGRAMS:,} positions (MAX_DIAGRAMS)"
    else:
        reason = f"size limit of {MAX_MOVES:,} moves (MAX_MOVES)"
    raise SearchLimitReached(reason, valued - 1, time.perf_counter() - limits.started)


def _short(rows: tuple[int, ...]) -> str:
    """A name for error messages: ``chomp:MxN`` for a rectangle, else the
    row lengths (at most 12 shown)."""
    if len(set(rows)) == 1:
        return f"chomp:{len(rows)}x{rows[0]}"
    shown = ",".join(map(str, rows[:12]))
    return f"chomp:{shown}" + (f",... ({len(rows)} rows)" if len(rows) > 12 else "")


# -- Chomp answers ---------------------------------------------------------------
def nim_value(
    pos: "ChompPosition | NimPosition | str",
    max_diagrams: int | None = None,
    *,
    time_limit: float | None = None,
    max_positions: int | None = None,
) -> int:
    """Nim-value (Grundy value) of a Chomp or Nim position.

    Parameters
    ----------
    pos : ChompPosition, NimPosition or str
        A Chomp position, a Nim position, or a spec ``chomp:5,3,3``,
        ``chomp:4x5`` or ``nim:3,4,5``.
    max_diagrams : int, optional
        Largest number of sub-diagrams to search (default :data:`MAX_DIAGRAMS`);
        a position with more is refused before any search.
    time_limit : float, optional
        Seconds this call may search; past them it stops.
    max_positions : int, optional
        Most sub-diagrams this call may value (those the table already
        knows are free); one more stops it.

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
        than :data:`MAX_MOVES`, checked before the search unless a search
        limit is given without ``max_diagrams`` (see the module docstring).
    SearchLimitReached
        Past ``time_limit`` or ``max_positions`` (or, with a search limit
        and no ``max_diagrams``, past the default size limits); the values
        found so far stay in the table.

    A Nim position is not searched: the limits do not apply to it.
    """
    if isinstance(pos, str) and pos.strip().lower().startswith("nim:"):
        pos = nim_position(pos)
    if isinstance(pos, NimPosition):
        return nim_sum(pos.heaps)
    rows = _chomp(pos).rows
    _fill(rows, max_diagrams, _limits(time_limit, max_positions))
    return _TABLE[rows]


def outcome(
    pos: "ChompPosition | NimPosition | str",
    max_diagrams: int | None = None,
    *,
    time_limit: float | None = None,
    max_positions: int | None = None,
) -> str:
    """``"P"`` (the player to move loses) or ``"N"``; see :func:`nim_value`."""
    return "N" if nim_value(pos, max_diagrams, time_limit=time_limit, max_positions=max_positions) else "P"



def option_values(
    pos: ChompPosition | str,
    max_diagrams: int | None = None,
    *,
    time_limit: float | None = None,
    max_positions: int | None = None,
) -> list[tuple[Cell, int]]:
    """``[((row, column), value of the position it leaves), ...]`` for every
    move, in the order of :func:`options`. ``max_diagrams``, ``time_limit``
    and ``max_positions`` as for :func:`nim_value`.

    Raises
    ------
    TooLargeError, SearchLimitReached
        As :func:`nim_value`.
    """
    rows = _chomp(pos).rows
    _fill(rows, max_diagrams, _limits(time_limit, max_positions))
    return [(move, _TABLE[t]) for move, t in _option_tuples(rows)]


def winning_moves(
    pos: "ChompPosition | NimPosition | str",
    max_diagrams: int | None = None,
    *,
    time_limit: float | None = None,
    max_positions: int | None = None,
) -> list:
    """The moves to a position of value 0, in order.

    For Chomp, ``[(row, column), ...]`` (1-based; empty for a P-position);
    for Nim, ``[(heap, new_size), ...]`` as :func:`nim_winning_moves`.
    ``max_diagrams``, ``time_limit`` and ``max_positions`` as for
    :func:`nim_value`.

    Raises
    ------
    TooLargeError, SearchLimitReached
        As :func:`nim_value`.

    >>> winning_moves("chomp:3,3")
    [(2, 3)]
    """
    if isinstance(pos, str) and pos.strip().lower().startswith("nim:"):
        pos = nim_position(pos)
    if isinstance(pos, NimPosition):
        return nim_winning_moves(pos.heaps)
    return [
        move
        for move, v in option_values(pos, max_diagrams, time_limit=time_limit, max_positions=max_positions)
        if v == 0
    ]
