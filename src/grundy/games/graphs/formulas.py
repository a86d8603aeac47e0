"""Closed forms of Graph Chomp nim-values that need only a few numbers.

These functions take parameters (counts, part sizes, tail lengths), not
graphs, so they also answer for families too large to build. The functions in
:mod:`grundy.games.graphs.theory` recognise the same structures on actual graphs.
Every result here is checked against plain search in the tests.
"""

from __future__ import annotations

__all__ = [
    "plural",
    "bipartite_value",
    "forest_value",
    "complete_value",
    "complete_multipartite_value",
    "gmk_value",
    "BIPARTITE_SOURCE",
    "FOREST_SOURCE",
    "COMPLETE_SOURCE",
    "MULTIPARTITE_SOURCE",
    "GMK_SOURCE",
]

BIPARTITE_SOURCE = "Khandhawit-Ye, Theorem 3 / Table 2 (bipartite graphs)"
FOREST_SOURCE = "Draisma-van Rijnswou, Theorem 2; Khandhawit-Ye, Corollary 1 (forests)"
COMPLETE_SOURCE = "Khandhawit-Ye, Lemma 1; Draisma-van Rijnswou, Corollary 4 (K_n)"
MULTIPARTITE_SOURCE = "Khandhawit-Ye, Theorem 2 (complete multipartite graphs)"
GMK_SOURCE = "Khandhawit-Ye, Theorem 5 (the pseudotree G_{m,k})"


def plural(n: int, singular: str, plural_form: str | None = None) -> str:
    """``n`` followed by the noun in the right number, for messages and
    explanations: the singular for exactly 1, else ``plural_form`` (by
    default the singular with an ``s``).

    >>> plural(1, "vertex", "vertices"), plural(0, "vertex", "vertices"), plural(2, "edge")
    ('1 vertex', '0 vertices', '2 edges')
    """
    return f"{n} {singular if n == 1 else (plural_form or singular + 's')}"


#: Letters whose spoken name starts with a vowel sound ("an N-position", "an F").
_VOWEL_LETTERS = frozenset("AEFHILMNORSX")


def article(word: object) -> str:
    """``word`` (a number, a letter or a word) after "a" or "an" as it is
    spoken: an 8, an 11, an 18, an 80, an 8 x 10 board, an 11,000; a 1, a 7, a 100;
    an N-position, a P-position; an int, a float.

    >>> [article(x) for x in (8, 11, 18, 80, 1, 7, 100, 1100, 11000, "8 x 10")]
    ['an 8', 'an 11', 'an 18', 'an 80', 'a 1', 'a 7', 'a 100', 'a 1100', 'an 11000', 'an 8 x 10']
    >>> [article(x) for x in ("N-position", "P", "int", "float")]
    ['an N-position', 'a P', 'an int', 'a float']
    """
    text = str(word)
    digits = ""
    for ch in text:
        if ch.isdigit():
            digits += ch
        elif ch != "," or not digits:
            break
    if digits:
        lead = digits[: len(digits) % 3 or 3]  # the group before the first thousands: "11" of 11,000
        an = lead.startswith("8") or lead in ("11", "18")
    elif len(text) == 1 or (len(text) > 1 and not text[1].isalpha() and text[0].isupper()):
        an = text[:1].upper() in _VOWEL_LETTERS  # a letter, said by its name
    else:
        an = text[:1].lower() in "aeio"
    return ("an " if an else "a ") + text


def bipartite_value(vertices: int, edges: int) -> int:
    """Nim-value of any bipartite graph with the given numbers of vertices
    and edges (Khandhawit-Ye, Theorem 3, Table 2).

    Table 2: v even, e even -> 0; v odd, e even -> 1; v even, e odd -> 2;
    v odd, e odd -> 3.

    >>> [bipartite_value(v, e) for v, e in [(4, 4), (5, 4), (4, 3), (3, 3)]]
    [0, 1, 2, 3]
    """
    return (vertices & 1) | ((edges & 1) << 1)


def forest_value(vertices: int, components: int) -> int:
    """Nim-value of a forest (Draisma-van Rijnswou, Theorem 2; Khandhawit-Ye,
    Corollary 1): with c components, e = v - c, so by Table 2 the value is
    0 (c even, v even), 3 (c even, v odd), 2 (c odd, v even), 1 (c odd, v odd).

    >>> forest_value(5, 1), forest_value(4, 1), forest_value(4, 2), forest_value(5, 2)
    (1, 2, 0, 3)
    """
    return bipartite_value(vertices, vertices - components)


def complete_value(n: int) -> int:
    """Nim-value of the complete graph K_n: n mod 3 (Khandhawit-Ye, Lemma 1).

    >>> [complete_value(n) for n in range(7)]
    [0, 1, 2, 0, 1, 2, 0]
    """
    return n % 3


def complete_multipartite_value(parts: list[int] | tuple[int, ...]) -> int:
    """Nim-value of the complete multipartite graph K_{a_1,...,a_k}: p mod 3
    where p is the number of parts of odd size (Khandhawit-Ye, Theorem 2).

    >>> complete_multipartite_value([3, 2, 1])
    2
    """
    return sum(1 for a in parts if a % 2) % 3


def gmk_value(m: int, k: int) -> int:
    """Nim-value of the pseudotree G_{m,k} for m, k >= 1 (Khandhawit-Ye,
    Theorem 5): writing m = 3a + i, k = 3b + j with 1 <= i, j <= 3, the value is
    4n if i + j is even and 4n + 2 if it is odd, where n = (a xor b) + 1.
    It does not depend on the (odd) length of the cycle.

    Raises
    ------
    ValueError
        If m < 1 or k < 1 (the theorem covers m, k >= 1).

    >>> [gmk_value(1, k) for k in range(1, 7)]
    [4, 6, 4, 8, 10, 8]
    """
    if m < 1 or k < 1:
        raise ValueError("Theorem 5 covers G_{m,k} with m, k >= 1")
    a, i = divmod(m - 1, 3)
    b, j = divmod(k - 1, 3)
    n = (a ^ b) + 1
    return 4 * n + (2 if (i + j) % 2 else 0)
