"""``grundy games``: the rulesets (``--game NAME``), impartial and
partizan, with their rule and source."""

from __future__ import annotations

import json

import click

from grundy.cli.common import _Command
from grundy.games.graphs.rulesets import RULESETS

__all__ = ["games"]


@click.command(cls=_Command)
@click.option("--json", "as_json", is_flag=True, help="As a JSON list of {name, kind, rule, source}.")
def games(as_json: bool) -> None:
    """List the rulesets (--game NAME) with their rule and source."""
    from grundy.games.partizan import list_partizan_rulesets

    rows = [{"name": r.name, "kind": "impartial", "rule": r.rule, "source": r.source} for r in RULESETS.values()]
    rows += [{"name": r.name, "kind": "partizan", "rule": r.rule, "source": r.source} for r in list_partizan_rulesets()]
    if as_json:
        click.echo(json.dumps(rows))
        return
    width = max(len(r["name"]) for r in rows)
    for r in rows:
        click.echo(f"{r['name']:<{width}}  {r['kind']:<9}  {r['rule']}  [{r['source']}]")
