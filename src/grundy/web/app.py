"""``grundy serve``'s application: one page (``/``, served from this
package's ``static/`` folder: no build step, no CDN) and a JSON API under
``/api/``, documented by FastAPI's generated OpenAPI page (``/docs``,
``/openapi.json``; Swagger UI 5's files, which read the OpenAPI 3.1 document
FastAPI writes, come from the ``fastapi-offline`` package, so the
documentation page works offline, with no CDN).

Endpoints
---------
``GET /api/meta``
    The families, rulesets, kinds of position and the server's limits.
``POST /api/analyze``
    ``{"position": SPEC, "game": NAME, "misere": bool, "options": bool}``:
    the JSON object of ``grundy value --json`` (with ``"options"`` as
    ``--all`` adds them); for a partizan ruleset the object of
    ``grundy form --json`` with each side's winning moves (and, with
    ``"options"``, each side's options).
``POST /api/view``
    What the page shows of a position: the analysis, every legal move (with
    its result when ``"options"`` is true, the default), the drawing (SVG,
    winning moves highlighted), the layout, the text form, and the spec to
    send back. The page asks first without ``"options"`` (the value alone
    is often far cheaper than every option's), then for them on request.
``POST /api/move``
    ``{"position", "game", "misere", "move", "side", "reply"}``: the
    position after the move, then the engine's reply (a winning move when
    there is one, else a move to the smallest option: see
    :func:`grundy.play.engine_move`), and who won if the game is over.
``POST /api/engine``
    The engine's move in a position (for a game the engine starts).
``POST /api/request-id``
    ``{"request_id": ID}``: a new request id, issued by the server
    (unguessable, used once): send it as the ``request_id`` of a request to
    be able to cancel that request.
``POST /api/cancel``
    ``{"request_id": ID}``: stop the search of the request sent with that
    ``request_id`` (it answers 503).

Errors: bad input is HTTP 422 ``{"error": "one line"}``; a position too
large for play or for the server's limits 413; a search stopped by the
server's time or position limit, or cancelled, 503; each with
``{"error": ...}``. A 503 of a stopped search also carries ``"reason"``,
``"limit"`` (``"time"``, ``"positions"`` or ``"cancel"``), ``"seconds"`` and
``"outcome"`` (``"N"``/``"P"`` when the search had settled who wins before it
stopped, else null); its error line names the ``grundy serve`` option that
raises the limit.

Searches run in worker threads (off the event loop), each under the
server's time limit (seconds) and position limit, so the server answers
other requests while a search runs; at most ``max_searches`` at once (a
request past them is 503 at once, with ``Retry-After``), so that light
requests stay fast. Partizan searches share pycgt's caches and run one at a
time.

Every request is bounded (:class:`_Guard`, before the application sees it):
a body over :data:`MAX_BODY_BYTES` is 413; a ``Host`` header that names
neither the server's bind address, a loopback name, an IP address nor a
host given with ``allowed_hosts`` (``grundy serve --allow-host``) is 400, so
that a web page cannot reach the server through DNS rebinding. No spec is
read as a file name, and a name that happens to be a file in the server's
working directory gets the same 422 as any unknown name.
"""

from __future__ import annotations

import ipaddress
import math
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

import anyio
import fastapi_offline  # Swagger UI 5's files, for /docs (an ImportError names the missing extra)
from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException
from pydantic import BaseModel, ConfigDict, Field

from grundy.analysis import Analysis
from grundy.core.limits import cancellable
from grundy.core.moves import Move, label_json
from grundy.errors import GrundyError, InputError, SearchLimitReached, TooLargeError
from grundy.play import PartizanReport, Play, engine_move, partizan_report, read_play
from grundy.play import analyze as analyze_play

__all__ = ["create_app", "DEFAULT_TIME_LIMIT", "DEFAULT_MAX_POSITIONS", "DEFAULT_MAX_SEARCHES", "MAX_BODY_BYTES"]

STATIC = Path(__file__).resolve().parent / "static"

