"""``grundy serve``: the web page and JSON API (:mod:`grundy.web`) on a
local uvicorn server. Needs the optional extra ``grundy[web]`` (FastAPI and
uvicorn); without it the command says so (exit 2)."""

from __future__ import annotations

import signal
import threading

import click

from grundy.cli.common import _Command, _fail

__all__ = ["serve"]


@click.command(cls=_Command)
@click.option("--host", default="127.0.0.1", show_default=True, help="Interface to listen on.")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(0, 65535),
              help="Port to listen on (0: any free port).")
@click.option("--time-limit", type=click.FloatRange(min=0, min_open=True), default=10.0, show_default=True,
              metavar="SECONDS", help="Seconds of search allowed per request (HTTP 503 beyond).")
@click.option("--max-positions", type=click.IntRange(min=1), default=5_000_000, show_default=True, metavar="N",
              help="Positions a request's search may expand (HTTP 503 beyond).")
def serve(host: str, port: int, time_limit: float, max_positions: int) -> None:
    """Serve the page to choose, see and play positions, and the JSON API
    under /api/ (documented at /docs), until Ctrl-C."""
    try:
        import uvicorn

        from grundy.web.app import create_app
    except ImportError as exc:
        _fail(f"grundy serve needs the web extra ({exc.name} is missing): pip install 'grundy[web]'", 2)
    app = create_app(time_limit=time_limit, max_positions=max_positions)
    config = uvicorn.Config(app, host=host, port=port, log_level="warning")
    server = uvicorn.Server(config)

    shown = host if ":" not in host else f"[{host}]"
    original = server.startup

    async def startup(sockets: object = None) -> None:
        await original(sockets=sockets)  # type: ignore[arg-type]
        bound = port
        for s in getattr(server, "servers", []):
            for sock in getattr(s, "sockets", []):
                bound = sock.getsockname()[1]
        click.echo(f"grundy: serving on http://{shown}:{bound}/  (API docs: http://{shown}:{bound}/docs; "
                   "Ctrl-C to stop)", err=False)

    server.startup = startup  # type: ignore[method-assign]
    # uvicorn shuts down on SIGTERM and then re-raises it to the handler it
    # found: the default one (exit by the signal, 143), not the command line's
    # search-stopping handler (which would end in click's "Aborted!")
    from grundy.cli import _on_interrupt

    if hasattr(signal, "SIGTERM") and threading.current_thread() is threading.main_thread() and \
            signal.getsignal(signal.SIGTERM) is _on_interrupt:
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
    server.run()
