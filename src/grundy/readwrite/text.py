"""Checks every text reader shares (graph, poset and complex files, stdin,
pasted text, JSON labels, census input, certificates): characters that would
change a position without being seen are refused, never kept in a label.

* A byte-order mark at the very start of a text (what Windows editors write
  before UTF-8) is dropped: ``\\ufeff0 1`` would otherwise name a vertex
  ``"\\ufeff0"``, not ``0``, and a triangle would read as a path.
* Anywhere else, a control character (NUL, escape, vertical tab...: Unicode
  category Cc, but tab, newline and carriage return), an invisible format
  character (zero-width space and joiners, a byte-order mark, bidirectional
  marks: category Cf) or a Unicode line or paragraph separator is an
  :class:`~grundy.errors.InputError` naming the source, the line and the
  column (a UTF-16 file read as UTF-8 shows as NULs between its characters).
* A label (a JSON string) may hold none of them, tab and newline included.

Every read is bounded (:func:`read_file`, :func:`read_stream`,
:func:`gunzip`): a position file or stdin at most :data:`MAX_TEXT_BYTES`,
and only a regular file (a FIFO, a device such as ``/dev/zero`` or a
symbolic link to one is refused before it is read, so nothing blocks or
reads forever); a gzip stream is decompressed at most to a given size.

>>> check_text("\\ufeff0 1\\r\\n1 2\\r\\n", "k3.edges")
'0 1\\r\\n1 2\\r\\n'
>>> check_text("0 1\\n1\\x002\\n", "k3.edges")
Traceback (most recent call last):
...
grundy.errors.InputError: k3.edges:2:2: control character U+0000 (NUL) in the text; labels may hold no control or invisible characters
"""

from __future__ import annotations

import gzip
import io
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
import os
import re
import stat
import unicodedata
import zlib
from typing import BinaryIO, TextIO

from grundy.errors import InputError

__all__ = ["BOM", "MAX_TEXT_BYTES", "check_label", "check_text", "decode_utf8", "files_allowed", "files_refused",
           "gunzip", "read_file", "read_stream", "size_text"]

#: The byte-order mark, as text.
BOM = "\ufeff"

#: Bytes a position file (graph, poset, complex) or stdin may hold: 64 MiB,
#: far above what the size limits let a position list (200,000 edges).
MAX_TEXT_BYTES = 64 << 20

#: Characters a text may not hold: C0 and C1 controls but tab, newline and
#: carriage return; Unicode format characters (category Cf, listed by range
#: below); the line and paragraph separators.
_FORBIDDEN_IN_TEXT = re.compile(
    "[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u00ad\u0600-\u0605\u061c\u06dd\u070f\u0890\u0891\u08e2\u180e"
    "\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb"
    "\U000110bd\U000110cd\U00013430-\U0001343f\U0001bca0-\U0001bca3\U0001d173-\U0001d17a"
    "\U000e0001\U000e0020-\U000e007f]"
)
#: The same, and tab, newline and carriage return: what a label may not hold.
_FORBIDDEN_IN_LABEL = re.compile(_FORBIDDEN_IN_TEXT.pattern[:-1] + "\t\n\r]")

#: Names of the control characters that have no Unicode name.
_CONTROL_NAMES = {0: "NUL", 9: "TAB", 10: "LF", 13: "CR", 27: "ESC", 127: "DEL"}


def _describe(ch: str) -> str:
    """``U+0000 (NUL)``, ``U+200B (ZERO WIDTH SPACE)``..."""
    code = ord(ch)
    name = _CONTROL_NAMES.get(code) or unicodedata.name(ch, "")
    kind = "control character" if unicodedata.category(ch) == "Cc" else "invisible character"
    return f"{kind} U+{code:04X}" + (f" ({name})" if name else "")


def _line_and_column(text: str, index: int) -> tuple[int, int]:
    """1-based line and column of ``text[index]``, lines ended by ``\\n``,
    ``\\r\\n`` or a lone ``\\r`` (as :meth:`str.splitlines` counts them once the
    other separators are refused)."""
    before = text[:index]
    line = before.count("\n") + before.count("\r") - before.count("\r\n") + 1
    start = max(before.rfind("\n"), before.rfind("\r")) + 1
    return line, index - start + 1


def check_text(text: str, source: str) -> str:
    """``text`` without a leading byte-order mark, after refusing control and
    invisible characters anywhere in it (see the module docstring).

    Parameters
    ----------
    text : str
        What was read (a file, stdin, a pasted text).
    source : str
        Where it comes from, for the message (a file name, ``stdin``,
        ``pasted graph``).

    Returns
    -------
    str
        The text, its leading byte-order mark (if any) dropped.

    Raises
    ------
    InputError
        ``SOURCE:LINE:COLUMN: control character U+0000 (NUL) in the text; ...``
        for the first such character.
    """
    if text.startswith(BOM):
        text = text[1:]
    found = _FORBIDDEN_IN_TEXT.search(text)
    if found is None:
        return text
    line, column = _line_and_column(text, found.start())
    raise InputError(f"{source}:{line}:{column}: {_describe(found.group())} in the text; "
                     "labels may hold no control or invisible characters")


def check_label(label: str, where: str) -> None:
    """Refuse a label (a JSON string) holding a control character (tab and
    newline included), an invisible format character or a line separator.

    Raises
    ------
    InputError
        ``WHERE: a label holds control character U+0000 (NUL)...``.
    """
    found = _FORBIDDEN_IN_LABEL.search(label)
    if found is not None:
        raise InputError(f"{where}: a label holds {_describe(found.group())} at position {found.start() + 1}; "
                         "labels may hold no control or invisible characters")


