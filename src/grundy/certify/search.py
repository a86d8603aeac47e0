"""The certifying search and the certificate writer.

The search is deliberately plain: a position is split into connected
components (a disjoint sum; its nim-value is the nim-sum of theirs,
Sprague-Grundy), each component is put in the canonical form that
:mod:`grundy.verify` computes, and a component not seen before is valued
either

- by an involution (Graph Chomp and subset take-away, unless ``theory`` is
  off): an automorphism of order 2 putting no vertex in an edge (face) with
  its image keeps the value when the component is replaced by its
  fixed-point set (Khandhawit-Ye, Theorem 1; false twins and binary stars
  are the transpositions of this kind), found with nauty's automorphism
  group through :mod:`grundy.core.canon` and the theory's helpers; or
- by the mex rule over all its options, regenerated with the verifier's own
  move generators (so every option component the verifier will look for is
  recorded).

Every valued component becomes one record, appended after the records it
depends on. The certificate is the closure of the root under these
justifications, so its size is the number of distinct canonical components
the proof touches; nothing is pruned (no Lemoine-Viennot replies).
"""

from __future__ import annotations

import gzip
import json
import os
import sys
import time
from collections.abc import Callable, Hashable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from grundy import verify as V
from grundy.errors import InputError, SearchLimitReached

__all__ = ["Certificate", "Certifier", "certify_spec", "write_certificate"]



class _Proofs:
    """What the certifier needs of one kind of certified position beyond
    the verifier's own definition of it (:data:`grundy.verify.KINDS`: its
    games, canonical form, components and options, used as they are, but
    for a complex's form, read faster from the compiled kernel: :meth:`form`): the
    engine that gives hints, a record's position field, the fixed part of
    an involution and the symmetries to find one, the root read from a
    spec. :data:`PROOFS` holds one per certificate ``kind``."""

    kind = ""
    #: Whether a value may rest on replies (a move from an option to a position of the
    #: value), pruning what is recorded; False for a kind whose every smaller position
    #: is valued anyway (heaps): its records list every option's value, and an outcome
    #: follows from the value.
    replies = True

    def form(self, pos: Any) -> Any:
        """The canonical form of ``pos`` (:meth:`form_function`'s)."""
        return self.form_function()(pos)

    def form_function(self) -> Callable[[Any], Any]:
        """The canonical form as a function, for a certifier to call
        directly: the verifier's."""
        return V.KINDS[self.kind].form

    def components(self, pos: Any) -> list[Any]:
        return V.KINDS[self.kind].components(pos)

    def options(self, game: str, pos: Any) -> Iterable[Any]:
        return V.KINDS[self.kind].options(game, pos)

    def engine(self, game: str, time_limit: float | None, max_positions: int | None,
               table: str | None = None) -> Any:
        """A new engine searcher for ``game`` under these limits (not
        started), keeping its table in the file ``table`` if given."""
        raise NotImplementedError

    def searched(self, pos: Any) -> Any:
        """``pos`` as the engine's ``decompose`` takes it."""
        return pos

    def size(self, comp: Any) -> int:
        """The cost of valuing ``comp``, to choose the cheaper proof: vertices
        and edges (faces, elements and pairs, tokens)."""
        raise NotImplementedError

    def position(self, pos: Any) -> dict[str, Any]:
        """A record's position field (``graph6``, ``facets``, ``elements`` and
        ``less``, or ``heaps``)."""
        raise NotImplementedError

    def fixed_part(self, pos: Any, moved: int) -> Any:
        """``pos`` without the vertices of bitmask ``moved``."""
        raise NotImplementedError

    def symmetries(self, pos: Any) -> tuple[int, dict[Hashable, list[int]], list[list[int]],
                                          Callable[[list[int]], bool]]:
        """(vertices, classes of twins, automorphism group generators, test
        that a vertex permutation puts no vertex in an edge or face with
        its image): what :meth:`Certifier._involution` searches."""
        raise NotImplementedError

    def root(self, spec: str, game: str, kind: str) -> tuple[str, Any, list[Any], dict[str, Any]]:
        """(game name, root position, vertex labels, root field) of the
        one position ``spec`` names, read under ``game``; ``kind`` is the
        spec's kind of position (:func:`grundy.readwrite.kinds.kind_of`)."""
        raise NotImplementedError


def _only_its_game(game: str, own: str | None, what: str) -> None:
    """Refuse a ``--game`` other than the default (``chomp``) or the kind's
    ``own`` game: graph rulesets are for graphs; ``what`` says what plays
    this kind."""
    if game not in ("chomp", "graph-chomp", own):
        raise InputError(f"--game {game} is for graphs; {what}")


