"""``grundy play SPEC``: play a position against the engine in the terminal.

The position is read by :func:`grundy.play.read_play`; each turn prints it
(:meth:`~grundy.play.Play.text`) with its value (nim-value, misère outcome
or canonical form), and the engine answers with
:func:`grundy.play.engine_move`. The user types a move in the position's
labels (see ``help`` in the game), ``#k`` for the k-th move of ``moves``,
or a command: ``moves``, ``hint``, ``undo``, ``help``, ``quit``. Exit codes
as every command: 0 (the game ended, was quit or abandoned), 2 bad input,
3 an analysis stopped by ``--time-limit``.
"""

from __future__ import annotations

import re
import sys
from typing import Any

import click

from grundy.cli.common import _Command, _run, _Stopped
from grundy.core.moves import Move, label_str
from grundy.core.limits import interrupt_exit_code
from grundy.errors import InputError, SearchLimitReached

__all__ = ["play"]

_COMMANDS = ("moves", "hint", "undo", "help", "quit")
_INTEGER = re.compile(r"[+-]?[0-9]{1,30}")
# a label: "quoted", (a, tuple) or a word (a sign only where no label ends: 0-1 is an edge, -3 a label)
_TOKEN = re.compile(r'\s*(?:(?P<label>"(?:[^"\\]|\\.)*"|\((?:[^()]|\([^()]*\))*\)'
                    r'|(?:(?<![^\s:,{(-])[+-](?=\d))?[^\s\-:,{}+()"]+)|(?P<punct>[-:,{}]))')
_SYNTAX = {
    "graph": "a vertex: 3 or v 3 (remove vertex 3); an edge: 0-1 or e 0 1 (remove edge 0-1)",
    "graph-nim": "at a vertex, some of its edges: 3: 4 5 or 3: 3-4 3-5 (at vertex 3 remove edges 3-4 and 3-5); "
                 "0-1 removes that one edge",
    "poset": "an element: x (removes x and everything above it; below it in a dual poset)",
    "complex": "a face: 1 2 3, 1,2,3 or {1,2,3} (removes it and every face containing it)",
    "chomp": "a square: r,c or r c (row r, column c, 1-based, row 1 at the bottom): removes it and every "
             "square above and right of it; x, the poisoned square, is never taken",
    "nim": "i to n or i n (heap i down to n counters)",
    "octal": "i to a+b, i to a or i to nothing (heap i replaced by heaps a and b, one heap, or none)",
}


