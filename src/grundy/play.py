"""Playing a position against a perfect opponent: the shared core of
``grundy play`` (the terminal game), ``grundy serve`` (the web page and its
JSON API) and the notebooks.

A :class:`Play` is one position of any kind in play: a graph under any
ruleset (impartial, in normal or misère play, or partizan), a poset, a
simplicial complex, a rectangular Chomp board, Nim heaps or heaps of an
octal game. It knows its legal moves (:meth:`Play.moves`), the position
after a move (:meth:`Play.after`), a spec that reads back to the same
position (:meth:`Play.to_spec`, so a web client can hold the game), and
the engine's move (:func:`engine_move`): a winning move when there is one,
else a move to the smallest option (the option of smallest nim-value;
under misère play and in partizan games, where options have no nim-value,
the option with the fewest parts left); ties go to the option with the
fewest parts left, then to the first in move order.

Position specs (:func:`read_play`)
----------------------------------
A string, as on the command line (family spec, graph6/sparse6,
``chomp:5,3,3``, ``nim:3,4,5``, ``octal:0.07:5,3``, a poset or complex
family), or a JSON object:

- ``{"vertices": [...], "edges": [[u, v], ...]}``: a graph;
- ``{"graph": TEXT}``: a graph as pasted text (an edge list, one edge per
  line, or one graph6/sparse6 line);
- ``{"elements": [...], "relations": [[a, b], ...], "dual": bool}``: a poset
  (``a < b``), or ``{"poset": TEXT}`` in the ``.poset`` text format;
- ``{"facets": [[v, ...], ...]}``: a simplicial complex, or
  ``{"complex": TEXT}`` in the ``.facets`` text format.

With ``files=False`` (the web API) no spec is read as a file name.
"""

from __future__ import annotations

import json
from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import Any

from grundy.analysis import Analysis, analyze_graph, analyze_misere
from grundy.core.moves import Move, label_json, label_str
from grundy.errors import InputError, TooLargeError
from grundy.games.graphs.graph import Graph
from grundy.readwrite.kinds import _short

__all__ = [
    "Play",
    "PartizanReport",
    "read_play",
    "analyse",
    "engine_move",
    "partizan_report",
    "GAMES_BY_KIND",
    "MAX_PLAY_SIZE",
]

#: The largest position a game in play may have, in moves-worth of parts
#: (vertices + edges, elements, faces, squares or counters): play lists every
#: move and values every option.
MAX_PLAY_SIZE = 1_000

#: Most items (facets, elements, relations, edges, text lines) a position
#: object may list: refused before anything is built.
MAX_LISTED = 10_000

#: The game of each kind of position other than graphs (graphs take a
#: ruleset name).
GAMES_BY_KIND = {
    "poset": "poset",
    "complex": "subset-takeaway",
    "chomp": "rectangular-chomp",
    "nim": "nim",
    "octal": "octal",
}

