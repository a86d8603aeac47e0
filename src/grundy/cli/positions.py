"""What the commands that answer positions (``value``, ``moves``, ``form``)
share beyond :mod:`grundy.kinds` (which reads every SPEC and refuses what a
kind cannot honour): the compact table's check for ``--table-memory`` and
one ``--max-positions`` budget over every position given."""

from __future__ import annotations

from grundy.core.table import compact_available
from grundy.errors import InputError, SearchLimitReached


def _check_memory(memory: int | None) -> None:
    """Refuse ``--table-memory`` without the compact table.

    Raises
    ------
    InputError
        The compiled core is not built here, or GRUNDY_NO_COMPACT is set.
    """
    if memory is not None and not compact_available():
        raise InputError("option --table-memory needs the compact table (the compiled core grundy.core._compiled, "
                         "not built here, or GRUNDY_NO_COMPACT is set)")


def _budget_stop(limit: SearchLimitReached, max_positions: int | None, total: int) -> SearchLimitReached:
    """A search's stop restated for a command whose positions share one
    ``--max-positions`` budget: a position limit names the budget and counts
    ``total`` positions (those of the whole command); another stop is
    returned as it is. What the stop had settled (outcome, value, winning
    moves found) is kept."""
    if max_positions is not None and limit.reason.startswith("position"):
        return limit.restated(f"position limit {max_positions}", min(total, max_positions))
    return limit
