"""Reading positions: files, stdin, family specs, graph6 and sparse6 strings.

:func:`load` turns what a user typed into a list of :class:`LoadedPosition`;
:func:`to_graph` does the same for one graph in the Python API, and
:func:`to_graph6` writes a graph back out. Every problem with the input is
reported as an :class:`~grundy.errors.InputError` with a one-line message
naming where it is (file and line, JSON item, ...).

Every graph game here is played on finite simple graphs, so self-loops and repeated
edges (which sparse6, edge lists and JSON can express) are rejected.

>>> [p.name for p in load("wheel:9")], load("Bw")[0].graph.m
(['wheel:9'], 3)
"""

from __future__ import annotations

import json
import math
import os
import re
import sys
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from functools import reduce
from typing import Any, TextIO

import networkx as nx

from grundy.errors import InputError, TooLargeError
from grundy.games.graphs.families import (
    DEFAULT_MAX_EDGES,
    DEFAULT_MAX_VERTICES,
    FAMILIES,
    build_family,
    check_size,
    close_family_names,
    did_you_mean,
    family_closed_form,
    is_family_spec,
    parse_family,
)
from grundy.games.graphs.formulas import plural
from grundy.games.graphs.graph import Graph
from grundy.readwrite.jsontext import MAX_INTEGER_DIGITS, check_label_depth, load_json
from grundy.readwrite.text import check_label, check_text, decode_utf8, files_allowed, read_file, read_stream

__all__ = ["LoadedPosition", "load", "to_graph", "to_graph6", "graph6_order", "graph6_bitsets", "SUPPORTED_EXTENSIONS"]

#: File extensions :func:`load` reads, and what it expects in them.
SUPPORTED_EXTENSIONS = {
    ".g6": "graph6/sparse6, one graph per line",
    ".s6": "sparse6/graph6, one graph per line",
    ".edges": "edge list, 'u v' per line",
    ".txt": "edge list, 'u v' per line",
    ".json": '{"vertices": [...], "edges": [[u, v], ...]} or a list of them',
}

_HEADER = re.compile(r">>(graph6|sparse6)<<")
_INTEGER = re.compile(r"[+-]?[0-9]+")
#: What a misspelt family name looks like (the part before any ``:``).
_WORD = re.compile(r"[A-Za-z][A-Za-z0-9_-]*")


@dataclass(frozen=True)
class LoadedPosition:
    """One position read by :func:`load`.

    Attributes
    ----------
    name : str
        Where it came from: ``"wheel:9"``, ``"graphs.g6:3"`` (file and
        1-based line), ``"stdin:2"``, ``"graphs.json[0]"`` (item of a JSON
        list), ``"g.edges"``, ``"graph6"`` or ``"sparse6"`` (a string).
    graph : Graph or None
        The graph; ``None`` only for a family too large to build whose
        value is known by a closed form.
    closed_form : (int, str) or None
        For family specs: the nim-value by a proven formula and its reason
        (see :func:`grundy.games.graphs.families.family_closed_form`); else ``None``.
    vertices, edges : int
        Size of the graph (from the family parameters when it is not built).
    """

    name: str
    graph: Graph | None
    closed_form: tuple[int, str] | None
    vertices: int
    edges: int


Limits = dict[str, int]


def _position(name: str, graph: Graph) -> LoadedPosition:
    return LoadedPosition(name, graph, None, graph.n, graph.m)


def _short(text: str, width: int = 40) -> str:
    """``repr`` of ``text``, cut to about ``width`` characters."""
    return repr(text if len(text) <= width else text[:width] + "...")


# -- graph6 / sparse6 -------------------------------------------------------
class _Malformed(Exception):
    """Why a graph6/sparse6 text cannot be decoded (message without location)."""


def _vertex_count(data: list[int]) -> tuple[int, list[int]]:
    """Split the graph6/sparse6 size prefix off 6-bit values ``data``."""
    if not data:
        raise _Malformed("no vertex count")
    if data[0] != 63:
        return data[0], data[1:]
    width = 3 if len(data) < 2 or data[1] != 63 else 6
    start = 1 if width == 3 else 2
    if len(data) < start + width:
        raise _Malformed("truncated vertex count")
    return reduce(lambda acc, d: acc << 6 | d, data[start : start + width], 0), data[start + width :]


