"""``grundy play``: the terminal game, driven by scripted input.

Results are checked against the theory: ``grundy.nim_value`` / ``grundy.outcome``
for impartial games, Bouton's misère rule for Nim, and a brute force of
its own (no grundy code) for the partizan even-odd-vertex game.
"""

from __future__ import annotations

import random
import re
from functools import cache

import networkx as nx
import pytest
from helpers import apply_move, cli_runner

import grundy
from grundy.cli import main
from grundy.play import analyze, engine_move, partizan_report, read_play

PATH5 = "vertices: 0 1 2 3 4\nedges:    0-1 1-2 2-3 3-4"


def run(args: list[str], lines: list[str] | str):
    text = lines if isinstance(lines, str) else "".join(line + "\n" for line in lines)
    result = cli_runner().invoke(main, ["play", *args], input=text)
    assert "Traceback" not in result.output and "\x1b" not in result.output
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result


def hint_script(spec: str, **options) -> list[str]:
    """``hint`` then the hinted move, at every turn of the user's, predicted
    with the play core: the engine's move in the user's place."""
    first, side = options.pop("first", "me"), options.pop("side", None)
    play = read_play(spec, **options)
    me = side or "left" if play.partizan else None
    them = {"left": "right", "right": "left"}.get(me)
    user, lines = first == "me", []
    while play.moves(me if user else them):
        mover = me if user else them
        answer = partizan_report(play) if play.partizan else analyze(play)
        move = engine_move(play, answer, side=mover)
        if user:
            lines += ["hint", str(move)]
        play, user = play.after(move, mover), not user
    return lines


def random_script(seed: int, length: int = 300) -> list[str]:
    """Any legal play: ``#k`` for random k (out of range: re-prompted)."""
    rng = random.Random(seed)
    return [f"#{rng.randint(1, 4)}" for _ in range(length)]


# -- whole games on path:5 -------------------------------------------------------
def test_path5_user_first_playing_the_hints_wins():
    assert grundy.nim_value("path:5") != 0  # an N-position: the player to move wins
    script = hint_script("path:5")
    r = run(["path:5"], script)
    assert r.exit_code == 0
    assert r.output.rstrip().endswith("You win.")
    assert "no move left for the engine" in r.output
    hints = re.findall(r"hint: (.*) \(a winning move\)", r.output)
    assert hints == script[1::2] and hints  # every hint was a winning move, and is what was typed
    # each of the user's moves left a P-position (checked by the search, not by play)
    g = grundy.Graph.from_edges(range(5), [(0, 1), (1, 2), (2, 3), (3, 4)])
    moves = re.findall(r"^(?:your move> )*(?:you|engine): (.*)$", r.output, re.MULTILINE)
    for i, text in enumerate(moves):
        move = next(m for m in _graph_moves(g) if str(m) == text)
        g = apply_move(g, move)
        if i % 2 == 0:
            assert grundy.nim_value(g) == 0


def _graph_moves(g):
    return [grundy.Move(vertex=v) for v in g.labels] + [grundy.Move(edge=e) for e in g.edges()]


@pytest.mark.parametrize("seed", range(4))
def test_path5_engine_first_user_loses_whatever(seed):
    assert grundy.outcome("path:5") == "N"
    r = run(["path:5", "--first", "engine"], ["#1"] * 20 if seed == 0 else random_script(seed))
    assert r.exit_code == 0
    assert r.output.index("engine:") < r.output.index("your move>")
    assert r.output.rstrip().endswith("You lose.")
    assert "no move left for you: the player who cannot move loses" in r.output


# -- commands ----------------------------------------------------------------------
def test_undo_restores_the_position():
    r = run(["path:5"], ["undo", "1", "undo", "0"])
    out = r.output
    assert "nothing to undo" in out
    before, after_undo = out.split("took back your last move and the engine's reply")
    assert PATH5 not in before.split("you: remove vertex 1")[1]  # the move changed it
    assert after_undo.lstrip().startswith(PATH5)  # and undo brought it back
    assert "you: remove vertex 0" in after_undo
    assert out.rstrip().endswith("game abandoned")


