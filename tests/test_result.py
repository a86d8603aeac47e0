"""One result type: every kind's JSON object round-trips through
:class:`grundy.analysis.Analysis` (``from_json`` then ``to_json``) to the
same object, and its moves through :class:`grundy.core.moves.Move`."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from grundy.analysis import Analysis
from grundy.cli import main
from grundy.core.moves import Move
from grundy.readwrite.kinds import kind_of


def _lines(*args: str) -> list[dict]:
    result = CliRunner().invoke(main, list(args), catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return [json.loads(line) for line in result.stdout.splitlines()]


@pytest.mark.parametrize(
    "spec", ["divisors:30", "chain:3", "skeleton:4,2", "simplex-boundary:4", "chomp:5,3,3", "nim:3,4,5", "octal:0.07:5,3"]
)
@pytest.mark.parametrize("extra", [[], ["--all"], ["--misere"], ["--misere", "--all"]])
def test_other_kinds_round_trip(spec: str, extra: list[str]) -> None:
    (obj,) = _lines("moves", spec, "--json", *extra)
    again = Analysis.from_json(obj, kind_of(spec)).to_json()
    assert again == obj


@pytest.mark.parametrize("spec", ["wheel:9", "path:4", "petersen"])
def test_graph_moves_round_trip(spec: str) -> None:
    (obj,) = _lines("moves", spec, "--json", "--all")
    for m in obj["winning_moves"] + obj["options"]:
        plain = {k: v for k, v in m.items() if k != "value"}
        assert Move.from_json(plain).to_json() == plain


def test_move_text_for_every_kind() -> None:
    assert str(Move(element=30)) == "element 30"
    assert str(Move(face=(1, 4))) == "{1,4}"
    assert str(Move(row=2, column=3)) == "(2,3)"
    assert str(Move(heap=1, to=0)) == "heap 1 to 0"
    assert str(Move(heap=2, to=(1, 2))) == "heap 2 to 1+2" and str(Move(heap=1, to=())) == "heap 1 to nothing"
    assert str(Move(edge=("a-b", "c"))) == 'remove edge "a-b"-c'
