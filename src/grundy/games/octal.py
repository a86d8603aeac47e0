"""Octal games (Guy-Smith): codes, exact nim-sequences and their periods.

An *octal game* is played on heaps of tokens. Its *code* ``d_0 . d_1 d_2 d_3 ...``
lists one octal digit per number of tokens removed: digit ``d_k`` says what a
move that removes ``k`` tokens from one heap may leave of that heap,

* bit 1: nothing (the move takes the whole heap, so the heap had exactly ``k``),
* bit 2: one nonempty heap,
* bit 4: two nonempty heaps.

So ``0.77`` is Kayles (remove 1 or 2 tokens, leaving 0, 1 or 2 heaps), ``0.07``
is Dawson's Kayles, ``0.137`` is Dawson's Chess and ``0.4`` is "remove one
token and split the rest into two nonempty heaps" (Harding-Ottaway, Lemma 3.3:
the edge-deletion game BE/BE on the path P_n is 0.4 on a heap of n - 1 tokens).

Convention for the digit before the point
-----------------------------------------
``d_0`` is 0 or 4. ``4`` means a heap may be split into two nonempty heaps
without removing anything (so ``4.0`` is "split a heap in two"). Bits 1 and 2
are meaningless for ``k = 0`` (taking nothing and leaving nothing, or leaving
the heap as it was, i.e. a pass) and are rejected. ``.6`` is read as ``0.6``.

Repeating digits
----------------
``0.3(4)`` is ``0.3444...``: the digit in parentheses is ``d_k`` for every
larger ``k``. Only a single repeating digit is supported. Such codes have no
maximal removal, and the periodicity theorem below does not apply to them.

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

>>> nim_sequence("0.77", 12)
[0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4]
>>> r = analyse("kayles", 200)
>>> r["period"], r["preperiod"], r["proven"]
(12, 71, True)
>>> str(OctalCode.parse(".34(4)"))
'0.3(4)'
"""

from __future__ import annotations

import operator
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from grundy.errors import InputError, TooLargeError

__all__ = [
    "KNOWN",
    "MAX_HEAP",
    "OctalCode",
    "PERIODICITY_SOURCE",
    "analyse",
    "format_report",
    "misere_outcomes",
    "MAX_MISERE_HEAP",
    "nim_sequence",
]

#: Named octal games accepted by :meth:`OctalCode.parse` in place of a code
#: (case-insensitive; spaces and underscores read as hyphens, apostrophes dropped).
#: Dawson's Chess (0.137, OEIS A002187) has the nim-sequence of Dawson's Kayles
#: (0.07) shifted by one: G_0.137(n) = G_0.07(n + 1).
KNOWN: Mapping[str, str] = MappingProxyType(
    {
        "kayles": "0.77",
        "dawsons-kayles": "0.07",
        "dawsons-chess": "0.137",
    }
)

#: Largest heap size :func:`nim_sequence` and :func:`analyse` accept.
MAX_HEAP = 10_000_000

PERIODICITY_SOURCE = (
    "the octal periodicity theorem (Guy-Smith 1956; Winning Ways, ch. 4): "
    "G(n+p) = G(n) for n0 <= n < 2*n0 + p + t, n0 >= 1, implies it for all n >= n0"
)

_OCTAL = "01234567"


