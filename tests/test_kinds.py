"""The kinds of position (grundy.kinds): the registry, the one answer path
and the request each kind honours or refuses in one place."""

from __future__ import annotations

import json

import pytest

import grundy
from grundy.errors import InputError, TooLargeError
from grundy.kinds import (
    Item,
    Request,
    analyze,
    get_kind,
    item_for,
    kind_for,
    kind_of,
    kinds,
    prepare,
    read_items,
    refuse,
)
from grundy.kinds.typed import TypedMove

#: One spec of each kind, with its nim-value (by the papers' tables or brute force in the
#: kinds' own tests) and misère outcome.
EXAMPLES = [
    ("wheel:9", "graph", 1),
    ("divisors:30", "poset", 3),
    ("simplex-boundary:4", "complex", 0),
    ("chomp:5,3,3", "chomp", 3),
    ("nim:3,4,5", "nim", 2),
    ("octal:0.07:5,3", "octal", 1),
]


def _json(a: grundy.Analysis) -> str:
    out = a.to_json()
    out["stats"] = {k: v for k, v in out["stats"].items() if k != "seconds"}
    return json.dumps(out)


@pytest.mark.parametrize(("spec", "kind", "value"), EXAMPLES)
def test_a_spec_finds_its_kind_and_the_kind_its_positions(spec: str, kind: str, value: int) -> None:
    home = kind_of(spec)
    assert home is get_kind(kind) and home.name == kind
    (item,) = read_items([spec])
    assert item.kind is home and item.name == spec
    position = home.built(item.position, spec)
    assert kind_for(position) is home and home.owns(position)
    assert analyze(item).value == value


def test_unknown_kinds_and_objects_are_refused() -> None:
    with pytest.raises(ValueError, match="unknown kind 'bogus'"):
        get_kind("bogus")
    with pytest.raises(TypeError, match="not a position of any kind"):
        kind_for(3.5)
    with pytest.raises(InputError, match="not a position"):
        item_for(3.5)


@pytest.mark.parametrize(("spec", "kind", "value"), EXAMPLES)
@pytest.mark.parametrize("misere", [False, True])
@pytest.mark.parametrize("option_table", [False, True])
def test_one_answer_path_for_the_cli_the_api_and_play(spec: str, kind: str, value: int, misere: bool,
                                                    option_table: bool) -> None:
    """The answer is the same whichever front end asks: kinds.analyze on
    the item read from the spec, grundy.analyze on the spec, and play's
    analyze on the position in play (named as the spec)."""
    from grundy.play import analyze as analyze_play
    from grundy.play import read_play

    (item,) = read_items([spec])
    direct = analyze(item, Request(misere=misere, option_table=option_table))
    api = grundy.analyze(spec, misere=misere, option_table=option_table)
    assert _json(direct) == _json(api)
    played = analyze_play(read_play(spec, misere=misere), option_table=option_table)
    assert _json(played) == _json(direct)
    if not misere:
        assert direct.value == value
    assert (direct.options is not None) == option_table


@pytest.mark.parametrize(("spec", "kind", "value"), EXAMPLES)
def test_the_api_takes_a_position_object_of_every_kind(spec: str, kind: str, value: int) -> None:
    (item,) = read_items([spec])
    position = get_kind(kind).built(item.position, spec)
    assert grundy.nim_value(position) == value
    assert grundy.analyze(position).outcome == ("P" if value == 0 else "N")


@pytest.mark.parametrize(("spec", "kind", "value"), [e for e in EXAMPLES if e[1] != "graph"])
def test_a_ruleset_is_refused_for_every_kind_but_graphs_naming_option_and_kind(spec: str, kind: str,
                                                                               value: int) -> None:
    items = read_items([spec])
    with pytest.raises(InputError, match=f"option --game node-kayles does not apply to {kind} positions"):
        refuse(items, Request(game="node-kayles"))
    with pytest.raises(InputError, match=f"game= does not apply to {kind} positions"):
        refuse(items, Request(game="node-kayles", spelling="api"))
    refuse(items, Request(game=get_kind(kind).game))  # the kind's own game is its game


