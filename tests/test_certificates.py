"""Certificates (grundy.certify) and their independent checker (grundy.verify):
every small graph's certificate verifies, single mutations are rejected,
the checker's move generators agree with a plain brute force, and the
checker imports nothing of grundy."""

from __future__ import annotations

import ast
import gzip
import json
import random
from functools import cache
from itertools import combinations
from pathlib import Path

import click
import networkx as nx
import pytest
from click.testing import CliRunner

from grundy import verify as V
from grundy.certify import Certificate, Certifier, certify_spec, write_certificate
from grundy.cli.certify import certify, verify
from helpers import Mutants, rejected_kinds

SMALL = [g for g in nx.graph_atlas_g() if 1 <= g.number_of_nodes() <= 6]


def _adj(g: nx.Graph) -> tuple[int, ...]:
    index = {v: i for i, v in enumerate(g.nodes)}
    adj = [0] * len(index)
    for u, v in g.edges:
        adj[index[u]] |= 1 << index[v]
        adj[index[v]] |= 1 << index[u]
    return tuple(adj)


_ORACLES: dict[str, object] = {}


def _certificate(adj: tuple[int, ...], game: str) -> list[str]:
    from grundy.games.graphs.game import Solver

    oracle = _ORACLES.setdefault(game, Solver(ruleset=game))
    c = Certifier("graph", game, oracle=oracle)
    value = c.value(adj)
    header = {"format": V.FORMAT, "version": V.VERSION, "kind": "graph", "game": game, "spec": "test",
              "value": value, "root": {"graph6": V.graph6_encode(adj)}}
    return Certificate(header, c.needed(adj)).lines()


# -- a plain brute force, no canonical forms: labelled graphs as frozensets ---
def _plain_options(game: str, nodes: frozenset, edges: frozenset) -> list[tuple[frozenset, frozenset]]:
    def drop(vs: set) -> tuple[frozenset, frozenset]:
        return nodes - vs, frozenset(e for e in edges if not e & vs)

    deg = {v: sum(v in e for e in edges) for v in nodes}
    out = []
    if game in ("chomp", "odd-vertex", "even-vertex", "node-kayles"):
        for v in sorted(nodes):
            if game == "chomp" or (game == "odd-vertex" and deg[v] % 2) or (game == "even-vertex" and deg[v] % 2 == 0):
                out.append(drop({v}))
            elif game == "node-kayles":
                out.append(drop({v} | {w for e in edges if v in e for w in e}))
    for e in sorted(edges, key=sorted):
        a, b = sorted(e)
        parity = (deg[a] % 2, deg[b] % 2)
        if (game == "chomp" or game == "bo-bo" and parity == (1, 1) or game == "be-be" and parity == (0, 0)
                or game == "oe-oe" and parity[0] != parity[1]):
            out.append((nodes, edges - {e}))
        elif game == "arc-kayles":
            out.append(drop(set(e)))
    if game == "graph-nim":
        for v in sorted(nodes):
            at = [e for e in edges if v in e]
            for k in range(1, len(at) + 1):
                for subset in combinations(at, k):
                    out.append((nodes, edges - set(subset)))
    return out


@cache
def _plain_value(game: str, nodes: frozenset, edges: frozenset) -> int:
    return V.mex({_plain_value(game, *o) for o in _plain_options(game, nodes, edges)})


def _to_adj(nodes: frozenset, edges: frozenset) -> tuple[int, ...]:
    g = nx.Graph()
    g.add_nodes_from(sorted(nodes))
    g.add_edges_from(tuple(sorted(e)) for e in edges)
    return _adj(g)


@pytest.mark.parametrize("game", V.GRAPH_GAMES)
def test_option_generation_matches_plain_brute_force(game: str) -> None:
    for g in nx.graph_atlas_g()[1:53]:  # every graph on 1..5 vertices
        nodes, edges = frozenset(g.nodes), frozenset(frozenset(e) for e in g.edges)
        mine = sorted(V.graph6_encode(V.graph_form(o)) for o in V.graph_options(game, _adj(g)))
        plain = sorted(V.graph6_encode(V.graph_form(_to_adj(*o))) for o in _plain_options(game, nodes, edges))
        assert mine == plain, (game, V.graph6_encode(_adj(g)))
        checker = V._Checker("graph", game, 99)
        got = 0
        for comp in V.graph_components(_adj(g)):
            got ^= checker.brute_value(comp)
        assert got == _plain_value(game, nodes, edges)


@cache
def _plain_complex_value(faces: frozenset) -> int:
    return V.mex({_plain_complex_value(frozenset(g for g in faces if not f <= g)) for f in faces})


def test_complex_options_match_plain_brute_force() -> None:
    rng = random.Random(5)
    for _ in range(40):
        facets = {frozenset(rng.sample(range(5), rng.randint(1, 3))) for _ in range(rng.randint(1, 4))}
        faces = frozenset(frozenset(s) for f in facets for k in range(1, len(f) + 1) for s in combinations(f, k))
        masks = V._maximal({sum(1 << v for v in f) for f in facets})
        cx = V._compact(0, masks)
        plain = []
        for f in faces:
            rest = [g for g in faces if not f <= g]
            plain.append(V._compact(0, V._maximal({sum(1 << v for v in g) for g in rest})))
        mine = list(V.complex_options(cx))
        key = lambda c: [V.complex_form(x) for x in V.complex_components(c)]
        assert sorted(map(str, map(sorted, map(key, mine)))) == sorted(map(str, map(sorted, map(key, plain))))
        checker = V._Checker("complex", "subset-takeaway", 99)
        got = 0
        for comp in V.complex_components(cx):
            got ^= checker.brute_value(comp)
        assert got == _plain_complex_value(faces)


