"""Partizan games on graphs: canonical forms of short games, in standard notation.

In a *partizan* game the two players, Left and Right, have different moves.
Under normal play (whoever cannot move loses) every finite position has a
*value*, a short game ``{L options | R options}``, and a unique simplest
representative of that value, its *canonical form* (no dominated options, no
reversible options). Values add over disjoint sums, which is what lets us
split a graph into its connected components.

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

Notation
--------
:func:`format_game` prints numbers (``3``, ``-5/8``), nimbers (``*``,
``*2``), multiples of up (``↑``, ``⇑``, ``↑3``, ``↓``, ``⇓``, ``↓3``), their
sums with a number and a nimber (``1/2↑*``), symmetric switches (``±1``) and
otherwise nested braces ``{0,*|{1|0}}``. ``ascii=True`` writes ``^``/``v``
for up/down, ``^^``/``vv`` for double up/down and ``+-`` for ``±``.
:func:`parse_game` reads every string :func:`format_game` writes.

>>> from grundy.games.graphs.graph import Graph
>>> v = partizan_value("oe-be", Graph.from_edges("abc", [("a", "b"), ("b", "c")]))
>>> str(v), v.outcome, v.is_number
('1', 'L', True)
>>> str(partizan_value("be-bo", Graph.from_edges("ab", [("a", "b")])))
'-1'
"""

from __future__ import annotations

import importlib
import sys
import time
from collections import OrderedDict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import pycgt

from grundy.games.graphs.bitset import components, compact_with_lists, remove_edge, remove_vertex
from grundy.core.canon import certificate
from grundy.errors import InputError, SearchLimitReached
from grundy.games.graphs.graph import Graph

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

Adj = tuple[int, ...]
#: A move on vertex indices: ``("e", i, j)`` deletes the edge ``ij``
#: (``i < j``); ``("v", i)`` deletes vertex ``i`` with its edges.
IndexMove = tuple

#: Most component values kept in the memo (least recently used dropped first).
MEMO_LIMIT = 200_000
#: Total entries of pycgt's caches above which they are cleared after a
#: top-level call (they are never trimmed by pycgt itself).
PYCGT_CACHE_LIMIT = 400_000
#: pycgt's caches are also checked every this many new positions of a search.
_TRIM_EVERY = 1024

Game = pycgt.Game
ZERO = pycgt.ZERO


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


# ---------------------------------------------------------------------------
# Values of positions: components memoised by nauty certificate
# ---------------------------------------------------------------------------


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
    """One top-level computation: counts positions for ``max_positions``."""

    def __init__(self, ruleset: PartizanRuleset, max_positions: int | None) -> None:
        self.ruleset = ruleset
        self.max_positions = max_positions
        self.positions = 0
        self.start = time.monotonic()
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
        if self.max_positions is not None and self.positions > self.max_positions:
            raise SearchLimitReached(f"position limit {self.max_positions}", self.positions - 1,
                                     time.monotonic() - self.start)
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
    """A position as accepted everywhere in grundy (see :func:`grundy.readwrite.graphs.to_graph`):
    a Graph, a networkx graph, or a family spec / graph6 / sparse6 string."""
    from grundy.readwrite.graphs import to_graph

    return to_graph(g)


def partizan_game(ruleset: str, adj: Sequence[int], *, max_positions: int | None = None) -> Game:
    """Canonical form (a pycgt ``Game``) of the position ``adj``.

    Parameters
    ----------
    ruleset : str
        A name from :func:`list_partizan_rulesets`.
    adj : sequence of int
        Adjacency bitsets (as :attr:`grundy.Graph.adj`).
    max_positions : int, optional
        Most new component positions to expand.

    Returns
    -------
    pycgt.Game
        The canonical form; ``==`` is value equality.

    Raises
    ------
    InputError
        Unknown ruleset.
    SearchLimitReached
        More than ``max_positions`` positions were needed.
    """
    rs = get_partizan_ruleset(ruleset)
    search = _Search(rs, max_positions)
    try:
        return search.position(tuple(adj))
    finally:
        _trim_pycgt_caches()


# ---------------------------------------------------------------------------
# Recognising values
# ---------------------------------------------------------------------------


def nimber_of(g: Game) -> int | None:
    """``m`` if the canonical game ``g`` is the nimber ``*m``, else None.

    Canonical nimbers are ``*m = {0, *, ..., *(m-1) | 0, *, ..., *(m-1)}``.

    >>> nimber_of(pycgt.nimber(3)), nimber_of(pycgt.UP)
    (3, None)
    """
    memo: dict[Game, int | None] = {}

    def rec(h: Game) -> int | None:
        if h in memo:
            return memo[h]
        res: int | None = None
        if h.left == h.right:
            vals = set()
            for o in h.left:
                v = rec(o)
                if v is None:
                    vals = None
                    break
                vals.add(v)
            if vals is not None and vals == set(range(len(h.left))):
                res = len(h.left)
        memo[h] = res
        return res

    return rec(g)


