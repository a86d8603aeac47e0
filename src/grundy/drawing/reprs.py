"""Notebook reprs: :func:`install_notebook_reprs` and the ``_repr_*``
functions it installs on analyses and positions.

A position draws itself with its winning moves, found by a search of at
most :data:`grundy.drawing.REPR_TIME_LIMIT` seconds; the limit is read from
the package when a repr runs (:func:`_repr_time_limit`), so a notebook may
set it there.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from grundy.core.moves import Move
from grundy.drawing.primitives import _one_line
from grundy.drawing.render import _drawing, analysis_html, analysis_svg
from grundy.errors import GrundyError, SearchLimitReached

if TYPE_CHECKING:
    from grundy.analysis import Analysis


def _repr_time_limit() -> float:
    """:data:`grundy.drawing.REPR_TIME_LIMIT` as the package has it now."""
    import grundy.drawing

    return grundy.drawing.REPR_TIME_LIMIT


def _bounded_analysis(position: Any) -> Analysis:
    """The position's analysis within :data:`REPR_TIME_LIMIT` seconds
    (raises SearchLimitReached, or another GrundyError on a refusal)."""
    from grundy.kinds import Request, analyze

    return analyze(position, Request(time_limit=_repr_time_limit()), getattr(position, "spec", None) or "")


def _position_repr_svg(position: Any) -> str | None:
    """A position's drawing with its winning moves, or None if it is too
    large to draw (the notebook then shows the text repr)."""
    from grundy.kinds import kind_for

    kind = kind_for(position)
    try:
        layout = kind.layout(position)  # computed once, for both drawings
        _drawing(kind.name, position, (), layout, 360, 360, None)  # refuse before any search
    except GrundyError:
        return None
    highlight: list[Move] = []
    try:
        a = _bounded_analysis(position)
    except SearchLimitReached:
        caption = f"not decided within {_repr_time_limit():g} s"
    except GrundyError as exc:
        caption = _one_line(str(exc))
    else:
        highlight = a.winning_moves or []
        caption = f"nim-value {a.value}: " + ("winning moves in red" if highlight else "no winning move")
    try:
        return _drawing(kind.name, position, highlight, layout, 360, 360, caption)
    except GrundyError:
        return None


def _analysis_repr_html(self: Any) -> str:
    return analysis_html(self)


def _analysis_repr_svg(self: Any) -> str | None:
    try:
        return analysis_svg(self)
    except GrundyError:
        return None


def install_notebook_reprs() -> None:
    """Give analyses and positions their Jupyter drawings.

    Sets ``Analysis._repr_html_`` (:func:`analysis_html`) and
    ``Analysis._repr_svg_`` (:func:`analysis_svg`, None when there is no
    position or it is too large), and ``_repr_svg_`` on the position class
    of every kind (``Graph``, ``Poset``, ``Complex``, ``ChompPosition``,
    ``NimPosition``, ``OctalPosition``): the
    position drawn with its winning moves highlighted, found by a search of
    at most :data:`REPR_TIME_LIMIT` seconds, and a caption with the
    nim-value; if the search stops at its limit or is refused, the
    position is drawn without highlights and the caption says so ("not
    decided within 2 s", or the refusal's one line). A position too large
    to draw gives None (the text repr is shown). The lower layers do not
    import this module; calling this again changes nothing.

    Returns
    -------
    None

    Raises
    ------
    Nothing of its own (the reprs themselves turn grundy's errors into the
    caption or None).
    """
    from grundy.analysis import Analysis
    from grundy.kinds import kinds

    Analysis._repr_html_ = _analysis_repr_html  # type: ignore[attr-defined]
    Analysis._repr_svg_ = _analysis_repr_svg  # type: ignore[attr-defined]
    for kind in kinds():
        kind.position_type()._repr_svg_ = _position_repr_svg  # type: ignore[attr-defined]