class _GraphProofs(_Proofs):
    kind = "graph"

    def engine(self, game: str, time_limit: float | None, max_positions: int | None,
               table: str | None = None) -> Any:
        from grundy.games.graphs.game import Solver

        return Solver(ruleset=game, time_limit=time_limit, max_positions=max_positions, table=table)

    def size(self, comp: Any) -> int:
        return len(comp) + sum(a.bit_count() for a in comp) // 2

    def position(self, pos: Any) -> dict[str, Any]:
        return {"graph6": V.graph6_encode(pos)}

    def fixed_part(self, pos: Any, moved: int) -> Any:
        return V.induced(pos, ((1 << len(pos)) - 1) & ~moved)

    def symmetries(self, pos: Any) -> tuple[int, dict[Hashable, list[int]], list[list[int]],
                                          Callable[[list[int]], bool]]:
        from grundy.core.canon import automorphisms

        n = len(pos)
        classes: dict[Hashable, list[int]] = {}
        for v in range(n):
            classes.setdefault(pos[v], []).append(v)  # false twins: equal neighbourhoods
        nbrs = {v: [w for w in V._bits(pos[v]) if w > v] for v in range(n)}
        gens, _orbits = automorphisms(n, nbrs) if n > 1 else ([], [])

        def allowed(q: list[int]) -> bool:
            return all(q[v] == v or not pos[v] >> q[v] & 1 for v in range(n))
        return n, classes, gens, allowed

    def root(self, spec: str, game: str, kind: str) -> tuple[str, Any, list[Any], dict[str, Any]]:
        from grundy.games.graphs.rulesets import get_ruleset
        from grundy.games.partizan import PARTIZAN_RULESETS
        from grundy.readwrite.graphs import load

        if game in PARTIZAN_RULESETS:
            raise InputError(f"--game {game} is partizan: certificates prove nim-values and outcomes of impartial "
                             f"games ({', '.join(V.GRAPH_GAMES)})")
        name = get_ruleset(game).name
        loaded = load(spec)
        if len(loaded) != 1:
            raise InputError(f"{spec}: certify takes one position, this names {len(loaded)}")
        graph = loaded[0].graph
        if graph is None:
            raise InputError(f"{spec}: too large to build, so too large to certify")
        root = tuple(graph.adj)
        return name, root, [_label(x) for x in graph.labels], self.position(root)


def _compiled_complex_key() -> Callable[[int, tuple[int, ...]], bytes] | None:
    """The compiled complex kernel's ``complex_key`` giving nauty's key
    (``nauty=True``: the canonical incidence graph, not the search's form
    key) if the kernel is built, bound to nauty and not switched off
    (:func:`grundy.games.complexes.game.kernel_enabled`:
    ``GRUNDY_NO_COMPLEX_KERNEL=1`` keeps the certifier's forms in Python too), else None."""
    from functools import partial

    from grundy.games.complexes.game import _complex_kernel, kernel_enabled

    return partial(_complex_kernel.complex_key, nauty=True) if kernel_enabled() else None


class _ComplexProofs(_Proofs):
    kind = "complex"

    def engine(self, game: str, time_limit: float | None, max_positions: int | None,
               table: str | None = None) -> Any:
        from grundy.games.complexes.game import ComplexSolver

        return ComplexSolver(time_limit=time_limit, max_positions=max_positions, table=table)

    def searched(self, pos: Any) -> Any:
        return pos[1]

    def form_function(self) -> Callable[[Any], Any]:
        """The checker's canonical form (:func:`grundy.verify.complex_form`),
        read from the compiled kernel's key where the kernel takes the
        complex (its ``complex_key`` refuses the others with ValueError):
        the same form, about 4x faster (``tests/test_certificates.py`` holds
        the two equal); the checker computes its own. Whether the kernel is
        used is decided now (a certifier asks once, at its start)."""
        key = _compiled_complex_key()
        if key is None:
            return V.complex_form
        from grundy.games.complexes.complex import complex_from_key

        def form(pos: Any) -> Any:
            try:
                return pos[0], tuple(sorted(complex_from_key(key(*pos))[1]))
            except ValueError:  # beyond the kernel's 16 vertices or 64 nodes
                return V.complex_form(pos)
        return form

    def size(self, comp: Any) -> int:
        return len(V._faces(comp[1]))

    def position(self, pos: Any) -> dict[str, Any]:
        return {"facets": [list(V._bits(f)) for f in pos[1]]}

    def fixed_part(self, pos: Any, moved: int) -> Any:
        return V._compact(pos[0], V._maximal({f & ~moved for f in pos[1]}))

    def symmetries(self, pos: Any) -> tuple[int, dict[Hashable, list[int]], list[list[int]],
                                          Callable[[list[int]], bool]]:
        from grundy.core.canon import automorphisms

        n, facets = pos
        classes: dict[Hashable, list[int]] = {}
        for v in range(n):
            link = tuple(sorted(f & ~(1 << v) for f in facets if f >> v & 1))
            classes.setdefault(link, []).append(v)  # binary stars: equal links
        lists = {v: [n + k for k, f in enumerate(facets) if f >> v & 1] for v in range(n)}
        total = n + len(facets)
        gens, _orbits = automorphisms(total, lists, colouring=[set(range(n)), set(range(n, total))])

        def allowed(q: list[int]) -> bool:
            return not any(f >> q[v] & 1 for f in facets for v in V._bits(f) if q[v] != v)
        return n, classes, [g[:n] for g in gens], allowed

    def root(self, spec: str, game: str, kind: str) -> tuple[str, Any, list[Any], dict[str, Any]]:
        from grundy.readwrite.complexes import load_complex

        _only_its_game(game, "subset-takeaway", "a complex is played by subset take-away")
        cx = load_complex(spec)
        root = (len(cx.labels), tuple(cx.facets))
        return "subset-takeaway", root, [_label(x) for x in cx.labels], self.position(root)


