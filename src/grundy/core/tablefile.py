"""The file of the transposition table (:mod:`grundy.core.table`): its
rows in an SQLite file, so that a second run reuses the first's work.

One SQLite file (stdlib ``sqlite3``, WAL journal, no server) holds the rows
of any number of games: ``(game, nauty, key, value, excluded)`` (table
``positions``, written by dict tables) and ``(game, nauty, digest, value,
excluded)`` (table ``digests``, written by compact tables, ``nauty`` then
naming the digest too; a compact table reads both, a dict table only the
first), ``game``
naming the ruleset and key format (e.g. ``graph:chomp``), ``nauty`` the
canonical labelling (:data:`grundy.core.canon.NAUTY_VERSION`; rows of
another version are never read, since canonical labels may differ between
versions). An unbounded compact table appends its saves to a third table,
``journal`` (no index: a checkpoint of a file of tens of millions of rows
writes a few pages, not one or more per row), which
:meth:`SQLiteFile.merge_journal` moves into ``digests`` in digest order:
at a save once the journal holds more than half as many rows as
``digests`` (and more than :data:`JOURNAL_MERGE_ROWS`), at a close if it
holds at most that many, and when a bounded table opens the file (its
spill reads ``digests``). A run reads both. A merge sorts the journal's
rows once, then applies them one range of digests per transaction (the WAL
file grows to one range's pages, not to the table's), and deletes them from
the journal last; it takes minutes on tens of millions of rows, and another
process saving to the same file waits for the transaction under way (up to
60 s, then its save fails with an InputError; the wait is made of 50 ms waits
with Python running between them, so a Ctrl-C stops it at once). A Ctrl-C or
SIGTERM stops a merge at once, the journal whole. Every save is one
transaction (a merge is several, and a stop between them leaves a file that
reads the same values): a process killed at any moment
(``kill -9`` included) leaves the file as of its last checkpoint, and the
next run opens it and goes on. Several processes may write one file at
once (WAL, a busy timeout, and upserts that never replace a known value by a
partial one).
"""

from __future__ import annotations

import operator
import os
import sqlite3
import stat
import time
import urllib.parse
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from grundy.core.canon import NAUTY_VERSION
from grundy.core.limits import interrupted, note_interrupt
from grundy.core.tablesql import (
    _DELETE_COPIED, _DIGEST_PARTIAL, _DIGEST_VALUE, _DIGESTS, _JOURNAL, _JOURNAL_MERGES, _MERGE, _MERGE_LAST,
    _MERGING, _MERGING_FILL, _SCHEMA, _SHARDS, _UPSERT_PARTIAL, _UPSERT_VALUE,
)
from grundy.errors import InputError

__all__ = ["SQLiteFile", "check_own_file", "DIGEST_FORMAT", "JOURNAL_MERGE_ROWS", "MERGE_RANGE_BYTES", "WAL_LIMIT_BYTES",
           "ABSORB_BATCH_ROWS"]

#: Names the digest of a compact table's rows (stored with the nauty version
#: in the ``digests`` table): a change of the digest must change this.
DIGEST_FORMAT = "digest95-v1"

#: Bytes an idle WAL file is cut back to after a checkpoint (SQLite's
#: ``journal_size_limit``): a large save grows it, the next save truncates it.
WAL_LIMIT_BYTES = 64 << 20

#: Seconds a process waits for another one holding the file's lock.
_BUSY_SECONDS = 60.0
#: Milliseconds of one wait inside SQLite for the write lock (its busy
#: handler sleeps in C, where no signal handler runs); the waits are repeated
#: from Python until :data:`_BUSY_SECONDS`, so that a Ctrl-C stops a save
#: waiting on another process within about this long, not after a minute.
_LOCK_WAIT_MS = 50

#: Bytes of the file per range of digests a merge applies in one transaction
#: (the WAL file grows to about the pages one transaction changes: a merge
#: in one transaction rewrote every page of ``digests``, 23.4 GB of WAL beside
#: a 17.4 GB table in a Gale n = 7 run, docs/tables.md).
MERGE_RANGE_BYTES = 64 << 20
#: Journal rows up to which a table's close merges them (seconds); a larger
#: journal is merged at a save once it holds more than this many rows and
#: more than half of :attr:`SQLiteFile.digest_rows`, else left for the next
#: run to read (a stop stays quick). No merge starts after a Ctrl-C or
#: SIGTERM noted by :func:`grundy.core.limits.note_interrupt` (the command
#: line's and ``benchmarks/gale.py``'s handler), and a merge that fails (another process holding the file's lock
#: past the busy timeout) is left for later: its rows are safe in the journal.
JOURNAL_MERGE_ROWS = 100_000
#: Rows of another file a merge (:meth:`SQLiteFile.absorb`) writes in one
#: transaction: read in digest order, they change a narrow range of the
#: file's pages, so the WAL file stays near this many rows' pages.
ABSORB_BATCH_ROWS = 200_000
#: Steps of SQLite's virtual machine between two checks for an interrupt
#: during a journal merge (about a millisecond of its work).
_PROGRESS_STEPS = 100_000


