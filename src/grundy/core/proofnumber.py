"""Proof-number search over the top of the game tree (PN^2), for outcomes.

The engine's outcome search (:meth:`grundy.core.search.Searcher.is_p`) goes
depth first in its option order: to show a position N it takes its options
one after another, each to the end, so one hard option that is N holds up an
easy one that is P; to show a position P it must show every option N, each
by a P option of its own, found in the same order. Proof-number search
(Allis, van der Meulen and van den Herik, *Proof-number search*, Artificial
Intelligence 66 (1994)) instead keeps the top of the tree in memory and
always grows it where a proof or a disproof looks cheapest; PN^2 (Breuker,
*Memory versus Search in Games*, thesis, Maastricht 1998) searches each
new leaf first with a small budget of the ordinary search, here ``is_p``
under a budget of seconds or positions, whose table keeps what it learned.

Numbers, in negamax form, for a position X with the player to move:
``phi(X)`` estimates the leaves to settle to show X is N, ``delta(X)`` those
to show X is P. A position shown N has ``phi = 0, delta = INF``; shown P,
``phi = INF, delta = 0``; an expanded position has ``phi = min delta(C)``
and ``delta = sum phi(C)`` over its options C (X is N iff some option is P,
P iff every option is N); a leaf not yet settled has both 1, a split
position searched whole ``tries`` times both ``1 + growth ** tries``. The
leaf grown next is found from the root by taking, at each position, an
option of least ``delta`` (the most proving node). A position whose reductions leave several components (its
outcome needs their nim-values) is never expanded: each time it is the
most proving node it is searched whole again, with a budget ``growth``
times the last.

Only the outcome is decided; values are the ordinary search's. A position
settled here is also asked once more as a whole of the ordinary search
(one option generation: its options are settled in the table), so that the
table records it for later searches, table files and certificates.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from grundy.errors import InputError, SearchLimitReached

#: the proof and disproof numbers of a settled side (no finite work proves it)
INF = 1 << 62

Split = tuple[int, tuple[Any, ...]]


@dataclass
class _Node:
    """One position of the tree: its numbers, its options once expanded."""

    phi: int = 1
    delta: int = 1
    children: list[Split] | None = None
    tries: int = 0  # budgets spent on it as a leaf (a split position: its searches whole)


@dataclass
class ProofNumberStats:
    """What a :class:`ProofNumberSearch` did: positions in its tree,
    expanded, leaves searched by ``is_p`` and settled by them, the wall
    seconds of those searches."""

    nodes: int = 0
    expanded: int = 0
    leaf_searches: int = 0
    leaves_settled: int = 0
    leaf_seconds: float = 0.0
    iterations: int = 0
    root: tuple[int, int] = field(default=(1, 1))


class ProofNumberSearch:
    """The outcome of a position by PN^2 over a :class:`~grundy.core.search.Searcher`.

    Parameters
    ----------
    solver : Searcher
        Any solver whose components are hashable keys (graphs, complexes,
        posets): its table is used and grown; its ``time_limit`` is replaced
        by each leaf's budget during :meth:`outcome` and restored after.
    leaf_budget : float
        The budget of ``is_p`` for a new leaf, in ``unit`` (default 0.5).
    unit : str
        ``"seconds"`` (wall time; the default) or ``"positions"`` (positions
        searched: the same tree on every run, for tests and comparisons).
    growth : float
        Factor of a leaf's budget each time it is searched again (a split
        position; default 2).
    on_progress : callable, optional
        ``on_progress(stats)`` every ``report`` seconds of wall time.
    report : float
        Seconds between progress calls (default 60).

    Raises
    ------
    InputError
        ``leaf_budget`` not positive and finite, ``growth`` below 1, or an
        unknown ``unit``.
    """

    def __init__(self, solver: Any, leaf_budget: float = 0.5, growth: float = 2.0,
                 on_progress: Callable[[ProofNumberStats], None] | None = None, report: float = 60.0,
                 unit: str = "seconds") -> None:
        if unit not in ("seconds", "positions"):
            raise InputError(f"unit is 'seconds' or 'positions', not {unit!r}")
        if not (0 < leaf_budget < float("inf")):
            raise InputError(f"leaf_budget is {unit} > 0, not {leaf_budget!r}")
        self.unit = unit
        if not (1 <= growth < float("inf")):
            raise InputError(f"growth is a factor >= 1, not {growth!r}")
        self.solver = solver
        self.leaf_budget = leaf_budget
        self.growth = growth
        self.on_progress = on_progress
        self.report = report
        self.nodes: dict[Split, _Node] = {}
        self.root: Split | None = None  # the position of the last outcome() asked
        self._limits: tuple[float | None, int | None] = (solver.time_limit, solver.max_positions)
        self.stats = ProofNumberStats()

    # ------------------------------------------------------------------
    def outcome(self, nimber: int, unknowns: tuple[Any, ...]) -> str:
        """``"P"`` or ``"N"``: the outcome of ``*nimber + sum(unknowns)`` (a
        split, as :meth:`Searcher.decompose` returns it).

        Raises
        ------
        SearchLimitReached
            When the solver's shared budget (:meth:`Limits.share`) is spent or
            its position limit passed; the tree stays in this object and what
            the leaves' searches learned stays in the table, so a second call
            goes on from there.
        """
        root = self.root = self._key((nimber, unknowns))
        node = self._node(root)
        if node.phi == 0 or node.delta == 0:
            return "N" if node.phi == 0 else "P"
        saved = self._limits = self.solver.time_limit, self.solver.max_positions
        last = time.perf_counter()
        try:
            while node.phi and node.delta:
                self.stats.iterations += 1
                path = [root]
                current = node
                while current.children is not None:  # to the most proving leaf
                    best = min(current.children, key=lambda c: self.nodes[c].delta)
                    path.append(best)
                    current = self.nodes[best]
                self._grow(path[-1], current)
                for key in reversed(path[:-1]):  # numbers back up the path
                    self._update(self.nodes[key], key)
                self.stats.root = (node.phi, node.delta)
                if self.on_progress is not None and time.perf_counter() - last >= self.report:
                    last = time.perf_counter()
                    self.on_progress(self.stats)
        finally:
            self.solver.time_limit, self.solver.max_positions = saved
        return "N" if node.phi == 0 else "P"

    def root_options(self) -> tuple[int, int, int]:
        """The options of the root (the position of the last :meth:`outcome`)
        as far as the tree has settled them: ``(N, P, open)`` counts; all 0
        before the root is expanded or once it is settled."""
        node = None if self.root is None else self.nodes.get(self.root)
        if node is None or node.children is None:
            return 0, 0, 0
        counts = [0, 0, 0]
        for child_key in node.children:
            child = self.nodes[child_key]
            counts[0 if child.phi == 0 else 1 if child.delta == 0 else 2] += 1
        return counts[0], counts[1], counts[2]

    # ------------------------------------------------------------------
    @staticmethod
    def _key(split: Split) -> Split:
        """A split with its components in a fixed order (a disjoint sum does
        not depend on it), so that transpositions meet."""
        nimber, unknowns = split
        try:
            return nimber, tuple(sorted(unknowns))
        except TypeError:  # keys that do not compare: as given
            return nimber, tuple(unknowns)

    def _node(self, key: Split) -> _Node:
        """The tree's node of ``key``, made (settled from the table if it
        knows the outcome, else a fresh leaf) on first sight."""
        node = self.nodes.get(key)
        if node is None:
            node = _Node()
            known, _value = self.solver.known_outcome(*key)
            if known is not None:
                self._settle(node, known)
            self.nodes[key] = node
            self.stats.nodes += 1
        return node

    @staticmethod
    def _settle(node: _Node, outcome: str) -> None:
        node.phi, node.delta = (0, INF) if outcome == "N" else (INF, 0)
        node.children = None

    def _search(self, key: Split, budget: float) -> str | None:
        """``is_p`` of ``key`` under ``budget`` (in ``unit``): "P", "N", or
        None when the budget ran out (a stop of the shared budget, the
        solver's own position limit or Ctrl-C propagates)."""
        solver = self.solver
        own_limit = self._limits[1]
        if self.unit == "positions":
            cap = solver.stats.positions + max(1, int(budget))
            solver.max_positions = cap if own_limit is None else min(cap, own_limit)
        else:
            solver.time_limit = budget
        solver.start()
        began = solver.limits.started
        self.stats.leaf_searches += 1
        try:
            verdict = "P" if solver.is_p(*key) else "N"
            self.stats.leaves_settled += 1
            return verdict
        except SearchLimitReached:
            now, until = time.perf_counter(), solver.limits.until
            if until is not None and now >= until:
                raise  # the shared budget
            if self.unit == "positions":
                if own_limit is not None and solver.stats.positions >= own_limit:
                    raise
            elif now < began + budget:
                raise  # not this leaf's own time budget
            return None
        finally:
            self.stats.leaf_seconds += time.perf_counter() - began
            solver.finish()
            solver.time_limit, solver.max_positions = self._limits

    def _grow(self, key: Split, node: _Node) -> None:
        """Grow the most proving leaf: a split position is searched whole
        again on a larger budget; a position of one component is expanded,
        each new option of one component searched on the leaf budget (a new
        split option waits, numbers 1 and 1, until it is the most proving
        leaf), stopping at the first P option: then ``key`` is N."""
        if node.phi == 0 or node.delta == 0:  # settled by another path (its parent's numbers were stale)
            return
        nimber, unknowns = key
        if len(unknowns) != 1:
            verdict = self._search(key, self.leaf_budget * self.growth ** node.tries)
            node.tries += 1
            if verdict is None:  # numbers grow as its budgets do: the work it has cost, in leaf budgets
                node.phi = node.delta = 1 + int(self.growth ** node.tries)
            else:
                self._settle(node, verdict)
            return
        (component,) = unknowns
        options: list[Split] = [(m, unknowns) for m in range(nimber)]
        solver = self.solver
        solver.time_limit, solver.max_positions = self._limits  # making the options: the caller's limits only
        solver.start()
        try:
            made = solver._options(component)
        finally:
            solver.finish()
        options += [(onim ^ nimber, ounk) for onim, ounk in made]
        children: dict[Split, None] = {}  # in order, each position once
        for option in options:
            child_key = self._key(option)
            if child_key in children:
                continue
            fresh = child_key not in self.nodes
            child = self._node(child_key)
            children[child_key] = None
            if fresh and child.phi and child.delta and len(child_key[1]) == 1:
                verdict = self._search(child_key, self.leaf_budget)
                if verdict is not None:
                    self._settle(child, verdict)
            if child.delta == 0:  # a P option: key is N
                break
        self.stats.expanded += 1
        node.children = list(children)
        self._update(node, key)

    def _update(self, node: _Node, key: Split) -> None:
        """Numbers of an expanded node from its options'; a node just settled
        is recorded in the table (asked once more whole: one generation)."""
        if node.children is None:
            return
        phi, delta = INF, 0
        for child_key in node.children:
            child = self.nodes[child_key]
            phi = min(phi, child.delta)
            delta = min(INF, delta + child.phi)
        node.phi, node.delta = phi, delta
        if phi == 0 or delta == 0:
            node.children = None  # settled: its options are no longer needed
            budget = 4 * self.leaf_budget
            verdict = self._search(key, budget if self.unit == "positions" else max(budget, 1.0))
            expected = "N" if phi == 0 else "P"
            if verdict is not None and verdict != expected:  # pragma: no cover - the table contradicts itself
                raise RuntimeError(f"proof-number search found {expected}, the table's search {verdict}")
