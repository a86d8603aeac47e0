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

# Names the module grundy.games.partizan held before it became a package, kept
# importable from here. The limits MEMO_LIMIT, PYCGT_CACHE_LIMIT and
# _TRIM_EVERY are read by grundy.games.partizan.search: set them there.
import pycgt  # noqa: F401

from grundy.core.canon import certificate  # noqa: F401
from grundy.errors import InputError, SearchLimitReached  # noqa: F401
from grundy.games.graphs.bitset import compact_with_lists, components, remove_edge, remove_vertex  # noqa: F401
from grundy.games.graphs.graph import Graph  # noqa: F401
from grundy.games.partizan.notation import (  # noqa: F401
    _fmt_number,
    _fmt_ups,
    _Parser,
    _stops,
    _up_nim_parts,
    format_game,
    nimber_of,
    outcome_of,
    parse_game,
)
from grundy.games.partizan.rulesets import (  # noqa: F401
    _HO,
    _NO,
    PARTIZAN_RULESETS,
    Adj,
    IndexMove,
    PartizanRuleset,
    _apply,
    _edge_targets,
    _make,
    _vertex_targets,
    get_partizan_ruleset,
    list_partizan_rulesets,
)
from grundy.games.partizan.search import (  # noqa: F401
    _LRU,
    _MEMO,
    _TRIM_EVERY,
    MEMO_LIMIT,
    PYCGT_CACHE_LIMIT,
    ZERO,
    Game,
    _as_graph,
    _clear_pycgt_caches,
    _pycgt_cache_size,
    _pycgt_caches,
    _pycgt_game_module_obj,
    _Search,
    _trim_pycgt_caches,
    clear_partizan_caches,
    partizan_game,
)
from grundy.games.partizan.value import PartizanValue, partizan_value  # noqa: F401

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