def test_undo_with_the_engine_first_goes_back_to_after_its_first_move():
    r = run(["nim:2,3", "--first", "engine"], ["1 to 1", "undo"])
    blocks = r.output.split("took back")
    assert "engine: heap 2 to 2" in blocks[0] and "heap 1: o (1)\nheap 2: o (1)" in blocks[0]
    assert blocks[1].split("your move>")[0].strip().endswith(
        "heap 1: oo (2)\nheap 2: oo (2)\nnim-value 0 (P: the player to move loses)")  # not the start


def test_bad_input_reprompts_and_eof_abandons():
    lines = ["garbage ^^", "9", "0-4", "e 0", "#0", "#99", "#x", "3: 3-4", "", "remove vertex 7"]
    r = run(["path:5"], lines)
    assert r.exit_code == 0
    out = r.output
    assert out.count("your move> ") == len(lines) + 1  # asked again after each, then EOF
    assert "cannot read" in out
    assert "no vertex 9 in this position" in out
    assert "not a legal move here: remove edge 0-4" in out
    assert "no move #0: the list has moves #1 to #9" in out
    assert "not a legal move here: at vertex 3 remove edges 3-4" in out  # Graph Nim syntax, Graph Chomp game
    assert "no vertex 7" in out
    assert "you:" not in out
    assert out.rstrip().endswith("game abandoned")


def test_quit_help_moves_and_the_printed_form():
    r = run(["path:5"], ["help", "moves", "remove  vertex 2", "quit"])
    assert r.exit_code == 0
    assert "0-1 or e 0 1" in r.output and "hint" in r.output
    assert "#2   remove vertex 1" in r.output and "-> nim-value 0   (wins)" in r.output
    assert "#6   remove edge 0-1              -> nim-value 3\n" in r.output
    assert "you: remove vertex 2" in r.output
    assert r.output.rstrip().endswith("game abandoned")


def test_value_lines():
    assert "nim-value 1 (N: the player to move wins)" in run(["path:5"], []).output
    assert "nim-value 0 (P: the player to move loses)" in run(["chomp:3,2"], []).output
    assert "outcome N (misère)" in run(["nim:1,1", "--misere"], []).output
    assert "canonical form {2|0} (outcome N)" in run(["path:3", "--game", "even-odd-vertex"], []).output


# -- each kind ---------------------------------------------------------------------
@pytest.mark.parametrize("spec, options", [
    ("chomp:3,2", []), ("chomp:3,3", []), ("nim:1,2", []), ("nim:1,2,3", []), ("octal:0.07:3", []),
    ("octal:0.07:4,2", []), ("divisors:6", []), ("divisors:12", []), ("simplex-boundary:3", []),
    ("path:3", ["--game", "graph-nim"]), ("cycle:4", ["--game", "node-kayles"]), ("path:4", ["--game", "arc-kayles"]),
    ("nim:1,1", ["--misere"]), ("nim:1,1,1", ["--misere"]), ("nim:2,2", ["--misere"]), ("path:4", ["--misere"]),
])
def test_every_kind_against_the_theory(spec, options):
    """The player who should win does: the user playing the hints wins
    from the winning side; from the losing side the user loses whatever."""
    game = options[1] if options[:1] == ["--game"] else None
    misere = "--misere" in options
    if misere:
        start = grundy.outcome(spec, misere=True, **({"game": game} if game else {}))
    else:
        start = "P" if grundy.nim_value(spec, **({"game": game} if game else {})) == 0 else "N"
    if spec.startswith("nim:") and misere:  # Bouton: all heaps <= 1: P iff an odd number of ones; else nim-sum 0
        heaps = [int(h) for h in spec[4:].split(",")]
        xor = 0
        for h in heaps:
            xor ^= h
        assert start == ("P" if (sum(heaps) % 2 if max(heaps) <= 1 else xor == 0) else "N")
    winner_first = "me" if start == "N" else "engine"
    loser_first = "engine" if start == "N" else "me"
    script = hint_script(spec, game=game, misere=misere, first=winner_first)
    r = run([spec, *options, "--first", winner_first], script)
    assert r.exit_code == 0 and r.output.rstrip().endswith("You win."), r.output
    assert re.findall(r"hint: (.*) \(a winning move\)", r.output) == script[1::2]
    for seed in range(3):
        r = run([spec, *options, "--first", loser_first], random_script(seed))
        assert r.exit_code == 0 and r.output.rstrip().endswith("You lose."), r.output
        if misere:
            assert "no move left for the engine: under misère play the player who cannot move wins" in r.output


