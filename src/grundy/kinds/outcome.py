"""Who wins, without the nim-value: the outcome search of the kinds whose
positions a :class:`~grundy.core.search.Searcher` plays (graphs, posets,
complexes), and the outcome a stopped value search had already settled.

The question asked is Lemoine and Viennot's "is G + *0 a P-position?"
(:meth:`~grundy.core.search.Searcher.is_p`): the search stops at the first
option that refutes it, and the nim-values it computes are only those the
components of sums need (Lemoine, Viennot, *Nimbers are inevitable*,
Theoret. Comput. Sci. 462 (2012)). For an N-position the search that
answered has left a P-option's value in the table (the option that refuted
"P"): the options are looked up first, in move order, without searching,
and a known P-option is a winning move at once. Only the options the table
does not decide are then asked the same question, in move order, up to the
first P-option (one winning move) or through all of them (every winning
move). The table is the value search's: what one learns, the other reuses.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from grundy.core.explain import measured
from grundy.errors import SearchLimitReached, keep_found

__all__ = ["OUTCOME_SOURCE", "outcome_lines", "outcome_search"]

#: The question the outcome search asks, with its source.
OUTCOME_SOURCE = ("outcome search: is the position + *0 a P-position? (Lemoine-Viennot, Theoret. Comput. "
                  "Sci. 462 (2012)); nim-values are computed only for the components of sums")

_M = TypeVar("_M")


def outcome_search(solver: Any, root: Callable[[], tuple[int, tuple[Any, ...]]],
                   options: Iterable[tuple[_M, Callable[[], tuple[int, tuple[Any, ...]]]]],
                   every: bool, moves: bool = True,
                   expand: Callable[[_M], Iterable[tuple[Any, _M]]] | None = None,
                   ) -> tuple[str, list[_M], int | None, dict[str, Any]]:
    """The outcome of a position and its winning moves, on ``solver``.

    Parameters
    ----------
    solver : Searcher
        Its limits bound the search (started and stopped here, as a
        top-level question).
    root : callable
        The position's split ``(nimber, unknowns)`` (its ``decompose``).
    options : iterable of (move, callable)
        Each move with its option's split, in move order.
    every : bool
        Every winning move (else the first).
    moves : bool
        Whether winning moves are wanted at all (False: the outcome alone).
    expand : callable, optional
        Turns an option's move into ``(order key, move)`` for every move
        whose option is isomorphic to its option, made one at a time, the
        move itself first (decided once for all of them; Graph Nim's edge
        sets that meet each class of twins in as many edges; the clock
        checked every 1,024): those are the winning moves reported, in key
        order (without it, ``options``' own moves in their order); for the
        first winning move alone, only the first is made.

    Returns
    -------
    (outcome, winning, value, stats)
        ``"N"`` or ``"P"``; the winning moves found; the nim-value if the
        table knows it (0 for a P-position), else None; the statistics of
        the search (positions, table hits, closed forms, reductions, seconds).

    Raises
    ------
    SearchLimitReached
        When a limit stops the search (what it learned stays in the table);
        its ``outcome`` is the position's if it was settled before the stop
        (N once the first question is answered no, while winning moves are
        being looked for); with ``every``, its ``winning_moves`` are those
        found before the stop (:func:`grundy.errors.keep_found`; the
        caller's moves, which the caller may relabel). A Ctrl-C or SIGTERM
        (KeyboardInterrupt) gets the same, N only if the search settled it.
    """
    winning: list[_M] = []
    found: list[tuple[Any, _M]] = []
    p: bool | None = None
    nimber, unknowns = 0, ()
    with measured(solver) as stats:
        try:
            nimber, unknowns = root()
            p = solver.is_p(nimber, unknowns)
            if not p and moves:
                winning = _winning_moves(solver, options, every, found, expand)
        except (SearchLimitReached, KeyboardInterrupt) as stop:
            if isinstance(stop, SearchLimitReached):
                stop.outcome = "N" if p is False else solver.known_outcome(nimber, unknowns)[0] if unknowns else None
            elif p is False:  # Ctrl-C or SIGTERM: N if the search had settled it (no table read)
                stop.outcome = "N"  # type: ignore[attr-defined]
            if p is False and moves and every:  # every winning move was sought: those found so far
                keep_found(stop, None, "N", _in_move_order(found))
            raise
        value = 0 if p else solver.known_outcome(nimber, unknowns)[1]
    return ("P" if p else "N"), winning, value, stats


def _winning_moves(solver: Any, options: Iterable[tuple[_M, Callable[[], tuple[int, tuple[Any, ...]]]]],
                   every: bool, found: list[tuple[Any, _M]],
                   expand: Callable[[_M], Iterable[tuple[Any, _M]]] | None = None) -> list[_M]:
    """The winning moves of an N-position: one (the first in move order
    among the options the table already decides to be P, else the first
    the search finds), or with ``every`` all of them, in move order. The
    table is read first, without searching: the question that found the
    position N left the value of the P-option that refuted "P" there
    (unless the table knew the answer before, or a bound dropped it). Then
    the options the table leaves open are searched, in move order. Each
    option's split is made once; the open ones are kept until searched.
    ``found`` collects ``(order key, move)`` as they are found (the key the
    move's index, or ``expand``'s), so that a stopped scan keeps them; with
    ``expand``, the first winning move is the least of the first winning
    option's class."""

    def add(index: int, move: _M) -> None:
        if expand is None:
            found.append((index, move))
            return
        for k, each in enumerate(expand(move)):
            if not every and k:
                break
            if k & 1023 == 1023:
                solver.limits.check_time(solver.stats.positions)
            found.append(each)

    open_: list[tuple[int, _M, tuple[int, tuple[Any, ...]]]] = []
    for index, (move, option) in enumerate(options):
        solver.limits.check_time(solver.stats.positions)
        split = option()
        known = solver.known_outcome(*split)[0]
        if known == "P":
            add(index, move)
            if not every:
                return _in_move_order(found)
        elif known is None:
            open_.append((index, move, split))
    for index, move, split in open_:
        solver.limits.check_time(solver.stats.positions)
        if solver.is_p(*split):
            add(index, move)
            if not every:
                break
    return _in_move_order(found)


def _in_move_order(found: list[tuple[Any, _M]]) -> list[_M]:
    """The moves of ``(order key, move)`` pairs, in move order."""
    return [move for _, move in sorted(found, key=lambda found_move: found_move[0])]


def outcome_lines(outcome: str, winning: list[Any], every: bool, value: int | None,
                  text: Callable[[Any], str] = str) -> list[str]:
    """The explanation of an outcome search's answer."""
    lines = [OUTCOME_SOURCE]
    if outcome == "N" and not winning:
        lines.append("outcome N: some move leads to a P-position, the player to move wins (moves not asked)")
    elif outcome == "P":
        lines.append("outcome P: every move leads to an N-position, the player to move loses")
    else:
        shown = ", ".join(text(m) for m in winning)
        lines.append(f"outcome N: {shown} lead{'' if every and len(winning) > 1 else 's'} to a P-position"
                     + (" (every winning move)" if every else "") + ", the player to move wins")
    if value is not None and outcome == "N":
        lines.append(f"nim-value {value} (known from the search)")
    return lines
