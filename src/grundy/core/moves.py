"""Moves in the user's labels, and how labels are printed."""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any

__all__ = ["Move", "label_json", "label_str"]


def label_json(label: Hashable) -> Any:
    """A vertex label as JSON: tuples become lists, other non-JSON types strings."""
    if isinstance(label, tuple):
        return [label_json(x) for x in label]
    if isinstance(label, (int, str, float)) or label is None:
        return label
    return str(label)


def label_str(label: Hashable) -> str:
    """A vertex label for human output: ``3``, ``a``, ``(0, 1)``."""
    return str(label)


@dataclass(frozen=True)
class Move:
    """A move in the user's labels.

    ``vertex`` alone: remove that vertex with its edges. ``edge`` alone: remove
    that edge (endpoints stay). ``vertex`` with ``edges`` (Graph Nim): delete
    those edges, all incident with ``vertex``.
    """

    vertex: Hashable | None = None
    edge: tuple[Hashable, Hashable] | None = None
    edges: tuple[tuple[Hashable, Hashable], ...] | None = None

    def to_json(self) -> dict[str, Any]:
        """``{"vertex": v}``, ``{"edge": [u, v]}`` or ``{"vertex": v, "edges": [[v, u], ...]}``."""
        if self.edges is not None:
            return {
                "vertex": label_json(self.vertex),
                "edges": [[label_json(a), label_json(b)] for a, b in self.edges],
            }
        if self.edge is not None:
            return {"edge": [label_json(self.edge[0]), label_json(self.edge[1])]}
        return {"vertex": label_json(self.vertex)}

    def __str__(self) -> str:
        if self.edges is not None:
            return f"at vertex {label_str(self.vertex)} remove edges " + ", ".join(f"{label_str(a)}-{label_str(b)}" for a, b in self.edges)
        if self.edge is not None:
            return f"remove edge {label_str(self.edge[0])}-{label_str(self.edge[1])}"
        return f"remove vertex {label_str(self.vertex)}"
