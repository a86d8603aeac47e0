"""What is asked of a position: :class:`Request`.

A request carries every option of ``grundy value`` / ``grundy moves`` /
``grundy form``, of :func:`grundy.analyze` and of play: the ruleset, misère
play, the theory switches, the limits, the table and the option table. Each
kind of position (:mod:`grundy.kinds`) honours every field of it or refuses
it in one place (:meth:`grundy.kinds.Kind.refuse`), naming the option as the
caller spells it (``--game`` on the command line, ``game=`` in the API).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

__all__ = ["Request"]


@dataclass(frozen=True)
class Request:
    """The options of one answer.

    Attributes
    ----------
    game : str or None
        A graph ruleset (``--game``; None: the default, Graph Chomp). Any
        other kind refuses a ruleset other than Graph Chomp.
    misere : bool
        Misère play (the player who cannot move wins): the outcome only.
    no_theory : bool
        ``--no-theory``: pure search, none of the papers' results.
    without : str
        ``--without NAMES``: comma-separated results to switch off (each
        kind has its own names).
    theory : object, optional
        Switches given as an object (the API's ``theory=``: a graph
        :class:`~grundy.games.graphs.theory.Theory`, a ``PosetTheory`` or a
        ``ComplexTheory``); when set, ``no_theory`` and ``without`` are unused.
    option_table : bool
        Also value every option (``--all``, ``Analysis.options``).
    value_only : bool
        Only the nim-value is wanted (``grundy form``, :func:`grundy.nim_value`):
        no winning moves, no first-move tables.
    outcome : bool
        Only the outcome is wanted (``--outcome``, :func:`grundy.outcome`):
        N or P and one winning move, or with ``option_table`` every winning
        move (no option values); nim-values only where the answer needs them
        (:mod:`grundy.kinds.outcome`).
    outcome_moves : bool
        With ``outcome``: whether winning moves are wanted (False for
        :func:`grundy.outcome`, which returns N or P alone).
    time_limit : float, optional
        Seconds of search per position.
    max_positions : int, optional
        Positions the search may expand (for a command over several
        positions, what is left of the budget).
    progress : bool
        Progress lines on stderr for long searches.
    table : str, optional
        An SQLite table file (graphs, posets, complexes; normal play).
    memory : int, optional
        ``--table-memory``: bytes the table may hold in memory.
    solver : object, optional
        A graph solver shared by several answers (the API's ``solver=``;
        the command line's one solver over every graph it is given).
    spelling : str
        ``"cli"`` (options named ``--game``, ``--table``...) or ``"api"``
        (``game=``, ``table=``...), for refusals.
    solver_made : bool
        Set by :meth:`grundy.kinds.graph.GraphKind.prepare` when it made
        ``solver``: each answer's ``max_positions`` then bounds the positions
        that answer may add to it (one budget over a command's positions).
    """

    game: str | None = None
    misere: bool = False
    no_theory: bool = False
    without: str = ""
    theory: Any = None
    option_table: bool = False
    value_only: bool = False
    outcome: bool = False
    outcome_moves: bool = True
    time_limit: float | None = None
    max_positions: int | None = None
    progress: bool = False
    table: str | None = None
    memory: int | None = None
    solver: Any = None
    spelling: str = "cli"
    solver_made: bool = False

    def but(self, **changes: Any) -> "Request":
        """This request with ``changes`` (a copy; requests are immutable)."""
        return replace(self, **changes)

    @property
    def ruleset(self) -> str:
        """The graph ruleset's registry name (aliases resolved; default ``"chomp"``)."""
        if self.game is None:
            return "chomp"
        from grundy.games.graphs.rulesets import ruleset_name

        return ruleset_name(self.game)

    @property
    def wanted_moves(self) -> int | None:
        """How many winning moves an outcome-only answer looks for: every
        one (None) with ``option_table``, else the first (1), or none (0)
        when ``outcome_moves`` is False. The searches stop there."""
        if self.option_table:
            return None
        return 1 if self.outcome_moves else 0

    def kept_moves(self, winning: list[Any]) -> list[Any]:
        """The winning moves an outcome-only answer keeps of a full list:
        the first :attr:`wanted_moves` of them (every one when None)."""
        wanted = self.wanted_moves
        return winning if wanted is None else winning[:wanted]

    @property
    def theory_names(self) -> list[str]:
        """The names ``without`` lists, blanks dropped."""
        return [w.strip() for w in self.without.split(",") if w.strip()]
