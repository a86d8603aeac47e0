"""Octal games (Guy-Smith): codes, exact nim-sequences and their periods.

An *octal game* is played on heaps of tokens. Its *code* ``d_0 . d_1 d_2 d_3 ...``
lists one octal digit per number of tokens removed: digit ``d_k`` says what a
move that removes ``k`` tokens from one heap may leave of that heap,

* bit 1: nothing (the move takes the whole heap, so the heap had exactly ``k``),
* bit 2: one nonempty heap,
* bit 4: two nonempty heaps.

So ``0.77`` is Kayles (remove 1 or 2 tokens, leaving 0, 1 or 2 heaps), ``0.07``
is Dawson's Kayles, ``0.137`` is Dawson's Chess and ``0.4`` is "remove one
token and split the rest into two nonempty heaps" (Harding-Ottaway, Lemma 3.3:
the edge-deletion game BE/BE on the path P_n is 0.4 on a heap of n - 1 tokens).

The package
-----------
:mod:`.code` reads and checks codes (the conventions for the digit before
the point and for a repeating digit are told there); :mod:`.sequence`
computes nim-sequences and proves periods (the periodicity theorem and its
proof are there); :mod:`.report` gives the analysis the command line prints;
:mod:`.misere` the misère outcomes.

>>> nim_sequence("0.77", 12)
[0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4]
>>> r = analyze_code("kayles", 200)
>>> r["period"], r["preperiod"], r["proven"]
(12, 71, True)
>>> str(OctalCode.parse(".34(4)"))
'0.3(4)'
"""

from __future__ import annotations

from grundy.games.octal.code import KNOWN, MAX_HEAP, OctalCode
from grundy.games.octal.misere import MAX_MISERE_HEAP, misere_outcomes
from grundy.games.octal.report import analyze_code, format_report
from grundy.games.octal.sequence import PERIODICITY_SOURCE, nim_sequence

__all__ = [
    "KNOWN",
    "MAX_HEAP",
    "OctalCode",
    "PERIODICITY_SOURCE",
    "analyze_code",
    "format_report",
    "misere_outcomes",
    "MAX_MISERE_HEAP",
    "nim_sequence",
]
