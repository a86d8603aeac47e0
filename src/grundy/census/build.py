"""The census: every graph of a class valued bottom-up, as endgame tablebases
are built.

Graphs come in *layers* by vertex count, then by edge count (geng's
``e:e`` range). Every option of a graph has fewer vertices, or as many and
fewer edges (true of every ruleset of :mod:`grundy.games.graphs.rulesets`),
so when a layer is valued its options' values are all in the table, and a
graph costs its canonical key plus one key and one probe per move, then a
mex (compiled: :func:`grundy.games.graphs._kernel.census_values`). Whole
graphs are stored (not components), so the same build gives misère
outcomes: a graph is a misère N-position iff it has no move or an option
that is a misère P-position.

A layer is split into shards with geng's ``res/mod`` (the number of shards
depends on the layer only, never on the workers, so any run resumes any
other); each finished shard is committed to the table file (one SQLite
transaction: its packed keys, values and connectivity flags, and a JSON
summary), so a census stopped by Ctrl-C or ``kill -9`` resumes where it
stopped and gives the same totals. Classes closed under deleting vertices
and edges (bipartite, triangle-free, bounded degree, bounded edges) are
built within the class; connectedness is not (an edge deletion can
disconnect), so connected graphs are counted among all graphs.
"""

from __future__ import annotations

import json
import multiprocessing
import re
import signal
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from grundy.census.geng import GraphClass, find_geng, generate
from grundy.core.limits import interrupted
from grundy.errors import InputError
from grundy.games.graphs.rulesets import get_ruleset

__all__ = ["MAX_VERTICES", "Census", "CensusSpec", "Tables", "namespace", "rule_code", "shard_count"]


def rule_code(game: str) -> int:
    """The kernel's packed rule of the graph ruleset ``game``
    (:attr:`grundy.games.graphs.rulesets.MoveRule.code`): the census runs
    the same rule as the search.

    Raises
    ------
    InputError
        On a name that is no graph ruleset (listing the valid ones).
    """
    return get_ruleset(game).compiled.code

#: The largest order a census takes (packed keys: 55 bits of upper triangle).
MAX_VERTICES = 11

#: Examples of the largest value kept per shard and per summary.
EXAMPLES = 3


def namespace(game: str, misere: bool) -> str:
    """The table namespace of a census (``graph:chomp``, ``graph:chomp:misere``):
    normal-play censuses share it with the search's own rows."""
    return f"graph:{game}" + (":misere" if misere else "")


def shard_count(n: int, e: int) -> int:
    """Shards of the layer ``(n, e)`` (geng's ``mod``): a function of the
    layer only, about 40,000 graphs or fewer per shard at n <= 10."""
    if n <= 6:
        return 1
    middle = n * (n - 1) // 4
    far = abs(e - middle)
    base = {7: 2, 8: 4, 9: 8, 10: 32}.get(n, 512)
    if far > n and base > 2:
        base //= 4
    return base


