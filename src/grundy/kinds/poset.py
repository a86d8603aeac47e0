"""Posets: the poset game (a move picks an element and removes it and
everything above it; in the dual game, everything below), searched by
:class:`grundy.games.posets.PosetSolver` with the switches of
:class:`grundy.games.posets.PosetTheory`."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from typing import Any

from grundy.core.moves import Move, label_json, label_str
from grundy.errors import SearchLimitReached, relabel_found
from grundy.kinds import Kind, ending, settle
from grundy.kinds.heaps import ListCheck, checked
from grundy.kinds.misere import MisereParts
from grundy.kinds.request import Request
from grundy.kinds.typed import TypedMove

__all__ = ["KIND", "PosetKind"]


class PosetKind(Kind):
    """A poset (:class:`~grundy.games.posets.Poset`)."""

    name = "poset"
    family_heading = "posets (a move removes an element and everything above it)"
    game = "poset"

    def position_type(self) -> type:
        from grundy.games.posets.poset import Poset

        return Poset

    def switches_class(self) -> type | None:
        from grundy.games.posets import PosetTheory

        return PosetTheory

    def normal(self, position: Any, request: Request, name: str) -> dict[str, Any]:
        from grundy.games.posets import PosetSolver, analyze_poset

        solver = PosetSolver(request.theory, time_limit=request.time_limit, max_positions=request.max_positions,
                             progress=request.progress, table=request.table)
        try:
            return analyze_poset(position, option_table=request.option_table, solver=solver, name=name)
        except (SearchLimitReached, KeyboardInterrupt) as stop:  # what the table settles, said with the stop
            settle(stop, solver, (position.game_up, (1 << position.n) - 1), lambda: _element_options(solver, position),
                   lambda i: Move(element=position.labels[i]))
            raise
        finally:
            solver.close()

    def outcome(self, position: Any, request: Request, name: str) -> dict[str, Any]:
        """By the outcome search over the poset's elements, in label order.

        Raises
        ------
        SearchLimitReached
            When a limit stops the search (``outcome`` set if it was settled).
        """
        from grundy.games.posets import PosetSolver
        from grundy.kinds.outcome import outcome_lines, outcome_search

        p = position
        solver = PosetSolver(request.theory, time_limit=request.time_limit, max_positions=request.max_positions,
                             progress=request.progress, table=request.table)
        try:
            outcome, winning, value, stats = outcome_search(
                solver, lambda: solver.decompose(p.game_up, (1 << p.n) - 1), _element_options(solver, p),
                request.option_table, request.outcome_moves)
        except (SearchLimitReached, KeyboardInterrupt) as stop:  # the winning moves found so far, as moves
            relabel_found(stop, lambda i: Move(element=p.labels[i]))
            raise
        finally:
            solver.close()
        moves = [{"element": label_json(p.labels[i])} for i in winning]
        rule = "a move picks an element x and removes every element " + ("<= x" if p.dual else ">= x")
        return {"name": name, "game": "poset", "dual": p.dual, "value": value, "outcome": outcome,
                "winning_moves": moves, "elements": [label_json(x) for x in p.labels],
                "relations": [[label_json(a), label_json(b)] for a, b in p.covers()],
                "explanation": [f"poset game: {rule}; the player who cannot move loses"]
                + outcome_lines(outcome, moves, request.option_table, value, _move_text),
                "stats": stats}

    def misere_parts(self, position: Any, check: ListCheck) -> MisereParts:
        from grundy.games.posets import poset_key

        def options(p: Any) -> list[Any]:
            return [p.move(x) for x in checked(p.labels, check, 64)]

        def key(p: Any) -> Hashable:
            return poset_key(p.game_up) if p.n else b""

        pos = position
        moves = [({"element": label_json(x)}, pos.move(x)) for x in checked(pos.labels, check, 64)]
        fields = {
            "dual": pos.dual,
            "elements": [label_json(x) for x in pos.labels],
            "relations": [[label_json(a), label_json(b)] for a, b in pos.covers()],
        }
        rule = "a move picks an element x and removes every element " + ("<= x" if pos.dual else ">= x")
        return MisereParts(options, key, moves, fields, "poset", rule, pos)

    # -- play -----------------------------------------------------------------
    def size(self, position: Any) -> int:
        """Elements."""
        return position.n

    def moves(self, position: Any, game: str, side: str | None = None) -> list[Move]:
        return [Move(element=x) for x in position.labels]

    def apply(self, position: Any, move: Move) -> Any:
        return position.move(move.element)

    def to_spec(self, position: Any) -> dict[str, Any]:
        out: dict[str, Any] = {"elements": [label_json(x) for x in position.labels],
                               "relations": [[label_json(a), label_json(b)] for a, b in position.covers()]}
        if position.dual:
            out["dual"] = True
        return out

    def text(self, position: Any) -> str:
        p = position
        elems = " ".join(label_str(v) for v in p.labels) or "(none)"
        covers = " ".join(f"{label_str(a)}<{label_str(b)}" for a, b in p.covers()) or "(none)"
        return f"elements: {elems}\ncovers:   {covers}" + ("\n(dual game: a move removes everything below)" if p.dual else "")

    def described(self, analysis: Any) -> str:
        from grundy.games.graphs.formulas import plural

        fields = analysis.fields or {}
        elements = fields.get("elements")
        return (("dual poset" if fields.get("dual") else "poset")
                + (f", {plural(len(elements), 'element')}" if isinstance(elements, list) else ""))

    def move_syntax(self, game: str) -> str:
        return "an element: x (removes x and everything above it; below it in a dual poset)"

    def rules(self, position: Any, game: str, misere: bool) -> list[str]:
        return [f"poset game: a move takes an element and removes it with every element "
                f"{'below' if position.dual else 'above'} it; {ending(misere)}"]

    def why_illegal(self, position: Any, game: str, move: Move, side: str | None = None,
                    start: Any = None) -> str | None:
        x = move.element
        if x is None or x in set(position.labels):
            return None
        gone = start is not None and x in set(start.labels)
        return f"element {label_str(x)} " + ("was already removed" if gone else "is not in the position")

    def read_move(self, typed: TypedMove) -> list[Move]:
        """``x`` or ``element x``."""
        tokens = typed.tokens()
        shape = typed.shape(tokens)
        word = tokens[0].text if shape[:1] == "L" and len(tokens) > 1 else ""
        if shape == "L" or (shape == "LL" and word in ("element", "x")):
            return [Move(element=typed.label(tokens[-1], "element"))]
        raise typed.unreadable()

    def draw(self, position: Any, highlight: list[Move], layout: Mapping[Hashable, Sequence[float]] | None,
             width: int, height: int) -> list[str]:
        from grundy.drawing.bodies import _poset_body

        return _poset_body(position, highlight, width, height)


def _move_text(move: dict[str, Any]) -> str:
    return str(Move.from_json(move))


KIND = PosetKind()


def _element_options(solver: Any, position: Any) -> Iterator[tuple[int, Callable[[], Any]]]:
    """Each element's index, in label order, with the split of the poset
    after its move (the element and every element ``game_up`` says it
    removes), made when called: what the outcome search and a stopped
    value search's :func:`~grundy.kinds.settle` scan."""
    up, everything = position.game_up, (1 << position.n) - 1
    for i in range(position.n):
        yield i, (lambda i=i: solver.decompose(up, everything & ~(up[i] | 1 << i)))