#: Seconds of search allowed per request by default.
DEFAULT_TIME_LIMIT = 10.0
#: Positions a request's search may expand by default.
DEFAULT_MAX_POSITIONS = 5_000_000
#: Searches that may run at once by default (a request past them is 503).
DEFAULT_MAX_SEARCHES = 4
#: Bytes a request body may hold (413 beyond): a pasted text of 1,000,000
#: characters, each escaped in JSON, fits.
MAX_BODY_BYTES = 8 << 20
#: Bytes a request's path and query may hold (414 beyond; ``grundy serve``
#: lets uvicorn read request heads of up to 1 MiB, so that this answer is sent).
MAX_URL_BYTES = 16 << 10
#: Request ids issued and not yet used that the server keeps (the oldest are forgotten).
MAX_ISSUED_IDS = 10_000
#: Seconds a client is told to wait (``Retry-After``) when every search slot is busy.
RETRY_AFTER_SECONDS = 2

T = TypeVar("T")

Spec = str | dict[str, Any]


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid")

    position: Spec = Field(description='A spec as on the command line ("wheel:9", a graph6 string, '
                                       '"chomp:5,3,3", "nim:3,4,5", "divisors:30"...) or a JSON object: '
                                       '{"vertices": [...], "edges": [[u, v], ...]}, {"graph": TEXT}, '
                                       '{"elements": [...], "relations": [[a, b], ...]}, {"poset": TEXT}, '
                                       '{"facets": [[...], ...]} or {"complex": TEXT}.')
    game: str | None = Field(None, description="A graph ruleset (grundy games); default Graph Chomp.")
    misere: bool = Field(False, description="Misère play (impartial games).")
    request_id: str | None = Field(None, max_length=64, description="An id issued by POST /api/request-id, "
                                                                    "for POST /api/cancel.")


class AnalyzeBody(_Body):
    options: bool = Field(False, description="Also list every option and its value (as --all); with "
                                             "outcome, every winning move.")
    outcome: bool = Field(False, description="Who wins, fast (as --outcome): N or P and one winning move, "
                                             "the nim-value only if the search learned it. Not for partizan "
                                             "games.")


class ViewBody(_Body):
    side: str | None = Field(None, description='Partizan games: the side to move, "left" or "right".')
    layout: list[list[Any]] | None = Field(
        None, description="[[label, x, y], ...]: vertex coordinates in the unit square to keep.")
    highlight: bool = Field(True, description="Mark the winning moves on the drawing (false while playing "
                                              "without a hint).")
    options: bool = Field(True, description="Value every option (each move's result); false: the value, "
                                            "outcome and winning moves only, each move listed without its "
                                            "result (often far cheaper). Partizan games always list them.")
    outcome: bool = Field(False, description="Who wins, fast (as --outcome): the outcome and one winning move, "
                                             "the nim-value only if the search learned it; needs options "
                                             "false. Not for partizan games. The page asks this first, then "
                                             "the value.")


class MoveBody(_Body):
    move: dict[str, Any] = Field(description='The move as JSON: {"vertex": v}, {"edge": [u, v]}, '
                                             '{"vertex": v, "edges": [[v, u], ...]}, {"element": x}, '
                                             '{"face": [...]}, {"row": r, "column": c}, {"heap": i, "to": n}.')
    side: str | None = Field(None, description='Partizan games: the side making the move.')
    reply: bool = Field(True, description="Let the engine answer.")


class EngineBody(_Body):
    side: str | None = Field(None, description="Partizan games: the engine's side.")


class CancelBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    request_id: str = Field(max_length=64)


class _Limits:
    def __init__(self, time_limit: float | None, max_positions: int | None,
                 max_searches: int = DEFAULT_MAX_SEARCHES) -> None:
        self.time_limit = time_limit
        self.max_positions = max_positions
        self.max_searches = max_searches
        self.searching = 0  # searches running (changed on the event loop only)
        self.running: dict[str, threading.Event] = {}
        #: Request ids issued by POST /api/request-id and not used yet, oldest first.
        self.issued: OrderedDict[str, None] = OrderedDict()
        self.partizan = threading.Lock()

    def issue(self) -> str:
        """A new unguessable request id (the oldest unused ones are forgotten
        past :data:`MAX_ISSUED_IDS`)."""
        token = secrets.token_urlsafe(24)
        self.issued[token] = None
        while len(self.issued) > MAX_ISSUED_IDS:
            self.issued.popitem(last=False)
        return token


