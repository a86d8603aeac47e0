"""Gale's subset take-away game: timings, first-move tables, and n = 7.

Usage:
    python benchmarks/gale.py                   # n = 4, 5, 6: time, positions, first moves
    python benchmarks/gale.py --face-poset      # also time the face-poset route (PosetSolver)
    python benchmarks/gale.py --attack 7 --table gale7.sqlite --time-limit 600
                                                # stop / Ctrl-C any time; run again to resume
    python benchmarks/gale.py --attack 7 --table gale7.sqlite --table-memory 8
                                                # the table bounded to 8 GiB, spilling to the file
    python benchmarks/gale.py --complement 7 --table gale7.sqlite --time-limit 3600
                                                # answer each first move with its complement
    python benchmarks/gale.py --replies 7 --table gale7.sqlite --budgets 120 900 --time-limit 7200
                                                # decide the first moves by searching their
                                                # replies one at a time, in rounds of budgets
    python benchmarks/gale.py --replies 7 --sizes 4 --table a.sqlite --only 9 8 7 6   # one core's share,
    python benchmarks/gale.py --replies 7 --sizes 4 --table b.sqlite --only 12 11 10 13  # the other's;
    python benchmarks/table_merge.py a.sqlite b.sqlite                          # then one table
    python benchmarks/gale.py --replies 7 --sizes 4 --counters 6 10 --table gale7.sqlite --budgets 300 0
                                                # decide replies 6 and 10 to the 4-set by their
                                                # counter-moves, one at a time, in rounds of budgets
    python benchmarks/gale.py --open-options 7 --table gale7.sqlite
                                                # what the table knows of the options of each
                                                # complement position and of the replies to each
                                                # first move: N, P or open (loads it, no search)

The compiled complex search (grundy.games.complexes._complex_kernel) is used
when it is built; ``GRUNDY_NO_COMPLEX_KERNEL=1`` runs the Python path instead
(for back-to-back comparisons); the first line to stderr says which.

Gale's game on an n-set is subset take-away on simplex-boundary:n (all
nonempty proper subsets); it is a P-position for n <= 6 and open for n = 7.
Target: n = 6 under 60 s.

The timing runs use a fresh solver per n (no table shared between n), so
"positions" is the growth of the search with n. ``--attack`` asks whether
the start is a P-position with a persistent table (sqlite, keyed by the
digest of the canonical key and the nauty version): progress lines go to stderr every
``--report`` seconds, the table is written every ``--checkpoint`` seconds
and at the end (also at the time limit and on Ctrl-C or SIGTERM), so a second run
resumes from what the first one learned.

``--complement`` asks, for each first move (a set of size k), whether
removing the complementary set next leaves a P-position
(:func:`grundy.games.complexes.gale_complement_replies`): if it does for
every k, Gale's game on n points is a P-position, decided without the
first moves' nim-values. Sizes k and n - k leave the same position, so
n = 7 needs three searches (k = 1, 2, 3). Same table, limits, progress
lines and resume as ``--attack``. Exit codes: 0 decided (P), 1 not decided
by complement replies (a position left was N), 2 bad input, 3 a limit
stopped it, 130 Ctrl-C, 143 SIGTERM (both write the table file first).

``--replies`` decides the first moves (all sizes, or ``--sizes``) by their
replies (:func:`grundy.games.complexes.gale_reply_search`): a first move
wins iff every reply is N, so each reply the table does not decide is
searched alone, smallest first, for ``--budgets`` seconds each round (the
last round's budget may be 0: no limit), and a P reply ends its first
move. ``--time-limit`` bounds the whole run. One line per reply searched.
``--only`` searches only the replies of those numbers, in the order given
(for two processes on two cores, each with a table file of its own;
``benchmarks/table_merge.py`` then makes one file of the two, for a later
run or ``grundy certify``).
Measured on the replies to the 4-set on 7 points, the two processes
searched mostly the same positions: of the second file's 143.5 million
rows, all but about 7.2 million were in the first (docs/tables.md,
"Merging table files"), so a second core adds little there.
Exit codes: 0 decided (a first move wins: N; or every first move loses:
P), 1 not decided (replies left open, or sizes asked that do not settle
the game), otherwise as ``--complement``.

``--counters R [R ...]`` (with ``--replies N --sizes K``, one size) goes
one level down: each reply R to the first move of K points is decided by
its own options, the counter-moves, each searched alone
(:func:`grundy.games.complexes.gale_counter_search`). First every reply
is looked up (what the table already decides: a counter known P makes the
reply N at once), then each round of ``--budgets`` goes over the replies
still open, in the order given, every open counter of one reply searched
for that round's budget before the next reply's. ``--only`` picks
counters (of one reply only); an entry ``R:C,...`` picks counters of its
reply R (e.g. a counter known to win from an earlier run: the cost of
proving it from an empty table). A reply searched whole takes its counters in
the engine's order, each to the end, so a hard counter that loses can
hold up one that wins; a counter found P makes the reply N, recorded in
the table for the reply's own search (and a later run's). One line per
counter searched, one per reply decided, then the replies still open.
Exit codes: 0 every reply decided (or one found P: the first move loses),
1 some open, otherwise as above.
"""

