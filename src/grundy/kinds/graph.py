"""Graphs: every impartial graph ruleset (Graph Chomp by default, Node and
Arc Kayles, Graph Nim, the parity games), in normal or misère play, and the
partizan rulesets in play.

A graph's answer is :func:`grundy.analysis.analyze_graph` (normal play) or
:func:`grundy.analysis.analyze_misere` on one solver (shared by every graph
of a command, so its table serves them all); a graph too large to build
(``complete:100000``) is answered by its family's closed form.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from grundy.core.moves import Move, label_json, label_str
from grundy.errors import InputError, SearchLimitReached, TooLargeError
from grundy.kinds import Item, Kind, ending, settle
from grundy.kinds.request import Request
from grundy.kinds.typed import Label, TypedMove

if TYPE_CHECKING:
    from grundy.analysis import Analysis

__all__ = ["KIND", "GraphKind", "SIDES"]

#: The sides of a partizan game, as play names them.
SIDES = ("left", "right")


#: Most moves a graph in play may have (play lists every move: the terminal's
#: ``moves``, the page's move table); only Graph Nim can pass it within the
#: 1,000 parts of :data:`grundy.play.MAX_PLAY_SIZE`.
MAX_PLAY_MOVES = 100_000

class GraphKind(Kind):
    """A graph (:class:`~grundy.games.graphs.graph.Graph`, labels kept)."""

    name = "graph"
    game = "chomp"
    has_layout = True

    @property
    def unnamed(self) -> str:
        return ""

    def position_type(self) -> type:
        from grundy.games.graphs.graph import Graph

        return Graph

    def owns(self, position: Any) -> bool:
        """A :class:`~grundy.games.graphs.graph.Graph`, a loaded graph
        (:class:`~grundy.readwrite.graphs.LoadedPosition`) or a networkx graph."""
        from grundy.readwrite.graphs import LoadedPosition

        if isinstance(position, (self.position_type(), LoadedPosition)):
            return True
        return type(position).__module__.split(".")[0] == "networkx"

    def read_one(self, spec: str) -> Item:
        """One graph (:func:`grundy.readwrite.graphs.to_graph`), named by the spec as given."""
        from grundy.readwrite.graphs import to_graph

        return Item(self, spec, to_graph(spec))

    def read(self, spec: str, stdin: Any = None) -> list[Item]:
        """Every graph the spec names (a family, graph6/sparse6, a file of
        several graphs, ``-`` for ``stdin``), as
        :class:`~grundy.readwrite.graphs.LoadedPosition` items."""
        from grundy.readwrite.graphs import load

        return [Item(self, p.name, p) for p in load(spec, stdin=stdin)]

    # -- answering ------------------------------------------------------------
    def switches(self, request: Request) -> Any:
        """The graph :class:`~grundy.games.graphs.theory.Theory`: the
        request's own, else from ``--no-theory`` / ``--without`` (see
        :func:`theory_for`). A ``Theory`` given in the API with switches off
        is held to what :func:`theory_for` holds the options to.

        Raises
        ------
        InputError
            As :func:`theory_for`, naming ``theory=`` in the API.
        """
        from grundy.games.graphs.theory import Theory

        if request.theory is not None:
            if not isinstance(request.theory, Theory):
                raise InputError(f"theory= for graphs must be a Theory, not {type(request.theory).__name__}")
            off = [n for n in Theory.names() if not getattr(request.theory, n)]
            if off:
                theory_for(len(off) == len(Theory.names()), ",".join(off), request.ruleset, request.misere,
                           option="theory=")
            return request.theory
        if request.spelling == "api":
            return Theory()
        return theory_for(request.no_theory, request.without, request.ruleset, request.misere)

    def refuse(self, position: Any, name: str, request: Request) -> None:
        """Graphs take every option; a table is refused under misère play,
        and in the API with a solver of the caller's (give it the table)."""
        if request.spelling == "api" and request.table is not None and (request.misere or request.solver is not None):
            raise InputError("table= does not apply to " + (
                "misère play" if request.misere else "a solver of your own (give it the table)"))
        self.refuse_table(name, request)

    def prepare(self, items: Sequence[Item], request: Request) -> Request:
        """Check the ruleset (a partizan or unknown one is refused, see
        :func:`check_game`), resolve the switches and make the solver the
        graphs share (unless the request brings one).

        Raises
        ------
        InputError
            A partizan or unknown ruleset; switches the ruleset's search does not use.
        """
        check_game(request.ruleset, items, request.time_limit)
        theory = self.switches(request)
        if request.solver is not None:
            return request.but(theory=theory)
        return request.but(theory=theory, solver=make_solver(theory, request), solver_made=True)

    def close(self, request: Request, prepared: Request) -> None:
        from grundy.games.graphs.game import Solver

        if request.solver is None and isinstance(prepared.solver, Solver):
            prepared.solver.close()

    def heading(self, analysis: Analysis) -> str:
        from grundy.games.graphs.formulas import plural

        a = analysis
        game = ("" if a.game == "chomp" else f", game {a.game}") + (", misère play" if a.misere else "")
        return f"{a.name or 'graph'}  ({plural(a.vertices, 'vertex', 'vertices')}, {plural(a.edges, 'edge')}{game})"

    def counted_before(self, request: Request) -> int:
        return request.solver.stats.positions if request.solver is not None else 0

    def answer(self, position: Any, request: Request, name: str = "") -> Analysis:
        """The analysis of a graph (or a loaded graph too large to build,
        valued by its family's closed form under normal-play Graph Chomp).

        Raises
        ------
        InputError
            A graph too large to build under another ruleset or misère play.
        SearchLimitReached
            When the solver's limit stops the search.
        """
        from grundy.analysis import Analysis, analyze_graph, analyze_misere
        from grundy.games.graphs.misere import MisereSolver
        from grundy.readwrite.graphs import LoadedPosition

        from grundy.games.graphs.graph import Graph

        if not isinstance(position, (Graph, LoadedPosition)):
            from grundy.readwrite.graphs import to_graph

            position = to_graph(position)  # a networkx graph, labels kept
        solver = request.solver
        assert solver is not None, "answer a graph with a request prepared by GraphKind.prepare"
        if request.solver_made and request.max_positions is not None:
            # what is left of the budget, on a solver that counts every answer's positions
            solver.limits.max_positions = solver.stats.positions + request.max_positions
        g = position
        if isinstance(position, LoadedPosition):
            name = name or position.name
            g = position.graph
            if g is None:
                if solver.ruleset.name != "chomp" or isinstance(solver, MisereSolver):
                    raise InputError(f"{position.name}: too large to build ({position.vertices} vertices); its "
                                     "closed form is for normal-play Graph Chomp only")
                assert position.closed_form is not None
                value, reason = position.closed_form
                return Analysis(
                    name=position.name, value=value, winning_moves=None,
                    explanation=[f"too large to build ({position.vertices} vertices, {position.edges} edges); "
                                 f"value from the family's closed form: {reason}"],
                    stats={"positions": 0, "table_hits": 0, "closed_forms": 1, "reductions": 0, "seconds": 0.0},
                    vertices=position.vertices, edges=position.edges,
                )
        if isinstance(solver, MisereSolver):
            if request.outcome:  # the first winning move, or with --all every one, or none (grundy.outcome)
                return analyze_misere(g, solver, name=name, option_table=False, wanted=request.wanted_moves)
            return analyze_misere(g, solver, name=name, option_table=request.option_table)
        if request.outcome:
            return _outcome_only(g, solver, name, every=request.option_table, moves=request.outcome_moves)
        try:
            if request.value_only:
                return _value_only(g, solver, name)
            return analyze_graph(g, solver, name=name, option_table=request.option_table)
        except (SearchLimitReached, KeyboardInterrupt) as stop:  # what the table settles, said with the stop
            settle(stop, solver, (g.adj,), lambda: solver.class_options(g.adj),
                   lambda im: solver.ruleset.labelled(g.labels, g.adj, im))
            raise

    # -- play -----------------------------------------------------------------
    def play_game(self, game: str | None, misere: bool) -> str:
        from grundy.games.graphs.rulesets import RULESETS, ruleset_name
        from grundy.games.partizan import PARTIZAN_RULESETS

        name = ruleset_name(game or "chomp")
        if name in PARTIZAN_RULESETS:
            if misere:
                raise InputError(f"misère play does not apply to the partizan ruleset {name}")
            return name
        if name not in RULESETS:
            known = ", ".join(list(RULESETS) + list(PARTIZAN_RULESETS))
            raise InputError(f"unknown game {game!r}; known: {known}")
        return name

    def built(self, position: Any, name: str) -> Any:
        if position.graph is None:
            raise TooLargeError(f"{name}: too large to play ({position.vertices} vertices)")
        return position.graph

    def check_play(self, position: Any, game: str, name: str) -> None:
        """An impartial ruleset other than Graph Chomp plays graphs of at most
        64 vertices; Graph Nim, whose moves at a vertex of degree d are
        2^d - 1, at most :data:`MAX_PLAY_MOVES` moves (play lists every move)."""
        from grundy.games.graphs.rulesets import RULESETS

        if game in RULESETS and position.n > 64 and game != "chomp":
            raise TooLargeError(f"{name or 'graph'}: {position.n} vertices; game {game} "
                                "is played on graphs of at most 64 vertices")
        if game == "graph-nim":
            moves = sum((1 << a.bit_count()) - 1 for a in position.adj)
            if moves > MAX_PLAY_MOVES:
                raise TooLargeError(f"{name or 'graph'}: {moves:,} Graph Nim moves (2^d - 1 at a vertex of degree "
                                    f"d), over the {MAX_PLAY_MOVES:,} moves a position in play may list; "
                                    "grundy value SPEC --game graph-nim values it")

    def size(self, position: Any) -> int:
        """Vertices + edges."""
        return position.n + position.m

    def moves(self, position: Any, game: str, side: str | None = None) -> list[Move]:
        """The ruleset's labelled moves; for a partizan ruleset, those of
        ``side`` (``"left"`` or ``"right"``).

        Raises
        ------
        InputError
            ``side`` missing or unknown for a partizan ruleset.
        """
        from grundy.games.partizan import PARTIZAN_RULESETS

        p = position
        if game in PARTIZAN_RULESETS:
            if side not in SIDES:
                raise InputError(f"the partizan ruleset {game} needs the side to move: left or right"
                                 + (f", not {side!r}" if side is not None else ""))
            rs = PARTIZAN_RULESETS[game]
            targets = rs.left_targets(p.adj) if side == "left" else rs.right_targets(p.adj)
            return [Move(vertex=p.labels[t[1]]) if t[0] == "v" else Move(edge=(p.labels[t[1]], p.labels[t[2]]))
                    for t in targets]
        from grundy.games.graphs.rulesets import get_ruleset

        return [m for m, _ in get_ruleset(game).labelled_moves(p.labels, p.adj)]

    def apply(self, position: Any, move: Move) -> Any:
        from grundy.games.graphs.graph import Graph

        p = position
        gone: set[Hashable] = set()
        removes = getattr(move, "removes", ())
        if removes:
            gone = set(removes)
        elif move.edges is not None:
            drop = {frozenset(e) for e in move.edges}
            return Graph.from_edges(p.labels, [e for e in p.edges() if frozenset(e) not in drop])
        elif move.edge is not None:
            drop_edge = frozenset(move.edge)
            return Graph.from_edges(p.labels, [e for e in p.edges() if frozenset(e) != drop_edge])
        else:
            gone = {move.vertex}
        return Graph.from_edges([v for v in p.labels if v not in gone],
                                [(u, v) for u, v in p.edges() if u not in gone and v not in gone])

    def to_spec(self, position: Any) -> dict[str, Any]:
        return {"vertices": [label_json(v) for v in position.labels],
                "edges": [[label_json(u), label_json(v)] for u, v in position.edges()]}

    def text(self, position: Any) -> str:
        verts = " ".join(label_str(v) for v in position.labels) or "(none)"
        edges = " ".join(f"{label_str(u)}-{label_str(v)}" for u, v in position.edges()) or "(none)"
        return f"vertices: {verts}\nedges:    {edges}"

    def move_syntax(self, game: str) -> str:
        """How a move of ``game`` is typed, and what it removes."""
        from grundy.games.graphs.rulesets import RULESETS
        from grundy.games.partizan import PARTIZAN_RULESETS

        vertex = "a vertex: 3 or v 3"
        edge = "an edge: 0-1 or e 0 1"
        if game in PARTIZAN_RULESETS:
            if "vertex" in PARTIZAN_RULESETS[game].rule.split(",")[0]:
                return (f"{vertex} (remove vertex 3 with its edges); Left may take a vertex of even degree, "
                        "Right one of odd degree (the degree counts the edges it has now)")
            sides = {"be": "both ends of even degree", "bo": "both ends of odd degree",
                     "oe": "one end of odd and one of even degree"}
            left, _, right = game.partition("-")
            if left not in sides or right not in sides:
                return f"{edge} (remove that one edge); {PARTIZAN_RULESETS[game].rule}"
            return (f"{edge} (remove that one edge); Left may take an edge with {sides[left]}, Right one with "
                    f"{sides[right]} (the degree of a vertex counts the edges it has now)")
        rule = RULESETS[game].compiled if game in RULESETS else None
        if rule is None or rule.vertex == "edge-subsets":
            return ("at a vertex, some of its edges: 3: 4 5 or 3: 3-4 3-5 (at vertex 3 remove edges 3-4 and 3-5); "
                    "0-1 removes that one edge")
        degree = {"odd": " of odd degree", "even": " of even degree"}.get(rule.vertex_degree, "")
        ends = {"odd-odd": " with both ends of odd degree", "even-even": " with both ends of even degree",
                "odd-even": " with one end of odd and one of even degree"}.get(rule.edge_degrees, "")
        parts = []
        if rule.vertex == "delete":
            parts.append(f"{vertex} (remove vertex 3 with its edges; only a vertex{degree})" if degree
                         else f"{vertex} (remove vertex 3 with its edges)")
        elif rule.vertex == "closed-neighbourhood":
            parts.append(f"{vertex} (remove vertex 3 and all its neighbours, with their edges)")
        if rule.edge == "delete":
            parts.append(f"{edge} (remove that one edge; only an edge{ends})" if ends
                         else f"{edge} (remove that one edge, 0-1)")
        elif rule.edge == "endpoints":
            parts.append(f"{edge} (remove both its ends 0 and 1, with every edge at them)")
        return "; ".join(parts)

    def rules(self, position: Any, game: str, misere: bool) -> list[str]:
        from grundy.games.graphs.rulesets import get_ruleset
        from grundy.games.partizan import PARTIZAN_RULESETS

        if game in PARTIZAN_RULESETS:
            what = "removes one edge" if _move_shapes(game) == {"e"} else "removes a vertex with its edges"
            return [f"game {game} (partizan): {PARTIZAN_RULESETS[game].rule}; a move {what}; the degree of a "
                    f"vertex is its number of edges now; {ending(misere)}"]
        return [f"game {game}: {get_ruleset(game).rule}; {ending(misere)}"]

    def why_illegal(self, position: Any, game: str, move: Move, side: str | None = None,
                    start: Any = None) -> str | None:
        """What the graph lacks (a vertex, an edge, an edge at the vertex
        named), a move of a shape the ruleset does not make (a vertex in Arc
        Kayles), a degree it does not allow, or in a partizan game the other
        side's move."""
        g = position
        shapes = _move_shapes(game, side)
        shape = _shape(move)
        if shape == "n":
            at, edges = move.vertex, move.edges or ()
            for u, v in edges:
                missing = _edge_missing(g, u, v)
                if missing:
                    return missing
                if at not in (u, v):
                    return f"edge {label_str(u)}-{label_str(v)} is not at vertex {label_str(at)}"
            if len({frozenset(e) for e in edges}) < len(edges):
                return "it names the same edge twice"
            if "n" not in shapes:
                return f"in game {game} a move is {_shapes_text(shapes)}, not a set of edges at a vertex"
            return None
        if shape == "e":
            u, v = move.edge
            missing = _edge_missing(g, u, v)
            if missing:
                return missing
            if not shapes & {"e", "n"}:
                what = ("a vertex (it removes the vertex with all its neighbours)"
                        if _effects(game) == ("closed-neighbourhood", None) else _shapes_text(shapes))
                return f"in game {game} a move is {what}, not an edge"
            ends = f"edge {label_str(u)}-{label_str(v)} has ends of degree {g.degree(g.index(u))} and " \
                   f"{g.degree(g.index(v))}"
            return self._breaks(g, game, move, side, ends)
        v = move.vertex
        if v not in set(g.labels):
            return None
        i = g.index(v)
        if "v" not in shapes:
            if "n" in shapes:
                if not g.adj[i]:
                    return f"vertex {label_str(v)} has no edges left, and in game {game} a move removes edges"
                nbrs = " ".join(label_str(g.labels[j]) for j in range(g.n) if g.adj[i] >> j & 1)
                return (f"in game {game} a move removes edges at a vertex: type {label_str(v)}: {nbrs} "
                        f"(some of those neighbours) or {label_str(v)}-u for one edge")
            what = ("an edge (type u-v; it removes both ends with every edge at them)"
                    if _effects(game) == (None, "endpoints") else _shapes_text(shapes))
            return f"in game {game} a move is {what}, not a vertex"
        return self._breaks(g, game, move, side, f"vertex {label_str(v)} has degree {g.degree(i)}")

    def _breaks(self, g: Any, game: str, move: Move, side: str | None, fact: str) -> str | None:
        """``fact`` (the degrees) and the rule it breaks: the ruleset's
        degree condition, or in a partizan game whose move it is."""
        from grundy.games.graphs.rulesets import get_ruleset
        from grundy.games.partizan import PARTIZAN_RULESETS

        if game in PARTIZAN_RULESETS:
            rule = PARTIZAN_RULESETS[game].rule
            other = {"left": "right", "right": "left"}.get(side or "")
            key = _key(move)
            if other is not None and any(_key(m) == key for m in self.moves(g, game, other)):
                return f"{fact}: that is {other.capitalize()}'s move, not {side.capitalize()}'s ({rule})"
            return f"{fact}: neither side's move ({rule})"
        rule = get_ruleset(game).compiled
        if _shape(move) == "e" and rule.edge_degrees in _EDGE_PARITY:
            return f"{fact}: in game {game} only an edge with {_EDGE_PARITY[rule.edge_degrees]} may be taken"
        if _shape(move) == "v" and rule.vertex_degree in _PARITY:
            return f"{fact}: in game {game} only a vertex {_PARITY[rule.vertex_degree]} may be taken"
        return None

    def read_move(self, typed: TypedMove) -> list[Move]:
        """``3`` or ``v 3`` (a vertex), ``0-1`` or ``e 0 1`` (an edge, or Graph
        Nim's move of that one edge), ``3: 4 5`` or ``3: 3-4 3-5`` (Graph Nim:
        edges at a vertex); ``remove``/``take`` in front as moves are printed."""
        tokens = typed.tokens()
        shape = typed.shape(tokens)
        word = tokens[0].text if shape[:1] == "L" and len(tokens) > 1 else ""

        def vertex(t: Label) -> Any:
            return typed.label(t, "vertex")

        if word.lower() in ("remove", "take") and shape[:2] == "LL":  # as moves are printed
            tokens, shape = tokens[1:], shape[1:]
            word = tokens[0].text if len(tokens) > 1 else ""
        keyword = word.lower()[:1] if word.lower() in ("v", "vertex", "e", "edge") else ""
        if keyword:
            tokens, shape = tokens[1:], shape[1:]
        if shape == "L" and keyword != "e":
            return [Move(vertex=vertex(tokens[0]))]
        if (shape == "L-L" and keyword != "v") or (shape == "LL" and keyword == "e"):
            u, v = vertex(tokens[0]), vertex(tokens[-1])
            return [Move(edge=(u, v)), Move(vertex=u, edges=((u, v),))]
        if shape.startswith("L:") and len(shape) > 2:
            at, rest, edges = vertex(tokens[0]), tokens[2:], []
            while rest:
                if isinstance(rest[0], str) and rest[0] == ",":
                    rest = rest[1:]
                elif len(rest) >= 3 and rest[1] == "-" and isinstance(rest[0], Label) and isinstance(rest[2], Label):
                    edges.append((vertex(rest[0]), vertex(rest[2])))
                    rest = rest[3:]
                elif isinstance(rest[0], Label):
                    edges.append((at, vertex(rest[0])))
                    rest = rest[1:]
                else:
                    raise typed.unreadable()
            if not edges:
                raise typed.unreadable()
            return [Move(vertex=at, edges=tuple(edges))]
        raise typed.unreadable()

    def draw(self, position: Any, highlight: list[Move], layout: Mapping[Hashable, Sequence[float]] | None,
             width: int, height: int) -> list[str]:
        from grundy.drawing.bodies import _graph_body

        return _graph_body(position, highlight, layout, width, height)

    def layout(self, position: Any) -> Mapping[Hashable, Sequence[float]] | None:
        from grundy.drawing.layout import graph_layout

        return graph_layout(position)


