"""Named families of simplicial complexes (:data:`COMPLEX_FAMILIES`):
``simplex-boundary:n`` (Gale's game), ``skeleton:n,k``, ``simplex:n``, the
triangulated ``torus`` of Khandhawit-Ye (Figure 4) and ``graph:SPEC``; and
:func:`build_complex_family`, which builds one.

``graph:SPEC`` needs a reader of the graph spec, passed in by
:func:`grundy.readwrite.complexes.load_complex` (the games do not import the
readers).
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable
from dataclasses import dataclass

from grundy.errors import InputError, TooLargeError
from grundy.games.complexes.complex import MAX_FACETS, Complex
from grundy.games.graphs.graph import Graph
from grundy.games.graphs.formulas import plural

__all__ = ["ComplexFamily", "COMPLEX_FAMILIES", "MAX_FAMILY_VERTICES", "build_complex_family"]

#: Largest number of vertices the families build (faces are enumerated for moves).
MAX_FAMILY_VERTICES = 16


@dataclass(frozen=True)
class ComplexFamily:
    name: str
    params: str
    description: str


COMPLEX_FAMILIES: dict[str, ComplexFamily] = {
    f.name: f
    for f in [
        ComplexFamily("simplex-boundary", "n", "all nonempty proper subsets of {1..n}: Gale's game"),
        ComplexFamily("skeleton", "n,k", "all subsets of {1..n} of size 1..k"),
        ComplexFamily("simplex", "n", "all nonempty subsets of {1..n}"),
        ComplexFamily(
            "torus",
            "",
            "9 vertices (i, j) mod 3, triangles {(i,j),(i+1,j),(i+1,j+1)} and {(i,j),(i,j+1),(i+1,j+1)} "
            "(Khandhawit-Ye, Figure 4)",
        ),
        ComplexFamily("graph", "SPEC", "a graph (any grundy graph spec) as a 1-dimensional complex"),
    ]
}


def _size(spec: str, text: str) -> int:
    text = text.strip()
    if not re.fullmatch(r"[+-]?[0-9]+", text):  # ASCII digits only, as every family parameter
        raise InputError(f"{spec}: parameter {text[:40]!r} is not an integer")
    if len(text) > 4000:
        raise TooLargeError(f"{spec[:40]}...: a parameter of {len(text)} digits")
    value = int(text)
    if value <= 0:
        raise InputError(f"{spec}: sizes must be positive integers, got {value}")
    return value


def _skeleton(n: int, k: int) -> Complex:
    labels = list(range(1, n + 1))
    return Complex(labels, [sum(1 << i for i in c) for c in itertools.combinations(range(n), k)])


def build_complex_family(spec: str, read_graph: Callable[[str], Graph] | None = None) -> Complex:
    """Build a complex from a family spec (see :data:`COMPLEX_FAMILIES`).

    ``graph:SPEC`` (the clique complex of a graph, Graph Chomp's position)
    needs ``read_graph``, the reader of the graph spec
    (:func:`grundy.readwrite.complexes.load_complex` passes
    :func:`grundy.readwrite.graphs.to_graph`): the games do not import the
    readers.

    Raises
    ------
    InputError
        On an unknown family or a bad parameter (sizes must be positive;
        ``skeleton:n,k`` needs ``k <= n``), or ``graph:SPEC`` without
        ``read_graph``.
    TooLargeError
        Over ``MAX_FAMILY_VERTICES`` vertices or ``MAX_FACETS`` facets.

    >>> build_complex_family("simplex-boundary:3").facet_labels()
    [(1, 2), (1, 3), (2, 3)]
    >>> build_complex_family("skeleton:3,0")
    Traceback (most recent call last):
    ...
    grundy.errors.InputError: skeleton:3,0: sizes must be positive integers, got 0
    """
    name, sep, rest = spec.partition(":")
    name = name.strip().lower()
    if name not in COMPLEX_FAMILIES:
        known = ", ".join(f"{f.name}:{f.params}" if f.params else f.name for f in COMPLEX_FAMILIES.values())
        raise InputError(f"unknown complex family {name!r}; known: {known}")
    if name == "torus":
        if rest.strip():
            raise InputError(f"{spec}: the family torus takes no parameters")
        labels = [(i, j) for i in range(3) for j in range(3)]
        at = {v: k for k, v in enumerate(labels)}
        tri = []
        for i in range(3):
            for j in range(3):
                a, b, c, d = (i, j), ((i + 1) % 3, j), ((i + 1) % 3, (j + 1) % 3), (i, (j + 1) % 3)
                tri.append(1 << at[a] | 1 << at[b] | 1 << at[c])
                tri.append(1 << at[a] | 1 << at[d] | 1 << at[c])
        return Complex(labels, tri)
    if not sep or not rest.strip():
        raise InputError(f"{spec}: the family {name} needs parameters {name}:{COMPLEX_FAMILIES[name].params}")
    if name == "graph":
        if read_graph is None:
            raise InputError(f"{spec}: the complex of a graph is read by grundy.readwrite.complexes.load_complex")
        return Complex.from_graph(read_graph(rest.strip()))
    parts = rest.split(",")
    expected = 2 if name == "skeleton" else 1
    if len(parts) != expected:
        raise InputError(f"{spec}: expected {name}:{COMPLEX_FAMILIES[name].params}, got {plural(len(parts), 'parameter')}")
    sizes = [_size(spec, p) for p in parts]
    n = sizes[0]
    if n > MAX_FAMILY_VERTICES:
        raise TooLargeError(f"{spec}: {n} vertices; at most {MAX_FAMILY_VERTICES} are built")
    if name == "simplex":
        return _skeleton(n, n)
    if name == "simplex-boundary":
        return _skeleton(n, n - 1) if n > 1 else Complex([], [])
    k = sizes[1]
    if k > n:
        raise InputError(f"{spec}: faces of size at most k = {k} of an n = {n} set: need k <= n")
    import math

    if math.comb(n, k) > MAX_FACETS:
        raise TooLargeError(f"{spec}: {math.comb(n, k)} facets; at most {MAX_FACETS} are built")
    return _skeleton(n, k)
