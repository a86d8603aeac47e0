"""Exact nim-sequences of octal games (:func:`nim_sequence`): the mex rule
with three exact ways of listing split options (bitsets, numpy, a plain
loop), and the periods the octal periodicity theorem proves from them.

Nim-sequence and periodicity
----------------------------
``G(n)``, the nim-value of one heap of ``n`` tokens, is the mex of the values
of its options; a two-heap option has value ``G(a) XOR G(b)`` (Sprague-Grundy).
For a code with finitely many nonzero digits, last nonzero digit ``d_t``
(``t`` = the largest removal; ``t = 0`` for ``4.0`` and ``0.0``):

**Periodicity theorem** (Guy and Smith, *The G-values of various games*,
Proc. Cambridge Philos. Soc. 52 (1956) 514-526; Berlekamp, Conway and Guy,
*Winning Ways*, ch. 4). If ``n0 >= 1`` and ``G(n + p) = G(n)`` for all ``n``
with ``n0 <= n < 2*n0 + p + t``, then ``G(n + p) = G(n)`` for all ``n >= n0``.

(Proof sketch, by induction on ``n >= 2*n0 + p + t``: a split of ``n + p``
leaves heaps ``a >= b >= 1`` with ``a + b >= n + p - t >= 2*n0 + 2*p``, so
``a - p >= n0 >= 1`` and ``(a - p, b)`` is a split of ``n`` by the same move
type, of the same value; a split ``(a, b)``, ``a >= b``, of ``n`` has
``n0 <= a < n``, so ``(a + p, b)`` is one of ``n + p``; one-heap options
``c`` and ``c + p`` correspond the same way, and neither heap can be taken
whole, as both exceed ``t``.)

The condition ``n0 >= 1`` matters: ``a - p`` must be a nonempty heap. With
``n0 = 0`` the statement is false: for ``0.04`` (``t = 2``), ``G(0..3) = 0 0 0 0``
gives ``G(n + 1) = G(n)`` for ``0 <= n < 3``, yet ``G(4) = 1``. A preperiod
0 is therefore proven through ``n0 = 1`` (check ``0 <= n < p + t + 2``). In all,
``(p, n0)`` is proven by ``G(0..2*max(n0, 1) + 2*p + t - 1)``.

:func:`nim_sequence` computes ``G`` directly by the mex rule and, for finite
codes, tests the theorem's condition as it goes; once it holds the rest of the
sequence is copied period by period, which is exact. Finite octal games are
never arithmetic-periodic (Austin 1976; see Horrocks and Nowakowski, INTEGERS
3 (2003) G01), so for them only ordinary periods are looked for.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import Any

from grundy.errors import InputError
from grundy.games.octal.code import OctalCode, _as_code, _as_heap

__all__ = ["PERIODICITY_SOURCE", "nim_sequence"]

PERIODICITY_SOURCE = (
    "the octal periodicity theorem (Guy-Smith 1956; Winning Ways, ch. 4): "
    "G(n+p) = G(n) for n0 <= n < 2*n0 + p + t, n0 >= 1, implies it for all n >= n0"
)


# --------------------------------------------------------------------------
# direct computation
#
# The split options of a heap m (two nonempty heaps a + b = m) are the costly
# part. Three exact ways, chosen per heap:
#   * few distinct values so far: bitsets. pos[v] has bit b and rev[v] bit N - b
#     for each b >= 1 with G(b) = v; bit a of pos[x] & (rev[y] >> (N - m)) is set
#     exactly when G(a) = x and G(m - a) = y, so "is w = x ^ y reachable" costs a
#     few big-integer ANDs, and only w up to the mex are asked;
#   * otherwise, with numpy installed (optional), XOR of the value array with its
#     reverse;
#   * otherwise, or for small m, a plain loop.

#: numpy, imported on first need (optional: it only speeds up long direct computations of
#: games with many values; importing it takes 0.15-0.2 s, which a short sequence, like the
#: paths of the Kayles games, should not pay); None when not installed
_np: Any = ...


def _numpy() -> Any:
    """numpy, or None if it is not installed (imported once, when first needed)."""
    global _np
    if _np is ...:
        try:
            import numpy
        except ImportError:  # pragma: no cover - exercised by monkeypatching _np in the tests
            _np = None
        else:
            _np = numpy
    return _np

#: Split options of heaps smaller than this are listed with a plain loop.
_LOOP_MAX_HEAP = 128
#: Bitsets are used while at most this many distinct values have occurred.
_BITSET_MAX_VALUES = 48
#: Fewest values over which an (arithmetic) period of a repeating code is reported.
_MIN_OBSERVED = 20
#: First heap size at which the periodicity test runs; it then runs each time
#: the computed length doubles, and once at the end.
_FIRST_CHECK = 64


def _period_proof(G: list[int], n: int, t: int) -> tuple[int, int] | None:
    """Least period ``p`` and its preperiod ``n0`` proven by the periodicity
    theorem from ``G[0..n]`` (finite code, largest removal ``t``), or None.

    The least ``p`` that can be proven from ``G[0..n]`` is the least period of
    the infinite sequence, and its least ``n0`` is the true preperiod: if some
    period ``p`` is proven, the least period ``q`` divides it, has the same
    preperiod, and needs less data (``2*max(n0, 1) + 2*q + t - 1 <= n``).
    """
    p = 0
    while True:
        p += 1
        # the largest n0 the data can prove for p; n0 = 0 is proven as n0 = 1
        # plus G(p) = G(0), so it needs lim >= 1 too (see the module docstring)
        lim = (n - 2 * p - t + 1) // 2
        if lim < 1:
            return None
        # quick rejection on the last few terms, then the whole needed stretch
        if G[n] != G[n - p] or (n - 1 - p >= lim and G[n - 1] != G[n - 1 - p]):
            continue
        if G[lim + p : n + 1] != G[lim : n + 1 - p]:
            continue
        i = lim - 1
        while i >= 0 and G[i + p] == G[i]:
            i -= 1
        return p, i + 1


def _observed_period(G: list[int], n: int) -> tuple[int, int, int] | None:
    """Least ``p`` (then least ``n0``) with ``G(i + p) = G(i) + s`` for all
    ``n0 <= i <= n - p``, a constant ``s >= 0``, seen over at least four
    periods and :data:`_MIN_OBSERVED` values (``n - n0 + 1 >= max(4p, 20)``).
    Returns ``(p, n0, s)`` or None."""
    p = 0
    while True:
        p += 1
        lim = n - max(4 * p, _MIN_OBSERVED) + 1
        if lim < 0:
            return None
        s = G[n] - G[n - p]
        if s < 0 or G[n - 1] - G[n - 1 - p] != s:
            continue
        if any(G[i + p] - G[i] != s for i in range(lim, n - p + 1)):
            continue
        i = lim - 1
        while i >= 0 and G[i + p] - G[i] == s:
            i -= 1
        return p, i + 1, s


def _compute(
    code: OctalCode, up_to: int, periodicity: bool, stop: Callable[[], None] | None = None
) -> tuple[list[int], tuple[int, int] | None]:
    """``G(0..up_to)`` and, for a finite code with ``periodicity``, the
    (period, preperiod) proven from it by the periodicity theorem, or None.
    ``stop()``, if given, is called every 64 heaps (it may raise to stop)."""
    N = up_to
    G = [0] * (N + 1)
    L = len(code.digits) + 1  # the repeating digit is d_k for k >= L
    R = code.repeating or 0
    t = code.max_removal
    finite = [(k, code.digit(k)) for k in range(L) if code.digit(k)]
    zero_ks = {k for k, d in finite if d & 1}
    single_ks = [k for k, d in finite if d & 2]
    split_ks = [k for k, d in finite if d & 4]
    check = periodicity and t is not None
    next_check = _FIRST_CHECK
    xor = operator.xor

    big_splits = (bool(split_ks) or bool(R & 4)) and N >= _LOOP_MAX_HEAP
    use_bits = bool(split_ks) and N >= _LOOP_MAX_HEAP
    pos: dict[int, int] = {}
    rev: dict[int, int] = {}
    np = _numpy() if big_splits else None
    if np is not None:
        Ga = np.zeros(N + 1, dtype=np.int64)  # G as an array, for the XOR of reversed slices
        marks = np.zeros(64, dtype=bool)  # scratch flags, cleared after each heap
    max_g = 0

    # flags of the values of the options given by the repeating digit: they
    # accumulate with n (a numpy array when numpy is used, else a bytearray)
    rep = np.zeros(64, dtype=bool) if np is not None else bytearray(64)
    rep_mex = 0

    def rep_add(values) -> None:
        nonlocal rep
        if np is not None:
            arr = np.asarray(values, dtype=np.int64)
            top = int(arr.max())
            if top >= len(rep):
                rep = np.concatenate([rep, np.zeros(max(len(rep), top + 1 - len(rep)), dtype=bool)])
            rep[arr] = True
            return
        for v in values:
            if v >= len(rep):
                rep.extend(bytes(max(len(rep), v + 1 - len(rep))))
            rep[v] = 1

    for n in range(1, N + 1):
        if stop is not None and not n & 63:
            stop()
        if R and n >= L:
            m = n - L
            if R & 1 and m == 0:
                rep_add((0,))
            if R & 2 and m >= 1:
                rep_add((G[m],))
            if R & 4 and m >= 2:
                h = m // 2
                if np is not None and m >= _LOOP_MAX_HEAP:
                    rep_add(Ga[1 : h + 1] ^ Ga[m - 1 : m - h - 1 : -1])
                else:
                    rep_add(list(set(map(xor, G[1 : h + 1], G[m - 1 : m - h - 1 : -1]))))
            while rep_mex < len(rep) and rep[rep_mex]:
                rep_mex += 1
        seen: set[int] = set()
        if n in zero_ks:
            seen.add(0)
        for k in single_ks:
            if n - k >= 1:
                seen.add(G[n - k])
        bit_heaps = []  # heaps whose splits are tested with bitsets
        marked = []  # numpy arrays of split values flagged in marks
        for k in split_ks:
            m = n - k
            if m < 2:
                continue
            h = m // 2
            if m < _LOOP_MAX_HEAP:
                seen.update(map(xor, G[1 : h + 1], G[m - 1 : m - h - 1 : -1]))
            elif use_bits:
                bit_heaps.append(m)
            elif np is not None:
                vals = Ga[1 : h + 1] ^ Ga[m - 1 : m - h - 1 : -1]
                size = 2 << max_g.bit_length()
                if len(marks) < size:
                    marks = np.zeros(size, dtype=bool)
                marks[vals] = True
                marked.append(vals)
            else:
                seen.update(map(xor, G[1 : h + 1], G[m - 1 : m - h - 1 : -1]))
        w = rep_mex
        shifted: dict[tuple[int, int], int] = {}
        values = sorted(pos) if bit_heaps else ()
        while (
            w in seen
            or (w < len(rep) and rep[w])
            or (marked and w < len(marks) and marks[w])
            or (bit_heaps and _split_reaches(w, bit_heaps, values, pos, rev, N, shifted))
        ):
            w += 1
        for vals in marked:
            marks[vals] = False
        G[n] = w
        if w > max_g:
            max_g = w
        if np is not None:
            Ga[n] = w
        if use_bits:
            pos[w] = pos.get(w, 0) | (1 << n)
            rev[w] = rev.get(w, 0) | (1 << (N - n))
            if len(pos) > _BITSET_MAX_VALUES:  # too many values: bitsets no longer pay
                use_bits = False
                pos.clear()
                rev.clear()

        if check and (n == next_check or n == N):
            next_check *= 2
            proof = _period_proof(G, n, t)
            if proof is not None:
                p, _ = proof
                for i in range(n + 1, N + 1):
                    G[i] = G[i - p]
                return G, proof
    return G, None


def _split_reaches(w, heaps, values, pos, rev, N, shifted) -> bool:
    """Whether some heap m in ``heaps`` splits into nonempty ``a + b = m`` with
    ``G(a) ^ G(b) = w``: bit ``a`` of ``pos[x] & (rev[y] >> (N - m))`` is set
    exactly when ``G(a) = x`` and ``G(m - a) = y``."""
    for m in heaps:
        for x in values:
            y = x ^ w
            if y < x or y not in pos:
                continue
            key = (m, y)
            s = shifted.get(key)
            if s is None:
                s = shifted[key] = rev[y] >> (N - m)
            if pos[x] & s:
                return True
    return False


# --------------------------------------------------------------------------
# public API


def nim_sequence(
    code: OctalCode | str, up_to: int, *, periodicity: bool = True, check: Callable[[], None] | None = None
) -> list[int]:
    """Nim-values ``G(0), G(1), ..., G(up_to)`` of single heaps, exactly.

    Each value is the mex of the option values (a split into two heaps has
    value ``G(a) XOR G(b)``). For a code with finitely many nonzero digits the
    condition of the octal periodicity theorem (Guy-Smith 1956; Winning Ways,
    ch. 4; see the module docstring) is tested after 64 heaps and then each
    time the computed length doubles; once it holds, the remaining values are
    copied period by period. That is exact: it is a theorem, not a guess.
    Codes with a repeating digit are always computed directly.

    Cost: Kayles and Dawson's Kayles to 100000 take about 0.01 s (proven
    periodic after a few hundred heaps). The direct part is O(n^2): split
    options on large heaps are tested with bitsets of the heaps of each value
    while few distinct values have occurred, else with numpy if it is
    installed (optional; about 11 s for 0.6 to 100000), else with a plain loop.

    Parameters
    ----------
    code : OctalCode or str
        The game; a string is read by :meth:`OctalCode.parse`.
    up_to : int
        Largest heap size, ``0 <= up_to <=`` :data:`MAX_HEAP`.
    periodicity : bool, optional
        False computes every value by the mex rule (for checking the shortcut).

    Returns
    -------
    list of int
        ``up_to + 1`` values, ``G(0) = 0`` first.

    Raises
    ------
    InputError
        A malformed code (see :meth:`OctalCode.parse`) or ``up_to`` not a
        nonnegative integer.
    TooLargeError
        ``up_to`` larger than :data:`MAX_HEAP` (a subclass of InputError).

    Examples
    --------
    >>> nim_sequence("0.07", 10)
    [0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3]
    >>> nim_sequence("0.3(4)", 12)
    [0, 1, 0, 1, 2, 3, 2, 4, 5, 4, 6, 7, 6]
    """
    c = _as_code(code)
    n = _as_heap(up_to)
    if not isinstance(periodicity, bool):
        raise InputError(f"periodicity must be True or False, got {periodicity!r}")
    return _compute(c, n, periodicity, check)[0]