# -- why a move is not legal (the terminal game) --------------------------------
_PARITY = {"odd": "of odd degree", "even": "of even degree"}
_EDGE_PARITY = {"odd-odd": "both ends of odd degree", "even-even": "both ends of even degree",
                "odd-even": "one end of odd and one of even degree"}

#: Small graphs (adjacency bitsets: K1, K2, P3, K3) with vertices and edges of
#: every degree parity, on which a partizan ruleset shows the shapes of its moves.
_SAMPLES = ((0,), (0b10, 0b01), (0b010, 0b101, 0b010), (0b110, 0b101, 0b011))


def _shape(move: Move) -> str:
    """``n`` (edges at a vertex, Graph Nim), ``e`` (an edge) or ``v`` (a vertex)."""
    if move.edges is not None:
        return "n"
    return "e" if move.edge is not None else "v"


def _key(move: Move) -> tuple[str, Any]:
    return ("e", frozenset(move.edge)) if move.edge is not None else ("v", move.vertex)


def _move_shapes(game: str, side: str | None = None) -> set[str]:
    """The shapes (:func:`_shape`) of the moves of ``game`` (of ``side``'s,
    in a partizan game; of either side's without one)."""
    from grundy.games.graphs.rulesets import get_ruleset
    from grundy.games.partizan import PARTIZAN_RULESETS

    if game in PARTIZAN_RULESETS:
        rs = PARTIZAN_RULESETS[game]
        sides = {"left": [rs.left_targets], "right": [rs.right_targets]}.get(side or "",
                                                                           [rs.left_targets, rs.right_targets])
        return {t[0] for targets in sides for adj in _SAMPLES for t in targets(adj)}
    rule = get_ruleset(game).compiled
    out = set()
    if rule.vertex is not None:
        out.add("n" if rule.vertex == "edge-subsets" else "v")
    if rule.edge is not None:
        out.add("e")
    return out


