"""Poset games: exact nim-values, outcomes and winning moves.

The game
--------
A position is a finite partially ordered set. A move picks an element ``x``
and removes every element ``>= x`` (its up-set, ``x`` included); the player
who cannot move (the empty poset) loses. With ``dual=True`` the order is
flipped: a move removes every element ``<= x``. What is left after any
sequence of moves is a down-set (order ideal) of the start.

Well-known poset games are members of the families (:data:`POSET_FAMILIES`):

- ``chain:n`` is a Nim heap of size ``n``; disjoint chains are Nim.
- ``product:m,n`` is the product of a chain of ``m`` and one of ``n``
  elements. Rectangular ``m x n`` Chomp (choose a square, eat every square
  above and to the right of it; whoever eats the poisoned corner loses) is
  the normal-play poset game on ``product:m,n`` *minus its bottom element*
  (the poison): eating the poison is the one move nobody wants to make, so
  "taking it loses" is "it is not there and the player who cannot move
  loses". ``product:m,n`` itself, bottom included, always has value >= 1
  (taking the bottom empties it).
- ``divisors:n`` is Chomp's number-theoretic form: the divisors of ``n``
  other than 1 ordered by divisibility (1, the poison, removed as above); a
  move names a divisor and removes all its multiples.
- ``boolean:n`` is the Boolean lattice of an ``n``-set *without the empty
  set*, by the same convention (the empty set, which would take everything,
  is the poison). It is the face poset of the full simplex on ``n``
  vertices, so this poset game is subset take-away on ``simplex:n``
  (:mod:`grundy.games.complexes`); removing its top element as well gives Gale's
  game ``simplex-boundary:n``. ``divisors`` of a product of ``n`` distinct
  primes is ``boolean:n``.

The search
----------
:class:`PosetSolver` reuses the search core of :class:`grundy.core.search.Searcher`
(outcome questions on sums, the value table, the option cache, limits) and
supplies the poset-specific parts: :meth:`PosetSolver.decompose` splits a
position into the connected components of its comparability graph (a
disjoint sum), values lone elements and chains (nim-heaps), applies the
involution reduction below and cancels isomorphic pairs; each component
left is keyed by nauty on the directed graph ``i -> j`` for ``i < j``
(transitively closed). :meth:`PosetSolver._options` rebuilds the poset from
its key (:func:`grundy.core.canon.digraph_from_certificate`) and makes one move
per orbit of the automorphism group.

nauty on these digraphs needs a start partition: with none, its refinement
(which for digraphs follows arcs one way only) cannot tell the elements of
a very symmetric poset apart after individualising one, and keying the face
poset of the boundary of a 4-simplex took over 20 s. Colouring the elements
by (number below, number above), an isomorphism invariant, brings that to
0.03 ms; since the colouring is invariant and the arcs are in the key, keys
stay canonical (equal exactly for isomorphic posets).

The involution reduction
------------------------
**Proposition.** Let ``tau`` be an automorphism of the finite poset ``P``
with ``tau^2 = id``, whose fixed-point set ``F`` is a down-set (``y < x``,
``x`` in ``F`` imply ``y`` in ``F``). Then ``g(P) = g(F)``, ``F`` played as
a poset game with the induced order.

*Proof* (Khandhawit-Ye, Theorem 1, carried over from simplicial complexes).
Write ``Q - x`` for ``Q`` without the up-set of ``x``. By induction on
``|P|``; let ``n = g(F)``. Every position ``Q`` met below is a
``tau``-invariant down-set of ``P``, and its fixed-point set ``F cap Q`` is
a down-set of ``Q``, so the induction applies to it.
(1) For ``k < n`` there is ``x`` in ``F`` with ``g(F - x) = k``. Since
``tau(x) = x``, ``P - x`` is ``tau``-invariant with fixed-point set
``F - x``; by induction ``g(P - x) = k``. So ``g(P) >= n`` ... provided
(2) no option of ``P`` has value ``n``. For ``x`` in ``F``,
``g(P - x) = g(F - x) != n``. For ``x`` not in ``F``: no fixed element lies
above ``x`` (it would put ``x`` in ``F``, which is down-closed), nor above
``tau(x)``; and ``tau(x)`` is not above ``x`` (else applying ``tau``,
``x >= tau(x) >= x``, so ``x`` would be fixed), so ``tau(x)`` is still a
move in ``P - x``. It leads to ``R = P - x - tau(x)``, which is
``tau``-invariant with fixed-point set exactly ``F`` (nothing fixed was
removed). By induction ``g(R) = g(F) = n``, so ``P - x`` has an option of
value ``n`` and ``g(P - x) != n``. Hence ``g(P) = mex = n``. ∎

For the face poset of a simplicial complex this is exactly Theorem 1 (the
fixed faces form a down-set iff no face contains both ``v`` and ``tau(v)``
for a moved vertex ``v``). Without the down-set condition it fails: the
fixed elements of the involution swapping the two minimal elements of
``{a < c, b < c}`` are ``{c}`` (value 1), while the poset has value 2.

>>> s = PosetSolver()
>>> s.value_of(*s.decompose(build_poset_family("chain:3").up))
3
>>> poset_analysis("product:2,3")["value"] > 0      # a bottom element: take it all
True
"""

