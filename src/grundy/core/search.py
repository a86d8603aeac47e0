"""The one search: exact nim-values of impartial games, any game that
follows the :class:`Game` protocol (graph rulesets, posets, complexes).

How a value is decided
----------------------
The game splits a position into a disjoint sum (its components), answers
what its theory can (closed forms, value-preserving reductions, each with
its citation) and gives every other component a canonical key. The searcher
looks each key up in the table (:mod:`grundy.core.table`), applies and
caches the game's reduction, and searches what is left.

The search answers *outcome questions on sums*, not exact values of every
option (Lemoine-Viennot; Beling-Rogalski, "On pruning search trees of
impartial games", 2020): "is C + *n a P-position?" holds iff every move of
C + *n leads to an N-position, i.e. no option C' + *n and no heap move to
C + *m (m < n) is a P-position. The first P-position found stops the scan;
of the two kinds of move, the one that has more often found it for this n
goes first (:attr:`grundy.core.table.Table.answers`). The value of C is the
least n for which C + *n is a P-position. A sum of several unknown components is decided by computing the
exact values of all but the largest, folding them into the heap, and asking
the question of the largest ("hardest last"). The table keeps, per
component, its value once known and the set of values it is known *not* to
have, so every decided (position, n) pair is remembered.

Options come from the game, one per symmetry class of moves, decomposed,
deduplicated and tried "fewest unknown components, then smallest first".
A game may supply a compiled expander that runs the same search in C (the
graph kernel does); the tests prove both paths give the same values after
the same number of positions.
"""

from __future__ import annotations

import gc
import time
from collections import OrderedDict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, Protocol

from grundy.core.limits import Limits, Stats, own_clock
from grundy.core.table import ANSWER_SLOTS, Table

__all__ = ["Game", "Searcher", "Stats", "Component", "Split", "Partial", "Namer", "CANCEL_SOURCE"]

#: An unknown component handed to the search: its canonical key. The game
#: rebuilds the position from the key when it is expanded, so the table and
#: the option lists hold keys only.
Component = bytes

#: A decomposed position: ``(nimber, unknowns)``, its value being ``nimber``
#: xor the values of the ``unknowns`` (canonical keys, smallest first).
Split = tuple[int, tuple[Component, ...]]

#: A generation of options stopped at a refuting option (see
#: :meth:`Searcher._options`): the options so far in generation order, the
#: index of the next move, and the bits of the option values known.
Partial = tuple[list[Split], int, int]

#: Describe a set of elements (vertices, faces...) of the position being
#: traced, in the user's labels (for explanations).
Namer = Callable[[int], str]

#: Isomorphic components cancel: G + G = 0 in every impartial game.
CANCEL_SOURCE = "Sprague-Grundy: G + G = 0 (isomorphic components cancel)"


class Game(Protocol):
    """What the searcher needs from a game (see docs/architecture.md).

    Attributes
    ----------
    name : str
        The game and its key format: the namespace of its rows in a table
        file (e.g. ``"graph:chomp"``).
    theory
        Its switches; must have a boolean ``cancel_pairs``.
    """

    name: str
    theory: Any

    def decompose(
        self, search: "Searcher", position: Any, mask: int | None, trace: list[str] | None, name: Namer | None
    ) -> Split:
        """Split ``position`` (restricted to ``mask``) into a disjoint sum:
        components with a closed form are folded into the nimber, the others
        keyed and handed to :meth:`Searcher.look_up`; ends with
        :meth:`Searcher.finish_split`. With ``trace``, a line per shortcut."""
        ...

    def children(self, search: "Searcher", key: Component, start: int) -> Iterator[Split]:
        """The options of the component ``key``, one per symmetry class of
        moves, each decomposed, from the ``start``-th move on (a fixed order,
        so a stopped generation can resume)."""
        ...

    def size(self, key: Component) -> int:
        """A measure of a component's size, to try small options first."""
        ...