from __future__ import annotations

import argparse
import functools
import math
import os
import signal
import sys
import time

from grundy.core.limits import interrupt_exit_code, peak_memory_mib, stop_on_signal
from grundy.core.proofnumber import ProofNumberSearch
from grundy.core.search import Searcher
from grundy.errors import InputError, SearchLimitReached
from grundy.games.complexes import (
    MAX_FAMILY_VERTICES,
    ComplexSolver,
    build_complex_family,
    complex_from_key,
    gale_complement_position,
    gale_complement_replies,
    gale_counter_search,
    gale_reply_search,
    gale_first_moves,
    remove_face,
)
from grundy.games.posets import PosetSolver


def _line(solver: Searcher, t0: float) -> str:
    """Elapsed time, the searcher's progress line, the rate, and memory: the
    compact table's entries (values, partial entries and irreducible marks)
    and slots, its bytes (``CompactTable.bytes_used``: the slots, the list of
    slots written since the last save, which only a save empties, and a
    spill's Bloom filter), and the process's peak resident memory
    (``ru_maxrss``). (Positions include those of the Graph Chomp searcher of
    1-dimensional components, which shares the counters.)"""
    dt = time.perf_counter() - t0
    compact = solver.table.compact
    slots = (f", {compact.entries} entries in {compact.capacity} slots ({compact.bytes_used / 2**20:.0f} MiB)"
             if compact is not None else "")
    return (
        f"{dt:8.1f} s ({time.process_time():.1f} s CPU)  {solver.progress_line()}  "
        f"{solver.stats.positions / max(dt, 1e-9):7.0f}/s{slots}{_peak()}"
    )


def _peak() -> str:
    """``", peak N MiB"``, the process's peak resident memory, or nothing where it cannot be read."""
    peak = peak_memory_mib()
    return f", peak {peak:.0f} MiB" if peak is not None else ""


def _path() -> str:
    """Which search a new ComplexSolver uses: the compiled kernel or Python."""
    from grundy.games.complexes.game import kernel_enabled

    return "compiled (_complex_kernel)" if kernel_enabled() else "Python (GRUNDY_NO_COMPLEX_KERNEL=1 or not built)"


def timings(ns: list[int], face_poset: bool) -> None:
    print(f"search: {_path()}", file=sys.stderr)
    print(f"{'n':>2} {'route':<11} {'value':>5} {'seconds':>8} {'positions':>9} {'values':>7}  first moves (k, value)")
    for n in ns:
        cx = build_complex_family(f"simplex-boundary:{n}")
        routes: list[tuple[str, Searcher]] = [("incidence", ComplexSolver())]
        if face_poset:
            routes.append(("face poset", PosetSolver()))
        for route, s in routes:
            t = time.perf_counter()
            c = time.process_time()
            s.start()
            try:
                if isinstance(s, ComplexSolver):
                    value = s.value_of(*s.decompose(cx.facets))
                else:
                    value = s.value_of(*s.decompose(cx.face_poset().game_up))
            finally:
                s.finish()
            dt = time.perf_counter() - t
            cpu = time.process_time() - c
            positions, known = s.stats.positions, len(s.values)
            first = ""
            if isinstance(s, ComplexSolver):
                t = time.perf_counter()
                first = f"{gale_first_moves(n, solver=s)}  (+{time.perf_counter() - t:.2f} s)"
            print(f"{n:>2} {route:<11} {value:>5} {dt:8.2f} {positions:>9} {known:>7}  {first}  (search CPU {cpu:.2f} s)",
                  flush=True)


