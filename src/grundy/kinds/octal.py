"""Heaps of an octal game (``octal:CODE:h1,h2,...``): normal play by the
Sprague-Grundy theorem (each heap valued by the code's nim-sequence, heaps
combined by nim-sum; with ``--no-theory`` a mex search over heap multisets
checks it), misère play by the misère search. :func:`octal_report` is what
``grundy octal CODE --up-to N`` prints, under limits."""

from __future__ import annotations

import time
from bisect import bisect_left
from collections.abc import Hashable, Iterable, Mapping, Sequence
from typing import Any, Literal

from grundy.core.explain import outcome_line
from grundy.core.moves import Move
from grundy.games.graphs.formulas import plural
from grundy.kinds import MAX_LISTED_MOVES, Kind, ending
from grundy.kinds.heaps import ListCheck, SequenceLimits, checked, heap_search, searched, sorted_checked
from grundy.kinds.misere import MisereParts
from grundy.kinds.nim import heap_missing, heaps_text
from grundy.kinds.request import Request
from grundy.kinds.typed import TypedMove

__all__ = ["KIND", "OctalKind", "octal_moves", "octal_report"]


class OctalKind(Kind):
    """Heaps of an octal game (:class:`~grundy.readwrite.kinds.OctalPosition`)."""

    name = "octal"
    family_heading = "other positions"
    game = "octal"
    keeps_table = False

    def position_type(self) -> type:
        from grundy.readwrite.kinds import OctalPosition

        return OctalPosition

    def no_switches_hint(self) -> str:
        return " to search instead of the nim-sum rule"

    def listed_moves(self, position: Any, request: Request) -> tuple[int, str] | None:
        """Every move is listed (a heap of h has up to about h^2/4 of them
        when the code splits heaps) by an answer that gives every winning
        move: not by a value alone (``grundy form``) nor by ``--outcome``
        without ``--all`` under normal play with the theory, which looks
        for the first winning move lazily."""
        lazy = request.outcome and not request.option_table and not request.misere
        if request.value_only or (lazy and self.switches(request) is not False):
            return None
        return heap_moves(position.code, position.heaps, MAX_LISTED_MOVES), "octal play (every winning move is listed)"

    def outcome(self, position: Any, request: Request, name: str) -> dict[str, Any]:
        """The outcome and the first winning move, found without listing every
        move (the default lists them all, then keeps the first); with
        ``--all`` or ``--no-theory``, the default."""
        if request.option_table or request.theory is False:
            return super().outcome(position, request, name)
        out = _octal(position, name, False, True, request.time_limit, request.max_positions, moves="first")
        out["explanation"] = out["explanation"] + [
            "outcome from the nim-value, which the nim-sequence gives at little cost; the first winning move found"]
        return out

    def listing_hint(self) -> str:
        return "; `grundy octal CODE --up-to N` gives the nim-sequence of heaps up to N without listing moves"

    def normal(self, position: Any, request: Request, name: str) -> dict[str, Any]:
        return _octal(position, name, request.option_table, request.theory is not False, request.time_limit,
                      request.max_positions, moves="none" if request.value_only else "all")

    def misere_parts(self, position: Any, check: ListCheck) -> MisereParts:
        from grundy.games.octal.misere import _misere_options

        code = position.code

        def options(h: Any) -> Iterable[Any]:
            return _misere_options(code, h, check)

        def key(h: Any) -> Hashable:
            return h

        moves = [(move, after) for move, _left, after in octal_moves(code, position.heaps, check)]
        return MisereParts(options, key, moves, {"code": str(code), "heaps": list(position.heaps)}, "octal",
                           f"octal game {code}: a move takes from one heap as the code allows",
                           tuple(sorted(h for h in position.heaps if h)))

    # -- play -----------------------------------------------------------------
    def size(self, position: Any) -> int:
        """Counters."""
        return sum(position.heaps)

    def moves(self, position: Any, game: str, side: str | None = None) -> list[Move]:
        return [Move(heap=d["heap"], to=tuple(d["to"])) for d, _, _ in octal_moves(position.code, position.heaps)]

    def apply(self, position: Any, move: Move) -> Any:
        from grundy.readwrite.kinds import OctalPosition

        heaps = list(position.heaps)
        left = tuple(move.to) if isinstance(move.to, tuple) else (move.to,)
        return OctalPosition(position.code, tuple(heaps[: move.heap - 1]) + (left or (0,)) + tuple(heaps[move.heap:]))

    def to_spec(self, position: Any) -> str:
        return f"octal:{position.code}:" + ",".join(map(str, position.heaps))

    def text(self, position: Any) -> str:
        return f"octal game {position.code}\n" + heaps_text(position.heaps)

    def described(self, analysis: Any) -> str:
        from grundy.games.graphs.formulas import plural

        fields = analysis.fields or {}
        code, heaps = fields.get("code"), fields.get("heaps")
        return ("octal game" + (f" {code}" if code else "")
                + (f", {plural(len(heaps), 'heap')}" if isinstance(heaps, list) else ""))

    def move_syntax(self, game: str) -> str:
        return "i to a+b, i to a or i to nothing (heap i replaced by heaps a and b, one heap, or none)"

    def rules(self, position: Any, game: str, misere: bool) -> list[str]:
        code = position.code
        return ([f"octal game {code}: a move takes k counters from one heap and leaves the rest of that heap as "
                 f"the code's digit d_k allows (none, one heap, or two nonempty heaps); {ending(misere)}"]
                + ["  " + line for line in _digit_lines(code)])

    def why_illegal(self, position: Any, game: str, move: Move, side: str | None = None,
                    start: Any = None) -> str | None:
        i = move.heap
        bad = heap_missing(position.heaps, i)
        if bad:
            return bad
        code, h = position.code, position.heaps[i - 1]
        parts = tuple(move.to) if isinstance(move.to, tuple) else (move.to,)
        if len(parts) > 2:
            return "a move leaves at most two heaps"
        left = sum(parts)
        if left > h:
            return f"heap {i} has only {plural(h, 'counter')}: a move cannot leave {' + '.join(map(str, parts))}"
        k, need = h - left, 1 << len(parts)
        digit = code.digit(k)
        if k == 0 and not digit & need:
            return "a move takes at least one counter" + (" (or splits a heap in two)" if code.digit(0) else "")
        if not digit:
            return f"in octal game {code} no move takes {plural(k, 'counter')}"
        if not digit & need:
            leaves = {0: "nothing", 1: "one heap", 2: "two heaps"}[len(parts)]
            return f"in octal game {code} taking {plural(k, 'counter')} may {_leaves(digit, k)}, not {leaves}"
        return None

    def read_move(self, typed: TypedMove) -> list[Move]:
        """``i to a+b``, ``i to a``, ``i to nothing`` (``heap`` and ``to`` optional)."""
        found = typed.match(r"(?:heap\s+)?(\d{1,9})\s+(?:to\s+)?(nothing|\d{1,30}(?:\s*\+\s*\d{1,30})*)")
        b = found[2]
        parts = () if b.lower() == "nothing" else tuple(int(x) for x in b.split("+") if int(x))
        return [Move(heap=int(found[1]), to=parts)]

    def draw(self, position: Any, highlight: list[Move], layout: Mapping[Hashable, Sequence[float]] | None,
             width: int, height: int) -> list[str]:
        from grundy.drawing.bodies import _heaps_body

        return _heaps_body(self.name, position, highlight, width, height, clickable=False)

    def caption(self, position: Any) -> str | None:
        return f"octal game {getattr(position, 'code', '?')}"


