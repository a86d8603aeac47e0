"""Moves as a player types them (the terminal game): :class:`TypedMove`,
the text of one move cut into labels and punctuation, with the labels
resolved against the position's own. Each kind reads its moves from it
(:meth:`grundy.kinds.Kind.read_move`) and says how they are written
(:meth:`grundy.kinds.Kind.move_syntax`).

A label is ``"quoted"`` (backslash escapes), a parenthesised tuple, or a
word; punctuation is ``-``, ``:``, ``,``, ``{`` and ``}``. A sign belongs to
a label only where no label ends (``0-1`` is an edge, ``-3`` a label).
"""

from __future__ import annotations

import re
from typing import Any

from grundy.core.moves import label_str
from grundy.errors import InputError

__all__ = ["Label", "TypedMove"]

_INTEGER = re.compile(r"[+-]?[0-9]{1,30}")
_TOKEN = re.compile(r'\s*(?:(?P<label>"(?:[^"\\]|\\.)*"|\((?:[^()]|\([^()]*\))*\)'
                    r'|(?:(?<![^\s:,{(-])[+-](?=\d))?[^\s\-:,{}+()"]+)|(?P<punct>[-:,{}]))')


class Label:
    """A label as typed (``text``), not yet resolved."""

    def __init__(self, text: str) -> None:
        self.text = text


class TypedMove:
    """The text of one move, against the labels of the position it is made in.

    Attributes
    ----------
    text : str
        What was typed.
    labels : set
        The position's labels (vertices, elements) a label may name.
    """

    def __init__(self, text: str, labels: set[Any]) -> None:
        self.text, self.labels = text, labels

    def unreadable(self) -> InputError:
        """The error for text that is not a move of the kind."""
        return InputError(f"cannot read {self.text!r} as a move")

    def match(self, pattern: str) -> re.Match[str]:
        """The whole text matched by ``pattern`` (case-insensitive).

        Raises
        ------
        InputError
            If it does not match.
        """
        found = re.fullmatch(pattern, self.text, re.IGNORECASE)
        if found is None:
            raise self.unreadable()
        return found

    def tokens(self) -> list[Any]:
        """The text as :class:`Label` tokens and punctuation strings.

        Raises
        ------
        InputError
            Text that is neither (naming where).
        """
        out: list[Any] = []
        pos, text = 0, self.text.strip()
        while pos < len(text):
            found = _TOKEN.match(text, pos)
            if found is None or found.end() == pos:
                raise InputError(f"cannot read {text[pos:]!r} in {text!r}")
            out.append(Label(found["label"]) if found["label"] else found["punct"])
            pos = found.end()
        return out

    @staticmethod
    def shape(tokens: list[Any]) -> str:
        """The tokens' shape: ``L`` for each label, punctuation as it is."""
        return "".join("L" if isinstance(t, Label) else t for t in tokens)

    def label(self, token: Label, what: str) -> Any:
        """The label a token names: one of the position's labels as printed
        (spaces aside), else an integer or a string as the readers take it.

        Raises
        ------
        InputError
            No such ``what`` (vertex, element) in the position.
        """
        printed = {"".join(label_str(x).split()): x for x in self.labels}
        text = token.text
        if text in printed or "".join(text.split()) in printed:
            return printed.get(text, printed.get("".join(text.split())))
        if text.startswith('"'):
            text = re.sub(r"\\(.)", r"\1", text[1:-1])
        label: Any = int(text) if _INTEGER.fullmatch(text) else text
        if label not in self.labels:
            raise InputError(f"no {what} {token.text} in this position")
        return label
