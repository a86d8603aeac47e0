"""Rectangular Chomp by row lengths: a move eats a square and every square
above and right of it; the poisoned square (1, 1) is not a move
(:func:`grundy.games.chomp.analyze_chomp`: theorems, then a lazy search)."""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import Any

from grundy.core.moves import Move
from grundy.kinds import Kind, ending
from grundy.kinds.heaps import ListCheck, checked
from grundy.kinds.misere import MisereParts
from grundy.kinds.request import Request
from grundy.kinds.typed import TypedMove

__all__ = ["KIND", "ChompKind"]


class ChompKind(Kind):
    """A Chomp board (:class:`~grundy.games.chomp.ChompPosition`, row 1 at the bottom)."""

    name = "chomp"
    family_heading = "other positions"
    game = "rectangular-chomp"
    keeps_table = False

    def position_type(self) -> type:
        from grundy.games.chomp.position import ChompPosition

        return ChompPosition

    def listed_moves(self, position: Any, request: Request) -> tuple[int, str] | None:
        """Misère play lists every square (normal play searches lazily)."""
        return (sum(position.rows) - 1, "misère play") if request.misere else None

    def normal(self, position: Any, request: Request, name: str) -> dict[str, Any]:
        from grundy.games.chomp import analyze_chomp

        return analyze_chomp(position, option_table=request.option_table, name=name,
                             time_limit=request.time_limit, max_positions=request.max_positions)

    def misere_parts(self, position: Any, check: ListCheck) -> MisereParts:
        from grundy.games.chomp.position import ChompPosition, _option_tuples

        def options(c: Any) -> list[Any]:
            return [ChompPosition(t) for _move, t in checked(_option_tuples(c.rows), check, 64)]

        def key(c: Any) -> Hashable:
            return min(c.rows, c.transpose().rows)

        moves = [({"row": r, "column": col}, ChompPosition(t))
                 for (r, col), t in checked(_option_tuples(position.rows), check, 64)]  # row by row, as sorted
        return MisereParts(options, key, moves, {"rows": list(position.rows)}, "rectangular-chomp",
                           "a move eats a square and every square above and right of it; the poisoned square "
                           "(1,1) is not a move", position)

    # -- play -----------------------------------------------------------------
    def size(self, position: Any) -> int:
        """Squares, the poisoned one included."""
        return sum(position.rows)

    def moves(self, position: Any, game: str, side: str | None = None) -> list[Move]:
        return [Move(row=r, column=c) for r, length in enumerate(position.rows, 1) for c in range(1, length + 1)
                if (r, c) != (1, 1)]

    def apply(self, position: Any, move: Move) -> Any:
        from grundy.games.chomp import ChompPosition

        rows = [length if r < move.row else min(length, move.column - 1) for r, length in enumerate(position.rows, 1)]
        return ChompPosition(tuple(length for length in rows if length > 0))

    def to_spec(self, position: Any) -> str:
        return "chomp:" + ",".join(map(str, position.rows))

    def text(self, position: Any) -> str:
        """The board, row 1 at the bottom, ``x`` the poisoned square."""
        p = position
        lines = []
        width = len(str(len(p.rows)))
        for r in range(len(p.rows), 0, -1):
            cells = " ".join("x" if (r, c) == (1, 1) else "#" for c in range(1, p.rows[r - 1] + 1))
            lines.append(f"{r:>{width}} | {cells}")
        cols = max(p.rows)
        lines.append(" " * width + " + " + " ".join(str(c % 10) for c in range(1, cols + 1)))
        return "\n".join(lines)

    def described(self, analysis: Any) -> str:
        from grundy.games.graphs.formulas import plural

        rows = (analysis.fields or {}).get("rows")
        return "Chomp board" + (f", {plural(sum(rows), 'square')}" if isinstance(rows, list) else "")

    def move_syntax(self, game: str) -> str:
        return ("a square: r,c or r c (row r, column c, 1-based, row 1 at the bottom): removes it and every "
                "square above and right of it; x, the poisoned square, is never taken")

    def rules(self, position: Any, game: str, misere: bool) -> list[str]:
        return ["Chomp: a move eats a square with every square above it and to its right; the poisoned square x "
                f"(row 1, column 1) is never eaten; {ending(misere)}"]

    def why_illegal(self, position: Any, game: str, move: Move, side: str | None = None,
                    start: Any = None) -> str | None:
        r, c = move.row, move.column
        rows = position.rows
        if (r, c) == (1, 1):
            return "(1,1) is the poisoned square x: it is never eaten"
        if r is None or c is None or r < 1 or c < 1:
            return "rows and columns count from 1 (row 1 at the bottom, column 1 at the left)"
        start_rows = start.rows if start is not None else ()
        eaten = r <= len(start_rows) and c <= start_rows[r - 1]
        if r > len(rows):
            if eaten:
                return f"square ({r},{c}) was already eaten (the board has rows 1 to {len(rows)} left)"
            return f"there is no row {r} (the board has rows 1 to {len(rows)})"
        if c > rows[r - 1]:
            length = rows[r - 1]
            if eaten:
                return f"square ({r},{c}) was already eaten (row {r} has columns 1 to {length} left)"
            return f"square ({r},{c}) is not on the board (row {r} has columns 1 to {length})"
        return None

    def read_move(self, typed: TypedMove) -> list[Move]:
        """``r,c``, ``r c`` or ``(r,c)``."""
        found = typed.match(r"\(?\s*(\d{1,9})\s*[,\s]\s*(\d{1,9})\s*\)?")
        return [Move(row=int(found[1]), column=int(found[2]))]

    def draw(self, position: Any, highlight: list[Move], layout: Mapping[Hashable, Sequence[float]] | None,
             width: int, height: int) -> list[str]:
        from grundy.drawing.bodies import _chomp_body

        return _chomp_body(position, highlight, width, height)


KIND = ChompKind()