@pytest.mark.parametrize("spec, options, typed, shown, after", [
    ("chomp:3,2", [], "2,2", "(2,2)", "2 | #\n1 | x # #"),
    ("chomp:3,2", [], "(1, 3)", "(1,3)", "2 | # #\n1 | x #"),
    ("chomp:3,2", [], "2 1", "(2,1)", "1 | x # #\n  + 1 2 3"),
    ("nim:1,2", [], "2 to 1", "heap 2 to 1", "heap 1: o (1)\nheap 2: o (1)"),
    ("nim:1,2", [], "2 0", "heap 2 to 0", "heap 2:  (0)"),
    ("octal:0.07:4", [], "1 to 1+1", "heap 1 to 1+1", "heap 1: o (1)\nheap 2: o (1)"),
    ("octal:0.07:2", [], "1 to nothing", "heap 1 to nothing", "heap 1:  (0)\nnim-value 0"),
    ("divisors:6", [], "6", "element 6", "elements: 2 3\ncovers:   (none)"),
    ("simplex-boundary:3", [], "{1,2}", "{1,2}", "facets: {1,3} {2,3}"),
    ("simplex-boundary:3", [], "2 1", "{1,2}", "facets: {1,3} {2,3}"),
    ("simplex-boundary:3", [], "3", "{3}", "facets: {1,2}"),
    ("path:3", ["--game", "graph-nim"], "1: 0 2", "at vertex 1 remove edges 1-0, 1-2", "edges:    (none)"),
    ("path:3", ["--game", "graph-nim"], "1: 1-2, 0-1", "at vertex 1 remove edges 1-0, 1-2", "edges:    (none)"),
    ("path:3", ["--game", "graph-nim"], "2-1", "at vertex 2 remove edges 2-1", "edges:    0-1\n"),
    ("path:5", [], "e 3 2", "remove edge 2-3", "edges:    0-1 1-2 3-4"),
    ("path:5", [], "v 4", "remove vertex 4", "vertices: 0 1 2 3\n"),
    ("grid:2,2", [], "(0,1)-(1, 1)", "remove edge (0, 1)-(1, 1)", "edges:    (0, 0)-(0, 1) (0, 0)-(1, 0) (1, 0)-(1, 1)"),
    ("path:4", ["--game", "node-kayles"], "0", "take vertex 0 (remove vertices 0, 1)", "vertices: 2 3\n"),
])
def test_move_syntax(spec, options, typed, shown, after):
    r = run([spec, *options], [typed])
    assert f"you: {shown}\n" in r.output
    assert after in r.output.split(f"you: {shown}")[1]


def test_help_shows_the_syntax_of_the_kind():
    assert "r,c or r c" in run(["chomp:3,2"], ["help"]).output
    assert "i to n or i n" in run(["nim:1,2"], ["help"]).output
    assert "i to nothing" in run(["octal:0.07:3"], ["help"]).output
    assert "{1,2,3}" in run(["simplex-boundary:3"], ["help"]).output
    assert "an element: x" in run(["divisors:6"], ["help"]).output
    assert "3: 4 5" in run(["path:3", "--game", "graph-nim"], ["help"]).output


