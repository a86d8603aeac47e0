"""Named families of posets (:data:`POSET_FAMILIES`), written ``name:params``
(``chain:5``, ``divisors:30``, ``boolean:3``, ``product:2,3``), and
:func:`build_poset_family`, which builds one. What each family is as a game
(Nim, Chomp's forms, subset take-away) is told in :mod:`grundy.games.posets`."""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass

from grundy.errors import InputError, TooLargeError
from grundy.games.graphs.formulas import plural
from grundy.games.posets.poset import MAX_ELEMENTS, Poset

__all__ = ["PosetFamily", "POSET_FAMILIES", "build_poset_family"]


@dataclass(frozen=True)
class PosetFamily:
    """A named family of posets, written ``name:params``."""

    name: str
    params: str
    description: str
    build: Callable[[tuple[int, ...]], Poset]
    size: Callable[[tuple[int, ...]], int]
    arity: tuple[int, int | None]


def _chain(p: tuple[int, ...]) -> Poset:
    (n,) = p
    return Poset(range(1, n + 1), [((1 << n) - 1) & ~((2 << i) - 1) for i in range(n)])


def _antichain(p: tuple[int, ...]) -> Poset:
    (n,) = p
    return Poset(range(1, n + 1), [0] * n)


def _divisors_of(n: int) -> list[int]:
    small, large = [], []
    d = 1
    while d * d <= n:
        if n % d == 0:
            small.append(d)
            if d * d != n:
                large.append(n // d)
        d += 1
    return small + large[::-1]


def _divisors(p: tuple[int, ...]) -> Poset:
    (n,) = p
    ds = [d for d in _divisors_of(n) if d > 1]
    up = [sum(1 << j for j, e in enumerate(ds) if e != d and e % d == 0) for d in ds]
    return Poset(ds, up)


def _boolean(p: tuple[int, ...]) -> Poset:
    (n,) = p
    masks = sorted(range(1, 1 << n), key=lambda m: (m.bit_count(), [i for i in range(n) if m >> i & 1]))
    labels = [tuple(i + 1 for i in range(n) if m >> i & 1) for m in masks]
    up = [sum(1 << j for j, b in enumerate(masks) if b != a and a & b == a) for a in masks]
    return Poset(labels, up)


def _product(p: tuple[int, ...]) -> Poset:
    import itertools

    elems = list(itertools.product(*(range(k) for k in p)))
    up = [
        sum(1 << j for j, b in enumerate(elems) if b != a and all(x <= y for x, y in zip(a, b)))
        for a in elems
    ]
    return Poset(elems, up)


def _check_divisors(p: tuple[int, ...]) -> int:
    (n,) = p
    if n > 10**12:
        raise TooLargeError(f"divisors:{n}: n is at most 10^12 (factorised by trial division)")
    return len(_divisors_of(n)) - 1


POSET_FAMILIES: dict[str, PosetFamily] = {
    f.name: f
    for f in [
        PosetFamily("chain", "n", "n elements 1 < 2 < ... < n: a nim-heap of size n", _chain, lambda p: p[0], (1, 1)),
        PosetFamily("antichain", "n", "n incomparable elements 1..n: value n mod 2", _antichain, lambda p: p[0], (1, 1)),
        PosetFamily(
            "divisors",
            "n",
            "divisors of n except 1, ordered by divisibility (Chomp's number-theoretic form, the poison 1 removed)",
            _divisors,
            _check_divisors,
            (1, 1),
        ),
        PosetFamily(
            "boolean",
            "n",
            "nonempty subsets of {1..n} by inclusion (the empty set is the poison, removed): "
            "subset take-away on the full simplex",
            _boolean,
            lambda p: (1 << p[0]) - 1 if p[0] <= 13 else MAX_ELEMENTS + 1,
            (1, 1),
        ),
        PosetFamily(
            "product",
            "a,b,...",
            "product of chains of a, b, ... elements (tuples, ordered componentwise); "
            "product:m,n minus its bottom (0,0) is m x n Chomp with the poison removed",
            _product,
            lambda p: math.prod(p),
            (1, None),
        ),
    ]
}


def _parse_ints(text: str, spec: str) -> tuple[int, ...]:
    out = []
    for part in text.split(","):
        part = part.strip()
        if not re.fullmatch(r"[+-]?[0-9]+", part):
            raise InputError(f"{spec[:60]}: parameter {part[:40]!r} is not an integer")
        if len(part) > 4000:
            raise TooLargeError(f"{spec[:40]}...: a parameter of {len(part)} digits")
        out.append(int(part))
    return tuple(out)


def build_poset_family(spec: str, *, dual: bool = False) -> Poset:
    """Build a poset from a family spec ``name:params`` (see :data:`POSET_FAMILIES`).

    Raises
    ------
    InputError
        On an unknown family, a wrong number of parameters or a parameter
        that is not a positive integer.
    TooLargeError
        If the poset would have more than ``MAX_ELEMENTS`` elements.

    >>> build_poset_family("divisors:12").labels
    (2, 3, 4, 6, 12)
    >>> build_poset_family("chain:0")
    Traceback (most recent call last):
    ...
    grundy.errors.InputError: chain:0: sizes must be positive integers, got 0
    """
    name, sep, rest = spec.partition(":")
    fam = POSET_FAMILIES.get(name.strip().lower())
    if fam is None:
        known = ", ".join(f"{f.name}:{f.params}" for f in POSET_FAMILIES.values())
        raise InputError(f"unknown poset family {name!r}; known: {known}")
    if not sep or not rest.strip():
        raise InputError(f"{spec}: the family {fam.name} needs parameters {fam.name}:{fam.params}")
    params = _parse_ints(rest, spec)
    lo, hi = fam.arity
    if len(params) < lo or (hi is not None and len(params) > hi):
        raise InputError(f"{spec}: expected {fam.name}:{fam.params}, got {plural(len(params), 'parameter')}")
    bad = [p for p in params if p <= 0]
    if bad:
        raise InputError(f"{spec}: sizes must be positive integers, got {bad[0]}")
    size = fam.size(params)
    if size > MAX_ELEMENTS:
        raise TooLargeError(f"{spec}: {size} elements; at most {MAX_ELEMENTS} are built")
    p = fam.build(params)
    return Poset(p.labels, p.up, dual=dual) if dual else p
