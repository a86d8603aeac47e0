"""Kinds of position, each an object with a home, and the one answer path.

A *kind* of position (a graph, a poset, a simplicial complex, a rectangular
Chomp board, Nim heaps, heaps of an octal game) is a :class:`Kind`: one
module of this package (:mod:`~grundy.kinds.graph`,
:mod:`~grundy.kinds.poset`, :mod:`~grundy.kinds.complex`,
:mod:`~grundy.kinds.chomp`, :mod:`~grundy.kinds.nim`,
:mod:`~grundy.kinds.octal`) with the same functions: read a spec, refuse
an option it cannot honour, answer (value or misère outcome, winning
moves, explanation, option table; or, asked ``outcome``, who wins alone,
:mod:`~grundy.kinds.outcome`), the legal moves and the position after
a move (for play), a spec that reads back, a text and an SVG drawing.
Partizan graphs are graphs under a partizan ruleset: the graph kind plays
them (its moves take the side to move). Front ends (the command line, the
API, play, the web page, the drawings) find a kind through the registry
(:func:`kind_of` for a spec, :func:`kind_for` for a position,
:func:`get_kind` by name) and never branch on a kind's name.

:func:`analyze` is the one answer path: ``analyze(position, request)`` for a
position of any kind and a :class:`~grundy.kinds.request.Request` (ruleset,
misère play, theory switches, limits, table, option table).

Adding a kind is one module here with a :class:`Kind` subclass and one line
in :data:`_MODULES` (docs/architecture.md, "How to add a kind").
"""

from __future__ import annotations

import importlib
import sys
import time
from itertools import islice
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from grundy.errors import GrundyError, InputError, SearchLimitReached, TooLargeError
from grundy.games.graphs.formulas import article  # noqa: F401  (re-exported for the front ends)
from grundy.kinds.request import Request

if TYPE_CHECKING:
    from grundy.analysis import Analysis
    from grundy.core.moves import Move
    from grundy.kinds.heaps import ListCheck
    from grundy.kinds.misere import MisereParts
    from grundy.kinds.typed import TypedMove

__all__ = ["Item", "Kind", "MAX_LISTED_MOVES", "Request", "analyze", "close", "get_kind", "kind_for", "kind_of", "kinds",
           "item_for", "prepare", "read_items", "refuse", "settle"]

#: The module of each kind, in the registry's order (graphs first: the
#: default kind of a spec).
_MODULES = {
    "graph": "grundy.kinds.graph",
    "poset": "grundy.kinds.poset",
    "complex": "grundy.kinds.complex",
    "chomp": "grundy.kinds.chomp",
    "nim": "grundy.kinds.nim",
    "octal": "grundy.kinds.octal",
}

_REGISTRY: dict[str, "Kind"] = {}