#: The tables of a table file and their columns: a file holding any other
#: table (another application's database) is refused before anything is written.
_OWN_TABLES = {
    "positions": ["game", "nauty", "key", "value", "excluded"],
    "shards": ["game", "nauty", "shard", "data", "summary"],
    "digests": ["game", "nauty", "digest", "value", "excluded"],
    "journal": ["game", "nauty", "digest", "value", "excluded"],
    "journal_merges": ["id", "count"],
}

#: The first bytes of every SQLite database file.
_SQLITE_HEADER = b"SQLite format 3\x00"


def _shown(path: str) -> str:
    """``path`` for a one-line message: as it is if printable, else quoted
    (as :func:`grundy.readwrite.graphs.shown_path`, which core does not import)."""
    return path if path.isprintable() else repr(path)


def check_own_file(path: str) -> None:
    """Refuse, before anything is written to it, a file that is not a table
    file: a file that is new (missing), empty (0 bytes or an SQLite database
    without tables) or grundy's own (only the tables of :data:`_OWN_TABLES`,
    each with its columns, and SQLite's own) passes. The file is read in a
    read-only connection (``mode=ro``) and one read transaction, so a refused
    file is left byte for byte as it was: its journal mode, its tables and
    its rows.

    Raises
    ------
    InputError
        A directory or another file that is not a regular file (a FIFO, a
        device), a file that is not an SQLite database, a database holding
        a table, view, trigger or index that is not grundy's, a table of
        grundy's name with other columns, a damaged schema or file.
    """
    shown = _shown(path)
    try:
        info = os.stat(path)
    except FileNotFoundError:
        return  # a new file
    except OSError as exc:
        raise InputError(f"cannot use {shown} as a table file: {exc.strerror or exc}") from None
    if stat.S_ISDIR(info.st_mode):
        raise InputError(f"cannot use {shown} as a table file: it is a directory")
    if not stat.S_ISREG(info.st_mode):
        raise InputError(f"cannot use {shown} as a table file: not a regular file")
    if info.st_size == 0:
        return
    try:
        with open(path, "rb") as fh:
            header = fh.read(len(_SQLITE_HEADER))
    except OSError as exc:
        raise InputError(f"cannot use {shown} as a table file: {exc.strerror or exc}") from None
    if header != _SQLITE_HEADER:
        raise InputError(f"cannot use {shown} as a table file: it is not an SQLite database (left as it was)")
    problem = _foreign_schema(path)
    if problem is not None:
        raise InputError(f"cannot use {shown} as a table file: {problem} (left as it was)")


def _foreign_schema(path: str) -> str | None:
    """What makes the SQLite database ``path`` not a table file, read in a
    read-only connection and one read transaction; None if it is one."""
    uri = "file:" + urllib.parse.quote(os.path.abspath(path)) + "?mode=ro"
    try:
        conn = sqlite3.connect(uri, uri=True, timeout=_BUSY_SECONDS)
    except sqlite3.Error as exc:
        return str(exc)
    try:
        conn.text_factory = bytes  # a damaged schema is reported, not a UnicodeDecodeError
        conn.execute("BEGIN")
        entries = conn.execute("SELECT type, name FROM sqlite_master").fetchall()
        for kind, name in entries:
            text = _schema_text(name)
            if text is None:
                return "its schema is damaged (a name that is not UTF-8 text)"
            if text.startswith("sqlite_"):
                continue  # SQLite's own: automatic indexes, statistics
            if kind != b"table" or text not in _OWN_TABLES:
                return f"it holds the {_schema_text(kind)} {text!r}, which is not grundy's"
            columns = [_schema_text(row[1]) for row in conn.execute(f'PRAGMA table_info("{text}")')]
            if columns != _OWN_TABLES[text]:
                return f"its {text!r} table is not grundy's"
        return None
    except sqlite3.DatabaseError as exc:
        return f"damaged or unreadable: {exc}"
    finally:
        conn.close()


