"""The one result type, :class:`Analysis` (value or misère outcome, winning
moves, option table, explanation, statistics) for every kind of position,
and the analysis of graphs under any impartial ruleset (normal play:
:func:`analyze_graph`; misère play: :func:`analyze_misere`). The other
kinds (:mod:`grundy.kinds`) build their answers as JSON objects, which
become an :class:`Analysis` through :meth:`Analysis.from_json`; every
answer is reached through :func:`grundy.kinds.analyze`."""

from __future__ import annotations

from dataclasses import dataclass, field
from collections.abc import Iterator
from typing import Any

from grundy.games.graphs.bitset import components, full_mask, is_bipartite, edge_count, remove_edge
from grundy.games.graphs.game import Solver
from grundy.games.graphs.misere import MisereSolver
from grundy.games.graphs.formulas import BIPARTITE_SOURCE, bipartite_value
from grundy.core.misere import scan_moves
from grundy.core.moves import Move, label_json, label_str
from grundy.errors import SearchLimitReached, keep_found
from grundy.core.explain import measured, outcome_line, sum_values, winning_options  # noqa: F401  (re-exported)
from grundy.games.graphs.graph import Graph, bits

__all__ = ["Move", "Analysis", "analyze_graph", "label_json"]

#: Most winning moves :meth:`Analysis.__repr__` shows before "... N more".
REPR_MOVES = 5


