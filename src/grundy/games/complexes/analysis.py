"""Analysis of subset take-away for the user: :func:`analyze_complex`
(value, outcome, winning moves, option table and explanation, in the user's
labels; on incidence graphs, or on the face poset with a
:class:`~grundy.games.posets.PosetSolver`), :func:`gale_first_moves`,
the first-move table of Gale's game, and :func:`gale_complement_replies`,
which answers each first move with the complementary set.

It takes a :class:`Complex`: a spec or a file name is read by
:func:`grundy.readwrite.complexes.load_complex` (the readers import the
games, not the other way round).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Collection

from typing import Any

from grundy.core.explain import measured, sum_values, winning_options
from grundy.core.moves import Move, label_json, label_str
from grundy.errors import InputError, SearchLimitReached, TooLargeError, keep_found, relabel_found
from grundy.games.complexes.complex import Complex, _faces_of, _facet_components, remove_face
from grundy.games.complexes.families import MAX_FAMILY_VERTICES, build_complex_family
from grundy.games.complexes.game import ComplexSolver
from grundy.games.graphs.formulas import plural
from grundy.games.graphs.graph import bits
from grundy.games.posets.analysis import analyze_poset
from grundy.games.posets.game import PosetSolver

__all__ = ["analyze_complex", "gale_first_moves", "gale_complement_position", "gale_complement_replies",
           "gale_reply_search", "outcome_by_rounds"]


def _face_json(cx: Complex, face: int) -> list[Any]:
    return [label_json(v) for v in cx.face_labels(face)]


def analyze_complex(
    cx: Complex,
    *,
    option_table: bool = False,
    solver: ComplexSolver | PosetSolver | None = None,
    name: str | None = None,
) -> dict[str, Any]:
    """Nim-value, outcome, winning moves and explanation of subset take-away.

    Parameters
    ----------
    cx : Complex
        The position (a spec is read by :func:`grundy.readwrite.complexes.load_complex`,
        or answered whole by :func:`grundy.analyze`: the games do not import the readers).
    option_table : bool
        Also give every move with the value it leads to (``"options"``).
    solver : ComplexSolver or PosetSolver, optional
        Reuse a solver and its table. A :class:`grundy.games.posets.PosetSolver`
        plays the same game on the face poset instead (slower; same
        answers).
    name : str, optional
        The ``"name"`` reported (default ``""``).

    Returns
    -------
    dict
        ``{"name", "game": "subset-takeaway", "value", "outcome",
        "winning_moves": [{"face": [labels...]}, ...], "vertices": [...],
        "facets": [[labels...], ...], "explanation": [...], "stats": {...}}``,
        and ``"options": [{"face": [...], "value": v}, ...]`` with
        ``option_table``. Moves are listed by face size, then vertex order.

    Raises
    ------
    InputError
        If ``cx`` is not a :class:`Complex` (a spec string, say).
    SearchLimitReached
        If the solver's limit stops the search.

    >>> a = analyze_complex(build_complex_family("simplex:2"))
    >>> a["value"], a["winning_moves"]
    (2, [{'face': [1, 2]}])
    """
    if not isinstance(cx, Complex):
        raise InputError(f"analyze_complex takes a Complex, not {type(cx).__name__}: read a spec with "
                         "grundy.readwrite.complexes.load_complex, or ask grundy.analyze")
    head = ["subset take-away: a move removes a face and every face containing it; the player who cannot move loses"]
    if cx.redundant:
        head.append(
            f"{plural(cx.redundant, 'listed set')} {'is not a facet' if cx.redundant == 1 else 'are not facets'} "
            "(contained in another listed set or repeated): "
            f"the complex is the downward closure of the list, with {plural(len(cx.facets), 'facet')}"
        )
    if isinstance(solver, PosetSolver):
        res = _via_face_poset(cx, solver, option_table, head)
    else:
        res = _via_incidence(cx, solver or ComplexSolver(), option_table, head)
    value, winning, options, explanation, stats = res
    out: dict[str, Any] = {
        "name": name or "",
        "game": "subset-takeaway",
        "value": value,
        "outcome": "P" if value == 0 else "N",
        "winning_moves": [{"face": _face_json(cx, f)} for f in winning],
        "vertices": [label_json(v) for v in cx.labels],
        "facets": [_face_json(cx, f) for f in cx.facets],
        "explanation": explanation,
        "stats": stats,
    }
    if option_table:
        out["options"] = [{"face": _face_json(cx, f), "value": v} for f, v in options]
    return out


def _via_incidence(
    cx: Complex, solver: ComplexSolver, option_table: bool, trace: list[str]
) -> tuple[int, list[int], list[tuple[int, int]], list[str], dict[str, Any]]:
    labels = cx.labels
    everything = (1 << cx.n) - 1

    def namer(mask: int) -> str:
        if mask == everything and cx.n > 1:
            return "the complex"
        return "{" + ", ".join(label_str(labels[i]) for i in bits(mask)) + "}"

    order = {f: k for k, f in enumerate(cx.faces())}
    with measured(solver) as stats:
        comps = _facet_components(cx.facets)
        if not comps:
            trace.append("the empty complex: no move, value 0")
        comp_values, total = sum_values(
            solver,
            comps,
            lambda comp, tr: solver.decompose(tuple(comp[1]), None, tr, namer),
            namer,
            lambda comp: comp[0],
            trace,
        )
        winning: list[int] = []
        table: list[tuple[int, int]] = []
        candidates = ((total ^ cval, face, lambda comp=comp, face=face: solver.decompose(remove_face(comp, face)))
                      for (_vmask, comp), cval in zip(comps, comp_values)
                      for face in sorted(_faces_of(comp), key=order.__getitem__))
        try:
            winning_options(solver, candidates, option_table, winning, table, total)
        except (SearchLimitReached, KeyboardInterrupt) as stop:  # the value was found: it, and the moves found, are kept
            keep_found(stop, total, "P" if total == 0 else "N",
                       [Move(face=cx.face_labels(f)) for f in sorted(winning, key=order.__getitem__)])
            raise
    winning.sort(key=order.__getitem__)
    table.sort(key=lambda t: order[t[0]])
    return total, winning, table, trace, stats


def _via_face_poset(
    cx: Complex, solver: PosetSolver, option_table: bool, head: list[str]
) -> tuple[int, list[int], list[tuple[int, int]], list[str], dict[str, Any]]:
    faces = cx.faces()
    try:
        res = analyze_poset(cx.face_poset(), option_table=option_table, solver=solver)
    except (SearchLimitReached, KeyboardInterrupt) as stop:  # the face poset's elements are the faces
        relabel_found(stop, lambda m: Move(face=tuple(m.element)))
        raise
    by_label = {cx.face_labels(f): f for f in faces}

    def face_of(x: Any) -> int:
        return by_label[tuple(_back(v) for v in x)]

    winning = [face_of(m["element"]) for m in res["winning_moves"]]
    table = [(face_of(m["element"]), m["value"]) for m in res.get("options", [])]
    explanation = head + ["played as the poset game on the face poset (faces ordered by inclusion)"]
    explanation += res["explanation"][1:]
    return res["value"], winning, table, explanation, res["stats"]


def _back(x: Any) -> Any:
    return tuple(_back(y) for y in x) if isinstance(x, list) else x


def _gale(n: int, solver: ComplexSolver | None) -> tuple[ComplexSolver, Complex]:
    """The solver (a new one if None) and the start of Gale's game on ``n``
    points; InputError if ``n < 2``, TooLargeError past the largest family."""
    if n < 2:
        raise InputError(f"Gale's game needs n >= 2 (n = {n} has no move)")
    if n > MAX_FAMILY_VERTICES:
        raise TooLargeError(f"Gale's game on {n} > {MAX_FAMILY_VERTICES} points is not built")
    return solver or ComplexSolver(), build_complex_family(f"simplex-boundary:{n}")


def gale_first_moves(n: int, *, solver: ComplexSolver | None = None,
                     on_settled: Callable[[int, int], None] | None = None) -> list[tuple[int, int]]:
    """The first-move table of Gale's game on an ``n``-set up to symmetry.

    Every nonempty proper subset of the same size is equivalent under the
    symmetric group, so the table has one move per size ``k = 1 .. n-1``:
    removing ``{1..k}`` and every set containing it. ``on_settled(k,
    value)`` is called as each first move is settled (for progress and
    checkpoint summaries of long runs).

    Returns
    -------
    list of (k, value)
        The nim-value of the position each first move leads to. Gale's game
        is a P-position iff every value is nonzero.

    Raises
    ------
    InputError
        If ``n < 2``.
    SearchLimitReached
        If the solver's limit stops the search (what it learned stays).

    >>> gale_first_moves(3)
    [(1, 2), (2, 1)]
    """
    solver, start = _gale(n, solver)
    out = []
    solver.start()
    try:
        for k in range(1, n):
            nim, unk = solver.decompose(remove_face(start.facets, (1 << k) - 1))
            out.append((k, solver.value_of(nim, unk)))
            if on_settled is not None:
                on_settled(k, out[-1][1])
    finally:
        solver.finish()
    return out


def gale_complement_position(facets: tuple[int, ...], n: int, k: int) -> tuple[int, ...]:
    """The facets left of Gale's game on an ``n``-set (``facets``: those of
    ``simplex-boundary:n``) after the first move ``S = {1..k}`` and the reply
    ``T``, its complement (each removed with every set containing it): the
    position :func:`gale_complement_replies` asks about, ``0 < k < n``."""
    first = (1 << k) - 1
    return remove_face(remove_face(facets, first), ((1 << n) - 1) & ~first)


def gale_complement_replies(n: int, *, solver: ComplexSolver | None = None,
                            on_settled: Callable[[int, bool], None] | None = None) -> list[tuple[int, bool]]:
    """Whether answering a first move of Gale's game on an ``n``-set with the
    complementary set wins: for each size ``k = 1 .. n-1``, whether the
    position left after removing ``S = {1..k}`` and then its complement
    ``T`` (each with every set containing it) is a P-position.

    ``T`` is still a face after ``S`` is removed (it does not contain
    ``S``), so a True for ``k`` is a winning reply to every first move of
    size ``k``: that first move leads to an N-position. If every ``k`` gets
    True, Gale's game on ``n`` points is a P-position (the second player
    wins), without the nim-values of the first moves
    (:func:`gale_first_moves`), which can cost far more. A False decides
    nothing for its ``k``: another reply may win. Sizes ``k`` and ``n - k``
    leave the same position up to a relabelling, so each pair is searched
    once (``k <= n / 2``) and ``on_settled(k, is_p)`` is called for both.
    For every ``n <= 6`` and every ``k`` the answer is True (the tests
    check it by brute force over face sets for ``n <= 5``, and on both
    search paths).

    Returns
    -------
    list of (k, bool)
        For k = 1 .. n-1, in that order.

    Raises
    ------
    InputError
        If ``n < 2``.
    TooLargeError
        If ``n`` exceeds the largest family built.
    SearchLimitReached
        If the solver's limit stops the search (what it learned stays in
        its table: a table file resumes).

    >>> gale_complement_replies(4)
    [(1, True), (2, True), (3, True)]
    """
    solver, start = _gale(n, solver)
    found: dict[int, bool] = {}
    solver.start()
    try:
        for k in range(1, n // 2 + 1):
            left = gale_complement_position(start.facets, n, k)
            found[k] = found[n - k] = solver.is_p(*solver.decompose(left))
            if on_settled is not None:
                on_settled(k, found[k])
                if n - k != k:
                    on_settled(n - k, found[k])
    finally:
        solver.finish()
    return [(k, found[k]) for k in range(1, n)]


def _reply_known(solver: ComplexSolver, reply: tuple[int, tuple[Any, ...]]) -> str | None:
    """"P" or "N" if the table already decides the outcome of ``reply``
    (``*nim + components``), else None."""
    nim, unknowns = reply
    if not unknowns:
        return "P" if nim == 0 else "N"
    if len(unknowns) == 1 and (solver.not_values.get(unknowns[0], 0) >> nim) & 1:
        return "N"  # the one value that would make it P is excluded
    return None


def outcome_by_rounds(
    facets: tuple[int, ...],
    *,
    solver: ComplexSolver | None = None,
    budgets: tuple[float | None, ...] = (None,),
    on_option: Callable[[int, str, float], None] | None = None,
    only: Collection[int] | None = None,
) -> str:
    """The outcome of a subset take-away position, found by searching its
    options one at a time, in rounds of growing time budgets.

    A position is P iff every option is N. Its options are one per orbit of
    faces under the automorphism group of its component (as the search
    makes them), plus the moves in a nim-heap the reductions split off
    (:meth:`ComplexSolver.decompose`). An option the table already decides
    costs nothing; the others are searched (``is_p``) smallest first (by
    faces left), each for at most ``budgets[0]`` seconds, then those left
    open for ``budgets[1]``, and so on (None: no limit). A P option ends the
    search (the position is N); when every option is N, it is P. Unlike one
    ``is_p`` call on the position, no hard option holds up an easy one. A
    position whose reductions leave several components is searched whole,
    in the same rounds.

    Parameters
    ----------
    facets : tuple of int
        The position: facets as vertex bitsets (any number of vertices the
        solver takes).
    solver : ComplexSolver, optional
        Its table is used and grown (a table file resumes a run); its
        :meth:`~grundy.core.limits.Limits.share` budget, if one was given,
        bounds the whole call; its own ``time_limit`` is replaced by each
        round's budget for the length of the call.
    budgets : tuple of float or None
        Seconds per option in each round (None or 0: no limit).
    on_option : callable, optional
        ``on_option(index, verdict, seconds)`` after each option searched
        or found known: ``index`` counts the options from 1 in the order
        they are made (heap moves, then one per orbit of faces, a position
        made twice counted once; the search takes them smallest first),
        ``verdict`` is "P", "N" or "open" (its budget ran out), ``seconds``
        the search's wall time (0 when known). A position searched whole
        (several components) is reported after each round as index 0, with
        the verdict its options would have: "P" if the position is N, "N" if
        it is P.
    only : collection of int, optional
        Search only the options of these indices (as ``on_option`` numbers
        them); the others are looked up in the table and, if it does not
        decide them, left open (not reported): one process's share of the
        options when two search a position's options with a table each
        (``benchmarks/table_merge.py`` joins the tables). A sequence (list,
        tuple) is searched in its order, each round; a set smallest option
        first, as without ``only``. Refused for a position searched whole
        (InputError).

    Returns
    -------
    str
        "P", "N", or "open" (the rounds ended with options open and none P).
        A P-position is then recorded in the table (value 0: it is asked once
        more as a whole, one option generation).

    Raises
    ------
    SearchLimitReached
        When the solver's shared budget is spent, or its position limit
        (what it learned stays in its table); a round's budget running out
        only leaves its option open.
    InputError
        If ``only`` is given for a position searched whole.
    """
    solver = solver or ComplexSolver()
    return _by_rounds(solver, lambda: solver.decompose(facets), budgets, on_option, only)


def _options_numbered(solver: ComplexSolver, nim: int, unknowns: tuple[Any, ...]) -> list[tuple[int, tuple[Any, ...]]]:
    """The options of the position ``*nim + unknowns[0]`` as
    :func:`outcome_by_rounds` numbers them (from 1): the heap moves, then one
    per orbit of faces, a position made twice listed once."""
    options: list[tuple[int, tuple[Any, ...]]] = [(m, unknowns) for m in range(nim)]
    for onim, ounk in solver.game.children(solver, unknowns[0]):
        option = (onim ^ nim, ounk)
        if option not in options:  # two orbits may leave the same position: searched once
            options.append(option)
    return options


def _by_rounds(
    solver: ComplexSolver,
    split: Callable[[], tuple[int, tuple[Any, ...]]],
    budgets: tuple[float | None, ...],
    on_option: Callable[[int, str, float], None] | None,
    only: Collection[int] | None,
) -> str:
    """:func:`outcome_by_rounds` of the position ``split()`` makes (its
    split, made with the solver's own time limit)."""
    saved = solver.time_limit

    def search(option: tuple[int, tuple[Any, ...]], budget: float | None) -> str:
        budget = budget or None  # 0: no limit, as a solver's time_limit
        solver.time_limit = budget
        solver.start()
        began = solver.limits.started
        try:
            return "P" if solver.is_p(*option) else "N"
        except SearchLimitReached:
            # "open" only for this round's own budget; the shared budget, a position
            # limit or a cancel request stops the whole call
            now, until = time.perf_counter(), solver.limits.until
            if budget is None or now < began + budget or (until is not None and now >= until):
                raise
            return "open"
        finally:
            solver.finish()

    try:
        nim, unknowns = split()
        if len(unknowns) != 1 and only is not None:
            raise InputError(f"only= picks options one by one, but this position is searched whole "
                             f"(its reductions leave {len(unknowns)} components)")
        if len(unknowns) != 1:
            verdict = _reply_known(solver, (nim, unknowns))
            for budget in budgets:
                if verdict is not None and verdict != "open":
                    break
                t = time.perf_counter()
                verdict = search((nim, unknowns), budget)
                if on_option is not None:  # the position searched whole: reported as option 0
                    on_option(0, {"P": "N", "N": "P"}.get(verdict, "open"), time.perf_counter() - t)
            return verdict or "open"
        options = _options_numbered(solver, nim, unknowns)
        pending: list[int] = []
        for index, option in enumerate(options, 1):
            known = _reply_known(solver, option)
            if known is None:
                pending.append(index)
                continue
            if on_option is not None:
                on_option(index, known, 0.0)
            if known == "P":
                return "N"
        pending.sort(key=lambda i: (sum(solver.game.size(u) for u in options[i - 1][1]), i))
        skipped: list[int] = []
        if only is not None:
            skipped = [i for i in pending if i not in only]
            if isinstance(only, (set, frozenset)):
                pending = [i for i in pending if i in only]
            else:  # a sequence: searched in its order
                open_now = set(pending)
                pending = [i for i in dict.fromkeys(only) if i in open_now]
        for budget in budgets:
            for index in list(pending):
                t = time.perf_counter()
                got = search(options[index - 1], budget)
                if on_option is not None:
                    on_option(index, got, time.perf_counter() - t)
                if got == "P":
                    return "N"
                if got == "N":
                    pending.remove(index)
            if not pending:
                break
        if pending or skipped:
            return "open"
        # every option is N: a P-position. Asked once more as a whole (one option
        # generation, each option now settled by the table), the table records it (value
        # 0), so that later runs and certificates (``grundy certify --table``) find it
        # without a search; a stop of the shared budget just then leaves it unrecorded
        try:
            if search((nim, unknowns), None) != "P":  # pragma: no cover - the table contradicts itself
                raise RuntimeError("every option is N, but the search says the position is not P")
        except SearchLimitReached:
            pass
        return "P"
    finally:
        solver.time_limit = saved


def gale_reply_search(
    n: int,
    sizes: list[int] | None = None,
    *,
    solver: ComplexSolver | None = None,
    budgets: tuple[float | None, ...] = (None,),
    on_reply: Callable[[int, int, str, float], None] | None = None,
    only: Collection[int] | None = None,
) -> list[tuple[int, str]]:
    """Decide first moves of Gale's game on an ``n``-set by searching the
    replies to each one, one at a time, in rounds of growing time budgets
    (:func:`outcome_by_rounds` on the position each first move leaves).

    The first move of size ``k`` (``S = {1..k}`` removed with every set
    containing it) wins iff the position it leaves is a P-position, that is,
    iff every reply leads to an N-position. Unlike :func:`gale_first_moves`
    this needs outcomes only, never nim-values, and no hard reply holds up
    an easy one.

    Parameters
    ----------
    n : int
        Points, ``2 <= n <= MAX_FAMILY_VERTICES``.
    sizes : list of int, optional
        The sizes ``k`` of the first moves to decide (default ``1 .. n-1``).
    solver, budgets, only
        As for :func:`outcome_by_rounds` (``only``: the replies searched,
        for every first move asked).
    on_reply : callable, optional
        ``on_reply(k, index, verdict, seconds)``: ``on_option`` of
        :func:`outcome_by_rounds` for the first move of size ``k``.

    Returns
    -------
    list of (k, verdict)
        For each size asked, in order: "wins" (every reply N), "loses" (a
        reply P) or "open" (the rounds ended with replies open). Gale's game
        is a P-position iff every first move loses (and N iff one wins).

    Raises
    ------
    InputError
        If ``n < 2``, a size is not in ``1 .. n-1`` or is asked twice.
    TooLargeError
        If ``n`` exceeds the largest family built.
    SearchLimitReached
        As :func:`outcome_by_rounds`.
    """
    solver, start = _gale(n, solver)
    asked = list(range(1, n)) if sizes is None else list(sizes)
    for k in asked:
        if not 0 < k < n:
            raise InputError(f"a first move of Gale's game on {n} points removes 1 to {n - 1} points, not {k}")
    if len(set(asked)) != len(asked):
        raise InputError(f"a first-move size is asked twice: {asked}")
    out: list[tuple[int, str]] = []
    for k in asked:
        def option(index: int, verdict: str, seconds: float, k: int = k) -> None:
            if on_reply is not None:
                on_reply(k, index, verdict, seconds)

        got = outcome_by_rounds(remove_face(start.facets, (1 << k) - 1), solver=solver, budgets=budgets,
                                on_option=option, only=only)
        out.append((k, {"P": "wins", "N": "loses"}.get(got, "open")))
    return out


def gale_counter_search(
    n: int,
    k: int,
    reply: int,
    *,
    solver: ComplexSolver | None = None,
    budgets: tuple[float | None, ...] = (None,),
    on_counter: Callable[[int, str, float], None] | None = None,
    only: Collection[int] | None = None,
) -> str:
    """Decide one reply to a first move of Gale's game on an ``n``-set by
    searching the reply's own options (the counter-moves) one at a time, in
    rounds of growing time budgets (:func:`outcome_by_rounds` one level
    down). The reply is N iff some counter leaves a P-position; a search of
    the reply as a whole (:func:`gale_reply_search`) takes its counters in
    the engine's order, each to the end, so a hard counter that loses can
    hold up an easy one that wins.

    Parameters
    ----------
    n : int
        Points, ``2 <= n <= MAX_FAMILY_VERTICES``.
    k : int
        The size of the first move (``{1..k}`` removed with every set containing it), ``1 <= k < n``.
    reply : int
        The reply, numbered as :func:`gale_reply_search` numbers them (from 1).
    solver, budgets, only
        As for :func:`outcome_by_rounds` (``only``: the counters searched).
    on_counter : callable, optional
        ``on_counter(index, verdict, seconds)``: ``on_option`` of :func:`outcome_by_rounds`.

    Returns
    -------
    str
        The reply's outcome: "N" (a counter leaves a P-position: the table
        records the counter with value 0 and the reply as not P, so that a
        later search of the replies knows it at once), "P" (every counter N:
        the reply wins, the first move loses; recorded with value 0) or
        "open".

    Raises
    ------
    InputError
        If ``k`` is not in ``1 .. n-1``, the first move's position is not one
        component (its replies are not numbered one by one), or ``reply`` is
        not one of its replies.
    TooLargeError
        If ``n`` exceeds the largest family built.
    SearchLimitReached
        As :func:`outcome_by_rounds`.
    """
    solver, start = _gale(n, solver)
    if not 0 < k < n:
        raise InputError(f"a first move of Gale's game on {n} points removes 1 to {n - 1} points, not {k}")
    nim, unknowns = solver.decompose(remove_face(start.facets, (1 << k) - 1))
    if len(unknowns) != 1:
        raise InputError(f"the first move of {k} points leaves {len(unknowns)} components, not one: "
                         "its replies are not searched one by one")
    replies = _options_numbered(solver, nim, unknowns)
    if not 0 < reply <= len(replies):
        raise InputError(f"the first move of {k} points has replies 1 .. {len(replies)}, not {reply}")
    got = _by_rounds(solver, lambda: replies[reply - 1], budgets, on_counter, only)
    if got == "N":
        # the reply asked once more as a whole (one option generation: its P counter is in the
        # table), so that the table marks it N too and a later reply search knows it at once;
        # a stop of the shared budget just then leaves it unmarked
        try:
            solver.is_p(*replies[reply - 1])
        except SearchLimitReached:
            pass
    return got