@dataclass(frozen=True)
class OctalCode:
    """An octal game code ``d_0 . d_1 d_2 ... d_L (r)``.

    Build it with :meth:`parse` (``OctalCode.parse("0.3(4)")``) or directly;
    the constructor validates and puts the code in canonical form (trailing
    zero digits dropped, trailing digits equal to the repeating digit folded
    into it, a repeating 0 dropped), so equal games compare equal.

    Parameters
    ----------
    before : int
        ``d_0``, the digit before the point: 0, or 4 (split a heap into two
        nonempty heaps without removing a token).
    digits : tuple of int
        ``d_1, ..., d_L``, each 0..7.
    repeating : int or None
        The digit ``d_k`` for every ``k > L`` (1..7), or None (all zero).

    Raises
    ------
    InputError
        A digit outside 0..7, ``before`` not 0 or 4, or a field of the wrong type.
    """

    before: int = 0
    digits: tuple[int, ...] = ()
    repeating: int | None = None

    def __post_init__(self) -> None:
        before = _check_digit(self.before, "the digit before the point")
        if before not in (0, 4):
            raise InputError(_BEFORE_MESSAGE.format(before))
        if not isinstance(self.digits, (tuple, list)):
            raise InputError(f"digits must be a tuple of octal digits, got {self.digits!r}")
        digits = [_check_digit(d, "a digit") for d in self.digits]
        rep = self.repeating
        if rep is not None:
            rep = _check_digit(rep, "the repeating digit")
            if rep == 0:
                rep = None
        # canonical form: fold trailing digits into the repeating one / drop trailing zeros
        tail = rep if rep is not None else 0
        while digits and digits[-1] == tail:
            digits.pop()
        object.__setattr__(self, "before", before)
        object.__setattr__(self, "digits", tuple(digits))
        object.__setattr__(self, "repeating", rep)

    @classmethod
    def parse(cls, text: str) -> OctalCode:
        """Read a code such as ``0.07``, ``.6``, ``4.07``, ``0.3(4)`` or a name in :data:`KNOWN`.

        Parameters
        ----------
        text : str
            The code: an optional digit 0 or 4, a point, octal digits, and
            optionally one repeating digit in parentheses at the end.
            Surrounding whitespace is ignored.

        Returns
        -------
        OctalCode
            The code, in canonical form.

        Raises
        ------
        InputError
            With a one-line message saying what is wrong: not a string, empty,
            no point, more than one point, a character that is not an octal
            digit (8, 9, letters, signs), a digit before the point other than
            0 or 4, more than one digit before the point, unbalanced or empty
            parentheses, more than one digit in parentheses (only a single
            repeating digit is supported), parentheses not at the end, or
            before the point.

        Examples
        --------
        >>> OctalCode.parse(".6")
        OctalCode(before=0, digits=(6,), repeating=None)
        >>> str(OctalCode.parse("Dawson's chess"))
        '0.137'
        """
        if not isinstance(text, str):
            raise InputError(f"an octal code must be a string, got {type(text).__name__}")
        raw = text.strip()
        if not raw:
            raise InputError("empty octal code: write one like 0.77 or 0.3(4)")
        alias = raw.lower().replace("'", "").replace("_", "-").replace(" ", "-")
        if alias in KNOWN:
            return cls.parse(KNOWN[alias])
        shown = repr(raw)
        for ch in raw:
            if ch not in _OCTAL + ".()":
                if ch in "89":
                    raise InputError(f"bad octal code {shown}: {ch!r} is not an octal digit (digits are 0-7)")
                raise InputError(
                    f"bad octal code {shown}: {ch!r} is not an octal digit (digits are 0-7); "
                    f"known names: {', '.join(KNOWN)}"
                )
        points = raw.count(".")
        if points == 0:
            raise InputError(
                f"bad octal code {shown}: missing point; "
                f"write the digits after a point, e.g. 0.{raw} or .{raw}"
            )
        if points > 1:
            raise InputError(f"bad octal code {shown}: more than one point")
        head, tail = raw.split(".")
        if "(" in head or ")" in head:
            raise InputError(f"bad octal code {shown}: parentheses must come after the point")
        if len(head) > 1:
            raise InputError(f"bad octal code {shown}: at most one digit before the point (0 or 4)")
        before = int(head) if head else 0
        if before not in (0, 4):
            raise InputError(f"bad octal code {shown}: " + _BEFORE_MESSAGE.format(before))
        opens, closes = tail.count("("), tail.count(")")
        if opens != closes:
            what = "'(' is never closed" if opens > closes else "')' has no matching '('"
            raise InputError(f"bad octal code {shown}: unbalanced parentheses, {what}")
        repeating = None
        if opens:
            if opens > 1:
                raise InputError(
                    f"bad octal code {shown}: only one repeating digit in parentheses is allowed, at the end"
                )
            i, j = tail.index("("), tail.index(")")
            if j < i:
                raise InputError(f"bad octal code {shown}: unbalanced parentheses, ')' before '('")
            if j != len(tail) - 1:
                raise InputError(
                    f"bad octal code {shown}: the repeating digit in parentheses must come last, as in 0.3(4)"
                )
            inner = tail[i + 1 : j]
            if not inner:
                raise InputError(
                    f"bad octal code {shown}: empty parentheses; put the repeating digit inside, as in 0.3(4)"
                )
            if len(inner) > 1:
                raise InputError(
                    f"bad octal code {shown}: only a single repeating digit is supported, "
                    f"as in 0.3(4); got ({inner})"
                )
            repeating = int(inner)
            tail = tail[:i]
        return cls(before, tuple(int(c) for c in tail), repeating)

    def digit(self, k: int) -> int:
        """The digit ``d_k``: what removing ``k`` tokens may leave (bits 1, 2, 4).

        Parameters
        ----------
        k : int
            Number of tokens removed, ``k >= 0`` (``d_0`` is the digit before the point).

        Returns
        -------
        int
            0..7.

        Raises
        ------
        InputError
            If ``k`` is negative or not an integer.

        Examples
        --------
        >>> c = OctalCode.parse("0.3(4)")
        >>> [c.digit(k) for k in range(5)]
        [0, 3, 4, 4, 4]
        """
        if isinstance(k, bool):
            raise InputError(f"a removal count must be an integer, got {k!r}")
        try:
            k = operator.index(k)
        except TypeError:
            raise InputError(f"a removal count must be an integer, got {k!r}") from None
        if k < 0:
            raise InputError(f"a removal count must be >= 0, got {k}")
        if k == 0:
            return self.before
        if k <= len(self.digits):
            return self.digits[k - 1]
        return self.repeating or 0

    @property
    def max_removal(self) -> int | None:
        """``t``, the largest ``k`` with ``d_k != 0`` (0 if none), or None for a repeating code."""
        if self.repeating is not None:
            return None
        return len(self.digits)

    @property
    def name(self) -> str | None:
        """The name of this game in :data:`KNOWN`, or None."""
        text = str(self)
        for name, code in KNOWN.items():
            if code == text:
                return name
        return None

    def __str__(self) -> str:
        body = "".join(str(d) for d in self.digits)
        if self.repeating is not None:
            body += f"({self.repeating})"
        return f"{self.before}.{body or '0'}"


