"""grundy: exact nim-values, outcomes and winning moves of games on graphs.

>>> import grundy
>>> grundy.nim_value("petersen"), grundy.outcome("complete:3")
(2, 'P')
>>> grundy.position("chomp:2,1").options()[0]
(Move(row=1, column=2), Position('chomp:1,1', kind='chomp', game='rectangular-chomp', parts=2))
"""

import sys as _sys

# The searches recurse once per move of a game; set the limit once, at import,
# rather than from inside a search (test runners restore limits changed there).
if _sys.getrecursionlimit() < 20000:
    _sys.setrecursionlimit(20000)

from grundy.analysis import Analysis, Move  # noqa: E402
from grundy.api import analyze, nim_value, outcome, winning_moves
from grundy.explore import Position, position
from grundy.games.graphs.game import Solver
from grundy.errors import GrundyError, InputError, SearchLimitReached, TooLargeError
from grundy.games.graphs.graph import Graph
from grundy.games.graphs.theory import Theory
from grundy.drawing import install_notebook_reprs as _install_notebook_reprs

# Jupyter draws positions (winning moves in red) and results; see grundy.drawing.
_install_notebook_reprs()

__all__ = [
    "Analysis",
    "Graph",
    "GrundyError",
    "InputError",
    "Move",
    "PartizanValue",
    "Position",
    "SearchLimitReached",
    "Solver",
    "Theory",
    "TooLargeError",
    "analyze",
    "nim_value",
    "outcome",
    "partizan_value",
    "position",
    "winning_moves",
]
__version__ = "0.1.0"


def __getattr__(name: str) -> object:
    """``grundy.partizan_value`` and ``grundy.PartizanValue``, imported on
    first use (partizan games need pycgt; the impartial commands do not)."""
    if name == "partizan_value":
        from grundy.api import partizan_value

        return partizan_value
    if name == "PartizanValue":
        from grundy.games.partizan import PartizanValue

        return PartizanValue
    raise AttributeError(f"module 'grundy' has no attribute {name!r}")
