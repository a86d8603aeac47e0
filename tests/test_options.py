"""Every option of ``grundy value`` / ``grundy moves`` against every kind of
position: honoured (the answer changes as the option says, checked against
an independent brute force) or refused (exit 2, one line naming the option
and the kind). A flag silently ignored is a wrong answer waiting to happen.
"""

from __future__ import annotations

import itertools
import json
from functools import lru_cache

import pytest
from click.testing import CliRunner
from helpers import cli_runner

from grundy.cli import main

#: One small position of each kind.
KINDS = {
    "graph": "path:4",
    "poset": "divisors:12",
    "complex": "simplex-boundary:4",
    "chomp": "chomp:3,2",
    "nim": "nim:1,2,3",
    "octal": "octal:0.07:5,3",
}
#: A position of each kind too large to finish under a tiny limit.
LARGE = {
    "graph": ("random:13,0.3,4", ["--no-theory"]),
    "poset": ("boolean:7", []),
    "complex": ("simplex-boundary:6", ["--no-theory"]),
    "chomp": ("chomp:14x14", []),
    "nim": ("nim:9,9,9,9,9,9", ["--no-theory"]),
    "octal": ("octal:0.77:12,12,12,12", ["--no-theory"]),
}


def _runner() -> CliRunner:
    return cli_runner()


def run(*args: str):
    return _runner().invoke(main, list(args), catch_exceptions=False)


def one_json(*args: str) -> dict:
    result = run(*args, "--json")
    assert result.exit_code == 0, (result.stdout, result.stderr)
    (obj,) = [json.loads(line) for line in result.stdout.splitlines()]
    return obj


def refused(result, *words: str) -> str:
    assert result.exit_code == 2, (result.exit_code, result.stdout, result.stderr)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("grundy: error:") and "Traceback" not in result.stderr
    for w in words:
        assert w in lines[0], (w, lines[0])
    return lines[0]


# -- independent brute force (no grundy code) ---------------------------------------
def _mex(values) -> int:
    s = set(values)
    v = 0
    while v in s:
        v += 1
    return v


def _divisor_poset(n: int) -> tuple[frozenset, dict]:
    elements = frozenset(d for d in range(2, n + 1) if n % d == 0)
    above = {x: frozenset(y for y in elements if y % x == 0) for x in elements}
    return elements, above


@lru_cache(maxsize=None)
def _poset_misere_n(n: int, left: frozenset) -> bool:
    _, above = _divisor_poset(n)
    if not left:
        return True
    return any(not _poset_misere_n(n, left - above[x]) for x in left)


def _chomp_options(rows: tuple[int, ...]):
    for r, length in enumerate(rows):
        for c in range(length):
            if r == 0 and c == 0:
                continue
            new = tuple(min(x, c) if i >= r else x for i, x in enumerate(rows))
            yield tuple(x for x in new if x)


@lru_cache(maxsize=None)
def _chomp_misere_n(rows: tuple[int, ...]) -> bool:
    opts = list(_chomp_options(rows))
    return not opts or any(not _chomp_misere_n(o) for o in opts)


@lru_cache(maxsize=None)
def _nim_misere_n(heaps: tuple[int, ...]) -> bool:
    opts = {tuple(sorted(heaps[:i] + (t,) + heaps[i + 1 :])) for i, h in enumerate(heaps) for t in range(h)}
    return not opts or any(not _nim_misere_n(o) for o in opts)


@lru_cache(maxsize=None)
def _gale_misere_n(faces: frozenset) -> bool:
    if not faces:
        return True
    return any(not _gale_misere_n(frozenset(g for g in faces if not f <= g)) for f in faces)


def _gale_faces(n: int) -> frozenset:
    pts = range(1, n + 1)
    return frozenset(frozenset(c) for k in range(1, n) for c in itertools.combinations(pts, k))