from __future__ import annotations

import json
import math
import os
import re
from collections.abc import Callable, Hashable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from grundy.analysis import measured, sum_values
from grundy.games.graphs.bitset import components
from grundy.core.canon import automorphisms, certificate, digraph_from_certificate
from grundy.core.search import Component, Namer, Searcher, Split
from grundy.errors import InputError, TooLargeError
from grundy.core.moves import label_json, label_str
from grundy.games.graphs.graph import bits
from grundy.games.graphs.theory import Switches, Theory, involution_candidates

__all__ = [
    "Poset",
    "PosetTheory",
    "PosetSolver",
    "PosetGame",
    "POSET_FAMILIES",
    "INVOLUTION_SOURCE",
    "build_poset_family",
    "load_poset",
    "poset_analysis",
    "poset_involution",
    "poset_key",
    "text_report",
]

INVOLUTION_SOURCE = (
    "Khandhawit-Ye, Theorem 1, its proof carried over to poset games "
    "(an order involution whose fixed-point set is an order ideal keeps the value)"
)
CHAIN_SOURCE = "Nim: a chain of n elements is a nim-heap of size n"

#: Largest poset the families and loaders build.
MAX_ELEMENTS = 5000

Label = Hashable


# ----------------------------------------------------------------------
# bitset helpers (element i is bit i)
# ----------------------------------------------------------------------
def _down_sets(up: tuple[int, ...] | list[int]) -> list[int]:
    """Strict down-sets from strict up-sets."""
    down = [0] * len(up)
    for i, u in enumerate(up):
        bit = 1 << i
        while u:
            low = u & -u
            down[low.bit_length() - 1] |= bit
            u ^= low
    return down


def _compact(up: tuple[int, ...] | list[int], verts: list[int]) -> tuple[int, ...]:
    """The subposet on ``verts`` (ascending element indices), renumbered
    ``0 .. k-1`` in order."""
    index = {v: k for k, v in enumerate(verts)}
    mask = 0
    for v in verts:
        mask |= 1 << v
    out = []
    for v in verts:
        a = up[v] & mask
        b = 0
        while a:
            low = a & -a
            b |= 1 << index[low.bit_length() - 1]
            a ^= low
        out.append(b)
    return tuple(out)


def _nauty_input(up: tuple[int, ...]) -> tuple[dict[int, list[int]], list[set[int]]]:
    """Out-neighbour lists of the digraph ``i -> j`` (``i < j``) and the
    invariant colouring by (number of elements below, number above)."""
    n = len(up)
    lists: dict[int, list[int]] = {}
    below = [0] * n
    for i, u in enumerate(up):
        heads = []
        while u:
            low = u & -u
            j = low.bit_length() - 1
            heads.append(j)
            below[j] += 1
            u ^= low
        lists[i] = heads
    classes: dict[tuple[int, int], set[int]] = {}
    for i in range(n):
        classes.setdefault((below[i], len(lists[i])), set()).add(i)
    return lists, [classes[c] for c in sorted(classes)]


def poset_key(up: tuple[int, ...]) -> bytes:
    """Canonical key of a poset given by strict up-sets (transitively
    closed): equal for two posets iff they are isomorphic.

    >>> poset_key((0b110, 0, 0)) == poset_key((0, 0b001, 0))   # a vee either way
    False
    >>> poset_key((0b110, 0, 0)) == poset_key((0, 0, 0b011))
    True
    """
    lists, colouring = _nauty_input(up)
    return certificate(len(up), lists, directed=True, colouring=colouring)


def poset_involution(
    up: tuple[int, ...], generators: list[list[int]]
) -> tuple[int, list[int]] | None:
    """An involutive automorphism whose fixed-point set is a down-set.

    Parameters
    ----------
    up : tuple of int
        Strict up-sets (the game removes up-sets).
    generators : list of permutations
        Automorphisms of the poset (e.g. from :func:`grundy.core.canon.automorphisms`).

    Returns
    -------
    (fixed_mask, involution) or None
        Among the candidates of :func:`involution_candidates` whose fixed
        set is down-closed (no fixed element above a moved one), the one
        with the fewest fixed elements. By the proposition in this module's
        docstring the fixed-point set has the poset's nim-value.

    >>> vee = (0b110, 0, 0)                      # 0 < 1, 0 < 2
    >>> poset_involution(vee, [[0, 2, 1]])       # swap the tops: {0} is fixed
    (1, [0, 2, 1])
    >>> poset_involution((0b100, 0b100, 0), [[1, 0, 2]]) is None   # wedge: fixed top
    True
    """
    best: tuple[int, list[int]] | None = None
    n = len(up)
    for q in involution_candidates(generators):
        fixed = 0
        for v in range(n):
            if q[v] == v:
                fixed |= 1 << v
        moved = ((1 << n) - 1) & ~fixed
        ok = True
        m = moved
        while m:
            low = m & -m
            if up[low.bit_length() - 1] & fixed:
                ok = False
                break
            m ^= low
        if ok and (best is None or fixed.bit_count() < best[0].bit_count()):
            best = (fixed, q)
    return best


