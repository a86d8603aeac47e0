"""Poset games against plain brute force: Nim, Chomp, the families, the
involution reduction, analysis output, loaders and the persistent table."""

from __future__ import annotations

import itertools
import json
import random
from functools import lru_cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from grundy.errors import InputError, SearchLimitReached
from grundy.games.posets import (
    Poset,
    PosetSolver,
    PosetTheory,
    build_poset_family,
    analyze_poset,
    poset_involution,
    poset_key,
    text_report,
)
from grundy.readwrite.posets import load_poset


# ----------------------------------------------------------------------
# the reference: mex over down-sets, no canonical forms, no splitting
# ----------------------------------------------------------------------
def brute_value(elements: frozenset, less: frozenset) -> int:
    """Nim-value of the poset game on ``elements`` with strict relations
    ``less`` (pairs (a, b), a < b, transitively closed): a move at x
    removes x and every b with (x, b) in ``less``."""

    @lru_cache(maxsize=None)
    def g(left: frozenset) -> int:
        seen = {g(left - {x} - {b for a, b in less if a == x}) for x in left}
        v = 0
        while v in seen:
            v += 1
        return v

    return g(elements)


def brute(p: Poset, *, dual: bool = False) -> int:
    rel = frozenset(p.relations())
    if dual or p.dual:
        rel = frozenset((b, a) for a, b in rel)
    return brute_value(frozenset(p.labels), rel)


def value(p: Poset, solver: PosetSolver | None = None) -> int:
    s = solver or PosetSolver()
    return s.value_of(*s.decompose(p.game_up))


def random_poset(rnd: random.Random, n: int, p: float) -> Poset:
    rel = [(a, b) for a in range(n) for b in range(a + 1, n) if rnd.random() < p]
    perm = list(range(n))
    rnd.shuffle(perm)
    return Poset.from_relations(range(n), [(perm[a], perm[b]) for a, b in rel])


THEORIES = [PosetTheory(), PosetTheory.none()] + [PosetTheory.only(n) for n in PosetTheory.names()]


# ----------------------------------------------------------------------
# Nim and Chomp
# ----------------------------------------------------------------------
@pytest.mark.parametrize("heaps", [(1,), (3,), (1, 2, 3), (2, 5, 7), (4, 4), (1, 1, 1), (6, 3, 5, 2)])
def test_disjoint_chains_are_nim(heaps: tuple[int, ...]) -> None:
    rel = []
    for h, size in enumerate(heaps):
        rel += [((h, i), (h, i + 1)) for i in range(size - 1)]
    elements = [(h, i) for h, size in enumerate(heaps) for i in range(size)]
    p = Poset.from_relations(elements, rel)
    nim_sum = 0
    for h in heaps:
        nim_sum ^= h
    for theory in THEORIES:
        assert value(p, PosetSolver(theory)) == nim_sum
    a = analyze_poset(p)
    # the winning moves of Nim: shrink heap h to h xor nim_sum when smaller
    expected = [
        [hh, i] for hh, size in enumerate(heaps) for i in range(size) if nim_sum and i == (size ^ nim_sum) and i < size
    ]
    assert [m["element"] for m in a["winning_moves"]] == expected


@pytest.mark.parametrize("m,n", [(m, n) for m in range(1, 5) for n in range(1, 5)])
def test_chomp_is_product_minus_bottom(m: int, n: int) -> None:
    p = build_poset_family(f"product:{m},{n}")
    chomp = p.restrict(((1 << p.n) - 1) & ~1)  # (0, 0) is element 0
    assert (0, 0) not in chomp.labels and chomp.n == m * n - 1
    assert value(chomp) == brute(chomp)
    assert value(chomp, PosetSolver(PosetTheory.none())) == brute(chomp)
    # strategy stealing: rectangular Chomp is a first-player win unless 1 x 1
    assert (value(chomp) == 0) == (m * n == 1)
    # with its bottom the product is taken whole in one move: value >= 1
    assert value(p) >= 1


def test_product_chomp_known_values() -> None:
    # 2 x n Chomp: the winning move leaves rows of lengths n, n-1 (Mangang, §Chomp)
    for n in range(2, 7):
        p = build_poset_family(f"product:{n},2")
        chomp = p.restrict(((1 << p.n) - 1) & ~1)
        a = analyze_poset(chomp)
        assert a["winning_moves"] == [{"element": [n - 1, 1]}]


