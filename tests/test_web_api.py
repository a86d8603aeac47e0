"""The JSON API of ``grundy serve`` (grundy.web.app) through the ASGI test
client: every kind of position and every ruleset, bad input (422 with one
line), limits (413, 503), cancellation, concurrent requests, the OpenAPI
page, and the ``serve`` command itself."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import threading
import time

import pytest

fastapi = pytest.importorskip("fastapi")
pytest.importorskip("httpx")
pytest.importorskip("fastapi_offline")

from fastapi.testclient import TestClient  # noqa: E402

import grundy  # noqa: E402
from grundy.games.graphs.rulesets import RULESETS  # noqa: E402
from grundy.api import partizan_value  # noqa: E402
from grundy.games.partizan import PARTIZAN_RULESETS  # noqa: E402
from grundy.play import read_play  # noqa: E402
from grundy.web.app import create_app  # noqa: E402
from tests.helpers import cli_runner  # noqa: E402

SLOW = "random:22,0.5,1"  # Graph Chomp: not decided in 20 s (measured)


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app())


def _post(client: TestClient, path: str, body: dict) -> tuple[int, dict]:
    r = client.post(path, json=body)
    return r.status_code, r.json()


def _cli_json(*args: str, command: str = "value") -> dict:
    from grundy.cli import main

    result = cli_runner().invoke(main, [command, "--json", *args])
    assert result.exit_code == 0, result.output
    return json.loads(result.output.strip().splitlines()[-1])


def _without_seconds(d: dict) -> dict:
    d = dict(d)
    d["stats"] = {k: v for k, v in d["stats"].items() if k != "seconds"}
    return d


# -- /api/analyze is `grundy value --json` ------------------------------------------------------
CASES = [
    ("wheel:9", None, False),
    ("path:5", None, True),
    ("petersen", "graph-nim", False),
    ("star:3", "bo-bo", False),
    ("divisors:30", None, False),
    ("divisors:12", None, True),
    ("simplex-boundary:4", None, False),
    ("chomp:4,3,1", None, False),
    ("chomp:3,2", None, True),
    ("nim:3,4,5", None, False),
    ("nim:1,1,1", None, True),
    ("octal:0.07:5,3", None, False),
]


@pytest.mark.parametrize("spec,game,misere", CASES)
def test_analyze_is_value_json(client: TestClient, spec: str, game: str | None, misere: bool) -> None:
    body = {"position": spec, "misere": misere}
    args = [spec] + (["--game", game] if game else []) + (["--misere"] if misere else [])
    if game:
        body["game"] = game
    status, got = _post(client, "/api/analyze", body)
    assert status == 200, got
    assert _without_seconds(got) == _without_seconds(_cli_json(*args))
    status, with_options = _post(client, "/api/analyze", dict(body, options=True))
    assert status == 200
    assert _without_seconds(with_options) == _without_seconds(_cli_json(*args, "--all", command="moves"))


@pytest.mark.parametrize("spec,game,misere", CASES)
def test_analyze_outcome_is_the_outcome_json(client: TestClient, spec: str, game: str | None,
                                             misere: bool) -> None:
    """Issue 30: the page's Analyze asks who wins first (``outcome``), as
    ``grundy value --outcome --json`` answers it (``options``: every winning
    move, as ``grundy moves --outcome --all``)."""
    body = {"position": spec, "misere": misere, "outcome": True}
    args = [spec] + (["--game", game] if game else []) + (["--misere"] if misere else []) + ["--outcome"]
    if game:
        body["game"] = game
    status, got = _post(client, "/api/analyze", body)
    assert status == 200, got
    assert _without_seconds(got) == _without_seconds(_cli_json(*args))
    status, every = _post(client, "/api/analyze", dict(body, options=True))
    assert status == 200
    assert _without_seconds(every) == _without_seconds(_cli_json(*args, "--all", command="moves"))


def test_analyze_outcome_is_refused_for_partizan_games(client: TestClient) -> None:
    status, got = _post(client, "/api/analyze", {"position": "path:4", "game": "be-bo", "outcome": True})
    assert status == 422 and "outcome does not apply to the partizan game be-bo" in json.dumps(got)


@pytest.mark.parametrize("game", sorted(RULESETS))
def test_every_impartial_ruleset(client: TestClient, game: str) -> None:
    status, got = _post(client, "/api/analyze", {"position": "cycle:6", "game": game})
    assert status == 200, got
    assert got["value"] == grundy.nim_value("cycle:6", game=game)
    assert got["game"] == RULESETS[game].name


@pytest.mark.parametrize("game", sorted(PARTIZAN_RULESETS))
def test_every_partizan_ruleset(client: TestClient, game: str) -> None:
    status, brief = _post(client, "/api/analyze", {"position": "path:4", "game": game})
    assert status == 200 and "options" not in brief  # listed on request, as for every kind
    status, got = _post(client, "/api/analyze", {"position": "path:4", "game": game, "options": True})
    assert status == 200, got
    value = partizan_value(game, "path:4")
    assert got["canonical_form"] == str(value) and got["outcome"] == value.outcome
    # every winning move of each side leads to an option that side wins moving second
    for side, letter in (("left", "L"), ("right", "R")):
        for option in got["options"][side]:
            wins = option["outcome"] in ("P", letter)
            move = {k: v for k, v in option.items() if k not in ("form", "outcome")}
            assert (move in got["winning_moves"][side]) == wins


# -- /api/view ---------------------------------------------------------------------------------
@pytest.mark.parametrize("spec", ["wheel:9", "divisors:12", "simplex-boundary:3", "chomp:3,2", "nim:2,3",
                                  "octal:0.07:4"])
def test_view_lists_every_legal_move(client: TestClient, spec: str) -> None:
    status, v = _post(client, "/api/view", {"position": spec})
    assert status == 200, v
    play = read_play(spec)
    assert [m["move"] for m in v["moves"]] == [m.to_json() for m in play.moves()]
    winning = [m["move"] for m in v["moves"] if m["winning"]]
    assert winning == v["analysis"]["winning_moves"] or sorted(map(json.dumps, winning)) == sorted(
        map(json.dumps, v["analysis"]["winning_moves"]))
    assert v["svg"].startswith("<svg")
    assert read_play(v["position"]).to_spec() == play.to_spec()


def test_layout_is_refused_for_positions_that_are_not_graphs(client: TestClient) -> None:
    status, r = _post(client, "/api/view", {"position": "nim:3,4", "layout": [[0, 0.5, 0.5]]})
    assert status == 422 and "layout applies to graphs only" in r["error"]
    status, r = _post(client, "/api/view", {"position": "nim:3,4", "side": "left"})
    assert status == 422 and "side" in r["error"]


def test_view_highlight_and_layout(client: TestClient) -> None:
    status, v = _post(client, "/api/view", {"position": "wheel:9"})
    assert status == 200
    assert 'class="vertex winning"' in v["svg"] or "winning" in v["svg"]
    status, plain = _post(client, "/api/view", {"position": "wheel:9", "highlight": False})
    assert "winning" not in plain["svg"]
    # a given layout is kept for the labels still there
    layout = [[label, 0.5, 0.5] if label == 3 else [label, x, y] for label, x, y in v["layout"]]
    status, again = _post(client, "/api/view", {"position": v["position"], "layout": layout})
    assert status == 200
    assert [3, 0.5, 0.5] in again["layout"]


# -- /api/move and /api/engine ------------------------------------------------------------------
@pytest.mark.parametrize("spec,game,misere", CASES[:1] + CASES[2:])
def test_move_then_engine_reply(client: TestClient, spec: str, game: str | None, misere: bool) -> None:
    play = read_play(spec, game=game, misere=misere)
    first = play.moves()[0]
    body = {"position": spec, "misere": misere, "move": first.to_json()}
    if game:
        body["game"] = game
    status, r = _post(client, "/api/move", body)
    assert status == 200, r
    after = play.after(first)
    assert read_play(r["position"], game=game, misere=misere).to_spec() == after.to_spec()
    if r["over"]:
        assert r["reply"] is None
        return
    # the reply is a winning move whenever the position after the user's move has one
    a = grundy.analyze(after.position, game=game or "chomp", misere=misere) if after.kind == "graph" else None
    reply_after = read_play(r["position_after_reply"], game=game, misere=misere)
    assert reply_after.to_spec() == after.after(r["reply"]).to_spec()
    if a is not None:
        if a.outcome == "N":
            b = grundy.analyze(reply_after.position, game=game or "chomp", misere=misere)
            assert b.outcome == "P"


def test_engine_answers_with_a_winning_move_or_the_smallest_option(client: TestClient) -> None:
    for spec in ("nim:3,4,5", "nim:1,2,3", "chomp:3,3", "chomp:2,2"):
        status, r = _post(client, "/api/engine", {"position": spec})
        assert status == 200, r
        after = read_play(r["position"])
        value = grundy.nim_value(after.to_spec())
        if grundy.nim_value(spec) != 0:
            assert value == 0
        else:  # no winning move: the smallest option
            smallest = min(grundy.nim_value(o.to_spec()) for _, o in read_play(spec).options())
            assert value == smallest


def test_partizan_move_needs_a_side(client: TestClient) -> None:
    status, r = _post(client, "/api/move", {"position": "path:4", "game": "even-odd-vertex", "move": {"vertex": 0}})
    assert status == 422 and "left" in r["error"]
    # vertex 0 has odd degree: Right's move, not Left's
    status, r = _post(client, "/api/move", {"position": "path:4", "game": "even-odd-vertex",
                                            "move": {"vertex": 0}, "side": "left"})
    assert status == 422 and "not a legal move" in r["error"]
    status, r = _post(client, "/api/move", {"position": "path:4", "game": "even-odd-vertex",
                                            "move": {"vertex": 0}, "side": "right"})
    assert status == 200, r
    assert r["position"]["vertices"] == [1, 2, 3]
    status, r = _post(client, "/api/move", {"position": "nim:3", "move": {"heap": 1, "to": 0}, "side": "left"})
    assert status == 422 and "side" in r["error"]


def test_game_played_to_the_end_is_won_by_the_engine_on_a_p_position(client: TestClient) -> None:
    """cycle:7 is a P-position: whatever the user plays, the engine wins."""
    assert grundy.nim_value("cycle:7") == 0
    position: object = "cycle:7"
    for _ in range(50):
        moves = read_play(position).moves()
        status, r = _post(client, "/api/move", {"position": position, "move": moves[-1].to_json()})
        assert status == 200, r
        if r["winner"] is not None:
            assert r["winner"] == "engine"
            return
        position = r["position_after_reply"]
    pytest.fail("the game did not end")


def test_misere_winner(client: TestClient) -> None:
    # misère Nim 1: the user takes the last counter and loses
    status, r = _post(client, "/api/move", {"position": "nim:1", "misere": True, "move": {"heap": 1, "to": 0}})
    assert status == 200 and r["over"] and r["winner"] == "engine"
    status, r = _post(client, "/api/move", {"position": "nim:1", "move": {"heap": 1, "to": 0}})
    assert r["over"] and r["winner"] == "you"


# -- bad input ---------------------------------------------------------------------------------
BAD = [
    ({"position": "whee:9"}, "unknown family"),
    ({"position": "wheel:9", "game": "nosuch"}, "unknown game"),
    ({"position": "nim:3,4", "game": "graph-nim"}, "does not apply to nim"),
    ({"position": "path:4", "game": "be-bo", "misere": True}, "misère"),
    ({"position": {"vertices": [0, 1], "edges": [[0, 0]]}}, "self-loop"),
    ({"position": {"edges": [[0, 1], [1, 0]]}}, "repeat"),
    ({"position": {"graph": "D?"}}, "graph6"),
    ({"position": "/etc/passwd"}, "file names are not read"),
    ({"position": "tests/data/x.g6"}, "file names are not read"),
    ({"position": ""}, "empty"),
    ({"position": {"nonsense": 1}}, "unknown position object"),
    ({"position": "wheel:9", "extra": 1}, "extra"),
    ({"position": 17}, "position"),
    ({}, "position"),
    ({"position": {"poset": "a < b\nb < a"}}, "cycle"),
    ({"position": {"facets": [[]]}}, "empty"),
    ({"position": "nim:3,x"}, "integers"),
]


@pytest.mark.parametrize("body,fragment", BAD)
def test_bad_input_is_422_with_one_line(client: TestClient, body: dict, fragment: str) -> None:
    for path in ("/api/analyze", "/api/view"):
        r = client.post(path, json=body)
        assert r.status_code == 422, (path, r.text)
        error = r.json()["error"]
        assert isinstance(error, str) and "\n" not in error and "Traceback" not in error
        assert fragment.lower() in error.lower(), error


def test_malformed_json_body_is_422(client: TestClient) -> None:
    r = client.post("/api/analyze", content=b"{not json", headers={"content-type": "application/json"})
    assert r.status_code == 422 and "\n" not in r.json()["error"]


@pytest.mark.parametrize("move", [{"vertex": 99}, {"edge": [0, 5]}, {"row": 1, "column": 1}, {}, {"vertex": 1, "x": 2},
                                  {"heap": 1}])
def test_illegal_or_malformed_move_is_422(client: TestClient, move: dict) -> None:
    status, r = _post(client, "/api/move", {"position": "path:4", "move": move})
    assert status == 422 and "\n" not in r["error"]
    assert "move" in r["error"]


def test_too_large_is_413(client: TestClient) -> None:
    for position in ("complete:80", "nim:2000,2000", "chomp:60x60"):
        status, r = _post(client, "/api/view", {"position": position})
        assert status == 413, (position, r)
        assert "over the limit" in r["error"]


def test_too_slow_is_503() -> None:
    slow = TestClient(create_app(time_limit=0.3, max_positions=None))
    t0 = time.perf_counter()
    status, r = _post(slow, "/api/analyze", {"position": SLOW})
    assert status == 503 and "time limit" in r["error"]
    assert time.perf_counter() - t0 < 10
    assert r["limit"] == "time" and "grundy serve --time-limit SECONDS" in r["error"]  # what to do
    few = TestClient(create_app(time_limit=None, max_positions=50))
    status, r = _post(few, "/api/view", {"position": SLOW})
    assert status == 503 and "position limit 50" in r["error"]
    assert r["limit"] == "positions" and "grundy serve --max-positions N" in r["error"]
    status, r = _post(few, "/api/analyze", {"position": "cycle:7", "game": "be-bo"})
    assert status in (200, 503)
    # the partizan search has its own clock now
    status, r = _post(slow, "/api/analyze", {"position": "random:14,0.6,2", "game": "oe-be"})
    assert status == 503 and "time limit" in r["error"]


def test_a_stopped_value_search_answers_the_outcome_it_settled() -> None:
    # random:10,0.6,1: N after some 15,000 positions, its value only after millions
    import grundy
    from grundy.core.moves import Move

    short = TestClient(create_app(time_limit=2, max_positions=None))
    for path in ("/api/view", "/api/analyze"):
        body = {"position": "random:10,0.6,1"} | ({"options": False} if path == "/api/view" else {})
        status, r = _post(short, path, body)
        assert status == 503, r
        assert r["outcome"] == "N" and r["limit"] == "time" and r["seconds"] >= 1.5
        assert "N-position" in r["error"] and "grundy serve --time-limit SECONDS" in r["error"]
        assert r["value"] is None
        # the table the stopped search left already decides a winning move: it is named
        (move,) = r["winning_moves"]
        assert r["from_table"] is True, r
        assert f"the table already decides a winning move: {r['winning_moves_text'][0]}" in r["error"], r
        assert grundy.position("random:10,0.6,1").after(Move.from_json(move)).analyze().outcome == "P", move


def test_a_stop_after_the_value_answers_the_value() -> None:
    # wheel:30: value 1 by an involution at once; the outcome of one option is out of reach
    import grundy

    short = TestClient(create_app(time_limit=None, max_positions=3000))
    status, r = _post(short, "/api/analyze", {"position": "wheel:30"})
    assert status == 503 and r["limit"] == "positions", r
    assert r["value"] == grundy.nim_value("wheel:30") and r["outcome"] == "N", r
    assert f"the nim-value was found: {r['value']}, an N-position" in r["error"], r
    assert r["winning_moves"] == [{"vertex": 0}] and r["winning_moves_text"] == ["remove vertex 0"], r
    assert r["from_table"] is False, r  # found by the winning moves' search, after the value


def test_a_misere_stop_after_the_outcome_answers_it_for_other_kinds() -> None:
    # Chomp under misère play: a limit that stops the search after the outcome was
    # settled, while the winning moves were sought, answers the outcome and the moves
    # found so far (kinds.misere.misere_answer records them, as graphs do)
    settled = _cli_json("chomp:6x7", "--misere", "--outcome")
    whole = _cli_json("chomp:6x7", "--misere")
    assert settled["outcome"] == whole["outcome"] == "N"
    assert whole["stats"]["positions"] > settled["stats"]["positions"] + 1  # moves sought after the outcome
    short = TestClient(create_app(time_limit=None, max_positions=settled["stats"]["positions"] + 1))
    status, r = _post(short, "/api/analyze", {"position": "chomp:6x7", "misere": True})
    assert status == 503 and r["limit"] == "positions", r
    assert r["outcome"] == "N" and r["value"] is None, r
    assert "the outcome was settled: N-position" in r["error"], r
    assert r["winning_moves"] and all(m in whole["winning_moves"] for m in r["winning_moves"]), r


def test_view_values_options_only_on_request(client: TestClient) -> None:
    # torus: its value at once; every option's value takes far longer
    status, v = _post(client, "/api/view", {"position": "torus", "options": False})
    assert status == 200 and v["options"] is False and v["analysis"]["value"] == 0
    assert len(v["moves"]) == 54 and all(m["result"] is None and not m["winning"] for m in v["moves"])
    status, v = _post(client, "/api/view", {"position": "wheel:9", "options": False})
    assert [m["move"] for m in v["moves"] if m["winning"]] == [{"vertex": 0}]
    status, full = _post(client, "/api/view", {"position": "wheel:9"})
    assert full["options"] is True and all(isinstance(m["result"], int) for m in full["moves"])
    assert [m["move"] for m in full["moves"]] == [m["move"] for m in v["moves"]]


def test_view_outcome_first(client: TestClient) -> None:
    # random:11,0.5,1: N after a dozen positions (its value needs millions): one winning move, no value
    status, v = _post(client, "/api/view", {"position": "random:11,0.5,1", "options": False, "outcome": True})
    assert status == 200 and v["analysis"]["outcome"] == "N" and v["analysis"]["value"] is None
    wins = [m for m in v["moves"] if m["winning"]]
    assert len(wins) == 1 and v["value_line"] == "outcome N"
    import grundy

    after = grundy.position("random:11,0.5,1").after(wins[0]["move"])
    assert grundy.outcome(after.position) == "P"  # the move shown wins
    status, p = _post(client, "/api/view", {"position": "cycle:7", "options": False, "outcome": True})
    assert p["analysis"]["outcome"] == "P" and p["analysis"]["value"] == 0 and not any(m["winning"] for m in p["moves"])
    for body in ({"position": "wheel:9", "outcome": True},  # options default true: refused, not ignored
                 {"position": "path:4", "game": "be-bo", "side": "left", "options": False, "outcome": True}):
        status, r = _post(client, "/api/view", body)
        assert status == 422 and "outcome" in r["error"], r


def test_a_graph_nim_position_with_too_many_moves_is_refused_at_once(client: TestClient) -> None:
    # K2 and two 30-leaf stars: 125 parts, but 2^31 Graph Nim moves; the page lists every move
    edges = [[0, 1]] + [[c, 2 + 30 * c + k] for c in (0, 1) for k in range(30)]
    for path in ("/api/view", "/api/analyze"):
        status, r = _post(client, path, {"position": {"edges": edges}, "game": "graph-nim", "options": False})
        assert status == 413 and "Graph Nim moves" in r["error"], r


# -- concurrency and cancellation ------------------------------------------------------------------
def test_server_answers_while_a_search_runs_and_cancel_stops_it() -> None:
    import httpx

    app = create_app(time_limit=60, max_positions=None)

    async def scenario() -> None:
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://test", timeout=120) as c:
            # issue 31: the server issues the request ids (a client-chosen one is refused)
            rid = (await c.post("/api/request-id")).json()["request_id"]
            slow = asyncio.create_task(c.post("/api/analyze", json={"position": SLOW, "request_id": rid}))
            await asyncio.sleep(0.5)
            t0 = time.perf_counter()
            quick = await c.post("/api/analyze", json={"position": "path:3"})
            assert quick.status_code == 200 and quick.json()["value"] == 1
            assert not slow.done(), "the slow search should still be running"
            assert time.perf_counter() - t0 < 5
            cancel = await c.post("/api/cancel", json={"request_id": rid})
            assert cancel.json() == {"cancelled": True}
            r = await asyncio.wait_for(slow, 20)
            assert r.status_code == 503 and r.json()["error"].startswith("cancelled")
            again = await c.post("/api/cancel", json={"request_id": rid})
            assert again.json() == {"cancelled": False}

    asyncio.run(scenario())


def test_twenty_requests_at_once_all_answered() -> None:
    import httpx

    # issue 31: at most max_searches run at once (4 by default; past them 503 with Retry-After)
    app = create_app(max_searches=20)
    specs = ["wheel:9", "petersen", "path:7", "cycle:8", "divisors:30", "chomp:4,4", "nim:3,5,6", "grid:3,3",
             "simplex-boundary:4", "octal:0.07:9", "star:5", "complete:5", "prism:4", "gmk:2,3",
             "multipartite:3,2", "hypercube:3", "torus", "antichain:5", "chain:4", "caterpillar:1,2,1"]
    assert len(specs) == 20

    async def scenario() -> list:
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://test", timeout=120) as c:
            return await asyncio.gather(*(c.post("/api/analyze", json={"position": s}) for s in specs))

    answers = asyncio.run(scenario())
    assert [a.status_code for a in answers] == [200] * 20
    for spec, a in zip(specs, answers):
        assert a.json()["value"] == grundy.nim_value(spec), spec


def test_partizan_requests_at_once_agree_with_serial() -> None:
    """Partizan searches share pycgt's caches: the server runs them one at a time."""
    client = TestClient(create_app(max_searches=6))  # issue 31: six at once, past the default of 4
    results: dict[str, str] = {}

    def ask(spec: str) -> None:
        results[spec] = client.post("/api/analyze", json={"position": spec, "game": "be-bo"}).json()["canonical_form"]

    specs = [f"random:8,0.5,{seed}" for seed in range(6)]
    threads = [threading.Thread(target=ask, args=(s,)) for s in specs]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    for s in specs:
        assert results[s] == str(partizan_value("be-bo", s))


