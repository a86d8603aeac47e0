"""Plain brute force for Graph Chomp: the reference every shortcut is checked
against. No canonical forms, no splitting, no theory: mex over all options of
the labelled position (vertex set, edge set)."""

from __future__ import annotations

from functools import lru_cache

from grundy.games.graphs.graph import Graph


@lru_cache(maxsize=None)
def brute_value(vertices: frozenset, edges: frozenset) -> int:
    """Nim-value of the labelled graph by the mex rule over all options."""
    seen = set()
    for v in vertices:
        seen.add(brute_value(vertices - {v}, frozenset(e for e in edges if v not in e)))
    for e in edges:
        seen.add(brute_value(vertices, edges - {e}))
    g = 0
    while g in seen:
        g += 1
    return g


@lru_cache(maxsize=None)
def brute_ruleset_value(game: str, adj: tuple[int, ...]) -> int:
    """Nim-value under any graph ruleset by the mex rule over every labelled
    option of the bitset position: no canon, no splitting, no theory."""
    from grundy.games.graphs.rulesets import get_ruleset

    ruleset = get_ruleset(game)
    seen = {brute_ruleset_value(game, ruleset.apply(adj, m)) for m in ruleset.moves(adj)}
    g = 0
    while g in seen:
        g += 1
    return g


def brute_graph_value(g: Graph) -> int:
    """Brute-force nim-value of a :class:`Graph` (use on <= 6 vertices)."""
    return brute_value(
        frozenset(range(g.n)), frozenset(frozenset(e) for e in g.edge_indices())
    )