@lru_cache(maxsize=None)
def _path_misere_n(edges: frozenset, vertices: frozenset) -> bool:
    opts = [(frozenset(e for e in edges if v not in e), vertices - {v}) for v in vertices]
    opts += [(edges - {e}, vertices) for e in edges]
    return not opts or any(not _path_misere_n(*o) for o in opts)


def _dawson_options(heaps: tuple[int, ...]):
    """0.07 (Dawson's Kayles): take two adjacent counters from a row, leaving
    0, 1 or 2 rows."""
    for i, h in enumerate(heaps):
        rest = heaps[:i] + heaps[i + 1 :]
        for a in range(h - 1):  # counters left of the pair
            b = h - 2 - a
            yield tuple(sorted(x for x in rest + (a, b) if x))


@lru_cache(maxsize=None)
def _dawson_value(heaps: tuple[int, ...]) -> int:
    return _mex(_dawson_value(o) for o in set(_dawson_options(heaps)))


@lru_cache(maxsize=None)
def _dawson_misere_n(heaps: tuple[int, ...]) -> bool:
    opts = set(_dawson_options(heaps))
    return not opts or any(not _dawson_misere_n(o) for o in opts)


@pytest.mark.parametrize("heaps", [(5, 3), (2, 2), (4,), (7, 1, 6), (9, 4)])
def test_octal_positions_against_brute_force(heaps: tuple[int, ...]) -> None:
    spec = "octal:0.07:" + ",".join(map(str, heaps))
    key = tuple(sorted(h for h in heaps if h))
    d = one_json("moves", spec, "--all")
    assert d["value"] == _dawson_value(key)
    for o in d["options"]:
        after = tuple(sorted(x for x in heaps[: o["heap"] - 1] + tuple(o["to"]) + heaps[o["heap"] :] if x))
        assert o["value"] == _dawson_value(after)
    assert one_json("value", spec, "--no-theory")["value"] == d["value"]
    m = one_json("moves", spec, "--misere", "--all")
    assert m["outcome"] == ("N" if _dawson_misere_n(key) else "P")
    for o in m["options"]:
        after = tuple(sorted(x for x in heaps[: o["heap"] - 1] + tuple(o["to"]) + heaps[o["heap"] :] if x))
        assert o["outcome"] == ("N" if _dawson_misere_n(after) else "P")


# -- --misere ---------------------------------------------------------------------------
def test_misere_is_honoured_for_every_kind() -> None:
    expected = {
        "graph": _path_misere_n(frozenset(frozenset((i, i + 1)) for i in range(3)), frozenset(range(4))),
        "poset": _poset_misere_n(12, _divisor_poset(12)[0]),
        "complex": _gale_misere_n(_gale_faces(4)),
        "chomp": _chomp_misere_n((3, 2)),
        "nim": _nim_misere_n((1, 2, 3)),
        "octal": _dawson_misere_n((3, 5)),
    }
    for kind, spec in KINDS.items():
        obj = one_json("value", spec, "--misere")
        assert obj["play"] == "misere" and obj["value"] is None, kind
        assert obj["outcome"] == ("N" if expected[kind] else "P"), kind


@pytest.mark.parametrize("heaps", [(1, 1), (1,), (1, 1, 1), (2, 2), (2, 3), (1, 1, 2), (3, 4, 5), (1, 2, 3)])
def test_misere_nim_against_brute_force(heaps: tuple[int, ...]) -> None:
    spec = "nim:" + ",".join(map(str, heaps))
    want = "N" if _nim_misere_n(tuple(sorted(heaps))) else "P"
    for extra in ([], ["--no-theory"]):
        obj = run("moves", spec, "--misere", "--all", "--json", *extra)
        assert obj.exit_code == 0
        d = json.loads(obj.stdout)
        assert d["outcome"] == want, (heaps, extra)
        for o in d["options"]:
            after = tuple(sorted(heaps[: o["heap"] - 1] + (o["to"],) + heaps[o["heap"] :]))
            assert o["outcome"] == ("N" if _nim_misere_n(after) else "P")
        assert d["winning_moves"] == [{"heap": o["heap"], "to": o["to"]} for o in d["options"] if o["outcome"] == "P"]


