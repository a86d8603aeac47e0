"""The papers' tables, theorems and conjectures on Graph Chomp, checked by
computation over the graphs they speak of.

Every check values its graphs with the one search
(:class:`grundy.games.graphs.game.Solver`) and compares the nim-values with
what the paper claims. The search's shortcuts (:class:`Theory`) are the
*proven* results of Khandhawit-Ye (Theorem 1: involutions and false twins;
Theorem 3 / Table 2: bipartite graphs; cycles; Lemma 1 and Theorem 2:
complete multipartite graphs) and none of the statements checked here:
the engine has no closed form for G_{m,k} (Theorem 4, Theorem 5, Table 4),
for wheels (Conjecture 3), for pseudotrees with an odd cycle (Conjectures 1
and 2, Theorem 6) or for the graphs of Corollaries 2 and 3, so no check is
circular. (The family closed forms of
:func:`grundy.games.graphs.families.family_closed_form`, which do include
Theorem 5, are not used: graphs are built and searched.) ``theory=Theory.none()``
(``--no-theory``) turns even the proven shortcuts off.

Source: T. Khandhawit and L. Ye, *Chomp on Graphs and Subsets* (the paper of
every statement below: Table 4, Theorems 4, 5, 6, Corollaries 2 and 3, and
Appendix A, Conjectures 1, 2, 3).

Terms. A *pseudotree* is a connected graph with exactly one cycle C_G
(n vertices, n edges); its cycle is odd iff it is not bipartite. A graph is
in *simplest form* (the paper's Definition 5) if no involutive
automorphism other than the identity swaps the endpoints of no edge
(Theorem 1's reductions); the conjectures and Theorem 6 assume it.

The checks (see :data:`CHECKS`): ``gmk``, ``wheels``, ``pseudotree-mod4``,
``pseudotree-tails``, ``two-branch``, ``hairballs``, ``corollary-2``,
``corollary-3``, and ``cycle-killing``: the table of graphs with a single
odd cycle of S. Magura, V. Pong, E. Cartee and K. Valakuzhy, *Chomp the
Graph* (the section "Predictable Odd Cycle Graphs"; no closed form or
reduction of the engine is that table either). Each returns a
:class:`CheckResult`.
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
from grundy.games.graphs.families import build_family
from grundy.games.graphs.formulas import gmk_value
from grundy.games.graphs.game import Solver
from grundy.games.graphs.graph import Graph
from grundy.games.graphs.theory import Theory, involution_fixed_set

__all__ = [
    "CHECKS",
    "CYCLE_CLASSES",
    "PAPER_CYCLE_TABLE",
    "PAPER_TABLE_4",
    "CheckResult",
    "CheckSpec",
    "check_corollary_2",
    "check_corollary_3",
    "check_cycle_killing",
    "check_gmk",
    "check_hairballs",
    "check_pseudotree_mod4",
    "check_pseudotree_tails",
    "check_two_branch",
    "check_wheels",
    "cycle_class",
    "cycle_mask",
    "graph6_adjacency",
    "in_simplest_form",
    "other_shape",
    "pseudotrees",
    "run_check",
    "single_odd_cycle_graphs",
    "table4_rows",
    "tail_pattern",
]

PAPER = "Khandhawit-Ye, Chomp on Graphs and Subsets"

#: Table 4 of Khandhawit-Ye as printed in the paper: g_{m,k} for
#: 1 <= m, k <= 12 (row m, column k). This is the *paper's claim*, transcribed
#: by hand as the target the computed table is compared with; it is never used
#: to produce a value.
PAPER_TABLE_4: tuple[tuple[int, ...], ...] = (
    (4, 6, 4, 8, 10, 8, 12, 14, 12, 16, 18, 16),
    (6, 4, 6, 10, 8, 10, 14, 12, 14, 18, 16, 18),
    (4, 6, 4, 8, 10, 8, 12, 14, 12, 16, 18, 16),
    (8, 10, 8, 4, 6, 4, 16, 18, 16, 12, 14, 12),
    (10, 8, 10, 6, 4, 6, 18, 16, 18, 14, 12, 14),
    (8, 10, 8, 4, 6, 4, 16, 18, 16, 12, 14, 12),
    (12, 14, 12, 16, 18, 16, 4, 6, 4, 8, 10, 8),
    (14, 12, 14, 18, 16, 18, 6, 4, 6, 10, 8, 10),
    (12, 14, 12, 16, 18, 16, 4, 6, 4, 8, 10, 8),
    (16, 18, 16, 12, 14, 12, 8, 10, 8, 4, 6, 4),
    (18, 16, 18, 14, 12, 14, 10, 8, 10, 6, 4, 6),
    (16, 18, 16, 12, 14, 12, 8, 10, 8, 4, 6, 4),
)

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
               f"  range: {self.bound_meaning}; {self.checked} position(s) valued by search ({self.theory})"]
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
def graph6_adjacency(line: bytes | str) -> tuple[int, ...]:
    """Adjacency bitsets of one graph6 string (as geng writes: at most 62
    vertices, no header).

    Parameters
    ----------
    line : bytes or str
        One graph6 line (a trailing newline is ignored).

    Returns
    -------
    tuple of int
        ``adj[i]`` has bit ``j`` set iff ``ij`` is an edge.

    Raises
    ------
    InputError
        On an empty line, a character outside ``?``..``~``, more than 62
        vertices or a wrong length.

    >>> graph6_adjacency("Bw")          # the triangle
    (6, 5, 3)
    """
    data = line.encode("ascii") if isinstance(line, str) else line
    data = data.strip()
    if not data or any(not 63 <= b <= 126 for b in data):
        raise InputError(f"not a graph6 string: {data!r}")
    n = data[0] - 63
    if n > 62:
        raise InputError(f"graph6 strings of more than 62 vertices are not read here: {data!r}")
    need = (n * (n - 1) // 2 + 5) // 6
    if len(data) - 1 != need:
        raise InputError(f"graph6 string of {n} vertices needs {need} data characters: {data!r}")
    adj = [0] * n
    bit = 0
    body = [b - 63 for b in data[1:]]
    for j in range(1, n):
        for i in range(j):
            if body[bit // 6] >> (5 - bit % 6) & 1:
                adj[i] |= 1 << j
                adj[j] |= 1 << i
            bit += 1
    return tuple(adj)


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
        yield line, graph6_adjacency(line)


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
        # Graph Chomp's results only: arc_kayles is for BO/BO and BE/BE, mirror and paths for the Kayles games
        on = [name for name in Theory.names() if name not in ("arc_kayles", "mirror", "paths") and getattr(self.theory, name)]
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


# -- gmk: Table 4, Theorems 4 and 5 --------------------------------------------------
def _gmk_claim(m: int, k: int, cycle: int) -> tuple[int, str]:
    """The paper's value of G_{m,k} and where it says so."""
    if m == 0 and k == 0:
        return 4, "§5.1: g(G_{0,0}) = 4"
    if m == 0 or k == 0:
        # B has degree 2 (A and one tail): Theorem 4, B of even degree.
        v = cycle + 1 + m + k
        return (3 if v % 2 else 0), "Theorem 4 (B of even degree)"
    if m <= 12 and k <= 12:
        return PAPER_TABLE_4[m - 1][k - 1], "Table 4"
    return gmk_value(m, k), "Theorem 5"