#: The paw (a triangle 0 1 2 and an edge 2-3) in graph6: every ruleset, and each side, has a move in it.
PAW = "Cx"


def _help(args: list[str]) -> str:
    """What ``help`` prints in a game of ``args`` (from the line after the prompt to the next prompt)."""
    out = run(args, ["help"]).output
    return out.split("your move> ", 1)[1].split("your move> ", 1)[0]


@pytest.mark.parametrize("args, present, absent", [
    (["path:5"], ["game chomp: remove a vertex with its edges, or one edge",
                  "a vertex: 3 or v 3 (remove vertex 3 with its edges)",
                  "an edge: 0-1 or e 0 1 (remove that one edge, 0-1)"], ["neighbours", "Left"]),
    (["path:5", "--game", "node-kayles"], ["game node-kayles: delete a vertex together with all its neighbours",
                                           "a vertex: 3 or v 3 (remove vertex 3 and all its neighbours"],
     ["an edge:", "Left"]),
    (["path:5", "--game", "arc-kayles"], ["game arc-kayles: delete both endpoints of an edge",
                                          "an edge: 0-1 or e 0 1 (remove both its ends 0 and 1, with every edge"],
     ["a vertex:"]),
    (["path:5", "--game", "graph-nim"], ["at a vertex, some of its edges: 3: 4 5 or 3: 3-4 3-5"], ["a vertex: 3"]),
    (["Cx", "--game", "bo-bo"], ["an edge: 0-1 or e 0 1 (remove that one edge; only an edge with both ends "
                                     "of odd degree)"], ["a vertex:"]),
    (["path:5", "--game", "odd-vertex"], ["a vertex: 3 or v 3 (remove vertex 3 with its edges; only a vertex of "
                                          "odd degree)"], ["an edge:"]),
    (["path:5", "--game", "be-bo"], ["game be-bo (partizan): Left deletes an edge with both endpoints of even degree",
                                     "Left may take an edge with both ends of even degree, Right one with both ends "
                                     "of odd degree", "you play Left: your moves are Left's, the engine's Right's"],
     ["a vertex:"]),
    (["path:5", "--game", "even-odd-vertex", "--side", "right"],
     ["Left may take a vertex of even degree, Right one of odd degree",
      "you play Right: your moves are Right's, the engine's Left's"], ["an edge:"]),
    (["chomp:3,2"], ["Chomp: a move eats a square with every square above it and to its right",
                     "a square: r,c or r c"], ["vertex"]),
    (["nim:1,2"], ["Nim: a move takes one or more counters from one heap", "i to n or i n"], ["vertex"]),
    (["octal:0.137:3"], ["octal game 0.137:", "take 1: leave nothing (the whole heap, of exactly 1)",
                         "take 2: leave nothing (the whole heap, of exactly 2) or one heap",
                         "take 3: leave nothing (the whole heap, of exactly 3) or one heap or two nonempty heaps",
                         "i to a+b, i to a or i to nothing"], ["take 4"]),
    (["divisors:6"], ["poset game: a move takes an element and removes it with every element above it",
                      "an element: x"], ["vertex"]),
    (["simplex-boundary:3"], ["subset take-away: a move takes a face", "a face: 1 2 3, 1,2,3 or {1,2,3}"], ["edge"]),
])
def test_help_tells_the_rule_and_the_move_syntax_of_each_game(args, present, absent):
    text = _help(args)
    for phrase in present:
        assert phrase in text, (phrase, text)
    for phrase in absent:
        assert phrase not in text.split("commands:")[0], (phrase, text)
    assert "commands: moves (" in text and "hint (" in text and "undo (" in text and "quit (" in text


def test_help_differs_by_ruleset():
    helps = {game: _help([PAW, "--game", game]) for game in
             ("chomp", "node-kayles", "arc-kayles", "graph-nim", "bo-bo", "be-be", "oe-oe", "odd-vertex",
              "even-vertex", "be-bo", "oe-bo", "oe-be", "even-odd-vertex")}
    assert len(set(helps.values())) == len(helps)