class _PosetProofs(_Proofs):
    """Posets under the poset game, and the positions that are posets of it:
    a Chomp board (its squares but the poisoned one, ordered by row and
    column) and Nim heaps (a heap of size n is a chain of n elements)."""

    kind = "poset"

    def engine(self, game: str, time_limit: float | None, max_positions: int | None,
               table: str | None = None) -> Any:
        from grundy.games.posets.game import PosetSolver

        return PosetSolver(time_limit=time_limit, max_positions=max_positions, table=table)

    def size(self, comp: Any) -> int:
        return len(comp) + sum(a.bit_count() for a in comp)

    def position(self, pos: Any) -> dict[str, Any]:
        return {"elements": len(pos), "less": V.poset_covers(pos)}

    def root(self, spec: str, game: str, kind: str) -> tuple[str, Any, list[Any], dict[str, Any]]:
        _only_its_game(game, "poset", "a poset, a Chomp board or Nim heaps are played by the poset game")
        up, labels = _POSET_ROOTS[kind](spec)
        return "poset", up, labels, self.position(up)


def _board_poset(spec: str) -> tuple[tuple[int, ...], list[Any]]:
    """A Chomp board as the poset of its squares but the poisoned one:
    ``(r, c) <= (r', c')`` when ``r <= r'`` and ``c <= c'``; labels ``[row, column]``."""
    from grundy.games.chomp.position import parse_chomp

    rows = parse_chomp(spec).rows
    if sum(rows) - 1 > V.MAX_VERTICES:
        raise InputError(f"{spec}: a board of {sum(rows)} squares; certificates take posets of at most "
                         f"{V.MAX_VERTICES} elements")
    cells = [(r + 1, c + 1) for r, length in enumerate(rows) for c in range(length) if (r, c) != (0, 0)]
    up = tuple(sum(1 << j for j, (r2, c2) in enumerate(cells) if (r2, c2) != (r, c) and r2 >= r and c2 >= c)
               for r, c in cells)
    return up, [list(cell) for cell in cells]


def _heaps_poset(spec: str) -> tuple[tuple[int, ...], list[Any]]:
    """Nim heaps as chains, one element per counter; labels ``[heap, counter]``."""
    from grundy.games.chomp.nim import nim_position

    heaps = nim_position(spec).heaps
    if max(heaps, default=0) > MAX_NIM_HEAP or sum(heaps) > V.MAX_VERTICES:
        raise InputError(f"{spec}: a certificate writes a heap of size n as a chain of n elements; "
                         f"heaps of at most {MAX_NIM_HEAP}, {V.MAX_VERTICES} counters in all, are certified")
    labels: list[Any] = []
    ups: list[int] = []
    for h, size in enumerate(heaps):
        base = len(ups)
        for k in range(size):  # the chain's k-th element from the bottom
            labels.append([h + 1, k + 1])
            ups.append(sum(1 << (base + j) for j in range(k + 1, size)))
    return tuple(ups), labels


def _plain_poset(spec: str) -> tuple[tuple[int, ...], list[Any]]:
    """A poset (a family or a file) under its game: its up-sets, or its down-sets when dual."""
    from grundy.readwrite.posets import load_poset

    poset = load_poset(spec)
    if poset.n > V.MAX_VERTICES:
        raise InputError(f"{spec}: a poset of {poset.n} elements; certificates take at most {V.MAX_VERTICES}")
    return tuple(poset.game_up), [_label(x) for x in poset.labels]


#: How each kind of position certified as a poset becomes one (by the kind's name).
_POSET_ROOTS: dict[str, Callable[[str], tuple[tuple[int, ...], list[Any]]]] = {
    "poset": _plain_poset, "chomp": _board_poset, "nim": _heaps_poset}

