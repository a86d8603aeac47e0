"""The pieces the graph families of :mod:`grundy.games.graphs.families` are
assembled from: parameter parsers, graph builders, size formulas (vertices
and edges from the parameters alone) and closed forms (nim-values by proven
formulas, with the reason and its source), plus the sources quoted for
cycles and even wheels.

Every name here is re-exported by :mod:`grundy.games.graphs.families`, the
module to import from; this one holds no registry.

>>> _tailed_cycle_size((5, (0, 2), (2, 1)))
(8, 8)
>>> _gmk_form((1, 2, 3))[0]
6
"""

from __future__ import annotations

import re
from collections.abc import Callable

from grundy.games.graphs.formulas import (
    BIPARTITE_SOURCE,
    COMPLETE_SOURCE,
    FOREST_SOURCE,
    GMK_SOURCE,
    MULTIPARTITE_SOURCE,
    bipartite_value,
    complete_multipartite_value,
    complete_value,
    forest_value,
    gmk_value,
    plural,
)
from grundy.games.graphs.graph import Graph

__all__ = ["CYCLE_SOURCE", "WHEEL_SOURCE", "MAX_HYPERCUBE_DIMENSION", "Params", "ClosedForm"]

CYCLE_SOURCE = "Khandhawit-Ye, Section 2 (a cycle: every move leaves a path, of value 1 or 2)"
WHEEL_SOURCE = (
    "Khandhawit-Ye, remark after Conjecture 3 (even wheels: an involution fixing "
    "the hub and two opposite rim vertices has fixed set P_3, so Theorem 1 gives g(P_3) = 1)"
)

#: Largest hypercube dimension accepted: 2^d vertices must stay a printable number.
MAX_HYPERCUBE_DIMENSION = 1000

Params = tuple
ClosedForm = tuple[int, str]


# -- parameter parsers ------------------------------------------------------
#: An integer parameter: ASCII digits only (``int`` would also take ``1_0``
#: and other scripts' digits, which a spec must not silently mean).
_INTEGER = re.compile(r"[+-]?[0-9]+")
#: A probability: a plain decimal number (no ``nan``, ``inf``, ``_`` or other scripts' digits).
_DECIMAL = re.compile(r"[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?")
#: Most digits an integer parameter may have.
MAX_PARAMETER_DIGITS = 4000
#: Below every integer of at most MAX_PARAMETER_DIGITS digits (a random seed may be negative).
_LOWEST = -(10**MAX_PARAMETER_DIGITS)


def _int(token: str, low: int = 0) -> int:
    """An integer parameter >= ``low``.

    Raises
    ------
    ValueError
        Anything but ASCII digits with an optional sign, more than
        :data:`MAX_PARAMETER_DIGITS` digits, or a value below ``low``.
    """
    if not _INTEGER.fullmatch(token) or len(token) > MAX_PARAMETER_DIGITS:
        raise ValueError(f"not an integer: {token[:40]!r}")
    value = int(token)
    if value < low:
        raise ValueError(f"{value} < {low}")
    return value


def _ints(count: int | None, low: int) -> Callable[[list[str]], Params]:
    """Parser of ``count`` integers (any number >= 1 if None), each >= ``low``."""

    def parse(tokens: list[str]) -> Params:
        if (len(tokens) != count) if count is not None else not tokens:
            raise ValueError("wrong number of parameters")
        return tuple(_int(t, low) for t in tokens)

    return parse


def _gmk_parse(tokens: list[str]) -> Params:
    if len(tokens) not in (2, 3):
        raise ValueError("wrong number of parameters")
    m, k = _int(tokens[0]), _int(tokens[1])
    c = _int(tokens[2], 3) if len(tokens) == 3 else 3
    if c % 2 == 0:
        raise ValueError("even cycle")
    return (m, k, c)


def _tailed_cycle_parse(tokens: list[str]) -> Params:
    if not tokens:
        raise ValueError("no cycle length")
    c = _int(tokens[0], 3)
    tails = []
    for token in tokens[1:]:
        p, sep, length = token.partition("=")
        if not sep:
            raise ValueError("tail without '='")
        p_val, l_val = _int(p), _int(length, 1)
        if p_val >= c:
            raise ValueError("tail position off the cycle")
        tails.append((p_val, l_val))
    return (c, *tails)


def _random_parse(tokens: list[str]) -> Params:
    if len(tokens) != 3:
        raise ValueError("wrong number of parameters")
    if not _DECIMAL.fullmatch(tokens[1]) or len(tokens[1]) > 100:
        raise ValueError("p is not a decimal number")
    p = float(tokens[1])
    if not 0 <= p <= 1:
        raise ValueError("p out of range")
    return (_int(tokens[0]), p, _int(tokens[2], _LOWEST))


def _no_params(tokens: list[str]) -> Params:
    if tokens:
        raise ValueError("takes no parameters")
    return ()


# -- builders ---------------------------------------------------------------
def _nx(generator: Callable[..., object]) -> Callable[[Params], Graph]:
    """Builder calling a networkx generator with the parameters."""
    return lambda p: Graph.from_networkx(generator(*p))


def _hang(edges: list[tuple[int, int]], at: int, first: int, length: int) -> int:
    """Append a path of ``length`` new vertices ``first, first+1, ...`` hanging
    from vertex ``at`` to ``edges``; return the next free label."""
    prev = at
    for v in range(first, first + length):
        edges.append((prev, v))
        prev = v
    return first + length


