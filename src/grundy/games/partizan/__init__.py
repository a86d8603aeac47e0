"""Partizan games on graphs: canonical forms of short games, in standard notation.

In a *partizan* game the two players, Left and Right, have different moves.
Under normal play (whoever cannot move loses) every finite position has a
*value*, a short game ``{L options | R options}``, and a unique simplest
representative of that value, its *canonical form* (no dominated options, no
reversible options). Values add over disjoint sums, which is what lets us
split a graph into its connected components.

Rulesets (:mod:`.rulesets`) are told with their papers; the search with its
memo and pycgt's caches in :mod:`.search`; the notation, written and read,
in :mod:`.notation`; the value object the user gets in :mod:`.value`.

>>> from grundy.games.graphs.graph import Graph
>>> v = partizan_value("oe-be", Graph.from_edges("abc", [("a", "b"), ("b", "c")]))
>>> str(v), v.outcome, v.is_number
('1', 'L', True)
>>> str(partizan_value("be-bo", Graph.from_edges("ab", [("a", "b")])))
'-1'
"""

from __future__ import annotations

import pycgt  # noqa: F401  (the partizan games need pycgt: a missing one fails here, by name)

from grundy.games.partizan.notation import format_game, nimber_of, outcome_of, parse_game
from grundy.games.partizan.rulesets import (
    PARTIZAN_RULESETS,
    PartizanRuleset,
    get_partizan_ruleset,
    list_partizan_rulesets,
)
from grundy.games.partizan.search import MEMO_LIMIT, PYCGT_CACHE_LIMIT, clear_partizan_caches, partizan_game
from grundy.games.partizan.value import PartizanValue, partizan_value

__all__ = [
    "PartizanRuleset",
    "PartizanValue",
    "PARTIZAN_RULESETS",
    "get_partizan_ruleset",
    "list_partizan_rulesets",
    "partizan_value",
    "partizan_game",
    "format_game",
    "parse_game",
    "outcome_of",
    "nimber_of",
    "clear_partizan_caches",
    "MEMO_LIMIT",
    "PYCGT_CACHE_LIMIT",
]