@pytest.mark.parametrize("n", [6, 8, 12, 18, 30])
def test_misere_poset_against_brute_force(n: int) -> None:
    elements, above = _divisor_poset(n)
    d = json.loads(run("moves", f"divisors:{n}", "--misere", "--all", "--json").stdout)
    assert d["outcome"] == ("N" if _poset_misere_n(n, elements) else "P")
    for o in d["options"]:
        assert o["outcome"] == ("N" if _poset_misere_n(n, elements - above[o["element"]]) else "P")
    assert {m["element"] for m in d["winning_moves"]} == {o["element"] for o in d["options"] if o["outcome"] == "P"}


def test_misere_chain_offers_only_winning_moves() -> None:
    """The report of issue 8: `chain:2 --misere` once offered a losing move."""
    d = one_json("moves", "chain:2", "--misere")
    assert d["winning_moves"] == [{"element": 2}]  # taking 1 empties the poset: the opponent wins
    assert one_json("value", "antichain:2", "--misere")["outcome"] == "N"
    assert one_json("value", "nim:1,1", "--misere")["outcome"] == "N"


# -- --game -------------------------------------------------------------------------------
@pytest.mark.parametrize("kind", [k for k in KINDS if k != "graph"])
def test_game_is_refused_for_positions_that_are_not_graphs(kind: str) -> None:
    refused(run("value", KINDS[kind], "--game", "bo-bo"), "--game", kind)
    refused(run("moves", KINDS[kind], "--game", "graph-nim"), "--game", kind)


def test_game_is_honoured_for_graphs_and_graph_chomp_is_chomp() -> None:
    assert one_json("value", "path:4", "--game", "bo-bo")["game"] == "bo-bo"
    spelled = one_json("value", "path:4", "--game", "graph-chomp")
    plain = one_json("value", "path:4")
    del spelled["stats"], plain["stats"]
    assert spelled == plain


# -- --no-theory and --without ---------------------------------------------------------------
@pytest.mark.parametrize("kind", list(KINDS))
def test_no_theory_gives_the_same_value(kind: str) -> None:
    plain = one_json("value", KINDS[kind])
    pure = one_json("value", KINDS[kind], "--no-theory")
    assert pure["value"] == plain["value"]


def test_no_theory_searches_nim() -> None:
    pure = one_json("value", "nim:3,4,5", "--no-theory")
    assert pure["value"] == 3 ^ 4 ^ 5 and pure["stats"]["positions"] > 0


@pytest.mark.parametrize(
    "kind, name", [("graph", "bipartite"), ("poset", "chains"), ("complex", "involutions")]
)
def test_without_is_honoured_with_the_kinds_own_names(kind: str, name: str) -> None:
    assert one_json("value", KINDS[kind], "--without", name)["value"] == one_json("value", KINDS[kind])["value"]
    other = {"graph": "chains", "poset": "bipartite", "complex": "bipartite"}[kind]
    refused(run("value", KINDS[kind], "--without", other), "--without", other)


@pytest.mark.parametrize("kind", ["chomp", "nim", "octal"])
def test_without_is_refused_where_nothing_can_be_switched_off(kind: str) -> None:
    refused(run("value", KINDS[kind], "--without", "chains"), "--without", kind)


