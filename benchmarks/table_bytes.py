"""Bytes of the search's table itself, dict table against compact table.

Usage:
    python benchmarks/table_bytes.py 21       # Graph Chomp on the wheel W_21, both tables

Searches W_n once with each kind of table and prints the table's bytes: for
dicts, the three containers plus every distinct key object (small ints are
shared and not counted); for the compact table, its slot array, write list
and Bloom filters (``CompactTable.bytes_used``). Per stored position (values
plus partial entries) and per key or slot (every key the table holds,
irreducible marks included).
"""
import sys
from grundy.games.graphs.families import build_family
from grundy.games.graphs.game import Solver
from grundy.games.graphs.theory import Theory

n = int(sys.argv[1])
adj = build_family(f"wheel:{n}").adj
for compact in (False, True):
    s = Solver(Theory(), compact=compact)
    v = s.value_of(*s.decompose(adj))
    t = s.table
    stored = len(t.values) + len(t.not_values)
    if compact:
        nbytes = t.compact.bytes_used
        entries = t.compact.entries
    else:
        seen = {}
        for c in (t.values, t.not_values, t.irreducible):
            for k in c:
                seen[id(k)] = sys.getsizeof(k)
        ints = sum(sys.getsizeof(x) for x in t.not_values.values() if x >= 2**30)  # small ints are shared
        nbytes = sys.getsizeof(t.values) + sys.getsizeof(t.not_values) + sys.getsizeof(t.irreducible) + sum(seen.values()) + ints
        entries = len(set(t.values) | set(t.not_values) | set(t.irreducible))
    print(f"W_{n} {'compact' if compact else 'dicts'}: value {v}, positions {s.stats.positions}, "
          f"values {len(t.values)}, partial {len(t.not_values)}, keys/slots {entries}, "
          f"table bytes {nbytes} = {nbytes / stored:.1f} per stored position ({nbytes / entries:.1f} per key/slot)")