SIDES = ("left", "right")


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
        (:data:`GAMES_BY_KIND`).
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

        return self.kind == "graph" and self.game in PARTIZAN_RULESETS

    def size(self) -> int:
        """Parts left: vertices + edges, elements, faces, squares (the
        poisoned one included) or counters."""
        p = self.position
        if self.kind == "graph":
            return p.n + p.m
        if self.kind == "poset":
            return p.n
        if self.kind == "complex":
            return len(p.faces())
        if self.kind == "chomp":
            return sum(p.rows)
        return sum(p.heaps)

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
            If the move is malformed or not legal here (one line naming it).
        """
        if isinstance(move, dict):
            move = _move_from_json(move)
        found = self.find(move, side)
        if found is None:
            raise InputError(f"not a legal move here: {move}" + (f" (for {side})" if side else ""))
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
        p = self.position
        if self.kind == "graph":
            return {"vertices": [label_json(v) for v in p.labels],
                    "edges": [[label_json(u), label_json(v)] for u, v in p.edges()]}
        if self.kind == "poset":
            out: dict[str, Any] = {"elements": [label_json(x) for x in p.labels],
                                   "relations": [[label_json(a), label_json(b)] for a, b in p.covers()]}
            if p.dual:
                out["dual"] = True
            return out
        if self.kind == "complex":
            return {"facets": [[label_json(v) for v in f] for f in p.facet_labels()]}
        if self.kind == "chomp":
            return "chomp:" + ",".join(map(str, p.rows))
        if self.kind == "nim":
            return "nim:" + ",".join(map(str, p.heaps))
        return f"octal:{p.code}:" + ",".join(map(str, p.heaps))

    def text(self) -> str:
        """The position drawn as text, for the terminal: the vertices and
        edges of a graph, a poset's covers, a complex's facets, a Chomp board
        (row 1 at the bottom, ``x`` the poisoned square) or Nim heaps."""
        p = self.position
        if self.kind == "graph":
            verts = " ".join(label_str(v) for v in p.labels) or "(none)"
            edges = " ".join(f"{label_str(u)}-{label_str(v)}" for u, v in p.edges()) or "(none)"
            return f"vertices: {verts}\nedges:    {edges}"
        if self.kind == "poset":
            elems = " ".join(label_str(v) for v in p.labels) or "(none)"
            covers = " ".join(f"{label_str(a)}<{label_str(b)}" for a, b in p.covers()) or "(none)"
            return f"elements: {elems}\ncovers:   {covers}" + ("\n(dual game: a move removes everything below)" if p.dual else "")
        if self.kind == "complex":
            facets = " ".join("{" + ",".join(label_str(v) for v in f) + "}" for f in p.facet_labels())
            return f"facets: {facets or '(none)'}"
        if self.kind == "chomp":
            lines = []
            width = len(str(len(p.rows)))
            for r in range(len(p.rows), 0, -1):
                cells = " ".join("x" if (r, c) == (1, 1) else "#" for c in range(1, p.rows[r - 1] + 1))
                lines.append(f"{r:>{width}} | {cells}")
            cols = max(p.rows)
            lines.append(" " * width + " + " + " ".join(str(c % 10) for c in range(1, cols + 1)))
            return "\n".join(lines)
        heaps = p.heaps
        head = f"octal game {p.code}\n" if self.kind == "octal" else ""
        return head + "\n".join(f"heap {i}: {'o' * h} ({h})" if h <= 60 else f"heap {i}: ({h})"
                                for i, h in enumerate(heaps, 1))

    def _apply(self, move: Move, side: str | None) -> "Play":
        return Play(self.kind, _apply(self, move), self.game, self.misere, "")


# -- reading -------------------------------------------------------------------
def read_play(spec: str | dict[str, Any], *, game: str | None = None, misere: bool = False,
              files: bool = True) -> Play:
    """The position a spec names, ready to play (see the module docstring
    for the specs).

    Parameters
    ----------
    spec : str or dict
        The position.
    game : str, optional
        A graph ruleset (impartial or partizan; default Graph Chomp); for
        other kinds it must be None or that kind's game.
    misere : bool
        Misère play (impartial games only).
    files : bool
        Whether a string may name a file (False for the web API).

    Raises
    ------
    InputError
        A malformed spec, an unknown game, ``game`` with a position that is
        not a graph, misère play with a partizan ruleset, a file name when
        ``files`` is False, a graph the ruleset cannot play (over 64
        vertices for Graph Nim, say).
    TooLargeError
        A position of more than :data:`MAX_PLAY_SIZE` parts.
    """
    from grundy.readwrite.kinds import kind_of, load_other

    bad = _bad_text(spec)
    if bad is not None:
        raise InputError(f"position: {bad}")
    if isinstance(spec, dict):
        _check_listed(spec)
        kind, position, name = _read_object(spec)
    elif isinstance(spec, str):
        text = spec.strip()
        if not text:
            raise InputError("empty position spec")
        if not files:
            _refuse_file(text)
        kind = kind_of(text)
        name = text
        if kind == "graph":
            from grundy.readwrite.graphs import load

            loaded = load(text)
            if len(loaded) != 1:
                raise InputError(f"{_short(text)}: names {len(loaded)} graphs; play takes one")
            if loaded[0].graph is None:
                raise TooLargeError(f"{_short(text)}: too large to play ({loaded[0].vertices} vertices)")
            position = loaded[0].graph
        else:
            position = load_other(kind, text)
    else:
        raise InputError(f"a position is a spec string or a JSON object, not {type(spec).__name__}")
    play = Play(kind, position, _game_for(kind, game, misere), misere, name)
    if play.size() > MAX_PLAY_SIZE:
        raise TooLargeError(f"{name or kind}: {play.size()} parts, over the limit of {MAX_PLAY_SIZE} for play")
    if kind == "graph":
        from grundy.games.graphs.rulesets import get_ruleset

        if not play.partizan:
            _check_playable(play, get_ruleset(play.game))
    return play


def _bad_text(x: Any, depth: int = 0) -> str | None:
    """A string that is not valid Unicode (a lone surrogate), or nesting
    deeper than 50 levels, anywhere in a spec; else None."""
    if depth > 50:
        return "nested over 50 levels"
    if isinstance(x, str):
        return None if _encodable(x) else "a string with a lone surrogate"
    if isinstance(x, dict):
        items = list(x.keys()) + list(x.values())
    elif isinstance(x, list):
        items = x
    else:
        return None
    for item in items:
        bad = _bad_text(item, depth + 1)
        if bad is not None:
            return bad
    return None


def _check_listed(obj: dict[str, Any]) -> None:
    """Refuse, before building anything, a position object listing more
    than a position in play can hold (:data:`MAX_PLAY_SIZE` parts).

    Raises
    ------
    TooLargeError
        Too many vertices, edges, elements, relations, facets or text lines,
        or facets spanning more faces than :data:`MAX_PLAY_SIZE`.
    """
    limits = {"vertices": MAX_PLAY_SIZE, "edges": MAX_PLAY_SIZE, "elements": MAX_PLAY_SIZE,
              "relations": MAX_LISTED, "facets": MAX_PLAY_SIZE}
    for key, most in limits.items():
        value = obj.get(key)
        if isinstance(value, list) and len(value) > most:
            raise TooLargeError(f"position: {len(value)} {key}, over the limit of {most} for play")
    facets = obj.get("facets")
    if isinstance(facets, list):
        faces = sum(2 ** min(len(f), 64) - 1 for f in facets if isinstance(f, list))
        if faces > MAX_PLAY_SIZE:
            raise TooLargeError(f"position: facets spanning up to {faces} faces, over the limit of "
                                f"{MAX_PLAY_SIZE} for play")
    for key in ("graph", "poset", "complex"):
        text = obj.get(key)
        if isinstance(text, str):
            lines = text.count("\n") + 1
            most = MAX_PLAY_SIZE if key == "complex" else MAX_LISTED
            if lines > most:
                raise TooLargeError(f"position: {lines} lines of text, over the limit of {most} for play")


def _check_playable(play: Play, ruleset: Any) -> None:
    if play.position.n > 64 and ruleset.name != "chomp":
        raise TooLargeError(f"{play.name or 'graph'}: {play.position.n} vertices; game {ruleset.name} "
                            "is played on graphs of at most 64 vertices")


def _game_for(kind: str, game: str | None, misere: bool) -> str:
    from grundy.games.graphs.rulesets import RULESETS, ruleset_name
    from grundy.games.partizan import PARTIZAN_RULESETS

    if kind != "graph":
        own = GAMES_BY_KIND[kind]
        if game is not None and game not in (own, ""):
            raise InputError(f"game {game} does not apply to {kind} positions: rulesets are for graphs")
        return own
    name = ruleset_name(game or "chomp")
    if name in PARTIZAN_RULESETS:
        if misere:
            raise InputError(f"misère play does not apply to the partizan ruleset {name}")
        return name
    if name not in RULESETS:
        known = ", ".join(list(RULESETS) + list(PARTIZAN_RULESETS))
        raise InputError(f"unknown game {game!r}; known: {known}")
    return name


_FILE_SUFFIXES = (".g6", ".s6", ".edges", ".txt", ".json", ".poset", ".facets", ".gz")


def _refuse_file(text: str) -> None:
    import os

    if text.lower().endswith(_FILE_SUFFIXES) or "/" in text or os.sep in text or text in ("-",):
        raise InputError(f"{_short(text)}: file names are not read here; paste the file's text instead")


def _read_object(obj: dict[str, Any]) -> tuple[str, Any, str]:
    """(kind, position, name) of a JSON object spec."""
    keys = set(obj)
    text_keys = {"graph", "poset", "complex"} & keys
    if text_keys:
        key = text_keys.pop()
        if keys != {key} or not isinstance(obj[key], str):
            raise InputError(f'expected {{"{key}": TEXT}} alone, with TEXT a string')
        text = obj[key]
        if len(text) > 1_000_000:
            raise TooLargeError("position text over 1,000,000 characters")
        if key == "graph":
            return "graph", _graph_text(text), "pasted graph"
        if key == "poset":
            from grundy.readwrite.posets import parse_poset_text

            return "poset", parse_poset_text(text, "pasted poset"), "pasted poset"
        from grundy.readwrite.complexes import parse_facets_text

        return "complex", parse_facets_text(text, "pasted complex"), "pasted complex"
    if "facets" in keys:
        if keys != {"facets"} or not isinstance(obj["facets"], list):
            raise InputError('expected a complex object {"facets": [[v, ...], ...]}')
        if not obj["facets"]:
            from grundy.games.complexes import Complex

            return "complex", Complex([], []), ""
        from grundy.readwrite.complexes import parse_facets_json

        return "complex", parse_facets_json(json.dumps(obj), "complex"), ""
    if keys & {"elements", "relations"}:
        if not keys <= {"elements", "relations", "dual"}:
            raise InputError('expected a poset object {"elements": [...], "relations": [[a, b], ...]}')
        dual = obj.get("dual", False)
        if not isinstance(dual, bool):
            raise InputError('"dual" must be true or false')
        rest = {k: v for k, v in obj.items() if k != "dual"}
        if not rest.get("elements") and not rest.get("relations"):
            from grundy.games.posets import Poset

            return "poset", Poset([], [], dual=dual), ""
        from grundy.readwrite.posets import parse_poset_json

        return "poset", parse_poset_json(json.dumps(rest), "poset", dual=dual), ""
    if "edges" in keys or "vertices" in keys:
        from grundy.readwrite.graphs import _json_graph

        if "edges" not in keys:
            obj = dict(obj, edges=[])
        return "graph", _json_graph(obj, "graph", _reader_limits()).graph, ""
    raise InputError('unknown position object; expected {"vertices", "edges"}, {"graph": TEXT}, '
                     '{"elements", "relations"}, {"poset": TEXT}, {"facets"} or {"complex": TEXT}')


def _graph_text(text: str) -> Graph:
    """A graph from pasted text: graph6/sparse6 (one line) or an edge list."""
    from grundy.readwrite.graphs import _load_edge_list, _load_lines

    lines = [ln for ln in text.splitlines() if ln.strip()]
    if not lines:
        raise InputError("pasted graph: no graph in the text")
    first = lines[0].strip()
    is_code = len(lines) == 1 and " " not in first and "-" not in first and (
        first.startswith(":") or first.startswith(">>") or all(63 <= ord(c) <= 126 for c in first))
    loaded = (_load_lines if is_code else _load_edge_list)(text, "pasted graph", _reader_limits())
    if len(loaded) != 1 or loaded[0].graph is None:
        raise InputError(f"pasted graph: {len(loaded)} graphs in the text; play takes one")
    return loaded[0].graph


def _reader_limits() -> dict[str, int]:
    """The graph readers' size limits (as for ``grundy value``)."""
    from grundy.readwrite.graphs import DEFAULT_MAX_EDGES, DEFAULT_MAX_VERTICES

    return {"max_vertices": DEFAULT_MAX_VERTICES, "max_edges": DEFAULT_MAX_EDGES}


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
    p = play.position
    if play.kind == "graph":
        if play.partizan:
            from grundy.games.partizan import PARTIZAN_RULESETS

            if side not in SIDES:
                raise InputError(f"the partizan ruleset {play.game} needs the side to move: left or right"
                                 + (f", not {side!r}" if side is not None else ""))
            rs = PARTIZAN_RULESETS[play.game]
            targets = rs.left_targets(p.adj) if side == "left" else rs.right_targets(p.adj)
            return [Move(vertex=p.labels[t[1]]) if t[0] == "v" else Move(edge=(p.labels[t[1]], p.labels[t[2]]))
                    for t in targets]
        from grundy.games.graphs.rulesets import get_ruleset

        out = [m for m, _ in get_ruleset(play.game).labelled_moves(p.labels, p.adj)]
    elif play.kind == "poset":
        out = [Move(element=x) for x in p.labels]
    elif play.kind == "complex":
        out = [Move(face=p.face_labels(f)) for f in sorted(p.faces(), key=lambda f: (f.bit_count(), f))]
    elif play.kind == "chomp":
        out = [Move(row=r, column=c) for r, length in enumerate(p.rows, 1) for c in range(1, length + 1)
               if (r, c) != (1, 1)]
    elif play.kind == "nim":
        out = [Move(heap=i, to=t) for i, h in enumerate(p.heaps, 1) for t in range(h)]
    else:
        from grundy.results import _octal_moves

        out = [Move(heap=d["heap"], to=tuple(d["to"])) for d, _, _ in _octal_moves(p.code, p.heaps)]
    object.__setattr__(play, "_moves", out)
    return out