_BEFORE_MESSAGE = (
    "the digit before the point must be 0 or 4 "
    "(4 = split a heap into two nonempty heaps without removing a token), got {}"
)


def _check_digit(d: object, what: str) -> int:
    if isinstance(d, bool) or not isinstance(d, int):
        raise InputError(f"{what} must be an octal digit 0-7, got {d!r}")
    if not 0 <= d <= 7:
        raise InputError(f"{what} must be an octal digit 0-7, got {d}")
    return d


def _as_code(code: OctalCode | str) -> OctalCode:
    if isinstance(code, OctalCode):
        return code
    return OctalCode.parse(code)


def _as_heap(up_to: object) -> int:
    if isinstance(up_to, bool):
        raise InputError(f"up_to must be a nonnegative integer, got {up_to!r}")
    try:
        n = operator.index(up_to)
    except TypeError:
        raise InputError(f"up_to must be a nonnegative integer, got {up_to!r}") from None
    if n < 0:
        raise InputError(f"up_to must be a nonnegative integer, got {n}")
    if n > MAX_HEAP:
        raise TooLargeError(f"up_to = {n} is larger than the supported {MAX_HEAP}")
    return n


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

try:  # optional: only speeds up long direct computations of games with many values
    import numpy as _np
except ImportError:  # pragma: no cover - exercised by monkeypatching _np in the tests
    _np = None

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