def _digit_lines(code: Any) -> list[str]:
    """What a move of ``code`` may do, one line per number of counters taken."""
    out = []
    last = code.max_removal
    top = last if last is not None else len(code.digits) + 1
    for k in range(top + 1):
        d = code.digit(k)
        if not d:
            continue
        if k == 0:
            out.append("take none: split a heap into two nonempty heaps")
        else:
            more = " (or more)" if last is None and k == top else ""
            out.append(f"take {k}{more}: {_leaves(d, k)}")
    return out


def _leaves(d: int, k: int) -> str:
    """What digit ``d`` lets a move taking ``k`` counters leave."""
    parts = []
    if d & 1:
        parts.append(f"nothing (the whole heap, of exactly {k})")
    if d & 2:
        parts.append("one heap")
    if d & 4:
        parts.append("two nonempty heaps")
    return "leave " + " or ".join(parts)


def octal_report(code: str, up_to: int, *, time_limit: float | None = None,
                 max_positions: int | None = None) -> dict[str, Any]:
    """What ``grundy octal CODE --up-to N`` prints (as
    :func:`grundy.games.octal.analyze_code`), under a time limit and a position
    limit: each heap valued by the mex rule counts as a position (checked
    every 64 heaps; heaps copied by a proven period cost nothing).

    Raises
    ------
    InputError
        A malformed code or ``up_to`` (as :func:`grundy.games.octal.analyze_code`).
    TooLargeError
        ``up_to`` over :data:`grundy.games.octal.MAX_HEAP`.
    SearchLimitReached
        When a limit stops the computation.
    """
    from grundy.games.octal import analyze_code

    if time_limit is None and max_positions is None:
        return analyze_code(code, up_to)
    return analyze_code(code, up_to, SequenceLimits(time_limit, max_positions).stop)