def _apply(play: Play, move: Move) -> Any:
    """The position after a legal move (labels kept)."""
    p = play.position
    if play.kind == "graph":
        gone: set[Hashable] = set()
        removes = getattr(move, "removes", ())
        if removes:
            gone = set(removes)
        elif move.edges is not None:
            drop = {frozenset(e) for e in move.edges}
            return Graph.from_edges(p.labels, [e for e in p.edges() if frozenset(e) not in drop])
        elif move.edge is not None:
            drop_edge = frozenset(move.edge)
            return Graph.from_edges(p.labels, [e for e in p.edges() if frozenset(e) != drop_edge])
        else:
            gone = {move.vertex}
        return Graph.from_edges([v for v in p.labels if v not in gone],
                                [(u, v) for u, v in p.edges() if u not in gone and v not in gone])
    if play.kind == "poset":
        return p.move(move.element)
    if play.kind == "complex":
        return p.move(move.face)
    if play.kind == "chomp":
        from grundy.games.chomp import ChompPosition

        rows = [length if r < move.row else min(length, move.column - 1) for r, length in enumerate(p.rows, 1)]
        return ChompPosition(tuple(length for length in rows if length > 0))
    if play.kind == "nim":
        from grundy.games.chomp import NimPosition

        heaps = list(p.heaps)
        heaps[move.heap - 1] = move.to
        return NimPosition(tuple(heaps))
    from grundy.readwrite.kinds import OctalPosition

    heaps = list(p.heaps)
    left = tuple(move.to) if isinstance(move.to, tuple) else (move.to,)
    return OctalPosition(p.code, tuple(heaps[: move.heap - 1]) + (left or (0,)) + tuple(heaps[move.heap:]))


