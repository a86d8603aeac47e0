"""Certificates of octal games on heaps (grundy.certify, kind "heaps"): the
checker's heap moves against a plain reading of the code, every heap up to
25 tokens under several codes certified and checked against grundy's
nim-sequences, single mutations rejected, bad codes and heaps refused."""

from __future__ import annotations

import json
import random
from functools import cache
from pathlib import Path

import pytest
from click.testing import CliRunner

import grundy
from grundy import verify as V
from grundy.certify import certify_spec
from grundy.cli import main
from grundy.games.octal import nim_sequence
from helpers import Mutants, rejected_kinds

#: Codes with every kind of digit: Dawson's Kayles, Kayles, Dawson's Chess, splits without
#: removing (4.07), a repeating digit, bit 4 alone, and a code whose moves take whole heaps only.
CODES = ["0.07", "0.77", "0.137", "4.07", "0.3(4)", "0.4", "0.6", "0.0001", "4.0"]


def _digit(code: str, k: int) -> int:
    before, _, after = code.partition(".")
    repeat = 0
    if after.endswith(")"):
        after, repeat = after[:-3], int(after[-2])
    if k == 0:
        return int(before or 0)
    return int(after[k - 1]) if k <= len(after) else repeat


@cache
def _plain_value(code: str, n: int) -> int:
    """The nim-value of one heap by the definition: the mex over every
    position a removal of k tokens may leave, by the bits of d_k."""
    seen = set()
    for k in range(n + 1):
        d = _digit(code, k)
        rest = n - k
        if k and d & 1 and rest == 0:
            seen.add(0)
        if k and d & 2 and rest:
            seen.add(_plain_value(code, rest))
        if d & 4:
            for a in range(1, rest):
                seen.add(_plain_value(code, a) ^ _plain_value(code, rest - a))
    v = 0
    while v in seen:
        v += 1
    return v


@pytest.mark.parametrize("code", CODES)
def test_heap_options_read_the_code_as_its_definition(code: str) -> None:
    """The checker's options of each heap (their nim-values, by the plain
    definition) give the plain value, and grundy's nim-sequence agrees."""
    game = V.OCTAL_PREFIX + code
    digits = V.octal_digits(game)
    sequence = nim_sequence(code, 30)
    for n in range(31):
        opts = list(V.heaps_options(game, (n,) if n else ()))
        assert len(opts) == (V._heap_option_count(digits, n) if n else 0)
        got = V.mex({_xor(_plain_value(code, h) for h in opt) for opt in opts})
        assert got == _plain_value(code, n) == sequence[n], (code, n)


def _xor(values) -> int:
    total = 0
    for v in values:
        total ^= v
    return total


@pytest.mark.parametrize("code", CODES)
def test_every_heap_up_to_25_certifies_and_verifies(code: str) -> None:
    sequence = nim_sequence(code, 25)
    for n in range(26):
        cert = certify_spec(f"octal:{code}:{n}")
        assert cert.header["kind"] == "heaps" and cert.header["game"] == V.OCTAL_PREFIX + code
        assert V.verify_lines(cert.lines()).value == cert.header["value"] == sequence[n]
        won = certify_spec(f"octal:{code}:{n},3", outcome=True)
        expected = "P" if sequence[n] ^ sequence[3] == 0 else "N"
        assert V.verify_lines(won.lines()).outcome == won.header["outcome"] == expected


def _mutants(lines: list[str], rng: random.Random) -> list[tuple[str, list[str]]]:
    """Single changes that make a certificate false: the root's claim, a
    record's value, a record dropped, a record's heap one token larger."""
    m = Mutants(lines)
    m.root_changed()
    for i, r in enumerate(m.records):
        recs = m.copy()
        recs[i]["value"] = r["value"] + rng.choice([1, 2])
        m.emit("value changed", recs)
        m.dropped(i)
        recs = m.copy()
        recs[i]["heaps"] = [r["heaps"][0] + 1]
        if all(x["heaps"] != recs[i]["heaps"] for x in m.records):
            m.emit("position changed", recs)
    return m.out


