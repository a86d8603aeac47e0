"""grundy: exact nim-values, outcomes and winning moves of games on graphs.

>>> import grundy
>>> grundy.nim_value("petersen"), grundy.outcome("complete:3")
(2, 'P')
"""

from .analysis import Analysis, Move
from .api import analyze, nim_value, outcome, winning_moves
from .engine import Solver
from .errors import GrundyError, InputError, SearchLimitReached, TooLargeError
from .partizan import PartizanValue, partizan_value
from .position import Graph
from .theory import Theory

__all__ = [
    "Analysis",
    "Graph",
    "GrundyError",
    "InputError",
    "Move",
    "PartizanValue",
    "SearchLimitReached",
    "Solver",
    "Theory",
    "TooLargeError",
    "analyze",
    "nim_value",
    "outcome",
    "partizan_value",
    "winning_moves",
]
__version__ = "0.1.0"
