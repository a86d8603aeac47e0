"""Reading simplicial complexes: the ``.facets`` text format
(:func:`parse_facets_text`), JSON (:func:`parse_facets_json`), and
:func:`load_complex`, which takes a family spec, a file name, a
:class:`~grundy.games.complexes.Complex` or a :class:`grundy.Graph`."""

from __future__ import annotations

import os

from grundy.errors import InputError
from grundy.games.complexes.complex import Complex
from grundy.games.complexes.families import build_complex_family
from grundy.games.graphs.graph import Graph
from grundy.readwrite.graphs import shown_path, to_graph
from grundy.readwrite.jsontext import load_json
from grundy.readwrite.posets import _json_label, _token_label, read_text
from grundy.readwrite.text import check_text, files_allowed

__all__ = ["load_complex", "parse_facets_text", "parse_facets_json"]


def parse_facets_text(text: str, source: str = "<text>") -> Complex:
    """Read the ``.facets`` format: one facet per line, vertex labels
    separated by spaces (integer tokens are integer labels), ``#`` comments.

    >>> parse_facets_text("1 2 3\\n3 4  # an edge\\n").facet_labels()
    [(1, 2, 3), (3, 4)]

    Raises
    ------
    InputError
        No facet, a bad label (one holding ``, ; { } [ ] ( )``: ``1,2,3``
        is not a facet of three vertices), or a control or invisible character
        (:func:`grundy.readwrite.text.check_text`; a leading byte-order
        mark is dropped).
    """
    text = check_text(text, source)
    facets = []
    for lineno, line in enumerate(text.splitlines(), 1):
        tokens = line.split("#", 1)[0].split()
        if tokens:
            facets.append([_token_label(t, f"{source}:{lineno}", "write one facet per line, its vertex labels "
                                        "separated by spaces ('1 2 3')") for t in tokens])
    if not facets:
        raise InputError(f"no complex in {source}: no facets")
    return Complex.from_facets(facets, where=source)


def parse_facets_json(text: str, source: str = "<json>") -> Complex:
    """Read ``{"facets": [[v, ...], ...]}``.

    Raises
    ------
    InputError
        Malformed or non-strict JSON (see
        :func:`grundy.readwrite.jsontext.load_json`), the wrong shape, a bad
        label, an empty facet or a vertex repeated in a facet.
    """
    data = load_json(text, source)
    shape = '{"facets": [[v, ...], ...]}'
    if not isinstance(data, dict) or set(data) != {"facets"} or not isinstance(data["facets"], list):
        raise InputError(f"{source}: expected a complex object {shape}")
    facets = []
    for i, f in enumerate(data["facets"]):
        if not isinstance(f, list):
            raise InputError(f"{source}: facets[{i}] must be a list of vertex labels")
        facets.append([_json_label(v, f"{source}: facets[{i}]") for v in f])
    return Complex.from_facets(facets, where=source)


def load_complex(spec: str | Complex | Graph) -> Complex:
    """A complex from a family spec, a ``.facets`` or ``.json`` file, a
    :class:`Complex` (returned as is) or a :class:`grundy.Graph`.

    Raises
    ------
    InputError
        Bad input, one line: unknown family, bad size, empty facet,
        unreadable file.

    >>> load_complex("torus").f_vector()
    [9, 27, 18]
    """
    if isinstance(spec, Complex):
        return spec
    if isinstance(spec, Graph):
        return Complex.from_graph(spec)
    if not isinstance(spec, str):
        raise InputError(f"cannot make a complex from {type(spec).__name__}: expected a Complex or a string")
    spec = spec.strip()
    ext = os.path.splitext(spec)[1].lower()
    if files_allowed() and not spec.lower().startswith("graph:") and (ext in (".facets", ".json")
                                                                      or os.path.exists(spec)):
        text = read_text(spec)
        if ext == ".json":
            return parse_facets_json(text, spec)
        if ext == ".facets":
            return parse_facets_text(text, spec)
        raise InputError(f"cannot read {shown_path(spec)}: unsupported extension {ext or '(none)'!r}; supported: .facets, .json")
    return build_complex_family(spec, read_graph=to_graph)
