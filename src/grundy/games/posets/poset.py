"""The position type of poset games: :class:`Poset` (labelled elements,
strict up-sets as bitsets), its bitset helpers, canonical keys by nauty
(:func:`poset_key`) and the involution reduction (:func:`poset_involution`).

Keys
----
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
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from typing import Any

from grundy.core.canon import certificate
from grundy.core.moves import label_str
from grundy.errors import InputError, TooLargeError
from grundy.games.graphs.graph import bits
from grundy.games.graphs.theory import involution_candidates

__all__ = ["Poset", "INVOLUTION_SOURCE", "MAX_ELEMENTS", "poset_key", "poset_involution"]

INVOLUTION_SOURCE = (
    "Khandhawit-Ye, Theorem 1, its proof carried over to poset games "
    "(an order involution whose fixed-point set is an order ideal keeps the value)"
)

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