def check_gmk(
    bound: int = 12,
    *,
    theory: Theory | None = None,
    time_limit: float | None = None,
    max_positions: int | None = None,
    other_cycles: tuple[int, ...] = (5, 7),
    other_cycles_bound: int = 6,
) -> CheckResult:
    """G_{m,k} for ``0 <= m, k <= bound`` against the paper (Khandhawit-Ye,
    §5.1, Table 4 and Theorems 4 and 5).

    G_{m,k} is a triangle (as in Table 4) with one vertex A joined to B,
    and B carrying an m-tail and a k-tail (family ``gmk:m,k``). Each is
    built and valued by search; the claims compared are

    - Table 4 (transcribed in :data:`PAPER_TABLE_4`) for ``1 <= m, k <= 12``,
      and Theorem 5's 4n-blocks (via :func:`gmk_value`) everywhere with
      ``m, k >= 1`` (inside Table 4's range both, so a transcription error
      would show too);
    - Theorem 4 for ``m = 0`` or ``k = 0`` (B of even degree: 3 if v(G) is
      odd, 0 if even), and the text's g(G_{0,0}) = 4;
    - §5.1's remark that the odd cycle's length does not matter: for
      ``m, k <= min(bound, other_cycles_bound)`` the graphs with cycles of
      the lengths ``other_cycles`` must have the triangle's values.

    Parameters
    ----------
    bound : int
        Largest m and k, ``0 <= bound <= 30`` (G_{30,30} has 64 vertices,
        the compiled kernel's limit).
    theory : Theory, optional
        The search's shortcuts (default all proven ones; the engine has no
        closed form for G_{m,k}).
    time_limit, max_positions : optional
        Limits of the whole check; when one is reached the result is
        partial and ``stopped`` says why.
    other_cycles, other_cycles_bound : optional
        The cycle-length check.

    Returns
    -------
    CheckResult
        ``rows``: one per m, with the values for k = 0..bound; a cell that
        differs from the claim reads ``value (paper: claim)``. ``extra``:
        ``values`` (the matrix, None where not computed) and ``claims``.

    Raises
    ------
    InputError
        On a bound out of range.
    """
    _check_bound(bound, 0, 30, "gmk")
    t0 = time.perf_counter()
    res = CheckResult("gmk", "g(G_{m,k}) as in Table 4, Theorem 5 (m, k >= 1), Theorem 4 (m or k = 0) "
                      f"and g(G_{{0,0}}) = 4, for any odd cycle [{PAPER}, §5.1]",
                      bound, f"0 <= m, k <= {bound} (triangle); cycles of length "
                      f"{', '.join(map(str, other_cycles))} for m, k <= {min(bound, other_cycles_bound)}")
    values: list[list[int | None]] = [[None] * (bound + 1) for _ in range(bound + 1)]
    claims = [[_gmk_claim(m, k, 3)[0] for k in range(bound + 1)] for m in range(bound + 1)]
    res.extra = {"values": values, "claims": claims, "cycle_mismatches": []}
    bad: set[tuple[int, int]] = set()
    with _Valuer(theory, time_limit, max_positions) as val:
        res.theory = val.describe()
        try:
            # by anti-diagonals: every size m + k is finished before the next
            for s in range(2 * bound + 1):
                for m in range(max(0, s - bound), min(s, bound) + 1):
                    k = s - m
                    adj = build_family(f"gmk:{m},{k}").adj
                    v = val.value(adj)
                    values[m][k] = v
                    claimed, where = _gmk_claim(m, k, 3)
                    if m >= 1 and k >= 1 and m <= 12 and k <= 12 and gmk_value(m, k) != claimed:
                        res.notes.append(f"Table 4 and Theorem 5 disagree at m = {m}, k = {k}")
                    if v != claimed:
                        bad.add((m, k))
                        res.add_counterexample(_case(adj, v, claimed, where, name=f"gmk:{m},{k}"))
                if not any(m + k <= s for m, k in bad):
                    res.verified_up_to = s  # every G_{m,k} with m + k <= s agrees
            lim = min(bound, other_cycles_bound)
            for c in other_cycles:
                for m in range(lim + 1):
                    for k in range(lim + 1):
                        adj = build_family(f"gmk:{m},{k},{c}").adj
                        v = val.value(adj)
                        if v != values[m][k]:
                            res.extra["cycle_mismatches"].append([m, k, c, v])
                            res.add_counterexample(_case(adj, v, values[m][k],
                                                         "§5.1: the odd cycle's length does not matter",
                                                         name=f"gmk:{m},{k},{c}"))
        except SearchLimitReached as limit:
            res.stopped = limit.reason
        res.checked = val.count
    res.columns = ["m \\ k"] + [str(k) for k in range(bound + 1)]
    for m in range(bound + 1):
        row: list[Any] = [str(m)]
        for k in range(bound + 1):
            v = values[m][k]
            row.append(None if v is None else (f"{v} (paper: {claims[m][k]})" if (m, k) in bad else v))
        res.rows.append(row)
    res.notes.append("verified_up_to counts m + k: every G_{m,k} with m + k at most it agrees")
    res.notes.append("cycle: a triangle (Table 4's); G_{m,k} as the family gmk:m,k")
    res.seconds = time.perf_counter() - t0
    return res


