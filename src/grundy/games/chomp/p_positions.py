"""P-positions of Chomp with at most three rows (:func:`chomp_p_positions`),
by Brouwer's method: at most one first row per pair of shorter rows.

Sources: A. E. Brouwer, *The game of Chomp*; D. Zeilberger, *Three-rowed
Chomp* (2001).
"""

from __future__ import annotations

from collections.abc import Iterator

from grundy.errors import InputError, TooLargeError
from grundy.games.chomp.position import _int

__all__ = ["MAX_P_ROW", "chomp_p_positions"]

#: Largest first row :func:`chomp_p_positions` accepts.
MAX_P_ROW = 2000


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
