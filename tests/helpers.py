"""Shared helpers for the tests: independent move application and values."""

from __future__ import annotations

import subprocess
from collections.abc import Callable
from typing import Any

import networkx as nx
from click.testing import CliRunner

from grundy import Graph, Solver, Theory
from grundy.analysis import Move


def value(g: Graph, solver: Solver) -> int:
    """Nim-value of ``g`` with ``solver`` (whole graph, any components)."""
    return solver.value_of(*solver.decompose(g.adj))


def apply_move(g: Graph, move: Move) -> Graph:
    """The graph after ``move``, built with networkx (independent of the
    engine's bitset move code)."""
    G = g.to_networkx()
    if move.edge is not None:
        G.remove_edge(*move.edge)
    else:
        G.remove_node(move.vertex)
    return Graph.from_networkx(G)


def all_moves(g: Graph) -> list[Move]:
    """Every Graph Chomp move of ``g``: each vertex, then each edge."""
    return [Move(vertex=v) for v in g.labels] + [Move(edge=e) for e in g.edges()]


def pure_solver() -> Solver:
    """A solver with every theorem off (search, splitting and table only)."""
    return Solver(Theory.none())


def reductions_only() -> Solver:
    """A solver using only the value-preserving reductions (no closed form):
    values are computed by search from the graph, not read off a formula."""
    return Solver(Theory.only("twins", "involutions", "cancel_pairs"))


def gnp(n: int, p: float, seed: int) -> Graph:
    return Graph.from_networkx(nx.gnp_random_graph(n, p, seed=seed))


def cli_runner() -> CliRunner:
    """A click test runner with stderr kept apart from stdout (the default
    from click 8.2; ``mix_stderr=False`` before)."""
    try:
        return CliRunner(mix_stderr=False)  # type: ignore[call-arg]  # click < 8.2
    except TypeError:
        return CliRunner()


def stop_with(proc: "subprocess.Popen[str]", sig: int, *, delay: float = 0.0,
              ready: "Callable[[], bool] | None" = None, timeout: float = 120, what: str = "") -> tuple[str, str]:
    """Wait until ``ready()`` (polling, at most ``timeout`` seconds; ``what``
    names what was awaited) and ``delay`` seconds more, the process still
    running, then send it ``sig`` and return its ``(stdout, stderr)``; the
    process is killed if anything fails on the way."""
    import time

    try:
        deadline = time.monotonic() + timeout
        while ready is not None and not ready():
            assert proc.poll() is None, "the process ended first: " + proc.communicate()[1]
            assert time.monotonic() < deadline, f"{what} not seen in {timeout:g} s"
            time.sleep(0.2)
        time.sleep(delay)
        assert proc.poll() is None, "the process ended before the signal: " + proc.communicate()[1]
        proc.send_signal(sig)
        return proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def kill_9_when(proc: "subprocess.Popen[str]", ready: "Callable[[], bool]", timeout: float, what: str) -> None:
    """Wait until ``ready()`` (polling), the process still running, then kill
    it with SIGKILL; its pipes are closed either way. Asserts it neither
    ended first nor took more than ``timeout`` seconds (``what`` names what
    was awaited), and that SIGKILL ended it."""
    import os
    import signal
    import time

    try:
        deadline = time.monotonic() + timeout
        while not ready():
            assert proc.poll() is None, "the process ended before it was killed: " + proc.communicate()[1]
            assert time.monotonic() < deadline, f"{what} not written in {timeout:g} s"
            time.sleep(0.02)
        assert proc.poll() is None, "the process ended before it was killed"
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        proc.stdout.close()  # type: ignore[union-attr]
        proc.stderr.close()  # type: ignore[union-attr]
    assert proc.returncode == -signal.SIGKILL


class Mutants:
    """Single-change copies of a certificate's JSON lines, for tests that
    the checker (grundy.verify) rejects each: ``self.out`` collects
    ``(kind of change, lines)``; each method adds one change of record ``i``
    (or of the root)."""

    def __init__(self, lines: list[str]) -> None:
        import json

        self.head, self.end = json.loads(lines[0]), json.loads(lines[-1])
        self.records = [json.loads(x) for x in lines[1:-1]]
        self.out: list[tuple[str, list[str]]] = []

    def emit(self, kind: str, recs: list[dict], head: dict | None = None, end: dict | None = None) -> None:
        """Add the certificate made of ``head``, ``recs`` and ``end`` (default: the original ones)."""
        import json

        h, e = self.head if head is None else head, self.end if end is None else end
        self.out.append((kind, [json.dumps(h)] + [json.dumps(r) for r in recs] + [json.dumps(e)]))

    def copy(self) -> list[dict]:
        return [dict(x) for x in self.records]

    def root_changed(self) -> None:
        """The root's claim: its value one more (an N-position), or its outcome flipped."""
        if "value" in self.head:
            self.emit("root changed", self.records, dict(self.head, value=self.head["value"] + 1, outcome="N"))
        else:
            self.emit("root changed", self.records,
                      dict(self.head, outcome="P" if self.head["outcome"] == "N" else "N"))

    def outcome_flipped(self, i: int) -> None:
        """Record ``i``'s outcome flipped, with a justification of the other kind."""
        r, recs = self.records[i], self.copy()
        if r["outcome"] == "N":
            recs[i] = {k: v for k, v in r.items() if k != "move"} | {"outcome": "P", "by": "replies", "replies": []}
        else:
            recs[i] = {k: v for k, v in r.items() if k != "replies"} | {"outcome": "N", "by": "move", "move": 0}
        self.emit("outcome flipped", recs)

    def reply_removed(self, i: int, rng: Any) -> None:
        """One reply of record ``i`` removed (if it has any)."""
        if self.records[i].get("replies"):
            recs = self.copy()
            gone = rng.choice(self.records[i]["replies"])
            recs[i]["replies"] = [p for p in self.records[i]["replies"] if p != gone]
            self.emit("reply removed", recs)

    def dropped(self, i: int) -> None:
        """Record ``i`` left out (the end line's count with it)."""
        recs = self.copy()
        del recs[i]
        self.emit("dropped", recs, self.head, dict(self.end, records=self.end["records"] - 1))


def rejected_kinds(mutants: list[tuple[str, list[str]]]) -> set[str]:
    """Check that the checker (grundy.verify) rejects every mutant, as a
    false claim or a malformed file; the kinds of change tried."""
    import pytest

    from grundy import verify as V

    kinds = set()
    for kind, mutant in mutants:
        with pytest.raises((V.ClaimFailed, V.Malformed)):
            V.verify_lines(mutant)
        kinds.add(kind)
    return kinds