class _HeapProofs(_Proofs):
    """Heaps of tokens under an octal game (``octal:CODE:HEAPS``). No
    engine: every heap below the largest is valued by the mex rule over all
    its options (``replies`` False), which is the plain computation of the
    nim-sequence itself, so no hint is ever asked."""

    kind = "heaps"
    replies = False

    def size(self, comp: Any) -> int:
        return sum(comp)

    def position(self, pos: Any) -> dict[str, Any]:
        return {"heaps": list(pos)}

    def root(self, spec: str, game: str, kind: str) -> tuple[str, Any, list[Any], dict[str, Any]]:
        from grundy.readwrite.kinds import parse_octal_position

        _only_its_game(game, None, "octal heaps are played by the code in the spec")
        position = parse_octal_position(spec)
        top = max(position.heaps, default=0)
        digits = V.octal_digits(f"{V.OCTAL_PREFIX}{position.code}")
        if top > MAX_OCTAL_HEAP or sum(V._heap_option_count(digits, n) for n in range(top + 1)) > MAX_OCTAL_OPTIONS:
            raise InputError(f"{spec}: a certificate values every smaller heap by the mex rule over all its "
                             f"options; heaps of at most {MAX_OCTAL_HEAP} tokens and {MAX_OCTAL_OPTIONS} options "
                             "in all are certified")
        root = V.heaps_form(position.heaps)
        return f"{V.OCTAL_PREFIX}{position.code}", root, [[i + 1] for i in range(len(root))], self.position(root)


#: The largest octal heap certified (its certificate holds a record per smaller
#: heap), and the most options those records may have in all (each is checked).
MAX_OCTAL_HEAP = 2000
MAX_OCTAL_OPTIONS = 2_000_000

#: The largest Nim heap certified (a chain of n elements has n(n-1)/2 pairs in
#: its order: the verifier's work per record grows with n cubed).
MAX_NIM_HEAP = 200

#: The certifier remembers canonical forms and components, and option lists,
#: of positions whose work (the verifier's ``work``: vertices and edges, ...;
#: of an option list, its options') adds up to at most these (then forgets
#: them at once: a bound on memory, not on their number): measured, the memos
#: cut certify's CPU 2.0-2.3x, and option lists so bounded 1.35-2.5x again
#: against 4,096 of them (docs/certificates.md, "Measured").
MEMO_FORMS = V.MEMO_WORK
MEMO_OPTIONS = V.MEMO_WORK

#: The certificate kinds (the header's ``kind``) and what the certifier needs of each.
PROOFS: dict[str, _Proofs] = {p.kind: p for p in (_GraphProofs(), _ComplexProofs(), _PosetProofs(), _HeapProofs())}
#: The kind of position (:func:`grundy.readwrite.kinds.kind_of`) each certificate kind takes.
CERTIFIED_KINDS: dict[str, str] = {"graph": "graph", "complex": "complex", "poset": "poset", "chomp": "poset",
                                   "nim": "poset", "octal": "heaps"}


