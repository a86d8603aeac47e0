"""The ``grundy`` command: the group :func:`main`, its Ctrl-C and SIGTERM
handlers, and the registration of the commands, each in a module of its
own: ``value``, ``moves`` and ``form`` for every kind of position (graphs,
posets, complexes, Chomp, Nim, octal heaps) in :mod:`grundy.cli.value`,
:mod:`grundy.cli.moves` and :mod:`grundy.cli.form` (what they share in
:mod:`grundy.cli.answer` and :mod:`grundy.cli.positions`), ``octal``,
``games`` and ``families``; rectangular Chomp and Nim commands in
:mod:`grundy.cli.chomp`.

Exit codes: 0 success; 2 bad input (one line on stderr); 3 a search stopped by
``--time-limit`` or ``--max-positions``; 130 interrupted by Ctrl-C; 141 the
output cut off by its reader (``| head``: the pipe closed; nothing said); 143
stopped by SIGTERM (the table file saved in every case).
"""

from __future__ import annotations

import signal
import threading

import click

from grundy import __version__
from grundy.cli.common import PROG, _Group
from grundy.core.limits import clear_interrupt, stop_on_signal

__all__ = ["main"]


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "--version", prog_name=PROG)
def main() -> None:
    """Who wins Graph Chomp and its neighbours, and how.

    A position is a graph (Graph Chomp by default: a move removes a vertex
    with its edges, or one edge; whoever cannot move loses; other rulesets
    with --game), a poset, a simplicial complex, a Chomp board, Nim heaps
    or octal heaps. SPEC is a family (`wheel:9`, `divisors:30`, `torus`,
    `chomp:5,3,3`, `nim:3,4,5`, `octal:0.07:5,3`; see `grundy families`), a
    graph6 or sparse6 string, a file (.g6 .s6 .edges .txt .json .poset
    .facets), or - for graph6 on stdin.

    Exit codes: 0 success, 2 bad input, 3 a search limit was reached,
    130 interrupted (Ctrl-C), 141 output cut off (a closed pipe),
    143 stopped by SIGTERM.
    """
    # Python's own Ctrl-C handler replaced by one that also notes it; an
    # inherited SIG_IGN (a background job of a script) is respected. SIGTERM
    # (`kill`, `timeout`, a batch scheduler) stops a command the same way, so
    # a long search saves its table file and summary instead of losing up to
    # a checkpoint interval; an inherited SIG_IGN or handler is kept.
    # The handlers are put back when the command ends, so a process that runs
    # commands in process (a notebook, a test runner) keeps its own.
    if threading.current_thread() is threading.main_thread():
        # the note belongs to this command: cleared when it starts and when it
        # ends (a library search run after it in the same process must not
        # stop at once); the exit code is computed before the context closes
        clear_interrupt()
        ctx = click.get_current_context()
        ctx.call_on_close(clear_interrupt)
        if signal.getsignal(signal.SIGINT) is signal.default_int_handler:
            signal.signal(signal.SIGINT, _on_interrupt)
            ctx.call_on_close(lambda: signal.signal(signal.SIGINT, signal.default_int_handler))
        if hasattr(signal, "SIGTERM") and signal.getsignal(signal.SIGTERM) == signal.SIG_DFL:
            signal.signal(signal.SIGTERM, _on_interrupt)
            ctx.call_on_close(lambda: signal.signal(signal.SIGTERM, signal.SIG_DFL))


#: The handler of Ctrl-C and SIGTERM the commands install (see
#: :func:`grundy.core.limits.stop_on_signal`).
_on_interrupt = stop_on_signal


# Nim-values, winning moves and canonical forms of every kind of position.
from grundy.cli.value import value  # noqa: E402

main.add_command(value)

from grundy.cli.moves import moves  # noqa: E402

main.add_command(moves)

from grundy.cli.form import form  # noqa: E402

main.add_command(form)

# Octal games, and the lists of rulesets and families.
from grundy.cli.octal import octal  # noqa: E402

main.add_command(octal)

from grundy.cli.games import games  # noqa: E402

main.add_command(games)

from grundy.cli.families import families  # noqa: E402

main.add_command(families)

# Rectangular Chomp and Nim (grundy.games.chomp) have commands of their own.
from grundy.cli.chomp import chomp, chomp_p_positions, nim  # noqa: E402

main.add_command(chomp, "rect-chomp")
main.add_command(chomp, "chomp")  # the old spelling, kept
main.add_command(chomp_p_positions, "rect-chomp-p-positions")
main.add_command(chomp_p_positions, "chomp-p-positions")  # the old spelling, kept
main.add_command(nim)

# The census of whole graph classes (grundy.census).
from grundy.cli.census import census  # noqa: E402

main.add_command(census, "census")

# The papers' tables and conjectures over graph classes (grundy.census.checks).
from grundy.cli.check import check  # noqa: E402

main.add_command(check, "check")

# Certificates: write a proof of an answer, and check one independently (grundy.verify).
from grundy.cli.certify import certify, verify  # noqa: E402

main.add_command(certify, "certify")
main.add_command(verify, "verify")

# The terminal game against the engine (grundy.play).
from grundy.cli.play import play  # noqa: E402

main.add_command(play, "play")

# The web page and JSON API (grundy.web; the optional extra grundy[web]).
from grundy.cli.serve import serve  # noqa: E402

main.add_command(serve)

if __name__ == "__main__":  # pragma: no cover
    main(prog_name=PROG)
