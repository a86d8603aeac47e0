"""The records of a stopped certifying search, kept so that the same
command resumes from them (``grundy certify SPEC -o FILE`` keeps them in
``FILE.partial`` at a time or position limit, Ctrl-C or SIGTERM).

The file is JSON lines: a header naming what is being certified (kind,
game, spec, value or outcome, theory, pruning), then one line per record
made, in the order made (dependency order): ``{"record": ..., "outcome":
bool, "deps": [indices of the earlier records it rests on]}``. Nothing in
it is trusted by ``grundy verify``: the records go into the certificate,
which the checker re-checks from the rules like any other. A resumed search
takes each record's position as its canonical form (the certifier's own
:meth:`~grundy.certify.search.Certifier._form` of the position read back),
and its value or outcome as known.
"""

from __future__ import annotations

import json
import os
from typing import Any

from grundy import verify as V
from grundy.errors import InputError

__all__ = ["PARTIAL_FORMAT", "partial_header", "save_partial", "load_partial"]

#: The header's ``format`` of a file of kept records.
PARTIAL_FORMAT = "grundy-certificate-partial"
VERSION = 1


def partial_header(kind: str, game: str, spec: str, outcome: bool, theory: bool, prune: bool) -> dict[str, Any]:
    """What a file of kept records must match to be resumed from."""
    return {"format": PARTIAL_FORMAT, "version": VERSION, "kind": kind, "game": game, "spec": spec,
            "proves": "outcome" if outcome else "value", "theory": theory, "prune": prune}


def save_partial(path: str, header: dict[str, Any], certifier: Any) -> int:
    """Write the records ``certifier`` has made (with what each rests on) to
    ``path``; returns how many. Written to a temporary file first, then
    renamed, so a stop during the write leaves the previous file whole.

    Raises
    ------
    OSError
        The file cannot be written.
    """
    index = {key: i for i, key in enumerate(certifier._order)}
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as fh:
        fh.write(json.dumps(header, separators=(",", ":")) + "\n")
        for key, record in zip(certifier._order, certifier.records):
            deps = sorted(index[d] for d in certifier._deps.get(key, ()) if d in index)
            line = {"record": record, "outcome": isinstance(key, tuple) and len(key) == 2 and key[0] == "outcome",
                    "deps": deps}
            fh.write(json.dumps(line, separators=(",", ":")) + "\n")
    os.replace(tmp, path)
    return len(certifier.records)


def load_partial(path: str, header: dict[str, Any], certifier: Any, prover: Any = None) -> int:
    """Give ``certifier`` (and the outcome ``prover``) the records kept in
    ``path``: its records, their order and dependencies, the values of value
    records and the outcomes of outcome records. Returns how many.

    Raises
    ------
    InputError
        ``path`` cannot be read, is not a file of kept records, or keeps the
        records of another certificate (another spec, game, kind or claim,
        or other switches): remove it or name another output.
    """
    try:
        with open(path, encoding="utf-8") as fh:
            lines = fh.read().splitlines()
    except (OSError, UnicodeDecodeError) as e:
        raise InputError(f"{path}: cannot read the kept records: {e}") from None
    try:
        head = json.loads(lines[0]) if lines else None
        if head != header:
            mine = {k: head.get(k) for k in header} if isinstance(head, dict) else head
            raise InputError(f"{path}: kept records of another certificate ({mine}); remove the file to start "
                             "afresh") from None
        kind = header["kind"]
        keys: list[Any] = []
        for n, text in enumerate(lines[1:], start=2):
            entry = json.loads(text)
            record, is_outcome, deps = entry["record"], bool(entry["outcome"]), entry["deps"]
            if not isinstance(record, dict) or not isinstance(deps, list):
                raise ValueError(f"line {n}")
            form = certifier._form(V.KINDS[kind].decode(record, f"{path}, line {n}"))
            key: Any = ("outcome", form) if is_outcome else form
            if any(not isinstance(d, int) or not 0 <= d < len(keys) for d in deps):
                raise ValueError(f"line {n}: a dependency that is not an earlier record")
            if is_outcome:
                if prover is None or record.get("outcome") not in ("N", "P"):
                    raise ValueError(f"line {n}: an outcome record")
                prover.outcomes[form] = record["outcome"]
            else:
                value = record.get("value")
                if not isinstance(value, int) or value < 0:
                    raise ValueError(f"line {n}: a value record without a value")
                certifier.values[form] = value
            certifier._deps[key] = {keys[d] for d in deps}
            certifier._order.append(key)
            certifier.records.append(record)
            keys.append(key)
    except InputError:
        raise
    except (ValueError, KeyError, TypeError, V.Malformed) as e:
        raise InputError(f"{path}: damaged kept records ({e}); remove the file to start afresh") from None
    certifier.restored = len(keys)
    return len(keys)