def _open(n: int, table: str | None, time_limit: float | None, cache: int, report: float, checkpoint: float,
          memory: int | None, t0: float, what: str) -> ComplexSolver | None:
    """The solver of ``--attack``, ``--complement`` and ``--replies`` (progress lines from
    ``t0``), after its first line to stderr (``what`` the run is, the
    table, the rows loaded, which search), or None after an error line (N
    outside 2..16, a bad table)."""
    if n < 2 or n > MAX_FAMILY_VERTICES:
        print(f"error: Gale's game needs 2 <= N <= {MAX_FAMILY_VERTICES} (got {n})", file=sys.stderr)
        return None
    try:
        solver = ComplexSolver(
            time_limit=time_limit,
            max_table_bytes=memory,  # past it the table spills to the file (or forgets without one)
            table=table,  # an SQLite file: read now, written at checkpoints and at the end
            option_cache_size=cache,
            checkpoint_seconds=checkpoint,
            report=lambda s: print(_line(s, t0), file=sys.stderr, flush=True),
            report_seconds=report,
        )
    except InputError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return None
    print(f"Gale n = {n}{what}: table {table or '(memory only)'}, {solver.loaded} rows loaded, search: {_path()}",
          file=sys.stderr)
    return solver


def _close(solver: ComplexSolver, t0: float) -> None:
    """Close the solver (its table file's last save) and, with a file, say
    whether that save was written and what the whole run took, the save
    included: the wall and CPU seconds
    (user and system, ``os.times``) since the start and the peak memory."""
    had_file = solver.table.file is not None
    solver.close()
    if had_file:
        times = os.times()
        saved = "table file written" if solver.table.not_saved is None else "table file NOT written (see the warning)"
        print(f"{saved}; {time.perf_counter() - t0:.1f} s, {times.user:.1f} s user + {times.system:.1f} s "
              f"system CPU in all{_peak()}", file=sys.stderr)


def _stopped(exc: BaseException, solver: ComplexSolver, t0: float) -> int:
    """Report a search stopped by its limit (exit 3) or by Ctrl-C or
    SIGTERM (130 or 143)."""
    print(f"stopped: {exc}" if isinstance(exc, SearchLimitReached) else "interrupted", file=sys.stderr)
    print(_line(solver, t0), file=sys.stderr)
    return 3 if isinstance(exc, SearchLimitReached) else interrupt_exit_code()


def _bad_sizes(n: int, sizes: list[int] | None) -> bool:
    """True (after an error line) unless ``sizes`` are distinct first-move sizes 1 .. n-1."""
    if sizes is not None and (any(not 0 < k < n for k in sizes) or len(set(sizes)) != len(sizes)):
        print(f"error: --sizes are distinct first-move sizes 1 .. {n - 1}", file=sys.stderr)
        return True
    return False


def attack(
    n: int,
    table: str | None,
    time_limit: float | None,
    cache: int,
    report: float,
    checkpoint: float,
    memory: int | None = None,
) -> int:
    t0 = time.perf_counter()
    solver = _open(n, table, time_limit, cache, report, checkpoint, memory, t0, "")
    if solver is None:
        return 2
    cx = build_complex_family(f"simplex-boundary:{n}")
    solver.start()
    try:
        p = solver.is_p(*solver.decompose(cx.facets))
    except (SearchLimitReached, KeyboardInterrupt) as exc:
        return _stopped(exc, solver, t0)
    finally:
        solver.finish()  # writes the table file
        _close(solver, t0)
    print(_line(solver, t0), file=sys.stderr)
    print(f"Gale n = {n}: {'P' if p else 'N'}-position")
    return 0


