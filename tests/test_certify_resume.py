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


def _certifiers(monkeypatch: pytest.MonkeyPatch) -> list[Certifier]:
    """Every Certifier made from now on (to see what a run restored and made)."""
    made: list[Certifier] = []
    init = Certifier.__init__

    def spying(self: Certifier, *args: object, **kwargs: object) -> None:
        init(self, *args, **kwargs)  # type: ignore[arg-type]
        made.append(self)

    monkeypatch.setattr(Certifier, "__init__", spying)
    return made


@pytest.mark.parametrize("spec,outcome,made", CASES)
def test_a_stopped_certify_resumes_from_its_kept_records(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                        spec: str, outcome: bool, made: int) -> None:
    keep = str(tmp_path / "c.jsonl.partial")
    runs = _certifiers(monkeypatch)
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
    # the resumed run took the kept records and made only the rest
    one_go, _, again = runs
    assert again.restored == count and len(again.records) == len(one_go.records)
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
    for damage in (lines[:3] + ["not json"], lines[:3] + [json.dumps(entry | {"outcome": "no"})],
                   lines[:3] + [json.dumps(entry | {"record": {"graph6": "?"}})],
                   lines[:3] + [json.dumps({k: v for k, v in entry.items() if k != "outcome"})]):
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


def _kept_lines(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, spec: str = "wheel:11",
                outcome: bool = False, made: int = 40) -> tuple[Path, list[str]]:
    keep = tmp_path / "c.partial"
    with monkeypatch.context() as m:
        _stop_after(m, made)
        with pytest.raises(SearchLimitReached):
            certify_spec(spec, outcome=outcome, keep=str(keep))
    return keep, keep.read_text().splitlines()


def _with(lines: list[str], n: int, **change: object) -> list[str]:
    """``lines`` with the record of line ``n`` (1-based) changed."""
    entry = json.loads(lines[n - 1])
    entry["record"] = entry["record"] | change
    return lines[:n - 1] + [json.dumps(entry)] + lines[n:]