def create_app(time_limit: float | None = DEFAULT_TIME_LIMIT,
               max_positions: int | None = DEFAULT_MAX_POSITIONS, *,
               max_searches: int = DEFAULT_MAX_SEARCHES,
               allowed_hosts: list[str] | None = None) -> FastAPI:
    """The web application.

    Parameters
    ----------
    time_limit : float or None
        Seconds of search per request (None: no limit).
    max_positions : int or None
        Positions a request's search may expand (None: no limit).
    max_searches : int
        Searches that may run at once; a request past them is answered 503
        at once, with ``Retry-After``.
    allowed_hosts : list of str, optional
        The ``Host`` names the server answers besides IP addresses and
        loopback names (``grundy serve`` passes its ``--host`` and every
        ``--allow-host``; ``"*"``: any). None: any host (an application
        made in Python, for a test client or another server's own checks).

    Returns
    -------
    fastapi.FastAPI
        Serve it with uvicorn (``grundy serve``) or test it with
        ``fastapi.testclient.TestClient``.

    Raises
    ------
    InputError
        A time limit that is not a finite number of seconds (or over
        :data:`grundy.core.limits.MAX_TIME_LIMIT`), or ``max_searches`` < 1.
    """
    from grundy.core.limits import check_seconds

    check_seconds(time_limit, "time limit")
    if max_searches < 1:
        raise InputError(f"max_searches {max_searches}: must be >= 1")
    limits = _Limits(time_limit, max_positions, max_searches)
    app = FastAPI(
        docs_url=None,  # served below from fastapi-offline's Swagger UI 5 files: no CDN
        redoc_url=None,
        title="grundy",
        summary="Nim-values, outcomes, winning moves and play for combinatorial games on graphs, posets, "
                "simplicial complexes, Chomp, Nim and octal games.",
        version=_version(),
    )

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        return JSONResponse({"error": _validation_line(exc)}, status_code=422)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        if exc.status_code == 400:  # an unreadable body: bad input like any other
            return JSONResponse({"error": f"unreadable request body: {exc.detail}"}, status_code=422)
        return JSONResponse({"error": str(exc.detail)}, status_code=exc.status_code)

    @app.exception_handler(GrundyError)
    async def refused(request: Request, exc: GrundyError) -> JSONResponse:
        return _error(exc)

    @app.exception_handler(_Busy)
    async def busy(request: Request, exc: _Busy) -> JSONResponse:
        return JSONResponse({"error": str(exc), "reason": "busy"}, status_code=503,
                            headers={"Retry-After": str(RETRY_AFTER_SECONDS)})

    @app.get("/", include_in_schema=False)
    async def index() -> FileResponse:
        return FileResponse(STATIC / "index.html", media_type="text/html")

    @app.get("/api/meta")
    async def meta() -> dict[str, Any]:
        """Families, rulesets, kinds of position, and the server's limits."""
        from grundy.games.graphs.rulesets import RULESETS
        from grundy.games.partizan import list_partizan_rulesets
        from grundy.readwrite.kinds import KINDS, family_rows

        games = [{"name": r.name, "kind": "impartial", "rule": r.rule, "source": r.source}
                 for r in RULESETS.values()]
        games += [{"name": r.name, "kind": "partizan", "rule": r.rule, "source": r.source}
                  for r in list_partizan_rulesets()]
        return {"families": family_rows(), "games": games, "kinds": KINDS,
                "limits": {"time_limit": limits.time_limit, "max_positions": limits.max_positions}}

    @app.post("/api/analyze")
    async def analyze(body: AnalyzeBody) -> dict[str, Any]:
        """The answer of ``grundy value --json`` (``--all`` with
        ``options``); for a partizan ruleset, ``grundy form --json``'s
        fields with each side's winning moves (and options, with
        ``options``)."""

        def work() -> dict[str, Any]:
            play = _read(body)
            if play.partizan and body.outcome:
                raise InputError(f"outcome does not apply to the partizan game {play.game}: ask for its "
                                 "canonical form (outcome L, R, N or P)")
            if play.partizan:
                with _partizan_turn(limits):
                    out = _partizan_json(play, partizan_report(play, **_kw(limits)))
                if not body.options:
                    del out["options"]  # as for every other kind: listed on request
                return out
            return analyze_play(play, option_table=body.options, outcome=body.outcome, **_kw(limits)).to_json()

        return await _off_loop(limits, body.request_id, work)

    @app.post("/api/view")
    async def view(body: ViewBody) -> dict[str, Any]:
        """Everything the page shows of a position."""

        def work() -> dict[str, Any]:
            play = _read(body)
            if body.outcome and (body.options or play.partizan):
                raise InputError("outcome lists no option values: send options false" if body.options else
                                 f"outcome does not apply to the partizan game {play.game}: ask for its "
                                 "canonical form (outcome L, R, N or P)")
            return _view(play, body.side, body.layout, limits, body.highlight, body.options, body.outcome)

        return await _off_loop(limits, body.request_id, work)

    @app.post("/api/move")
    async def move(body: MoveBody) -> dict[str, Any]:
        """Play ``move``; then (``reply``) the engine answers."""

        def work() -> dict[str, Any]:
            play = _read(body)
            side = _side(play, body.side, "side")
            made = play.legal(body.move, side)
            after = play.after(made, side)
            out: dict[str, Any] = {"move": made.to_json(), "move_text": str(made), "position": after.to_spec()}
            engine_side = _other(side)
            over = not after.moves(engine_side)
            out.update(over=over, winner=_winner(after, over, mover="you"), reply=None, reply_text=None,
                       position_after_reply=None, over_after_reply=None)
            if over or not body.reply:
                return out
            reply = _engine(after, engine_side, limits)
            assert reply is not None
            final = after.after(reply, engine_side)
            over2 = not final.moves(side)
            out.update(reply=reply.to_json(), reply_text=str(reply), position_after_reply=final.to_spec(),
                       over_after_reply=over2, winner=_winner(final, over2, mover="engine"))
            return out

        return await _off_loop(limits, body.request_id, work)

    @app.post("/api/engine")
    async def engine(body: EngineBody) -> dict[str, Any]:
        """The engine's move in ``position`` (None if it has none)."""

        def work() -> dict[str, Any]:
            play = _read(body)
            side = _side(play, body.side, "side")
            reply = _engine(play, side, limits)
            if reply is None:  # the engine, to move, cannot: it loses (normal play) or wins (misère)
                return {"move": None, "text": None, "position": play.to_spec(), "over": True,
                        "winner": "engine" if play.misere else "you"}
            after = play.after(reply, side)
            over = not after.moves(_other(side))
            return {"move": reply.to_json(), "text": str(reply), "position": after.to_spec(), "over": over,
                    "winner": _winner(after, over, mover="engine")}

        return await _off_loop(limits, body.request_id, work)

    @app.post("/api/request-id")
    async def request_id() -> dict[str, str]:
        """A new request id, issued by the server (unguessable, used once):
        send it as ``request_id`` to be able to cancel that request."""
        return {"request_id": limits.issue()}

    @app.post("/api/cancel")
    async def cancel(body: CancelBody) -> dict[str, Any]:
        """Stop the search of the request sent with ``request_id``."""
        event = limits.running.get(body.request_id)
        if event is not None:
            event.set()
        return {"cancelled": event is not None}

    @app.get("/docs", include_in_schema=False)
    async def docs() -> Any:
        from fastapi.openapi.docs import get_swagger_ui_html

        return get_swagger_ui_html(openapi_url=app.openapi_url or "/openapi.json", title="grundy API",
                                   swagger_js_url="/docs-static/swagger-ui-bundle.js",
                                   swagger_css_url="/docs-static/swagger-ui.css",
                                   swagger_favicon_url="/docs-static/favicon.png")

    app.mount("/docs-static", StaticFiles(directory=_docs_assets()), name="docs-static")
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    app.add_middleware(_Guard, allowed_hosts=allowed_hosts)
    return app