def proof_numbers(
    n: int,
    table: str | None,
    time_limit: float | None,
    cache: int,
    report: float,
    checkpoint: float,
    memory: int | None = None,
    sizes: list[int] | None = None,
    leaf: float = 0.5,
) -> int:
    """``--proof-numbers N``: the outcome of Gale's game on N points (or,
    with ``--sizes K``, of the position each first move of K points leaves)
    by proof-number search over budgeted searches
    (:class:`grundy.core.proofnumber.ProofNumberSearch`, ``leaf`` seconds
    a new leaf)."""
    t0 = time.perf_counter()
    if not (math.isfinite(leaf) and leaf > 0):
        print("error: --leaf is seconds > 0", file=sys.stderr)
        return 2
    if _bad_sizes(n, sizes):
        return 2
    solver = _open(n, table, None, cache, report, checkpoint, memory, t0, ", proof-number search")
    if solver is None:
        return 2
    solver.limits.share(time_limit)
    start = build_complex_family(f"simplex-boundary:{n}")

    pns: ProofNumberSearch | None = None

    def progress(stats) -> None:
        n_, p_, open_ = pns.root_options() if pns is not None else (0, 0, 0)
        print(f"tree: {stats.nodes} positions, {stats.expanded} expanded, {stats.leaf_searches} leaf searches "
              f"({stats.leaves_settled} settled), root phi {stats.root[0]} delta {stats.root[1]}, its options "
              f"{n_} N, {p_} P, {open_} open   [{_line(solver, t0).strip()}]", file=sys.stderr, flush=True)

    found: list[tuple[int | None, str]] = []
    try:
        for k in sizes or [None]:
            facets = start.facets if k is None else remove_face(start.facets, (1 << k) - 1)
            pns = ProofNumberSearch(solver, leaf_budget=leaf, on_progress=progress, report=report)
            verdict = pns.outcome(*solver.decompose(facets))
            progress(pns.stats)
            found.append((k, verdict))
            what = f"Gale n = {n}" if k is None else f"after the first move of {k} points"
            print(f"{what}: {verdict}-position", flush=True)
    except (SearchLimitReached, KeyboardInterrupt) as exc:
        return _stopped(exc, solver, t0)
    finally:
        _close(solver, t0)
    print(_line(solver, t0), file=sys.stderr)
    if any(k is not None and v == "P" for k, v in found):
        print(f"Gale n = {n}: N-position (a first move wins)")
    return 0


def complement(
    n: int,
    table: str | None,
    time_limit: float | None,
    cache: int,
    report: float,
    checkpoint: float,
    memory: int | None = None,
) -> int:
    """``--complement N``: each first move answered with its complement."""
    t0 = time.perf_counter()
    solver = _open(n, table, time_limit, cache, report, checkpoint, memory, t0, ", complement replies")
    if solver is None:
        return 2

    def settled(k: int, p: bool) -> None:
        verdict = "P: the first move loses" if p else "N: this reply does not win (nothing decided)"
        print(f"k = {k}: after a {k}-set and its complement: {verdict}   [{_line(solver, t0).strip()}]", flush=True)

    try:
        found = gale_complement_replies(n, solver=solver, on_settled=settled)
    except (SearchLimitReached, KeyboardInterrupt) as exc:
        return _stopped(exc, solver, t0)
    finally:
        _close(solver, t0)
    print(_line(solver, t0), file=sys.stderr)
    if all(p for _, p in found):
        print(f"Gale n = {n}: P-position (every first move is answered by its complement)")
        return 0
    print(f"Gale n = {n}: not decided by complement replies (k = "
          f"{', '.join(str(k) for k, p in found if not p)})")
    return 1