class Certifier:
    """Values positions and records a proof of every value.

    Parameters
    ----------
    kind : {"graph", "complex", "poset", "heaps"}
        Positions are graphs (adjacency bitset tuples), complexes
        (``(number of vertices, facet bitsets)``), posets (tuples of
        strict up-set bitsets, transitively closed) or heaps (sorted
        tuples of heap sizes).
    game : str
        A graph ruleset of :data:`grundy.verify.GRAPH_GAMES`,
        ``"subset-takeaway"`` for complexes, ``"poset"`` for posets,
        ``"octal:CODE"`` for heaps.
    theory : bool
        Use involution records where the game allows them (Khandhawit-Ye,
        Theorem 1); off: every record is by the mex rule.
    max_positions : int, optional
        Stop (:class:`grundy.errors.SearchLimitReached`) after recording this
        many, or once the engine's searches for hints (``prune``) have
        expanded this many positions (an ``oracle`` passed in keeps its own
        limits): a dense graph's hints may search millions of positions
        before a tenth record is made.
    time_limit : float, optional
        Stop after this many seconds, the engine's searches for hints
        (``prune``) included (an ``oracle`` passed in keeps its own limits).
        A stop's ``positions`` is the number of records made.
    prune : bool
        Record only what the mex rule needs (witnesses and replies, found
        with the engine's values as untrusted hints); off: every option of
        every record is valued (the full closure, much larger).
    oracle : Searcher, optional
        The engine that supplies values as hints (default: a new
        ``Solver(ruleset=game)``, ``ComplexSolver()`` or ``PosetSolver()``);
        share one between certifiers of one game to reuse its table.
    table : str, optional
        The table file of the default engine (``grundy value --table``):
        what an earlier search learned gives hints without searching again,
        and what this one learns is saved there (:meth:`close`). Hints are
        untrusted: the certificate rests on nothing in the table.
    progress : bool
        Show on stderr, once certifying has run a second, the records made
        and the positions the engine searched for hints (a ``tqdm`` bar,
        closed by :meth:`close`), and the engine's own search bar while it
        looks for hints.

    Attributes
    ----------
    records : list of dict
        The records, in dependency order (see ``docs/certificates.md``).
    values : dict
        Canonical form -> nim-value of every component recorded.

    Raises
    ------
    InputError
        An unknown kind or game.
    """

    def __init__(self, kind: str, game: str, theory: bool = True,
                 max_positions: int | None = None, time_limit: float | None = None, prune: bool = True,
                 oracle: Any = None, table: str | None = None, progress: bool = False) -> None:
        proofs = PROOFS.get(kind)
        if proofs is None or not V.KINDS[kind].takes(game):
            raise InputError(f"no certificates for {kind} positions under game {game!r}")
        self.kind, self.game, self.proofs = kind, game, proofs
        self.theory = theory and game in V.INVOLUTION_GAMES
        self.records: list[dict[str, Any]] = []
        self.values: dict[Any, int] = {}
        self.max_positions, self.time_limit = max_positions, time_limit
        self.prune = prune and proofs.replies
        self._oracle: Any = oracle
        self._own_oracle = oracle is None  # made here: closed (its table file saved) by close()
        self.table = table
        self._deps: dict[Any, set[Any]] = {}  # form -> forms its record refers to
        self._taus: dict[Any, list[int] | None] = {}  # form -> its involution (the outcome prover asks first)
        self._order: list[Any] = []           # the form of each record
        self.started = time.perf_counter()
        #: Records given back by :func:`grundy.certify.partial.load_partial` (the limits count the others)
        self.restored = 0
        self.progress = progress
        self._bar: Any = None
        # the verifier's own functions (a complex's form read from the kernel: the same), memoised
        # (pure: a position's form, components and options are asked again and again; bounded
        # by the positions' work, MEMO_FORMS and MEMO_OPTIONS)
        of = V.KINDS[kind]
        work = lambda pos, _: of.work(pos)  # noqa: E731 - the form or components are no larger
        forms = V.Memo(proofs.form_function(), work, MEMO_FORMS)
        components = V.Memo(lambda pos: tuple(of.components(pos)), work, MEMO_FORMS)
        options = V.Memo(lambda pos: tuple(proofs.options(game, pos)),
                         lambda pos, opts: sum(map(of.work, opts)), MEMO_OPTIONS)
        self._form: Callable[[Any], Any] = forms.__getitem__
        self._components: Callable[[Any], list[Any]] = lambda pos: list(components[pos])
        self._option_list: Callable[[Any], tuple[Any, ...]] = options.__getitem__
        self._option_memo = options

    def value(self, pos: Any) -> int:
        """Nim-value of a position (any number of components), recording
        every component it needs."""
        total = 0
        for comp in self._components(pos):
            total ^= self._component_value(self._form(comp))
        return total

    def _tick(self) -> None:
        now = time.perf_counter()
        seconds = now - self.started
        made = len(self.records) - self.restored
        if self.max_positions is not None and made >= self.max_positions:
            raise SearchLimitReached(f"position limit {self.max_positions}", made, seconds)
        if self.time_limit is not None and seconds > self.time_limit:
            raise SearchLimitReached(f"time limit {self.time_limit:g} s", made, seconds)
        if self.progress:
            self._show(now)

    def _show(self, now: float) -> None:
        """The progress bar at ``now`` (``time.perf_counter()``): records
        made, and the engine's positions searched for hints; none in the
        first second."""
        if self._bar is None:
            if now - self.started < 1.0:
                return
            from tqdm import tqdm

            self._bar = tqdm(desc="certifying", unit=" records", file=sys.stderr, mininterval=0.5, leave=False)
        self._bar.update(len(self.records) - self._bar.n)
        # as a string: tqdm shows the number 10000 as 1e+4
        self._bar.set_postfix({"hint_positions": str(self.hint_positions())}, refresh=False)

    def _component_value(self, form: Any) -> int:
        known = self.values.get(form)
        if known is not None:
            return known
        self._tick()
        tau = self._involution(form) if self.theory else None
        if tau is not None:
            fixed = self._fixed_part(form, tau)
            value = self.value(fixed)
            deps = [fixed]
            record = self._position(form) | {"value": value, "by": "involution", "tau": tau}
        elif self.prune:
            value, replies, deps = self._pruned(form)
            record = self._position(form) | {"value": value, "by": "mex"}
            if replies:
                record["replies"] = replies
        else:
            deps = self._options(form)
            value = V.mex({self.value(opt) for opt in deps})
            record = self._position(form) | {"value": value, "by": "mex"}
        self.values[form] = value
        self._deps[form] = {self._form(c) for pos in deps for c in self._components(pos)}
        self._order.append(form)
        self.records.append(record)
        return value

    def hint_positions(self) -> int:
        """Positions the engine searched for hints so far (0 before any hint)."""
        return 0 if self._oracle is None else int(self._oracle.stats.positions)

    def close(self) -> None:
        """Save and close the table file of the engine this certifier made
        (no-op without one; an engine passed in is the caller's to close)."""
        if self._bar is not None:
            self._bar.close()
            self._bar = None
        if self._own_oracle and self._oracle is not None:
            self._oracle.finish()
            self._oracle.close()

    def needed(self, root: Any, keep: set[Any] | None = None) -> list[dict[str, Any]]:
        """The records the proof of ``root`` refers to, in order (a position
        valued on the way but not used in the end is left out); ``keep``:
        the keys the root's claim rests on (default: its components' values)."""
        keep = {self._form(c) for c in self._components(root)} if keep is None else set(keep)
        for form in reversed(self._order):  # referrers come after what they refer to
            if form in keep:
                keep |= self._deps[form]
        return [r for form, r in zip(self._order, self.records) if form in keep]

    def _options(self, pos: Any) -> list[Any]:
        return list(self._option_list(pos))

    def _options_lazily(self, pos: Any) -> Iterator[Any]:
        """The options of ``pos`` in the order of :meth:`_options`, each
        made only when asked for (none twice: a list made to the end is
        remembered as :meth:`_options` remembers it)."""
        held = self._option_memo.get(pos)
        if held is not None:
            yield from held
            return
        made = []
        for opt in self.proofs.options(self.game, pos):
            made.append(opt)
            yield opt
        if pos not in self._option_memo:
            self._option_memo.put(pos, tuple(made))

    # -- the pruned proof: witnesses and replies -------------------------------
    def _oracle_split(self, pos: Any) -> tuple[int, tuple[Any, ...]]:
        if self._oracle is None:
            # the engine's searches for hints end at the certifier's time limit, counted
            # from the certifier's start (a caller's own oracle keeps its own limits)
            self._oracle = self.proofs.engine(self.game, self.time_limit, self.max_positions, self.table)
            self._oracle.progress = self.progress
            if self.time_limit is not None:
                self._oracle.limits.share(max(self.started + self.time_limit - time.perf_counter(), 1e-9),
                                          named=self.time_limit)  # what is left of the certifier's limit
            self._oracle.start()
        return self._oracle.decompose(self.proofs.searched(pos))  # type: ignore[no-any-return]

    def _hint(self, ask: Callable[[], Any]) -> Any:
        """``ask()`` of the engine; its stop at the time limit counts the
        records made (what ``positions`` means for the certifier)."""
        try:
            return ask()
        except SearchLimitReached as stop:
            raise SearchLimitReached(stop.reason, len(self.records) - self.restored,
                                     time.perf_counter() - self.started) from None

    def _oracle_is(self, pos: Any, value: int) -> bool:
        """Whether ``pos`` has nim-value ``value``, by the engine (untrusted: a hint)."""
        nim, unknown = self._oracle_split(pos)
        return self._hint(lambda: self._oracle.is_p(nim ^ value, unknown))  # type: ignore[union-attr,no-any-return]

    def _unknown_size(self, pos: Any) -> tuple[int, int]:
        """(size of the components not yet recorded, their number): the cost of valuing ``pos``."""
        size = count = 0
        for comp in self._components(pos):
            if self._form(comp) not in self.values:
                count += 1
                size += self.proofs.size(comp)
        return size, count

    def _pruned(self, form: Any) -> tuple[int, list[list[int]], list[Any]]:
        """Value a component with the fewest new records: options already
        valued, one option of each value below its value (a witness), and for
        each other option, the cheaper of valuing it or a reply (a move from
        it to a position of the component's value)."""
        nim, unknown = self._oracle_split(form)
        value = self._hint(lambda: self._oracle.value_of(nim, unknown))  # type: ignore[union-attr]
        options = self._options(form)
        exact: dict[int, int] = {}
        pending: list[int] = []
        for i, opt in enumerate(options):
            if self._unknown_size(opt)[1] == 0:
                exact[i] = self.value(opt)
            else:
                pending.append(i)
        for u in range(value):
            if u in exact.values():
                continue
            best = min((self._unknown_size(options[i]), i) for i in pending if self._oracle_is(options[i], u))[1]
            exact[best] = self.value(options[best])
            pending.remove(best)
        replies: dict[int, int] = {}
        reply_of: dict[int, Any] = {}  # option index -> the reply's position
        for i in pending:
            if self._unknown_size(options[i])[1] == 0:
                exact[i] = self.value(options[i])
                continue
            # the option's options made one at a time: a reply already valued ends the scan
            reply = None
            for j, sub in enumerate(self._options_lazily(options[i])):
                if self._oracle_is(sub, value):
                    cost = self._unknown_size(sub)
                    if reply is None or cost < reply[0]:
                        reply = (cost, j, sub)
                    if cost[1] == 0:
                        break
            if reply is None or self._unknown_size(options[i]) <= reply[0]:
                exact[i] = self.value(options[i])
            else:
                got = self.value(reply[2])
                if got != value:  # pragma: no cover - the engine and this search disagree
                    raise RuntimeError(f"reply of value {got}, expected {value}")
                replies[i] = reply[1]
                reply_of[i] = reply[2]
        for i in list(replies):  # valued meanwhile: no reply needed
            if self._unknown_size(options[i])[1] == 0:
                exact[i] = self.value(options[i])
                del replies[i]
        if value in exact.values() or V.mex(set(exact.values())) != value:  # pragma: no cover
            raise RuntimeError(f"the engine's value {value} is not the mex of the options' values")
        deps = [options[i] for i in exact] + [reply_of[i] for i in replies]
        return value, [[i, j] for i, j in sorted(replies.items())], deps

    def _position(self, pos: Any) -> dict[str, Any]:
        return self.proofs.position(pos)

    # -- involutions (Khandhawit-Ye, Theorem 1) ------------------------------
    def _fixed_part(self, pos: Any, tau: list[int]) -> Any:
        moved = sum(1 << v for v, w in enumerate(tau) if v != w)
        return self.proofs.fixed_part(pos, moved)

    def _involution(self, pos: Any) -> list[int] | None:
        """An involution of ``pos`` for Theorem 1 with the fewest fixed
        vertices among twin pairings and nauty's candidates, or None
        (found once per form)."""
        if pos in self._taus:
            return self._taus[pos]
        self._taus[pos] = tau = self._find_involution(pos)
        return tau

    def _find_involution(self, pos: Any) -> list[int] | None:
        from grundy.games.graphs.theory import involution_candidates

        n, classes, gens, allowed = self.proofs.symmetries(pos)
        twins = list(range(n))
        for group in classes.values():
            for a, b in zip(group[0::2], group[1::2]):
                twins[a], twins[b] = b, a
        best: list[int] | None = None
        def fixed(q: list[int]) -> int:
            return sum(v == w for v, w in enumerate(q))

        for q in [twins, *involution_candidates(gens)]:
            if q != list(range(n)) and allowed(q) and (best is None or fixed(q) < fixed(best)):
                best = list(q)
        return best


