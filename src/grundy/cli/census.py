"""``grundy census``: every graph of a class valued (bottom-up, as a
tablebase; :mod:`grundy.census.build`), summarised as a table or JSON,
written out, plotted; on all cores, resumable, or on a Dask cluster."""

from __future__ import annotations

import gzip
import json
import os
import re
import sys
import time
from typing import Any

import click

from grundy.census.build import Census, CensusSpec
from grundy.games.graphs.rulesets import RULESETS
from grundy.census.geng import GraphClass
from grundy.cli.common import PROG, _Command, _run, game_names
from grundy.core.limits import check_seconds, interrupt_exit_code
from grundy.errors import InputError, SearchLimitReached
from grundy.kinds import article

__all__ = ["census"]


def _vertex_range(text: str) -> tuple[int, int]:
    m = re.fullmatch(r"\s*(\d+)\s*(?:\.\.\s*(\d+)\s*)?", text)
    if not m:
        raise InputError(f"vertex count {text!r}: give N or MIN..MAX (e.g. 9 or 1..8)")
    lo = int(m.group(1))
    hi = int(m.group(2)) if m.group(2) is not None else lo
    return lo, hi


def _edge_range(text: str) -> tuple[int, int]:
    m = re.fullmatch(r"\s*(\d*)\s*:\s*(\d*)\s*|\s*(\d+)\s*", text)
    if not m:
        raise InputError(f"--edges {text!r}: give MIN:MAX (either may be left out) or one count")
    if m.group(3) is not None:
        e = int(m.group(3))
        return e, e
    return int(m.group(1) or 0), int(m.group(2)) if m.group(2) else 10**6


def _count_graphs(spec: CensusSpec) -> int | None:
    """Graphs the build values (for the progress bar), by ``geng -u``; None
    when that would take long (11 vertices) or no geng is found."""
    import subprocess

    from grundy.census.geng import find_geng

    geng = find_geng()
    if geng is None or spec.vertices[1] > 10:
        return None
    total = 0
    for n in range(1, spec.vertices[1] + 1):
        args = [geng, "-u", *spec.cls.hereditary().geng_flags(), str(n), f"0:{spec.max_edges(n)}"]
        done = subprocess.run(args, capture_output=True, text=True, check=False)
        m = re.search(r"(\d+) graphs generated", done.stderr)
        if done.returncode or not m:
            return None
        total += int(m.group(1))
    return total


def _table_text(rows: list[dict[str, Any]], misere: bool) -> str:
    """The summaries as a text table, then each histogram."""
    head = ["n", "graphs", "P-positions", "largest value", "example",
            "connected", "P (connected)", "largest (connected)", "example (connected)"]
    if misere:
        head = ["n", "graphs", "P-positions", "N-positions", "connected", "P (connected)", "N (connected)"]
    lines = []
    body = []
    for r in rows:
        c = r["connected"]
        if misere:
            body.append([r["vertices"], r["graphs"], r["p_positions"], r["histogram"]["N"], c["graphs"],
                         c["p_positions"], c["histogram"]["N"]])
        else:
            body.append([r["vertices"], r["graphs"], r["p_positions"], "-" if r["max_value"] is None else r["max_value"],
                         (r["max_value_examples"] or ["-"])[0], c["graphs"], c["p_positions"],
                         "-" if c["max_value"] is None else c["max_value"], (c["max_value_examples"] or ["-"])[0]])
    cells = [[f"{x:,}" if isinstance(x, int) else str(x) for x in row] for row in body]
    widths = [max(len(h), *(len(row[i]) for row in cells)) if cells else len(h) for i, h in enumerate(head)]
    lines.append("  ".join(h.rjust(w) for h, w in zip(head, widths)))
    for row in cells:
        lines.append("  ".join(x.rjust(w) for x, w in zip(row, widths)))
    if not misere:
        lines.append("")
        for r in rows:
            hist = " ".join(f"{v}:{c:,}" for v, c in r["histogram"].items())
            lines.append(f"n={r['vertices']} values  {hist or '(no graphs)'}")
    return "\n".join(lines)


