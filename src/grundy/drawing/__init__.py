"""Drawings of positions as SVG, for play in a browser and for notebooks.

:func:`position_svg` draws a position of any kind (a graph, a poset's Hasse
diagram, a simplicial complex's 2-skeleton, a Chomp board, Nim or octal
heaps) as a self-contained SVG document built as a plain string. Every
element a player may click carries ``data-move``: the JSON of the
:class:`~grundy.core.moves.Move` it makes (``Move.from_json(json.loads(...))``
gives it back), a ``class`` naming what it is (``vertex``, ``edge``,
``element``, ``face``, ``square``, ``counter``) and a ``<title>`` with the
move in words; moves passed as ``highlight`` get the class ``winning`` and
are drawn in red.

:func:`graph_layout` places a graph's vertices in the unit square by stress
majorization (the Kamada-Kawai energy) on graph distances, components side
by side. :func:`analysis_svg` and :func:`analysis_html` draw an
:class:`~grundy.analysis.Analysis`, and :func:`install_notebook_reprs` gives
analyses and positions their Jupyter drawings (a position draws itself with
its winning moves, found by a search of at most :data:`REPR_TIME_LIMIT`
seconds).

The modules, one job each (this package re-exports their public names):

- :mod:`~grundy.drawing.primitives`: SVG pieces (escaping, vertex groups,
  edge lines, the document around a body), colours and the size limits;
- :mod:`~grundy.drawing.layout`: :func:`graph_layout` (components, classical
  scaling, stress majorization, packing) and the coordinate convention;
- :mod:`~grundy.drawing.bodies`: the body of the drawing of each kind;
- :mod:`~grundy.drawing.render`: the entry points :func:`position_svg`,
  :func:`analysis_svg` and :func:`analysis_html`;
- :mod:`~grundy.drawing.reprs`: :func:`install_notebook_reprs` and the
  reprs it installs.
"""

from __future__ import annotations

from grundy.drawing.layout import LAYOUT_MARGIN, STRESS_MAX, TWO_STARTS, graph_layout  # noqa: F401
from grundy.drawing.primitives import CAPTION_FILL, EDGE_STROKE, FACE_FILL, MAX_DRAWN, MAX_DRAWN_LINES  # noqa: F401
from grundy.drawing.primitives import POISON_FILL, SQUARE_FILL, TEXT_FILL, VERTEX_FILL, WINNING  # noqa: F401
from grundy.drawing.render import CAPTION_HEIGHT, KINDS, MIN_SIZE, analysis_html, analysis_svg, position_svg  # noqa: F401
from grundy.drawing.reprs import install_notebook_reprs

__all__ = [
    "KINDS",
    "MAX_DRAWN",
    "REPR_TIME_LIMIT",
    "analysis_html",
    "analysis_svg",
    "graph_layout",
    "install_notebook_reprs",
    "position_svg",
]

# Defined here, not in grundy.drawing.reprs: the reprs read it from this
# package each time, so setting grundy.drawing.REPR_TIME_LIMIT takes effect.
#: Seconds of search a position's notebook drawing may spend finding its
#: winning moves (see :func:`install_notebook_reprs`).
REPR_TIME_LIMIT = 2.0
