"""``grundy play SPEC``: play a position against the engine in the terminal.

The position is read by :func:`grundy.play.read_play`; each turn prints it
(:meth:`~grundy.play.Play.text`) with its value (nim-value, misère outcome
or canonical form), and the engine answers with
:func:`grundy.play.engine_move`. The user types a move in the position's
labels (see ``help`` in the game: the rule of this game and how its moves
are typed), ``#k`` for the k-th move of ``moves``, or a command: ``moves``,
``hint``, ``undo``, ``help``, ``quit``. A move that is not legal is
answered with why (:func:`grundy.play.explain.why_illegal`); a word that is
neither a move nor a label of the position, with the commands (and the
nearest one); a terminal key code that reached the line (an arrow key
without line editing), with what it is. At a terminal the line is edited
with the ``readline`` module where Python has it (arrows, history, Tab
completing commands and labels). Exit codes as every command: 0 (the game
ended, was quit or abandoned), 2 bad input, 3 an analysis stopped by
``--time-limit``.
"""

from __future__ import annotations

import difflib
import re
import sys
from typing import Any

import click

from grundy.cli.common import _Command, _run, _Stopped, game_names
from grundy.core.moves import Move, label_str
from grundy.core.limits import check_seconds, interrupt_exit_code
from grundy.errors import InputError, SearchLimitReached

__all__ = ["play"]

_COMMANDS = ("moves", "hint", "undo", "help", "quit")

#: Other spellings of the commands.
_ALIASES = {"?": "help", "q": "quit", "exit": "quit"}

#: Words of the move syntaxes (``v 3``, ``e 0 1``, ``remove vertex 3``,
#: ``heap 1 to 2``, ``element x``, ``1 to nothing``): not commands.
_MOVE_WORDS = frozenset({"v", "vertex", "e", "edge", "remove", "take", "heap", "to", "nothing", "element", "x"})

#: A word typed where a move or a command was expected.
_WORD = re.compile(r"[^\W\d_][\w']*")

#: Control characters (a terminal's escape sequences start with ESC).
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")

#: Longest line a move may be typed on (characters); a longer one is refused.
MAX_MOVE_TEXT = 4096


def _read_line(prompt: str) -> str:
    """One line typed by the player, without its newline. At a terminal,
    with line editing and history (the readline module, where Python has
    it); from a pipe or file, at most :data:`MAX_MOVE_TEXT` characters.

    Raises
    ------
    EOFError
        At the end of the input.
    InputError
        A line over :data:`MAX_MOVE_TEXT` characters.
    """
    if sys.stdin.isatty():
        return input(prompt)  # with line editing once _line_editing() has imported readline
    click.echo(prompt, nl=False)
    line = sys.stdin.readline(MAX_MOVE_TEXT + 1)
    if not line:
        raise EOFError
    if len(line) > MAX_MOVE_TEXT and not line.endswith("\n"):
        raise InputError(f"a line of over {MAX_MOVE_TEXT} characters where a move was expected")
    return line.rstrip("\r\n")


def _line_editing(words: Any) -> bool:
    """At a terminal, turn on line editing and a history for :func:`input`
    (the standard ``readline`` module; where Python lacks it, play works
    without), with Tab completing ``words()`` (commands and the position's
    labels). True when on."""
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        return False
    try:
        import readline
    except ImportError:  # pragma: no cover - Python built without readline (Windows)
        return False
    try:
        def complete(text: str, state: int) -> str | None:
            found = [w for w in words() if w.startswith(text)]
            return found[state] if state < len(found) else None

        readline.set_completer(complete)
        readline.set_completer_delims(" \t:,{}")
        if "libedit" in (readline.__doc__ or ""):  # pragma: no cover - macOS
            readline.parse_and_bind("bind ^I rl_complete")
        else:
            readline.parse_and_bind("tab: complete")
    except Exception:  # pragma: no cover - completion is a convenience, editing works without it
        pass
    return True


def _shown(text: str) -> str:
    """``text`` with control characters made visible (ESC as ``^[``)."""
    return _CONTROL.sub(lambda m: "^" + chr(ord(m.group()) ^ 0x40), text)


@click.command(cls=_Command)
@click.argument("spec", metavar="SPEC")
@click.option("--game", default=None, metavar="NAME", shell_complete=game_names(partizan=True),
              help="The ruleset for graphs, impartial or partizan (default graph-chomp); see `grundy games`.")
@click.option("--first", type=click.Choice(["me", "engine"]), default="me", show_default=True,
              help="Who moves first.")
@click.option("--misere", is_flag=True, help="Misère play: the player who cannot move wins (impartial games).")
@click.option("--side", type=click.Choice(["left", "right"]), default=None,
              help="Your side in a partizan game (default left); refused for impartial games.")