@pytest.mark.parametrize("game", ["chomp", "node-kayles", "bo-bo"])
def test_every_graph_on_at_most_6_vertices_verifies(game: str) -> None:
    for g in SMALL:
        adj = _adj(g)
        lines = _certificate(adj, game)
        report = V.verify_lines(lines)
        assert report.value == json.loads(lines[0])["value"]
        if g.number_of_nodes() <= 5:
            assert report.value == _plain_value(game, frozenset(g.nodes), frozenset(frozenset(e) for e in g.edges))


def _mutants(lines: list[str], rng: random.Random, count: int) -> list[tuple[str, list[str]]]:
    out = []
    records = [json.loads(x) for x in lines[1:-1]]
    with_replies = [i for i, r in enumerate(records) if r.get("replies")]
    for _ in range(count):
        kind = rng.choice(["value", "drop", "reply"] if with_replies else ["value", "drop"])
        recs = [dict(r) for r in records]
        head, end = json.loads(lines[0]), json.loads(lines[-1])
        i = rng.randrange(len(recs))
        if kind == "value":
            recs[i]["value"] = rng.choice([v for v in range(recs[i]["value"] + 3) if v != recs[i]["value"]])
        elif kind == "drop":
            del recs[i]
            end["records"] -= 1
        else:
            i = rng.choice(with_replies)
            gone = rng.choice(recs[i]["replies"])
            recs[i]["replies"] = [p for p in recs[i]["replies"] if p != gone]
        out.append((kind, [json.dumps(head)] + [json.dumps(r) for r in recs] + [json.dumps(end)]))
    return out


@pytest.mark.parametrize("spec,game", [("wheel:7", "chomp"), ("petersen", "chomp"), ("path:7", "node-kayles"),
                                       ("simplex-boundary:4", "chomp"), ("gmk:2,3", "chomp")])
def test_single_mutations_are_rejected(spec: str, game: str) -> None:
    lines = certify_spec(spec, game).lines()
    assert V.verify_lines(lines).value == json.loads(lines[0])["value"]
    rng = random.Random(spec)
    kinds = set()
    for kind, mutant in _mutants(lines, rng, 60):
        with pytest.raises(V.ClaimFailed):
            V.verify_lines(mutant)
        kinds.add(kind)
    assert {"value", "drop"} <= kinds
    head = json.loads(lines[0])
    head["value"] += 1
    with pytest.raises(V.ClaimFailed, match="root"):
        V.verify_lines([json.dumps(head)] + lines[1:])


def test_involutions_checked_or_assumed() -> None:
    lines = certify_spec("dodecahedron").lines()
    report = V.verify_lines(lines)
    assert report.involutions_assumed == 1 and "Theorem 1" in report.assumptions[0]
    small = V.verify_lines(certify_spec("multipartite:2,2,2").lines())
    assert small.involutions_checked >= 1 and not small.assumptions
    bad = json.loads(lines[1])
    bad["tau"] = list(range(20))
    with pytest.raises(V.ClaimFailed, match="involution"):
        V.verify_lines([lines[0], json.dumps(bad), lines[2]])


def test_full_closure_and_no_theory_verify() -> None:
    for prune, theory in ((False, True), (True, False), (False, False)):
        cert = certify_spec("wheel:5", "chomp", theory=theory, prune=prune)
        assert V.verify_lines(cert.lines()).value == 1
        assert all(r["by"] == "mex" for r in cert.records) or theory


def test_verify_imports_nothing_of_grundy() -> None:
    tree = ast.parse(Path(V.__file__).read_text(encoding="utf-8"))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            assert node.level == 0, "no relative imports"
            names.add(node.module or "")
    assert not [n for n in names if n.split(".")[0] == "grundy"], names
    # os, stat, io and zlib: the bounded read of issue 31 (a regular file, a capped gunzip);
    # functools: the memo of forms and components
    assert {n.split(".")[0] for n in names} <= {"__future__", "gzip", "json", "sys", "time", "collections",
                                                  "dataclasses", "itertools", "typing", "pynauty",
                                                  "io", "os", "stat", "zlib", "functools"}


@click.group()
def _cli() -> None:
    pass


_cli.add_command(certify, "certify")
_cli.add_command(verify, "verify")


