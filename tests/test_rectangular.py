"""Rectangular Chomp, three-rowed Chomp and Nim (grundy.games.chomp, grundy.cli.chomp).

Every value is checked against computation, not against the paper: an
independent brute force written here plays the plain poset game (elements are
cells, a move removes every cell above-right of the chosen one in the product
order, the poisoned square is not an element) on frozensets of cells, with no
row-length representation, no lexicographic order and no mirror-image
shortcut. The paper's results (strategy stealing, the n x n and 2 x n
strategies, the nim-sum rule) are then tested as statements about the
computed values.
"""

from __future__ import annotations

import json
import time
from functools import lru_cache, reduce
from itertools import product
from math import comb
from operator import xor

import click
import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy.games import chomp as R
from grundy.cli import _Group
from grundy.cli.chomp import chomp as chomp_cmd
from grundy.cli.chomp import chomp_p_positions as p_positions_cmd
from grundy.cli.chomp import nim as nim_cmd
from grundy.errors import InputError, SearchLimitReached, TooLargeError
from grundy.games.chomp import (
    ChompPosition,
    NimPosition,
    analyze_chomp,
    analyze_nim,
    count_subdiagrams,
    nim_position,
    nim_sum,
    nim_value,
    nim_winning_moves,
    options,
    outcome,
    parse_chomp,
    rectangle,
    winning_moves,
)

# -- independent brute force: the plain poset game ------------------------------------

Cell = tuple[int, int]


@lru_cache(maxsize=None)
def poset_value(elements: frozenset, order: str) -> int:
    """Grundy value of the poset game on ``elements``: a move picks x and
    removes every y >= x. ``order`` names the partial order: "grid" (the
    product order on (row, column) cells) or "chains" ((chain, level), equal
    chains compared by level, different chains incomparable)."""

    def geq(y, x) -> bool:
        if order == "grid":
            return y[0] >= x[0] and y[1] >= x[1]
        return y[0] == x[0] and y[1] >= x[1]

    seen = {poset_value(frozenset(y for y in elements if not geq(y, x)), order) for x in elements}
    v = 0
    while v in seen:
        v += 1
    return v


def cells_of(rows) -> frozenset:
    """The cells of a diagram minus the poisoned square."""
    return frozenset((r, c) for r, length in enumerate(rows, 1) for c in range(1, length + 1) if (r, c) != (1, 1))


def brute_chomp(rows) -> int:
    return poset_value(cells_of(rows), "grid")


def brute_move(rows, move: Cell) -> frozenset:
    r, c = move
    return frozenset(x for x in cells_of(rows) if not (x[0] >= r and x[1] >= c))


def brute_nim(heaps) -> int:
    """Nim as the poset game on disjoint chains (no nim-sum used)."""
    return poset_value(frozenset((i, j) for i, h in enumerate(heaps) for j in range(h)), "chains")


def all_diagrams(max_rows: int, max_len: int):
    """Every non-increasing tuple of positive lengths (at most max_rows rows,
    each at most max_len), by brute enumeration."""
    out = []
    for k in range(1, max_rows + 1):
        for t in product(range(1, max_len + 1), repeat=k):
            if all(a >= b for a, b in zip(t, t[1:])):
                out.append(t)
    return out


def mex(values) -> int:
    s = set(values)
    v = 0
    while v in s:
        v += 1
    return v


diagrams = st.lists(st.integers(1, 6), min_size=1, max_size=6).map(lambda xs: tuple(sorted(xs, reverse=True)))


# -- positions and validation -----------------------------------------------------------


def test_position_validation_messages():
    with pytest.raises(InputError, match=r"^row lengths must not increase: 3,5$"):
        ChompPosition((3, 5))
    with pytest.raises(InputError, match=r"^sizes must be positive$"):
        ChompPosition((3, 0))
    with pytest.raises(InputError, match=r"^sizes must be positive$"):
        rectangle(0, 4)
    with pytest.raises(InputError, match=r"^sizes must be positive$"):
        rectangle(3, -1)
    with pytest.raises(InputError):
        ChompPosition(())
    with pytest.raises(InputError):
        ChompPosition((2.5,))
    with pytest.raises(InputError):
        ChompPosition("5,3")
    assert ChompPosition([5, 3, 3]).rows == (5, 3, 3)
    pos = ChompPosition((4, 2))
    with pytest.raises(AttributeError):
        pos.rows = (1,)  # immutable
    assert hash(pos) == hash(ChompPosition((4, 2)))


