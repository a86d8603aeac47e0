"""Who wins, fast (issue 30): the outcome search of every kind, held to
brute force, its winning moves, its JSON, its limits and its table, and the
outcome a stopped value search had settled."""

from __future__ import annotations

import json
import random

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import grundy
from grundy.errors import SearchLimitReached
from grundy.games.graphs.graph import Graph
from grundy.games.graphs.rulesets import RULESETS, get_ruleset
from grundy.games.graphs.theory import Theory
from grundy.kinds import Request, analyze, read_items

from brute import brute_ruleset_value
from helpers import cli_runner

from grundy.cli import main


brute = brute_ruleset_value


def brute_winning(game: str, g: Graph) -> list[str]:
    ruleset = get_ruleset(game)
    return [str(m) for m, im in ruleset.labelled_moves(g.labels, g.adj) if brute(game, ruleset.apply(g.adj, im)) == 0]


ATLAS5 = [Graph.from_networkx(G) for G in nx.graph_atlas_g()[1:53]]  # 1..5 vertices


def outcome_of(g: Graph, game: str, every: bool = False, theory: Theory | None = None) -> grundy.Analysis:
    return grundy.analyze(g, game=game, outcome=True, option_table=every, theory=theory)


@pytest.mark.parametrize("game", list(RULESETS))
def test_outcome_search_equals_brute_force_on_every_small_graph(game: str) -> None:
    """On every graph of at most 5 vertices, under every ruleset, with the
    theory on and off: the outcome is brute force's, an N-position gets one
    winning move, one of brute force's (the first the table decides, else
    the first the search finds), and with every=True the winning moves are
    exactly brute force's, in move order."""
    for g in ATLAS5:
        if game == "graph-nim" and g.m > 7:
            continue  # 2^deg options per vertex: brute force too slow
        expected = "P" if brute(game, g.adj) == 0 else "N"
        winning = brute_winning(game, g)
        for theory in (None, Theory.none()):
            if theory is not None and game not in ("chomp", "bo-bo", "be-be"):
                theory = None  # the other rulesets use no switch but cancel_pairs
            one = outcome_of(g, game, theory=theory)
            assert one.outcome == expected, (game, g.edges())
            assert one.value in ((0,) if expected == "P" else (None, brute(game, g.adj)))
            assert len(one.winning_moves) == (expected == "N"), (game, g.edges())
            assert all(str(m) in winning for m in one.winning_moves), (game, g.edges())
            every = outcome_of(g, game, every=True, theory=theory)
            assert [str(m) for m in every.winning_moves] == winning, (game, g.edges())


@settings(max_examples=25, deadline=None)
@given(n=st.integers(6, 9), p=st.floats(0.2, 0.8), seed=st.integers(0, 10**6))  # values of denser 10-11 vertex
# graphs can take minutes (random:11,0.5,1: millions of positions), the reason for --outcome
def test_outcome_search_agrees_with_the_value_search_on_random_graphs(n: int, p: float, seed: int) -> None:
    g = Graph.from_networkx(nx.gnp_random_graph(n, p, seed=seed))
    full = grundy.analyze(g)
    fast = grundy.analyze(g, outcome=True, option_table=True)
    assert fast.outcome == full.outcome
    assert [str(m) for m in fast.winning_moves] == [str(m) for m in full.winning_moves]


#: One spec of each kind that is not a graph.
OTHERS = ["divisors:60", "chain:5", "simplex-boundary:5", "skeleton:5,2", "torus", "chomp:5,3,3", "chomp:4,4",
          "nim:3,4,5", "nim:1,1", "octal:0.07:5,3", "octal:0.137:4"]


@pytest.mark.parametrize("spec", OTHERS)
def test_every_kind_answers_the_outcome_as_its_value_does(spec: str) -> None:
    full = analyze(read_items([spec])[0])
    fast = analyze(read_items([spec])[0], Request(outcome=True))
    every = analyze(read_items([spec])[0], Request(outcome=True, option_table=True))
    assert fast.outcome == full.outcome
    assert len(fast.winning_moves) == (full.outcome == "N")
    assert all(m.to_json() in [w.to_json() for w in full.winning_moves] for m in fast.winning_moves)
    assert [m.to_json() for m in every.winning_moves] == [m.to_json() for m in full.winning_moves]
    assert every.options is None  # --outcome --all lists winning moves, not option values
    assert fast.value in (None, full.value) and (full.value != 0 or fast.value == 0)


