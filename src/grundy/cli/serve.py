"""``grundy serve``: the web page and JSON API (:mod:`grundy.web`) on a
local uvicorn server. Needs the optional extra ``grundy[web]`` (FastAPI and
uvicorn); without it the command says so (exit 2)."""

from __future__ import annotations

import signal
import sys
import threading

import click

from grundy.cli.common import _Command, _fail
from grundy.core.limits import interrupt_exit_code

__all__ = ["serve"]


@click.command(cls=_Command)
@click.option("--host", default="127.0.0.1", show_default=True, help="Interface to listen on.")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(0, 65535),
              help="Port to listen on (0: any free port).")
@click.option("--time-limit", type=click.FloatRange(min=0, min_open=True), default=10.0, show_default=True,
              metavar="SECONDS", help="Seconds of search allowed per request (HTTP 503 beyond).")
@click.option("--max-positions", type=click.IntRange(min=1), default=5_000_000, show_default=True, metavar="N",
              help="Positions a request's search may expand (HTTP 503 beyond).")
@click.option("--max-searches", type=click.IntRange(min=1, max=1000), default=4, show_default=True, metavar="K",
              help="Searches run at once; a request past them is HTTP 503 with Retry-After.")
@click.option("--allow-host", "allow_hosts", multiple=True, metavar="NAME",
              help="A Host name the server answers besides --host, IP addresses and localhost (a real "
                   "deployment's name; repeatable; '*' for any). Other names are refused (DNS rebinding).")
def serve(host: str, port: int, time_limit: float, max_positions: int, max_searches: int,
          allow_hosts: tuple[str, ...]) -> None:
    """Serve the page to choose, see and play positions, and the JSON API
    under /api/ (documented at /docs), until Ctrl-C."""
    from grundy.core.limits import check_seconds
    from grundy.errors import InputError

    try:
        check_seconds(time_limit, "--time-limit")  # nan would serve with no limit at all
    except InputError as exc:
        _fail(str(exc), 2)
    try:
        import uvicorn

        from grundy.web.app import create_app
    except ImportError as exc:
        _fail(f"grundy serve needs the web extra ({exc.name} is missing): pip install 'grundy[web]'", 2)
    app = create_app(time_limit=time_limit, max_positions=max_positions, max_searches=max_searches,
                     allowed_hosts=[host, *allow_hosts])
    # request heads of up to 1 MiB are read (h11's default is 16 KiB, past which a long URL's
    # connection is dropped mid-send): the application answers a URL over its limit 414
    config = uvicorn.Config(app, host=host, port=port, log_level="warning", h11_max_incomplete_event_size=1 << 20)
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
    # likewise uvicorn shuts down on Ctrl-C and raises SIGINT again to the command line's handler,
    # whose KeyboardInterrupt click would turn into "Aborted!" and exit 1: it exits 130, as every command
    try:
        server.run()
    except KeyboardInterrupt:
        click.echo("grundy: server stopped (interrupted)", err=True)
        sys.exit(interrupt_exit_code())