def replies(
    n: int,
    table: str | None,
    time_limit: float | None,
    cache: int,
    report: float,
    checkpoint: float,
    memory: int | None = None,
    sizes: list[int] | None = None,
    budgets: list[float] | None = None,
    only: list[int] | None = None,
    counters: list[tuple[int, tuple[int, ...] | None]] | None = None,
) -> int:
    """``--replies N``: the first moves decided by searching their replies
    (``only``: the replies searched; the others stay open unless the table
    decides them); with ``counters``, those replies to the one size asked,
    decided by their counter-moves (``only``: the counters searched, one
    reply only)."""
    t0 = time.perf_counter()
    budgets = budgets or [0.0]
    if not all(math.isfinite(b) and b >= 0 for b in budgets):
        print("error: --budgets are seconds >= 0 (0: no limit)", file=sys.stderr)
        return 2
    if _bad_sizes(n, sizes):
        return 2
    if only is not None and any(i < 1 for i in only):
        print("error: --only takes reply numbers 1, 2, ... (as the lines of --replies number them)", file=sys.stderr)
        return 2
    if counters is not None:
        numbers = [r for r, _ in counters]
        if sizes is None or len(sizes) != 1 or any(r < 1 for r in numbers) or len(set(numbers)) != len(numbers):
            print("error: --counters R [R ...] takes distinct reply numbers R >= 1 and one first-move size "
                  "(--sizes K)", file=sys.stderr)
            return 2
        if only is not None and (len(counters) != 1 or counters[0][1] is not None):
            print("error: --only picks the counters of one reply: give --counters one reply, without :C",
                  file=sys.stderr)
            return 2
        return _counters(n, sizes[0], counters, table, time_limit, cache, report, checkpoint, memory, budgets, only, t0)
    solver = _open(n, table, None, cache, report, checkpoint, memory, t0, ", replies to the first moves")
    if solver is None:
        return 2
    solver.limits.share(time_limit)  # the whole run; each reply gets its round's budget

    def reply(k: int, index: int, verdict: str, seconds: float) -> None:
        _verdict_line(f"k = {k}, reply {index}", "this reply wins, the first move loses", verdict, seconds, solver, t0)

    try:
        found = gale_reply_search(n, sizes, solver=solver, budgets=tuple(budgets),
                                  on_reply=reply, only=only)
    except (SearchLimitReached, KeyboardInterrupt) as exc:
        return _stopped(exc, solver, t0)
    finally:
        _close(solver, t0)
    print(_line(solver, t0), file=sys.stderr)
    for k, verdict in found:
        print(f"first move k = {k}: {verdict}")
    if any(v == "wins" for _, v in found):
        print(f"Gale n = {n}: N-position (a first move wins)")
        return 0
    if {k for k, _ in found} == set(range(1, n)) and all(v == "loses" for _, v in found):
        print(f"Gale n = {n}: P-position (every first move loses)")
        return 0
    print(f"Gale n = {n}: not decided")
    return 1


def _verdict_line(what: str, p_means: str, verdict: str, seconds: float, solver: ComplexSolver, t0: float) -> None:
    """One line for an option searched in rounds or found known (``seconds``
    0): its verdict ("P", with what that means; "N"; "open") and the progress line."""
    said = {"P": f"P: {p_means}", "N": "N", "open": "open (budget spent)"}[verdict]
    how = "known" if seconds == 0.0 else f"{seconds:.1f} s"
    print(f"{what}: {said} ({how})   [{_line(solver, t0).strip()}]", flush=True)


