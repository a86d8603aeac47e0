"""Misère play of octal games: :func:`misere_outcomes`, the outcome of a
single heap of each size, searched on whole positions (multisets of heaps)
by the shared routine :class:`grundy.core.misere.MisereSearch`."""

from __future__ import annotations

from collections.abc import Callable

from grundy.core.misere import MisereSearch
from grundy.errors import TooLargeError
from grundy.games.octal.code import OctalCode, _as_code, _as_heap

__all__ = ["MAX_MISERE_HEAP", "misere_outcomes"]


#: Largest heap :func:`misere_outcomes` accepts: misère positions are
#: multisets of heaps, whose number grows like the partitions of the heap.
MAX_MISERE_HEAP = 40


def _misere_options(
    code: OctalCode, heaps: tuple[int, ...], check: Callable[[int], None] | None = None
) -> set[tuple[int, ...]]:
    """Positions one move away from ``heaps`` (a sorted tuple of nonempty heaps);
    ``check(made)``, if given, is called once per number of counters taken,
    ``made`` the options made so far (it may raise to stop: a large heap has
    O(heap^2) splits)."""
    out = set()
    for idx, h in enumerate(heaps):
        if idx and heaps[idx - 1] == h:
            continue  # equal heaps give the same options
        rest = heaps[:idx] + heaps[idx + 1 :]
        for k in range(0, h + 1):
            if check is not None:
                check(len(out))
            d = code.digit(k) if k else code.before
            if not d:
                continue
            left = h - k
            results: list[tuple[int, ...]] = []
            if d & 1 and left == 0 and k:
                results.append(())
            if d & 2 and left > 0 and k:
                results.append((left,))
            if d & 4:
                results.extend((a, left - a) for a in range(1, left // 2 + 1))
            for r in results:
                out.add(tuple(sorted(rest + r)))
    return out


def misere_outcomes(code: OctalCode | str, up_to: int) -> list[str]:
    """Misère outcome of a single heap of each size ``0 .. up_to``.

    Under misère play the player who cannot move wins, so a position with no
    move is an N-position and disjoint sums do not combine by nim-sum: each
    heap's outcome is found by searching whole positions (multisets of heaps,
    memoised as sorted tuples) with :class:`grundy.core.misere.MisereSearch`.

    Parameters
    ----------
    code : OctalCode or str
        The game; a string is read by :meth:`OctalCode.parse`.
    up_to : int
        Largest heap, ``0 <= up_to <= MAX_MISERE_HEAP``.

    Returns
    -------
    list of str
        ``"N"`` or ``"P"`` for heaps ``0 .. up_to``.

    Raises
    ------
    InputError
        On a malformed code or a negative ``up_to``.
    TooLargeError
        If ``up_to > MAX_MISERE_HEAP``.

    >>> "".join(misere_outcomes("0.77", 6))   # misère Kayles
    'NPNNPNN'
    """
    c = _as_code(code)
    n = _as_heap(up_to)
    if n > MAX_MISERE_HEAP:
        raise TooLargeError(
            f"misère outcomes are searched on whole positions: up_to = {n} is larger than the supported "
            f"{MAX_MISERE_HEAP}"
        )
    search: MisereSearch[tuple[int, ...]] = MisereSearch(
        lambda heaps: _misere_options(c, heaps), lambda heaps: heaps
    )
    search.start()
    try:
        return ["N" if search.is_n((h,) if h else ()) else "P" for h in range(n + 1)]
    finally:
        search.finish()
