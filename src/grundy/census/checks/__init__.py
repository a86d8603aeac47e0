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

The package, one job per module: :mod:`.common` (the result, graphs as
bitsets, the graph sources and the search), :mod:`.khandhawit_ye` (``gmk``,
``wheels``, ``corollary-2``, ``corollary-3``),
:mod:`.khandhawit_ye_pseudotrees` (``pseudotree-mod4``,
``pseudotree-tails``, ``two-branch``, ``hairballs``), :mod:`.magura`
(``cycle-killing``) and :mod:`.plots` (the pictures); here, the public names
and the registry (:data:`CHECKS`, :func:`run_check`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from grundy.census.checks.common import (
    MAX_KEPT,
    CheckResult,
    GraphSource,
    cycle_mask,
    in_simplest_form,
    pseudotrees,
    single_odd_cycle_graphs,
)
from grundy.census.checks.khandhawit_ye import (
    PAPER,
    PAPER_TABLE_4,
    check_corollary_2,
    check_corollary_3,
    check_gmk,
    check_wheels,
)
from grundy.census.checks.khandhawit_ye_pseudotrees import (
    check_hairballs,
    check_pseudotree_mod4,
    check_pseudotree_tails,
    check_two_branch,
    hairball_claim,
    other_shape,
    table4_rows,
    tail_pattern,
)
from grundy.census.checks.magura import (
    CYCLE_CLASSES,
    MAGURA,
    PAPER_CYCLE_TABLE,
    check_cycle_killing,
    cycle_class,
)
from grundy.census.checks.plots import draw_counterexample, plot_gmk
from grundy.errors import InputError

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
    "in_simplest_form",
    "other_shape",
    "pseudotrees",
    "run_check",
    "single_odd_cycle_graphs",
    "table4_rows",
    "tail_pattern",
]


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