# -- the guard: body size and Host, before the application ------------------------
class _Guard:
    """ASGI middleware bounding every HTTP request before the application
    reads it: a body over :data:`MAX_BODY_BYTES` (by its ``Content-Length``,
    or as it streams in) is answered 413, a URL over :data:`MAX_URL_BYTES`
    414, and a ``Host`` header the server
    does not answer to (see :func:`create_app`'s ``allowed_hosts``) 400.
    The body is read here, up to the limit, and handed on whole."""

    def __init__(self, app: Any, allowed_hosts: list[str] | None = None) -> None:
        self.app = app
        self.hosts = None if allowed_hosts is None or "*" in allowed_hosts else \
            {_host_name(h) for h in allowed_hosts} | {"localhost"}

    async def __call__(self, scope: dict[str, Any], receive: Callable[..., Any], send: Callable[..., Any]) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}
        if self.hosts is not None and not self._allowed(headers.get("host", "")):
            shown = headers.get("host", "")[:100]
            await _send_json(send, 400, {"error": f"host {shown!r} is not served here (a DNS rebinding?); "
                                                  "grundy serve --allow-host NAME answers it"})
            return
        if len(scope.get("raw_path", b"")) + len(scope.get("query_string", b"")) > MAX_URL_BYTES:
            await _send_json(send, 414, {"error": f"URL over the limit of {MAX_URL_BYTES >> 10} KiB"})
            return
        length = headers.get("content-length", "")
        if length.strip().isdigit() and int(length) > MAX_BODY_BYTES:
            await _refuse_body(receive, send)
            return
        chunks = []
        size = 0
        more = True
        while more:
            message = await receive()
            if message["type"] != "http.request":
                await self.app(scope, _replay([message]), send)  # a disconnect: the app sees it
                return
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > MAX_BODY_BYTES:
                chunks.clear()
                await _refuse_body(receive, send, message.get("more_body", False))
                return
            chunks.append(chunk)
            more = message.get("more_body", False)
        await self.app(scope, _replay([{"type": "http.request", "body": b"".join(chunks), "more_body": False}],
                                      receive), send)

    def _allowed(self, host: str) -> bool:
        """Whether the ``Host`` header names this server: an IP address
        (no DNS name to rebind), a loopback name, or an allowed host."""
        name = _host_name(host)
        if not name:
            return False
        try:
            ipaddress.ip_address(name)
            return True
        except ValueError:
            pass
        assert self.hosts is not None
        return name in self.hosts or name.endswith(".localhost")


