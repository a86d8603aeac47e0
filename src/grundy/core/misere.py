"""Misère play: the player who cannot move wins.

Under misère play a disjoint sum's outcome is not a function of its
components' nim-values, so positions are searched whole and memoised by a
key the game gives (a canonical form, so isomorphic positions share an
entry). One routine serves every game: graph rulesets
(:mod:`grundy.games.graphs.misere`), octal games, posets, complexes,
rectangular Chomp and Nim. No normal-play theorem is used.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from typing import Any, Generic, TypeVar

from grundy.core.limits import Limits, Stats, own_clock
from grundy.errors import SearchLimitReached, keep_found

__all__ = ["MisereSearch", "scan_moves"]

P = TypeVar("P")


class MisereSearch(Generic[P]):
    """Misère outcomes of the positions of one game.

    Parameters
    ----------
    options : callable
        ``options(position)``: the positions one move away (one per
        symmetry class is enough).
    key : callable
        ``key(position)``: a hashable key, equal for positions with equal
        outcome (a canonical form).
    time_limit, max_positions, progress
        As for :class:`grundy.core.limits.Limits`.

    Raises (from :meth:`is_n`)
    ------
    SearchLimitReached
        When a limit is passed; what was learned stays memoised.

    >>> s = MisereSearch(lambda h: range(h), lambda h: h)   # one Nim heap
    >>> [s.is_n(h) for h in range(4)]     # misère: taking the last loses
    [True, False, True, True]
    """

    def __init__(
        self,
        options: Callable[[P], Iterable[P]],
        key: Callable[[P], Hashable],
        *,
        time_limit: float | None = None,
        max_positions: int | None = None,
        progress: bool = False,
    ) -> None:
        self.options = options
        self.key = key
        self.memo: dict[Hashable, bool] = {}
        self.stats = Stats()
        self.limits = Limits(time_limit, max_positions, progress)

    def start(self) -> None:
        """Start the clock for a top-level call (limits count from here)."""
        self.limits.start()

    def finish(self) -> None:
        """Stop the clock and close the progress display."""
        self.stats.seconds += self.limits.finish()

    def is_n(self, position: P) -> bool:
        """Whether ``position`` is an N-position under misère play: it has
        no move (the player to move has already won) or a move to a
        P-position. (The entry point: the search itself recurses through
        :meth:`_is_n`, so a subclass may change the entry alone.) A
        top-level call: with no clock running (:meth:`start`) it runs on its
        own, so ``time_limit`` bounds it (:func:`grundy.core.limits.own_clock`)."""
        with own_clock(self):
            return self._is_n(position)

    def _is_n(self, position: P) -> bool:
        k = self.key(position)
        known = self.memo.get(k)
        if known is not None:
            self.stats.table_hits += 1
            return known
        self.stats.positions += 1
        self.limits.tick(self.stats.positions, len(self.memo))
        result = True  # no move: the player to move wins
        for option in self.options(position):
            result = False
            if not self._is_n(option):
                result = True
                break
        self.memo[k] = result
        return result


M = TypeVar("M")


def scan_moves(
    moves: Iterable[tuple[M, P]],
    is_n: Callable[[P], bool],
    outcome: str,
    winning: list[M],
    table: list[tuple[M, str]] | None = None,
    wanted: int | None = None,
    check: Callable[[], None] | None = None,
    expand: Callable[[M], Iterable[M]] | None = None,
    order: Callable[[M], Any] | None = None,
) -> None:
    """Fill ``winning`` with the winning moves of a position of misère
    ``outcome`` (``"N"`` or ``"P"``) and, if ``table`` is given, ``table``
    with ``(move, "N" | "P")`` for every move; both in move order (with
    ``expand``, in ``order``'s).

    ``moves`` gives ``(move, position it leaves)`` in move order; ``is_n``
    decides a position. Without ``table``, at most ``wanted`` winning moves
    are looked for (None: every one; 1: the first in move order; 0: none,
    the outcome alone) and the options after them are not searched; a
    P-position has no winning move (every option of a P-position is N, in
    misère play too), so its options are searched only for the table.
    ``check()``, if given, runs before each option is decided (a limit's
    clock: options already known are not searched again, so they tick
    nothing of their own). The lists are filled as the scan goes, so what
    a stopped scan found is in them. ``expand``, if given, turns a move
    into every move whose option is isomorphic to its option, the move
    itself first, made one at a time (decided once for all of them; Graph
    Nim's edge sets that meet each class of twins in as many edges; ``check``
    runs every 1,024 of them): those are what the lists receive, at most
    ``wanted`` winning ones; ``order``, if given, is a sort key that puts
    the lists in move order at the end and at a stop (the scan's order is
    then not the moves').

    Raises
    ------
    SearchLimitReached
        From ``is_n`` or ``check``, when a limit stops the search; it
        carries ``outcome`` and the winning moves found so far
        (:func:`grundy.errors.keep_found`), as does the ``KeyboardInterrupt``
        of a Ctrl-C or SIGTERM.
    """
    if outcome == "P" and table is None:
        return
    try:
        for move, child in moves:
            if table is None and wanted is not None and len(winning) >= wanted:
                break
            if check is not None:
                check()
            child_n = is_n(child)
            if child_n and table is None:
                continue
            for k, each in enumerate((move,) if expand is None else expand(move)):
                if k & 1023 == 1023 and check is not None:
                    check()
                if not child_n:
                    if table is None and wanted is not None and len(winning) >= wanted:
                        break
                    winning.append(each)
                if table is not None:
                    table.append((each, "N" if child_n else "P"))
    except (SearchLimitReached, KeyboardInterrupt) as stop:  # the outcome was settled: say so, and what was found
        keep_found(stop, None, outcome, list(winning) if order is None else sorted(winning, key=order))
        raise
    if order is not None:
        winning.sort(key=order)
        if table is not None:
            table.sort(key=lambda row: order(row[0]))
