"""The records of a stopped certifying search, kept so that the same
command resumes from them (``grundy certify SPEC -o FILE`` keeps them in
``FILE.partial`` at a time or position limit, Ctrl-C or SIGTERM).

The file is JSON lines: a header naming what is being certified (kind,
game, spec, root position, value or outcome, theory, pruning), then one
line per record made, in the order made (dependency order): ``{"record":
..., "outcome": bool}``. Nothing in it is taken on trust: before resuming,
each kept record is checked in file order by the independent checker
(:mod:`grundy.verify`) as a certificate's records are, and its position
must be written as the certifier writes it (its canonical form), with no
field the certifier does not write. What a kept record rests on is what
the checker looked up to check it (``_Checker.used``), so the resumed
certificate holds every record its records need, by construction. A file
that fails is refused, naming the line. The check takes about what
``grundy verify`` takes for the kept records, and does not count against
the resumed run's time limit.
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
VERSION = 2

#: The fields a record of each justification (``by``) has besides its position's.
_FIELDS = {"mex": {"value", "by", "replies"}, "involution": {"value", "by", "tau"},
           "move": {"outcome", "by", "move"}, "replies": {"outcome", "by", "replies"}}


def partial_header(kind: str, game: str, spec: str, root: Any, outcome: bool, theory: bool,
                   prune: bool) -> dict[str, Any]:
    """What a file of kept records must match to be resumed from (``root``:
    the root position as a certificate's header gives it, JSON)."""
    return {"format": PARTIAL_FORMAT, "version": VERSION, "kind": kind, "game": game, "spec": spec,
            "root": root, "proves": "outcome" if outcome else "value", "theory": theory, "prune": prune}


def save_partial(path: str, header: dict[str, Any], certifier: Any) -> int:
    """Write the records ``certifier`` has made (with what each rests on) to
    ``path``; returns how many. Written to a temporary file first, then
    renamed, so a stop during the write leaves the previous file whole (and
    no temporary file is left behind).

    Raises
    ------
    OSError
        The file cannot be written.
    """
    tmp = path + ".tmp"
    try:
        with open(tmp, "w", encoding="utf-8") as fh:
            fh.write(json.dumps(header, separators=(",", ":")) + "\n")
            for key, record in zip(certifier._order, certifier.records):
                line = {"record": record, "outcome": _is_outcome(key)}
                fh.write(json.dumps(line, separators=(",", ":")) + "\n")
        os.replace(tmp, path)
    except BaseException:
        try:
            os.remove(tmp)
        except OSError:
            pass
        raise
    return len(certifier.records)


def _is_outcome(key: Any) -> bool:
    """Whether a certifier's record key is an outcome record's (``("outcome", form)``)."""
    return isinstance(key, tuple) and len(key) == 2 and key[0] == "outcome"


def load_partial(path: str, header: dict[str, Any], certifier: Any, prover: Any = None) -> int:
    """Give ``certifier`` (and the outcome ``prover``) the records kept in
    ``path``: its records, their order and dependencies, the values of value
    records and the outcomes of outcome records, each checked first by the
    independent checker (:mod:`grundy.verify`) in file order; each rests on
    the records the checker looked up for it. Returns how many.

    Raises
    ------
    InputError
        ``path`` cannot be read, is not a file of kept records, keeps the
        records of another certificate (another spec, root, game, kind or
        claim, or other switches), or is damaged: a line that is not a
        record, a position not written in its canonical form, a claim the
        checker refutes, or a field the certifier does not write; or it is
        not a regular file, or is
        larger than :data:`grundy.verify.MAX_CERTIFICATE_BYTES`. Remove it (or
        name another output) to start afresh.
    """
    try:
        lines = V._read_bounded(path).decode("utf-8").splitlines()
    except UnicodeDecodeError as e:
        raise InputError(f"{path}: cannot read the kept records: {e}") from None
    except V.Malformed as e:
        raise InputError(f"cannot read the kept records: {e}") from None
    kind = header["kind"]
    checker = V._Checker(kind, header["game"], check_below=V.CHECK_BELOW, outcomes=prover is not None)
    report = V.Report()
    try:
        head = json.loads(lines[0]) if lines else None
        if head != header:
            mine = {k: head.get(k) for k in header} if isinstance(head, dict) else head
            if isinstance(mine, dict) and all(mine[k] == header[k] for k in header if k != "root"):
                mine = f"the same command, but another root position: {mine['root']}, not {header['root']}"
            raise InputError(f"{path}: kept records of another certificate ({mine}); remove the file to start "
                             "afresh") from None
        keys: list[Any] = []
        for n, text in enumerate(lines[1:], start=2):
            entry = json.loads(text)
            if not isinstance(entry, dict) or set(entry) != {"record", "outcome"}:
                raise ValueError(f"line {n}: not a kept record")
            record, is_outcome = entry["record"], entry["outcome"]
            if not isinstance(record, dict) or not isinstance(is_outcome, bool):
                raise ValueError(f"line {n}: not a kept record")
            if is_outcome != ("outcome" in record) or (is_outcome and prover is None):
                raise ValueError(f"line {n}: an outcome record where a value record belongs, or the reverse")
            checker.used = set()
            checker.record(record, n, report)  # the claim, from the earlier records (Malformed, ClaimFailed)
            form = certifier._form(V.KINDS[kind].decode(record, f"line {n}"))
            position = certifier._position(form)
            if any(record.get(k) != v for k, v in position.items()):
                raise ValueError(f"line {n}: the position is not written in its canonical form")
            extra = set(record) - set(position) - _FIELDS[record["by"]]
            if extra:
                raise ValueError(f"line {n}: fields the certifier does not write: {', '.join(sorted(extra))}")
            key: Any = ("outcome", form) if is_outcome else form
            if is_outcome:
                prover.outcomes[form] = record["outcome"]
            else:
                certifier.values[form] = record["value"]
            certifier._deps[key] = checker.used  # what it was checked from: earlier records
            certifier._order.append(key)
            certifier.records.append(record)
            keys.append(key)
    except InputError:
        raise
    except (ValueError, KeyError, TypeError, RecursionError, V.Malformed, V.ClaimFailed) as e:
        raise InputError(f"{path}: damaged kept records ({e}); remove the file to start afresh") from None
    certifier.restored = len(keys)
    return len(keys)