@pytest.mark.parametrize("spec,outcome", [("octal:0.07:12,5", False), ("octal:kayles:9", False),
                                          ("octal:0.137:14", True), ("octal:4.07:8", True)])
def test_every_single_mutation_is_rejected(spec: str, outcome: bool) -> None:
    lines = certify_spec(spec, outcome=outcome).lines()
    V.verify_lines(lines)
    assert {"root changed", "value changed", "dropped"} <= rejected_kinds(_mutants(lines, random.Random(spec)))


def test_bad_codes_and_heaps_are_malformed() -> None:
    for game in ["octal:0.8", "octal:1.07", "octal:0.07(44)", "octal:007", "nim", "octal:0.0(0)"]:
        with pytest.raises(V.Malformed):
            V.octal_digits(game)
    head = {"format": V.FORMAT, "version": V.VERSION, "kind": "heaps", "game": "octal:0.07", "value": 0}
    for root in [{"heaps": [-1]}, {"heaps": [1.5]}, {"heaps": [V.MAX_HEAP + 1]}, {"heaps": "3"}]:
        with pytest.raises(V.Malformed, match="heaps"):
            V.verify_lines([json.dumps(head | {"root": root}), json.dumps({"end": True, "records": 0})])
    with pytest.raises(V.Malformed, match="kind and game"):
        V.verify_lines([json.dumps(head | {"game": "kayles", "root": {"heaps": [1]}})])
    record = {"heaps": [2, 3], "value": 1, "by": "mex"}  # a record is one heap: a connected position
    with pytest.raises(V.Malformed, match="connected"):
        V.verify_lines([json.dumps(head | {"value": 1, "root": {"heaps": [2, 3]}}), json.dumps(record),
                        json.dumps({"end": True, "records": 1})])


def test_cli(tmp_path: Path) -> None:
    out = tmp_path / "o.jsonl.gz"
    runner = CliRunner()
    result = runner.invoke(main, ["certify", "octal:dawsons-kayles:40,7", "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert f"nim-value {grundy.nim_value('octal:0.07:40,7')}" in result.output
    result = runner.invoke(main, ["verify", str(out)])
    assert result.exit_code == 0 and "(octal:0.07)" in result.output, result.output
    for args, words in [(["octal:0.07:2001"], "at most 2000 tokens"), (["octal:0.3(4):1000"], "options in all"),
                        (["octal:0.07:5", "--game", "arc-kayles"], "--game arc-kayles")]:
        result = runner.invoke(main, ["certify", *args, "-o", str(out)])
        assert result.exit_code == 2 and words in result.output, (args, result.output)


def test_records_cannot_stall_the_checker() -> None:
    """Review finding: a game with few options and large heaps made the
    checker loop over every removal of every heap unbudgeted. Now a finite
    code looks only at its listed removals, and a repeating one has its
    loops charged: 1,024 large heaps under a repeating code are refused as
    malformed at once, and under a finite code cost no loop over the heap."""
    head = {"format": V.FORMAT, "version": V.VERSION, "kind": "heaps", "root": {"heaps": [1]},
            "proves": "outcome", "outcome": "P"}
    heaps = [V.MAX_HEAP - i for i in range(1024)]
    record = json.dumps({"heaps": heaps, "outcome": "P", "by": "replies", "replies": []})
    end = json.dumps({"end": True, "records": 1})
    with pytest.raises(V.Malformed, match="removals"):
        V.verify_lines([json.dumps(head | {"game": "octal:0.(1)"}), record, end])
    assert len(V._removals(V.octal_digits("octal:0."), V.MAX_HEAP)) == 1
    assert len(V._removals(V.octal_digits("octal:0.07"), V.MAX_HEAP)) == 3
    with pytest.raises(V.Malformed, match="options add up"):  # ~5,000 splits a heap: over the budget
        V.verify_lines([json.dumps(head | {"game": "octal:0.07"}), record, end])