@click.option("--time-limit", type=click.FloatRange(min=0, min_open=True), default=30.0, show_default=True,
              metavar="SECONDS", help="Stop (exit code 3) when one analysis takes longer.")
def play(spec: str, game: str | None, first: str, misere: bool, side: str | None, time_limit: float) -> None:
    """Play SPEC against the engine, which plays perfectly: it makes a
    winning move whenever there is one. Type `help` in the game for the
    rule of the game, how its moves are typed and the commands (moves,
    hint, undo, help, quit). At a terminal, arrow keys edit the line and
    recall earlier ones."""
    from grundy.play import read_play

    def body() -> None:
        check_seconds(time_limit, "--time-limit")
        if spec.strip() == "-":
            raise InputError("grundy play reads its moves from stdin: give the position as a spec or a file, not -")
        position = read_play(spec, game=game, misere=misere, files=True)
        if side is not None and not position.partizan:
            raise InputError(f"option --side does not apply to game {position.game}: it is impartial "
                             "(both players have the same moves); --side is for partizan games")
        _Game(position, spec.strip(), first == "me", side or "left", time_limit).run()

    _run(body)


class _Game:
    def __init__(self, start: Any, name: str, user_first: bool, side: str, time_limit: float) -> None:
        self.play, self.name, self.user_turn, self.time_limit = start, name, user_first, time_limit
        self.me, self.them = (side, "right" if side == "left" else "left") if start.partizan else (None, None)
        self.history: list[tuple[Any, Any]] = []  # (position, answer) before each of the user's moves
        self.answer: Any = None
        self.start = start  # the first position: what a label or square no longer here was
        self.editing = False

    def run(self) -> None:
        p = self.play
        rules = f"game {p.game}" + (", misère play" if p.misere else "")
        you = f"; you play {self.me.capitalize()}" if p.partizan else ""
        click.echo(f"{self.name} ({rules}{you}): {'you move' if self.user_turn else 'the engine moves'} first. "
                   "Type a move, or help.")
        self.editing = _line_editing(self._words)
        while True:
            mover = self.me if self.user_turn else self.them
            click.echo("\n" + self.play.text())
            if self.answer is None:
                self.answer = self._analyze()
            click.echo(self._value_line())
            if not self.play.moves(mover):
                return self._end()
            if not self.user_turn:
                from grundy.play import engine_move

                move = engine_move(self.play, self.answer, side=mover)
                click.echo(f"engine: {move}")
                self.play, self.answer, self.user_turn = self.play.after(move, mover), None, True
            elif not self._turn():
                return

    def _analyze(self) -> Any:
        from grundy.cli.limits import _alarm, _grace
        from grundy.play import analyze, partizan_report

        try:
            with _alarm(_grace(self.time_limit), self.time_limit):
                if self.play.partizan:
                    return partizan_report(self.play, time_limit=self.time_limit)
                return analyze(self.play, time_limit=self.time_limit)
        except SearchLimitReached as limit:
            raise _Stopped(self.name, limit) from None

    def _value_line(self) -> str:
        a = self.answer
        if self.play.partizan:
            return f"canonical form {a.form} (outcome {a.outcome})"
        if self.play.misere:
            return f"outcome {a.outcome} (misère)"
        return f"nim-value {a.value} ({a.outcome}: the player to move {'wins' if a.outcome == 'N' else 'loses'})"

    def _end(self) -> None:
        who = "you" if self.user_turn else "the engine"
        if self.play.misere:
            click.echo(f"no move left for {who}: under misère play the player who cannot move wins")
        else:
            click.echo(f"no move left for {who}: the player who cannot move loses")
        click.echo("You win." if self.user_turn == self.play.misere else "You lose.")

    def _turn(self) -> bool:
        """One move of the user's (or undo); False when the game is left."""
        while True:
            try:
                text = _read_line("your move> ").strip()
            except EOFError:
                click.echo("\ngame abandoned")
                return False
            except KeyboardInterrupt:
                click.echo("\ngame abandoned (interrupted)")
                sys.exit(interrupt_exit_code())
            if _CONTROL.search(text):
                click.echo(self._key_code(text))
                continue
            command = _ALIASES.get(text.lower(), text.lower())
            if not text:
                continue
            if command == "quit":
                click.echo("game abandoned")
                return False
            if command == "help":
                self._help()
            elif command == "moves":
                self._list()
            elif command == "hint":
                self._hint()
            elif command == "undo":
                if self.history:
                    self.play, self.answer = self.history.pop()
                    click.echo("took back your last move and the engine's reply")
                    return True
                click.echo("nothing to undo")
            else:
                try:
                    move, after = self._read_move(text)
                except InputError as e:
                    click.echo(self._refusal(text, e))
                    continue
                click.echo(f"you: {move}")
                self.history.append((self.play, self.answer))
                self.play, self.answer, self.user_turn = after, None, False
                return True

    def _help(self) -> None:
        from grundy.play.explain import rules

        for line in rules(self.play):
            click.echo(line)
        if self.play.partizan:
            click.echo(f"you play {self.me.capitalize()}: your moves are {self.me.capitalize()}'s, "
                       f"the engine's {self.them.capitalize()}'s")
        click.echo(f"a move: {self.play.home.move_syntax(self.play.game)}")
        click.echo("  or #k, the k-th move of the list `moves` prints, or a move exactly as it is printed there")
        click.echo("  labels are as printed: a label with spaces or separators in quotes (\"a b\")")
        click.echo("commands: moves (every legal move and what it leaves), hint (the engine's move in your "
                   "place), undo (take back your last move and the reply), help (this text), quit (or q, exit; "
                   "the end of the input too)")
        if self.editing:
            click.echo("line editing: arrow keys move in the line and Up/Down recall earlier lines; "
                       "Tab completes commands and labels")

    def _list(self) -> None:
        for k, (move, result, wins) in enumerate(self._options(), 1):
            click.echo(f"  #{k:<3} {move!s:<28} -> {result}" + ("   (wins)" if wins else ""))

    def _options(self) -> list[tuple[Move, str, bool]]:
        """The user's moves, in order, with what each leaves and whether it wins."""
        if self.play.partizan:
            letter = self.me[0].upper()
            return [(m, f"form {form} (outcome {o})", o in ("P", letter)) for m, form, o in self.answer.options[self.me]]
        from grundy.play import move_key

        results = {move_key(m): v for m, v in self.answer.options}
        out = []
        for move in self.play.moves():
            v = results[move_key(move)]
            out.append((move, f"outcome {v}" if self.play.misere else f"nim-value {v}", v in (0, "P")))
        return out

    def _hint(self) -> None:
        from grundy.play import engine_move

        move = engine_move(self.play, self.answer, side=self.me)
        wins = self.answer.winning_moves[self.me] if self.play.partizan else self.answer.winning_moves
        if wins:
            click.echo(f"hint: {move} (a winning move)")
        else:
            click.echo("no winning move: every move loses against perfect play")
            click.echo(f"hint: {move} (the engine's choice in your place)")

    # -- reading a move ----------------------------------------------------------
    def _read_move(self, text: str) -> tuple[Move, Any]:
        """The legal move ``text`` names and the position after it.

        Raises
        ------
        InputError
            Unreadable text, an unknown label or an illegal move, saying
            why (:func:`grundy.play.explain.typed_move`).
        """
        from grundy.play.explain import typed_move

        move = typed_move(self.play, text, self.me, self.start)
        return move, self.play.after(move, self.me)

    def _refusal(self, text: str, error: InputError) -> str:
        """What to answer a line that is no legal move: an unknown command
        (a word that no syntax of the game reads and that is no label of
        the position, now or at the start), else the error with a pointer
        to help."""
        from grundy.play.explain import IllegalMove

        word = text.split()[0]
        if (not isinstance(error, IllegalMove) and _WORD.fullmatch(word) and word.lower() not in _MOVE_WORDS
                and not self._is_label(word)):
            near = difflib.get_close_matches(word.lower(), list(_COMMANDS) + list(_ALIASES), n=1, cutoff=0.6)
            hint = f" (did you mean {_ALIASES.get(near[0], near[0])}?)" if near else ""
            return (f"unknown command {_shown(word)!r}{hint}; commands: {', '.join(_COMMANDS)}; "
                    "type help for how a move is typed")
        return f"{error}; type help for the syntax, moves for the list"

    def _is_label(self, word: str) -> bool:
        """Whether ``word`` names a label of the position or of the start."""
        home = self.start.home
        labels = home.labels(self.start.position) | home.labels(self.play.position)
        return word in {"".join(label_str(x).split()) for x in labels}

    def _key_code(self, text: str) -> str:
        """The answer to a line holding control characters: a terminal's key
        code (an arrow or function key) that no line editing took."""
        where = ("line editing is off (it needs Python's readline module, and a terminal for the output too)"
                 if sys.stdin.isatty() else "the input is not a terminal, so keys are not edited")
        return (f"ignored {_shown(text)!r}: a terminal key code (an arrow or function key?), not a move; "
                f"{where}. Type a move or a command (help lists them)")

    def _words(self) -> list[str]:
        """What Tab completes: the commands and the position's labels."""
        labels = sorted({label_str(x) for x in self.play.home.labels(self.play.position)})
        return list(_COMMANDS) + [x for x in labels if " " not in x]