def _answers(args: list[str], lines: list[str]) -> list[str]:
    """The line printed after each typed line (the text between prompts)."""
    out = run(args, lines).output
    return [part.split("\n", 1)[0] for part in out.split("your move> ")[1:len(lines) + 1]]


_TRIANGLE_AND_TAIL = "0 1\n1 2\n0 2\n2 3\n"  # degrees 0:2 1:2 2:3 3:1


@pytest.mark.parametrize("args, typed, said", [
    (["path:5"], "9", "no vertex 9 in this position (vertices left: 0 1 2 3 4)"),
    (["path:5"], "0-4", "not a legal move here: remove edge 0-4, because 0-4 is not an edge of the position "
                        "(edges at 0: 0-1)"),
    (["path:5"], "2-2", "because 2-2 is not an edge (no vertex is joined to itself)"),
    (["path:5"], "3: 3-4", "because in game chomp a move is a vertex or an edge, not a set of edges at a vertex"),
    (["path:5", "--game", "node-kayles"], "0-1",
     "because in game node-kayles a move is a vertex (it removes the vertex with all its neighbours), not an edge"),
    (["path:5", "--game", "arc-kayles"], "1",
     "because in game arc-kayles a move is an edge (type u-v; it removes both ends with every edge at them), "
     "not a vertex"),
    (["path:5", "--game", "odd-vertex"], "2",
     "because vertex 2 has degree 2: in game odd-vertex only a vertex of odd degree may be taken"),
    ([PAW, "--game", "bo-bo"], "0-1",
     "because edge 0-1 has ends of degree 2 and 2: in game bo-bo only an edge with both ends of odd degree "
     "may be taken"),
    (["path:5", "--game", "graph-nim"], "2",
     "because in game graph-nim a move removes edges at a vertex: type 2: 1 3 (some of those neighbours)"),
    (["path:5", "--game", "graph-nim"], "1: 2-3", "because edge 2-3 is not at vertex 1"),
    (["path:3", "--game", "even-odd-vertex"], "0",
     "not a legal move here: remove vertex 0 (for Left), because vertex 0 has degree 1: that is Right's move, "
     "not Left's (Left deletes a vertex of even degree with its edges, Right a vertex of odd degree)"),
    (["nim:1,2,3"], "4 1", "because there is no heap 4 (heaps 1 to 3)"),
    (["nim:1,2,3"], "2 2", "because a move takes at least one counter (heap 2 has 2 counters)"),
    (["nim:1,2,3"], "2 to 5", "because heap 2 has only 2 counters: a move leaves it at 0 to 1"),
    (["octal:0.07:6"], "1 to 5", "because in octal game 0.07 no move takes 1 counter"),
    (["octal:0.07:6"], "1 to 7", "because heap 1 has only 6 counters: a move cannot leave 7"),
    (["octal:0.137:3"], "1 to 1+1", "because in octal game 0.137 taking 1 counter may leave nothing (the whole "
                                    "heap, of exactly 1), not two heaps"),
    (["octal:0.07:6"], "1 to 2+2+1", "because a move leaves at most two heaps"),
    (["chomp:3,2"], "1,1", "because (1,1) is the poisoned square x: it is never eaten"),
    (["chomp:3,2"], "2,3", "because square (2,3) is not on the board (row 2 has columns 1 to 2)"),
    (["chomp:3,2"], "3 1", "because there is no row 3 (the board has rows 1 to 2)"),
    (["divisors:12"], "5", "no element 5 in this position (elements left: 2 3 4 6 12)"),
    (["simplex-boundary:3"], "{1,2,3}",
     "because {1,2,3} is not a face: its vertices lie in no one facet (facets: {1,2} {1,3} {2,3})"),
])
def test_an_illegal_move_is_explained(args, typed, said):
    (answer,) = _answers(args, [typed])
    assert said in answer, answer
    assert answer.endswith("; type help for the syntax, moves for the list")