def plot_gmk(result: CheckResult, path: str) -> None:
    """Write a heatmap of the computed G_{m,k} table (``result`` of
    :func:`check_gmk`) to ``path`` (PNG), cells differing from the paper
    outlined in red.

    Raises
    ------
    ImportError
        If matplotlib is missing (the ``grundy[plot]`` extra).
    """
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.patches import Rectangle

    values = result.extra["values"]
    claims = result.extra["claims"]
    n = len(values)
    grid = [[float("nan") if v is None else v for v in row] for row in values]
    fig, ax = plt.subplots(figsize=(1.0 + 0.5 * n, 0.8 + 0.5 * n))
    im = ax.imshow(grid, cmap="viridis", origin="upper")
    for m in range(n):
        for k in range(n):
            v = values[m][k]
            if v is None:
                continue
            ax.text(k, m, str(v), ha="center", va="center", fontsize=7,
                    color="white" if v < 0.6 * max(max(r for r in row if r is not None) for row in values if any(
                        r is not None for r in row)) else "black")
            if v != claims[m][k]:
                ax.add_patch(Rectangle((k - 0.5, m - 0.5), 1, 1, fill=False, edgecolor="red", linewidth=2))
    ax.set_xlabel("k")
    ax.set_ylabel("m")
    ax.set_xticks(range(n))
    ax.set_yticks(range(n))
    ax.set_title("nim-values of G_{m,k} (Khandhawit-Ye, Table 4)", fontsize=9)
    fig.colorbar(im, ax=ax, shrink=0.8)
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)


# -- wheels: Conjecture 3 -------------------------------------------------------------
def check_wheels(
    bound: int = 15,
    *,
    theory: Theory | None = None,
    time_limit: float | None = None,
    max_positions: int | None = None,
) -> CheckResult:
    """Wheels W_n, ``3 <= n <= bound``, against Conjecture 3
    (Khandhawit-Ye, Appendix A): g(W_n) = 1 for every n >= 3.

    W_n is an n-cycle and a hub joined to all of it (family ``wheel:n``).
    For even n the paper proves it (remark after Conjecture 3: an involution
    fixing the hub and two opposite rim vertices, Theorem 1), and the search
    uses that very involution; n = 3, 5, 7 it verifies "by hand"; odd n > 7
    is the open part, and is valued here by search (the engine has no
    formula for wheels).

    Parameters
    ----------
    bound : int
        Largest n, ``3 <= bound <= 63`` (W_21 takes about 2 s, W_23 6 s,
        each odd step about three times the last).
    theory, time_limit, max_positions : optional
        As :func:`check_gmk`; a limit stops the check after the last
        finished wheel.

    Returns
    -------
    CheckResult
        One row per n: parity, nim-value, outcome, status of the claim
        (proved / by hand / conjecture), positions and seconds.
        ``extra["odd_verified"]``: the odd n > 7 with g(W_n) = 1.

    Raises
    ------
    InputError
        On a bound out of range.
    """
    _check_bound(bound, 3, 63, "wheels")
    t0 = time.perf_counter()
    res = CheckResult("wheels", f"g(W_n) = 1 for every n >= 3 [{PAPER}, Appendix A, Conjecture 3]",
                      bound, f"3 <= n <= {bound}")
    res.columns = ["n", "parity", "nim-value", "outcome", "status", "positions", "seconds"]
    odd_ok: list[int] = []
    with _Valuer(theory, time_limit, max_positions) as val:
        res.theory = val.describe()
        try:
            for n in range(3, bound + 1):
                adj = build_family(f"wheel:{n}").adj
                before = val.solver.stats.positions
                t = time.perf_counter()
                v = val.value(adj)
                dt = time.perf_counter() - t
                status = ("proved (remark after Conjecture 3, Theorem 1)" if n % 2 == 0
                          else "verified by hand in the paper" if n <= 7 else "Conjecture 3 (open)")
                res.rows.append([n, "even" if n % 2 == 0 else "odd", v, "N" if v else "P", status,
                                 val.solver.stats.positions - before, round(dt, 3)])
                if v != 1:
                    res.add_counterexample(_case(adj, v, 1, "Conjecture 3", name=f"wheel:{n}"))
                elif n % 2 == 1 and n > 7:
                    odd_ok.append(n)
                if res.holds:
                    res.verified_up_to = n
        except SearchLimitReached as limit:
            res.stopped = limit.reason
        res.checked = val.count
    res.extra["odd_verified"] = odd_ok
    res.notes.append("odd n > 7 with g(W_n) = 1: " + (", ".join(map(str, odd_ok)) or "none in range"))
    res.seconds = time.perf_counter() - t0
    return res


# -- pseudotree classes: Conjectures 1 and 2, Theorem 6 ----------------------------------
def _pseudotree_class_check(
    res: CheckResult,
    max_size: int,
    wanted: Callable[[tuple[int, ...], int], bool],
    claim: Callable[[tuple[int, ...], int, int], tuple[bool, Any, str]],
    val: _Valuer,
    least: int = 3,
) -> None:
    """Run a claim over the simplest-form odd pseudotrees of a subclass,
    n = least .. max_size; fills ``res`` (rows per n, counterexamples).
    ``wanted(adj, cyc)`` selects the subclass; ``claim(adj, cyc, value)``
    returns (agrees, claimed, source)."""
    res.columns = ["n", "odd pseudotrees", "in the class", "in simplest form", "agree",
                   "counterexamples", "nim-values seen"]
    for n in range(least, max_size + 1):
        total = in_class = simplest = agree = bad = 0
        seen: dict[int, int] = {}
        for _line, adj in pseudotrees(n, val.graphs):
            total += 1
            cyc = cycle_mask(adj)
            if not wanted(adj, cyc):
                continue
            in_class += 1
            if not in_simplest_form(adj):
                continue
            simplest += 1
            v = val.value(adj)
            seen[v] = seen.get(v, 0) + 1
            ok, claimed, where = claim(adj, cyc, v)
            if ok:
                agree += 1
            else:
                bad += 1
                res.add_counterexample(_case(adj, v, claimed, where, cycle=cyc.bit_count()))
        res.rows.append([n, total, in_class, simplest, agree, bad,
                         ", ".join(f"{k}: {seen[k]}" for k in sorted(seen)) or "-"])
        if res.holds:
            res.verified_up_to = n


def _branch_count(adj: tuple[int, ...], cyc: int) -> int:
    """Cycle vertices of degree at least 3."""
    return sum(1 for v in range(len(adj)) if cyc >> v & 1 and adj[v].bit_count() >= 3)


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


