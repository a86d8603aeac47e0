"""The README's claims, run: every shell example and every output it shows.

- ```` ```console ```` blocks: each ``$ COMMAND`` line is run by bash (the
  installed ``grundy`` entry point first on ``PATH``, stderr merged into stdout
  as a terminal shows it) in a scratch directory; it must exit 0 (an example of
  another exit status shows it with ``; echo "exit $?"``) and print exactly
  the lines that follow it, doctest-style: ``...`` matches anything, and times
  in seconds (``0.01 s``) match any time.
- ```` ```pycon ```` blocks run as doctests.
- ```` ```sh ```` blocks: the front door's ``grundy`` commands run and exit 0;
  the test command is the one ``.ci/run`` runs; the shell-completion lines
  print a completion script that completes in bash.

A command too slow for the test suite could be marked ``# not run: REASON`` at
the end of its ``$`` line; no example needs it now, and such a command may
show no output (every output shown is checked).
"""

from __future__ import annotations

import doctest
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
CI = ROOT / ".ci" / "run"
TIMEOUT = 60  # seconds per command: the slowest example takes about 3 s
NOT_RUN = re.compile(r"#\s*not run:\s*\S")
SECONDS = re.compile(r"\b\d+\.\d+ s\b")


def blocks(text: str) -> list[tuple[str, str, int]]:
    """The fenced code blocks of a Markdown text: (info string, body, line of the fence)."""
    found = []
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        m = re.match(r"^(```+)\s*(\S*)", lines[i])
        if not m:
            i += 1
            continue
        fence, info, start = m.group(1), m.group(2), i + 1
        j = i + 1
        while j < len(lines) and not lines[j].startswith(fence):
            j += 1
        found.append((info, "\n".join(lines[i + 1 : j]), start))
        i = j + 1
    return found


def readme_blocks(info: str) -> list[tuple[str, int]]:
    return [(body, line) for kind, body, line in blocks(README.read_text(encoding="utf-8")) if kind == info]


def console_examples() -> list[tuple[str, str, int]]:
    """(command, expected output, README line) for every ``$`` line of a console block."""
    examples = []
    for body, start in readme_blocks("console"):
        command: str | None = None
        expected: list[str] = []
        at = start
        for offset, line in enumerate(body.splitlines(), start=start + 1):
            if line.startswith("$ "):
                if command is not None:
                    examples.append((command, "\n".join(expected), at))
                command, expected, at = line[2:], [], offset
            else:
                assert command is not None, f"README line {offset}: output before any $ command"
                expected.append(line)
        if command is not None:
            examples.append((command, "\n".join(expected), at))
    return examples


def sh_lines() -> list[tuple[str, int]]:
    """The command lines of the sh blocks (comment lines left out)."""
    out = []
    for body, start in readme_blocks("sh"):
        for offset, line in enumerate(body.splitlines(), start=start + 1):
            if line.strip() and not line.lstrip().startswith("#"):
                out.append((line, offset))
    return out


def grundy_bin() -> Path | None:
    """The directory of the installed ``grundy`` entry point of this Python, if any."""
    here = Path(sys.executable).parent
    if (here / "grundy").exists():
        return here
    found = shutil.which("grundy")
    return Path(found).parent if found else None


