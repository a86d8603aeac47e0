"""The transposition table every game's search shares: in memory, optionally
kept in an SQLite file so that a second run reuses the first's work.

What is stored
--------------
Per canonical key of a component (bytes, see :mod:`grundy.core.canon`):
its nim-value once known (``values``), else the bitmask of values it is
known *not* to have (``not_values``: the partial work of a search stopped
by a limit). Reductions (``aliases``: key -> the decomposition of what it
reduces to; ``irreducible``: keys with none) are a cache only, rebuilt on
demand, never written to a file.

The file
--------
One SQLite file (stdlib ``sqlite3``, WAL journal, no server) holds the rows
of any number of games: ``(game, nauty, key, value, excluded)``, ``game``
naming the ruleset and key format (e.g. ``graph:chomp``), ``nauty`` the
canonical labelling (:data:`grundy.core.canon.NAUTY_VERSION`; rows of
another version are never read, since canonical labels may differ between
versions). Every write is one transaction: a process killed at any moment
(``kill -9`` included) leaves the file as of its last checkpoint, and the
next run opens it and goes on. Several processes may write one file at
once (WAL, a busy timeout, and upserts that never replace a known value by a
partial one).

Insertion order
---------------
``values`` only ever grows (a value, once known, is never removed), so the
keys written since the last checkpoint are the dict's last entries: the
table remembers how many it has written and saves the rest. The compiled
kernel writes to the same plain dicts; no write has to go through Python.
"""

from __future__ import annotations

import itertools
import sqlite3
import time
from typing import Any

from grundy.core.canon import NAUTY_VERSION
from grundy.errors import InputError

__all__ = ["Table", "SQLiteFile"]

#: Seconds a process waits for another one holding the file's lock.
_BUSY_SECONDS = 60.0

_SCHEMA = (
    "CREATE TABLE IF NOT EXISTS positions (game TEXT NOT NULL, nauty TEXT NOT NULL, "
    "key BLOB NOT NULL, value INTEGER, excluded TEXT, PRIMARY KEY (game, nauty, key)) WITHOUT ROWID"
)
#: Shards of a census (grundy.census): a whole class of positions valued at
#: once, stored as one blob per shard with a JSON summary.
_SHARDS = (
    "CREATE TABLE IF NOT EXISTS shards (game TEXT NOT NULL, nauty TEXT NOT NULL, "
    "shard TEXT NOT NULL, data BLOB NOT NULL, summary TEXT NOT NULL, PRIMARY KEY (game, nauty, shard)) WITHOUT ROWID"
)
_UPSERT_VALUE = (
    "INSERT INTO positions (game, nauty, key, value, excluded) VALUES (?, ?, ?, ?, NULL) "
    "ON CONFLICT (game, nauty, key) DO UPDATE SET value = excluded.value, excluded = NULL"
)
_UPSERT_PARTIAL = (
    "INSERT INTO positions (game, nauty, key, value, excluded) VALUES (?, ?, ?, NULL, ?) "
    "ON CONFLICT (game, nauty, key) DO UPDATE SET excluded = excluded.excluded WHERE positions.value IS NULL"
)