@pytest.mark.parametrize("kind", list(KINDS))
def test_switches_the_misere_search_does_not_use_are_refused(kind: str) -> None:
    # the misère search of every kind uses no switchable result: --without was refused
    # for graphs but silently ignored for posets and complexes (independent review);
    # --no-theory is honoured only where it turns a rule off (Nim: Bouton's misère rule)
    own = {"graph": "involutions", "poset": "chains", "complex": "involutions"}.get(kind, "chains")
    for command in ("value", "moves"):
        refused(run(command, KINDS[kind], "--misere", "--without", own), "--without", "misère play")
        if kind == "nim":
            searched = one_json(command, KINDS[kind], "--misere", "--no-theory")
            assert searched["outcome"] == one_json(command, KINDS[kind], "--misere")["outcome"]
            assert searched["stats"]["positions"] > 0
        else:
            refused(run(command, KINDS[kind], "--misere", "--no-theory"), "--no-theory", "misère play")
    import grundy
    from grundy.errors import InputError
    from grundy.games.graphs.theory import Theory

    if kind == "nim":
        assert grundy.outcome(KINDS[kind], misere=True, theory=Theory.none()) == grundy.outcome(KINDS[kind],
                                                                                               misere=True)
    else:
        with pytest.raises(InputError, match="theory= does not apply .* misère play"):
            grundy.outcome(KINDS[kind], misere=True, theory=Theory.none())


@pytest.mark.parametrize("kind", list(KINDS))
def test_a_misspelt_switch_is_named_in_misere_play_too(kind: str) -> None:
    # a name no result of the kind has is named as misspelt (with the valid names) before the
    # misère refusal, which would have sent the user to fix the wrong thing; kinds with no
    # switchable results refuse --without whatever the name
    result = run("value", KINDS[kind], "--misere", "--without", "nosuchresult")
    if kind in ("graph", "poset", "complex"):
        refused(result, "unknown result 'nosuchresult'", "valid:")
    else:
        refused(result, "--without", kind)


# -- limits ---------------------------------------------------------------------------------
@pytest.mark.parametrize("kind", list(LARGE))
def test_max_positions_stops_every_kind(kind: str) -> None:
    spec, extra = LARGE[kind]
    result = run("value", spec, "--max-positions", "20", "--json", *extra)
    assert result.exit_code == 3, (result.stdout, result.stderr)
    (line,) = result.stdout.splitlines()
    stopped = json.loads(line)
    assert stopped["name"] == spec and stopped["value"] is None and stopped["stopped"] == "position limit 20"
    assert "search stopped" in result.stderr


@pytest.mark.parametrize("kind", list(LARGE))
def test_time_limit_stops_every_kind(kind: str) -> None:
    spec, extra = LARGE[kind]
    result = run("value", spec, "--time-limit", "0.05", *extra)
    assert result.exit_code == 3, (result.stdout, result.stderr)
    assert "time limit 0.05 s" in result.stderr


# -- --table ---------------------------------------------------------------------------------
@pytest.mark.parametrize("kind", ["graph", "poset", "complex"])
def test_table_answers_a_second_run_from_the_file(kind: str, tmp_path) -> None:
    spec = {"graph": "random:10,0.4,3", "poset": "divisors:360", "complex": "simplex-boundary:5"}[kind]
    path = str(tmp_path / "t.sqlite")
    first = one_json("value", spec, "--table", path, "--no-theory")
    second = one_json("value", spec, "--table", path, "--no-theory")
    assert first["stats"]["positions"] > 0
    assert second["value"] == first["value"] and second["stats"]["positions"] == 0
    assert second["stats"]["table_hits"] > 0


@pytest.mark.parametrize("kind", ["chomp", "nim", "octal"])
def test_table_is_refused_where_no_table_is_kept(kind: str, tmp_path) -> None:
    refused(run("value", KINDS[kind], "--table", str(tmp_path / "t.sqlite")), "--table", kind)


def test_table_is_refused_under_misere_play(tmp_path) -> None:
    refused(run("value", "path:4", "--misere", "--table", str(tmp_path / "t.sqlite")), "--table", "misère")


# -- --table-memory ---------------------------------------------------------------------------
@pytest.mark.parametrize(
    "spec, bound", [("random:10,0.4,3", "8K"), ("divisors:360", "16K")], ids=["graph", "poset"]
)
def test_table_memory_bounds_the_table(spec: str, bound: str) -> None:
    """Honoured: the bounded table forgets (no file), so the search repeats
    work (more positions) and finds the same value."""
    free = one_json("value", spec, "--no-theory")
    bounded = one_json("value", spec, "--no-theory", "--table-memory", bound)
    assert bounded["value"] == free["value"]
    assert bounded["stats"]["positions"] > free["stats"]["positions"]