def _schema_text(name: bytes | str) -> str | None:
    """A schema name read as bytes, as text (None if it is not UTF-8)."""
    if isinstance(name, str):
        return name
    try:
        return name.decode("utf-8")
    except UnicodeDecodeError:
        return None


def _digest_nauty() -> str:
    """The ``nauty`` column of digest rows: the canonical labelling and the
    digest (read at each use, so that the version can be changed)."""
    return f"{NAUTY_VERSION}/{DIGEST_FORMAT}"


_first = operator.itemgetter(0)


def _joined(into: tuple[int | None, str | None] | None, value: int | None,
            excluded: str | None) -> tuple[int | None, str | None]:
    """A stored row ``(value, mask)`` (None: no row) and another file's row
    of the same position made one: a value kept (``into``'s if both know
    one), else the masks of values the position does not have joined
    bitwise (hexadecimal text; None for an empty mask)."""
    if into is not None:
        if into[0] is not None:
            return into
        if value is None:
            held = int(into[1], 16) if into[1] else 0
            joined = held | (int(excluded, 16) if excluded else 0)
            return into if joined == held else (None, format(joined, "x"))
    return (value, None) if value is not None else (None, excluded or None)


def _in_index_order(rows: list[tuple[bytes, int | None, int]]) -> list[tuple[bytes, int | None, int]]:
    """Rows ``(digest, ...)`` sorted by digest, the order of the digests index."""
    return sorted(rows, key=_first)


def _digest_ranges(file_bytes: int) -> list[tuple[bytes, bytes | None]]:
    """Ranges ``[low, high)`` of digests (``high`` None: no upper bound)
    covering every blob, one per :data:`MERGE_RANGE_BYTES` of the file (a
    power of two, at most 256). A compact table's digests have an odd first
    byte (the slot's occupied bit, stored little-endian), so the bounds
    split the first byte's upper seven bits and the second byte: ranges of
    about equal numbers of digests. SQLite compares blobs as ``memcmp``,
    then by length (Python's order of bytes); the first range starts at the
    empty blob."""
    count = 1
    while count < 256 and count * MERGE_RANGE_BYTES < file_bytes:
        count *= 2
    step = 32768 // count
    bounds: list[bytes] = [b""]
    for i in range(1, count):
        u = i * step  # 15 bits: the first byte's upper seven, then the second byte
        bounds.append(bytes([((u >> 8) << 1) | 1, u & 255]))
    return [(bounds[i], bounds[i + 1] if i + 1 < count else None) for i in range(count)]


