"""Walking positions from Python, as in a notebook (issue 32): grundy.position
for every kind, walked to the end of a game and checked move by move against
the mex rule; the notebook drawings of positions and analyses of every kind
(SVG present, well-formed, winning moves marked); short reprs; a limit
reached in the API raised as one exception without the search's frames."""

from __future__ import annotations

import random
import traceback
import xml.etree.ElementTree as ET

import networkx as nx
import pytest

import grundy
from grundy import Move, Position
from grundy.errors import InputError, SearchLimitReached, TooLargeError
from grundy.games.graphs.rulesets import RULESETS
from grundy.games.partizan import PARTIZAN_RULESETS

#: One small position of every kind (and every impartial graph ruleset below).
SPECS = ["path:4", "divisors:12", "simplex-boundary:3", "chomp:3,2", "nim:2,3", "octal:0.07:4,3"]
KINDS = {"path:4": "graph", "divisors:12": "poset", "simplex-boundary:3": "complex", "chomp:3,2": "chomp",
         "nim:2,3": "nim", "octal:0.07:4,3": "octal"}
SVG = "{http://www.w3.org/2000/svg}"


def _mex(values: set[int]) -> int:
    n = 0
    while n in values:
        n += 1
    return n


def _walk(p: Position, seed: int) -> int:
    """Play ``p`` to the end by random moves, checking at every position that
    its nim-value is the mex of its options' (normal play) or that it is an
    N-position iff an option is a P-position (misère play). Returns the
    number of moves made."""
    rng = random.Random(seed)
    moves = 0
    while True:
        options = p.options()
        a = p.analyze()
        assert p.finished == (not options)
        if p.misere:  # the player who cannot move wins
            assert a.outcome == ("N" if not options or any(q.analyze().outcome == "P" for _, q in options) else "P")
        else:
            assert a.value == _mex({q.analyze().value for _, q in options})
        if not options:
            if not p.misere:
                assert a.value == 0 and a.outcome == "P"
            return moves
        move, after = rng.choice(options)
        assert p.after(move).to_spec() == after.to_spec()
        assert p.after(move.to_json()).to_spec() == after.to_spec()
        assert isinstance(after, Position)
        p = after
        moves += 1


@pytest.mark.parametrize("spec", SPECS)
@pytest.mark.parametrize("misere", [False, True])
def test_position_of_every_kind_walked_to_the_end(spec: str, misere: bool) -> None:
    p = grundy.position(spec, misere=misere)
    assert p.kind == KINDS[spec]
    assert repr(p).startswith(f"Position({spec!r}, kind={KINDS[spec]!r}")
    assert _walk(p, seed=len(spec)) >= 1


@pytest.mark.parametrize("game", sorted(set(RULESETS)))
def test_position_under_every_graph_ruleset_walked_to_the_end(game: str) -> None:
    p = next(q for q in (grundy.position(s, game=game) for s in ("path:4", "wheel:5", "cycle:4")) if q.options())
    assert p.game == game
    assert _walk(p, seed=7) >= 1


@pytest.mark.parametrize("game", sorted(PARTIZAN_RULESETS))
def test_partizan_position_walked_by_sides(game: str) -> None:
    p = next(q for q in (grundy.position(s, game=game) for s in ("wheel:6", "path:4", "path:5", "wheel:5",
                                                                  "random:8,0.5,1")) if q.options("left"))
    with pytest.raises(InputError, match="partizan"):
        p.analyze()
    with pytest.raises(InputError):
        p.options()  # a partizan ruleset needs the side moving
    side, moves = "left", 0
    while p.options(side):
        p = p.options(side)[0][1]
        side = "right" if side == "left" else "left"
        moves += 1
    assert moves >= 1 and not p.options(side)


def test_typed_moves_read_as_the_terminal_reads_them() -> None:
    p = grundy.position("nim:3,4")
    assert p.after("2 1") == p.after(Move(heap=2, to=1))
    g = grundy.position("path:3")
    assert g.after("0-1") == g.after(Move(edge=(1, 0)))
    assert g.after("1") == g.after({"vertex": 1})
    with pytest.raises(InputError, match="not a legal move"):
        g.after("0-2")
    with pytest.raises(InputError):
        g.after(Move(vertex=9))
    c = grundy.position("chomp:3,2")
    with pytest.raises(InputError):
        c.after("5,5")


