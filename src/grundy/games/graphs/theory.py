"""The papers' results on Graph Chomp, as functions on bitset graphs.

Each result is switchable off through :class:`Theory`; the tests prove every
one equal to plain search (exhaustively on small graphs, by property-based
tests on random ones). Graphs are adjacency bitsets as in
:mod:`grundy.games.graphs.bitset`; ``mask`` selects the vertices considered.

Results used
------------
- Khandhawit-Ye, Theorem 3 / Table 2: bipartite graphs by parity of v and e.
- Draisma-van Rijnswou, Theorem 2; Khandhawit-Ye, Corollary 1: trees (a
  forest is a sum of trees), on their own switch.
- Khandhawit-Ye, Theorem 2 and Lemma 1: complete multipartite graphs, K_n.
- Khandhawit-Ye, §2: a cycle has value 0 (any move leaves a path of value
  1 or 2; even cycles are also covered by Table 2).
- Khandhawit-Ye, Theorem 1 (Draisma-van Rijnswou, Proposition 3): an
  involutive automorphism that swaps the endpoints of no edge preserves the
  nim-value when the position is replaced by its fixed-point set. Two false
  twins (non-adjacent vertices with equal neighbourhoods) give such an
  involution, the transposition of the two; its fixed-point set is the graph
  without them.
- Sprague-Grundy: G + G = 0, so two isomorphic components cancel.
- For Harding-Ottaway's BO/BO and BE/BE (not Graph Chomp): the game on G is
  Arc Kayles on the subgraph induced by the vertices of odd (even) degree
  (Harding-Ottaway §2, where play "is exactly like that of constructing a
  matching" of that subgraph; :data:`ARC_KAYLES_SOURCE`, the proof written
  out in ``docs/papers.md``).
- For Node Kayles, Arc Kayles (and so BO/BO and BE/BE), Graph Nim, OE/OE
  and the odd- and even-vertex games: an involutive automorphism fixing no
  vertex and joining no vertex to its image by an edge makes the position a
  P-position: the second player answers every move by its mirror image (the
  Tweedledum-Tweedledee argument, :data:`MIRROR_SOURCE`; the hypothesis and
  proof in ``docs/papers.md``).
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from collections.abc import Iterator
from math import lcm
from typing import TypeVar

from grundy.games.graphs.bitset import is_bipartite
from grundy.games.graphs.formulas import (
    BIPARTITE_SOURCE,
    COMPLETE_SOURCE,
    FOREST_SOURCE,
    MULTIPARTITE_SOURCE,
    bipartite_value,
    complete_multipartite_value,
    plural,
)

__all__ = [
    "Switches",
    "Theory",
    "classify",
    "involution_candidates",
    "involution_fixed_set",
    "CYCLE_SOURCE",
    "TWINS_SOURCE",
    "INVOLUTION_SOURCE",
    "CANCEL_SOURCE",
    "ARC_KAYLES_SOURCE",
    "ARC_KAYLES_PARITY",
    "MIRROR_SOURCE",
    "MIRROR_RULESETS",
    "PATH_CODES",
    "PATH_SOURCE",
    "arc_kayles_parity",
    "switches_used",
    "is_path",
    "mirror_possible",
    "parity_vertices",
]

CYCLE_SOURCE = "Khandhawit-Ye, §2 (a cycle has value 0: every move leaves a path)"
TWINS_SOURCE = "Khandhawit-Ye, Theorem 1 (false twins: the swap is an involution)"
INVOLUTION_SOURCE = "Khandhawit-Ye, Theorem 1; Draisma-van Rijnswou, Proposition 3"
CANCEL_SOURCE = "Sprague-Grundy: G + G = 0 (isomorphic components cancel)"
ARC_KAYLES_SOURCE = (
    "Harding-Ottaway, §2 (play builds a matching of the subgraph induced by the odd (even) vertices): a "
    "move leaves both its ends of the other parity, which never lose an edge again (proof in docs/papers.md)"
)
#: The rulesets that are Arc Kayles on the vertices of one degree parity, with that parity (1 odd, 0 even).
ARC_KAYLES_PARITY = {"bo-bo": 1, "be-be": 0}
MIRROR_SOURCE = (
    "the mirror (Tweedledum-Tweedledee) argument, Berlekamp-Conway-Guy, Winning Ways, ch. 2: an involutive "
    "automorphism fixing no vertex and joining no vertex to its image makes a Node Kayles, Arc Kayles, "
    "Graph Nim, BO/BO, BE/BE, OE/OE, odd-vertex or even-vertex position P (proof in docs/papers.md)"
)
#: The searched rulesets the mirror argument holds for (switch ``mirror``; docs/papers.md, "The
#: mirror argument"). Not Graph Chomp, whose Khandhawit-Ye Theorem 1 (``involutions``) says more.
MIRROR_RULESETS = frozenset({"node-kayles", "arc-kayles", "graph-nim", "oe-oe", "odd-vertex", "even-vertex",
                             "bo-bo", "be-be"})  # BO/BO, BE/BE: searched by their own rules (without arc_kayles)
#: The searched rulesets the leaf reductions hold for (switch ``leaves``, :func:`arc_leaves`).
LEAVES_RULESETS = frozenset({"arc-kayles"})
LEAVES_SOURCE = (
    "Arc Kayles leaf reductions (proofs in docs/papers.md; the first two generalise Beling's 'reduced stars' "
    "for Cram): a vertex every neighbour of which has a leaf other than it is deleted (two leaves at one "
    "vertex: one goes); of two non-adjacent vertices with the same two neighbours c < d, the edges a-c and "
    "b-d are deleted"
)
#: The rulesets whose play on a path P_n is an octal game at heap n (switch ``paths``): Node
#: Kayles is Dawson's Kayles 0.137, Arc Kayles is Dawson's Chess 0.07 (Winning Ways, ch. 4).
PATH_CODES = {"node-kayles": "0.137", "arc-kayles": "0.07"}
PATH_SOURCE = (
    "Winning Ways, ch. 4: on a path P_n, Node Kayles is the octal game 0.137 (Dawson's Kayles) and "
    "Arc Kayles 0.07 (Dawson's Chess) at heap n"
)


class Switches:
    """Named on/off switches of a frozen dataclass of bools (the results a
    solver may use): :meth:`none`, :meth:`only`, :meth:`names`. Shared by
    :class:`Theory`, :class:`grundy.games.posets.PosetTheory` and
    :class:`grundy.games.complexes.ComplexTheory`."""

    @classmethod
    def none(cls: type[_S]) -> _S:
        """Every switch off: pure search."""
        return cls(**{f.name: False for f in fields(cls)})  # type: ignore[call-arg,arg-type]

    @classmethod
    def only(cls: type[_S], *names: str) -> _S:
        """Only the named switches on, e.g. ``Theory.only("twins")``.

        Raises
        ------
        ValueError
            On a name that is not a switch of the class.
        """
        valid = {f.name for f in fields(cls)}  # type: ignore[arg-type]
        bad = set(names) - valid
        if bad:
            raise ValueError(f"unknown switch {sorted(bad)}; valid: {sorted(valid)}")
        return replace(cls.none(), **{n: True for n in names})  # type: ignore[type-var]

    @classmethod
    def names(cls) -> list[str]:
        """Names of all switches, in declaration order."""
        return [f.name for f in fields(cls)]  # type: ignore[arg-type]


_S = TypeVar("_S", bound=Switches)


@dataclass(frozen=True)
class Theory(Switches):
    """Which of the papers' results the engine may use.

    All are on by default; :meth:`none` turns every one off (pure search,
    still with disjoint-sum splitting and the canonical table, which are the
    engine's own and proven by Sprague-Grundy).

    The switches ``bipartite`` ... ``involutions`` are results on Graph
    Chomp; ``cancel_pairs`` holds in every impartial game; ``arc_kayles``
    is for BO/BO and BE/BE only; ``mirror`` for every other ruleset
    (:data:`MIRROR_RULESETS`; BO/BO and BE/BE searched as Arc Kayles or by
    their own rules);
    ``paths`` for Node Kayles and Arc Kayles (and BO/BO, BE/BE: a path
    component valued by its octal game); ``leaves`` for
    Arc Kayles (and BO/BO, BE/BE searched as it): :func:`arc_leaves`.

    >>> Theory.none().bipartite, Theory().twins, Theory.only("twins").cycles
    (False, True, False)
    """

    bipartite: bool = True
    forests: bool = True
    complete_multipartite: bool = True
    cycles: bool = True
    twins: bool = True
    involutions: bool = True
    cancel_pairs: bool = True
    arc_kayles: bool = True
    mirror: bool = True
    paths: bool = True
    leaves: bool = True


def arc_kayles_parity(ruleset: str, theory: "Theory | None") -> int | None:
    """The degree parity (1 odd, 0 even) of the vertices that play when
    ``ruleset`` is searched as Arc Kayles on them (BO/BO, BE/BE with the
    switch ``arc_kayles`` on; ``theory`` None means on), else None.

    >>> arc_kayles_parity("bo-bo", None), arc_kayles_parity("be-be", Theory(arc_kayles=False))
    (1, None)
    """
    if theory is not None and not theory.arc_kayles:
        return None
    return ARC_KAYLES_PARITY.get(ruleset)


def switches_used(ruleset: str, misere: bool = False) -> list[str]:
    """The :class:`Theory` switches the search of the graph ruleset
    ``ruleset`` (a registry name) uses, in declaration order: Graph Chomp's
    results for Graph Chomp, ``cancel_pairs`` for every other ruleset,
    ``arc_kayles`` for BO/BO and BE/BE, ``mirror`` for the rulesets of
    :data:`MIRROR_RULESETS` (and BO/BO, BE/BE), ``paths`` for those with a
    path's octal game (:data:`PATH_CODES`, and BO/BO, BE/BE), ``leaves``
    for those searched as Arc Kayles; in misère play only ``arc_kayles`` (a
    statement about the game tree; the others are about nim-values).

    >>> switches_used("node-kayles"), switches_used("bo-bo", misere=True)
    (['cancel_pairs', 'mirror', 'paths'], ['arc_kayles'])
    >>> switches_used("arc-kayles"), switches_used("graph-nim")
    (['cancel_pairs', 'mirror', 'paths', 'leaves'], ['cancel_pairs', 'mirror'])
    >>> "mirror" in switches_used("chomp"), switches_used("chomp", misere=True)
    (False, [])
    """
    if misere:
        return ["arc_kayles"] if ruleset in ARC_KAYLES_PARITY else []
    if ruleset == "chomp":
        return [n for n in Theory.names() if n not in ("arc_kayles", "mirror", "paths", "leaves")]
    used = {"cancel_pairs"}
    if ruleset in ARC_KAYLES_PARITY:
        used |= {"arc_kayles", "mirror", "paths", "leaves"}
    if ruleset in MIRROR_RULESETS:
        used.add("mirror")
    if ruleset in PATH_CODES:
        used.add("paths")
    if ruleset in LEAVES_RULESETS:
        used.add("leaves")
    return [n for n in Theory.names() if n in used]


def arc_leaves(adj: tuple[int, ...]) -> tuple[int, tuple[int, ...]] | None:
    """One round of the Arc Kayles leaf reductions (:data:`LEAVES_SOURCE`,
    proved in docs/papers.md, "Arc Kayles: leaves"), each keeping the
    nim-value (normal play only):

    1. in vertex order, a vertex x of degree >= 1 every neighbour c of which
       has a leaf other than x (in the graph left so far) is deleted;
    2. if (1) deleted nothing: for the first pair a < b of non-adjacent
       vertices of degree 2 with the same neighbours c < d, the edges a-c
       and b-d are deleted (a and b become leaves).

    Parameters
    ----------
    adj : tuple of int
        A graph as adjacency bitsets (any number of vertices).

    Returns
    -------
    (int, tuple of int) or None
        The vertices kept (a bitmask) and the adjacency left (edges deleted
        by (2)), or None if neither applies. The kernel's ``_arc_leaves``
        is the same round in C (the tests hold them equal).

    >>> arc_leaves((0b110, 0b1, 0b1))      # two leaves at vertex 0: leaf 1 goes
    (5, (6, 1, 1))
    >>> arc_leaves((0b0110, 0b1001, 0b1001, 0b0110))   # C4: 0, 3 share {1, 2}
    (15, (4, 8, 1, 2))
    >>> arc_leaves((0b10, 0b101, 0b1010, 0b100)) is None   # P4: nothing applies
    True
    """
    n = len(adj)
    alive = (1 << n) - 1
    deg = [a.bit_count() for a in adj]
    changed = False
    for x in range(n):
        if not deg[x] or not alive >> x & 1:
            continue
        nbrs = adj[x] & alive
        ok = True
        rest = nbrs
        while rest:
            c = (rest & -rest).bit_length() - 1
            rest &= rest - 1
            leaves = adj[c] & alive & ~(1 << x)
            while leaves:
                lf = (leaves & -leaves).bit_length() - 1
                leaves &= leaves - 1
                if deg[lf] == 1:
                    break
            else:
                ok = False
                break
        if ok:
            alive &= ~(1 << x)
            changed = True
            deg[x] = 0
            rest = nbrs
            while rest:
                c = (rest & -rest).bit_length() - 1
                rest &= rest - 1
                deg[c] -= 1
    if changed:
        return alive, adj
    for a in range(n):
        if deg[a] != 2:
            continue
        for b in range(a + 1, n):
            if adj[b] == adj[a]:
                row = adj[a]
                c = (row & -row).bit_length() - 1
                d = (row & (row - 1)).bit_length() - 1
                red = list(adj)
                red[a] &= ~(1 << c)
                red[c] &= ~(1 << a)
                red[b] &= ~(1 << d)
                red[d] &= ~(1 << b)
                return alive, tuple(red)
    return None


def mirror_possible(adj: tuple[int, ...]) -> bool:
    """Whether every degree of the graph occurs an even number of times and
    its edges are even in number: a necessary condition for an automorphism
    of order 2 fixing no vertex and joining none to its image (it pairs the
    vertices, of equal degrees, and the edges: one it mapped to itself would
    join a vertex to its image), checked before nauty is asked for the group
    under the mirror argument.

    >>> mirror_possible((0b10, 0b01)), mirror_possible((0b10, 0b101, 0b10))
    (False, False)
    >>> mirror_possible((0b1010, 0b0101, 0b1010, 0b0101))  # C_4: the half-turn
    True
    """
    odd = 0
    total = 0
    for a in adj:
        d = a.bit_count()
        odd ^= 1 << d
        total += d
    return odd == 0 and total % 4 == 0


def is_path(adj: tuple[int, ...], comp: int) -> bool:
    """Whether the connected subgraph induced by ``comp`` is a path (every
    degree at most 2 and one edge fewer than vertices).

    >>> is_path((0b10, 0b101, 0b10), 0b111), is_path((0b110, 0b101, 0b011), 0b111)
    (True, False)
    """
    total = 0
    m = comp
    while m:
        low = m & -m
        d = (adj[low.bit_length() - 1] & comp).bit_count()
        if d > 2:
            return False
        total += d
        m ^= low
    return total // 2 == comp.bit_count() - 1


def parity_vertices(adj: tuple[int, ...], mask: int, parity: int) -> int:
    """The vertices of ``mask`` whose degree in the subgraph induced by
    ``mask`` has the given parity (1 odd, 0 even), as a mask: the vertices
    that play BO/BO (BE/BE) as Arc Kayles (:data:`ARC_KAYLES_SOURCE`).

    >>> bin(parity_vertices((0b10, 0b101, 0b10), 0b111, 1))   # P_3: the two ends
    '0b101'
    """
    live = 0
    m = mask
    while m:
        low = m & -m
        v = low.bit_length() - 1
        if (adj[v] & mask).bit_count() & 1 == parity:
            live |= low
        m ^= low
    return live


#: The switches :func:`classify` reads: with none of them on it returns None
#: for every graph (tests/test_kernel.py checks it), so callers may skip it.
CLASSIFY_SWITCHES = ("twins", "bipartite", "forests", "complete_multipartite", "cycles")


def classify(
    adj: tuple[int, ...], comp: int, theory: Theory
) -> tuple[int, str, str] | int | None:
    """Reduce or value a *connected* graph by the papers' results.

    One pass over the vertices collects the neighbourhoods, from which false
    twins, complete (multipartite) graphs and cycles are recognised; a BFS
    decides bipartiteness.

    Parameters
    ----------
    adj : tuple of int
        Adjacency bitsets.
    comp : int
        The vertices of one connected component (nonempty).
    theory : Theory
        Which results are allowed.

    Returns
    -------
    int, (value, what, source) or None
        An int is the mask of false twins to delete, paired off within each
        class of equal neighbourhoods (Khandhawit-Ye, Theorem 1 with the
        involution swapping two twins; a class of odd size keeps one
        vertex). A triple is a closed form: the value, the structure found
        (e.g. "a tree on 5 vertices") and the paper and theorem. None: no
        result applies.

    >>> star = (0b0100, 0b0100, 0b1011, 0b0100)            # centre 2
    >>> bin(classify(star, 0b1111, Theory()))              # leaves 0 and 1 are twins
    '0b11'
    >>> classify(star, 0b1111, Theory.only("bipartite"))
    (2, 'a tree on 4 vertices', 'Draisma-van Rijnswou, Theorem 2; Khandhawit-Ye, Corollary 1 (forests)')
    """
    groups: dict[int, int] = {}
    degree_sum = 0
    all_two = True
    m = comp
    while m:
        low = m & -m
        nb = adj[low.bit_length() - 1] & comp
        d = nb.bit_count()
        degree_sum += d
        if d != 2:
            all_two = False
        groups[nb] = groups.get(nb, 0) | low
        m ^= low
    v = comp.bit_count()
    e = degree_sum >> 1
    if theory.twins and len(groups) < v:
        removed = 0
        for part in groups.values():
            while part & (part - 1):  # at least two vertices left in the class
                low = part & -part
                part ^= low
                low2 = part & -part
                part ^= low2
                removed |= low | low2
        return removed
    if theory.bipartite and is_bipartite(adj, comp):
        if e == v - 1:
            return bipartite_value(v, e), f"a tree on {plural(v, 'vertex', 'vertices')}", FOREST_SOURCE
        return (
            bipartite_value(v, e),
            f"bipartite with {plural(v, 'vertex', 'vertices')} and {plural(e, 'edge')}",
            BIPARTITE_SOURCE,
        )
    if theory.forests and e == v - 1:  # connected with v - 1 edges: a tree
        return bipartite_value(v, e), f"a tree on {plural(v, 'vertex', 'vertices')}", FOREST_SOURCE
    if theory.complete_multipartite and all(nb == comp & ~part for nb, part in groups.items()):
        parts = [p.bit_count() for p in groups.values()]
        if len(parts) == v:
            return v % 3, f"the complete graph K_{v}", COMPLETE_SOURCE
        return (
            complete_multipartite_value(parts),
            "complete multipartite K_{" + ",".join(map(str, sorted(parts, reverse=True))) + "}",
            MULTIPARTITE_SOURCE,
        )
    if theory.cycles and all_two:
        return 0, f"the cycle C_{v}", CYCLE_SOURCE
    return None


def involution_fixed_set(
    adj: tuple[int, ...], generators: list[list[int]]
) -> tuple[int, list[int]] | None:
    """Fixed-point set of an involutive automorphism that swaps no edge.

    Tries every generator, every product of two generators (when there are
    at most 12 generators) and, for each of these of even order 2k, its k-th
    power (an involution). Among those that swap the endpoints of no edge,
    returns the one with the fewest fixed vertices. This does not list every
    involution of the group, so a position may keep a reduction unused; it
    never uses a wrong one.

    Parameters
    ----------
    adj : tuple of int
        A graph on vertices ``0 .. n-1``.
    generators : list of permutations
        Automorphisms of the graph (e.g. from :func:`grundy.core.canon.automorphisms`).

    Returns
    -------
    (fixed_mask, involution) or None
        The vertex mask of the fixed-point set, which by Khandhawit-Ye
        Theorem 1 is a position of the same nim-value (the induced subgraph:
        an edge is fixed only with both endpoints fixed, since none is
        swapped), and the involution as a permutation list.
    """
    best: tuple[int, list[int]] | None = None
    n = len(adj)
    for q in involution_candidates(generators):
        fixed = 0
        ok = True
        for v in range(n):
            w = q[v]
            if w == v:
                fixed |= 1 << v
            elif adj[v] >> w & 1:
                ok = False
                break
        if ok and (best is None or fixed.bit_count() < best[0].bit_count()):
            best = (fixed, q)
    return best


def _involution_power(p: list[int]) -> list[int] | None:
    """The involution among the powers of ``p`` (``p^k`` for order ``2k``),
    or None if ``p`` has odd order (the identity included)."""
    order = 1
    seen = [False] * len(p)
    for v in range(len(p)):
        if not seen[v]:
            length = 0
            w = v
            while not seen[w]:
                seen[w] = True
                w = p[w]
                length += 1
            order = lcm(order, length)
    if order % 2:
        return None
    q = list(range(len(p)))
    for _ in range(order // 2):
        q = [p[x] for x in q]
    return q


def involution_candidates(generators: list[list[int]]) -> Iterator[list[int]]:
    """Involutions of the group generated by ``generators``: the involutive
    powers of every generator and (for at most 12 generators) of every
    product of two. Not every involution of the group; every one yielded is
    one. Used for graphs, posets and simplicial complexes alike.

    >>> list(involution_candidates([[1, 2, 3, 0]]))   # a 4-cycle: its square
    [[2, 3, 0, 1]]
    """
    candidates = list(generators)
    if len(generators) <= 12:
        for a in range(len(generators)):
            for b in range(a + 1, len(generators)):
                ga, gb = generators[a], generators[b]
                candidates.append([ga[x] for x in gb])
    for p in candidates:
        q = _involution_power(p)
        if q is not None:
            yield q