def test_cli(tmp_path: Path) -> None:
    runner = CliRunner()
    out = tmp_path / "w.jsonl.gz"
    r = runner.invoke(_cli, ["certify", "wheel:7", "-o", str(out)])
    assert r.exit_code == 0, r.output
    assert gzip.decompress(out.read_bytes()).startswith(b'{"format":"grundy-certificate"')
    r = runner.invoke(_cli, ["verify", str(out)])
    assert r.exit_code == 0 and "nim-value 1" in r.output
    lines = gzip.decompress(out.read_bytes()).decode().splitlines()
    rec = json.loads(lines[1])
    rec["value"] += 1
    bad = tmp_path / "bad.jsonl"
    bad.write_text("\n".join([lines[0], json.dumps(rec)] + lines[2:]) + "\n")
    r = runner.invoke(_cli, ["verify", str(bad)])
    assert r.exit_code == 1 and "line 2" in r.output
    for text in ["", "not json\n", '{"format": "grundy-certificate", "version": 99}\n', lines[0] + "\n"]:
        bad.write_text(text)
        r = runner.invoke(_cli, ["verify", str(bad)])
        assert r.exit_code == 2 and len(r.output.strip().splitlines()) == 1, (text, r.output)
    r = runner.invoke(_cli, ["verify", str(tmp_path / "missing.jsonl")])
    assert r.exit_code == 2 and len(r.output.strip().splitlines()) == 1
    r = runner.invoke(_cli, ["certify", "nosuchfamily:3", "-o", str(out)])
    assert r.exit_code == 2 and len(r.output.strip().splitlines()) == 1
    r = runner.invoke(_cli, ["certify", "wheel:7", "-o", str(out), "--game", "nope"])
    assert r.exit_code == 2
    r = runner.invoke(_cli, ["certify", "torus", "-o", str(tmp_path / "t.jsonl")])
    assert r.exit_code == 0 and "nim-value 0" in r.output
    assert runner.invoke(_cli, ["verify", str(tmp_path / "t.jsonl")]).exit_code == 0
    assert write_certificate(certify_spec("path:3"), str(tmp_path / "p.jsonl")) > 0


def test_review_findings_verify_names_the_root_and_refuses_oversized_records(tmp_path) -> None:
    """The summary names the root it proved (the header's spec is only a
    label); numbers too long for JSON, facets of more than 20 vertices and
    Graph Nim vertices of degree over 20 are refused with exit 2, not a
    traceback or an exhausted memory."""
    import subprocess
    import sys

    def verify(text: str) -> subprocess.CompletedProcess:
        path = tmp_path / "c.jsonl"
        path.write_text(text)
        return subprocess.run([sys.executable, "-m", "grundy", "verify", str(path)], capture_output=True,
                              text=True, timeout=120, check=False)

    head = '{"format":"grundy-certificate","version":1,"kind":"graph","game":"chomp","spec":"wheel:9",'
    r = verify(head + '"value":0,"root":{"graph6":"?"}}\n{"end":true,"records":0}\n')
    assert r.returncode == 0
    assert 'the root position {"graph6":"?"}' in r.stdout and "a label, not checked" in r.stdout
    r = verify(head + '"value":' + "1" * 5000 + ',"root":{"graph6":"?"}}\n{"end":true,"records":0}\n')
    assert r.returncode == 2 and "number too long" in r.stderr
    big = list(range(30))
    r = verify('{"format":"grundy-certificate","version":1,"kind":"complex","game":"subset-takeaway",'
               '"value":0,"root":{"facets":[' + str(big) + ']}}\n{"facets":[' + str(big) + '],"value":0,"by":"mex"}\n'
               '{"end":true,"records":1}\n')
    assert r.returncode == 2 and "a facet of 30 vertices" in r.stderr, r.stderr


@pytest.mark.parametrize("game", ["graph-nim", "be-be", "oe-oe", "odd-vertex", "even-vertex", "arc-kayles"])
def test_every_graph_on_at_most_5_vertices_verifies_under_the_other_rulesets(game: str) -> None:
    """The six rulesets the test above leaves out, on every graph of at most
    5 vertices, against the plain brute force."""
    for g in SMALL:
        if g.number_of_nodes() > 5:
            continue
        lines = _certificate(_adj(g), game)
        report = V.verify_lines(lines)
        assert report.value == json.loads(lines[0])["value"]
        assert report.value == _plain_value(game, frozenset(g.nodes), frozenset(frozenset(e) for e in g.edges))


# -- limits: the engine's searches for hints are bounded too ------------------------------
def _wheel(n: int) -> tuple[int, ...]:
    from grundy.games.graphs.families import build_family

    return tuple(build_family(f"wheel:{n}").adj)


def test_max_positions_counts_records() -> None:
    # --max-positions bounds the records made and (issue 31, item 5: a dense graph's hints ran on)
    # the engine's positions searched for hints; a stop counts the records made
    from grundy.errors import SearchLimitReached

    c = Certifier("graph", "chomp", max_positions=40)
    with pytest.raises(SearchLimitReached, match="position limit 40") as stop:
        c.value(_wheel(25))
    assert stop.value.positions == len(c.records) <= 40
    assert c._oracle.stats.positions <= 41  # the hints' search is cut at 40 too