def test_three_dimensional_chomp_against_brute_force() -> None:
    p = build_poset_family("product:2,2,3")
    chomp = p.restrict(((1 << p.n) - 1) & ~1)
    assert value(chomp) == brute(chomp)


# ----------------------------------------------------------------------
# families
# ----------------------------------------------------------------------
def test_divisors_structure() -> None:
    p = build_poset_family("divisors:12")
    assert p.labels == (2, 3, 4, 6, 12)
    assert sorted(p.covers()) == [(2, 4), (2, 6), (3, 6), (4, 12), (6, 12)]
    assert p.less(2, 12) and not p.less(3, 4)
    assert build_poset_family("divisors:1").n == 0
    # a prime power p^k minus 1 is a chain: a nim-heap of size k
    assert value(build_poset_family("divisors:64")) == 6
    for n in [6, 12, 30, 36, 60, 72]:
        d = build_poset_family(f"divisors:{n}")
        assert value(d) == brute(d), n


def test_boolean_structure() -> None:
    for n in range(1, 6):
        b = build_poset_family(f"boolean:{n}")
        assert b.n == 2**n - 1 and () not in b.labels
        assert len(b.covers()) == n * 2 ** (n - 1) - n  # hypercube edges minus those at the empty set
        assert all(set(x) < set(y) for x, y in b.relations())
    # divisors of a product of k distinct primes: the same poset
    assert poset_key(build_poset_family("divisors:30").up) == poset_key(build_poset_family("boolean:3").up)
    assert poset_key(build_poset_family("divisors:210").up) == poset_key(build_poset_family("boolean:4").up)
    for n in range(1, 4):
        b = build_poset_family(f"boolean:{n}")
        assert value(b) == brute(b)
        assert value(b) > 0  # a greatest element: strategy stealing


def test_chain_and_antichain() -> None:
    for n in range(1, 8):
        assert value(build_poset_family(f"chain:{n}")) == n
        assert value(build_poset_family(f"antichain:{n}")) == n % 2
        assert value(build_poset_family(f"chain:{n}"), PosetSolver(PosetTheory.none())) == n


def test_keys_are_canonical_on_all_posets_with_4_elements() -> None:
    """Keys are equal exactly for isomorphic posets: 16 classes on 4
    elements (OEIS A000112), checked over all labelled posets."""
    pairs = [(a, b) for a in range(4) for b in range(4) if a != b]
    keys = set()
    posets = set()
    for k in range(0, 7):
        for rel in itertools.combinations(pairs, k):
            try:
                p = Poset.from_relations(range(4), rel)
            except InputError:
                continue
            if p.up in posets:
                continue
            posets.add(p.up)
            keys.add(poset_key(p.up))
    assert len(keys) == 16
    assert len(posets) == 219  # labelled posets on 4 elements (A001035)


def test_keys_invariant_under_relabelling() -> None:
    rnd = random.Random(3)
    for _ in range(40):
        p = random_poset(rnd, rnd.randint(2, 14), 0.3)
        perm = list(range(p.n))
        rnd.shuffle(perm)
        q = Poset.from_relations([perm[x] for x in p.labels], [(perm[a], perm[b]) for a, b in p.relations()])
        assert poset_key(q.up) == poset_key(p.up)
        assert poset_key(p.up) != poset_key(p.down) or brute(p) == brute(p, dual=True)


# ----------------------------------------------------------------------
# the search and the involution reduction against brute force
# ----------------------------------------------------------------------
def test_random_posets_equal_brute_force_with_every_theory() -> None:
    rnd = random.Random(11)
    solvers = [PosetSolver(t) for t in THEORIES]
    for _ in range(120):
        p = random_poset(rnd, rnd.randint(1, 10), rnd.random() * 0.6)
        b = brute(p)
        for s in solvers:
            assert value(p, s) == b, (p.relations(), s.theory)
        d = Poset(p.labels, p.up, dual=True)
        assert value(d) == brute(p, dual=True)