def _effects(game: str) -> tuple[str | None, str | None]:
    """What a vertex move and an edge move of the impartial ruleset ``game``
    do (its ``MoveRule.vertex`` and ``.edge``); (None, None) for a partizan one."""
    from grundy.games.graphs.rulesets import RULESETS

    rule = RULESETS[game].compiled if game in RULESETS else None
    return (rule.vertex, rule.edge) if rule is not None else (None, None)


def _shapes_text(shapes: set[str]) -> str:
    if shapes == {"e"}:
        return "an edge (type u-v)"
    if shapes == {"v"}:
        return "a vertex"
    if shapes == {"n"}:
        return "a set of edges at one vertex (type v: u w, or u-v for one edge)"
    return "a vertex or an edge"


def _edge_missing(g: Any, u: Any, v: Any) -> str | None:
    """Why ``u-v`` is no edge of ``g`` (both are vertices of it), or None."""
    if u == v:
        return f"{label_str(u)}-{label_str(v)} is not an edge (no vertex is joined to itself)"
    i, j = g.index(u), g.index(v)
    if g.adj[i] >> j & 1:
        return None
    at = [f"{label_str(u)}-{label_str(g.labels[k])}" for k in range(g.n) if g.adj[i] >> k & 1]
    where = f"edges at {label_str(u)}: " + " ".join(at[:20]) + (" ..." if len(at) > 20 else "") if at \
        else f"vertex {label_str(u)} has no edges"
    return f"{label_str(u)}-{label_str(v)} is not an edge of the position ({where})"


