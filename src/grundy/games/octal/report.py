"""An octal game's nim-sequence with its period for the user: :func:`analyze_code`
(what ``grundy octal CODE --json`` prints: the period proven by the
periodicity theorem, or for a repeating code the arithmetic period observed)
and :func:`format_report`, its human-readable form."""

from __future__ import annotations

from collections.abc import Callable

from grundy.errors import InputError
from grundy.games.octal.code import OctalCode, _as_code, _as_heap
from grundy.games.octal.sequence import _compute, _observed_period

__all__ = ["analyze_code", "format_report"]


def analyze_code(code: OctalCode | str, up_to: int, stop: Callable[[], None] | None = None) -> dict:
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
    stop : callable, optional
        Called every 64 heaps valued by the mex rule; may raise to stop
        (a limit: :class:`grundy.errors.SearchLimitReached`).

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
    >>> r = analyze_code("0.3(4)", 60)
    >>> r["period"], r["preperiod"], r["saltus"], r["proven"]
    (3, 4, 2, False)
    >>> analyze_code("0.07", 100)["period"] is None  # 0.07 is proven only from G(0..173)
    True
    """
    c = _as_code(code)
    n = _as_heap(up_to)
    G, proof = _compute(c, n, True, stop)
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
    """Human-readable text for a result of :func:`analyze_code`.

    The sequence is printed in rows that start with the heap size of their
    first value (a period's length per row when the period is between 5 and
    40, so equal columns show the period), then the period, preperiod and
    saltus, and whether they are proven and by which theorem.

    Parameters
    ----------
    result : dict
        As returned by :func:`analyze_code`.
    width : int, optional
        Maximal line length of the sequence rows (at least one value per row).

    Returns
    -------
    str
        Several lines, no trailing newline.

    Raises
    ------
    InputError
        If ``result`` lacks one of the keys :func:`analyze_code` returns, or its
        code does not parse.

    Examples
    --------
    >>> print(format_report(analyze_code("0.07", 20)))
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
