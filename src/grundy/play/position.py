"""A position in play: :class:`Play` (one position of any kind, its legal
moves in the user's labels, the position after a move, a spec that reads
back to it, its text drawing), the moves of each kind and the position
after them, and :func:`move_key` (a move up to how it may be written).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from grundy.core.moves import Move
from grundy.errors import InputError
from grundy.kinds import Kind, get_kind
from grundy.kinds.graph import SIDES  # noqa: F401  (re-exported by grundy.play)
from grundy.readwrite.kinds import _short

#: The largest position a game in play may have, in moves-worth of parts
#: (vertices + edges, elements, faces, squares or counters): play lists every
#: move and values every option.
MAX_PLAY_SIZE = 1_000



@dataclass(frozen=True)
class Play:
    """A position in play.

    Attributes
    ----------
    kind : str
        ``"graph"``, ``"poset"``, ``"complex"``, ``"chomp"``, ``"nim"`` or
        ``"octal"``.
    position : Graph, Poset, Complex, ChompPosition, NimPosition or OctalPosition
        The position, in the user's labels.
    game : str
        The ruleset of a graph (``"chomp"``, ``"graph-nim"``, ``"bo-bo"``...,
        or a partizan one: ``"be-bo"``, ``"oe-bo"``, ``"oe-be"``,
        ``"even-odd-vertex"``); for the other kinds, the kind's game
        (:attr:`grundy.kinds.Kind.game`).
    misere : bool
        Misère play (the player who cannot move wins). Not for partizan
        rulesets.
    name : str
        Where the position came from (the spec as typed, or "").
    """

    kind: str
    position: Any
    game: str = "chomp"
    misere: bool = False
    name: str = ""
    _moves: list[Move] | None = field(default=None, compare=False, repr=False)
    _index: dict[Any, dict[Any, Move]] = field(default_factory=dict, compare=False, repr=False)

    @property
    def partizan(self) -> bool:
        """True for a partizan ruleset (Left and Right have different moves)."""
        from grundy.games.partizan import PARTIZAN_RULESETS

        return self.game in PARTIZAN_RULESETS

    @property
    def home(self) -> Kind:
        """The position's :class:`~grundy.kinds.Kind` (its moves, spec, drawing)."""
        return get_kind(self.kind)

    def size(self) -> int:
        """Parts left: vertices + edges, elements, faces, squares (the
        poisoned one included) or counters."""
        return self.home.size(self.position)

    def moves(self, side: str | None = None) -> list[Move]:
        """Every legal move, in the engine's order (vertices before edges
        for graphs). For a partizan ruleset ``side`` (``"left"`` or
        ``"right"``) is the player moving.

        Raises
        ------
        InputError
            ``side`` missing or unknown for a partizan ruleset.
        """
        return list(_legal_moves(self, side))

    def options(self, side: str | None = None) -> list[tuple[Move, "Play"]]:
        """Every legal move with the position it leads to (see :meth:`moves`)."""
        return [(m, self._apply(m, side)) for m in _legal_moves(self, side)]

    def after(self, move: Move | dict[str, Any], side: str | None = None) -> "Play":
        """The position after ``move`` (a :class:`Move` or its JSON object).

        Raises
        ------
        InputError
            If the move is malformed or not legal here (one line naming it).
        """
        return self._apply(self.legal(move, side), side)

    def legal(self, move: Move | dict[str, Any], side: str | None = None) -> Move:
        """The legal move ``move`` names, as the position lists it (see
        :meth:`find`).

        Raises
        ------
        InputError
            If the move is malformed or not legal here (one line naming it
            and saying why: :func:`grundy.play.explain.why_illegal`).
        """
        if isinstance(move, dict):
            move = _move_from_json(move)
        found = self.find(move, side)
        if found is None:
            from grundy.play.explain import why_illegal

            raise InputError(f"not a legal move here: {move}" + (f" (for {side})" if side else "")
                             + f", because {why_illegal(self, move, side)}")
        return found

    def find(self, move: Move, side: str | None = None) -> Move | None:
        """The legal move ``move`` names (edges in either orientation, a
        face's vertices in any order), or None."""
        index = self._index.get(side)
        if index is None:
            index = {move_key(m): m for m in _legal_moves(self, side)}
            self._index[side] = index
        try:
            return index.get(move_key(move))
        except TypeError:  # an unhashable label
            return None

    def to_spec(self) -> str | dict[str, Any]:
        """A spec :func:`read_play` reads back to this position (same
        labels): a string for Chomp, Nim and octal heaps, a JSON object for
        graphs, posets and complexes."""
        return self.home.to_spec(self.position)

    def text(self) -> str:
        """The position drawn as text, for the terminal: the vertices and
        edges of a graph, a poset's covers, a complex's facets, a Chomp board
        (row 1 at the bottom, ``x`` the poisoned square) or Nim heaps."""
        return self.home.text(self.position)

    def _apply(self, move: Move, side: str | None) -> "Play":
        return Play(self.kind, self.home.apply(self.position, move), self.game, self.misere, "")