def _compute(code: OctalCode, up_to: int, periodicity: bool) -> tuple[list[int], tuple[int, int] | None]:
    """``G(0..up_to)`` and, for a finite code with ``periodicity``, the
    (period, preperiod) proven from it by the periodicity theorem, or None."""
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
    np = _np if big_splits else None
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


def nim_sequence(code: OctalCode | str, up_to: int, *, periodicity: bool = True) -> list[int]:
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
    return _compute(c, n, periodicity)[0]


def analyse(code: OctalCode | str, up_to: int) -> dict:
    """Nim-sequence of an octal game and its (arithmetic) period.

    This is what ``grundy octal CODE --up-to N --json`` prints.

    * A code with finitely many nonzero digits: ``period`` and ``preperiod``
      are the least ``p`` and ``n0`` with ``G(n + p) = G(n)`` for every
      ``n >= n0``, reported only when the periodicity theorem proves them from
      ``G(0..up_to)`` (i.e. ``2*max(n0, 1) + 2*p + t - 1 <= up_to``); then ``proven``
      is True. Otherwise ``period`` and ``preperiod`` are None and ``proven``
      is False, even if the computed values look periodic: nothing is
      reported that is not proven. ``saltus`` is 0 (finite octal games are
      never arithmetic-periodic).
    * A code with a repeating digit (the theorem does not apply): the least
      ``p``, then least ``n0``, with ``G(n + p) = G(n) + s`` (``s >= 0``, the
      saltus; ``s = 0`` is ordinary periodicity) for all ``n0 <= n <= up_to - p``,
      provided that stretch shows at least four periods and 20 values
      (``up_to - n0 + 1 >= max(4p, 20)``); ``proven`` is always False
      (observed only).
      With no such ``p``: ``period`` and ``preperiod`` None, ``saltus`` 0.

    Parameters
    ----------
    code : OctalCode or str
        The game; a string is read by :meth:`OctalCode.parse`.
    up_to : int
        Largest heap size computed, ``0 <= up_to <=`` :data:`MAX_HEAP`.

    Returns
    -------
    dict
        ``{"code": str (canonical), "sequence": [G(0), ..., G(up_to)],
        "period": int or None, "preperiod": int or None, "saltus": int,
        "proven": bool}``.

    Raises
    ------
    InputError
        A malformed code or ``up_to`` (see :func:`nim_sequence`).
    TooLargeError
        ``up_to`` larger than :data:`MAX_HEAP`.

    Examples
    --------
    >>> r = analyse("0.3(4)", 60)
    >>> r["period"], r["preperiod"], r["saltus"], r["proven"]
    (3, 4, 2, False)
    >>> analyse("0.07", 100)["period"] is None  # 0.07 is proven only from G(0..173)
    True
    """
    c = _as_code(code)
    n = _as_heap(up_to)
    G, proof = _compute(c, n, True)
    result = {
        "code": str(c),
        "sequence": G,
        "period": None,
        "preperiod": None,
        "saltus": 0,
        "proven": False,
    }
    if c.max_removal is not None:
        if proof is not None:
            result["period"], result["preperiod"] = proof
            result["proven"] = True
    else:
        seen = _observed_period(G, n)
        if seen is not None:
            result["period"], result["preperiod"], result["saltus"] = seen
    return result


