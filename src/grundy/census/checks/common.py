"""What the checks share: the result of a check (:class:`CheckResult`),
graphs as adjacency bitsets (graph6 lines, the 2-core, simplest form), the
graph sources (geng's lines, odd-cycle pseudotrees, graphs with a single odd
cycle) and the search that values them (:class:`_Valuer`, one per check,
and :func:`_class_run`, which runs a check's body on it).
"""

from __future__ import annotations

import subprocess
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any, Self

from grundy.census.geng import GraphClass, generate
from grundy.core.canon import automorphisms
from grundy.errors import InputError, SearchLimitReached
from grundy.games.graphs.bitset import components, full_mask, upper_lists
from grundy.games.graphs.formulas import plural
from grundy.games.graphs.game import Solver
from grundy.games.graphs.graph import Graph
from grundy.games.graphs.theory import Theory, involution_fixed_set, switches_used
from grundy.readwrite.graphs import graph6_bitsets


#: Most counterexamples kept in a result (the count is kept in full).
MAX_KEPT = 50


# -- the result ----------------------------------------------------------------
@dataclass
class CheckResult:
    """What one check found.

    Attributes
    ----------
    name : str
        The check's name (``"gmk"``, ``"wheels"``, ...).
    statement : str
        The claim checked, in words, with its source in the paper.
    bound : int
        The bound the check ran to (its meaning is ``bound_meaning``).
    bound_meaning : str
        E.g. ``"0 <= m, k <= 12"`` or ``"graphs on at most 10 vertices"``.
    checked : int
        How many positions were valued and compared with the claim.
    verified_up_to : int or None
        The largest size (as the bound counts) up to which every case
        agreed with the claim (None if none did, or nothing was in range).
    counterexamples : list of dict or None
        Cases where the computed nim-value differs from the claim, smallest
        first (at most :data:`MAX_KEPT`; ``counterexample_count`` has them
        all), or None if there were none. Each has ``graph6``, ``vertices``,
        ``edges``, ``value`` (computed), ``claimed`` and ``claim``.
    counterexample_count : int
    columns, rows : list
        The table of the check (one row per size or per graph): column
        names and rows of cells.
    notes : list of str
        How the statement was formalised, and what could not be.
    theory : str
        Which shortcuts the search used.
    stopped : str or None
        The limit that stopped the check early (the rows are then partial).
    seconds : float
    extra : dict
        Check-specific data (e.g. the computed matrix of ``gmk``).
    """

    name: str
    statement: str
    bound: int
    bound_meaning: str
    checked: int = 0
    verified_up_to: int | None = None
    counterexamples: list[dict[str, Any]] | None = None
    counterexample_count: int = 0
    columns: list[str] = field(default_factory=list)
    rows: list[list[Any]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    theory: str = ""
    stopped: str | None = None
    seconds: float = 0.0
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def holds(self) -> bool:
        """True if no counterexample was found (over what was checked)."""
        return self.counterexample_count == 0

    def add_counterexample(self, case: dict[str, Any]) -> None:
        """Record a counterexample (kept up to :data:`MAX_KEPT`)."""
        self.counterexample_count += 1
        if self.counterexamples is None:
            self.counterexamples = []
        if len(self.counterexamples) < MAX_KEPT:
            self.counterexamples.append(case)

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict of every attribute (and ``holds``)."""
        return {
            "check": self.name,
            "statement": self.statement,
            "bound": self.bound,
            "bound_meaning": self.bound_meaning,
            "holds": self.holds,
            "checked": self.checked,
            "verified_up_to": self.verified_up_to,
            "counterexample_count": self.counterexample_count,
            "counterexamples": self.counterexamples,
            "columns": self.columns,
            "rows": self.rows,
            "notes": self.notes,
            "theory": self.theory,
            "stopped": self.stopped,
            "seconds": round(self.seconds, 4),
            "extra": self.extra,
        }

    def markdown(self) -> str:
        """The check's table in Markdown (one header, one line per row)."""
        def cell(x: Any) -> str:
            return "" if x is None else str(x).replace("|", "\\|")

        lines = ["| " + " | ".join(map(cell, self.columns)) + " |",
                 "|" + "|".join("---" for _ in self.columns) + "|"]
        lines += ["| " + " | ".join(map(cell, r)) + " |" for r in self.rows]
        return "\n".join(lines)

    def summary(self) -> list[str]:
        """A few lines in words: the claim, what was checked, the verdict."""
        out = [f"{self.name}: {self.statement}",
               f"  range: {self.bound_meaning}; {plural(self.checked, 'position')} valued by search ({self.theory})"]
        if self.counterexample_count:
            first = self.counterexamples[0] if self.counterexamples else {}
            out.append(f"  COUNTEREXAMPLES: {self.counterexample_count}; the first: {_describe(first)}")
        else:
            out.append("  no counterexample")
        if self.verified_up_to is not None:
            out.append(f"  verified up to {self.verified_up_to}")
        if self.stopped:
            out.append(f"  stopped early: {self.stopped} (the table is partial)")
        return out


def _describe(case: dict[str, Any]) -> str:
    name = case.get("name") or case.get("graph6", "?")
    return (f"{name} ({case.get('vertices')} vertices, {case.get('edges')} edges): "
            f"nim-value {case.get('value')}, claimed {case.get('claimed')} [{case.get('claim')}]")


# -- graphs as bitsets ------------------------------------------------------------
def _graph6(adj: tuple[int, ...]) -> str:
    from grundy.readwrite.graphs import to_graph6

    return to_graph6(Graph(range(len(adj)), adj))


def _edges(adj: tuple[int, ...]) -> int:
    return sum(a.bit_count() for a in adj) // 2


def cycle_mask(adj: tuple[int, ...]) -> int:
    """The vertices of the 2-core (for a pseudotree: its cycle C_G), found
    by stripping vertices of degree at most 1 until none is left."""
    mask = full_mask(len(adj))
    changed = True
    while changed:
        changed = False
        for v in range(len(adj)):
            if mask >> v & 1 and (adj[v] & mask).bit_count() <= 1:
                mask &= ~(1 << v)
                changed = True
    return mask


def in_simplest_form(adj: tuple[int, ...], *, max_group: int = 200_000) -> bool:
    """Whether the graph is in simplest form (Khandhawit-Ye, Definition 5):
    no involutive automorphism other than the identity swaps the endpoints of
    no edge (such an involution reduces the graph to its fixed-point set by
    Theorem 1).

    First the engine's candidates (:func:`involution_fixed_set`: generators,
    products of two, powers); if none reduces, the whole automorphism group
    is generated from nauty's generators and every involution in it tried.

    Raises
    ------
    InputError
        If the automorphism group has more than ``max_group`` elements.
    """
    n = len(adj)
    gens, _orbits = automorphisms(n, upper_lists(adj))
    if not gens:
        return True
    if involution_fixed_set(adj, gens) is not None:
        return False
    identity = tuple(range(n))
    group = {identity}
    todo = [identity]
    gens_t = [tuple(g) for g in gens]
    while todo:
        p = todo.pop()
        for g in gens_t:
            q = tuple(g[p[i]] for i in range(n))
            if q in group:
                continue
            group.add(q)
            if len(group) > max_group:
                raise InputError(f"automorphism group of more than {max_group} elements")
            todo.append(q)
            if all(q[q[i]] == i for i in range(n)) and not any(
                q[i] != i and adj[i] >> q[i] & 1 for i in range(n)
            ):
                return False
    return True


def _graphs(
    n: int, cls: GraphClass, edges: tuple[int, int], *, timeout: float | None = None,
    check: Callable[[], None] | None = None,
) -> Iterator[tuple[bytes, tuple[int, ...]]]:
    """``(graph6 line, adjacency bitsets)`` of every graph of ``cls`` on
    ``n`` vertices with an edge count in ``edges`` (:func:`generate`, geng
    given ``timeout`` seconds), ``check()`` called before geng starts and
    every 1024 lines."""
    if check is not None:
        check()
    for k, line in enumerate(generate(n, cls, edges=edges, timeout=timeout).splitlines()):
        if check is not None and not k & 1023:
            check()
        yield line, graph6_bitsets(line)


#: What makes the graphs of a check: ``graphs(n, cls, edges)`` as :func:`_graphs`.
GraphSource = Callable[[int, GraphClass, tuple[int, int]], Iterator[tuple[bytes, tuple[int, ...]]]]


def pseudotrees(n: int, graphs: GraphSource | None = None) -> Iterator[tuple[bytes, tuple[int, ...]]]:
    """Every pseudotree on ``n`` vertices with an odd cycle, one per
    isomorphism class: connected graphs with ``n`` edges (geng, or the
    atlas for ``n <= 7``: :func:`grundy.census.geng.generate`; or
    ``graphs``, a check's own source with its clock) that are not
    bipartite. Yields ``(graph6 line, adjacency bitsets)``."""
    for line, adj in (graphs or _graphs)(n, GraphClass(connected=True), (n, n)):
        if cycle_mask(adj).bit_count() % 2 == 1:  # one cycle: odd iff not bipartite
            yield line, adj


def single_odd_cycle_graphs(n: int, graphs: GraphSource | None = None) -> Iterator[tuple[bytes, tuple[int, ...]]]:
    """Every graph on ``n`` vertices with exactly one cycle, that cycle odd,
    one per isomorphism class: an odd-cycle pseudotree, with or without
    trees (isolated vertices included) as further components. From geng
    (every graph with 3 to ``n`` edges; the atlas for ``n <= 7``; or
    ``graphs``, a check's own source with its clock), kept when edges -
    vertices + components = 1 and the 2-core is odd. Yields ``(graph6
    line, adjacency bitsets)``.

    Raises
    ------
    InputError
        When geng is needed (``n > 7``) and missing or fails.
    """
    full = full_mask(n)
    for line, adj in (graphs or _graphs)(n, GraphClass(), (3, n)):
        if _edges(adj) - n + len(components(adj, full)) == 1 and cycle_mask(adj).bit_count() % 2 == 1:
            yield line, adj


# -- the search -------------------------------------------------------------------
class _Valuer:
    """One solver for a whole check (its table shared by all graphs), its
    clock started once: a time limit covers the whole check."""

    def __init__(self, theory: Theory | None, time_limit: float | None, max_positions: int | None) -> None:
        self.theory = theory if theory is not None else Theory()
        self.solver = Solver(self.theory, time_limit=time_limit, max_positions=max_positions)
        self.count = 0

    def __enter__(self) -> Self:
        self.solver.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.solver.finish()

    def value(self, adj: tuple[int, ...]) -> int:
        s = self.solver
        v = s.value_of(*s.decompose(adj))
        self.count += 1
        return v

    def graphs(self, n: int, cls: GraphClass, edges: tuple[int, int]) -> Iterator[tuple[bytes, tuple[int, ...]]]:
        """:func:`_graphs` on the check's clock: geng stopped at the time
        limit (it may run seconds: 890,648 graphs for corollary-3 at 18
        vertices), the lines checked every 1024 (most are filtered out
        before any search)."""
        s = self.solver

        def check() -> None:
            s.limits.check_time(s.stats.positions)

        deadline = s.limits.deadline
        timeout = None if deadline is None else max(deadline - time.perf_counter(), 0.001)
        try:
            yield from _graphs(n, cls, edges, timeout=timeout, check=check)
        except subprocess.TimeoutExpired:  # geng was stopped at the deadline
            raise s.limits.time_stop(s.stats.positions) from None

    def describe(self) -> str:
        # Graph Chomp's results only (the other rulesets' switches are not Graph Chomp shortcuts)
        on = [name for name in switches_used("chomp") if getattr(self.theory, name)]
        if not on:
            return "pure search, no theory"
        return "shortcuts: " + ", ".join(on) + " (none of them the statement checked)"


def _case(adj: tuple[int, ...], value: int, claimed: Any, claim: str, **more: Any) -> dict[str, Any]:
    return {"graph6": _graph6(adj), "vertices": len(adj), "edges": _edges(adj), "value": value,
            "claimed": claimed, "claim": claim, **more}


def _check_bound(bound: int, least: int, most: int, what: str) -> None:
    if not isinstance(bound, int) or isinstance(bound, bool):
        raise InputError(f"{what}: the bound must be an integer, not {bound!r}")
    if not least <= bound <= most:
        raise InputError(f"{what}: the bound must be between {least} and {most}, not {bound}")


def _class_run(name: str, statement: str, max_size: int, least_allowed: int, most: int,
               body: Callable[[CheckResult, _Valuer], None], theory: Theory | None,
               time_limit: float | None, max_positions: int | None, meaning: str | None = None) -> CheckResult:
    _check_bound(max_size, least_allowed, most, name)
    t0 = time.perf_counter()
    res = CheckResult(name, statement, max_size, meaning or f"graphs on at most {max_size} vertices")
    with _Valuer(theory, time_limit, max_positions) as val:
        res.theory = val.describe()
        try:
            body(res, val)
        except SearchLimitReached as limit:
            res.stopped = limit.reason
        res.checked = val.count
    res.seconds = time.perf_counter() - t0
    return res