class Kind:
    """A kind of position: what every front end needs of it.

    Subclasses set :attr:`name` and :attr:`game` and define the methods
    that raise ``NotImplementedError`` here; the rest have defaults.

    Attributes
    ----------
    name : str
        The kind's name (``"graph"``, ``"poset"``...), as JSON and
        :data:`grundy.readwrite.kinds.KINDS` spell it.
    game : str
        The game its answers name (``"poset"``, ``"subset-takeaway"``,
        ``"rectangular-chomp"``, ``"nim"``, ``"octal"``); for graphs the
        default ruleset, ``"chomp"``.
    keeps_table : bool
        Whether its normal-play search keeps a table (``--table``).
    has_layout : bool
        Whether its drawing places parts by a layout a client may move
        (:meth:`layout`; graphs).
    family_heading : str or None
        The heading ``grundy families`` lists its families under (None:
        first, with no heading; kinds sharing a heading share it once).
    """

    name: str = ""
    game: str = ""
    keeps_table: bool = True
    has_layout: bool = False
    family_heading: str | None = None

    def __repr__(self) -> str:
        return f"<kind {self.name}>"

    @property
    def unnamed(self) -> str:
        """The name of an answer to a position that came with none (in play)."""
        return self.name

    @property
    def description(self) -> str:
        """What a position and a move of this kind are (one line)."""
        from grundy.readwrite.kinds import KINDS

        return KINDS[self.name]

    # -- reading --------------------------------------------------------------
    def position_type(self) -> type:
        """The class of this kind's positions."""
        raise NotImplementedError

    def owns(self, position: Any) -> bool:
        """Whether ``position`` is a position of this kind."""
        return isinstance(position, self.position_type())

    def read(self, spec: str, stdin: Any = None) -> list["Item"]:
        """The positions a spec names (one, or a file's graphs), in order.

        Raises
        ------
        InputError, TooLargeError
            A malformed spec or one over the kind's limits.
        """
        from grundy.readwrite.kinds import load_other

        return [Item(self, spec.strip(), load_other(self.name, spec))]

    def read_one(self, spec: str) -> "Item":
        """The one position a spec names (the API's reading).

        Raises
        ------
        InputError, TooLargeError
            As :meth:`read`.
        """
        return self.read(spec)[0]

    # -- answering ------------------------------------------------------------
    def switches_class(self) -> type | None:
        """The class of the kind's theory switches (``PosetTheory``,
        ``ComplexTheory``), or None for a kind whose only switch is whether
        theory is used at all (then :meth:`switches` is a bool)."""
        return None

    def no_switches_hint(self) -> str:
        """What to say when ``--without`` is refused for a kind with no switches."""
        return ""

    def switches(self, request: Request) -> Any:
        """The kind's theory switches for ``request``: ``request.theory`` if
        it is the kind's own; a graph ``Theory`` with everything on or off
        means the kind's defaults or no theory, one with some switches off
        turns off the kind's switches of the same names; else from
        ``no_theory`` and ``without``.

        Raises
        ------
        InputError
            A switch the kind has no result of, naming the kind's own; under
            misère play, a switch turned off that the misère answer does not
            use (:meth:`misere_uses_theory`).
        """
        from grundy.games.graphs.theory import Theory

        cls = self.switches_class()
        theory = request.theory
        foreign_object = not isinstance(theory, (Theory, bool)) and (cls is None or not isinstance(theory, cls))
        if theory is not None and foreign_object:
            own = "a Theory (all on, or Theory.none() to search)" if cls is None else f"a {cls.__name__} or a Theory"
            raise InputError(f"theory= for {self.name} positions must be {own}, not {type(theory).__name__}")
        if theory is not None and not isinstance(theory, Theory):
            if request.misere and theory is not True:  # False, or the kind's own switches
                off = [] if theory is False else [n for n in cls.names() if not getattr(theory, n)]
                self._refuse_misere_switches(theory is False, off, request)
            return theory
        if theory is None:
            no_theory, names = request.no_theory, request.theory_names
        else:
            off = [n for n in Theory.names() if not getattr(theory, n)]
            no_theory, names = len(off) == len(Theory.names()), []
            if off and not no_theory:
                if cls is None:
                    raise InputError(
                        f"theory switches {', '.join(off)} are for graphs: {self.name} positions have no switchable "
                        f"results (pass Theory.none() to search, or no theory)")
                foreign = [n for n in off if n not in cls.names()]
                if foreign:
                    raise InputError(
                        f"theory switches {', '.join(foreign)} are for graphs, not {self.name} positions; pass a "
                        f"{cls.__name__} (switches: {', '.join(cls.names())})")
                names = off
        bad = [] if cls is None or no_theory else [n for n in names if n not in cls.names()]
        if bad:  # a misspelt name is named as such, in misère play too
            raise InputError(f"unknown result {', '.join(map(repr, bad))} for --without on {self.name} positions; "
                             f"valid: {', '.join(cls.names())}")
        if request.misere:
            self._refuse_misere_switches(no_theory, names, request)
        if cls is None:
            if names:
                raise InputError(f"option --without does not apply to {self.name} positions: they have no "
                                 f"switchable results (use --no-theory{self.no_switches_hint()})")
            return not no_theory
        if no_theory:
            return cls.none()
        return cls.only(*[n for n in cls.names() if n not in names])

    def misere_uses_theory(self) -> bool:
        """Whether the misère answer uses a result ``--no-theory`` switches
        off (Nim: Bouton's misère rule); the misère search itself uses none."""
        return False

    def _refuse_misere_switches(self, no_theory: bool, names: Sequence[str], request: Request) -> None:
        """Refuse switches the misère answer does not use: ``--without``
        always, ``--no-theory`` unless :meth:`misere_uses_theory`.

        Raises
        ------
        InputError
            Naming the option, the kind and misère play.
        """
        api = request.spelling == "api"
        if names:
            option = "theory=" if api else f"option --without {','.join(names)}"
        elif no_theory and not self.misere_uses_theory():
            option = "theory=" if api else "option --no-theory"
        else:
            return
        raise InputError(f"{option} does not apply to {self.name} positions in misère play: its search uses no "
                         "switchable result")

    def listed_moves(self, position: Any, request: Request) -> tuple[int, str] | None:
        """``(moves, why)`` when the answer to ``request`` lists every move
        of ``position`` at once (``why`` the option that makes it), else None."""
        return None

    def refuse(self, position: Any, name: str, request: Request) -> None:
        """Refuse, before any search, an option of ``request`` this kind
        cannot honour for ``position``, or a position whose answer would list
        more than :data:`MAX_LISTED_MOVES` moves: one line naming the option
        and the kind.

        Raises
        ------
        InputError
            A ruleset (``--game``) or a solver for a kind that is not a graph;
            ``--table`` / ``--table-memory`` with misère play or a kind that
            keeps no table.
        TooLargeError
            Too many moves to list.
        """
        listed = self.listed_moves(position, request)
        if listed is not None and listed[0] > MAX_LISTED_MOVES:
            moves, why = listed
            raise TooLargeError(f"{name}: too many moves to list under {why} ({moves:,} counted, over the limit of "
                                f"{MAX_LISTED_MOVES:,})"
                                + self.listing_hint())
        if request.spelling == "api":
            if request.ruleset != "chomp" or request.solver is not None:
                what = "game" if request.ruleset != "chomp" else "solver"
                raise InputError(f"{what}= does not apply to {self.name} positions ({name}): it is for graphs")
        elif request.game not in (None, self.game):
            raise InputError(f"option --game {request.game} does not apply to {self.name} positions ({name}): "
                             "rulesets (--game) are for graphs")
        self.refuse_table(name, request)

    def listing_hint(self) -> str:
        """What to say after a refusal of too many moves to list."""
        return ""

    def refuse_table(self, name: str, request: Request) -> None:
        """Refuse ``--table`` / ``--table-memory`` where no table is kept.

        Raises
        ------
        InputError
            Naming the option and misère play or the kind.
        """
        if not request.misere and self.keeps_table:
            return
        what = "misère play" if request.misere else f"{self.name} positions" + (f" ({name})" if name else "")
        if request.table is not None:
            option = "table=" if request.spelling == "api" else "option --table"
            raise InputError(f"{option} does not apply to {what}: it keeps no table")
        if request.memory is not None:
            raise InputError(f"option --table-memory does not apply to {what}: it keeps no table")

    def prepare(self, items: Sequence["Item"], request: Request) -> Request:
        """``request`` made ready for this kind's answers to ``items``
        (every one refused or accepted first): the switches resolved (and,
        for graphs, the ruleset checked and a solver made). Call
        :meth:`close` with both requests when done.

        Raises
        ------
        InputError
            Switches the kind has no result of (see :meth:`switches`).
        """
        return request.but(theory=self.switches(request))

    def close(self, request: Request, prepared: Request) -> None:
        """Release what :meth:`prepare` made (a graph solver's table file)."""

    def answer(self, position: Any, request: Request, name: str = "") -> "Analysis":
        """The :class:`~grundy.analysis.Analysis` of ``position`` under a
        request :meth:`prepare` made ready: :meth:`outcome` when only the
        outcome is asked, else :meth:`normal` under normal play, and the
        misère search over :meth:`misere_parts` under misère play
        (:func:`grundy.kinds.misere.misere_answer`; under ``outcome`` it
        looks for the winning moves :attr:`Request.wanted_moves` says, no
        more).

        Raises
        ------
        SearchLimitReached
            When a limit stops the search.
        """
        from grundy.analysis import Analysis
        from grundy.kinds.misere import misere_answer

        if request.outcome and not request.misere:
            return Analysis.from_json(_with_play(self.outcome(position, request, name), "normal"), self.name)
        if request.misere:
            listed = request.option_table and not request.outcome  # --outcome --all: every winning move
            out = misere_answer(lambda check: self.misere_parts(position, check), name, listed,
                                request.time_limit, request.max_positions, request.progress,
                                self.misere_rule(request), request.wanted_moves if request.outcome else None)
        else:
            out = _with_play(self.normal(position, request, name), "normal")
        return Analysis.from_json(out, self.name)

    def normal(self, position: Any, request: Request, name: str) -> dict[str, Any]:
        """The normal-play answer as a JSON object of the documented schema
        (docs/formats.md): ``name``, ``game``, ``value``, ``outcome``,
        ``winning_moves``, the position's own fields, ``explanation``,
        ``stats`` and, with the option table, ``options``.

        Raises
        ------
        SearchLimitReached
            When a limit stops the search.
        """
        raise NotImplementedError

    def outcome(self, position: Any, request: Request, name: str) -> dict[str, Any]:
        """The outcome-only answer (``request.outcome``) as a JSON object:
        ``outcome``, the first winning move (every one with
        ``request.option_table``), ``value`` if known. By default the
        kind's normal answer, whose nim-value comes cheaply (Chomp's search,
        the nim-sum rule, the nim-sequence), trimmed to what was asked; a
        kind whose positions a searcher plays asks only the outcome
        (:mod:`grundy.kinds.outcome`).

        Raises
        ------
        SearchLimitReached
            When a limit stops the search.
        """
        out = self.normal(position, request.but(option_table=False, outcome=False), name)
        every = out["winning_moves"]
        out["winning_moves"] = request.kept_moves(every)
        listed = ""
        if 0 < len(out["winning_moves"]) < len(every):  # the explanation above names every one
            listed = (f"; the first of its {len(every)} winning moves is listed "
                      "(grundy moves --outcome --all: every one)")
        out["explanation"] = out["explanation"] + [
            "outcome from the nim-value, which this kind's answer gives at little cost" + listed]
        return out

    def misere_parts(self, position: Any, check: "ListCheck") -> "MisereParts":
        """What the misère search needs of ``position`` (lists made calling
        ``check(made)``, :data:`grundy.kinds.heaps.ListCheck`)."""
        raise NotImplementedError

    def misere_rule(self, request: Request) -> tuple[Callable[[Any], bool], str] | None:
        """A theorem deciding misère outcomes in place of the search
        (``(is_n, citation)``), or None."""
        return None

    def heading(self, analysis: "Analysis") -> str:
        """The first line of the answer's text block: the name, then what the
        position is (:meth:`described`) and the play, said once each."""
        a = analysis
        return f"{a.name}  ({self.described(a)}" + (", misère play)" if a.misere else ")")

    def described(self, analysis: "Analysis") -> str:
        """What the position is, for :meth:`heading`: the kind, and the game
        when it is not the kind's own (a kind's own game is not repeated)."""
        game = analysis.game
        return self.name if game in (self.name, self.game) else f"{self.name}, game {game}"

    def counted_before(self, request: Request) -> int:
        """Positions already counted by the searcher a stop of this kind's
        answer reports (a graph solver shared by several answers counts
        them all), to restate a stop over one budget."""
        return 0

    # -- play -----------------------------------------------------------------
    def play_game(self, game: str | None, misere: bool) -> str:
        """The game a position of this kind is played under, given ``game``
        (None: the default).

        Raises
        ------
        InputError
            A game the kind is not played under.
        """
        if game not in (None, "", self.game):
            raise InputError(f"game {game} does not apply to {self.name} positions: rulesets are for graphs")
        return self.game

    def built(self, position: Any, name: str) -> Any:
        """The position to play from what :meth:`read` gave.

        Raises
        ------
        TooLargeError
            A position read but too large to build.
        """
        return position

    def check_play(self, position: Any, game: str, name: str) -> None:
        """Refuse a position its game cannot be played on.

        Raises
        ------
        TooLargeError
            Too large for the game's search.
        """

    def size(self, position: Any) -> int:
        """Parts left (what a move removes some of)."""
        raise NotImplementedError

    def moves(self, position: Any, game: str, side: str | None = None) -> list["Move"]:
        """Every legal move in the user's labels, in the engine's order."""
        raise NotImplementedError

    def apply(self, position: Any, move: "Move") -> Any:
        """The position after a legal move (labels kept)."""
        raise NotImplementedError

    def to_spec(self, position: Any) -> str | dict[str, Any]:
        """A spec :func:`grundy.play.read_play` reads back to ``position``."""
        raise NotImplementedError

    def text(self, position: Any) -> str:
        """The position drawn as text, for the terminal."""
        raise NotImplementedError

    def move_syntax(self, game: str) -> str:
        """How a move is typed in the terminal game."""
        raise NotImplementedError

    def labels(self, position: Any) -> set[Any]:
        """The labels a typed move may name (vertices, elements)."""
        return set(getattr(position, "labels", ()))

    def read_move(self, typed: "TypedMove") -> list["Move"]:
        """The moves a typed text may mean, most likely first (see
        :meth:`move_syntax`); which one is legal is for the caller to find.

        Raises
        ------
        InputError
            Text that is no move of this kind, or names no label of the position.
        """
        raise NotImplementedError

    def rules(self, position: Any, game: str, misere: bool) -> list[str]:
        """The rule of ``game`` on ``position``, as lines for the terminal
        game's ``help``: what a move does (in a partizan game, which side
        may make which) and who wins (:func:`ending`)."""
        return [f"{game}: {ending(misere)}"]

    def why_illegal(self, position: Any, game: str, move: "Move", side: str | None = None,
                    start: Any = None) -> str | None:
        """Why ``move``, read from what a player typed, is no legal move of
        ``position`` (for ``side`` in a partizan game): one clause naming
        what the position lacks or the rule the move breaks, or None when
        there is nothing to say but that it is not listed. ``start``, where
        given, is the position the game began from: what it had and
        ``position`` has not was already removed."""
        return None

    # -- drawing --------------------------------------------------------------
    def draw(self, position: Any, highlight: list["Move"], layout: Mapping[Hashable, Sequence[float]] | None,
             width: int, height: int) -> list[str]:
        """The SVG elements of the position's drawing (see
        :func:`grundy.drawing.position_svg`).

        Raises
        ------
        TooLargeError
            Too many parts to draw.
        """
        raise NotImplementedError

    def layout(self, position: Any) -> Mapping[Hashable, Sequence[float]] | None:
        """Where :meth:`draw` places the position's parts (a graph's vertex
        coordinates), computed once for several drawings, or None."""
        return None

    def caption(self, position: Any) -> str | None:
        """A caption the drawing always has (an octal game's code), or None."""
        return None