class SQLiteFile:
    """The rows of one game in an SQLite file (see the module docstring).

    Parameters
    ----------
    path : str
        The file; created if missing.
    game : str
        The namespace of the rows (the game's name and key format).

    Raises
    ------
    InputError
        If the file cannot be opened or is not a table of this kind (another
        SQLite database, a corrupt file, a directory).
    """

    def __init__(self, path: str, game: str) -> None:
        self.path = path
        self.game = game
        try:
            self.conn = sqlite3.connect(path, timeout=_BUSY_SECONDS)
        except sqlite3.Error as exc:
            raise InputError(f"cannot use {path} as a table file: {exc}") from None
        try:
            self._open()
        except (sqlite3.Error, InputError) as exc:
            self.conn.close()
            if isinstance(exc, InputError):
                raise
            raise InputError(f"cannot use {path} as a table file: {exc}") from None

    def _open(self) -> None:
        """Check the file, switch it to WAL and create the table. Processes
        opening one new file at once race for the switch to WAL, which
        SQLite answers with "database is locked" without waiting on its busy
        timeout: that answer is retried until the timeout."""
        give_up = time.monotonic() + _BUSY_SECONDS
        while True:
            try:
                # checked before anything is written: a refused file is left as it was
                columns = [row[1] for row in self.conn.execute("PRAGMA table_info(positions)")]
                if columns and columns != ["game", "nauty", "key", "value", "excluded"]:
                    raise InputError(f"cannot use {self.path} as a table file: its 'positions' table is not grundy's")
                self.conn.execute("PRAGMA journal_mode=WAL")
                self.conn.execute("PRAGMA synchronous=NORMAL")
                self.conn.execute(_SCHEMA)
                self.conn.execute(_SHARDS)
                self.conn.commit()
                break
            except sqlite3.OperationalError as exc:
                if "locked" not in str(exc) or time.monotonic() > give_up:
                    raise
                self.conn.rollback()
                time.sleep(0.01)
        check = self.conn.execute("PRAGMA quick_check").fetchone()[0]
        if check != "ok":
            raise InputError(f"cannot use {self.path} as a table file: integrity check says {check}")

    def load(self, values: dict[bytes, int], not_values: dict[bytes, int]) -> int:
        """Fill ``values`` and ``not_values`` from the file; returns rows read."""
        rows = 0
        cur = self.conn.execute(
            "SELECT key, value, excluded FROM positions WHERE game = ? AND nauty = ?",
            (self.game, NAUTY_VERSION),
        )
        for key, value, excluded in cur:
            rows += 1
            key = bytes(key)
            if value is not None:
                values[key] = value
            elif excluded:
                not_values[key] = int(excluded, 16)
        return rows

    def write(self, values: list[tuple[bytes, int]], partial: list[tuple[bytes, int]]) -> None:
        """Write value rows and partial rows in one transaction."""
        game = self.game
        try:
            with self.conn:
                self.conn.executemany(_UPSERT_VALUE, [(game, NAUTY_VERSION, k, v) for k, v in values])
                self.conn.executemany(
                    _UPSERT_PARTIAL, [(game, NAUTY_VERSION, k, format(x, "x")) for k, x in partial]
                )
        except sqlite3.Error as exc:
            raise InputError(f"cannot write the table file {self.path}: {exc}") from None

    def write_shard(self, shard: str, data: bytes, summary: str) -> None:
        """Commit one census shard (its blob and JSON summary) in one
        transaction; a shard written again is replaced.

        Raises
        ------
        InputError
            If the file cannot be written.
        """
        try:
            with self.conn:
                self.conn.execute(
                    "INSERT OR REPLACE INTO shards (game, nauty, shard, data, summary) VALUES (?, ?, ?, ?, ?)",
                    (self.game, NAUTY_VERSION, shard, data, summary),
                )
        except sqlite3.Error as exc:
            raise InputError(f"cannot write the table file {self.path}: {exc}") from None

    def shards(self) -> list[tuple[str, bytes, str]]:
        """Every census shard of this game and nauty version: ``(shard,
        data, summary)``, by name."""
        cur = self.conn.execute(
            "SELECT shard, data, summary FROM shards WHERE game = ? AND nauty = ? ORDER BY shard",
            (self.game, NAUTY_VERSION),
        )
        return [(name, bytes(data), summary) for name, data, summary in cur]

    def shard_owners(self) -> set[tuple[str, str]]:
        """``(game, nauty)`` of every census stored in the file (any game)."""
        return {(g, v) for g, v in self.conn.execute("SELECT DISTINCT game, nauty FROM shards")}

    def shard_data(self, shard: str) -> bytes | None:
        """The blob of one shard, or None."""
        row = self.conn.execute(
            "SELECT data FROM shards WHERE game = ? AND nauty = ? AND shard = ?", (self.game, NAUTY_VERSION, shard)
        ).fetchone()
        return None if row is None else bytes(row[0])

    def count(self) -> tuple[int, int]:
        """Rows of this game and nauty version: (with a value, partial)."""
        known, partial = self.conn.execute(
            "SELECT COUNT(value), COUNT(*) - COUNT(value) FROM positions WHERE game = ? AND nauty = ?",
            (self.game, NAUTY_VERSION),
        ).fetchone()
        return known, partial

    def close(self) -> None:
        self.conn.close()


