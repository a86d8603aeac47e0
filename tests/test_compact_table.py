"""The compact table (grundy.core._compiled.CompactTable) against a dict.

Random sequences of writes and reads give the answers of a dict keyed by
the key (full digest) or, with a digest of a few bits, of a dict keyed by
the digest: there keys collide on purpose, and the table must behave as a
table of digests (never crash, lose or mix up slots while probing and
growing). Values of 32767 and more and masks of 64 bits and more take the
overflow path.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

compiled = pytest.importorskip("grundy.core._compiled")
CompactTable = compiled.CompactTable

from grundy.core.table import Table  # noqa: E402
from grundy.games.graphs.game import Solver  # noqa: E402
from grundy.games.graphs.theory import Theory  # noqa: E402

KEYS = st.binary(min_size=0, max_size=24)
VALUES = st.one_of(st.integers(0, 40), st.integers(32760, 40000))
MASKS = st.one_of(st.integers(0, 2**10), st.integers(0, 2**80))
OPS = st.lists(
    st.tuples(st.sampled_from(["value", "excluded", "pop", "irreducible"]), st.integers(0, 59), VALUES, MASKS),
    max_size=400,
)


def _run(ops: list, keys: list[bytes], table: CompactTable, ident) -> None:
    """Apply ``ops`` to ``table`` and to a model dict keyed by
    ``ident(key)``; every read agrees after every write."""
    values: dict = {}
    excluded: dict = {}
    marked: set = set()
    for op, i, v, m in ops:
        key = keys[i % len(keys)]
        k = ident(key)
        if op == "value":
            table.values[key] = v
            values[k] = v
        elif op == "excluded":
            table.not_values[key] = m
            excluded[k] = m
        elif op == "pop":
            assert table.not_values.pop(key, None) == (excluded.pop(k, 0) or None)
        else:
            table.irreducible.add(key)
            marked.add(k)
        for probe in keys:
            p = ident(probe)
            assert table.values.get(probe) == values.get(p)
            assert (probe in table.values) == (p in values)
            assert table.not_values.get(probe, 0) == excluded.get(p, 0)
            assert (probe in table.irreducible) == (p in marked)
        assert len(table.values) == len(values)
        assert len(table.not_values) == sum(1 for x in excluded.values() if x)
        assert len(table.irreducible) == len(marked)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(KEYS, min_size=1, max_size=60, unique=True), OPS)
def test_full_digest_is_a_dict(keys: list[bytes], ops: list) -> None:
    """95 bits: the table answers exactly as a dict of keys (no collision
    among the few keys drawn, checked)."""
    table = CompactTable(capacity=0)  # 16 slots: growth and probing at once
    assert len({table.digest(k) for k in keys}) == len(keys)
    _run(ops, keys, table, lambda k: k)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(KEYS, min_size=2, max_size=60, unique=True), OPS, st.integers(1, 8))
def test_tiny_digest_is_a_dict_of_digests(keys: list[bytes], ops: list, bits: int) -> None:
    """A digest of 1-8 bits: keys collide, and the table is exactly a dict
    keyed by the digest."""
    table = CompactTable(capacity=0, digest_bits=bits)
    _run(ops, keys, table, table.digest)


def test_tiny_digest_collides() -> None:
    """The tiny digests of the test above do make different keys collide."""
    table = CompactTable(digest_bits=4)
    keys = [bytes([i]) for i in range(64)]
    assert len({table.digest(k) for k in keys}) <= 16
    table.values[keys[0]] = 5
    clash = next(k for k in keys[1:] if table.digest(k) == table.digest(keys[0]))
    assert table.values.get(clash) == 5


def test_overflow_values_and_masks() -> None:
    table = CompactTable()
    table.values[b"a"] = 2**40
    table.not_values[b"b"] = (1 << 100) | 1
    table.values[b"c"] = 32766
    assert table.values[b"a"] == 2**40
    assert table.not_values[b"b"] == (1 << 100) | 1
    assert table.values[b"c"] == 32766
    assert table.overflow == 2
    table.values[b"a"] = 3
    table.not_values[b"b"] = 2
    assert table.overflow == 0 and table.values[b"a"] == 3 and table.not_values[b"b"] == 2


def test_bad_arguments() -> None:
    with pytest.raises(ValueError):
        CompactTable(digest_bits=0)
    with pytest.raises(ValueError):
        CompactTable(digest_bits=96)
    with pytest.raises(ValueError):
        CompactTable(capacity=-1)
    table = CompactTable()
    with pytest.raises(ValueError):
        table.values[b"x"] = -1
    with pytest.raises(KeyError):
        table.values[b"missing"]
    with pytest.raises(TypeError, match="digests, not keys"):
        list(table.values)
    with pytest.raises(ValueError):
        table.load(b"short", 1, 0)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(KEYS, st.one_of(st.none(), VALUES), MASKS), max_size=300))
def test_drain_and_load_round_trip(rows: list) -> None:
    """What is drained (the slots written since the last drain) and loaded
    into a new table gives the same table; a second drain is empty."""
    table = CompactTable(capacity=0, track_writes=True)
    for key, value, mask in rows:
        if value is None:
            table.not_values[key] = mask
        else:
            table.values[key] = value
            table.not_values.pop(key)
    drained = table.drain()
    assert table.drain() == []
    again = CompactTable()
    for digest, value, mask in drained:
        again.load(digest, value, mask)
    # a file keeps a value or, without one, the excluded mask (as the search writes them)
    want = {d: (v, 0 if v is not None else x, False) for d, (v, x, _) in table.snapshot().items() if v is not None or x}
    assert again.snapshot() == want
    # loading does not mark slots as written
    tracked = CompactTable(track_writes=True)
    for digest, value, mask in drained:
        tracked.load(digest, value, mask)
    assert tracked.drain() == []


def test_digests_of_a_real_search_are_distinct() -> None:
    """Every canonical key of a search (Graph Chomp on the wheel W_13 and
    the complete bipartite K_{4,5}, dict tables) has its own digest."""
    keys: set[bytes] = set()
    for adj in _graphs():
        s = Solver(Theory(), compact=False)
        s.value_of(*s.decompose(adj))
        keys |= set(s.values) | set(s.not_values) | set(s.irreducible)
    table = CompactTable()
    assert len(keys) > 1000
    assert len({table.digest(k) for k in keys}) == len(keys)


def _graphs() -> list[tuple[int, ...]]:
    from grundy.games.graphs.families import build_family

    return [build_family("wheel:13").adj, build_family("multipartite:4,5").adj]


def test_same_search_compact_or_dicts() -> None:
    """The same search on a compact table and on dicts: same value, same
    positions, and the compact table holds one slot per key the dicts hold."""
    results = []
    for compact in (True, False):
        s = Solver(Theory(), compact=compact)
        value = s.value_of(*s.decompose(build_wheel(15)))
        results.append((value, s.stats.positions, len(s.values), len(s.not_values)))
    assert results[0] == results[1]


def build_wheel(n: int) -> tuple[int, ...]:
    from grundy.games.graphs.families import build_family

    return build_family(f"wheel:{n}").adj


def test_bytes_per_position() -> None:
    """A grown table spends at most 48 bytes per stored position (slots 24
    bytes, at least half full once grown)."""
    s = Solver(Theory(), compact=True)
    s.value_of(*s.decompose(build_wheel(17)))
    table = s.table.compact
    assert table.entries > 10_000
    assert table.bytes_used <= 48 * table.entries


def test_file_round_trip(tmp_path) -> None:
    """A compact table's rows written to a file and read back give the same
    table; a compact table also reads a dict table's rows (by digest)."""
    path = str(tmp_path / "t.sqlite")
    s = Solver(Theory(), table=path, compact=True)
    want = s.value_of(*s.decompose(build_wheel(13)))
    s.close()
    again = Table(path, "graph:chomp", compact=True)
    assert again.loaded == len(again.compact.snapshot()) > 0
    assert {d: r[:2] for d, r in again.snapshot().items()} == {
        d: r[:2] for d, r in s.table.snapshot().items() if r[0] is not None or r[1]
    }
    resumed = Solver(Theory(), table=path, compact=True)
    assert resumed.value_of(*resumed.decompose(build_wheel(13))) == want
    assert resumed.stats.positions == 0
    # the other way: a dict table's file read by a compact table
    path2 = str(tmp_path / "d.sqlite")
    d = Solver(Theory(), table=path2, compact=False)
    d.value_of(*d.decompose(build_wheel(11)))
    d.close()
    c = Solver(Theory(), table=path2, compact=True)
    assert c.loaded == len(d.values) + sum(1 for k in d.not_values if k not in d.values)
    for key, value in d.values.items():
        assert c.values[key] == value


def test_environment_variable_gives_dicts(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GRUNDY_NO_COMPACT", "1")
    assert Table().compact is None and isinstance(Table().values, dict)
    monkeypatch.setenv("GRUNDY_NO_COMPACT", "0")
    assert Table().compact is not None


def test_no_leak_of_keys_in_memory() -> None:
    """A compact table keeps no bytes objects: its size does not depend on
    the keys' lengths."""
    a, b = CompactTable(), CompactTable()
    for i in range(5000):
        a.values[os.urandom(8)] = i % 7
        b.values[os.urandom(400)] = i % 7
    assert a.bytes_used == b.bytes_used
