"""Nim: :class:`NimPosition`, :func:`nim_position` to read one, the nim-sum
rule (:func:`nim_sum`, :func:`nim_winning_moves`) and :func:`analyze_nim`,
what ``grundy nim --json`` prints. Nim is Chomp on disjoint chains; it is
answered directly, without a search.

Source: Mangang, §Nim (the nim-sum rule, Lemmas 1 and 2).
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import reduce
from operator import xor
from typing import Any

from grundy.errors import InputError
from grundy.games.chomp.position import _int

__all__ = ["NimPosition", "analyze_nim", "nim_position", "nim_sum", "nim_winning_moves"]


@dataclass(frozen=True)
class NimPosition:
    """A Nim position: heap sizes (non-negative integers; empty heaps allowed).

    Raises
    ------
    InputError
        No heaps, or a size that is not a non-negative integer.
    """

    heaps: tuple[int, ...]

    def __post_init__(self) -> None:
        if isinstance(self.heaps, (str, bytes)) or not isinstance(self.heaps, Iterable):
            raise InputError(f"heap sizes must be a sequence of integers, not {self.heaps!r}")
        heaps = tuple(_int(x, "heap sizes") for x in self.heaps)
        if not heaps:
            raise InputError("a Nim position needs at least one heap")
        bad = [h for h in heaps if h < 0]
        if bad:
            raise InputError(f"heap sizes must not be negative: {bad[0]}")
        object.__setattr__(self, "heaps", heaps)

    @property
    def spec(self) -> str:
        return "nim:" + ",".join(map(str, self.heaps))

    def __str__(self) -> str:
        return self.spec


def nim_position(spec: str | Sequence[int]) -> NimPosition:
    """Read ``nim:3,4,5`` (the ``nim:`` prefix is optional) or a sequence of sizes.

    Raises
    ------
    InputError
        Malformed spec, no heaps, or a negative size.

    >>> nim_position("nim:3,4,5").heaps
    (3, 4, 5)
    """
    if isinstance(spec, NimPosition):
        return spec
    if not isinstance(spec, str):
        return NimPosition(tuple(spec))
    body = spec.strip()
    if body.lower().startswith("nim:"):
        body = body[4:]
    if not body.strip():
        raise InputError(f"{spec!r}: no heap sizes (write nim:3,4,5)")
    try:
        heaps = tuple(int(p.strip()) for p in body.split(","))
    except ValueError:
        raise InputError(f"{spec!r}: heap sizes must be integers separated by commas") from None
    return NimPosition(heaps)


def nim_sum(heaps: Iterable[int]) -> int:
    """The XOR of the heap sizes: the nim-value of Nim (Mangang, §Nim).

    >>> nim_sum([2, 3, 4, 5])
    0
    """
    return reduce(xor, nim_position(tuple(heaps)).heaps, 0)


def nim_winning_moves(heaps: NimPosition | Sequence[int]) -> list[tuple[int, int]]:
    """Every move to nim-sum 0, as ``(heap, new_size)`` with heaps numbered from 1.

    With nim-sum ``s != 0``, heap ``i`` has one when ``h_i xor s < h_i``
    (Mangang, §Nim, Lemma 2: true at least for a heap with the leading bit of
    ``s``); with ``s == 0`` there is none.

    >>> nim_winning_moves([2, 3, 4])
    [(3, 1)]
    """
    hs = nim_position(heaps).heaps
    s = reduce(xor, hs, 0)
    if s == 0:
        return []
    return [(i, h ^ s) for i, h in enumerate(hs, start=1) if h ^ s < h]


def analyze_nim(heaps: NimPosition | str | Sequence[int], name: str | None = None) -> dict[str, Any]:
    """Everything ``grundy nim --json`` prints about a Nim position.

    Returns
    -------
    dict
        ``{"name", "game": "nim", "value", "outcome", "winning_moves":
        [{"heap": i, "to": size}, ...], "heaps", "explanation", "stats":
        {"positions": 0, "seconds"}}``. A winning move names the heap
        (numbered from 1) and the size it is reduced **to** (it takes
        ``heaps[i-1] - to`` counters). No search: ``positions`` is 0.

    Raises
    ------
    InputError
        As :func:`nim_position`.
    """
    start = time.perf_counter()
    if name is None and isinstance(heaps, str):
        name = heaps.strip()
    pos = nim_position(heaps)
    s = nim_sum(pos.heaps)
    wins = nim_winning_moves(pos.heaps)
    xs = " xor ".join(map(str, pos.heaps))
    explanation = [
        f"nim-sum {xs} = {s} (Mangang, §Nim, Theorem: a position is a P-position exactly when its nim-sum is 0)",
    ]
    if s:
        explanation.append(
            f"a winning move reduces a heap h to h xor {s} wherever that is smaller "
            "(Mangang, §Nim, Lemma 2), leaving nim-sum 0: "
            + ", ".join(f"heap {i} from {pos.heaps[i - 1]} to {t}" for i, t in wins)
        )
    else:
        explanation.append(
            "no move leaves nim-sum 0: every move changes it to a nonzero value (Mangang, §Nim, Lemma 1)"
        )
    return {
        "name": name if name is not None else pos.spec,
        "game": "nim",
        "value": s,
        "outcome": "N" if s else "P",
        "winning_moves": [{"heap": i, "to": t} for i, t in wins],
        "heaps": list(pos.heaps),
        "explanation": explanation,
        "stats": {"positions": 0, "seconds": round(time.perf_counter() - start, 6)},
    }
