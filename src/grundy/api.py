"""The Python API: nim-values, outcomes and winning moves of every kind of
position: graphs under Graph Chomp (and, with ``game=``, the other impartial
graph rulesets), posets, simplicial complexes, rectangular Chomp and Nim.

Every function accepts a position as a :class:`grundy.Graph`, a networkx
graph (labels kept), a family spec such as ``"wheel:9"`` or ``"petersen"``,
or a graph6 / sparse6 string; a spec of another kind (``"divisors:30"``,
``"torus"``, ``"chomp:5,3,3"``, ``"nim:3,4,5"``, a ``.poset`` or
``.facets`` file) is answered by its own game (see
:mod:`grundy.readwrite.kinds`).

>>> import grundy
>>> grundy.nim_value("wheel:9")
1
>>> grundy.outcome("cycle:7")
'P'
>>> [str(m) for m in grundy.winning_moves("path:3")]
['remove vertex 1']
>>> import networkx as nx
>>> grundy.nim_value(nx.petersen_graph())
2
"""

from __future__ import annotations

import functools
import os
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from grundy.analysis import Analysis, Move
from grundy.errors import GrundyError, InputError
from grundy.games.graphs.game import Solver
from grundy.games.graphs.theory import Theory
from grundy.kinds import Request, item_for
from grundy.kinds import analyze as answer

if TYPE_CHECKING:  # partizan games need pycgt: imported when asked for
    from grundy.games.partizan import PartizanValue

__all__ = ["nim_value", "outcome", "winning_moves", "analyze", "Analysis", "Move"]


F = TypeVar("F", bound=Callable[..., Any])


