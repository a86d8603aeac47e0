"""Moves in the user's labels, and how labels are printed."""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, fields
from typing import Any

__all__ = ["Move", "label_json", "label_str"]


def label_json(label: Hashable) -> Any:
    """A vertex label as JSON: tuples become lists, other non-JSON types strings."""
    if isinstance(label, tuple):
        return [label_json(x) for x in label]
    if isinstance(label, (int, str, float)) or label is None:
        return label
    return str(label)


#: Characters that separate labels in printed moves: a label holding one is
#: quoted, so ``remove edge "a-b"-c`` cannot be misread.
_SEPARATORS = set("-,{}() \t\"")


def label_str(label: Hashable) -> str:
    """A label for human output: ``3``, ``a``, ``(0, 1)``; a string label
    holding a separator (``-``, ``,``, a space, braces, parentheses,
    quotes) is quoted.

    >>> label_str(3), label_str("a"), label_str("a-b"), label_str((0, 1))
    ('3', 'a', '"a-b"', '(0, 1)')
    """
    if isinstance(label, str) and (not label or _SEPARATORS & set(label)):
        return '"' + label.replace("\\", "\\\\").replace('"', '\\"') + '"'
    return str(label)


@dataclass(frozen=True, repr=False)
class Move:
    """A move of any kind of position, in the user's labels.

    Graphs: ``vertex`` alone removes that vertex with its edges; ``edge``
    alone removes that edge (endpoints stay); ``vertex`` with ``edges``
    (Graph Nim) deletes those edges, all incident with ``vertex``. Posets:
    ``element`` (remove it and everything above it). Complexes: ``face``
    (remove it and every face containing it). Rectangular Chomp: ``row`` and
    ``column`` (1-based). Nim: ``heap`` (1-based) reduced ``to`` a size;
    octal games: ``heap`` replaced by the heaps ``to`` (a tuple, maybe empty).
    """

    vertex: Hashable | None = None
    edge: tuple[Hashable, Hashable] | None = None
    edges: tuple[tuple[Hashable, Hashable], ...] | None = None
    element: Hashable | None = None
    face: tuple[Hashable, ...] | None = None
    row: int | None = None
    column: int | None = None
    heap: int | None = None
    to: int | tuple[int, ...] | None = None

    def to_json(self) -> dict[str, Any]:
        """``{"vertex": v}``, ``{"edge": [u, v]}``, ``{"vertex": v, "edges":
        [[v, u], ...]}``, ``{"element": x}``, ``{"face": [...]}``,
        ``{"row": r, "column": c}`` or ``{"heap": i, "to": size}``."""
        if self.edges is not None:
            return {
                "vertex": label_json(self.vertex),
                "edges": [[label_json(a), label_json(b)] for a, b in self.edges],
            }
        if self.edge is not None:
            return {"edge": [label_json(self.edge[0]), label_json(self.edge[1])]}
        if self.face is not None:
            return {"face": [label_json(v) for v in self.face]}
        if self.row is not None:
            return {"row": self.row, "column": self.column}
        if self.heap is not None:
            return {"heap": self.heap, "to": list(self.to) if isinstance(self.to, tuple) else self.to}
        if self.vertex is None and self.element is not None:
            return {"element": label_json(self.element)}
        return {"vertex": label_json(self.vertex)}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> "Move":
        """The move a :meth:`to_json` object describes (extra keys such as
        ``value`` are ignored; JSON lists of labels become tuples)."""
        if "edges" in d:
            return cls(vertex=_back(d["vertex"]), edges=tuple((_back(a), _back(b)) for a, b in d["edges"]))
        if "edge" in d:
            u, v = d["edge"]
            return cls(edge=(_back(u), _back(v)))
        if "face" in d:
            return cls(face=tuple(_back(v) for v in d["face"]))
        if "row" in d:
            return cls(row=d["row"], column=d["column"])
        if "heap" in d:
            return cls(heap=d["heap"], to=_back(d["to"]))
        if "element" in d:
            return cls(element=_back(d["element"]))
        return cls(vertex=_back(d["vertex"]))

    def __repr__(self) -> str:
        """Only the fields the move sets: ``Move(vertex=0)``,
        ``Move(heap=1, to=2)`` (evaluates back to an equal move).

        >>> Move(vertex=0), Move(row=2, column=3)
        (Move(vertex=0), Move(row=2, column=3))
        """
        # the fields set (not at their default), a subclass's own too (TakeMove's removes)
        shown = ", ".join(f"{f.name}={getattr(self, f.name)!r}" for f in fields(self)
                          if getattr(self, f.name) != f.default)
        return f"{type(self).__name__}({shown})"

    def __str__(self) -> str:
        if self.edges is not None:
            return f"at vertex {label_str(self.vertex)} remove edges " + ", ".join(
                f"{label_str(a)}-{label_str(b)}" for a, b in self.edges
            )
        if self.edge is not None:
            return f"remove edge {label_str(self.edge[0])}-{label_str(self.edge[1])}"
        if self.face is not None:
            return "{" + ",".join(label_str(v) for v in self.face) + "}"
        if self.row is not None:
            return f"({self.row},{self.column})"
        if self.heap is not None:
            if isinstance(self.to, tuple):  # an octal move: the heaps it leaves
                return f"heap {self.heap} to " + ("nothing" if not self.to else "+".join(map(str, self.to)))
            return f"heap {self.heap} to {self.to}"
        if self.vertex is None and self.element is not None:
            return f"element {label_str(self.element)}"
        return f"remove vertex {label_str(self.vertex)}"


def _back(x: Any) -> Any:
    """A JSON label back to a label: lists become tuples."""
    return tuple(_back(y) for y in x) if isinstance(x, list) else x
