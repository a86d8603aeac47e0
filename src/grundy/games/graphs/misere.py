"""Misère play of the impartial graph rulesets: whole positions searched by
:class:`grundy.core.misere.MisereSearch`, keyed by the nauty certificate of
the whole graph (isolated vertices included), options once per
automorphism orbit of moves. No theorem of the papers is used: they are
about normal play.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from grundy.core.canon import automorphisms, certificate
from grundy.core.misere import MisereSearch
from grundy.games.graphs.bitset import upper_lists
from grundy.games.graphs.game import _edge_orbit_reps
from grundy.games.graphs.rulesets import GraphRuleset, get_ruleset

__all__ = ["MisereSolver"]


class MisereSolver(MisereSearch[tuple[int, ...]]):
    """Misère outcomes for any impartial graph ruleset.

    Parameters
    ----------
    ruleset : GraphRuleset or str
        The ruleset (default Graph Chomp).
    **kwargs
        ``time_limit``, ``max_positions``, ``progress``: see
        :class:`grundy.core.misere.MisereSearch`.

    >>> s = MisereSolver(ruleset="chomp")
    >>> s.is_n((0,)), s.is_n((0, 0))     # one vertex: P (taking it loses); two: N
    (False, True)
    """

    def __init__(self, ruleset: GraphRuleset | str = "chomp", **kwargs: Any) -> None:
        self.ruleset = get_ruleset(ruleset) if isinstance(ruleset, str) else ruleset
        super().__init__(self._options, _graph_key, **kwargs)

    def _options(self, adj: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        """The options, one per orbit of moves, made one at a time with the
        time limit checked before each (Graph Nim has 2^d - 1 moves at a
        vertex of degree d; the search stops at the first P-option)."""
        n = len(adj)
        if n == 0:
            return
        nbrs = upper_lists(adj)
        gens, orbits = automorphisms(n, nbrs)
        vertex_reps = {i for i in range(n) if orbits[i] == i}
        edge_reps = set(_edge_orbit_reps(nbrs, gens))
        for option in self.ruleset.options(adj, vertex_reps, edge_reps):
            self.limits.check_time(self.stats.positions)
            yield option


def _graph_key(adj: tuple[int, ...]) -> bytes:
    return certificate(len(adj), upper_lists(adj)) if adj else b""
