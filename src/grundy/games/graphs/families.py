"""Named graph families, written ``name:params`` (``wheel:9``, ``gmk:2,3``).

Each family in :data:`FAMILIES` knows its parameter syntax, how to build its
graphs, how large they are (computed from the parameters alone, so limits are
checked before anything is built) and, where a proven formula exists, its
Graph Chomp nim-value from the parameters (see :mod:`grundy.games.graphs.formulas`). That
lets the value of, say, ``complete:100000`` be reported without building the
graph.

Vertex labels are integers unless a family's definition says otherwise; each
definition states its labelling.

This module holds the :class:`Family` type, the registry and the spec
functions (parse, size, build, closed form, name suggestions); the parsers,
builders, size formulas and closed forms the registry entries are made of
live in :mod:`grundy.games.graphs.family_parts` and are re-exported here.

>>> build_family("wheel:5").degree(0)
5
>>> family_closed_form("path:4")
(2, 'a tree with 4 vertices; Draisma-van Rijnswou, Theorem 2; Khandhawit-Ye, Corollary 1 (forests)')
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterable
from dataclasses import dataclass

import networkx as nx

from grundy.errors import InputError, TooLargeError
from grundy.games.graphs.family_parts import (  # noqa: F401 - all re-exported
    CYCLE_SOURCE,
    MAX_HYPERCUBE_DIMENSION,
    WHEEL_SOURCE,
    ClosedForm,
    Params,
    _bipartite,
    _build_caterpillar,
    _build_gmk,
    _build_hypercube,
    _build_spider,
    _build_tailed_cycle,
    _caterpillar_size,
    _complete_form,
    _cycle_edges,
    _cycle_form,
    _empty_size,
    _even_tailed_cycle_form,
    _gmk_form,
    _gmk_parse,
    _grid_size,
    _hang,
    _hypercube_parse,
    _hypercube_size,
    _int,
    _ints,
    _multipartite_form,
    _multipartite_size,
    _no_params,
    _nx,
    _path_size,
    _prism_size,
    _random_parse,
    _sizes,
    _spider_size,
    _star_size,
    _tailed_cycle_form,
    _tailed_cycle_parse,
    _tailed_cycle_size,
    _tree,
    _wheel_form,
)
from grundy.games.graphs.formulas import plural
from grundy.games.graphs.graph import Graph

__all__ = [
    "Family",
    "FAMILIES",
    "DEFAULT_MAX_VERTICES",
    "DEFAULT_MAX_EDGES",
    "CYCLE_SOURCE",
    "WHEEL_SOURCE",
    "parse_family",
    "is_family_spec",
    "build_family",
    "family_closed_form",
    "family_size",
    "list_families",
    "check_size",
    "close_family_names",
    "did_you_mean",
]

#: Default limits on the graphs :func:`build_family` (and :func:`grundy.readwrite.graphs.load`) build.
DEFAULT_MAX_VERTICES = 5000
DEFAULT_MAX_EDGES = 200_000


@dataclass(frozen=True)
class Family:
    """A named family of graphs.

    Attributes
    ----------
    name : str
        The name used in specs, e.g. ``"wheel"``.
    params : str
        Parameter syntax after the colon, e.g. ``"m,n"``; ``""`` if none.
    requires : str
        The condition on the parameters, for error messages, e.g. ``"n >= 3"``.
    definition : str
        One-line definition, including the vertex labelling.
    parse : callable
        ``parse(tokens) -> params``: the comma-separated parameter strings to
        a parameter tuple; raises ``ValueError`` if they are malformed or out
        of range (turned into :class:`InputError` by :func:`parse_family`).
    build : callable
        ``build(params) -> Graph``.
    size : callable
        ``size(params) -> (vertices, edges)`` without building; ``edges`` is
        ``None`` when only a build can tell (random graphs).
    closed_form : callable or None
        ``closed_form(params) -> (value, reason) or None``: the nim-value by a
        proven formula, with the reason and its source, when one applies.
    """

    name: str
    params: str
    requires: str
    definition: str
    parse: Callable[[list[str]], Params]
    build: Callable[[Params], Graph]
    size: Callable[[Params], tuple[int, int | None]]
    closed_form: Callable[[Params], ClosedForm | None] | None = None

    @property
    def syntax(self) -> str:
        """How a spec of this family is written, e.g. ``"wheel:n"``."""
        return f"{self.name}:{self.params}" if self.params else self.name


_FAMILY_LIST = [
    Family(
        "path", "n", "n >= 1",
        "path P_n on n vertices 0..n-1 in order (n counts vertices; Mangang counts edges)",
        _ints(1, 1), _nx(nx.path_graph), _path_size, _tree(_path_size),
    ),
    Family(
        "cycle", "n", "n >= 3",
        "cycle C_n on vertices 0..n-1 in order",
        _ints(1, 3), _nx(nx.cycle_graph), _sizes(lambda p: p[0], lambda p: p[0]), _cycle_form,
    ),
    Family(
        "complete", "n", "n >= 1",
        "complete graph K_n on vertices 0..n-1",
        _ints(1, 1), _nx(nx.complete_graph),
        _sizes(lambda p: p[0], lambda p: p[0] * (p[0] - 1) // 2), _complete_form,
    ),
    Family(
        "multipartite", "a,b,c,...", "at least one part, each of size >= 1",
        "complete multipartite graph K_{a,b,c,...}; vertices 0.. numbered part by part",
        _ints(None, 1), _nx(nx.complete_multipartite_graph), _multipartite_size, _multipartite_form,
    ),
    Family(
        "wheel", "n", "n >= 3",
        "wheel W_n: hub 0 joined to every vertex of the n-cycle 1..n",
        _ints(1, 3), lambda p: Graph.from_networkx(nx.wheel_graph(p[0] + 1)),
        _sizes(lambda p: p[0] + 1, lambda p: 2 * p[0]), _wheel_form,
    ),
    Family(
        "star", "n", "n >= 1",
        "star K_{1,n}: centre 0, leaves 1..n",
        _ints(1, 1), _nx(nx.star_graph), _star_size, _tree(_star_size),
    ),
    Family(
        "grid", "m,n", "m >= 1 and n >= 1",
        "m x n grid graph; vertices are tuples (i, j), 0 <= i < m, 0 <= j < n (networkx grid_2d_graph)",
        _ints(2, 1), _nx(nx.grid_2d_graph), _grid_size, _bipartite(_grid_size),
    ),
    Family(
        "hypercube", "d", f"0 <= d <= {MAX_HYPERCUBE_DIMENSION}",
        "hypercube Q_d: vertices 0..2^d-1, adjacent when they differ in exactly one bit",
        _hypercube_parse, _build_hypercube, _hypercube_size, _bipartite(_hypercube_size),
    ),
    Family(
        "petersen", "", "no parameters",
        "Petersen graph: outer 5-cycle 0..4, inner pentagram 5..9, spokes i - i+5 (networkx)",
        _no_params, _nx(nx.petersen_graph), lambda p: (10, 15),
    ),
    Family(
        "dodecahedron", "", "no parameters",
        "dodecahedral graph on vertices 0..19 (networkx dodecahedral_graph)",
        _no_params, _nx(nx.dodecahedral_graph), lambda p: (20, 30),
    ),
    Family(
        "prism", "n", "n >= 3",
        "prism C_n x K_2: cycles 0..n-1 and n..2n-1, rungs i - i+n (networkx circular_ladder_graph)",
        _ints(1, 3), _nx(nx.circular_ladder_graph), _prism_size,
        _bipartite(_prism_size, lambda p: p[0] % 2 == 0),
    ),
    Family(
        "empty", "n", "n >= 0",
        "n isolated vertices 0..n-1",
        _ints(1, 0), _nx(nx.empty_graph), _empty_size, _bipartite(_empty_size),
    ),
    Family(
        "caterpillar", "l1,l2,...,lk", "k >= 1 leaf counts, each >= 0",
        "caterpillar: spine path 0..k-1, spine vertex i carries l_i leaves, numbered from k on in spine order",
        _ints(None, 0), _build_caterpillar, _caterpillar_size, _tree(_caterpillar_size),
    ),
    Family(
        "spider", "l1,l2,...,lk", "k >= 1 leg lengths, each >= 1",
        "spider: centre 0 with k legs, leg i a path of l_i new vertices hung from 0, numbered from 1 on, "
        "leg by leg, outward (spider:3,37,38,1 has BE/BE value 16)",
        _ints(None, 1), _build_spider, _spider_size, _tree(_spider_size),
    ),
    Family(
        "gmk", "m,k[,c]", "m >= 0, k >= 0 and an odd cycle length c >= 3 (default 3)",
        "Khandhawit-Ye's G_{m,k}: cycle 0..c-1, A = 0 joined to B = c, B carries the m-tail "
        "c+1..c+m and the k-tail c+m+1..c+m+k (paths, numbered outward from B)",
        _gmk_parse, _build_gmk, _sizes(lambda p: sum(p) + 1, lambda p: sum(p) + 1), _gmk_form,
    ),
    Family(
        "tailed-cycle", "c,p=l,p=l,...", "c >= 3 and tails p=l with 0 <= p < c and l >= 1",
        "cycle 0..c-1; each p=l hangs a path of l new vertices from cycle vertex p, numbered "
        "from c on, tail by tail, outward (several tails may share p)",
        _tailed_cycle_parse, _build_tailed_cycle, _tailed_cycle_size, _tailed_cycle_form,
    ),
    Family(
        "random", "n,p,seed", "n >= 0, 0 <= p <= 1 and an integer seed",
        "Erdos-Renyi G(n, p) on vertices 0..n-1 (networkx gnp_random_graph with that seed)",
        _random_parse, lambda p: Graph.from_networkx(nx.gnp_random_graph(p[0], p[1], seed=p[2])),
        lambda p: (p[0], None),
    ),
]

#: The registered families by name.
FAMILIES: dict[str, Family] = {f.name: f for f in _FAMILY_LIST}


def list_families() -> list[Family]:
    """Return every registered family, in a fixed documentation order.

    Returns
    -------
    list of Family

    Examples
    --------
    >>> [f.syntax for f in list_families()][:3]
    ['path:n', 'cycle:n', 'complete:n']
    """
    return list(FAMILIES.values())


def _split(spec: str) -> tuple[str, str | None]:
    name, sep, params = spec.strip().partition(":")
    return name.strip(), (params if sep else None)


def close_family_names(name: str, names: Iterable[str] | None = None) -> list[str]:
    """The family names closest to a misspelt ``name``, best first (at most
    three; :func:`difflib.get_close_matches`, case-insensitive).

    Parameters
    ----------
    name : str
        The name as typed (without parameters).
    names : iterable of str, optional
        The candidates; defaults to the registered graph families.

    Returns
    -------
    list of str
        Possibly empty.

    Examples
    --------
    >>> close_family_names("petersn"), close_family_names("wheell"), close_family_names("nonsense")
    (['petersen'], ['wheel'], [])
    """
    candidates = list(FAMILIES) if names is None else list(names)
    return difflib.get_close_matches(name.strip().lower(), candidates, n=3)


def did_you_mean(names: list[str]) -> str:
    """``"did you mean a, b or c?"`` for a nonempty list of names.

    >>> did_you_mean(["wheel"]), did_you_mean(["tailed-cycle", "cycle"])
    ('did you mean wheel?', 'did you mean tailed-cycle or cycle?')
    """
    listed = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} or {names[-1]}"
    return f"did you mean {listed}?"


def is_family_spec(spec: str) -> bool:
    """Tell whether ``spec`` names a registered family (the part before ``:``).

    Parameters are not checked: ``"wheel:x"`` is a family spec (with bad
    parameters), ``"wheell:5"`` is not.

    Parameters
    ----------
    spec : str

    Returns
    -------
    bool

    Examples
    --------
    >>> is_family_spec("wheel:9"), is_family_spec("petersen"), is_family_spec("Bw")
    (True, True, False)
    """
    return _split(spec)[0] in FAMILIES


def parse_family(spec: str) -> tuple[Family, Params]:
    """Parse a family spec ``name:params`` (or a bare name such as ``petersen``).

    Parameters
    ----------
    spec : str
        E.g. ``"wheel:9"``, ``"grid:3,4"``, ``"tailed-cycle:5,0=2,2=1"``.
        Parameters are separated by commas; spaces around them are ignored.

    Returns
    -------
    (Family, tuple)
        The family and its parameter tuple (``gmk`` always gets ``(m, k, c)``;
        ``tailed-cycle`` gets ``(c, (p, l), ...)``).

    Raises
    ------
    InputError
        If the name is not a registered family (the message suggests the
        closest names, if any, and lists them all), or the parameters have
        the wrong count, type or range (the message states the family's
        syntax and requirement).

    Examples
    --------
    >>> family, params = parse_family("gmk:1,2")
    >>> family.name, params
    ('gmk', (1, 2, 3))
    >>> parse_family("wheel:x")
    Traceback (most recent call last):
    ...
    grundy.errors.InputError: wheel takes n >= 3 (wheel:n): got 'x'
    """
    name, params = _split(spec)
    family = FAMILIES.get(name)
    if family is None:
        close = close_family_names(name)
        hint = f"{did_you_mean(close)} " if close else ""
        raise InputError(f"unknown family {name!r}; {hint}known families: {', '.join(FAMILIES)}")
    tokens = [t.strip() for t in params.split(",")] if params is not None else []
    try:
        return family, family.parse(tokens)
    except ValueError:
        got = (repr(params) if len(params) <= 60 else repr(params[:60]) + "...") if params is not None else "no parameters"
        raise InputError(f"{family.name} takes {family.requires} ({family.syntax}): got {got}") from None


def family_size(spec: str) -> tuple[int, int | None]:
    """Number of vertices and edges of a family graph, without building it.

    Parameters
    ----------
    spec : str

    Returns
    -------
    (int, int or None)
        ``(vertices, edges)``; ``edges`` is ``None`` for ``random`` (known
        only after the draw).

    Raises
    ------
    InputError
        As :func:`parse_family`.

    Examples
    --------
    >>> family_size("complete:100000")
    (100000, 4999950000)
    """
    family, params = parse_family(spec)
    return family.size(params)


def check_size(what: str, vertices: int, edges: int | None, *, max_vertices: int, max_edges: int) -> None:
    """Raise :class:`TooLargeError` if a graph exceeds the limits.

    Parameters
    ----------
    what : str
        How to name the graph in the message (a spec, a file and line).
    vertices, edges : int
        Its size; ``edges=None`` checks the vertices only.
    max_vertices, max_edges : int
        The limits (inclusive).

    Raises
    ------
    TooLargeError
        Naming the size and the limit exceeded.

    Examples
    --------
    >>> check_size("K", 10, 45, max_vertices=5, max_edges=100)
    Traceback (most recent call last):
    ...
    grundy.errors.TooLargeError: K has 10 vertices, over the limit of 5 vertices
    """
    if vertices > max_vertices:
        raise TooLargeError(
            f"{what} has {plural(vertices, 'vertex', 'vertices')}, "
            f"over the limit of {plural(max_vertices, 'vertex', 'vertices')}"
        )
    if edges is not None and edges > max_edges:
        raise TooLargeError(f"{what} has {plural(edges, 'edge')}, over the limit of {plural(max_edges, 'edge')}")


def build_family(
    spec: str, *, max_vertices: int = DEFAULT_MAX_VERTICES, max_edges: int = DEFAULT_MAX_EDGES
) -> Graph:
    """Build the graph of a family spec, checking its size first.

    Parameters
    ----------
    spec : str
        A family spec, e.g. ``"prism:6"``.
    max_vertices, max_edges : int
        Limits, checked from the parameters before building (for ``random``
        the edges are checked after the draw).

    Returns
    -------
    Graph
        Labelled as in the family's definition.

    Raises
    ------
    InputError
        As :func:`parse_family`.
    TooLargeError
        If the graph has more than ``max_vertices`` vertices or
        ``max_edges`` edges (the message names the size and the limit).

    Examples
    --------
    >>> g = build_family("grid:2,3")
    >>> g.n, g.m, g.labels[:2]
    (6, 7, ((0, 0), (0, 1)))
    >>> build_family("complete:1000")
    Traceback (most recent call last):
    ...
    grundy.errors.TooLargeError: complete:1000 has 499500 edges, over the limit of 200000 edges
    """
    family, params = parse_family(spec)
    what = spec.strip()
    vertices, edges = family.size(params)
    limits = {"max_vertices": max_vertices, "max_edges": max_edges}
    check_size(what, vertices, edges, **limits)
    if family.name == "random":  # refuse before drawing what would be far over the edge limit
        expected = params[1] * vertices * (vertices - 1) / 2
        if expected > 2 * max_edges:
            raise TooLargeError(
                f"{what} would have about {plural(round(expected), 'edge')}, over the limit of "
                f"{plural(max_edges, 'edge')}"
            )
    graph = family.build(params)
    if edges is None:
        check_size(what, graph.n, graph.m, **limits)
    return graph


def family_closed_form(spec: str) -> ClosedForm | None:
    """The nim-value of a family graph by a proven formula, without building it.

    Formulas (all from :mod:`grundy.games.graphs.formulas` unless noted): ``path``,
    ``star``, ``caterpillar`` are trees (Draisma-van Rijnswou, Theorem 2);
    ``cycle`` is 0 for every n (Khandhawit-Ye, Section 2: every move leaves a
    path, of value 1 or 2); ``complete`` is n mod 3 (Khandhawit-Ye, Lemma 1);
    ``multipartite`` by Khandhawit-Ye, Theorem 2; ``grid``, ``hypercube``,
    ``empty``, ``prism`` with n even and ``tailed-cycle`` with an even cycle
    are bipartite (Khandhawit-Ye, Theorem 3 / Table 2 with their vertex and
    edge counts); ``gmk`` with m, k >= 1 by Khandhawit-Ye, Theorem 5; even
    wheels are 1 (Khandhawit-Ye, remark after Conjecture 3); a
    ``tailed-cycle`` without tails is a cycle.

    No formula (``None``): odd wheels (Khandhawit-Ye Conjecture 3 says 1 but
    is open), odd prisms, ``gmk`` with m or k = 0, ``tailed-cycle`` with an
    odd cycle and tails, ``petersen``, ``dodecahedron``, ``random``.

    Parameters
    ----------
    spec : str

    Returns
    -------
    (int, str) or None
        The nim-value and the reason with its source, or ``None``.

    Raises
    ------
    InputError
        As :func:`parse_family`.

    Examples
    --------
    >>> family_closed_form("wheel:6")[0], family_closed_form("wheel:7")
    (1, None)
    >>> family_closed_form("gmk:1,2")
    (6, 'G_{m,k} with m = 1, k = 2 (any odd cycle length); Khandhawit-Ye, Theorem 5 (the pseudotree G_{m,k})')
    """
    family, params = parse_family(spec)
    return family.closed_form(params) if family.closed_form is not None else None