def _counters(n: int, k: int, asked: list[tuple[int, tuple[int, ...] | None]], table: str | None,
              time_limit: float | None, cache: int,
              report: float, checkpoint: float, memory: int | None, budgets: list[float], only: list[int] | None,
              t0: float) -> int:
    """``--replies N --sizes K --counters R [R ...]``: replies to the first
    move of K points, decided by their counter-moves: looked up first (no
    counter searched; a reply number past the replies is refused there,
    before any counter of a later reply is looked at), then in rounds of
    ``budgets``, each round over the replies still open. A reply asked as
    ``R:C,...`` searches only those counters (the others stay open unless
    the table decides them), as ``only`` does for a single reply."""
    replies = [r for r, _ in asked]
    hints = {r: list(c) for r, c in asked if c is not None}
    what = ", ".join(f"{r}" if c is None else f"{r}:{','.join(map(str, c))}" for r, c in asked)
    solver = _open(n, table, None, cache, report, checkpoint, memory, t0,
                   f", counters to repl{'y' if len(replies) == 1 else 'ies'} {what} to k = {k}")
    if solver is None:
        return 2
    solver.limits.share(time_limit)
    said = {"N": "N (a counter wins)", "P": "P (every counter loses: the first move loses)"}
    pending: list[int] = []

    def searched(reply: int, budget: tuple[float, ...], quiet: bool) -> str:
        def counter(index: int, verdict: str, seconds: float) -> None:
            if not (quiet and seconds == 0.0 and verdict == "N"):  # a counter known N is said once, when first looked up
                _verdict_line(f"k = {k}, reply {reply}, counter {index}", "this counter wins, the reply is N",
                              verdict, seconds, solver, t0)

        verdict = gale_counter_search(n, k, reply, solver=solver, budgets=budget, on_counter=counter,
                                      only=hints.get(reply, only))
        if verdict != "open":
            print(f"k = {k}, reply {reply}: {said[verdict]}", flush=True)
        return verdict

    try:
        for reply in replies:  # what the table decides, no search
            verdict = searched(reply, (), False)
            if verdict == "P":
                return 0
            if verdict == "open":
                pending.append(reply)
        for budget in budgets:
            for reply in list(pending):
                verdict = searched(reply, (budget,), True)
                if verdict == "P":
                    return 0
                if verdict == "N":
                    pending.remove(reply)
            if not pending:
                break
    except InputError as exc:  # a reply number past the replies
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except (SearchLimitReached, KeyboardInterrupt) as exc:
        return _stopped(exc, solver, t0)
    finally:
        _close(solver, t0)
    print(_line(solver, t0), file=sys.stderr)
    if pending:
        print(f"k = {k}, replies open: {' '.join(map(str, pending))}")
        return 1
    return 0


def _list_options(solver: ComplexSolver, label: str, facets: tuple[int, ...], t0: float) -> None:
    """Print what the table knows of a position (``facets``, its component
    after the reductions) and, unless its value is known, of each of its
    options up to symmetry: known N, known P (a winning move) or open."""
    nim, unknowns = solver.decompose(facets)
    if not unknowns:
        print(f"{label}: value {nim} known ({'P' if nim == 0 else 'N'})")
        return
    if len(unknowns) > 1 or nim:
        print(f"{label}: *{nim} and {len(unknowns)} component(s) left; options not counted")
        return
    if solver.not_values.get(unknowns[0], 0) & 1:
        # the options still say which move wins (a known P one) if the table has it
        print(f"{label}: known N (the table excludes the value 0); its options:")
    counts = {"N": 0, "P": 0, "open": 0}
    lines = []
    for index, (onim, ounknowns) in enumerate(solver.game.children(solver, unknowns[0]), 1):
        if not ounknowns:
            verdict = "P" if onim == 0 else "N"
            how = f"value {onim}"
        elif len(ounknowns) == 1 and (solver.not_values.get(ounknowns[0], 0) >> onim) & 1:
            verdict = "N"  # the one value that would make this option P is excluded
            how = f"*{onim} and a component whose value is known not to be {onim}"
        else:
            verdict = "open"
            how = f"*{onim} and components of " + ", ".join(
                f"{solver.game.size(u)} faces" for u in ounknowns) + " left"
        counts[verdict] += 1
        lines.append(f"    option {index}: {verdict} ({how})")
    total = sum(counts.values())
    nv, component = complex_from_key(unknowns[0])
    print(f"{label}: {total} options up to symmetry: {counts['N']} known N, {counts['P']} known P, "
          f"{counts['open']} open (of the component searched after reductions: {nv} points, "
          f"{len(component)} facets; {time.perf_counter() - t0:.1f} s)", flush=True)
    print("\n".join(lines), flush=True)