def public(fn: F) -> F:
    """An entry point of the Python API: a :class:`~grundy.errors.GrundyError`
    raised inside (a limit reached deep in the compiled search, a refusal)
    reaches the caller as that one exception, its traceback starting at the
    call, not hundreds of search frames (``SearchLimitReached`` keeps its
    message and ``outcome``). With the environment variable
    ``GRUNDY_DEBUG=1`` it is raised as it was, every frame and the
    exception it arose from (``__context__``) kept, for debugging."""

    @functools.wraps(fn)
    def entry(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except GrundyError as exc:
            if os.environ.get("GRUNDY_DEBUG") == "1":
                raise
            raise exc.with_traceback(None) from None

    return entry  # type: ignore[return-value]


def _item(position: Any) -> Any:
    """:func:`grundy.kinds.item_for`, a position in play refused with what to do instead.

    Raises
    ------
    InputError
        A :class:`grundy.Position` (it has its own ruleset and play:
        ``p.analyze()``), or what ``item_for`` refuses.
    """
    from grundy.play import Play

    if isinstance(position, Play):
        raise InputError("a position in play (grundy.Position) carries its own ruleset and play: call its "
                         ".analyze(), or pass its .position")
    return item_for(position)


def _check_limits(time_limit: Any, max_positions: Any) -> None:
    """Refuse a limit of the wrong type or out of range, naming it.

    Raises
    ------
    InputError
        ``time_limit`` not a finite number of seconds in (0, 10^9];
        ``max_positions`` not an integer >= 1.
    """
    import numbers

    from grundy.core.limits import check_seconds

    if time_limit is not None:
        check_seconds(time_limit, "time_limit=")
        if time_limit <= 0:
            raise InputError(f"time_limit= must be a positive number of seconds, not {time_limit!r}")
    if max_positions is not None and (isinstance(max_positions, bool)
                                      or not isinstance(max_positions, numbers.Integral) or max_positions < 1):
        raise InputError(f"max_positions= must be a whole number of positions >= 1, not {max_positions!r}")


def _check_arguments(game: Any, misere: Any, theory: Any, option_table: Any, time_limit: Any, max_positions: Any,
                     solver: Any, table: Any, outcome: Any) -> None:
    """Refuse an argument of the wrong type or out of range, naming it (a
    raw TypeError or AttributeError from deep in a search, or a flag read
    as true because it is a non-empty string, is no answer).

    Raises
    ------
    InputError
        ``game`` not a str; ``misere``, ``option_table`` or ``outcome`` not a
        bool; ``theory`` not None or a switches object (``Theory``,
        ``PosetTheory``, ``ComplexTheory``); ``time_limit`` not a finite
        number of seconds in (0, 10^9]; ``max_positions`` not an integer
        >= 1; ``table`` not a path; ``solver`` not a :class:`Solver`.
    """
    from grundy.games.graphs.theory import Switches

    if not isinstance(game, str):
        raise InputError(f"game= must be a ruleset name (a str), not {type(game).__name__}")
    for name, flag in (("misere", misere), ("option_table", option_table), ("outcome", outcome)):
        if not isinstance(flag, bool):
            raise InputError(f"{name}= must be True or False, not {flag!r}")
    if theory is not None and not isinstance(theory, Switches):
        raise InputError(f"theory= must be None (every result) or a Theory, PosetTheory or ComplexTheory "
                         f"(Theory.none() for plain search), not {theory!r}")
    _check_limits(time_limit, max_positions)
    if table is not None and not isinstance(table, (str, os.PathLike)):
        raise InputError(f"table= must be a file path, not {type(table).__name__}")
    if solver is not None and not isinstance(solver, Solver):
        raise InputError(f"solver= must be a grundy Solver, not {type(solver).__name__}")


def _request(game: str, misere: bool, theory: Any, option_table: bool, time_limit: float | None,
             max_positions: int | None, solver: Any, table: str | None, value_only: bool = False,
             outcome: bool = False) -> Request:
    _check_arguments(game, misere, theory, option_table, time_limit, max_positions, solver, table, outcome)
    if max_positions is not None:
        max_positions = int(max_positions)
    if table is not None:
        table = os.fspath(table)
    return Request(game=game, misere=misere, theory=theory, option_table=option_table, value_only=value_only,
                   outcome=outcome, time_limit=time_limit, max_positions=max_positions, table=table, solver=solver,
                   spelling="api")


@public
def analyze(
    position: Any,
    *,
    game: str = "chomp",
    misere: bool = False,
    theory: Theory | None = None,
    option_table: bool = False,
    time_limit: float | None = None,
    max_positions: int | None = None,
    solver: Solver | None = None,
    table: str | None = None,
    outcome: bool = False,
) -> Analysis:
    """Nim-value, outcome, winning moves, explanation and statistics.

    Parameters
    ----------
    position : Graph, networkx.Graph, or str
        The position (a family spec, graph6 or sparse6 string).
    game : str
        The impartial ruleset (see :mod:`grundy.games.graphs.rulesets`; default Graph
        Chomp).
    misere : bool
        Misère play: only the outcome is computed (``value`` is None).
    theory : Theory, optional
        Which of the papers' results to use (default all; ``Theory.none()``
        for pure search). For a poset or complex spec, a Theory with some
        switches off turns off the kind's switches of the same names
        (``involutions``, ``cancel_pairs``), and any other switch turned off
        is an InputError; a ``PosetTheory`` or ``ComplexTheory`` may be
        given instead. Chomp, Nim and octal specs take only all on or all off.
    option_table : bool
        Also compute every option and its nim-value (``Analysis.options``).
    time_limit : float, optional
        Seconds of search allowed.
    max_positions : int, optional
        Positions the search may expand.
    solver : Solver, optional
        Reuse a solver (and its table) across calls; then ``theory`` and the
        limits are the solver's.
    table : str, optional
        An SQLite file keeping the search's table (graphs, posets and
        complexes under normal play; see :mod:`grundy.core.table`): a later
        call with the same file reuses what this one learned.
    outcome : bool
        Who wins, fast: the outcome and one winning move (with
        ``option_table``, every winning move, and no option values), by the
        outcome search of :mod:`grundy.kinds.outcome` for graphs, posets and
        complexes (``value`` 0 for a P-position and otherwise None unless the
        search learned it); Chomp, Nim and octal heaps answer from their
        value, which they always give.

    Returns
    -------
    Analysis

    Raises
    ------
    InputError
        If the position cannot be read (see :func:`grundy.readwrite.graphs.to_graph`),
        the game is unknown, or (a poset, complex, Chomp, Nim or octal spec)
        ``theory`` turns off a switch the kind has no result of.
    SearchLimitReached
        If a limit stops the search; the solver keeps what it learned. It
        is raised as one exception whose traceback starts at this call (no
        frames of the compiled search), with ``outcome`` set when the
        search had settled who wins.

    >>> a = analyze("path:3")
    >>> a.value, a.outcome, [m.to_json() for m in a.winning_moves]
    (1, 'N', [{'vertex': 1}])
    >>> a = analyze("divisors:30")
    >>> a.value, [str(m) for m in a.winning_moves]
    (3, ['element 30'])
    """
    request = _request(game, misere, theory, option_table, time_limit, max_positions, solver, table,
                       outcome=outcome)
    return answer(_item(position), request)


@public
def nim_value(
    position: Any,
    *,
    game: str = "chomp",
    theory: Theory | None = None,
    time_limit: float | None = None,
    max_positions: int | None = None,
    table: str | None = None,
) -> int:
    """The nim-value (Grundy value) of a Graph Chomp position.

    Takes the same ``position``, ``game``, ``theory`` and limits as
    :func:`analyze` and raises the same errors.

    >>> nim_value("complete:5"), nim_value("multipartite:3,2,1")
    (2, 2)
    >>> nim_value("path:6", game="graph-nim")   # Kayles on 5 tokens
    4
    >>> nim_value("divisors:30"), nim_value("nim:3,4,5"), nim_value("chomp:3,2")
    (3, 2, 0)
    """
    request = _request(game, False, theory, False, time_limit, max_positions, None, table, value_only=True)
    value = answer(_item(position), request).value
    assert value is not None
    return value


@public
def outcome(position: Any, *, misere: bool = False, **kwargs: Any) -> str:
    """``"P"`` if the player to move loses, else ``"N"``.

    Under normal play that is value 0, asked by the outcome search (no
    nim-value it does not need, see :mod:`grundy.kinds.outcome`); with
    ``misere=True`` the player who cannot move wins. Keyword arguments and
    errors as for :func:`analyze`.

    >>> outcome("wheel:9"), outcome("complete:6"), outcome("path:1", misere=True)
    ('N', 'P', 'P')
    """
    item = _item(position)
    request = _request(kwargs.pop("game", "chomp"), misere, kwargs.pop("theory", None), False,
                       kwargs.pop("time_limit", None), kwargs.pop("max_positions", None), kwargs.pop("solver", None),
                       kwargs.pop("table", None), outcome=True)
    if kwargs:
        raise TypeError(f"outcome() got unexpected keyword arguments: {', '.join(kwargs)}")
    return answer(item, request.but(outcome_moves=False)).outcome


@public
def winning_moves(position: Any, **kwargs: Any) -> list[Move]:
    """Every move to a P-position (nim-value 0; with ``misere=True``, a
    misère P-position), in the position's labels and move order.

    Found as ``grundy moves SPEC --outcome --all`` finds them, by the
    outcome search (:mod:`grundy.kinds.outcome`): each option asked only
    whether it is a P-position, no nim-value computed that this does not
    need (Chomp, Nim and octal heaps from their values). On
    ``random:11,0.5,1``: its three winning moves in 384,334 positions (6 s
    of CPU), where its nim-value takes 7.7 million positions (232 s, as
    issue 30 measured it).

    Keyword arguments and errors as for :func:`analyze`, except
    ``outcome`` and ``option_table``: every winning move is always asked
    for, so either is a TypeError.

    >>> [m.to_json() for m in winning_moves("star:3")]
    [{'edge': [0, 1]}, {'edge': [0, 2]}, {'edge': [0, 3]}]
    """
    for name in ("outcome", "option_table"):
        if name in kwargs:
            raise TypeError(f"winning_moves() takes no {name}= argument: it always finds every winning move")
    moves = analyze(position, outcome=True, option_table=True, **kwargs).winning_moves
    assert moves is not None
    return moves


@public
def partizan_value(ruleset: str, position: Any, *, max_positions: int | None = None,
                   time_limit: float | None = None) -> PartizanValue:
    """Canonical value of a graph under a partizan ruleset: ``grundy.partizan_value``.

    Parameters
    ----------
    ruleset : str
        ``"be-bo"``, ``"oe-bo"``, ``"oe-be"`` (Harding-Ottaway §5.2) or
        ``"even-odd-vertex"`` (Nowakowski-Ottaway).
    position : Graph, networkx.Graph or str
        The position; a string is read as :func:`grundy.readwrite.graphs.to_graph`
        reads it (family spec, graph6, sparse6 or a file).
    max_positions, time_limit
        As :func:`grundy.games.partizan.partizan_value` (new connected
        positions; seconds).

    Returns
    -------
    grundy.games.partizan.PartizanValue
        Canonical form, notation, outcome, and whether it is a number or a nimber.

    Raises
    ------
    InputError
        An unknown ruleset, a position that cannot be read (as ``to_graph``),
        or a limit of the wrong type or out of range (``time_limit`` in
        (0, 10^9] seconds, ``max_positions`` an integer >= 1).
    TooLargeError
        A spec naming a graph over the limits of :func:`grundy.readwrite.graphs.load`.
    SearchLimitReached
        Past ``max_positions`` or ``time_limit``.

    >>> str(partizan_value("even-odd-vertex", "path:3"))
    '{2|0}'
    """
    from grundy.games.partizan import partizan_value as value
    from grundy.readwrite.graphs import to_graph

    _check_limits(time_limit, max_positions)
    return value(ruleset, to_graph(position), max_positions=None if max_positions is None else int(max_positions),
                 time_limit=time_limit)