def check_pseudotree_mod4(
    max_size: int = 10,
    *,
    theory: Theory | None = None,
    time_limit: float | None = None,
    max_positions: int | None = None,
) -> CheckResult:
    """The "in particular" of Conjecture 1 (Khandhawit-Ye, Appendix A): a
    pseudotree G with an odd cycle, in simplest form, in which one vertex A
    of C_G has degree at least 3 and every other vertex of C_G degree 2, has
    no nim-value congruent to 1 mod 4.

    Checked over every such graph on at most ``max_size`` vertices (all odd
    pseudotrees from :func:`pseudotrees`, filtered). It holds up to 11
    vertices and fails at 12: two graphs of nim-value 5 (the first,
    ``K??CA?oICgKG``, confirmed by plain brute force in the tests). The rest of
    Conjecture 1 (the eventual patterns) is :func:`check_pseudotree_tails`.

    Parameters
    ----------
    max_size : int
        Most vertices, ``4 <= max_size <= 16`` (geng beyond 7).
    theory, time_limit, max_positions : optional
        As :func:`check_gmk`.

    Returns
    -------
    CheckResult
        One row per n: odd pseudotrees, how many have exactly one branch
        vertex on the cycle, how many of those are in simplest form, how
        many agree, counterexamples, and the nim-values seen.
    """
    def body(res: CheckResult, val: _Valuer) -> None:
        _pseudotree_class_check(
            res, max_size, lambda adj, cyc: _branch_count(adj, cyc) == 1,
            lambda adj, cyc, v: (v % 4 != 1, "not 1 mod 4", "Conjecture 1 (in particular)"), val, least=4)

    res = _class_run("pseudotree-mod4",
                     "an odd-cycle pseudotree in simplest form with exactly one vertex of degree >= 3 on its "
                     f"cycle has no nim-value = 1 (mod 4) [{PAPER}, Appendix A, Conjecture 1]",
                     max_size, 4, 16, body, theory, time_limit, max_positions)
    res.notes.append("the class: connected, n vertices and n edges, not bipartite, exactly one cycle vertex "
                     "of degree >= 3, in simplest form (no involution swapping no edge, Definition 5)")
    return res


def check_two_branch(
    max_size: int = 10,
    *,
    theory: Theory | None = None,
    time_limit: float | None = None,
    max_positions: int | None = None,
) -> CheckResult:
    """Conjecture 2 (Khandhawit-Ye, Appendix A): a pseudotree G with an odd
    cycle, in simplest form, with two or more vertices of C_G of degree at
    least 3, has g(G) = 3 if v(G) is odd and 0 if v(G) is even.

    Checked over every such graph on at most ``max_size`` vertices (the paper
    itself calls the conjecture "somewhat optimistic").

    Parameters
    ----------
    max_size : int
        Most vertices, ``5 <= max_size <= 16``.
    theory, time_limit, max_positions : optional
        As :func:`check_gmk`.

    Returns
    -------
    CheckResult
        Rows as :func:`check_pseudotree_mod4`.
    """
    def body(res: CheckResult, val: _Valuer) -> None:
        def claim(adj: tuple[int, ...], cyc: int, v: int) -> tuple[bool, Any, str]:
            want = 3 if len(adj) % 2 else 0
            return v == want, want, "Conjecture 2"

        _pseudotree_class_check(res, max_size, lambda adj, cyc: _branch_count(adj, cyc) >= 2, claim, val, least=5)

    res = _class_run("two-branch",
                     "an odd-cycle pseudotree in simplest form with two or more vertices of degree >= 3 on its "
                     f"cycle has nim-value 3 if v(G) is odd, 0 if even [{PAPER}, Appendix A, Conjecture 2]",
                     max_size, 5, 16, body, theory, time_limit, max_positions)
    res.notes.append("the class: connected, n vertices and n edges, not bipartite, at least two cycle vertices "
                     "of degree >= 3, in simplest form")
    return res


def _tails_at(adj: tuple[int, ...], cyc: int) -> dict[int, list[int]]:
    """For a hairball: the lengths of the tails hanging from each cycle vertex."""
    out: dict[int, list[int]] = {}
    for a in range(len(adj)):
        if not cyc >> a & 1:
            continue
        lengths = []
        for start in range(len(adj)):
            if adj[a] >> start & 1 and not cyc >> start & 1:
                prev, cur, length = a, start, 1
                while True:
                    nxt = adj[cur] & ~(1 << prev)
                    if not nxt:
                        break
                    prev, cur = cur, nxt.bit_length() - 1
                    length += 1
                lengths.append(length)
        out[a] = sorted(lengths)
    return out


def hairball_claim(adj: tuple[int, ...], cyc: int) -> tuple[int, str]:
    """Theorem 6's nim-value of a hairball (odd cycle, simplest form, not
    just a cycle) and the rule that gives it.

    Rule 1 is read as: v(G) even, every cycle vertex but one (A) has degree
    2, and the tails at A have lengths k and k + 1 for some k >= 0 (for
    k = 0, one tail of length 1: A has degree 3, not 4 as the rule's text
    says, but the base case "a leaf attached to a vertex of C_G" is
    G_{0,0}, of value 4 by §5.1, so the 0-tail must be allowed).
    """
    v = len(adj)
    if v % 2:
        return 3, "Theorem 6, rule 3 (v odd)"
    tails = {a: t for a, t in _tails_at(adj, cyc).items() if t}
    if len(tails) == 1:
        (lengths,) = tails.values()
        if lengths in ([1],) or (len(lengths) == 2 and lengths[1] == lengths[0] + 1):
            return 4, "Theorem 6, rule 1 (v even, tails k and k + 1 at one vertex)"
    return 0, "Theorem 6, rule 2 (v even)"


def _is_hairball(adj: tuple[int, ...], cyc: int) -> bool:
    return cyc != full_mask(len(adj)) and all(
        cyc >> v & 1 or adj[v].bit_count() <= 2 for v in range(len(adj)))


