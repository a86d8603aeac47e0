"""What every ``grundy`` command shares: one-line usage errors, the exit
codes (0 success, 2 bad input, 3 a search limit reached, 130 interrupted by Ctrl-C,
141 output cut off by its reader, 143 stopped by SIGTERM)
and the message of a stopped search."""

from __future__ import annotations

import json
import os
import sys
import warnings
from collections.abc import Callable
from typing import Any, NoReturn

import click

from grundy.core.limits import interrupt_exit_code
from grundy.errors import InputError, SearchLimitReached, found_at_stop
from grundy.games.graphs.formulas import plural

PROG = "grundy"

#: The exit code of a command whose output's reader closed the pipe
#: (``grundy ... | head``): 128 + SIGPIPE, what a shell reports for a
#: program that SIGPIPE ends.
CLOSED_PIPE_EXIT = 141


def game_names(partizan: bool) -> Callable[[click.Context, click.Parameter, str], list[str]]:
    """Shell completion for ``--game``: the impartial graph rulesets (and
    their aliases), and with ``partizan`` the partizan ones too, that start
    with what was typed (``grundy games`` lists them)."""

    def complete(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[str]:
        from grundy.games.graphs.rulesets import ALIASES, RULESETS

        names = [*RULESETS, *ALIASES]
        if partizan:
            from grundy.games.partizan.rulesets import PARTIZAN_RULESETS

            names += list(PARTIZAN_RULESETS)
        return [name for name in names if name.startswith(incomplete)]

    return complete


def _fail(message: str, code: int) -> NoReturn:
    click.echo(f"{PROG}: error: {message}", err=True)
    sys.exit(code)


# -- one-line usage errors ----------------------------------------------------
# click prints usage errors (bad option values, missing arguments, unknown
# commands) as a usage block; grundy promises one line on stderr for every bad
# input, so they are reprinted as ``grundy: error: ...`` (exit code 2 either way).
_NO_ARGS_IS_HELP = getattr(click.exceptions, "NoArgsIsHelpError", ())


class _OneLineUsageError(click.UsageError):
    def show(self, file: Any = None) -> None:
        hint = f" (see '{self.ctx.command_path} --help')" if self.ctx is not None else ""
        click.echo(f"{PROG}: error: {self.format_message()}{hint}", err=True)


def _one_line(error: click.UsageError) -> click.UsageError:
    if isinstance(error, _OneLineUsageError) or (_NO_ARGS_IS_HELP and isinstance(error, _NO_ARGS_IS_HELP)):
        return error  # bare `grundy` still shows the help
    return _OneLineUsageError(error.format_message(), error.ctx)


class _Command(click.Command):
    def make_context(self, info_name: str | None, args: list[str], parent: click.Context | None = None,
                     **extra: Any) -> click.Context:
        try:
            return super().make_context(info_name, args, parent=parent, **extra)
        except click.UsageError as error:
            raise _one_line(error) from None


class _Group(click.Group):
    def make_context(self, info_name: str | None, args: list[str], parent: click.Context | None = None,
                     **extra: Any) -> click.Context:
        try:
            return super().make_context(info_name, args, parent=parent, **extra)
        except click.UsageError as error:
            raise _one_line(error) from None

    def resolve_command(self, ctx: click.Context, args: list[str]) -> Any:
        try:
            return super().resolve_command(ctx, args)
        except click.UsageError as error:
            raise _one_line(error) from None

    def invoke(self, ctx: click.Context) -> Any:
        """Run the command; output cut off by its reader (``grundy ... |
        head``: the pipe closed) ends it quietly with :data:`CLOSED_PIPE_EXIT`
        (click's own handling exits 1, which ``grundy verify`` and ``grundy
        check`` use for a failed claim). The table file is saved on the way
        out, as after any error."""
        try:
            return super().invoke(ctx)
        except BrokenPipeError:
            try:  # what is left in the buffer must not fail again when Python flushes it at exit
                devnull = os.open(os.devnull, os.O_WRONLY)
                os.dup2(devnull, sys.stdout.fileno())
                os.close(devnull)
            except (AttributeError, OSError, ValueError):  # io.UnsupportedOperation is both
                pass  # not a file descriptor (a test runner's capture): nothing to flush at exit
            ctx.exit(CLOSED_PIPE_EXIT)


class _Stopped(Exception):
    """A search limit stopped the analysis of the position ``name``."""

    def __init__(self, name: str, limit: SearchLimitReached, outcome: str | None = None,
                 wanted: str = "a value") -> None:
        option = "--time-limit" if limit.reason.startswith("time") else "--max-positions"
        self.name, self.limit = name, limit
        self.json = _stopped_json(name, limit, outcome)
        stop = (f"search stopped at the {limit.reason} after {plural(limit.positions, 'position')} "
                f"in {limit.seconds:.2f} s" + (" (one position's moves or options alone outnumber it)"
                                                if limit.listing else ""))
        wins = "" if outcome is None else "the player to move " + ("wins" if outcome == "N" else "loses")
        if limit.winning_moves is not None and outcome == "P":  # stopped while its option table was made
            known = f"nim-value {limit.value}, P" if limit.value is not None else "outcome P"
            said = (f"{name}: {known} ({wins}): it has no winning move; the {stop} while its option "
                    f"table was made; raise {option} for the option table")
        elif limit.from_table:  # stopped before the value of an N-position; a move known (kinds.settle)
            said = (f"{name}: {stop}, before {wanted} was found; its outcome was settled: N ({wins}), and the "
                    f"table already decides a winning move: {limit.winning_moves[0]}; raise {option} to search further")
        elif limit.winning_moves is not None and outcome is not None:  # the answer was found, not all its moves
            found = limit.winning_moves
            known = f"nim-value {limit.value}, {outcome}" if limit.value is not None else f"outcome {outcome}"
            said = (f"{name}: {known} ({wins}), but the {stop} while its winning moves were sought: "
                    + (f"found so far: {', '.join(map(str, found))}" if found else "none found so far")
                    + f"; raise {option} to find them all")
        else:
            settled = "" if outcome is None else f" (its outcome was settled: {outcome}, {wins})"
            said = f"{name}: {stop}, before {wanted} was found{settled}; raise {option} to search further"
        super().__init__(said)


def _stopped_json(name: str, limit: SearchLimitReached, outcome: str | None = None) -> str:
    """The JSON line of a position whose search a limit stopped: ``outcome``
    is what the search had settled before the stop (else null), ``value``
    the nim-value if it was found; when the stop came while the winning
    moves were sought, ``winning_moves`` lists those found (a part), and
    when it came before the value of an N-position whose table already
    decided a winning move (``limit.from_table``), that move, with
    ``"from_table": true``."""
    line: dict[str, Any] = {"name": name, "value": limit.value, "outcome": outcome}
    if limit.winning_moves is not None and outcome is not None:
        line["winning_moves"] = [m.to_json() for m in limit.winning_moves]
        if limit.from_table:  # the one move the table decides, the stop having come before the value
            line["from_table"] = True
    line.update({"stopped": limit.reason,
                 "stats": {"positions": limit.positions, "seconds": round(limit.seconds, 4)}})
    return json.dumps(line)


def _one_line_warnings(previous: Callable[..., None]) -> Callable[..., None]:
    """A ``warnings.showwarning`` for a command: a table file that cannot be
    written (:class:`grundy.core.table.TableNotSaved`) is one line on
    stderr, ``grundy: warning: ...``; other warnings go to ``previous``."""
    from grundy.core.table import TableNotSaved

    def show(message: Warning | str, category: type[Warning], filename: str, lineno: int,
             file: Any = None, line: str | None = None) -> None:
        if issubclass(category, TableNotSaved):
            click.echo(f"{PROG}: warning: {str(message).splitlines()[0]}", err=True)
        else:
            previous(message, category, filename, lineno, file, line)

    return show


def _run(body: Callable[[], None]) -> None:
    """Run a command body, turning errors into one line and an exit code
    (and a table file that cannot be written into one warning line)."""
    try:
        with warnings.catch_warnings():
            warnings.showwarning = _one_line_warnings(warnings.showwarning)
            body()
    except InputError as e:
        _fail(str(e), 2)
    except _Stopped as e:
        _fail(str(e), 3)
    except SearchLimitReached as e:  # pragma: no cover - _analyses names the graph
        _fail(str(e), 3)
    except KeyboardInterrupt as stop:
        click.echo(f"\n{PROG}: interrupted; {_interrupted(stop)}", err=True)
        sys.exit(interrupt_exit_code())


def _interrupted(stop: KeyboardInterrupt) -> str:
    """What a Ctrl-C or SIGTERM leaves said of the unfinished position:
    its nim-value and outcome when the answer had found them (the stop came
    while its winning moves were sought, :func:`grundy.errors.keep_found`),
    with the winning moves found so far, as a time limit reports them
    (:class:`_Stopped`); the outcome a value search had settled before its
    value, with the winning move its table already decides, if any
    (:func:`grundy.kinds.settle`); else that nothing was printed for it."""
    value, outcome, found = found_at_stop(stop)
    if outcome is None:
        return "nothing was printed for the unfinished position"
    name = getattr(stop, "position_name", None) or "the unfinished position"
    wins = "the player to move " + ("wins" if outcome == "N" else "loses")
    known = f"nim-value {value}, {outcome}" if value is not None else f"outcome {outcome}"
    if outcome == "P":  # stopped while its options were listed: it has no winning move to look for
        return f"{name}: {known} ({wins}): it has no winning move"
    if hasattr(stop, "from_table"):  # stopped before the value, the outcome settled (grundy.kinds.settle)
        said = f"{name}: {known} ({wins}), settled before the stop, which came before its value was found"
        return said + (f"; the table already decides a winning move: {found[0]}" if stop.from_table else "")
    if found is None:
        return f"{name}: {known} ({wins}); the stop came while its winning moves were sought"
    return (f"{name}: {known} ({wins}), but its winning moves were still being sought: "
            + (f"found so far: {', '.join(map(str, found))}" if found else "none found so far"))