def test_time_limit_bounds_the_engines_search_for_hints(tmp_path: Path) -> None:
    # the pruned certificate asks the engine for values first (untrusted hints), and
    # that search had no limit: the engine values wheel:25 in about 4 s (simplex-boundary:6
    # about 1 s), a limit of 0.2 s must stop it there; a stop counts the records made
    from grundy.errors import SearchLimitReached
    from grundy.games.complexes import build_complex_family

    gale6 = (6, tuple(build_complex_family("simplex-boundary:6").facets))
    for kind, root in (("graph", _wheel(25)), ("complex", gale6)):
        c = Certifier(kind, "chomp" if kind == "graph" else "subset-takeaway", time_limit=0.2, prune=True)
        with pytest.raises(SearchLimitReached, match="time limit 0.2 s") as stop:
            c.value(root)
        assert stop.value.seconds < 1.0, (kind, stop.value.seconds)
        assert stop.value.positions == len(c.records), kind
    out = tmp_path / "w.jsonl"
    result = CliRunner().invoke(certify, ["wheel:25", "-o", str(out), "--time-limit", "0.2"])
    assert result.exit_code == 3, result.output
    assert "time limit 0.2 s" in result.output and not out.exists()


# -- outcome certificates (issue 30): who wins, without the nim-values it does not need ----------
def _outcome_certificate(adj: tuple[int, ...], game: str) -> list[str]:
    from grundy.certify.outcome import OutcomeProver
    from grundy.games.graphs.game import Solver

    oracle = _ORACLES.setdefault(game, Solver(ruleset=game))
    c = Certifier("graph", game, oracle=oracle)
    prover = OutcomeProver(c)
    won = prover.prove(adj)
    header = {"format": V.FORMAT, "version": V.VERSION, "kind": "graph", "game": game, "spec": "test",
              "proves": "outcome", "outcome": won, "root": {"graph6": V.graph6_encode(adj)}}
    return Certificate(header, c.needed(adj, prover.refs(adj))).lines()


@pytest.mark.parametrize("game", V.GRAPH_GAMES)
def test_outcome_certificates_of_every_graph_on_at_most_5_vertices(game: str) -> None:
    for g in nx.graph_atlas_g()[1:53]:
        lines = _outcome_certificate(_adj(g), game)
        report = V.verify_lines(lines)
        plain = _plain_value(game, frozenset(g.nodes), frozenset(frozenset(e) for e in g.edges))
        assert report.value is None and "value" not in json.loads(lines[0])
        assert report.outcome == json.loads(lines[0])["outcome"] == ("P" if plain == 0 else "N")
        outcome_records = [json.loads(x) for x in lines[1:-1] if "outcome" in json.loads(x)]
        assert all(r["outcome"] in ("N", "P") for r in outcome_records)


def _outcome_mutants(lines: list[str], rng: random.Random) -> list[tuple[str, list[str]]]:
    """Single changes that make an outcome certificate false: an outcome
    flipped (a record's, with its justification, or the root's), a reply
    removed, a position changed (one pair of vertices toggled), a record
    dropped."""
    m = Mutants(lines)
    records = m.records
    m.root_changed()
    for i, r in enumerate(records):
        if "outcome" not in r:
            continue
        m.outcome_flipped(i)
        m.reply_removed(i, rng)
        if "graph6" in r:
            adj = list(V.graph6_decode(r["graph6"]))
            if len(adj) >= 2:
                a, b = rng.sample(range(len(adj)), 2)
                adj[a] ^= 1 << b
                adj[b] ^= 1 << a
                recs = m.copy()
                recs[i]["graph6"] = V.graph6_encode(tuple(adj))
                m.emit("position changed", recs)
    forms = [V.graph_form(V.graph6_decode(r["graph6"])) if "graph6" in r else
             V.complex_form(V._decode_position("complex", r, "r")) for r in records]
    for i in range(len(records)):  # any record, an outcome or a value one: what refers to it fails
        if forms.count(forms[i]) == 1:  # a position proved both ways: either record alone suffices
            m.dropped(i)
    return m.out


@pytest.mark.parametrize("spec,game", [("wheel:7", "chomp"), ("petersen", "arc-kayles"), ("path:8", "node-kayles"),
                                       ("random:8,0.6,1", "chomp"), ("random:8,0.4,1", "chomp"),
                                       ("simplex-boundary:4", "chomp"), ("gmk:2,3", "chomp"), ("cycle:6", "graph-nim")])
def test_outcome_certificates_verify_and_every_mutation_is_rejected(spec: str, game: str) -> None:
    import grundy

    cert = certify_spec(spec, game, outcome=True)
    lines = cert.lines()
    assert cert.header["proves"] == "outcome" and cert.header["outcome"] == grundy.outcome(spec, game=game)
    assert V.verify_lines(lines).outcome == cert.header["outcome"]
    assert {"root changed", "outcome flipped", "dropped"} <= rejected_kinds(_outcome_mutants(lines, random.Random(spec)))


def test_an_outcome_proof_is_a_dag_and_answers_each_class_of_options_once() -> None:
    """``simplex-boundary:5`` (P): its 31 options fall in 4 isomorphism classes;
    each P record replies once per class, and no position is recorded twice."""
    cert = certify_spec("simplex-boundary:5", outcome=True)
    root = [r for r in cert.records if r.get("outcome") == "P"][-1]
    assert cert.header["outcome"] == "P"
    cx = V._decode_position("complex", cert.header["root"], "root")
    classes = {V.complex_form(o) for o in V.complex_options(cx)}
    assert len(root["replies"]) == len(classes) < len(list(V.complex_options(cx)))
    forms = [V.complex_form(V._decode_position("complex", r, "r")) for r in cert.records if "outcome" in r]
    assert len(forms) == len(set(forms))
    # a certificate's outcome records may be misread as value records only by a broken checker
    bad = [json.dumps(dict(json.loads(x), value=0)) if "outcome" in json.loads(x) else x for x in cert.lines()]
    with pytest.raises(V.Malformed):
        V.verify_lines(bad)


