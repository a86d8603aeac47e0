"""Simplicial complexes: subset take-away (a move removes a face and every
face containing it), searched by :class:`grundy.games.complexes.ComplexSolver`
with the switches of :class:`grundy.games.complexes.ComplexTheory`.

Gale's game (``simplex-boundary:N``) also gets its first-move table up to
symmetry and the complement replies (:func:`gale_answer`), and a run with a
table file writes a checkpoint summary beside it (:func:`_summary`).
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from typing import Any

from grundy.core.limits import settle_backstop
from grundy.core.moves import Move, label_json, label_str
from grundy.errors import SearchLimitReached, relabel_found
from grundy.kinds import Kind, ending, settle
from grundy.kinds.heaps import ListCheck, checked
from grundy.kinds.misere import MisereParts
from grundy.kinds.request import Request
from grundy.kinds.typed import Label, TypedMove

__all__ = ["KIND", "ComplexKind", "gale_answer"]


class ComplexKind(Kind):
    """A simplicial complex (:class:`~grundy.games.complexes.Complex`)."""

    name = "complex"
    family_heading = "simplicial complexes (subset take-away)"
    game = "subset-takeaway"

    def position_type(self) -> type:
        from grundy.games.complexes.complex import Complex

        return Complex

    def switches_class(self) -> type | None:
        from grundy.games.complexes import ComplexTheory

        return ComplexTheory

    def normal(self, position: Any, request: Request, name: str) -> dict[str, Any]:
        return gale_answer(position, name, request.option_table, request.theory, request.time_limit,
                           request.max_positions, request.progress, request.table, request.value_only)

    def outcome(self, position: Any, request: Request, name: str) -> dict[str, Any]:
        """By the outcome search over the faces in the order of the value's
        answer (``Complex.faces``: by size, then vertex order); Gale's
        first-move tables are not searched.

        Raises
        ------
        SearchLimitReached
            When a limit stops the search (``outcome`` set if it was settled).
        """
        from grundy.games.complexes import ComplexSolver
        from grundy.kinds.outcome import outcome_lines, outcome_search

        cx = position
        solver = ComplexSolver(request.theory, time_limit=request.time_limit, max_positions=request.max_positions,
                               progress=request.progress, table=request.table)
        try:
            outcome, winning, value, stats = outcome_search(
                solver, lambda: solver.decompose(cx.facets), _face_options(solver, cx),
                request.option_table, request.outcome_moves)
        except (SearchLimitReached, KeyboardInterrupt) as stop:  # the winning moves found so far, as moves
            relabel_found(stop, lambda f: Move(face=cx.face_labels(f)))
            raise
        finally:
            solver.close()
        moves = [{"face": [label_json(v) for v in cx.face_labels(f)]} for f in winning]
        return {"name": name, "game": "subset-takeaway", "value": value, "outcome": outcome,
                "winning_moves": moves, "vertices": [label_json(v) for v in cx.labels],
                "facets": [[label_json(v) for v in cx.face_labels(f)] for f in cx.facets],
                "explanation": ["subset take-away: a move removes a face and every face containing it; the player "
                                "who cannot move loses"]
                + outcome_lines(outcome, moves, request.option_table, value, lambda m: str(Move.from_json(m))),
                "stats": stats}

    def misere_parts(self, position: Any, check: ListCheck) -> MisereParts:
        from grundy.games.complexes import complex_key

        def options(c: Any) -> list[Any]:
            return [c.move(c.face_labels(f)) for f in checked(c.faces(), check, 64)]

        def key(c: Any) -> Hashable:
            return complex_key(c.n, c.facets) if c.n else b""

        pos = position
        moves = [
            ({"face": [label_json(v) for v in pos.face_labels(f)]}, pos.move(pos.face_labels(f)))
            for f in checked(sorted(pos.faces(), key=lambda f: (f.bit_count(), f)), check, 64)
        ]
        fields = {"vertices": [label_json(v) for v in pos.labels],
                  "facets": [[label_json(v) for v in pos.face_labels(f)] for f in pos.facets]}
        return MisereParts(options, key, moves, fields, "subset-takeaway",
                           "a move removes a face and every face containing it", pos)

    # -- play -----------------------------------------------------------------
    def size(self, position: Any) -> int:
        """Faces."""
        return len(position.faces())

    def moves(self, position: Any, game: str, side: str | None = None) -> list[Move]:
        p = position
        return [Move(face=p.face_labels(f)) for f in sorted(p.faces(), key=lambda f: (f.bit_count(), f))]

    def apply(self, position: Any, move: Move) -> Any:
        return position.move(move.face)

    def to_spec(self, position: Any) -> dict[str, Any]:
        return {"facets": [[label_json(v) for v in f] for f in position.facet_labels()]}

    def text(self, position: Any) -> str:
        facets = " ".join("{" + ",".join(label_str(v) for v in f) + "}" for f in position.facet_labels())
        return f"facets: {facets or '(none)'}"

    def described(self, analysis: Any) -> str:
        from grundy.games.graphs.formulas import plural

        fields = analysis.fields or {}
        vertices, facets = fields.get("vertices"), fields.get("facets")
        sizes = (f", {plural(len(vertices), 'vertex', 'vertices')}, {plural(len(facets), 'facet')}"
                 if isinstance(vertices, list) and isinstance(facets, list) else "")
        return f"simplicial complex{sizes}; subset take-away"

    def move_syntax(self, game: str) -> str:
        return "a face: 1 2 3, 1,2,3 or {1,2,3} (removes it and every face containing it)"

    def rules(self, position: Any, game: str, misere: bool) -> list[str]:
        return ["subset take-away: a move takes a face (a nonempty set of vertices inside one facet) and removes "
                f"it with every face containing it; {ending(misere)}"]

    def why_illegal(self, position: Any, game: str, move: Move, side: str | None = None,
                    start: Any = None) -> str | None:
        if not move.face:
            return "a face has at least one vertex"
        face = "{" + ",".join(label_str(v) for v in move.face) + "}"
        facets = " ".join("{" + ",".join(label_str(v) for v in f) + "}" for f in position.facet_labels())
        if start is not None and any(set(move.face) <= set(f) for f in start.facet_labels()):
            return f"face {face} was already removed (facets left: {facets or 'none'})"
        return f"{face} is not a face: its vertices lie in no one facet (facets: {facets or 'none'})"

    def labels(self, position: Any) -> set[Any]:
        """The vertices of the facets."""
        return {v for f in position.facet_labels() for v in f}

    def read_move(self, typed: TypedMove) -> list[Move]:
        """``1 2 3``, ``1,2,3`` or ``{1,2,3}``."""
        tokens = typed.tokens()
        shape = typed.shape(tokens)
        inner = shape[1:-1] if shape[:1] == "{" and shape[-1:] == "}" else shape
        if not inner or set(inner) - {"L", ","}:
            raise typed.unreadable()
        return [Move(face=tuple(typed.label(t, "vertex") for t in tokens if isinstance(t, Label)))]

    def draw(self, position: Any, highlight: list[Move], layout: Mapping[Hashable, Sequence[float]] | None,
             width: int, height: int) -> list[str]:
        from grundy.drawing.bodies import _complex_body

        return _complex_body(position, highlight, layout, width, height)


def gale_answer(
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
    from grundy.games.complexes import ComplexSolver, analyze_complex, gale_complement_replies, gale_first_moves

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

    result: dict[str, Any] | None = None

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
        result = analyze_complex(cx, option_table=option_table, name=name, solver=solver)
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
    except (SearchLimitReached, KeyboardInterrupt) as stop:  # Ctrl-C or SIGTERM: the table is saved by close
        summary(solver, f"stopped: {stop.reason}" if isinstance(stop, SearchLimitReached) else "stopped: interrupted")
        if result is None:  # stopped before the value (after it, Gale's tables stopped: the answer has it)
            settle(stop, solver, (cx.facets,), lambda: _face_options(solver, cx), lambda f: Move(face=cx.face_labels(f)))
        raise
    finally:
        solver.close()
    return result


def _face_options(solver: Any, cx: Any) -> Iterator[tuple[int, Callable[[], Any]]]:
    """Each face of the complex ``cx`` (a bitmask over its vertices, in
    ``Complex.faces`` order: by size, then vertex order) with the split of
    the complex after its move (the face and every face containing it
    removed), made when called: what the outcome search and a stopped value
    search's :func:`~grundy.kinds.settle` scan."""
    from grundy.games.complexes import remove_face

    for face in cx.faces():
        yield face, (lambda face=face: solver.decompose(remove_face(cx.facets, face)))


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


KIND = ComplexKind()
