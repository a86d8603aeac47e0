"""The partizan rulesets on graphs (:data:`PARTIZAN_RULESETS`): what Left and
Right may delete, with the papers they come from.

Rulesets
--------
``be-bo``
    Left deletes an edge whose endpoints both have even degree, Right an edge
    whose endpoints both have odd degree.
``oe-bo``
    Left deletes an edge with one odd-degree and one even-degree endpoint,
    Right an edge whose endpoints both have odd degree.
``oe-be``
    Left deletes an edge with one odd-degree and one even-degree endpoint,
    Right an edge whose endpoints both have even degree.
``even-odd-vertex``
    Left deletes a vertex of even degree (with its edges), Right a vertex of
    odd degree.

Degrees are always those of the current graph. The three edge games are the
partizan variants "Left's rules/Right's rules" of P. Harding and P. Ottaway,
*Edge deletion games with parity rules*, Integers 14 (2014), §1.1 and §5.2
(the paper's list "BE/BO, OE/BO, and OE/BO" has a typo: the third is OE/BE,
as §5.3 says). The vertex game is the partizan even/odd vertex deletion game
of R. J. Nowakowski and P. Ottaway, *Vertex deletion games with parity
rules*, Integers 5 (2005), A15 (cited by Harding-Ottaway, §4).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from grundy.errors import InputError
from grundy.games.graphs.bitset import remove_edge, remove_vertex

__all__ = ["PartizanRuleset", "PARTIZAN_RULESETS", "get_partizan_ruleset", "list_partizan_rulesets"]

Adj = tuple[int, ...]
#: A move on vertex indices: ``("e", i, j)`` deletes the edge ``ij``
#: (``i < j``); ``("v", i)`` deletes vertex ``i`` with its edges.
IndexMove = tuple


# ---------------------------------------------------------------------------
# Rulesets
# ---------------------------------------------------------------------------


def _apply(adj: Adj, move: IndexMove) -> Adj:
    if move[0] == "e":
        return remove_edge(adj, move[1], move[2])
    return remove_vertex(adj, move[1])


@dataclass(frozen=True)
class PartizanRuleset:
    """A partizan ruleset on finite simple graphs.

    Attributes
    ----------
    name : str
        Registry name (``be-bo``, ...).
    rule : str
        One-line rule, Left's then Right's.
    source : str
        Paper and section.
    left_moves, right_moves : callable
        ``moves(adj) -> list of adjacency tuples``: the positions Left
        (Right) can move to. Vertex deletions renumber the vertices above the
        deleted one down by one (:func:`grundy.games.graphs.bitset.remove_vertex`).
    left_targets, right_targets : callable
        ``targets(adj) -> list of index moves``, ``("e", i, j)`` with
        ``i < j`` or ``("v", i)``, in the same order as the moves.
    """

    name: str
    rule: str
    source: str
    left_moves: Callable[[Adj], list[Adj]]
    right_moves: Callable[[Adj], list[Adj]]
    left_targets: Callable[[Adj], list[IndexMove]]
    right_targets: Callable[[Adj], list[IndexMove]]


def _edge_targets(kind: str) -> Callable[[Adj], list[IndexMove]]:
    """Edges whose endpoint parities are ``kind``: "be" both even, "bo" both
    odd, "oe" one odd and one even."""

    def targets(adj: Adj) -> list[IndexMove]:
        odd = [a.bit_count() & 1 for a in adj]
        out = []
        for i, a in enumerate(adj):
            rest = a >> (i + 1)
            j = i + 1
            while rest:
                if rest & 1:
                    s = odd[i] + odd[j]
                    if (kind == "be" and s == 0) or (kind == "bo" and s == 2) or (kind == "oe" and s == 1):
                        out.append(("e", i, j))
                rest >>= 1
                j += 1
        return out

    return targets


def _vertex_targets(want_odd: int) -> Callable[[Adj], list[IndexMove]]:
    def targets(adj: Adj) -> list[IndexMove]:
        return [("v", i) for i, a in enumerate(adj) if a.bit_count() & 1 == want_odd]

    return targets


def _make(name: str, rule: str, source: str, left: Callable[[Adj], list[IndexMove]],
          right: Callable[[Adj], list[IndexMove]]) -> PartizanRuleset:
    def left_moves(adj: Adj) -> list[Adj]:
        return [_apply(adj, m) for m in left(adj)]

    def right_moves(adj: Adj) -> list[Adj]:
        return [_apply(adj, m) for m in right(adj)]

    return PartizanRuleset(name, rule, source, left_moves, right_moves, left, right)


_HO = "Harding-Ottaway, Edge deletion games with parity rules (Integers 2014), §1.1 and §5.2"
_NO = ("Nowakowski-Ottaway, Vertex deletion games with parity rules (Integers 2005); "
       "cited by Harding-Ottaway, §4")

#: The partizan rulesets by name.
PARTIZAN_RULESETS: dict[str, PartizanRuleset] = {
    r.name: r
    for r in [
        _make("be-bo", "Left deletes an edge with both endpoints of even degree, "
              "Right one with both endpoints of odd degree", _HO + " (BE/BO)",
              _edge_targets("be"), _edge_targets("bo")),
        _make("oe-bo", "Left deletes an edge with one odd-degree and one even-degree endpoint, "
              "Right one with both endpoints of odd degree", _HO + " (OE/BO)",
              _edge_targets("oe"), _edge_targets("bo")),
        _make("oe-be", "Left deletes an edge with one odd-degree and one even-degree endpoint, "
              "Right one with both endpoints of even degree", _HO + " (OE/BE)",
              _edge_targets("oe"), _edge_targets("be")),
        _make("even-odd-vertex", "Left deletes a vertex of even degree with its edges, "
              "Right a vertex of odd degree", _NO,
              _vertex_targets(0), _vertex_targets(1)),
    ]
}


def list_partizan_rulesets() -> list[PartizanRuleset]:
    """The partizan rulesets, in registry order.

    Returns
    -------
    list of PartizanRuleset

    >>> [r.name for r in list_partizan_rulesets()]
    ['be-bo', 'oe-bo', 'oe-be', 'even-odd-vertex']
    """
    return list(PARTIZAN_RULESETS.values())


def get_partizan_ruleset(name: str) -> PartizanRuleset:
    """The partizan ruleset called ``name``.

    Raises
    ------
    InputError
        On an unknown name; the message lists the valid ones.

    >>> get_partizan_ruleset("be-be")
    Traceback (most recent call last):
    ...
    grundy.errors.InputError: unknown partizan game 'be-be'; valid: be-bo, oe-bo, oe-be, even-odd-vertex
    """
    try:
        return PARTIZAN_RULESETS[name]
    except (KeyError, TypeError):
        raise InputError(
            f"unknown partizan game {name!r}; valid: {', '.join(PARTIZAN_RULESETS)}"
        ) from None