def format_report(result: dict, width: int = 79) -> str:
    """Human-readable text for a result of :func:`analyse`.

    The sequence is printed in rows that start with the heap size of their
    first value (a period's length per row when the period is between 5 and
    40, so equal columns show the period), then the period, preperiod and
    saltus, and whether they are proven and by which theorem.

    Parameters
    ----------
    result : dict
        As returned by :func:`analyse`.
    width : int, optional
        Maximal line length of the sequence rows (at least one value per row).

    Returns
    -------
    str
        Several lines, no trailing newline.

    Raises
    ------
    InputError
        If ``result`` lacks one of the keys :func:`analyse` returns, or its
        code does not parse.

    Examples
    --------
    >>> print(format_report(analyse("0.07", 20)))
    octal game 0.07 (dawsons-kayles): nim-values G(0..20)
      0 | 0 0 1 1 2 0 3 1 1 0 3 3 2 2 4 0 5 2 2 3
     20 | 3
    period: none proven from G(0..20) (the periodicity theorem needs more values)
    """
    keys = ("code", "sequence", "period", "preperiod", "saltus", "proven")
    missing = [k for k in keys if k not in result]
    if missing:
        raise InputError(f"not an octal analysis: missing {', '.join(missing)}")
    code = OctalCode.parse(result["code"])
    G = list(result["sequence"])
    N = len(G) - 1
    p, n0, s, proven = result["period"], result["preperiod"], result["saltus"], result["proven"]
    title = f"octal game {code}"
    if code.name:
        title += f" ({code.name})"
    lines = [f"{title}: nim-values G(0..{N})"]
    cell = max((len(str(v)) for v in G), default=1)
    label = len(str(N))
    fit = max(1, (width - label - 3 + 1) // (cell + 1))
    per_row = p if p is not None and 5 <= p <= min(40, fit) else min(20, fit)
    for start in range(0, N + 1, per_row):
        row = " ".join(str(v).rjust(cell) for v in G[start : start + per_row])
        lines.append(f"{str(start).rjust(label + 1)} | {row}")
    t = code.max_removal
    if p is None:
        if t is not None:
            lines.append(
                f"period: none proven from G(0..{N}) (the periodicity theorem needs more values)"
            )
        else:
            lines.append(
                f"period: none observed in G(0..{N}) "
                "(looked for G(n+p) = G(n) + s over at least four periods and 20 values)"
            )
        return "\n".join(lines)
    if s:
        lines.append(
            f"arithmetic period {p}, saltus {s}, preperiod {n0}: "
            f"G(n + {p}) = G(n) + {s} for n >= {n0}"
        )
    else:
        lines.append(f"period {p}, preperiod {n0}: G(n + {p}) = G(n) for n >= {n0}")
    if proven and t is not None:
        base = max(n0, 1)
        end = 2 * base + p + t
        lines.append(
            f"proven by the octal periodicity theorem (Guy-Smith 1956; Winning Ways, ch. 4): "
            f"G(n + {p}) = G(n) checked for {n0} <= n < 2*{base} + {p} + {t} = {end} "
            f"(t = {t}, the largest removal), i.e. on G(0..{end + p - 1})"
        )
    elif t is None:
        lines.append(
            f"not proven: observed for {n0} <= n <= {N - p} only "
            "(the code has a repeating digit, so the periodicity theorem does not apply)"
        )
    else:
        lines.append(f"not proven: observed for {n0} <= n <= {N - p} only")
    return "\n".join(lines)


#: Largest heap :func:`misere_outcomes` accepts: misère positions are
#: multisets of heaps, whose number grows like the partitions of the heap.
MAX_MISERE_HEAP = 40


def _misere_options(code: OctalCode, heaps: tuple[int, ...]) -> set[tuple[int, ...]]:
    """Positions one move away from ``heaps`` (a sorted tuple of nonempty heaps)."""
    out = set()
    for idx, h in enumerate(heaps):
        if idx and heaps[idx - 1] == h:
            continue  # equal heaps give the same options
        rest = heaps[:idx] + heaps[idx + 1 :]
        for k in range(0, h + 1):
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
    memoised as sorted tuples).

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
    memo: dict[tuple[int, ...], bool] = {}

    def is_n(heaps: tuple[int, ...]) -> bool:
        known = memo.get(heaps)
        if known is None:
            options = _misere_options(c, heaps)
            known = not options or any(not is_n(o) for o in options)
            memo[heaps] = known
        return known

    return ["N" if is_n((h,) if h else ()) else "P" for h in range(n + 1)]