# -- answers -------------------------------------------------------------------
@dataclass
class PartizanReport:
    """What a partizan position is worth, for play.

    Attributes
    ----------
    form : str
        Its canonical form in the standard notation (numbers, nimbers, ups,
        switches, ``{L|R}``), as ``grundy form`` prints it.
    outcome : str
        ``"L"`` (Left wins whoever starts), ``"R"``, ``"N"`` (the player to
        move wins) or ``"P"`` (the player to move loses).
    options : dict
        ``{"left": [(Move, form, outcome), ...], "right": [...]}``: each
        side's moves with the canonical form and outcome of the position
        after them.
    winning_moves : dict
        ``{"left": [Move, ...], "right": [...]}``: the moves that win for
        the side making them (to an option of outcome P or that side's own
        letter).
    positions : int
        Component positions expanded by the search.
    game : str
        The ruleset.
    source : str
        The ruleset's rule and paper.
    """

    form: str
    outcome: str
    options: dict[str, list[tuple[Move, str, str]]]
    winning_moves: dict[str, list[Move]]
    positions: int
    game: str
    source: str

    def to_json(self) -> dict[str, Any]:
        """As ``grundy form --json`` names its fields, plus the options and
        winning moves of each side."""
        return {
            "game": self.game,
            "canonical_form": self.form,
            "outcome": self.outcome,
            "source": self.source,
            "winning_moves": {s: [m.to_json() for m in ms] for s, ms in self.winning_moves.items()},
            "options": {s: [dict(m.to_json(), form=f, outcome=o) for m, f, o in opts]
                        for s, opts in self.options.items()},
            "stats": {"positions": self.positions},
        }