class Item:
    """One position to answer: its :class:`Kind`, its name (the spec, or a
    file's ``name:line``) and what was read (a
    :class:`~grundy.readwrite.graphs.LoadedPosition` for a graph, the
    position itself for the other kinds)."""

    def __init__(self, kind: Kind, name: str, position: Any) -> None:
        self.kind, self.name, self.position = kind, name, position


#: Most moves an answer may list at once: Nim's option table, misère Nim's
#: and misère Chomp's move lists, Nim's plain search (``--no-theory``), whose
#: first step lists every option. Beyond it the list alone would exhaust
#: memory or time before any limit is checked, so the position is refused.
MAX_LISTED_MOVES = 1_000_000


#: Options :func:`settle` reads from the table, at most, for a winning move.
SETTLED_MOVE_SCAN = 1_000
#: Wall-clock seconds :func:`settle` spends reading options, at most (checked
#: before each; one option's split may run past it).
SETTLED_MOVE_SECONDS = 1.0
#: A position whose split took longer than this many seconds gets no option
#: scan from :func:`settle` (each option's split would cost about as much).
SETTLED_SPLIT_SECONDS = 0.1


def settle(stop: SearchLimitReached | KeyboardInterrupt, solver: Any, root: tuple[Any, ...],
           options: Callable[[], Iterable[tuple[Any, Callable[[], tuple[int, tuple[Any, ...]]]]]] | None = None,
           label: Callable[[Any], Any] | None = None) -> None:
    """Record on a value search's ``stop`` the position's outcome if the
    search had settled it (:meth:`~grundy.core.search.Searcher.known_outcome`
    of the position's split ``solver.decompose(*root)``), without searching
    (the split is made on a spent clock, :meth:`~grundy.core.limits.Limits.spent`:
    a component it would have to search stops within a few positions and
    leaves the outcome unsettled); an outcome the stopped answer already
    set is kept.

    With ``options`` (a callable giving each move with its option's split,
    in move order), an N-position also gets one winning move when the table
    already decides an option to be P (the question that settled "N" left
    the refuting option's value there, unless a bound dropped it): the
    first such, read the same way, as ``label(move)`` (the move itself
    without ``label``) in ``stop.winning_moves``, with ``stop.from_table``
    set. The scan is best effort: at most :data:`SETTLED_MOVE_SCAN`
    options and :data:`SETTLED_MOVE_SECONDS` seconds, none when the
    position's split took over :data:`SETTLED_SPLIT_SECONDS`.

    A Ctrl-C or SIGTERM (``KeyboardInterrupt``) gets the same attributes
    (:func:`grundy.errors.found_at_stop` reads them), from the split the
    search kept (:meth:`~grundy.core.search.Searcher.kept_split`) only: a
    stop that came while the position itself was split reports nothing
    rather than split it again. An error while settling (or, for an
    interrupt, another interrupt) leaves what was not yet settled unsettled:
    the stop itself is what the caller raises."""
    if getattr(stop, "outcome", None) is not None:
        return
    interrupted = isinstance(stop, KeyboardInterrupt)
    caught: tuple[type[BaseException], ...] = (Exception, KeyboardInterrupt) if interrupted else (Exception,)
    try:
        with solver.limits.spent():
            kept = solver.kept_split(*root)
            if kept is None and interrupted:
                return
            if kept is None:
                started = time.perf_counter()
                split = solver.decompose(*root)
                seconds = time.perf_counter() - started
            else:
                split, seconds = kept
            outcome = solver.known_outcome(*split)[0]
    except caught:  # the split could not be made, or needed a search: nothing settled
        return
    stop.outcome, stop.from_table = outcome, False  # type: ignore[union-attr]  # from_table: settled here
    if outcome != "N" or options is None or seconds > SETTLED_SPLIT_SECONDS:
        return
    deadline = time.perf_counter() + SETTLED_MOVE_SECONDS
    try:
        with solver.limits.spent():
            for move, option in islice(options(), SETTLED_MOVE_SCAN):
                if time.perf_counter() > deadline:
                    return
                try:
                    known = solver.known_outcome(*option())[0]
                except GrundyError:  # this option's split needed a search: not decided by the table
                    continue
                if known == "P":
                    stop.winning_moves = [label(move) if label else move]  # type: ignore[union-attr]
                    stop.from_table = True  # type: ignore[union-attr]
                    return
    except caught:  # best effort: the outcome stands without a move
        return


