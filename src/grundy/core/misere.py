"""Misère play: the player who cannot move wins.

Under misère play a disjoint sum's outcome is not a function of its
components' nim-values, so positions are searched whole (all components
together, isolated vertices included) and memoised by the nauty certificate
of the whole graph. No theorem of the papers is used: they are about normal
play.
"""

from __future__ import annotations

from grundy.games.graphs.bitset import upper_lists
from grundy.core.canon import automorphisms, certificate
from grundy.core.search import Solver, _edge_orbit_reps
from grundy.games.graphs.rulesets import GraphRuleset

__all__ = ["MisereSolver"]


class MisereSolver(Solver):
    """Misère outcomes for any impartial graph ruleset.

    Takes the ruleset, limits and progress options of :class:`Solver`;
    the table maps a whole position's canonical key to whether it is an
    N-position.

    >>> s = MisereSolver(ruleset="chomp")
    >>> s.is_n((0,)), s.is_n((0, 0))     # one vertex: P (taking it loses); two: N
    (False, True)
    """

    def __init__(self, ruleset: GraphRuleset | str = "chomp", **kwargs: object) -> None:
        super().__init__(None, ruleset=ruleset, **kwargs)  # type: ignore[arg-type]
        self.misere: dict[bytes, bool] = {}

    def is_n(self, adj: tuple[int, ...]) -> bool:
        """Whether the graph is an N-position under misère play: it has no
        move (the player to move has already won) or a move to a P-position.

        Raises
        ------
        SearchLimitReached
            If a limit of the solver is hit.
        """
        n = len(adj)
        if n == 0:
            return True
        nbrs = upper_lists(adj)
        key = certificate(n, nbrs)
        known = self.misere.get(key)
        if known is not None:
            self.stats.table_hits += 1
            return known
        self._tick()
        gens, orbits = automorphisms(n, nbrs)
        vertex_reps = {i for i in range(n) if orbits[i] == i}
        edge_reps = set(_edge_orbit_reps(nbrs, gens))
        result = True  # no move: the player to move wins
        for option in self.ruleset.options(adj, vertex_reps, edge_reps):
            result = False
            if not self.is_n(option):
                result = True
                break
        self.misere[key] = result
        return result
