"""Positions to walk from Python, as in a notebook: :func:`position` and
:class:`Position`.

A :class:`Position` is one position of any kind (a graph under any
ruleset, a poset, a simplicial complex, a Chomp board, Nim heaps, heaps of
an octal game) with its options (:meth:`Position.options`: every legal move
and the position it leads to), the position after a move
(:meth:`Position.after`, the move given as a :class:`~grundy.core.moves.Move`,
its JSON object or the text a player types in ``grundy play``), its answer
(:meth:`Position.analyze`) and its drawing in a notebook (``_repr_svg_``,
the winning moves in red). It is a :class:`grundy.play.Play`, so the web
page, the terminal game and a notebook walk the same positions.

>>> import grundy
>>> p = grundy.position("nim:1,2")
>>> p
Position('nim:1,2', kind='nim', game='nim', parts=3)
>>> [str(m) for m, _ in p.options()]
['heap 1 to 0', 'heap 2 to 0', 'heap 2 to 1']
>>> q = p.after("2 1")
>>> q.analyze().value, q.analyze().outcome
(0, 'P')
"""

from __future__ import annotations

from typing import Any

from grundy.analysis import Analysis
from grundy.api import analyze as _analyze
from grundy.api import public
from grundy.core.moves import Move
from grundy.errors import GrundyError, InputError, SearchLimitReached
from grundy.kinds import item_for
from grundy.play import MAX_PLAY_SIZE, Play, read_play
from grundy.readwrite.kinds import _short

__all__ = ["Position", "position"]


class Position(Play):
    """A position of any kind to walk from Python (see the module docstring).

    Made by :func:`position`. Attributes as :class:`grundy.play.Play`:
    ``kind`` (``"graph"``, ``"poset"``, ``"complex"``, ``"chomp"``,
    ``"nim"`` or ``"octal"``), ``position`` (the ``Graph``, ``Poset``,
    ``Complex``, ``ChompPosition``, ``NimPosition`` or ``OctalPosition``,
    labels kept), ``game`` (the ruleset), ``misere`` and ``name``.
    Immutable: a move gives a new Position.
    """

    def options(self, side: str | None = None) -> list[tuple[Move, "Position"]]:  # type: ignore[override]
        """Every legal move with the position it leads to, in the engine's
        move order (vertices before edges for graphs).

        Parameters
        ----------
        side : str, optional
            ``"left"`` or ``"right"``: the player moving, for a partizan
            ruleset only.

        Returns
        -------
        list of (Move, Position)
            Empty when the player to move has no move (the game is over).

        Raises
        ------
        InputError
            ``side`` missing or unknown for a partizan ruleset, or given
            for an impartial one.
        """
        self._check_side(side)
        return super().options(side)  # type: ignore[return-value]

    def after(self, move: Move | dict[str, Any] | str, side: str | None = None) -> "Position":
        """The position after ``move``.

        Parameters
        ----------
        move : Move, dict or str
            A :class:`~grundy.core.moves.Move`, its JSON object
            (``{"vertex": 3}``), or the text a player types in ``grundy
            play`` (``"3"``, ``"1-2"``, ``"2 1"`` for heap 2 to 1; see
            :meth:`grundy.kinds.Kind.move_syntax`).
        side : str, optional
            The player moving, for a partizan ruleset.

        Returns
        -------
        Position

        Raises
        ------
        InputError
            A malformed move, or one that is not legal here (one line naming
            it); a ``side`` for an impartial ruleset.
        """
        self._check_side(side)
        if isinstance(move, str):
            move = self.read(move, side)
        elif not isinstance(move, (Move, dict)):
            raise InputError(f"a move is a Move, its JSON object or the text typed in grundy play, "
                             f"not {type(move).__name__} {_short(repr(move))}")
        return super().after(move, side)  # type: ignore[return-value]

    def _check_side(self, side: str | None) -> None:
        """Refuse a side under an impartial ruleset (both players have the same moves)."""
        if side is not None and not self.partizan:
            raise InputError(f"side {side!r} is for partizan rulesets; {self.game} is impartial "
                             "(both players have the same moves)")

    def read(self, text: str, side: str | None = None) -> Move:
        """The legal move a typed text names, read as ``grundy play`` reads it
        (:func:`grundy.play.explain.typed_move`: ``#k``, a move as printed,
        or the kind's move syntax).

        Raises
        ------
        InputError
            Text that is no move of this kind, a label the position lacks,
            or a move that is not legal here (saying why).
        """
        from grundy.play.explain import typed_move

        return typed_move(self, text, side)

    @public
    def analyze(self, **kwargs: Any) -> Analysis:
        """The answer for this position under its game and play:
        :func:`grundy.analyze` with ``game`` and ``misere`` set.

        Takes the other keyword arguments of :func:`grundy.analyze`
        (``option_table``, ``outcome``, ``time_limit``, ``max_positions``,
        ``theory``, ``table``, ``solver``) and raises its errors; also an
        InputError for a partizan ruleset (it has a canonical form, not a
        nim-value: :func:`grundy.partizan_value`) and a TypeError for
        ``game`` or ``misere`` (the position has its own).
        """
        if self.partizan:
            raise InputError(f"game {self.game} is partizan: it has a canonical form, not a nim-value "
                             "(grundy.partizan_value)")
        for fixed in ("game", "misere"):
            if fixed in kwargs:
                raise TypeError(f"analyze() of a Position takes no {fixed!r}: the position has one")
        if self.game != self.home.game:  # a graph ruleset other than the kind's own game
            kwargs["game"] = self.game
        return _analyze(self.position, misere=self.misere, **kwargs)

    @property
    def finished(self) -> bool:
        """True when the player to move has no move (impartial rulesets;
        for a partizan one, when neither side has)."""
        if self.partizan:
            return not self.moves("left") and not self.moves("right")
        return not self.moves()

    def _apply(self, move: Move, side: str | None) -> "Position":
        return Position(self.kind, self.home.apply(self.position, move), self.game, self.misere, "")

    def __repr__(self) -> str:
        name = self.name
        if not name:
            spec = self.to_spec()  # a string for Chomp, Nim and octal heaps
            name = spec if isinstance(spec, str) else ""
        shown = f"{name[:60]!r}, " if name else ""
        extra = ", misere=True" if self.misere else ""
        return f"Position({shown}kind={self.kind!r}, game={self.game!r}{extra}, parts={self.size()})"

    def __str__(self) -> str:
        return self.text()

    def _repr_svg_(self) -> str | None:
        """The drawing, winning moves in red (found within
        :data:`grundy.drawing.REPR_TIME_LIMIT` seconds), or None when too
        large to draw."""
        from grundy.drawing import REPR_TIME_LIMIT
        from grundy.drawing.render import _drawing

        home = self.home
        try:
            layout = home.layout(self.position)
            _drawing(self.kind, self.position, (), layout, 360, 360, None)  # refuse before any search
        except GrundyError:
            return None
        highlight: list[Move] = []
        play = "misère " if self.misere else ""
        if self.partizan:
            caption = f"{self.game} (partizan): grundy.partizan_value for its canonical form"
        else:
            try:
                a = self.analyze(time_limit=REPR_TIME_LIMIT)
            except SearchLimitReached:
                caption = f"not decided within {REPR_TIME_LIMIT:g} s"
            except GrundyError as exc:
                caption = str(exc).splitlines()[0][:120]
            else:
                highlight = a.winning_moves or []
                said = f"{play}outcome {a.outcome}" if a.value is None else f"nim-value {a.value}"
                caption = f"{said}: " + ("winning moves in red" if highlight else "no winning move")
        try:
            return _drawing(self.kind, self.position, highlight, layout, 360, 360, caption)
        except GrundyError:
            return None


