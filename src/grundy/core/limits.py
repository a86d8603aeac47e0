"""Limits and progress of a search: a time limit, a position limit, a
progress bar on stderr, and the counters every search reports.

A search calls :meth:`Limits.tick` as it expands positions (the graph,
poset and complex searches every 16th position, every one under a position
limit: :meth:`grundy.core.search.Searcher._tick`; the others at every one);
the tick raises :class:`~grundy.errors.SearchLimitReached` when a limit is
passed, so the search unwinds cleanly and keeps in its table what it learned.
"""

from __future__ import annotations

import math
import os
import signal
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

from grundy.errors import InputError, SearchLimitReached

__all__ = [
    "MAX_TIME_LIMIT",
    "check_seconds",
    "Limits",
    "Stats",
    "note_interrupt",
    "interrupted",
    "interrupt_exit_code",
    "clear_interrupt",
    "stop_on_signal",
    "interrupts_held",
    "cancellable",
    "backstop",
    "backstop_paused",
    "settle_backstop",
]


#: The longest time limit taken (seconds: about 31 years). A longer one, or
#: one that is not a finite number (``nan``, ``inf``), is refused: timers
#: cannot be set to it, and ``nan`` would compare as no limit at all.
MAX_TIME_LIMIT = 1e9


def check_seconds(seconds: float | None, option: str = "time limit") -> float | None:
    """``seconds`` if it is a usable time limit: None, or a finite number
    of seconds of at most :data:`MAX_TIME_LIMIT` (0 and below are left to
    the callers, which read 0 as no limit or refuse it).

    Raises
    ------
    InputError
        ``nan``, ``inf`` or a number over :data:`MAX_TIME_LIMIT`, naming
        ``option`` (``--time-limit`` for the command line).
    """
    if seconds is None:
        return None
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float)):
        raise InputError(f"{option} must be a number of seconds, not {type(seconds).__name__}")
    if not math.isfinite(seconds):
        raise InputError(f"{option} {seconds}: must be a finite number of seconds")
    if seconds > MAX_TIME_LIMIT:
        raise InputError(f"{option} {seconds:.12g}: at most {MAX_TIME_LIMIT:g} seconds")
    return seconds


@dataclass
class Stats:
    """Counters of one search (cumulative over its lifetime).

    positions : option generations, the measure of search effort (a
        generation may stop early at a refuting option, and a position asked
        again after its options were dropped is generated again);
    table_hits : lookups answered by the table;
    closed_forms : components answered by a closed form;
    reductions : reductions applied (twins, involutions, binary stars);
    seconds : wall-clock time in searches.
    """

    positions: int = 0
    table_hits: int = 0
    closed_forms: int = 0
    reductions: int = 0
    seconds: float = 0.0

    def as_dict(self) -> dict[str, Any]:
        return {
            "positions": self.positions,
            "table_hits": self.table_hits,
            "closed_forms": self.closed_forms,
            "reductions": self.reductions,
            "seconds": round(self.seconds, 4),
        }


#: Set by :func:`note_interrupt`: the signal number (0 for none), checked at
#: each :meth:`Limits.tick`.
_INTERRUPTED = [0]

#: A noted interrupt without a signal number (a plain Ctrl-C).
_SIGINT = int(signal.SIGINT)


def note_interrupt(signum: int = _SIGINT) -> None:
    """Record a Ctrl-C or another stopping signal ``signum`` (for a front
    end's handler, which then raises KeyboardInterrupt as usual). Python
    drops an exception raised while a finalizer runs; with the note, the
    search raises KeyboardInterrupt again at its next position, so an
    interrupt is never lost. The first signal noted is kept (see
    :func:`interrupt_exit_code`)."""
    if not _INTERRUPTED[0]:
        _INTERRUPTED[0] = signum or _SIGINT


def interrupted() -> int:
    """The signal number of the interrupt noted since the last
    :func:`clear_interrupt` (2 for Ctrl-C, 15 for SIGTERM), 0 for none."""
    return _INTERRUPTED[0]


def interrupt_exit_code() -> int:
    """The exit status of a command stopped by the noted interrupt: 128 plus
    its signal number, as a shell reports a process a signal ended (130 for
    Ctrl-C, 143 for SIGTERM); 130 if none was noted (a KeyboardInterrupt
    raised otherwise)."""
    return 128 + (_INTERRUPTED[0] or _SIGINT)


def clear_interrupt() -> None:
    """Forget a noted interrupt (a front end starting a new command in the
    same process: a notebook, a test runner)."""
    _INTERRUPTED[0] = 0