class Table:
    """The search's table: values, partial results and a reduction cache.

    Parameters
    ----------
    path : str, optional
        An SQLite file to read at once and to write at every :meth:`save`
        (see the module docstring); None keeps everything in memory.
    game : str
        The namespace of the rows in the file (required with ``path``).
    reduction_cache_size : int
        How many keys keep their reduction remembered (``aliases`` and
        ``irreducible``); the cache is dropped whole when it overflows.

    Attributes
    ----------
    values : dict[bytes, int]
        Canonical key -> nim-value.
    not_values : dict[bytes, int]
        Canonical key -> bitmask of values the position does not have.
    aliases : dict[bytes, tuple[int, tuple[bytes, ...]]]
        Canonical key -> the decomposition of what a reduction leaves.
    irreducible : set[bytes]
        Keys for which no reduction applies.
    loaded : int
        Rows read from the file when the table was made.

    Raises
    ------
    InputError
        If ``path`` cannot be used as a table file.
    """

    def __init__(self, path: str | None = None, game: str = "", *, reduction_cache_size: int = 500_000) -> None:
        self.values: dict[bytes, int] = {}
        self.not_values: dict[bytes, int] = {}
        self.aliases: dict[bytes, tuple[int, tuple[bytes, ...]]] = {}
        self.irreducible: set[bytes] = set()
        self.reduction_cache_size = reduction_cache_size
        self.file: SQLiteFile | None = None
        self.loaded = 0
        self._saved = 0
        self._saved_partial: dict[bytes, int] = {}
        if path is not None:
            self.file = SQLiteFile(path, game)
            self.loaded = self.file.load(self.values, self.not_values)
            self._saved = len(self.values)
            self._saved_partial = dict(self.not_values)

    def remember(self, key: bytes, alias: tuple[int, tuple[bytes, ...]] | None) -> None:
        """Cache the reduction of ``key`` (None: it has none)."""
        if len(self.aliases) + len(self.irreducible) >= self.reduction_cache_size:
            self.aliases.clear()
            self.irreducible.clear()
        if alias is None:
            self.irreducible.add(key)
        else:
            self.aliases[key] = alias

    def save(self) -> int:
        """Write what was learned since the last save to the file (no-op in
        memory); returns the number of rows written.

        Raises
        ------
        InputError
            If the file cannot be written.
        """
        if self.file is None:
            return 0
        values = self.values
        fresh = list(itertools.islice(values.items(), self._saved, None))
        saved = self._saved_partial
        partial = [(k, x) for k, x in self.not_values.items() if x and k not in values and saved.get(k) != x]
        if fresh or partial:
            self.file.write(fresh, partial)
        self._saved = len(values)
        for k, x in partial:
            saved[k] = x
        return len(fresh) + len(partial)

    def count(self) -> tuple[int, int]:
        """Rows in the file: (with a value, partial); (0, 0) in memory."""
        return self.file.count() if self.file is not None else (0, 0)

    def close(self) -> None:
        """Save and close the file (no-op in memory)."""
        if self.file is not None:
            self.save()
            self.file.close()
            self.file = None

    def stats(self) -> dict[str, Any]:
        """Sizes: values known, partial entries, cached reductions."""
        return {
            "values": len(self.values),
            "partial": len(self.not_values),
            "reductions": len(self.aliases) + len(self.irreducible),
        }