def _host_name(host: str) -> str:
    """The name of a ``Host`` header or a bind address, lower case, without
    its port or an IPv6 address's brackets."""
    host = host.strip().lower()
    if host.startswith("["):
        return host[1:host.find("]")] if "]" in host else host[1:]
    if host.count(":") == 1:
        host = host.split(":", 1)[0]
    return host.rstrip(".")


def _replay(messages: list[dict[str, Any]], then: Callable[..., Any] | None = None) -> Callable[..., Any]:
    """A ``receive`` giving ``messages``, then what ``then`` gives (a
    disconnect, read by the app while it streams its answer)."""
    queue = list(messages)

    async def receive() -> dict[str, Any]:
        if queue:
            return queue.pop(0)
        if then is not None:
            return await then()  # type: ignore[no-any-return]
        return {"type": "http.disconnect"}

    return receive


#: Bytes of a refused body read and dropped before the 413 (a client that sends
#: its whole body before reading the answer gets it, not a reset); a longer body's
#: connection is closed.
MAX_DRAIN_BYTES = 64 << 20


async def _refuse_body(receive: Callable[..., Any], send: Callable[..., Any], more: bool = True) -> None:
    """Answer 413 to a body over :data:`MAX_BODY_BYTES`, after reading and
    dropping up to :data:`MAX_DRAIN_BYTES` more of it."""
    drained = 0
    while more and drained <= MAX_DRAIN_BYTES:
        message = await receive()
        if message["type"] != "http.request":
            return  # the client is gone
        drained += len(message.get("body", b""))
        more = message.get("more_body", False)
    await _send_json(send, 413, {"error": f"request body over the limit of {MAX_BODY_BYTES >> 20} MiB"})


async def _send_json(send: Callable[..., Any], status: int, payload: dict[str, Any]) -> None:
    import json

    body = json.dumps(payload).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
                            (b"connection", b"close")]})
    await send({"type": "http.response.body", "body": body})