def test_parse_chomp():
    assert parse_chomp("chomp:5,3,3") == ChompPosition((5, 3, 3))
    assert parse_chomp("5, 3,3") == ChompPosition((5, 3, 3))
    assert parse_chomp("chomp:4x5") == rectangle(4, 5) == ChompPosition((5, 5, 5, 5))
    assert parse_chomp(ChompPosition((5, 3)).spec) == ChompPosition((5, 3))
    for bad in ["chomp:", "chomp:a,b", "chomp:3x", "chomp:2x3x4", "chomp:3,5", "chomp:0x3", ""]:
        with pytest.raises(InputError):
            parse_chomp(bad)
    with pytest.raises(InputError, match="^'chomp:3,5': row lengths must not increase: 3,5$"):
        parse_chomp("chomp:3,5")
    for spec in ("chomp:0", "chomp:4,0", "chomp:0x3"):  # the spec is named: a command may read several
        with pytest.raises(InputError, match=f"^'{spec}': sizes must be positive$"):
            parse_chomp(spec)


def test_rectangle_shape_and_transpose():
    assert rectangle(2, 3).rows == (3, 3)
    assert rectangle(2, 3).transpose() == rectangle(3, 2)
    assert ChompPosition((5, 3, 1)).transpose() == ChompPosition((3, 2, 2, 1, 1))
    for d in all_diagrams(4, 4):
        assert ChompPosition(d).transpose().transpose() == ChompPosition(d)
        assert ChompPosition(d).transpose().cells == sum(d)


def test_count_subdiagrams():
    for m in range(1, 7):
        for n in range(1, 7):
            assert count_subdiagrams(rectangle(m, n)) == comb(m + n, m) - 1
    assert count_subdiagrams(rectangle(10, 10)) == 184_755
    # an independent count: enumerate the non-increasing tuples below the diagram
    for d in all_diagrams(4, 4):
        below = [t for t in all_diagrams(len(d), d[0]) if len(t) <= len(d) and all(a <= b for a, b in zip(t, d))]
        assert count_subdiagrams(d) == len(below)
    assert count_subdiagrams(rectangle(20, 20), cap=1000) == 1001
    for d in all_diagrams(4, 4):
        below = [t for t in all_diagrams(len(d), d[0]) if len(t) <= len(d) and all(a <= b for a, b in zip(t, d))]
        assert R.count_moves(d) == sum(sum(t) - 1 for t in below)


def test_options_are_the_poset_moves():
    for d in all_diagrams(4, 4):
        opts = options(ChompPosition(d))
        expected_moves = sorted(cells_of(d))
        assert sorted(opts) == expected_moves  # every cell but the poison, row by row
        assert list(opts) == expected_moves
        for move, pos in opts.items():
            assert cells_of(pos.rows) == brute_move(d, move)


# -- the solver against the brute force -------------------------------------------------------


def test_every_subdiagram_of_5x5_equals_brute_force():
    R.clear_cache()
    diagrams_5x5 = all_diagrams(5, 5)
    assert len(diagrams_5x5) == comb(10, 5) - 1
    for d in diagrams_5x5:
        assert nim_value(ChompPosition(d)) == brute_chomp(d), d
    for m in range(1, 6):
        for n in range(1, 6):
            assert nim_value(rectangle(m, n)) == brute_chomp((n,) * m)