def _value_only(g: Any, solver: Any, name: str) -> Analysis:
    """The nim-value alone (no winning moves, no explanation): what
    ``grundy form`` and :func:`grundy.nim_value` ask. ``stats`` counts the
    positions this search expanded."""
    from grundy.analysis import Analysis

    before = solver.stats.positions
    solver.start()
    try:
        value = solver.value_of(*solver.decompose(g.adj))
    finally:
        solver.finish()
    return Analysis(name=name, value=value, winning_moves=None, explanation=[],
                    stats={"positions": solver.stats.positions - before}, vertices=g.n, edges=g.m, graph=g,
                    game=solver.ruleset.name)


def _outcome_only(g: Any, solver: Any, name: str, every: bool, moves: bool = True) -> Analysis:
    """N or P and the first winning move (``every``: all of them), by the
    outcome search (:func:`grundy.kinds.outcome.outcome_search`) over the
    search's moves (:meth:`Solver.class_options`: isomorphic options
    decided once, :meth:`GraphRuleset.labelled_members`), the
    answer in the ruleset's order (:meth:`GraphRuleset.moves`)."""
    from grundy.analysis import Analysis
    from grundy.kinds.outcome import outcome_lines, outcome_search

    ruleset, adj = solver.ruleset, g.adj
    outcome, winning, value, stats = outcome_search(
        solver, lambda: solver.decompose(adj), solver.class_options(adj), every, moves,
        lambda index_move: ruleset.labelled_members(g.labels, adj, index_move))
    explanation = [] if ruleset.name == "chomp" else [f"game {ruleset.name}: {ruleset.rule} [{ruleset.source}]"]
    explanation += outcome_lines(outcome, winning, every, value)
    return Analysis(name=name, value=value, winning_moves=winning, explanation=explanation, stats=stats,
                    vertices=g.n, edges=g.m, graph=g, game=ruleset.name, settled_outcome=outcome)


