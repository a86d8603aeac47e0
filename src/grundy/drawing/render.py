"""The public entry points: :func:`position_svg`, :func:`analysis_svg` and
:func:`analysis_html`.

:func:`position_svg` checks the kind and the position's type, draws the
kind's body (:mod:`grundy.drawing.bodies`) and wraps it in an SVG document;
the analyses' drawings are built on it.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from grundy.core.moves import Move
from grundy.drawing.primitives import _esc, _moves, _one_line, _svg
from grundy.errors import TooLargeError
from grundy.kinds import article, get_kind, kinds

if TYPE_CHECKING:
    from grundy.analysis import Analysis

#: The kinds of position :func:`position_svg` draws (every kind of :mod:`grundy.kinds`).
KINDS = tuple(k.name for k in kinds())

#: Smallest width and height of a drawing, in pixels.
MIN_SIZE = 60
#: Height in pixels of the caption band at the bottom of a drawing.
CAPTION_HEIGHT = 22


def _drawing(kind: str, position: Any, highlight: Iterable[Any], layout: Mapping[Hashable, Sequence[float]] | None,
             width: int, height: int, caption: str | None) -> str:
    """:func:`position_svg` with an optional caption band at the bottom."""
    if not (isinstance(width, int) and isinstance(height, int) and width >= MIN_SIZE and height >= MIN_SIZE):
        raise ValueError(f"width and height must be integers of at least {MIN_SIZE} pixels: {width!r}, {height!r}")
    moves = _moves(highlight)
    try:
        home = get_kind(kind)
    except ValueError:
        raise ValueError(f"cannot draw a position of kind {kind!r}: the kinds are {', '.join(KINDS)}") from None
    always = home.caption(position)
    if always:
        caption = always if not caption else f"{always}; {caption}"
    h = height - CAPTION_HEIGHT if caption else height
    cls = home.position_type()
    if not isinstance(position, cls):
        raise TypeError(f"{article(kind)} position is {article(cls.__name__)}, not {type(position).__name__}")
    return _svg(kind, width, height, home.draw(position, moves, layout, width, h), caption)


def position_svg(
    kind: str,
    position: Any,
    *,
    highlight: Iterable[Move] = (),
    layout: Mapping[Hashable, Sequence[float]] | None = None,
    width: int = 360,
    height: int = 360,
) -> str:
    """An SVG document drawing a position, its moves clickable.

    The document's viewBox is ``0 0 width height`` (pixels). Clickable
    elements carry ``data-move`` (the compact JSON of ``Move.to_json()``,
    read back by ``Move.from_json(json.loads(...))``), a class and a
    ``<title>`` (``str(move)``):

    - ``"graph"``: ``<g class="vertex">`` (circle and label) per vertex,
      ``Move(vertex=v)``; ``<line class="edge">`` per edge (a wide
      transparent line over the visible one), ``Move(edge=(u, v))``.
    - ``"poset"``: the Hasse diagram, rank upward; ``<g class="element">``,
      ``Move(element=x)``; covers are plain lines.
    - ``"complex"``: the 2-skeleton on a layout of the 1-skeleton;
      ``<polygon class="face">`` per triangle, ``<line class="face">`` per
      edge, ``<g class="face">`` per vertex, ``Move(face=labels)`` with the
      labels in the complex's vertex order (higher faces are not drawn).
    - ``"chomp"``: ``<rect class="square">`` per cell, ``Move(row=r,
      column=c)``, row 1 at the bottom; the poisoned square ``(1, 1)`` also
      has class ``poison``.
    - ``"nim"``: heap ``i`` (1-based) a column of counters, counter ``k``
      from the base ``<circle class="counter">`` with ``Move(heap=i,
      to=k-1)``; each heap's size is written under it.
    - ``"octal"``: heaps as for Nim, counters not clickable (octal moves
      can split heaps), the code as a caption; a highlighted move marks the
      counters it takes (between the heaps it leaves), titled with the move.

    Parameters
    ----------
    kind : str
        One of :data:`KINDS`.
    position
        A ``Graph``, ``Poset``, ``Complex``, ``ChompPosition``,
        ``NimPosition`` or ``OctalPosition``, as ``kind`` says.
    highlight : iterable of Move
        Moves drawn in red with the extra class ``winning`` (JSON objects
        of moves are accepted too). A Graph Nim move ``Move(vertex=v,
        edges=...)`` marks the vertex and those edges; a Nim move
        ``Move(heap=i, to=t)`` marks counters ``t+1 .. h`` of heap ``i``
        (the ones taken), an octal move ``Move(heap=i, to=(a, b))`` the
        counters between the lowest ``a`` and the top ``b``. Moves with
        nothing drawn to mark (faces of dimension 3 or more) are ignored.
    layout : mapping, optional
        Vertex label -> ``(x, y)`` in the unit square, ``y`` upward
        (``graph_layout``'s convention; values outside are clamped), for
        ``"graph"`` and ``"complex"`` (ignored by the other kinds). Vertices
        it does not name are placed by :func:`graph_layout`.
    width, height : int
        Size of the drawing in pixels.

    Returns
    -------
    str
        The SVG document, starting ``<svg xmlns="http://www.w3.org/2000/svg"``.

    Raises
    ------
    ValueError
        If ``kind`` is not one of :data:`KINDS`, a layout entry is not two
        finite numbers, or ``width`` or ``height`` is not an integer of at
        least :data:`MIN_SIZE`.
    TypeError
        If ``position`` is not of the type ``kind`` names.
    TooLargeError
        If the position has more than :data:`MAX_DRAWN` squares, counters,
        vertices or elements, or more than :data:`MAX_DRAWN_LINES` edges,
        covers or triangles.
    """
    return _drawing(kind, position, highlight, layout, width, height, None)


# ----------------------------------------------------------------------
# analyses
# ----------------------------------------------------------------------
def analysis_svg(analysis: Analysis, position: Any = None, *,
                 layout: Mapping[Hashable, Sequence[float]] | None = None) -> str | None:
    """The drawing of an analysed position with its winning moves highlighted.

    Parameters
    ----------
    analysis : Analysis
        The answer (:func:`grundy.analyze`); its ``kind`` says how to draw.
    position : optional
        The position itself. When None, the analysis's own
        (``analysis.position``, set by :func:`grundy.analyze` for every
        kind, or a graph's ``analysis.graph``) is drawn; an analysis built
        from JSON alone keeps none, and then there is nothing to draw.
    layout : mapping, optional
        As for :func:`position_svg`.

    Returns
    -------
    str or None
        The SVG document (see :func:`position_svg`), or None when there is
        no position to draw.

    Raises
    ------
    TooLargeError
        If the position is too large to draw (see :func:`position_svg`).
    ValueError, TypeError
        As :func:`position_svg` raises them.
    """
    if position is None:
        position = analysis.position if analysis.position is not None else analysis.graph
    if position is None:
        return None
    return position_svg(analysis.kind, position, highlight=analysis.winning_moves or (), layout=layout)


def analysis_html(analysis: Analysis, position: Any = None) -> str:
    """An HTML fragment describing an analysis, for a notebook.

    A table (position, game, play, nim-value or misère outcome, outcome,
    winning moves, positions searched, seconds) and the explanation as a
    list, with :func:`analysis_svg`'s drawing beside them when there is one
    (or a line saying it is too large to draw). All text is escaped.

    Parameters
    ----------
    analysis : Analysis
        The answer to describe.
    position : optional
        The position, for kinds other than graphs (see :func:`analysis_svg`).

    Returns
    -------
    str
        A ``<div class="grundy-analysis">`` fragment.

    Raises
    ------
    ValueError, TypeError
        If ``position`` does not fit ``analysis.kind`` (see
        :func:`position_svg`); a position too large to draw is not an error.
    """
    a = analysis
    outcome = a.outcome
    rows: list[tuple[str, str]] = [
        ("position", a.name or "(unnamed)"),
        ("game", a.game),
        ("play", "misère" if a.misere else "normal"),
    ]
    if a.misere:
        rows.append(("misère outcome", outcome))
    else:
        rows.append(("nim-value", "unknown" if a.value is None else str(a.value)))
    rows.append(("outcome", f"{outcome}: the player to move " + ("wins" if outcome == "N" else "loses")))
    if a.winning_moves is None:
        moves = "not computed"
    elif not a.winning_moves:
        moves = "none"
    else:
        shown = [str(m) for m in a.winning_moves[:50]]
        more = len(a.winning_moves) - len(shown)
        moves = "; ".join(shown) + (f"; and {more} more" if more else "")
    rows.append(("winning moves", moves))
    stats = a.stats or {}
    if "positions" in stats:
        rows.append(("positions searched", str(stats["positions"])))
    if "seconds" in stats:
        rows.append(("seconds", f"{stats['seconds']:.3g}"))
    table = "".join(
        f'<tr><th style="text-align:left;padding-right:1em">{_esc(k)}</th>'
        f'<td style="text-align:left">{_esc(v)}</td></tr>'
        for k, v in rows
    )
    explanation = "".join(f"<li>{_esc(line)}</li>" for line in a.explanation or [])
    left = f"<div><table>{table}</table>" + (f"<ul>{explanation}</ul>" if explanation else "") + "</div>"
    try:
        svg = analysis_svg(a, position)
    except TooLargeError as exc:
        svg = f"<p>{_esc(_one_line(str(exc)))}</p>"
    right = f"<div>{svg}</div>" if svg else ""
    return (
        '<div class="grundy-analysis" style="display:flex;flex-wrap:wrap;gap:1.5em;align-items:flex-start">'
        f"{left}{right}</div>"
    )
