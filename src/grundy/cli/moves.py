"""``grundy moves``: winning moves of a position, with ``--all`` its whole
option table (its body, shared with ``grundy value``, in
:mod:`grundy.cli.answer`)."""

from __future__ import annotations

import click

from grundy.cli.answer import _answer, _search_options
from grundy.cli.common import _Command

__all__ = ["moves"]


@click.command(cls=_Command)
@click.argument("spec", metavar="SPEC")
@click.option("--all", "all_options", is_flag=True,
              help="Also print every option and its nim-value (with --outcome: every winning move).")
@_search_options
def moves(spec: str, all_options: bool, as_json: bool, no_theory: bool, without: str, game: str | None,
          table: str | None, table_memory: int | None, misere: bool, time_limit: float | None,
          max_positions: int | None, progress: bool | None, outcome: bool) -> None:
    """Winning moves of a position (with --all, the whole option table;
    with --outcome, one winning move, or with --all every one).

    A file holding several graphs gives one block (or JSON line) per graph.
    """
    _answer((spec,), False, as_json, no_theory, without, game, table, misere, time_limit, max_positions, progress,
            option_table=all_options, lines=False, memory=table_memory, outcome=outcome)
