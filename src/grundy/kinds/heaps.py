"""What the kinds on heaps (Nim, octal games) and the lists of moves share:
a plain mex search over heap multisets (:func:`heap_search`, no theorem:
what ``--no-theory`` checks the nim-sum rule and the Sprague-Grundy
theorem against), a deadline for work that is not a search
(:func:`deadline`), long lists checked against the clock as they are made
(:func:`checked`) and the limits of a nim-sequence (:class:`SequenceLimits`).
"""

from __future__ import annotations

import heapq
import time
from collections.abc import Callable, Iterable, Iterator
from typing import Any, TypeVar

from grundy.core.explain import outcome_line
from grundy.core.limits import Limits, Stats
from grundy.errors import SearchLimitReached

__all__ = ["ListCheck", "SequenceLimits", "checked", "deadline", "heap_search", "searched", "sorted_checked"]


#: A list's check: ``check(made)`` is called as a list of moves or options
#: grows, ``made`` the number listed so far; it raises to stop (a limit
#: passed, see :meth:`grundy.core.limits.Limits.check_options`).
ListCheck = Callable[[int], None]


def heap_search(
    heaps: tuple[int, ...],
    options: Callable[[tuple[int, ...], ListCheck], Iterable[tuple[int, ...]]],
    time_limit: float | None,
    max_positions: int | None,
) -> tuple[int, Stats]:
    """Nim-value of ``heaps`` by plain mex search (no theorem), memoised on
    the sorted nonempty heaps; ``options(heaps, check)`` gives the sorted
    heap tuples one move away, calling ``check(made)`` (the search's clock,
    and the position limit on the options one expansion makes) as it goes.
    Returns the value and the search's counters.

    Raises
    ------
    SearchLimitReached
        When a limit is passed.
    """
    stats = Stats()
    limits = Limits(time_limit, max_positions)
    memo: dict[tuple[int, ...], int] = {}

    def check(made: int) -> None:
        limits.check_options(stats.positions, made)
        limits.check_time(stats.positions)

    def value(h: tuple[int, ...]) -> int:
        known = memo.get(h)
        if known is not None:
            stats.table_hits += 1
            return known
        stats.positions += 1
        limits.tick(stats.positions, len(memo))
        seen = {value(o) for o in options(h, check)}
        v = 0
        while v in seen:
            v += 1
        memo[h] = v
        return v

    limits.start()
    try:
        return value(tuple(sorted(h for h in heaps if h))), stats
    finally:
        stats.seconds = limits.finish()


def searched(value: int, stats: Stats, what: str) -> tuple[list[str], dict[str, Any]]:
    """Explanation and stats of a value found by :func:`heap_search`."""
    n = stats.positions
    explanation = [
        f"no theory: value {value} by mex search over {n} position{'' if n == 1 else 's'} ({what})",
        outcome_line(value),
    ]
    return explanation, {"positions": n, "table_hits": stats.table_hits, "closed_forms": 0, "reductions": 0,
                         "seconds": round(stats.seconds, 4)}


def deadline(time_limit: float | None) -> ListCheck | None:
    """A :data:`ListCheck` of the time limit alone, its clock started now
    (None without a limit): for lists that are not a search (the option
    table of Nim, whose values the nim-sum rule gives)."""
    if time_limit is None:
        return None
    limits = Limits(time_limit)
    limits.start()

    def check(made: int) -> None:
        limits.check_time()

    return check


_T = TypeVar("_T")


def checked(items: Iterable[_T], check: ListCheck | None, every: int) -> Iterator[_T]:
    """``items``, calling ``check(made)`` (if given, ``made`` the items
    yielded so far) before the first and then every ``every`` items: a list
    of moves may be long enough (hundreds of thousands) to outlast a time
    limit or to exceed the position limit by itself."""
    if check is None:
        yield from items
        return
    for n, item in enumerate(items):
        if not n % every:
            check(n)
        yield item


def sorted_checked(items: Iterable[_T], check: ListCheck | None, run: int = 1 << 16) -> Iterator[_T]:
    """``sorted(items)``, calling ``check(0)`` (if given) between the sorts
    of runs of ``run`` items, which are then merged lazily: the sort of
    half a million split heaps takes half a second, long enough to outlast
    a time limit with no check in between."""
    listed = list(items)
    if check is None or len(listed) <= run:
        return iter(sorted(listed))  # type: ignore[type-var]
    runs = []
    for start in range(0, len(listed), run):
        check(0)
        runs.append(sorted(listed[start:start + run]))  # type: ignore[type-var]
    return heapq.merge(*runs)  # type: ignore[type-var]


class SequenceLimits:
    """The limits of a nim-sequence computation: ``stop()`` is called every
    64 heaps valued by the mex rule (:func:`grundy.games.octal.nim_sequence`'s
    ``check``), so each call counts 64 positions (heaps) against
    ``max_positions`` and checks the clock. ``positions`` is the count."""

    STEP = 64

    def __init__(self, time_limit: float | None, max_positions: int | None) -> None:
        self.limits = Limits(time_limit, max_positions)
        self.limits.start()
        self.positions = 0

    def stop(self) -> None:
        """Count 64 heaps valued; raise :class:`SearchLimitReached` past a limit."""
        self.positions += self.STEP
        limits = self.limits
        mp = limits.max_positions
        now = time.perf_counter()
        if mp is not None and self.positions > mp:
            raise SearchLimitReached(f"position limit {mp}", self.positions, now - limits.started)
        if limits.deadline is not None and now > limits.deadline:
            raise SearchLimitReached(f"time limit {limits.time_limit:g} s", self.positions, now - limits.started)