@pytest.mark.parametrize("spec,game", [("simplex-boundary:5", "chomp"), ("random:8,0.6,1", "chomp"),
                                       ("path:8", "node-kayles"), ("chomp:3,3,2", "chomp")])
def test_replies_made_one_at_a_time_give_the_certificate_of_whole_option_lists(
        spec: str, game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A P record's reply is found by making the option's options one at a
    time, up to the first the records show P: the same certificate, byte for
    byte, as choosing among every option made at once (the earlier way), and
    fewer options made where a reply is met early."""
    from grundy.certify import outcome as oc
    from grundy.certify import search as cs

    made = {"n": 0}
    real = cs._Proofs.options  # no kind overrides it

    def counted(self, game, pos):
        for opt in real(self, game, pos):
            made["n"] += 1
            yield opt

    monkeypatch.setattr(cs._Proofs, "options", counted)
    lazy = certify_spec(spec, game, outcome=True).lines()
    lazy_made = made["n"]

    def whole(self, opt):
        subs = self.c._options(opt)
        j = self._p_choice(subs)
        return (None, None) if j is None else (j, subs[j])

    monkeypatch.setattr(oc.OutcomeProver, "_reply", whole)
    made["n"] = 0
    assert certify_spec(spec, game, outcome=True).lines() == lazy
    assert lazy_made <= made["n"]
    if spec == "simplex-boundary:5":
        assert lazy_made < made["n"]


@pytest.mark.parametrize("spec,game", [("simplex-boundary:5", "chomp"), ("wheel:9", "chomp"),
                                       ("random:8,0.6,1", "chomp"), ("divisors:60", "chomp"),
                                       ("path:8", "node-kayles")])
def test_value_certificates_with_options_made_one_at_a_time_are_those_of_whole_lists(
        spec: str, game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The value certifier looks for a reply among an option's options made
    one at a time, and stops at one already valued: the same certificate,
    byte for byte, as with every option's whole list made first."""
    from grundy.certify import search as cs

    lazy = certify_spec(spec, game).lines()
    monkeypatch.setattr(cs.Certifier, "_options_lazily", lambda self, pos: iter(self._options(pos)))
    assert certify_spec(spec, game).lines() == lazy


def test_the_certifiers_compiled_complex_forms_are_the_checkers() -> None:
    """The certifier reads a complex's canonical form from the compiled
    kernel's key: the checker's form exactly, on random complexes of 1-10
    vertices, on every complex of at most 4 vertices up to its facets'
    order, and past the kernel's 16 vertices (where it asks the checker)."""
    from grundy.certify import search as cs
    from grundy.games.complexes.game import COMPLEX_KERNEL

    assert COMPLEX_KERNEL  # the build has the kernel: the compiled forms are what is tested
    proofs = cs._ComplexProofs()
    rng = random.Random(30)
    cxs = []
    for _ in range(2000):
        nv = rng.randint(1, 10)
        faces = {rng.randrange(1, 1 << nv) for _ in range(rng.randint(1, 14))}
        cxs.append(V._compact(nv, V._maximal(faces)))
    for nv in range(1, 5):  # every antichain of nonempty subsets, as facets
        subsets = range(1, 1 << nv)
        for chosen in range(1, 1 << len(subsets)):
            faces = {f for i, f in enumerate(subsets) if chosen >> i & 1}
            if set(V._maximal(faces)) == faces:
                cxs.append(V._compact(nv, tuple(sorted(faces))))
    cxs.append((17, tuple(sorted(((1 << 17) - 1) & ~(1 << v) for v in range(17)))))  # beyond the kernel
    for cx in cxs:
        assert proofs.form(cx) == V.complex_form(cx), cx


def test_outcome_header_is_checked() -> None:
    lines = certify_spec("path:4", outcome=True).lines()
    for change in ({"proves": "values"}, {"outcome": "X"}, {"outcome": None}, {"value": 7}):
        head = dict(json.loads(lines[0]), **change)
        with pytest.raises(V.Malformed):
            V.verify_lines([json.dumps(head)] + lines[1:])


@pytest.mark.parametrize("spec,game,outcome", [("wheel:7", "chomp", "N"), ("cycle:7", "node-kayles", "N"),
                                               ("torus", "chomp", "P"), ("complete:3", "chomp", "P")])
def test_cli_outcome_certificates(tmp_path: Path, spec: str, game: str, outcome: str) -> None:
    """``grundy certify --outcome`` for graphs and complexes; ``verify`` checks it and
    says what was proved; a flipped claim is exit 1; a kind without certificates is exit 2."""
    import grundy

    assert grundy.outcome(spec, game=game) == outcome
    runner = CliRunner()
    out = tmp_path / "o.jsonl"
    r = runner.invoke(_cli, ["certify", spec, "--game", game, "--outcome", "-o", str(out)])
    assert r.exit_code == 0, r.output
    assert r.output.startswith(f"{spec}: {outcome}-position; wrote") and "nim-value" not in r.output
    head = json.loads(out.read_text().splitlines()[0])
    assert head["proves"] == "outcome" and head["outcome"] == outcome and "value" not in head
    r = runner.invoke(_cli, ["verify", str(out)])
    assert r.exit_code == 0 and f"is {'an' if outcome == 'N' else 'a'} {outcome}-position" in r.output, r.output
    lines = out.read_text().splitlines()
    flipped = dict(head, outcome="P" if outcome == "N" else "N")
    out.write_text("\n".join([json.dumps(flipped)] + lines[1:]) + "\n")
    r = runner.invoke(_cli, ["verify", str(out)])
    assert r.exit_code == 1 and "root" in r.output
    r = runner.invoke(_cli, ["certify", spec, "--game", "be-bo", "--outcome", "-o", str(out)])
    assert r.exit_code == 2 and "--game be-bo is" in r.output, r.output
    # --full (every option valued) has no meaning for a proof by moves and replies: refused, nothing written
    out.unlink()
    r = runner.invoke(_cli, ["certify", spec, "--outcome", "--full", "-o", str(out)])
    assert r.exit_code == 2 and "--full and --outcome" in r.output and not out.exists(), r.output


def test_outcome_records_belong_to_outcome_certificates() -> None:
    """A value certificate holding an outcome record is malformed: it would be checked and
    counted but prove nothing of the value."""
    outcome = certify_spec("cycle:5", outcome=True).lines()
    value = certify_spec("cycle:5").lines()
    extra = [x for x in outcome[1:-1] if "outcome" in json.loads(x)]
    assert extra
    end = json.loads(value[-1])
    mixed = [value[0], *extra, *value[1:-1], json.dumps(dict(end, records=end["records"] + len(extra)))]
    with pytest.raises(V.Malformed, match="outcome record"):
        V.verify_lines(mixed)


def test_a_table_file_gives_the_hints_and_keeps_them(tmp_path: Path) -> None:
    """``certify --table``: the engine's table is saved, and a second
    certificate from it searches fewer positions for its hints; both verify
    and are the same. Octal heaps, which ask no engine, refuse the option."""
    path = str(tmp_path / "t.db")
    first = certify_spec("random:9,0.5,3", table=path)
    second = certify_spec("random:9,0.5,3", table=path)
    assert first.hint_positions > 0 and second.hint_positions < first.hint_positions
    assert first.lines() == second.lines()
    assert V.verify_lines(second.lines()).value == second.header["value"]
    won = certify_spec("simplex-boundary:5", outcome=True, table=str(tmp_path / "c.db"))
    assert V.verify_lines(won.lines()).outcome == "P"
    r = CliRunner().invoke(_cli, ["certify", "octal:0.07:9", "--table", path, "-o", str(tmp_path / "o.jsonl")])
    assert r.exit_code == 2 and "--table" in r.output
    r = CliRunner().invoke(_cli, ["certify", "wheel:9", "--table", path, "-o", str(tmp_path / "w.jsonl")])
    assert r.exit_code == 0 and "for hints" in r.output, r.output


@pytest.mark.parametrize("spec", ["wheel:5", "simplex-boundary:4", "divisors:12", "chomp:3,2", "nim:2,3",
                                  "octal:0.07:6"])
@pytest.mark.parametrize("flag", ["--progress", "--no-progress"])
def test_certify_takes_progress_for_every_kind(tmp_path: Path, spec: str, flag: str) -> None:
    """``--progress`` and ``--no-progress`` are honoured for every kind of
    position certify takes: the certificate is the same and verifies."""
    runner = CliRunner()
    out = tmp_path / "c.jsonl"
    r = runner.invoke(_cli, ["certify", spec, "-o", str(out), flag])
    assert r.exit_code == 0, (spec, flag, r.output)
    assert runner.invoke(_cli, ["verify", str(out)]).exit_code == 0
    plain = tmp_path / "plain.jsonl"
    assert runner.invoke(_cli, ["certify", spec, "-o", str(plain)]).exit_code == 0
    assert out.read_text() == plain.read_text()


def test_certify_progress_counts_records_and_the_engines_positions(capsys: pytest.CaptureFixture[str]) -> None:
    """The certifier's bar counts its records and shows the engine's
    positions searched for hints; the engine shows its own search; none
    appears in the first second; close() closes it."""
    certifier = Certifier("graph", "chomp", progress=True)
    certifier.value(V.graph_form(_adj(nx.wheel_graph(8))))
    assert certifier._oracle is not None and certifier._oracle.progress
    certifier._show(certifier.started + 0.5)
    assert certifier._bar is None  # not in the first second
    certifier._show(certifier.started + 2.0)
    bar = certifier._bar
    assert bar is not None and bar.n == len(certifier.records) > 0
    assert bar.postfix == f"hint_positions={certifier.hint_positions()}" and certifier.hint_positions() > 0
    certifier.close()
    assert certifier._bar is None and bar.disable  # closed
    assert "certifying" in capsys.readouterr().err
    quiet = Certifier("graph", "chomp")
    quiet.value(V.graph_form(_adj(nx.wheel_graph(8))))
    assert not quiet._oracle.progress and quiet._bar is None
    quiet.close()


# -- the checker's fast set operations against their plain definitions -------------------------
from hypothesis import given, settings, strategies as st  # noqa: E402


@st.composite
def _graph_and_keep(draw: st.DrawFn) -> tuple[tuple[int, ...], int]:
    n = draw(st.integers(1, 70))
    edges = draw(st.sets(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)), max_size=3 * n))
    adj = [0] * n
    for u, v in edges:
        if u != v:
            adj[u] |= 1 << v
            adj[v] |= 1 << u
    full = (1 << n) - 1
    gone = draw(st.one_of(st.sets(st.integers(0, n - 1), max_size=5), st.sets(st.integers(0, n - 1))))
    return tuple(adj), full & ~sum(1 << v for v in gone)