def test_order_of_computation_does_not_matter():
    """The table is shared between calls and fills mirror images: compute in
    two different orders from an empty table and compare."""
    R.clear_cache()
    a = {(m, n): nim_value(rectangle(m, n)) for m in range(1, 8) for n in range(1, 8)}
    R.clear_cache()
    b = {(m, n): nim_value(rectangle(m, n)) for m in range(7, 0, -1) for n in range(1, 8)}
    R.clear_cache()
    c = {(m, n): nim_value(rectangle(m, n), max_diagrams=10**6) for n in range(7, 0, -1) for m in range(1, 8)}
    assert a == b == c


@settings(max_examples=150, deadline=None)
@given(diagrams)
def test_random_diagrams_equal_brute_force(d):
    pos = ChompPosition(d)
    assert nim_value(pos) == brute_chomp(d)
    wins = winning_moves(pos)
    assert wins == sorted(m for m in cells_of(d) if poset_value(brute_move(d, m), "grid") == 0)
    assert outcome(pos) == ("N" if wins else "P")


@settings(max_examples=150, deadline=None)
@given(diagrams)
def test_value_is_mex_of_options(d):
    pos = ChompPosition(d)
    opts = options(pos)
    values = {move: nim_value(p) for move, p in opts.items()}
    assert nim_value(pos) == mex(values.values())
    assert winning_moves(pos) == [m for m, v in values.items() if v == 0]
    assert R.option_values(pos) == list(values.items())
    assert nim_value(pos.transpose()) == nim_value(pos)  # the mirror image is the same game


# -- the paper's results as statements about the computed values ------------------------------


def test_rectangles_are_first_player_wins():
    """Strategy stealing (Mangang, §Chomp): every m x n rectangle other than
    1 x 1 is an N-position; 1 x 1 (the poison alone) is a P-position."""
    for m in range(1, 9):
        for n in range(1, 9):
            pos = rectangle(m, n)
            if (m, n) == (1, 1):
                assert nim_value(pos) == 0 and outcome(pos) == "P" and winning_moves(pos) == []
            else:
                assert outcome(pos) == "N", (m, n)
                assert winning_moves(pos), (m, n)


def test_square_winning_move_is_2_2():
    """Mangang, the n x n strategy: (2,2) wins for every n >= 2; it leaves
    an L with two arms of n - 1 squares (two equal Nim heaps)."""
    for n in range(2, 10):
        wins = winning_moves(rectangle(n, n))
        assert (2, 2) in wins, n
        after = options(rectangle(n, n))[(2, 2)]
        assert after.rows == (n,) + (1,) * (n - 1)
        assert nim_value(after) == 0
    # what the computation adds: up to 9 x 9 it is the only winning move
    assert all(winning_moves(rectangle(n, n)) == [(2, 2)] for n in range(2, 10))


def test_two_equal_rows_take_the_last_square_of_row_two():
    """Mangang, the 2 x n strategy: from (n, n) take (2, n), leaving (n, n-1)."""
    for n in range(1, 40):
        pos = rectangle(2, n)
        assert (2, n) in winning_moves(pos), n
        assert options(pos)[(2, n)].rows == ((n, n - 1) if n > 1 else (1,))
        assert winning_moves(pos) == [(2, n)]  # and it is the only one
        # the mirror image: two equal columns
        assert winning_moves(rectangle(n, 2)) == [(n, 2)]


def test_two_row_p_positions_are_a_a_minus_1():
    p = [(a, b) for a in range(1, 41) for b in range(0, a + 1)
         if nim_value(ChompPosition((a, b) if b else (a,))) == 0]
    assert p == [(a, a - 1) for a in range(1, 41)]
    # the fast generator, run for rows=2, computes the same (not a formula)
    assert list(R.chomp_p_positions(rows=2, max_row=40)) == p
    assert list(R.chomp_p_positions(rows=2, max_row=200)) == [(a, a - 1) for a in range(1, 201)]
    assert list(R.chomp_p_positions(rows=1, max_row=10)) == [(1,)]


def test_l_shapes_are_nim_with_two_heaps():
    """An L (a, 1, ..., 1) minus the poison is two chains: Nim."""
    for a in range(1, 12):
        for k in range(1, 12):
            assert nim_value(ChompPosition((a,) + (1,) * (k - 1))) == (a - 1) ^ (k - 1)