#: Positions the quick search for the canonical forms :func:`check_game`
#: prints may take.
PARTIZAN_HINT_POSITIONS = 20_000


def check_game(game: str, items: Sequence[Item], time_limit: float | None = None) -> None:
    """Refuse a partizan game where a nim-value is asked for, printing the
    canonical forms of the positions of ``items`` (each named as its item
    is: the spec, or a file's ``name:line``) instead (each from a quick search: at most
    :data:`PARTIZAN_HINT_POSITIONS` positions and 2 s, or ``time_limit`` if
    shorter); refuse unknown names listing every valid one.

    Raises
    ------
    InputError
        Always for a partizan or unknown game.
    """
    from grundy.games.graphs.rulesets import RULESETS

    if game in RULESETS:
        return
    from grundy.games.partizan import PARTIZAN_RULESETS, partizan_value

    if game in PARTIZAN_RULESETS:
        from grundy.readwrite.graphs import LoadedPosition

        forms = []
        for item in items:
            position = item.position
            # a position read from a spec or file carries its graph; a Graph or networkx graph is one
            # (a networkx graph's own .graph is its attribute dict: it was taken for the graph)
            graph = position.graph if isinstance(position, LoadedPosition) else position
            name = item.name or getattr(position, "name", "") or "the position"
            if graph is None:
                raise InputError(f"{name}: too large to build ({position.vertices} vertices)")
            try:  # a refusal is no place for a long search: the form only if it comes quickly
                v = partizan_value(game, graph, max_positions=PARTIZAN_HINT_POSITIONS,
                                   time_limit=min(2.0, time_limit or 2.0))
            except SearchLimitReached:
                forms.append(f"{name}: form not found in a quick search")
                continue
            forms.append(f"{name} = {v} (outcome {v.outcome})")
        raise InputError(
            f"{game} is a partizan game: positions have canonical forms, not nim-values: "
            + "; ".join(forms) + f" (see 'grundy form --game {game}')"
        )
    valid = ", ".join([*RULESETS, *PARTIZAN_RULESETS])
    raise InputError(f"unknown game {game!r}; valid: {valid}")


