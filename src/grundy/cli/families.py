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
    width = max(len(r["syntax"]) for r in rows if r["kind"] == "graph")
    titles = {"poset": "posets (a move removes an element and everything above it)",
              "complex": "simplicial complexes (subset take-away)", "chomp": "other positions"}
    for r in rows:
        if r["kind"] in titles:
            click.echo(f"\n{titles.pop(r['kind'])}:")
        requires = f"; {r['requires']}" if r["kind"] == "graph" and r["params"] else ""
        click.echo(f"{r['syntax']:<{width}}  {r['definition']}{requires}")
