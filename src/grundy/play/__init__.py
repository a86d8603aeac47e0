"""Playing a position against a perfect opponent: the shared core of
``grundy play`` (the terminal game), ``grundy serve`` (the web page and its
JSON API) and the notebooks.

A :class:`Play` is one position of any kind in play: a graph under any
ruleset (impartial, in normal or misère play, or partizan), a poset, a
simplicial complex, a rectangular Chomp board, Nim heaps or heaps of an
octal game. It knows its legal moves (:meth:`Play.moves`), the position
after a move (:meth:`Play.after`), a spec that reads back to the same
position (:meth:`Play.to_spec`, so a web client can hold the game), and
the engine's move (:func:`engine_move`): a winning move when there is one,
else a move to the smallest option (the option of smallest nim-value;
under misère play and in partizan games, where options have no nim-value,
the option with the fewest parts left); ties go to the option with the
fewest parts left, then to the first in move order.

One job per module:

- :mod:`grundy.play.position`: :class:`Play`, its legal moves and the
  position after a move (each kind's own, from :mod:`grundy.kinds`), its
  text drawing, and :func:`move_key`;
- :mod:`grundy.play.reading`: :func:`read_play`, the position specs
  (strings and JSON objects) and their size limits;
- :mod:`grundy.play.engine`: the answers (:func:`analyze`,
  :func:`partizan_report`) and the perfect opponent's move
  (:func:`engine_move`);
- :mod:`grundy.play.explain`: what a player is told: the rule of the game
  (:func:`~grundy.play.explain.rules`), the move a typed text names
  (:func:`~grundy.play.explain.typed_move`) and why a move is not legal
  (:func:`~grundy.play.explain.why_illegal`).
"""

from __future__ import annotations

from grundy.play.engine import PartizanReport, analyze, engine_move, partizan_report
from grundy.play.position import MAX_PLAY_SIZE, SIDES, Play, move_key  # noqa: F401
from grundy.play.reading import MAX_LISTED, read_play  # noqa: F401

__all__ = [
    "Play",
    "PartizanReport",
    "read_play",
    "analyze",
    "engine_move",
    "partizan_report",
    "MAX_PLAY_SIZE",
]