# ----------------------------------------------------------------------
# the position type
# ----------------------------------------------------------------------
class Poset:
    """A finite poset with labelled elements, immutable and hashable.

    Parameters
    ----------
    labels : sequence of hashable
        Distinct element labels; element ``i`` is ``labels[i]``.
    up : sequence of int
        ``up[i]`` is the bitset of the elements strictly above ``i``; it must
        be transitively closed and acyclic (use :meth:`from_relations` to
        build one from user data: it closes and checks).
    dual : bool
        Play the dual game: a move removes every element ``<= x`` instead of
        every element ``>= x``. The order itself (``up``, ``covers``) stays
        as given.

    >>> p = Poset.from_relations("abc", [("a", "b"), ("b", "c")])
    >>> p.covers(), p.less("a", "c"), p.n
    ([('a', 'b'), ('b', 'c')], True, 3)
    """

    __slots__ = ("labels", "up", "dual", "_down", "_index", "_hash")

    labels: tuple[Label, ...]
    up: tuple[int, ...]
    dual: bool

    def __init__(self, labels: Iterable[Label], up: Iterable[int], *, dual: bool = False) -> None:
        labels = tuple(labels)
        up = tuple(up)
        if len(labels) != len(up):
            raise InputError("labels and up-sets differ in length")
        object.__setattr__(self, "labels", labels)
        object.__setattr__(self, "up", up)
        object.__setattr__(self, "dual", bool(dual))
        object.__setattr__(self, "_down", None)
        object.__setattr__(self, "_index", None)
        object.__setattr__(self, "_hash", None)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("Poset is immutable")

    # -- construction ---------------------------------------------------
    @classmethod
    def from_relations(
        cls,
        elements: Iterable[Label] = (),
        relations: Iterable[tuple[Label, Label]] = (),
        *,
        dual: bool = False,
        where: str = "",
    ) -> "Poset":
        """Build a poset from element labels and relations ``(a, b)``
        meaning ``a < b`` (cover relations or any comparabilities: the order
        is their transitive closure).

        Elements named only in relations are added in order of first
        appearance. ``where`` prefixes error messages.

        Raises
        ------
        InputError
            If a label is listed twice in ``elements``, or the relations
            have a cycle (``a < a``, or ``a < b < ... < a``): the message
            names the elements of one cycle.

        >>> Poset.from_relations([], [(1, 2), (2, 3), (3, 1)])
        Traceback (most recent call last):
        ...
        grundy.errors.InputError: the relations have a cycle 1 < 2 < 3 < 1 (through element 1): a partial order has none
        """
        prefix = f"{where}: " if where else ""
        labels: list[Label] = []
        index: dict[Label, int] = {}
        for x in elements:
            if x in index:
                raise InputError(f"{prefix}element {x!r} is listed twice")
            index[x] = len(labels)
            labels.append(x)
        succ: list[int] = [0] * len(labels)
        for rel in relations:
            a, b = rel
            for x in (a, b):
                if x not in index:
                    index[x] = len(labels)
                    labels.append(x)
                    succ.append(0)
            if a == b:
                raise InputError(
                    f"{prefix}the relations have a cycle {label_str(a)} < {label_str(a)} "
                    f"(through element {a!r}): a partial order has none"
                )
            succ[index[a]] |= 1 << index[b]
        if len(labels) > MAX_ELEMENTS:
            raise TooLargeError(f"{prefix}{len(labels)} elements; at most {MAX_ELEMENTS} are built")
        up = _closure(succ, labels, prefix)
        return cls(labels, up, dual=dual)

    #: Same as :meth:`from_relations` (covers are relations).
    from_covers = from_relations

    # -- queries --------------------------------------------------------
    @property
    def n(self) -> int:
        """Number of elements."""
        return len(self.up)

    @property
    def down(self) -> tuple[int, ...]:
        """``down[i]``: bitset of the elements strictly below ``i``."""
        d = self._down
        if d is None:
            d = tuple(_down_sets(self.up))
            object.__setattr__(self, "_down", d)
        return d

    @property
    def game_up(self) -> tuple[int, ...]:
        """The sets a move removes besides its element: ``up``, or ``down``
        for the dual game. The search sees only these."""
        return self.down if self.dual else self.up

    def index(self, label: Label) -> int:
        """Index of the element with this label; ``KeyError`` if absent."""
        idx = self._index
        if idx is None:
            idx = {v: i for i, v in enumerate(self.labels)}
            object.__setattr__(self, "_index", idx)
        return idx[label]

    def less(self, a: Label, b: Label) -> bool:
        """Whether ``a < b``."""
        return bool(self.up[self.index(a)] >> self.index(b) & 1)

    def cover_indices(self) -> list[tuple[int, int]]:
        """Cover relations ``(i, j)`` (``i < j``, nothing between), sorted."""
        out = []
        up = self.up
        for i, u in enumerate(up):
            above = 0
            for j in bits(u):
                above |= up[j]
            for j in bits(u & ~above):
                out.append((i, j))
        return out

    def covers(self) -> list[tuple[Label, Label]]:
        """Cover relations as label pairs (the Hasse diagram)."""
        lab = self.labels
        return [(lab[i], lab[j]) for i, j in self.cover_indices()]

    def relations(self) -> list[tuple[Label, Label]]:
        """Every comparability ``(a, b)`` with ``a < b``, as label pairs."""
        lab = self.labels
        return [(lab[i], lab[j]) for i, u in enumerate(self.up) for j in bits(u)]

    def restrict(self, mask: int) -> "Poset":
        """The subposet on the elements of ``mask`` (induced order)."""
        verts = list(bits(mask))
        return Poset([self.labels[v] for v in verts], _compact(self.up, verts), dual=self.dual)

    def move(self, label: Label) -> "Poset":
        """The position after the move at the element ``label``."""
        i = self.index(label)
        keep = ((1 << self.n) - 1) & ~(self.game_up[i] | 1 << i)
        return self.restrict(keep)

    def opposite(self) -> "Poset":
        """The same elements with the order reversed (same ``dual`` flag)."""
        return Poset(self.labels, self.down, dual=self.dual)

    # -- value semantics ------------------------------------------------
    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Poset):
            return NotImplemented
        return (self.labels, self.up, self.dual) == (other.labels, other.up, other.dual)

    def __hash__(self) -> int:
        h = self._hash
        if h is None:
            h = hash((self.labels, self.up, self.dual))
            object.__setattr__(self, "_hash", h)
        return h

    def __repr__(self) -> str:
        extra = ", dual=True" if self.dual else ""
        return f"Poset(n={self.n}, covers={len(self.cover_indices())}{extra})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (self.labels, self.up, self.dual))


