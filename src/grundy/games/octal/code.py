"""Octal game codes: :class:`OctalCode` (parsing, validation, canonical form,
the digit ``d_k`` of each removal), the named games of :data:`KNOWN`, and
the checks of the heap-size arguments (:data:`MAX_HEAP`).

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
maximal removal, and the periodicity theorem (told in
:mod:`grundy.games.octal.sequence`) does not apply to them.
"""

from __future__ import annotations

import operator
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from grundy.errors import InputError, TooLargeError

__all__ = ["KNOWN", "MAX_HEAP", "OctalCode"]

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

#: Largest heap size :func:`nim_sequence` and :func:`analyze_code` accept.
MAX_HEAP = 10_000_000

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
