"""Nim: a move takes one or more counters from one heap. Normal play is
answered by Bouton's nim-sum rule at any size (or, with ``--no-theory``, a
mex search that checks it); misère play by Bouton's misère rule (or the
misère search)."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping, Sequence
from typing import Any

from grundy.core.moves import Move
from grundy.games.graphs.formulas import plural
from grundy.kinds import Kind, ending
from grundy.kinds.heaps import ListCheck, checked, deadline, heap_search, searched
from grundy.kinds.misere import MisereParts
from grundy.kinds.request import Request
from grundy.kinds.typed import TypedMove

__all__ = ["KIND", "MISERE_NIM_SOURCE", "NimKind"]

MISERE_NIM_SOURCE = (
    "Bouton (1902): misère Nim is played as normal Nim until every heap has at most one counter; "
    "then the player to move wins iff an even number of heaps remain"
)


class NimKind(Kind):
    """Nim heaps (:class:`~grundy.games.chomp.NimPosition`)."""

    name = "nim"
    family_heading = "other positions"
    game = "nim"
    keeps_table = False

    def position_type(self) -> type:
        from grundy.games.chomp.nim import NimPosition

        return NimPosition

    def no_switches_hint(self) -> str:
        return " to search instead of the nim-sum rule"

    def listed_moves(self, position: Any, request: Request) -> tuple[int, str] | None:
        """Every move (one per counter) is listed for the option table,
        under misère play and in a plain search (``--no-theory``)."""
        if request.option_table and not request.outcome:  # under --outcome, --all lists the winning moves
            why = "--all"
        elif request.misere:
            why = "misère play"
        elif self.switches(request) is False:
            why = "--no-theory"
        else:
            return None
        return sum(h for h in position.heaps if h > 0), why

    def listing_hint(self) -> str:
        return " (without it, the nim-sum rule answers at any size)"

    def normal(self, position: Any, request: Request, name: str) -> dict[str, Any]:
        return _nim(position, name, request.option_table, request.theory is not False, request.time_limit,
                    request.max_positions)

    def misere_parts(self, position: Any, check: ListCheck) -> MisereParts:
        heaps = position.heaps

        def options(h: Any) -> Iterable[Any]:
            return _nim_options(h, check)

        def key(h: Any) -> Hashable:
            return h

        moves = [
            ({"heap": i + 1, "to": to}, tuple(sorted(x for x in heaps[:i] + (to,) + heaps[i + 1 :] if x)))
            for i, _h, to in _nim_moves(heaps, check)
        ]
        return MisereParts(options, key, moves, {"heaps": list(heaps)}, "nim",
                           "a move takes one or more counters from one heap", tuple(sorted(x for x in heaps if x)))

    def misere_uses_theory(self) -> bool:
        return True

    def misere_rule(self, request: Request) -> tuple[Callable[[Any], bool], str] | None:
        if request.theory is False:
            return None
        return _misere_nim_is_n, f"Bouton's misère rule [{MISERE_NIM_SOURCE}]"

    # -- play -----------------------------------------------------------------
    def size(self, position: Any) -> int:
        """Counters."""
        return sum(position.heaps)

    def moves(self, position: Any, game: str, side: str | None = None) -> list[Move]:
        return [Move(heap=i, to=t) for i, h in enumerate(position.heaps, 1) for t in range(h)]

    def apply(self, position: Any, move: Move) -> Any:
        from grundy.games.chomp import NimPosition

        heaps = list(position.heaps)
        heaps[move.heap - 1] = move.to
        return NimPosition(tuple(heaps))

    def to_spec(self, position: Any) -> str:
        return "nim:" + ",".join(map(str, position.heaps))

    def text(self, position: Any) -> str:
        return heaps_text(position.heaps)

    def described(self, analysis: Any) -> str:
        from grundy.games.graphs.formulas import plural

        heaps = (analysis.fields or {}).get("heaps")
        return "Nim" + (f", {plural(len(heaps), 'heap')}" if isinstance(heaps, list) else "")

    def move_syntax(self, game: str) -> str:
        return "i to n or i n (heap i down to n counters)"

    def rules(self, position: Any, game: str, misere: bool) -> list[str]:
        return [f"Nim: a move takes one or more counters from one heap; {ending(misere)}"]

    def why_illegal(self, position: Any, game: str, move: Move, side: str | None = None,
                    start: Any = None) -> str | None:
        i, to = move.heap, move.to
        bad = heap_missing(position.heaps, i)
        if bad or not isinstance(to, int):
            return bad
        h = position.heaps[i - 1]
        if to == h:
            return f"a move takes at least one counter (heap {i} has {plural(h, 'counter')})"
        if to > h:
            return f"heap {i} has only {plural(h, 'counter')}: a move leaves it at 0 to {h - 1}"
        return None

    def read_move(self, typed: TypedMove) -> list[Move]:
        """``i to n``, ``i n`` or ``heap i to n``."""
        found = typed.match(r"(?:heap\s+)?(\d{1,9})\s*(?:\s|\s*to\s)\s*(\d{1,30})")
        return [Move(heap=int(found[1]), to=int(found[2]))]

    def draw(self, position: Any, highlight: list[Move], layout: Mapping[Hashable, Sequence[float]] | None,
             width: int, height: int) -> list[str]:
        from grundy.drawing.bodies import _heaps_body

        return _heaps_body(self.name, position, highlight, width, height)


def heap_missing(heaps: Sequence[int], i: Any) -> str | None:
    """Why heap ``i`` (1-based) cannot be moved in (there is none, or it is empty), or None."""
    if not isinstance(i, int) or not 1 <= i <= len(heaps):
        return f"there is no heap {i} (heaps 1 to {len(heaps)})" if len(heaps) > 1 else \
            f"there is no heap {i} (one heap, heap 1)"
    if heaps[i - 1] == 0:
        return f"heap {i} is empty"
    return None


def heaps_text(heaps: Sequence[int]) -> str:
    """Heaps drawn as text, one line each (counters as ``o`` up to 60)."""
    return "\n".join(f"heap {i}: {'o' * h} ({h})" if h <= 60 else f"heap {i}: ({h})" for i, h in enumerate(heaps, 1))


def _nim_moves(heaps: tuple[int, ...], check: ListCheck | None) -> Iterator[tuple[int, int, int]]:
    """``(index, heap, to)`` for every move of Nim, heap by heap, ``to`` the
    heap's size after it, calling ``check(made)`` (if given, ``made`` the
    moves so far) every 1024 moves: heaps of 300,000 have that many."""
    before = 0
    for i, h in enumerate(heaps):
        inner = None if check is None else (lambda made, base=before: check(base + made))
        for to in checked(range(h), inner, 1024):
            yield i, h, to
        before += h


def _nim_options(heaps: tuple[int, ...], check: ListCheck | None = None) -> Iterable[tuple[int, ...]]:
    """The sorted heaps one move away (see :func:`_nim_moves` for ``check``)."""
    return {
        tuple(sorted(heaps[:i] + ((to,) if to else ()) + heaps[i + 1 :])) for i, _h, to in _nim_moves(heaps, check)
    }



def _nim(
    pos: Any, name: str, option_table: bool, theory: bool, time_limit: float | None, max_positions: int | None
) -> dict[str, Any]:
    from grundy.games.chomp import analyze_nim

    out = analyze_nim(pos, name=name)
    check = deadline(time_limit)
    if option_table:
        heaps = pos.heaps
        total = out["value"]
        out["options"] = [
            {"heap": i + 1, "to": to, "value": total ^ h ^ to} for i, h, to in _nim_moves(heaps, check)
        ]
    if theory:
        return out
    value, stats = heap_search(pos.heaps, _nim_options, time_limit, max_positions)
    if value != out["value"]:  # pragma: no cover - Bouton's theorem
        raise AssertionError(f"nim-sum rule {out['value']} and search {value} disagree on {pos.heaps}")
    out["explanation"], out["stats"] = searched(value, stats, "sorted heaps")
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


KIND = NimKind()
