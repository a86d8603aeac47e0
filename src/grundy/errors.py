"""Exceptions raised by grundy.

Every error a user can provoke with bad input is an :class:`InputError`; the
command line turns it into a one-line message on stderr and exit code 2.
A search stopped by a limit raises :class:`SearchLimitReached` (exit code 3).
"""

from __future__ import annotations

from typing import Any


class GrundyError(Exception):
    """Base class of every error grundy raises on purpose."""


class InputError(GrundyError, ValueError):
    """Bad input: malformed graph6/sparse6, self-loops, repeated edges,
    unknown family names or parameters, unreadable files, empty input.

    Attributes
    ----------
    sqlite_errorcode : int or None
        For a table file that could not be written, SQLite's error code
        (``sqlite3.SQLITE_INTERRUPT`` for a statement a stop cut short);
        None otherwise.
    """

    sqlite_errorcode: int | None = None


class TooLargeError(InputError):
    """A position is too large to build or to search within the limits."""


class SearchLimitReached(GrundyError):
    """A search stopped at its time or position limit.

    Attributes
    ----------
    positions : int
        Positions expanded before the stop.
    seconds : float
        Wall-clock seconds spent before the stop.
    reason : str
        Which limit was hit ("time limit 2.0 s", "position limit 1000").
    outcome : str or None
        The position's outcome ("N"/"P") when the search had settled it
        before the stop (a value search asks first whether the position is
        P), else None; set by the answer that was stopped.
    value : int or None
        The position's nim-value when it was found before the stop (the
        stop came while its winning moves were sought), else None.
    winning_moves : list or None
        With ``value``: the winning moves found before the stop (a part of
        them, possibly none), as :class:`grundy.core.moves.Move`. With
        ``from_table``: one winning move of an N-position whose value
        search stopped before its value.
    from_table : bool
        ``winning_moves`` holds one winning move that the table of a value
        search stopped before its value already decided (an option it
        knows to be P), read on a spent clock (:func:`grundy.kinds.settle`);
        the outcome is then N.
    listing : bool
        The position limit stopped the listing of one position's moves or
        options, longer than the limit by itself.
    """

    def __init__(self, reason: str, positions: int, seconds: float) -> None:
        self.reason = reason
        self.positions = positions
        self.seconds = seconds
        self.outcome: str | None = None
        self.value: int | None = None
        self.winning_moves: list[Any] | None = None
        self.from_table = False
        self.listing = False
        super().__init__(
            f"search stopped at the {reason} after {positions} position{'' if positions == 1 else 's'} "
            f"in {seconds:.1f} s; the values found so far are kept in the table"
        )

    def keep_found(self, value: int | None, outcome: str, moves: list[Any]) -> None:
        """Record what the stopped answer had found: its nim-value (None
        under misère play), its outcome and the winning moves found so far."""
        self.value, self.outcome, self.winning_moves = value, outcome, moves

    def restated(self, reason: str, positions: int) -> "SearchLimitReached":
        """The same stop with another ``reason`` and count (a command's
        shared budget), keeping what it had settled."""
        other = SearchLimitReached(reason, positions, self.seconds)
        other.outcome, other.value, other.winning_moves, other.listing, other.from_table = (
            self.outcome, self.value, self.winning_moves, self.listing, self.from_table)
        return other


def keep_found(stop: BaseException, value: int | None, outcome: str, moves: list[Any]) -> None:
    """Record on ``stop`` what the stopped answer had found (its nim-value,
    None under misère play; its outcome; the winning moves found so far):
    on a :class:`SearchLimitReached` as :meth:`SearchLimitReached.keep_found`
    does, on the ``KeyboardInterrupt`` of a Ctrl-C or SIGTERM in the same
    three attributes, so that the command line reports what was known when
    it stopped (:func:`found_at_stop`). Other exceptions are left alone."""
    if isinstance(stop, SearchLimitReached):
        stop.keep_found(value, outcome, moves)
    elif isinstance(stop, KeyboardInterrupt):
        stop.value, stop.outcome, stop.winning_moves = value, outcome, moves  # type: ignore[attr-defined]


def relabel_found(stop: BaseException, move: Any) -> None:
    """Turn the winning moves recorded on ``stop`` (by :func:`keep_found`,
    if any) into ``move(m)`` each: a caller whose search found indices or
    moves of another game (a complex's face poset) reports its own moves."""
    found = getattr(stop, "winning_moves", None)
    if found is not None:
        stop.winning_moves = [move(m) for m in found]  # type: ignore[attr-defined]


def found_at_stop(stop: BaseException) -> tuple[int | None, str | None, list[Any] | None]:
    """``(value, outcome, winning_moves)`` recorded on ``stop`` by
    :func:`keep_found` (or, for the outcome, by an answer that settled
    it); ``(None, None, None)`` where nothing was recorded."""
    return (getattr(stop, "value", None), getattr(stop, "outcome", None), getattr(stop, "winning_moves", None))
