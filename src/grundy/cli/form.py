"""``grundy form``: canonical form (game value) and outcome of each
position, partizan or impartial."""

from __future__ import annotations

import json
import sys

import click

from grundy.cli.common import _Command, _run, _Stopped, game_names
from grundy.cli.limits import _alarm, _grace
from grundy.cli.positions import _budget_stop
from grundy.errors import InputError, SearchLimitReached
from grundy.kinds import Request, close, prepare, read_items, refuse

__all__ = ["form"]


@click.command(cls=_Command)
@click.argument("specs", nargs=-1, required=True, metavar="SPEC...")
@click.option("--game", default=None, metavar="NAME", shell_complete=game_names(partizan=True),
              help="The ruleset for graphs, partizan or impartial (default graph-chomp); see `grundy games`.")
@click.option("--json", "as_json", is_flag=True, help="One JSON object per graph (JSON lines).")
@click.option("--ascii", "ascii_", is_flag=True, help="Write ^ v +- instead of ↑ ↓ ±.")
@click.option("--max-positions", type=click.IntRange(min=1), metavar="N",
              help="Stop after expanding N positions in all, over every position given (exit code 3).")
@click.option("--time-limit", type=click.FloatRange(min=0, min_open=True), metavar="SECONDS",
              help="Stop a position's computation after this many seconds (exit code 3).")
def form(specs: tuple[str, ...], game: str | None, as_json: bool, ascii_: bool, max_positions: int | None,
         time_limit: float | None) -> None:
    """Canonical form (game value) and outcome of each position.

    For a partizan game (be-bo, oe-bo, oe-be, even-odd-vertex) this is its
    value in the standard notation (numbers, nimbers, ups, switches, {L|R});
    outcome L / R: that player wins whoever starts, N: the player to move
    wins, P: the player to move loses. For an impartial game (every graph
    ruleset; posets, complexes, Chomp, Nim and octal heaps) it is the nimber
    *g of its nim-value g.
    """
    from grundy.games.partizan import PARTIZAN_RULESETS, partizan_value

    def body() -> None:
        items = read_items(specs, sys.stdin)
        request = Request(game=game, max_positions=max_positions, time_limit=time_limit, value_only=True)
        refuse(items, request)
        rules = request.ruleset
        # a partizan ruleset is for graphs only (refused above for the other kinds)
        prepared = {} if rules in PARTIZAN_RULESETS else prepare(items, request)
        spent = 0  # positions searched for the positions before this one: one budget for all

        def left() -> int | None:
            return None if max_positions is None else max(max_positions - spent, 0)

        try:
            for item in items:
                before = 0 if rules in PARTIZAN_RULESETS else item.kind.counted_before(prepared[item.kind.name])
                try:
                    if rules in PARTIZAN_RULESETS:
                        loaded = item.position
                        if loaded.graph is None:
                            raise InputError(f"{loaded.name}: too large to build ({loaded.vertices} vertices)")
                        with _alarm(time_limit):
                            v = partizan_value(rules, loaded.graph, max_positions=left())
                        text, outcome, positions, label = v.to_str(ascii=ascii_), v.outcome, v.positions, rules
                        number = None if v.number_value is None else str(v.number_value)
                        nimber = v.nimber_value
                    else:
                        ready = prepared[item.kind.name].but(max_positions=left())
                        with _alarm(_grace(time_limit), time_limit):
                            a = item.kind.answer(item.position, ready, item.name)
                        g, positions, label = a.value, a.stats.get("positions", 0), a.game
                        assert g is not None
                        text, outcome, number, nimber = _nimber(g), a.outcome, ("0" if g == 0 else None), g
                except SearchLimitReached as limit:
                    # positions of the whole command (a shared graph solver counts its lifetime)
                    total = spent - before + limit.positions if limit.positions else spent
                    restated = _budget_stop(limit, max_positions, total)
                    if restated is limit:  # a time limit: still the command's positions
                        restated = limit.restated(limit.reason, total)
                    raise _Stopped(item.name or "graph", restated) from None
                spent += positions
                if as_json:
                    click.echo(json.dumps({
                        "name": item.name, "game": label, "canonical_form": text, "outcome": outcome,
                        "number": number, "nimber": nimber, "stats": {"positions": positions},
                    }))
                else:
                    click.echo(f"{item.name}: {text}  (outcome {outcome}, game {label})")
        finally:
            close(prepared, request)

    _run(body)


def _nimber(g: int) -> str:
    return "0" if g == 0 else "*" if g == 1 else f"*{g}"