def test_position_objects_and_limits() -> None:
    g = grundy.position(nx.path_graph(3), game="node-kayles")
    assert g.kind == "graph" and g.analyze().value == grundy.nim_value("path:3", game="node-kayles")
    poset = grundy.position("divisors:12").position
    assert grundy.position(poset).analyze().value == grundy.nim_value("divisors:12")
    with pytest.raises(TooLargeError):
        grundy.position("complete:60")
    stars = nx.Graph([(0, 1)] + [(c, (c, k)) for c in (0, 1) for k in range(30)])  # 125 parts, 2^31 moves
    with pytest.raises(TooLargeError, match="Graph Nim moves"):
        grundy.position(stars, game="graph-nim")
    assert len(grundy.position("star:16", game="graph-nim").options()) == 2**16 - 1 + 16
    with pytest.raises(InputError):
        grundy.position("nim:2,3", game="node-kayles")
    with pytest.raises(InputError):
        grundy.position("path:3", game="be-bo", misere=True)
    with pytest.raises(TypeError, match="game"):
        grundy.position("path:3").analyze(game="node-kayles")
    p = grundy.position("path:3", game="node-kayles")
    with pytest.raises(InputError, match="Move"):
        p.after(3)  # type: ignore[arg-type]
    with pytest.raises(InputError, match="impartial"):
        p.options(side="left")
    with pytest.raises(InputError, match=r"\.analyze\(\)"):
        grundy.analyze(p)
    assert grundy.position(p, game="arc-kayles").game == "arc-kayles"  # its position, under the game asked


def _svg_root(svg: str | None) -> ET.Element:
    assert svg is not None
    root = ET.fromstring(svg)
    assert root.tag == SVG + "svg"
    return root


def _winning(root: ET.Element) -> int:
    return sum("winning" in (e.get("class") or "").split() for e in root.iter())


@pytest.mark.parametrize("spec", SPECS + ["nim:1,2,3"])
def test_every_kind_draws_in_a_notebook_with_winning_moves_marked(spec: str) -> None:
    a = grundy.analyze(spec)
    assert a.position is not None
    drawn = _svg_root(a._repr_svg_())
    html = a._repr_html_()
    assert "<svg" in html and "grundy-analysis" in html
    p = grundy.position(spec)
    pos = _svg_root(p._repr_svg_())
    caption = "".join(pos.itertext())
    if a.value:
        assert "winning moves in red" in caption
    else:
        assert "no winning move" in caption
    assert (_winning(drawn) > 0) == (a.outcome == "N")
    assert (_winning(pos) > 0) == (a.outcome == "N")
    if KINDS.get(spec) == "octal":  # the counters the winning move takes, between the heaps it leaves
        (m,) = a.winning_moves
        heap = p.position.heaps[m.heap - 1]
        assert _winning(drawn) == heap - sum(m.to) > 0


def test_misere_and_other_rulesets_draw_their_own_winning_moves() -> None:
    p = grundy.position("path:2", misere=True)  # misère: taking the edge loses, a vertex wins
    caption = "".join(_svg_root(p._repr_svg_()).itertext())
    assert "misère outcome N" in caption
    k = grundy.position("path:3", game="node-kayles")  # 2 = mex{0, 1}; Graph Chomp gives 1
    value = grundy.nim_value("path:3", game="node-kayles")
    assert value != grundy.nim_value("path:3")
    assert f"nim-value {value}" in "".join(_svg_root(k._repr_svg_()).itertext())
    bo = grundy.position("path:3", game="be-bo")
    assert "partizan" in "".join(_svg_root(bo._repr_svg_()).itertext())


def test_short_reprs() -> None:
    a = grundy.analyze("complete:200")
    text = repr(a)
    assert len(text) < 400 and "19,895 more" in text and text.startswith("Analysis('complete:200'")
    for m in [Move(vertex=0), Move(edge=(0, 1)), Move(row=2, column=3), Move(heap=1, to=(2, 3)),
              Move(vertex=1, edges=((1, 2),)), Move(face=("a", "b")), Move(element=6)]:
        assert eval(repr(m), {"Move": Move}) == m
        assert "None" not in repr(m)


def test_a_limit_in_the_api_is_one_exception_without_the_searchs_frames() -> None:
    for call in (lambda: grundy.analyze("random:12,0.5,2", time_limit=0.2),
                 lambda: grundy.nim_value("random:12,0.5,2", max_positions=500),
                 lambda: grundy.position("random:11,0.5,2").analyze(max_positions=500)):
        with pytest.raises(SearchLimitReached) as info:
            call()
        frames = traceback.extract_tb(info.value.__traceback__)
        assert not any(f.filename.endswith((".pyx", "search.py", "limits.py")) for f in frames), frames
        assert info.value.__cause__ is None and info.value.__suppress_context__


def test_grundy_debug_keeps_every_frame_and_the_context(monkeypatch: pytest.MonkeyPatch) -> None:
    """GRUNDY_DEBUG=1: an API error arrives as raised, with the search's
    frames and, for an error raised while handling another, that one."""
    monkeypatch.setenv("GRUNDY_DEBUG", "1")
    with pytest.raises(SearchLimitReached) as info:
        grundy.nim_value("random:12,0.5,2", max_positions=500)
    frames = traceback.extract_tb(info.value.__traceback__)
    assert any(f.filename.endswith(("search.py", "limits.py", ".pyx")) for f in frames), frames
    with pytest.raises(InputError) as bad:
        grundy.nim_value("nosuchfamily:3")
    deep = traceback.extract_tb(bad.value.__traceback__)
    monkeypatch.delenv("GRUNDY_DEBUG")
    with pytest.raises(InputError) as cut:
        grundy.nim_value("nosuchfamily:3")
    assert len(deep) > len(traceback.extract_tb(cut.value.__traceback__))
