"""Canonical forms of partizan graph positions: the search over components
(:class:`_Search`, each connected component memoised by its nauty
certificate), the bounds on its memo and on pycgt's caches, and
:func:`partizan_game`.

Canonical forms
---------------
The game algebra (sums, comparison, canonical form) is pycgt's
(https://pypi.org/project/pycgt/, pure Python, MIT). It was checked against
the standard identities and against an independent brute force (comparison
by playing out the difference game), see ``tests/test_partizan.py``. pycgt
keeps unbounded caches; :func:`partizan_value` clears them once they exceed
:data:`PYCGT_CACHE_LIMIT` entries (checked after each call and every 1024
new positions of a search, never while a pycgt call is running), and keeps its own
memo of component values (by nauty certificate) bounded by
:data:`MEMO_LIMIT`. :func:`clear_partizan_caches` empties both.


The limits :data:`MEMO_LIMIT`, :data:`PYCGT_CACHE_LIMIT` and
``_TRIM_EVERY`` are read from this module when a search runs.
"""

from __future__ import annotations

import importlib
import sys
from collections import OrderedDict
from collections.abc import Iterable, Sequence
from typing import Any

import pycgt

from grundy.core.canon import certificate
from grundy.core.limits import Limits
from grundy.errors import InputError
from grundy.games.graphs.bitset import compact_with_lists, components
from grundy.games.graphs.graph import Graph
from grundy.games.partizan.rulesets import Adj, PartizanRuleset, get_partizan_ruleset

__all__ = ["partizan_game", "clear_partizan_caches", "MEMO_LIMIT", "PYCGT_CACHE_LIMIT"]

#: Most component values kept in the memo (least recently used dropped first).
MEMO_LIMIT = 200_000
#: Total entries of pycgt's caches above which they are cleared after a
#: top-level call (they are never trimmed by pycgt itself).
PYCGT_CACHE_LIMIT = 400_000
#: pycgt's caches are also checked every this many new positions of a search.
_TRIM_EVERY = 1024

Game = pycgt.Game
ZERO = pycgt.ZERO


class _LRU:
    """A dict bounded to ``limit`` entries, least recently used dropped."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.data: OrderedDict[Any, Game] = OrderedDict()

    def get(self, key: Any) -> Game | None:
        v = self.data.get(key)
        if v is not None:
            self.data.move_to_end(key)
        return v

    def put(self, key: Any, value: Game) -> None:
        self.data[key] = value
        while len(self.data) > self.limit:
            self.data.popitem(last=False)


_MEMO = _LRU(MEMO_LIMIT)


class _Search:
    """One top-level computation: counts the positions it expands; its
    :class:`~grundy.core.limits.Limits` stop it at ``max_positions`` or the
    time limit (or a cancel request)."""

    def __init__(self, ruleset: PartizanRuleset, max_positions: int | None,
                 time_limit: float | None = None) -> None:
        self.ruleset = ruleset
        self.positions = 0
        self.limits = Limits(time_limit, max_positions)
        self.limits.start()
        self.k1: Game | None = None  # value of a single vertex
        _MEMO.limit = MEMO_LIMIT

    def position(self, adj: Adj) -> Game:
        """Value of any position: the sum of its components' values."""
        n = len(adj)
        if n == 0:
            return ZERO
        parts: list[Game] = []
        for mask in components(adj, (1 << n) - 1):
            if mask & (mask - 1):
                parts.append(self.component(adj, mask))
            else:  # an isolated vertex: 0 in the edge games, 1 in the vertex game
                if self.k1 is None:
                    self.k1 = self.component((0,), 1)
                parts.append(self.k1)
        total = ZERO
        for p in parts:
            if p != ZERO:
                total = p if total == ZERO else pycgt.add(total, p)
        return total

    def component(self, adj: Adj, mask: int) -> Game:
        sub, lists = compact_with_lists(adj, mask)
        key = (self.ruleset.name, certificate(len(sub), lists))
        hit = _MEMO.get(key)
        if hit is not None:
            return hit
        self.positions += 1
        self.limits.tick(self.positions)  # raises SearchLimitReached at a limit
        left = self._options(self.ruleset.left_moves(sub))
        right = self._options(self.ruleset.right_moves(sub))
        value = pycgt.game(left, right)
        _MEMO.put(key, value)
        if self.positions % _TRIM_EVERY == 0:
            # safe here: no pycgt call is in progress, and games are plain values
            _trim_pycgt_caches()
        return value

    def _options(self, positions: Iterable[Adj]) -> set[Game]:
        seen: set[Adj] = set()
        out: set[Game] = set()
        for p in positions:
            if p not in seen:
                seen.add(p)
                out.add(self.position(p))
        return out