def check_hairballs(
    max_size: int = 12,
    *,
    theory: Theory | None = None,
    time_limit: float | None = None,
    max_positions: int | None = None,
) -> CheckResult:
    """Theorem 6 (Khandhawit-Ye, Appendix B): a hairball (a pseudotree no
    vertex of which outside C_G has degree above 2, i.e. a cycle with paths
    hanging from it) with an odd cycle, in simplest form and not just a
    cycle, has nim-value 4 under rule 1 (v even, one cycle vertex carrying a
    k-tail and a (k+1)-tail, all others bare), 0 otherwise when v is even
    (rule 2), 3 when v is odd (rule 3). See :func:`hairball_claim` for the
    reading of rule 1 with k = 0.

    Parameters
    ----------
    max_size : int
        Most vertices, ``4 <= max_size <= 16``.
    theory, time_limit, max_positions : optional
        As :func:`check_gmk`.

    Returns
    -------
    CheckResult
        Rows as :func:`check_pseudotree_mod4` (the class: hairballs).
    """
    def body(res: CheckResult, val: _Valuer) -> None:
        def claim(adj: tuple[int, ...], cyc: int, v: int) -> tuple[bool, Any, str]:
            want, where = hairball_claim(adj, cyc)
            return v == want, want, where

        _pseudotree_class_check(res, max_size, _is_hairball, claim, val, least=4)

    res = _class_run("hairballs",
                     "an odd-cycle hairball in simplest form, not just a cycle, has nim-value 4 (rule 1), "
                     f"0 (rule 2, v even) or 3 (rule 3, v odd) [{PAPER}, Appendix B, Theorem 6]",
                     max_size, 4, 16, body, theory, time_limit, max_positions)
    res.notes.append("rule 1 with k = 0 is a single tail of length 1 (A of degree 3): the paper's base case, "
                     "G_{0,0} = 4; read literally (degree 4) the triangle with a pendant vertex would contradict it")
    return res


def table4_rows(largest: int) -> dict[int, tuple[int, ...]]:
    """The rows of Table 4 extended by Theorem 5: row m (``1 <= m <=
    3 * largest``) is ``(g_{m,1}, ..., g_{m, 3 * largest})``, by
    :func:`gmk_value` (the paper's claim, used only as a pattern to match)."""
    size = 3 * largest
    return {m: tuple(gmk_value(m, k) for k in range(1, size + 1)) for m in range(1, size + 1)}


def tail_pattern(seq: list[int], window: int = 6) -> tuple[str, int] | None:
    """Which of Conjecture 1's two eventual patterns the end of ``seq``
    fits, and from which index: ``("4n, 4n+3 alternating", k0)`` if
    ``seq[k0:]`` alternates between 4n and 4n + 3; ``("Table 4 row m", k0)``
    if ``seq[k0:]`` is a run of consecutive entries of row m of Table 4
    (rows extended by Theorem 5); the least such k0 with at least
    ``window`` terms, alternating tried first. None if neither fits the last
    ``window`` terms.

    >>> tail_pattern([3, 0, 4, 7, 4, 7, 4, 7, 4])
    ('4n, 4n+3 alternating', 2)
    >>> tail_pattern([0, 10, 8, 12, 14, 12, 16, 18, 16])
    ('Table 4 row 1', 1)
    """
    if len(seq) < window:
        return None
    end = len(seq)

    def alternating(k0: int) -> bool:
        a, b = seq[k0], seq[k0 + 1]
        if {a % 4, b % 4} != {0, 3} or abs(a - b) != 3:
            return False
        return all(seq[i] == seq[i - 2] for i in range(k0 + 2, end))

    for k0 in range(end - window + 1):
        if alternating(k0):
            return "4n, 4n+3 alternating", k0
    top = max(seq)
    largest = 1
    while largest < top // 4 + len(seq) + 2:
        largest *= 2
    rows = table4_rows(2 * largest)
    for k0 in range(end - window + 1):
        seg = tuple(seq[k0:])
        for m, row in rows.items():
            for j in range(len(row) - len(seg) + 1):
                if row[j] == seg[0] and row[j:j + len(seg)] == seg:
                    return f"Table 4 row {m}", k0
    return None


def other_shape(seq: list[int], window: int = 6) -> str | None:
    """For a sequence fitting neither pattern of Conjecture 1 (see
    :func:`tail_pattern`): a description of what its last ``window`` terms
    do instead, if it is one of two shapes outside the conjecture: period 2
    between two values (``"period 2: 10, 9"``), or a run of a Table 4 row
    shifted by a constant 1..3 (``"Table 4 row 2 plus 1"``); else None.

    >>> other_shape([6, 4, 6, 10, 9, 10, 9, 10, 9, 10, 9])
    'period 2: 10, 9'
    """
    if len(seq) < window:
        return None
    tail = seq[-window:]
    if all(tail[i] == tail[i - 2] for i in range(2, window)) and tail[0] != tail[1]:
        return f"period 2: {tail[0]}, {tail[1]}"
    for c in (1, 2, 3):
        found = tail_pattern([v - c for v in tail], window)
        if found is not None and found[0].startswith("Table"):
            return f"{found[0]} plus {c}"
    return None


def _with_tail(adj: tuple[int, ...], x: int, k: int) -> tuple[int, ...]:
    """``adj`` with a k-tail (a path of k new vertices) adjoined at ``x``."""
    out = list(adj)
    prev = x
    for _ in range(k):
        new = len(out)
        out.append(1 << prev)
        out[prev] |= 1 << new
        prev = new
    return tuple(out)


