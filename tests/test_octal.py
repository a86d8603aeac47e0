"""Octal games: codes, nim-sequences, periods.

Every sequence is checked against an independent brute force written here
from the definition of the move rule (no parser, no bitsets, no periodicity
shortcut), and the small cases also against a brute force on positions with
several heaps that does not use the Sprague-Grundy XOR rule.
"""

from __future__ import annotations

import time
from functools import lru_cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy.games.octal import sequence as octal_sequence  # reads the switches of the direct computation
from grundy.errors import InputError, TooLargeError
from grundy.games.octal import KNOWN, OctalCode, analyze_code, format_report, nim_sequence

# --------------------------------------------------------------------------
# independent brute force, from digit tuples (not from the parser)


def digit_of(before: int, digits: tuple[int, ...], repeating: int) -> callable:
    def d(k: int) -> int:
        if k == 0:
            return before
        if k <= len(digits):
            return digits[k - 1]
        return repeating

    return d


def brute_sequence(before: int, digits: tuple[int, ...], up_to: int, repeating: int = 0) -> list[int]:
    """G(0..up_to) by the recursive definition: a heap of n may lose k tokens
    (digit d_k) and leave nothing (bit 1, only if k = n), one nonempty heap
    (bit 2) or two nonempty heaps (bit 4, value G(a) ^ G(b))."""
    d = digit_of(before, digits, repeating)

    @lru_cache(maxsize=None)
    def G(n: int) -> int:
        options = set()
        for k in range(0, n + 1):
            dk = d(k)
            rest = n - k
            if dk & 1 and k >= 1 and rest == 0:
                options.add(0)
            if dk & 2 and k >= 1 and rest >= 1:
                options.add(G(rest))
            if dk & 4:
                for a in range(1, rest):
                    options.add(G(a) ^ G(rest - a))
        g = 0
        while g in options:
            g += 1
        return g

    out = []
    for n in range(up_to + 1):  # bottom-up keeps the recursion shallow
        out.append(G(n))
    return out