class Searcher:
    """Exact search of one game with a transposition table.

    Parameters
    ----------
    game : Game
        The game (graph ruleset, poset, complex: see :mod:`grundy.games`).
    table : Table or str, optional
        The table, or the path of an SQLite file to keep it in (see
        :mod:`grundy.core.table`); default: a new table in memory. A file is
        read at once, written every ``checkpoint_seconds`` of search and at
        the end of every top-level call (also after a limit or Ctrl-C).
    time_limit : float or None
        Seconds of search allowed per top-level call.
    max_positions : int or None
        Positions the searcher may expand over its lifetime.
    progress : bool
        A progress counter on stderr for searches longer than a second.
    option_cache_size : int
        How many unresolved positions keep their generated option lists
        (oldest dropped first; a resolved position drops its list): bounds
        the memory used beyond the table.
    reduction_cache_size : int
        How many keys keep their reduction cached (with a new table).
    compact : bool or None
        With a new table: compact (True), dicts (False) or the default
        (None), as :class:`grundy.core.table.Table`.
    max_table_bytes : int or None
        With a new table: the compact table's memory bound (its
        ``max_bytes``: past it the table spills to its file or forgets).
    checkpoint_seconds : float
        Seconds between writes of a table file during a search (default 30:
        a kill -9 loses at most that much search; saving every 5 s cost the
        Gale n = 7 attack 10% of its rate against every 60 s, docs/tables.md,
        "Checkpoints in digest order").
    report : callable, optional
        Called with the searcher every ``report_seconds`` of search.
    report_seconds : float
        Seconds between calls of ``report``.

    Raises
    ------
    InputError
        If ``table`` names a file that cannot be used as a table.
    SearchLimitReached
        From any search method, when a limit is passed; what was learned
        stays in the table and calling again continues from there.
    """

    def __init__(
        self,
        game: Game,
        *,
        table: Table | str | None = None,
        time_limit: float | None = None,
        max_positions: int | None = None,
        progress: bool = False,
        option_cache_size: int = 50_000,
        reduction_cache_size: int = 500_000,
        checkpoint_seconds: float = 30.0,
        report: Callable[["Searcher"], None] | None = None,
        report_seconds: float = 10.0,
        compact: bool | None = None,
        max_table_bytes: int | None = None,
    ) -> None:
        self.game = game
        if not isinstance(table, Table):
            table = Table(
                table,
                game.name,
                reduction_cache_size=reduction_cache_size,
                compact=compact,
                max_bytes=max_table_bytes,
            )
        self.table = table
        self.values = table.values
        self.not_values = table.not_values
        self.aliases = table.aliases
        self._answers = table.answers
        self.irreducible = table.irreducible
        # the game's optional compiled path, looked up once
        self._expands: Callable[[Component], bool] | None = getattr(game, "expands", None)
        self._make_expander: Callable[[Searcher], Any] | None = getattr(game, "make_expander", None)
        # a census of the game in the table file (grundy.census), if any: a
        # second, read-only source of values, consulted when the table misses
        open_tablebase = getattr(game, "open_tablebase", None)
        self.tablebase: Any = open_tablebase(table) if open_tablebase is not None else None
        self.stats = Stats()
        self.limits = Limits(time_limit, max_positions, progress)
        self.checkpoint_seconds = checkpoint_seconds
        self.report = report
        self.report_seconds = report_seconds
        self._last_save = self._last_report = time.perf_counter()
        # the last split made by decompose: (token, split), reused by a call
        # on the same position without a trace (see decompose)
        self._split_token: Callable[[Any, int | None], Any] = getattr(
            game, "split_token", lambda position, mask: (position, mask))
        self._last_split: tuple[Any, Split, float] | None = None  # (token, split, seconds to make it)
        self._expander: Any = None
        # the expander while a search runs (set by _searching): the Python
        # search hands it every sum whose components it takes, so a position
        # too large for the kernel is searched in Python only down to the
        # components the kernel takes (the two searches are the same, line
        # for line, over the same table and option cache)
        self._delegate: Any = None
        self._option_cache_size = option_cache_size
        # the game's note of how this search first met a key, for the games
        # that use one (graph rulesets with first-seen labellings: the
        # labelled graph whose moves it makes, MoveRule.labelling), when the
        # game keeps it in Python (no compiled expander)
        self.labellings: dict[Component, Any] = {}
        # oldest first: OrderedDict drops its first entry in O(1)
        self._option_cache: OrderedDict[bytes, Any] = OrderedDict()

    # ------------------------------------------------------------------
    # settings
    # ------------------------------------------------------------------
    @property
    def loaded(self) -> int:
        """Rows read from the table file when the searcher was made."""
        return self.table.loaded

    @property
    def theory(self) -> Any:
        """The game's switches."""
        return self.game.theory

    @property
    def time_limit(self) -> float | None:
        return self.limits.time_limit

    @time_limit.setter
    def time_limit(self, seconds: float | None) -> None:
        self.limits.time_limit = seconds

    @property
    def max_positions(self) -> int | None:
        return self.limits.max_positions

    @max_positions.setter
    def max_positions(self, count: int | None) -> None:
        self.limits.max_positions = count

    @property
    def progress(self) -> bool:
        return self.limits.progress

    @progress.setter
    def progress(self, on: bool) -> None:
        self.limits.progress = on

    @property
    def option_cache_size(self) -> int:
        """How many positions keep their generated option lists (see the
        class docstring); may be changed between searches."""
        return self._option_cache_size

    @option_cache_size.setter
    def option_cache_size(self, size: int) -> None:
        self._option_cache_size = size
        if self._expander is not None:
            self._expander.cache_size = size

    # ------------------------------------------------------------------
    # decomposition: the game's, with the table, reductions and trace here
    # ------------------------------------------------------------------
    def decompose(
        self, position: Any, mask: int | None = None, trace: list[str] | None = None, name: Namer | None = None
    ) -> Split:
        """Split a position into a heap and unknown components.

        Parameters
        ----------
        position
            The game's position (graph: adjacency bitsets; poset: strict
            up-sets; complex: facet bitsets).
        mask : int, optional
            The elements to consider (default all).
        trace, name
            If ``trace`` is a list, a line is appended for every shortcut
            used, naming element sets with ``name(mask)``.

        Returns
        -------
        (nimber, unknowns)
            The position has the value ``nimber`` xor the values of the
            ``unknowns`` (canonical keys, smallest first); components whose
            values are in the table are folded into ``nimber``; isomorphic
            pairs cancel when ``theory.cancel_pairs`` is on.

        Raises
        ------
        SearchLimitReached
            A time or position limit was passed: the split may search (a
            complex's dimension-1 components are valued by Graph Chomp), so
            it is a top-level call, on its own clock if none runs, as
            :meth:`value_of`.

        The last split is kept: a call without ``trace`` on the position of
        the last call (the same ``game.split_token(position, mask)``, if the
        game has one: a complex's facets in any order; else the same
        position and mask) returns it without splitting again. The split
        may be a large position's nauty calls (seconds on
        ``skeleton:16,5``), and an answer stopped at its limit splits the
        position again to report its outcome (:func:`grundy.kinds.settle`).
        A split stays true as the table learns: its unknowns are canonical
        keys, looked up again by whoever uses them.
        """
        token = self._kept_token(position, mask)
        last = self._last_split
        if trace is None and token is not None and last is not None and last[0] == token:
            return last[1]
        started = time.perf_counter()
        with own_clock(self):
            split = self.game.decompose(self, position, mask, trace, name)
        if token is not None:
            self._last_split = (token, split, time.perf_counter() - started)
        return split

    def kept_split(self, position: Any, mask: int | None = None) -> tuple[Split, float] | None:
        """The split :meth:`decompose` kept for this position (its last
        call was on it) and the seconds it took to make, or None; nothing
        is split here (what a Ctrl-C's answer may read,
        :func:`grundy.kinds.settle`)."""
        token = self._kept_token(position, mask)
        last = self._last_split
        if token is None or last is None or last[0] != token:
            return None
        return last[1], last[2]

    def _kept_token(self, position: Any, mask: int | None) -> Any:
        """The token a kept split is known by, or None (an unhashable
        position: not kept)."""
        try:
            token = self._split_token(position, mask)
            hash(token)
        except TypeError:
            return None
        return token

    def look_up(
        self,
        key: Component,
        unknown: list[Component],
        reduce: Callable[[list[str] | None], Split | None] | None = None,
        trace: list[str] | None = None,
        where: str = "",
        searched: str = "",
    ) -> int:
        """Value what is known of one keyed component.

        Returns the nimber the table gives (or the nimber of what the
        game's reduction leaves) and appends to ``unknown`` the keys still to
        search. ``reduce(trace)`` is the game's reduction: the decomposition
        of what the component reduces to, or None if none applies; with a
        trace it explains itself in the caller's labels. Its result is
        cached per key. With ``trace``: ``where`` names the component,
        ``searched`` is the line for a component left to the search.
        """
        val = self.values.get(key)
        source = "the table"
        if val is None and self.tablebase is not None:
            val = self.tablebase.get(key)
            source = "the census table"
        if val is not None:
            self.stats.table_hits += 1
            if trace is not None:
                trace.append(f"{where}: value {val} from {source}")
            return val
        if reduce is not None:
            alias = self.aliases.get(key)
            if trace is not None:
                found = reduce(trace)
                if found is not None:
                    self.stats.reductions += 1
                    alias = found
            elif alias is None and key not in self.irreducible:
                alias = reduce(None)
                if alias is not None:
                    self.stats.reductions += 1
                self.table.remember(key, alias)
            if alias is not None:
                unknown.extend(alias[1])
                return alias[0]
        if trace is not None:
            trace.append(searched)
        unknown.append(key)
        return 0

    def cached(self, key: Component, unknown: list[Component], reducible: bool) -> int | None:
        """:meth:`look_up` without a trace, when the table or the reduction
        cache answers: the nimber (keys still to search appended to
        ``unknown``), or None when the game's reduction has yet to be tried
        (then call :meth:`look_up`). Lets a game skip building its
        reduction for keys seen before (the common case)."""
        val = self.values.get(key)
        if val is None and self.tablebase is not None:
            val = self.tablebase.get(key)
        if val is not None:
            self.stats.table_hits += 1
            return val
        if reducible:
            alias = self.aliases.get(key)
            if alias is not None:
                unknown.extend(alias[1])
                return alias[0]
            if key not in self.irreducible:
                return None
        unknown.append(key)
        return 0

    def finish_split(self, nimber: int, unknown: list[Component], trace: list[str] | None = None) -> Split:
        """Cancel isomorphic pairs (if the theory allows) and order the
        unknowns, smallest first."""
        if len(unknown) > 1:
            if self.game.theory.cancel_pairs:
                unknown, cancelled = _cancel_pairs(unknown)
                if cancelled and trace is not None:
                    trace.append(f"{cancelled} pair(s) of isomorphic components cancel [{CANCEL_SOURCE}]")
            unknown.sort(key=len)
        return nimber, tuple(unknown)

    # ------------------------------------------------------------------
    # search
    # ------------------------------------------------------------------
    def value_of(self, nimber: int, unknowns: tuple[Component, ...]) -> int:
        """Exact value of ``*nimber + sum(unknowns)`` (a split, as
        :meth:`decompose` gives it). A top-level call: called with no clock
        running (:meth:`start`, as the front ends do), it runs on its own,
        so ``time_limit`` bounds it, and writes a table file at its end
        (:meth:`finish`).

        Raises
        ------
        SearchLimitReached
            A time or position limit was passed (what was learned is kept).
        """
        with own_clock(self):
            return self.search_value(nimber, unknowns)

    def search_value(self, nimber: int, unknowns: tuple[Component, ...]) -> int:
        """:meth:`value_of` with no clock of its own: for a search made
        within another's call (a complex's dimension-1 components valued by
        a Graph Chomp searcher that shares its limits), which stops at that
        call's deadline, not a new one. Raises as :meth:`value_of`."""
        with _no_gc(), self._searching(unknowns) as search:
            for key in unknowns:
                nimber ^= search.value(key) if search is not None else self._value(key)
        return nimber

    def is_p(self, nimber: int, unknowns: tuple[Component, ...]) -> bool:
        """Whether ``*nimber + sum(unknowns)`` is a P-position (value 0): a
        top-level call, on its own clock if none runs, as :meth:`value_of`.

        Raises
        ------
        SearchLimitReached
            A time or position limit was passed (what was learned is kept).
        """
        with own_clock(self), _no_gc(), self._searching(unknowns) as search:
            if search is not None:
                return search.is_p_sum(unknowns, nimber)  # type: ignore[no-any-return]
            return self._is_p_sum(unknowns, nimber)

    def known_outcome(self, nimber: int, unknowns: tuple[Component, ...]) -> tuple[str | None, int | None]:
        """What the table already says of ``*nimber + sum(unknowns)``,
        without searching: ``(outcome, value)``, each None when not settled.

        The value is known when every component's is. The outcome is known
        then too, and when all components but one have known values and the
        table holds, for the last one C, either its value or that C + *x is
        not a P-position for the x the others sum to (the Lemoine-Viennot
        search's partial results, ``not_values``): then the position is N.
        """
        values, rest = self.values, []
        for key in unknowns:
            v = values.get(key)
            if v is None:
                rest.append(key)
            else:
                nimber ^= v
        if not rest:
            return ("P" if nimber == 0 else "N"), nimber
        if len(rest) == 1 and self.not_values.get(rest[0], 0) >> nimber & 1:
            return "N", None
        return None, None

    def expander(self) -> Any:
        """The game's compiled expander over this searcher's table, made on
        first use (None if the game has none)."""
        if self._expander is None and self._make_expander is not None:
            self._expander = self._make_expander(self)
            if self._expander is None:
                self._make_expander = None  # the game has none to offer: do not ask again
        return self._expander

    @contextmanager
    def _searching(self, unknowns: tuple[Component, ...]) -> Iterator[Any]:
        """The compiled search for these components (or None), given this
        searcher's ``_tick`` for the length of the block only: kept, the
        bound method would make a reference cycle (searcher, expander,
        method) that the paused garbage collector never frees. For the
        same block the expander is the searcher's delegate: the Python
        search (components too large for the kernel) hands it every sum it
        takes."""
        expander = self.expander() if self._expands is not None else None
        if expander is None:
            yield None
            return
        outer, outer_delegate = expander.tick, self._delegate
        expander.tick = self._tick
        self._delegate = expander
        try:
            yield self._compiled_search(unknowns)
        finally:
            expander.tick = outer
            self._delegate = outer_delegate

    def _compiled_search(self, unknowns: tuple[Component, ...]) -> Any:
        """The compiled search if the game has one that takes every one of
        these components, else None."""
        if self._expands is None or not all(map(self._expands, unknowns)):
            return None
        return self.expander()

    def _value(self, key: Component) -> int:
        v = self.values.get(key)
        if v is not None:
            return v
        delegate = self._delegate
        if delegate is not None and self._expands(key):  # type: ignore[misc]
            return delegate.value(key)  # type: ignore[no-any-return]
        n = 0
        while not self._is_p1(key, n):
            n += 1
        return n

    def _is_p_sum(self, unknowns: tuple[Component, ...], n: int) -> bool:
        delegate = self._delegate
        if delegate is not None and all(map(self._expands, unknowns)):  # type: ignore[arg-type]
            return delegate.is_p_sum(tuple(unknowns), n)  # type: ignore[no-any-return]
        values = self.values
        rest = []
        for key in unknowns:
            v = values.get(key)
            if v is None:
                rest.append(key)
            else:
                n ^= v
        if not rest:
            return n == 0
        for key in rest[:-1]:
            n ^= self._value(key)
        return self._is_p1(rest[-1], n)

    def _is_p1(self, key: Component, n: int) -> bool:
        """Whether C + *n is a P-position, for one unknown component C."""
        v = self.values.get(key)
        if v is not None:
            return v == n
        excluded = self.not_values.get(key, 0)
        if excluded >> n & 1:
            return False
        cache = self._option_cache
        options = cache.get(key)
        if options is not None and type(options) is not list and type(options) is not tuple:
            options = options.to_python()  # kept by the compiled search (grundy.core._compiled.Options)
        if type(options) is tuple:  # a generation stopped at a refutation
            known = _known_values(self.values, options[0])
            if known >> n & 1:
                self.not_values[key] = excluded | known
                return False
            options = self._options(key, n, options)
            if type(options) is tuple:
                cache[key] = options
                self.not_values[key] = excluded | known | options[2]
                return False
            cache[key] = options
        elif options is None:
            # Generated with n to refute: most first questions are answered
            # by an option whose value the table already knows to be n, and
            # the generation stops there (measured: 83% of the expansions of
            # the random G(12, 0.25) seed 9 search); it is kept to resume.
            options = self._options(key, n)
            if cache and len(cache) >= self._option_cache_size:
                cache.popitem(last=False)
            cache[key] = options
            if type(options) is tuple:
                self.not_values[key] = excluded | options[2]
                return False
        # Cheap refutation first: an option whose value the table already
        # knows to be n makes C + *n an N-position.
        values = self.values
        for nim, unk in options:
            if _known_value(values, nim, unk) == n:
                self.not_values[key] = excluded | (1 << n)
                return False
        # C + *n is N iff an option C' + *n is P (an option of value n) or a
        # heap move to C + *m, m < n, is (C's value is below n). The two tests
        # are independent; the one that answered more questions of this n so
        # far goes first (Table.answers: an option of value n usually ends the
        # question long before the heap moves' P-proofs of C + *m would, unless
        # the values are mostly below n; docs/performance.md).
        answers = self._answers
        slot = 2 * min(n, ANSWER_SLOTS - 1)
        options_first = answers[slot] >= answers[slot + 1]
        if options_first and self._option_is_p(key, options, n):
            answers[slot] += 1
            return False
        for m in range(n):
            if not (excluded >> m & 1) and self._is_p1(key, m):
                answers[slot + 1] += 1
                return False
        if not options_first and self._option_is_p(key, options, n):
            answers[slot] += 1
            return False
        self.values[key] = n
        self.not_values.pop(key, None)
        cache.pop(key, None)
        return True

    def _option_is_p(self, key: Component, options: list[Split], n: int) -> bool:
        """Whether some option C' + *n of ``key``'s ``options`` is a
        P-position (then ``key`` is known not to have value n)."""
        for nim, unk in options:
            if self._is_p_sum(unk, nim ^ n):
                self.not_values[key] = self.not_values.get(key, 0) | (1 << n)
                return True
        return False

    def _options(self, key: Component, refute: int = -1, partial: Partial | None = None) -> list[Split] | Partial:
        """Options of a component, one per symmetry class of moves,
        deduplicated, easiest first.

        With ``refute >= 0``: as soon as an option of known value ``refute``
        is generated (the component's value is not ``refute``), a
        :data:`Partial` instead: ``(options so far, next move, known)``,
        ``known`` the bits of the values of the options of known value
        generated (by the mex rule the component has none of them). Passing
        it back as ``partial`` resumes the generation at the next move."""
        self._tick()
        if self._expands is not None and self._expands(key):
            expander = self.expander()
            if expander is not None:
                return expander.expand(key, refute, partial)  # type: ignore[no-any-return]
        start, out = (0, []) if partial is None else (partial[1], list(partial[0]))
        seen = set(out)
        known = 0
        for index, child in enumerate(self.game.children(self, key, start), start):
            if child not in seen:
                seen.add(child)
                out.append(child)
            if refute >= 0 and not child[1]:
                known |= 1 << child[0]
                if child[0] == refute:
                    return out, index + 1, known
        size = self.game.size
        out.sort(key=lambda c: (len(c[1]), sum(map(size, c[1]))))
        return out

    # ------------------------------------------------------------------
    # limits, progress, checkpoints
    # ------------------------------------------------------------------
    def start(self) -> None:
        """Start the clock for a top-level call (limits count from here)."""
        self.limits.start()

    def finish(self) -> None:
        """Stop the clock, close the progress display, save a table file."""
        self.stats.seconds += self.limits.finish()
        self.save()

    def save(self) -> int:
        """Write what changed to the table file (no-op in memory); returns
        the rows written. A file that cannot be written does not stop the
        search: one :class:`grundy.core.table.TableNotSaved` warning
        (:meth:`grundy.core.table.Table.save_or_warn`)."""
        self._last_save = time.perf_counter()
        return self.table.save_or_warn()  # a file that cannot be written: a warning, the search goes on

    def close(self) -> None:
        """Save and close the table file."""
        self.table.close()

    def _tick(self) -> None:
        """Count a position; every 16th (every one under a position limit,
        which stops exactly) check the limits, Ctrl-C and a cancel request
        (:meth:`grundy.core.limits.Limits.tick`) and, every 256th, write a
        checkpoint when one is due. The check is a few Python calls, up to 4%
        of a dense Graph Chomp search when it ran at every position."""
        stats = self.stats
        positions = stats.positions = stats.positions + 1
        if positions & 15 and self.limits.max_positions is None:
            return
        if self.limits.tick(positions, len(self.values), self.table.dropped > 0):
            self._checkpoint()

    def _checkpoint(self) -> None:
        """Every 256 positions: write a table file and call ``report`` when
        they are due."""
        if self.table.file is None and self.report is None:
            return
        now = time.perf_counter()
        if self.table.file is not None and now - self._last_save >= self.checkpoint_seconds:
            self.save()
        if self.report is not None and now - self._last_report >= self.report_seconds:
            self._last_report = now
            self.report(self)

    def progress_line(self) -> str:
        """One line for a progress display: positions, table size, cache.
        Once a bounded table has dropped entries (:attr:`Table.dropped`),
        its counts are of what is in memory, and the line says so."""
        dropped = self.table.dropped
        known = "in memory" if dropped else "known"
        spill = f"; {dropped} dropped from memory" if dropped else ""
        return (
            f"{self.stats.positions} position{'' if self.stats.positions == 1 else 's'} expanded, "
            f"{len(self.values)} value{'' if len(self.values) == 1 else 's'} {known} "
            f"({len(self.not_values)} partial{spill}), {len(self._option_cache)} option "
            f"list{'' if len(self._option_cache) == 1 else 's'} cached"
        )