def test_partizan_sides_explained(tmp_path):
    path = tmp_path / "tail.edges"
    path.write_text(_TRIANGLE_AND_TAIL)
    answers = _answers([str(path), "--game", "be-bo"], ["2-3", "0-2", "0-3"])
    assert ("not a legal move here: remove edge 2-3 (for Left), because edge 2-3 has ends of degree 3 and 1: "
            "that is Right's move, not Left's (Left deletes an edge with both endpoints of even degree, Right one "
            "with both endpoints of odd degree)") in answers[0]
    assert "because edge 0-2 has ends of degree 2 and 3: neither side's move" in answers[1]
    assert "because 0-3 is not an edge of the position (edges at 0: 0-1 0-2)" in answers[2]
    right = _answers([str(path), "--game", "be-bo", "--side", "right"], ["0-1"])
    assert "(for Right), because edge 0-1 has ends of degree 2 and 2: that is Left's move, not Right's" in right[0]


def test_what_is_gone_is_said_to_be_gone():
    # chomp:3,2: (1,3) eats (1,3) and the engine answers; then the eaten square and a square never there
    out = run(["chomp:3,2"], ["1,3", "1,3", "3,3"]).output
    assert "square (1,3) was already eaten" in out
    assert "there is no row 3" in out
    out = run(["divisors:12"], ["4", "4", "12"]).output  # taking 4 removes 4 and 12
    assert "element 4 was already removed (elements left: " in out
    assert "element 12 was already removed" in out
    out = run(["path:7", "--game", "node-kayles"], ["1", "0", "2"]).output  # taking 1 removes 0, 1 and 2
    assert "vertex 0 was already removed (vertices left: " in out and "vertex 2 was already removed" in out
    out = run(["simplex-boundary:3"], ["1 2", "1 2"]).output
    assert "because face {1,2} was already removed (facets left: " in out


@pytest.mark.parametrize("typed, said", [
    ("clear", "unknown command 'clear'; commands: moves, hint, undo, help, quit; type help for how a move is typed"),
    ("hlep", "unknown command 'hlep' (did you mean help?); commands: moves, hint, undo, help, quit"),
    ("hnit", "unknown command 'hnit' (did you mean hint?)"),
    ("mvoes", "unknown command 'mvoes' (did you mean moves?)"),
    ("quti", "unknown command 'quti' (did you mean quit?)"),
    ("show moves", "unknown command 'show'"),
])
def test_unknown_words_are_answered_as_commands(typed, said):
    for args in (["path:5"], ["nim:1,2"], ["chomp:3,2"], ["divisors:6"], ["simplex-boundary:3"], ["octal:0.07:4"]):
        (answer,) = _answers(args, [typed])
        assert said in answer, (args, answer)
        assert "no vertex" not in answer and "cannot read" not in answer


def test_commands_keep_their_aliases():
    out = run(["path:5"], ["?", "q"]).output
    assert "commands: moves (" in out and out.rstrip().endswith("game abandoned")
    assert run(["path:5"], ["EXIT"]).output.rstrip().endswith("game abandoned")


def test_a_word_that_is_a_vertex_label_is_a_move(tmp_path):
    path = tmp_path / "named.edges"
    path.write_text("clear a\na b\nhelp b\n")
    out = run([str(path)], ["clear"]).output
    assert "you: remove vertex clear" in out
    answers = _answers([str(path)], ["clearr", "v help", "b", "clear"])
    assert answers[0].startswith("unknown command 'clearr'")
    assert answers[1] == "you: remove vertex help"  # `help` is a command: `v help` names the vertex
    out = run([str(path)], ["a", "clear"]).output  # whether or not the engine took it, clear is a vertex's name
    assert "unknown command" not in out