def outcome_of(g: Game) -> str:
    """Outcome class of a game: who wins under normal play.

    Returns
    -------
    str
        ``"L"`` (Left wins whoever starts; ``g > 0``), ``"R"`` (``g < 0``),
        ``"N"`` (the first player wins; ``g`` confused with 0) or ``"P"``
        (the second player wins; ``g = 0``).

    >>> outcome_of(pycgt.UP), outcome_of(pycgt.STAR), outcome_of(pycgt.ZERO)
    ('L', 'N', 'P')
    """
    pos, neg = pycgt.geq(g, ZERO), pycgt.geq(ZERO, g)
    if pos and neg:
        return "P"
    if pos:
        return "L"
    if neg:
        return "R"
    return "N"


def _stops(g: Game, memo: dict) -> tuple[Fraction, Fraction]:
    """(Left stop, Right stop) of a canonical game."""
    if g in memo:
        return memo[g]
    x = pycgt.as_number(g)
    if x is not None:
        res = (x, x)
    else:  # a canonical non-number has options on both sides
        res = (max(_stops(l, memo)[1] for l in g.left), min(_stops(r, memo)[0] for r in g.right))
    memo[g] = res
    return res


def _up_nim_parts(g: Game, memo: dict) -> tuple[Fraction, int, int] | None:
    """``(x, k, m)`` with ``g = x + k.↑ + *m``, or None."""
    ls, rs = _stops(g, memo)
    if ls != rs:
        return None
    d = pycgt.add(g, pycgt.number(-ls)) if ls else g
    if not d.left or not d.right:
        return None
    bound = pycgt.birthday(d) + 1
    for a in range(0, bound + 1):
        for k in ((a, -a) if a else (0,)):
            e = pycgt.add(d, pycgt.up_multiple(-k)) if k else d
            m = nimber_of(e)
            if m is not None:
                return ls, k, m
    return None


def _fmt_number(x: Fraction) -> str:
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


def _fmt_ups(k: int, ascii: bool) -> str:
    if k == 0:
        return ""
    one, two = ("^", "^^") if ascii else ("↑", "⇑")
    if k < 0:
        one, two = ("v", "vv") if ascii else ("↓", "⇓")
    k = abs(k)
    return one if k == 1 else two if k == 2 else f"{one}{k}"


def format_game(g: Game, ascii: bool = False) -> str:
    """Standard notation for a short game.

    Parameters
    ----------
    g : pycgt.Game
        Any short game; it is canonicalised first.
    ascii : bool
        Write ``^``, ``^^``, ``v``, ``vv`` and ``+-`` instead of ``↑``,
        ``⇑``, ``↓``, ``⇓`` and ``±``.

    Returns
    -------
    str
        Integers and dyadic fractions (``-5/8``); nimbers ``*``, ``*2``;
        ``x + k.↑ + *m`` as e.g. ``1/2↑*``, ``⇑*``, ``↓3*2`` (``↑3`` is
        three ups: ``↑+↑+↑``); ``±x`` for ``{x|-x}`` with ``x`` a number;
        otherwise ``{L1,L2|R1}`` with the options in this notation, nested
        braces (not ``||``) for deeper games. :func:`parse_game` reads it back.

    >>> from pycgt import parse
    >>> [format_game(parse(s)) for s in ["{0|0}", "{0|*}", "{1|2}", "{1|-1}", "{2|{1|0}}"]]
    ['*', '↑', '3/2', '±1', '{2|{1|0}}']
    >>> format_game(pycgt.add(pycgt.up_multiple(2), pycgt.STAR), ascii=True)
    '^^*'
    """
    stops_memo: dict = {}
    out: dict[Game, str] = {}

    def rec(h: Game) -> str:
        if h in out:
            return out[h]
        x = pycgt.as_number(h)
        if x is not None:
            s = _fmt_number(x)
        else:
            parts = _up_nim_parts(h, stops_memo)
            if parts is not None:
                x, k, m = parts
                s = (_fmt_number(x) if x else "") + _fmt_ups(k, ascii) + (
                    "" if m == 0 else "*" if m == 1 else f"*{m}"
                )
            elif (len(h.left) == 1 and len(h.right) == 1
                  and (y := pycgt.as_number(next(iter(h.left)))) is not None
                  and y > 0 and pycgt.as_number(next(iter(h.right))) == -y):
                s = ("+-" if ascii else "±") + _fmt_number(y)
            else:
                s = ("{" + ",".join(sorted(rec(o) for o in h.left)) + "|"
                     + ",".join(sorted(rec(o) for o in h.right)) + "}")
        out[h] = s
        return s

    return rec(pycgt.canonical(g))


# ---------------------------------------------------------------------------
# Parsing the notation back
# ---------------------------------------------------------------------------