def test_the_outcome_search_needs_far_fewer_positions_than_the_value() -> None:
    """Issue 30's examples: random:11,0.5,1 is N after a dozen positions
    (its value takes millions), random:10,0.6,1 after about 15,000."""
    quick = grundy.analyze("random:11,0.5,1", outcome=True)
    assert quick.outcome == "N" and quick.stats["positions"] < 100
    with pytest.raises(SearchLimitReached):
        grundy.analyze("random:11,0.5,1", max_positions=10_000)
    medium = grundy.analyze("random:10,0.6,1", outcome=True)
    assert medium.outcome == "N" and medium.stats["positions"] < 100_000


def test_the_outcome_of_gale_on_six_points_without_its_first_move_tables() -> None:
    """simplex-boundary:6 is P (Gale's game on six points); the outcome
    search asks no first-move table (the value answer does)."""
    fast = analyze(read_items(["simplex-boundary:6"])[0], Request(outcome=True))
    full = analyze(read_items(["simplex-boundary:6"])[0], Request())
    assert fast.outcome == full.outcome == "P" and fast.value == 0
    assert fast.stats["positions"] < full.stats["positions"]
    assert "first_moves" in (full.extra or {}) and not fast.extra


def test_outcome_json_and_text() -> None:
    r = cli_runner().invoke(main, ["value", "random:11,0.5,1", "--outcome", "--json"])
    assert r.exit_code == 0, r.output
    out = json.loads(r.output)
    assert out["outcome"] == "N" and out["value"] is None and len(out["winning_moves"]) == 1
    assert "options" not in out and out["stats"]["positions"] < 100
    r = cli_runner().invoke(main, ["value", "cycle:7", "--outcome", "--json"])
    assert json.loads(r.output)["value"] == 0 and json.loads(r.output)["winning_moves"] == []
    r = cli_runner().invoke(main, ["moves", "path:5", "--outcome", "--all"])
    assert r.exit_code == 0 and "not computed" not in r.output.split("winning moves")[0] or "nim-value" in r.output
    text = cli_runner().invoke(main, ["value", "random:11,0.5,1", "--outcome"]).output
    assert "nim-value: not computed" in text and "outcome:   N" in text and "outcome search" in text


def test_outcome_honours_the_limits() -> None:
    r = cli_runner().invoke(main, ["value", "random:12,0.5,2", "--outcome", "--max-positions", "50"])
    assert r.exit_code == 3 and "position limit 50" in r.output
    with pytest.raises(SearchLimitReached):
        grundy.analyze("random:12,0.5,2", outcome=True, max_positions=50)


def test_outcome_and_value_searches_share_the_table_file(tmp_path) -> None:
    """What one search learns, the other reuses: after the value search
    with a table file, the outcome search costs no position."""
    table = str(tmp_path / "t.db")
    full = grundy.analyze("wheel:13", table=table)
    again = grundy.analyze("wheel:13", table=table, outcome=True)
    assert again.outcome == full.outcome and again.stats["positions"] == 0
    table2 = str(tmp_path / "u.db")
    first = grundy.analyze("random:10,0.6,1", table=table2, outcome=True)
    repeat = grundy.analyze("random:10,0.6,1", table=table2, outcome=True)
    assert first.outcome == repeat.outcome == "N" and repeat.stats["positions"] < first.stats["positions"]


def test_misere_keeps_its_answers_under_outcome() -> None:
    """Misère play is outcome-only already: --outcome keeps its outcome and
    gives its first winning move."""
    for spec in ("cycle:6", "divisors:30", "nim:1,1,2"):
        plain = analyze(read_items([spec])[0], Request(misere=True))
        fast = analyze(read_items([spec])[0], Request(misere=True, outcome=True))
        assert fast.to_json()["outcome"] == plain.to_json()["outcome"]
        assert fast.to_json()["winning_moves"] == plain.to_json()["winning_moves"][:1]