@pytest.mark.parametrize("kind", ["graph", "poset", "complex"])
def test_table_memory_spills_to_the_table_file(kind: str, tmp_path) -> None:
    """Accepted with a file for every kind that keeps a table: the same
    value, and a second run answers from the file (that rows are dropped
    and read back is tested in tests/test_compact_table.py)."""
    spec = {"graph": "random:10,0.4,3", "poset": "divisors:360", "complex": "simplex-boundary:5"}[kind]
    path = str(tmp_path / "t.sqlite")
    free = one_json("value", spec, "--no-theory")
    first = one_json("value", spec, "--no-theory", "--table", path, "--table-memory", "16K")
    assert first["value"] == free["value"]
    second = one_json("value", spec, "--no-theory", "--table", path, "--table-memory", "16K")
    assert second["value"] == free["value"] and second["stats"]["positions"] == 0


@pytest.mark.parametrize("kind", ["chomp", "nim", "octal"])
def test_table_memory_is_refused_where_no_table_is_kept(kind: str) -> None:
    refused(run("value", KINDS[kind], "--table-memory", "1M"), "--table-memory", kind)


def test_table_memory_is_refused_under_misere_play() -> None:
    refused(run("value", "path:4", "--misere", "--table-memory", "1M"), "--table-memory", "misère")


@pytest.mark.parametrize("size", ["lots", "1K", "2000", "-5M", "12Q", "inf", "nan", "5000T"])
def test_table_memory_bad_sizes(size: str) -> None:
    refused(run("value", "path:4", "--table-memory", size), "--table-memory")


def test_table_memory_sizes() -> None:
    from grundy.cli.answer import _memory_size

    sizes = ("4096", "2.5K", "512M", "4G", "4GiB", "2gb", "4Gi")
    assert [_memory_size(None, None, t) for t in sizes] == [  # type: ignore[arg-type]
        4096, 2560, 512 << 20, 4 << 30, 4 << 30, 2 << 30, 4 << 30,
    ]


