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

The package: :mod:`.position` (diagrams and their moves), :mod:`.values`
(the table of values, the search that fills it and its limits),
:mod:`.analysis` (:func:`analyze_chomp`), :mod:`.p_positions` (three-rowed
P-positions) and :mod:`.nim`.

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

from grundy.games.chomp.analysis import analyze_chomp
from grundy.games.chomp.nim import NimPosition, analyze_nim, nim_position, nim_sum, nim_winning_moves
from grundy.games.chomp.p_positions import MAX_P_ROW, chomp_p_positions
from grundy.games.chomp.position import ChompPosition, options, parse_chomp, rectangle
from grundy.games.chomp.values import (
    MAX_DIAGRAMS,
    MAX_MOVES,
    clear_cache,
    count_moves,
    count_subdiagrams,
    nim_value,
    option_values,
    outcome,
    winning_moves,
)

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