def partizan_report(play: Play, *, time_limit: float | None = None,
                    max_positions: int | None = None) -> PartizanReport:
    """The canonical form, outcome and every option of both sides of a
    partizan position (Harding-Ottaway 2014; Nowakowski-Ottaway 2005: see
    :mod:`grundy.games.partizan.rulesets`).

    Raises
    ------
    InputError
        ``play`` is not under a partizan ruleset.
    SearchLimitReached
        At the time or position limit (each counted per canonical-form
        search: the position, then each option).
    """
    from grundy.games.partizan import PARTIZAN_RULESETS, partizan_value

    if not play.partizan:
        raise InputError(f"game {play.game} is not partizan")
    rs = PARTIZAN_RULESETS[play.game]
    root = partizan_value(play.game, play.position, max_positions=max_positions, time_limit=time_limit)
    positions = root.positions
    options: dict[str, list[tuple[Move, str, str]]] = {}
    winning: dict[str, list[Move]] = {}
    for side, letter in (("left", "L"), ("right", "R")):
        options[side], winning[side] = [], []
        for move, after in play.options(side):
            v = partizan_value(play.game, after.position, max_positions=max_positions, time_limit=time_limit)
            positions += v.positions
            options[side].append((move, str(v), v.outcome))
            if v.outcome in ("P", letter):
                winning[side].append(move)
    return PartizanReport(str(root), root.outcome, options, winning, positions, play.game,
                          f"{rs.rule} [{rs.source}]")


