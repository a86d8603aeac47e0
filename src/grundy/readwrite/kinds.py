"""One registry of position kinds: which game a spec or a file names.

A spec is a graph unless it names another kind: ``chomp:`` (rectangular
Chomp by row lengths), ``nim:`` (Nim heaps), a poset family (``chain:``,
``divisors:``...) or a ``.poset`` file, a complex family (``torus``,
``simplex-boundary:``...) or a ``.facets`` file; a ``.json`` file is a
complex if it has ``"facets"``, a poset if it has ``"relations"`` or
``"elements"``, else a graph. Nothing is searched or built here but the
position itself (:func:`load_other`).
"""

from __future__ import annotations

import os
from typing import Any

__all__ = ["KINDS", "kind_of", "load_other"]

#: The kinds of position, with what a move is in each.
KINDS: dict[str, str] = {
    "graph": "a graph (impartial graph rulesets, Graph Chomp by default)",
    "poset": "a poset game (a move removes an element and everything above it)",
    "complex": "subset take-away on a simplicial complex (a move removes a face and every face containing it)",
    "chomp": "rectangular Chomp by row lengths (a move eats a square and everything above and right of it)",
    "nim": "Nim (a move takes counters from one heap)",
}


def kind_of(spec: str) -> str:
    """The kind of position a spec names: one of :data:`KINDS`.

    >>> [kind_of(s) for s in ("wheel:9", "chomp:3,2", "nim:1,2", "divisors:30", "torus")]
    ['graph', 'chomp', 'nim', 'poset', 'complex']
    """
    from grundy.games.graphs.families import FAMILIES

    text = spec.strip()
    head = text.split(":", 1)[0].lower()
    if head in ("chomp", "nim"):
        return head
    if head in FAMILIES:  # a graph family: the other games' modules are not even imported
        return "graph"
    from grundy.games.complexes import COMPLEX_FAMILIES
    from grundy.games.posets import POSET_FAMILIES

    if head in POSET_FAMILIES:
        return "poset"
    if head in COMPLEX_FAMILIES:
        return "complex"
    lower = text.lower()
    if lower.endswith(".poset"):
        return "poset"
    if lower.endswith(".facets"):
        return "complex"
    if lower.endswith(".json") and os.path.isfile(text):
        try:
            with open(text, encoding="utf-8") as fh:
                head_text = fh.read(100_000)
        except (OSError, UnicodeDecodeError):
            return "graph"  # the graph reader reports it
        if '"facets"' in head_text:
            return "complex"
        if '"relations"' in head_text or '"elements"' in head_text:
            return "poset"
    return "graph"


def load_other(kind: str, spec: str) -> Any:
    """Read a position that is not a graph: a
    :class:`~grundy.games.chomp.ChompPosition`,
    :class:`~grundy.games.chomp.NimPosition`,
    :class:`~grundy.games.posets.Poset` or
    :class:`~grundy.games.complexes.Complex`.

    Raises
    ------
    InputError
        If the spec is malformed or too large.
    ValueError
        If ``kind`` is ``"graph"`` or unknown.
    """
    text = spec.strip()
    if kind == "chomp":
        from grundy.games.chomp import parse_chomp

        return parse_chomp(text)
    if kind == "nim":
        from grundy.games.chomp import nim_position

        return nim_position(text)
    if kind == "poset":
        from grundy.readwrite.posets import load_poset

        return load_poset(text)
    if kind == "complex":
        from grundy.readwrite.complexes import load_complex

        return load_complex(text)
    raise ValueError(f"not a kind of position other than graphs: {kind!r}")