@st.composite
def symmetric_posets(draw: st.DrawFn) -> tuple[Poset, bool]:
    """A base poset B and two mirrored copies of a wing W (labels (0, w) and
    (1, w)); relations inside B, inside each copy (mirrored), between B and
    each copy (mirrored), and optionally between the copies (mirrored: 0w <
    1w' iff 1w < 0w'). Swapping the copies is an involution with fixed set
    B; B is a down-set when no wing element lies below a base element."""
    nb = draw(st.integers(0, 4))
    nw = draw(st.integers(1, 3))
    pairs = st.lists(st.tuples(st.integers(0, 9), st.integers(0, 9)), max_size=8)
    base = [(f"b{a % max(nb, 1)}", f"b{b % max(nb, 1)}") for a, b in draw(pairs) if nb and a % nb < b % nb]
    wing = [(a % nw, b % nw) for a, b in draw(pairs) if a % nw < b % nw]
    cross = [(a % max(nb, 1), b % nw, draw(st.booleans())) for a, b in draw(pairs) if nb]
    below_ok = draw(st.booleans())
    rel = list(base)
    for c in (0, 1):
        rel += [((c, a), (c, b)) for a, b in wing]
        for a, w, up in cross:
            if up or not below_ok:
                rel.append((f"b{a}", (c, w)))
            else:
                rel.append(((c, w), f"b{a}"))
    elements = [f"b{i}" for i in range(nb)] + [(c, w) for c in (0, 1) for w in range(nw)]
    try:
        p = Poset.from_relations(elements, rel)
    except InputError:  # the mirrored relations closed a cycle
        p = Poset.from_relations(elements, base)
    fixed_is_down_set = all(not p.less((c, w), f"b{i}") for c in (0, 1) for w in range(nw) for i in range(nb))
    return p, fixed_is_down_set


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(symmetric_posets())
def test_involution_reduction_equals_brute_force(case: tuple[Poset, bool]) -> None:
    p, down_set = case
    b = brute(p)
    assert value(p, PosetSolver(PosetTheory.only("involutions"))) == b
    assert value(p) == b
    # the proposition itself: the fixed-point set B has the same value
    fixed = p.restrict(sum(1 << i for i, x in enumerate(p.labels) if isinstance(x, str)))
    if down_set:
        assert brute(fixed) == b


@settings(max_examples=80, deadline=None)
@given(st.integers(2, 9), st.floats(0, 0.6), st.integers(0, 10**6))
def test_poset_involution_is_valid_and_keeps_the_value(n: int, p: float, seed: int) -> None:
    from grundy.core.canon import automorphisms
    from grundy.games.posets.poset import _nauty_input

    q = random_poset(random.Random(seed), n, p)
    lists, colouring = _nauty_input(q.up)
    gens, _ = automorphisms(q.n, lists, directed=True, colouring=colouring)
    found = poset_involution(q.up, gens)
    if found is None:
        return
    fixed, tau = found
    assert all(tau[tau[i]] == i for i in range(n)) and tau != list(range(n))
    assert all(not (q.up[x] & fixed) for x in range(n) if tau[x] != x)  # a down-set
    assert brute(q.restrict(fixed)) == brute(q)


def test_the_down_set_condition_is_needed() -> None:
    """Swapping a and b in {a < c, b < c} is an automorphism of order 2 with
    fixed set {c}, not a down-set: g = 2 but g({c}) = 1."""
    p = Poset.from_relations("abc", [("a", "c"), ("b", "c")])
    assert brute(p) == 2 and value(p) == 2
    assert poset_involution(p.up, [[1, 0, 2]]) is None
    vee = Poset.from_relations("abc", [("a", "b"), ("a", "c")])  # the dual: fixed set {a} is a down-set
    assert poset_involution(vee.up, [[0, 2, 1]]) == (1, [0, 2, 1])
    assert brute(vee) == brute(vee.restrict(1)) == 1


