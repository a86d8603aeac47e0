"""The time limits of the ``grundy`` commands: the timer-signal alarm that
stops a search with no clock of its own (the partizan search) and the
backstop of those that check their clock only between positions
(:func:`_alarm`, :func:`_grace`)."""

from __future__ import annotations

import signal
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from grundy.cli.common import _Stopped
from grundy.core.limits import backstop, check_seconds
from grundy.errors import InputError, SearchLimitReached


def _grace(seconds: float | None) -> float | None:
    """When the backstop of a search that has a clock of its own fires:
    a second and a tenth after its limit (a search checks its clock once
    per position expanded, and one expansion of a large graph may take
    minutes: the backstop bounds it).

    Raises
    ------
    InputError
        ``--time-limit`` not a finite number of seconds, or over
        :data:`grundy.core.limits.MAX_TIME_LIMIT` (``nan``, ``inf``, ``1e300``
        would make the timer fail, or no limit at all).
    """
    seconds = check_seconds(seconds, "--time-limit")
    return None if seconds is None else seconds * 1.1 + 1.0


#: Seconds after which the timer of :func:`_alarm` fires again when its stop
#: was lost (raised inside a finalizer, which Python reports and drops).
_REFIRE_SECONDS = 0.05


class _Timer:
    """The backstop timer of one :func:`_alarm` block, as
    :func:`grundy.core.limits.backstop` drives it: paused while a table file
    is read, settled when a stop was caught on purpose."""

    def __init__(self) -> None:
        self.done = False
        self.settled = False

    def suspend(self) -> float:
        """Disarm; returns the seconds that were left."""
        left = signal.getitimer(signal.ITIMER_REAL)[0]
        signal.setitimer(signal.ITIMER_REAL, 0)
        return left

    def resume(self, left: float) -> None:
        """Arm again with ``left`` seconds (the refires after them)."""
        if left > 0 and not (self.done or self.settled):
            signal.setitimer(signal.ITIMER_REAL, left, _REFIRE_SECONDS)

    def settle(self) -> None:
        """A stop was caught and the work goes on to its end: fire no more."""
        self.settled = True
        signal.setitimer(signal.ITIMER_REAL, 0)


@contextmanager
def _alarm(seconds: float | None, limit: float | None = None) -> Iterator[None]:
    """Raise :class:`SearchLimitReached` (reason ``time limit LIMIT s``,
    ``limit`` defaulting to ``seconds``) in the block after ``seconds`` of
    wall time, by a timer signal: the partizan search has no clock of its
    own, and the other searches check theirs only between positions. The
    command ends right after (exit 3), and a search's table keeps only what
    it had stored, so no state it leaves matters. A backstop (``limit``
    given) is paused while a table file is read
    (:func:`grundy.core.limits.backstop_paused`), so reading a large table
    first does not eat the search's time, and stops firing once a stop is
    caught on purpose (:func:`grundy.core.limits.settle_backstop`). After
    the first stop the timer fires again every ``_REFIRE_SECONDS`` until the
    block ends (a stop raised in a finalizer is lost), raising nothing while
    a stop or an interrupt is being handled (other exceptions, such as a
    cache miss's KeyError handler doing the work, do not hold it).

    Raises
    ------
    InputError
        An exact time limit (no ``limit``) where timer signals are
        unavailable (not the main thread, or no ``SIGALRM``); a backstop
        is then skipped. A time limit that is not a finite number of
        seconds, or over :data:`grundy.core.limits.MAX_TIME_LIMIT`.
    """
    check_seconds(limit, "--time-limit")
    if limit is None:  # a backstop's seconds are its limit's grace, past the limit itself
        check_seconds(seconds, "--time-limit")
    if seconds is None:
        yield
        return
    if not hasattr(signal, "SIGALRM") or threading.current_thread() is not threading.main_thread():
        if limit is not None:  # a backstop only: the search's own clock still applies
            yield
            return
        raise InputError("--time-limit for partizan games needs timer signals, unavailable here")
    start = time.perf_counter()
    timer = _Timer()

    def expire(signum: int, frame: Any) -> None:
        # The timer fires again every _REFIRE_SECONDS until the block ends: Python drops an
        # exception raised while a finalizer runs (a collection in the middle of the work)
        if timer.done or timer.settled:
            return
        if isinstance(sys.exc_info()[1], (SearchLimitReached, _Stopped, KeyboardInterrupt)):
            return  # a stop or an interrupt is unwinding (a table saved on the way): not now
        raise SearchLimitReached(f"time limit {limit if limit is not None else seconds:g} s", 0,
                                 time.perf_counter() - start)

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds, _REFIRE_SECONDS)
    try:
        if limit is None:
            yield
        else:
            with backstop(timer):
                yield
    finally:
        try:
            timer.done = True  # a signal from here on does nothing
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)
