"""A stopped ``grundy certify`` keeps its records (``FILE.partial``) and the
same command resumes from them: the finished certificate verifies and
proves what a run in one go proves, for every kind of position."""

from __future__ import annotations

import json
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from grundy import verify as V
from grundy.certify import certify_spec, write_certificate
from grundy.certify.search import Certifier
from grundy.cli.certify import certify, verify
from grundy.errors import InputError, SearchLimitReached


@click.group()
def _cli() -> None:
    pass


_cli.add_command(certify, "certify")
_cli.add_command(verify, "verify")

#: (spec, outcome, records made before the stop): every kind certify takes, value and outcome
CASES = [
    ("wheel:11", False, 150),
    ("random:9,0.5,2", True, 80),
    ("simplex-boundary:5", False, 3),
    ("simplex-boundary:5", True, 3),
    ("divisors:360", False, 100),
    ("chomp:5,5,5,5", True, 5),
    ("nim:7,9,12", False, 5),
    ("octal:0.07:300", False, 120),
]


def _stop_after(monkeypatch: pytest.MonkeyPatch, records: int) -> None:
    """The certifier stops (as at its position limit) once ``records`` are
    made in this run, whatever the engine's searches for hints cost."""
    tick = Certifier._tick

    def stopping(self: Certifier) -> None:
        if len(self.records) - self.restored >= records:
            raise SearchLimitReached("test stop", records, 0.0)
        tick(self)

    monkeypatch.setattr(Certifier, "_tick", stopping)


@pytest.mark.parametrize("spec,outcome,made", CASES)
def test_a_stopped_certify_resumes_from_its_kept_records(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                        spec: str, outcome: bool, made: int) -> None:
    keep = str(tmp_path / "c.jsonl.partial")
    whole = certify_spec(spec, outcome=outcome)
    with monkeypatch.context() as m:
        _stop_after(m, made)
        with pytest.raises(SearchLimitReached) as stop:
            certify_spec(spec, outcome=outcome, keep=keep)
    path, count = stop.value.kept  # type: ignore[attr-defined]
    assert path == keep and count >= made  # records finished between two ticks are kept too
    lines = Path(keep).read_text().splitlines()
    assert json.loads(lines[0])["spec"] == spec and len(lines) == 1 + count
    resumed = certify_spec(spec, outcome=outcome, keep=keep)
    assert resumed.header == whole.header
    assert len(resumed.records) == len(whole.records)
    out = tmp_path / "c.jsonl"
    write_certificate(resumed, str(out))
    report = V.verify_file(str(out))
    assert report.outcome == whole.header["outcome"]


def test_kept_records_of_another_certificate_or_damaged_are_refused(tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    keep = tmp_path / "c.partial"
    with monkeypatch.context() as m:
        _stop_after(m, 30)
        with pytest.raises(SearchLimitReached):
            certify_spec("wheel:11", keep=str(keep))
    for other in (dict(spec="wheel:13"), dict(spec="wheel:11", outcome=True), dict(spec="wheel:11", theory=False),
                  dict(spec="wheel:11", game="node-kayles")):
        with pytest.raises(InputError, match="kept records of another certificate"):
            certify_spec(keep=str(keep), **other)  # type: ignore[arg-type]
    lines = keep.read_text().splitlines()
    entry = json.loads(lines[5])
    for damage in (lines[:3] + ["not json"], lines[:3] + [json.dumps(entry | {"deps": [99]})],
                   lines[:3] + [json.dumps(entry | {"record": {"graph6": "?"}})],
                   lines[:3] + [json.dumps({k: v for k, v in entry.items() if k != "deps"})]):
        keep.write_text("\n".join(damage) + "\n")
        with pytest.raises(InputError, match="damaged kept records"):
            certify_spec("wheel:11", keep=str(keep))


def test_ctrl_c_keeps_the_records_too(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    keep = str(tmp_path / "c.partial")
    tick = Certifier._tick

    def interrupted(self: Certifier) -> None:
        if len(self.records) >= 25:
            raise KeyboardInterrupt
        tick(self)

    with monkeypatch.context() as m:
        m.setattr(Certifier, "_tick", interrupted)
        with pytest.raises(KeyboardInterrupt) as stop:
            certify_spec("wheel:11", keep=keep)
    assert stop.value.kept[0] == keep and stop.value.kept[1] >= 25  # type: ignore[attr-defined]
    assert certify_spec("wheel:11", keep=keep).header["value"] == 1


def test_cli_keeps_resumes_and_removes_the_kept_records(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    runner = CliRunner()
    out = tmp_path / "w.jsonl.gz"
    with monkeypatch.context() as m:
        _stop_after(m, 60)
        r = runner.invoke(_cli, ["certify", "wheel:11", "-o", str(out)])
    assert r.exit_code == 3 and f"records made so far are kept in {out}.partial" in r.output, r.output
    assert not out.exists() and Path(f"{out}.partial").exists()
    r = runner.invoke(_cli, ["certify", "wheel:11", "-o", str(out)])
    assert r.exit_code == 0 and "nim-value 1" in r.output, r.output
    assert out.exists() and not Path(f"{out}.partial").exists()
    assert runner.invoke(_cli, ["verify", str(out)]).exit_code == 0
    # records that cannot be kept (no directory for the file) are said so, not a traceback
    with monkeypatch.context() as m:
        _stop_after(m, 5)
        r = runner.invoke(_cli, ["certify", "wheel:11", "-o", str(tmp_path / "no" / "dir.jsonl")])
    assert r.exit_code == 3 and "could not be kept" in r.output, r.output
