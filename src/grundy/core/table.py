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

Two kinds of table
------------------
*Compact* (the default when the compiled core ``grundy.core._compiled`` is
built): a :class:`~grundy.core._compiled.CompactTable`, 24-byte slots in one
flat array, each position kept as a 95-bit digest of its key with its value
and excluded-value mask: 32-48 bytes per stored position, against several
hundred for Python dicts of bytes keys (docs/tables.md, "Compact
table and spill"). Its module docstring gives the collision probability. ``values``,
``not_values`` and ``irreducible`` are then views with the dict/set
methods the search uses (no iteration: the keys are not kept).
*Dicts* (``compact=False``, or without the compiled core, or with the
environment variable ``GRUNDY_NO_COMPACT=1``): plain dicts and a set, which
keep the keys and can be listed.

The file
--------
A table may be kept in an SQLite file (:class:`grundy.core.tablefile.SQLiteFile`,
whose module docstring describes the rows, the journal and its merge, and
what a stop or several processes writing at once leave): it is read when
the table is made and written at every :meth:`Table.save`.

Insertion order
---------------
``values`` only ever grows (a value, once known, is never removed), so the
keys written since the last checkpoint are the dict's last entries: the
table remembers how many it has written and saves the rest. The compiled
kernel writes to the same plain dicts; no write has to go through Python.
"""

from __future__ import annotations

import itertools
import os
import warnings
from array import array
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from grundy.core import tablefile
from grundy.core.limits import backstop_paused, interrupted, interrupts_held
from grundy.core.tablefile import DIGEST_FORMAT, SQLiteFile
from grundy.errors import InputError

try:
    from grundy.core._compiled import CompactTable
except ImportError:  # the compiled core is optional
    CompactTable = None

__all__ = ["Table", "SQLiteFile", "TableNotSaved", "compact_available", "table_memory", "DIGEST_FORMAT", "ANSWER_SLOTS"]

#: The heap sizes n whose answers :attr:`Table.answers` counts apart (n >= 63 share the last).
ANSWER_SLOTS = 64

#: The most rows of a compact table one transaction of a save writes (a save
#: of more writes them in parts, :meth:`Table.save`).
SAVE_ROWS = 1 << 20


class TableNotSaved(UserWarning):
    """A table file that could be read cannot be written (read-only, a full
    disk, an I/O error): the search goes on and answers, and what it learns
    from then on is not saved in the file (the command line prints this as
    one warning line). See :meth:`Table.save_or_warn`."""


#: The memory bound of tables made without one (see :func:`table_memory`).
_MEMORY: ContextVar[int | None] = ContextVar("grundy_table_memory", default=None)


@contextmanager
def table_memory(max_bytes: int | None) -> Iterator[None]:
    """Within the block, every :class:`Table` made without ``max_bytes``
    gets this bound (bytes; None: none), e.g. every searcher of one CLI
    command (``--table-memory``), the inner ones included."""
    token = _MEMORY.set(max_bytes)
    try:
        yield
    finally:
        _MEMORY.reset(token)


def _transient(exc: InputError) -> bool:
    """Whether a failed write failed for another process's lock (SQLite's
    BUSY or LOCKED), not for the file itself (read-only, full, damaged)."""
    import sqlite3

    code = getattr(exc, "sqlite_errorcode", None)
    return code is not None and code & 0xFF in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)


def compact_available() -> bool:
    """Whether tables are compact by default: the compiled core is built and
    ``GRUNDY_NO_COMPACT`` is not set to a non-empty value other than 0."""
    return CompactTable is not None and os.environ.get("GRUNDY_NO_COMPACT", "0") in ("", "0")


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
        How many keys keep their reduction remembered (``aliases`` and, in
        a dict table, ``irreducible``; a compact table marks irreducible
        keys in their slots at no extra cost); the cache is dropped whole
        when it overflows.
    compact : bool or None
        A compact table (True), dicts (False), or the default (None:
        compact if :func:`compact_available`). See the module docstring.
    max_bytes : int or None
        A compact table's memory bound (bytes: its slots, spill filter and
        write list; None: the bound of an enclosing :func:`table_memory`,
        else none). Each table has its own: a complex search's inner Graph
        Chomp table gets the same bound.
        When full it saves to the file (if any) and drops entries, which
        are read back from the file when needed (the spill: see
        :mod:`grundy.core._compiled`); without a file they are forgotten.

    Attributes
    ----------
    values : dict[bytes, int] or a view of the compact table
        Canonical key -> nim-value.
    not_values : dict[bytes, int] or a view of the compact table
        Canonical key -> bitmask of values the position does not have.
    aliases : dict[bytes, tuple[int, tuple[bytes, ...]]]
        Canonical key -> the decomposition of what a reduction leaves.
    irreducible : set[bytes] or a view of the compact table
        Keys for which no reduction applies.
    compact : CompactTable or None
        The compact table, if this table is one. Under a memory bound,
        ``len(values)`` and ``len(not_values)`` count what is in memory,
        not what was spilled to the file.
    loaded : int
        Rows read from the file when the table was made.
    answers : array of int64, 128 entries
        How the search's questions "is C + *n a P-position?" were answered
        N, by n (n >= 63 counted at 63): ``answers[2n]`` by an option of
        value n, ``answers[2n + 1]`` by C's value being below n. The search
        asks first the way that answered more often (both paths share it,
        so the compiled and Python searches ask in the same order); not
        saved.

    Raises
    ------
    InputError
        If ``path`` cannot be used as a table file, ``compact=True``
        without the compiled core, or ``max_bytes`` with dicts or below
        2560 bytes.
    """

    def __init__(
        self,
        path: str | None = None,
        game: str = "",
        *,
        reduction_cache_size: int = 500_000,
        compact: bool | None = None,
        max_bytes: int | None = None,
    ) -> None:
        if max_bytes is None:
            max_bytes = _MEMORY.get()
        if compact is None:
            compact = compact_available()
        if compact and CompactTable is None:
            raise InputError("a compact table needs the compiled core (grundy.core._compiled), which is not built")
        if max_bytes is not None and not compact:
            raise InputError("a memory bound (max_bytes) needs a compact table (the compiled core, no GRUNDY_NO_COMPACT)")
        if max_bytes is not None and max_bytes < 2560:
            raise InputError(f"a table memory bound must be at least 2560 bytes, not {max_bytes}")
        self.compact: Any = (
            CompactTable(track_writes=path is not None, max_bytes=max_bytes or 0) if compact else None
        )
        self.values: Any
        self.not_values: Any
        self.irreducible: Any
        if self.compact is not None:
            self.values = self.compact.values
            self.not_values = self.compact.not_values
            self.irreducible = self.compact.irreducible
        else:
            self.values = {}
            self.not_values = {}
            self.irreducible = set()
        self.aliases: dict[bytes, tuple[int, tuple[bytes, ...]]] = {}
        self.answers = array("q", bytes(8 * 2 * ANSWER_SLOTS))
        self.reduction_cache_size = reduction_cache_size
        self.file: SQLiteFile | None = None
        self.bounded = max_bytes is not None
        self.loaded = 0
        self._saved = 0
        self._saved_partial: dict[bytes, int] = {}
        #: Journal rows when a save's merge last failed (0: none failed).
        self._merge_failed = 0
        #: Why the file could not be written (None: every save so far was written);
        #: once set, nothing more is saved.
        self.not_saved: str | None = None
        if path is not None:
            # the search's clock starts after the read: a front end's backstop timer waits too
            with backstop_paused():
                self._open_file(path, game, max_bytes)

    def _open_file(self, path: str, game: str, max_bytes: int | None) -> None:
        """Open the table file and read this game's rows into the table."""
        # an unbounded compact table reads this game's positions, digests and journal rows
        # below before it writes, which finds a damaged page among them as quick_check
        # would; a bounded one merges the journal first and a dict table reads positions
        # only, so those keep the whole-file check
        self.file = f = SQLiteFile(path, game, check=not (self.compact is not None and max_bytes is None))
        try:
            if self.compact is not None:
                if max_bytes is not None:  # the spill: save before dropping, read dropped rows back
                    try:
                        f.merge_journal()  # fetch_digest reads digests only
                    except InputError as exc:  # a file that cannot be written: read, never saved to
                        if _transient(exc):
                            raise
                        self._give_up(exc)
                    else:
                        self.compact.on_full = self._spill
                        self.compact.fetch = f.fetch_digest
                self.loaded = f.load_compact(self.compact)  # a file larger than the bound spills
            else:
                self.loaded = f.load(self.values, self.not_values)
                self._saved = len(self.values)
                self._saved_partial = dict(self.not_values)
        except BaseException:  # a damaged file, or Ctrl-C during a long load: the file is closed
            f.close()
            raise

    def remember(self, key: bytes, alias: tuple[int, tuple[bytes, ...]] | None) -> None:
        """Cache the reduction of ``key`` (None: it has none)."""
        if self.compact is not None:
            if alias is None:
                self.irreducible.add(key)
                return
            if len(self.aliases) >= self.reduction_cache_size:
                self.aliases.clear()
        else:
            if len(self.aliases) + len(self.irreducible) >= self.reduction_cache_size:
                self.aliases.clear()
                self.irreducible.clear()
            if alias is None:
                self.irreducible.add(key)
                return
        self.aliases[key] = alias

    def save(self) -> int:
        """Write what was learned since the last save to the file (no-op in
        memory, or once :meth:`save_or_warn` gave the file up); returns the
        number of rows written. The write is one transaction per
        :data:`SAVE_ROWS` rows, during which a Ctrl-C is held until it is
        committed (:func:`grundy.core.limits.interrupts_held`); a save
        stopped by an error keeps the transactions committed.

        Raises
        ------
        InputError
            If the file cannot be written (the rows stay to write: the next
            save tries them again).
        """
        if self.file is None or self.not_saved is not None:
            return 0
        return self._save()

    def save_or_warn(self) -> int:
        """:meth:`save`, for a search's checkpoints and its end: a file that
        cannot be written (read-only, a full disk, an I/O error) does not
        stop the search. A :class:`TableNotSaved` warning says so once,
        nothing more is saved, and a bounded table forgets what it drops (as
        without a file). Returns the rows written.

        Raises
        ------
        InputError
            Another process holding the file's lock past the busy timeout
            (or a stale snapshot): a state that passes, not the file's.
        """
        try:
            return self.save()
        except InputError as exc:
            if _transient(exc):
                raise
            self._give_up(exc)
            return 0

    def _give_up(self, exc: InputError) -> None:
        """Stop saving to a file that could not be written; warn once."""
        self.not_saved = str(exc)
        if self.compact is not None:
            self.compact.on_full = None  # no more spill: dropped entries are forgotten
            self.compact.fetch = None
            self.compact.stop_tracking()
        warnings.warn(TableNotSaved(f"{exc}; the search goes on, but what it learns is not saved in the file"),
                      stacklevel=3)

    def _save(self, to_digests: bool = False) -> int:
        """The body of :meth:`save`: a compact table's rows go to the
        journal, or with ``to_digests`` (a bounded table's save before it
        drops entries, :meth:`_spill`) to ``digests``, which the spill reads
        back.

        Raises
        ------
        InputError
            If the file cannot be written.
        """
        assert self.file is not None
        if self.compact is not None:
            written = 0
            # in parts of SAVE_ROWS rows, each its own transaction: the rows of a whole
            # long run as Python objects at once outgrew the machine (docs/tables.md, "A
            # save's memory"); each row is a fact on its own, so a save stopped by an
            # error keeps the parts written, and the rest stays to write
            while rows := self.compact.drain(SAVE_ROWS):
                try:
                    with interrupts_held():
                        if to_digests:
                            self.file.write_digests(rows)
                        else:
                            self.file.append_digests(rows)
                except BaseException:
                    self.compact.remark(rows)  # not written: they stay to write
                    raise
                written += len(rows)
            merge_rows = max(tablefile.JOURNAL_MERGE_ROWS, self.file.digest_rows // 2, 2 * self._merge_failed)
            if self.file.journal_rows > merge_rows:
                self._merge()
            return written
        values = self.values
        fresh = list(itertools.islice(values.items(), self._saved, None))
        saved = self._saved_partial
        partial = [(k, x) for k, x in self.not_values.items() if x and k not in values and saved.get(k) != x]
        if fresh or partial:
            with interrupts_held():
                self.file.write(fresh, partial)
        self._saved = len(values)
        for k, x in partial:
            saved[k] = x
        return len(fresh) + len(partial)

    def _spill(self) -> None:
        """A bounded table's ``on_full``, before it drops entries: every
        row must then be readable by ``fetch_digest``, which reads
        ``digests`` only, so the journal (where checkpoints append: a
        sequential write, where rows written to ``digests`` at random pages
        of a file of tens of gigabytes cost minutes a checkpoint) is merged,
        then the rows written since the last save go to ``digests``.

        Raises
        ------
        InputError
            If the file cannot be written (nothing is dropped).
        KeyboardInterrupt
            If an interrupt comes during the merge (nothing is dropped).
        """
        if self.file is None or self.not_saved is not None:
            return
        self.file.merge_journal()
        self._save(to_digests=True)

    def _merge(self) -> None:
        """Merge the file's journal unless an interrupt is noted (a stop
        stays quick); a merge that fails is left for later (the rows are
        in the journal, which the next run reads), and a save tries again
        only once the journal has doubled since (a merge that failed for a
        full disk, or another process's lock, would otherwise sort the
        whole journal again at every save)."""
        if self.file is None or interrupted():
            return
        try:
            self.file.merge_journal()
        except InputError:
            self._merge_failed = self.file.journal_rows
        else:
            self._merge_failed = 0

    def count(self) -> tuple[int, int]:
        """Rows in the file: (with a value, partial); (0, 0) in memory."""
        return self.file.count() if self.file is not None else (0, 0)

    def close(self) -> None:
        """Save and close the file (no-op in memory). A compact table's
        journal is merged first if it holds at most
        :data:`grundy.core.tablefile.JOURNAL_MERGE_ROWS` rows (else the next
        run reads it as it is, so that a stop stays quick)."""
        if self.file is not None:
            try:
                self.save_or_warn()
                if self.not_saved is None and 0 < self.file.journal_rows <= tablefile.JOURNAL_MERGE_ROWS:
                    self._merge()
            finally:  # closed even when a Ctrl-C stops the save or the merge
                self.file.close()
                self.file = None
                if self.compact is not None:  # no more spill: dropped entries are forgotten
                    self.compact.on_full = None
                    self.compact.fetch = None
                    self.compact.stop_tracking()

    def snapshot(self) -> dict[bytes, tuple[int | None, int, bool]]:
        """Every stored position, as ``{key or digest: (value or None,
        excluded, irreducible)}``: keys in a dict table, 12-byte digests in
        a compact one (for tests and comparisons of two tables of one
        kind). A compact table keeps a slot for every key marked or
        written, a dict table only keys with something to say."""
        if self.compact is not None:
            return self.compact.snapshot()  # type: ignore[no-any-return]
        keys = set(self.values) | {k for k, x in self.not_values.items() if x} | set(self.irreducible)
        return {k: (self.values.get(k), self.not_values.get(k, 0), k in self.irreducible) for k in keys}

    @property
    def dropped(self) -> int:
        """Drops a bounded compact table has made from memory to make room
        (each entry written to the file first if there is one, else
        forgotten; an entry read back and dropped again counts again, and so
        does a slot holding only an irreducible mark); 0 for an unbounded or
        dict table. While it is 0, ``len(values)`` and ``len(not_values)``
        count everything the table knows; after, only what is in memory."""
        return self.compact.dropped if self.compact is not None else 0

    def stats(self) -> dict[str, Any]:
        """Sizes: values known, partial entries, cached reductions, and for
        a compact table its slots in use and bytes (the slot array)."""
        out: dict[str, Any] = {
            "values": len(self.values),
            "partial": len(self.not_values),
            "reductions": len(self.aliases) + len(self.irreducible),
        }
        if self.compact is not None:
            c = self.compact
            out.update(entries=c.entries, table_bytes=c.bytes_used, evictions=c.evictions)
            out.update(dropped=c.dropped, spilled=c.spilled, fetched=c.fetched)
        return out