def test_a_stopped_value_search_reports_the_outcome_it_settled() -> None:
    """Issue 30 item 2: wheel:21's value search settles N (its first
    question) long before its value; stopped then, it says so."""
    r = cli_runner().invoke(main, ["value", "wheel:21", "--max-positions", "200", "--json"])
    assert r.exit_code == 3
    line = json.loads(next(x for x in r.output.splitlines() if x.startswith("{")))
    assert line["value"] is None and line["outcome"] == "N" and line["stopped"] == "position limit 200"
    assert "its outcome was settled: N" in r.output
    # a P-position is settled only with its value: stopped before, no outcome is claimed
    assert grundy.nim_value("random:11,0.5,25") == 0
    r = cli_runner().invoke(main, ["value", "random:11,0.5,25", "--max-positions", "20", "--json"])
    line = json.loads(next(x for x in r.output.splitlines() if x.startswith("{")))
    assert r.exit_code == 3 and line["outcome"] is None and "settled" not in r.output
    with pytest.raises(SearchLimitReached) as stop:
        grundy.analyze("wheel:21", max_positions=200)
    assert stop.value.outcome == "N"


def test_settled_outcome_is_only_what_the_table_proves() -> None:
    """known_outcome claims N only from a recorded refutation of C + *x
    (checked against the full value on random graphs)."""
    from grundy.games.graphs.game import Solver

    rng = random.Random(5)
    for _ in range(30):
        g = Graph.from_networkx(nx.gnp_random_graph(rng.randint(7, 10), rng.uniform(0.3, 0.7),
                                                    seed=rng.randint(0, 10**6)))
        s = Solver(max_positions=rng.randint(5, 400))
        split = s.decompose(g.adj)
        try:
            s.start()
            s.value_of(*split)
        except SearchLimitReached:
            pass
        finally:
            s.finish()
        outcome, value = s.known_outcome(*split)
        truth = grundy.nim_value(g)
        if value is not None:
            assert value == truth
        if outcome is not None:
            assert outcome == ("P" if truth == 0 else "N")


def test_a_stopped_outcome_search_keeps_the_outcome_it_proved() -> None:
    """random:11,0.5,1 is proved N after a dozen positions; a limit that
    stops the scan for every winning move still reports N."""
    r = cli_runner().invoke(main, ["moves", "random:11,0.5,1", "--outcome", "--all", "--max-positions", "1000",
                                   "--json"])
    assert r.exit_code == 3
    line = json.loads(next(x for x in r.output.splitlines() if x.startswith("{")))
    assert line["outcome"] == "N" and line["value"] is None
    # the winning moves found before the stop are reported (the table's P-option at least), each one winning
    assert "outcome N (the player to move wins), but the search stopped at the position limit 1000" in r.output
    assert "while its winning moves were sought: found so far: remove vertex" in r.output
    assert line["winning_moves"] and all(set(m) == {"vertex"} for m in line["winning_moves"])
    from grundy.readwrite.graphs import to_graph

    g = to_graph("random:11,0.5,1").to_networkx()
    for m in line["winning_moves"]:
        option = g.copy()
        option.remove_node(m["vertex"])
        assert grundy.outcome(Graph.from_networkx(option)) == "P"


@pytest.mark.parametrize("kind, spec, found, moves", [
    # the indices found, and the moves they are in the position's labels (divisors:12's elements
    # are 2, 3, 4, 6, 12; simplex-boundary:3's vertices 1, 2, 3, face bitset 1 = {1})
    ("poset", "divisors:12", [0, 2], [{"element": 2}, {"element": 4}]),
    ("complex", "simplex-boundary:3", [1], [{"face": [1]}]),
])
def test_stopped_outcome_searches_report_their_moves_as_moves(monkeypatch: pytest.MonkeyPatch, kind: str,
                                                              spec: str, found: list[int], moves: list) -> None:
    """Posets and complexes hand the outcome search indices; the moves a
    stop (limit or Ctrl-C) keeps are turned into their moves, as an answer's are."""
    import grundy.kinds.outcome as outcome_module
    from grundy.errors import keep_found
    from grundy.kinds import get_kind

    for stop in (SearchLimitReached("position limit 5", 5, 0.1), KeyboardInterrupt()):
        def stopped(*args, stop=stop, **kwargs):
            keep_found(stop, None, "N", list(found))
            raise stop

        monkeypatch.setattr(outcome_module, "outcome_search", stopped)
        item = read_items([spec])[0]
        with pytest.raises(type(stop)) as caught:
            get_kind(kind).answer(item.position, Request(outcome=True, option_table=True), spec)
        kept = caught.value.winning_moves
        assert all(isinstance(m, grundy.Move) for m in kept) and len(kept) == len(found)
        assert [m.to_json() for m in kept] == moves