@public
def position(spec: Any, *, game: str | None = None, misere: bool = False) -> Position:
    """A position of any kind, to walk move by move (see :class:`Position`).

    Parameters
    ----------
    spec : str, dict or a position object
        A spec of any kind (``"wheel:9"``, ``"divisors:30"``, ``"torus"``,
        ``"chomp:4,3,3"``, ``"nim:3,4,5"``, ``"octal:0.07:5,6"``, graph6,
        a file), a position's JSON object (as :meth:`Position.to_spec`
        gives), or a position object (``Graph``, a networkx graph,
        ``Poset``, ``Complex``, ``ChompPosition``, ``NimPosition``,
        ``OctalPosition``).
    game : str, optional
        A graph ruleset, impartial or partizan (default Graph Chomp); for
        the other kinds None or the kind's own game.
    misere : bool
        Misère play (impartial rulesets only).

    Returns
    -------
    Position
        Of at most :data:`grundy.play.MAX_PLAY_SIZE` parts (vertices +
        edges, elements, faces, squares or counters): every option is listed.

    Raises
    ------
    InputError
        A spec that cannot be read or names several positions, an unknown
        game, a ruleset given for a position that is not a graph, misère
        play under a partizan ruleset.
    TooLargeError
        A position of more than :data:`grundy.play.MAX_PLAY_SIZE` parts, or
        one the ruleset cannot play.

    >>> p = position("path:3", game="node-kayles")
    >>> [str(m) for m, q in p.options() if q.analyze().value == 0]
    ['take vertex 1 (remove vertices 0, 1, 2)']
    """
    if isinstance(spec, Play):  # a Position (or a Play) already: under the game and play asked
        spec = spec.position
    if isinstance(spec, (str, dict)):
        p = read_play(spec, game=game, misere=misere)
    else:
        item = item_for(spec)
        home = item.kind
        built = item.position
        if not isinstance(built, home.position_type()):  # a networkx graph or a loaded graph
            from grundy.readwrite.graphs import to_graph

            built = to_graph(built)
        p = Play(home.name, built, home.play_game(game, misere), misere, "")
        if p.size() > MAX_PLAY_SIZE:
            from grundy.errors import TooLargeError

            raise TooLargeError(f"{p.size()} parts, over the limit of {MAX_PLAY_SIZE} for a position to walk")
        home.check_play(built, p.game, "")
        if misere and p.partizan:
            raise InputError(f"game {p.game} is partizan: misère play is for the impartial rulesets")
    return Position(p.kind, p.position, p.game, p.misere, p.name)
