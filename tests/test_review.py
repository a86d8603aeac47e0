"""Defects found in review of the one-search-core refactor: each test failed
on the code before its fix."""

from __future__ import annotations

import json

from click.testing import CliRunner

from grundy.cli import main


def _runner() -> CliRunner:
    return cli_runner()


def run(*args: str):
    return _runner().invoke(main, list(args), catch_exceptions=False)


def _lines(result) -> list[dict]:
    return [json.loads(line) for line in result.stdout.splitlines()]


# -- --max-positions is one budget for every position of one call ---------------------
def test_max_positions_budget_counts_other_kinds_before_a_graph() -> None:
    # divisors:60 alone takes 18 positions and wheel:6 alone 23: together
    # they need 41, more than a budget of 30, in either order
    poset_alone = _lines(run("value", "divisors:60", "--json"))[0]["stats"]["positions"]
    graph_alone = _lines(run("value", "wheel:6", "--json"))[0]["stats"]["positions"]
    assert poset_alone <= 30 and graph_alone <= 30 < poset_alone + graph_alone
    for specs, first in ((("divisors:60", "wheel:6"), 5), (("wheel:6", "divisors:60"), None)):
        result = run("value", *specs, "--max-positions", "30", "--json")
        assert result.exit_code == 3, (specs, result.stdout, result.stderr)
        answered, stopped = _lines(result)
        assert answered["name"] == specs[0]
        assert stopped["name"] == specs[1] and stopped["stopped"] == "position limit 30"
        assert stopped["stats"]["positions"] == 30


def test_max_positions_stopped_line_names_the_users_limit_for_every_kind() -> None:
    result = run("value", "divisors:60", "divisors:60", "--max-positions", "30", "--json")
    assert result.exit_code == 3, (result.stdout, result.stderr)
    _first, stopped = _lines(result)
    assert stopped["stopped"] == "position limit 30", stopped
    assert stopped["stats"]["positions"] == 30
    assert "position limit 30" in result.stderr


# -- --time-limit stops octal positions, whose cost is not in positions searched ------
import pytest  # noqa: E402
from helpers import cli_runner


@pytest.mark.parametrize("extra", [[], ["--misere"], ["--no-theory"]])
def test_time_limit_stops_octal_heap_work(extra: list[str]) -> None:
    # a heap of 1000 of 0.3(4) has ~250,000 moves (every split of every
    # remainder): seconds of work the time limit must cut short
    import time

    import gc

    # the objects earlier tests left are not this command's work: the collector skips them
    # (collections over them ran for seconds here, and a stop raised in a finalizer is lost)
    gc.freeze()
    try:
        t0 = time.perf_counter()
        result = run("value", "octal:0.3(4):1000", "--time-limit", "0.1", "--json", *extra)
        elapsed = time.perf_counter() - t0
    finally:
        gc.unfreeze()
    assert result.exit_code == 3, (result.exit_code, result.stdout[:200], result.stderr)
    (stopped,) = _lines(result)
    assert stopped["value"] is None and stopped["stopped"] == "time limit 0.1 s"
    # the moves' own checks stop it at about 0.4 s (their generation, then one sort of
    # 250,000 moves that checks nothing); freeing the work's objects on the way out took up
    # to 0.7 s more in a loaded test process
    assert elapsed < 2.5, elapsed


@pytest.mark.parametrize(
    "args",
    [
        ["nim:100000,200000,300000", "--misere", "--no-theory"],  # 600,000 moves listed first
        ["simplex-boundary:14", "--misere"],  # 16,382 faces, a complex made for each
        ["complete:30", "--game", "graph-nim"],  # 2^29 - 1 moves at a vertex (649-757 MB)
        ["complete:30", "--game", "graph-nim", "--misere"],
        ["octal:0.3(4):1000"],  # 250,000 moves sorted and valued after the sequence
    ],
)
def test_time_limit_stops_long_lists_of_moves_by_its_own_checks(args: list[str]) -> None:
    # each of these ran with no check of the clock until the command's backstop
    # stopped it (at 1.1 x the limit + 1 s: 1.22 s here; 1.15-1.45 s of wall time)
    import gc
    import time

    gc.freeze()  # collections over earlier tests' objects are not this command's work
    try:
        t0 = time.perf_counter()
        result = run("value", *args, "--time-limit", "0.2", "--json")
        elapsed = time.perf_counter() - t0
    finally:
        gc.unfreeze()
    assert result.exit_code == 3, (result.exit_code, result.stdout[:200], result.stderr)
    (stopped,) = _lines(result)
    assert stopped["stopped"] == "time limit 0.2 s"
    assert elapsed < 1.1, (elapsed, result.stderr)


@pytest.mark.parametrize(
    "args",
    [
        ["path:60", "--game", "node-kayles", "--misere"],
        ["nim:30,40,50", "--misere", "--no-theory"],
        ["divisors:5040", "--misere"],
        ["simplex-boundary:7", "--misere"],
        ["wheel:41"],
    ],
)
def test_a_stop_between_positions_counts_the_positions_searched(args: list[str]) -> None:
    # the checks between a search's positions (options made, moves listed) had said
    # "after 0 positions" (and stats.positions 0) after thousands
    import re

    result = run("value", *args, "--time-limit", "0.2", "--json")
    assert result.exit_code == 3, (result.exit_code, result.stdout[:200], result.stderr)
    (stopped,) = _lines(result)
    said = int(re.search(r"after (\d+) position", result.stderr).group(1))
    assert stopped["stats"]["positions"] == said > 0, (stopped["stats"], result.stderr)


