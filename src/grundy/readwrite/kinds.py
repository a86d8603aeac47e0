"""One registry of position kinds: which game a spec or a file names.

A spec is a graph unless it names another kind: ``chomp:`` (rectangular
Chomp by row lengths), ``nim:`` (Nim heaps), ``octal:CODE:heaps`` (heaps of
an octal game), a poset family (``chain:``,
``divisors:``...) or a ``.poset`` file, a complex family (``torus``,
``simplex-boundary:``...) or a ``.facets`` file; a ``.json`` file is a
complex if it has ``"facets"``, a poset if it has ``"relations"`` or
``"elements"``, else a graph. Nothing is searched or built here but the
position itself (:func:`load_other`).
"""

from __future__ import annotations

import os
import re
from typing import Any

__all__ = ["KINDS", "MAX_OCTAL_HEAP", "OctalPosition", "SPEC_KINDS", "family_rows", "kind_of", "load_other",
           "parse_octal_position"]

#: The kinds of position, with what a move is in each.
KINDS: dict[str, str] = {
    "graph": "a graph (impartial graph rulesets, Graph Chomp by default)",
    "poset": "a poset game (a move removes an element and everything above it)",
    "complex": "subset take-away on a simplicial complex (a move removes a face and every face containing it)",
    "chomp": "rectangular Chomp by row lengths (a move eats a square and everything above and right of it)",
    "nim": "Nim (a move takes counters from one heap)",
    "octal": "an octal game on heaps, octal:CODE:h1,h2,... (a move as the code allows on one heap)",
}

#: The kinds a spec names by its first word (``chomp:3,2``, ``nim:1,2``, ``octal:0.07:5``).
SPEC_KINDS = ("chomp", "nim", "octal")

#: Largest heap of an ``octal:`` position (its nim-sequence is computed up
#: to the largest heap; codes with no proven period cost O(n^2)).
MAX_OCTAL_HEAP = 100_000

#: Most rows of a ``chomp:`` board (``chomp:MxN`` is stored as M rows).
MAX_CHOMP_ROWS = 100_000

#: Most digits of a number in a ``chomp:`` or ``nim:`` spec.
MAX_DIGITS = 4000

_INTEGER = re.compile(r"[+-]?[0-9]+")
_DIGITS = re.compile(r"[0-9]+")


class OctalPosition:
    """Heaps of an octal game: ``code`` (:class:`~grundy.games.octal.OctalCode`)
    and ``heaps`` (tuple of int >= 0)."""

    def __init__(self, code: Any, heaps: tuple[int, ...]) -> None:
        self.code = code
        self.heaps = heaps


def parse_octal_position(spec: str) -> OctalPosition:
    """Read ``octal:CODE:h1,h2,...`` (CODE as ``grundy octal`` takes it:
    ``0.07``, ``kayles``...).

    Raises
    ------
    InputError
        A malformed code or heap list, a negative heap, or a heap over
        :data:`MAX_OCTAL_HEAP`.

    >>> p = parse_octal_position("octal:0.07:5,3")
    >>> str(p.code), p.heaps
    ('0.07', (5, 3))
    """
    from grundy.errors import InputError, TooLargeError
    from grundy.games.octal import OctalCode

    parts = spec.strip().split(":")
    if len(parts) != 3 or parts[0].lower() != "octal" or not parts[2].strip():
        raise InputError(f"{spec!r}: an octal position is octal:CODE:h1,h2,... (e.g. octal:0.07:5,3)")
    code = OctalCode.parse(parts[1].strip())
    heaps = []
    for token in parts[2].split(","):
        token = token.strip()
        if not _DIGITS.fullmatch(token):  # ASCII digits: str.isdigit would take '²' and '٣'
            raise InputError(f"{_short(spec)}: heap sizes must be integers >= 0, not {token[:40]!r}")
        if len(token) > 20:
            raise TooLargeError(f"{_short(spec)}: a heap of {len(token)} digits is larger than the supported {MAX_OCTAL_HEAP}")
        h = int(token)
        if h > MAX_OCTAL_HEAP:
            raise TooLargeError(f"{spec!r}: heap {h} is larger than the supported {MAX_OCTAL_HEAP}")
        heaps.append(h)
    return OctalPosition(code, tuple(heaps))


def _short(text: str, width: int = 60) -> str:
    """``repr`` of ``text``, cut to about ``width`` characters."""
    return repr(text if len(text) <= width else text[:width] + "...")


def _check_integers(text: str, head: str, what: str, example: str) -> list[str]:
    """The comma-separated tokens after ``head:`` (the prefix is optional),
    each ASCII digits with an optional sign, at most :data:`MAX_DIGITS`
    digits: ``int()`` alone would also take ``1_0`` and other scripts'
    digits, and fail with a ValueError on thousands of digits.

    Raises
    ------
    InputError
        Naming the first token that is not such an integer.
    TooLargeError
        A number of more than :data:`MAX_DIGITS` digits.
    """
    from grundy.errors import InputError, TooLargeError

    body = text.strip()
    if body.lower().startswith(head + ":"):
        body = body[len(head) + 1 :]
    if not body.strip():
        return []  # the game's own parser names the problem
    tokens = [t.strip() for t in body.split(",")]
    for token in tokens:
        if not _INTEGER.fullmatch(token):
            raise InputError(f"{_short(text)}: {what} must be integers separated by commas (as in {example}), "
                             f"not {token[:40]!r}")
        if len(token) > MAX_DIGITS:
            raise TooLargeError(f"{_short(text)}: a number of {len(token)} digits (at most {MAX_DIGITS})")
    return tokens


