"""``grundy octal``: the nim-sequence of an octal game and its period
(with ``--misere``, the misère outcomes of single heaps)."""

from __future__ import annotations

import json

import click

from grundy.cli.common import _Command, _run, _Stopped
from grundy.errors import InputError, SearchLimitReached
from grundy.kinds.octal import octal_report

__all__ = ["octal"]


@click.command(cls=_Command)
@click.argument("code", metavar="CODE")
@click.option("--up-to", "up_to", type=click.IntRange(min=0), default=None, metavar="N",
              help="Largest heap size computed (default 500; 40 with --misere).")
@click.option("--json", "as_json", is_flag=True,
              help='{"code", "sequence", "period", "preperiod", "saltus", "proven"}.')
@click.option("--misere", is_flag=True,
              help="Misère outcomes (N/P) of single heaps instead of nim-values (up to heap 40).")
@click.option("--time-limit", type=click.FloatRange(min=0, min_open=True), metavar="SECONDS",
              help="Stop after this many seconds (exit code 3).")
@click.option("--max-positions", type=click.IntRange(min=1), metavar="N",
              help="Stop after valuing about N heaps by the mex rule, counted 64 at a time (exit code 3).")
def octal(code: str, up_to: int | None, as_json: bool, misere: bool, time_limit: float | None,
          max_positions: int | None) -> None:
    """Nim-sequence of an octal game and its period.

    CODE is an octal code such as 0.07, 0.137, 0.4, 0.77, or with one
    repeating last digit, 0.3(4) for .3444...; or a name: kayles,
    dawsons-kayles, dawsons-chess. A finite code's period is reported when
    the octal periodicity theorem proves it from the values computed; a
    repeating code's (arithmetic) period is observed, not proven.
    """
    from grundy.games.octal import MAX_MISERE_HEAP, OctalCode, format_report, misere_outcomes

    def body() -> None:
        if misere:
            for option, value in (("--time-limit", time_limit), ("--max-positions", max_positions)):
                if value is not None:
                    raise InputError(f"option {option} does not apply to octal --misere "
                                     f"(heaps up to {MAX_MISERE_HEAP}, a few seconds at most, without limits)")
            n = MAX_MISERE_HEAP if up_to is None else up_to
            outcomes = misere_outcomes(code, n)
            canonical = str(OctalCode.parse(code))
            if as_json:
                click.echo(json.dumps({"code": canonical, "play": "misere", "outcomes": outcomes}))
            else:
                click.echo(f"octal game {canonical} under misère play: outcome of a single heap of n")
                for start in range(0, n + 1, 20):
                    click.echo(f"{start:>4} | " + " ".join(outcomes[start : start + 20]))
                p_heaps = [h for h, o in enumerate(outcomes) if o == "P"]
                click.echo("P-positions (heaps): " + (", ".join(map(str, p_heaps)) or "none"))
            return
        try:
            result = octal_report(code, 500 if up_to is None else up_to, time_limit=time_limit,
                                  max_positions=max_positions)
        except SearchLimitReached as limit:
            raise _Stopped(f"octal {code}", limit) from None
        click.echo(json.dumps(result) if as_json else format_report(result))

    _run(body)