def _pycgt_caches() -> list[Any]:
    caches = []
    for name, mod in list(sys.modules.items()):
        if mod is None or not (name == "pycgt" or name.startswith("pycgt.")):
            continue
        for attr in vars(mod).values():
            if callable(attr) and hasattr(attr, "cache_clear") and hasattr(attr, "cache_info"):
                caches.append(attr)
    return caches


def _pycgt_cache_size() -> int:
    geq_cache = getattr(_pycgt_game_module_obj(), "_geq_cache", {})
    total = len(geq_cache)
    seen = set()
    for f in _pycgt_caches():
        if id(f) not in seen:
            seen.add(id(f))
            total += f.cache_info().currsize
    return total


def _pycgt_game_module_obj() -> Any:
    return importlib.import_module("pycgt.game")


def _clear_pycgt_caches() -> None:
    geq_cache = getattr(_pycgt_game_module_obj(), "_geq_cache", None)
    if geq_cache is not None:
        geq_cache.clear()
    for f in _pycgt_caches():
        f.cache_clear()


def _trim_pycgt_caches() -> None:
    if _pycgt_cache_size() > PYCGT_CACHE_LIMIT:
        _clear_pycgt_caches()


def clear_partizan_caches() -> None:
    """Empty the memo of component values and pycgt's caches.

    pycgt 0.2 memoises comparisons, sums and canonical forms without bound;
    games stay valid after a clear (they are plain values), only slower to
    recompute.
    """
    _MEMO.data.clear()
    _clear_pycgt_caches()


def _as_graph(g: Any) -> Graph:
    """A position as the games take it: a :class:`Graph` (returned as is) or
    a networkx graph (labels kept; checked by :meth:`Graph.from_networkx`).
    A spec string is read by the front ends (:func:`grundy.api.partizan_value`,
    which is ``grundy.partizan_value``): the games do not import the readers.

    Raises InputError for anything else."""
    if isinstance(g, Graph):
        return g
    import networkx as nx

    if isinstance(g, nx.Graph):
        return Graph.from_networkx(g)
    raise InputError(
        f"cannot make a graph from {type(g).__name__}: expected a grundy Graph or a networkx graph "
        "(grundy.partizan_value also reads a family spec, graph6 or sparse6)"
    )


def partizan_game(ruleset: str, adj: Sequence[int], *, max_positions: int | None = None,
                  time_limit: float | None = None) -> Game:
    """Canonical form (a pycgt ``Game``) of the position ``adj``.

    Parameters
    ----------
    ruleset : str
        A name from :func:`list_partizan_rulesets`.
    adj : sequence of int
        Adjacency bitsets (as :attr:`grundy.Graph.adj`).
    max_positions : int, optional
        Most new component positions to expand.
    time_limit : float, optional
        Seconds allowed.

    Returns
    -------
    pycgt.Game
        The canonical form; ``==`` is value equality.

    Raises
    ------
    InputError
        Unknown ruleset.
    SearchLimitReached
        More than ``max_positions`` positions were needed, or the time
        limit passed.
    """
    rs = get_partizan_ruleset(ruleset)
    search = _Search(rs, max_positions, time_limit)
    try:
        return search.position(tuple(adj))
    finally:
        _trim_pycgt_caches()