@click.command(cls=_Command)
@click.argument("spec", metavar="SPEC")
@click.option("--game", default=None, metavar="NAME",
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
    move syntax and the commands (moves, hint, undo, help, quit)."""
    from grundy.play import read_play

    def body() -> None:
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

    def run(self) -> None:
        p = self.play
        rules = f"game {p.game}" + (", misère play" if p.misere else "")
        you = f"; you play {self.me.capitalize()}" if p.partizan else ""
        click.echo(f"{self.name} ({rules}{you}): {'you move' if self.user_turn else 'the engine moves'} first. "
                   "Type a move, or help.")
        while True:
            mover = self.me if self.user_turn else self.them
            click.echo("\n" + self.play.text())
            if self.answer is None:
                self.answer = self._analyse()
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

    def _analyse(self) -> Any:
        from grundy.cli.limits import _alarm, _grace
        from grundy.play import analyse, partizan_report

        try:
            with _alarm(_grace(self.time_limit), self.time_limit):
                if self.play.partizan:
                    return partizan_report(self.play, time_limit=self.time_limit)
                return analyse(self.play, time_limit=self.time_limit)
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
                text = input("your move> ").strip()
            except EOFError:
                click.echo("\ngame abandoned")
                return False
            except KeyboardInterrupt:
                click.echo("\ngame abandoned (interrupted)")
                sys.exit(interrupt_exit_code())
            command = text.lower()
            if not text:
                continue
            if command in ("quit", "q", "exit"):
                click.echo("game abandoned")
                return False
            if command in ("help", "?"):
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
                    click.echo(f"{e}; type help for the syntax, moves for the list")
                    continue
                click.echo(f"you: {move}")
                self.history.append((self.play, self.answer))
                self.play, self.answer, self.user_turn = after, None, False
                return True

    def _help(self) -> None:
        p = self.play
        kind = "graph-nim" if p.kind == "graph" and p.game == "graph-nim" else p.kind
        click.echo(f"a move: {_SYNTAX[kind]}")
        click.echo("  or #k, the k-th move of the list `moves` prints, or a move exactly as it is printed there")
        click.echo("  labels are as printed: a label with spaces or separators in quotes (\"a b\")")
        click.echo("commands: moves (every legal move and what it leaves), hint (the engine's move in your "
                   "place), undo (take back your last move and the reply), help, quit")

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
            Unreadable text, an unknown label or an illegal move (one line).
        """
        legal = self.play.moves(self.me)
        if text.startswith("#"):
            k = text[1:].strip()
            if not (k.isascii() and k.isdigit()) or len(k) > 9 or not 1 <= int(k) <= len(legal):
                shown = text if len(text) <= 20 else text[:20] + "..."
                raise InputError(f"no move {shown}: the list has moves #1 to #{len(legal)}")
            move = legal[int(k) - 1]
            return move, self.play.after(move, self.me)
        flat = " ".join(text.split())
        for move in legal:
            if str(move) == flat:
                return move, self.play.after(move, self.me)
        candidates = self._parse(text)
        error = None
        for move in candidates:
            try:
                found = self.play.legal(move, self.me)
            except InputError as e:
                error = error or e
                continue
            return found, self.play.after(found, self.me)
        assert error is not None
        raise error

    def _parse(self, text: str) -> list[Move]:
        kind, bad = self.play.kind, InputError(f"cannot read {text!r} as a move")
        if kind in ("chomp", "nim", "octal"):
            pattern = {"chomp": r"\(?\s*(\d{1,9})\s*[,\s]\s*(\d{1,9})\s*\)?",
                       "nim": r"(?:heap\s+)?(\d{1,9})\s*(?:\s|\s*to\s)\s*(\d{1,30})",
                       "octal": r"(?:heap\s+)?(\d{1,9})\s+(?:to\s+)?(nothing|\d{1,30}(?:\s*\+\s*\d{1,30})*)"}[kind]
            match = re.fullmatch(pattern, text, re.IGNORECASE)
            if match is None:
                raise bad
            a, b = int(match[1]), match[2]
            if kind == "chomp":
                return [Move(row=a, column=int(b))]
            if kind == "nim":
                return [Move(heap=a, to=int(b))]
            parts = () if b.lower() == "nothing" else tuple(int(x) for x in b.split("+") if int(x))
            return [Move(heap=a, to=parts)]
        tokens = self._tokens(text)
        shape = "".join("L" if isinstance(t, _Label) else t for t in tokens)
        word = tokens[0].text if shape[:1] == "L" and len(tokens) > 1 else ""
        if kind == "poset":
            if shape == "L" or (shape == "LL" and word in ("element", "x")):
                return [Move(element=self._label(tokens[-1], "element"))]
            raise bad
        if kind == "complex":
            inner = shape[1:-1] if shape[:1] == "{" and shape[-1:] == "}" else shape
            if not inner or set(inner) - {"L", ","}:
                raise bad
            return [Move(face=tuple(self._label(t, "vertex") for t in tokens if isinstance(t, _Label)))]
        vertex = lambda t: self._label(t, "vertex")
        if word.lower() in ("remove", "take") and shape[:2] == "LL":  # as moves are printed
            tokens, shape = tokens[1:], shape[1:]
            word = tokens[0].text if len(tokens) > 1 else ""
        keyword = word.lower()[:1] if word.lower() in ("v", "vertex", "e", "edge") else ""
        if keyword:
            tokens, shape = tokens[1:], shape[1:]
        if shape == "L" and keyword != "e":
            return [Move(vertex=vertex(tokens[0]))]
        if (shape == "L-L" and keyword != "v") or (shape == "LL" and keyword == "e"):
            u, v = vertex(tokens[0]), vertex(tokens[-1])
            return [Move(edge=(u, v)), Move(vertex=u, edges=((u, v),))]
        if shape.startswith("L:") and len(shape) > 2:
            at, rest, edges = vertex(tokens[0]), tokens[2:], []
            while rest:
                if isinstance(rest[0], str) and rest[0] == ",":
                    rest = rest[1:]
                elif len(rest) >= 3 and rest[1] == "-" and isinstance(rest[0], _Label) and isinstance(rest[2], _Label):
                    edges.append((vertex(rest[0]), vertex(rest[2])))
                    rest = rest[3:]
                elif isinstance(rest[0], _Label):
                    edges.append((at, vertex(rest[0])))
                    rest = rest[1:]
                else:
                    raise bad
            if not edges:
                raise bad
            return [Move(vertex=at, edges=tuple(edges))]
        raise bad

    def _tokens(self, text: str) -> list[Any]:
        out: list[Any] = []
        pos, text = 0, text.strip()
        while pos < len(text):
            match = _TOKEN.match(text, pos)
            if match is None or match.end() == pos:
                raise InputError(f"cannot read {text[pos:]!r} in {text!r}")
            out.append(_Label(match["label"]) if match["label"] else match["punct"])
            pos = match.end()
        return out

    def _label(self, token: _Label, what: str) -> Any:
        """The label a token names: one of the position's labels as printed
        (spaces aside), else an integer or a string as the readers take it."""
        p = self.play.position
        if self.play.kind == "complex":
            labels = {v for f in p.facet_labels() for v in f}
        else:
            labels = set(p.labels)
        printed = {"".join(label_str(x).split()): x for x in labels}
        text = token.text
        if text in printed or "".join(text.split()) in printed:
            return printed.get(text, printed.get("".join(text.split())))
        if text.startswith('"'):
            text = re.sub(r"\\(.)", r"\1", text[1:-1])
        label: Any = int(text) if _INTEGER.fullmatch(text) else text
        if label not in labels:
            raise InputError(f"no {what} {token.text} in this position")
        return label


class _Label:
    def __init__(self, text: str) -> None:
        self.text = text


