"""An independent checker of grundy certificates (``grundy verify FILE``).

A certificate (``grundy certify``; the format is specified in
``docs/certificates.md``) lists positions of an impartial game, each with a
claimed nim-value, and the root position with its claimed value. This module
re-checks every claim from the rulesets' definitions, written again here,
small and plain, so that a proof does not rest on the code that found it: it
imports nothing of grundy (only the standard library, and pynauty for
canonical labellings; see "Canonical forms" below). It also runs as a script,
``python src/grundy/verify.py FILE``.

Positions are graphs (graph6) under the graph rulesets, simplicial complexes
(facets) under subset take-away, posets (elements and the pairs of the
order) under the poset game, where a move removes an element with every
element above it (Chomp boards and Nim heaps are certified as posets), and
heaps of tokens under an octal game (``"octal:CODE"``, :func:`octal_digits`).

What is checked
---------------
Records come in dependency order. For a record claiming that the connected
position ``P`` has nim-value ``v``:

- ``"by": "mex"``: every option of ``P`` is regenerated here from the
  ruleset, in a fixed order. An option listed in ``replies`` as ``[i, j]``
  is shown to have a value other than ``v`` by its own ``j``-th option, which
  must have value ``v``. Every other option is valued: it is split into
  connected components (a disjoint sum: its value is the nim-sum of its
  components' values, Sprague-Grundy), each of which must be isomorphic to
  the position of an *earlier* record; its value must differ from ``v``, and
  the valued options must show every value below ``v``. So ``v`` is the mex
  of the options' values.
- ``"by": "involution"`` (Graph Chomp and subset take-away only): ``tau``
  must be an automorphism of ``P`` of order 2 that moves some vertex and puts
  no vertex together with its image in one edge (face); then ``v`` must be
  the nim-sum of the values of the components of the subgraph (subcomplex)
  induced on the fixed vertices, each an earlier record. That the value is
  kept is Khandhawit-Ye, Theorem 1 (Draisma-van Rijnswou, Proposition 3): on
  at most ``check_below`` vertices it is re-checked here by a plain memoised
  search, above that it is reported as an assumption.

An *outcome certificate* (header ``"proves": "outcome"``) may also hold
records claiming only an outcome, for a nonempty position ``P`` of any
number of components:

- ``"outcome": "N", "by": "move"``: the option ``move`` of ``P`` is a
  P-position;
- ``"outcome": "P", "by": "replies"``: for every option of ``P``, or for an
  option isomorphic to it, ``replies`` holds ``[i, j]``: option ``j`` of
  option ``i`` is a P-position.

A position is a P-position here when it is empty, has an earlier outcome
record saying so, or its components all have earlier value records whose
nim-sum is 0 (any other outcome is N the same ways).

Finally the root's components must be recorded and their nim-sum must be the
header's ``value`` (an outcome certificate: the root's outcome, found as
above, must be the header's ``outcome``). Every option and fixed-point set is
strictly smaller than its position, so by induction on size every claim
checked is true.

Canonical forms
---------------
A position's *form* is the position relabelled by a permutation: the verifier
asks nauty (pynauty's ``canon_label``) for the permutation, checks that it is
one, and applies it itself. Since a form is an isomorphic copy of the
position, two positions with equal forms are isomorphic whatever nauty
returns: soundness does not rest on nauty; a wrong labelling could only make
a true certificate fail to verify.

Sizes
-----
Every read and every record is bounded, so that no file, however made,
stalls the checker: a certificate is a regular file (not a FIFO or a device)
of at most :data:`MAX_CERTIFICATE_BYTES`, read or decompressed; a position
has at most :data:`MAX_VERTICES` vertices; the options a ``mex`` record
makes the checker build (its own, and those of its replies) add up to at
most :data:`MAX_RECORD_WORK` vertices and edges (facets for complexes); a
complex spans at most :data:`MAX_FACES` faces. Past any of them the file is
malformed (exit 2), before the work is done.

Exit codes of :func:`main`: 0 verified, 1 a claim fails (the first is named),
2 the file is unreadable or malformed (one line).
"""

from __future__ import annotations

import gzip
import io
import json
import os
import stat
import sys
import time
import zlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from itertools import combinations, islice
from typing import Any

__all__ = [
    "COMPLEX_GAMES",
    "FORMAT",
    "GRAPH_GAMES",
    "KINDS",
    "VERSION",
    "ClaimFailed",
    "Malformed",
    "Report",
    "complex_components",
    "complex_form",
    "complex_options",
    "graph6_decode",
    "graph6_encode",
    "graph_components",
    "graph_form",
    "graph_options",
    "main",
    "POSET_GAMES",
    "heaps_components",
    "heaps_form",
    "heaps_options",
    "octal_digits",
    "poset_components",
    "poset_form",
    "poset_options",
    "verify_file",
    "verify_lines",
]

FORMAT = "grundy-certificate"
VERSION = 1
#: What a certificate proves (the header's ``proves``; ``"value"`` when absent).
PROVES = ("value", "outcome")
#: Graph rulesets the verifier knows (``--game`` names of grundy).
GRAPH_GAMES = ("chomp", "graph-nim", "bo-bo", "be-be", "oe-oe", "odd-vertex", "even-vertex",
               "node-kayles", "arc-kayles")
#: Games on simplicial complexes: subset take-away (Gale's game on a simplex boundary).
COMPLEX_GAMES = ("subset-takeaway",)
#: Games on finite posets: a move takes an element and removes it with every
#: element above it (the poset game; a Chomp board is the poset of its squares
#: without the poisoned one, a Nim heap of size n a chain of n elements).
POSET_GAMES = ("poset",)
#: Octal games on heaps of tokens are named ``"octal:CODE"`` (:func:`octal_digits`).
OCTAL_PREFIX = "octal:"
#: The largest heap a position may hold (a heap's options number up to about
#: n^2 / 4, and a repeating digit makes every removal 1..n a move).
MAX_HEAP = 10_000
#: Games for which an involution record may be used, and the theorem it rests on.
INVOLUTION_GAMES = ("chomp", "subset-takeaway")
INVOLUTION_SOURCE = "Khandhawit-Ye, Theorem 1 (Draisma-van Rijnswou, Proposition 3)"

Graph = tuple[int, ...]               # adj[i]: bitset of the neighbours of vertex i
Complex = tuple[int, tuple[int, ...]]  # (number of vertices, facets as vertex bitsets)
Poset = tuple[int, ...]               # up[i]: bitset of the elements strictly above element i
Heaps = tuple[int, ...]               # heap sizes, each >= 1, in increasing order


#: Bytes a certificate may hold, read from the file or decompressed (256 MiB:
#: W_15's, 5,618 records, is 139 KB gzipped, docs/certificates.md).
MAX_CERTIFICATE_BYTES = 256 << 20
#: Vertices a position (the root, a record) may have.
MAX_VERTICES = 1024
#: Vertices and edges (for complexes: vertices and facets) of the options one
#: ``mex`` record makes the checker build, its replies' options included: a
#: record of K_600 (a 30 KB line) would build 180,300 options of 180,000 edges.
MAX_RECORD_WORK = 5_000_000
#: Faces a complex may span (each facet of k vertices spans 2^k - 1).
MAX_FACES = 1 << 21