@dataclass(repr=False)
class Analysis:
    """Everything grundy can say about one position.

    Attributes
    ----------
    name : str
        Where the position came from ("wheel:9", "graphs.g6:3").
    value : int or None
        Its nim-value (Grundy value); None under misère play, where sums do
        not combine by nim-sum and only the outcome is computed, and in an
        outcome-only answer (``--outcome``) that did not need it.
    outcome : str
        "P" if the previous player wins (normal play: value 0), else "N".
    game : str
        The ruleset's name ("chomp", "bo-bo", ...).
    misere : bool
        Misère play (the player who cannot move wins).
    winning_moves : list of Move
        Every move to a position of nim-value 0, in vertex then edge order
        (an outcome-only answer: the first, or every one if asked).
    options : list of (Move, int or str) or None
        The full option table (each move and the nim-value it leads to; the
        outcome "N"/"P" under misère play), when asked for.
    explanation : list of str
        The reductions and theorems used, with citations, in order.
    stats : dict
        ``positions`` searched, ``table_hits``, ``closed_forms``,
        ``reductions``, ``seconds`` for this analysis.
    vertices, edges : int
        Size of the position.
    graph : Graph or None
        The position (None if answered from a family formula without
        building it).
    settled_outcome : str or None
        The outcome of an outcome-only answer ("N"/"P"), whose ``value`` may be None.
    position : Graph, Poset, Complex, ChompPosition, NimPosition, OctalPosition or None
        The position answered, of any kind, for drawing
        (:func:`grundy.drawing.analysis_svg`); set by :func:`grundy.analyze`
        (None when built from JSON alone).
    """

    name: str
    value: int | None
    winning_moves: list[Move] | None
    explanation: list[str]
    stats: dict[str, Any]
    vertices: int
    edges: int
    graph: Graph | None = None
    options: list[tuple[Move, Any]] | None = None
    game: str = "chomp"
    misere: bool = False
    misere_outcome: str | None = None
    kind: str = "graph"
    settled_outcome: str | None = None
    fields: dict[str, Any] | None = None
    extra: dict[str, Any] | None = None
    position: Any = field(default=None, compare=False)

    def __repr__(self) -> str:
        """One short line: name, game, play, nim-value, outcome, the first
        :data:`REPR_MOVES` winning moves and how many more, positions searched.

        >>> Analysis("nim:3,4,5", 2, [Move(heap=1, to=1)], [], {"positions": 0}, 0, 0, kind="nim", game="nim")
        Analysis('nim:3,4,5', game='nim', value=2, outcome='N', winning_moves=[Move(heap=1, to=1)], positions=0)
        """
        parts = [repr(self.name), f"game={self.game!r}"]
        if self.misere:
            parts.append("misere=True")
        else:
            parts.append(f"value={self.value!r}")
        parts.append(f"outcome={self.outcome!r}")
        if self.winning_moves is not None:
            shown = [repr(m) for m in self.winning_moves[:REPR_MOVES]]
            more = len(self.winning_moves) - len(shown)
            if more:
                shown.append(f"... {more:,} more")
            parts.append(f"winning_moves=[{', '.join(shown)}]")
        if self.options is not None:
            parts.append(f"options=<{len(self.options):,} moves>")
        if "positions" in (self.stats or {}):
            parts.append(f"positions={self.stats['positions']!r}")
        return f"Analysis({', '.join(parts)})"

    @classmethod
    def from_json(cls, d: dict[str, Any], kind: str) -> "Analysis":
        """The result a JSON answer of a kind describes (a poset, complex,
        Chomp, Nim or octal position, see :meth:`grundy.kinds.Kind.normal`): ``fields`` keep
        the position's own keys (``elements``, ``facets``, ``rows``,
        ``heaps``...), ``extra`` what follows the stats (``first_moves``,
        ``complement_replies``, ``first_moves_stopped``)."""
        known = {"name", "game", "play", "value", "outcome", "winning_moves", "explanation", "stats", "options"}
        after = {"first_moves", "complement_replies", "first_moves_stopped"}
        misere = d.get("play") == "misere"
        key = "outcome" if misere else "value"
        options = None
        if d.get("options") is not None:
            options = [(Move.from_json(o), o[key]) for o in d["options"]]
        return cls(
            name=d["name"],
            value=d["value"],
            winning_moves=[Move.from_json(m) for m in d["winning_moves"]],
            explanation=d["explanation"],
            stats=d["stats"],
            vertices=0,
            edges=0,
            options=options,
            game=d["game"],
            misere=misere,
            misere_outcome=d["outcome"] if misere else None,
            settled_outcome=d["outcome"] if not misere and d["value"] is None else None,
            kind=kind,
            fields={k: v for k, v in d.items() if k not in known and k not in after},
            extra={k: v for k, v in d.items() if k in after},
        )

    @property
    def outcome(self) -> str:
        if self.misere_outcome is not None:
            return self.misere_outcome
        if self.settled_outcome is not None:
            return self.settled_outcome
        return "P" if self.value == 0 else "N"

    def to_json(self) -> dict[str, Any]:
        """The JSON object printed by ``grundy value --json`` (docs/formats.md, "JSON output of ``value`` and ``moves``")."""
        out: dict[str, Any] = {
            "name": self.name,
            "game": self.game,
            "play": "misere" if self.misere else "normal",
            "value": self.value,
            "outcome": self.outcome,
            "winning_moves": None if self.winning_moves is None else [m.to_json() for m in self.winning_moves],
        }
        out.update(self._position_json())
        out["explanation"] = self.explanation
        out["stats"] = self.stats
        if self.options is not None:
            key = "outcome" if self.misere else "value"
            out["options"] = [dict(m.to_json(), **{key: v}) for m, v in self.options]
        out.update(self.extra or {})
        return out

    def _position_json(self) -> dict[str, Any]:
        """The position's own fields: ``fields`` when the answer came as
        JSON, else the graph's ``vertices`` and ``edges`` (their counts
        when the graph was too large to build)."""
        if self.fields is not None:
            return self.fields
        if self.graph is None:
            return {"vertices": self.vertices, "edges": self.edges}
        return {"vertices": [label_json(v) for v in self.graph.labels],
                "edges": [[label_json(u), label_json(v)] for u, v in self.graph.edges()]}