def heap_moves(code: Any, heaps: Sequence[int], cap: int) -> int:
    """The moves of ``heaps`` under the octal ``code`` counted (for each heap,
    one per heap left or pair of heaps left, as :func:`octal_moves` makes
    them before merging equal results: an upper bound), counting stopped
    once past ``cap``. The code's explicit digits are looked at one by one,
    its repeating digit's removals summed in closed form: O(digits) for
    each distinct heap, whatever its size."""
    from collections import Counter

    total = 0
    for h, times in Counter(heaps).items():
        if not h:
            continue
        each = 0
        explicit = min(h, len(code.digits))
        for k in range(1, explicit + 1):
            d, left = code.digits[k - 1], h - k
            each += bool(d & 1 and not left) + bool(d & 2 and left) + (left // 2 if d & 4 else 0)
        r = code.repeating or 0
        if r and h > explicit:  # k = explicit+1 .. h leave 0 .. h-explicit-1 tokens
            most = h - explicit - 1
            each += bool(r & 1) + (most if r & 2 else 0) + ((most // 2) * ((most + 1) // 2) if r & 4 else 0)
        if code.before & 4:
            each += h // 2
        total += each * times
        if total > cap:
            break
    return total


def octal_moves(
    code: Any, heaps: tuple[int, ...], check: ListCheck | None = None
) -> list[tuple[dict[str, Any], tuple[int, ...], tuple[int, ...]]]:
    """``(move, heaps left by the move on its heap, whole position after)``
    for every move, heap by heap (1-based), distinct results once.
    ``check(made)``, if given, is called as each heap's moves are made and
    every 1024 moves listed (a heap of 1000 has about 250,000 of them: a
    second of work past the moves' generation), ``made`` the moves so far."""
    from grundy.games.octal.misere import _misere_options

    out: list[tuple[dict[str, Any], tuple[int, ...], tuple[int, ...]]] = []
    for i, h in enumerate(heaps):
        if not h:
            continue
        rest = heaps[:i] + heaps[i + 1 :]
        inner = None if check is None else (lambda made, base=len(out): check(base + made))
        for left in checked(sorted_checked(_misere_options(code, (h,), inner), inner), inner, 1024):
            out.append(({"heap": i + 1, "to": list(left)}, left, tuple(sorted(x for x in rest + left if x))))
    return out


#: Which moves :func:`_octal` gives with the value: every one (and the option table), the first
#: winning one found lazily, or none.
MovesWanted = Literal["all", "first", "none"]


def _first_winning_move(code: Any, heaps: tuple[int, ...], seq: Sequence[int], total: int,
                        check: ListCheck) -> dict[str, Any] | None:
    """The first winning move in :func:`octal_moves`' order (heap by heap;
    on a heap, the heaps it leaves in sorted order: none, then by the
    smaller heap left, a lone heap before the pairs that start with it),
    made one at a time and never listed whole (a heap of 100,000 has
    billions of moves; a winning one is usually among the first). None for
    a P-position. A pair (f, b) is looked for among the heaps b of the one
    value it needs, ``seq[f] ^ want`` (an index of the heap sizes by value):
    a heap with no winning move (its value below the one it must reach) is
    passed in about ``heap log heap`` steps, not ``heap^2 / 4`` (``0.(7)``
    with heaps 30,000 and 40,000 found nothing in 20 s). ``check(0)`` runs
    every 1,024 heaps or pairs looked at."""
    if not total:
        return None
    looked = 0

    def digit(k: int) -> int:
        return code.digit(k) if k else code.before

    by_value: dict[int, list[int]] = {}  # value -> the heap sizes 1.. of that value, ascending
    for size in range(1, max(heaps) + 1):
        by_value.setdefault(seq[size], []).append(size)
    for i, h in enumerate(heaps):
        if not h:
            continue
        want = total ^ seq[h]  # the value this heap must move to
        if want == 0 and digit(h) & 1:
            return {"heap": i + 1, "to": []}
        for f in range(1, h):  # the smaller (or lone) heap left
            looked += 1
            if not looked & 1023:
                check(0)
            if digit(h - f) & 2 and seq[f] == want:
                return {"heap": i + 1, "to": [f]}
            # pairs (f, b), f <= b <= h - f, taking h - f - b tokens, with seq[b] = seq[f] ^ want
            sizes = by_value.get(seq[f] ^ want, ())
            for j in range(bisect_left(sizes, f), len(sizes)):
                b = sizes[j]
                if b > h - f:
                    break
                looked += 1
                if not looked & 1023:
                    check(0)
                if digit(h - f - b) & 4:
                    return {"heap": i + 1, "to": [f, b]}
    raise AssertionError("no winning move from an N-position")  # pragma: no cover - Sprague-Grundy


def _octal(
    pos: Any, name: str, option_table: bool, theory: bool, time_limit: float | None, max_positions: int | None,
    moves: MovesWanted = "all",
) -> dict[str, Any]:
    """Normal play: the Sprague-Grundy theorem (values of the heaps' nim-sequence, nim-summed), or with
    ``theory=False`` a mex search over heap multisets (no theorem). ``moves``: ``"all"`` lists every
    move (the winning ones, and the option table), ``"first"`` finds the first winning move without
    listing, ``"none"`` gives the value alone."""
    from grundy.games.octal import nim_sequence
    from grundy.games.octal.misere import _misere_options

    t0 = time.perf_counter()
    code, heaps = pos.code, pos.heaps
    counted = SequenceLimits(time_limit, max_positions)

    def check(made: int) -> None:  # the moves after the sequence: its clock (the value is known)
        counted.limits.check_time(counted.positions)
    seq = nim_sequence(code, max(heaps, default=0), check=counted.stop)
    total = 0
    for h in heaps:
        total ^= seq[h]
    winning: list[dict[str, Any]] = []
    table: list[dict[str, Any]] = []
    if moves == "first":
        first = _first_winning_move(code, heaps, seq, total, check)
        winning = [] if first is None else [first]
    elif moves == "all":
        for move, left, _after in checked(octal_moves(code, heaps, check), check, 1024):
            v = total ^ seq[heaps[move["heap"] - 1]]
            for x in left:
                v ^= seq[x]
            if v == 0:
                winning.append(move)
            table.append(dict(move, value=v))
    explanation = [
        f"octal game {code}: each heap is valued by its nim-sequence, heaps combine by nim-sum [Sprague-Grundy]",
        ", ".join(f"G({h}) = {seq[h]}" for h in heaps) + f": nim-sum {total}",
    ]
    stats: dict[str, Any] = {"positions": counted.positions, "table_hits": 0, "closed_forms": len(heaps),
                             "reductions": 0}
    explanation.append(outcome_line(total))
    stats["seconds"] = round(time.perf_counter() - t0, 4)
    if not theory:
        by_search, found = heap_search(heaps, lambda h, check: _misere_options(code, h, check), time_limit,
                                       max_positions)
        if by_search != total:  # pragma: no cover - the Sprague-Grundy theorem
            raise AssertionError(f"nim-sequence {total} and search {by_search} disagree on {heaps}")
        explanation, stats = searched(total, found, "multisets of heaps")
    out: dict[str, Any] = {"name": name, "game": "octal", "value": total, "outcome": "P" if total == 0 else "N",
                           "winning_moves": winning, "code": str(code), "heaps": list(heaps),
                           "explanation": explanation, "stats": stats}
    if option_table:
        out["options"] = table
    return out


KIND = OctalKind()