def _with_play(out: dict[str, Any], play: str) -> dict[str, Any]:
    """``out`` with ``"play"`` right after ``"game"``."""
    ordered: dict[str, Any] = {}
    for k, v in out.items():
        if k == "play":
            continue
        ordered[k] = v
        if k == "game":
            ordered["play"] = play
    return ordered


def _load() -> None:
    if len(_REGISTRY) == len(_MODULES):
        return
    for name, module in _MODULES.items():
        kind = importlib.import_module(module).KIND
        assert kind.name == name, (module, kind.name)
        _REGISTRY[name] = kind


def kinds() -> list[Kind]:
    """Every kind, graphs first."""
    _load()
    return list(_REGISTRY.values())


def get_kind(name: str) -> Kind:
    """The kind named ``name``.

    Raises
    ------
    ValueError
        An unknown name (naming the kinds).
    """
    _load()
    try:
        return _REGISTRY[name]
    except KeyError:
        raise ValueError(f"unknown kind {name!r}: the kinds are {', '.join(_REGISTRY)}") from None


def kind_of(spec: str) -> Kind:
    """The kind a spec names (see :func:`grundy.readwrite.kinds.kind_of`)."""
    from grundy.readwrite.kinds import kind_of as name_of

    return get_kind(name_of(spec))