# ----------------------------------------------------------------------
# analysis output
# ----------------------------------------------------------------------
def test_analysis_json_and_moves_against_brute_force() -> None:
    rnd = random.Random(2)
    s = PosetSolver()
    for _ in range(25):
        p = random_poset(rnd, rnd.randint(1, 8), 0.35)
        a = analyze_poset(p, option_table=True, solver=s, name="x")
        assert set(a) == {
            "name", "game", "dual", "value", "outcome", "winning_moves", "elements",
            "relations", "explanation", "stats", "options",
        }
        assert a["game"] == "poset" and a["name"] == "x" and a["value"] == brute(p)
        assert a["outcome"] == ("P" if a["value"] == 0 else "N")
        options = {o["element"]: o["value"] for o in a["options"]}
        for x in p.labels:
            assert options[x] == brute(p.move(x))
        assert [m["element"] for m in a["winning_moves"]] == [x for x in p.labels if options[x] == 0]
        assert sorted(map(tuple, a["relations"])) == sorted(p.covers())
        assert json.loads(json.dumps(a)) == a
        b = analyze_poset(p, solver=s)  # without the table: same winning moves
        assert b["winning_moves"] == a["winning_moves"] and "options" not in b


def test_a_p_position_is_answered_without_asking_its_options() -> None:
    # every option of a P-position is N: the winning moves are none, and none is sought
    rnd = random.Random(5)
    seen = {"P": 0, "N": 0}
    for _ in range(40):
        p = random_poset(rnd, rnd.randint(1, 8), 0.35)
        s = PosetSolver()
        calls = [0]
        real = s.is_p

        def counted(*args, real=real):
            calls[0] += 1
            return real(*args)

        s.is_p = counted
        a = analyze_poset(p, solver=s)
        seen[a["outcome"]] += 1
        assert (a["outcome"] == "P") == (brute(p) == 0)
        if a["outcome"] == "P":
            assert a["winning_moves"] == [] and calls[0] == 0, p.covers()
        else:
            assert a["winning_moves"] and calls[0] > 0, p.covers()
    assert seen["P"] and seen["N"], seen


def test_dual_analysis() -> None:
    vee = Poset.from_relations("abc", [("a", "b"), ("a", "c")])
    assert analyze_poset(vee)["value"] == 1
    d = analyze_poset(load_poset(vee, dual=True), option_table=True)
    assert d["value"] == 2 and d["dual"] is True
    assert "<= x" in d["explanation"][0]
    assert d["options"] == [{"element": "a", "value": 0}, {"element": "b", "value": 1}, {"element": "c", "value": 1}]


def test_explanation_names_the_involution() -> None:
    p = Poset.from_relations(["r", "x1", "y1", "x2", "y2"], [("r", "x1"), ("x1", "y1"), ("r", "x2"), ("x2", "y2")])
    a = analyze_poset(p)
    assert a["value"] == brute(p) == 1
    text = " ".join(a["explanation"])
    assert "order ideal" in text and "Khandhawit-Ye, Theorem 1" in text
    assert text_report(a).splitlines()[0] == "poset: value 1 (N)"


# ----------------------------------------------------------------------
# input
# ----------------------------------------------------------------------
def test_poset_relations_need_no_spaces(tmp_path) -> None:
    # 'a<b' had been one element named "a<b", 'a <b' the relation a < "<b"... (independent review)
    f = tmp_path / "p.poset"
    spaced = load_poset(str(f)) if f.write_text("a < b\nb < c < d\ne > d\n") else None
    for text in ("a<b\nb<c<d\ne>d\n", "a <b\nb< c <d\ne> d\n", "a< b\nb <c< d\ne >d\n"):
        f.write_text(text)
        p = load_poset(str(f))
        assert p.labels == spaced.labels and p.covers() == spaced.covers(), text
    assert spaced.covers() == [("a", "b"), ("b", "c"), ("c", "d"), ("d", "e")]


def test_poset_file(tmp_path) -> None:
    f = tmp_path / "p.poset"
    f.write_text("# a chain and a lone element\na < b < c\nd > c\n e f\nlonely\n3 4\n")
    p = load_poset(str(f))
    assert p.labels == ("lonely", "a", "b", "c", "d", "e", "f", 3, 4)
    assert p.covers() == [("a", "b"), ("b", "c"), ("c", "d"), ("e", "f"), (3, 4)]
    j = tmp_path / "p.json"
    j.write_text(json.dumps({"elements": ["z"], "relations": [["a", "b"], [[1, 2], "b"]]}))
    q = load_poset(str(j))
    assert q.labels == ("z", "a", "b", (1, 2)) and q.less((1, 2), "b")