def check_pseudotree_tails(
    max_size: int = 7,
    *,
    tail_length: int = 12,
    window: int = 6,
    theory: Theory | None = None,
    time_limit: float | None = None,
    max_positions: int | None = None,
) -> CheckResult:
    """Conjecture 1 (Khandhawit-Ye, Appendix A), the eventual patterns: for
    a simplest-form odd-cycle pseudotree G with one cycle vertex A of degree
    >= 3 (all other cycle vertices of degree 2) and a leaf X, let G_k be G
    with a k-tail adjoined at X; the sequence g(G_0), g(G_1), ... is
    eventually 4n, 4n+3, 4n, ... or eventually matches a row of Table 4.

    "Eventually" cannot be settled by computation. What is checked: for
    every such G on at most ``max_size`` vertices and every leaf X (one per
    automorphism orbit), g(G_k) for ``k = 0 .. tail_length``, and whether
    the last ``window`` or more terms fit one of the two patterns
    (:func:`tail_pattern`). A sequence that fits neither is *unsettled*, not
    a counterexample: it may settle later. A real counterexample found on
    the way is a G_k in simplest form with nim-value 1 mod 4 (against
    Conjecture 1's "in particular").

    Parameters
    ----------
    max_size : int
        Most vertices of G, ``4 <= max_size <= 12``.
    tail_length : int
        Longest tail adjoined, ``window <= tail_length <= 40``.
    window : int
        Least number of final terms a pattern must cover (default 6: two
        blocks of a Table 4 row, three periods of the alternation).
    theory, time_limit, max_positions : optional
        As :func:`check_gmk`.

    Returns
    -------
    CheckResult
        One row per (G, X): G's graph6, n, the leaf, the sequence, the
        pattern and the index it starts from. ``extra["unsettled"]``: the
        rows fitting neither pattern; ``extra["patterns"]``: counts.
    """
    if not isinstance(tail_length, int) or not window <= tail_length <= 40:
        raise InputError(f"pseudotree-tails: the tail length must be between {window} and 40, not {tail_length}")

    def body(res: CheckResult, val: _Valuer) -> None:
        res.columns = ["G (graph6)", "n", "leaf X", "g(G_0), g(G_1), ...", "pattern", "from k"]
        res.extra["unsettled"] = []
        res.extra["patterns"] = {}
        for n in range(4, max_size + 1):
            for line, adj in pseudotrees(n, val.graphs):
                cyc = cycle_mask(adj)
                if _branch_count(adj, cyc) != 1 or not in_simplest_form(adj):
                    continue
                _gens, orbits = automorphisms(n, upper_lists(adj))
                leaves = [x for x in range(n) if adj[x].bit_count() == 1 and orbits[x] == x]
                for x in leaves:
                    seq = []
                    for k in range(tail_length + 1):
                        gk = _with_tail(adj, x, k)
                        v = val.value(gk)
                        seq.append(v)
                        if v % 4 == 1 and in_simplest_form(gk):
                            res.add_counterexample(_case(gk, v, "not 1 mod 4", "Conjecture 1 (in particular)",
                                                         base=line.decode(), leaf=x, k=k))
                    found = tail_pattern(seq, window)
                    if found:
                        pattern, start = found
                    else:
                        shape = other_shape(seq, window)
                        pattern, start = ("unsettled" + (f" (ends as {shape})" if shape else "")), None
                    key = pattern.split(" (")[0] if not pattern.startswith("Table") else "Table 4 row"
                    res.extra["patterns"][key] = res.extra["patterns"].get(key, 0) + 1
                    row = [line.decode(), n, x, ", ".join(map(str, seq)), pattern, start]
                    res.rows.append(row)
                    if found is None:
                        res.extra["unsettled"].append(row)
            if res.holds and not res.extra["unsettled"]:
                res.verified_up_to = n

    res = _class_run("pseudotree-tails",
                     "adjoining ever longer tails at a leaf of an odd-cycle pseudotree with one branch vertex on "
                     "its cycle gives nim-values eventually 4n, 4n+3 alternating or along a row of Table 4 "
                     f"[{PAPER}, Appendix A, Conjecture 1]",
                     max_size, 4, 12, body, theory, time_limit, max_positions,
                     meaning=f"G on at most {max_size} vertices, tails k = 0..{tail_length}, "
                             f"patterns over the last {window}+ terms")
    res.notes.append("finite evidence only: 'eventually' is read as 'over the last terms computed'; "
                     "verified_up_to is the largest n for which every sequence fit a pattern")
    return res


# -- Corollaries 2 and 3 ---------------------------------------------------------------
def _degrees(adj: tuple[int, ...]) -> list[int]:
    return [a.bit_count() for a in adj]


def _biconnected(adj: tuple[int, ...]) -> bool:
    full = full_mask(len(adj))
    if len(components(adj, full)) != 1:
        return False
    return all(len(components(adj, full & ~(1 << v))) == 1 for v in range(len(adj)))


def check_corollary_2(
    max_size: int = 11,
    *,
    theory: Theory | None = None,
    time_limit: float | None = None,
    max_positions: int | None = None,
) -> CheckResult:
    """Corollary 2 (Khandhawit-Ye, Appendix B): a graph with V vertices and
    V + 1 edges, V - 1 vertices of degree 2 and one vertex A of degree 4,
    has nim-value 1.

    Read literally: every such graph (geng, degree at most 4, V + 1 edges,
    filtered by degrees), connected or not: two cycles through A, plus
    possibly disjoint cycles (of value 0) when V >= 8.

    Parameters
    ----------
    max_size : int
        Most vertices V, ``5 <= max_size <= 14`` (V = 14 means 937,165
        graphs from geng to filter: slow).
    theory, time_limit, max_positions : optional
        As :func:`check_gmk`.

    Returns
    -------
    CheckResult
        One row per V: graphs generated, in the class (connected /
        disconnected), agreeing, counterexamples.
    """
    def body(res: CheckResult, val: _Valuer) -> None:
        res.columns = ["V", "graphs with V+1 edges, degree <= 4", "in the class", "connected", "agree",
                       "counterexamples"]
        for n in range(5, max_size + 1):
            total = cls = conn = agree = 0
            for _line, adj in val.graphs(n, GraphClass(max_degree=4), (n + 1, n + 1)):
                total += 1
                d = _degrees(adj)
                if d.count(4) != 1 or d.count(2) != n - 1:
                    continue
                cls += 1
                conn += len(components(adj, full_mask(n))) == 1
                v = val.value(adj)
                if v == 1:
                    agree += 1
                else:
                    res.add_counterexample(_case(adj, v, 1, "Corollary 2"))
            res.rows.append([n, total, cls, conn, agree, cls - agree])
            if res.holds:
                res.verified_up_to = n

    return _class_run("corollary-2",
                      "a graph with V vertices and V+1 edges, V-1 of degree 2 and one of degree 4, has nim-value 1 "
                      f"[{PAPER}, Appendix B, Corollary 2]",
                      max_size, 5, 14, body, theory, time_limit, max_positions,
                      meaning=f"V <= {max_size} (all such graphs, connected or not)")