@settings(max_examples=300, deadline=None)
@given(_graph_and_keep())
def test_induced_is_the_plain_renumbering(case: tuple[tuple[int, ...], int]) -> None:
    adj, keep = case
    order = [v for v in range(len(adj)) if keep >> v & 1]
    new = {v: i for i, v in enumerate(order)}
    plain = tuple(sum(1 << new[w] for w in order if adj[v] >> w & 1) for v in order)
    assert V.induced(adj, keep) == plain


@settings(max_examples=300, deadline=None)
@given(st.sets(st.integers(0, (1 << 9) - 1), max_size=40))
def test_maximal_sets_are_those_no_other_set_contains(sets: set[int]) -> None:
    plain = sorted(f for f in sets if f and not any(g != f and f & g == f for g in sets))
    assert V._maximal(sets) == tuple(plain)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(1, (1 << 24) - 1), min_size=1, max_size=12))
def test_compact_renumbers_the_used_vertices_in_order(facets: list[int]) -> None:
    used = sorted({v for f in facets for v in range(24) if f >> v & 1})
    new = {v: i for i, v in enumerate(used)}
    plain = tuple(sorted(sum(1 << new[v] for v in range(24) if f >> v & 1) for f in facets))
    assert V._compact(24, tuple(facets)) == (len(used), plain)