def _check_chomp_spec(text: str) -> None:
    """Refuse a ``chomp:`` spec whose numbers are not plain ASCII integers,
    or whose board has more than :data:`MAX_CHOMP_ROWS` rows (a rectangle
    ``chomp:MxN`` is stored row by row: ``M`` rows would not fit in memory).

    Raises
    ------
    InputError, TooLargeError
    """
    from grundy.errors import TooLargeError

    body = text.strip()
    if body.lower().startswith("chomp:"):
        body = body[len("chomp:") :]
    if "x" in body.lower():
        parts = body.lower().split("x")
        if len(parts) == 2:
            from grundy.errors import InputError

            m, n = (p.strip() for p in parts)
            for token in (m, n):
                if not _INTEGER.fullmatch(token):
                    raise InputError(f"{_short(text)}: a rectangle is chomp:MxN with integers M, N, not {token[:40]!r}")
                if len(token) > MAX_DIGITS:
                    raise TooLargeError(f"{_short(text)}: a number of {len(token)} digits (at most {MAX_DIGITS})")
            if int(m) > MAX_CHOMP_ROWS:
                raise TooLargeError(f"{_short(text)}: {m} rows; at most {MAX_CHOMP_ROWS} are supported")
        return  # the game's own parser names any other problem
    rows = _check_integers(text, "chomp", "row lengths", "chomp:5,3,3")
    if len(rows) > MAX_CHOMP_ROWS:
        raise TooLargeError(f"{_short(text)}: {len(rows)} rows; at most {MAX_CHOMP_ROWS} are supported")


def kind_of(spec: str) -> str:
    """The kind of position a spec names: one of :data:`KINDS`.

    >>> [kind_of(s) for s in ("wheel:9", "chomp:3,2", "nim:1,2", "divisors:30", "torus")]
    ['graph', 'chomp', 'nim', 'poset', 'complex']
    """
    from grundy.games.graphs.families import FAMILIES

    text = spec.strip()
    head = text.split(":", 1)[0].lower()
    if head in SPEC_KINDS:
        return head
    if head in FAMILIES:  # a graph family: the other games' modules are not even imported
        return "graph"
    from grundy.games.complexes import COMPLEX_FAMILIES
    from grundy.games.posets import POSET_FAMILIES

    if head in POSET_FAMILIES:
        return "poset"
    if head in COMPLEX_FAMILIES:
        return "complex"
    lower = text.lower()
    if lower.endswith(".poset"):
        return "poset"
    if lower.endswith(".facets"):
        return "complex"
    if lower.endswith(".json") and os.path.isfile(text):
        try:
            with open(text, encoding="utf-8") as fh:
                head_text = fh.read(100_000)
        except (OSError, UnicodeDecodeError):
            return "graph"  # the graph reader reports it
        if '"facets"' in head_text:
            return "complex"
        if '"relations"' in head_text or '"elements"' in head_text:
            return "poset"
    return "graph"


def load_other(kind: str, spec: str) -> Any:
    """Read a position that is not a graph: a
    :class:`~grundy.games.chomp.ChompPosition`,
    :class:`~grundy.games.chomp.NimPosition`,
    :class:`~grundy.games.posets.Poset` or
    :class:`~grundy.games.complexes.Complex`.

    Raises
    ------
    InputError
        If the spec is malformed or too large.
    ValueError
        If ``kind`` is ``"graph"`` or unknown.
    """
    text = spec.strip()
    if kind == "chomp":
        from grundy.games.chomp import parse_chomp

        _check_chomp_spec(text)
        return parse_chomp(text)
    if kind == "nim":
        from grundy.games.chomp import nim_position

        _check_integers(text, "nim", "heap sizes", "nim:3,4,5")
        return nim_position(text)
    if kind == "octal":
        return parse_octal_position(text)
    if kind == "poset":
        from grundy.readwrite.posets import load_poset

        return load_poset(text)
    if kind == "complex":
        from grundy.readwrite.complexes import load_complex

        return load_complex(text)
    raise ValueError(f"not a kind of position other than graphs: {kind!r}")


def family_rows() -> list[dict[str, str]]:
    """Every named family and position syntax, as ``grundy families --json``
    lists them: ``{name, kind, params, syntax, requires, definition}``
    (graph families, then poset and complex families, then ``chomp:``,
    ``nim:`` and ``octal:``)."""
    from grundy.games.complexes import COMPLEX_FAMILIES
    from grundy.games.graphs.families import list_families
    from grundy.games.posets import POSET_FAMILIES

    rows = [
        {"name": f.name, "kind": "graph", "params": f.params, "syntax": f.syntax, "requires": f.requires,
         "definition": f.definition}
        for f in list_families()
    ]
    for kind, table in (("poset", POSET_FAMILIES), ("complex", COMPLEX_FAMILIES)):
        for fam in table.values():
            rows.append({"name": fam.name, "kind": kind, "params": fam.params,
                         "syntax": f"{fam.name}:{fam.params}" if fam.params else fam.name,
                         "requires": "", "definition": fam.description})
    rows.append({"name": "chomp", "kind": "chomp", "params": "r1,r2,...", "syntax": "chomp:r1,r2,...",
                 "requires": "row lengths >= 1, non-increasing (or chomp:MxN)",
                 "definition": "rectangular Chomp by row lengths (chomp:MxN for a rectangle)"})
    rows.append({"name": "nim", "kind": "nim", "params": "h1,h2,...", "syntax": "nim:h1,h2,...",
                 "requires": "heap sizes >= 0", "definition": "Nim heaps"})
    rows.append({"name": "octal", "kind": "octal", "params": "CODE:h1,h2,...", "syntax": "octal:CODE:h1,h2,...",
                 "requires": "an octal code as `grundy octal` takes it; heap sizes >= 0",
                 "definition": "heaps of an octal game (e.g. octal:0.07:5,3, Dawson's Kayles)"})
    return rows
