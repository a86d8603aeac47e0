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

from typing import TYPE_CHECKING, Any

from grundy.analysis import Analysis, Move, analyze_graph, analyze_misere
from grundy.games.graphs.game import Solver
from grundy.games.graphs.misere import MisereSolver
from grundy.games.graphs.theory import Theory

if TYPE_CHECKING:  # partizan games need pycgt: imported when asked for
    from grundy.games.partizan import PartizanValue

__all__ = ["nim_value", "outcome", "winning_moves", "analyze", "Analysis", "Move"]


def _solver(
    theory: Theory | None,
    time_limit: float | None,
    max_positions: int | None,
    solver: Solver | None,
    game: str = "chomp",
    misere: bool = False,
    table: str | None = None,
) -> Solver | MisereSolver:
    """The solver a call uses (raises InputError for ``table`` with misère
    play or with a ``solver`` of the caller's)."""
    from grundy.errors import InputError

    if table is not None and (misere or solver is not None):
        raise InputError("table= does not apply to " + ("misère play" if misere else "a solver of your own (give it the table)"))
    if solver is not None:
        return solver
    if misere:
        return MisereSolver(game, theory, time_limit=time_limit, max_positions=max_positions)
    return Solver(theory, time_limit=time_limit, max_positions=max_positions, ruleset=game, table=table)


def _other(
    position: Any,
    game: str,
    misere: bool,
    option_table: bool,
    theory: Any,
    time_limit: float | None,
    max_positions: int | None,
    solver: Any,
    table: str | None = None,
) -> Analysis | None:
    """The analysis of a spec naming a position that is not a graph, else
    None.

    Raises
    ------
    InputError
        If ``game`` or ``solver`` is given with such a position (they are
        for graphs), the spec is malformed, or a graph ``Theory`` turns off
        a switch the kind has no result of (see :func:`_switches`).
    """
    from grundy.errors import InputError
    from grundy.games.graphs.rulesets import ruleset_name
    from grundy.readwrite.kinds import kind_of, load_other
    from grundy.results import analyze_other

    if not isinstance(position, str):
        return None
    kind = kind_of(position)
    if kind == "graph":
        return None
    if ruleset_name(game) != "chomp" or solver is not None:
        what = "game" if ruleset_name(game) != "chomp" else "solver"
        raise InputError(f"{what}= does not apply to {kind} positions ({position}): it is for graphs")
    d = analyze_other(
        kind,
        load_other(kind, position),
        position.strip(),
        misere=misere,
        option_table=option_table,
        theory=_switches(kind, theory),
        time_limit=time_limit,
        max_positions=max_positions,
        table=table,
    )
    return Analysis.from_json(d, kind)


def _switches(kind: str, theory: Any) -> Any:
    """The switches for ``kind``: a graph :class:`Theory` with everything
    on or everything off means the kind's defaults or no theory; one with
    some switches off turns off the kind's switches of the same names
    (``involutions``, ``cancel_pairs``); a kind's own switches pass through.

    Raises
    ------
    InputError
        If a graph Theory turns off a switch the kind has no result of
        (naming the switches, the kind and the kind's own switches class).
    """
    from grundy.errors import InputError
    from grundy.results import switches_for

    if not isinstance(theory, Theory):
        return switches_for(kind, False, "") if theory is None else theory
    off = [n for n in Theory.names() if not getattr(theory, n)]
    if len(off) in (0, len(Theory.names())):
        return switches_for(kind, bool(off), "")
    if kind in ("chomp", "nim", "octal"):
        raise InputError(
            f"theory switches {', '.join(off)} are for graphs: {kind} positions have no switchable results "
            f"(pass Theory.none() to search, or no theory)"
        )
    own = switches_for(kind, False, "")
    foreign = [n for n in off if n not in own.names()]
    if foreign:
        raise InputError(
            f"theory switches {', '.join(foreign)} are for graphs, not {kind} positions; pass a "
            f"{type(own).__name__} (switches: {', '.join(own.names())})"
        )
    return switches_for(kind, False, ",".join(off))


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
        If a limit stops the search; the solver keeps what it learned.

    >>> a = analyze("path:3")
    >>> a.value, a.outcome, [m.to_json() for m in a.winning_moves]
    (1, 'N', [{'vertex': 1}])
    >>> a = analyze("divisors:30")
    >>> a.value, [str(m) for m in a.winning_moves]
    (3, ['element 30'])
    """
    from grundy.readwrite.graphs import to_graph

    other = _other(position, game, misere, option_table, theory, time_limit, max_positions, solver, table)
    if other is not None:
        return other
    g = to_graph(position)
    name = position if isinstance(position, str) else ""
    s = _solver(theory, time_limit, max_positions, solver, game, misere, table)
    if isinstance(s, MisereSolver):
        return analyze_misere(g, s, name=name, option_table=option_table)
    try:
        return analyze_graph(g, s, name=name, option_table=option_table)
    finally:
        if table is not None:
            s.close()


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
    from grundy.readwrite.graphs import to_graph

    other = _other(position, game, False, False, theory, time_limit, max_positions, None, table)
    if other is not None:
        assert other.value is not None
        return other.value
    g = to_graph(position)
    s = _solver(theory, time_limit, max_positions, None, game, False, table)
    assert isinstance(s, Solver)
    s.start()
    try:
        return s.value_of(*s.decompose(g.adj))
    finally:
        s.finish()
        s.close()


def outcome(position: Any, *, misere: bool = False, **kwargs: Any) -> str:
    """``"P"`` if the player to move loses, else ``"N"``.

    Under normal play that is value 0; with ``misere=True`` the player who
    cannot move wins. Keyword arguments and errors as for :func:`analyze`.

    >>> outcome("wheel:9"), outcome("complete:6"), outcome("path:1", misere=True)
    ('N', 'P', 'P')
    """
    if misere:
        return analyze(position, misere=True, **kwargs).outcome
    return "P" if nim_value(position, **kwargs) == 0 else "N"


def winning_moves(position: Any, **kwargs: Any) -> list[Move]:
    """Every move to a position of nim-value 0, in the position's labels.

    Keyword arguments and errors as for :func:`analyze`.

    >>> [m.to_json() for m in winning_moves("star:3")]
    [{'edge': [0, 1]}, {'edge': [0, 2]}, {'edge': [0, 3]}]
    """
    moves = analyze(position, **kwargs).winning_moves
    assert moves is not None
    return moves


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
        An unknown ruleset, or a position that cannot be read (as ``to_graph``).
    TooLargeError
        A spec naming a graph over the limits of :func:`grundy.readwrite.graphs.load`.
    SearchLimitReached
        Past ``max_positions`` or ``time_limit``.

    >>> str(partizan_value("even-odd-vertex", "path:3"))
    '{2|0}'
    """
    from grundy.games.partizan import partizan_value as value
    from grundy.readwrite.graphs import to_graph

    return value(ruleset, to_graph(position), max_positions=max_positions, time_limit=time_limit)