def run_shell(command: str, cwd: Path, env_extra: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """Run ``command`` in bash, ``grundy`` being this Python's (the entry point, else ``-m grundy``)."""
    env = dict(os.environ)
    env.update(env_extra or {})
    env.pop("COLUMNS", None)
    prefix = ""
    where = grundy_bin()
    if where is not None:
        env["PATH"] = f"{where}{os.pathsep}{env.get('PATH', '')}"
    else:  # pragma: no cover - without an installed entry point
        prefix = f'grundy() {{ {shlex.quote(sys.executable)} -m grundy "$@"; }}\n'
    return subprocess.run(
        ["bash", "-c", "set -o pipefail\n" + prefix + command],
        cwd=cwd,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        timeout=TIMEOUT,
    )


def normalise(text: str) -> str:
    """Times in seconds vary: ``1.23 s`` becomes ``<t> s``; trailing blanks go."""
    text = SECONDS.sub("<t> s", text)
    return "\n".join(line.rstrip() for line in text.strip("\n").splitlines()) + "\n"


def matches(expected: str, got: str) -> bool:
    checker = doctest.OutputChecker()
    return checker.check_output(normalise(expected), normalise(got), doctest.ELLIPSIS)


# ---------------------------------------------------------------------------
# console blocks

EXAMPLES = console_examples()


def test_the_readme_shows_examples() -> None:
    assert len(EXAMPLES) >= 8
    assert all(cmd.startswith("grundy ") for cmd, _, _ in EXAMPLES)


@pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")
@pytest.mark.parametrize(
    ("command", "expected", "line"), EXAMPLES, ids=[f"line{line}:{cmd[:50]}" for cmd, _, line in EXAMPLES]
)
def test_console_example(command: str, expected: str, line: int, tmp_path: Path) -> None:
    if NOT_RUN.search(command):
        assert not expected.strip(), f"README line {line}: a command not run may show no output"
        pytest.skip(f"README line {line} is marked not run")
    result = run_shell(command, tmp_path)
    assert result.returncode == 0, f"README line {line}: {command!r} exited {result.returncode}:\n{result.stdout}"
    assert matches(expected, result.stdout), (
        f"README line {line}: {command!r} printed\n{result.stdout}\nbut the README shows\n{expected}"
    )


def test_a_stopped_search_exits_3() -> None:
    """The README's claim "stop cleanly at --time-limit with exit status 3" is shown by an example."""
    shown = [(cmd, out) for cmd, out, _ in EXAMPLES if "--time-limit" in cmd]
    assert shown and all('echo "exit $?"' in cmd and out.rstrip().endswith("exit 3") for cmd, out in shown)


# ---------------------------------------------------------------------------
# Python


def run_pycon(found: list[tuple[str, int]], path: Path) -> None:
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for body, line in found:
        test = parser.get_doctest(body, {}, path.name, str(path), line)
        assert test.examples
        runner.run(test)
    failed, attempted = runner.summarize(verbose=False)
    assert attempted and not failed


def test_python_examples() -> None:
    found = readme_blocks("pycon")
    assert found, "the README shows Python as a pycon block"
    run_pycon(found, README)


@pytest.mark.parametrize("page", ["index.md", "web.md"])
def test_docs_pages_python(page: str) -> None:
    """The site's front page (docs/index.md) and the notebook section of
    docs/web.md show Python the same way, and it runs as shown."""
    path = ROOT / "docs" / page
    found = [(body, line) for kind, body, line in blocks(path.read_text(encoding="utf-8")) if kind == "pycon"]
    assert found
    run_pycon(found, path)


def test_docs_shell_page_matches_the_readme() -> None:
    """docs/shell.md gives the completion lines the README gives (tested above)."""
    page = (ROOT / "docs" / "shell.md").read_text(encoding="utf-8")
    assert {m.group(1) for m in COMPLETION.finditer(page)} == {"bash", "zsh", "fish"}
    for line, _ in sh_lines():
        if COMPLETION.search(line):
            assert line.split("#")[0].strip() in page




# ---------------------------------------------------------------------------
# sh blocks: the two front-door commands and shell completion


def test_front_door_runs_grundy(tmp_path: Path) -> None:
    """The first sh block installs and runs the main job: its ``grundy`` command runs."""
    first = readme_blocks("sh")[0][0]
    install, _, command = first.partition("&&")
    assert "pip install" in install
    command = command.strip()
    assert command.startswith("grundy value ")
    result = run_shell(command, tmp_path)
    assert result.returncode == 0, result.stdout
    assert "nim-value:" in result.stdout and "outcome:" in result.stdout


def test_the_test_command_is_what_ci_runs() -> None:
    """The README's test command is, word for word (``python3`` there, ``python`` in the
    venv of .ci/run), the install and the pytest run of CI."""
    tests = [line for line, _ in sh_lines() if "pytest" in line]
    assert len(tests) == 1
    ci = [line.strip() for line in CI.read_text(encoding="utf-8").splitlines()]
    for part in tests[0].split("&&"):
        words = part.split()
        assert words[0] == "python3"
        wanted = " ".join(["python"] + [w for w in words[1:]])
        assert any(
            " ".join(w for w in line.split() if w != "--quiet") == wanted for line in ci
        ), f"{part.strip()!r} is not run by .ci/run"


def test_the_docs_build_command_is_what_ci_runs() -> None:
    builds = [line for line, _ in sh_lines() if "sphinx" in line]
    assert builds
    sphinx = builds[0].split("&&")[-1].split()
    assert sphinx[0] == "python3"
    ci = CI.read_text(encoding="utf-8")
    assert " ".join(["python"] + sphinx[1:]) in ci


COMPLETION = re.compile(r"_GRUNDY_COMPLETE=(\w+)_source grundy")


def test_the_readme_shows_completion_for_three_shells() -> None:
    shells = {m.group(1) for line, _ in sh_lines() for m in COMPLETION.finditer(line)}
    assert shells == {"bash", "zsh", "fish"}


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_completion_script_is_printed(shell: str, tmp_path: Path) -> None:
    result = run_shell(f"_GRUNDY_COMPLETE={shell}_source grundy", tmp_path)
    assert result.returncode == 0, result.stdout
    # the script calls grundy back with the matching *_complete instruction
    assert f"{shell}_complete" in result.stdout
    assert "grundy" in result.stdout and len(result.stdout.splitlines()) > 5


@pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")
def test_bash_completion_completes(tmp_path: Path) -> None:
    """The README's bash line, then a <TAB> after ``grundy ce``, ``grundy value --ti`` and
    ``--game o`` (ruleset names)."""
    line = next(line for line, _ in sh_lines() if "bash_source" in line)
    setup = line.split("#")[0].strip()
    script = (
        f"{setup}\n"
        "complete -p grundy\n"
        "COMP_WORDS=(grundy ce); COMP_CWORD=1; COMPREPLY=(); _grundy_completion grundy\n"
        'echo "commands: ${COMPREPLY[*]}"\n'
        "COMP_WORDS=(grundy value --ti); COMP_CWORD=2; COMPREPLY=(); _grundy_completion grundy\n"
        'echo "options: ${COMPREPLY[*]}"\n'
        "COMP_WORDS=(grundy value path:5 --game o); COMP_CWORD=4; COMPREPLY=(); _grundy_completion grundy\n"
        'echo "value games: ${COMPREPLY[*]}"\n'
        "COMP_WORDS=(grundy form path:5 --game o); COMP_CWORD=4; COMPREPLY=(); _grundy_completion grundy\n"
        'echo "form games: ${COMPREPLY[*]}"\n'
    )
    result = run_shell(script, tmp_path)
    assert result.returncode == 0, result.stdout
    assert "-F _grundy_completion grundy" in result.stdout
    assert "commands: census certify\n" in result.stdout
    assert "options: --time-limit\n" in result.stdout
    # --game completes ruleset names: impartial ones where only those are taken, partizan ones too in form
    assert "value games: oe-oe odd-vertex\n" in result.stdout
    assert "form games: oe-oe odd-vertex oe-bo" in result.stdout


def test_the_browser_address_is_the_default() -> None:
    """``grundy serve`` then http://127.0.0.1:8000/: the defaults of --host and --port."""
    text = README.read_text(encoding="utf-8")
    m = re.search(r"grundy serve`, then open\s+http://([\d.]+):(\d+)/", text)
    assert m
    from grundy.cli import main

    params = {p.name: p.default for p in main.commands["serve"].params}
    assert (params["host"], params["port"]) == (m.group(1), int(m.group(2)))