# -- three-rowed Chomp ------------------------------------------------------------------------


def test_three_row_p_positions_equal_general_solver():
    for n in (0, 1, 2, 5, 15):
        fast = list(R.chomp_p_positions(rows=3, max_row=n))
        slow = [
            (a, b, c)
            for a in range(1, n + 1)
            for b in range(0, a + 1)
            for c in range(0, b + 1)
            if nim_value(ChompPosition(tuple(x for x in (a, b, c) if x))) == 0
        ]
        assert fast == slow, n  # same set, same order (by a, then b, then c)
    # at most one first row per pair of shorter rows (the property the generator uses)
    pairs = [(b, c) for _, b, c in slow]
    assert len(pairs) == len(set(pairs))


def test_three_row_p_positions_agree_with_brute_force_on_small_ones():
    for p in R.chomp_p_positions(3, 7):
        assert brute_chomp(tuple(x for x in p if x)) == 0


def test_three_row_p_positions_up_to_200_are_fast_and_consistent():
    start = time.perf_counter()
    found = list(R.chomp_p_positions(3, 200))
    seconds = time.perf_counter() - start
    assert seconds < 60
    assert found == sorted(found) and len(found) == len(set(found))
    assert all(200 >= a >= b >= c >= 0 for a, b, c in found)
    # a prefix of the longer list is the shorter list
    assert [p for p in found if p[0] <= 15] == list(R.chomp_p_positions(3, 15))
    # spot-check large ones with the general solver: no P-position can move to another
    p_set = set(found)
    for a, b, c in found[-40:]:
        rows = tuple(x for x in (a, b, c) if x)
        for pos in options(ChompPosition(rows)).values():
            padded = pos.rows + (0,) * (3 - len(pos.rows))
            assert padded not in p_set


def test_three_row_p_positions_up_to_200_on_random_positions():
    """The P-positions characterise the game: from a P-position no move
    reaches one, from any other position some move does (moves from
    options(), independent of the generator)."""
    import random

    rng = random.Random(2024)
    p_set = set(R.chomp_p_positions(3, 200))
    assert len({(b, c) for _, b, c in p_set}) == len(p_set)  # at most one a per (b, c)
    samples = [tuple(sorted((rng.randint(1, 200), rng.randint(0, 200), rng.randint(0, 200)), reverse=True))
               for _ in range(600)]
    samples += rng.sample(sorted(p_set), 200)
    for a, b, c in samples:
        after = options(ChompPosition(tuple(x for x in (a, b, c) if x))).values()
        reach = {pos.rows + (0,) * (3 - len(pos.rows)) for pos in after}
        assert ((a, b, c) in p_set) == (not reach & p_set), (a, b, c)


def test_p_positions_bad_input():
    with pytest.raises(InputError):
        list(R.chomp_p_positions(rows=4, max_row=5))
    with pytest.raises(InputError):
        list(R.chomp_p_positions(rows=0, max_row=5))
    with pytest.raises(InputError):
        R.chomp_p_positions(rows=3, max_row=-1)
    with pytest.raises(TooLargeError):
        R.chomp_p_positions(rows=3, max_row=R.MAX_P_ROW + 1)


# -- size limit -------------------------------------------------------------------------------


def test_too_large():
    with pytest.raises(TooLargeError, match="chomp:12x13"):
        nim_value(rectangle(12, 13))
    with pytest.raises(TooLargeError):
        winning_moves(rectangle(4, 4), max_diagrams=10)
    with pytest.raises(TooLargeError):
        nim_value(ChompPosition((10**9,)))
    with pytest.raises(TooLargeError, match="moves"):  # few positions, too many moves
        nim_value(ChompPosition((10**5,)))
    assert nim_value(ChompPosition((300,))) == 299  # a long row is fine: a Nim heap
    assert issubclass(TooLargeError, InputError)


# -- search limits ----------------------------------------------------------------------------