def _known_value(values: dict[bytes, int], nim: int, unknowns: tuple[Component, ...]) -> int | None:
    """The value of the option ``(nim, unknowns)`` if ``values`` has the
    values of all its components, else None."""
    for k in unknowns:
        v = values.get(k)
        if v is None:
            return None
        nim ^= v
    return nim


def _known_values(values: dict[bytes, int], options: list[Split]) -> int:
    """Bits of the values of the options whose components all have values
    in ``values``."""
    known = 0
    for nim, unk in options:
        v = _known_value(values, nim, unk)
        if v is not None:
            known |= 1 << v
    return known


@contextmanager
def _no_gc() -> Iterator[None]:
    """Pause Python's cyclic garbage collector during a search.

    The search makes millions of tuples and keeps hundreds of thousands in
    its tables, none of them in reference cycles; the collector's passes
    over them cost 10-30% of a long search (measured on the random G(12,
    0.25) graphs of the benchmark) and free nothing. Reference counting
    still frees everything the search drops.

    On the way out, the process's young objects (what the search made and
    keeps, and anything else young) are moved to the oldest generation
    (``gc.freeze()`` then ``gc.unfreeze()``) before the collector is switched
    back on: otherwise its first young-generation pass visits every one of
    them (one pass of 0.66 s in a 5.3 s W_21 run, 0.4 s per search in the
    back-to-back runs of docs/performance.md, "The collector after a
    search"). The price: a caller's young cyclic garbage waits for the next
    full collection. When the caller has frozen objects of its own (checked
    on the way out), nothing is moved: ``gc.unfreeze()`` would thaw them.
    """
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        if gc.get_freeze_count() == 0:
            gc.freeze()
            gc.unfreeze()
        gc.enable()


def _cancel_pairs(unknown: list[Component]) -> tuple[list[Component], int]:
    """Drop pairs of components with equal canonical keys (G + G = 0)."""
    count: dict[bytes, int] = {}
    for key in unknown:
        count[key] = count.get(key, 0) + 1
    if all(c == 1 for c in count.values()):
        return unknown, 0
    out = []
    kept: set[bytes] = set()
    for key in unknown:
        if count[key] % 2 and key not in kept:
            out.append(key)
            kept.add(key)
    return out, sum(c // 2 for c in count.values())