# -- helpers -------------------------------------------------------------------
def _docs_assets() -> Path:
    """The folder of Swagger UI 5's files (``swagger-ui-bundle.js``,
    ``swagger-ui.css``, ``favicon.png``) shipped by the ``fastapi-offline``
    package: Swagger UI 4 (``swagger-ui-bundle``) cannot read the OpenAPI
    3.1 document FastAPI writes."""
    return Path(fastapi_offline.__file__).resolve().parent / "static"


def _version() -> str:
    from grundy import __version__

    return __version__


def _kw(limits: _Limits) -> dict[str, Any]:
    return {"time_limit": limits.time_limit, "max_positions": limits.max_positions}


class _Busy(Exception):
    """Every search slot is taken: 503 with Retry-After."""


async def _off_loop(limits: _Limits, request_id: str | None, work: Callable[[], T]) -> T:
    """Run ``work`` in a worker thread, cancellable through
    ``/api/cancel`` with ``request_id`` (an id the server issued, used
    once), one of at most ``limits.max_searches`` at once.

    Raises
    ------
    InputError
        A ``request_id`` the server did not issue, or issued and used.
    _Busy
        Every search slot is taken (HTTP 503 with ``Retry-After``).
    """
    event = threading.Event()
    if request_id is not None:
        if request_id in limits.running:
            raise InputError(f"request_id {request_id!r} is already running")
        if request_id not in limits.issued:
            raise InputError(f"request_id {request_id[:64]!r} was not issued by this server (or was used): "
                             "get one from POST /api/request-id")
    if limits.searching >= limits.max_searches:
        raise _Busy(f"the server is busy: {limits.max_searches} searches are running; try again shortly")
    if request_id is not None:
        del limits.issued[request_id]
        limits.running[request_id] = event
    limits.searching += 1

    def run() -> T:
        with cancellable(event), _no_files():
            try:
                return work()
            finally:
                _bound_caches()

    try:
        return await anyio.to_thread.run_sync(run)
    finally:
        limits.searching -= 1
        if request_id is not None:
            limits.running.pop(request_id, None)


def _no_files() -> Any:
    """No spec is read as a file name in the block (the readers' switch,
    :func:`grundy.readwrite.text.files_refused`)."""
    from grundy.readwrite.text import files_refused

    return files_refused()


#: Chomp positions the server keeps valued between requests at most.
MAX_CHOMP_CACHE = 2_000_000


def _bound_caches() -> None:
    """Forget the Chomp values kept between requests once they pass
    :data:`MAX_CHOMP_CACHE` (the cache is unbounded by itself)."""
    from grundy.games.chomp.values import cached_positions, clear_cache

    if cached_positions() > MAX_CHOMP_CACHE:
        clear_cache()


def _read(body: _Body) -> Play:
    return read_play(_without_bom(body.position), game=body.game, misere=body.misere, files=False)


def _without_bom(position: Spec) -> Spec:
    """``position`` with the byte-order mark a pasted text (``{"graph":
    TEXT}``, ``{"poset": TEXT}``, ``{"complex": TEXT}``) or a spec may start
    with dropped: it would otherwise decide whether one line is read as
    graph6 or as an edge list (the readers drop it too, and refuse it
    anywhere else)."""
    from grundy.readwrite.text import BOM

    if isinstance(position, str):
        return position.removeprefix(BOM)
    if len(position) == 1:
        ((key, text),) = position.items()
        if key in ("graph", "poset", "complex") and isinstance(text, str):
            return {key: text.removeprefix(BOM)}
    return position


def _side(play: Play, side: str | None, what: str) -> str | None:
    if not play.partizan:
        if side is not None:
            raise InputError(f"{what} applies to partizan games only, not to game {play.game}")
        return None
    if side not in ("left", "right"):
        raise InputError(f"game {play.game} is partizan: give {what} \"left\" or \"right\"")
    return side


def _other(side: str | None) -> str | None:
    return None if side is None else ("right" if side == "left" else "left")


def _winner(play: Play, over: bool, mover: str) -> str | None:
    """Who won, if the game is over after ``mover`` moved to ``play``:
    the player who cannot move loses (normal play) or wins (misère)."""
    if not over:
        return None
    stuck = "engine" if mover == "you" else "you"
    return stuck if play.misere else mover