@pytest.mark.parametrize(
    "kind, spec, every",
    [("nim", "nim:3000,2000", 1024), ("complex", "simplex-boundary:12", 64), ("poset", "divisors:720720", 64)],
)
def test_misere_lists_of_moves_and_options_check_the_clock(kind: str, spec: str, every: int) -> None:
    from grundy.readwrite.kinds import load_other
    from grundy.results import _misere_kind

    calls = 0

    def check() -> None:
        nonlocal calls
        calls += 1

    options, _key, moves, _fields, _game, _rule, start = _misere_kind(kind, load_other(kind, spec), check)
    assert calls >= len(moves) // every >= 3, (calls, len(moves))
    calls = 0
    made = list(options(start))
    assert calls >= len(made) // every >= 3, (calls, len(made))


def _counting_options(owner):
    """Make the moves of the ruleset ``owner`` searches (its ``searched``)
    in the search's order count what they make; returns a function giving
    the count."""
    made = 0
    attr = "searched"
    options = getattr(owner, attr).ordered_moves

    def counting(*a, **k):
        nonlocal made
        for p in options(*a, **k):
            made += 1
            yield p

    setattr(owner, attr, _Counting(getattr(owner, attr), counting))
    return lambda: made


#: K_16: Graph Nim has 2^15 - 1 moves at its one vertex orbit
K16 = tuple(((1 << 16) - 1) & ~(1 << i) for i in range(16))


def test_graph_nim_options_are_made_one_at_a_time() -> None:
    # the first option must not make them all
    from grundy.games.graphs.game import Solver

    s = Solver(ruleset="graph-nim")
    made = _counting_options(s.game)
    (key,) = s.decompose(K16)[1]
    first = next(iter(s.game.children(s, key)))
    assert first is not None and made() == 1, made()


class _Counting:
    """A ruleset whose ``ordered_moves`` go through ``counting``."""

    def __init__(self, ruleset, counting) -> None:
        self._ruleset = ruleset
        self.ordered_moves = counting

    def __getattr__(self, name):
        return getattr(self._ruleset, name)


def test_octal_moves_check_the_clock_past_their_generation() -> None:
    # the moves of a heap of 1000 are generated with a check per number taken
    # (1001 calls), then sorted and listed: about 250,000 of them, a second of
    # work that ran with no check (--time-limit 0.1 stopped only by the
    # command's backstop, after 1.11 s)
    from grundy.games.octal import _misere_options
    from grundy.games.octal.code import _as_code
    from grundy.results import _octal_moves

    code = _as_code("0.3(4)")
    generation = 0

    def count_generation() -> None:
        nonlocal generation
        generation += 1

    moves = len(_misere_options(code, (1000,), count_generation))
    calls = 0

    def stop_after_generation() -> None:
        nonlocal calls
        calls += 1
        if calls > generation:
            raise RuntimeError("stopped")

    with pytest.raises(RuntimeError, match="stopped"):
        _octal_moves(code, (1000,), stop_after_generation)
    assert generation == 1001 and moves > 200_000
    calls = 0
    everything = _octal_moves(code, (1000,), lambda: None)
    assert len(everything) == moves

    def count() -> None:
        nonlocal calls
        calls += 1

    _octal_moves(code, (1000,), count)
    assert calls >= generation + moves // 1024, (calls, generation, moves)


# -- the winning moves of a graph check the clock, whose options are mostly known -------
def _spent(solver) -> None:
    """Make every later top-level call of ``solver`` start past its deadline."""
    import time

    solver.limits.share(1e-6)  # the budget of a front end's stages: a microsecond from now
    time.sleep(0.01)


def test_winning_moves_of_any_ruleset_check_the_clock() -> None:
    # the value search values every option first; the moves loop then looks them up
    # (table hits: no tick) and decomposes each, 2^d - 1 of them at a Graph Nim vertex
    from grundy.analysis import _generic_moves
    from grundy.errors import SearchLimitReached
    from grundy.games.graphs.families import build_family
    from grundy.games.graphs.game import Solver

    g = build_family("star:6")
    s = Solver(ruleset="graph-nim")
    s.start()
    assert s.value_of(*s.decompose(g.adj)) == 6
    s.finish()
    winning, _ = _generic_moves(g, s, False)  # no limit: every move valued from the table
    assert len(winning) == 1
    _spent(s)
    s.start()
    with pytest.raises(SearchLimitReached):
        _generic_moves(g, s, False)


def test_misere_winning_moves_check_the_clock_and_options_come_one_at_a_time() -> None:
    from grundy.analysis import analyze_misere
    from grundy.errors import SearchLimitReached
    from grundy.games.graphs.families import build_family
    from grundy.games.graphs.misere import MisereSolver

    g = build_family("star:6")
    s = MisereSolver("graph-nim")
    assert analyze_misere(g, s).misere_outcome == "N"
    _spent(s)
    with pytest.raises(SearchLimitReached):
        analyze_misere(g, s)  # every position is in the memo: only the moves loop can stop it
    from grundy.games.graphs.misere import graph_key

    t = MisereSolver("graph-nim", compiled=False)  # the first option of K_16 must not make them all
    made = _counting_options(t)
    first = next(iter(t._options(graph_key(K16))))
    assert len(first) == 16 * 8 and made() == 1, made()
    # the kernel's options come one at a time too (an iterator): the first of K_16 at once
    assert next(iter(MisereSolver("graph-nim")._options(graph_key(K16)))) == first
