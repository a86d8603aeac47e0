"""``python -m grundy`` and the ``grundy`` command (its entry point,
:func:`main`): the command line of :mod:`grundy.cli`.

Loading the command line takes a fifth of a second or so (click, the
commands, the games they reach). A Ctrl-C in that time, before the commands
install their own handler (:func:`grundy.cli.main`), ends the command quietly
with exit code 130, as one during a search does, instead of a traceback.
"""

from __future__ import annotations

import sys

#: The exit code of a command stopped by Ctrl-C (128 + SIGINT), as :mod:`grundy.cli` documents.
INTERRUPTED_EXIT = 130


def main() -> None:
    """Run the ``grundy`` command line on ``sys.argv``.

    Raises
    ------
    SystemExit
        Always, with the command's exit code (:mod:`grundy.cli`); 130 if
        Ctrl-C came while the command line was being loaded.
    """
    try:
        from grundy.cli import main as command_line
    except KeyboardInterrupt:
        sys.stderr.write("\ngrundy: interrupted\n")
        sys.exit(INTERRUPTED_EXIT)
    command_line(prog_name="grundy")


if __name__ == "__main__":
    main()
