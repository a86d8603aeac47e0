"""Node Kayles and Arc Kayles (``--game node-kayles`` / ``arc-kayles``).

Values are checked against an independent brute force written here (a
memoised mex over frozensets of the remaining vertices and edges, in the
graph's own labels; no bitsets, no canonical forms, no grundy code) on every
graph of the networkx atlas (all 1253 graphs on at most 7 vertices), in
normal play and in misère play, and on paths against the octal games:
Node Kayles on P_n is 0.137 (Dawson's Kayles) at heap n and Arc Kayles on
P_n is 0.07 (Dawson's Chess) at heap n, with no index shift (so Arc Kayles
on P_n equals Node Kayles on P_{n-1}).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Hashable
from functools import lru_cache

import networkx as nx
import pytest
from click.testing import CliRunner

from grundy import Graph, Solver, Theory
from grundy.cli import main
from grundy.games.graphs.misere import MisereSolver
from grundy.core.moves import Move
from grundy.games.graphs.rulesets import RULESETS, TakeMove, get_ruleset
from grundy.games.octal import nim_sequence

from helpers import value

# -- independent brute force ---------------------------------------------------

Vertices = frozenset[Hashable]
Edges = frozenset[frozenset[Hashable]]
Position = tuple[Vertices, Edges]


def _delete(vertices: Vertices, edges: Edges, gone: set[Hashable]) -> Position:
    return vertices - gone, frozenset(e for e in edges if not e & gone)


def node_kayles_options(vertices: Vertices, edges: Edges) -> list[Position]:
    """Choose a vertex; it and its neighbours go."""
    return [_delete(vertices, edges, {v}.union(*(e for e in edges if v in e))) for v in vertices]


def arc_kayles_options(vertices: Vertices, edges: Edges) -> list[Position]:
    """Choose an edge; both endpoints (and every edge at them) go."""
    return [_delete(vertices, edges, set(e)) for e in edges]


OPTIONS: dict[str, Callable[[Vertices, Edges], list[Position]]] = {
    "node-kayles": node_kayles_options,
    "arc-kayles": arc_kayles_options,
}
GAMES = list(OPTIONS)


@lru_cache(maxsize=None)
def brute(game: str, vertices: Vertices, edges: Edges) -> int:
    seen = {brute(game, *p) for p in OPTIONS[game](vertices, edges)}
    g = 0
    while g in seen:
        g += 1
    return g


@lru_cache(maxsize=None)
def brute_misere_n(game: str, vertices: Vertices, edges: Edges) -> bool:
    """Misère: no move means the player to move has won."""
    options = OPTIONS[game](vertices, edges)
    return not options or any(not brute_misere_n(game, *p) for p in options)


def position(G: nx.Graph) -> Position:
    return frozenset(G.nodes), frozenset(frozenset(e) for e in G.edges)


ATLAS = nx.graph_atlas_g()  # all 1253 graphs on 0..7 vertices


# -- the registry ---------------------------------------------------------------


def test_registered_with_rules_and_sources() -> None:
    nk, ak = get_ruleset("node-kayles"), get_ruleset("arc-kayles")
    assert RULESETS["node-kayles"] is nk and RULESETS["arc-kayles"] is ak
    assert (nk.isolated_value, ak.isolated_value) == (1, 0)  # a lone vertex: *1 and 0
    assert "Schaefer" in nk.source and "Winning Ways" in nk.source
    assert "CGSuite" in ak.source and "Winning Ways" in ak.source


# -- values against the brute force ---------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_engine_equals_brute_force_on_whole_atlas(game: str) -> None:
    """Every graph on at most 7 vertices (the atlas; about 1 s per game)."""
    assert len(ATLAS) == 1253
    s = Solver(ruleset=game)
    for G in ATLAS:
        assert value(Graph.from_networkx(G), s) == brute(game, *position(G)), (game, list(G.edges))


@pytest.mark.parametrize("game", GAMES)
def test_misere_equals_brute_force_on_whole_atlas(game: str) -> None:
    s = MisereSolver(game)
    for G in ATLAS:
        assert s.is_n(Graph.from_networkx(G).adj) == brute_misere_n(game, *position(G)), (game, list(G.edges))


def test_isolated_vertices() -> None:
    """n isolated vertices: Node Kayles is n heaps of *1, Arc Kayles has no move."""
    for n in range(6):
        G = nx.empty_graph(n)
        assert value(Graph.from_networkx(G), Solver(ruleset="node-kayles")) == n % 2 == brute("node-kayles", *position(G))
        assert value(Graph.from_networkx(G), Solver(ruleset="arc-kayles")) == 0 == brute("arc-kayles", *position(G))


# -- moves: apply and labels -----------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_labelled_moves_delete_the_right_vertices(game: str) -> None:
    """Each labelled move, applied on indices, gives the graph the rules give
    (built with networkx in the user's labels), and reads as such."""
    rs = get_ruleset(game)
    for seed in range(20):
        G = nx.relabel_nodes(nx.gnp_random_graph(7, 0.4, seed=seed), lambda v: f"v{v}")
        g = Graph.from_networkx(G)
        moves = list(rs.labelled_moves(g.labels, g.adj))
        want = sorted(sorted(p[0]) for p in OPTIONS[game](*position(G)))
        assert sorted(sorted(G.nodes - set(m.removes)) for m, _ in moves) == want
        for move, index_move in moves:
            assert isinstance(move, TakeMove)
            H = G.copy()
            H.remove_nodes_from(move.removes)
            if game == "node-kayles":
                assert set(move.removes) == {move.vertex, *G[move.vertex]}
                assert move.to_json() == {"vertex": move.vertex}
                assert str(move).startswith(f"take vertex {move.vertex} (remove vertices ")
            else:
                assert G.has_edge(*move.edge) and set(move.removes) == set(move.edge)
                assert move.to_json() == {"edge": list(move.edge)}
                assert str(move) == f"take edge {move.edge[0]}-{move.edge[1]} (remove vertices {move.edge[0]}, {move.edge[1]})"
            assert rs.apply(g.adj, index_move) == Graph.from_networkx(H).adj


@pytest.mark.parametrize("game", GAMES)
def test_a_take_move_is_the_plain_move_it_names(game: str) -> None:
    """A Kayles move equals (and hashes as) the plain Move of its vertex or
    edge, so ``Move(vertex=v) in winning_moves`` asks what it says; moves
    at different vertices or edges differ."""
    import grundy

    p = grundy.position("path:7", game=game)
    moves = [m for m, _ in p.options()]
    plain = [Move(vertex=m.vertex, edge=m.edge) for m in moves]
    for i, (m, q) in enumerate(zip(moves, plain)):
        assert m == q and q == m and hash(m) == hash(q) and q in moves
        assert all(m != other for j, other in enumerate(plain) if j != i)
    assert Move(vertex=99) not in moves and moves[0] != "v"
    won = p.analyze().winning_moves
    assert all(Move(vertex=m.vertex, edge=m.edge) in won for m in won)


# -- paths and octal games ---------------------------------------------------------


def test_paths_are_dawsons_kayles_and_dawsons_chess() -> None:
    """Node Kayles on P_n = 0.137 at n; Arc Kayles on P_n = 0.07 at n (no
    shift: an Arc Kayles move on P_n removes two adjacent vertices, the 0.07
    move on a heap of n). Hence Arc Kayles P_n = Node Kayles P_{n-1}. Searched
    without the ``paths`` switch, which is this statement used as a closed form."""
    nk = Solver(Theory(paths=False), ruleset="node-kayles")
    ak = Solver(Theory(paths=False), ruleset="arc-kayles")
    node = [value(Graph.from_networkx(nx.path_graph(n)), nk) for n in range(41)]
    arc = [value(Graph.from_networkx(nx.path_graph(n)), ak) for n in range(41)]
    assert node == nim_sequence("0.137", 40)
    assert arc == nim_sequence("0.07", 40)
    assert arc[1:] == node[:-1]
    assert node[:12] == [brute("node-kayles", *position(nx.path_graph(n))) for n in range(12)]
    assert arc[:12] == [brute("arc-kayles", *position(nx.path_graph(n))) for n in range(12)]


# -- the CLI ------------------------------------------------------------------------


def _run(*args: str) -> str:
    try:
        runner = CliRunner(mix_stderr=False)  # click < 8.2
    except TypeError:
        runner = CliRunner()
    result = runner.invoke(main, list(args), catch_exceptions=False)
    assert result.exit_code == 0, result.stderr
    return result.stdout


def test_cli_value_and_games() -> None:
    want = {g: brute(g, *position(nx.path_graph(5))) for g in GAMES}
    assert want == {"node-kayles": 3, "arc-kayles": 0}
    for game in GAMES:
        obj = json.loads(_run("value", "path:5", "--game", game, "--json"))
        assert obj["game"] == game and obj["value"] == want[game]
    obj = json.loads(_run("moves", "path:5", "--game", "node-kayles", "--json"))
    assert obj["winning_moves"] == [{"vertex": 2}]
    assert "take vertex 2 (remove vertices 1, 2, 3)" in _run("moves", "path:5", "--game", "node-kayles")
    out = _run("games")
    assert "node-kayles" in out and "arc-kayles" in out
    names = {r["name"]: r for r in json.loads(_run("games", "--json"))}
    assert names["node-kayles"]["kind"] == names["arc-kayles"]["kind"] == "impartial"


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("spec,G", [("cycle:6", nx.cycle_graph(6)), ("path:4", nx.path_graph(4)), ("complete:4", nx.complete_graph(4))])
def test_cli_misere(game: str, spec: str, G: nx.Graph) -> None:
    obj = json.loads(_run("moves", spec, "--game", game, "--misere", "--all", "--json"))
    assert obj["play"] == "misere" and obj["value"] is None
    assert obj["outcome"] == ("N" if brute_misere_n(game, *position(G)) else "P")
    vertices, edges = position(G)
    for o in obj["options"]:
        gone = {o["vertex"], *G[o["vertex"]]} if game == "node-kayles" else set(o["edge"])
        assert o["outcome"] == ("N" if brute_misere_n(game, *_delete(vertices, edges, gone)) else "P")


# -- the mirror argument (Theory switch "mirror") -------------------------------------
# An involutive automorphism fixing no vertex and joining no vertex to its image
# makes a Node Kayles or Arc Kayles position P (docs/papers.md, "The mirror argument").


def _mirrored(k: int, inside: float, across: float, seed: int) -> nx.Graph:
    """A random graph with the involution v <-> v + k (no fixed vertex) that
    joins no vertex to its image: a graph H on 0..k-1, its copy on k..2k-1,
    and edges i-(j+k), j-(i+k) for random pairs i != j."""
    import random

    rng = random.Random(seed)
    G = nx.Graph()
    G.add_nodes_from(range(2 * k))
    for i in range(k):
        for j in range(i + 1, k):
            if rng.random() < inside:
                G.add_edges_from([(i, j), (i + k, j + k)])
            if rng.random() < across:
                G.add_edges_from([(i, j + k), (j, i + k)])
    return G


@pytest.mark.parametrize("game", GAMES)
def test_mirror_positions_are_p_by_brute_force(game: str) -> None:
    """On random mirrored graphs (up to 10 vertices): the brute force says 0;
    the engine with only the mirror on says 0 after deciding the position
    by it, with no option searched; pure search agrees."""
    fired = 0
    for seed in range(120):
        k = 1 + seed % 5
        G = _mirrored(k, 0.4, 0.3 + 0.1 * (seed % 4), seed)
        assert brute(game, *position(G)) == 0, (game, list(G.edges))
        g = Graph.from_networkx(G)
        pure = Solver(Theory.none(), ruleset=game)
        assert value(g, pure) == 0
        on = Solver(Theory.only("mirror"), ruleset=game)
        assert value(g, on) == 0
        if on.stats.positions == 0 and on.stats.reductions:  # decided by the mirror, no option searched
            fired += 1
    assert fired >= 40  # nauty's candidates often hold an involution fixing no vertex


@pytest.mark.parametrize("game", GAMES)
def test_mirror_against_brute_force_on_the_atlas(game: str) -> None:
    """Only the mirror on (the split and the table are the engine's own):
    every graph on at most 7 vertices valued as the brute force does, and
    the mirror used on some of them."""
    s = Solver(Theory.only("mirror"), ruleset=game)
    for G in ATLAS:
        assert value(Graph.from_networkx(G), s) == brute(game, *position(G)), (game, list(G.edges))
    assert s.stats.reductions > 0  # used (once per key: one solver, one table)


def test_the_mirror_needs_no_fixed_vertex() -> None:
    """The fixed-part version of the argument (Graph Chomp's Khandhawit-Ye
    Theorem 1) is false for the Kayles games: P_3's end swap fixes the middle
    vertex and joins no vertex to its image, yet P_3 and its fixed part K_1
    differ (Node Kayles 2 against 1, Arc Kayles 1 against 0); so the engine
    asks for no fixed vertex."""
    P3, K1 = position(nx.path_graph(3)), position(nx.empty_graph(1))
    assert (brute("node-kayles", *P3), brute("node-kayles", *K1)) == (2, 1)
    assert (brute("arc-kayles", *P3), brute("arc-kayles", *K1)) == (1, 0)
    for game in GAMES:
        s = Solver(Theory.only("mirror"), ruleset=game)
        assert value(Graph.from_networkx(nx.path_graph(3)), s) == brute(game, *P3) and s.stats.reductions == 0


def test_mirror_switch_and_explanation() -> None:
    """``--without mirror`` searches; the explanation names the argument."""
    on = json.loads(_run("value", "grid:4,4", "--game", "arc-kayles", "--json"))
    off = json.loads(_run("value", "grid:4,4", "--game", "arc-kayles", "--without", "mirror", "--json"))
    assert on["value"] == off["value"] == 0
    assert on["stats"]["positions"] * 10 < off["stats"]["positions"]
    assert any("mirror" in line for line in on["explanation"])
    assert not any("mirror" in line for line in off["explanation"])


@pytest.mark.parametrize("game", GAMES)
def test_the_paths_switch_equals_the_search(game: str) -> None:
    """Paths valued by their octal game (switch ``paths``) against the plain
    search, on random forests and trees with long legs (most options hold
    path components), up to 30 vertices; the closed form is used."""
    import random

    used = 0
    for seed in range(40):
        rng = random.Random(seed)
        n = rng.randint(2, 30)
        T = nx.random_labeled_tree(n, seed=seed) if hasattr(nx, "random_labeled_tree") else nx.random_tree(n, seed=seed)
        if seed % 3 == 0:  # a forest of paths and a tree
            T = nx.disjoint_union(T, nx.path_graph(rng.randint(1, 12)))
        g = Graph.from_networkx(T)
        on = Solver(Theory.only("paths"), ruleset=game)
        off = Solver(Theory.none(), ruleset=game)
        assert value(g, on) == value(g, off), (game, seed)
        used += on.stats.closed_forms
    assert used > 40


def test_paths_switch_and_explanation() -> None:
    on = json.loads(_run("value", "path:40", "--game", "node-kayles", "--json"))
    off = json.loads(_run("value", "path:40", "--game", "node-kayles", "--without", "paths", "--json"))
    assert on["value"] == off["value"] == nim_sequence("0.137", 40)[40]
    assert any("Dawson" in line for line in on["explanation"])
    assert on["stats"]["positions"] < off["stats"]["positions"]


def test_node_kayles_on_grids_matches_the_published_sequences() -> None:
    """Node Kayles on P_3 x P_n, n <= 16 (every published term), against OEIS A316632 (Brown et al.,
    Nimber sequences of Node-Kayles games, J. Integer Seq. 23 (2020)); on the
    ladder P_2 x P_n (1, 0, 1, 0, ...) and on P_4 x P_n (all 0), as the same
    entry's comments state; the small ones by the brute force as well."""
    a316632 = [2, 1, 1, 0, 3, 3, 2, 2, 2, 3, 3, 5, 2, 4, 1, 3]
    s = Solver(ruleset="node-kayles")
    for n in range(1, 17):
        assert value(Graph.from_networkx(nx.grid_2d_graph(3, n)), s) == a316632[n - 1], n
        assert value(Graph.from_networkx(nx.grid_2d_graph(2, n)), s) == n % 2, n
        if n <= 6:
            assert value(Graph.from_networkx(nx.grid_2d_graph(4, n)), s) == 0, n
        if n <= 3:
            G = nx.convert_node_labels_to_integers(nx.grid_2d_graph(3, n))
            assert brute("node-kayles", *position(G)) == a316632[n - 1]


# -- the Arc Kayles leaf reductions (Theory switch "leaves") ---------------------------------
# docs/papers.md, "Arc Kayles: leaves": a vertex every neighbour of which has a leaf other than
# it may go; of two non-adjacent vertices with the same two neighbours c < d, the edges a-c and
# b-d may go. Each keeps the nim-value.


def _adjacency(G: nx.Graph) -> tuple[int, ...]:
    G = nx.convert_node_labels_to_integers(G)
    return tuple(sum(1 << w for w in G[v]) for v in range(G.number_of_nodes()))


def _reduced_graph(adj: tuple[int, ...], keep: int) -> nx.Graph:
    R = nx.Graph()
    R.add_nodes_from(v for v in range(len(adj)) if keep >> v & 1)
    R.add_edges_from((v, w) for v in range(len(adj)) for w in range(v + 1, len(adj))
                     if keep >> v & 1 and keep >> w & 1 and adj[v] >> w & 1)
    return R


def _leafy_graphs() -> list[nx.Graph]:
    """Random graphs of up to 11 vertices on which the reductions apply often:
    sparse graphs with leaves hung on them, and grid pieces (Cram)."""
    import random

    out = []
    for seed in range(150):
        rng = random.Random(seed)
        n = rng.randint(3, 8)
        G = nx.gnp_random_graph(n, rng.choice([0.2, 0.35, 0.5]), seed=seed)
        for _ in range(rng.randint(0, 3)):
            G.add_edge(rng.randrange(n), G.number_of_nodes())
        out.append(G)
    for m, n in ((2, 4), (3, 3), (3, 4), (2, 5)):
        grid = nx.grid_2d_graph(m, n)
        for seed in range(12):
            rng = random.Random(seed)
            H = grid.copy()
            H.remove_nodes_from(rng.sample(sorted(H), rng.randint(0, 4)))
            out.append(H)
    return out


def test_arc_leaves_keeps_the_value_by_brute_force() -> None:
    """One round of the reductions, against the brute force on every graph of
    the atlas and on random leafy graphs and grid pieces: the reduced graph
    has the graph's Arc Kayles value, and both reductions occur."""
    from grundy.games.graphs.theory import arc_leaves

    kinds = {"vertices": 0, "edges": 0}
    for G in [*ATLAS[1:], *_leafy_graphs()]:
        adj = _adjacency(G)
        got = arc_leaves(adj)
        if got is None:
            continue
        keep, red = got
        kinds["vertices" if keep != (1 << len(adj)) - 1 else "edges"] += 1
        R = _reduced_graph(red, keep)
        assert brute("arc-kayles", *position(R)) == brute("arc-kayles", *position(G)), list(G.edges)
    assert kinds["vertices"] > 100 and kinds["edges"] > 20, kinds


@pytest.mark.parametrize("game", ["arc-kayles", "bo-bo", "be-be"])
def test_the_leaves_switch_equals_the_search(game: str) -> None:
    """The engine with the reductions on and off, and the brute force, agree
    on every graph of the atlas and on the leafy graphs; the reductions are
    used (counted as reductions), and only where the rules are Arc Kayles."""
    from brute import brute_ruleset_value

    on = Solver(Theory.only("arc_kayles", "leaves"), ruleset=game)
    off = Solver(Theory.only("arc_kayles"), ruleset=game)
    for G in [*ATLAS[1:400], *_leafy_graphs()]:
        g = Graph.from_networkx(G)
        truth = brute_ruleset_value(game, _adjacency(G))
        assert value(g, on) == value(g, off) == truth, (game, list(G.edges))
    assert on.stats.reductions > off.stats.reductions


def test_the_leaves_switch_and_explanation() -> None:
    """``--without leaves`` searches more; the explanation names the
    reductions; Node Kayles refuses the switch (it is Arc Kayles's)."""
    on = json.loads(_run("value", "grid:3,6", "--game", "arc-kayles", "--json", "--explain"))
    off = json.loads(_run("value", "grid:3,6", "--game", "arc-kayles", "--without", "leaves", "--json"))
    assert on["value"] == off["value"] == 4
    assert on["stats"]["positions"] < off["stats"]["positions"]
    star = json.loads(_run("value", "star:4", "--game", "arc-kayles", "--json", "--explain"))
    assert star["value"] == 1 and any("leaf reductions" in line for line in star["explanation"])
    star_off = json.loads(_run("value", "star:4", "--game", "arc-kayles", "--json", "--explain",
                               "--without", "leaves"))
    assert star_off["value"] == 1 and not any("leaf reductions" in line for line in star_off["explanation"])
    result = CliRunner().invoke(main, ["value", "grid:3,3", "--game", "node-kayles", "--without", "leaves"])
    assert result.exit_code == 2 and "leaves" in result.output