@pytest.mark.parametrize("spec", ["cycle:7", "path:6", "chomp:4,3,3", "divisors:12", "nim:1,2,3"])
def test_outcome_is_honoured_under_misere(spec: str) -> None:
    """--misere --outcome: the first winning move, with --all every one, and
    never the option table."""
    full = analyze(read_items([spec])[0], Request(misere=True, option_table=True))
    one = analyze(read_items([spec])[0], Request(misere=True, outcome=True))
    every = analyze(read_items([spec])[0], Request(misere=True, outcome=True, option_table=True))
    assert one.outcome == every.outcome == full.outcome
    assert [m.to_json() for m in one.winning_moves] == [m.to_json() for m in full.winning_moves][:1]
    assert [m.to_json() for m in every.winning_moves] == [m.to_json() for m in full.winning_moves]
    assert one.options is None and every.options is None
    r = cli_runner().invoke(main, ["moves", spec, "--misere", "--outcome", "--all", "--json"])
    assert r.exit_code == 0 and "options" not in json.loads(r.output)


def test_grundy_winning_moves_asks_no_nim_value() -> None:
    """grundy.winning_moves takes the outcome search's every winning move:
    the same moves as the value route, within a position limit the value
    route overruns (random:9,0.7,4: about 2,800 positions against 34,000);
    misère play too; outcome= and option_table= are refused."""
    spec = "random:9,0.7,4"
    full = grundy.analyze(spec)
    got = grundy.winning_moves(spec, max_positions=10_000)
    assert [str(m) for m in got] == [str(m) for m in full.winning_moves] and got
    with pytest.raises(SearchLimitReached):
        grundy.analyze(spec, max_positions=10_000)
    misere = grundy.analyze("path:12", game="node-kayles", misere=True)
    assert grundy.winning_moves("path:12", game="node-kayles", misere=True) == misere.winning_moves
    for name in ("outcome", "option_table"):
        with pytest.raises(TypeError, match=name):
            grundy.winning_moves(spec, **{name: True})


def test_grundy_outcome_asks_only_the_outcome(monkeypatch: pytest.MonkeyPatch) -> None:
    """grundy.outcome looks for no winning move (the outcome search's move
    scan is never entered), with the outcome of the answer that does."""
    import grundy.kinds.outcome as outcome_module

    with_move = grundy.analyze("random:12,0.4,7", outcome=True)
    assert with_move.outcome == "N" and with_move.winning_moves

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("grundy.outcome looked for a winning move")

    monkeypatch.setattr(outcome_module, "_winning_moves", refuse)
    assert grundy.outcome("random:12,0.4,7") == with_move.outcome
    with pytest.raises(AssertionError, match="looked for a winning move"):
        grundy.analyze("random:12,0.4,7", outcome=True)


@pytest.mark.parametrize("spec, game", [("grid:5,8", "arc-kayles"), ("grid:3,9", "node-kayles"),
                                        ("random:11,0.5,2", "chomp"), ("random:11,0.6,2", "chomp"),
                                        ("random:12,0.4,7", "chomp"), ("wheel:13", "chomp")])
def test_the_winning_move_is_read_from_the_table_the_outcome_search_left(spec: str, game: str) -> None:
    """The question that finds a position N leaves the value of the option
    that refuted "P" in the table: the winning move is read from it, with no
    position searched beyond the outcome's (Cram 5 x 8 is N at once by its
    central domino, whose option the mirror argument decides; the scan in
    move order searched 327,901 positions to prove its first option P). The
    move leads to a P-position (a fresh search of the option)."""
    from grundy.games.graphs.game import Solver

    item = read_items([spec])[0]
    answer = analyze(item, Request(outcome=True, game=game))
    alone = Solver(ruleset=get_ruleset(game))
    assert grundy.outcome(spec, game=game, solver=alone) == answer.outcome == "N"
    assert answer.stats["positions"] == alone.stats.positions
    [move] = answer.winning_moves
    g = item.position.graph if hasattr(item.position, "graph") else item.position
    assert grundy.outcome(item.kind.apply(g, move), game=game) == "P"