def analyse(play: Play, *, time_limit: float | None = None, max_positions: int | None = None,
            option_table: bool = True) -> Analysis:
    """The :class:`~grundy.analysis.Analysis` of an impartial position in
    play (normal play: nim-value; misère play: outcome), with the option
    table by default, exactly as ``grundy value --json [--all]`` computes it.

    Raises
    ------
    InputError
        For a partizan ruleset (use :func:`partizan_report`).
    SearchLimitReached
        At the time or position limit.
    TooLargeError
        A position whose answer would list too many moves
        (:func:`grundy.results.size_refusal`).
    """
    if play.partizan:
        raise InputError(f"game {play.game} is partizan: it has a canonical form, not a nim-value")
    if play.kind == "graph":
        from grundy.games.graphs.game import Solver
        from grundy.games.graphs.misere import MisereSolver

        if play.misere:
            ms = MisereSolver(play.game, time_limit=time_limit, max_positions=max_positions)
            return analyze_misere(play.position, ms, name=play.name, option_table=option_table)
        solver = Solver(None, time_limit=time_limit, max_positions=max_positions, ruleset=play.game)
        try:
            return analyze_graph(play.position, solver, name=play.name, option_table=option_table)
        finally:
            solver.close()
    from grundy.results import analyze_other

    d = analyze_other(play.kind, play.position, play.name or play.kind, misere=play.misere,
                      option_table=option_table, time_limit=time_limit, max_positions=max_positions)
    return Analysis.from_json(d, play.kind)


def engine_move(play: Play, answer: Analysis | PartizanReport | None = None, *, side: str | None = None,
                time_limit: float | None = None, max_positions: int | None = None) -> Move | None:
    """The engine's move: the first winning move in move order when there
    is one, else a move to the smallest option (smallest nim-value in
    normal play, fewest parts left under misère play and in partizan
    games; ties to the fewest parts left, then to move order); None when
    no move is left.

    ``answer`` is the position's :func:`analyse` (with its option table) or
    :func:`partizan_report`; it is computed when not given. ``side``
    (``"left"``/``"right"``) is the engine's side in a partizan game.

    Raises
    ------
    InputError
        A partizan game without ``side``.
    SearchLimitReached
        When computing ``answer`` hits a limit.
    """
    if play.partizan:
        legal = play.options(side)
        if not legal:
            return None
        report = answer if isinstance(answer, PartizanReport) else partizan_report(
            play, time_limit=time_limit, max_positions=max_positions)
        assert side is not None
        if report.winning_moves[side]:
            return report.winning_moves[side][0]
        return min(legal, key=lambda mo: mo[1].size())[0]
    legal = play.moves()
    if not legal:
        return None
    if not isinstance(answer, Analysis) or answer.options is None:
        answer = analyse(play, time_limit=time_limit, max_positions=max_positions)
    assert answer.options is not None
    results = {move_key(m): v for m, v in answer.options}
    scored = []
    for index, move in enumerate(legal):
        result = results.get(move_key(move))
        if result is None:  # every legal move is in the option table
            raise AssertionError(f"move {move} missing from the option table")
        if result in (0, "P"):
            return move  # the first winning move in move order
        scored.append(((1 if play.misere else result), index, move))
    best = min(key for key, _, _ in scored)
    tied = [(index, move) for key, index, move in scored if key == best]
    if len(tied) == 1:
        return tied[0][1]
    return min(tied, key=lambda t: (play._apply(t[1], None).size(), t[0]))[1]
