"""The SVG pieces the drawings are built from.

Escaping of text and ``data-move`` attributes, coordinates, labels, the
clickable vertex group and edge line, the ``<svg>`` document around a
body (with its caption band), the colours, and the size limits every
drawing checks (:data:`MAX_DRAWN`, :data:`MAX_DRAWN_LINES`).
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Hashable, Iterable
from typing import Any

from grundy.core.moves import Move, label_str
from grundy.errors import TooLargeError

#: Most squares (Chomp), counters (Nim, octal), vertices (graphs, complexes)
#: or elements (posets) drawn: drawing is for play.
MAX_DRAWN = 2500
#: Most edges (graphs, complexes), covers (posets) or triangles (complexes) drawn.
MAX_DRAWN_LINES = 10_000

VERTEX_FILL = "#4c78a8"
EDGE_STROKE = "#888"
WINNING = "#d62728"
SQUARE_FILL = "#9ecae9"
POISON_FILL = "#333"
FACE_FILL = "#4c78a8"
TEXT_FILL = "#fff"
CAPTION_FILL = "#555"

# Characters XML 1.0 does not allow, even escaped.
_BAD_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


# ----------------------------------------------------------------------
# small helpers
# ----------------------------------------------------------------------
def _esc(text: Any) -> str:
    """``text`` as XML character data or an attribute value (quotes too)."""
    return html.escape(_BAD_XML.sub("\ufffd", str(text)), quote=True)


def _move_attr(move: Move) -> str:
    """The escaped ``data-move`` attribute value of a move."""
    return _esc(json.dumps(move.to_json(), separators=(",", ":")))


def _f(x: float) -> str:
    """A coordinate in SVG, two decimals."""
    return f"{x:.2f}"


def _moves(highlight: Iterable[Any]) -> list[Move]:
    """Highlighted moves as Moves (JSON objects are accepted too)."""
    return [m if isinstance(m, Move) else Move.from_json(m) for m in highlight]


def _one_line(text: str, limit: int = 120) -> str:
    line = " ".join(str(text).split())
    return line if len(line) <= limit else line[: limit - 1] + "…"


def _classes(base: str, winning: bool) -> str:
    return base + (" winning" if winning else "")


#: Font sizes (pixels) of a vertex's label: at most :data:`LABEL_FONT_MAX`;
#: a label that would be smaller than :data:`LABEL_FONT_MIN` in its circle is
#: left out (the circle's title still names it).
LABEL_FONT_MAX = 13.0
LABEL_FONT_MIN = 8.0


def _short_label(label: Hashable) -> str:
    """The label as drawn in its circle: a tuple or list of labels (a grid's
    ``(0, 3)``) without brackets and spaces (``0,3``); any other label as
    :func:`~grundy.core.moves.label_str` writes it."""
    if isinstance(label, (tuple, list)) and label and all(isinstance(x, (int, str)) for x in label):
        return ",".join(str(x) for x in label)
    return label_str(label)


def _label_text(label: Hashable, x: float, y: float, r: float) -> str:
    """The label as a ``<text>`` centred in a circle of radius ``r`` at
    ``(x, y)``, as large as fits (at most :data:`LABEL_FONT_MAX` pixels);
    empty if it would be under :data:`LABEL_FONT_MIN` pixels (the circle's
    title still names it)."""
    text = _short_label(label)
    size = min(r, LABEL_FONT_MAX, 3.2 * r / max(1, len(text)))
    if size < LABEL_FONT_MIN:
        return ""
    return (
        f'<text x="{_f(x)}" y="{_f(y)}" text-anchor="middle" dominant-baseline="central" '
        f'font-size="{size:.1f}" fill="{TEXT_FILL}" pointer-events="none">{_esc(text)}</text>'
    )


def _vertex_group(cls: str, move: Move | None, title: str, x: float, y: float, r: float,
                  fill: str, label: Hashable, stroke: str = "#fff") -> str:
    """A ``<g>`` holding a title, a circle and the label (clickable if
    ``move`` is given)."""
    attrs = f' class="{cls}"'
    if move is not None:
        attrs += f' data-move="{_move_attr(move)}" style="cursor:pointer"'
    text = _label_text(label, x, y, r)
    return (
        f"<g{attrs}><title>{_esc(title)}</title>"
        f'<circle cx="{_f(x)}" cy="{_f(y)}" r="{r:.2f}" fill="{fill}" stroke="{stroke}" stroke-width="1.5"/>'
        f"{text}</g>"
    )


def _edge_lines(cls: str, move: Move, title: str, a: tuple[float, float], b: tuple[float, float],
                winning: bool, thin: bool = False) -> str:
    """A visible line (not clickable) under a wide transparent one that
    carries the move: the edge is easy to click. ``thin``: a line of a
    dense drawing, thinner and paler, so that the vertices stay legible."""
    colour, width = (WINNING, 4.0) if winning else (EDGE_STROKE, 2.0)
    faint = ""
    if thin and not winning:
        width, faint = 1.0, ' stroke-opacity="0.45"'
    coords = f'x1="{_f(a[0])}" y1="{_f(a[1])}" x2="{_f(b[0])}" y2="{_f(b[1])}"'
    return (
        f'<line {coords} stroke="{colour}" stroke-width="{width}"{faint} stroke-linecap="round" '
        'pointer-events="none"/>'
        f'<line class="{_classes(cls, winning)}" data-move="{_move_attr(move)}" {coords} '
        f'stroke="transparent" stroke-width="12" pointer-events="stroke" style="cursor:pointer">'
        f"<title>{_esc(title)}</title></line>"
    )


def _svg(kind: str, width: int, height: int, body: list[str], caption: str | None) -> str:
    """The SVG document around ``body`` (viewBox ``0 0 width height``)."""
    parts = [
        (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" class="grundy-drawing grundy-{kind}" font-family="sans-serif">'
        ),
        f'<rect class="background" x="0" y="0" width="{width}" height="{height}" fill="#fff" pointer-events="none"/>',
    ]
    parts.extend(body)
    if caption:
        parts.append(
            f'<text class="caption" x="{_f(width / 2)}" y="{_f(height - 7)}" text-anchor="middle" '
            f'font-size="12" fill="{CAPTION_FILL}">{_esc(_one_line(caption))}</text>'
        )
    parts.append("</svg>")
    return "".join(parts)


def _check_size(what: str, count: int, limit: int, noun: str) -> None:
    if count > limit:
        raise TooLargeError(f"{what}: {count} {noun} to draw, over the limit of {limit} (drawing is for play)")
