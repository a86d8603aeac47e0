"""Reading canonical forms of short games: recognising nimbers
(:func:`nimber_of`) and outcomes (:func:`outcome_of`), the standard notation
(:func:`format_game`) and its parser (:func:`parse_game`).

Notation
--------
:func:`format_game` prints numbers (``3``, ``-5/8``), nimbers (``*``,
``*2``), multiples of up (``↑``, ``⇑``, ``↑3``, ``↓``, ``⇓``, ``↓3``), their
sums with a number and a nimber (``1/2↑*``), symmetric switches (``±1``) and
otherwise nested braces ``{0,*|{1|0}}``. ``ascii=True`` writes ``^``/``v``
for up/down, ``^^``/``vv`` for double up/down and ``+-`` for ``±``.
:func:`parse_game` reads every string :func:`format_game` writes.

"""

from __future__ import annotations

from fractions import Fraction

import pycgt

from grundy.errors import InputError

__all__ = ["nimber_of", "outcome_of", "format_game", "parse_game"]

Game = pycgt.Game
ZERO = pycgt.ZERO


# ---------------------------------------------------------------------------
# Recognising values
# ---------------------------------------------------------------------------


def nimber_of(g: Game) -> int | None:
    """``m`` if the canonical game ``g`` is the nimber ``*m``, else None.

    Canonical nimbers are ``*m = {0, *, ..., *(m-1) | 0, *, ..., *(m-1)}``.

    >>> nimber_of(pycgt.nimber(3)), nimber_of(pycgt.UP)
    (3, None)
    """
    memo: dict[Game, int | None] = {}

    def rec(h: Game) -> int | None:
        if h in memo:
            return memo[h]
        res: int | None = None
        if h.left == h.right:
            vals = set()
            for o in h.left:
                v = rec(o)
                if v is None:
                    vals = None
                    break
                vals.add(v)
            if vals is not None and vals == set(range(len(h.left))):
                res = len(h.left)
        memo[h] = res
        return res

    return rec(g)


def outcome_of(g: Game) -> str:
    """Outcome class of a game: who wins under normal play.

    Returns
    -------
    str
        ``"L"`` (Left wins whoever starts; ``g > 0``), ``"R"`` (``g < 0``),
        ``"N"`` (the first player wins; ``g`` confused with 0) or ``"P"``
        (the second player wins; ``g = 0``).

    >>> outcome_of(pycgt.UP), outcome_of(pycgt.STAR), outcome_of(pycgt.ZERO)
    ('L', 'N', 'P')
    """
    pos, neg = pycgt.geq(g, ZERO), pycgt.geq(ZERO, g)
    if pos and neg:
        return "P"
    if pos:
        return "L"
    if neg:
        return "R"
    return "N"


def _stops(g: Game, memo: dict) -> tuple[Fraction, Fraction]:
    """(Left stop, Right stop) of a canonical game."""
    if g in memo:
        return memo[g]
    x = pycgt.as_number(g)
    if x is not None:
        res = (x, x)
    else:  # a canonical non-number has options on both sides
        res = (max(_stops(l, memo)[1] for l in g.left), min(_stops(r, memo)[0] for r in g.right))
    memo[g] = res
    return res


def _up_nim_parts(g: Game, memo: dict) -> tuple[Fraction, int, int] | None:
    """``(x, k, m)`` with ``g = x + k.↑ + *m``, or None."""
    ls, rs = _stops(g, memo)
    if ls != rs:
        return None
    d = pycgt.add(g, pycgt.number(-ls)) if ls else g
    if not d.left or not d.right:
        return None
    bound = pycgt.birthday(d) + 1
    for a in range(0, bound + 1):
        for k in ((a, -a) if a else (0,)):
            e = pycgt.add(d, pycgt.up_multiple(-k)) if k else d
            m = nimber_of(e)
            if m is not None:
                return ls, k, m
    return None


def _fmt_number(x: Fraction) -> str:
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


def _fmt_ups(k: int, ascii: bool) -> str:
    if k == 0:
        return ""
    one, two = ("^", "^^") if ascii else ("↑", "⇑")
    if k < 0:
        one, two = ("v", "vv") if ascii else ("↓", "⇓")
    k = abs(k)
    return one if k == 1 else two if k == 2 else f"{one}{k}"