def open_options(n: int, table: str | None, memory: int | None = None, cache: int = 50_000) -> int:
    """``--open-options N``: how far a table has got with each complement
    position (a k-set and its complement removed, k <= N / 2). Such a
    position (its component after the reductions, which the search decides)
    is P if and only if every option is N; its options, one per orbit of
    faces under its automorphism group (as the search makes them),
    are counted as known N (the table gives a nonzero value, or, for one
    component left, excludes the value that would make the option P),
    known P (then the position is N), or open; also for a position the
    table knows to be N (a known P option is then a winning move). Then
    the same for the position each first move leaves (a k-set removed, k =
    1 .. N - 1): a first move wins iff that position is P, so a known P
    reply makes it lose. The open positions are not searched (components
    of dimension 1 among the options are valued by a small Graph Chomp
    search). The whole table is loaded into memory (as
    much as the run that wrote it holds), and closing merges a journal of
    up to 100,000 rows into the file: best not beside a run of the same
    file."""
    t0 = time.perf_counter()
    solver = _open(n, table, None, cache, 3600.0, 3600.0, memory, t0,
                   ", options of the complement positions and of the first moves")
    if solver is None:
        return 2
    try:
        start = build_complex_family(f"simplex-boundary:{n}")
        for k in range(1, n // 2 + 1):
            _list_options(solver, f"k = {k}", gale_complement_position(start.facets, n, k), t0)
        # the first moves themselves: a first move wins iff the position it leaves is P, so a
        # known P reply makes it lose, and it wins once every reply is known N
        for k in range(1, n):
            _list_options(solver, f"first move k = {k}", remove_face(start.facets, (1 << k) - 1), t0)
    finally:
        _close(solver, t0)
    return 0


def _counter_arg(text: str) -> tuple[int, tuple[int, ...] | None]:
    """One ``--counters`` entry: ``R`` (a reply, every counter) or
    ``R:C,C,...`` (only those counters of reply R, searched in that order)."""
    reply, _, picked = text.partition(":")
    try:
        number = int(reply)
        counters = tuple(int(c) for c in picked.split(",")) if picked else None
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not R or R:C,C,... (reply and counter numbers)") from None
    if number < 1 or (counters is not None and (min(counters) < 1 or len(set(counters)) != len(counters))):
        raise argparse.ArgumentTypeError(f"{text!r}: reply and counter numbers are distinct and >= 1")
    return number, counters


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--n", type=int, nargs="*", default=None, help="sizes to time (default 4 5 6; timings only)")
    ap.add_argument("--face-poset", action="store_true", help="also time the face-poset route (timings only)")
    mode = ap.add_mutually_exclusive_group()
    mode.add_argument("--attack", type=int, metavar="N", help="decide Gale's game on N points (with limits, table)")
    mode.add_argument("--open-options", type=int, metavar="N",
                      help="count the options of each complement position known N / P / open in --table (no search)")
    mode.add_argument("--replies", type=int, metavar="N",
                      help="decide the first moves of Gale's game on N points reply by reply (limits, table)")
    mode.add_argument("--proof-numbers", type=int, metavar="N",
                      help="decide Gale's game on N points (with --sizes: the positions first moves leave) "
                           "by proof-number search over budgeted searches (limits, table)")
    mode.add_argument("--complement", type=int, metavar="N",
                      help="answer each first move of Gale's game on N points with its complement (limits, table)")
    ap.add_argument("--table", help="sqlite file of the persistent table (created or resumed)")
    ap.add_argument("--time-limit", type=float, help="seconds of search before stopping cleanly")
    ap.add_argument("--option-cache", type=int, default=None, help="option lists kept in memory (default 50000)")
    ap.add_argument("--report", type=float, default=None, help="seconds between progress lines (default 10)")
    ap.add_argument("--checkpoint", type=float, default=None, help="seconds between table writes (default 60)")
    ap.add_argument("--table-memory", type=float, default=None, metavar="GB",
                    help="bound the table to this many GiB (it spills to --table)")
    ap.add_argument("--sizes", type=int, nargs="+", help="first-move sizes for --replies (default all)")
    ap.add_argument("--budgets", type=float, nargs="+", default=None, metavar="S",
                    help="seconds per reply in each round of --replies (0: no limit; default 0)")
    ap.add_argument("--only", type=int, nargs="+", default=None, metavar="I",
                    help="search only these replies of --replies, in this order (numbered as its lines; "
                         "with --counters, these counters of its one reply); the others the table does not "
                         "decide stay open")
    ap.add_argument("--counters", type=_counter_arg, nargs="+", default=None, metavar="R[:C,...]",
                    help="with --replies N --sizes K: decide these replies by their counter-moves, in rounds "
                         "(R:C,...: only those counters of reply R)")
    ap.add_argument("--leaf", type=float, default=None, metavar="S",
                    help="seconds of search for each new leaf of --proof-numbers (default 0.5)")
    args = ap.parse_args()
    # Ctrl-C and SIGTERM (kill, timeout) stop the search cleanly: the table file is written
    signal.signal(signal.SIGINT, stop_on_signal)
    signal.signal(signal.SIGTERM, stop_on_signal)
    memory = None if args.table_memory is None else int(args.table_memory * 2**30)
    cache = 50_000 if args.option_cache is None else args.option_cache
    mode_name = ("--attack" if args.attack is not None else "--complement" if args.complement is not None
                 else "--open-options" if args.open_options is not None
                 else "--replies" if args.replies is not None
                 else "--proof-numbers" if args.proof_numbers is not None else None)
    # an option a mode does not use is refused by name (exit 2), never ignored
    given = {"--n": args.n is not None, "--face-poset": args.face_poset, "--table": args.table is not None,
             "--time-limit": args.time_limit is not None, "--option-cache": args.option_cache is not None,
             "--report": args.report is not None, "--checkpoint": args.checkpoint is not None,
             "--table-memory": args.table_memory is not None, "--sizes": args.sizes is not None,
             "--budgets": args.budgets is not None, "--only": args.only is not None,
             "--counters": args.counters is not None, "--leaf": args.leaf is not None}
    table = {"--table", "--option-cache", "--table-memory"}
    search = table | {"--time-limit", "--report", "--checkpoint"}
    used = {None: {"--n", "--face-poset"},  # the timings make fresh searches of their own
            "--attack": search, "--complement": search, "--replies": search | {"--sizes", "--budgets", "--only", "--counters"},
            "--proof-numbers": search | {"--sizes", "--leaf"},
            "--open-options": table}[mode_name]  # no search to limit, report or checkpoint
    for flag, on in given.items():
        if on and flag not in used:
            kind = f"{mode_name} runs" if mode_name else "the timings (no --attack, --complement or --open-options)"
            print(f"error: {flag} does not apply to {kind}", file=sys.stderr)
            return 2
    if args.open_options is not None:
        if args.table is None:
            print("error: --open-options reads a table: give --table PATH", file=sys.stderr)
            return 2
        try:
            return open_options(args.open_options, args.table, memory, cache)
        except KeyboardInterrupt:
            print("interrupted", file=sys.stderr)
            return interrupt_exit_code()
    by_replies = functools.partial(replies, sizes=args.sizes, budgets=args.budgets, only=args.only,
                                   counters=args.counters)
    by_proof_numbers = functools.partial(proof_numbers, sizes=args.sizes,
                                         leaf=0.5 if args.leaf is None else args.leaf)
    for n, run in ((args.attack, attack), (args.complement, complement), (args.replies, by_replies),
                   (args.proof_numbers, by_proof_numbers)):
        if n is not None:
            try:
                return run(n, args.table, args.time_limit, cache,
                           10.0 if args.report is None else args.report,
                           60.0 if args.checkpoint is None else args.checkpoint, memory)
            except KeyboardInterrupt:  # while the table file was read, before the search
                print("interrupted", file=sys.stderr)
                return interrupt_exit_code()
    timings([4, 5, 6] if args.n is None else args.n, args.face_poset)
    return 0


if __name__ == "__main__":
    sys.exit(main())