def check_corollary_3(
    max_size: int = 14,
    *,
    theory: Theory | None = None,
    time_limit: float | None = None,
    max_positions: int | None = None,
) -> CheckResult:
    """Corollary 3 (Khandhawit-Ye, Appendix B): a cycle C with an extra path
    between two non-adjacent vertices A and B (a theta graph) has nim-value
    1 if v(G) is odd and 2 if v(G) is even.

    The class: connected graphs with v + 1 edges, two vertices of degree 3
    and all others of degree 2, with no cut vertex (which rules out two
    cycles joined by a path); the extra path may be a single edge (a chord).
    From geng (connected, degree at most 3, v + 1 edges), filtered.

    Parameters
    ----------
    max_size : int
        Most vertices, ``4 <= max_size <= 18``.
    theory, time_limit, max_positions : optional
        As :func:`check_gmk`.

    Returns
    -------
    CheckResult
        One row per v: graphs generated, theta graphs, agreeing,
        counterexamples.
    """
    def body(res: CheckResult, val: _Valuer) -> None:
        res.columns = ["v", "connected, v+1 edges, degree <= 3", "theta graphs", "agree", "counterexamples"]
        for n in range(4, max_size + 1):
            total = cls = agree = 0
            want = 1 if n % 2 else 2
            for _line, adj in val.graphs(n, GraphClass(connected=True, max_degree=3), (n + 1, n + 1)):
                total += 1
                d = _degrees(adj)
                if d.count(3) != 2 or d.count(2) != n - 2 or not _biconnected(adj):
                    continue
                cls += 1
                v = val.value(adj)
                if v == want:
                    agree += 1
                else:
                    res.add_counterexample(_case(adj, v, want, "Corollary 3"))
            res.rows.append([n, total, cls, agree, cls - agree])
            if res.holds:
                res.verified_up_to = n

    return _class_run("corollary-3",
                      "a cycle with an extra path between two non-adjacent vertices has nim-value 1 if v(G) is odd, "
                      f"2 if even [{PAPER}, Appendix B, Corollary 3]",
                      max_size, 4, 18, body, theory, time_limit, max_positions)


# -- Magura-Pong-Cartee-Valakuzhy: graphs with a single odd cycle ------------------------------
MAGURA = "Magura-Pong-Cartee-Valakuzhy, Chomp the Graph"

#: The columns of Magura et al.'s table: how the degrees of the cycle's vertices fall by parity.
#: ``O`` every cycle vertex of odd degree, ``E`` every one even, ``M_O`` one even and the rest odd,
#: ``M_E`` one odd and the rest even, ``M_M`` anything else.
CYCLE_CLASSES = ("O", "E", "M_O", "M_E", "M_M")

#: Magura et al.'s table ("Predictable Odd Cycle Graphs") as printed: for each EV parity
#: (e mod 2, v mod 2), the outcome claimed in each column of :data:`CYCLE_CLASSES`: ``"N"``,
#: ``"P"`` (the paper's "L": the player to move loses) or None (a blank: "could be either winning
#: positions or losing positions, or are unknown"). Transcribed by hand as the target the computed
#: outcomes are compared with; never used to produce a value.
PAPER_CYCLE_TABLE: dict[tuple[int, int], tuple[str | None, ...]] = {
    (1, 1): ("N", None, "N", "N", "N"),
    (1, 0): ("N", "N", "N", "N", "N"),
    (0, 1): (None, "N", "N", "N", "N"),
    (0, 0): (None, None, None, None, "P"),
}


def _cycle_claim(row: tuple[int, int], col: str) -> str | None:
    """The paper's outcome in the cell (EV parity ``row``, column ``col``), or None for a blank."""
    return PAPER_CYCLE_TABLE[row][CYCLE_CLASSES.index(col)]


def cycle_class(adj: tuple[int, ...], cyc: int) -> str:
    """The column of Magura et al.'s table for a graph whose cycle has the
    vertex mask ``cyc``: ``"O"``, ``"E"``, ``"M_O"``, ``"M_E"`` or ``"M_M"``
    (see :data:`CYCLE_CLASSES`), by the parities of the cycle vertices'
    degrees in the whole graph."""
    k = cyc.bit_count()
    odd = sum(adj[v].bit_count() & 1 for v in range(len(adj)) if cyc >> v & 1)
    if odd == k:
        return "O"
    if odd == 0:
        return "E"
    if odd == k - 1:
        return "M_O"
    if odd == 1:
        return "M_E"
    return "M_M"


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


def check_cycle_killing(
    max_size: int = 10,
    *,
    theory: Theory | None = None,
    time_limit: float | None = None,
    max_positions: int | None = None,
) -> CheckResult:
    """Magura-Pong-Cartee-Valakuzhy's table of graphs with a single odd
    cycle ("Predictable Odd Cycle Graphs", the cycle-killing section of
    *Chomp the Graph*): for each EV parity (e mod 2, v mod 2) and each class
    of the cycle's vertices by degree parity (:data:`CYCLE_CLASSES`), the
    outcome the paper claims (:data:`PAPER_CYCLE_TABLE`; blanks claim
    nothing).

    The class, read narrowly from the text ("graphs that contain a single
    odd-cycle", "a central odd cycle has trees branching off"): graphs with
    exactly one cycle, which is odd, and any number of tree components
    (:func:`single_odd_cycle_graphs`). The words also admit even cycles
    beside the odd one (a triangle and a square sharing a vertex); those
    are not enumerated here (the tests check the table on them up to 7
    vertices). In the narrow class a connected graph has e = v, so the rows
    (1, 0) and (0, 1) hold only graphs with tree components.

    Parameters
    ----------
    max_size : int
        Most vertices, ``3 <= max_size <= 16`` (geng beyond 7; every graph
        with at most ``max_size`` edges is generated and filtered).
    theory, time_limit, max_positions : optional
        As :func:`check_gmk`.

    Returns
    -------
    CheckResult
        One row per cell of the table: EV parity, column, the paper's claim,
        graphs (and connected ones) on 3 .. ``max_size`` vertices, how many
        are N and P, and the computed outcome (``N``, ``P``, ``mixed`` or
        ``-`` when the cell is empty). A counterexample is a graph in a
        claimed cell with the other outcome. ``extra["filled"]`` lists the
        blank cells in which every graph checked had one outcome (an
        observation over the graphs counted, not a theorem).

    Raises
    ------
    InputError
        A bound outside 3 .. 16, or geng missing (beyond 7 vertices) or
        failing.
    """
    def body(res: CheckResult, val: _Valuer) -> None:
        count = {(row, col): [0, 0, 0] for row in PAPER_CYCLE_TABLE for col in CYCLE_CLASSES}  # graphs, conn., N

        def table_rows() -> list[list[Any]]:
            out = []
            for (row, col), (graphs, connected, n_count) in count.items():
                claimed = _cycle_claim(row, col)
                p_count = graphs - n_count
                computed = "-" if not graphs else "N" if not p_count else "P" if not n_count else "mixed"
                out.append([f"({row[0]}, {row[1]})", col, claimed or "", graphs, connected, n_count, p_count,
                            computed])
            return out

        try:
            for n in range(3, max_size + 1):
                for _line, adj in single_odd_cycle_graphs(n, val.graphs):
                    cyc, e = cycle_mask(adj), _edges(adj)
                    row, col = (e % 2, n % 2), cycle_class(adj, cyc)
                    v = val.value(adj)
                    cell = count[(row, col)]
                    cell[0] += 1
                    cell[1] += e == n  # one cycle: e - n + components = 1, so connected iff e = n
                    cell[2] += v != 0
                    claimed = _cycle_claim(row, col)
                    if claimed is not None and (v != 0) != (claimed == "N"):
                        res.add_counterexample(_case(adj, v, claimed, f"the table, EV parity {row}, column {col}",
                                                     cycle=cyc.bit_count()))
                if res.holds:
                    res.verified_up_to = n
        finally:  # a stopped check still shows the cells counted so far
            res.rows = table_rows()
            res.extra["filled"] = [f"{r[0]} {r[1]}: {r[7]} ({r[3]} graphs)" for r in res.rows
                                   if not r[2] and r[7] in ("N", "P")]

    res = _class_run("cycle-killing",
                     "the outcome of a graph with a single odd cycle is N (or P) as the table gives it for its EV "
                     "parity and the degree parities of its cycle's vertices "
                     f"[{MAGURA}, Predictable Odd Cycle Graphs]",
                     max_size, 3, 16, body, theory, time_limit, max_positions,
                     meaning=f"graphs on 3 to {max_size} vertices with exactly one cycle, odd "
                             "(tree components allowed)")
    res.columns = ["EV parity (e, v)", "cycle vertices", "paper", "graphs", "connected", "N", "P", "computed"]
    res.notes.append("the columns: O every cycle vertex of odd degree, E every one even, M_O one even and the rest "
                     "odd, M_E one odd and the rest even, M_M the others; the paper's L is P (a loss for the "
                     "player to move); blank cells claim nothing")
    counted = (f"complete to {res.verified_up_to} vertices" if res.stopped and res.verified_up_to is not None
               else "none complete" if res.stopped else f"every graph to {max_size} vertices")
    res.notes.append(f"blank cells with one outcome over the graphs counted ({counted}): "
                     + ("; ".join(res.extra["filled"]) or "none"))
    return res


