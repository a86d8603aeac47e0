"""``grundy value``: nim-value, outcome and winning moves of each position
(its body, shared with ``grundy moves``, in :mod:`grundy.cli.answer`)."""

from __future__ import annotations

import click

from grundy.cli.answer import _answer, _search_options
from grundy.cli.common import _Command

__all__ = ["value"]


@click.command(cls=_Command)
@click.argument("specs", nargs=-1, required=True, metavar="SPEC...")
@click.option("--explain/--brief", default=None,
              help="Show the explanation (default: when there is one graph; several graphs get one line each).")
@_search_options
def value(specs: tuple[str, ...], explain: bool | None, as_json: bool, no_theory: bool, without: str,
          game: str | None, table: str | None, table_memory: int | None, misere: bool, time_limit: float | None,
          max_positions: int | None, progress: bool | None, outcome: bool) -> None:
    """Nim-value, outcome and winning moves of each position."""
    _answer(specs, explain, as_json, no_theory, without, game, table, misere, time_limit, max_positions, progress,
            option_table=False, lines=True, memory=table_memory, outcome=outcome)
