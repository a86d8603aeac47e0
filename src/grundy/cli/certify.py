"""``grundy certify SPEC -o FILE`` and ``grundy verify FILE``.

``certify`` writes a certificate of a position's nim-value, or with
``--outcome`` of who wins only (:mod:`grundy.certify`); ``verify`` re-checks one with the independent
checker :mod:`grundy.verify`. The format is in ``docs/certificates.md``.
Exit codes: 0 success (verified), 1 a claim of the certificate fails
(verify), 2 bad input or a malformed certificate (one line), 3 a search
limit (certify).
"""

from __future__ import annotations

import os
import sys

import click

from grundy.cli.common import _Command, _run, game_names
from grundy.core.limits import interrupt_exit_code
from grundy.errors import InputError, SearchLimitReached

__all__ = ["certify", "verify"]


@click.command(cls=_Command)
@click.argument("spec")
@click.option("-o", "--output", "output", required=True, metavar="FILE",
              help="Where to write the certificate (JSON lines; gzip when FILE ends in .gz).")
@click.option("--game", default="chomp", show_default=True, metavar="NAME", shell_complete=game_names(partizan=False),
              help="The graph ruleset (see `grundy games`); a simplicial complex is always subset take-away, "
                   "a poset, Chomp board or Nim heaps the poset game, octal heaps their code.")
@click.option("--no-theory", is_flag=True,
              help="No involution records (Khandhawit-Ye, Theorem 1): every value by the mex rule.")
@click.option("--full", is_flag=True,
              help="Value every option of every position (no witnesses and replies): far larger. "
                   "Not with --outcome.")
@click.option("--outcome", is_flag=True,
              help="Prove who wins (N or P) and not the nim-value: a winning move for N, a reply to every "
                   "option (up to isomorphism) for P; disjoint sums by their components' values.")
@click.option("--max-positions", type=click.IntRange(min=1), default=None, metavar="N",
              help="Stop after recording N positions in this run, or once the engine's searches for "
                   "hints have expanded N positions in this run (exit code 3; the records made are kept "
                   "in FILE.partial and the same command resumes from them).")
@click.option("--time-limit", type=click.FloatRange(min=0, min_open=True), default=None, metavar="SECONDS",
              help="Stop after this many seconds (exit code 3; the records made are kept in FILE.partial "
                   "and the same command resumes from them).")
@click.option("--table", default=None, metavar="PATH",
              help="The engine's table file (as `grundy value --table`): what an earlier search learned gives "
                   "the hints without searching again, and what this one learns is saved there. The "
                   "certificate rests on nothing in it. Not for octal heaps.")
@click.option("--progress/--no-progress", default=None,
              help="Progress on stderr: records made and the engine's positions searched for hints "
                   "(default: when stderr is a terminal).")
def certify(spec: str, output: str, game: str, no_theory: bool, full: bool, outcome: bool,
            max_positions: int | None, time_limit: float | None, table: str | None,
            progress: bool | None) -> None:
    """Write a certificate of the nim-value (with --outcome: of the outcome)
    of SPEC (a graph, a simplicial complex, a poset game or octal heaps:
    `wheel:9`, `dodecahedron`, `simplex-boundary:6`, `torus`, `divisors:60`,
    `chomp:5,5,5`, `nim:3,4,5`, `octal:0.07:20,9`, a `.facets` or `.poset`
    file, ...) to FILE; `grundy verify FILE` checks it."""

    def body() -> None:
        from grundy.certify import certify_spec, write_certificate
        from grundy.games.graphs.formulas import plural

        from grundy.cli.limits import _alarm, _grace
        from grundy.kinds import progress_default

        if outcome and full:
            raise InputError("--full and --outcome: --full values every option of every position, an outcome "
                             "certificate proves N by a winning move and P by replies; use one or the other")

        keep = output + ".partial"
        try:
            with _alarm(_grace(time_limit), time_limit):  # a backstop: one expansion may outlast the clock
                cert = certify_spec(spec, game, not no_theory, max_positions, time_limit, prune=not full,
                                    outcome=outcome, table=table, progress=progress_default(progress), keep=keep)
        except SearchLimitReached as e:
            click.echo(f"grundy: error: {spec}: certifying search stopped at the {e.reason} after "
                       f"{plural(e.positions, 'record')}; {_kept(e)}", err=True)
            sys.exit(3)
        except KeyboardInterrupt as e:
            click.echo(f"\ngrundy: {spec}: certifying interrupted; {_kept(e)}", err=True)
            sys.exit(interrupt_exit_code())
        size = write_certificate(cert, output)
        if os.path.exists(keep):
            os.remove(keep)  # the certificate is written: the kept records are in it
        counts = cert.counts()
        won = f"{cert.header['outcome']}-position"
        claim = won if outcome else f"nim-value {cert.header['value']} ({won})"
        by_outcome = (f"{counts['move']} N by a winning move, {counts['replies']} P by replies, " if outcome else "")
        click.echo(f"{spec}: {claim}; wrote {output}: "
                   f"{plural(len(cert.records), 'position')} ({by_outcome}{counts['mex']} by the mex rule, "
                   f"{counts['involution']} by involutions), {plural(size, 'byte')}, in {cert.seconds:.2f} s"
                   + (f" (the engine searched {plural(cert.hint_positions, 'position')} for hints)"
                      if table is not None else ""))

    _run(body)


def _kept(stop: BaseException) -> str:
    """What a stopped certify says of the records it made."""
    from grundy.games.graphs.formulas import plural

    path, count = getattr(stop, "kept", (None, None))
    if path is None:
        return "no certificate was written"
    if count is None:
        return f"no certificate was written, and the records made could not be kept in {path}"
    if count == 0:
        return "no certificate was written, and no record was made to keep"
    return (f"no certificate was written; the {plural(count, 'record')} made so far are kept in {path}: "
            "the same command resumes from them")


@click.command(cls=_Command)
@click.argument("file")
@click.option("--check-below", type=click.IntRange(min=0), default=6, show_default=True, metavar="N",
              help="Re-check involution records on at most N vertices by brute force; larger ones are "
                   "listed as assumptions (Khandhawit-Ye, Theorem 1).")
def verify(file: str, check_below: int) -> None:
    """Check the certificate FILE with the independent checker
    (grundy.verify): exit 0 if every claim holds, 1 naming the first claim
    that fails, 2 if FILE is malformed."""
    from grundy import verify as checker

    def body() -> None:
        try:
            report = checker.verify_file(file, check_below)
        except checker.Malformed as e:
            raise InputError(f"{file}: malformed certificate: {e}") from None
        except checker.ClaimFailed as e:
            click.echo(f"grundy: verify: {file}: {e}", err=True)
            sys.exit(1)
        click.echo(report.summary())

    _run(body)


if __name__ == "__main__":  # pragma: no cover
    @click.group()
    def _main() -> None:
        """certify and verify, outside the `grundy` command."""

    _main.add_command(certify, "certify")
    _main.add_command(verify, "verify")
    _main()