@contextmanager
def _partizan_turn(limits: _Limits) -> Iterator[None]:
    """Wait for the partizan search (one at a time: pycgt's caches are
    shared) at most the time limit; then SearchLimitReached (HTTP 503)."""
    wait = -1 if limits.time_limit is None else limits.time_limit
    t0 = time.perf_counter()
    if not limits.partizan.acquire(timeout=wait):
        raise SearchLimitReached(f"time limit {limits.time_limit:g} s (waiting for other partizan searches)",
                                 0, time.perf_counter() - t0)
    try:
        yield
    finally:
        limits.partizan.release()


def _engine(play: Play, side: str | None, limits: _Limits) -> Move | None:
    if play.partizan:
        with _partizan_turn(limits):
            return engine_move(play, side=side, **_kw(limits))
    return engine_move(play, **_kw(limits))


def _partizan_json(play: Play, report: PartizanReport) -> dict[str, Any]:
    return {"name": play.name, **report.to_json()}


def _view(play: Play, side: str | None, layout: list[list[Any]] | None, limits: _Limits,
          highlight_wins: bool = True, options: bool = True, outcome: bool = False) -> dict[str, Any]:
    """The page's view of a position (every option valued with
    ``options``; else each legal move listed with ``result`` None and
    ``winning`` from the analysis's winning moves: with ``outcome``, the
    first one the outcome search found)."""
    from grundy import drawing

    side = _side(play, side, "side")
    moves: list[dict[str, Any]] = []
    answer: dict[str, Any]
    if play.partizan:
        with _partizan_turn(limits):
            report = partizan_report(play, **_kw(limits))
        answer = _partizan_json(play, report)
        assert side is not None
        highlight = report.winning_moves[side]
        for m, form, outcome in report.options[side]:
            moves.append({"move": m.to_json(), "text": str(m), "result": form, "outcome": outcome,
                          "winning": m in highlight})
        value_line = f"canonical form {report.form} (outcome {report.outcome})"
        options = True
    else:
        a = analyze_play(play, option_table=options, outcome=outcome, **_kw(limits))
        answer = a.to_json()
        highlight = list(a.winning_moves or [])
        if options:
            for m, result in a.options or []:
                moves.append({"move": m.to_json(), "text": str(m), "result": result,
                              "winning": result in (0, "P")})
        else:
            wins = set(highlight)
            for m in play.moves(side):
                moves.append({"move": m.to_json(), "text": str(m), "result": None, "winning": m in wins})
        value_line = _value_line(a)
    coords = _layout(play, layout)
    svg = None
    size = _drawing_size(play)
    try:
        svg = drawing.position_svg(play.kind, play.position, highlight=highlight if highlight_wins else (),
                                   layout=coords, width=size, height=size)
    except TooLargeError:
        svg = None
    return {
        "kind": play.kind,
        "game": play.game,
        "misere": play.misere,
        "partizan": play.partizan,
        "side": side,
        "name": play.name,
        "position": play.to_spec(),
        "text": play.text(),
        "value_line": value_line,
        "analysis": answer,
        "moves": moves,
        "options": options,
        "over": not moves,
        "svg": svg,
        "layout": [[label_json(v), x, y] for v, (x, y) in coords.items()] if coords else None,
    }


#: Pixels of the side of a drawing on the page; :data:`LARGE_DRAWING` for
#: a position of more than :data:`LARGE_PARTS` vertices, elements, squares or counters.
DRAWING = 360
LARGE_DRAWING = 600
LARGE_PARTS = 24


def _drawing_size(play: Play) -> int:
    """The side of the page's drawing of ``play``: larger for a large
    position, so that its labels stay legible."""
    pos = play.position
    count = getattr(pos, "n", None)
    if count is None:
        rows = getattr(pos, "rows", None) or getattr(pos, "heaps", None)
        count = sum(rows) if rows else 0
    return LARGE_DRAWING if count > LARGE_PARTS else DRAWING


