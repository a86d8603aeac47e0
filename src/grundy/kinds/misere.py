"""Misère play on the kinds that are not graphs: :func:`misere_answer`.

Misère sums do not combine by nim-sum, so the whole position is searched
with :class:`grundy.core.misere.MisereSearch`, memoised by a canonical key
each kind supplies (posets, complexes: nauty keys; Chomp: the row lengths
up to transposition; Nim and octal heaps: the sorted heaps). A kind gives
what the search needs as :class:`MisereParts` (:meth:`grundy.kinds.Kind.misere_parts`);
a kind with a rule for its misère outcomes (Nim: Bouton's) gives it too
(:meth:`grundy.kinds.Kind.misere_rule`).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass
from typing import Any

from grundy.core.misere import MisereSearch, scan_moves
from grundy.core.moves import Move
from grundy.errors import SearchLimitReached, relabel_found
from grundy.kinds.heaps import ListCheck

__all__ = ["MisereParts", "misere_answer"]


@dataclass
class MisereParts:
    """What the misère search needs of one position.

    Attributes
    ----------
    options : callable
        A searched position -> the positions one move away.
    key : callable
        A searched position -> its canonical key (equal keys, equal outcomes).
    moves : list of (dict, position)
        Each move of the position (as JSON) and the searched position it leaves.
    fields : dict
        The position's own JSON fields (``elements``, ``facets``, ``rows``...).
    game, rule : str
        The game's name and its rule in words (the explanation's first line).
    start : object
        The position as the search takes it.
    """

    options: Callable[[Any], Iterable[Any]]
    key: Callable[[Any], Hashable]
    moves: list[tuple[dict[str, Any], Any]]
    fields: dict[str, Any]
    game: str
    rule: str
    start: Any


def misere_answer(
    parts: Callable[[ListCheck], MisereParts],
    name: str,
    option_table: bool,
    time_limit: float | None,
    max_positions: int | None,
    progress: bool,
    rule: tuple[Callable[[Any], bool], str] | None = None,
    wanted: int | None = None,
) -> dict[str, Any]:
    """Misère outcome, winning moves and options, as a JSON object of the
    documented schema (docs/formats.md). ``parts(check)`` lists the
    position's :class:`MisereParts`, calling ``check(made)`` as its lists
    grow (:data:`grundy.kinds.heaps.ListCheck`); the search's clock starts
    before (the moves count against the limit, and their checks report the
    search's positions). One list (the position's moves, or the options of
    one expansion) longer than the position limit stops the search there:
    a Chomp board or an octal heap may have millions of options, made
    within the one position the search counts. ``rule``, if given, is
    ``(is_n, citation)``: a theorem deciding each outcome in place of the
    search. Without ``option_table``, at most ``wanted`` winning moves are
    looked for (None: every one; 1: the first in move order; 0: none, the
    outcome alone), and the options after them are not searched; a
    P-position has none, and its options are searched only for the table.

    Raises
    ------
    SearchLimitReached
        When a limit stops the search or the listing of moves; a stop
        after the outcome was settled (while the winning moves or the
        option table were being made) carries the outcome and the winning
        moves found so far (:func:`grundy.errors.keep_found`), as a Ctrl-C
        or SIGTERM's ``KeyboardInterrupt`` does.
    """
    got: list[MisereParts] = []
    search: MisereSearch[Any] = MisereSearch(
        lambda p: got[0].options(p), lambda p: got[0].key(p), time_limit=time_limit, max_positions=max_positions,
        progress=progress,
    )

    def check(made: int) -> None:
        if rule is None:  # a rule decides the listed moves: nothing is searched
            search.limits.check_options(search.stats.positions, made)
        search.limits.check_time(search.stats.positions)

    t0 = time.perf_counter()
    search.start()
    try:
        got.append(parts(check))
        p = got[0]
        is_n = rule[0] if rule is not None else search.is_n
        outcome = "N" if is_n(p.start) else "P"
        rows: list[tuple[dict[str, Any], str]] | None = [] if option_table else None
        winning: list[dict[str, Any]] = []
        try:
            scan_moves(p.moves, is_n, outcome, winning, rows, wanted)
        except (SearchLimitReached, KeyboardInterrupt) as stop:  # the moves it kept are JSON: as moves
            relabel_found(stop, Move.from_json)
            raise
    finally:
        search.finish()
    explanation = [f"{p.game} under misère play (the player who cannot move wins): {p.rule}"]
    if rule is not None:
        explanation.append(f"outcome by {rule[1]}")
    else:
        explanation.append(
            "misère sums do not combine by nim-sum: the whole position was searched, memoised by canonical form"
        )
    explanation.append(f"outcome {outcome}: " + ("the player to move wins" if outcome == "N" else "the player to move loses"))
    out: dict[str, Any] = {"name": name, "game": p.game, "play": "misere", "value": None, "outcome": outcome,
                           "winning_moves": winning}
    out.update(p.fields)
    out["explanation"] = explanation
    s = search.stats
    out["stats"] = {"positions": s.positions, "table_hits": s.table_hits, "closed_forms": 0, "reductions": 0,
                    "seconds": round(time.perf_counter() - t0, 4)}
    if rows is not None:  # with option_table
        out["options"] = [dict(move, outcome=child) for move, child in rows]
    return out
