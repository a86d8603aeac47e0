"""``grundy play`` at a real terminal (a pseudo-terminal): line editing and
history through the standard ``readline`` module, so that Up recalls the
last line and Left moves in it instead of reaching the game as
``'\\x1b[A'``; Tab completes the commands. Without a terminal, or without
readline, play still works and a key code that reaches it is answered as
one.
"""

from __future__ import annotations

import importlib
import os
import select
import sys
import time

import pytest

play_cli = importlib.import_module("grundy.cli.play")  # the module (grundy.cli.play is also the command's name)

PROMPT = b"your move> "


def _read_until(fd: int, marker: bytes, count: int, timeout: float = 60.0) -> bytes:
    """What the terminal shows until ``marker`` has appeared ``count`` times."""
    out = b""
    end = time.monotonic() + timeout
    while out.count(marker) < count and time.monotonic() < end:
        ready, _, _ = select.select([fd], [], [], 0.2)
        if ready:
            try:
                chunk = os.read(fd, 4096)
            except OSError:  # the child closed the terminal
                break
            if not chunk:
                break
            out += chunk
    return out


def test_arrow_keys_edit_and_recall_lines_at_a_terminal() -> None:
    pty = pytest.importorskip("pty")
    pytest.importorskip("readline")
    env = dict(os.environ, TERM="xterm", COLUMNS="200", LINES="50")
    pid, fd = pty.fork()
    if pid == 0:  # the child: the game, on the pseudo-terminal
        try:
            os.execve(sys.executable, [sys.executable, "-m", "grundy", "play", "path:5"], env)
        finally:
            os._exit(127)
    try:
        shown = _read_until(fd, PROMPT, 1)
        keys = [
            b"hint\r",          # 2nd prompt
            b"\x1b[A\r",        # Up: the last line again (hint), 3rd prompt
            b"ht\x1b[Din\r",    # Left inside the line: "h" + "in" + "t" = hint, 4th prompt
            b"mo\t\r",          # Tab completes the command: moves, 5th prompt
        ]
        for k, key in enumerate(keys, 2):
            os.write(fd, key)
            shown += _read_until(fd, PROMPT, 1)
            assert shown.count(PROMPT) >= k, shown
        os.write(fd, b"quit\r")
        shown += _read_until(fd, b"game abandoned", 1)
    finally:
        try:
            os.kill(pid, 9)
        except ProcessLookupError:
            pass
        os.waitpid(pid, 0)
        os.close(fd)
    text = shown.decode("utf-8", "replace")
    assert text.count("hint: remove vertex 1 (a winning move)") == 3, text
    assert "#1" in text and "remove vertex 0" in text, text  # the list `moves` prints
    assert "cannot read" not in text and "ignored" not in text and "unknown command" not in text, text
    assert "game abandoned" in text


def test_a_key_code_that_reaches_the_game_is_named_not_read_as_a_move() -> None:
    from click.testing import CliRunner

    from grundy.cli import main

    result = CliRunner().invoke(main, ["play", "path:5"], input="\x1b[A\n\x1b[D1\nquit\n")
    assert result.exit_code == 0
    assert "\x1b" not in result.output
    assert result.output.count("a terminal key code (an arrow or function key?), not a move") == 2
    assert "ignored '^[[A'" in result.output and "ignored '^[[D1'" in result.output
    assert "cannot read" not in result.output and "you:" not in result.output


def test_play_works_without_readline(monkeypatch) -> None:
    """Where Python has no readline module, line editing is off and nothing fails."""
    monkeypatch.setitem(sys.modules, "readline", None)  # import readline then raises ImportError
    monkeypatch.setattr(sys.stdin, "isatty", lambda: True, raising=False)
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True, raising=False)
    assert play_cli._line_editing(lambda: ["hint"]) is False


def test_no_line_editing_without_a_terminal(monkeypatch) -> None:
    monkeypatch.setattr(sys.stdin, "isatty", lambda: False, raising=False)
    assert play_cli._line_editing(lambda: ["hint"]) is False
