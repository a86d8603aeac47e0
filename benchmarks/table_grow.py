"""Peak memory of a compact table that grows, against its slot array at the end.

Usage:
    python benchmarks/table_grow.py 60000000     # store 60 million positions

Stores N positions (8-byte keys, value = index mod 7) in a ``CompactTable``
that starts at 1,024 slots and grows by half each time it is three quarters
full, then checks every value. Prints the slot array's bytes at the end
(``bytes_used``), the process's peak resident memory (``ru_maxrss``, which
includes the interpreter, about 20 MB) and their ratio: with both arrays of a
growth held at once the peak is up to 2.5/1.5 = 1.67 times the final array
(or 2.5 times the array before the growth); handing the old array back as it
is copied keeps it near the larger array. Exit 1 if a value is wrong.
"""
import resource
import sys
import time

from grundy.core._compiled import CompactTable

n = int(sys.argv[1])
t = CompactTable()
start = time.process_time()
for i in range(n):
    t.values[i.to_bytes(8, "little")] = i % 7
cpu = time.process_time() - start
bad = sum(1 for i in range(n) if t.values.get(i.to_bytes(8, "little")) != i % 7)
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
used = t.bytes_used
print(f"{n} positions, {t.capacity} slots: slot array {used / 2**20:.0f} MiB, "
      f"peak RSS {peak / 2**20:.0f} MiB ({peak / used:.2f}x the array), inserts {cpu:.1f} s CPU, wrong values {bad}")
sys.exit(1 if bad else 0)