def test_misere_outcome_searches_only_up_to_its_first_winning_move() -> None:
    """--misere --outcome stops at its first winning move, where the full
    answer searches every option (random:9,0.5,1: the same outcome and first
    move, fewer positions); a misère P-position's options are not searched
    for winning moves it cannot have (the same positions as grundy.outcome)."""
    full = grundy.analyze("random:9,0.5,1", misere=True)
    fast = grundy.analyze("random:9,0.5,1", misere=True, outcome=True)
    assert fast.outcome == full.outcome == "N"
    assert [str(m) for m in fast.winning_moves] == [str(m) for m in full.winning_moves][:1]
    assert fast.stats["positions"] < full.stats["positions"]
    outcomes = []
    for spec in ("cycle:8", "path:9", "divisors:12", "chomp:3,3", "simplex-boundary:4"):
        item = read_items([spec])[0]
        plain = analyze(item, Request(misere=True))
        outcome_only = analyze(item, Request(misere=True, outcome=True))
        assert plain.outcome == outcome_only.outcome
        outcomes.append(plain.outcome)
        if plain.outcome == "P":
            assert plain.winning_moves == [] and outcome_only.stats["positions"] == plain.stats["positions"]
        else:
            assert outcome_only.stats["positions"] <= plain.stats["positions"]
    assert outcomes.count("P") == 2  # cycle:8 (a graph) and simplex-boundary:4 (a complex)


ATLAS = [Graph.from_networkx(G) for G in nx.graph_atlas_g()[1:]]  # every graph of 1..7 vertices (1,252)


@pytest.mark.parametrize("game", list(RULESETS))
def test_outcome_search_equals_the_value_search_on_the_whole_atlas(game: str) -> None:
    """Every graph of the atlas (1 to 7 vertices), every ruleset, normal
    play: --outcome's outcome is the value search's (P iff value 0), its one
    winning move leads to an option of value 0, and --outcome --all gives
    exactly the moves to options of value 0, in move order. Values by one
    solver of the ruleset, apart from the answers' own searches."""
    from grundy.games.graphs.game import Solver

    ruleset = get_ruleset(game)
    values = Solver(ruleset=ruleset)

    def value(adj: tuple[int, ...]) -> int:
        return values.value_of(*values.decompose(adj))

    for g in ATLAS:
        winning = [str(m) for m, im in ruleset.labelled_moves(g.labels, g.adj) if value(ruleset.apply(g.adj, im)) == 0]
        expected = "P" if value(g.adj) == 0 else "N"
        one = grundy.analyze(g, game=game, outcome=True)
        every = grundy.analyze(g, game=game, outcome=True, option_table=True)
        assert one.outcome == every.outcome == expected, (game, g.edges())
        assert len(one.winning_moves) == (expected == "N") and all(str(m) in winning for m in one.winning_moves)
        assert [str(m) for m in every.winning_moves] == winning, (game, g.edges())


def _misere_n_by_class(game: str, adj: tuple[int, ...], memo: dict[bytes, bool]) -> bool:
    """Misère N by the definition, memoised by pynauty's certificate of the
    graph (an isomorphism invariant; the engine's keys and search are not
    used): no move, or a move to a misère P-position."""
    import pynauty

    n = len(adj)
    cert = pynauty.certificate(pynauty.Graph(n, adjacency_dict={v: [u for u in range(n) if adj[v] >> u & 1]
                                                                 for v in range(n)})) if n else b""
    key = bytes([n]) + cert
    if key not in memo:
        ruleset = get_ruleset(game)
        options = [ruleset.apply(adj, m) for m in ruleset.moves(adj)]
        memo[key] = not options or any(not _misere_n_by_class(game, o, memo) for o in options)
    return memo[key]