def _value_line(a: Analysis) -> str:
    if a.value is None:
        return f"outcome {a.outcome} (misère play)" if a.misere else f"outcome {a.outcome}"
    return f"nim-value {a.value}, outcome {a.outcome}"


def _layout(play: Play, given: list[list[Any]] | None) -> dict[Any, tuple[float, float]]:
    """Vertex coordinates for a graph (or a complex's vertices): those
    given (for labels still present), the rest from networkx."""
    from grundy import drawing

    if not play.home.has_layout:
        if given:
            raise InputError(f"layout applies to graphs only, not to {play.kind} positions")
        return {}
    known: dict[Any, tuple[float, float]] = {}
    for item in given or []:
        if not (isinstance(item, list) and len(item) == 3):
            raise InputError("layout: each entry is [label, x, y]")
        if not isinstance(item[0], (int, str, list)) or isinstance(item[0], bool):
            raise InputError("layout: a label must be an integer, a string or a list")
        label = Move.from_json({"vertex": item[0]}).vertex
        x, y = item[1], item[2]
        if not all(isinstance(c, (int, float)) and not isinstance(c, bool) for c in (x, y)):
            raise InputError("layout: coordinates must be numbers")
        if not all(abs(c) <= 10**6 and math.isfinite(c) for c in (x, y)):
            raise InputError("layout: coordinates must be finite numbers of reasonable size (in the unit square)")
        try:
            known[label] = (float(x), float(y))
        except TypeError:
            raise InputError("layout: a label must be an integer, a string or a list") from None
    labels = play.position.labels
    if all(v in known for v in labels):
        return {v: known[v] for v in labels}
    fresh = drawing.graph_layout(play.position)
    return {v: known.get(v, fresh[v]) for v in labels}


def _validation_line(exc: RequestValidationError) -> str:
    errors = exc.errors()
    if not errors:
        return "invalid request"
    e = errors[0]
    where = ".".join(str(x) for x in e.get("loc", ()) if x != "body") or "body"
    return f"{where}: {e.get('msg', 'invalid')}"


def _error(exc: GrundyError) -> JSONResponse:
    line = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
    if isinstance(exc, TooLargeError):
        return JSONResponse({"error": line}, status_code=413)
    if isinstance(exc, SearchLimitReached):
        return JSONResponse(_stopped(exc), status_code=503)
    if isinstance(exc, InputError):
        return JSONResponse({"error": line}, status_code=422)
    return JSONResponse({"error": line}, status_code=422)


def _stopped(exc: SearchLimitReached) -> dict[str, Any]:
    """The 503 answer of a search stopped by a limit or a cancel request:
    what happened, what to do (the ``grundy serve`` option that raises the
    limit), and the outcome if the search had settled it, with the winning
    moves found (those sought before the stop, or the one the table of a
    value search stopped before its value already decided)."""
    reason = exc.reason
    if reason == "cancel request":
        limit, error = "cancel", "cancelled: the search was stopped by a cancel request"
    elif reason.startswith("position limit"):
        limit = "positions"
        error = (f"too large for this server: the search stopped at its {reason} after {exc.seconds:.1f} s; "
                 "start the server with a higher one: grundy serve --max-positions N")
    else:
        limit = "time"
        error = (f"too slow for this server: the search stopped at its {reason} after {exc.positions} "
                 "positions; start the server with a longer one: grundy serve --time-limit SECONDS")
    if exc.value is not None and limit != "cancel":
        error += (f" (the nim-value was found: {exc.value}, {'an N' if exc.value else 'a P'}-position; the stop "
                  "came while its winning moves were sought)")
    elif exc.outcome is not None and limit != "cancel":
        error += f" (the outcome was settled: {exc.outcome}-position" + (
            f"; the table already decides a winning move: {exc.winning_moves[0]})" if exc.from_table else ")")
    moves = None if limit == "cancel" else exc.winning_moves  # found before the stop (a part of them)
    return {"error": error, "reason": reason, "limit": limit, "seconds": round(exc.seconds, 1),
            "outcome": exc.outcome, "value": exc.value,
            "winning_moves": None if moves is None else [m.to_json() for m in moves],
            "from_table": moves is not None and exc.from_table,
            "winning_moves_text": None if moves is None else [str(m) for m in moves]}