def test_the_certifiers_memos_are_the_verifiers_functions() -> None:
    """The certifier's memoised forms, components and options are the
    verifier's own (the same values), and a caller changing a list it got
    does not change what the memo gives next."""
    certifier = Certifier("complex", "subset-takeaway")
    cx = (5, (0b00111, 0b01110, 0b11000))
    assert certifier._form(cx) == V.KINDS["complex"].form(cx)
    got = certifier._components(cx)
    assert got == V.KINDS["complex"].components(cx)
    got.append("changed")
    assert certifier._components(cx) == V.KINDS["complex"].components(cx)
    options = certifier._options(cx)
    assert options == list(V.KINDS["complex"].options("subset-takeaway", cx))
    options.clear()
    assert certifier._options(cx) == list(V.KINDS["complex"].options("subset-takeaway", cx))


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 40), max_size=60), st.integers(1, 50))
def test_a_memo_gives_the_functions_values_within_its_work_budget(calls: list[int], budget: int) -> None:
    """V.Memo: the same values as the function; what it keeps never weighs
    more than its budget (a position heavier than the budget is not kept);
    a value kept is not computed again."""
    computed: list[int] = []

    def square(x: int) -> int:
        computed.append(x)
        return x * x

    memo = V.Memo(square, lambda x, _: x, budget)
    for x in calls:
        before = len(computed)
        kept = x in memo.kept
        assert memo(x) == x * x
        assert len(computed) == before + (not kept)
        assert memo.spent == sum(y + 1 for y in memo.kept) <= budget


def test_the_checker_and_certifier_memos_are_bounded_by_work() -> None:
    """The memos of forms, components and options are budgeted by the
    positions' work (vertices and edges), not their number: a certificate of
    large positions cannot fill memory (paths P_1 .. P_360 once took 948 MB)."""
    checker = V._Checker("graph", "chomp", 6)
    certifier = Certifier("graph", "chomp")
    memos = (checker._forms, checker._comps, certifier._form.__self__, certifier._option_list.__self__)
    for memo in memos:
        assert isinstance(memo, V.Memo) and memo.budget <= V.MEMO_WORK
    path = tuple((1 << v - 1 if v else 0) | (1 << v + 1 if v < 299 else 0) for v in range(300))
    checker.form(path)
    certifier._options(path)
    assert checker._forms.spent == 300 + 299 + 1
    assert memos[3].spent == sum(V.KINDS["graph"].work(o) for o in certifier._options(path)) + 1


@settings(max_examples=200, deadline=None)
@given(st.sets(st.integers(1, (1 << 8) - 1), min_size=1, max_size=10))
def test_complex_options_are_the_plain_ones_in_the_same_order(sets: set[int]) -> None:
    """Options in the checker's order (replies name them by index), each the
    complex of every face not containing the chosen one, by the plain rule:
    its maximal faces among all faces left, renumbered."""
    cx = V._compact(0, V._maximal(sets))
    plain = []
    for face in sorted(V._faces(cx[1])):
        left = {g for g in V._faces(cx[1]) if g & face != face}
        plain.append(V._compact(0, tuple(sorted(f for f in left if not any(g != f and f & g == f for g in left)))))
    assert list(V.complex_options(cx)) == plain
    # a reply names one option, made alone: the same one, and none past the last
    assert [V.complex_option_at(cx, j) for j in range(len(plain) + 1)] == plain + [None]


