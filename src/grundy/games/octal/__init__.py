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
>>> r = analyse("kayles", 200)
>>> r["period"], r["preperiod"], r["proven"]
(12, 71, True)
>>> str(OctalCode.parse(".34(4)"))
'0.3(4)'
"""

from __future__ import annotations

# Names the module grundy.games.octal held before it became a package, kept
# importable from here. The switches of the direct computation (_np,
# _LOOP_MAX_HEAP, _BITSET_MAX_VALUES, ...) are read by grundy.games.octal.sequence:
# set them there.
from grundy.errors import InputError, TooLargeError  # noqa: F401
from grundy.games.octal.code import (  # noqa: F401
    _BEFORE_MESSAGE,
    _OCTAL,
    KNOWN,
    MAX_HEAP,
    OctalCode,
    _as_code,
    _as_heap,
    _check_digit,
)
from grundy.games.octal.misere import MAX_MISERE_HEAP, _misere_options, misere_outcomes  # noqa: F401
from grundy.games.octal.report import analyse, format_report  # noqa: F401
from grundy.games.octal.sequence import (  # noqa: F401
    _BITSET_MAX_VALUES,
    _FIRST_CHECK,
    _LOOP_MAX_HEAP,
    _MIN_OBSERVED,
    PERIODICITY_SOURCE,
    _compute,
    _np,
    _observed_period,
    _period_proof,
    _split_reaches,
    nim_sequence,
)

__all__ = [
    "KNOWN",
    "MAX_HEAP",
    "OctalCode",
    "PERIODICITY_SOURCE",
    "analyse",
    "format_report",
    "misere_outcomes",
    "MAX_MISERE_HEAP",
    "nim_sequence",
]