@dataclass
class Certificate:
    """A finished certificate and what it cost.

    Attributes
    ----------
    header : dict
        The first line (format, version, kind, game, spec, root, labels, value).
    records : list of dict
    seconds : float
        Time of the certifying search.
    hint_positions : int
        Positions the engine searched for hints (fewer with a ``table``
        that already knows them).
    """

    header: dict[str, Any]
    records: list[dict[str, Any]] = field(default_factory=list)
    seconds: float = 0.0
    hint_positions: int = 0

    def lines(self) -> list[str]:
        """The JSON lines of the file, the end line included."""
        dump = json.dumps
        return ([dump(self.header, separators=(",", ":"))]
                + [dump(r, separators=(",", ":")) for r in self.records]
                + [dump({"end": True, "records": len(self.records)})])

    def counts(self) -> dict[str, int]:
        """Records by justification: ``{"mex": m, "involution": k, "move": a,
        "replies": b}`` (the last two: outcome records)."""
        out = {"mex": 0, "involution": 0, "move": 0, "replies": 0}
        for r in self.records:
            out[r["by"]] += 1
        return out


def _label(label: Hashable) -> Any:
    from grundy.core.moves import label_json

    return label_json(label)


def certify_spec(spec: str, game: str = "chomp", theory: bool = True,
                 max_positions: int | None = None, time_limit: float | None = None,
                 prune: bool = True, outcome: bool = False, table: str | None = None,
                 progress: bool = False, keep: str | None = None) -> Certificate:
    """Certify the nim-value (or, with ``outcome``, only the outcome) of the
    one position ``spec`` names.

    Parameters
    ----------
    spec : str
        A graph (family, graph6, file: as ``grundy value``), a simplicial
        complex (``simplex-boundary:6``, ``torus``, a ``.facets`` file) or a
        position of the poset game: a poset (``divisors:60``, a ``.poset``
        file), a Chomp board (``chomp:5,5,5``: its squares but the poisoned
        one) or Nim heaps (``nim:3,4,5``: chains, each of at most
        :data:`MAX_NIM_HEAP` elements); or heaps of an octal game
        (``octal:0.07:5,3``, at most :data:`MAX_OCTAL_HEAP` tokens and
        :data:`MAX_OCTAL_OPTIONS` options over the smaller heaps).
    game : str
        The graph ruleset (``grundy games``, impartial); complexes (subset
        take-away), posets (the poset game) and octal heaps (the spec's
        code) accept only the default.
    theory, max_positions, time_limit, prune
        As for :class:`Certifier`.
    outcome : bool
        Prove only who wins (:class:`grundy.certify.outcome.OutcomeProver`):
        the header says ``"proves": "outcome"`` and has no ``value``.
    table : str, optional
        The engine's table file (as :class:`Certifier`'s), saved at the end
        and at a limit.
    progress : bool
        Progress bars on stderr (as :class:`Certifier`'s).
    keep : str, optional
        A file for the records of a stopped search
        (:mod:`grundy.certify.partial`): if it exists, the search resumes
        from the records it keeps (those of the same spec, root, game, claim
        and switches), each re-checked by the independent checker first and
        resting on the records the checker looked up for it; at
        a limit, Ctrl-C or SIGTERM the records made so far are written there
        (the stop's exception gets ``kept``: the path and their number, 0
        when none was made and nothing written, or the path and None if it
        could not be written). It is left in place at the end, for the
        caller to remove once the certificate is written.

    Returns
    -------
    Certificate

    Raises
    ------
    InputError
        Unreadable spec, several graphs, a family too large to build, a Nim
        or octal heap over its limit, an unknown or partizan game, or one
        the kind does not take; a ``keep`` file that cannot be read, is
        another certificate's, or is damaged (a record the checker refutes,
        a position not in canonical form, a field the certifier does not
        write).
    SearchLimitReached
        At ``max_positions`` (records made in this run, or positions the
        engine's searches for hints expanded in this run) or ``time_limit``.
    """
    from grundy.games.graphs.formulas import article
    from grundy.readwrite.kinds import kind_of

    kind = kind_of(spec)
    if kind not in CERTIFIED_KINDS:
        raise InputError(f"{spec}: {article(kind)} position; certificates are for graphs, simplicial complexes, "
                         "posets, Chomp boards, Nim heaps and octal heaps")
    proofs = PROOFS[CERTIFIED_KINDS[kind]]
    if table is not None and not proofs.replies:
        raise InputError(f"--table: {spec} is valued by the mex rule over every smaller heap, with no engine "
                         "and so no table")
    name, root, labels, root_json = proofs.root(spec, game, kind)
    kind = proofs.kind
    certifier = Certifier(kind, name, theory, max_positions, time_limit, prune, table=table, progress=progress)
    from grundy.certify.outcome import OutcomeProver
    from grundy.certify.partial import load_partial, partial_header, save_partial

    prover = OutcomeProver(certifier) if outcome else None
    kept = partial_header(kind, name, spec, root_json, outcome, certifier.theory, certifier.prune)
    from grundy.core.limits import backstop_paused

    if keep is not None and os.path.exists(keep):
        with backstop_paused():
            load_partial(keep, kept, certifier, prover)
        certifier.started = time.perf_counter()  # the time limit is this run's search's, not the check's
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(max(old, 20_000))
    try:
        if prover is not None:
            won, value = prover.prove(root), None
            rests_on = prover.refs(root)
        else:
            value = certifier.value(root)
            won, rests_on = ("P" if value == 0 else "N"), None
        from grundy import __version__

        header = {"format": V.FORMAT, "version": V.VERSION, "kind": kind, "game": name, "spec": spec}
        header |= {"proves": "outcome"} if outcome else {"value": value}
        header |= {"outcome": won, "root": root_json, "labels": labels, "generator": f"grundy {__version__}"}
        cert = Certificate(header, certifier.needed(root, rests_on), time.perf_counter() - certifier.started,
                           certifier.hint_positions())
    except (SearchLimitReached, KeyboardInterrupt) as stop:
        if keep is not None:
            try:  # nothing made (a hint's search stopped first): nothing to keep, no file written
                made = save_partial(keep, kept, certifier) if certifier.records else 0
                stop.kept = (keep, made)  # type: ignore[union-attr]
            except OSError:
                stop.kept = (keep, None)  # type: ignore[union-attr]
        raise
    finally:
        sys.setrecursionlimit(old)
        certifier.close()
    return cert


def write_certificate(cert: Certificate, path: str) -> int:
    """Write a certificate as JSON lines (gzip when ``path`` ends in ``.gz``).

    Returns
    -------
    int
        Bytes written.

    Raises
    ------
    InputError
        The file cannot be written.
    """
    data = ("\n".join(cert.lines()) + "\n").encode("utf-8")
    if path.endswith(".gz"):
        data = gzip.compress(data, mtime=0)
    try:
        with open(path, "wb") as fh:
            fh.write(data)
    except OSError as e:
        raise InputError(f"{path}: cannot write: {e.strerror or e}") from None
    return len(data)