def test_position_limit_stops_the_search():
    R.clear_cache()
    with pytest.raises(SearchLimitReached) as stop:
        nim_value(rectangle(9, 9), max_positions=10)
    assert stop.value.reason == "position limit 10" and stop.value.positions == 10
    assert "search stopped at the position limit 10" in str(stop.value)
    # the same keywords on every Chomp answer, counted per call
    for answer in (winning_moves, R.option_values, outcome, analyze_chomp):
        R.clear_cache()
        with pytest.raises(SearchLimitReached, match="position limit 10"):
            answer(rectangle(9, 9), max_positions=10)
    # over the default size limit, a search with a limit stops at that limit
    with pytest.raises(SearchLimitReached, match="position limit 20"):
        nim_value(rectangle(14, 14), max_positions=20)


def test_time_limit_stops_the_search():
    R.clear_cache()
    start = time.perf_counter()
    with pytest.raises(SearchLimitReached) as stop:
        nim_value(rectangle(12, 12), time_limit=0.001)
    assert stop.value.reason == "time limit 0.001 s" and time.perf_counter() - start < 1
    with pytest.raises(SearchLimitReached, match="time limit"):
        analyze_chomp(rectangle(14, 14), time_limit=0.01)


def test_a_stopped_search_leaves_exact_values():
    """What a stopped search stored is exact: finishing afterwards gives the
    table a search from scratch gives."""
    R.clear_cache()
    value = nim_value(rectangle(6, 7))
    fresh = dict(R.values._TABLE)
    R.clear_cache()
    for limit in (1, 10, 100):
        with pytest.raises(SearchLimitReached):
            nim_value(rectangle(6, 7), max_positions=limit)  # counts only what this call values
    assert nim_value(rectangle(6, 7), max_positions=10**6, time_limit=60) == value
    assert R.values._TABLE == fresh
    # known values cost nothing: no limit is reached
    assert nim_value(rectangle(6, 7), max_positions=0) == value
    assert analyze_chomp(rectangle(6, 7), max_positions=0)["stats"]["positions"] == count_subdiagrams(rectangle(6, 7))
    # Nim is not searched
    assert nim_value("nim:3,4", max_positions=0) == 7


def test_size_limits_keep_their_meaning_with_search_limits():
    R.clear_cache()
    with pytest.raises(TooLargeError):  # max_diagrams still refuses first
        nim_value(rectangle(4, 4), max_diagrams=10, max_positions=10**6)
    with pytest.raises(TooLargeError, match="chomp:12x13"):  # and so does the default, without a search limit
        nim_value(rectangle(12, 13))


# -- Nim --------------------------------------------------------------------------------------

heaps_st = st.lists(st.integers(0, 40), min_size=1, max_size=6)


@settings(max_examples=300, deadline=None)
@given(heaps_st)
def test_nim_value_and_winning_moves(heaps):
    s = reduce(xor, heaps, 0)
    assert nim_sum(heaps) == s
    assert nim_value(NimPosition(tuple(heaps))) == s
    assert nim_value("nim:" + ",".join(map(str, heaps))) == s
    every_move = [(i, t) for i, h in enumerate(heaps, 1) for t in range(h)]
    to_zero = [(i, t) for i, t in every_move if reduce(xor, heaps[: i - 1] + [t] + heaps[i:], 0) == 0]
    assert nim_winning_moves(heaps) == to_zero
    assert (s == 0) == (to_zero == [])


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 4), min_size=1, max_size=4))
def test_nim_is_chomp_on_disjoint_chains(heaps):
    assert brute_nim(tuple(heaps)) == nim_sum(heaps)


def test_nim_two_chains_in_the_rectangular_solver():
    """Two heaps are an L in the rectangular solver (one chain in row 1, one in column 1)."""
    for a in range(0, 9):
        for b in range(0, 9):
            assert nim_value(ChompPosition((a + 1,) + (1,) * b)) == nim_sum([a, b]) == brute_nim((a, b))


