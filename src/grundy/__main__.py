"""``python -m grundy``: the same command line as ``grundy``."""

from grundy.cli import main

if __name__ == "__main__":
    main(prog_name="grundy")