@pytest.mark.parametrize(
    "text,message",
    [
        ("a < b\nb < c\nc < a\n", "cycle a < b < c < a"),
        ("a a\n", "cycle a < a"),
        ("a < b <\n", "expected 'a < b'"),
        ("a <\n", "expected 'a < b'"),
        ("a < < b\n", "expected 'a < b'"),
        ("a<b<\n", "expected 'a < b'"),
        # a relation in another notation was one element named "a,b" (independent review)
        ("a,b\n", "'a,b': a label may not contain ','; write one relation per line"),
        ("(a, b)\n", "a label may not contain '('"),
        ("{a} < b\n", "a label may not contain '{'"),
        ("a<=b\n", "'=b': a label may not contain '='"),  # had been a < "=b"
        ("a->b\nb->c\n", "'a-': a label may not end with '-'"),  # had been b < "a-", c < "b-"
        ("# nothing\n", "no poset"),
    ],
)
def test_bad_poset_files(tmp_path, text: str, message: str) -> None:
    f = tmp_path / "bad.poset"
    f.write_text(text)
    with pytest.raises(InputError) as exc:
        load_poset(str(f))
    assert message in str(exc.value) and "\n" not in str(exc.value)


@pytest.mark.parametrize(
    "spec,message",
    [
        ("cube:3", "unknown poset family 'cube'"),
        ("chain:0", "positive"),
        ("antichain:-2", "positive"),
        ("product:3,0", "positive"),
        ("product:", "needs parameters"),
        ("chain:x", "not an integer"),
        ("chain:2,3", "expected chain:n"),
        ("boolean:20", "elements; at most"),
        ("missing.poset", "cannot read missing.poset"),
        ("p.txt", "unsupported extension"),
    ],
)
def test_bad_poset_specs(tmp_path, monkeypatch, spec: str, message: str) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "p.txt").write_text("a b\n")
    with pytest.raises(InputError) as exc:
        load_poset(spec)
    assert message in str(exc.value) and "\n" not in str(exc.value)


def test_bad_json(tmp_path) -> None:
    for body, message in [
        ("[1, 2]", "expected a poset object"),
        ('{"relations": [[1]]}', "a relation must be a pair"),
        ('{"edges": []}', "unknown key 'edges'"),
        ('{"relations": [[1, 2], [2, 1]]}', "cycle 1 < 2 < 1"),
        ("{", "malformed JSON"),
    ]:
        f = tmp_path / "bad.json"
        f.write_text(body)
        with pytest.raises(InputError) as exc:
            load_poset(str(f))
        assert message in str(exc.value), (body, str(exc.value))


# ----------------------------------------------------------------------
# the persistent table
# ----------------------------------------------------------------------
def test_persistent_table_resumes_a_stopped_search(tmp_path, monkeypatch) -> None:
    chomp = build_poset_family("product:4,5")
    chomp = chomp.restrict(((1 << chomp.n) - 1) & ~1)
    fresh = PosetSolver(PosetTheory.none())
    expected = value(chomp, fresh)
    path = str(tmp_path / "t.sqlite")
    first = PosetSolver(PosetTheory.none(), table=path, max_positions=fresh.stats.positions // 2)
    first.start()
    with pytest.raises(SearchLimitReached):
        first.value_of(*first.decompose(chomp.up))
    first.finish()  # writes the table
    first.close()
    second = PosetSolver(PosetTheory.none(), table=path)
    assert second.loaded > 0
    second.start()
    assert second.value_of(*second.decompose(chomp.up)) == expected
    second.finish()
    assert second.stats.positions < fresh.stats.positions
    known, _partial = second.table.count()
    second.close()
    assert known == len(second.values) > 0
    third = PosetSolver(PosetTheory.none(), table=path)
    third.start()
    assert third.value_of(*third.decompose(chomp.up)) == expected
    third.finish()
    assert third.stats.positions == 0  # everything from the file
    third.close()
    # rows of another nauty version are not read
    monkeypatch.setattr("grundy.core.tablefile.NAUTY_VERSION", "pynauty-other")
    assert PosetSolver(table=path).loaded == 0


def test_table_file_errors(tmp_path) -> None:
    bad = tmp_path / "not-a-db.sqlite"
    bad.write_text("this is not sqlite " * 100)
    with pytest.raises(InputError, match="cannot use"):
        PosetSolver(table=str(bad))