def _cycle_edges(c: int) -> list[tuple[int, int]]:
    return [(i, (i + 1) % c) for i in range(c)]


def _build_hypercube(p: Params) -> Graph:
    (d,) = p
    n = 1 << d
    edges = [(x, x | 1 << b) for x in range(n) for b in range(d) if not x >> b & 1]
    return Graph.from_edges(range(n), edges)


def _build_caterpillar(p: Params) -> Graph:
    k = len(p)
    edges = [(i, i + 1) for i in range(k - 1)]
    nxt = k
    for i, leaves in enumerate(p):
        for _ in range(leaves):
            nxt = _hang(edges, i, nxt, 1)
    return Graph.from_edges(range(nxt), edges)


def _build_spider(p: Params) -> Graph:
    edges: list[tuple[int, int]] = []
    nxt = 1
    for length in p:
        nxt = _hang(edges, 0, nxt, length)
    return Graph.from_edges(range(nxt), edges)


def _build_gmk(p: Params) -> Graph:
    m, k, c = p
    edges = _cycle_edges(c) + [(0, c)]
    nxt = _hang(edges, c, c + 1, m)
    nxt = _hang(edges, c, nxt, k)
    return Graph.from_edges(range(nxt), edges)


def _build_tailed_cycle(p: Params) -> Graph:
    c, *tails = p
    edges = _cycle_edges(c)
    nxt = c
    for at, length in tails:
        nxt = _hang(edges, at, nxt, length)
    return Graph.from_edges(range(nxt), edges)


# -- sizes ------------------------------------------------------------------
def _multipartite_size(p: Params) -> tuple[int, int]:
    total = sum(p)
    return total, (total * total - sum(a * a for a in p)) // 2


def _caterpillar_size(p: Params) -> tuple[int, int]:
    v = len(p) + sum(p)
    return v, v - 1


def _spider_size(p: Params) -> tuple[int, int]:
    v = 1 + sum(p)
    return v, v - 1


def _tailed_cycle_size(p: Params) -> tuple[int, int]:
    v = p[0] + sum(length for _, length in p[1:])
    return v, v  # one cycle: as many edges as vertices


# -- closed forms -----------------------------------------------------------
def _bipartite(
    size: Callable[[Params], tuple[int, int | None]],
    when: Callable[[Params], bool] = lambda p: True,
) -> Callable[[Params], ClosedForm | None]:
    """Closed form of a family of bipartite graphs (where ``when`` holds)."""

    def closed_form(p: Params) -> ClosedForm | None:
        if not when(p):
            return None
        v, e = size(p)
        assert e is not None
        return (
            bipartite_value(v, e),
            f"bipartite with {plural(v, 'vertex', 'vertices')} and {plural(e, 'edge')}; {BIPARTITE_SOURCE}",
        )

    return closed_form


def _tree(size: Callable[[Params], tuple[int, int | None]]) -> Callable[[Params], ClosedForm]:
    """Closed form of a family of trees."""

    def closed_form(p: Params) -> ClosedForm:
        v = size(p)[0]
        return forest_value(v, 1), f"a tree with {plural(v, 'vertex', 'vertices')}; {FOREST_SOURCE}"

    return closed_form


def _cycle_form(p: Params) -> ClosedForm:
    return 0, CYCLE_SOURCE


def _complete_form(p: Params) -> ClosedForm:
    return complete_value(p[0]), f"K_n with n = {p[0]}: n mod 3; {COMPLETE_SOURCE}"


def _multipartite_form(p: Params) -> ClosedForm:
    odd = sum(1 for a in p if a % 2)
    return (
        complete_multipartite_value(p),
        f"complete multipartite with {plural(odd, 'part')} of odd size: that number mod 3; {MULTIPARTITE_SOURCE}",
    )


def _wheel_form(p: Params) -> ClosedForm | None:
    # Odd wheels: Khandhawit-Ye Conjecture 3 (value 1) is open, so no formula.
    return (1, WHEEL_SOURCE) if p[0] % 2 == 0 else None


def _gmk_form(p: Params) -> ClosedForm | None:
    m, k, c = p
    if m < 1 or k < 1:
        return None
    return gmk_value(m, k), f"G_{{m,k}} with m = {m}, k = {k} (any odd cycle length); {GMK_SOURCE}"


_even_tailed_cycle_form = _bipartite(_tailed_cycle_size, lambda p: p[0] % 2 == 0)


def _tailed_cycle_form(p: Params) -> ClosedForm | None:
    return _cycle_form(p) if len(p) == 1 else _even_tailed_cycle_form(p)


def _sizes(v: Callable[[Params], int], e: Callable[[Params], int]) -> Callable[[Params], tuple[int, int]]:
    return lambda p: (v(p), e(p))


_path_size = _sizes(lambda p: p[0], lambda p: p[0] - 1)
_star_size = _sizes(lambda p: p[0] + 1, lambda p: p[0])
_grid_size = _sizes(lambda p: p[0] * p[1], lambda p: p[0] * (p[1] - 1) + p[1] * (p[0] - 1))
_hypercube_size = _sizes(lambda p: 1 << p[0], lambda p: (p[0] << p[0]) >> 1)
_prism_size = _sizes(lambda p: 2 * p[0], lambda p: 3 * p[0])
_empty_size = _sizes(lambda p: p[0], lambda p: 0)


def _hypercube_parse(tokens: list[str]) -> Params:
    (d,) = _ints(1, 0)(tokens)
    if d > MAX_HYPERCUBE_DIMENSION:
        raise ValueError("dimension too large")
    return (d,)
