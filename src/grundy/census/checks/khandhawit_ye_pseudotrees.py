"""The checks of T. Khandhawit and L. Ye, *Chomp on Graphs and Subsets*, over
odd-cycle pseudotrees in simplest form: Conjecture 1 (``pseudotree-mod4``:
no nim-value 1 mod 4; ``pseudotree-tails``: the eventual patterns along
ever longer tails, matched against Table 4's rows), Conjecture 2
(``two-branch``) and Theorem 6 (``hairballs``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from grundy.census.checks.common import (
    CheckResult,
    _case,
    _class_run,
    _Valuer,
    cycle_mask,
    in_simplest_form,
    pseudotrees,
)
from grundy.census.checks.khandhawit_ye import PAPER
from grundy.core.canon import automorphisms
from grundy.errors import InputError
from grundy.games.graphs.bitset import full_mask, upper_lists
from grundy.games.graphs.formulas import gmk_value
from grundy.games.graphs.theory import Theory


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