def _rebuild(labels: tuple[Label, ...], up: tuple[int, ...], dual: bool) -> Poset:
    return Poset(labels, up, dual=dual)


def _closure(succ: list[int], labels: list[Label], prefix: str) -> list[int]:
    """Transitive closure of the arcs ``succ`` (bitsets), or an InputError
    naming a cycle."""
    n = len(succ)
    pred = _down_sets(succ)
    indeg = [p.bit_count() for p in pred]
    order = [i for i in range(n) if indeg[i] == 0]
    k = 0
    while k < len(order):
        i = order[k]
        k += 1
        for j in bits(succ[i]):
            indeg[j] -= 1
            if indeg[j] == 0:
                order.append(j)
    if len(order) < n:
        # Every element left has a predecessor left: walk back to a repeat.
        done = 0
        for i in order:
            done |= 1 << i
        v = next(i for i in range(n) if not done >> i & 1)
        path: list[int] = []
        at: dict[int, int] = {}
        while v not in at:
            at[v] = len(path)
            path.append(v)
            p = pred[v] & ~done
            v = (p & -p).bit_length() - 1
        cycle = path[at[v]:][::-1]  # walked backwards: reverse to read a < b
        first = cycle.index(min(cycle))  # start at the element listed first
        cycle = cycle[first:] + cycle[:first]
        names = [label_str(labels[i]) for i in cycle[:8]]
        more = " < ..." if len(cycle) > 8 else ""
        text = " < ".join(names) + more + f" < {label_str(labels[cycle[0]])}"
        raise InputError(
            f"{prefix}the relations have a cycle {text} "
            f"(through element {labels[cycle[0]]!r}): a partial order has none"
        )
    up = [0] * n
    for i in reversed(order):
        u = succ[i]
        for j in bits(succ[i]):
            u |= up[j]
        up[i] = u
    return up


# ----------------------------------------------------------------------
# families
# ----------------------------------------------------------------------
@dataclass(frozen=True)
class PosetFamily:
    """A named family of posets, written ``name:params``."""

    name: str
    params: str
    description: str
    build: Callable[[tuple[int, ...]], Poset]
    size: Callable[[tuple[int, ...]], int]
    arity: tuple[int, int | None]


def _chain(p: tuple[int, ...]) -> Poset:
    (n,) = p
    return Poset(range(1, n + 1), [((1 << n) - 1) & ~((2 << i) - 1) for i in range(n)])


def _antichain(p: tuple[int, ...]) -> Poset:
    (n,) = p
    return Poset(range(1, n + 1), [0] * n)


