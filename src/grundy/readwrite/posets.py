"""Reading posets: the ``.poset`` text format (:func:`parse_poset_text`),
JSON (:func:`parse_poset_json`), and :func:`load_poset`, which takes a family
spec, a file name or a :class:`~grundy.games.posets.Poset`. The label and
file helpers here are shared with :mod:`grundy.readwrite.complexes`."""

from __future__ import annotations

import os
import re
from typing import Any

from grundy.errors import InputError
from grundy.games.posets.families import build_poset_family
from grundy.games.posets.poset import Label, Poset
from grundy.readwrite.graphs import _token_label as _graph_token_label
from grundy.readwrite.graphs import shown_path
from grundy.readwrite.jsontext import check_label_depth, load_json
from grundy.readwrite.text import check_label, check_text, decode_utf8, files_allowed, read_file

__all__ = ["load_poset", "parse_poset_json", "parse_poset_text", "read_text"]

_INTEGER = re.compile(r"[+-]?[0-9]+")


#: Characters a label of the text formats (``.poset``, ``.facets``) may not
#: hold: ``a,b`` or ``{1,2,3}`` was read as one label (``a<=b`` as a < "=b"),
#: so a relation or a facet written that way gave a wrong position with no
#: word said.
_SEPARATORS = re.compile(r"[,;{}\[\]()=]")


def _token_label(token: str, where: str = "", layout: str = "") -> Label:
    """An integer for an integer-looking token, else the token (as the graph
    readers do: :func:`grundy.readwrite.graphs._token_label`).

    Raises
    ------
    InputError
        A token holding a separator of another notation (``, ; { } [ ] ( ) =``),
        naming the line and ``layout``, what the format asks for instead.
    """
    bad = _SEPARATORS.search(token)
    if bad:
        raise InputError(f"{where}: {token!r}: a label may not contain {bad.group()!r}; "
                         f"{layout or 'separate labels by spaces'}")
    return _graph_token_label(token, where)  # type: ignore[no-any-return]


#: A ``.poset`` line's tokens: ``<`` and ``>`` stand alone, spaced or not.
_POSET_TOKENS = re.compile(r"[<>]|[^\s<>]+")
_POSET_LAYOUT = "write one relation per line, as 'a < b', 'a > b', 'a < b < c' or 'a b'"


def _poset_label(token: str, where: str) -> Label:
    """A ``.poset`` label: :func:`_token_label`, and no ``-`` at its end
    (``a->b`` splits into ``a-``, ``>``, ``b``: an arrow, not a relation).

    Raises
    ------
    InputError
        As :func:`_token_label`, or a label ending in ``-``.
    """
    if token.endswith("-") and token != "-":
        raise InputError(f"{where}: {token!r}: a label may not end with '-' ('a->b' is not a relation); "
                         f"{_POSET_LAYOUT}")
    return _token_label(token, where, _POSET_LAYOUT)


def _json_label(value: Any, where: str) -> Label:
    if isinstance(value, list):
        check_label_depth(value, where)
        return tuple(_json_label(x, where) for x in value)
    if isinstance(value, str):
        check_label(value, where)
        return value
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    raise InputError(f"{where}: a label must be a string, an integer or a list, got {type(value).__name__}")


def read_text(path: str) -> str:
    """A file's text (shared with :mod:`grundy.readwrite.complexes`): a
    regular file of at most :data:`~grundy.readwrite.text.MAX_TEXT_BYTES`,
    UTF-8, its leading byte-order mark dropped.

    Raises
    ------
    InputError
        Naming the problem (missing, a directory, not a regular file, too
        large, not UTF-8, a control or invisible character).
    """
    return decode_utf8(read_file(path), path)