#: How many blocks of :func:`interrupts_held` are running (0: none), and
#: whether the one note of a held interrupt was printed.
_HELD = [0, 0]


@contextmanager
def interrupts_held() -> Iterator[None]:
    """Inside the block (a table file's save: one transaction, a fraction of
    a second), :func:`stop_on_signal` notes a Ctrl-C or SIGTERM without
    raising, and says once on stderr that the save finishes first: a second
    Ctrl-C pressed while a stopped search saves would otherwise roll the save
    back, losing every row learned since the last checkpoint. The noted
    interrupt is acted on after the block (a search raises KeyboardInterrupt
    at its next position; a stop already unwinding goes on)."""
    _HELD[0] += 1
    try:
        yield
    finally:
        _HELD[0] -= 1
        if not _HELD[0]:
            _HELD[1] = 0


def stop_on_signal(signum: int, frame: Any) -> None:
    """A signal handler for Ctrl-C and SIGTERM (``signal.signal(SIGTERM,
    stop_on_signal)``, as the command line and ``benchmarks/gale.py`` set
    it): note the signal (:func:`note_interrupt`) and raise
    KeyboardInterrupt as Python's default Ctrl-C handler does, so the search
    unwinds and its tables are saved; :func:`interrupt_exit_code` then
    gives 130 for Ctrl-C, 143 for SIGTERM. A SIGTERM after the first
    interrupt is only noted, so a second ``kill`` cannot cut short the
    table's final save; a second Ctrl-C still raises (the user insists; the
    table file keeps its last checkpoint), except while a save is being
    written (:func:`interrupts_held`): then any signal is only noted, and
    the save finishes.

    Raises
    ------
    KeyboardInterrupt
        On the first interrupt, and on every Ctrl-C, outside a save.
    """
    first = not interrupted()
    note_interrupt(signum)
    if not (first or signum != signal.SIGTERM):
        return  # a second SIGTERM: noted only, as always
    if _HELD[0]:  # what would have raised waits for the save, and says so once
        if not _HELD[1]:
            _HELD[1] = 1
            try:
                os.write(2, b"\ngrundy: writing the table file; stopping once it is saved\n")
            except OSError:  # pragma: no cover - no stderr
                pass
        return
    raise KeyboardInterrupt


#: The cancel event of the searches running in this context (see
#: :func:`cancellable`), or None.
_CANCEL: ContextVar[threading.Event | None] = ContextVar("grundy_cancel", default=None)


@contextmanager
def cancellable(event: threading.Event) -> Iterator[None]:
    """Run the searches started inside the block (in this thread, or in a
    worker thread that copies this context, as ``asyncio.to_thread`` and
    Starlette's thread pool do) so that setting ``event`` from any thread
    stops them at their next position with :class:`SearchLimitReached`
    ("cancelled"): for a server whose client cancels a request."""
    token = _CANCEL.set(event)
    try:
        yield
    finally:
        _CANCEL.reset(token)


#: The front end's backstop timer (see :func:`backstop`), or None.
_BACKSTOP: ContextVar[Any] = ContextVar("grundy_backstop", default=None)


@contextmanager
def backstop(timer: Any) -> Iterator[None]:
    """Make ``timer`` the backstop of the work inside the block: a front
    end's timer (a signal bounding work that checks no clock, the command
    line's ``--time-limit``) with ``suspend() -> seconds left``,
    ``resume(seconds)`` and ``settle()``, driven by :func:`backstop_paused`
    and :func:`settle_backstop`."""
    token = _BACKSTOP.set(timer)
    try:
        yield
    finally:
        _BACKSTOP.reset(token)


@contextmanager
def backstop_paused() -> Iterator[None]:
    """The backstop timer (if any) does not run inside the block: reading a
    table file, which may take minutes before a search starts its own
    clock (:class:`grundy.core.table.Table`)."""
    timer = _BACKSTOP.get()
    if timer is None:
        yield
        return
    left = timer.suspend()
    try:
        yield
    finally:
        timer.resume(left)


def settle_backstop() -> None:
    """A stop was caught on purpose and the work goes on to its end (Gale's
    answer after its value): the backstop timer (if any) fires no more."""
    timer = _BACKSTOP.get()
    if timer is not None:
        timer.settle()