def test_nim_position_parsing():
    assert nim_position("nim:3,4,5") == NimPosition((3, 4, 5))
    assert nim_position("3, 4,5").heaps == (3, 4, 5)
    assert nim_position([0, 2]).heaps == (0, 2)
    for bad in ["nim:", "nim:a", "nim:3,-1", ""]:
        with pytest.raises(InputError):
            nim_position(bad)
    with pytest.raises(InputError, match="heap sizes must not be negative: -1"):
        NimPosition((3, -1))
    assert winning_moves("nim:3,4,5") == [(1, 1)]
    assert outcome("nim:1,2,3") == "P"


def test_analyze_nim():
    a = analyze_nim("nim:3,4,5")
    assert a["name"] == "nim:3,4,5" and a["game"] == "nim"
    assert a["value"] == 2 and a["outcome"] == "N"
    assert a["winning_moves"] == [{"heap": 1, "to": 1}]
    assert a["heaps"] == [3, 4, 5] and a["explanation"]
    assert set(a["stats"]) == {"positions", "seconds"}
    assert analyze_nim([1, 1])["winning_moves"] == []


# -- analyze_chomp ----------------------------------------------------------------------------


def test_analyze_chomp_schema():
    a = analyze_chomp(rectangle(4, 5), option_table=True)
    assert set(a) == {"name", "game", "value", "outcome", "winning_moves", "rows", "explanation", "stats",
                      "options"}
    assert a["name"] == "chomp:5,5,5,5" and a["game"] == "rectangular-chomp"
    assert a["rows"] == [5, 5, 5, 5]
    assert a["value"] == brute_chomp((5, 5, 5, 5))
    assert a["outcome"] == "N"
    assert a["stats"]["positions"] == comb(9, 4) - 1
    assert [(o["row"], o["column"]) for o in a["options"]] == sorted(cells_of((5,) * 4))
    for o in a["options"]:
        assert o["value"] == poset_value(brute_move((5,) * 4, (o["row"], o["column"])), "grid")
    assert a["winning_moves"] == [{"row": o["row"], "column": o["column"]} for o in a["options"] if o["value"] == 0]
    assert a["value"] == mex(o["value"] for o in a["options"])
    assert "options" not in analyze_chomp("chomp:4x5")
    assert analyze_chomp("chomp:4x5")["name"] == "chomp:4x5"
    json.dumps(a)


def test_explanations_quote_the_paper_and_the_computation():
    square = " ".join(analyze_chomp(rectangle(6, 6))["explanation"])
    assert "strategy stealing" in square and "(2,2)" in square and "only winning move" in square
    two = " ".join(analyze_chomp("chomp:7,7")["explanation"])
    assert "2 x n" in two and "(2,7)" in two
    assert "DOES NOT" not in two + square
    assert "Nim" in " ".join(analyze_chomp("chomp:5,1,1")["explanation"])
    p = analyze_chomp("chomp:1")
    assert p["value"] == 0 and p["winning_moves"] == [] and "poisoned" in " ".join(p["explanation"])


# -- the commands -----------------------------------------------------------------------------


@click.group(cls=_Group)
def cli() -> None:
    """A group like grundy.cli.main, holding only the commands tested here."""


cli.add_command(chomp_cmd)
cli.add_command(p_positions_cmd)
cli.add_command(nim_cmd)


def _runner() -> CliRunner:
    try:
        return CliRunner(mix_stderr=False)  # click < 8.2
    except TypeError:
        return CliRunner()  # click >= 8.2 keeps stderr apart


def run(*args: str):
    return _runner().invoke(cli, list(args), catch_exceptions=False, prog_name="grundy")


def ok(*args: str) -> str:
    result = run(*args)
    assert result.exit_code == 0, result.stderr
    assert result.stderr == ""
    return result.stdout


def bad(*args: str) -> str:
    result = run(*args)
    assert result.exit_code == 2, (args, result.stdout, result.stderr)
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("grundy: error: "), result.stderr
    return lines[0]


