"""The answers for a position in play and the perfect opponent:
:func:`analyze` (nim-value or misère outcome, with the option table),
:func:`partizan_report` (canonical form, outcome and both sides' options)
and :func:`engine_move` (a winning move when there is one, else a move to
the smallest option).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from grundy.analysis import Analysis
from grundy.core.moves import Move
from grundy.errors import InputError
from grundy.play.position import Play, move_key

@dataclass
class PartizanReport:
    """What a partizan position is worth, for play.

    Attributes
    ----------
    form : str
        Its canonical form in the standard notation (numbers, nimbers, ups,
        switches, ``{L|R}``), as ``grundy form`` prints it.
    outcome : str
        ``"L"`` (Left wins whoever starts), ``"R"``, ``"N"`` (the player to
        move wins) or ``"P"`` (the player to move loses).
    options : dict
        ``{"left": [(Move, form, outcome), ...], "right": [...]}``: each
        side's moves with the canonical form and outcome of the position
        after them.
    winning_moves : dict
        ``{"left": [Move, ...], "right": [...]}``: the moves that win for
        the side making them (to an option of outcome P or that side's own
        letter).
    positions : int
        Component positions expanded by the search.
    game : str
        The ruleset.
    source : str
        The ruleset's rule and paper.
    """

    form: str
    outcome: str
    options: dict[str, list[tuple[Move, str, str]]]
    winning_moves: dict[str, list[Move]]
    positions: int
    game: str
    source: str

    def to_json(self) -> dict[str, Any]:
        """As ``grundy form --json`` names its fields, plus the options and
        winning moves of each side."""
        return {
            "game": self.game,
            "canonical_form": self.form,
            "outcome": self.outcome,
            "source": self.source,
            "winning_moves": {s: [m.to_json() for m in ms] for s, ms in self.winning_moves.items()},
            "options": {s: [dict(m.to_json(), form=f, outcome=o) for m, f, o in opts]
                        for s, opts in self.options.items()},
            "stats": {"positions": self.positions},
        }


def partizan_report(play: Play, *, time_limit: float | None = None,
                    max_positions: int | None = None) -> PartizanReport:
    """The canonical form, outcome and every option of both sides of a
    partizan position (Harding-Ottaway 2014; Nowakowski-Ottaway 2005: see
    :mod:`grundy.games.partizan.rulesets`).

    Raises
    ------
    InputError
        ``play`` is not under a partizan ruleset.
    SearchLimitReached
        At the time or position limit (each counted per canonical-form
        search: the position, then each option).
    """
    from grundy.games.partizan import PARTIZAN_RULESETS, partizan_value

    if not play.partizan:
        raise InputError(f"game {play.game} is not partizan")
    rs = PARTIZAN_RULESETS[play.game]
    root = partizan_value(play.game, play.position, max_positions=max_positions, time_limit=time_limit)
    positions = root.positions
    options: dict[str, list[tuple[Move, str, str]]] = {}
    winning: dict[str, list[Move]] = {}
    for side, letter in (("left", "L"), ("right", "R")):
        options[side], winning[side] = [], []
        for move, after in play.options(side):
            v = partizan_value(play.game, after.position, max_positions=max_positions, time_limit=time_limit)
            positions += v.positions
            options[side].append((move, str(v), v.outcome))
            if v.outcome in ("P", letter):
                winning[side].append(move)
    return PartizanReport(str(root), root.outcome, options, winning, positions, play.game,
                          f"{rs.rule} [{rs.source}]")


def analyze(play: Play, *, time_limit: float | None = None, max_positions: int | None = None,
            option_table: bool = True, outcome: bool = False) -> Analysis:
    """The :class:`~grundy.analysis.Analysis` of an impartial position in
    play (normal play: nim-value; misère play: outcome), with the option
    table by default, exactly as ``grundy value --json [--all]`` computes it;
    with ``outcome``, as ``--outcome`` does (``option_table``: every winning move).

    Raises
    ------
    InputError
        For a partizan ruleset (use :func:`partizan_report`).
    SearchLimitReached
        At the time or position limit.
    TooLargeError
        A position whose answer would list too many moves
        (:meth:`grundy.kinds.Kind.refuse`).
    """
    if play.partizan:
        raise InputError(f"game {play.game} is partizan: it has a canonical form, not a nim-value")
    from grundy.kinds import Request
    from grundy.kinds import analyze as answer

    request = Request(game=play.game, misere=play.misere, option_table=option_table, outcome=outcome,
                      time_limit=time_limit, max_positions=max_positions)
    return answer(play.position, request, play.name or play.home.unnamed)


def engine_move(play: Play, answer: Analysis | PartizanReport | None = None, *, side: str | None = None,
                time_limit: float | None = None, max_positions: int | None = None) -> Move | None:
    """The engine's move: the first winning move in move order when there
    is one, else a move to the smallest option (smallest nim-value in
    normal play, fewest parts left under misère play and in partizan
    games; ties to the fewest parts left, then to move order); None when
    no move is left.

    ``answer`` is the position's :func:`analyze` (with its option table) or
    :func:`partizan_report`; it is computed when not given. ``side``
    (``"left"``/``"right"``) is the engine's side in a partizan game.

    Raises
    ------
    InputError
        A partizan game without ``side``.
    SearchLimitReached
        When computing ``answer`` hits a limit.
    """
    if play.partizan:
        legal = play.options(side)
        if not legal:
            return None
        report = answer if isinstance(answer, PartizanReport) else partizan_report(
            play, time_limit=time_limit, max_positions=max_positions)
        assert side is not None
        if report.winning_moves[side]:
            return report.winning_moves[side][0]
        return min(legal, key=lambda mo: mo[1].size())[0]
    legal = play.moves()
    if not legal:
        return None
    if not isinstance(answer, Analysis) or answer.options is None:
        answer = analyze(play, time_limit=time_limit, max_positions=max_positions)
    assert answer.options is not None
    results = {move_key(m): v for m, v in answer.options}
    scored = []
    for index, move in enumerate(legal):
        result = results.get(move_key(move))
        if result is None:  # every legal move is in the option table
            raise AssertionError(f"move {move} missing from the option table")
        if result in (0, "P"):
            return move  # the first winning move in move order
        scored.append(((1 if play.misere else result), index, move))
    best = min(key for key, _, _ in scored)
    tied = [(index, move) for key, index, move in scored if key == best]
    if len(tied) == 1:
        return tied[0][1]
    return min(tied, key=lambda t: (play._apply(t[1], None).size(), t[0]))[1]