@pytest.mark.parametrize("kind,game,pos", [
    ("graph", "chomp", V.graph6_decode("Fw~~w")), ("graph", "graph-nim", V.graph6_decode("Dhc")),
    ("graph", "arc-kayles", V.graph6_decode("Fw~~w")), ("complex", "chomp", (4, (0b0111, 0b1011, 0b1100))),
    ("poset", "chomp", (0b110, 0b100, 0)), ("heaps", "octal:0.07", (5, 3))])
def test_one_option_by_its_number_is_that_of_the_whole_list(kind: str, game: str, pos: object) -> None:
    of = V.KINDS[kind]
    every = list(of.options(game, pos))
    assert every and [of.option(game, pos, j) for j in range(len(every) + 1)] == every + [None]


@pytest.mark.parametrize("spec,outcome", [("simplex-boundary:4", True), ("wheel:7", False)])
def test_a_reply_past_an_options_last_move_is_malformed_and_counts_them(spec: str, outcome: bool) -> None:
    """An outcome record's reply and a value (mex) record's reply alike."""
    lines = certify_spec(spec, "chomp", outcome=outcome).lines()
    records = [json.loads(x) for x in lines[1:-1]]
    i = next(i for i, r in enumerate(records) if r.get("replies"))
    head = lines[0]
    kind = json.loads(head)["kind"]
    pos = V._decode_position(kind, records[i], "r")
    option, _ = records[i]["replies"][0]
    count = len(list(V.KINDS[kind].options("chomp", list(V.KINDS[kind].options("chomp", pos))[option])))
    records[i]["replies"][0][1] = count
    mutant = [head] + [json.dumps(r) for r in records] + [lines[-1]]
    with pytest.raises(V.Malformed, match=f"reply {count} to option {option}: that option has {count} options"):
        V.verify_lines(mutant)


def test_the_outcome_provers_choice_takes_a_p_position_the_table_knows_without_searching(tmp_path: Path) -> None:
    """With a table file, an option the engine's table already shows to be
    P (an earlier search proved it) is chosen before any option is
    searched, even when cheaper options come first: no position is searched
    for the choice, and the option chosen is a P-position (checked by a
    separate engine). Without a table file the cheapest P is chosen, as the
    plain rule says."""
    from grundy import Solver
    from grundy.certify.outcome import OutcomeProver
    from grundy.readwrite.graphs import to_graph

    tried = 0
    for spec in ("random:9,0.5,2", "random:8,0.6,1", "random:9,0.4,5"):
        root = V.graph_form(tuple(to_graph(spec).adj))
        check = Solver(ruleset="chomp")
        options = list(V.graph_options("chomp", root))
        p = [i for i, o in enumerate(options) if check.value_of(*check.decompose(o)) == 0]
        if not p:
            continue
        prover = OutcomeProver(Certifier("graph", "chomp", table=str(tmp_path / f"{spec}.db")))
        costs = sorted((prover.c._unknown_size(o), i) for i, o in enumerate(options))
        rank = {i: r for r, (_, i) in enumerate(costs)}  # the order of cost (no records yet)
        dearest, cheapest = max(p, key=rank.__getitem__), min(p, key=rank.__getitem__)
        assert prover._hint_p(options[dearest])  # the engine proves it, its table keeps it
        oracle = prover.c._oracle
        before = oracle.stats.positions
        choice = prover._p_choice(options)
        assert oracle.stats.positions == before  # nothing searched
        assert choice in p and prover._table_p(options[choice])
        if costs[0][1] != dearest and choice != cheapest:
            tried += 1  # not the plain rule's choice: the table's
        prover.c.close()
        # without a table file: the plain rule, the cheapest P
        plain = OutcomeProver(Certifier("graph", "chomp"))
        assert plain._hint_p(options[dearest])
        assert plain._p_choice(options) == cheapest
        plain.c.close()
    assert tried  # a case where the table's choice is not the cheapest P


def test_the_outcome_provers_choice_is_the_first_known_p_else_the_cheapest_p() -> None:
    """``_p_choice`` asks the engine in order of cost and stops at the first
    P; its choice is the plain rule's: the first option the records show to
    be P, else the cheapest (then first) that is P (without a table file
    the engine's table is not consulted first)."""
    from grundy.certify.outcome import OutcomeProver
    from grundy.readwrite.graphs import to_graph

    for spec in ("random:9,0.5,2", "random:8,0.6,1", "wheel:9"):
        prover = OutcomeProver(Certifier("graph", "chomp"))
        root = V.graph_form(tuple(to_graph(spec).adj))
        prover.prove(root)  # records to know some options by
        for pos in [root, *V.graph_options("chomp", root)]:
            options = list(V.graph_options("chomp", pos))
            known = [i for i, o in enumerate(options) if prover.known(o) == "P"]
            if known:
                plain = known[0]
            else:
                p = [(prover.c._unknown_size(o), i) for i, o in enumerate(options)
                     if prover.known(o) is None and prover._hint_p(o)]
                plain = min(p)[1] if p else None
            assert prover._p_choice(options) == plain, (spec, pos)
        prover.c.close()