def _plot(rows: list[dict[str, Any]], path: str, title: str) -> None:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise InputError("--plot needs matplotlib: pip install 'grundy[plot]'") from None
    fig, axes = plt.subplots(len(rows), 1, figsize=(7, 2.2 * len(rows) + 0.6), squeeze=False)
    for ax, r in zip(axes[:, 0], rows):
        hist = {k: v for k, v in r["histogram"].items()}
        conn = r["connected"]["histogram"]
        keys = list(hist) if r["play"] == "misere" else sorted(set(hist) | set(conn), key=int)
        xs = range(len(keys))
        ax.bar([x - 0.2 for x in xs], [hist.get(k, 0) for k in keys], 0.4, label="all")
        ax.bar([x + 0.2 for x in xs], [conn.get(k, 0) for k in keys], 0.4, label="connected")
        ax.set_xticks(list(xs), keys)
        ax.set_ylabel("graphs")
        ax.set_title(f"{r['vertices']} {'vertex' if r['vertices'] == 1 else 'vertices'}", fontsize=9)
        ax.legend(fontsize=7)
    axes[-1, 0].set_xlabel("outcome" if rows and rows[0]["play"] == "misere" else "nim-value")
    fig.suptitle(title, fontsize=10)
    fig.tight_layout(rect=(0, 0, 1, 1 - 0.35 / fig.get_figheight()))
    try:
        fig.savefig(path, dpi=110)
    except OSError as exc:
        raise InputError(f"--plot {path}: {exc}") from None
    finally:
        plt.close(fig)