def test_kept_records_are_checked_before_they_are_trusted(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A kept value or outcome that is false, a position not in canonical
    form, a repeated record, a boolean for a value, or dependencies that
    leave the certificate short: each refused (InputError, exit 2 from the
    command), never a false value printed or a certificate written."""
    keep, lines = _kept_lines(tmp_path, monkeypatch)
    last = json.loads(lines[-1])["record"]
    bad = {
        "a false value": _with(lines, len(lines), value=last["value"] + 1),
        "a boolean value": _with(lines, 2, value=bool(json.loads(lines[1])["record"]["value"])),
        "a repeated record": lines + [lines[-1]],
    }
    # the same graph, its vertices relabelled (reversed): true, but not the certifier's canonical form
    from grundy import verify as V

    adj = V.graph6_decode(last["graph6"])
    n = len(adj)
    flipped = tuple(sum(1 << (n - 1 - w) for w in range(n) if adj[n - 1 - v] >> w & 1) for v in range(n))
    assert V.graph_form(flipped) == V.graph_form(adj)
    if V.graph6_encode(flipped) != last["graph6"]:
        bad["a position not in canonical form"] = _with(lines, len(lines), graph6=V.graph6_encode(flipped))
    for what, damaged in bad.items():
        keep.write_text("\n".join(damaged) + "\n")
        with pytest.raises(InputError, match="kept records") as refused:
            certify_spec("wheel:11", keep=str(keep))
        assert str(keep) in str(refused.value), what
    runner = CliRunner()
    out = tmp_path / "c"
    Path(f"{out}.partial").write_text("\n".join(bad["a false value"]) + "\n")
    r = runner.invoke(_cli, ["certify", "wheel:11", "-o", str(out)])
    assert r.exit_code == 2 and "damaged kept records" in r.output and not out.exists(), r.output
    assert Path(f"{out}.partial").exists()  # left for the user to look at


def test_a_false_kept_outcome_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    keep, lines = _kept_lines(tmp_path, monkeypatch, "random:9,0.5,2", outcome=True)
    flips = [n for n, t in enumerate(lines[1:], start=2) if "outcome" in json.loads(t)["record"]]
    assert flips
    entry = json.loads(lines[flips[0] - 1])
    record = {k: v for k, v in entry["record"].items() if k not in ("move", "by", "outcome", "replies")}
    if entry["record"]["outcome"] == "N":  # claimed P, with no replies
        record |= {"outcome": "P", "by": "replies", "replies": []}
    else:  # claimed N, by a move to an option that is N
        record |= {"outcome": "N", "by": "move", "move": 0}
    damaged = lines[:flips[0] - 1] + [json.dumps(entry | {"record": record})] + lines[flips[0]:]
    keep.write_text("\n".join(damaged) + "\n")
    with pytest.raises(InputError, match="damaged kept records"):
        certify_spec("random:9,0.5,2", outcome=True, keep=str(keep))


def test_a_stop_before_any_record_keeps_no_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    keep = tmp_path / "c.partial"
    with monkeypatch.context() as m:
        _stop_after(m, 0)
        with pytest.raises(SearchLimitReached) as stop:
            certify_spec("wheel:11", keep=str(keep))
    assert stop.value.kept == (str(keep), 0) and not keep.exists()  # type: ignore[attr-defined]
    with monkeypatch.context() as m:
        _stop_after(m, 0)
        r = CliRunner().invoke(_cli, ["certify", "wheel:11", "-o", str(tmp_path / "c")])
    assert r.exit_code == 3 and "no record was made to keep" in r.output and "resumes" not in r.output, r.output


def test_a_failed_write_leaves_no_temporary_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    keep = tmp_path / "c.partial"

    def refuse(src: str, dst: str) -> None:
        raise OSError("disk full")

    with monkeypatch.context() as m:
        _stop_after(m, 20)
        m.setattr("grundy.certify.partial.os.replace", refuse)
        with pytest.raises(SearchLimitReached) as stop:
            certify_spec("wheel:11", keep=str(keep))
    assert stop.value.kept == (str(keep), None)  # type: ignore[attr-defined]
    assert list(tmp_path.iterdir()) == []


def test_ctrl_c_says_so_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def interrupted(self: Certifier) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(Certifier, "_tick", interrupted)
    r = CliRunner().invoke(_cli, ["certify", "wheel:11", "-o", str(tmp_path / "c")])
    assert r.exit_code == 130 and r.output.count("interrupted") == 1, r.output


def test_a_resume_under_a_time_limit_gets_its_time_for_the_search(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """The check of the kept records does not count against --time-limit:
    repeated runs under a limit shorter than the check still make records
    (before, each resumed run stopped at once, having made none)."""
    keep, lines = _kept_lines(tmp_path, monkeypatch)
    import time

    from grundy.certify import partial

    record = V._Checker.record

    def slow(self: V._Checker, *args: object) -> None:
        time.sleep(0.05)
        record(self, *args)  # type: ignore[arg-type]

    runs = _certifiers(monkeypatch)
    monkeypatch.setattr(partial.V._Checker, "record", slow)  # the check takes 2 s and more
    try:
        cert = certify_spec("wheel:11", time_limit=1.5, keep=str(keep))
    except SearchLimitReached as stop:
        assert stop.positions > 0 and stop.kept[1] > len(lines) - 1  # type: ignore[attr-defined]
    else:
        assert cert.header["value"] == 1
    assert runs[-1].restored == len(lines) - 1 and len(runs[-1].records) > runs[-1].restored


def _records_without_replies(lines: list[str]) -> list[int]:
    return [n for n, t in enumerate(lines[1:], start=2)
            if json.loads(t)["record"].get("by") == "mex" and "replies" not in json.loads(t)["record"]]


def test_each_check_of_the_kept_records_refuses_on_its_own(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Damage the independent checker alone would let through: a true mex
    record whose graph is relabelled (its options in another order, none
    named), a field the certifier does not write, a line with a key more, an
    outcome flag that does not match its record."""
    keep, lines = _kept_lines(tmp_path, monkeypatch)
    bad: dict[str, list[str]] = {}
    for n in _records_without_replies(lines):
        record = json.loads(lines[n - 1])["record"]
        adj = V.graph6_decode(record["graph6"])
        k = len(adj)
        flipped = tuple(sum(1 << (k - 1 - w) for w in range(k) if adj[k - 1 - v] >> w & 1) for v in range(k))
        if V.graph6_encode(flipped) != record["graph6"]:
            relabelled = _with(lines, n, graph6=V.graph6_encode(flipped))
            checker, report = V._Checker("graph", "chomp", V.CHECK_BELOW), V.Report()
            for i, t in enumerate(relabelled[1:n], start=2):
                checker.record(json.loads(t)["record"], i, report)  # true: the checker alone takes it
            bad["not written in its canonical form"] = relabelled[:n]
            break
    assert "not written in its canonical form" in bad  # a relabelled record was found
    bad["fields the certifier does not write: note"] = _with(lines, 2, note="trust me")
    entry = json.loads(lines[1])
    bad["not a kept record"] = [lines[0], json.dumps(entry | {"extra": 1})] + lines[2:]
    entry = json.loads(lines[1])
    bad["an outcome record where a value record belongs"] = [lines[0], json.dumps(entry | {"outcome": True})]
    for what, damaged in bad.items():
        keep.write_text("\n".join(damaged) + "\n")
        with pytest.raises(InputError, match="damaged kept records") as refused:
            certify_spec("wheel:11", keep=str(keep))
        assert what in str(refused.value), (what, str(refused.value))


def test_kept_records_rest_on_what_the_checker_looked_up(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The file names no dependencies: each kept record rests on the records
    the checker looked up to check it, so a certificate resumed from most of
    W_11's 395 records holds every record it needs (those kept early on are
    all referred to by records made after the resume; those kept late are
    not) and verifies, with the records of a run in one go."""
    whole = certify_spec("wheel:11")
    keep, lines = _kept_lines(tmp_path, monkeypatch, made=300)
    assert all(set(json.loads(t)) == {"record", "outcome"} for t in lines[1:])
    resumed = certify_spec("wheel:11", keep=str(keep))
    graph6 = lambda cert: sorted(r["graph6"] for r in cert.records)  # noqa: E731 - the replies may differ
    assert graph6(resumed) == graph6(whole)
    out = tmp_path / "w.jsonl"
    write_certificate(resumed, str(out))
    assert V.verify_file(str(out)).value == 1


def test_a_changed_file_is_another_root(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A spec naming a file keeps its records under the position it held: the
    file changed, the records are refused as another root's."""
    from itertools import combinations

    facets = tmp_path / "gale5.facets"
    facets.write_text("".join(" ".join(map(str, f)) + "\n" for f in combinations(range(1, 6), 4)))
    keep = tmp_path / "c.partial"
    with monkeypatch.context() as m:
        _stop_after(m, 2)
        with pytest.raises(SearchLimitReached):
            certify_spec(str(facets), keep=str(keep))
    facets.write_text(facets.read_text() + "6 7\n")
    with pytest.raises(InputError, match="another root position"):
        certify_spec(str(facets), keep=str(keep))


def test_kept_records_that_are_not_a_regular_file_are_refused(tmp_path: Path) -> None:
    import os

    fifo = tmp_path / "c.partial"
    os.mkfifo(fifo)  # reading it would wait for a writer for ever
    with pytest.raises(InputError, match="not a regular file"):
        certify_spec("wheel:11", keep=str(fifo))
