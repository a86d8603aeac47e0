"""What the commands that answer positions (``value``, ``moves``, ``form``)
share: reading every SPEC before any search, checking ``--game``, refusing
an option that a kind of position cannot honour, and one ``--max-positions``
budget over every position given."""

from __future__ import annotations

import sys
from typing import Any

from grundy.core.table import compact_available
from grundy.errors import InputError, SearchLimitReached, TooLargeError
from grundy.games.graphs.rulesets import RULESETS, ruleset_name
from grundy.readwrite.graphs import LoadedPosition, load
from grundy.readwrite.kinds import kind_of, load_other
from grundy.results import size_refusal, table_refusal


def _check_game(game: str, items: list[LoadedPosition]) -> None:
    """Refuse a partizan game where a nim-value is asked for, printing its
    canonical form instead; refuse unknown names listing every valid one.

    Raises
    ------
    InputError
        Always for a partizan or unknown game.
    """
    if game in RULESETS:
        return
    from grundy.games.partizan import PARTIZAN_RULESETS, partizan_value

    if game in PARTIZAN_RULESETS:
        forms = []
        for item in items:
            if item.graph is None:
                raise InputError(f"{item.name}: too large to build ({item.vertices} vertices)")
            v = partizan_value(game, item.graph)
            forms.append(f"{item.name} = {v} (outcome {v.outcome})")
        raise InputError(
            f"{game} is a partizan game: positions have canonical forms, not nim-values: "
            + "; ".join(forms) + f" (see 'grundy form --game {game}')"
        )
    valid = ", ".join([*RULESETS, *PARTIZAN_RULESETS])
    raise InputError(f"unknown game {game!r}; valid: {valid}")


def _ruleset_name(game: str | None) -> str:
    """The ruleset named by ``--game`` (default Graph Chomp; aliases resolved)."""
    return "chomp" if game is None else ruleset_name(game)


# -- positions that are not graphs: Chomp, Nim, posets, simplicial complexes ----
class _Item:
    """One position to answer: its kind, its spec (name) and what was read
    (a :class:`LoadedPosition` for a graph, the position for other kinds)."""

    def __init__(self, kind: str, name: str, position: Any) -> None:
        self.kind, self.name, self.position = kind, name, position


def _read(specs: tuple[str, ...]) -> list[_Item]:
    """Read every spec, in input order, before any search starts: bad input
    is reported at once, not after minutes of search on the ones before it."""
    items = []
    for spec in specs:
        kind = kind_of(spec)
        if kind == "graph":
            items.extend(_Item("graph", p.name, p) for p in load(spec, stdin=sys.stdin))
        else:
            items.append(_Item(kind, spec.strip(), load_other(kind, spec)))
    return items


def _refuse(items: list[_Item], game: str | None, misere: bool, table: str | None, *,
            option_table: bool = False, no_theory: bool = False, memory: int | None = None) -> None:
    """Refuse, before any search, an option that a kind of position given
    cannot honour, or a position too large for what is asked: one line
    naming the option and the kind.

    Raises
    ------
    InputError
        ``--game`` with a position that is not a graph; ``--table`` or
        ``--table-memory`` with misère play, Chomp, Nim or octal positions;
        ``--table-memory`` without the compiled core (no compact table).
    TooLargeError
        A position whose answer would list more moves than
        :data:`grundy.results.MAX_LISTED_MOVES` (see
        :func:`grundy.results.size_refusal`).
    """
    for item in items:
        if item.kind != "graph":
            too_large = size_refusal(item.kind, item.position, item.name, misere=misere,
                                     option_table=option_table, search=no_theory)
            if too_large is not None:
                raise TooLargeError(too_large)
        if item.kind != "graph" and game is not None:
            raise InputError(
                f"option --game {game} does not apply to {item.kind} positions ({item.name}): "
                "rulesets (--game) are for graphs"
            )
        refusal = table_refusal(item.kind, misere, item.name) if table is not None else None
        if refusal is None and memory is not None:
            refusal = table_refusal(item.kind, misere, item.name, "--table-memory")
        if refusal is not None:
            raise InputError(refusal)
    if memory is not None and not compact_available():
        raise InputError("option --table-memory needs the compact table (the compiled core grundy.core._compiled, "
                         "not built here, or GRUNDY_NO_COMPACT is set)")


def _budget_stop(limit: SearchLimitReached, max_positions: int | None, total: int) -> SearchLimitReached:
    """A search's stop restated for a command whose positions share one
    ``--max-positions`` budget: a position limit names the budget and counts
    ``total`` positions (those of the whole command); another stop is
    returned as it is."""
    if max_positions is not None and limit.reason.startswith("position"):
        return SearchLimitReached(f"position limit {max_positions}", min(total, max_positions), limit.seconds)
    return limit