def analyze_graph(
    g: Graph,
    solver: Solver,
    *,
    name: str = "",
    moves: bool = True,
    option_table: bool = False,
) -> Analysis:
    """Analyse a graph with ``solver``; see :func:`grundy.analyze`.

    Raises
    ------
    SearchLimitReached
        If the solver's time or position limit is hit; when it is hit after
        the value was found (while the winning moves are sought), with
        ``value``, ``outcome`` and the ``winning_moves`` found so far set.
    """
    with measured(solver) as stats:
        labels = g.labels

        everything = full_mask(g.n)

        def namer(mask: int) -> str:
            if mask == everything and g.n > 1:
                return "the graph"
            return "{" + ", ".join(label_str(labels[i]) for i in bits(mask)) + "}"

        adj = g.adj
        comps = components(adj, full_mask(g.n))
        trace: list[str] = []
        if solver.ruleset.name != "chomp":
            trace.append(f"game {solver.ruleset.name}: {solver.ruleset.rule} [{solver.ruleset.source}]")
        if not comps:
            trace.append("the empty graph: no move, value 0")
        comp_values, total = sum_values(
            solver, comps, lambda comp, tr: solver.decompose(adj, comp, tr, namer), namer, lambda comp: comp, trace
        )
        winning: list[Move] | None = None
        table: list[tuple[Move, int]] | None = None
        if moves or option_table:
            found: list[tuple[tuple[int, ...], Move]] = []  # (order key, move), as found
            try:
                if solver.ruleset.name == "chomp":
                    winning, table = _moves(g, solver, comps, comp_values, total, option_table, trace, found)
                else:
                    winning, table = _generic_moves(g, solver, option_table, found, total)
            except (SearchLimitReached, KeyboardInterrupt) as stop:
                keep_found(stop, total, "P" if total == 0 else "N", [m for _, m in sorted(found, key=lambda t: t[0])])
                raise
    return Analysis(
        name=name,
        value=total,
        winning_moves=winning,
        explanation=trace,
        stats=stats,
        vertices=g.n,
        edges=g.m,
        graph=g,
        options=table,
        game=solver.ruleset.name,
    )


def _moves(
    g: Graph,
    solver: Solver,
    comps: list[int],
    comp_values: list[int],
    total: int,
    option_table: bool,
    trace: list[str],
    found: list[tuple[tuple[int, ...], Move]],
) -> tuple[list[Move], list[tuple[Move, int]] | None]:
    """Winning moves (and the option table) of the whole position; each
    winning move is appended to ``found`` as it is found (what a stop
    leaves), with its order key (vertices by index, then edges).

    A move changes one component C_i; it wins iff the new value of C_i equals
    the nim-sum of the other components. On a bipartite component the new
    value follows from Table 2 by parity (the option is bipartite too). A
    P-position (``total`` 0) has none (every option of a P-position is N):
    without ``option_table`` nothing is asked.
    """
    if total == 0 and not option_table:
        return [], None
    adj = g.adj
    labels = g.labels
    use_parity = solver.theory.bipartite
    vertex_moves: list[tuple[int, Move, int]] = []
    edge_moves: list[tuple[tuple[int, int], Move, int]] = []
    parity_used = False
    for comp, cval in zip(comps, comp_values):
        target = total ^ cval  # the value the component must move to
        bip = use_parity and is_bipartite(adj, comp)
        nv = comp.bit_count()
        ne = edge_count(adj, comp) if bip else 0
        parity_used |= bip
        for i in bits(comp):
            mv = Move(vertex=labels[i])
            if bip:
                val = bipartite_value(nv - 1, ne - (adj[i] & comp).bit_count())
                wins = val == target
            else:
                nim, unk = solver.decompose(adj, comp & ~(1 << i))
                if option_table:
                    val = solver.value_of(nim, unk)
                    wins = val == target
                else:
                    val = -1
                    wins = solver.is_p(nim ^ target, unk)
            if option_table:
                vertex_moves.append((i, mv, val ^ total ^ cval))
            if wins:
                found.append(((0, i), mv))
        for i in bits(comp):
            for j in bits(adj[i] & comp & ~((2 << i) - 1)):
                mv = Move(edge=(labels[i], labels[j]))
                if bip:
                    val = bipartite_value(nv, ne - 1)
                    wins = val == target
                else:
                    nim, unk = solver.decompose(remove_edge(adj, i, j), comp)
                    if option_table:
                        val = solver.value_of(nim, unk)
                        wins = val == target
                    else:
                        val = -1
                        wins = solver.is_p(nim ^ target, unk)
                if option_table:
                    edge_moves.append(((i, j), mv, val ^ total ^ cval))
                if wins:
                    found.append(((1, i, j), mv))
    if parity_used:
        trace.append(f"moves in bipartite components valued by parity [{BIPARTITE_SOURCE}]")
    table = None
    if option_table:
        table = [(m, v) for _, m, v in sorted(vertex_moves, key=lambda t: t[0])]
        table += [(m, v) for _, m, v in sorted(edge_moves, key=lambda t: t[0])]
    return [m for _, m in sorted(found, key=lambda t: t[0])], table