def test_table_memory_without_the_compact_table(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GRUNDY_NO_COMPACT", "1")
    refused(run("value", "path:4", "--table-memory", "1M"), "--table-memory", "compact")


# -- --all, --json, --brief, --progress ----------------------------------------------------------
@pytest.mark.parametrize("kind", list(KINDS))
def test_all_lists_options_whose_zeros_are_the_winning_moves(kind: str) -> None:
    d = one_json("moves", KINDS[kind], "--all")
    assert d["options"], kind
    zero = [{k: v for k, v in o.items() if k != "value"} for o in d["options"] if o["value"] == 0]
    assert zero == d["winning_moves"], kind


@pytest.mark.parametrize("kind", list(KINDS))
def test_text_and_progress_are_accepted_by_every_kind(kind: str) -> None:
    for extra in (["--brief"], ["--explain"], ["--progress"], ["--no-progress"]):
        result = run("value", KINDS[kind], *extra)
        assert result.exit_code == 0 and "outcome" in result.stdout, (kind, extra, result.stderr)
    assert "why:" in run("value", KINDS[kind], "--explain").stdout
    assert "why:" not in run("value", KINDS[kind], "--brief").stdout


# -- grundy form ---------------------------------------------------------------------------
@pytest.mark.parametrize("kind", list(KINDS))
def test_form_answers_every_kind_as_its_nimber(kind: str) -> None:
    value = one_json("value", KINDS[kind])["value"]
    form = one_json("form", KINDS[kind])
    assert form["nimber"] == value and form["outcome"] == ("P" if value == 0 else "N")
    assert form["canonical_form"] == ("0" if value == 0 else "*" if value == 1 else f"*{value}")
    text = run("form", KINDS[kind], "--ascii")
    assert text.exit_code == 0 and form["canonical_form"] in text.stdout


@pytest.mark.parametrize("kind", [k for k in KINDS if k != "graph"])
def test_form_refuses_a_ruleset_for_positions_that_are_not_graphs(kind: str) -> None:
    refused(run("form", KINDS[kind], "--game", "oe-bo"), "--game", kind)


@pytest.mark.parametrize("kind", ["graph", "poset", "complex", "chomp"])
def test_form_max_positions_stops_every_kind_that_searches(kind: str) -> None:
    spec = {"graph": "random:13,0.3,4", "poset": "boolean:7", "complex": "simplex-boundary:6",
            "chomp": "chomp:14x14"}[kind]
    result = run("form", spec, "--max-positions", "20")
    assert result.exit_code == 3, (result.stdout, result.stderr)
    assert "position limit 20" in result.stderr


def test_api_accepts_every_kind() -> None:
    import grundy

    for kind, spec in KINDS.items():
        value = one_json("value", spec)["value"]
        assert grundy.nim_value(spec) == value, kind
        assert grundy.outcome(spec) == ("P" if value == 0 else "N"), kind
        assert [m.to_json() for m in grundy.winning_moves(spec)] == one_json("value", spec)["winning_moves"], kind
        assert grundy.outcome(spec, misere=True) == one_json("value", spec, "--misere")["outcome"], kind


@pytest.mark.parametrize("kind", ["poset", "complex"])
def test_api_maps_a_partial_graph_theory_by_switch_name(kind: str) -> None:
    """A graph Theory with some switches off means the same switches off
    for a poset or complex (as ``--without``), never quietly the defaults."""
    import grundy
    from grundy.games.graphs.theory import Theory

    spec = {"poset": "boolean:5", "complex": "simplex-boundary:6"}[kind]  # both reduce by involutions
    partial = grundy.analyze(spec, theory=Theory(involutions=False, cancel_pairs=False))
    cli = one_json("value", spec, "--without", "involutions,cancel_pairs")
    default = one_json("value", spec)
    assert partial.value == cli["value"] == default["value"]
    assert partial.stats["positions"] == cli["stats"]["positions"] != default["stats"]["positions"]
    assert partial.stats["reductions"] == cli["stats"]["reductions"]


@pytest.mark.parametrize("kind", [k for k in KINDS if k != "graph"])
def test_api_refuses_a_graph_only_switch_for_other_kinds(kind: str) -> None:
    import grundy
    from grundy.errors import InputError
    from grundy.games.graphs.theory import Theory

    with pytest.raises(InputError, match=f"twins.*{kind}|{kind}.*twins"):
        grundy.nim_value(KINDS[kind], theory=Theory(twins=False))
    assert grundy.nim_value(KINDS[kind], theory=Theory.none()) == one_json("value", KINDS[kind])["value"]


@pytest.mark.parametrize("game, first, second", [
    (None, "boolean:5", "divisors:360"),  # two searches of other kinds
    (None, "random:9,0.5,1", "boolean:5"),  # the graphs' solver, then a poset
    (None, "boolean:5", "random:9,0.5,1"),  # a poset, then the graphs' solver
    ("be-bo", "random:8,0.4,1", "random:8,0.4,2"),  # partizan searches
])
def test_form_max_positions_is_one_budget_for_every_position(game: str | None, first: str, second: str) -> None:
    """``form --max-positions N`` counts the positions of every position
    given together, as ``value`` does: N enough for either alone but not
    for both stops at the second (exit 3, naming N); their sum is enough."""
    from grundy.games.partizan.search import clear_partizan_caches

    extra = ["--game", game] if game else []

    def fresh(*args: str):  # the partizan search memoises across calls in a process
        clear_partizan_caches()
        return run(*args)

    a, b = (json.loads(fresh("form", spec, *extra, "--json").stdout)["stats"]["positions"] for spec in (first, second))
    assert a > 0 and b > 0
    stopped = fresh("form", first, second, *extra, "--max-positions", str(max(a, b)), "--json")
    assert stopped.exit_code == 3, (stopped.stdout, stopped.stderr)
    assert f"position limit {max(a, b)}" in stopped.stderr
    assert json.loads(stopped.stdout.splitlines()[0])["stats"]["positions"] == a
    both = fresh("form", first, second, *extra, "--max-positions", str(a + b), "--json")
    assert both.exit_code == 0, (both.stdout, both.stderr)
    spent = [json.loads(line)["stats"]["positions"] for line in both.stdout.splitlines()]
    assert spent[0] == a and 0 < spent[1] <= b  # the second may reuse what the first learned


def test_form_searches_only_gale_value() -> None:
    """``form`` prints the value only, so Gale's game is not given its
    first-move table and complement replies there: fewer positions than
    ``value`` (which searches them), the same value, and the Gale search's
    own count (``ComplexSolver`` on the start position alone)."""
    from grundy.games.complexes import ComplexSolver, build_complex_family

    form = one_json("form", "simplex-boundary:6")
    value = one_json("value", "simplex-boundary:6")
    solver = ComplexSolver()
    solver.start()
    alone = solver.value_of(*solver.decompose(build_complex_family("simplex-boundary:6").facets))
    assert form["nimber"] == value["value"] == alone == 0
    assert form["stats"]["positions"] == solver.stats.positions < value["stats"]["positions"]


# -- every option under --outcome -----------------------------------------------------------
#: Where a table is kept (graphs, posets, complexes under normal play).
TABLED = {"graph", "poset", "complex"}
#: A switchable result of each kind that has them (``--without``).
OWN_RESULT = {"graph": "involutions", "poset": "chains", "complex": "involutions"}


@pytest.mark.parametrize("command", ["value", "moves"])
@pytest.mark.parametrize("kind", list(KINDS))
def test_every_option_is_honoured_or_refused_under_outcome(kind: str, command: str, tmp_path) -> None:
    """--outcome with each option of the command, on every kind: honoured
    (the outcome is the one the option asks for, computed without
    --outcome, and a winning move is one of that answer's) or refused with
    exit 2 naming the option and the kind; never accepted and ignored."""
    spec = KINDS[kind]

    def agrees(extra: list[str], reference: list[str] | None = None) -> None:
        fast = one_json(command, spec, "--outcome", *extra)
        full = one_json("moves", spec, "--all", *(extra if reference is None else reference))
        assert fast["outcome"] == full["outcome"], (extra, fast, full)
        wins = [json.dumps(m, sort_keys=True) for m in full["winning_moves"]]
        assert len(fast["winning_moves"]) == (full["outcome"] == "N"), (extra, fast)
        assert all(json.dumps(m, sort_keys=True) in wins for m in fast["winning_moves"]), (extra, fast, wins)

    agrees([])
    agrees(["--no-theory"])
    agrees(["--max-positions", "100000"])
    agrees(["--time-limit", "60"])
    agrees(["--misere"])
    if kind == "graph":
        agrees(["--game", "bo-bo"])
        assert one_json(command, spec, "--outcome", "--game", "bo-bo")["outcome"] != one_json(
            command, spec, "--outcome")["outcome"]  # path:4 is P under BO/BO, N under Graph Chomp
    else:
        refused(run(command, spec, "--outcome", "--game", "bo-bo"), "--game", kind)
    if kind in OWN_RESULT:
        agrees(["--without", OWN_RESULT[kind]])
    else:
        refused(run(command, spec, "--outcome", "--without", "chains"), "--without", kind)
    table = str(tmp_path / "t.db")
    if kind in TABLED:
        agrees(["--table", table], [])
        again = one_json(command, spec, "--outcome", "--table", table)
        assert again["stats"]["positions"] == 0  # answered from the file the first run wrote
        agrees(["--table-memory", "64K"])
    else:
        refused(run(command, spec, "--outcome", "--table", table), "--table", kind)
        refused(run(command, spec, "--outcome", "--table-memory", "64K"), "--table-memory", kind)
    refused(run(command, spec, "--outcome", "--misere", "--table-memory", "64K"), "--table-memory", "misère")
