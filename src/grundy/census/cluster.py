"""The census on a Dask distributed cluster (``grundy census --dask``).

The same shards as a local run (:mod:`grundy.census.build`), valued by Dask
workers layer by layer. A worker needs the values of every earlier layer:
they travel as *deltas*, one blob per finished layer (plus one for what the
run started with), scattered once; each worker process keeps the deltas it
has loaded in a table of its own (:data:`_WORKER_TABLES`) and loads only the
new ones. The client commits each finished shard to its table file as a
local run does, so a cluster run resumes like any other and its totals are
the local run's (tested on a ``LocalCluster``).
"""

from __future__ import annotations

from typing import Any

from grundy.census.build import Census, CensusSpec, Tables, value_shard
from grundy.errors import InputError

__all__ = ["run_on_dask"]

#: Per worker process: run token -> (its tables, names of the deltas loaded).
_WORKER_TABLES: dict[str, tuple[Tables, set[str]]] = {}

#: A delta: (name, order n, edges e or -1 for a mixed set, keys, values).
Delta = tuple[str, int, int, bytes, bytes]


def _worker_shard(token: str, spec: CensusSpec, n: int, e: int, res: int, mod: int,
                  deltas: list[Delta], generator: str = "geng", window: bool = True,
                  ) -> tuple[str, bytes, dict[str, Any]]:
    """Run on a Dask worker: load the deltas this process lacks into its
    :class:`Tables` (windowed as the client's), value the shard."""
    from grundy.census.geng import find_geng
    from grundy.games.graphs import _kernel as kernel

    if token not in _WORKER_TABLES:
        _WORKER_TABLES[token] = (Tables(kernel, spec, window), set())
    tables, loaded = _WORKER_TABLES[token]
    for name, dn, de, keys, values in deltas:
        if name in loaded:
            continue
        if de >= 0:
            tables.store(dn, de, keys, values)
        else:
            tables.memory.add(keys, values)
        loaded.add(name)
    extra = tables.extra(n, e)
    geng = find_geng() if generator == "geng" else None
    if generator == "geng" and geng is None:
        raise InputError("a Dask worker has no geng (the client's shards come from geng): install nauty there")
    return value_shard(tables.memory, spec, n, e, res, mod, geng, extra=extra)


def _reachable(address: str) -> None:
    """Fail at once, with one line, when nothing listens at a ``tcp://``
    address (Dask's client would retry for its whole timeout)."""
    import socket
    from urllib.parse import urlsplit

    parts = urlsplit(address if "://" in address else f"tcp://{address}")
    if parts.scheme != "tcp" or parts.hostname is None:
        return  # another protocol: left to Dask
    try:
        port = parts.port or 8786
        socket.create_connection((parts.hostname, port), timeout=10).close()
    except (OSError, ValueError) as exc:
        raise InputError(f"--dask {address}: cannot reach the scheduler: {exc}") from None


def _client(address: str, workers: int = 2) -> tuple[Any, Any]:
    """A Dask client (and the LocalCluster of ``workers`` processes it owns, for ``local``)."""
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise InputError("--dask needs dask.distributed: pip install 'grundy[dask]'") from None
    if address == "local":
        cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None)
        return Client(cluster), cluster
    _reachable(address)
    try:
        return Client(address, timeout=30), None
    except (OSError, TimeoutError, ValueError) as exc:
        raise InputError(f"--dask {address}: cannot reach the scheduler: {exc}") from None


def run_on_dask(census: Census, address: str, keep_data: bool = False) -> None:
    """Build ``census``'s layers on the Dask scheduler at ``address``
    (``tcp://host:8786``) or on a LocalCluster (``local``: ``census.workers``
    worker processes, at least 2). Finished shards are committed as in :meth:`Census.run`.

    Raises
    ------
    InputError
        If dask.distributed is missing or the scheduler cannot be reached.
    """
    import time
    import uuid

    from distributed import as_completed

    client, cluster = _client(address, max(2, census.workers))
    token = uuid.uuid4().hex
    spec = census.spec
    try:
        keys, values = census.memory.export()
        deltas: list[tuple[int, int, Any]] = [(-1, -1, client.scatter(("start", -1, -1, keys, values), broadcast=True))]
        for e, layer in census.layers.items():
            keys, values = layer.export()
            deltas.append((census.top, e, client.scatter((f"start:{e}", census.top, e, keys, values), broadcast=True)))
        census._start = time.perf_counter()
        for (n, e), todo in census.layers_to_do():
            if not todo:
                continue
            keep = keep_data and spec.reported(n, e)
            census.extra(n, e)  # the client drops what the workers drop
            if census.windowed and n == census.top:
                deltas = [d for d in deltas if d[0] != n or d[1] >= e - 1]
            sent = [d[2] for d in deltas]
            futures = [client.submit(_worker_shard, token, spec, n, e, r, mod, sent, census.generator, census.windowed,
                                     pure=False)
                       for (_n, _e, r, mod) in todo]
            layer_keys, layer_values = [], []
            for future in as_completed(futures):
                name, data, summary = future.result()
                census._commit(name, data, summary, keep)
                count = len(data) // 10
                layer_keys.append(data[: 8 * count])
                layer_values.append(data[8 * count : 9 * count])
                census.check_time()
            delta = (f"{n}:{e}", n, e, b"".join(layer_keys), b"".join(layer_values))
            deltas.append((n, e, client.scatter(delta, broadcast=True)))
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
