"""Counts in the CLI's output agree in number with their noun: "1 position",
"1 vertex", "1 square", never "1 positions".

Each case below makes some count come out as exactly 1 (a search over one
position, a graph with one edge, a complex with one facet, a Chomp arm of
one square, a search stopped after one position, ...); no output may then
read "1" followed by a plural noun.
"""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from grundy.cli import main
from grundy.errors import SearchLimitReached

BAD = re.compile(  # "n=1 values  1:1" (the census's histogram of order 1) is a label, not a count
    r"(?<![\w=.])1 (positions|vertices|edges|elements|relations|facets|squares|hits|table hits|forms|closed forms"
    r"|reductions|components|parameters|values|sets|listed sets|graphs|lines|heaps|bytes|counters)\b"
)


def _runner() -> CliRunner:
    try:
        return CliRunner(mix_stderr=False)  # click < 8.2
    except TypeError:
        return CliRunner()  # click >= 8.2 keeps stderr apart


def _output(*args: str) -> tuple[int, str]:
    result = _runner().invoke(main, list(args), catch_exceptions=False)
    return result.exit_code, result.stdout + result.stderr


CASES = [
    # (arguments, exit code, singular phrases the output must contain)
    (["value", "path:2", "--no-theory"], 0, ["(2 vertices, 1 edge)", "2 vertices, 1 edge, no closed form"]),
    (["value", "path:1", "--no-theory"], 0, ["(1 vertex, 0 edges)", "1 vertex, 0 edges, no closed form"]),
    (["value", "path:3"], 0, ["1 closed form", "1 reduction)"]),
    (["value", "chain:2", "--no-theory"], 0, ["2 elements, 1 relation, no shortcut"]),
    (["value", "chain:3", "--no-theory"], 0, []),
    (["value", "empty:2", "--no-theory"], 0, []),
    (["value", "simplex:2", "--no-theory"], 0, ["2 vertices, 1 facet, f-vector"]),
    (["value", "wheel:9", "--max-positions", "1"], 3, ["after 1 position in"]),
    (["value", "skeleton:5"], 2, ["got 1 parameter"]),
    (["rect-chomp", "1", "1"], 0, ["1 square,", "over all 1 position reachable", "searched 1 position in"]),
    (["rect-chomp", "1", "2"], 0, ["2 squares,"]),
    (["value", "chomp:1"], 0, ["searched 1 position in"]),
    (["value", "chomp:2,2"], 0, ["two arms of 1 square,"]),
    (["value", "chomp:2,1"], 0, ["two chains of 1 square each"]),
    (["value", "chomp:3,1"], 0, ["two chains of 2 squares and 1 square"]),
    (["chomp", "2", "2"], 0, ["two arms of 1 square,"]),
    # issue 32: the census's count, the headings of the other kinds
    (["census", "1", "--no-progress", "--workers", "1"], 0, ["class all: 1 graph in"]),
    (["value", "nim:1"], 0, ["nim:1  (Nim, 1 heap)"]),
    (["value", "octal:0.07:1"], 0, ["(octal game 0.07, 1 heap)"]),
    (["value", "chomp:1"], 0, ["chomp:1  (Chomp board, 1 square)"]),
    (["value", "chain:1"], 0, ["chain:1  (poset, 1 element)"]),
    (["value", "simplex:1"], 0, ["simplex:1  (simplicial complex, 1 vertex, 1 facet; subset take-away)"]),
    (["play", "nim:1,2"], 0, []),
]


@pytest.mark.parametrize(("args", "code", "phrases"), CASES, ids=[" ".join(c[0]) for c in CASES])
def test_no_one_with_a_plural_noun(args, code, phrases):
    exit_code, out = _output(*args)
    assert exit_code == code, out
    assert not BAD.search(out), BAD.search(out).group(0) + "\n" + out
    for phrase in phrases:
        assert phrase in out, (phrase, out)


def test_facet_file_with_one_redundant_set(tmp_path):
    path = tmp_path / "one.facets"
    path.write_text("1 2 3\n1 2\n")
    exit_code, out = _output("value", str(path))
    assert exit_code == 0, out
    assert not BAD.search(out), out
    assert "1 listed set is not a facet" in out and "with 1 facet" in out


def test_search_limit_message_counts_positions():
    assert "after 1 position in" in str(SearchLimitReached("position limit 1", 1, 0.0))
    assert "after 2 positions in" in str(SearchLimitReached("position limit 2", 2, 0.0))


def test_certificate_and_census_files_count_in_the_singular(tmp_path):
    exit_code, out = _output("certify", "path:1", "-o", str(tmp_path / "one.jsonl"))
    assert exit_code == 0, out
    assert not BAD.search(out), out
    assert "wrote " + str(tmp_path / "one.jsonl") + ": 1 position (1 by the mex rule" in out
    exit_code, out = _output("census", "1", "--no-progress", "--workers", "1", "--output", str(tmp_path / "c.tsv"))
    assert exit_code == 0, out
    assert not BAD.search(out), out
    assert "wrote 1 line (graph6, a tab, its nim-value)" in out


def test_play_counts_in_the_singular():
    """Messages of the terminal game: one heap, one counter, one move."""
    from click.testing import CliRunner

    out = CliRunner().invoke(main, ["play", "nim:1"], input="1 1\n2 0\n#2\n").output
    assert "because a move takes at least one counter (heap 1 has 1 counter)" in out
    assert "there is no heap 2 (one heap, heap 1)" in out
    assert "no move #2: the list has one move, #1" in out
    assert not BAD.search(out), out