class _Parser:
    def __init__(self, text: str) -> None:
        self.s = text
        self.i = 0

    def error(self, what: str) -> InputError:
        return InputError(f"cannot parse game {self.s!r} at position {self.i}: {what}")

    def peek(self) -> str:
        while self.i < len(self.s) and self.s[self.i].isspace():
            self.i += 1
        return self.s[self.i] if self.i < len(self.s) else ""

    def startswith(self, t: str) -> bool:
        self.peek()
        return self.s.startswith(t, self.i)

    def digits(self) -> str:
        j = self.i
        while j < len(self.s) and self.s[j].isdigit():
            j += 1
        d, self.i = self.s[self.i:j], j
        return d

    def number(self) -> Fraction | None:
        self.peek()
        start = self.i
        neg = self.s.startswith("-", self.i)
        if neg:
            self.i += 1
        d = self.digits()
        if not d:
            self.i = start
            return None
        x = Fraction(int(d))
        if self.s.startswith("/", self.i):
            self.i += 1
            den = self.digits()
            if not den or int(den) == 0 or int(den) & (int(den) - 1):
                raise self.error("denominator must be a power of 2")
            x = Fraction(int(d), int(den))
        return -x if neg else x

    def expr(self) -> Game:
        c = self.peek()
        if c == "{":
            self.i += 1
            left = self.options("|")
            if not self.startswith("|"):
                raise self.error("expected '|'")
            self.i += 1
            if self.startswith("|"):
                raise self.error("'||' is not supported; nest braces instead")
            right = self.options("}")
            if not self.startswith("}"):
                raise self.error("expected '}'")
            self.i += 1
            return pycgt.game(left, right)
        total = ZERO
        seen = False
        x = self.number()
        if x is not None:
            total, seen = pycgt.number(x), True
        k = self.ups()
        if k is not None:
            total, seen = pycgt.add(total, pycgt.up_multiple(k)), True
        if self.startswith("*"):
            self.i += 1
            d = self.digits()
            total, seen = pycgt.add(total, pycgt.nimber(int(d) if d else 1)), True
        if self.startswith("±") or self.startswith("+-"):
            self.i += 1 if self.startswith("±") else 2
            y = self.number()
            if y is None:
                raise self.error("expected a number after ±")
            total, seen = pycgt.add(total, pycgt.game([pycgt.number(y)], [pycgt.number(-y)])), True
        if not seen:
            raise self.error("expected a game")
        return total

    def ups(self) -> int | None:
        c = self.peek()
        if not c:
            return None
        if self.s.startswith("^^", self.i) or self.s.startswith("vv", self.i) or c in "⇑⇓":
            sign = 1 if c in "^⇑" else -1
            self.i += 1 if c in "⇑⇓" else 2
            return 2 * sign
        if c in "^↑v↓":
            sign = 1 if c in "^↑" else -1
            self.i += 1
            d = self.digits()
            return sign * (int(d) if d else 1)
        return None

    def options(self, stop: str) -> list[Game]:
        out: list[Game] = []
        if self.startswith(stop):
            return out
        while True:
            out.append(self.expr())
            if self.startswith(","):
                self.i += 1
                continue
            return out


def parse_game(text: str) -> Game:
    """Read a game written by :func:`format_game` (either alphabet).

    Accepts numbers (``-3/4``), ups and downs (``↑``, ``⇑``, ``↑3``, ``^``,
    ``^^``, ``^3``, ``v``, ``vv``, ``↓``, ``⇓``), nimbers (``*``, ``*3``),
    their sums written together (``1/2↑*``), switches ``±x`` / ``+-x`` (also
    after a number: ``2±1``), and braces ``{L1,L2|R1}`` nesting any of these.

    Returns
    -------
    pycgt.Game
        The canonical form.

    Raises
    ------
    InputError
        On anything else, e.g. ``||`` (write nested braces) or a denominator
        that is not a power of 2.

    >>> format_game(parse_game("{0,*|0}")), format_game(parse_game("^^*"))
    ('↑*', '⇑*')
    """
    p = _Parser(text)
    g = p.expr()
    if p.peek():
        raise p.error("unexpected text")
    return g


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


def partizan_value(ruleset: str, g: Any, *, max_positions: int | None = None) -> PartizanValue:
    """Canonical value of a graph under a partizan ruleset.

    Parameters
    ----------
    ruleset : str
        ``"be-bo"``, ``"oe-bo"``, ``"oe-be"`` (Harding-Ottaway §5.2) or
        ``"even-odd-vertex"`` (Nowakowski-Ottaway); see
        :func:`list_partizan_rulesets`.
    g : Graph, networkx.Graph or str (a family spec, graph6 or sparse6)
        The position; degrees are those of this graph.
    max_positions : int, optional
        Most new connected positions to expand before stopping.

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
        More than ``max_positions`` positions were needed.

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
    search = _Search(rs, max_positions)
    try:
        value = search.position(graph.adj)
    finally:
        _trim_pycgt_caches()
    return PartizanValue(value, rs.name, search.positions)