# -- the page, OpenAPI and the command -------------------------------------------------------------
def test_page_and_openapi(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200 and "<script src=\"/static/app.js\">" in page.text
    assert "http://" not in page.text.replace("http://www.w3.org", "")  # no CDN
    for asset in ("/static/app.js", "/static/style.css"):
        r = client.get(asset)
        assert r.status_code == 200 and "https://" not in r.text
    spec = client.get("/openapi.json").json()
    for path in ("/api/analyze", "/api/view", "/api/move", "/api/engine", "/api/cancel", "/api/meta"):
        assert path in spec["paths"], path
    docs = client.get("/docs")
    assert docs.status_code == 200 and "cdn." not in docs.text  # Swagger UI served by the package
    bundle = client.get("/docs-static/swagger-ui-bundle.js")
    assert bundle.status_code == 200 and "OAS31" in bundle.text  # Swagger UI 5: reads OpenAPI 3.1
    assert spec["openapi"].startswith("3.1")
    for asset in ("/docs-static/swagger-ui.css", "/docs-static/favicon.png"):
        assert client.get(asset).status_code == 200, asset
    meta = client.get("/api/meta").json()
    assert {g["name"] for g in meta["games"]} >= set(RULESETS) | set(PARTIZAN_RULESETS)
    assert any(f["name"] == "wheel" for f in meta["families"])


def test_core_does_not_import_the_web_stack() -> None:
    code = ("import sys, grundy, grundy.cli, grundy.play, grundy.drawing; "
            "bad = [m for m in ('fastapi', 'uvicorn', 'starlette') if m in sys.modules]; "
            "assert not bad, bad")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_serve_without_the_web_extra_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    from grundy.cli import main

    monkeypatch.setitem(sys.modules, "uvicorn", None)
    result = cli_runner().invoke(main, ["serve"])
    assert result.exit_code == 2
    assert "grundy[web]" in result.output


def test_serve_prints_its_url_and_serves() -> None:
    import httpx

    env = dict(os.environ, PYTHONUNBUFFERED="1")
    proc = subprocess.Popen([sys.executable, "-m", "grundy", "serve", "--port", "0"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=env)
    try:
        line = proc.stdout.readline()
        assert line.startswith("grundy: serving on http://127.0.0.1:"), line
        url = line.split()[3]
        r = httpx.post(url + "api/analyze", json={"position": "wheel:9"}, timeout=30)
        assert r.status_code == 200 and r.json()["value"] == 1
    finally:
        proc.terminate()
        proc.wait(10)
    # uvicorn shuts down and ends by SIGTERM itself, not through the command
    # line's search-stopping handler (click's "Aborted!", exit 1)
    if sys.platform != "win32":
        assert proc.returncode == -signal.SIGTERM
        assert "Aborted" not in proc.stderr.read()


# -- review findings: sizes refused before building, limits honoured outside the search ------------
@pytest.mark.parametrize("position", [
    {"facets": [[i] for i in range(100_000)]},
    {"facets": [list(range(16))]},
    {"complex": "\n".join(map(str, range(20_000)))},
    {"relations": [[i, i + 1] for i in range(30_000)]},
    {"elements": list(range(5000))},
    {"vertices": list(range(5000)), "edges": []},
])
def test_huge_objects_refused_at_once(client: TestClient, position: dict) -> None:
    import gc

    # the objects earlier tests left are not the request's work: the collector skips them
    gc.freeze()
    try:
        t0 = time.process_time()
        status, r = _post(client, "/api/analyze", {"position": position})
        spent = time.process_time() - t0
    finally:
        gc.unfreeze()
    assert status == 413 and "over the limit" in r["error"]
    assert spent < 5  # refused before anything quadratic is built


def test_time_limit_covers_work_outside_the_search() -> None:
    limited = TestClient(create_app(time_limit=1.0, max_positions=None))
    t0 = time.perf_counter()
    status, r = _post(limited, "/api/move", {"position": "chain:600", "move": {"element": 600}})
    assert status == 503 and "time limit" in r["error"]
    assert time.perf_counter() - t0 < 10


@pytest.mark.parametrize("body,status,fragment", [
    ({"position": "path:5", "layout": [[0, 10**400, 0.5]]}, 422, "layout"),
    ({"position": "path:5", "layout": [[{"a": 1}, 0.5, 0.5]]}, 422, "layout"),
    ({"position": "path:5", "layout": [[0, 0.5]]}, 422, "layout"),
])
def test_bad_layouts(client: TestClient, body: dict, status: int, fragment: str) -> None:
    got, r = _post(client, "/api/view", body)
    assert got == status and fragment in r["error"]


@pytest.mark.parametrize("raw", [b'{"position": "path:5", "layout": [[0, 1e999, 0.5]]}',
                                 b'{"position": {"vertices": ["\\ud800"]}}',
                                 b"[" * 100_000])
def test_hostile_bodies_are_422_not_500(client: TestClient, raw: bytes) -> None:
    r = client.post("/api/view", content=raw, headers={"content-type": "application/json"})
    assert r.status_code == 422, r.text
    assert "\n" not in r.json()["error"]


@pytest.mark.parametrize("move", [{"heap": True, "to": 0}, {"heap": 1.0, "to": 0}, {"heap": 1, "to": None}])
def test_moves_take_integers_not_booleans_or_floats(client: TestClient, move: dict) -> None:
    status, r = _post(client, "/api/move", {"position": "nim:3,4", "move": move})
    assert status == 422 and "not a move" in r["error"]


def test_engine_without_a_move_names_the_winner(client: TestClient) -> None:
    assert _post(client, "/api/engine", {"position": "nim:0"})[1]["winner"] == "you"
    assert _post(client, "/api/engine", {"position": "nim:0", "misere": True})[1]["winner"] == "engine"


def test_the_game_names_answers_carry_are_accepted_back(client: TestClient) -> None:
    for spec in ("chomp:3,2", "nim:1,2", "divisors:12", "simplex-boundary:3", "octal:0.07:4"):
        status, a = _post(client, "/api/analyze", {"position": spec})
        assert status == 200
        status, again = _post(client, "/api/analyze", {"position": spec, "game": a["game"]})
        assert status == 200 and again["value"] == a["value"], (spec, again)


def test_partizan_requests_wait_at_most_the_time_limit() -> None:
    client = TestClient(create_app(time_limit=0.5, max_positions=None))
    from grundy.web import app as web_app

    limits = web_app._Limits(0.5, None)
    limits.partizan.acquire()  # another partizan search holds the turn
    try:
        with pytest.raises(grundy.SearchLimitReached):
            with web_app._partizan_turn(limits):
                pass
    finally:
        limits.partizan.release()
    status, r = _post(client, "/api/analyze", {"position": "path:3", "game": "be-bo"})
    assert status == 200