class SQLiteFile:
    """The rows of one game in an SQLite file (see the module docstring).

    Parameters
    ----------
    path : str
        The file; created if missing.
    game : str
        The namespace of the rows (the game's name and key format).
    check : bool
        Run SQLite's ``quick_check`` on opening (it reads the whole file: about
        26 s for 3 GB here). :class:`grundy.core.table.Table` passes False for an unbounded
        compact table, whose load reads all of its game's rows (positions,
        digests, journal) before anything is written: a damaged page among
        them is then found as it is read, as the same InputError. Not
        checked then: other games' rows and SQLite's free-page list.

    Raises
    ------
    InputError
        If the file cannot be opened or is not a table of this kind (another
        SQLite database, a corrupt file, a directory).
    """

    def __init__(self, path: str, game: str, check: bool = True) -> None:
        self.path = path
        self.game = game
        #: ``digests`` rows read by :meth:`load_compact`, plus the journal rows merged since
        #: (an overestimate: a merged row may update a digest already there).
        self.digest_rows = 0
        #: Journal rows of this game (read by :meth:`load_compact`, appended since, not merged).
        self.journal_rows = 0
        check_own_file(path)  # before anything is written: a refused file is left as it was
        try:
            self.conn = sqlite3.connect(path, timeout=_BUSY_SECONDS)
        except sqlite3.Error as exc:
            raise InputError(f"cannot use {path} as a table file: {exc}") from None
        try:
            self._open(check)
        except (sqlite3.Error, InputError, UnicodeDecodeError) as exc:
            self.conn.close()
            if isinstance(exc, InputError):
                raise
            if isinstance(exc, UnicodeDecodeError):  # a damaged schema: a name that is not UTF-8
                raise InputError(f"cannot use {path} as a table file: its schema is damaged") from None
            raise InputError(f"cannot use {path} as a table file: {exc}") from None

    def _open(self, check: bool) -> None:
        """Check the file, switch it to WAL and create the table. Processes
        opening one new file at once race for the switch to WAL, which
        SQLite answers with "database is locked" without waiting on its busy
        timeout: that answer is retried until the timeout."""
        give_up = time.monotonic() + _BUSY_SECONDS
        with self._short_waits():  # waits repeated here: a Ctrl-C is not held off by one of a minute
            self._create(give_up)
        if not check:
            return
        said = self.conn.execute("PRAGMA quick_check").fetchone()[0]
        if said != "ok":
            raise InputError(f"cannot use {self.path} as a table file: integrity check says {said}")

    def _create(self, give_up: float) -> None:
        """The body of :meth:`_open` up to its check: retried while the file
        is locked, until ``give_up`` (a :func:`time.monotonic` time)."""
        while True:
            try:
                # checked before anything is written (check_own_file), again here: another
                # process may have made the file since
                columns = [row[1] for row in self.conn.execute("PRAGMA table_info(positions)")]
                if columns and columns != _OWN_TABLES["positions"]:
                    raise InputError(f"cannot use {self.path} as a table file: its 'positions' table is not grundy's")
                self.conn.execute("PRAGMA journal_mode=WAL")
                self.conn.execute("PRAGMA synchronous=NORMAL")
                # a large save or journal merge grows the WAL file to its size; without a
                # limit the file keeps that size (as much disk again as the table) until closed
                self.conn.execute(f"PRAGMA journal_size_limit={WAL_LIMIT_BYTES}")
                # Debian's SQLite is built with SECURE_DELETE: every page a delete frees was
                # zeroed and written (the journal's pages once more at the end of a merge)
                self.conn.execute("PRAGMA secure_delete=FAST")
                self.conn.execute(_SCHEMA)
                self.conn.execute(_SHARDS)
                self.conn.execute(_DIGESTS)
                self.conn.execute(_JOURNAL)
                self.conn.execute(_JOURNAL_MERGES)
                self.conn.commit()
                break
            except sqlite3.OperationalError as exc:
                if "locked" not in str(exc) or time.monotonic() > give_up:
                    raise
                self.conn.rollback()
                time.sleep(0.01)

    @contextmanager
    def _short_waits(self) -> Iterator[None]:
        """SQLite's busy wait cut to :data:`_LOCK_WAIT_MS` while the body
        runs (the body repeats its waits from Python); the connection's
        own wait is restored after it."""
        before = self.conn.execute("PRAGMA busy_timeout").fetchone()[0]
        try:
            self.conn.execute(f"PRAGMA busy_timeout={_LOCK_WAIT_MS}")
            yield
        finally:
            self.conn.execute(f"PRAGMA busy_timeout={int(before)}")

    def _lock(self) -> None:
        """Begin a write transaction holding the file's write lock (``BEGIN
        IMMEDIATE``), waiting up to :data:`_BUSY_SECONDS` for another
        process that holds it, in waits of :data:`_LOCK_WAIT_MS` with
        Python running between them: a signal handler runs there (Python's
        default one raises KeyboardInterrupt at once). Once the lock is
        held, no statement of the transaction waits on another writer
        (WAL: readers never block a writer).

        Inside a transaction already open (a bounded table's spill saving
        while :meth:`load_compact` reads), nothing is done: the write goes
        into that transaction, SQLite taking the lock at its first write
        without waiting (another writer holding it is an error at once), and
        its commit ends the read transaction too. A connection whose
        unfinished read saw the file before another process wrote to it
        cannot take the lock at all (SQLite's SQLITE_BUSY_SNAPSHOT): that is
        an error at once, not waited on.

        Raises
        ------
        sqlite3.OperationalError
            "database is locked" once :data:`_BUSY_SECONDS` have passed, or
            at once for a stale snapshot.
        """
        if self.conn.in_transaction:
            return
        give_up = time.monotonic() + _BUSY_SECONDS
        with self._short_waits():
            while True:
                try:
                    self.conn.execute("BEGIN IMMEDIATE")
                    return
                except sqlite3.OperationalError as exc:
                    code = getattr(exc, "sqlite_errorcode", None)
                    # only another writer's lock is waited for (a stale snapshot never clears)
                    if code is None or code & 0xFF != sqlite3.SQLITE_BUSY or code == sqlite3.SQLITE_BUSY_SNAPSHOT \
                            or time.monotonic() > give_up:
                        raise
                time.sleep(0.005)

    @contextmanager
    def _writing(self) -> Iterator[None]:
        """One write transaction holding the file's write lock from its
        start (:meth:`_lock`), committed at the end, rolled back on an error
        or a stop; an SQLite error becomes an InputError naming the file
        (:meth:`_write_errors`)."""
        # the lock taken inside the connection's context: a stop right after BEGIN rolls it back
        with self._write_errors(), self.conn:
            self._lock()
            yield

    @contextmanager
    def _write_errors(self) -> Iterator[None]:
        """An SQLite error in the body becomes an InputError naming the file
        (its ``sqlite_errorcode`` kept), as a failed write's."""
        try:
            yield
        except sqlite3.Error as exc:
            error = InputError(f"cannot write the table file {self.path}: {exc}")
            error.sqlite_errorcode = getattr(exc, "sqlite_errorcode", None)
            raise error from None

    def _key_rows(self) -> sqlite3.Cursor:
        """This game's ``(key, value, excluded)`` rows of ``positions``."""
        return self.conn.execute(
            "SELECT key, value, excluded FROM positions WHERE game = ? AND nauty = ?",
            (self.game, NAUTY_VERSION),
        )

    def load(self, values: dict[bytes, int], not_values: dict[bytes, int]) -> int:
        """Fill ``values`` and ``not_values`` from the file; returns rows read.

        Raises
        ------
        InputError
            If the file cannot be read (a damaged page, found as it is read).
        """
        rows = 0
        try:
            for key, value, excluded in self._key_rows():
                rows += 1
                key = bytes(key)
                if value is not None:
                    values[key] = value
                elif excluded:
                    not_values[key] = int(excluded, 16)
        except sqlite3.DatabaseError as exc:
            raise InputError(f"cannot read the table file {self.path}: {exc}") from None
        return rows

    def load_compact(self, table: Any) -> int:
        """Merge this game's rows into a compact table (``positions`` rows
        by the digests of their keys, marked as written so that the next
        save copies them to ``digests``, then ``digests`` rows, then the
        journal's in the order written); returns rows read. The rows go to
        the table in one compiled loop
        (:meth:`grundy.core._compiled.CompactTable.load_rows`): a value
        replaces a mask, and masks of one digest are joined (bitwise or).

        The three reads are one read transaction, so that another process's
        merge cannot move rows out of sight between them; except when a
        bounded table's spill saves during the load (a file larger than the
        bound): that save commits the read transaction with it, and the
        reads after it see the file as it is then (a merge by another process
        at that moment could hide the rows it moves; the rows saved are read
        back and counted again in the rows returned).

        Raises
        ------
        InputError
            If the file cannot be read (a damaged page, found as it is read).
        """
        try:
            # one read transaction: a merge by another process between the reads of digests and
            # journal would otherwise hide the rows it moves from both
            self.conn.execute("BEGIN")
            # marked as written: saved again under their digests at the next save, so that a
            # bounded table that drops them can read them back (fetch_digest reads digests only)
            rows: int = table.load_rows(self._key_rows(), True, True)
            cur = self.conn.execute(
                "SELECT digest, value, excluded FROM digests WHERE game = ? AND nauty = ?",
                (self.game, _digest_nauty()),
            )
            self.digest_rows = table.load_rows(cur)
            cur = self.conn.execute(
                "SELECT digest, value, excluded FROM journal WHERE game = ? AND nauty = ? ORDER BY rowid",
                (self.game, _digest_nauty()),
            )
            self.journal_rows = table.load_rows(cur)
        except sqlite3.DatabaseError as exc:
            raise InputError(f"cannot read the table file {self.path}: {exc}") from None
        finally:
            if self.conn.in_transaction:
                self.conn.rollback()  # only read
        return rows + self.digest_rows + self.journal_rows

    def fetch_digest(self, digest: bytes) -> tuple[int | None, int] | None:
        """The row of one digest: ``(value or None, excluded)``, or None.

        Raises
        ------
        InputError
            If the file cannot be read.
        """
        try:
            row = self.conn.execute(
                "SELECT value, excluded FROM digests WHERE game = ? AND nauty = ? AND digest = ?",
                (self.game, _digest_nauty(), digest),
            ).fetchone()
        except sqlite3.Error as exc:
            raise InputError(f"cannot read the table file {self.path}: {exc}") from None
        if row is None:
            return None
        return row[0], int(row[1], 16) if row[1] else 0

    def write_digests(self, rows: list[tuple[bytes, int | None, int]]) -> None:
        """Write a compact table's rows ``(digest, value or None, excluded)``
        in one transaction.

        Raises
        ------
        InputError
            If the file cannot be written.
        """
        game, version = self.game, _digest_nauty()
        # in digest order, the order of the file's index: each page of it is visited once per save,
        # not once per row at random (docs/tables.md, "Checkpoints in digest order")
        rows = _in_index_order(rows)
        with self._writing():
            self.conn.executemany(_DIGEST_VALUE, [(game, version, d, v) for d, v, _ in rows if v is not None])
            self.conn.executemany(
                _DIGEST_PARTIAL, [(game, version, d, format(x, "x")) for d, v, x in rows if v is None]
            )

    def append_digests(self, rows: list[tuple[bytes, int | None, int]]) -> None:
        """Append a compact table's rows ``(digest, value or None,
        excluded)`` to the journal in one transaction (read back by
        :meth:`load_compact`, moved to ``digests`` by :meth:`merge_journal`;
        :meth:`fetch_digest` does not read them).

        Raises
        ------
        InputError
            If the file cannot be written.
        """
        game, version = self.game, _digest_nauty()
        with self._writing():
            self.conn.executemany(  # row by row, not a second list of them all
                "INSERT INTO journal (game, nauty, digest, value, excluded) VALUES (?, ?, ?, ?, ?)",
                ((game, version, d, v, None if v is not None else format(x, "x")) for d, v, x in rows),
            )
        self.journal_rows += len(rows)

    def merge_journal(self) -> int:
        """Move this game's journal rows to ``digests`` (applied in digest
        order, the rows of one digest in the order written, as
        :meth:`write_digests` would have applied them); returns the rows
        moved. Rows appended while it runs are left for the next merge.

        The rows (those written up to the merge's start) are first copied
        in digest order to a temporary table (one transaction, one sort: SQLite's
        temporary files take about twice the journal's rows' size while it
        runs); then each range of digests (:func:`_digest_ranges`, one per
        :data:`MERGE_RANGE_BYTES` of the file) is applied in a transaction of
        its own, so the WAL file grows to about one range's pages, not to
        the whole ``digests`` table; last, the rows copied are deleted from
        the journal, under the write lock, with the rows other processes
        wrote since left in place (if another merge deleted rows meanwhile,
        SQLite may have given their rowids to newer rows: the rows copied
        are then found by their content). A stop anywhere leaves the journal
        whole, and a file that reads the same values: applying a digest's
        rows again to the digest they were applied to changes no value (a
        value is never replaced by another). A partial mask reads as the
        journal's last mask for the digest once its range is applied; it
        differs from the mask read before only if the ``digests`` row held
        bits the journal's rows lack, which only another process's writes
        give: a value known not to be the digest's is forgotten, never a
        wrong one asserted. The next run reads the journal again, and the
        next merge applies it again.

        A Ctrl-C or SIGTERM during the merge (minutes on tens of millions
        of rows) stops it within about a millisecond of SQLite's work: the
        transaction under way is rolled back, the interrupt is noted
        (:func:`grundy.core.limits.note_interrupt`) and KeyboardInterrupt
        raised. Before, the signal waited for the whole merge (800 s on the
        78 million rows of a Gale n = 7 run, docs/tables.md, "Journal merges by
        ranges of digests").

        Raises
        ------
        InputError
            If the file cannot be written.
        KeyboardInterrupt
            If an interrupt comes while the merge runs (the file reads as
            before; the journal holds every row).
        """
        game, version = self.game, _digest_nauty()
        watch = not interrupted()  # an interrupt noted before is its caller's to act on

        def stop() -> bool:
            # SQLite calls this every _PROGRESS_STEPS steps of its machine; running Python
            # code here is what lets a signal handler run during the statement
            try:
                return interrupted() != 0
            except KeyboardInterrupt:  # raised within the check (Python's default handler raises
                note_interrupt()  # as the check is entered, before this try: see the except below)
                return True

        conn = self.conn
        if watch:
            conn.set_progress_handler(stop, _PROGRESS_STEPS)
        moved = 0
        try:
            with self._writing():
                last = conn.execute("SELECT max(rowid) FROM journal").fetchone()[0]
                if last is not None:
                    conn.execute("INSERT OR IGNORE INTO journal_merges (id, count) VALUES (0, 0)")
                    merges = conn.execute("SELECT count FROM journal_merges").fetchone()[0]
                    conn.execute("DROP TABLE IF EXISTS temp.merging")
                    conn.execute(_MERGING)
                    # the temporary database's own setting (Debian's default zeroes every page freed)
                    conn.execute("PRAGMA temp.secure_delete=FAST")
                    moved = conn.execute(_MERGING_FILL, (game, version, last)).rowcount
            if moved:
                with self._write_errors():  # its errors as the merge's (InputError); no lock needed
                    ranges = _digest_ranges(self._file_bytes())
                for low, high in ranges:
                    with self._writing():
                        if high is None:
                            conn.execute(_MERGE_LAST, (game, version, low))
                        else:
                            conn.execute(_MERGE, (game, version, low, high))
                with self._writing():  # the write lock held: no other process writes between the reads and the delete
                    if conn.execute("SELECT count FROM journal_merges").fetchone()[0] != merges:
                        # another merge deleted rows since the copy: a rowid up to last may now be
                        # a newer row's, so only the rows copied go, found by their content
                        conn.execute(_DELETE_COPIED, (game, version, last))
                    elif conn.execute("SELECT count(*) FROM journal").fetchone()[0] == moved:
                        # every row was copied (none other, none newer): the pages are freed
                        # without visiting each row
                        conn.execute("DELETE FROM journal")
                    else:  # no rowid was given again: rowids up to last are the rows copied and others'
                        conn.execute("DELETE FROM journal WHERE game = ? AND nauty = ? AND rowid <= ?",
                                     (game, version, last))
                    conn.execute("UPDATE journal_merges SET count = count + 1")
        except KeyboardInterrupt:  # Python's own handler, outside SQLite's statements (a lock wait)
            if watch:
                note_interrupt()
            raise
        except InputError as exc:
            # a stop: noted by the front ends' handler, or Python's own raised in the progress
            # check (the sqlite3 module then drops the KeyboardInterrupt and says "interrupted")
            if watch and (interrupted() or exc.sqlite_errorcode == sqlite3.SQLITE_INTERRUPT):
                note_interrupt()
                raise KeyboardInterrupt from None
            raise
        finally:
            if watch:
                conn.set_progress_handler(None, 0)
            try:
                conn.execute("DROP TABLE IF EXISTS temp.merging")
            except sqlite3.Error:  # pragma: no cover - the connection is gone
                pass
        self.digest_rows += moved
        self.journal_rows = max(0, self.journal_rows - moved)
        return moved

    def absorb(self, path: str, progress: Callable[[int], None] | None = None) -> int:
        """Merge another table file's rows of this game into this file,
        streamed: neither file is held in memory (two files of 176 and 143
        million rows could not be loaded together on a 24 GB machine,
        docs/tables.md). A value is kept (this file's, if both know one: a
        position has one nim-value), and two masks of values a position does
        not have are joined bitwise (each file may know values the other does
        not), as loading both into one compact table would give. ``positions``
        rows (keys, written by dict tables) go to ``positions``; ``digests``
        and journal rows to ``digests``, read in digest order (the journal's
        sorted by SQLite's temporary files) and written
        :data:`ABSORB_BATCH_ROWS` at a time, one transaction each. This
        file's own journal is merged first (:meth:`merge_journal`), since a
        journal merge sets a digest's mask to the journal's, which would drop
        the bits merged from the other file. The other file is opened
        read-only and never written. Rows of other games and nauty versions
        are left out.

        A stop (Ctrl-C, SIGTERM, ``kill -9``, an error) loses only the batch
        under way (its transaction is never committed): the batches
        committed stay, each a part of the other file's rows, and a merge
        run again gives the same file (a value kept, masks joined: merging
        a row twice changes nothing).

        Parameters
        ----------
        path : str
            The other table file.
        progress : callable, optional
            Called after each batch with the other file's rows read so far.

        Returns
        -------
        int
            The rows read from the other file.

        Raises
        ------
        InputError
            If the other file does not exist, is this file, is not a table
            file or cannot be read, or this file cannot be written.
        KeyboardInterrupt
            On Ctrl-C (the batches committed are kept).
        """
        shown = _shown(path)
        if not os.path.isfile(path):
            raise InputError(f"no table file {shown}")
        if os.path.samefile(path, self.path):
            raise InputError(f"cannot merge the table file {shown} into itself")
        check_own_file(path)
        self.merge_journal()
        uri = "file:" + urllib.parse.quote(os.path.abspath(path)) + "?mode=ro"
        try:
            other = sqlite3.connect(uri, uri=True, timeout=_BUSY_SECONDS)
        except sqlite3.Error as exc:
            raise InputError(f"cannot read the table file {shown}: {exc}") from None
        game = self.game
        passes = [  # (table written, its key column, nauty column, the other file's rows in key order)
            ("positions", "key", NAUTY_VERSION,
             "SELECT key, value, excluded FROM positions WHERE game = ? AND nauty = ? ORDER BY key"),
            ("digests", "digest", _digest_nauty(),
             "SELECT digest, value, excluded FROM digests WHERE game = ? AND nauty = ? ORDER BY digest"),
            ("digests", "digest", _digest_nauty(),
             "SELECT digest, value, excluded FROM journal WHERE game = ? AND nauty = ? ORDER BY digest"),
        ]
        rows = 0
        try:
            other.execute("BEGIN")  # one read transaction: another process's merge moves no row out of sight
            for table, column, nauty, read in passes:
                cur = other.execute(read, (game, nauty))
                while batch := cur.fetchmany(ABSORB_BATCH_ROWS):
                    self._absorb_batch(table, column, nauty, batch)
                    rows += len(batch)
                    if progress is not None:
                        progress(rows)
        except sqlite3.DatabaseError as exc:  # the other file's read (this file's writes are InputErrors)
            raise InputError(f"cannot read the table file {shown}: {exc}") from None
        finally:
            other.close()
        self.digest_rows += rows
        return rows

    def _absorb_batch(self, table: str, column: str, nauty: str,
                      batch: list[tuple[bytes, int | None, str | None]]) -> None:
        """Merge rows of another file, in key order, into ``table`` in one
        transaction: this file's rows of their range are read under the
        write lock, joined with them (:func:`_joined`), and the rows that
        change written."""
        low, high = batch[0][0], batch[-1][0]
        with self._writing():
            held = {bytes(k): (v, x) for k, v, x in self.conn.execute(
                f"SELECT {column}, value, excluded FROM {table} WHERE game = ? AND nauty = ? "
                f"AND {column} BETWEEN ? AND ?", (self.game, nauty, low, high))}
            changed: dict[bytes, tuple[int | None, str | None]] = {}
            for key, value, excluded in batch:
                key = bytes(key)
                before = changed.get(key, held.get(key))
                after = _joined(before, value, excluded)
                if after != before:
                    changed[key] = after
            self.conn.executemany(
                f"INSERT OR REPLACE INTO {table} (game, nauty, {column}, value, excluded) VALUES (?, ?, ?, ?, ?)",
                [(self.game, nauty, k, v, x) for k, (v, x) in changed.items()])

    def _file_bytes(self) -> int:
        """Bytes of the file's pages (SQLite's page count times page size)."""
        pages = self.conn.execute("PRAGMA page_count").fetchone()[0]
        return int(pages) * int(self.conn.execute("PRAGMA page_size").fetchone()[0])

    def write(self, values: list[tuple[bytes, int]], partial: list[tuple[bytes, int]]) -> None:
        """Write value rows and partial rows in one transaction.

        Raises
        ------
        InputError
            If the file cannot be written.
        """
        game = self.game
        with self._writing():
            self.conn.executemany(_UPSERT_VALUE, [(game, NAUTY_VERSION, k, v) for k, v in values])
            self.conn.executemany(
                _UPSERT_PARTIAL, [(game, NAUTY_VERSION, k, format(x, "x")) for k, x in partial]
            )

    def write_shard(self, shard: str, data: bytes, summary: str) -> None:
        """Commit one census shard (its blob and JSON summary) in one
        transaction; a shard written again is replaced.

        Raises
        ------
        InputError
            If the file cannot be written.
        """
        with self._writing():
            self.conn.execute(
                "INSERT OR REPLACE INTO shards (game, nauty, shard, data, summary) VALUES (?, ?, ?, ?, ?)",
                (self.game, NAUTY_VERSION, shard, data, summary),
            )

    def shards(self, game: str | None = None) -> list[tuple[str, bytes, str]]:
        """Every census shard of this game (or of the namespace ``game``) and
        nauty version: ``(shard, data, summary)``, by name."""
        cur = self.conn.execute(
            "SELECT shard, data, summary FROM shards WHERE game = ? AND nauty = ? ORDER BY shard",
            (self.game if game is None else game, NAUTY_VERSION),
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
        """Rows of this game and nauty version, keys and digests together
        (a position written by both kinds of table counts twice): (with a
        value, partial). The journal is merged first (see
        :meth:`merge_journal`), so a digest counts once.

        Raises
        ------
        InputError
            If the journal cannot be merged.
        """
        self.merge_journal()
        known, partial = self.conn.execute(
            "SELECT COUNT(value), COUNT(*) - COUNT(value) FROM positions WHERE game = ? AND nauty = ?",
            (self.game, NAUTY_VERSION),
        ).fetchone()
        known2, partial2 = self.conn.execute(
            "SELECT COUNT(value), COUNT(*) - COUNT(value) FROM digests WHERE game = ? AND nauty = ?",
            (self.game, _digest_nauty()),
        ).fetchone()
        return known + known2, partial + partial2

    def close(self) -> None:
        self.conn.close()