# -- moves ---------------------------------------------------------------------
def _move_from_json(d: Any) -> Move:
    if not isinstance(d, dict) or not d:
        raise InputError("a move is a JSON object such as {\"vertex\": 3}, {\"edge\": [0, 1]}, "
                         "{\"element\": x}, {\"face\": [...]}, {\"row\": r, \"column\": c} or {\"heap\": i, \"to\": n}")
    allowed = [{"vertex"}, {"edge"}, {"vertex", "edges"}, {"element"}, {"face"}, {"row", "column"}, {"heap", "to"}]
    keys = set(d) - {"value", "outcome"}
    bad = _bad_scalar(d)
    if bad is not None:
        raise InputError(f"not a move: {bad} where a label or an integer is expected")
    if keys not in allowed:
        raise InputError(f"not a move: {_short(json.dumps(d, default=str))}; expected one of "
                         + ", ".join("{" + ", ".join(sorted(a)) + "}" for a in allowed))
    try:
        return Move.from_json(d)
    except (TypeError, ValueError, KeyError):
        raise InputError(f"not a move: {_short(json.dumps(d, default=str))}") from None


def _bad_scalar(x: Any, depth: int = 0) -> str | None:
    """The first boolean, float, null or object inside a move's JSON (labels
    and numbers of moves are integers, strings or lists of them), or None."""
    if depth > 20:
        return "nesting over 20 levels"
    if isinstance(x, dict):
        if depth:
            return "an object"
        for v in x.values():
            bad = _bad_scalar(v, depth + 1)
            if bad is not None:
                return bad
        return None
    if isinstance(x, list):
        for v in x:
            bad = _bad_scalar(v, depth + 1)
            if bad is not None:
                return bad
        return None
    if isinstance(x, bool):
        return json.dumps(x)
    if isinstance(x, float) or x is None:
        return "a number with a fraction" if isinstance(x, float) else "null"
    if isinstance(x, str) and not _encodable(x):
        return "a string with a lone surrogate"
    return None


def _encodable(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def move_key(m: Move) -> tuple[Any, ...]:
    """A hashable key naming a move up to how it may be written: an edge in
    either orientation, a face's vertices (or Graph Nim's edges) in any
    order, an octal move's heaps in any order. Two moves of one position
    are the same move iff their keys are equal.

    Raises
    ------
    TypeError
        A label that is not hashable.
    """
    if m.edges is not None:
        return ("n", m.vertex, frozenset(frozenset(e) for e in m.edges))
    if m.edge is not None:
        return ("e", frozenset(m.edge), len(set(m.edge)))
    if m.face is not None:
        return ("f", frozenset(m.face), len(m.face))
    if m.row is not None:
        return ("c", m.row, m.column)
    if m.heap is not None:
        if isinstance(m.to, tuple):
            return ("o", m.heap, tuple(sorted(m.to)))
        return ("h", m.heap, m.to)
    if m.vertex is None and m.element is not None:
        return ("x", m.element)
    return ("v", m.vertex)


def _legal_moves(play: Play, side: str | None) -> list[Move]:
    if play._moves is not None and not play.partizan:
        return play._moves
    out = play.home.moves(play.position, play.game, side)
    if not play.partizan:
        object.__setattr__(play, "_moves", out)
    return out
