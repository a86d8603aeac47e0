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

#: Where each public name lives: imported on first use (:func:`__getattr__`),
#: so that ``import grundy`` (and so every ``grundy.x`` module, the
#: ``grundy`` command and the independent checker ``grundy.verify`` among
#: them) does not load the search, the games and the drawings it does not use.
_HOMES: dict[str, str] = {
    "Analysis": "grundy.analysis",
    "Move": "grundy.analysis",
    "analyze": "grundy.api",
    "nim_value": "grundy.api",
    "outcome": "grundy.api",
    "winning_moves": "grundy.api",
    "partizan_value": "grundy.api",  # partizan games need pycgt; the impartial ones do not
    "Position": "grundy.explore",
    "position": "grundy.explore",
    "Solver": "grundy.games.graphs.game",
    "Graph": "grundy.games.graphs.graph",
    "Theory": "grundy.games.graphs.theory",
    "GrundyError": "grundy.errors",
    "InputError": "grundy.errors",
    "SearchLimitReached": "grundy.errors",
    "TooLargeError": "grundy.errors",
    "PartizanValue": "grundy.games.partizan",
}

__all__ = sorted(_HOMES)
__version__ = "0.1.0"


#: Whether :func:`_install_reprs` has run in this process.
_REPRS = [False]


def _install_reprs() -> None:
    """Jupyter's drawings of positions and analyses
    (:func:`grundy.drawing.install_notebook_reprs`), once a process."""
    if _REPRS[0]:
        return
    from grundy.drawing import install_notebook_reprs

    install_notebook_reprs()
    _REPRS[0] = True


def __getattr__(name: str) -> object:
    """A public name of :data:`__all__`, imported from its home module on
    first use (and kept); the first one also installs the Jupyter drawings.

    Raises
    ------
    AttributeError
        If ``name`` is not a public name of grundy (nor a submodule already
        imported).
    """
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'grundy' has no attribute {name!r}")
    from importlib import import_module

    value = getattr(import_module(home), name)
    if home != "grundy.errors" and name not in ("partizan_value", "PartizanValue"):
        _install_reprs()
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))


# In a notebook (IPython loaded before grundy) the drawings are there from the
# first cell, whichever module the positions come from.
if "IPython" in _sys.modules:
    _install_reprs()