def theory_for(no_theory: bool, without: str, ruleset: str = "chomp", misere: bool = False,
               option: str | None = None) -> Any:
    """The :class:`~grundy.games.graphs.theory.Theory` for ``--no-theory`` /
    ``--without NAMES`` on graphs under ``ruleset`` (a registry name), in
    normal or misère play; ``option`` names the switches in the messages
    (``theory=`` in the API) in place of the command line's options.

    Raises
    ------
    InputError
        On a name that is not one of :meth:`Theory.names`; on a name the
        ruleset's search does not use in that play
        (:func:`grundy.games.graphs.theory.switches_used`), and on
        ``--no-theory`` where it uses none, naming the option and the
        ruleset: an option accepted is an option honoured.
    """
    from grundy.games.graphs.theory import Theory, switches_used

    used = switches_used(ruleset, misere)
    play = "misère" if misere else "normal"
    if no_theory:
        if not used:
            raise InputError(f"{option or 'option --no-theory'} does not apply to {ruleset} in {play} play: "
                             "its search uses no switchable result")
        return Theory.none()
    names = [w.strip() for w in without.split(",") if w.strip()]
    bad = [w for w in names if w not in Theory.names()]
    if bad:
        raise InputError(
            f"unknown result {', '.join(map(repr, bad))} for --without; valid: {', '.join(Theory.names())}"
        )
    unused = [w for w in names if w not in used]
    if unused:
        said = f"{option} turning off {','.join(unused)}" if option else f"option --without {','.join(unused)}"
        raise InputError(
            f"{said} does not apply to {ruleset} in {play} play: its search uses "
            + (", ".join(used) if used else "no switchable result")
        )
    return Theory.only(*[n for n in Theory.names() if n not in names])


def make_solver(theory: Any, request: Request) -> Any:
    """The solver of ``request``: a :class:`~grundy.games.graphs.misere.MisereSolver`
    under misère play, else a :class:`~grundy.games.graphs.game.Solver`
    (with the request's table file), under the request's ruleset and limits."""
    from grundy.games.graphs.game import Solver
    from grundy.games.graphs.misere import MisereSolver
    from grundy.games.graphs.rulesets import get_ruleset

    ruleset = get_ruleset(request.ruleset)
    if request.misere:
        return MisereSolver(ruleset, theory, time_limit=request.time_limit, max_positions=request.max_positions,
                            progress=request.progress)
    return Solver(theory, ruleset=ruleset, time_limit=request.time_limit, max_positions=request.max_positions,
                  progress=request.progress, table=request.table)


KIND = GraphKind()