def _divisors_of(n: int) -> list[int]:
    small, large = [], []
    d = 1
    while d * d <= n:
        if n % d == 0:
            small.append(d)
            if d * d != n:
                large.append(n // d)
        d += 1
    return small + large[::-1]


def _divisors(p: tuple[int, ...]) -> Poset:
    (n,) = p
    ds = [d for d in _divisors_of(n) if d > 1]
    up = [sum(1 << j for j, e in enumerate(ds) if e != d and e % d == 0) for d in ds]
    return Poset(ds, up)


def _boolean(p: tuple[int, ...]) -> Poset:
    (n,) = p
    masks = sorted(range(1, 1 << n), key=lambda m: (m.bit_count(), [i for i in range(n) if m >> i & 1]))
    labels = [tuple(i + 1 for i in range(n) if m >> i & 1) for m in masks]
    up = [sum(1 << j for j, b in enumerate(masks) if b != a and a & b == a) for a in masks]
    return Poset(labels, up)


def _product(p: tuple[int, ...]) -> Poset:
    import itertools

    elems = list(itertools.product(*(range(k) for k in p)))
    up = [
        sum(1 << j for j, b in enumerate(elems) if b != a and all(x <= y for x, y in zip(a, b)))
        for a in elems
    ]
    return Poset(elems, up)


def _check_divisors(p: tuple[int, ...]) -> int:
    (n,) = p
    if n > 10**12:
        raise TooLargeError(f"divisors:{n}: n is at most 10^12 (factorised by trial division)")
    return len(_divisors_of(n)) - 1


POSET_FAMILIES: dict[str, PosetFamily] = {
    f.name: f
    for f in [
        PosetFamily("chain", "n", "n elements 1 < 2 < ... < n: a nim-heap of size n", _chain, lambda p: p[0], (1, 1)),
        PosetFamily("antichain", "n", "n incomparable elements 1..n: value n mod 2", _antichain, lambda p: p[0], (1, 1)),
        PosetFamily(
            "divisors",
            "n",
            "divisors of n except 1, ordered by divisibility (Chomp's number-theoretic form, the poison 1 removed)",
            _divisors,
            _check_divisors,
            (1, 1),
        ),
        PosetFamily(
            "boolean",
            "n",
            "nonempty subsets of {1..n} by inclusion (the empty set is the poison, removed): "
            "subset take-away on the full simplex",
            _boolean,
            lambda p: (1 << p[0]) - 1 if p[0] <= 13 else MAX_ELEMENTS + 1,
            (1, 1),
        ),
        PosetFamily(
            "product",
            "a,b,...",
            "product of chains of a, b, ... elements (tuples, ordered componentwise); "
            "product:m,n minus its bottom (0,0) is m x n Chomp with the poison removed",
            _product,
            lambda p: math.prod(p),
            (1, None),
        ),
    ]
}


def _parse_ints(text: str, spec: str) -> tuple[int, ...]:
    out = []
    for part in text.split(","):
        part = part.strip()
        if not re.fullmatch(r"[+-]?[0-9]+", part):
            raise InputError(f"{spec}: parameter {part!r} is not an integer")
        out.append(int(part))
    return tuple(out)


def build_poset_family(spec: str, *, dual: bool = False) -> Poset:
    """Build a poset from a family spec ``name:params`` (see :data:`POSET_FAMILIES`).

    Raises
    ------
    InputError
        On an unknown family, a wrong number of parameters or a parameter
        that is not a positive integer.
    TooLargeError
        If the poset would have more than ``MAX_ELEMENTS`` elements.

    >>> build_poset_family("divisors:12").labels
    (2, 3, 4, 6, 12)
    >>> build_poset_family("chain:0")
    Traceback (most recent call last):
    ...
    grundy.errors.InputError: chain:0: sizes must be positive integers, got 0
    """
    name, sep, rest = spec.partition(":")
    fam = POSET_FAMILIES.get(name.strip().lower())
    if fam is None:
        known = ", ".join(f"{f.name}:{f.params}" for f in POSET_FAMILIES.values())
        raise InputError(f"unknown poset family {name!r}; known: {known}")
    if not sep or not rest.strip():
        raise InputError(f"{spec}: the family {fam.name} needs parameters {fam.name}:{fam.params}")
    params = _parse_ints(rest, spec)
    lo, hi = fam.arity
    if len(params) < lo or (hi is not None and len(params) > hi):
        raise InputError(f"{spec}: expected {fam.name}:{fam.params}, got {len(params)} parameters")
    bad = [p for p in params if p <= 0]
    if bad:
        raise InputError(f"{spec}: sizes must be positive integers, got {bad[0]}")
    size = fam.size(params)
    if size > MAX_ELEMENTS:
        raise TooLargeError(f"{spec}: {size} elements; at most {MAX_ELEMENTS} are built")
    p = fam.build(params)
    return Poset(p.labels, p.up, dual=dual) if dual else p


# ----------------------------------------------------------------------
# files
# ----------------------------------------------------------------------
_INTEGER = re.compile(r"[+-]?[0-9]+")


def _token_label(token: str) -> Label:
    return int(token) if _INTEGER.fullmatch(token) else token


def _json_label(value: Any, where: str) -> Label:
    if isinstance(value, list):
        return tuple(_json_label(x, where) for x in value)
    if isinstance(value, str) or (isinstance(value, int) and not isinstance(value, bool)):
        return value
    raise InputError(f"{where}: a label must be a string, an integer or a list, got {type(value).__name__}")


def read_text(path: str) -> str:
    """A file's text, or an InputError naming the problem (shared with
    :mod:`grundy.games.complexes`)."""
    if os.path.isdir(path):
        raise InputError(f"cannot read {path}: it is a directory")
    try:
        with open(path, "rb") as fh:
            raw = fh.read()
    except OSError as exc:
        raise InputError(f"cannot read {path}: {exc.strerror or exc}") from None
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(f"cannot read {path}: not UTF-8 text (offset {exc.start})") from None


def parse_poset_text(text: str, source: str = "<text>", *, dual: bool = False) -> Poset:
    """Read the ``.poset`` format: one relation per line, ``a < b`` (or
    ``a > b``, or a chain ``a < b < c``) or ``a b`` (meaning ``a < b``); a
    lone label is an element; ``#`` starts a comment. Integer tokens are
    integer labels.

    >>> parse_poset_text("1 < 2  # a comment\\n2 3\\nx\\n").covers()
    [(1, 2), (2, 3)]
    """
    elements: list[Label] = []
    relations: list[tuple[Label, Label]] = []
    for lineno, line in enumerate(text.splitlines(), 1):
        tokens = line.split("#", 1)[0].split()
        if not tokens:
            continue
        where = f"{source}:{lineno}"
        if len(tokens) == 1:
            elements.append(_token_label(tokens[0]))
        elif len(tokens) == 2:
            if "<" in tokens or ">" in tokens:
                raise InputError(f"{where}: expected 'a < b', 'a b' or a lone element, got {line.strip()!r}")
            relations.append((_token_label(tokens[0]), _token_label(tokens[1])))
        else:
            if len(tokens) % 2 == 0 or any(t not in ("<", ">") for t in tokens[1::2]):
                raise InputError(f"{where}: expected 'a < b', 'a b' or a lone element, got {line.strip()!r}")
            labels = [_token_label(t) for t in tokens[0::2]]
            for k, op in enumerate(tokens[1::2]):
                a, b = labels[k], labels[k + 1]
                relations.append((a, b) if op == "<" else (b, a))
    elements = list(dict.fromkeys(elements))
    if not elements and not relations:
        raise InputError(f"no poset in {source}: no relations and no elements")
    return Poset.from_relations(elements, relations, dual=dual, where=source)


def parse_poset_json(text: str, source: str = "<json>", *, dual: bool = False) -> Poset:
    """Read ``{"elements": [...], "relations": [[a, b], ...]}`` (``a < b``;
    either key may be missing but not both)."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(f"{source}:{exc.lineno}:{exc.colno}: malformed JSON: {exc.msg}") from None
    shape = '{"elements": [...], "relations": [[a, b], ...]}'
    if not isinstance(data, dict):
        raise InputError(f"{source}: expected a poset object {shape}")
    unknown = sorted(set(data) - {"elements", "relations"})
    if unknown or not data:
        problem = f"unknown key {unknown[0]!r}" if unknown else "empty object"
        raise InputError(f"{source}: {problem}; expected {shape}")
    elements = data.get("elements", [])
    relations = data.get("relations", [])
    if not isinstance(elements, list) or not isinstance(relations, list):
        raise InputError(f"{source}: 'elements' and 'relations' must be lists; expected {shape}")
    labels = [_json_label(x, f"{source}: elements[{i}]") for i, x in enumerate(elements)]
    rels = []
    for i, r in enumerate(relations):
        where = f"{source}: relations[{i}]"
        if not (isinstance(r, list) and len(r) == 2):
            raise InputError(f"{where}: a relation must be a pair [a, b] meaning a < b")
        rels.append((_json_label(r[0], where), _json_label(r[1], where)))
    return Poset.from_relations(labels, rels, dual=dual, where=source)


def load_poset(spec: str | Poset, *, dual: bool = False) -> Poset:
    """A poset from a family spec (``divisors:30``), a ``.poset`` file or a
    ``.json`` file (see :func:`parse_poset_text`, :func:`parse_poset_json`).

    Raises
    ------
    InputError
        Bad input, with a one-line message: an unknown family, a size that
        is not a positive integer, a cycle in the relations, an unreadable
        file or one in an unknown format.

    >>> load_poset("boolean:2").covers()
    [((1,), (1, 2)), ((2,), (1, 2))]
    >>> load_poset("cube:3")
    Traceback (most recent call last):
    ...
    grundy.errors.InputError: unknown poset family 'cube'; known: chain:n, antichain:n, divisors:n, boolean:n, product:a,b,...
    """
    if isinstance(spec, Poset):
        return Poset(spec.labels, spec.up, dual=dual) if dual and not spec.dual else spec
    if not isinstance(spec, str):
        raise InputError(f"cannot make a poset from {type(spec).__name__}: expected a Poset or a string")
    spec = spec.strip()
    ext = os.path.splitext(spec)[1].lower()
    if ext in (".poset", ".json") or os.path.exists(spec):
        text = read_text(spec)
        if ext == ".json":
            return parse_poset_json(text, spec, dual=dual)
        if ext == ".poset":
            return parse_poset_text(text, spec, dual=dual)
        raise InputError(f"cannot read {spec}: unsupported extension {ext or '(none)'!r}; supported: .poset, .json")
    return build_poset_family(spec, dual=dual)


# ----------------------------------------------------------------------
# reductions switchable off
# ----------------------------------------------------------------------
@dataclass(frozen=True)
class PosetTheory(Switches):
    """Which shortcuts :class:`PosetSolver` may use (all on by default).

    chains : a component that is a chain of ``n`` elements is a nim-heap
        of size ``n`` (Nim). involutions : the involution reduction (this
        module's proposition). cancel_pairs : isomorphic components cancel
        (G + G = 0). Splitting into components and the canonical table are
        the engine's own (Sprague-Grundy) and always on.
    """

    chains: bool = True
    involutions: bool = True
    cancel_pairs: bool = True


# ----------------------------------------------------------------------
# the game
# ----------------------------------------------------------------------
class PosetGame:
    """Poset games as a game of :class:`grundy.core.search.Searcher`.

    Positions are strict up-sets in the *game* order (the sets a move
    removes, :attr:`Poset.game_up`), with a mask of the elements present.
    Components are those of the comparability graph; a lone element and a
    chain are nim-heaps; the rest is keyed by nauty (the cover digraph,
    coloured) and reduced by order involutions (see the module docstring).

    Parameters
    ----------
    theory : PosetTheory, optional
        Which shortcuts to use (default all).
    """

    name = "poset-v1"

    def __init__(self, theory: PosetTheory | None = None) -> None:
        self.theory = theory if theory is not None else PosetTheory()

    def size(self, key: Component) -> int:
        return len(key)

    def decompose(
        self,
        search: Searcher,
        up: tuple[int, ...],
        mask: int | None = None,
        trace: list[str] | None = None,
        name: Namer | None = None,
    ) -> Split:
        """Split a position into a heap and unknown components.

        ``up``: strict up-sets (transitively closed) of the whole poset;
        ``mask``: the elements present (default all; a down-set for a
        position reached by play, but any subset works). As
        :meth:`grundy.core.search.Searcher.decompose`.
        """
        if mask is None:
            mask = (1 << len(up)) - 1
        down = _down_sets(up)
        comparable = tuple(u | d for u, d in zip(up, down))
        unknown: list[Component] = []
        nimber = self._split(search, up, comparable, mask, unknown, trace, name)
        return search.finish_split(nimber, unknown, trace)

    def _split(
        self,
        search: Searcher,
        up: tuple[int, ...],
        comparable: tuple[int, ...],
        mask: int,
        unknown: list[Component],
        trace: list[str] | None = None,
        name: Namer | None = None,
    ) -> int:
        nimber = 0
        chains = self.theory.chains
        for comp in components(comparable, mask):
            size = comp.bit_count()
            if size == 1:
                nimber ^= 1
                if trace is not None and name is not None:
                    trace.append(f"{name(comp)}: a lone element, a nim-heap of size 1")
                continue
            if chains:
                m = comp
                while m:
                    low = m & -m
                    if comparable[low.bit_length() - 1] & comp != comp ^ low:
                        break
                    m ^= low
                else:
                    search.stats.closed_forms += 1
                    nimber ^= size
                    if trace is not None and name is not None:
                        trace.append(f"{name(comp)}: a chain of {size} elements, value {size} [{CHAIN_SOURCE}]")
                    continue
            nimber ^= self._key_component(search, up, comp, unknown, trace, name)
        return nimber

    def _key_component(
        self,
        search: Searcher,
        up: tuple[int, ...],
        comp: int,
        unknown: list[Component],
        trace: list[str] | None,
        name: Namer | None,
    ) -> int:
        verts = list(bits(comp))
        sub = _compact(up, verts)
        lists, colouring = _nauty_input(sub)
        key = certificate(len(sub), lists, directed=True, colouring=colouring)

        def reduce(tr: list[str] | None) -> Split | None:
            gens, _orbits = automorphisms(len(sub), lists, directed=True, colouring=colouring)
            inv = poset_involution(sub, gens)
            if inv is None:
                return None
            if tr is None or name is None:
                return self.decompose(search, sub, inv[0])
            moved = 0
            fixed = 0
            for i, w in enumerate(inv[1]):
                if w != i:
                    moved |= 1 << verts[i]
                else:
                    fixed |= 1 << verts[i]
            tr.append(
                f"{name(comp)}: an order automorphism of order 2 moving {name(moved)} "
                f"has an order ideal as fixed-point set; replaced by it [{INVOLUTION_SOURCE}]"
            )
            if fixed:
                return self.decompose(search, up, fixed, tr, name)
            tr.append("the fixed-point set is empty: value 0")
            return 0, ()

        if trace is None or name is None:
            return search.look_up(key, unknown, reduce if self.theory.involutions else None)
        return search.look_up(
            key,
            unknown,
            reduce if self.theory.involutions else None,
            trace,
            name(comp),
            f"{name(comp)}: {len(sub)} elements, {sum(u.bit_count() for u in sub)} relations, "
            "no shortcut: searched",
        )

    def children(self, search: Searcher, key: Component, start: int = 0) -> Iterator[Split]:
        """Options of a component: one move per orbit of its automorphism
        group (elements in index order), from the ``start``-th on."""
        up = digraph_from_certificate(key)
        n = len(up)
        lists, colouring = _nauty_input(up)
        _gens, orbits = automorphisms(n, lists, directed=True, colouring=colouring)
        down = _down_sets(up)
        comparable = tuple(u | d for u, d in zip(up, down))
        full = (1 << n) - 1
        reps = [i for i in range(n) if orbits[i] == i]
        for i in reps[start:]:
            unknown: list[Component] = []
            nim = self._split(search, up, comparable, full & ~(up[i] | 1 << i), unknown)
            yield search.finish_split(nim, unknown)


class PosetSolver(Searcher):
    """The searcher of poset games, made in one call:
    ``Searcher(PosetGame(theory), **kwargs)``.

    Parameters
    ----------
    theory : PosetTheory, optional
        Which shortcuts to use (default all).
    **kwargs
        Table, limits, progress and caches: see
        :class:`grundy.core.search.Searcher`.

    >>> s = PosetSolver()
    >>> s.value_of(*s.decompose(build_poset_family("antichain:3").up))
    1
    """

    def __init__(self, theory: PosetTheory | None = None, **kwargs: Any) -> None:
        super().__init__(PosetGame(theory), **kwargs)


# ----------------------------------------------------------------------
# analysis
# ----------------------------------------------------------------------
def poset_analysis(
    poset: Poset | str,
    *,
    option_table: bool = False,
    solver: PosetSolver | None = None,
    name: str | None = None,
) -> dict[str, Any]:
    """Nim-value, outcome, winning moves and explanation of a poset game.

    Parameters
    ----------
    poset : Poset or str
        The position, or a spec for :func:`load_poset`.
    option_table : bool
        Also give every move with the value of the position it leads to
        (``"options"``).
    solver : PosetSolver, optional
        Reuse a solver and its table (limits are the solver's).
    name : str, optional
        The ``"name"`` reported (default: the spec, or ``""``).

    Returns
    -------
    dict
        ``{"name", "game": "poset", "dual", "value", "outcome",
        "winning_moves": [{"element": x}, ...], "elements": [...],
        "relations": [[a, b], ...] (cover relations, a < b),
        "explanation": [...], "stats": {...}}`` and ``"options": [{"element":
        x, "value": v}, ...]`` with ``option_table``. Labels are JSON
        (tuples become lists).

    Raises
    ------
    InputError
        If ``poset`` is a spec that cannot be read.
    SearchLimitReached
        If the solver's limit stops the search (what it learned stays in
        its table).

    >>> a = poset_analysis("chain:2")
    >>> a["value"], a["outcome"], a["winning_moves"]
    (2, 'N', [{'element': 1}])
    """
    if isinstance(poset, str):
        name = poset if name is None else name
        poset = load_poset(poset)
    if solver is None:
        solver = PosetSolver()
    labels = poset.labels
    up = poset.game_up
    n = poset.n
    everything = (1 << n) - 1

    def namer(mask: int) -> str:
        if mask == everything and n > 1:
            return "the poset"
        return "{" + ", ".join(label_str(labels[i]) for i in bits(mask)) + "}"

    with measured(solver) as stats:
        rule = "a move picks an element x and removes every element " + ("<= x" if poset.dual else ">= x")
        trace = [f"poset game: {rule}; the player who cannot move loses"]
        down = _down_sets(up)
        comparable = tuple(u | d for u, d in zip(up, down))
        comps = components(comparable, everything)
        if not comps:
            trace.append("the empty poset: no move, value 0")
        comp_values, total = sum_values(
            solver,
            comps,
            lambda comp, tr: solver.decompose(up, comp, tr, namer),
            namer,
            lambda comp: comp,
            trace,
        )
        winning: list[int] = []
        table: list[tuple[int, int]] = []
        for comp, cval in zip(comps, comp_values):
            target = total ^ cval
            for i in bits(comp):
                nim, unk = solver.decompose(up, comp & ~(up[i] | 1 << i))
                if option_table:
                    val = solver.value_of(nim, unk)
                    table.append((i, val ^ target))
                    wins = val == target
                else:
                    wins = solver.is_p(nim ^ target, unk)
                if wins:
                    winning.append(i)
    out: dict[str, Any] = {
        "name": name or "",
        "game": "poset",
        "dual": poset.dual,
        "value": total,
        "outcome": "P" if total == 0 else "N",
        "winning_moves": [{"element": label_json(labels[i])} for i in sorted(winning)],
        "elements": [label_json(x) for x in labels],
        "relations": [[label_json(a), label_json(b)] for a, b in poset.covers()],
        "explanation": trace,
        "stats": stats,
    }
    if option_table:
        out["options"] = [{"element": label_json(labels[i]), "value": v} for i, v in sorted(table)]
    return out


def _move_text(move: dict[str, Any]) -> str:
    if "face" in move:
        return "{" + ",".join(label_str(_label_back(x)) for x in move["face"]) + "}"
    return label_str(_label_back(move["element"]))


def _label_back(x: Any) -> Any:
    return tuple(_label_back(y) for y in x) if isinstance(x, list) else x


def text_report(result: dict[str, Any]) -> str:
    """A human-readable report of a :func:`poset_analysis` or
    :func:`grundy.games.complexes.complex_analysis` result: value and outcome,
    winning moves (faces printed as ``{1,4}``), options if present, and the
    explanation.

    >>> print(text_report(poset_analysis("antichain:2")))
    antichain:2: value 0 (P)
    winning moves: none
    - poset game: a move picks an element x and removes every element >= x; the player who cannot move loses
    - 2 components: a disjoint sum, values combine by nim-sum [Sprague-Grundy]
    - {1}: a lone element, a nim-heap of size 1
    - {1} has value 1
    - {2}: a lone element, a nim-heap of size 1
    - {2} has value 1
    - nim-sum 1 xor 1 = 0
    - value 0: P-position, the player to move loses
    """
    lines = [f"{result.get('name') or result.get('game')}: value {result['value']} ({result['outcome']})"]
    moves = result.get("winning_moves") or []
    lines.append("winning moves: " + (", ".join(_move_text(m) for m in moves) if moves else "none"))
    if "options" in result:
        lines.append("options: " + ", ".join(f"{_move_text(m)} -> {m['value']}" for m in result["options"]))
    lines.extend(f"- {line}" for line in result.get("explanation", []))
    return "\n".join(lines)