#: Number of 1 bits of each 6-bit value.
_POPCOUNT = [d.bit_count() for d in range(64)]
#: Each 6-bit value as a string of six bits.
_BITS = [format(d, "06b") for d in range(64)]


def _graph6_edges(n: int, data: list[int]) -> list[tuple[int, int]]:
    """The edges of a graph6 body (upper triangle, column by column); the
    padding bits of the last character must be zero."""
    bits = n * (n - 1) // 2
    spare = 6 * len(data) - bits
    if spare and data[-1] & ((1 << spare) - 1):
        raise _Malformed(f"the last character {chr(data[-1] + 63)!r} has padding bits set (they must be zero)")
    edges = []
    for index, d in enumerate(data):
        if not d:
            continue
        for b in range(6):
            if d >> (5 - b) & 1:
                k = 6 * index + b  # bit k is the pair (i, j), i < j, k = j(j-1)/2 + i
                j = (1 + math.isqrt(1 + 8 * k)) // 2
                edges.append((k - j * (j - 1) // 2, j))
    return edges


def _sparse6_edges(n: int, data: list[int]) -> list[tuple[int, int]]:
    """The edges of a sparse6 body, as nauty's format defines it (and
    networkx reads it); what follows the last edge must be padding (fewer
    than 6 bits), not further characters."""
    k = 1
    while 1 << k < n:
        k += 1
    bits = "".join([_BITS[d] for d in data])
    total = len(bits)
    pos = end = v = 0
    edges = []
    while pos + 1 + k <= total:
        b = bits[pos] == "1"
        x = int(bits[pos + 1 : pos + 1 + k], 2)
        pos += 1 + k
        if b:
            v += 1
        if x >= n or v >= n:
            break
        if x > v:
            v = x
        else:
            edges.append((x, v))
        end = pos
    if total - end >= 6:
        raise _Malformed(f"{plural((total - end) // 6, 'character')} after the last edge (more than padding)")
    return edges


def _decode(text: str, where: str, limits: Limits) -> Graph:
    """Decode one graph6 or sparse6 string (header already removed).

    Raises ``_Malformed`` for a bad encoding (a character out of range, a
    wrong length, padding bits set, data after a sparse6 string's end),
    :class:`InputError` prefixed with ``where`` for self-loops or repeated
    edges (sparse6) and :class:`TooLargeError` over the limits (vertices
    checked before decoding, edges before the graph is built).
    """
    if text.startswith("&"):
        raise _Malformed("digraph6 (directed graphs) is not supported")
    sparse = text.startswith(":")
    body = text[1:] if sparse else text
    for column, ch in enumerate(body, 1 + sparse):
        if not "?" <= ch <= "~":
            raise _Malformed(f"character {ch!r} at column {column} is not in the range '?'..'~'")
    n, data = _vertex_count([ord(ch) - 63 for ch in body])
    if not sparse:  # a string of the wrong length is malformed, whatever the limits
        need = (n * (n - 1) // 2 + 5) // 6
        if len(data) != need:
            raise _Malformed(
                f"{plural(n, 'vertex', 'vertices')} need{'s' if n == 1 else ''} "
                f"{plural(need, 'character')} after the vertex count, got {len(data)}"
            )
    check_size(where, n, None, **limits)
    if sparse:
        edges = _sparse6_edges(n, data)
    else:
        check_size(where, n, sum(_POPCOUNT[d] for d in data), **limits)
        edges = _graph6_edges(n, data)
    check_size(where, n, len(edges), **limits)
    return Graph.from_edges(range(n), edges, where=where)


def graph6_bitsets(code: bytes | str, where: str = "graph6") -> tuple[int, ...]:
    """Adjacency bitsets of one graph6 string (no header; a trailing newline
    or spaces are ignored), checked as :func:`graph6_order` checks it: for
    readers of many graphs (the census checks read geng's output) that need
    no labelled :class:`Graph`.

    Returns
    -------
    tuple of int
        One int per vertex (any number of vertices): ``adj[i]`` has bit
        ``j`` set iff ``ij`` is an edge.

    Raises
    ------
    InputError
        ``WHERE: invalid graph6: ...`` (a character out of range, a wrong
        length, padding bits set, sparse6 or digraph6).

    >>> graph6_bitsets("Bw")          # the triangle
    (6, 5, 3)
    """
    text = code.decode("latin-1") if isinstance(code, bytes) else code
    text = text.strip()
    n = graph6_order(text, where)
    body = text[1:] if n < 63 else text[4:] if n < 258048 else text[8:]
    adj = [0] * n
    data = [ord(ch) - 63 for ch in body]
    j, i = 1, 0  # bit k of the body is the pair (i, j), i < j, column by column
    for d in data:
        for b in (32, 16, 8, 4, 2, 1):
            if j >= n:
                break
            if d & b:
                adj[i] |= 1 << j
                adj[j] |= 1 << i
            i += 1
            if i == j:
                i, j = 0, j + 1
    return tuple(adj)


def graph6_order(code: str, where: str) -> int:
    """The vertex count of one graph6 string (no header), after checking it
    as :func:`load` does: characters in ``'?'..'~'``, the length the vertex
    count needs, the padding bits of the last character zero. For readers
    that take graph6 alone, line by line (``grundy census --input``), with
    no graph built.

    Raises
    ------
    InputError
        ``WHERE: invalid graph6: ...`` (sparse6 and digraph6 included).
    """
    try:
        if code.startswith((":", "&")):
            raise _Malformed("sparse6 and digraph6 are not taken here" if code.startswith(":")
                             else "digraph6 (directed graphs) is not supported")
        for column, ch in enumerate(code, 1):
            if not "?" <= ch <= "~":
                raise _Malformed(f"character {ch!r} at column {column} is not in the range '?'..'~'")
        n, data = _vertex_count([ord(ch) - 63 for ch in code])
        need = (n * (n - 1) // 2 + 5) // 6
        if len(data) != need:
            raise _Malformed(f"{plural(n, 'vertex', 'vertices')} need{'s' if n == 1 else ''} "
                             f"{plural(need, 'character')} after the vertex count, got {len(data)}")
        spare = 6 * need - n * (n - 1) // 2
        if spare and data[-1] & ((1 << spare) - 1):
            raise _Malformed(f"the last character {code[-1]!r} has padding bits set (they must be zero)")
    except _Malformed as exc:
        raise InputError(f"{where}: invalid graph6: {exc}") from None
    return n


def _kind(text: str) -> str:
    return "sparse6" if text.startswith(":") else "graph6"


def _strip_header(text: str) -> str:
    match = _HEADER.match(text)
    return text[match.end() :] if match else text


def _load_lines(text: str, source: str, limits: Limits) -> list[LoadedPosition]:
    """Graph6/sparse6 lines (blank lines and headers skipped), named ``source:line``.

    Raises
    ------
    InputError
        A control or invisible character anywhere (:func:`check_text`; a
        leading byte-order mark is dropped), or a malformed line.
    """
    text = check_text(text, source)
    out = []
    for lineno, line in enumerate(text.splitlines(), 1):
        code = _strip_header(line.strip())
        if not code:
            continue
        name = f"{source}:{lineno}"
        try:
            out.append(_position(name, _decode(code, name, limits)))
        except _Malformed as exc:
            raise InputError(f"{name}: invalid {_kind(code)}: {exc}") from None
    return out


# -- edge lists and JSON ----------------------------------------------------
LocatedEdge = tuple[Hashable, Hashable, str]


def _simple_graph(name: str, vertices: list[Hashable], edges: list[LocatedEdge], limits: Limits) -> Graph:
    """Build a graph from edges tagged with their location, rejecting
    self-loops and repeated edges with that location."""
    count = len(dict.fromkeys([*vertices, *(x for u, v, _ in edges for x in (u, v))]))
    check_size(name, count, len(edges), **limits)
    seen: dict[frozenset[Hashable], str] = {}
    for u, v, where in edges:
        if u == v:
            raise InputError(f"{where}: self-loop at vertex {u!r}: the graph games are played on simple graphs")
        key = frozenset((u, v))
        if key in seen:
            raise InputError(
                f"{where}: edge {u!r}-{v!r} repeats the edge at {seen[key]}: "
                "the graph games are played on simple graphs"
            )
        seen[key] = where
    return Graph.from_edges(vertices, [(u, v) for u, v, _ in edges], where=name)


def _token_label(token: str, where: str) -> Hashable:
    """An integer for an integer-looking token (ASCII digits), else the token.

    Raises
    ------
    InputError
        An integer of more than ``MAX_INTEGER_DIGITS`` digits.
    """
    if not _INTEGER.fullmatch(token):
        return token
    if len(token) > MAX_INTEGER_DIGITS:
        raise InputError(f"{where}: an integer label of {len(token)} digits (at most {MAX_INTEGER_DIGITS})")
    return int(token)


#: A lone edge-list token that is two integers joined by ``-``, ``,`` or ``:``
#: (``0-1``): refused, as the edge it was surely meant to be is not read.
_LOOKS_LIKE_AN_EDGE = re.compile(r"[0-9]+[-,:][0-9]+")


def _load_edge_list(text: str, source: str, limits: Limits) -> list[LoadedPosition]:
    """``u v`` per line, ``#`` comments, a lone label is an isolated vertex;
    vertices are numbered in order of first appearance.

    Raises
    ------
    InputError
        On a line of more than two labels, a lone label that is two
        integers joined by ``-``, ``,`` or ``:`` (an edge without its
        space), a self-loop or a repeated edge (naming the line); a
        control or invisible character anywhere (:func:`check_text`: a
        leading byte-order mark is dropped, never kept in the first label)."""
    text = check_text(text, source)
    vertices: list[Hashable] = []
    edges: list[LocatedEdge] = []
    for lineno, line in enumerate(text.splitlines(), 1):
        tokens = line.split("#", 1)[0].split()
        if not tokens:
            continue
        where = f"{source}:{lineno}"
        if len(tokens) > 2:
            raise InputError(f"{where}: expected 'u v' or a lone vertex, got {plural(len(tokens), 'item')}")
        if len(tokens) == 1 and _LOOKS_LIKE_AN_EDGE.fullmatch(tokens[0]):
            # "0-1" would be read as one isolated vertex named "0-1": a wrong graph, silently
            raise InputError(f"{where}: {tokens[0]!r} looks like an edge written without a space; "
                             f"write 'u v' (a lone label is an isolated vertex)")
        labels = [_token_label(t, where) for t in tokens]
        vertices.extend(labels)  # labels keep their order of first appearance
        if len(labels) == 2:
            edges.append((labels[0], labels[1], where))
    if not vertices:
        return []
    return [_position(source, _simple_graph(source, list(dict.fromkeys(vertices)), edges, limits))]


def _json_type(value: Any) -> str:
    for kind, name in ((bool, "a boolean"), (dict, "an object"), (list, "a list"), (str, "a string")):
        if isinstance(value, kind):
            return name
    return "null" if value is None else "a number"


def _json_text(value: Any, width: int = 40) -> str:
    """``value`` as JSON, cut to about ``width`` characters."""
    text = json.dumps(value)
    return text if len(text) <= width else text[:width] + "..."


def _json_label(value: Any, where: str) -> Hashable:
    """A JSON vertex label: a string, an integer, or a list of labels (-> tuple)."""
    if isinstance(value, list):
        check_label_depth(value, where)
        return tuple(_json_label(x, where) for x in value)
    if isinstance(value, str):
        check_label(value, where)
        return value
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    raise InputError(f"{where}: a vertex label must be a string, an integer or a list, got {_json_type(value)}")


def _json_list(obj: dict[str, Any], key: str, name: str) -> list[Any]:
    value = obj.get(key, [])
    if not isinstance(value, list):
        raise InputError(f"{name}: {key!r} must be a list, got {_json_type(value)}")
    return value


def _json_graph(obj: Any, name: str, limits: Limits) -> LoadedPosition:
    shape = 'a graph object {"vertices": [...], "edges": [[u, v], ...]}'
    if not isinstance(obj, dict):
        raise InputError(f"{name}: expected {shape}, got {_json_type(obj)}")
    unknown = sorted(set(obj) - {"vertices", "edges"})
    if unknown or "edges" not in obj:
        problem = f"unknown key {unknown[0]!r}" if unknown else "missing key 'edges'"
        raise InputError(f"{name}: {problem}; expected {shape} ('vertices' optional)")
    vertices = [_json_label(v, f"{name}: vertices[{i}]") for i, v in enumerate(_json_list(obj, "vertices", name))]
    # With a "vertices" list, every edge must name listed vertices; without
    # one, the vertices are those the edges name.
    listed = set(vertices) if "vertices" in obj else None
    edges: list[LocatedEdge] = []
    for i, edge in enumerate(_json_list(obj, "edges", name)):
        where = f"{name}: edges[{i}]"
        if not (isinstance(edge, list) and len(edge) == 2):
            raise InputError(f"{where}: an edge must be a pair [u, v], got {_short(json.dumps(edge))}")
        u, v = _json_label(edge[0], where), _json_label(edge[1], where)
        if listed is not None:
            for raw, label in zip(edge, (u, v)):
                if label not in listed:
                    raise InputError(
                        f"{name}: edge {_json_text(edge)} names vertex {_json_text(raw)}, "
                        'which is not in "vertices"'
                    )
        edges.append((u, v, where))
    return _position(name, _simple_graph(name, vertices, edges, limits))


def _load_json(text: str, source: str, limits: Limits) -> list[LoadedPosition]:
    """One graph object, or a list of them named ``source[i]``."""
    data = load_json(text, source)
    if isinstance(data, list):
        return [_json_graph(item, f"{source}[{i}]", limits) for i, item in enumerate(data)]
    return [_json_graph(data, source, limits)]


_READERS: dict[str, Callable[[str, str, Limits], list[LoadedPosition]]] = {
    ".g6": _load_lines,
    ".s6": _load_lines,
    ".edges": _load_edge_list,
    ".txt": _load_edge_list,
    ".json": _load_json,
}


# -- sources ----------------------------------------------------------------
def _nonempty(positions: list[LoadedPosition], source: str) -> list[LoadedPosition]:
    if not positions:
        raise InputError(f"no graph in {source}")
    return positions


def _decode_text(raw: bytes | str, source: str) -> str:
    """The text of a file or stdin: UTF-8, its leading byte-order mark
    dropped, no control or invisible characters (:func:`decode_utf8`).

    Raises
    ------
    InputError
        Not UTF-8, or a control or invisible character (with its line).
    """
    if isinstance(raw, str):
        return check_text(raw, shown_path(source))
    return decode_utf8(raw, source)


def _load_file(path: str, limits: Limits) -> list[LoadedPosition]:
    """The positions of one file, by its extension (at most
    :data:`~grundy.readwrite.text.MAX_TEXT_BYTES`, a regular file only)."""
    extension = os.path.splitext(path)[1].lower()
    if os.path.isdir(path):
        raise InputError(f"cannot read {shown_path(path)}: it is a directory")
    reader = _READERS.get(extension)
    if reader is None:
        supported = ", ".join(f"{ext} ({what})" for ext, what in SUPPORTED_EXTENSIONS.items())
        raise InputError(
            f"cannot read {shown_path(path)}: unsupported extension {extension or '(none)'!r}; supported: {supported}"
        )
    text = _decode_text(read_file(path), path)
    return _nonempty(reader(text, path, limits) if text.strip() else [], path)


def _load_stdin(stream: TextIO, limits: Limits) -> list[LoadedPosition]:
    """Graph6/sparse6 lines from ``stream``, at most
    :data:`~grundy.readwrite.text.MAX_TEXT_BYTES` of them."""
    raw = read_stream(stream, "stdin")
    return _nonempty(_load_lines(_decode_text(raw, "stdin"), "stdin", limits), "stdin")


def _load_family(spec: str, limits: Limits) -> LoadedPosition:
    family, params = parse_family(spec)
    closed = family_closed_form(spec)
    try:
        graph = build_family(spec, **limits)
    except TooLargeError as exc:
        if closed is None:
            raise TooLargeError(f"{exc}, and no closed form is known for it") from None
        vertices, edges = family.size(params)
        assert edges is not None  # only random graphs lack an edge count; they have no closed form
        return LoadedPosition(spec, None, closed, vertices, edges)
    return LoadedPosition(spec, graph, closed, graph.n, graph.m)


def _family_names() -> list[str]:
    """Every family name a spec may start with: graph families first, then
    the poset and complex families and the kinds a spec names by its first
    word (``chomp``, ``nim``, ``octal``: :data:`grundy.readwrite.kinds.SPEC_KINDS`,
    which :mod:`grundy.readwrite.kinds` routes elsewhere when spelt right)."""
    from grundy.games.complexes import COMPLEX_FAMILIES
    from grundy.games.posets import POSET_FAMILIES
    from grundy.readwrite.kinds import SPEC_KINDS

    return list(dict.fromkeys([*FAMILIES, *POSET_FAMILIES, *COMPLEX_FAMILIES, *SPEC_KINDS]))


#: The kinds of position other than graphs (:func:`grundy.readwrite.kinds.kind_of`), as a
#: graph-only reader names them.
_OTHER_KINDS = {"poset": "a poset", "complex": "a simplicial complex", "chomp": "a Chomp board",
                "nim": "a Nim position", "octal": "octal heaps"}


def _misspelt_family(text: str) -> str | None:
    """For a string that is not graph6 and whose name part (before any
    ``:``) is a word close to a family name: a message suggesting the
    closest names; else None."""
    from grundy.readwrite.kinds import kind_of

    name = text.split(":", 1)[0].strip()
    if not _WORD.fullmatch(name):
        return None
    other = _OTHER_KINDS.get(kind_of(text))
    if other is not None:
        return f"{_short(text)} is {other}, not a graph: only a graph is read here (grundy.analyze takes every kind)"
    close = close_family_names(name, _family_names())
    return f"unknown family {name!r}; {did_you_mean(close)}" if close else None


def _load_string(spec: str, limits: Limits) -> LoadedPosition:
    """A family spec, else a graph6 or sparse6 string; a string that is
    neither, but whose name part is close to a family name, is reported as a
    misspelt family."""
    text = spec.strip()
    if not text:
        raise InputError("empty graph spec: give a file, '-', a family such as wheel:9, or a graph6 string")
    if is_family_spec(text):
        return _load_family(text, limits)
    code = _strip_header(text)
    kind = _kind(code)
    try:
        return _position(kind, _decode(code, kind, limits))
    except _Malformed as exc:
        if kind == "sparse6":
            raise InputError(f"invalid sparse6 string {_short(text)}: {exc}") from None
        if files_allowed() and os.path.exists(spec):  # a FIFO, a directory...: say what it is
            read_file(spec)
        misspelt = _misspelt_family(text)
        if misspelt is not None:
            raise InputError(misspelt) from None
        raise InputError(
            f"{_short(text)} is neither a known family name ({', '.join(FAMILIES)}) "
            f"nor a file nor valid graph6 ({exc})"
        ) from None


def _path_like(spec: str) -> bool:
    return "/" in spec or os.path.splitext(spec)[1].lower() in _READERS


def load(
    spec: str,
    *,
    stdin: TextIO | None = None,
    max_vertices: int = DEFAULT_MAX_VERTICES,
    max_edges: int = DEFAULT_MAX_EDGES,
) -> list[LoadedPosition]:
    """Read the positions a user names with ``spec``.

    ``spec`` is tried in this order:

    1. ``-``: graph6/sparse6 lines from ``stdin`` (one graph per line, blank
       lines skipped, optional ``>>graph6<<``/``>>sparse6<<`` header);
    2. an existing file, by extension: ``.g6``/``.s6`` (lines as for stdin,
       graph6 and sparse6 may be mixed), ``.edges``/``.txt`` (edge list:
       ``u v`` per line, ``#`` comments, a lone label is an isolated vertex,
       integer-looking labels become ints), ``.json`` (``{"vertices": [...],
       "edges": [[u, v], ...]}`` with ``vertices`` optional, or a list of
       such objects; JSON lists as labels become tuples; with ``vertices``,
       every edge must name listed vertices, without it the vertices are
       those the edges name);
    3. a family spec such as ``wheel:9`` (see :mod:`grundy.games.graphs.families`); if it
       is too large to build but has a closed form, the position has
       ``graph=None`` and the value in ``closed_form``;
    4. a graph6 or sparse6 string.

    Parameters
    ----------
    spec : str
        What to read.
    stdin : text stream, optional
        Read for ``-``; defaults to ``sys.stdin``.
    max_vertices, max_edges : int
        Size limits for every graph read.

    Returns
    -------
    list of LoadedPosition
        At least one; in file order.

    Raises
    ------
    InputError
        A path-like spec (containing ``/`` or with a supported extension)
        that does not exist ("cannot read FILE: no such file"); an
        unsupported extension (the message lists the supported ones); an
        unreadable file (permissions, directory, not UTF-8); an empty file
        or stdin ("no graph in ..."); malformed graph6/sparse6 (with file
        and line); an edge-list line with 3 or more items, or a lone label
        that is two integers joined by ``-``, ``,`` or ``:`` such as ``0-1``
        (an edge without its space; with the line);
        malformed JSON (with line and column) or the wrong JSON shape; a
        JSON edge naming a vertex missing from its ``vertices`` list;
        self-loops or repeated edges; unknown families or bad parameters;
        a string that is no family, file, graph6 or sparse6 (one close to
        a family name, such as ``petersn``, gets "did you mean
        petersen?").
    TooLargeError
        A graph over the limits (family specs: only when no closed form is
        known).

    Examples
    --------
    >>> load("complete:100000")[0].graph is None, load("complete:100000")[0].closed_form[0]
    (True, 1)
    >>> import io
    >>> [(p.name, p.edges) for p in load("-", stdin=io.StringIO(">>graph6<<A_\\n\\nBw\\n"))]
    [('stdin:1', 1), ('stdin:3', 3)]
    >>> load("missing.g6")
    Traceback (most recent call last):
    ...
    grundy.errors.InputError: cannot read missing.g6: no such file
    """
    limits = {"max_vertices": max_vertices, "max_edges": max_edges}
    if not files_allowed():  # a server's request: no file is read, or even looked for
        return [_load_string(spec, limits)]
    if spec == "-":
        return _load_stdin(stdin if stdin is not None else sys.stdin, limits)
    if os.path.isfile(spec) or (_path_like(spec) and os.path.exists(spec)):
        return _load_file(spec, limits)
    if _path_like(spec):
        raise InputError(f"cannot read {shown_path(spec)}: no such file")
    return [_load_string(spec, limits)]


def shown_path(path: str) -> str:
    """``path`` for a one-line message: as it is if printable, else quoted
    with its newlines and other control characters escaped."""
    return path if path.isprintable() else repr(path)


def to_graph(obj: Graph | nx.Graph | str) -> Graph:
    """Turn what a Python caller passes into a :class:`Graph`.

    Parameters
    ----------
    obj : Graph, networkx graph or str
        A :class:`Graph` (returned as is), a networkx graph (labels kept),
        or a string read by :func:`load` (family spec, graph6, sparse6, or
        a file) that must give exactly one graph small enough to build.

    Returns
    -------
    Graph

    Raises
    ------
    InputError
        If ``obj`` is of another type, a networkx graph is directed or has
        self-loops or repeated edges, the string is invalid (as
        :func:`load`), is ``-``, or gives several graphs.
    TooLargeError
        If the string names a graph over the default limits of :func:`load`.

    Examples
    --------
    >>> import networkx as nx
    >>> to_graph(nx.path_graph(3)).edges()
    [(0, 1), (1, 2)]
    >>> to_graph("petersen").m
    15
    >>> to_graph(3)
    Traceback (most recent call last):
    ...
    grundy.errors.InputError: cannot make a graph from int: expected a grundy Graph, a networkx graph or a string (family spec, graph6, sparse6 or file)
    """
    if isinstance(obj, Graph):
        return obj
    if isinstance(obj, nx.Graph):
        return Graph.from_networkx(obj)
    if not isinstance(obj, str):
        raise InputError(
            f"cannot make a graph from {type(obj).__name__}: expected a grundy Graph, "
            "a networkx graph or a string (family spec, graph6, sparse6 or file)"
        )
    if obj.strip() == "-":
        raise InputError("to_graph does not read stdin; use load('-')")
    positions = load(obj)
    if len(positions) != 1:
        raise InputError(f"{obj} holds {plural(len(positions), 'graph')}; to_graph needs exactly one")
    (position,) = positions
    if position.graph is None:
        raise TooLargeError(
            f"{obj} is too large to build ({plural(position.vertices, 'vertex', 'vertices')}, "
            f"{plural(position.edges, 'edge')})"
        )
    return position.graph


def to_graph6(g: Graph) -> str:
    """The graph6 string of ``g`` (no header, no newline); vertex ``i`` of the
    graph6 graph is ``g.labels[i]``.

    Parameters
    ----------
    g : Graph

    Returns
    -------
    str

    Examples
    --------
    >>> to_graph6(Graph.from_edges("abc", [("a", "b"), ("b", "c")]))
    'Bg'
    >>> load(to_graph6(Graph.from_edges(range(3), [(0, 2)])))[0].graph.edges()
    [(0, 2)]
    """
    H = nx.Graph()
    H.add_nodes_from(range(g.n))
    H.add_edges_from(g.edge_indices())
    return nx.to_graph6_bytes(H, header=False).decode("ascii").rstrip("\n")