def _generic_moves(
    g: Graph, solver: Solver, option_table: bool, found: list[tuple[tuple[int, ...], Move]], total: int
) -> tuple[list[Move], list[tuple[Move, int]] | None]:
    """Winning moves (and the option table) for any ruleset: every move of
    the whole position, valued by the solver, isomorphic options once
    (the search's moves, :meth:`Solver.class_options`, each expanded by
    :meth:`GraphRuleset.labelled_members`: Graph Nim's edge sets
    that meet each class of twins in as many edges share one option up to
    isomorphism); each winning move is appended to ``found`` as it is found
    (what a stop leaves), keyed by its place in :meth:`GraphRuleset.moves`'s
    order, and the answer is in that order. ``total`` is the position's
    value (0, a P-position: no move wins, nothing is asked without the
    option table)."""
    ruleset, adj = solver.ruleset, g.adj
    candidates = ((0, index_move, split) for index_move, split in solver.class_options(adj))
    keyed_table: list[tuple[tuple[tuple[int, ...], Move], int]] = []
    winning_options(solver, candidates, option_table, found, keyed_table, total,
                    lambda index_move: ruleset.labelled_members(g.labels, adj, index_move))
    table = [(move, v) for (_, move), v in sorted(keyed_table, key=lambda t: t[0][0])] if option_table else None
    return [m for _, m in sorted(found, key=lambda t: t[0])], table


def analyze_misere(
    g: Graph,
    solver: "MisereSolver",
    *,
    name: str = "",
    option_table: bool = False,
    wanted: int | None = None,
) -> Analysis:
    """Misère outcome and winning moves of a graph (see
    :class:`grundy.games.graphs.misere.MisereSolver`): every winning move,
    or without ``option_table`` at most ``wanted`` of them (the first in
    move order; 0: the outcome alone, as ``--outcome`` and
    :func:`grundy.outcome` ask), the options after them not searched; the
    moves, and the table's rows, in :meth:`GraphRuleset.moves`'s order.
    The scan goes over the search's moves
    (:meth:`GraphRuleset.class_moves`, every move but those of Graph Nim
    left out as isomorphic to an earlier one), each
    option decided once for its class.

    Raises
    ------
    SearchLimitReached
        If the solver's time or position limit is hit; when it is hit after
        the outcome was found, with ``outcome`` and the ``winning_moves``
        found so far set.
    """
    with measured(solver) as stats:
        ruleset = solver.ruleset
        outcome = "N" if solver.is_n(g.adj) else "P"
        winning: list[Move] = []
        table: list[tuple[Move, Any]] | None = [] if option_table else None
        order: dict[Move, tuple] = {}  # each move's place in ruleset.moves's order

        def expand(index_move: tuple) -> Iterator[Move]:
            for key, move in ruleset.labelled_members(g.labels, g.adj, index_move):
                order[move] = key
                yield move

        # the search's moves, isomorphic options decided once; a stop keeps the outcome and moves found
        scan_moves(((index_move, ruleset.apply(g.adj, index_move)) for index_move in ruleset.class_moves(g.adj)),
                   solver.is_n, outcome, winning, table, wanted,
                   lambda: solver.limits.check_time(solver.stats.positions), expand, order.__getitem__)
    explanation = [
        f"game {ruleset.name} under misère play (the player who cannot move wins): {ruleset.rule} [{ruleset.source}]",
    ]
    parity = solver.parity
    if parity is not None:
        from grundy.games.graphs.theory import ARC_KAYLES_SOURCE

        explanation.append(f"{ruleset.name} is Arc Kayles on the vertices of {'odd' if parity else 'even'} degree, "
                           f"the same game tree, so in misère play too [{ARC_KAYLES_SOURCE}]")
    explanation += [
        "misère sums do not combine by nim-sum: the whole position was searched, memoised by canonical form"
        + (", with no other theory" if parity is not None else ", with no theory"),
        f"outcome {outcome}: " + ("the player to move wins" if outcome == "N" else "the player to move loses"),
    ]
    return Analysis(
        name=name, value=None, winning_moves=winning, explanation=explanation, stats=stats,
        vertices=g.n, edges=g.m, graph=g, options=table, game=ruleset.name, misere=True,
        misere_outcome=outcome,
    )