def parse_poset_text(text: str, source: str = "<text>", *, dual: bool = False) -> Poset:
    """Read the ``.poset`` format: one relation per line, ``a < b`` (or
    ``a > b``, or a chain ``a < b < c``; spaces around ``<`` and ``>`` are
    optional) or ``a b`` (meaning ``a < b``); a lone label is an element;
    ``#`` starts a comment. Integer tokens are integer labels.

    >>> parse_poset_text("1 < 2  # a comment\\n2 3\\nx\\n3<4\\n").covers()
    [(1, 2), (2, 3), (3, 4)]

    Raises
    ------
    InputError
        A malformed line, a label holding ``, ; { } [ ] ( ) =`` or ending in
        ``-`` (``a,b``, ``a<=b`` and ``a->b`` are not relations), a cycle,
        or a control or invisible character
        (:func:`grundy.readwrite.text.check_text`; a leading byte-order
        mark is dropped).
    """
    text = check_text(text, source)
    elements: list[Label] = []
    relations: list[tuple[Label, Label]] = []
    for lineno, line in enumerate(text.splitlines(), 1):
        tokens = _POSET_TOKENS.findall(line.split("#", 1)[0])
        if not tokens:
            continue
        where = f"{source}:{lineno}"
        if len(tokens) == 1:
            if tokens[0] in ("<", ">"):
                raise InputError(f"{where}: expected 'a < b', 'a b' or a lone element, got {line.strip()!r}")
            elements.append(_poset_label(tokens[0], where))
        elif len(tokens) == 2:
            if "<" in tokens or ">" in tokens:
                raise InputError(f"{where}: expected 'a < b', 'a b' or a lone element, got {line.strip()!r}")
            relations.append((_poset_label(tokens[0], where),
                              _poset_label(tokens[1], where)))
        else:
            if (len(tokens) % 2 == 0 or any(t not in ("<", ">") for t in tokens[1::2])
                    or any(t in ("<", ">") for t in tokens[0::2])):
                raise InputError(f"{where}: expected 'a < b', 'a b' or a lone element, got {line.strip()!r}")
            labels = [_poset_label(t, where) for t in tokens[0::2]]
            for k, op in enumerate(tokens[1::2]):
                a, b = labels[k], labels[k + 1]
                relations.append((a, b) if op == "<" else (b, a))
    elements = list(dict.fromkeys(elements))
    if not elements and not relations:
        raise InputError(f"no poset in {source}: no relations and no elements")
    return Poset.from_relations(elements, relations, dual=dual, where=source)


def parse_poset_json(text: str, source: str = "<json>", *, dual: bool = False) -> Poset:
    """Read ``{"elements": [...], "relations": [[a, b], ...]}`` (``a < b``;
    either key may be missing but not both; ``elements`` lists elements
    besides those the relations name).

    Raises
    ------
    InputError
        Malformed or non-strict JSON (see
        :func:`grundy.readwrite.jsontext.load_json`), the wrong shape, a
        label that is not a string, integer or list (or nests too deeply),
        an element listed twice, or a cycle.
    """
    data = load_json(text, source)
    shape = '{"elements": [...], "relations": [[a, b], ...]}'
    if not isinstance(data, dict):
        raise InputError(f"{source}: expected a poset object {shape}")
    unknown = sorted(set(data) - {"elements", "relations"})
    if unknown or not data:
        problem = f"unknown key {unknown[0]!r}" if unknown else "empty object"
        raise InputError(f"{source}: {problem}; expected {shape}")
    elements = data.get("elements", [])
    relations = data.get("relations", [])
    if not isinstance(elements, list) or not isinstance(relations, list):
        raise InputError(f"{source}: 'elements' and 'relations' must be lists; expected {shape}")
    labels = [_json_label(x, f"{source}: elements[{i}]") for i, x in enumerate(elements)]
    rels = []
    for i, r in enumerate(relations):
        where = f"{source}: relations[{i}]"
        if not (isinstance(r, list) and len(r) == 2):
            raise InputError(f"{where}: a relation must be a pair [a, b] meaning a < b")
        rels.append((_json_label(r[0], where), _json_label(r[1], where)))
    return Poset.from_relations(labels, rels, dual=dual, where=source)


def load_poset(spec: str | Poset, *, dual: bool = False) -> Poset:
    """A poset from a family spec (``divisors:30``), a ``.poset`` file or a
    ``.json`` file (see :func:`parse_poset_text`, :func:`parse_poset_json`).

    Raises
    ------
    InputError
        Bad input, with a one-line message: an unknown family, a size that
        is not a positive integer, a cycle in the relations, an unreadable
        file or one in an unknown format.

    >>> load_poset("boolean:2").covers()
    [((1,), (1, 2)), ((2,), (1, 2))]
    >>> load_poset("cube:3")
    Traceback (most recent call last):
    ...
    grundy.errors.InputError: unknown poset family 'cube'; known: chain:n, antichain:n, divisors:n, boolean:n, product:a,b,...
    """
    if isinstance(spec, Poset):
        return Poset(spec.labels, spec.up, dual=dual) if dual and not spec.dual else spec
    if not isinstance(spec, str):
        raise InputError(f"cannot make a poset from {type(spec).__name__}: expected a Poset or a string")
    spec = spec.strip()
    ext = os.path.splitext(spec)[1].lower()
    if files_allowed() and (ext in (".poset", ".json") or os.path.exists(spec)):
        text = read_text(spec)
        if ext == ".json":
            return parse_poset_json(text, spec, dual=dual)
        if ext == ".poset":
            return parse_poset_text(text, spec, dual=dual)
        raise InputError(f"cannot read {shown_path(spec)}: unsupported extension {ext or '(none)'!r}; supported: .poset, .json")
    return build_poset_family(spec, dual=dual)
