"""The value of a partizan position for the user: :class:`PartizanValue`
(canonical form, notation, outcome, number and nimber tests) and
:func:`partizan_value`, which computes it for a graph."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import pycgt

from grundy.games.partizan.notation import format_game, nimber_of, outcome_of
from grundy.games.partizan.rulesets import get_partizan_ruleset
from grundy.games.partizan.search import Game, _as_graph, _Search, _trim_pycgt_caches

__all__ = ["PartizanValue", "partizan_value"]


# ---------------------------------------------------------------------------
# The public value object
# ---------------------------------------------------------------------------


@dataclass(frozen=True, eq=False)
class PartizanValue:
    """The value of a partizan position.

    Attributes
    ----------
    game : pycgt.Game
        The canonical form (``==`` is value equality).
    ruleset : str
        The ruleset it was computed for.
    positions : int
        Component positions expanded (memo hits not counted).

    ``str(v)`` is the standard notation (:func:`format_game`);
    ``v.to_str(ascii=True)`` the ASCII one. Two values compare equal when
    their games are equal.
    """

    game: Game
    ruleset: str = ""
    positions: int = 0

    def __str__(self) -> str:
        return format_game(self.game)

    def to_str(self, ascii: bool = False) -> str:
        """Standard notation; ``ascii=True`` uses ``^``, ``v``, ``+-``."""
        return format_game(self.game, ascii=ascii)

    def __repr__(self) -> str:
        return f"PartizanValue({format_game(self.game)!r}, ruleset={self.ruleset!r})"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, PartizanValue):
            return self.game == other.game
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.game)

    @property
    def outcome(self) -> str:
        """``"L"``, ``"R"``, ``"N"`` or ``"P"`` (see :func:`outcome_of`)."""
        return outcome_of(self.game)

    @property
    def is_number(self) -> bool:
        """Whether the value is a (dyadic rational) number."""
        return pycgt.as_number(self.game) is not None

    @property
    def number_value(self) -> Fraction | None:
        """The number as a :class:`fractions.Fraction`, or None."""
        return pycgt.as_number(self.game)

    @property
    def nimber_value(self) -> int | None:
        """``m`` if the value is the nimber ``*m`` (0 included), else None."""
        return nimber_of(self.game)

    @property
    def is_nimber(self) -> bool:
        """Whether the value is a nimber (as an impartial game's would be)."""
        return self.nimber_value is not None


def partizan_value(ruleset: str, g: Any, *, max_positions: int | None = None,
                   time_limit: float | None = None) -> PartizanValue:
    """Canonical value of a graph under a partizan ruleset.

    Parameters
    ----------
    ruleset : str
        ``"be-bo"``, ``"oe-bo"``, ``"oe-be"`` (Harding-Ottaway §5.2) or
        ``"even-odd-vertex"`` (Nowakowski-Ottaway); see
        :func:`list_partizan_rulesets`.
    g : Graph or networkx.Graph (``grundy.partizan_value`` also reads a spec string)
        The position; degrees are those of this graph.
    max_positions : int, optional
        Most new connected positions to expand before stopping.
    time_limit : float, optional
        Seconds allowed (checked at each new connected position).

    Returns
    -------
    PartizanValue
        Canonical form, notation (``str``), ``outcome``, ``is_number``,
        ``is_nimber`` and ``nimber_value``.

    Raises
    ------
    InputError
        Unknown ruleset (the message lists the valid names), or ``g`` not a
        graph.
    SearchLimitReached
        More than ``max_positions`` positions were needed, or more than
        ``time_limit`` seconds.

    Notes
    -----
    The value of a disjoint union is the sum of the components' values; each
    connected component's canonical form is memoised by its nauty
    certificate (bounded memo, :data:`MEMO_LIMIT`). Canonical forms of larger
    graphs can be large: the cost grows quickly with the number of edges.

    >>> from grundy.games.graphs.graph import Graph
    >>> str(partizan_value("even-odd-vertex", Graph.from_edges("abc", [("a", "b"), ("b", "c")])))
    '{2|0}'
    >>> partizan_value("be-bo", Graph.from_edges("abcd", [("a", "b"), ("c", "d")])).outcome
    'R'
    """
    rs = get_partizan_ruleset(ruleset)
    graph = _as_graph(g)
    search = _Search(rs, max_positions, time_limit)
    try:
        value = search.position(graph.adj)
    finally:
        _trim_pycgt_caches()
    return PartizanValue(value, rs.name, search.positions)