def _plot_ready(path: str) -> None:
    """Refuse a --plot path that cannot be written, or a missing matplotlib,
    before the census runs."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise InputError("--plot needs matplotlib: pip install 'grundy[plot]'") from None
    folder = os.path.dirname(os.path.abspath(path))
    if os.path.isdir(path) or not os.path.isdir(folder) or not os.access(folder, os.W_OK):
        raise InputError(f"--plot {path}: cannot write a file there")


def _output_ready(path: str) -> None:
    """Refuse, before the census runs, an --output path that cannot be
    written, without creating or truncating it (that waits until there is
    something to write: :func:`_open_output`).

    Raises
    ------
    InputError
        A directory, a file or folder without write permission, a missing
        folder.
    """
    folder = os.path.dirname(os.path.abspath(path))
    if os.path.isdir(path):
        raise InputError(f"--output {path}: it is a directory")
    if os.path.exists(path) and not os.access(path, os.W_OK):
        raise InputError(f"--output {path}: Permission denied")
    if not os.path.exists(path) and (not os.path.isdir(folder) or not os.access(folder, os.W_OK)):
        raise InputError(f"--output {path}: cannot write a file there")


def _open_output(path: str) -> Any:
    """Open (create or truncate) the --output file: only once the census
    has run and its lines are ready, so that a census that fails or stops
    leaves an existing file as it was."""
    try:
        return gzip.open(path, "wb") if path.endswith(".gz") else open(path, "wb")
    except OSError as exc:
        raise InputError(f"--output {path}: {exc.strerror or exc}") from None


#: Bytes a census input may hold, read or decompressed (256 MiB: every graph
#: on 10 vertices, geng's 12,005,168 lines, is 120 MB).
MAX_INPUT_BYTES = 256 << 20


def _read_input(path: str) -> bytes:
    """The bytes of a graph6 stream (a regular file or ``-``), gunzipped
    when they start with gzip's magic number, at most
    :data:`MAX_INPUT_BYTES` read and as many decompressed.

    Raises
    ------
    InputError
        Not a regular file (a FIFO, a device), more than the limit read or
        decompressed, a damaged gzip stream.
    """
    from grundy.readwrite.text import gunzip, read_file, read_stream

    if path == "-":
        data = read_stream(sys.stdin, "--input -", MAX_INPUT_BYTES)
        assert isinstance(data, bytes)
    else:
        data = read_file(path, MAX_INPUT_BYTES, what="--input")
    if data[:2] == b"\x1f\x8b":
        data = gunzip(data, f"--input {path}", MAX_INPUT_BYTES)
    return data


#: The largest order --input takes: it builds the whole census below and at
#: that order first (11 vertices would be about 20 CPU-hours; docs/cluster.md).
MAX_INPUT_VERTICES = 10


def _input_orders(data: bytes) -> tuple[list[bytes], list[int], int]:
    """The graph6 lines of an input stream (a leading byte-order mark, a
    ``>>graph6<<`` header and empty lines dropped), their line numbers in
    the stream, and their largest order. Each line is checked as ``grundy
    value`` checks graph6 (:func:`grundy.readwrite.graphs.graph6_order`:
    its characters, its length, its padding bits), all before the census
    starts.

    Raises
    ------
    InputError
        Naming the first line that is not graph6 of at most
        :data:`MAX_INPUT_VERTICES` vertices, or an input without graphs.
    """
    from grundy.readwrite.graphs import graph6_order

    lines = []
    numbers = []
    top = 0
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    for number, raw in enumerate(data.split(b"\n"), 1):
        line = raw.strip(b" \t\r")
        if line.startswith(b">>graph6<<"):
            line = line[10:]
        if not line:
            continue
        where = f"--input line {number}"
        n = graph6_order(line.decode("latin-1"), where)  # a byte outside '?'..'~' is named, never decoded
        if n > MAX_INPUT_VERTICES:
            raise InputError(f"{where}: a graph on {n} vertices; --input takes at most "
                             f"{MAX_INPUT_VERTICES} (it first builds every graph on {n} vertices: about 20 CPU-hours "
                             f"at 11, see docs/cluster.md; use `grundy value --table` with {article(n)}-vertex "
                             "census)")
        lines.append(line)
        numbers.append(number)
        top = max(top, n)
    if not lines:
        raise InputError("--input: no graphs in the input")
    return lines, numbers, top


@click.command(cls=_Command, context_settings={"help_option_names": ["-h", "--help"]})
@click.argument("vertices", required=False)
@click.option("--game", default="chomp", show_default=True, shell_complete=game_names(partizan=False),
              help=f"The graph ruleset: {', '.join(RULESETS)} (graph-chomp = chomp).")
@click.option("--misere", is_flag=True, help="Misère play: outcomes (P/N) instead of nim-values.")
@click.option("--connected", is_flag=True, help="Connected graphs only (geng -c).")
@click.option("--bipartite", is_flag=True, help="Bipartite graphs only (geng -b).")
@click.option("--triangle-free", is_flag=True, help="Triangle-free graphs only (geng -t).")
@click.option("--edges", "edges", default=None, metavar="MIN:MAX", help="Edge counts reported (geng's mine:maxe).")
@click.option("--max-degree", type=int, default=None, metavar="D", help="Every degree at most D (geng -D).")
@click.option("--input", "input_path", default=None, metavar="FILE|-",
              help="Value the graphs of a graph6 stream (gzip or plain) instead of a generated class.")
@click.option("--json", "as_json", is_flag=True, help="One JSON object per vertex count.")
@click.option("--output", default=None, metavar="FILE",
              help="Write every graph as graph6<TAB>value (gzip when FILE ends in .gz).")
@click.option("--plot", default=None, metavar="FILE.png", help="Draw the value histograms (needs grundy[plot]).")
@click.option("--workers", type=int, default=None, metavar="K", help="Processes (default: every core).")
@click.option("--table", default=None, metavar="PATH",
              help="SQLite table file: finished shards are committed there, a stopped census resumes from it, "
                   "and `grundy value --table PATH` looks positions up in it.")
@click.option("--dask", "dask_address", default=None, metavar="ADDRESS|local",
              help="Run the shards on a Dask scheduler (or a LocalCluster); needs grundy[dask].")
@click.option("--time-limit", type=float, default=None, metavar="SECONDS",
              help="Stop at the first shard boundary past this (exit 3); with --table a rerun resumes.")
@click.option("--progress/--no-progress", default=None, help="Progress bar on stderr (default: when a terminal).")
def census(vertices: str | None, game: str, misere: bool, connected: bool, bipartite: bool, triangle_free: bool,
           edges: str | None, max_degree: int | None, input_path: str | None, as_json: bool, output: str | None,
           plot: str | None, workers: int | None, table: str | None, dask_address: str | None,
           time_limit: float | None, progress: bool | None) -> None:
    """Value every graph on VERTICES vertices (N or MIN..MAX, at most 11),
    up to isomorphism, and summarise: graphs, value histogram, P-positions,
    the largest value with examples, the same for connected graphs.

    Graphs come from nauty's geng (found as geng or nauty-geng; graphs on at
    most 7 vertices from networkx's atlas without it). The table is built
    bottom-up, by vertex count, then edge count, so each graph costs one
    key per move and one mex.
    """

    def body() -> None:
        from grundy.games.graphs.rulesets import ruleset_name

        name = ruleset_name(game)
        if name not in RULESETS:
            raise InputError(f"unknown game {game!r}; valid: {', '.join(RULESETS)}")
        if workers is not None and workers < 1:
            raise InputError(f"--workers {workers}: must be >= 1")
        if max_degree is not None and max_degree < 0:
            raise InputError(f"--max-degree {max_degree}: must be >= 0")
        check_seconds(time_limit, "--time-limit")  # nan, inf and absurd limits refused
        if time_limit is not None and not time_limit > 0:
            raise InputError(f"--time-limit {time_limit:g}: must be > 0 seconds")
        cls = GraphClass(connected, bipartite, triangle_free, max_degree)
        edge_range = _edge_range(edges) if edges is not None else None
        lines: list[bytes] = []
        numbers: list[int] = []
        if input_path is not None:
            if vertices is not None:
                raise InputError("give VERTICES or --input, not both")
            for flag, on in (("--connected", connected), ("--bipartite", bipartite),
                             ("--triangle-free", triangle_free), ("--edges", edges is not None),
                             ("--max-degree", max_degree is not None)):
                if on:
                    raise InputError(f"{flag} does not apply to --input (the input is the class: filter it first)")
            lines, numbers, top = _input_orders(_read_input(input_path))
            spec = CensusSpec(name, misere, GraphClass(), (1, max(top, 1)))
        else:
            if vertices is None:
                raise InputError("give the vertex count (N or MIN..MAX) or --input FILE")
            spec = CensusSpec(name, misere, cls, _vertex_range(vertices), edge_range)
        spec.check()
        if dask_address is not None and dask_address != "local" and workers is not None:
            raise InputError(f"--workers does not apply to --dask {dask_address} (the cluster's workers do the work; "
                             "--workers sizes --dask local)")
        if plot is not None:
            _plot_ready(plot)
        k = workers if workers is not None else (os.cpu_count() or 1)
        show = sys.stderr.isatty() if progress is None else progress
        bar = None
        run = Census(spec, table=table, workers=k, window=input_path is None, time_limit=time_limit)
        out = None
        written = 0  # lines written to --output
        if output is not None:
            _output_ready(output)  # before the run: a bad path must not cost the census (nothing truncated)
        try:
            if show:
                from tqdm import tqdm

                tqdm.monitor_interval = 0  # no monitor thread: workers are forked
                bar = tqdm(total=_count_graphs(spec), unit=" graphs", unit_scale=True, file=sys.stderr,
                           desc="census", smoothing=0.05)
                run.progress = bar.update
            start = time.perf_counter()
            try:
                if dask_address is not None:
                    from grundy.census.cluster import run_on_dask

                    run_on_dask(run, dask_address, keep_data=output is not None)
                else:
                    run.run(keep_data=output is not None)
            except (KeyboardInterrupt, SearchLimitReached) as stop:
                if bar is not None:
                    bar.close()
                    bar = None
                where = (f"{run.valued} new shard(s) committed to {table}; run the same command to resume"
                         if table else "nothing kept (no --table to resume from)")
                if isinstance(stop, SearchLimitReached):
                    click.echo(f"{PROG}: census stopped at the {stop.reason} after {stop.seconds:.1f} s; {where}",
                               err=True)
                    sys.exit(3)
                click.echo(f"\n{PROG}: interrupted; {where}", err=True)
                sys.exit(interrupt_exit_code())
            seconds = time.perf_counter() - start
            if bar is not None:
                bar.close()
                bar = None
            if input_path is not None:
                rows = _input_rows(run, lines, numbers, output, seconds)
                written = len(lines)
            else:
                rows = [run.summary(n, seconds) for n in range(spec.vertices[0], spec.vertices[1] + 1)]
                if output is not None:
                    out = _open_output(output)  # only now: a census that failed or stopped leaves it as it was
                    try:
                        for n in range(spec.vertices[0], spec.vertices[1] + 1):
                            for chunk in run.lines(n):
                                out.write(chunk)
                                written += chunk.count(b"\n")
                    except OSError as exc:
                        raise InputError(f"--output {output}: {exc.strerror or exc}") from None
        finally:
            if bar is not None:
                bar.close()
            if out is not None:
                out.close()
            run.close()
        if plot is not None:
            what = "misère outcomes" if misere else "nim-values"
            _plot(rows, plot, f"{name} {what}, " + ("the input graphs" if input_path else f"{spec.cls.name()} graphs"))
        if as_json:
            for r in rows:
                click.echo(json.dumps(r))
        else:
            play = "misère play" if misere else "normal play"
            where = f"the graphs of {input_path if input_path != '-' else 'stdin'}" if input_path else \
                f"class {spec.cls.name()}"
            click.echo(f"census of {name} ({play}), {where}"
                       + (f", edges {edge_range[0]}:{edge_range[1]}" if edge_range else "")
                       + f": {_count(sum(r['graphs'] for r in rows), 'graph')} in {seconds:.1f} s")
            click.echo(_table_text(rows, misere))
        # what was written, and where: after the answer (on stderr with --json, which keeps stdout JSON)
        if output is not None:
            what = "misère outcome, 1 for N and 0 for P" if misere else "nim-value"
            click.echo(f"wrote {_count(written, 'line')} (graph6, a tab, its {what}) to {output}", err=as_json)
        if plot is not None:
            click.echo(f"wrote the value histograms to {plot}", err=as_json)

    _run(body)


def _count(n: int, noun: str) -> str:
    """``n`` (with thousands separators) and the noun in the right number."""
    return f"{n:,} {noun}" + ("" if n == 1 else "s")


def _input_rows(run: Census, lines: list[bytes], numbers: list[int], output: str | None,
                seconds: float) -> list[dict[str, Any]]:
    """Summaries of the input graphs, one per order present; with
    ``output`` (a path), each input line with its value, in input order,
    written there once every line is valued (the file is opened only then).

    Raises
    ------
    InputError
        A line the census cannot value (its number), or the output cannot
        be written.
    """
    from grundy.census.build import summarise

    keys, values, flags, _count = run.value_lines(b"\n".join(lines) + b"\n", numbers)
    if output is not None:
        out = _open_output(output)
        try:
            out.write(b"".join(b"%s\t%d\n" % (g, v) for g, v in zip(lines, values)))
        except OSError as exc:
            raise InputError(f"--output {output}: {exc.strerror or exc}") from None
        finally:
            out.close()
    by_order: dict[int, list[int]] = {}
    for i, line in enumerate(lines):
        by_order.setdefault(line[0] - 63, []).append(i)
    rows = []
    for n in sorted(by_order):
        idx = by_order[n]
        s = summarise(run.kernel, b"".join(keys[8 * i : 8 * i + 8] for i in idx), bytes(values[i] for i in idx),
                      bytes(flags[i] for i in idx), len(idx))
        rows.append(run.merged(n, [s], seconds, "input"))
    return rows
