"""grundy: exact nim-values, outcomes and winning moves of games on graphs."""

from .errors import GrundyError, InputError, SearchLimitReached, TooLargeError
from .position import Graph

__all__ = ["Graph", "GrundyError", "InputError", "SearchLimitReached", "TooLargeError"]
__version__ = "0.1.0"