class Malformed(Exception):
    """The certificate cannot be read (exit code 2)."""


class ClaimFailed(Exception):
    """A claim of the certificate is false or unjustified (exit code 1)."""


def _a(word: str) -> str:
    """"an N-position", "a P-position"."""
    return ("an " if word[:1] == "N" else "a ") + word


def _n(count: int, singular: str, plural: str | None = None) -> str:
    """``count`` and the noun in the right number."""
    return f"{count} {singular if count == 1 else plural or singular + 's'}"


def _bits(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def mex(values: set[int]) -> int:
    """The least nonnegative integer not in ``values``."""
    m = 0
    while m in values:
        m += 1
    return m


# ---------------------------------------------------------------- graphs
def _squeeze(mask: int, gaps: list[int]) -> int:
    """``mask`` without the bits ``gaps`` (decreasing): the bits above each
    move down one."""
    for v in gaps:
        mask = (mask & ((1 << v) - 1)) | (mask >> (v + 1) << v)
    return mask


def induced(adj: Graph, keep: int) -> Graph:
    """The subgraph induced on the vertex mask ``keep``, renumbered 0.. in
    order. A few vertices gone (an option): each deleted from the kept rows
    by shifting; many (a component): the kept rows rebuilt bit by bit."""
    gone = ((1 << len(adj)) - 1) & ~keep
    if gone.bit_count() <= 4:
        gaps = sorted(_bits(gone), reverse=True)
        return tuple(_squeeze(a & keep, gaps) for v, a in enumerate(adj) if keep >> v & 1)
    order = list(_bits(keep))
    new = {v: i for i, v in enumerate(order)}
    return tuple(sum(1 << new[w] for w in _bits(adj[v] & keep)) for v in order)


def _without_edges(adj: Graph, i: int, others: tuple[int, ...]) -> Graph:
    out = list(adj)
    for j in others:
        out[i] &= ~(1 << j)
        out[j] &= ~(1 << i)
    return tuple(out)


def _edges(adj: Graph) -> Iterator[tuple[int, int]]:
    for i, a in enumerate(adj):
        for j in _bits(a >> (i + 1) << (i + 1)):
            yield i, j


def graph_options(game: str, adj: Graph) -> Iterator[Graph]:
    """Every option of a graph under a ruleset, one per move (isomorphic
    options repeated). The rules (grundy's ``--game`` names):

    chomp: delete a vertex with its edges, or one edge (Graph Chomp).
    graph-nim: choose a vertex, delete a nonempty set of its edges.
    bo-bo / be-be / oe-oe: delete an edge whose ends have odd/odd, even/even,
    one odd and one even degree. odd-vertex / even-vertex: delete a vertex of
    odd / even degree. node-kayles: delete a vertex and its neighbours.
    arc-kayles: delete both ends of an edge.
    """
    n = len(adj)
    full = (1 << n) - 1
    deg = [a.bit_count() for a in adj]
    if game == "chomp":
        for i in range(n):
            yield induced(adj, full & ~(1 << i))
        for i, j in _edges(adj):
            yield _without_edges(adj, i, (j,))
    elif game == "graph-nim":
        if max(deg, default=0) > MAX_SUBSET_BITS:
            raise Malformed(f"a vertex of degree {max(deg)} under graph-nim (at most {MAX_SUBSET_BITS}: "
                            "its sets of edges are enumerated)")
        for i in range(n):
            nbrs = tuple(_bits(adj[i]))
            for k in range(1, len(nbrs) + 1):
                for subset in combinations(nbrs, k):
                    yield _without_edges(adj, i, subset)
    elif game in ("bo-bo", "be-be", "oe-oe"):
        for i, j in _edges(adj):
            pi, pj = deg[i] & 1, deg[j] & 1
            if (game == "bo-bo" and pi and pj) or (game == "be-be" and not pi and not pj) or (
                    game == "oe-oe" and pi != pj):
                yield _without_edges(adj, i, (j,))
    elif game in ("odd-vertex", "even-vertex"):
        want = 1 if game == "odd-vertex" else 0
        for i in range(n):
            if deg[i] & 1 == want:
                yield induced(adj, full & ~(1 << i))
    elif game == "node-kayles":
        for i in range(n):
            yield induced(adj, full & ~(adj[i] | 1 << i))
    elif game == "arc-kayles":
        for i, j in _edges(adj):
            yield induced(adj, full & ~(1 << i | 1 << j))
    else:
        raise Malformed(f"unknown game {game!r}")


def _component_masks(adj: Graph) -> list[int]:
    """The vertex sets (bitmasks) of the connected components of a graph."""
    left = (1 << len(adj)) - 1
    out = []
    while left:
        comp = frontier = left & -left
        while frontier:
            reach = 0
            for v in _bits(frontier):
                reach |= adj[v]
            frontier = reach & ~comp
            comp |= frontier
        left &= ~comp
        out.append(comp)
    return out


def graph_components(adj: Graph) -> list[Graph]:
    """The connected components of a graph, each renumbered (none if empty)."""
    return [induced(adj, comp) for comp in _component_masks(adj)]


def _relabelled(lab: list[int], n: int) -> list[int]:
    """``pos[v]``: the new number of vertex v, from a labelling ``lab``
    (``lab[i]`` is the vertex put at place i); checked to be a permutation."""
    if sorted(lab) != list(range(n)):
        raise ClaimFailed("nauty returned a labelling that is not a permutation")
    pos = [0] * n
    for i, v in enumerate(lab):
        pos[v] = i
    return pos


def graph_form(adj: Graph) -> Graph:
    """The canonical form of a graph: the graph relabelled by nauty's
    canonical labelling, the relabelling done and checked here."""
    import pynauty

    n = len(adj)
    g = pynauty.Graph(n, adjacency_dict={v: list(_bits(adj[v])) for v in range(n) if adj[v]})
    pos = _relabelled(list(pynauty.canon_label(g)), n)
    out = [0] * n
    for v in range(n):
        out[pos[v]] = sum(1 << pos[w] for w in _bits(adj[v]))
    return tuple(out)


def graph6_encode(adj: Graph) -> str:
    """The graph6 string of a graph (McKay's format; at most 258047 vertices)."""
    n = len(adj)
    head = chr(n + 63) if n < 63 else "~" + "".join(chr((n >> s & 63) + 63) for s in (12, 6, 0))
    bits = [adj[j] >> i & 1 for j in range(1, n) for i in range(j)]
    bits += [0] * (-len(bits) % 6)
    return head + "".join(chr(63 + int("".join(map(str, bits[k:k + 6])), 2)) for k in range(0, len(bits), 6))


def graph6_decode(text: str) -> Graph:
    """A graph from its graph6 string. Raises :class:`Malformed`."""
    if not isinstance(text, str) or not text or any(not 63 <= ord(c) <= 126 for c in text):
        raise Malformed(f"not a graph6 string: {text!r}")
    if text[0] != "~":
        n, body = ord(text[0]) - 63, text[1:]
    elif len(text) >= 4 and text[1] != "~":
        n, body = (ord(text[1]) - 63) << 12 | (ord(text[2]) - 63) << 6 | ord(text[3]) - 63, text[4:]
    else:
        raise Malformed(f"unsupported graph6 string: {text[:20]!r}")
    if n > MAX_VERTICES:
        raise Malformed(f"a graph of {n} vertices (at most {MAX_VERTICES})")
    need = n * (n - 1) // 2
    if len(body) != (need + 5) // 6:
        raise Malformed(f"graph6 string of the wrong length: {text[:20]!r}")
    spare = 6 * len(body) - need
    if spare and (ord(body[-1]) - 63) & ((1 << spare) - 1):
        raise Malformed(f"graph6 string with padding bits set: {text[:20]!r}")
    adj = [0] * n
    j = 1
    i = 0
    for c in body:
        d = ord(c) - 63
        for s in range(5, -1, -1):
            if j >= n:
                break
            if d >> s & 1:
                adj[i] |= 1 << j
                adj[j] |= 1 << i
            i += 1
            if i == j:
                i, j = 0, j + 1
    return tuple(adj)


# ------------------------------------------------------------- complexes
def _maximal(sets: set[int]) -> tuple[int, ...]:
    """The maximal nonempty sets of ``sets``, sorted. Larger sets are looked
    at first, so a set is maximal iff no set kept before it of more elements
    contains it (a strict superset is larger, and lies inside a maximal one
    kept before): sets of one size (a graph's edges) cost no comparison."""
    kept: list[int] = []
    larger = 0  # kept[:larger]: the sets kept of more elements than the size now looked at
    size = -1
    for f in sorted(sets, key=int.bit_count, reverse=True):
        if f.bit_count() != size:
            size, larger = f.bit_count(), len(kept)
        if f and not any(f & g == f for g in islice(kept, larger)):
            kept.append(f)
    return tuple(sorted(kept))


#: The largest facet (vertices) and the most edges at a vertex (Graph Nim)
#: a record may have: the options of a position are enumerated, 2^size of them.
MAX_SUBSET_BITS = 20


def _faces(facets: tuple[int, ...]) -> set[int]:
    for f in facets:
        if f.bit_count() > MAX_SUBSET_BITS:
            raise Malformed(f"a facet of {f.bit_count()} vertices (at most {MAX_SUBSET_BITS}: its faces are enumerated)")
    if sum(1 << f.bit_count() for f in facets) > MAX_FACES:
        raise Malformed(f"a complex spanning more than {MAX_FACES} faces (its faces are enumerated)")
    out: set[int] = set()
    for f in facets:
        sub = f
        while sub:  # every nonempty subset of f
            out.add(sub)
            sub = (sub - 1) & f
    return out


def _compact(nv: int, facets: tuple[int, ...]) -> Complex:
    """The complex on its used vertices only, renumbered 0.. in order: each
    unused vertex below the top used one is deleted from every facet (the
    bits above it move down one), the highest first."""
    used = 0
    for f in facets:
        used |= f
    gaps = sorted(_bits(~used & ((1 << used.bit_length()) - 1)), reverse=True)
    return used.bit_count(), tuple(sorted(_squeeze(f, gaps) for f in facets))


def _complex_option(cx: Complex, face: int) -> Complex:
    """The option of ``cx`` that removes ``face`` (one of its faces) with
    every face containing it: a facet ``G`` containing ``face`` leaves the
    faces ``G - v``, ``v`` in ``face``."""
    nv, facets = cx
    kept: list[int] = []
    cut: set[int] = set()
    for g in facets:
        if g & face == face:
            cut.update(g & ~(1 << v) for v in _bits(face))
        else:
            kept.append(g)
    # the facets are an antichain (every complex here is: records are read through
    # _maximal, and each option, component and form keeps it), so a kept facet is
    # maximal still; a cut one is, unless a kept facet or another cut one holds it
    kept.extend(f for f in _maximal(cut) if not any(f & g == f for g in kept))
    return _compact(nv, tuple(kept))


def complex_options(cx: Complex) -> Iterator[Complex]:
    """Every option of a complex in subset take-away (Gale's game): choose a
    face and remove it with every face containing it, the faces in
    increasing order as bit masks."""
    for face in sorted(_faces(cx[1])):
        yield _complex_option(cx, face)


def complex_option_at(cx: Complex, j: int) -> Complex | None:
    """Option ``j`` of :func:`complex_options` (None if there are not
    ``j + 1``), made alone."""
    faces = sorted(_faces(cx[1]))
    return _complex_option(cx, faces[j]) if j < len(faces) else None


def complex_components(cx: Complex) -> list[Complex]:
    """The components of a complex (facets linked through shared vertices), each compacted."""
    nv, facets = cx
    left = list(facets)
    out = []
    while left:
        group, mask = [left.pop()], 0
        mask = group[0]
        grew = True
        while grew:
            grew = False
            for f in list(left):
                if f & mask:
                    group.append(f)
                    mask |= f
                    left.remove(f)
                    grew = True
        out.append(_compact(nv, tuple(group)))
    return out


def complex_form(cx: Complex) -> Complex:
    """The canonical form of a complex: relabelled by nauty's canonical
    labelling of its vertex-facet incidence graph (vertices and facets
    coloured apart), the relabelling done and checked here."""
    import pynauty

    nv, facets = cx
    total = nv + len(facets)
    members = [list(_bits(f)) for f in facets]
    # each incidence listed once, at its facet's node (the graph is undirected)
    adjd = {nv + k: vs for k, vs in enumerate(members)}
    g = pynauty.Graph(total, adjacency_dict=adjd,
                      vertex_coloring=[set(range(nv)), set(range(nv, total))] if facets else [])
    lab = [v for v in pynauty.canon_label(g) if v < nv]
    bit = [1 << i for i in _relabelled(lab, nv)]
    return nv, tuple(sorted(sum(bit[v] for v in vs) for vs in members))


# ------------------------------------------------------ posets
def _sub_poset(up: Poset, keep: int) -> Poset:
    """The subposet on the elements of ``keep``, renumbered in increasing
    order: the up-sets restricted as a graph's rows are (:func:`induced`)."""
    return induced(up, keep)


def poset_options(up: Poset) -> Iterator[Poset]:
    """Every option of a poset in the poset game, element by element: take
    ``x`` and remove it with every element above it."""
    full = (1 << len(up)) - 1
    for x in range(len(up)):
        yield _sub_poset(up, full & ~(1 << x) & ~up[x])


def poset_components(up: Poset) -> list[Poset]:
    """The components of a poset (elements linked through comparabilities), each compacted."""
    near = list(up)  # the comparability graph
    for v in range(len(up)):
        for w in _bits(up[v]):
            near[w] |= 1 << v
    return [_sub_poset(up, comp) for comp in _component_masks(tuple(near))]


def poset_form(up: Poset) -> Poset:
    """The canonical form of a poset: relabelled by nauty's canonical
    labelling of the directed graph ``x -> y`` for ``x < y``, the
    relabelling done and checked here."""
    import pynauty

    n = len(up)
    if n == 0:
        return ()
    g = pynauty.Graph(n, directed=True, adjacency_dict={v: list(_bits(up[v])) for v in range(n) if up[v]})
    pos = _relabelled(list(pynauty.canon_label(g)), n)
    out = [0] * n
    for v in range(n):
        out[pos[v]] = sum(1 << pos[w] for w in _bits(up[v]))
    return tuple(out)


def poset_covers(up: Poset) -> list[list[int]]:
    """The cover pairs ``[x, y]`` (``x < y``, nothing between) of a poset."""
    return [[x, y] for x in range(len(up)) for y in _bits(up[x])
            if not any(up[z] >> y & 1 for z in _bits(up[x]))]


def _poset_decode(obj: dict[str, Any], where: str) -> Poset:
    """A poset from ``{"elements": n, "less": [[x, y], ...]}`` (``x`` below
    ``y``; any generating pairs, closed here), checked acyclic."""
    n, raw = obj.get("elements"), obj.get("less")
    if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= MAX_VERTICES:
        raise Malformed(f"{where}: 'elements' must be an integer from 0 to {MAX_VERTICES}")
    if not isinstance(raw, list) or not all(
            isinstance(pair, list) and len(pair) == 2 and all(
                isinstance(v, int) and not isinstance(v, bool) and 0 <= v < n for v in pair) for pair in raw):
        raise Malformed(f"{where}: 'less' must be a list of pairs [x, y] of element numbers below {n}")
    if len(raw) > MAX_RECORD_WORK:
        raise Malformed(f"{where}: more than {MAX_RECORD_WORK} pairs")
    succ = [0] * n
    for x, y in raw:
        succ[x] |= 1 << y
    up = [0] * n
    state = [0] * n  # 0 new, 1 on the path, 2 closed
    for root in range(n):
        if state[root]:
            continue
        stack = [(root, iter(list(_bits(succ[root]))))]
        state[root] = 1
        while stack:
            v, it = stack[-1]
            w = next(it, None)
            if w is None:
                stack.pop()
                state[v] = 2
                for u in _bits(succ[v]):
                    up[v] |= (1 << u) | up[u]
            elif state[w] == 1:
                raise Malformed(f"{where}: 'less' has a cycle through element {w}: not a partial order")
            elif state[w] == 0:
                state[w] = 1
                stack.append((w, iter(list(_bits(succ[w])))))
    return tuple(up)


# ------------------------------------------------------ octal games on heaps
def octal_digits(game: str) -> tuple[int, tuple[int, ...], int]:
    """``(d_0, (d_1, ..., d_L), r)`` of the game ``"octal:CODE"``: CODE is
    ``D.DDD`` (octal digits; ``D`` before the point 0 or 4, or absent),
    optionally ending in one repeating digit in parentheses, ``r`` (0 if
    none): ``d_k`` for every ``k > L``. Digit ``d_k`` says what removing
    ``k`` tokens from a heap may leave of it: bit 1 nothing, bit 2 one
    nonempty heap, bit 4 two nonempty heaps (Guy-Smith; ``d_0``: bit 4
    only, a split without removing).

    Raises
    ------
    Malformed
        Not a game of that form.
    """
    if not isinstance(game, str) or not game.startswith(OCTAL_PREFIX):
        raise Malformed(f"{game!r} is not an octal game (octal:CODE)")
    code = game[len(OCTAL_PREFIX):]
    repeat = 0
    if code.endswith(")"):
        code, _, rep = code[:-1].partition("(")
        if len(rep) != 1 or rep not in "1234567":
            raise Malformed(f"{game!r}: one repeating digit 1-7 in parentheses")
        repeat = int(rep)
    before, point, after = code.partition(".")
    if not point or before not in ("", "0", "4") or len(after) > 4096 or any(c not in "01234567" for c in after):
        raise Malformed(f"{game!r}: a code is D.DDD in octal digits, D being 0 or 4")
    return int(before or 0), tuple(int(c) for c in after), repeat


def _octal_digit(digits: tuple[int, tuple[int, ...], int], k: int) -> int:
    before, listed, repeat = digits
    if k == 0:
        return before
    return listed[k - 1] if k <= len(listed) else repeat


def _removals(digits: tuple[int, tuple[int, ...], int], n: int) -> range:
    """The numbers ``k`` of tokens whose removal from a heap of ``n`` may be
    a move: all of ``0 .. n`` under a repeating digit, else only up to the
    last listed digit (``d_k`` is 0 past it)."""
    return range(n + 1) if digits[2] else range(min(n, len(digits[1])) + 1)


def _after_removal(d: int, k: int, rest: int) -> tuple[bool, bool, int]:
    """What digit ``d`` allows after removing ``k`` tokens leaves ``rest``:
    (nothing left, bit 1, ``rest == 0``; one heap of ``rest``, bit 2; how
    many splits ``a + b = rest``, ``1 <= a <= b``, bit 4). ``k = 0`` allows
    only splits."""
    return (bool(k and d & 1) and rest == 0, bool(k and d & 2) and rest > 0, rest // 2 if d & 4 else 0)


def _heap_options(digits: tuple[int, tuple[int, ...], int], n: int) -> Iterator[Heaps]:
    """The options of one heap of ``n`` tokens: for each removal ``k`` of
    :func:`_removals`, in increasing order, what digit ``d_k`` allows
    (:func:`_after_removal`): nothing, the heap ``n - k``, then the splits
    with ``a`` increasing."""
    for k in _removals(digits, n):
        rest = n - k
        nothing, one, splits = _after_removal(_octal_digit(digits, k), k, rest)
        if nothing:
            yield ()
        if one:
            yield (rest,)
        for a in range(1, splits + 1):
            yield (a, rest - a)


def _heap_option_count(digits: tuple[int, tuple[int, ...], int], n: int) -> int:
    """How many options :func:`_heap_options` makes of a heap of ``n``,
    counted without making them, in ``len(_removals(digits, n))`` steps."""
    return sum(sum(_after_removal(_octal_digit(digits, k), k, n - k)) for k in _removals(digits, n))


def heaps_options(game: str, heaps: Heaps) -> Iterator[Heaps]:
    """Every option of a position of heaps under ``"octal:CODE"``: heap by
    heap, each heap's options (:func:`_heap_options`) in its place."""
    digits = octal_digits(game)
    for i, n in enumerate(heaps):
        if i and heaps[i - 1] == n:
            continue  # an equal heap before it gave the same options
        for opt in _heap_options(digits, n):
            yield tuple(sorted(heaps[:i] + opt + heaps[i + 1:]))


def heaps_components(heaps: Heaps) -> list[Heaps]:
    """Each heap alone: a position of heaps is the disjoint sum of its heaps."""
    return [(n,) for n in heaps]


def heaps_form(heaps: Heaps) -> Heaps:
    """The form of a position of heaps: its sizes in increasing order (empty heaps dropped)."""
    return tuple(sorted(n for n in heaps if n))


def _heaps_decode(obj: dict[str, Any], where: str) -> Heaps:
    raw = obj.get("heaps")
    if not isinstance(raw, list) or len(raw) > MAX_VERTICES or not all(
            isinstance(n, int) and not isinstance(n, bool) and 0 <= n <= MAX_HEAP for n in raw):
        raise Malformed(f"{where}: 'heaps' must be a list of at most {MAX_VERTICES} heap sizes from 0 to {MAX_HEAP}")
    return heaps_form(tuple(raw))


# ------------------------------------------------------ reading records
def _complex_decode(obj: dict[str, Any], where: str) -> Complex:
    raw = obj.get("facets")
    if not isinstance(raw, list) or not all(isinstance(f, list) and f and all(
            isinstance(v, int) and not isinstance(v, bool) and 0 <= v < 4096 for v in f) for f in raw):
        raise Malformed(f"{where}: 'facets' must be a list of nonempty lists of vertex numbers")
    masks = {sum(1 << v for v in set(f)) for f in raw}
    if len(masks) > MAX_FACES:
        raise Malformed(f"{where}: more than {MAX_FACES} facets")
    return _compact(0, _maximal(masks))


def _compact_json(obj: Any) -> str:
    return json.dumps(obj, separators=(",", ":"))


def _graph_option_count(game: str, adj: Graph) -> int:
    n = len(adj)
    m = sum(a.bit_count() for a in adj) // 2
    if game == "chomp":
        return n + m
    if game == "graph-nim":
        top = max((a.bit_count() for a in adj), default=0)
        if top > MAX_SUBSET_BITS:
            raise Malformed(f"a vertex of degree {top} under graph-nim (at most {MAX_SUBSET_BITS}: "
                            "its sets of edges are enumerated)")
        return sum((1 << a.bit_count()) - 1 for a in adj)
    if game in ("odd-vertex", "even-vertex", "node-kayles"):
        return n
    return m


def _complex_option_count(game: str, cx: Complex) -> int:
    _faces(tuple(f for f in cx[1] if f.bit_count() > MAX_SUBSET_BITS))  # names the first one
    return sum((1 << f.bit_count()) - 1 for f in cx[1])


def _heaps_option_count(game: str, heaps: Heaps) -> int:
    # the removals looked at count too: a game may have few options and long loops
    digits = octal_digits(game)
    sizes = set(heaps)
    steps = sum(len(_removals(digits, h)) for h in sizes)
    if steps > MAX_RECORD_WORK:
        raise Malformed(f"heaps whose removals to look at add up to more than {MAX_RECORD_WORK}")
    return steps + sum(_heap_option_count(digits, h) for h in sizes)


def _is_octal(game: Any) -> bool:
    try:
        octal_digits(game)
    except Malformed:
        return False
    return True


@dataclass(frozen=True)
class _Kind:
    """What the checker needs of one kind of position (a header's ``kind``),
    each written once: the games it is played by, how a record's position
    field is read and shown, its size (0: empty), what it costs to build
    and key (:class:`_Budget`), how many options it has (counted without
    making them; Malformed past a bound the making would hit), its
    canonical form, components and options, and one option by its number
    (``option_at``, made alone; None: the options are made in order up to it)."""

    takes: Callable[[Any], bool]
    decode: Callable[[dict[str, Any], str], Any]
    show: Callable[[Any], str]
    size: Callable[[Any], int]
    work: Callable[[Any], int]
    option_count: Callable[[str, Any], int]
    form: Callable[[Any], Any]
    components: Callable[[Any], list[Any]]
    options: Callable[[str, Any], Iterator[Any]]
    option_at: Callable[[str, Any, int], Any] | None = None

    def option(self, game: str, pos: Any, j: int) -> Any:
        """Option ``j`` of ``pos`` in the order of ``options`` (None if it
        has no more than ``j`` options)."""
        if self.option_at is not None:
            return self.option_at(game, pos, j)
        return next(islice(self.options(game, pos), j, None), None)


#: Every kind of position a certificate may hold, by the header's ``kind``.
KINDS: dict[str, _Kind] = {
    "graph": _Kind(
        takes=lambda game: game in GRAPH_GAMES,
        decode=lambda obj, where: graph6_decode(obj.get("graph6")),
        show=lambda adj: f"graph6 {graph6_encode(adj)!r}",
        size=len,
        work=lambda adj: len(adj) + sum(a.bit_count() for a in adj) // 2,  # vertices and edges
        option_count=_graph_option_count,
        form=graph_form, components=graph_components, options=graph_options),
    "complex": _Kind(
        takes=lambda game: game in COMPLEX_GAMES,
        decode=_complex_decode,
        show=lambda cx: "facets " + _compact_json([list(_bits(f)) for f in cx[1]]),
        size=lambda cx: cx[0],
        work=lambda cx: cx[0] + len(cx[1]),  # vertices and facets
        option_count=_complex_option_count,
        form=complex_form, components=complex_components, options=lambda game, cx: complex_options(cx),
        option_at=lambda game, cx, j: complex_option_at(cx, j)),
    "poset": _Kind(
        takes=lambda game: game in POSET_GAMES,
        decode=_poset_decode,
        show=lambda up: f"poset of {len(up)} elements, covers " + _compact_json(poset_covers(up)),
        size=len,
        work=lambda up: len(up) + sum(a.bit_count() for a in up),  # elements and pairs of the order
        option_count=lambda game, up: len(up),
        form=poset_form, components=poset_components, options=lambda game, up: poset_options(up)),
    "heaps": _Kind(
        takes=_is_octal,
        decode=_heaps_decode,
        show=lambda heaps: "heaps " + _compact_json(list(heaps)),
        size=len,
        work=lambda heaps: len(heaps) + 1,  # an option is made and keyed heap by heap
        option_count=_heaps_option_count,
        form=heaps_form, components=heaps_components, options=heaps_options),
}


def _decode_position(kind: str, obj: Any, where: str) -> Any:
    """The position field of a record (or the header's root) of a certificate of ``kind``."""
    if not isinstance(obj, dict):
        raise Malformed(f"{where}: a position must be an object")
    return KINDS[kind].decode(obj, where)


class _Budget:
    """The options one record may make the checker build: at most
    :data:`MAX_RECORD_WORK` vertices and edges in all, each option counted
    at the size of the position it is made from, before it is made."""

    def __init__(self, kind: str, game: str, where: str) -> None:
        self.kind, self.game, self.where, self.left = KINDS[kind], game, where, MAX_RECORD_WORK

    def charge(self, pos: Any) -> None:
        """Count the options of ``pos`` against the budget.

        Raises
        ------
        Malformed
            Past :data:`MAX_RECORD_WORK`: the record is too large to check.
        """
        self.left -= self.kind.option_count(self.game, pos) * self.kind.work(pos)
        if self.left < 0:
            raise Malformed(f"{self.where}: its options add up to more than {MAX_RECORD_WORK} vertices and "
                            "edges (too large to check)")


@dataclass
class Report:
    """What a verification checked.

    Attributes
    ----------
    spec, game, kind : str
        From the header. value : int, the root's nim-value, checked (an
        outcome certificate: None). outcome : str, "N" or "P", checked.
    positions : int
        Records checked. by_mex, involutions_checked, involutions_assumed : int
        How each record was justified (involutions re-checked by brute force
        on at most ``check_below`` vertices, or assumed: Khandhawit-Ye Theorem 1).
        by_move, by_replies, outcome_replies : int
        Outcome records: N by a move to a P-position, P by replies, and
        the replies those gave.
    assumptions : list of str
        The theorems the verdict rests on, with citations (empty: none).
    seconds : float
    """

    spec: str = ""
    game: str = ""
    kind: str = ""
    value: int | None = 0
    root: str = ""
    positions: int = 0
    by_mex: int = 0
    outcome: str = ""
    by_move: int = 0
    by_replies: int = 0
    outcome_replies: int = 0
    replies: int = 0
    involutions_checked: int = 0
    involutions_assumed: int = 0
    assumptions: list[str] = field(default_factory=list)
    seconds: float = 0.0

    def summary(self) -> str:
        """One paragraph for the user."""
        outcome = f"{self.outcome}-position"
        label = f" (the header calls it {ascii(self.spec)}: a label, not checked)" if self.spec else ""
        claim = f"is {_a(outcome)}" if self.value is None else f"has nim-value {self.value} ({outcome})"
        by_outcome = (f"{self.by_move} N by a move to a P-position, {self.by_replies} P by "
                      f"{_n(self.outcome_replies, 'reply', 'replies')}; " if self.by_move + self.by_replies else "")
        text = (f"verified: the root position {self.root} ({self.game}) {claim}{label}; "
                f"{_n(self.positions, 'position')} checked ({by_outcome}{self.by_mex} by the mex rule, "
                f"with {_n(self.replies, 'reply', 'replies')}; "
                f"{_n(self.involutions_checked, 'involution')} checked by brute force, "
                f"{self.involutions_assumed} by theorem) in {self.seconds:.2f} s")
        if self.assumptions:
            text += "\nassumed: " + "; ".join(self.assumptions)
        else:
            text += "\nassumed: nothing beyond the rules (and Sprague-Grundy)"
        return text


#: Involution records on at most this many vertices are re-checked by brute
#: force by default (``grundy verify --check-below``).
CHECK_BELOW = 6

#: The work (:class:`_Kind`'s ``work``: vertices and edges, vertices and
#: facets, ...) of the positions whose canonical forms and components the
#: checker remembers, per memo: a bound on memory (measured 10-15 bytes a
#: unit on random graphs, up to about 120 on positions of one or two
#: vertices), not on their number, so a certificate of large positions
#: cannot fill the machine (docs/certificates.md, "Measured").
MEMO_WORK = 1 << 20


class Memo(dict):
    """``fn(pos)`` remembered while the ``work(pos, fn(pos))`` of the
    positions remembered adds up to at most ``budget``; past it, everything
    remembered is forgotten at once and the count starts again. ``fn`` must
    be pure and ``pos`` hashable. Call it, or index it (``memo[pos]``: a
    remembered position is then found without a Python call). (Used by the
    checker, and by the certifier for the same functions.)"""

    __slots__ = ("fn", "work", "budget", "spent")

    def __init__(self, fn: Callable[[Any], Any], work: Callable[[Any, Any], int], budget: int) -> None:
        super().__init__()
        self.fn, self.work, self.budget = fn, work, budget
        self.spent = 0

    @property
    def kept(self) -> dict[Any, Any]:
        """What is remembered (position -> ``fn(position)``)."""
        return dict(self)

    def __missing__(self, pos: Any) -> Any:
        out = self.fn(pos)
        self.put(pos, out)
        return out

    def put(self, pos: Any, out: Any) -> None:
        """Remember ``out`` as ``fn(pos)``, made by the caller, within the budget."""
        cost = self.work(pos, out) + 1
        if self.spent + cost > self.budget:
            self.clear()
            self.spent = 0
        if cost <= self.budget:
            self[pos] = out
            self.spent += cost

    def __call__(self, pos: Any) -> Any:
        return self[pos]


class _Checker:
    def __init__(self, kind: str, game: str, check_below: int, outcomes: bool = False) -> None:
        self.kind, self.game, self.check_below = kind, game, check_below
        self.of = KINDS[kind]
        self.takes_outcomes = outcomes  # outcome records belong to outcome certificates
        self.index: dict[Any, tuple[int, int]] = {}  # form -> (value, line)
        self.outcomes: dict[Any, tuple[str, int]] = {}  # form of a whole position -> (outcome, line)
        self.brute: dict[Any, int] = {}
        #: When a set: each record's lookups are added to it (the form of each
        #: component whose value was used, ``("outcome", form)`` of each outcome
        #: used), what the record rests on (:mod:`grundy.certify.partial`)
        self.used: set[Any] | None = None
        # a position's form and components are asked for again and again (an option met
        # in many records): remembered, up to MEMO_WORK of positions' work
        of = self.of
        work = lambda pos, _: of.work(pos)  # noqa: E731 - the form or components are no larger
        self._forms = Memo(of.form, work, MEMO_WORK)
        self._comps = Memo(lambda pos: tuple(of.components(pos)), work, MEMO_WORK)
        self.form: Callable[[Any], Any] = self._forms.__getitem__

    def components(self, pos: Any) -> list[Any]:
        return list(self._comps[pos])

    def options(self, pos: Any) -> Iterator[Any]:
        return self.of.options(self.game, pos)

    def reply(self, budget: _Budget, opt: Any, i: int, j: int, where: str) -> Any:
        """Move ``j`` of option ``i`` (``opt``), charged to ``budget`` as
        its whole list of options would be, and made alone.

        Raises
        ------
        Malformed
            If ``opt`` has no option ``j``, or past the record's budget.
        """
        budget.charge(opt)
        sub = self.of.option(self.game, opt, j)
        if sub is None:
            count = sum(1 for _ in self.options(opt))
            raise Malformed(f"{where}: reply {j} to option {i}: that option has {count} options")
        return sub

    def sum_value(self, pos: Any, what: str) -> int:
        """Nim-sum of the recorded values of the components of ``pos``."""
        total = 0
        for comp in self.components(pos):
            key = self.form(comp)
            known = self.index.get(key)
            if known is None:
                raise ClaimFailed(f"{what}: its component {self.of.show(comp)} is on no earlier line")
            if self.used is not None:
                self.used.add(key)
            total ^= known[0]
        return total

    def outcome_of(self, pos: Any, what: str) -> str:
        """The outcome of ``pos`` (any number of components) from earlier
        records: P if empty, else its own outcome record, else the nim-sum
        of its components' values (P iff 0)."""
        if self.of.size(pos) == 0:
            return "P"
        key = self.form(pos)
        known = self.outcomes.get(key)
        if known is not None:
            if self.used is not None:
                self.used.add(("outcome", key))
            return known[0]
        return "P" if self.sum_value(pos, what) == 0 else "N"

    def outcome_record(self, obj: dict[str, Any], pos: Any, line: int, report: Report) -> str:
        """Check an outcome record (``by`` ``"move"`` or ``"replies"``); its claim."""
        where = f"line {line}"
        claim, by = obj.get("outcome"), obj.get("by")
        if (claim, by) not in (("N", "move"), ("P", "replies")) or "value" in obj:
            raise Malformed(f'{where}: an outcome record has "outcome": "N" with "by": "move", '
                            'or "outcome": "P" with "by": "replies" (and no value)')
        budget = _Budget(self.kind, self.game, where)
        budget.charge(pos)
        if self.of.size(pos) == 0:
            raise Malformed(f"{where}: a record's position must be nonempty")
        what = f"{where}: the claim that {self.of.show(pos)} is {_a(claim + '-position')}"
        key = self.form(pos)
        if key in self.outcomes:
            raise ClaimFailed(f"{what}: the position repeats line {self.outcomes[key][1]}")
        options = list(self.options(pos))
        if claim == "N":
            i = obj.get("move")
            if not isinstance(i, int) or isinstance(i, bool) or not 0 <= i < len(options):
                raise Malformed(f"{where}: 'move' must number one of the position's {len(options)} options")
            if self.outcome_of(options[i], f"{what}, option {i}") != "P":
                raise ClaimFailed(f"{what} fails: its option {i} is an N-position")
            report.by_move += 1
        else:
            replies = self.replies(obj.get("replies", []), len(options), where)
            answered = set()
            for i, j in replies.items():
                sub = self.reply(budget, options[i], i, j, where)
                if self.outcome_of(sub, f"{what}, reply {j} to option {i}") != "P":
                    raise ClaimFailed(f"{what} fails: reply {j} to option {i} is an N-position")
                answered.add(self.form(options[i]))
            for i, opt in enumerate(options):
                if i not in replies and self.form(opt) not in answered:
                    raise ClaimFailed(f"{what} fails: option {i} has no reply (nor has an option isomorphic to it)")
            report.outcome_replies += len(replies)
            report.by_replies += 1
        self.outcomes[key] = (claim, line)
        report.positions += 1
        return claim

    def brute_value(self, pos: Any) -> int:
        """Nim-value by plain memoised search (no certificate), for connected ``pos``."""
        key = self.form(pos)
        if key not in self.brute:
            seen = set()
            for opt in self.options(key):
                v = 0
                for comp in self.components(opt):
                    v ^= self.brute_value(comp)
                seen.add(v)
            self.brute[key] = mex(seen)
        return self.brute[key]

    @staticmethod
    def replies(raw: Any, count: int, where: str) -> dict[int, int]:
        """The ``replies`` field: option index -> index of a move in that option."""
        out: dict[int, int] = {}
        if not isinstance(raw, list):
            raise Malformed(f"{where}: 'replies' must be a list of [option, reply] pairs")
        for pair in raw:
            if (not isinstance(pair, list) or len(pair) != 2 or
                    any(not isinstance(x, int) or isinstance(x, bool) or x < 0 for x in pair)):
                raise Malformed(f"{where}: 'replies' must be a list of [option, reply] pairs")
            if pair[0] >= count or pair[0] in out:
                raise Malformed(f"{where}: reply to option {pair[0]}: no such option, or two replies")
            out[pair[0]] = pair[1]
        return out

    def involution(self, pos: Any, tau: Any, where: str) -> Any:
        """The fixed part of ``pos`` under ``tau`` after checking the conditions of Theorem 1."""
        n = self.of.size(pos)
        if (not isinstance(tau, list) or len(tau) != n or
                any(not isinstance(t, int) or isinstance(t, bool) for t in tau) or sorted(tau) != list(range(n))):
            raise Malformed(f"{where}: 'tau' must be a permutation of 0..{n - 1}")
        if any(tau[tau[v]] != v for v in range(n)) or all(tau[v] == v for v in range(n)):
            raise ClaimFailed(f"{where}: tau is not an involution moving some vertex")
        moved = sum(1 << v for v in range(n) if tau[v] != v)

        def image(mask: int) -> int:
            return sum(1 << tau[v] for v in _bits(mask))

        if self.kind == "graph":
            if any(image(pos[v]) != pos[tau[v]] for v in range(n)):
                raise ClaimFailed(f"{where}: tau is not an automorphism")
            if any(pos[v] >> tau[v] & 1 for v in _bits(moved)):
                raise ClaimFailed(f"{where}: tau swaps the ends of an edge")
            return induced(pos, ((1 << n) - 1) & ~moved)
        facets = pos[1]
        if sorted(image(f) for f in facets) != sorted(facets):
            raise ClaimFailed(f"{where}: tau is not an automorphism")
        if any(f >> tau[v] & 1 for f in facets for v in _bits(f & moved)):
            raise ClaimFailed(f"{where}: a face contains a vertex and its image under tau")
        return _compact(n, _maximal({f & ~moved for f in facets}))

    def record(self, obj: Any, line: int, report: Report) -> None:
        where = f"line {line}"
        if not isinstance(obj, dict):
            raise Malformed(f"{where}: a record must be a JSON object")
        pos = _decode_position(self.kind, obj, where)
        if "outcome" in obj:
            if not self.takes_outcomes:
                raise Malformed(f"{where}: an outcome record in a certificate of a value "
                                "(outcome records belong to certificates with \"proves\": \"outcome\")")
            self.outcome_record(obj, pos, line, report)
            return
        value, by = obj.get("value"), obj.get("by")
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise Malformed(f"{where}: 'value' must be an integer >= 0")
        budget = _Budget(self.kind, self.game, where)
        if by == "mex":
            budget.charge(pos)  # before the position is even keyed: a record of K_600 is refused at once
        if self.of.size(pos) == 0 or len(self.components(pos)) != 1:
            raise Malformed(f"{where}: a record's position must be nonempty and connected")
        what = f"{where}: the claim that {self.of.show(pos)} has value {value} (by {by})"
        key = self.form(pos)
        if key in self.index:
            raise ClaimFailed(f"{what}: the position repeats line {self.index[key][1]}")
        if by == "mex":
            options = list(self.options(pos))  # charged above
            replies = self.replies(obj.get("replies", []), len(options), where)
            seen = set()
            for i, opt in enumerate(options):
                if i in replies:  # opt != value: it has an option of that value
                    sub = self.reply(budget, opt, i, replies[i], where)
                    got = self.sum_value(sub, f"{what}, reply {replies[i]} to option {i}")
                    if got != value:
                        raise ClaimFailed(f"{what} fails: reply {replies[i]} to option {i} has value {got}, not {value}")
                    report.replies += 1
                else:
                    got = self.sum_value(opt, f"{what}, option {i}")
                    if got == value:
                        raise ClaimFailed(f"{what} fails: its option {i} has value {value}")
                    seen.add(got)
            if mex(seen) != value:
                raise ClaimFailed(f"{what} fails: no option of value {mex(seen)} is shown")
            report.by_mex += 1
        elif by == "involution":
            if self.game not in INVOLUTION_GAMES:
                raise Malformed(f"{where}: involution records are for {' and '.join(INVOLUTION_GAMES)} only")
            fixed = self.involution(pos, obj.get("tau"), where)
            got = self.sum_value(fixed, what + ", its fixed-point set")
            if got != value:
                raise ClaimFailed(f"{what} fails: its fixed-point set has value {got}")
            if self.of.size(pos) <= self.check_below:
                if self.brute_value(pos) != value:  # pragma: no cover - Theorem 1 is a theorem
                    raise ClaimFailed(f"{what} fails: brute force gives {self.brute_value(pos)}")
                report.involutions_checked += 1
            else:
                report.involutions_assumed += 1
        else:
            raise Malformed(f"{where}: 'by' must be \"mex\" or \"involution\", not {by!r}")
        self.index[key] = (value, line)
        report.positions += 1


def _header(obj: Any) -> tuple[str, str, Any, int | None, str]:
    """(kind, game, root, claimed value or None, claimed outcome) of the header."""
    if not isinstance(obj, dict) or obj.get("format") != FORMAT:
        raise Malformed(f"line 1: not a {FORMAT} header")
    if obj.get("version") != VERSION:
        raise Malformed(f"line 1: format version {obj.get('version')!r} is not supported (this checker reads {VERSION})")
    kind, game, value = obj.get("kind"), obj.get("game"), obj.get("value")
    if not isinstance(kind, str) or kind not in KINDS or not KINDS[kind].takes(game):
        raise Malformed(f"line 1: unknown kind and game {kind!r}, {game!r}")
    proves = obj.get("proves", "value")
    if proves not in PROVES:
        raise Malformed(f"line 1: 'proves' must be one of {', '.join(PROVES)}, not {proves!r}")
    root = _decode_position(kind, obj.get("root"), "line 1, root")
    if proves == "outcome":
        if obj.get("outcome") not in ("N", "P"):
            raise Malformed("line 1: an outcome certificate's 'outcome' must be \"N\" or \"P\"")
        if "value" in obj:  # it would read as certified, and is not checked
            raise Malformed("line 1: an outcome certificate proves no value: its header has no 'value'")
        return kind, game, root, None, obj["outcome"]
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise Malformed("line 1: 'value' must be an integer >= 0")
    return kind, game, root, value, "P" if value == 0 else "N"


def verify_lines(lines: list[str], check_below: int = CHECK_BELOW) -> Report:
    """Check a certificate given as its lines (see the module docstring).

    Parameters
    ----------
    lines : list of str
        The JSON lines: the header, the records, the end line.
    check_below : int
        Involution records on at most this many vertices are re-checked by
        brute force; larger ones rest on Khandhawit-Ye, Theorem 1.

    Returns
    -------
    Report

    Raises
    ------
    Malformed
        Unreadable JSON, a missing field, an unknown game or version, a
        truncated file (the end line's count differs).
    ClaimFailed
        The first claim that fails, named by its line.
    """
    start = time.perf_counter()
    rows = [(i, line) for i, line in enumerate(lines, 1) if line.strip()]
    objs = []
    for i, line in rows:
        try:
            objs.append((i, json.loads(line)))
        except (ValueError, RecursionError):  # JSONDecodeError, or an integer of too many digits
            raise Malformed(f"line {i}: not JSON (or a number too long)") from None
    if not objs:
        raise Malformed("empty certificate")
    kind, game, root, value, outcome = _header(objs[0][1])
    end = objs[-1][1]
    if len(objs) < 2 or not isinstance(end, dict) or end.get("end") is not True:
        raise Malformed("the end line is missing (a truncated certificate?)")
    if end.get("records") != len(objs) - 2:
        raise Malformed(f"the end line counts {end.get('records')!r} records, the file has {len(objs) - 2}")
    checker = _Checker(kind, game, check_below, outcomes=value is None)
    report = Report(spec=str(objs[0][1].get("spec", "")), game=game, kind=kind, value=value, outcome=outcome,
                    root=ascii(json.dumps(objs[0][1].get("root"), separators=(",", ":")))[1:-1])
    for line, obj in objs[1:-1]:
        checker.record(obj, line, report)
    if value is None:
        found = checker.outcome_of(root, "the root")
        if found != outcome:
            raise ClaimFailed(f"line 1: the root is claimed to be {_a(outcome + '-position')}, the records show {found}")
    else:
        got = checker.sum_value(root, "the root")
        if got != value:
            raise ClaimFailed(f"line 1: the root is claimed to have value {value}, its components' values give {got}")
    if report.involutions_assumed:
        report.assumptions.append(
            f"{report.involutions_assumed} involution reductions on more than {check_below} vertices: {INVOLUTION_SOURCE}")
    report.seconds = time.perf_counter() - start
    return report


def _read_bounded(path: str) -> bytes:
    """The bytes of the regular file ``path``, gunzipped if they start with
    gzip's magic number, at most :data:`MAX_CERTIFICATE_BYTES` read and as
    many decompressed. The file is opened without blocking and checked to be
    a regular file before it is read (a FIFO, ``/dev/zero``).

    Raises
    ------
    Malformed
        The file cannot be opened or read, is not a regular file, or passes
        the limit; a damaged gzip stream.
    """
    limit = MAX_CERTIFICATE_BYTES
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
        with os.fdopen(fd, "rb") as fh:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                raise Malformed(f"{path}: cannot read: not a regular file (a FIFO, a device, a directory)")
            raw = fh.read(limit + 1)
    except OSError as e:
        raise Malformed(f"{path}: cannot read: {e.strerror or e}") from None
    if len(raw) > limit:
        raise Malformed(f"{path}: larger than the limit of {limit >> 20} MiB")
    if raw[:2] == b"\x1f\x8b":
        try:
            with gzip.GzipFile(fileobj=io.BytesIO(raw)) as stream:
                raw = stream.read(limit + 1)
        except (OSError, EOFError, zlib.error) as e:
            raise Malformed(f"{path}: not a readable gzip stream ({e})") from None
        if len(raw) > limit:
            raise Malformed(f"{path}: decompresses to more than the limit of {limit >> 20} MiB")
    return raw


def verify_file(path: str, check_below: int = CHECK_BELOW) -> Report:
    """Check the certificate in ``path`` (gzip is recognised by its magic
    bytes; a leading UTF-8 byte-order mark is dropped). As
    :func:`verify_lines`; an unreadable file (see :func:`_read_bounded`)
    raises :class:`Malformed`."""
    raw = _read_bounded(path)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise Malformed(f"{path}: cannot read: not UTF-8 text (byte offset {e.start})") from None
    # lines end at newlines only: JSON may hold U+2028 or U+0085 in a string, str.splitlines splits there
    return verify_lines(text.removeprefix("\ufeff").split("\n"), check_below)


def main(argv: list[str] | None = None) -> int:
    """``python verify.py FILE [CHECK_BELOW]``: print the report; return 0, 1 or 2."""
    args = sys.argv[1:] if argv is None else argv
    if not 1 <= len(args) <= 2:
        print("usage: verify.py FILE [CHECK_BELOW]", file=sys.stderr)
        return 2
    try:
        report = verify_file(args[0], int(args[1]) if len(args) > 1 else 6)
    except Malformed as e:
        print(f"malformed certificate: {e}", file=sys.stderr)
        return 2
    except ClaimFailed as e:
        print(f"claim fails: {e}", file=sys.stderr)
        return 1
    print(report.summary())
    return 0


if __name__ == "__main__":
    sys.exit(main())
