"""``grundy families``: the named families of positions (graphs, posets,
complexes, Chomp, Nim, octal heaps) and their parameters."""

from __future__ import annotations

import json

import click

from grundy.cli.common import _Command

__all__ = ["families"]


@click.command(cls=_Command)
@click.option("--json", "as_json", is_flag=True,
              help="As a JSON list of {name, kind, params, syntax, requires, definition}.")
def families(as_json: bool) -> None:
    """List the named families (graphs, posets, complexes) and their parameters."""
    from grundy.readwrite.kinds import family_rows

    rows = family_rows()
    if as_json:
        click.echo(json.dumps(rows))
        return
    from grundy.kinds import get_kind

    heading = {r["kind"]: get_kind(r["kind"]).family_heading for r in rows}
    width = max(len(r["syntax"]) for r in rows if heading[r["kind"]] is None)
    shown = None
    for r in rows:
        title = heading[r["kind"]]
        if title is not None and title != shown:
            click.echo(f"\n{title}:")
            shown = title
        requires = f"; {r['requires']}" if title is None and r["params"] else ""
        click.echo(f"{r['syntax']:<{width}}  {r['definition']}{requires}")