@dataclass(frozen=True)
class CensusSpec:
    """What a census values.

    Attributes
    ----------
    game : str
        A graph ruleset name (:data:`grundy.games.graphs.rulesets.RULESETS`).
    misere : bool
        Misère play (values are then outcomes: 1 for N, 0 for P).
    cls : GraphClass
        The class; its hereditary part is what is built.
    vertices : (int, int)
        Least and most vertices reported, ``1 <= lo <= hi <= 11``.
    edges : (int, int) or None
        Least and most edges reported (the build stops at the most).
    """

    game: str = "chomp"
    misere: bool = False
    cls: GraphClass = field(default_factory=GraphClass)
    vertices: tuple[int, int] = (1, 1)
    edges: tuple[int, int] | None = None

    def check(self) -> None:
        """Raise :class:`InputError` for a spec no census can run."""
        rule_code(self.game)  # an unknown name: InputError
        lo, hi = self.vertices
        if not 1 <= lo <= hi:
            raise InputError(f"vertex range {lo}..{hi}: need 1 <= MIN <= MAX")
        if hi > MAX_VERTICES:
            raise InputError(f"a census takes at most {MAX_VERTICES} vertices, not {hi} "
                             f"(graphs on 12 vertices number 165,091,172,592)")
        if self.edges is not None and not 0 <= self.edges[0] <= self.edges[1]:
            raise InputError(f"edge range {self.edges[0]}:{self.edges[1]}: need 0 <= MIN <= MAX")
        if self.cls.max_degree is not None and self.cls.max_degree < 0:
            raise InputError(f"--max-degree {self.cls.max_degree}: must be >= 0")

    def max_edges(self, n: int) -> int:
        """The most edges built at order ``n``."""
        top = n * (n - 1) // 2
        if self.cls.max_degree is not None:
            top = min(top, n * self.cls.max_degree // 2)
        if self.edges is not None:
            top = min(top, self.edges[1])
        return top

    def layers(self) -> list[tuple[int, int]]:
        """Every layer ``(n, e)`` built, in build order."""
        return [(n, e) for n in range(1, self.vertices[1] + 1) for e in range(self.max_edges(n) + 1)]

    def reported(self, n: int, e: int) -> bool:
        lo, hi = self.edges if self.edges is not None else (0, n * n)
        return self.vertices[0] <= n <= self.vertices[1] and lo <= e <= hi


def shard_name(cls: GraphClass, generator: str, n: int, e: int, res: int, mod: int) -> str:
    """The stable name of a shard: class, generator (``geng`` or ``atlas``:
    they split a layer differently, so their shards never mix), layer and
    ``res/mod``; sortable."""
    return f"{cls.hereditary().name()}|{generator}|n={n:02d}|e={e:02d}|{res:04d}/{mod:04d}"


# -- the kernel -----------------------------------------------------------------
def _kernel() -> Any:
    from grundy.games.graphs import _kernel as kernel
    from grundy.games.graphs.game import KERNEL_NAUTY

    if not KERNEL_NAUTY:  # pragma: no cover - depends on the build
        raise InputError("the census needs grundy's compiled kernel bound to nauty (reinstall with a C compiler)")
    return kernel


def _unpack(data: bytes) -> tuple[bytes, bytes, bytes]:
    """A shard blob -> (keys, values, flags)."""
    count = len(data) // 10
    return data[: 8 * count], data[8 * count : 9 * count], data[9 * count :]


# -- one shard, in whichever process runs it ------------------------------------
#: The table a forked worker inherits (set by the parent before forking).
_INHERITED: Any = None


def value_shard(table: Any, spec: CensusSpec, n: int, e: int, res: int, mod: int,
                geng: str | None, extra: Any = None) -> tuple[str, bytes, dict[str, Any]]:
    """Value one shard from ``table`` and ``extra`` (a second table or None;
    together they hold every option): its name, its blob and its summary
    (see :func:`summarise`)."""
    kernel = _kernel()
    start = time.process_time()
    lines = generate(n, spec.cls.hereditary(), (e, e), res, mod, geng=geng or False)
    name = shard_name(spec.cls, "geng" if geng else "atlas", n, e, res, mod)
    try:
        keys, values, flags, count = kernel.census_values(table, lines, rule_code(spec.game), spec.misere,
                                                          extra=extra)
    except KeyError as exc:  # pragma: no cover - the layers are built in order
        raise InputError(f"shard {name}: an option of its graph {exc.args[0]} is not in the table "
                         "(a table file built otherwise?)") from None
    summary = summarise(kernel, keys, values, flags, count)
    summary.update(n=n, e=e, cpu_seconds=round(time.process_time() - start, 4))
    return name, keys + values + flags, summary


def _inherited_shard(args: tuple[CensusSpec, int, int, int, int, str | None]) -> tuple[str, bytes, dict[str, Any]]:
    table, extra = _INHERITED
    return value_shard(table, *args, extra=extra)


#: The signals a pool worker must not receive before its initializer has run.
_STOPPING = ("SIGINT", "SIGTERM")


def _stopping_signals() -> set[int]:
    return {getattr(signal, name) for name in _STOPPING if hasattr(signal, name)}


def _ignore_interrupts() -> None:
    """Pool workers leave Ctrl-C to the parent, which stops them (no traceback per worker),
    and die at once on the SIGTERM with which the parent's pool stops them (not through the
    command line's SIGTERM handler, which a forked worker would inherit). The parent forks
    them with both signals blocked (:meth:`Census._pool_layer`), so a signal sent to the
    process group meanwhile waits until these handlers are set; they are unblocked here."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, _stopping_signals())


def windowed(spec: CensusSpec) -> bool:
    """Whether every same-order option of the ruleset has exactly one edge
    fewer (all but Graph Nim): then the top order's layer ``e`` needs only
    layer ``e - 1`` of that order, and older layers can leave memory."""
    return get_ruleset(spec.game).compiled.windowed


def summarise(kernel: Any, keys: bytes, values: bytes, flags: bytes, count: int) -> dict[str, Any]:
    """Counts of one shard: graphs, histograms (all, connected) and the
    largest value with examples (graph6, canonical labelling)."""
    hist, conn = kernel.census_histograms(values, flags)
    out: dict[str, Any] = {"graphs": count, "hist": {str(v): c for v, c in enumerate(hist) if c},
                           "conn_hist": {str(v): c for v, c in enumerate(conn) if c}}
    for name, counts, need in (("max", hist, 0), ("conn_max", conn, 1)):
        top = max((v for v, c in enumerate(counts) if c), default=None)
        examples: list[str] = []
        if top is not None:
            index = -1
            while len(examples) < EXAMPLES:
                index = values.find(bytes([top]), index + 1)
                if index < 0:
                    break
                if flags[index] & need == need:
                    key = int.from_bytes(keys[8 * index : 8 * index + 8], "little")
                    examples.append(kernel.packed_graph6(key).decode())
        out[name] = [top, examples]
    return out


# -- the census -------------------------------------------------------------------
class Tables:
    """The tables a census values from, in one process (the client's or a
    worker's).

    Attributes
    ----------
    memory : CensusTable
        Every graph stored (with the empty graph), but the top order's
        layers when :attr:`windowed`.
    layers : dict[int, CensusTable]
        Windowed runs: the top order's layers still needed, by edge count.
    windowed : bool
        Whether the top order keeps only its last layer (see :func:`windowed`).
    """

    def __init__(self, kernel: Any, spec: CensusSpec, window: bool) -> None:
        self.kernel = kernel
        self.memory = kernel.CensusTable(1024)
        self.memory.put(1 << 63, 1 if spec.misere else 0)  # the empty graph
        self.top = spec.vertices[1]
        self.windowed = window and windowed(spec)
        self.layers: dict[int, Any] = {}

    def store(self, n: int, e: int, keys: bytes, values: bytes) -> None:
        """Add graphs of layer ``(n, e)`` to the table that holds it."""
        if self.windowed and n == self.top:
            if e not in self.layers:
                self.layers[e] = self.kernel.CensusTable(len(values))
            self.layers[e].add(keys, values)
        else:
            self.memory.add(keys, values)

    def extra(self, n: int, e: int) -> Any:
        """The second table layer ``(n, e)`` is valued with (None if all is
        in :attr:`memory`); drops the top order's layers no longer needed."""
        if not (self.windowed and n == self.top):
            return None
        for old in [k for k in self.layers if k < e - 1]:
            del self.layers[old]
        return self.layers.get(e - 1)

    def nbytes(self) -> int:
        """Bytes of the tables' arrays."""
        return int(self.memory.nbytes + sum(t.nbytes for t in self.layers.values()))


@dataclass
class Census:
    """A census run: builds the layers of ``spec``, shard by shard.

    Parameters
    ----------
    spec : CensusSpec
        What to value.
    table : str, optional
        An SQLite table file (:class:`grundy.core.tablefile.SQLiteFile`): shards
        already in it are loaded, not valued again; each new one is committed.
    workers : int
        Processes valuing shards at once (forked per layer; 1: in process).
    geng : str, bool or None
        As :func:`grundy.census.geng.generate` (True: geng from PATH).
    progress : callable, optional
        ``progress(graphs_done)`` after every shard (graphs valued or loaded).
    window : bool
        Keep only the last finished layer of the top order in memory (see
        :func:`windowed`; memory then grows with the largest layer, not the
        whole order). Off for :meth:`value_lines`, which looks up anything.
    time_limit : float, optional
        Seconds; the run stops at the first shard boundary past it, raising
        :class:`grundy.errors.SearchLimitReached` (committed shards are kept).

    Raises
    ------
    InputError
        A bad spec, a table file of another game or nauty version, or a
        generator that cannot make the class (missing geng: says how to get it).
    """

    spec: CensusSpec
    table: str | None = None
    workers: int = 1
    geng: str | bool | None = True
    progress: Callable[[int], None] | None = None
    window: bool = True
    time_limit: float | None = None
    summaries: dict[str, dict[str, Any]] = field(default_factory=dict)
    valued: int = 0
    loaded: int = 0

    def __post_init__(self) -> None:
        self.spec.check()
        kernel = _kernel()
        self.kernel = kernel
        self.tables = Tables(kernel, self.spec, self.window)
        self.geng_path = find_geng() if self.geng is True else (self.geng or None)
        #: which generator makes the shards (part of their names)
        self.generator = "geng" if self.geng_path else "atlas"
        if self.geng_path is None and self.spec.vertices[1] > 7:
            from grundy.census.geng import GENG_HINT

            raise InputError(f"graphs on {self.spec.vertices[1]} vertices need nauty's geng, which was not found: "
                             f"{GENG_HINT}")
        self.file = None
        self.data: dict[str, bytes] = {}
        if self.table is not None:
            from grundy.core.canon import NAUTY_VERSION
            from grundy.core.tablefile import SQLiteFile

            self.file = SQLiteFile(self.table, namespace(self.spec.game, self.spec.misere))
            owners = self.file.shard_owners()
            mine = (self.file.game, NAUTY_VERSION)
            others = sorted(owners - {mine})
            if others:
                self.file.close()
                game, version = others[0]
                what = f"nauty version {version}" if game == mine[0] else f"game {game}"
                raise InputError(f"{self.table} holds a census made by {what}; this census ({mine[0]}, "
                                 f"{NAUTY_VERSION}) needs a file of its own")
            for name, data, summary in self.file.shards():
                keys, values, _flags = _unpack(data)
                s = json.loads(summary)
                self.tables.store(s.get("n", 0), s.get("e", 0), keys, values)
                self.summaries[name] = s
                self.loaded += 1

    # the tables, as attributes of the census
    @property
    def memory(self) -> Any:
        return self.tables.memory

    @property
    def layers(self) -> dict[int, Any]:
        return self.tables.layers

    @property
    def windowed(self) -> bool:
        return self.tables.windowed

    @property
    def top(self) -> int:
        return self.tables.top

    def extra(self, n: int, e: int) -> Any:
        """:meth:`Tables.extra`."""
        return self.tables.extra(n, e)

    def nbytes(self) -> int:
        """Bytes of the census tables in memory."""
        return self.tables.nbytes()

    def close(self) -> None:
        if self.file is not None:
            self.file.close()
            self.file = None

    def shards(self) -> list[tuple[int, int, int, int]]:
        """Every shard ``(n, e, res, mod)`` of the build, in order."""
        return [(n, e, r, shard_count(n, e)) for n, e in self.spec.layers() for r in range(shard_count(n, e))]

    def _commit(self, name: str, data: bytes, summary: dict[str, Any], keep: bool) -> None:
        keys, values, _flags = _unpack(data)
        self.tables.store(summary["n"], summary["e"], keys, values)
        self.summaries[name] = summary
        if keep:
            self.data[name] = data
        if self.file is not None:
            self.file.write_shard(name, data, json.dumps(summary))
        self.valued += 1
        if self.progress is not None:
            self.progress(summary["graphs"])

    def run(self, keep_data: bool = False) -> None:
        """Build every layer (shards already committed are skipped). With
        ``keep_data``, the blobs of the reported shards stay in :attr:`data`
        (for ``--output``). KeyboardInterrupt leaves committed shards in the
        file and stops the workers."""
        spec = self.spec
        self._start = time.perf_counter()
        for (n, e), todo in self.layers_to_do():
            keep = keep_data and spec.reported(n, e)
            if not todo:
                continue
            args = [(spec, n, e, r, mod, self.geng_path) for (_n, _e, r, mod) in todo]
            extra = self.extra(n, e)
            if self.workers <= 1 or len(todo) == 1:
                for a in args:
                    self.check_time()
                    self._commit(*value_shard(self.memory, *a, extra=extra), keep)
            else:
                self._pool_layer(args, keep, extra)

    def layers_to_do(self) -> Iterator[tuple[tuple[int, int], list[tuple[int, int, int, int]]]]:
        """Each layer ``(n, e)`` in build order with its shards still to value
        (those already committed are reported to :attr:`progress` and skipped)."""
        by_layer: dict[tuple[int, int], list[tuple[int, int, int, int]]] = {}
        for shard in self.shards():
            by_layer.setdefault(shard[:2], []).append(shard)
        for layer, shards in by_layer.items():
            todo = []
            for s in shards:
                name = shard_name(self.spec.cls, self.generator, *s)
                if name in self.summaries:
                    if self.progress is not None:
                        self.progress(self.summaries[name]["graphs"])
                    continue
                todo.append(s)
            yield layer, todo

    def check_time(self) -> None:
        """Raise :class:`SearchLimitReached` once the time limit has passed,
        KeyboardInterrupt once an interrupt is noted
        (:func:`grundy.core.limits.note_interrupt`: a Ctrl-C or SIGTERM whose
        own KeyboardInterrupt was lost, or a later SIGTERM the command line
        only notes). Called after each shard."""
        if interrupted():
            raise KeyboardInterrupt
        if self.time_limit is not None:
            spent = time.perf_counter() - self._start
            if spent > self.time_limit:
                from grundy.errors import SearchLimitReached

                raise SearchLimitReached(f"time limit {self.time_limit:g} s", self.valued, spent)

    def _pool_layer(self, args: list[tuple[Any, ...]], keep: bool, extra: Any) -> None:
        global _INHERITED
        _INHERITED = (self.memory, extra)
        ctx = multiprocessing.get_context("fork")
        # Fork with Ctrl-C and SIGTERM blocked in this thread: a worker gets
        # them only once _ignore_interrupts has set its own handlers, and the
        # pool's threads (which fork replacement workers) never take them.
        # This thread takes one that arrived meanwhile when it unblocks them,
        # inside the try that stops the pool. (Another thread of the process
        # with them unblocked could still run the handler during Pool().)
        masked = hasattr(signal, "pthread_sigmask")
        before = signal.pthread_sigmask(signal.SIG_BLOCK, _stopping_signals()) if masked else set()
        try:
            pool = ctx.Pool(min(self.workers, len(args)), initializer=_ignore_interrupts)
        except BaseException:
            if masked:
                signal.pthread_sigmask(signal.SIG_SETMASK, before)
            raise
        try:
            if masked:
                signal.pthread_sigmask(signal.SIG_SETMASK, before)
            for result in pool.imap_unordered(_inherited_shard, args):
                self._commit(*result, keep)
                self.check_time()
            pool.close()
        except BaseException:
            pool.terminate()
            raise
        finally:
            pool.join()
            _INHERITED = None

    # -- what was found ------------------------------------------------------
    def reported_shards(self, n: int) -> list[str]:
        """Names of the shards reported at order ``n``, in build order."""
        return [shard_name(self.spec.cls, self.generator, *s) for s in self.shards()
                if s[0] == n and self.spec.reported(s[0], s[1])]

    def summary(self, n: int, seconds: float = 0.0) -> dict[str, Any]:
        """The census of order ``n``: graphs, histogram, P-positions, largest
        value with examples, and the same for connected graphs (the class's
        connectedness filter, if any, applies to the first set too)."""
        return self.merged(n, [self.summaries[name] for name in self.reported_shards(n)], seconds)

    def merged(self, n: int, parts: list[dict[str, Any]], seconds: float = 0.0,
               class_name: str | None = None) -> dict[str, Any]:
        """:meth:`summary` of order ``n`` from shard summaries ``parts``
        (:func:`summarise`); ``class_name`` replaces the class's name."""
        connected_only = self.spec.cls.connected
        merged: dict[str, dict[int, int]] = {"all": {}, "connected": {}}
        best: dict[str, list[Any]] = {"all": [None, []], "connected": [None, []]}
        for s in parts:
            for part, hist, top in (("all", s["conn_hist"] if connected_only else s["hist"],
                                     s["conn_max"] if connected_only else s["max"]),
                                    ("connected", s["conn_hist"], s["conn_max"])):
                for v, c in hist.items():
                    merged[part][int(v)] = merged[part].get(int(v), 0) + c
                if top[0] is not None:
                    if best[part][0] is None or top[0] > best[part][0]:
                        best[part] = [top[0], list(top[1])]
                    elif top[0] == best[part][0] and len(best[part][1]) < EXAMPLES:
                        best[part][1].extend(top[1][: EXAMPLES - len(best[part][1])])

        def block(part: str) -> dict[str, Any]:
            hist = dict(sorted(merged[part].items()))
            total = sum(hist.values())
            if self.spec.misere:
                return {"graphs": total, "histogram": {"P": hist.get(0, 0), "N": hist.get(1, 0)},
                        "p_positions": hist.get(0, 0), "max_value": None, "max_value_examples": []}
            return {"graphs": total, "histogram": {str(v): c for v, c in hist.items()},
                    "p_positions": hist.get(0, 0), "max_value": best[part][0],
                    "max_value_examples": best[part][1]}

        out: dict[str, Any] = {"game": self.spec.game, "play": "misere" if self.spec.misere else "normal",
                               "vertices": n, "class": class_name or self.spec.cls.name()}
        if self.spec.edges is not None:
            out["edges"] = f"{self.spec.edges[0]}:{self.spec.edges[1]}"
        out.update(block("all"))
        out["connected"] = block("connected")
        out["seconds"] = round(seconds, 3)
        return out

    def lines(self, n: int) -> Iterator[bytes]:
        """``graph6<TAB>value`` lines of every reported graph of order ``n``
        (canonical labelling), shard by shard in build order."""
        for name in self.reported_shards(n):
            data = self.data.get(name)
            if data is None and self.file is not None:
                data = self.file.shard_data(name)
            if data is None:  # pragma: no cover - run() keeps or commits every shard
                raise InputError(f"shard {name} is neither in memory nor in the table")
            keys, values, flags = _unpack(data)
            yield self.kernel.census_lines(keys, values, flags, self.spec.cls.connected)

    def value_lines(self, lines: bytes, numbers: list[int] | None = None) -> tuple[bytes, bytes, bytes, int]:
        """Look up every graph of ``lines`` (graph6, each on at most the
        census's vertices) in the built table: ``(keys, values, flags, count)``.
        ``numbers`` gives each line's number in the user's input (for errors).

        Raises
        ------
        InputError
            A malformed line (its number), or a graph outside the built class.
        ValueError
            If the census was built with ``window=True`` (its top order's
            older layers have left memory).
        """
        if self.windowed:
            raise ValueError("value_lines needs a census built with window=False")

        def where(k: int) -> int:
            return numbers[k - 1] if numbers is not None else k

        try:
            return self.kernel.census_values(self.memory, lines, rule_code(self.spec.game), self.spec.misere,
                                             True)
        except ValueError as exc:
            m = re.match(r"line (\d+): (.*)", str(exc), re.DOTALL)
            if m is None:  # pragma: no cover - the kernel names the line
                raise InputError(f"--input: {exc}") from None
            raise InputError(f"--input line {where(int(m.group(1)))}: {m.group(2)}") from None
        except KeyError as exc:
            raise InputError(f"--input line {where(exc.args[0])}: graph not in the census's class") from None