def test_cli_chomp_rectangle():
    out = ok("chomp", "4", "4")
    assert "nim-value: 6" in out and "outcome:   N" in out and "(2,2)" in out
    a = json.loads(ok("chomp", "3", "5", "--json", "--all"))
    assert a["name"] == "chomp:3x5" and a["rows"] == [5, 5, 5]
    assert a["value"] == brute_chomp((5, 5, 5)) == mex(o["value"] for o in a["options"])
    assert a["winning_moves"] == [{"row": r, "column": c} for r, c in winning_moves(rectangle(3, 5))]
    out = ok("chomp", "3", "5", "--all")
    assert "(3,4)" in out and "wins" in out
    assert json.loads(ok("chomp", "1", "1", "--json"))["outcome"] == "P"


def test_cli_chomp_any_position():
    a = json.loads(ok("chomp", "--rows", "5,3,3", "--json"))
    assert a["rows"] == [5, 3, 3] and a["value"] == brute_chomp((5, 3, 3))
    assert json.loads(ok("chomp", "--rows", "chomp:2x3", "--json"))["rows"] == [3, 3]
    assert "rows 5,3,3" in ok("chomp", "--rows", "5,3,3")


def test_cli_chomp_bad_input():
    assert bad("chomp", "0", "4") == "grundy: error: sizes must be positive"
    assert bad("chomp", "-3", "4") == "grundy: error: sizes must be positive"
    assert bad("chomp", "--rows", "3,5") == "grundy: error: row lengths must not increase: 3,5"
    assert bad("chomp", "--rows", "3,0") == "grundy: error: sizes must be positive"
    assert "positions to search" in bad("chomp", "12", "13")
    R.clear_cache()  # a search limit (exit 3, as for `grundy value`) counts the positions valued
    stopped = run("chomp", "4", "4", "--max-positions", "10")
    assert stopped.exit_code == 3 and "position limit 10" in stopped.stderr
    bad("chomp", "3", "x")
    bad("chomp", "3")
    bad("chomp")
    bad("chomp", "3", "3", "--rows", "3")
    bad("chomp", "--rows", "a,b")
    bad("chomp", "--jsn", "3", "3")
    bad("chomp", "3", "3", "--max-positions", "0")


def test_cli_p_positions():
    lines = ok("chomp-p-positions", "--rows", "3", "--max-row", "15").split()
    assert [tuple(map(int, x.split(","))) for x in lines] == list(R.chomp_p_positions(3, 15))
    a = json.loads(ok("chomp-p-positions", "--rows", "2", "--max-row", "30", "--json"))
    assert a["p_positions"] == [[n, n - 1] for n in range(1, 31)] and a["count"] == 30
    bad("chomp-p-positions", "--rows", "4")
    bad("chomp-p-positions", "--max-row", "-1")
    bad("chomp-p-positions", "--max-row", "x")
    assert "limit" in bad("chomp-p-positions", "--max-row", str(R.MAX_P_ROW + 1))


def test_cli_nim():
    out = ok("nim", "3", "4", "5")
    assert "nim-value: 2" in out and "heap 1 to 1 (take 2)" in out
    a = json.loads(ok("nim", "3", "4", "5", "--json"))
    assert a == {**analyze_nim([3, 4, 5]), "stats": a["stats"]}
    assert json.loads(ok("nim", "nim:1,2,3", "--json"))["outcome"] == "P"
    assert "none" in ok("nim", "1", "1")
    assert bad("nim", "3", "-1") == "grundy: error: heap sizes must not be negative: -1"
    bad("nim", "3", "a")
    bad("nim")
    bad("nim", "3", "--jsn")


def test_square_strategy_is_cited_for_squares_only() -> None:
    """Mangang's n x n line belongs to square boards, not to every diagram
    with as many rows as columns (chomp:2,1 once got it, wrongly)."""
    from grundy.games.chomp import analyze_chomp

    assert not any(line.startswith("square:") for line in analyze_chomp("chomp:2,1")["explanation"])
    square = [line for line in analyze_chomp("chomp:3x3")["explanation"] if line.startswith("square:")]
    assert square and "only winning move" in square[0]
