"""Reading JSON text strictly, for every JSON reader (graphs, posets,
complexes): :func:`load_json` refuses what :func:`json.loads` would accept
silently or fail on with another exception, and :func:`check_label_depth`
bounds how deeply a label may nest lists.

* an object with a repeated key (``json.loads`` keeps the last one, silently
  dropping the first);
* ``NaN``, ``Infinity`` and ``-Infinity`` (not JSON);
* a number with more digits than Python converts (``ValueError``);
* nesting deeper than the parser's recursion allows (``RecursionError``).

Each is an :class:`~grundy.errors.InputError` with a one-line message.
"""

from __future__ import annotations

import json
from typing import Any

from grundy.errors import InputError

__all__ = ["MAX_INTEGER_DIGITS", "MAX_LABEL_DEPTH", "check_label_depth", "load_json"]

#: Deepest nesting of lists a vertex or element label may have (a label
#: list becomes a tuple; deeper ones are refused, not flattened).
MAX_LABEL_DEPTH = 20

#: Most digits an integer label or size may have (Python refuses to convert
#: more than 4300 by default).
MAX_INTEGER_DIGITS = 4000


class _Refused(Exception):
    """Raised inside the JSON parser's hooks; turned into an InputError."""


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise _Refused(f"the key {json.dumps(key)[:40]} appears twice in one object")
        out[key] = value
    return out


def _no_constant(name: str) -> Any:
    raise _Refused(f"{name} is not a JSON number")


def _integer(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > MAX_INTEGER_DIGITS:
        raise _Refused(f"a number with {digits} digits (at most {MAX_INTEGER_DIGITS})")
    return int(text)


def load_json(text: str, source: str) -> Any:
    """Parse ``text`` as strict JSON.

    Parameters
    ----------
    text : str
        The document.
    source : str
        Where it comes from, for messages (a file name).

    Returns
    -------
    Any
        The parsed value.

    Raises
    ------
    InputError
        Malformed JSON (with line and column), a key repeated in an object,
        ``NaN``/``Infinity``, an integer of more than
        :data:`MAX_INTEGER_DIGITS` digits, or nesting too deep to parse.

    >>> load_json('{"a": [1, 2]}', "x.json")
    {'a': [1, 2]}
    >>> load_json('{"a": 1, "a": 2}', "x.json")
    Traceback (most recent call last):
    ...
    grundy.errors.InputError: x.json: the key "a" appears twice in one object
    """
    try:
        data = json.loads(
            text, object_pairs_hook=_no_duplicates, parse_constant=_no_constant, parse_int=_integer
        )
        # a lone surrogate (\ud800) is valid JSON but no text: it could not even be printed
        json.dumps(data, ensure_ascii=False).encode("utf-8")
        return data
    except UnicodeEncodeError:
        raise InputError(f"{source}: a string with a lone surrogate (\\ud800-\\udfff): not text") from None
    except json.JSONDecodeError as exc:
        raise InputError(f"{source}:{exc.lineno}:{exc.colno}: malformed JSON: {exc.msg}") from None
    except _Refused as exc:
        raise InputError(f"{source}: {exc}") from None
    except RecursionError:
        raise InputError(f"{source}: JSON nested too deeply to read") from None
    except ValueError as exc:  # e.g. a float literal too long to convert
        raise InputError(f"{source}: malformed JSON: {str(exc).splitlines()[0][:100]}") from None


def check_label_depth(value: Any, where: str) -> None:
    """Refuse a label nesting lists deeper than :data:`MAX_LABEL_DEPTH`.

    Raises
    ------
    InputError
        Naming ``where`` and the limit.
    """
    stack = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, list):
            if depth >= MAX_LABEL_DEPTH:
                raise InputError(f"{where}: a label nests lists more than {MAX_LABEL_DEPTH} deep")
            stack.extend((x, depth + 1) for x in item)