class Limits:
    """A time limit, a position limit and a progress display.

    Parameters
    ----------
    time_limit : float or None
        Seconds allowed per top-level call (from :meth:`start`).
    max_positions : int or None
        Positions the search may expand over its lifetime.
    progress : bool
        Show a progress counter on stderr once a search has run a second.

    A Limits object holds no reference to its search (a search kept alive by
    a reference cycle would never be freed while the garbage collector is
    paused, as it is during searches).

    Raises
    ------
    InputError
        A time limit that is not a finite number of seconds, or over
        :data:`MAX_TIME_LIMIT` (:func:`check_seconds`).
    SearchLimitReached
        From :meth:`tick`, when a limit is passed.
    """

    def __init__(
        self,
        time_limit: float | None = None,
        max_positions: int | None = None,
        progress: bool = False,
    ) -> None:
        self.time_limit = check_seconds(time_limit)
        self.max_positions = max_positions
        self.progress = progress
        self.deadline: float | None = None
        #: A ``time.perf_counter()`` instant no top-level call searches past
        #: (None: none), for a front end whose several calls share one
        #: ``time_limit``; messages still name ``time_limit``. Set by :meth:`share`.
        self.until: float | None = None
        #: When the budget of :meth:`share` began (None: no shared budget):
        #: stop messages count their seconds from it.
        self.since: float | None = None
        #: The seconds given to :meth:`share` (None: none): what a stop at :attr:`until` names.
        self.shared: float | None = None
        # a search run without start() (the Python API) counts its seconds from here
        self.started = time.perf_counter()
        #: Whether a top-level call's clock runs (between :meth:`start` and
        #: :meth:`finish`): a search's top-level call made without one
        #: starts and finishes its own (:func:`own_clock`).
        self.running = False
        self._bar: Any = None
        self._bar_count = 0

    def start(self) -> None:
        """Start the clock for a top-level call."""
        self.running = True
        self.started = time.perf_counter()
        self.deadline = self.started + self.time_limit if self.time_limit else None
        if self.until is not None:
            self.deadline = self.until if self.deadline is None else min(self.deadline, self.until)

    def share(self, seconds: float | None, named: float | None = None) -> None:
        """Let the top-level calls from now on share ``seconds`` of wall time
        (None or 0: no limit, as ``time_limit``): each still stops at its own
        ``time_limit``, and none searches past ``seconds`` from now. Stop
        messages then count their seconds from now; a stop at the shared
        deadline names ``seconds`` (or ``named``: a front end sharing what is
        left of a limit of its own names that limit), one at a call's own
        limit ``time_limit``.

        Raises
        ------
        InputError
            ``seconds`` not a finite number, or over :data:`MAX_TIME_LIMIT`.
        """
        check_seconds(seconds)
        now = time.perf_counter()
        self.until = now + seconds if seconds else None
        self.since = now if seconds else None
        self.shared = (named or seconds) if seconds else None
        if seconds and not self.time_limit:
            self.time_limit = seconds  # the limit the messages name

    def check_shared(self, positions: int) -> None:
        """Raise :class:`SearchLimitReached` (``positions`` searched) once
        the budget of :meth:`share` is spent: for a front end between its
        top-level calls."""
        now = time.perf_counter()
        if self.until is not None and now >= self.until:
            raise self.time_stop(positions, now)

    def time_stop(self, positions: int, now: float | None = None) -> SearchLimitReached:
        """The stop at the time limit after ``positions`` (to raise): for
        the checks below and for work stopped by a timeout of its own
        (geng)."""
        now = time.perf_counter() if now is None else now
        limit = self.time_limit
        if self.shared is not None and self.until is not None and now >= self.until:
            limit = self.shared  # the shared budget stopped it, whatever the call's own limit
        # no limit of its own: a spent clock (Limits.spent) stopped it
        return SearchLimitReached("time limit" if limit is None else f"time limit {limit:g} s", positions,
                                  self._elapsed(now))

    def _elapsed(self, now: float) -> float:
        """Seconds for a stop message: since :meth:`share` when a budget is
        shared, else since :meth:`start`."""
        return now - (self.started if self.since is None else self.since)

    @contextmanager
    def spent(self) -> Iterator[None]:
        """A clock whose deadline has already passed, for work that must
        search nothing: a search begun within it stops at its first check
        (within 16 positions) with :class:`SearchLimitReached`. For the
        split a stopped search's answer is settled on (:func:`grundy.kinds.settle`),
        which a top-level call would otherwise search on a fresh clock. The
        clock's state is restored after."""
        saved = self.running, self.deadline
        self.running, self.deadline = True, time.perf_counter()
        try:
            yield
        finally:
            self.running, self.deadline = saved

    def finish(self) -> float:
        """Stop the clock, close the progress display; returns the seconds
        since :meth:`start`."""
        self.running = False
        if self._bar is not None:
            self._bar.close()
            self._bar = None
        return time.perf_counter() - self.started

    def check_time(self, positions: int = 0) -> None:
        """Raise :class:`SearchLimitReached` if the time limit has passed:
        for work between the positions of a search (options made, moves
        listed), which counts no position; ``positions`` is what the search
        has counted so far, for the stop's message. Raises KeyboardInterrupt
        if :func:`note_interrupt` was called."""
        if _INTERRUPTED[0]:
            raise KeyboardInterrupt
        self._check_cancel(positions)
        if self.deadline is not None:
            now = time.perf_counter()
            if now > self.deadline:
                raise self.time_stop(positions, now)

    def check_options(self, positions: int, made: int) -> None:
        """Raise :class:`SearchLimitReached` at the position limit when one
        expansion has made ``made`` options and is to make another, more
        than ``max_positions`` in all (``positions``: the search's count, for
        the message). An expansion made in Python (a graph over the
        kernel's 64 vertices) may make hundreds of thousands of options,
        each keyed by nauty, within the one position :meth:`tick` counts:
        the limit bounds it too."""
        if self.max_positions is not None and made >= self.max_positions:
            stop = SearchLimitReached(
                f"position limit {self.max_positions}", positions, time.perf_counter() - self.started
            )
            stop.listing = True
            raise stop

    def tick(self, positions: int, known: int = 0, in_memory: bool = False) -> bool:
        """Check the limits after ``positions`` positions in all (``known``:
        the table's size, for the progress display; ``in_memory``: it counts
        only what a bounded table holds in memory, shown as ``in_memory=``
        instead of ``known=``). Returns True about every 256 positions (time
        for a caller's checkpoint), else False.

        Raises KeyboardInterrupt if :func:`note_interrupt` was called (a
        Ctrl-C whose own KeyboardInterrupt was lost), SearchLimitReached
        at a limit or when the event of :func:`cancellable` is set."""
        if _INTERRUPTED[0]:
            raise KeyboardInterrupt
        self._check_cancel(positions - 1)
        if self.max_positions is not None and positions > self.max_positions:
            raise SearchLimitReached(
                f"position limit {self.max_positions}", positions - 1, time.perf_counter() - self.started
            )
        if self.deadline is not None or positions & 255 == 0:
            now = time.perf_counter()
            if self.deadline is not None and now > self.deadline:
                raise self.time_stop(positions - 1, now)
            if positions & 255 == 0:
                if self.progress:
                    self._show(now, positions, known, in_memory)
                return True
        return False

    def _check_cancel(self, positions: int) -> None:
        """Raise SearchLimitReached if the event of :func:`cancellable` is set."""
        cancel = _CANCEL.get()
        if cancel is not None and cancel.is_set():
            raise SearchLimitReached("cancel request", positions, time.perf_counter() - self.started)

    def _show(self, now: float, positions: int, known: int, in_memory: bool = False) -> None:
        if self._bar is None:
            if now - self.started < 1.0:
                return
            from tqdm import tqdm

            self._bar = tqdm(desc="searching", unit=" positions", file=sys.stderr, mininterval=0.5, leave=False)
            self._bar_count = 0
        self._bar.update(positions - self._bar_count)
        self._bar_count = positions
        # as a string: tqdm shows the number 10000 as 1e+4
        self._bar.set_postfix({"in_memory" if in_memory else "known": str(known)}, refresh=False)


def peak_memory_mib() -> float | None:
    """The process's peak resident memory so far, in MiB (``ru_maxrss``:
    KiB on Linux and the BSDs, bytes on macOS); None where the
    ``resource`` module is missing (Windows)."""
    try:
        import resource
    except ImportError:
        return None
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / (2**20 if sys.platform == "darwin" else 1024)


@contextmanager
def own_clock(search: Any) -> Iterator[None]:
    """The clock of a top-level call of ``search`` (a searcher: its
    ``limits``, ``start()`` and ``finish()``): none if one runs already (a
    front end's ``start()``, or an outer call), else ``start()`` before the
    block and ``finish()`` after it (also after a limit or Ctrl-C), so
    ``time_limit`` bounds a call made from Python with no clock running."""
    if search.limits.running:
        yield
        return
    search.start()
    try:
        yield
    finally:
        search.finish()
