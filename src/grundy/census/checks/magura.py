"""The check of S. Magura, V. Pong, E. Cartee and K. Valakuzhy, *Chomp the
Graph* (``cycle-killing``): their table of the outcomes of graphs with a
single odd cycle (the section "Predictable Odd Cycle Graphs").
"""

from __future__ import annotations

from typing import Any

from grundy.census.checks.common import (
    CheckResult,
    _case,
    _class_run,
    _edges,
    _Valuer,
    cycle_mask,
    single_odd_cycle_graphs,
)
from grundy.games.graphs.theory import Theory


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