def format_game(g: Game, ascii: bool = False) -> str:
    """Standard notation for a short game.

    Parameters
    ----------
    g : pycgt.Game
        Any short game; it is canonicalised first.
    ascii : bool
        Write ``^``, ``^^``, ``v``, ``vv`` and ``+-`` instead of ``↑``,
        ``⇑``, ``↓``, ``⇓`` and ``±``.

    Returns
    -------
    str
        Integers and dyadic fractions (``-5/8``); nimbers ``*``, ``*2``;
        ``x + k.↑ + *m`` as e.g. ``1/2↑*``, ``⇑*``, ``↓3*2`` (``↑3`` is
        three ups: ``↑+↑+↑``); ``±x`` for ``{x|-x}`` with ``x`` a number;
        otherwise ``{L1,L2|R1}`` with the options in this notation, nested
        braces (not ``||``) for deeper games. :func:`parse_game` reads it back.

    >>> from pycgt import parse
    >>> [format_game(parse(s)) for s in ["{0|0}", "{0|*}", "{1|2}", "{1|-1}", "{2|{1|0}}"]]
    ['*', '↑', '3/2', '±1', '{2|{1|0}}']
    >>> format_game(pycgt.add(pycgt.up_multiple(2), pycgt.STAR), ascii=True)
    '^^*'
    """
    stops_memo: dict = {}
    out: dict[Game, str] = {}

    def rec(h: Game) -> str:
        if h in out:
            return out[h]
        x = pycgt.as_number(h)
        if x is not None:
            s = _fmt_number(x)
        else:
            parts = _up_nim_parts(h, stops_memo)
            if parts is not None:
                x, k, m = parts
                s = (_fmt_number(x) if x else "") + _fmt_ups(k, ascii) + (
                    "" if m == 0 else "*" if m == 1 else f"*{m}"
                )
            elif (len(h.left) == 1 and len(h.right) == 1
                  and (y := pycgt.as_number(next(iter(h.left)))) is not None
                  and y > 0 and pycgt.as_number(next(iter(h.right))) == -y):
                s = ("+-" if ascii else "±") + _fmt_number(y)
            else:
                s = ("{" + ",".join(sorted(rec(o) for o in h.left)) + "|"
                     + ",".join(sorted(rec(o) for o in h.right)) + "}")
        out[h] = s
        return s

    return rec(pycgt.canonical(g))


# ---------------------------------------------------------------------------
# Parsing the notation back
# ---------------------------------------------------------------------------


class _Parser:
    def __init__(self, text: str) -> None:
        self.s = text
        self.i = 0

    def error(self, what: str) -> InputError:
        return InputError(f"cannot parse game {self.s!r} at position {self.i}: {what}")

    def peek(self) -> str:
        while self.i < len(self.s) and self.s[self.i].isspace():
            self.i += 1
        return self.s[self.i] if self.i < len(self.s) else ""

    def startswith(self, t: str) -> bool:
        self.peek()
        return self.s.startswith(t, self.i)

    def digits(self) -> str:
        j = self.i
        while j < len(self.s) and self.s[j].isdigit():
            j += 1
        d, self.i = self.s[self.i:j], j
        return d

    def number(self) -> Fraction | None:
        self.peek()
        start = self.i
        neg = self.s.startswith("-", self.i)
        if neg:
            self.i += 1
        d = self.digits()
        if not d:
            self.i = start
            return None
        x = Fraction(int(d))
        if self.s.startswith("/", self.i):
            self.i += 1
            den = self.digits()
            if not den or int(den) == 0 or int(den) & (int(den) - 1):
                raise self.error("denominator must be a power of 2")
            x = Fraction(int(d), int(den))
        return -x if neg else x

    def expr(self) -> Game:
        c = self.peek()
        if c == "{":
            self.i += 1
            left = self.options("|")
            if not self.startswith("|"):
                raise self.error("expected '|'")
            self.i += 1
            if self.startswith("|"):
                raise self.error("'||' is not supported; nest braces instead")
            right = self.options("}")
            if not self.startswith("}"):
                raise self.error("expected '}'")
            self.i += 1
            return pycgt.game(left, right)
        total = ZERO
        seen = False
        x = self.number()
        if x is not None:
            total, seen = pycgt.number(x), True
        k = self.ups()
        if k is not None:
            total, seen = pycgt.add(total, pycgt.up_multiple(k)), True
        if self.startswith("*"):
            self.i += 1
            d = self.digits()
            total, seen = pycgt.add(total, pycgt.nimber(int(d) if d else 1)), True
        if self.startswith("±") or self.startswith("+-"):
            self.i += 1 if self.startswith("±") else 2
            y = self.number()
            if y is None:
                raise self.error("expected a number after ±")
            total, seen = pycgt.add(total, pycgt.game([pycgt.number(y)], [pycgt.number(-y)])), True
        if not seen:
            raise self.error("expected a game")
        return total

    def ups(self) -> int | None:
        c = self.peek()
        if not c:
            return None
        if self.s.startswith("^^", self.i) or self.s.startswith("vv", self.i) or c in "⇑⇓":
            sign = 1 if c in "^⇑" else -1
            self.i += 1 if c in "⇑⇓" else 2
            return 2 * sign
        if c in "^↑v↓":
            sign = 1 if c in "^↑" else -1
            self.i += 1
            d = self.digits()
            return sign * (int(d) if d else 1)
        return None

    def options(self, stop: str) -> list[Game]:
        out: list[Game] = []
        if self.startswith(stop):
            return out
        while True:
            out.append(self.expr())
            if self.startswith(","):
                self.i += 1
                continue
            return out


def parse_game(text: str) -> Game:
    """Read a game written by :func:`format_game` (either alphabet).

    Accepts numbers (``-3/4``), ups and downs (``↑``, ``⇑``, ``↑3``, ``^``,
    ``^^``, ``^3``, ``v``, ``vv``, ``↓``, ``⇓``), nimbers (``*``, ``*3``),
    their sums written together (``1/2↑*``), switches ``±x`` / ``+-x`` (also
    after a number: ``2±1``), and braces ``{L1,L2|R1}`` nesting any of these.

    Returns
    -------
    pycgt.Game
        The canonical form.

    Raises
    ------
    InputError
        On anything else, e.g. ``||`` (write nested braces) or a denominator
        that is not a power of 2.

    >>> format_game(parse_game("{0,*|0}")), format_game(parse_game("^^*"))
    ('↑*', '⇑*')
    """
    p = _Parser(text)
    g = p.expr()
    if p.peek():
        raise p.error("unexpected text")
    return g
