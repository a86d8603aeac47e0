"""Running a top-level question on a searcher and explaining a disjoint
sum: what every game's analysis shares (graphs, posets, complexes).
Nothing here knows a game."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Any

from grundy.core.search import Component, Namer, Searcher

__all__ = ["measured", "outcome_line", "sum_values"]


@contextmanager
def measured(solver: Searcher) -> Iterator[dict[str, Any]]:
    """Run a top-level analysis on ``solver``: start its clock (limits count
    from here), stop it however the block ends, and fill the yielded dict
    with the statistics of the block (counter deltas and wall seconds)."""
    before = solver.stats.as_dict()
    t0 = time.perf_counter()
    stats: dict[str, Any] = {}
    solver.start()
    try:
        yield stats
    finally:
        solver.finish()
    after = solver.stats.as_dict()
    stats.update({k: after[k] - before[k] for k in after})
    stats["seconds"] = round(time.perf_counter() - t0, 4)


def outcome_line(total: int) -> str:
    """The explanation's last line for a position of value ``total``."""
    return f"value {total}: " + (
        "P-position, the player to move loses" if total == 0 else "N-position, the player to move wins"
    )


def sum_values(
    solver: Searcher,
    parts: list[Any],
    decompose_part: Callable[[Any, list[str] | None], tuple[int, tuple[Component, ...]]],
    namer: Namer,
    part_mask: Callable[[Any], int],
    trace: list[str],
) -> tuple[list[int], int]:
    """Value every part of a disjoint sum, with explanation lines.

    ``parts`` are the components (in any form), ``decompose_part(part,
    trace)`` decomposes one, ``part_mask(part)`` gives the mask ``namer``
    names. Appends to ``trace`` and returns the parts' values and their
    nim-sum. Shared by graphs, posets and simplicial complexes.
    """
    if len(parts) > 1:
        trace.append(f"{len(parts)} components: a disjoint sum, values combine by nim-sum [Sprague-Grundy]")
    values = []
    for part in parts:
        nim, unk = decompose_part(part, trace)
        values.append(solver.value_of(nim, unk))
        if unk:
            trace.append(
                f"{namer(part_mask(part))} has value {values[-1]} by search: the least n for which it plus "
                "a nim-heap of size n is a P-position (the mex of its options' values)"
            )
        elif len(parts) > 1:
            trace.append(f"{namer(part_mask(part))} has value {values[-1]}")
    total = 0
    for v in values:
        total ^= v
    if len(parts) > 1:
        trace.append("nim-sum " + " xor ".join(map(str, values)) + f" = {total}")
    trace.append(outcome_line(total))
    return values, total


def winning_options(
    solver: Searcher,
    candidates: Iterable[tuple[int, Any, Callable[[], tuple[int, tuple[Component, ...]]]]],
    option_table: bool,
    found: list[Any],
    table: list[tuple[Any, int]],
    value: int | None = None,
    expand: Callable[[Any], Iterable[Any]] | None = None,
) -> None:
    """The moves of a position whose value is known that win: each candidate
    is ``(target, move, split)``, the move winning iff the option's split
    (``split()``, its ``(nimber, unknowns)``) has value ``target`` (the
    nim-sum of the other components). Winning moves are appended to
    ``found`` as they are found (what a stop leaves); with
    ``option_table``, every option is valued and ``(move, value ^ target)``
    appended to ``table``, else only "is it a P-position?" is asked. The
    clock is checked before each option (a split is no search).

    ``value`` is the position's nim-value, if the caller has it: 0, a
    P-position, has no winning move (every option of a P-position is N, by
    the definition of P), so without ``option_table`` nothing is asked.
    ``expand``, if given, turns a candidate's move into every move whose
    option is isomorphic to its option, made one at a time (valued once for
    all of them; Graph Nim's edge sets that meet each class of twins in as
    many edges): those are what ``found`` and ``table`` receive, the clock
    checked every 1,024 of them.

    Raises
    ------
    SearchLimitReached
        When the solver's limit stops it (``found`` holds what was found).
    """
    if value == 0 and not option_table:
        return
    for target, move, split in candidates:
        solver.limits.check_time(solver.stats.positions)
        nim, unk = split()
        if option_table:
            val = solver.value_of(nim, unk)
            wins = val == target
        else:
            wins = solver.is_p(nim ^ target, unk)
        if not wins and not option_table:
            continue
        for k, each in enumerate((move,) if expand is None else expand(move)):
            if k & 1023 == 1023:
                solver.limits.check_time(solver.stats.positions)
            if option_table:
                table.append((each, val ^ target))
            if wins:
                found.append(each)
