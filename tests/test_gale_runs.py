"""Long runs of Gale's game with a table file (issue 11, part 3): the first
moves are settled first and recorded with the search's counters in the
checkpoint summary TABLE.summary.json; a run stopped at its limit resumes
from the table."""

from __future__ import annotations

import json
from pathlib import Path

from grundy.cli import main
from grundy.games.complexes import gale_first_moves
from helpers import cli_runner


def _summary(table: Path) -> dict:
    return json.loads(Path(str(table) + ".summary.json").read_text(encoding="utf-8"))


def test_summary_of_a_finished_run(tmp_path: Path) -> None:
    table = tmp_path / "g5.db"
    result = cli_runner().invoke(main, ["value", "simplex-boundary:5", "--table", str(table), "--json"])
    assert result.exit_code == 0, result.output
    answer = json.loads(result.output.strip().splitlines()[-1])
    s = _summary(table)
    assert s["state"] == f"done: value {answer['value']}"
    assert s["first_moves"] == [{"face_size": k, "value": v} for k, v in gale_first_moves(5)]
    assert s["first_moves"] == answer["first_moves"]
    assert (s["settled"], s["of"]) == (4, 4)
    assert s["positions"] > 0 and s["values_known"] > 0


def test_stopped_run_keeps_its_settled_first_moves_and_resumes(tmp_path: Path) -> None:
    table = tmp_path / "g6.db"
    stopped = cli_runner().invoke(main, ["value", "simplex-boundary:6", "--table", str(table),
                                         "--max-positions", "3000"])
    assert stopped.exit_code == 3
    s = _summary(table)
    assert s["state"].startswith("stopped: position limit")
    truth = [{"face_size": k, "value": v} for k, v in gale_first_moves(6)]
    assert s["first_moves"] == truth[: s["settled"]]
    resumed = cli_runner().invoke(main, ["value", "simplex-boundary:6", "--table", str(table), "--json"])
    assert resumed.exit_code == 0, resumed.output
    again = _summary(table)
    assert again["state"] == "done: value 0" and again["first_moves"] == truth
    # the second run started from the first one's table: it expanded fewer positions than a fresh run
    fresh = tmp_path / "fresh.db"
    assert cli_runner().invoke(main, ["value", "simplex-boundary:6", "--table", str(fresh)]).exit_code == 0
    assert again["positions"] < _summary(fresh)["positions"]