def test_a_removed_word_label_is_not_an_unknown_command(tmp_path):
    path = tmp_path / "named.edges"
    path.write_text("clear a\na b\nhelp b\n")
    out = run([str(path)], ["clear", "clear"]).output
    assert "you: remove vertex clear" in out
    assert "vertex clear was already removed (vertices left: " in out
    assert "unknown command" not in out


# -- partizan --------------------------------------------------------------------
def _even_odd_first_player_wins(g: nx.Graph, mover: str) -> bool:
    """Brute force: Left deletes a vertex of even degree, Right one of odd degree."""
    @cache
    def wins(edges: frozenset, vertices: frozenset, left: bool) -> bool:
        h = nx.Graph()
        h.add_nodes_from(vertices)
        h.add_edges_from(edges)
        for v in vertices:
            if h.degree(v) % 2 == (0 if left else 1):
                rest = frozenset(e for e in edges if v not in e)
                if not wins(rest, vertices - {v}, not left):
                    return True
        return False

    return wins(frozenset(frozenset(e) for e in g.edges()), frozenset(g.nodes()), mover == "left")


@pytest.mark.parametrize("spec, graph", [("path:3", nx.path_graph(3)), ("path:4", nx.path_graph(4)),
                                         ("star:3", nx.star_graph(3)), ("cycle:5", nx.cycle_graph(5))])
@pytest.mark.parametrize("side", ["left", "right"])
@pytest.mark.parametrize("first", ["me", "engine"])
def test_partizan_against_brute_force(spec, graph, side, first):
    engine_side = "right" if side == "left" else "left"
    mover = side if first == "me" else engine_side
    user_wins = _even_odd_first_player_wins(graph, mover) == (first == "me")
    args = [spec, "--game", "even-odd-vertex", "--side", side, "--first", first]
    script = hint_script(spec, game="even-odd-vertex", side=side, first=first) if user_wins else random_script(7)
    r = run(args, script)
    assert r.exit_code == 0
    assert r.output.rstrip().endswith("You win." if user_wins else "You lose."), r.output
    assert f"you play {side.capitalize()}" in r.output


def test_partizan_path3_right_first_wins_and_moves_list():
    r = run(["path:3", "--game", "even-odd-vertex", "--side", "right"], ["moves", "1", "0"])
    assert "#1   remove vertex 0              -> form 0 (outcome P)   (wins)" in r.output
    assert ("not a legal move here: remove vertex 1 (for Right), because vertex 1 has degree 2: "
            "that is Left's move, not Right's") in r.output
    assert r.output.rstrip().endswith("You win.")


# -- refusals -----------------------------------------------------------------------
@pytest.mark.parametrize("args, words", [
    (["path:5", "--side", "left"], ["--side", "chomp", "impartial"]),
    (["nim:1,2", "--side", "right"], ["--side", "nim"]),
    (["path:5", "--game", "no-such-game"], ["unknown game"]),
    (["no/such/file.g6"], ["no such file"]),
    (["nim:1,2", "--game", "be-bo"], ["be-bo", "nim"]),
    (["path:3", "--game", "be-bo", "--misere"], ["misère", "be-bo"]),
    (["path:3", "--first", "nobody"], ["--first"]),
])
def test_refusals(args, words):
    r = run(args, ["1"])
    assert r.exit_code == 2
    assert r.stdout == ""
    assert len(r.stderr.strip().splitlines()) == 1
    for word in words:
        assert word in r.stderr


def test_time_limit_stops_with_exit_3():
    r = run(["random:40,0.3,1", "--time-limit", "0.05"], ["0"])
    assert r.exit_code == 3
    assert "time limit 0.05 s" in r.stderr and len(r.stderr.strip().splitlines()) == 1


def test_play_refuses_stdin_as_the_position() -> None:
    from grundy.cli import main

    result = cli_runner().invoke(main, ["play", "-"], input="quit\n")
    assert result.exit_code == 2
    assert "not -" in result.output
