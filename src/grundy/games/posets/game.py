"""Poset games as a game of the search: :class:`PosetGame` (components,
chains, keys, reductions, options), the switches of its shortcuts
(:class:`PosetTheory`) and :class:`PosetSolver`, the searcher made in one call.

The search
----------
:class:`PosetSolver` is :class:`grundy.core.search.Searcher` (outcome
questions on sums, the value table, the option cache, limits) over a
:class:`PosetGame`, which supplies the poset-specific parts:
:meth:`PosetGame.decompose` splits a
position into the connected components of its comparability graph (a
disjoint sum), values lone elements and chains (nim-heaps), applies the
involution reduction of :mod:`grundy.games.posets.poset` and cancels isomorphic pairs; each component
left is keyed by nauty on the directed graph ``i -> j`` for ``i < j``
(transitively closed). :meth:`PosetGame.children` rebuilds the poset from
its key (:func:`grundy.core.canon.digraph_from_certificate`) and makes one move
per orbit of the automorphism group.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from grundy.core.canon import automorphisms, certificate, digraph_from_certificate
from grundy.core.search import Component, Namer, Searcher, Split
from grundy.games.graphs.bitset import components
from grundy.games.graphs.formulas import plural
from grundy.games.graphs.graph import bits
from grundy.games.graphs.theory import Switches
from grundy.games.posets.poset import INVOLUTION_SOURCE, _compact, _down_sets, _nauty_input, poset_involution

__all__ = ["PosetTheory", "PosetGame", "PosetSolver", "CHAIN_SOURCE"]

CHAIN_SOURCE = "Nim: a chain of n elements is a nim-heap of size n"


# ----------------------------------------------------------------------
# reductions switchable off
# ----------------------------------------------------------------------
@dataclass(frozen=True)
class PosetTheory(Switches):
    """Which shortcuts :class:`PosetSolver` may use (all on by default).

    chains : a component that is a chain of ``n`` elements is a nim-heap
        of size ``n`` (Nim). involutions : the involution reduction (the
        proposition of :mod:`grundy.games.posets.poset`). cancel_pairs : isomorphic components cancel
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
    coloured) and reduced by order involutions (see :mod:`grundy.games.posets.poset`).

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
                        trace.append(f"{name(comp)}: a chain of {plural(size, 'element')}, value {size} [{CHAIN_SOURCE}]")
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
        if trace is None:
            known = search.cached(key, unknown, self.theory.involutions)
            if known is not None:
                return known

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
            f"{name(comp)}: {plural(len(sub), 'element')}, {plural(sum(u.bit_count() for u in sub), 'relation')}, "
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

    >>> from grundy.games.posets import build_poset_family
    >>> s = PosetSolver()
    >>> s.value_of(*s.decompose(build_poset_family("antichain:3").up))
    1
    """

    def __init__(self, theory: PosetTheory | None = None, **kwargs: Any) -> None:
        super().__init__(PosetGame(theory), **kwargs)