# -- the registry ----------------------------------------------------------------------
@dataclass(frozen=True)
class CheckSpec:
    """One check as the command line sees it.

    Attributes
    ----------
    name : str
    function : callable
        ``function(bound, theory=..., time_limit=..., max_positions=..., **extra) -> CheckResult``.
    default_bound : int
    bound_meaning : str
        What ``--bound`` counts.
    source : str
        The paper's statement checked.
    options : frozenset of str
        The check-specific options it honours (``"plot"``, ``"tail_length"``).
    """

    name: str
    function: Callable[..., CheckResult]
    default_bound: int
    bound_meaning: str
    source: str
    options: frozenset[str] = frozenset()


CHECKS: dict[str, CheckSpec] = {
    spec.name: spec
    for spec in (
        CheckSpec("gmk", check_gmk, 12, "largest m and k", "Table 4, Theorems 4 and 5",
                  frozenset({"plot"})),
        CheckSpec("wheels", check_wheels, 15, "largest n", "Appendix A, Conjecture 3"),
        CheckSpec("pseudotree-mod4", check_pseudotree_mod4, 10, "most vertices",
                  "Appendix A, Conjecture 1 (no value 1 mod 4)"),
        CheckSpec("pseudotree-tails", check_pseudotree_tails, 7, "most vertices of the base graph",
                  "Appendix A, Conjecture 1 (eventual patterns)", frozenset({"tail_length"})),
        CheckSpec("two-branch", check_two_branch, 10, "most vertices", "Appendix A, Conjecture 2"),
        CheckSpec("hairballs", check_hairballs, 12, "most vertices", "Appendix B, Theorem 6"),
        CheckSpec("corollary-2", check_corollary_2, 11, "most vertices", "Appendix B, Corollary 2"),
        CheckSpec("corollary-3", check_corollary_3, 14, "most vertices", "Appendix B, Corollary 3"),
        CheckSpec("cycle-killing", check_cycle_killing, 10, "most vertices",
                  f"{MAGURA}: the table of graphs with a single odd cycle"),
    )
}


def run_check(name: str, bound: int | None = None, **kwargs: Any) -> CheckResult:
    """Run the check ``name`` (a key of :data:`CHECKS`) to ``bound`` (its
    default if None), passing ``kwargs`` (``theory``, ``time_limit``, ...).

    Raises
    ------
    InputError
        On an unknown name (the message lists the valid ones) or a bad bound.
    """
    spec = CHECKS.get(name)
    if spec is None:
        raise InputError(f"unknown check {name!r}; valid checks: {', '.join(CHECKS)}")
    return spec.function(spec.default_bound if bound is None else bound, **kwargs)


def draw_counterexample(result: CheckResult, path: str) -> bool:
    """Draw the first counterexample of ``result`` to ``path`` (PNG) with
    networkx and matplotlib; cycle vertices (the 2-core) in red. Returns
    False (and writes nothing) if there is none.

    Raises
    ------
    ImportError
        If matplotlib is missing.
    """
    if not result.counterexamples:
        return False
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import networkx as nx

    case = result.counterexamples[0]
    adj = graph6_adjacency(case["graph6"])
    g = nx.Graph()
    g.add_nodes_from(range(len(adj)))
    g.add_edges_from((i, j) for i in range(len(adj)) for j in range(i + 1, len(adj)) if adj[i] >> j & 1)
    core = cycle_mask(adj)
    fig, ax = plt.subplots(figsize=(5, 5))
    pos = nx.spring_layout(g, seed=1)  # numpy only (kamada_kawai needs scipy)
    nx.draw_networkx(g, pos, ax=ax, node_color=["tab:red" if core >> v & 1 else "tab:blue" for v in g],
                     font_color="white", node_size=350)
    ax.set_title(f"{result.name}: {case.get('name') or case['graph6']}\n"
                 f"nim-value {case['value']}, claimed {case['claimed']} ({case['claim']})", fontsize=9)
    ax.axis("off")
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)
    return True
