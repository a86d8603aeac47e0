"""Misère play of the impartial graph rulesets: whole positions searched by
:class:`grundy.core.misere.MisereSearch`, keyed by the nauty certificate of
the whole graph (isolated vertices included), options once per
automorphism orbit of moves. No theorem of the papers on values is used:
they are about normal play. One result is about the game tree itself and
so holds in misère play too: BO/BO and BE/BE are Arc Kayles on the
subgraph induced by the vertices of odd (even) degree (Harding-Ottaway §2;
:data:`grundy.games.graphs.theory.ARC_KAYLES_SOURCE`), used unless the
theory's ``arc_kayles`` is off.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from grundy.core.canon import certificate, graph_from_certificate
from grundy.core.limits import own_clock
from grundy.core.misere import MisereSearch
from grundy.games.graphs.bitset import check_adjacency, compact, full_mask, upper_lists
from grundy.games.graphs.game import _KERNEL_KEY_BYTES, KERNEL_NAUTY, _kernel, _orbit_reps
from grundy.games.graphs.rulesets import GraphRuleset, get_ruleset
from grundy.games.graphs.theory import Theory, arc_kayles_parity, parity_vertices

__all__ = ["MisereSolver"]


class MisereSolver(MisereSearch[bytes]):
    """Misère outcomes for any impartial graph ruleset.

    The search runs over canonical keys of whole positions (isolated
    vertices kept; :func:`grundy.core.canon.certificate`, ``b""`` for the
    empty graph). A key of at most 64 vertices has its options made by the
    compiled kernel from the ruleset's :class:`MoveRule`
    (``_kernel.OptionKeys``), one per automorphism orbit of moves in the
    rule's order; larger ones (or no kernel) by the Python reference in the
    same order, so both give the same outcomes after the same positions.

    Parameters
    ----------
    ruleset : GraphRuleset or str
        The ruleset (default Graph Chomp).
    theory : Theory, optional
        Only ``arc_kayles`` matters here (default on): BO/BO and BE/BE are
        searched as Arc Kayles on the vertices of odd (even) degree, each
        position given to :meth:`is_n` cut down first.
    compiled : bool
        Whether the kernel may make options (default True; False: the
        Python reference only, for the tests).
    **kwargs
        ``time_limit``, ``max_positions``, ``progress``: see
        :class:`grundy.core.misere.MisereSearch`.

    >>> s = MisereSolver(ruleset="chomp")
    >>> s.is_n((0,)), s.is_n((0, 0))     # one vertex: P (taking it loses); two: N
    (False, True)
    """

    def __init__(self, ruleset: GraphRuleset | str = "chomp", theory: Theory | None = None,
                 compiled: bool = True, **kwargs: Any) -> None:
        self.ruleset = get_ruleset(ruleset) if isinstance(ruleset, str) else ruleset
        #: the degree parity of the vertices that play when searched as Arc Kayles, else None
        self.parity = arc_kayles_parity(self.ruleset.name, theory)
        #: the ruleset whose options the search generates
        self.searched = get_ruleset("arc-kayles") if self.parity is not None else self.ruleset
        self.compiled = compiled and KERNEL_NAUTY and _kernel is not None
        super().__init__(self._options, _same, **kwargs)

    def is_n(self, position: tuple[int, ...]) -> bool:
        """Whether ``position`` (adjacency bitsets, of the ruleset) is a
        misère N-position; for BO/BO and BE/BE searched as Arc Kayles it is
        cut down to the vertices of odd (even) degree first (the search's
        own options, Arc Kayles positions, are not cut again). Raises
        ValueError (TypeError) if it is not a simple graph
        (:func:`grundy.games.graphs.bitset.check_adjacency`). On its own
        clock if none runs, as :meth:`grundy.core.misere.MisereSearch.is_n`."""
        check_adjacency(position)
        if self.parity is not None:
            position = compact(position, parity_vertices(position, full_mask(len(position)), self.parity))
        with own_clock(self):
            return self._is_n(graph_key(position))

    def _options(self, key: bytes) -> Iterator[bytes]:
        """The options' keys, one per orbit of moves, made one at a time
        with the time limit checked before each (Graph Nim has up to 2^d -
        1 moves at a vertex of degree d, one per class of isomorphic
        options; the search stops at the first P-option)."""
        if not key:
            return
        if self.compiled and len(key) <= _KERNEL_KEY_BYTES:
            options: Iterator[bytes] = _kernel.OptionKeys(key, self.searched.compiled.code)
        else:
            options = self._reference_options(key)
        for option in options:
            self.limits.check_time(self.stats.positions)
            yield option

    def _reference_options(self, key: bytes) -> Iterator[bytes]:
        """The Python reference of :meth:`_options` (any number of vertices)."""
        adj = graph_from_certificate(key)
        vertices, edges = self.searched.compiled.order(*_orbit_reps(adj, self.searched.compiled.edge is not None), adj)
        for move in self.searched.ordered_moves(adj, vertices, edges):
            yield graph_key(self.searched.apply(adj, move))


def _same(key: bytes) -> bytes:
    return key


def graph_key(adj: tuple[int, ...]) -> bytes:
    """The canonical key of a whole graph (isolated vertices kept), ``b""``
    for the empty graph."""
    return certificate(len(adj), upper_lists(adj)) if adj else b""
