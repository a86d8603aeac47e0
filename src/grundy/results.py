"""Answers for every kind of position that is not a graph (posets,
complexes, rectangular Chomp, Nim, octal games on heaps), under normal or misère play, with the
same limits and switches as graphs, as JSON objects of the documented
schema (docs/formats.md, "JSON output of `value` and `moves`"): ``name``, ``game``, ``play``, ``value``,
``outcome``, ``winning_moves``, the position's own fields, ``explanation``,
``stats`` and, with the option table, ``options``.

Misère play searches whole positions with :class:`grundy.core.misere.MisereSearch`,
memoised by canonical form (posets, complexes: nauty keys; Chomp: the row
lengths up to transposition; Nim: the sorted heaps); misère Nim is also
answered by Bouton's rule (the pure search checks it with ``theory=False``).
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Hashable, Iterable, Iterator
from typing import Any, TypeVar

from grundy.core.explain import outcome_line
from grundy.core.limits import Limits, Stats, settle_backstop
from grundy.core.misere import MisereSearch
from grundy.core.moves import label_json
from grundy.errors import InputError, SearchLimitReached, TooLargeError

__all__ = [
    "MAX_LISTED_MOVES",
    "MISERE_NIM_SOURCE",
    "analyze_other",
    "octal_report",
    "size_refusal",
    "switches_for",
    "table_refusal",
]

#: Kinds whose answers keep no table (``--table`` is refused for them).
NO_TABLE_KINDS = ("chomp", "nim", "octal")

#: Most moves an answer may list at once: Nim's option table, misère Nim's
#: and misère Chomp's move lists, Nim's plain search (``--no-theory``), whose
#: first step lists every option. Beyond it the list alone would exhaust
#: memory or time before any limit is checked, so the position is refused.
MAX_LISTED_MOVES = 1_000_000

MISERE_NIM_SOURCE = (
    "Bouton (1902): misère Nim is played as normal Nim until every heap has at most one counter; "
    "then the player to move wins iff an even number of heaps remain"
)


def switches_for(kind: str, no_theory: bool, without: str) -> Any:
    """The theory switches of a kind of position for ``--no-theory`` and
    ``--without NAMES`` (poset: :class:`PosetTheory`, complex:
    :class:`ComplexTheory`; Chomp, Nim and octal: a bool, whether theory is
    used).

    Raises
    ------
    InputError
        On a name the kind has no result of (naming the kind and its names).
    """
    names = [w.strip() for w in without.split(",") if w.strip()]
    if kind in ("chomp", "nim", "octal"):
        if names:
            hint = " to search instead of the nim-sum rule" if kind in ("nim", "octal") else ""
            raise InputError(
                f"option --without does not apply to {kind} positions: they have no switchable results "
                f"(use --no-theory{hint})"
            )
        return not no_theory
    if kind == "poset":
        from grundy.games.posets import PosetTheory as cls
    else:
        from grundy.games.complexes import ComplexTheory as cls  # type: ignore[assignment]
    if no_theory:
        return cls.none()
    bad = [n for n in names if n not in cls.names()]
    if bad:
        raise InputError(
            f"unknown result {', '.join(map(repr, bad))} for --without on {kind} positions; "
            f"valid: {', '.join(cls.names())}"
        )
    return cls.only(*[n for n in cls.names() if n not in names])


def analyze_other(
    kind: str,
    position: Any,
    name: str,
    *,
    misere: bool = False,
    option_table: bool = False,
    theory: Any = None,
    time_limit: float | None = None,
    max_positions: int | None = None,
    progress: bool = False,
    table: str | None = None,
    value_only: bool = False,
) -> dict[str, Any]:
    """The JSON object for one position of ``kind`` (``"poset"``,
    ``"complex"``, ``"chomp"``, ``"nim"``, ``"octal"``), as ``grundy value
    --json`` prints it.

    Parameters
    ----------
    position
        The position (:func:`grundy.readwrite.kinds.load_other` reads one).
    theory
        :func:`switches_for`'s answer (default: all on).
    time_limit, max_positions, progress
        Limits of the search (seconds per position; positions in all).
    table : str, optional
        An SQLite table file (posets and complexes, normal play).
    value_only : bool
        Only the value is wanted (``grundy form``): Gale's first-move table
        and complement replies (``simplex-boundary:N``) are not searched.

    Raises
    ------
    SearchLimitReached
        When a limit stops the search.
    InputError
        If ``table`` is given for a kind or play that keeps no table.
    TooLargeError
        If the answer would list more than :data:`MAX_LISTED_MOVES` moves
        (see :func:`size_refusal`).
    """
    refusal = table_refusal(kind, misere) if table is not None else None
    if refusal is not None:
        raise InputError(refusal)
    too_large = size_refusal(kind, position, name, misere=misere, option_table=option_table,
                             search=theory is False)
    if too_large is not None:
        raise TooLargeError(too_large)
    if misere:
        return _misere(kind, position, name, option_table, theory, time_limit, max_positions, progress)
    if kind == "poset":
        from grundy.games.posets import PosetSolver, poset_analysis

        solver = PosetSolver(
            theory, time_limit=time_limit, max_positions=max_positions, progress=progress, table=table
        )
        try:
            out = poset_analysis(position, option_table=option_table, solver=solver, name=name)
        finally:
            solver.close()
    elif kind == "complex":
        out = _complex(position, name, option_table, theory, time_limit, max_positions, progress, table,
                       value_only)
    elif kind == "chomp":
        from grundy.games.chomp import analyze_chomp

        out = analyze_chomp(
            position, option_table=option_table, name=name, time_limit=time_limit, max_positions=max_positions
        )
    elif kind == "nim":
        out = _nim(position, name, option_table, theory is not False, time_limit, max_positions)
    elif kind == "octal":
        out = _octal(position, name, option_table, theory is not False, time_limit, max_positions)
    else:
        raise ValueError(f"unknown kind {kind!r}")
    return _with_play(out, "normal")


def table_refusal(kind: str, misere: bool, name: str = "", option: str = "--table") -> str | None:
    """The one-line refusal of ``option`` (``--table`` or
    ``--table-memory``) for a kind of position or misère play that keeps no
    table, or None if a table is kept."""
    if not misere and kind not in NO_TABLE_KINDS:
        return None
    what = "misère play" if misere else f"{kind} positions" + (f" ({name})" if name else "")
    return f"option {option} does not apply to {what}: it keeps no table"


def size_refusal(
    kind: str, position: Any, name: str, *, misere: bool = False, option_table: bool = False, search: bool = False
) -> str | None:
    """The one-line refusal of a position whose answer would list more than
    :data:`MAX_LISTED_MOVES` moves at once, or None.

    Nim lists every move (one per counter) for its option table, under
    misère play, and in a plain search (``search``: ``--no-theory``); misère
    Chomp lists every square. Normal-play Nim is answered by the nim-sum
    rule at any size, and normal-play Chomp searches lazily under its limits.
    """
    if kind == "nim":
        moves = sum(h for h in position.heaps if h > 0)
        listed = option_table or misere or search
        why = "--all" if option_table else "misère play" if misere else "--no-theory"
    elif kind == "chomp":
        moves = sum(position.rows) - 1
        listed, why = misere, "misère play"
    else:
        return None
    if not listed or moves <= MAX_LISTED_MOVES:
        return None
    return (
        f"{name}: {moves} moves to list under {why}, over the limit of {MAX_LISTED_MOVES}"
        + (" (without it, the nim-sum rule answers at any size)" if kind == "nim" else "")
    )


def _with_play(out: dict[str, Any], play: str) -> dict[str, Any]:
    """``out`` with ``"play"`` right after ``"game"``."""
    ordered: dict[str, Any] = {}
    for k, v in out.items():
        if k == "play":
            continue
        ordered[k] = v
        if k == "game":
            ordered["play"] = play
    return ordered


def _complex(
    cx: Any,
    name: str,
    option_table: bool,
    theory: Any,
    time_limit: float | None,
    max_positions: int | None,
    progress: bool,
    table: str | None,
    value_only: bool = False,
) -> dict[str, Any]:
    """A complex's answer. Unless ``value_only``, Gale's game (``simplex-boundary:n``) also gets its
    first-move table up to symmetry (``first_moves``) and the answers to
    each first move by the complementary set (``complement_replies``, see
    :func:`grundy.games.complexes.gale_complement_replies`). With a
    ``table`` file (a long run that resumes) the complement replies are
    searched first (their positions are options of the first moves'
    positions, and if every one is P the game is decided P without the
    first moves' nim-values), then the first moves' values; each is reported
    as it settles (stderr, with ``progress``) and recorded with the search's
    counters in the checkpoint summary ``TABLE.summary.json`` (see
    :func:`_summary`), rewritten every minute, at each settled answer and at
    the end. Gale's ``stats`` count every stage (what ``max_positions``
    and ``time_limit`` count), not the value's search alone. Without a
    table the value comes first: a limit reached after it leaves the answer
    with the first moves and replies settled so far and
    ``first_moves_stopped`` (the limit's reason)."""
    from grundy.games.complexes import ComplexSolver, complex_analysis, gale_complement_replies, gale_first_moves

    family, _, params = name.strip().partition(":")
    gale = family.lower() == "simplex-boundary" and params.strip().isdigit() and not value_only
    n = int(params) if gale else 0
    settled: list[tuple[int, int]] = []
    replies: list[tuple[int, bool]] = []
    t0 = time.perf_counter()

    def summary(solver: Any, state: str) -> None:
        if gale and table is not None:
            _summary(table, name, n, settled, replies, solver, time.perf_counter() - t0, state)

    def say(line: str) -> None:
        if progress:
            print(line, file=sys.stderr, flush=True)

    solver = ComplexSolver(theory, time_limit=time_limit, max_positions=max_positions, progress=progress, table=table,
                           report=(lambda s: summary(s, "running")) if gale and table is not None else None,
                           report_seconds=60.0)
    # each stage below is a top-level call with its own clock: together they keep to
    # time_limit seconds of search, from the end of the table's load (0 or None: no limit)
    solver.limits.share(time_limit)
    before = solver.stats.as_dict()
    t_route = time.perf_counter()

    def budget() -> None:
        """Stop before a stage once ``time_limit`` is spent."""
        solver.limits.check_shared(solver.stats.positions)

    try:
        if gale and table is not None:
            def on_reply(k: int, wins: bool) -> None:
                replies.append((k, wins))
                say(f"first move k={k}: " + (
                    f"loses (removing the complementary {n - k}-set next leaves a P-position)" if wins else
                    f"not answered by the complement (removing it next leaves an N-position)")
                    + f" ({len(replies)} of {n - 1}; {solver.progress_line()})")
                if len(replies) == n - 1 and all(w for _, w in replies):
                    say(f"Gale's game on {n} points is a P-position: every first move is answered by its complement")
                summary(solver, "running")

            def on_settled(k: int, value: int) -> None:
                settled.append((k, value))
                say(f"first move k={k} settled: value {value} ({len(settled)} of {n - 1}; {solver.progress_line()})")
                summary(solver, "running")

            budget()
            gale_complement_replies(n, solver=solver, on_settled=on_reply)
            budget()
            gale_first_moves(n, solver=solver, on_settled=on_settled)
        if gale:
            budget()
        result = complex_analysis(cx, option_table=option_table, name=name, solver=solver)
        if gale:
            # Gale's game: the first-move table up to symmetry (one face of each size)
            if table is None:
                try:
                    budget()
                    gale_first_moves(n, solver=solver, on_settled=lambda k, v: settled.append((k, v)))
                    budget()
                    # little left to search (none for n <= 6)
                    gale_complement_replies(n, solver=solver, on_settled=lambda k, w: replies.append((k, w)))
                except SearchLimitReached as limit:
                    # the value is found: the answer stands, with the tables as far as they got
                    settle_backstop()  # the command line's timer raises no second stop
                    result["first_moves_stopped"] = limit.reason
                    # a position limit's last generation was refused: not counted
                    counted = limit.positions if limit.reason.startswith("position") else None
            result["first_moves"] = _first_moves_json(settled)
            result["complement_replies"] = _replies_json(replies)
            # the statistics of every stage: what --max-positions counted
            after = solver.stats.as_dict()
            result["stats"] = {k: after[k] - before[k] for k in after}
            if "first_moves_stopped" in result and counted is not None:
                result["stats"]["positions"] = min(result["stats"]["positions"], counted - before["positions"])
            result["stats"]["seconds"] = round(time.perf_counter() - t_route, 4)
            summary(solver, f"done: value {result['value']}")
    except SearchLimitReached as limit:
        summary(solver, f"stopped: {limit.reason}")
        raise
    except KeyboardInterrupt:  # Ctrl-C or SIGTERM (the table is saved by close)
        summary(solver, "stopped: interrupted")
        raise
    finally:
        solver.close()
    return result


def _first_moves_json(settled: list[tuple[int, int]]) -> list[dict[str, Any]]:
    """``first_moves`` entries: ``face_size`` and the ``value`` that first move leads to."""
    return [{"face_size": k, "value": v} for k, v in settled]


def _replies_json(replies: list[tuple[int, bool]]) -> list[dict[str, Any]]:
    """``complement_replies`` entries, by face size: ``wins`` says whether
    removing the complementary set next leaves a P-position."""
    return [{"face_size": k, "wins": w} for k, w in sorted(replies)]


def _summary(table: str, name: str, n: int, settled: list[tuple[int, int]], replies: list[tuple[int, bool]],
             solver: Any, seconds: float, state: str) -> None:
    """Write ``TABLE.summary.json``: the run's spec, state (``running``,
    ``stopped: REASON`` or ``done: value V``), the first moves settled so far
    (``first_moves``: ``face_size``, ``value``; ``settled`` of ``of``), the
    complement replies found so far (``complement_replies``: ``face_size``,
    ``wins``), what they say of the first moves (``first_moves_lose``: the
    sizes k known to lead to an N-position, by a nonzero value or a winning
    complement reply; ``first_moves_win``: those of value 0; ``outcome``:
    ``"P"`` once every first move is known to lose, ``"N"`` once one wins,
    else null), positions expanded, values known (None once a bounded table
    has dropped entries: ``values_in_memory`` and ``dropped_from_memory``
    say how many are in memory and how many drops the table made, see
    :attr:`grundy.core.table.Table.dropped`), the compact table's entries
    (values, partial entries and irreducible marks) and slots
    (``table_entries``, ``table_slots``; null with dict tables; in memory
    only, once a bounded table has dropped entries), the process's peak
    resident memory in MiB (``peak_memory_mib``, from ``ru_maxrss``; null
    where the ``resource`` module is missing), seconds and positions per second of this run, and when
    it was written. Written to a temporary file
    and renamed, so a kill leaves the previous summary."""
    import json
    import os
    from datetime import datetime, timezone

    from grundy.core.limits import peak_memory_mib

    lose = sorted({k for k, v in settled if v} | {k for k, w in replies if w})
    win = sorted(k for k, v in settled if v == 0)
    positions = solver.stats.positions
    compact = solver.table.compact
    peak_mib = peak_memory_mib()
    out = {
        "spec": name,
        "table": table,
        "state": state,
        "first_moves": _first_moves_json(settled),
        "settled": len(settled),
        "of": n - 1,
        "complement_replies": _replies_json(replies),
        "first_moves_lose": lose,
        "first_moves_win": win,
        "outcome": "N" if win else ("P" if len(lose) == n - 1 else None),
        "positions": positions,
        # after a bounded table has dropped entries, only what is in memory is counted here
        "values_known": None if solver.table.dropped else len(solver.values),
        "values_in_memory": len(solver.values),
        "dropped_from_memory": solver.table.dropped,
        "table_entries": compact.entries if compact is not None else None,
        "table_slots": compact.capacity if compact is not None else None,
        "peak_memory_mib": round(peak_mib, 1) if peak_mib is not None else None,
        "seconds": round(seconds, 1),
        "positions_per_second": round(positions / seconds, 1) if seconds > 0 else None,
        "written": datetime.now(timezone.utc).isoformat(timespec="seconds"),
    }
    path = table + ".summary.json"
    try:
        with open(path + ".tmp", "w", encoding="utf-8") as fh:
            json.dump(out, fh, indent=1)
        os.replace(path + ".tmp", path)
    except OSError:
        pass  # a summary that cannot be written does not stop the search


# -- Nim ------------------------------------------------------------------------
def _heap_search(
    heaps: tuple[int, ...],
    options: Callable[[tuple[int, ...], Callable[[], None]], Iterable[tuple[int, ...]]],
    time_limit: float | None,
    max_positions: int | None,
) -> tuple[int, Stats]:
    """Nim-value of ``heaps`` by plain mex search (no theorem), memoised on
    the sorted nonempty heaps; ``options(heaps, check)`` gives the sorted
    heap tuples one move away, calling ``check()`` (the search's clock and
    count) as it goes. Returns the value and the search's counters.

    Raises
    ------
    SearchLimitReached
        When a limit is passed.
    """
    stats = Stats()
    limits = Limits(time_limit, max_positions)
    memo: dict[tuple[int, ...], int] = {}

    def check() -> None:
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


def _searched(value: int, stats: Stats, what: str) -> tuple[list[str], dict[str, Any]]:
    """Explanation and stats of a value found by :func:`_heap_search`."""
    n = stats.positions
    explanation = [
        f"no theory: value {value} by mex search over {n} position{'' if n == 1 else 's'} ({what})",
        outcome_line(value),
    ]
    return explanation, {"positions": n, "table_hits": stats.table_hits, "closed_forms": 0, "reductions": 0,
                         "seconds": round(stats.seconds, 4)}


def _nim_moves(heaps: tuple[int, ...], check: Callable[[], None] | None) -> Iterator[tuple[int, int, int]]:
    """``(index, heap, to)`` for every move of Nim, heap by heap, ``to`` the
    heap's size after it, calling ``check()`` (if given) every 1024 moves:
    heaps of 300,000 have that many."""
    for i, h in enumerate(heaps):
        for to in _checked(range(h), check, 1024):
            yield i, h, to


def _nim_options(heaps: tuple[int, ...], check: Callable[[], None] | None = None) -> Iterable[tuple[int, ...]]:
    """The sorted heaps one move away (see :func:`_nim_moves` for ``check``)."""
    return {
        tuple(sorted(heaps[:i] + ((to,) if to else ()) + heaps[i + 1 :])) for i, _h, to in _nim_moves(heaps, check)
    }


def _nim(
    pos: Any, name: str, option_table: bool, theory: bool, time_limit: float | None, max_positions: int | None
) -> dict[str, Any]:
    from grundy.games.chomp import analyze_nim

    out = analyze_nim(pos, name=name)
    check = _deadline(time_limit)
    if option_table:
        heaps = pos.heaps
        total = out["value"]
        out["options"] = [
            {"heap": i + 1, "to": to, "value": total ^ h ^ to} for i, h, to in _nim_moves(heaps, check)
        ]
    if theory:
        return out
    value, stats = _heap_search(pos.heaps, _nim_options, time_limit, max_positions)
    if value != out["value"]:  # pragma: no cover - Bouton's theorem
        raise AssertionError(f"nim-sum rule {out['value']} and search {value} disagree on {pos.heaps}")
    out["explanation"], out["stats"] = _searched(value, stats, "sorted heaps")
    return out


# -- octal games on heaps ------------------------------------------------------------
def _deadline(time_limit: float | None) -> Callable[[], None] | None:
    """:meth:`Limits.check_time` of a clock started now (None without a
    limit): for work that is not a search of positions (nim-sequences,
    lists of moves)."""
    if time_limit is None:
        return None
    limits = Limits(time_limit)
    limits.start()
    return limits.check_time


_T = TypeVar("_T")


def _checked(items: Iterable[_T], check: Callable[[], None] | None, every: int) -> Iterator[_T]:
    """``items``, calling ``check()`` (if given) before the first and then
    every ``every`` items: a list of moves may be long enough (hundreds of
    thousands) to outlast a time limit."""
    if check is None:
        yield from items
        return
    for n, item in enumerate(items):
        if not n % every:
            check()
        yield item


class _SequenceLimits:
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



def octal_report(code: str, up_to: int, *, time_limit: float | None = None,
                 max_positions: int | None = None) -> dict[str, Any]:
    """What ``grundy octal CODE --up-to N`` prints (as
    :func:`grundy.games.octal.analyse`), under a time limit and a position
    limit: each heap valued by the mex rule counts as a position (checked
    every 64 heaps; heaps copied by a proven period cost nothing).

    Raises
    ------
    InputError
        A malformed code or ``up_to`` (as :func:`grundy.games.octal.analyse`).
    TooLargeError
        ``up_to`` over :data:`grundy.games.octal.MAX_HEAP`.
    SearchLimitReached
        When a limit stops the computation.
    """
    from grundy.games.octal import analyse

    if time_limit is None and max_positions is None:
        return analyse(code, up_to)
    return analyse(code, up_to, _SequenceLimits(time_limit, max_positions).stop)


def _octal_moves(
    code: Any, heaps: tuple[int, ...], check: Callable[[], None] | None = None
) -> list[tuple[dict[str, Any], tuple[int, ...], tuple[int, ...]]]:
    """``(move, heaps left by the move on its heap, whole position after)``
    for every move, heap by heap (1-based), distinct results once.
    ``check()``, if given, is called every 1024 moves too (a heap of 1000
    has about 250,000 of them: a second of work past the moves' generation)."""
    from grundy.games.octal import _misere_options

    out = []
    for i, h in enumerate(heaps):
        if not h:
            continue
        rest = heaps[:i] + heaps[i + 1 :]
        for left in _checked(sorted(_misere_options(code, (h,), check)), check, 1024):
            out.append(({"heap": i + 1, "to": list(left)}, left, tuple(sorted(x for x in rest + left if x))))
    return out


def _octal(
    pos: Any, name: str, option_table: bool, theory: bool, time_limit: float | None, max_positions: int | None
) -> dict[str, Any]:
    """Normal play: the Sprague-Grundy theorem (values of the heaps' nim-sequence, nim-summed), or with
    ``theory=False`` a mex search over heap multisets (no theorem)."""
    from grundy.games.octal import _misere_options, nim_sequence

    t0 = time.perf_counter()
    code, heaps = pos.code, pos.heaps
    counted = _SequenceLimits(time_limit, max_positions)

    def check() -> None:  # the moves after the sequence: its clock, its count
        counted.limits.check_time(counted.positions)
    seq = nim_sequence(code, max(heaps, default=0), check=counted.stop)
    total = 0
    for h in heaps:
        total ^= seq[h]
    moves = _octal_moves(code, heaps, check)
    winning, table = [], []
    for move, left, _after in _checked(moves, check, 1024):
        v = total ^ seq[heaps[move["heap"] - 1]]
        for x in left:
            v ^= seq[x]
        if v == 0:
            winning.append(move)
        table.append(dict(move, value=v))
    explanation = [
        f"octal game {code}: each heap is valued by its nim-sequence, heaps combine by nim-sum [Sprague-Grundy]",
        ", ".join(f"G({h}) = {seq[h]}" for h in heaps) + f": nim-sum {total}",
    ]
    stats: dict[str, Any] = {"positions": counted.positions, "table_hits": 0, "closed_forms": len(heaps),
                             "reductions": 0}
    explanation.append(outcome_line(total))
    stats["seconds"] = round(time.perf_counter() - t0, 4)
    if not theory:
        searched, found = _heap_search(heaps, lambda h, check: _misere_options(code, h, check), time_limit, max_positions)
        if searched != total:  # pragma: no cover - the Sprague-Grundy theorem
            raise AssertionError(f"nim-sequence {total} and search {searched} disagree on {heaps}")
        explanation, stats = _searched(total, found, "multisets of heaps")
    out: dict[str, Any] = {"name": name, "game": "octal", "value": total, "outcome": "P" if total == 0 else "N",
                           "winning_moves": winning, "code": str(code), "heaps": list(heaps),
                           "explanation": explanation, "stats": stats}
    if option_table:
        out["options"] = table
    return out


def _misere_nim_is_n(heaps: Iterable[int]) -> bool:
    """Bouton's misère rule (see :data:`MISERE_NIM_SOURCE`)."""
    hs = [h for h in heaps if h]
    if all(h == 1 for h in hs):
        return len(hs) % 2 == 0
    total = 0
    for h in hs:
        total ^= h
    return total != 0


# -- misère play -------------------------------------------------------------------
def _misere_kind(kind: str, pos: Any, check: Callable[[], None]) -> tuple[Any, ...]:
    """What :func:`_misere` needs of a position of ``kind``: ``(options, key,
    moves, fields, game, rule, start)``; the lists of moves call ``check()``
    as they are made (a complex's faces, Nim's and octal heaps' moves may be
    hundreds of thousands)."""
    options: Callable[[Any], Iterable[Any]]
    key: Callable[[Any], Hashable]
    moves: list[tuple[dict[str, Any], Any]]
    fields: dict[str, Any]
    if kind == "poset":
        from grundy.games.posets import poset_key

        def options(p: Any) -> Iterable[Any]:
            return [p.move(x) for x in _checked(p.labels, check, 64)]

        def key(p: Any) -> Hashable:
            return poset_key(p.game_up) if p.n else b""

        moves = [({"element": label_json(x)}, pos.move(x)) for x in _checked(pos.labels, check, 64)]
        fields = {
            "dual": pos.dual,
            "elements": [label_json(x) for x in pos.labels],
            "relations": [[label_json(a), label_json(b)] for a, b in pos.covers()],
        }
        game, rule = "poset", "a move picks an element x and removes every element " + ("<= x" if pos.dual else ">= x")
    elif kind == "complex":
        from grundy.games.complexes import complex_key

        def options(c: Any) -> Iterable[Any]:
            return [c.move(c.face_labels(f)) for f in _checked(c.faces(), check, 64)]

        def key(c: Any) -> Hashable:
            return complex_key(c.n, c.facets) if c.n else b""

        moves = [
            ({"face": [label_json(v) for v in pos.face_labels(f)]}, pos.move(pos.face_labels(f)))
            for f in _checked(sorted(pos.faces(), key=lambda f: (f.bit_count(), f)), check, 64)
        ]
        fields = {"vertices": [label_json(v) for v in pos.labels],
                  "facets": [[label_json(v) for v in pos.face_labels(f)] for f in pos.facets]}
        game, rule = "subset-takeaway", "a move removes a face and every face containing it"
    elif kind == "chomp":
        from grundy.games.chomp import options as chomp_options

        def options(c: Any) -> Iterable[Any]:
            return chomp_options(c).values()

        def key(c: Any) -> Hashable:
            return min(c.rows, c.transpose().rows)

        moves = [({"row": r, "column": col}, p) for (r, col), p in sorted(chomp_options(pos).items())]
        fields = {"rows": list(pos.rows)}
        game = "rectangular-chomp"
        rule = "a move eats a square and every square above and right of it; the poisoned square (1,1) is not a move"
    elif kind == "nim":

        def options(h: Any) -> Iterable[Any]:
            return _nim_options(h, check)

        def key(h: Any) -> Hashable:
            return h

        start = tuple(sorted(x for x in pos.heaps if x))
        moves = [
            ({"heap": i + 1, "to": to}, tuple(sorted(x for x in pos.heaps[:i] + (to,) + pos.heaps[i + 1 :] if x)))
            for i, _h, to in _nim_moves(pos.heaps, check)
        ]
        fields = {"heaps": list(pos.heaps)}
        game, rule = "nim", "a move takes one or more counters from one heap"
        pos = start
    elif kind == "octal":
        from grundy.games.octal import _misere_options

        code = pos.code

        def options(h: Any) -> Iterable[Any]:
            return _misere_options(code, h, check)

        def key(h: Any) -> Hashable:
            return h

        moves = [(move, after) for move, _left, after in _octal_moves(code, pos.heaps, check)]
        fields = {"code": str(code), "heaps": list(pos.heaps)}
        game, rule = "octal", f"octal game {code}: a move takes from one heap as the code allows"
        pos = tuple(sorted(h for h in pos.heaps if h))
    else:
        raise ValueError(f"unknown kind {kind!r}")
    return options, key, moves, fields, game, rule, pos


def _misere(
    kind: str,
    pos: Any,
    name: str,
    option_table: bool,
    theory: Any,
    time_limit: float | None,
    max_positions: int | None,
    progress: bool,
) -> dict[str, Any]:
    """Misère outcome, winning moves and options of a position of ``kind``.
    The search's clock starts before the moves are listed (they count
    against the limit, and their checks report the search's positions)."""
    search: MisereSearch[Any] = MisereSearch(
        lambda p: options(p), lambda p: key(p), time_limit=time_limit, max_positions=max_positions, progress=progress
    )

    def check() -> None:
        search.limits.check_time(search.stats.positions)

    use_rule = kind == "nim" and theory is not False
    t0 = time.perf_counter()
    search.start()
    try:
        options, key, moves, fields, game, rule, pos = _misere_kind(kind, pos, check)
        is_n = _misere_nim_is_n if use_rule else search.is_n
        outcome = "N" if is_n(pos) else "P"
        table: list[dict[str, Any]] = []
        winning: list[dict[str, Any]] = []
        for move, child in moves:
            child_outcome = "N" if is_n(child) else "P"
            if child_outcome == "P":
                winning.append(move)
            if option_table:
                table.append(dict(move, outcome=child_outcome))
    finally:
        search.finish()
    explanation = [f"{game} under misère play (the player who cannot move wins): {rule}"]
    if use_rule:
        explanation.append(f"outcome by Bouton's misère rule [{MISERE_NIM_SOURCE}]")
    else:
        explanation.append(
            "misère sums do not combine by nim-sum: the whole position was searched, memoised by canonical form"
        )
    explanation.append(f"outcome {outcome}: " + ("the player to move wins" if outcome == "N" else "the player to move loses"))
    out: dict[str, Any] = {"name": name, "game": game, "play": "misere", "value": None, "outcome": outcome,
                           "winning_moves": winning}
    out.update(fields)
    out["explanation"] = explanation
    s = search.stats
    out["stats"] = {"positions": s.positions, "table_hits": s.table_hits, "closed_forms": 0, "reductions": 0,
                    "seconds": round(time.perf_counter() - t0, 4)}
    if option_table:
        out["options"] = table
    return out
