"""What a player is told about moves: the rule of the game in play
(:func:`rules`), the move a typed text names (:func:`typed_move`, with
errors that say what went wrong: :class:`Unreadable` text,
:class:`UnknownLabel`, :class:`IllegalMove`), and why a move is not legal
here (:func:`why_illegal`: a vertex or edge that is not in the position,
a degree the ruleset does not allow, the other side's move in a partizan
game, a heap too small, a square already eaten, a face already removed).

``start``, where given, is the position the game began from: a label or a
square it had and the position has not is "already removed" (or eaten),
not unknown.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from grundy.core.moves import Move, label_str
from grundy.errors import InputError
from grundy.kinds.typed import Label, TypedMove

if TYPE_CHECKING:
    from grundy.play.position import Play

__all__ = ["IllegalMove", "UnknownLabel", "Unreadable", "rules", "typed_move", "why_illegal"]

#: Labels listed in full in a message (more are counted).
SHOWN_LABELS = 20


class Unreadable(InputError):
    """Text that is no move of the game in play (no syntax matches it)."""


class UnknownLabel(InputError):
    """A label the position does not have."""


class IllegalMove(InputError):
    """A move read but not legal in the position."""


# -- the rule ------------------------------------------------------------------
def rules(play: "Play") -> list[str]:
    """The rule of the game in play, as lines for ``help``: what a move does
    (for a partizan ruleset, which side may make which moves) and who wins
    (each kind's :meth:`~grundy.kinds.Kind.rules`)."""
    return play.home.rules(play.position, play.game, play.misere)


# -- reading a typed move ---------------------------------------------------------
class _Typed(TypedMove):
    """A typed move whose errors say what went wrong (see the module doc)."""

    def __init__(self, text: str, labels: set[Any], start_labels: set[Any]) -> None:
        super().__init__(text, labels)
        self.start_labels = start_labels

    def unreadable(self) -> InputError:
        return Unreadable(f"cannot read {self.text!r} as a move")

    def label(self, token: Label, what: str) -> Any:
        try:
            return super().label(token, what)
        except InputError:
            pass
        left = _labels_text(self.labels, what)
        try:
            TypedMove(self.text, self.start_labels).label(token, what)
        except InputError:
            raise UnknownLabel(f"no {what} {token.text} in this position ({left})") from None
        raise UnknownLabel(f"{what} {token.text} was already removed ({left})") from None


def _labels_text(labels: set[Any], what: str) -> str:
    many = {"vertex": "vertices", "element": "elements"}.get(what, what + "s")
    if not labels:
        return f"no {many} left"
    shown = sorted((label_str(x) for x in labels), key=_natural)
    more = f" ... ({len(shown)} in all)" if len(shown) > SHOWN_LABELS else ""
    return f"{many} left: " + " ".join(shown[:SHOWN_LABELS]) + more


def _natural(text: str) -> tuple[Any, ...]:
    """Integers in numeric order before other labels in text order."""
    try:
        return (0, int(text), "")
    except ValueError:
        return (1, 0, text)


def typed_move(play: "Play", text: str, side: str | None = None, start: "Play | None" = None) -> Move:
    """The legal move a player's ``text`` names: ``#k`` (the k-th legal move),
    a move exactly as the list prints it, or the kind's move syntax
    (:meth:`grundy.kinds.Kind.move_syntax`).

    Raises
    ------
    Unreadable
        No move syntax of the kind matches ``text``.
    UnknownLabel
        A label the position does not have (already removed, if ``start`` had it).
    IllegalMove
        A move read but not legal here, saying why (:func:`why_illegal`).
    """
    legal = play.moves(side)
    if text.startswith("#"):
        k = text[1:].strip()
        if not (k.isascii() and k.isdigit()) or len(k) > 9 or not 1 <= int(k) <= len(legal):
            shown = text if len(text) <= 20 else text[:20] + "..."
            span = f"moves #1 to #{len(legal)}" if len(legal) > 1 else "one move, #1"
            raise IllegalMove(f"no move {shown}: the list has {span}")
        return legal[int(k) - 1]
    flat = " ".join(text.split())
    for move in legal:
        if str(move) == flat:
            return move
    home = play.home
    start_labels = home.labels(start.position) if start is not None else set()
    typed = _Typed(text, home.labels(play.position), start_labels)
    try:
        candidates = home.read_move(typed)
    except (Unreadable, UnknownLabel):
        raise
    except InputError as e:  # the tokenizer's "cannot read ... in ..."
        raise Unreadable(str(e)) from None
    for move in candidates:
        found = play.find(move, side)
        if found is not None:
            return found
    move = candidates[0]  # the likeliest reading: what to explain
    raise IllegalMove(f"not a legal move here: {move}" + (f" (for {side.capitalize()})" if side else "")
                      + f", because {why_illegal(play, move, side, start)}")


# -- why not ----------------------------------------------------------------------
def why_illegal(play: "Play", move: Move, side: str | None = None, start: "Play | None" = None) -> str:
    """Why ``move`` is not legal in ``play`` (for ``side`` in a partizan
    game), in one clause: what is missing from the position, or which rule
    the move breaks (each kind's :meth:`~grundy.kinds.Kind.why_illegal`).
    Never raises: a move with nothing more to say gets a plain answer."""
    try:
        reason = play.home.why_illegal(play.position, play.game, move, side,
                                       start.position if start is not None else None)
    except Exception:  # noqa: BLE001 - an explanation must never cost the answer
        reason = None
    return reason or "it is not among the moves of this position (type moves for the list)"
