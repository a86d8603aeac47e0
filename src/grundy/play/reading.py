"""Reading a position to play: :func:`read_play` and its checks (sizes
refused before anything is built, files refused for the web API, the game
checked against the kind of position).

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
from typing import Any

from grundy.errors import InputError, TooLargeError
from grundy.games.graphs.graph import Graph
from grundy.play.position import MAX_PLAY_SIZE, Play, _encodable
from grundy.readwrite.kinds import _short

#: Most items (facets, elements, relations, edges, text lines) a position
#: object may list: refused before anything is built.
MAX_LISTED = 10_000


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
    from grundy.kinds import get_kind, kind_of

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
        home = kind_of(text)
        kind, name = home.name, text
        items = home.read(text)
        if len(items) != 1:
            raise InputError(f"{_short(text)}: names {len(items)} graphs; play takes one")
        position = home.built(items[0].position, _short(text))
    else:
        raise InputError(f"a position is a spec string or a JSON object, not {type(spec).__name__}")
    home = get_kind(kind)
    play = Play(kind, position, home.play_game(game, misere), misere, name)
    if play.size() > MAX_PLAY_SIZE:
        raise TooLargeError(f"{name or kind}: {play.size()} parts, over the limit of {MAX_PLAY_SIZE} for play")
    home.check_play(position, play.game, name)
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

    text = text.removeprefix("\ufeff")  # a byte-order mark is not part of the graph
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
