"""Analysis of a poset game for the user: :func:`analyze_poset` (value,
outcome, winning moves, option table and explanation, in the user's labels)
and :func:`text_report`, its human-readable form (shared with
:func:`grundy.games.complexes.analyze_complex`).

It takes a :class:`Poset`: a spec or a file name is read by
:func:`grundy.readwrite.posets.load_poset` (the readers import the games,
not the other way round).
"""

from __future__ import annotations

from typing import Any

from grundy.errors import InputError, SearchLimitReached, keep_found
from grundy.core.explain import measured, sum_values, winning_options
from grundy.core.moves import Move, label_json, label_str
from grundy.games.graphs.bitset import components
from grundy.games.graphs.graph import bits
from grundy.games.posets.game import PosetSolver
from grundy.games.posets.poset import Poset, _down_sets

__all__ = ["analyze_poset", "text_report"]


def analyze_poset(
    poset: Poset,
    *,
    option_table: bool = False,
    solver: PosetSolver | None = None,
    name: str | None = None,
) -> dict[str, Any]:
    """Nim-value, outcome, winning moves and explanation of a poset game.

    Parameters
    ----------
    poset : Poset
        The position (a spec is read by :func:`grundy.readwrite.posets.load_poset`,
        or answered whole by :func:`grundy.analyze`: the games do not import the readers).
    option_table : bool
        Also give every move with the value of the position it leads to
        (``"options"``).
    solver : PosetSolver, optional
        Reuse a solver and its table (limits are the solver's).
    name : str, optional
        The ``"name"`` reported (default ``""``).

    Returns
    -------
    dict
        ``{"name", "game": "poset", "dual", "value", "outcome",
        "winning_moves": [{"element": x}, ...], "elements": [...],
        "relations": [[a, b], ...] (cover relations, a < b),
        "explanation": [...], "stats": {...}}`` and ``"options": [{"element":
        x, "value": v}, ...]`` with ``option_table``. Labels are JSON
        (tuples become lists).

    Raises
    ------
    InputError
        If ``poset`` is not a :class:`Poset` (a spec string, say).
    SearchLimitReached
        If the solver's limit stops the search (what it learned stays in
        its table); after the value was found, with ``value``, ``outcome``
        and the winning moves found so far set.

    >>> from grundy.games.posets.families import build_poset_family
    >>> a = analyze_poset(build_poset_family("chain:2"))
    >>> a["value"], a["outcome"], a["winning_moves"]
    (2, 'N', [{'element': 1}])
    """
    if not isinstance(poset, Poset):
        raise InputError(f"analyze_poset takes a Poset, not {type(poset).__name__}: read a spec with "
                         "grundy.readwrite.posets.load_poset, or ask grundy.analyze")
    if solver is None:
        solver = PosetSolver()
    labels = poset.labels
    up = poset.game_up
    n = poset.n
    everything = (1 << n) - 1

    def namer(mask: int) -> str:
        if mask == everything and n > 1:
            return "the poset"
        return "{" + ", ".join(label_str(labels[i]) for i in bits(mask)) + "}"

    with measured(solver) as stats:
        rule = "a move picks an element x and removes every element " + ("<= x" if poset.dual else ">= x")
        trace = [f"poset game: {rule}; the player who cannot move loses"]
        down = _down_sets(up)
        comparable = tuple(u | d for u, d in zip(up, down))
        comps = components(comparable, everything)
        if not comps:
            trace.append("the empty poset: no move, value 0")
        comp_values, total = sum_values(
            solver,
            comps,
            lambda comp, tr: solver.decompose(up, comp, tr, namer),
            namer,
            lambda comp: comp,
            trace,
        )
        winning: list[int] = []
        table: list[tuple[int, int]] = []
        candidates = ((total ^ cval, i, lambda comp=comp, i=i: solver.decompose(up, comp & ~(up[i] | 1 << i)))
                      for comp, cval in zip(comps, comp_values) for i in bits(comp))
        try:
            winning_options(solver, candidates, option_table, winning, table, total)
        except (SearchLimitReached, KeyboardInterrupt) as stop:  # the value was found: it, and the moves found, are kept
            keep_found(stop, total, "P" if total == 0 else "N", [Move(element=labels[i]) for i in sorted(winning)])
            raise
    out: dict[str, Any] = {
        "name": name or "",
        "game": "poset",
        "dual": poset.dual,
        "value": total,
        "outcome": "P" if total == 0 else "N",
        "winning_moves": [{"element": label_json(labels[i])} for i in sorted(winning)],
        "elements": [label_json(x) for x in labels],
        "relations": [[label_json(a), label_json(b)] for a, b in poset.covers()],
        "explanation": trace,
        "stats": stats,
    }
    if option_table:
        out["options"] = [{"element": label_json(labels[i]), "value": v} for i, v in sorted(table)]
    return out


def _move_text(move: dict[str, Any]) -> str:
    if "face" in move:
        return "{" + ",".join(label_str(_label_back(x)) for x in move["face"]) + "}"
    return label_str(_label_back(move["element"]))


def _label_back(x: Any) -> Any:
    return tuple(_label_back(y) for y in x) if isinstance(x, list) else x


def text_report(result: dict[str, Any]) -> str:
    """A human-readable report of a :func:`analyze_poset` or
    :func:`grundy.games.complexes.analyze_complex` result: value and outcome,
    winning moves (faces printed as ``{1,4}``), options if present, and the
    explanation.

    >>> from grundy.games.posets.families import build_poset_family
    >>> print(text_report(analyze_poset(build_poset_family("antichain:2"), name="antichain:2")))
    antichain:2: value 0 (P)
    winning moves: none
    - poset game: a move picks an element x and removes every element >= x; the player who cannot move loses
    - 2 components: a disjoint sum, values combine by nim-sum [Sprague-Grundy]
    - {1}: a lone element, a nim-heap of size 1
    - {1} has value 1
    - {2}: a lone element, a nim-heap of size 1
    - {2} has value 1
    - nim-sum 1 xor 1 = 0
    - value 0: P-position, the player to move loses
    """
    lines = [f"{result.get('name') or result.get('game')}: value {result['value']} ({result['outcome']})"]
    moves = result.get("winning_moves") or []
    lines.append("winning moves: " + (", ".join(_move_text(m) for m in moves) if moves else "none"))
    if "options" in result:
        lines.append("options: " + ", ".join(f"{_move_text(m)} -> {m['value']}" for m in result["options"]))
    lines.extend(f"- {line}" for line in result.get("explanation", []))
    return "\n".join(lines)