def kind_for(position: Any) -> Kind:
    """The kind of a position object.

    Raises
    ------
    TypeError
        If no kind owns it.
    """
    for kind in kinds():
        if kind.owns(position):
            return kind
    raise TypeError(f"not a position of any kind: {type(position).__name__}")


def item_for(position: Any) -> Item:
    """The position an argument of the API names, as an :class:`Item`: a
    spec of any kind (named by the spec; one position, see
    :meth:`Kind.read_one`) or a position object of any kind (a networkx
    graph is a graph).

    Raises
    ------
    InputError, TooLargeError
        A spec that cannot be read, or an object that is no position.
    """
    if isinstance(position, str):
        return kind_of(position).read_one(position)
    for kind in kinds():
        if kind.owns(position):
            return Item(kind, "", position)
    raise InputError(f"not a position: {article(type(position).__name__)} (give a spec string, a Graph, a "
                     "networkx graph or a position of another kind)")


def ending(misere: bool) -> str:
    """Who wins, for a rule's text: the player who cannot move loses (wins under misère play)."""
    return ("the player who cannot move wins (misère play)" if misere
            else "the player who cannot move loses")


def read_items(specs: Iterable[str], stdin: Any = None) -> list[Item]:
    """Every position the specs name, in input order, read before any
    search starts (bad input is reported at once, not after minutes of
    search on the ones before it).

    Raises
    ------
    InputError, TooLargeError
        As each kind's :meth:`Kind.read`.
    """
    items: list[Item] = []
    for spec in specs:
        items.extend(kind_of(spec).read(spec, stdin))
    return items


