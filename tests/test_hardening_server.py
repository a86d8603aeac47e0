"""Hardening (issue 31), item 8: the web server, tested against a live
``grundy serve`` on 127.0.0.1 (a subprocess on a free port), with bounded
request loops. Each test fails on the server before the issue."""

from __future__ import annotations

import http.client
import json
import os
import re
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator

import pytest

pytest.importorskip("uvicorn")
pytest.importorskip("fastapi")
pytest.importorskip("fastapi_offline")

SRC = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "src")
SLOW = "random:22,0.5,1"  # Graph Chomp: not decided in 20 s (tests/test_web_api.py)


class Server:
    """A running ``grundy serve`` subprocess: its port and working directory."""

    def __init__(self, proc: subprocess.Popen, port: int, folder: str) -> None:
        self.proc, self.port, self.folder = proc, port, folder

    def request(self, method: str, path: str, body: object = None, *, host: str | None = None,
                raw: bytes | None = None, headers: dict[str, str] | None = None,
                timeout: float = 120) -> tuple[int, dict, dict[str, str]]:
        """One request on a new connection: ``(status, JSON answer, headers)``."""
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        try:
            data = raw if raw is not None else (None if body is None else json.dumps(body).encode())
            sent = {"Content-Type": "application/json", **(headers or {})}
            if host is not None:
                conn.putrequest(method, path, skip_host=True)
                conn.putheader("Host", host)
                for k, v in sent.items():
                    conn.putheader(k, v)
                if data is not None:
                    conn.putheader("Content-Length", str(len(data)))
                conn.endheaders(data)
            else:
                conn.request(method, path, body=data, headers=sent)
            response = conn.getresponse()
            text = response.read()
            try:
                answer = json.loads(text) if text else {}
            except ValueError:
                answer = {"text": text.decode("utf-8", "replace")}
            return response.status, answer, {k.lower(): v for k, v in response.getheaders()}
        finally:
            conn.close()


