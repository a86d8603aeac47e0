"""The checks of T. Khandhawit and L. Ye, *Chomp on Graphs and Subsets*, on
given graphs and small classes: G_{m,k} (``gmk``: §5.1, Table 4, Theorems 4
and 5), wheels (``wheels``: Appendix A, Conjecture 3) and the graphs of
Appendix B's Corollaries 2 and 3 (``corollary-2``, ``corollary-3``). The
pseudotree conjectures are in :mod:`.khandhawit_ye_pseudotrees`.
"""

from __future__ import annotations

import time
from typing import Any

from grundy.census.checks.common import CheckResult, _case, _check_bound, _class_run, _Valuer
from grundy.census.geng import GraphClass
from grundy.errors import SearchLimitReached
from grundy.games.graphs.bitset import components, full_mask
from grundy.games.graphs.families import build_family
from grundy.games.graphs.formulas import gmk_value
from grundy.games.graphs.theory import Theory


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