def decode_utf8(raw: bytes, source: str) -> str:
    """``raw`` decoded as UTF-8 and checked by :func:`check_text` (its
    leading byte-order mark dropped).

    Raises
    ------
    InputError
        Bytes that are not UTF-8 (UTF-16 with its byte-order mark among
        them), naming the first bad byte and its offset; or what
        :func:`check_text` refuses.
    """
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        hint = " (UTF-16? save it as UTF-8)" if raw[:2] in (b"\xff\xfe", b"\xfe\xff") else ""
        raise InputError(f"cannot read {_shown(source)}: not UTF-8 text (byte {raw[exc.start]:#04x} at offset "
                         f"{exc.start}){hint}") from None
    return check_text(text, _shown(source))


def _shown(path: str) -> str:
    """``path`` as it is if printable, else quoted with its control
    characters escaped (as :func:`grundy.readwrite.graphs.shown_path`)."""
    return path if path.isprintable() else repr(path)


def size_text(limit: int) -> str:
    """``64 MiB``, ``256 MiB``, ``100 bytes``: a limit for a message."""
    if limit >= 1 << 20 and limit % (1 << 20) == 0:
        return f"{limit >> 20} MiB"
    return f"{limit:,} bytes"


def os_reason(exc: OSError) -> str:
    """Why a file could not be opened or read, worded as every reader words
    it ("no such file", "it is a directory", "permission denied")."""
    if isinstance(exc, FileNotFoundError):
        return "no such file"
    if isinstance(exc, IsADirectoryError):
        return "it is a directory"
    if isinstance(exc, PermissionError):
        return "permission denied"
    reason = exc.strerror or str(exc)
    return reason[:1].lower() + reason[1:]


def read_file(path: str, limit: int = MAX_TEXT_BYTES, what: str = "") -> bytes:
    """The bytes of the regular file ``path``, at most ``limit`` of them.

    The file is opened without blocking (a FIFO would wait for a writer
    forever) and checked to be a regular file (after symbolic links) before
    anything is read: ``/dev/zero``, a FIFO, a terminal or a directory is
    refused. ``what`` prefixes the message (``--input``) instead of
    ``cannot read``.

    Raises
    ------
    InputError
        The file cannot be opened, is not a regular file, or holds more than
        ``limit`` bytes ("larger than the limit of 64 MiB").
    """
    shown = _shown(path)
    head = f"{what} {shown}" if what else f"cannot read {shown}"
    try:
        fh = open(path, "rb", opener=_without_blocking)
    except OSError as exc:
        raise InputError(f"{head}: {os_reason(exc)}") from None
    with fh:
        mode = os.fstat(fh.fileno()).st_mode
        if stat.S_ISDIR(mode):
            raise InputError(f"{head}: it is a directory")
        if not stat.S_ISREG(mode):
            raise InputError(f"{head}: not a regular file (a FIFO, a device or a socket is not read; "
                             "use - for standard input)")
        try:
            data = fh.read(limit + 1)
        except OSError as exc:
            raise InputError(f"{head}: {os_reason(exc)}") from None
    if len(data) > limit:
        raise InputError(f"{head}: larger than the limit of {size_text(limit)}")
    return data


def _without_blocking(path: str, flags: int) -> int:
    """An ``opener`` for :func:`open` that never blocks (a FIFO without a
    writer) and takes no controlling terminal."""
    return os.open(path, flags | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))


def read_stream(stream: BinaryIO | TextIO, source: str, limit: int = MAX_TEXT_BYTES) -> bytes | str:
    """At most ``limit`` bytes of a stream (stdin): bytes from a binary
    stream or a text stream's ``buffer``, else text (at most ``limit``
    characters).

    Raises
    ------
    InputError
        More than ``limit`` bytes (``SOURCE: larger than the limit of ...``),
        or the stream cannot be read (text that is not UTF-8 included).
    """
    reader = getattr(stream, "buffer", stream)
    try:
        try:
            data = reader.read(limit + 1)
        except TypeError:  # a stream-like object whose read takes no size
            data = reader.read()
    except UnicodeDecodeError:
        raise InputError(f"cannot read {source}: not UTF-8 text") from None
    except (OSError, ValueError) as exc:
        raise InputError(f"cannot read {source}: {getattr(exc, 'strerror', None) or exc}") from None
    if len(data) > limit:
        raise InputError(f"cannot read {source}: larger than the limit of {size_text(limit)}")
    return data


def gunzip(data: bytes, source: str, limit: int) -> bytes:
    """The decompressed bytes of the gzip stream ``data`` (several members
    allowed), at most ``limit`` of them: decompression stops there, so a
    small file that expands to gigabytes costs ``limit`` bytes.

    Raises
    ------
    InputError
        A damaged or truncated stream (``SOURCE: not a readable gzip
        stream``), or more than ``limit`` bytes decompressed.
    """
    try:
        with gzip.GzipFile(fileobj=io.BytesIO(data)) as stream:
            out = stream.read(limit + 1)
    except (OSError, EOFError, zlib.error) as exc:
        raise InputError(f"{source}: not a readable gzip stream ({exc})") from None
    if len(out) > limit:
        raise InputError(f"{source}: decompresses to more than the limit of {size_text(limit)}")
    return out


#: Whether the readers may read a spec as a file name (False inside :func:`files_refused`).
_FILES: ContextVar[bool] = ContextVar("grundy_files", default=True)


@contextmanager
def files_refused() -> Iterator[None]:
    """Inside the block (a web server's request), the readers read no spec
    as a file name and do not even look whether one exists: ``canary`` is
    an unknown name whether or not a file of that name is in the working
    directory, so an answer tells nothing about the server's files."""
    token = _FILES.set(False)
    try:
        yield
    finally:
        _FILES.reset(token)


def files_allowed() -> bool:
    """False inside :func:`files_refused`."""
    return _FILES.get()