@pytest.mark.parametrize("game", list(RULESETS))
def test_misere_outcome_equals_brute_force_on_the_whole_atlas(game: str) -> None:
    """Every graph of the atlas (1 to 7 vertices), every ruleset, misère
    play: --outcome's outcome is brute force's (memoised by isomorphism
    class), its one winning move is brute force's first in move order (the
    misère answer scans the moves in order and stops there), every=True
    gives brute force's every winning move, and grundy.outcome (no move
    wanted) the outcome alone."""
    memo: dict[bytes, bool] = {}
    ruleset = get_ruleset(game)
    for g in ATLAS:
        expected = "N" if _misere_n_by_class(game, g.adj, memo) else "P"
        winning = [str(m) for m, im in ruleset.labelled_moves(g.labels, g.adj)
                   if not _misere_n_by_class(game, ruleset.apply(g.adj, im), memo)]
        one = grundy.analyze(g, game=game, misere=True, outcome=True)
        every = grundy.analyze(g, game=game, misere=True, outcome=True, option_table=True)
        assert one.outcome == every.outcome == expected, (game, g.edges())
        assert [str(m) for m in one.winning_moves] == winning[:1], (game, g.edges())
        assert [str(m) for m in every.winning_moves] == winning, (game, g.edges())
        assert grundy.outcome(g, game=game, misere=True) == expected


def test_nim_value_computes_only_the_value() -> None:
    """Issue 30 item 2: grundy.nim_value asks the value alone (no winning
    moves, no first-move tables): Gale's game on six points is valued within
    a position limit under which the full answer stops its first-move table
    (its value search took 8,323 positions where the answer took 31,806),
    and the value-only request searches fewer positions than the answer,
    with the same value."""
    assert grundy.nim_value("simplex-boundary:6", max_positions=9_000) == 0
    full = grundy.analyze("simplex-boundary:6", max_positions=9_000).to_json()
    assert full["first_moves_stopped"] == "position limit 9000"
    item = read_items(["simplex-boundary:6"])[0]
    alone, answer = analyze(item, Request(value_only=True)), analyze(item, Request())
    assert alone.value == answer.value == 0
    assert alone.stats["positions"] * 3 < answer.stats["positions"]


def test_an_outcome_from_the_value_says_it_lists_one_of_its_winning_moves() -> None:
    """Chomp's outcome comes from its value, whose explanation names every
    winning move; the answer lists one (without --all) and says so."""
    item = read_items(["chomp:3,2,1"])[0]
    full = analyze(item, Request())
    fast = analyze(item, Request(outcome=True)).to_json()
    assert len(full.winning_moves) == 3 and len(fast["winning_moves"]) == 1
    assert fast["winning_moves"][0] == full.winning_moves[0].to_json()
    assert "the first of its 3 winning moves is listed" in fast["explanation"][-1]
    every = analyze(item, Request(outcome=True, option_table=True)).to_json()
    assert len(every["winning_moves"]) == 3 and "is listed" not in every["explanation"][-1]


def test_misere_scan_stops_at_the_wanted_winning_moves_and_skips_p_positions() -> None:
    """core.misere.scan_moves, the one misère move scan: the options after the
    wanted winning moves are not decided, a P-position's are decided only for
    the table, and the table has every move's outcome in move order."""
    from grundy.core.misere import scan_moves

    moves = [("a", 1), ("b", 2), ("c", 4), ("d", 5), ("e", 6)]  # even positions are P here
    asked: list[int] = []

    def is_n(p: int) -> bool:
        asked.append(p)
        return p % 2 == 1

    winning: list[str] = []
    scan_moves(moves, is_n, "N", winning, None, 1)
    assert (winning, asked) == (["b"], [1, 2])
    winning, asked[:] = [], []
    scan_moves(moves, is_n, "N", winning, None, None)
    assert winning == ["b", "c", "e"] and asked == [1, 2, 4, 5, 6]
    winning, asked[:] = [], []
    scan_moves(moves, is_n, "P", winning, None, None)
    assert (winning, asked) == ([], [])
    winning, table, checks = [], [], []
    scan_moves(moves, is_n, "N", winning, table, 0, lambda: checks.append(1))
    assert table == [("a", "N"), ("b", "P"), ("c", "P"), ("d", "N"), ("e", "P")]
    assert winning == ["b", "c", "e"] and len(checks) == 5