def _start(folder: str, *args: str) -> Server:
    env = dict(os.environ, PYTHONPATH=SRC)
    proc = subprocess.Popen([sys.executable, "-m", "grundy", "serve", "--host", "127.0.0.1", "--port", "0",
                             *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, cwd=folder)
    assert proc.stdout is not None
    line = proc.stdout.readline().decode()  # printed once the server listens
    match = re.search(r"127\.0\.0\.1:(\d+)/", line)
    if match is None:
        proc.kill()
        raise AssertionError(f"the server did not start: {line!r} {proc.communicate()[1]!r}")
    return Server(proc, int(match.group(1)), folder)


def _stop(server: Server) -> None:
    server.proc.terminate()
    try:
        server.proc.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        server.proc.kill()
        server.proc.communicate()


@pytest.fixture(scope="module")
def server(tmp_path_factory) -> Iterator[Server]:
    srv = _start(str(tmp_path_factory.mktemp("served")), "--time-limit", "30", "--allow-host", "grundy.example")
    try:
        yield srv
    finally:
        _stop(srv)


def test_item8_a_request_body_over_the_limit_is_413(server: Server) -> None:
    from grundy.web.app import MAX_BODY_BYTES

    big = b'{"position": "' + b"a" * (MAX_BODY_BYTES + 10) + b'"}'
    status, answer, _ = server.request("POST", "/api/analyze", raw=big)
    assert status == 413 and "limit" in answer["error"]
    # streamed without a Content-Length: cut off at the limit too
    with socket.create_connection(("127.0.0.1", server.port), timeout=60) as sock:
        sock.sendall(b"POST /api/analyze HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                     b"Transfer-Encoding: chunked\r\n\r\n")
        chunk = b"a" * (1 << 20)
        try:
            for _ in range((MAX_BODY_BYTES >> 20) + 2):
                sock.sendall(b"%x\r\n%s\r\n" % (len(chunk), chunk))
            sock.sendall(b"0\r\n\r\n")
        except (BrokenPipeError, ConnectionResetError):
            pass  # the server answered and closed
        head = sock.recv(200)
    assert head.startswith(b"HTTP/1.1 413"), head
    status, answer, _ = server.request("POST", "/api/analyze", {"position": "path:3"})
    assert status == 200 and answer["value"] == 1


def test_item8_a_file_in_the_working_directory_is_not_told_apart(server: Server) -> None:
    answers = []
    for present in (True, False):
        for name in ("canary", "chain:3x", "notes.txt"):
            path = os.path.join(server.folder, name)
            if present:
                with open(path, "w") as fh:
                    fh.write("0 1\n")
            elif os.path.exists(path):
                os.remove(path)
        answers.append([server.request("POST", "/api/analyze", {"position": name})[:2]
                        for name in ("canary", "chain:3x", "notes.txt")])
    assert answers[0] == answers[1]
    assert all(status == 422 for status, _ in answers[0])


def test_item8_the_host_header_must_name_this_server(server: Server) -> None:
    for host in ("evil.example", "evil.example:80", "127.0.0.1.nip.io", "localhost.evil.example"):
        status, answer, _ = server.request("GET", "/api/meta", host=host)
        assert status == 400 and "--allow-host" in answer["error"], host
        status, _, _ = server.request("POST", "/api/analyze", {"position": "path:3"}, host=host)
        assert status == 400
    for host in (f"127.0.0.1:{server.port}", f"localhost:{server.port}", "localhost", "grundy.example",
                 f"GRUNDY.example:{server.port}", "[::1]:8000"):
        status, _, _ = server.request("GET", "/api/meta", host=host)
        assert status == 200, host


def test_item8_request_ids_are_issued_by_the_server(server: Server) -> None:
    status, answer, _ = server.request("POST", "/api/analyze", {"position": "path:3", "request_id": "r1-1"})
    assert status == 422 and "not issued" in answer["error"]
    ids = {server.request("POST", "/api/request-id")[1]["request_id"] for _ in range(20)}
    assert len(ids) == 20 and all(len(i) >= 32 for i in ids)
    mine = ids.pop()
    done: dict[str, tuple] = {}

    def slow() -> None:
        done["slow"] = server.request("POST", "/api/analyze", {"position": SLOW, "request_id": mine})

    thread = threading.Thread(target=slow)
    thread.start()
    try:
        # another client guessing ids cancels nothing
        for guess in ("r1-1", "slow-1", mine[:-1] + ("A" if mine[-1] != "A" else "B"), *list(ids)[:5]):
            assert server.request("POST", "/api/cancel", {"request_id": guess})[1] == {"cancelled": False}
        for _ in range(600):  # bounded: until the search is registered as running (at most a minute)
            if server.request("POST", "/api/cancel", {"request_id": mine})[1] == {"cancelled": True}:
                break
            thread.join(0.1)
        else:
            pytest.fail("the issued id never cancelled its search")
    finally:
        thread.join(120)
    status, answer, _ = done["slow"]
    assert status == 503 and answer["error"].startswith("cancelled")
    status, answer, _ = server.request("POST", "/api/analyze", {"position": "path:3", "request_id": mine})
    assert status == 422  # an id is used once


def test_item8_searches_past_the_cap_are_503_and_light_requests_stay_answered(tmp_path) -> None:
    srv = _start(str(tmp_path), "--time-limit", "6", "--max-searches", "2")
    try:
        results: list[tuple] = []

        def hard(seed: int) -> None:
            results.append(srv.request("POST", "/api/analyze", {"position": f"random:22,0.5,{seed}"}))

        threads = [threading.Thread(target=hard, args=(seed,)) for seed in range(1, 9)]
        for t in threads:
            t.start()
        try:
            metas = [srv.request("GET", "/api/meta", timeout=30)[0] for _ in range(5)]
        finally:
            for t in threads:
                t.join(120)
        assert metas == [200] * 5
        busy = [r for r in results if r[1].get("reason") == "busy"]
        assert len(results) == 8 and busy, [r[:2] for r in results]
        assert all(r[0] == 503 and r[2].get("retry-after") for r in busy)
    finally:
        _stop(srv)


def test_item8_a_very_long_url_is_answered_414_not_reset(server: Server) -> None:
    status, answer, _ = server.request("GET", "/api/meta?" + "a" * 200_000)
    assert status == 414 and "URL" in answer["error"]
    assert server.request("GET", "/api/meta")[0] == 200
