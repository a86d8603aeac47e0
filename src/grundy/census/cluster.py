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

from grundy.census.build import Census, CensusSpec, shard_name, value_shard
from grundy.errors import InputError

__all__ = ["run_on_dask"]

#: Per worker process: run token -> (census table, names of the deltas loaded).
_WORKER_TABLES: dict[str, tuple[Any, set[str]]] = {}


def _worker_shard(token: str, spec: CensusSpec, n: int, e: int, res: int, mod: int,
                  deltas: list[tuple[str, tuple[bytes, bytes]]]) -> tuple[str, bytes, dict[str, Any]]:
    """Run on a Dask worker: load the deltas this process lacks, value the shard."""
    from grundy.census.geng import find_geng
    from grundy.games.graphs import _kernel as kernel

    if token not in _WORKER_TABLES:
        table = kernel.CensusTable(1024)
        table.put(1 << 63, 1 if spec.misere else 0)
        _WORKER_TABLES[token] = (table, set())
    table, loaded = _WORKER_TABLES[token]
    for name, (keys, values) in deltas:
        if name not in loaded:
            table.add(keys, values)
            loaded.add(name)
    return value_shard(table, spec, n, e, res, mod, find_geng())


def _client(address: str) -> tuple[Any, Any]:
    """A Dask client (and the LocalCluster it owns, for ``local``)."""
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise InputError("--dask needs dask.distributed: pip install 'grundy[dask]'") from None
    if address == "local":
        cluster = LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None)
        return Client(cluster), cluster
    try:
        return Client(address, timeout=30), None
    except (OSError, TimeoutError, ValueError) as exc:
        raise InputError(f"--dask {address}: cannot reach the scheduler: {exc}") from None


def run_on_dask(census: Census, address: str, keep_data: bool = False) -> None:
    """Build ``census``'s layers on the Dask scheduler at ``address``
    (``tcp://host:8786``) or on a LocalCluster (``local``: two worker
    processes). Finished shards are committed as in :meth:`Census.run`.

    Raises
    ------
    InputError
        If dask.distributed is missing or the scheduler cannot be reached.
    """
    import uuid

    client, cluster = _client(address)
    token = uuid.uuid4().hex
    spec = census.spec
    try:
        start_keys, start_values = census.memory.export()
        deltas = [("start", client.scatter((start_keys, start_values), broadcast=True))]
        by_layer: dict[tuple[int, int], list[tuple[int, int, int, int]]] = {}
        for shard in census.shards():
            by_layer.setdefault(shard[:2], []).append(shard)
        for (n, e), shards in by_layer.items():
            todo = []
            for s in shards:
                name = shard_name(spec.cls, *s)
                if name in census.summaries:
                    if census.progress is not None:
                        census.progress(census.summaries[name]["graphs"])
                    continue
                todo.append(s)
            if not todo:
                continue
            keep = keep_data and spec.reported(n, e)
            futures = [client.submit(_worker_shard, token, spec, n, e, r, mod, list(deltas), pure=False)
                       for (_n, _e, r, mod) in todo]
            keys, values = [], []
            from distributed import as_completed

            for future in as_completed(futures):
                name, data, summary = future.result()
                census._commit(name, data, summary, keep)
                count = len(data) // 10
                keys.append(data[: 8 * count])
                values.append(data[8 * count : 9 * count])
            deltas.append((f"{n}:{e}", client.scatter((b"".join(keys), b"".join(values)), broadcast=True)))
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