def refuse(items: Sequence[Item], request: Request) -> None:
    """Refuse, before any search, what any item's kind cannot honour
    (:meth:`Kind.refuse`), in input order.

    Raises
    ------
    InputError, TooLargeError
        As :meth:`Kind.refuse`.
    """
    for item in items:
        item.kind.refuse(item.position, item.name, request)


def prepare(items: Sequence[Item], request: Request) -> dict[str, Request]:
    """Make ``request`` ready for each kind given (:meth:`Kind.prepare`),
    graphs first: the prepared request of each kind by name. Nothing is
    searched. Call :func:`refuse` first and :func:`close` when done.

    Raises
    ------
    InputError
        As :meth:`Kind.prepare`.
    """
    prepared: dict[str, Request] = {}
    for kind in kinds():
        mine = [i for i in items if i.kind is kind]
        if mine:
            prepared[kind.name] = kind.prepare(mine, request)
    return prepared


def close(prepared: dict[str, Request], request: Request) -> None:
    """Release what :func:`prepare` made."""
    for name, ready in prepared.items():
        get_kind(name).close(request, ready)


def analyze(position: Any, request: Request | None = None, name: str = "") -> "Analysis":
    """The answer for one position of any kind: nim-value (or misère
    outcome), winning moves, explanation and statistics, with the option
    table if ``request.option_table``.

    Parameters
    ----------
    position
        A position object (``Graph``, ``Poset``, ``Complex``,
        ``ChompPosition``, ``NimPosition``, ``OctalPosition``, or a
        :class:`~grundy.readwrite.graphs.LoadedPosition`) or an
        :class:`Item`.
    request : Request, optional
        What is asked (default: the nim-value under normal play, every result on).
    name : str
        Where the position came from (the spec).

    Raises
    ------
    InputError, TooLargeError
        An option the kind cannot honour (:meth:`Kind.refuse`).
    SearchLimitReached
        When a limit stops the search.
    """
    request = request or Request()
    item = position if isinstance(position, Item) else Item(kind_for(position), name, position)
    refuse([item], request)
    ready = prepare([item], request)
    try:
        out = item.kind.answer(item.position, ready[item.kind.name], item.name)
    finally:
        close(ready, request)
    if out.position is None:  # kept for drawing (a graph's is the Graph the answer built)
        out.position = out.graph if out.graph is not None else (
            item.position if isinstance(item.position, item.kind.position_type()) else None)
    return out


def progress_default(progress: bool | None) -> bool:
    """``--progress`` as given, else whether stderr is a terminal."""
    return bool(sys.stderr.isatty() if progress is None else progress)