def brute_position_values(before: int, digits: tuple[int, ...], up_to: int, repeating: int = 0) -> list[int]:
    """Values of single heaps computed on whole positions (multisets of heaps)
    by the mex rule, without the XOR rule: checks the Sprague-Grundy step too."""
    d = digit_of(before, digits, repeating)

    @lru_cache(maxsize=None)
    def value(pos: tuple[int, ...]) -> int:
        options = set()
        for i, n in enumerate(pos):
            if i and pos[i - 1] == n:
                continue
            others = pos[:i] + pos[i + 1 :]
            for k in range(0, n + 1):
                dk = d(k)
                rest = n - k
                results = []
                if dk & 1 and k >= 1 and rest == 0:
                    results.append(())
                if dk & 2 and k >= 1 and rest >= 1:
                    results.append((rest,))
                if dk & 4:
                    results.extend((a, rest - a) for a in range(1, rest // 2 + 1))
                for r in results:
                    options.add(value(tuple(sorted(others + r))))
        g = 0
        while g in options:
            g += 1
        return g

    return [value((n,) if n else ()) for n in range(up_to + 1)]


def code_text(before: int, digits: tuple[int, ...], repeating: int = 0) -> str:
    text = f"{before}." + "".join(map(str, digits))
    if repeating:
        text += f"({repeating})"
    return text


# --------------------------------------------------------------------------
# reference sequences (typed from OEIS, checked against the brute force)

# OEIS A002186, Kayles (0.77), offset 0.
A002186 = [
    0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2,
    1, 4, 6, 7, 4, 1, 2, 8, 5, 4, 7, 2, 1, 8, 6, 7, 4, 1, 2, 3,
    1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 4, 2, 7,
    4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 6, 7, 4, 1, 2, 8, 1, 4, 7, 2,
    1, 8, 2, 7,
]  # fmt: skip

# OEIS A002187, Dawson's Chess (0.137), offset 0.
A002187 = [
    0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3,
    0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 2, 7, 4, 0, 1, 1, 2, 0, 3,
    1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 2,
]  # fmt: skip


def test_references_against_brute_force():
    assert brute_sequence(0, (7, 7), len(A002186) - 1) == A002186
    assert brute_sequence(0, (1, 3, 7), len(A002187) - 1) == A002187


def test_kayles():
    assert nim_sequence("0.77", len(A002186) - 1) == A002186
    assert nim_sequence("kayles", 300) == brute_sequence(0, (7, 7), 300)
    r = analyze_code("0.77", 1000)
    assert (r["period"], r["preperiod"], r["saltus"], r["proven"]) == (12, 71, 0, True)
    G = brute_sequence(0, (7, 7), 400)
    assert all(G[n + 12] == G[n] for n in range(71, 400 - 12))
    assert G[70 + 12] != G[70]  # 70 is the last exception


def test_dawsons_chess_and_kayles():
    assert nim_sequence("0.137", len(A002187) - 1) == A002187
    assert nim_sequence("dawsons-chess", 400) == brute_sequence(0, (1, 3, 7), 400)
    r = analyze_code("0.137", 1000)
    assert (r["period"], r["preperiod"], r["proven"]) == (34, 52, True)
    # Dawson's Kayles is Dawson's Chess shifted by one heap: preperiod 53
    dk = nim_sequence("0.07", 1001)
    assert dk == brute_sequence(0, (0, 7), 400) + dk[401:]
    assert dk[1:] == nim_sequence("0.137", 1000)
    r = analyze_code("dawsons-kayles", 1000)
    assert (r["code"], r["period"], r["preperiod"], r["proven"]) == ("0.07", 34, 53, True)
    G = brute_sequence(0, (1, 3, 7), 400)
    assert all(G[n + 34] == G[n] for n in range(52, 400 - 34))
    assert G[51 + 34] != G[51]


def test_octal_0_4_harding_ottaway():
    """BE/BE on the path P_n is 0.4 on n - 1 tokens (Harding-Ottaway, Lemma 3.3).
    0.4 is Dawson's Kayles shifted by one (a, b >= 1 with a + b = n - 1 is
    a - 1 + b - 1 = (n - 1) - 2), so period 34 as the paper says, but its
    largest value is 9, not 7 as the paper says."""
    G = nim_sequence("0.4", 600)
    assert G == brute_sequence(0, (4,), 600)
    assert G[1:] == nim_sequence("0.07", 599)
    r = analyze_code("0.4", 600)
    assert (r["period"], r["preperiod"], r["proven"]) == (34, 54, True)
    assert max(G) == 9 and max(G[54 : 54 + 34]) == 9


def test_3_repeating_4_khandhawit_ye():
    """Khandhawit-Ye (remark after Theorem 5) give the nim-sequence of .3(4) from
    heap 1 as 101232454676 repeated. The first twelve values agree, but the
    sequence is arithmetic-periodic (period 3, saltus 2), not periodic."""
    G = nim_sequence("0.3(4)", 150)
    assert G == brute_sequence(0, (3,), 150, repeating=4)
    assert G[1:13] == [1, 0, 1, 2, 3, 2, 4, 5, 4, 6, 7, 6]
    assert G[13:25] != G[1:13]
    assert G[13:19] == [8, 9, 8, 10, 11, 10]
    r = analyze_code("0.3(4)", 150)
    assert (r["period"], r["preperiod"], r["saltus"], r["proven"]) == (3, 4, 2, False)
    assert all(G[n + 3] == G[n] + 2 for n in range(4, 148))
    assert G[3 + 3] != G[3] + 2


def test_octal_0_6_direct_matches_brute_force():
    G = nim_sequence("0.6", 500)
    assert G == brute_sequence(0, (6,), 500)
    r = analyze_code(".6", 500)
    assert r["code"] == "0.6" and r["period"] is None and r["preperiod"] is None
    assert r["proven"] is False and r["saltus"] == 0


@pytest.mark.parametrize(
    "before,digits,repeating",
    [(0, (7, 7), 0), (0, (0, 7), 0), (0, (1, 3, 7), 0), (0, (6,), 0), (0, (4,), 0),
     (4, (0, 7), 0), (4, (), 0), (0, (4, 4, 4), 0), (0, (3,), 4), (0, (), 3), (0, (5,), 6)],
)  # fmt: skip
def test_small_positions_without_xor(before, digits, repeating):
    code = code_text(before, digits, repeating)
    assert nim_sequence(code, 11) == brute_position_values(before, digits, 11, repeating)


# the direct computation with and without the periodicity shortcut, and with
# the bitset test of splits on large heaps, against the brute force
SHORTCUT_CODES = [
    (0, (7, 7)), (0, (0, 7)), (0, (1, 3, 7)), (0, (4,)), (0, (6,)), (0, (7,)),
    (4, (0, 7)), (4, (1,)), (0, (1, 5)), (0, (5, 1, 4)), (0, (3, 4, 1)), (0, (2, 6)),
]  # fmt: skip


@pytest.mark.parametrize("before,digits", SHORTCUT_CODES)
def test_periodicity_extension_equals_direct(before, digits):
    code = code_text(before, digits)
    direct = nim_sequence(code, 600, periodicity=False)
    assert direct == brute_sequence(before, digits, 600)
    assert nim_sequence(code, 600) == direct
    r = analyze_code(code, 600)
    assert r["sequence"] == direct
    if r["proven"]:
        p, n0 = r["period"], r["preperiod"]
        assert all(direct[n + p] == direct[n] for n in range(n0, 600 - p))
        assert n0 == 0 or direct[n0 - 1 + p] != direct[n0 - 1]


# the three ways of listing split options on large heaps (bitsets, numpy, a
# plain loop), each forced in turn, on games with few values (0.106: bitsets
# apply throughout) and many values (0.6, 0.007 and .3(4))
PATHS = {
    "default": {},
    "no numpy": {"_np": None},
    "no bitsets": {"_BITSET_MAX_VALUES": 0},
    "plain loop": {"_np": None, "_BITSET_MAX_VALUES": 0},
    "no numpy, early": {"_np": None, "_LOOP_MAX_HEAP": 4},
    "no bitsets, early": {"_BITSET_MAX_VALUES": 0, "_LOOP_MAX_HEAP": 4},
    "early": {"_LOOP_MAX_HEAP": 4},
}


@pytest.mark.parametrize("path", list(PATHS))
def test_every_split_path_matches_brute_force(path, monkeypatch):
    for name, value in PATHS[path].items():
        monkeypatch.setattr(octal_sequence, name, value)
    for before, digits, repeating, n in [
        (0, (6,), 0, 700), (0, (1, 0, 6), 0, 700), (0, (0, 0, 7), 0, 400), (0, (3,), 4, 300),
        (4, (1,), 0, 300), (0, (4, 4), 5, 200),
    ]:  # fmt: skip
        code = code_text(before, digits, repeating)
        assert nim_sequence(code, n, periodicity=False) == brute_sequence(before, digits, n, repeating)


@pytest.mark.parametrize("path", ["default", "no numpy"])
def test_long_direct_runs(path, monkeypatch):
    for name, value in PATHS[path].items():
        monkeypatch.setattr(octal_sequence, name, value)
    # 0.6 is not periodic this early: every value comes from the direct computation
    assert nim_sequence("0.6", 1500) == brute_sequence(0, (6,), 1500)


finite_codes = st.tuples(
    st.sampled_from([0, 4]), st.lists(st.integers(0, 7), min_size=1, max_size=4).map(tuple)
)


@settings(max_examples=150, deadline=None)
@given(finite_codes)
def test_random_finite_codes_against_brute_force(code):
    before, digits = code
    assert nim_sequence(code_text(before, digits), 40) == brute_sequence(before, digits, 40)


@settings(max_examples=60, deadline=None)
@given(finite_codes, st.integers(1, 7))
def test_random_repeating_codes_against_brute_force(code, repeating):
    before, digits = code
    assert nim_sequence(code_text(before, digits, repeating), 40) == brute_sequence(
        before, digits, 40, repeating
    )


@settings(max_examples=100, deadline=None)
@given(finite_codes)
def test_random_proven_periods_hold_further(code):
    """A period proven from G(0..60) must hold on the brute force to 300, be the
    least period there, and have the least preperiod."""
    before, digits = code
    r = analyze_code(code_text(before, digits), 60)
    if not r["proven"]:
        assert r["period"] is None and r["preperiod"] is None
        return
    p, n0 = r["period"], r["preperiod"]
    G = brute_sequence(before, digits, 300)
    assert r["sequence"] == G[:61]
    assert all(G[n + p] == G[n] for n in range(n0, 300 - p))
    assert n0 == 0 or G[n0 - 1 + p] != G[n0 - 1]
    for q in range(1, p):  # a smaller period fails in every window of p heaps
        assert any(G[n + q] != G[n] for n in range(n0, n0 + p))


def test_not_proven_before_enough_values():
    # Kayles: proof needs G(0..2*71 + 2*12 + 2 - 1) = G(0..167)
    assert analyze_code("0.77", 166)["proven"] is False
    assert analyze_code("0.77", 166)["period"] is None
    assert analyze_code("0.77", 167)["proven"] is True


def test_preperiod_zero_needs_one_more_check():
    """The periodicity theorem needs n0 >= 1: for 0.04 the values G(0..3) are
    all 0, which satisfies its condition with n0 = 0, p = 1, t = 2, but G(4) = 1."""
    assert brute_sequence(0, (0, 4), 4) == [0, 0, 0, 0, 1]
    for n in range(0, 12):
        r = analyze_code("0.04", n)
        assert r["sequence"] == brute_sequence(0, (0, 4), n)
        assert not (r["proven"] and r["period"] == 1)
    # preperiod 0 is proven from G(0..2p + t + 1): 0.3 has p = 2, t = 1
    assert analyze_code("0.3", 5)["proven"] is False
    assert (analyze_code("0.3", 6)["period"], analyze_code("0.3", 6)["preperiod"]) == (2, 0)
    assert "0 <= n < 2*1 + 2 + 1 = 5" in format_report(analyze_code("0.3", 6))


@settings(max_examples=300, deadline=None)
@given(finite_codes, st.integers(0, 30))
def test_random_proofs_from_few_values_hold_further(code, up_to):
    """Whatever is proven from very few values must hold far beyond them."""
    before, digits = code
    r = analyze_code(code_text(before, digits), up_to)
    if not r["proven"]:
        return
    p, n0 = r["period"], r["preperiod"]
    G = brute_sequence(before, digits, 150)
    assert r["sequence"] == G[: up_to + 1]
    assert all(G[n + p] == G[n] for n in range(n0, 150 - p))
    assert n0 == 0 or G[n0 - 1 + p] != G[n0 - 1]
    assert nim_sequence(code_text(before, digits), 150) == G


def test_trivial_and_split_codes():
    assert analyze_code("0.0", 1)["proven"] is False  # needs G(0..2)
    assert analyze_code("0.0", 10) == {
        "code": "0.0", "sequence": [0] * 11, "period": 1, "preperiod": 0, "saltus": 0, "proven": True,
    }  # fmt: skip
    r = analyze_code("4.", 30)
    assert r["code"] == "4.0" and r["sequence"] == brute_sequence(4, (), 30)
    assert (r["period"], r["preperiod"], r["proven"]) == (2, 1, True)
    nim = analyze_code("0.(3)", 40)  # nim itself: G(n) = n
    assert nim["sequence"] == list(range(41))
    assert (nim["period"], nim["preperiod"], nim["saltus"], nim["proven"]) == (1, 0, 1, False)
    assert analyze_code("0.77", 0)["sequence"] == [0]


def test_benchmark_sizes_are_fast():
    start = time.perf_counter()
    k = nim_sequence("0.77", 100_000)
    d = nim_sequence("0.07", 100_000)
    assert time.perf_counter() - start < 10
    assert k[100_000] == k[71 + (100_000 - 71) % 12]
    assert d[100_000] == d[53 + (100_000 - 53) % 34]


# --------------------------------------------------------------------------
# codes


@pytest.mark.parametrize(
    "text,canonical",
    [("0.07", "0.07"), (".6", "0.6"), ("0.77", "0.77"), ("0.4", "0.4"), ("0.137", "0.137"),
     ("0.3(4)", "0.3(4)"), (".34(4)", "0.3(4)"), ("0.3(0)", "0.3"), ("0.770", "0.77"),
     ("0.", "0.0"), ("4.", "4.0"), ("4.07", "4.07"), ("  0.6 ", "0.6"), ("0.(7)", "0.(7)"),
     ("Kayles", "0.77"), ("dawsons-kayles", "0.07"), ("Dawson's Chess", "0.137")],
)  # fmt: skip
def test_parse_canonical(text, canonical):
    code = OctalCode.parse(text)
    assert str(code) == canonical
    assert OctalCode.parse(str(code)) == code


def test_code_fields():
    c = OctalCode.parse("0.3(4)")
    assert (c.before, c.digits, c.repeating, c.max_removal) == (0, (3,), 4, None)
    assert [c.digit(k) for k in range(6)] == [0, 3, 4, 4, 4, 4]
    k = OctalCode.parse("0.137")
    assert k.max_removal == 3 and k.digit(4) == 0 and k.digit(0) == 0
    assert OctalCode.parse("4.0").max_removal == 0 and OctalCode.parse("4.0").digit(0) == 4
    assert OctalCode(0, (7, 7, 0)) == OctalCode.parse("0.77")
    assert OctalCode.parse("kayles").name == "kayles" and OctalCode.parse("0.6").name is None
    assert dict(KNOWN) == {"kayles": "0.77", "dawsons-kayles": "0.07", "dawsons-chess": "0.137"}
    with pytest.raises(InputError, match=">= 0"):
        c.digit(-1)
    with pytest.raises(InputError):
        OctalCode(0, (8,))
    with pytest.raises(InputError, match="0 or 4"):
        OctalCode(2, (7,))


@pytest.mark.parametrize(
    "text,message",
    [
        ("", "empty"),
        ("   ", "empty"),
        ("0.8", "'8' is not an octal digit"),
        ("0.79", "'9' is not an octal digit"),
        ("0.7a", "'a' is not an octal digit"),
        ("-0.7", "'-' is not an octal digit"),
        ("0.7 7", "' ' is not an octal digit"),
        ("077", "missing point"),
        ("7", "missing point"),
        ("0.7.7", "more than one point"),
        ("3.07", "before the point must be 0 or 4"),
        ("44.07", "at most one digit before the point"),
        ("0.3(4", "unbalanced parentheses"),
        ("0.34)", "unbalanced parentheses"),
        ("0.3)4(", "unbalanced parentheses"),
        ("0.3()", "empty parentheses"),
        ("0.3(45)", "only a single repeating digit is supported"),
        ("0.(4)5", "must come last"),
        ("0.(4)(5)", "only one repeating digit"),
        ("(4).3", "after the point"),
        ("0.3(8)", "'8' is not an octal digit"),
    ],
)
def test_malformed_codes(text, message):
    with pytest.raises(InputError, match=message.replace("(", r"\(").replace(")", r"\)")) as info:
        OctalCode.parse(text)
    assert "\n" not in str(info.value)
    with pytest.raises(InputError):
        analyze_code(text, 10)


def test_bad_arguments():
    with pytest.raises(InputError, match="must be a string"):
        OctalCode.parse(77)
    for bad in (-1, 2.5, "10", True, None):
        with pytest.raises(InputError, match="up_to"):
            nim_sequence("0.77", bad)
    with pytest.raises(TooLargeError):
        nim_sequence("0.77", 10**8)
    with pytest.raises(InputError, match="periodicity"):
        nim_sequence("0.77", 5, periodicity="no")


# --------------------------------------------------------------------------
# report


def test_report_proven():
    text = format_report(analyze_code("kayles", 200))
    assert text.splitlines()[0] == "octal game 0.77 (kayles): nim-values G(0..200)"
    assert "period 12, preperiod 71: G(n + 12) = G(n) for n >= 71" in text
    assert "proven by the octal periodicity theorem" in text
    assert "71 <= n < 2*71 + 12 + 2 = 156" in text and "G(0..167)" in text
    rows = [line for line in text.splitlines() if "|" in line]
    values = [int(v) for line in rows for v in line.split("|")[1].split()]
    assert values == nim_sequence("0.77", 200)
    assert all(len(line) <= 79 for line in text.splitlines()[:-1])


def test_report_observed_and_none():
    text = format_report(analyze_code("0.3(4)", 60))
    assert "arithmetic period 3, saltus 2, preperiod 4" in text
    assert "not proven" in text and "repeating digit" in text
    assert "none proven" in format_report(analyze_code("0.6", 100))
    assert "none observed" in format_report(analyze_code("0.3(4)", 5))
    with pytest.raises(InputError, match="missing"):
        format_report({"code": "0.77"})


def test_misere_outcomes_equal_graph_games_on_paths():
    """Misère Kayles on a heap of m is misère Graph Nim on a path with m edges,
    and misère 0.4 is misère BE/BE on it (Harding-Ottaway Lemma 3.3): two
    independent searches (heap multisets here, whole graphs in grundy.games.graphs.misere)."""
    import networkx as nx

    from grundy import Graph
    from grundy.games.graphs.misere import MisereSolver
    from grundy.games.octal import misere_outcomes

    for code, game in (("0.77", "graph-nim"), ("0.4", "be-be")):
        s = MisereSolver(game)
        paths = ["N" if s.is_n(Graph.from_networkx(nx.path_graph(m + 1)).adj) else "P" for m in range(14)]
        assert misere_outcomes(code, 13) == paths, code


def test_misere_outcomes_bad_input():
    from grundy.errors import TooLargeError
    from grundy.games.octal import MAX_MISERE_HEAP, misere_outcomes

    with pytest.raises(TooLargeError):
        misere_outcomes("0.77", MAX_MISERE_HEAP + 1)
    with pytest.raises(InputError):
        misere_outcomes("0.9", 5)


# --------------------------------------------------------------------------
# the misère moves of a heap check the clock past their generation


def test_octal_moves_check_the_clock_past_their_generation() -> None:
    # the moves of a heap of 1000 are generated with a check per number taken
    # (1001 calls), then sorted and listed: about 250,000 of them, a second of
    # work that ran with no check (--time-limit 0.1 stopped only by the
    # command's backstop, after 1.11 s)
    from grundy.games.octal.misere import _misere_options
    from grundy.games.octal.code import _as_code
    from grundy.kinds.octal import octal_moves

    code = _as_code("0.3(4)")
    generation = 0

    def count_generation(made: int) -> None:
        nonlocal generation
        generation += 1

    moves = len(_misere_options(code, (1000,), count_generation))
    calls = 0

    def stop_after_generation(made: int) -> None:
        nonlocal calls
        calls += 1
        if calls > generation:
            raise RuntimeError("stopped")

    with pytest.raises(RuntimeError, match="stopped"):
        octal_moves(code, (1000,), stop_after_generation)
    assert generation == 1001 and moves > 200_000
    calls = 0
    everything = octal_moves(code, (1000,), lambda made: None)
    assert len(everything) == moves

    def count(made: int) -> None:
        nonlocal calls
        calls += 1

    octal_moves(code, (1000,), count)
    assert calls >= generation + moves // 1024, (calls, generation, moves)


@pytest.mark.parametrize("code", ["0.07", "0.77", "4.07", "0.3(4)", "0.(7)", "0.1(3)", "4.(6)", "0.(3)", "0.6", "4.0(5)"])
def test_the_counted_moves_are_the_moves_made(code: str) -> None:
    # heap_moves counts in closed form what octal_moves makes (before equal results merge);
    # the count for a heap of 100,000 had taken a digit lookup per token (39 s for 1,000 heaps)
    from grundy.games.octal.code import _as_code
    from grundy.kinds.octal import heap_moves

    c = _as_code(code)

    def made(h: int) -> int:  # one per result, as the code's digits allow, before merging
        n = c.before & 4 and h // 2
        for k in range(1, h + 1):
            d, left = c.digit(k), h - k
            n += bool(d & 1 and not left) + bool(d & 2 and left) + (left // 2 if d & 4 else 0)
        return n

    for heaps in [(1,), (2, 2, 7), (13,), (0, 5, 31, 31), tuple(range(40))]:
        assert heap_moves(c, heaps, 10**12) == sum(made(h) for h in heaps), heaps


@pytest.mark.parametrize("code", ["0.07", "0.77", "4.07", "0.3(4)", "0.137", "0.6", "0.(3)"])
def test_the_first_winning_move_found_lazily_is_a_winning_move(code: str) -> None:
    # --outcome finds one winning move without listing every move (a heap of 100,000 under
    # 0.(7) has 2.5 billion); it must be one of those the full listing finds, and none for P
    import random

    import grundy

    rng = random.Random(code)
    for _ in range(12):
        heaps = ",".join(str(rng.randint(0, 24)) for _ in range(rng.randint(1, 3)))
        spec = f"octal:{code}:{heaps}"
        whole = grundy.analyze(spec)
        fast = grundy.analyze(spec, outcome=True)
        assert fast.outcome == whole.outcome, spec
        if whole.outcome == "P":
            assert fast.winning_moves == [] and whole.winning_moves == []
        else:
            (move,) = fast.winning_moves
            assert move in whole.winning_moves, (spec, move, whole.winning_moves)


def test_answers_that_list_no_move_are_not_refused_for_their_moves() -> None:
    # the refusal of more than 1,000,000 moves to list applies where every move is listed
    import grundy
    from grundy.errors import TooLargeError

    with pytest.raises(TooLargeError, match="too many moves to list"):
        grundy.analyze("octal:0.(7):3000")  # 2.25 million moves
    fast = grundy.analyze("octal:0.(7):3000", outcome=True)
    assert fast.outcome == "N" and fast.value == 3000
    (move,) = fast.winning_moves
    after = move.to_json()["to"]  # the first in the listing's order: take the whole heap
    assert after == [] or grundy.nim_value("octal:0.(7):" + ",".join(map(str, after))) == 0
    (move,) = grundy.analyze("octal:0.(7):3000,7", outcome=True).winning_moves
    after = ",".join(str(h) for h in move.to_json()["to"])  # heap 1 must go to value 7
    assert grundy.nim_value(f"octal:0.(7):{after},7") == 0
    assert grundy.nim_value("octal:0.(7):2100") == 2100  # value alone (grundy form): no listing
    # normal play lists its moves after the value: --max-positions (the nim-sequence's heaps) does
    # not bound that list (it had stopped octal:0.07:60 with the value known)
    assert grundy.analyze("octal:0.07:60", max_positions=100).value == 2


def test_a_long_move_list_is_sorted_in_runs_with_a_check_between() -> None:
    # the sort of the half million moves of octal:0.(7):1400 took half a second with no check,
    # and misère --time-limit 1 stopped after 1.6-1.8 s: the list is now sorted in runs, the
    # clock checked before each, and merged lazily, in sorted() order
    import random

    from grundy.kinds.heaps import sorted_checked

    items = [tuple(random.Random(i).choices(range(40), k=i % 3 + 1)) for i in range(5_000)]
    calls = []
    assert list(sorted_checked(items, calls.append, run=256)) == sorted(items)
    assert len(calls) == -(-len(items) // 256)  # one check before each run's sort
    assert list(sorted_checked(items, None, run=256)) == sorted(items)

    def stop_after_two(made: int) -> None:
        calls.append(made)
        if len(calls) > 2:
            raise RuntimeError("stopped")

    calls = []
    with pytest.raises(RuntimeError, match="stopped"):
        sorted_checked(items, stop_after_two, run=256)
    assert len(calls) == 3  # stopped at the third run, the rest never sorted


@pytest.mark.parametrize("code", ["0.(7)", "0.77", "0.137", "4.07", "0.3(4)", "0.6", "0.(3)", "0.04"])
def test_the_first_winning_move_is_the_plain_scans(code: str) -> None:
    # the lazy first winning move looks for a pair (f, b) among the heaps b of the value it needs
    # (0.(7) with heaps 30,000 and 40,000 scanned heap 1's 225 million pairs, which cannot win,
    # for over 20 s); it must be the move a plain scan of every move in listing order finds first
    import random

    from grundy.games.octal import nim_sequence
    from grundy.games.octal.code import _as_code
    from grundy.kinds.octal import _first_winning_move

    c = _as_code(code)
    rng = random.Random(code)

    def digit(k: int) -> int:
        return c.digit(k) if k else c.before

    def plain(heaps: tuple[int, ...], seq: list[int], total: int) -> dict | None:
        if not total:
            return None
        for i, h in enumerate(heaps):
            if not h:
                continue
            want = total ^ seq[h]
            if want == 0 and digit(h) & 1:
                return {"heap": i + 1, "to": []}
            for f in range(1, h):
                if digit(h - f) & 2 and seq[f] == want:
                    return {"heap": i + 1, "to": [f]}
                for b in range(f, h - f + 1):
                    if digit(h - f - b) & 4 and seq[f] ^ seq[b] == want:
                        return {"heap": i + 1, "to": [f, b]}
        raise AssertionError("no winning move")

    for heaps in [(30, 40), (60, 7, 90), *(tuple(rng.randint(0, 70) for _ in range(rng.randint(1, 4)))
                                          for _ in range(25))]:
        seq = nim_sequence(c, max(heaps) + 1)
        total = 0
        for h in heaps:
            total ^= seq[h]
        assert _first_winning_move(c, heaps, seq, total, lambda made: None) == plain(heaps, seq, total), heaps
    if code == "0.(7)":  # G(n) = n: heap 30 must reach 30 ^ 30 ^ 40 = 40 > 30, which it cannot
        seq = nim_sequence(c, 41)
        assert _first_winning_move(c, (30, 40), seq, 30 ^ 40, lambda made: None)["heap"] == 2