@pytest.mark.parametrize(("spec", "kind", "value"), EXAMPLES)
def test_a_table_is_honoured_or_refused_by_the_kind(spec: str, kind: str, value: int, tmp_path) -> None:
    home = get_kind(kind)
    items = read_items([spec])
    table = str(tmp_path / "t.db")
    if home.keeps_table:
        refuse(items, Request(table=table))
        first = analyze(items[0], Request(table=table))
        again = analyze(read_items([spec])[0], Request(table=table))
        assert first.value == again.value == value
        assert again.stats["positions"] <= first.stats["positions"]
    else:
        with pytest.raises(InputError, match=f"option --table does not apply to {kind} positions"):
            refuse(items, Request(table=table))
    with pytest.raises(InputError, match="does not apply to misère play"):
        refuse(items, Request(table=table, misere=True))


@pytest.mark.parametrize(("spec", "kind", "value"), EXAMPLES)
def test_switches_are_the_kinds_own(spec: str, kind: str, value: int) -> None:
    home = get_kind(kind)
    cls = home.switches_class()
    items = read_items([spec])
    if cls is None and kind != "graph":
        with pytest.raises(InputError, match=f"option --without does not apply to {kind} positions"):
            prepare(items, Request(without="cancel_pairs"))
        assert home.switches(Request(no_theory=True)) is False
    elif cls is not None:
        with pytest.raises(InputError, match=f"unknown result 'bogus' for --without on {kind} positions"):
            prepare(items, Request(without="bogus"))
        assert home.switches(Request(no_theory=True)) == cls.none()
    # the pure search agrees with the theory
    assert analyze(items[0], Request(no_theory=True)).value == value


def test_the_budget_of_a_command_is_shared_across_kinds() -> None:
    """One --max-positions budget over a graph, a poset and a graph again:
    the stop counts the positions of the whole command."""
    from click.testing import CliRunner

    from grundy.cli import main

    whole = CliRunner().invoke(main, ["value", "wheel:9", "divisors:30", "wheel:11", "--json"])
    spent = [json.loads(line)["stats"]["positions"] for line in whole.output.splitlines()]
    assert len(spent) == 3 and all(spent)
    budget = spent[0] + spent[1] + 1
    stopped = CliRunner().invoke(main, ["value", "wheel:9", "divisors:30", "wheel:11", "--json",
                                        "--max-positions", str(budget)])
    assert stopped.exit_code == 3
    lines = [json.loads(line) for line in stopped.output.splitlines() if line.startswith("{")]
    assert [line["value"] for line in lines[:2]] == [1, 3]
    # the third search stops after one position of its own: the count is the command's
    assert f"wheel:11: search stopped at the position limit {budget} after {budget} positions" in stopped.output


@pytest.mark.parametrize(("spec", "kind", "value"), EXAMPLES)
def test_every_legal_move_reads_back_as_typed(spec: str, kind: str, value: int) -> None:
    """A move printed as the terminal game prints it is read back by the
    kind (one of its readings is the move itself), for every legal move."""
    from grundy.play import move_key, read_play

    play = read_play(spec)
    home = play.home
    for move in play.moves():
        readings = home.read_move(TypedMove(str(move), home.labels(play.position)))
        assert move_key(move) in {move_key(m) for m in readings}, (str(move), readings)


@pytest.mark.parametrize(("spec", "kind", "value"), EXAMPLES)
def test_a_position_in_play_round_trips_through_its_spec(spec: str, kind: str, value: int) -> None:
    from grundy.play import read_play

    play = read_play(spec)
    again = read_play(play.to_spec())
    assert again.kind == play.kind and again.home.text(again.position) == play.text()
    assert again.size() == play.size() and len(again.moves()) == len(play.moves())


def test_too_many_moves_to_list_is_refused_by_the_kind() -> None:
    items = read_items(["nim:2000000"])
    refuse(items, Request())  # the nim-sum rule answers at any size
    with pytest.raises(TooLargeError, match=r"moves to list under --all \(2,000,000 counted"):
        refuse(items, Request(option_table=True))
    with pytest.raises(TooLargeError, match="under misère play"):
        refuse(items, Request(misere=True))


def test_registry_order_and_item() -> None:
    assert [k.name for k in kinds()][0] == "graph"
    item = Item(get_kind("nim"), "n", grundy.kinds.get_kind("nim").read("nim:1")[0].position)
    assert analyze(item).value == 1
