"""Whole classes of graphs, unlabelled: nauty's ``geng``, or networkx's atlas
for small orders where no geng is installed.

``geng`` (McKay, *nauty and Traces*; Debian package ``nauty``, where it is
installed as ``nauty-geng``) writes one graph6 line per isomorphism class of
graphs with the requested order, edge range and properties, and splits a
class into ``mod`` disjoint shards (``res/mod``) that together make the
whole class. Without it, graphs on at most :data:`ATLAS_MAX_VERTICES`
vertices come from networkx's ``graph_atlas_g`` (the 1,253 graphs of
Read and Wilson's *An Atlas of Graphs*), filtered by networkx's own
predicates and sharded by position in the atlas.
"""

from __future__ import annotations

import shutil
import subprocess
from dataclasses import dataclass
from functools import lru_cache

from grundy.errors import InputError

__all__ = ["ATLAS_MAX_VERTICES", "GENG_HINT", "GraphClass", "find_geng", "generate"]

#: The largest order networkx's atlas holds every graph of.
ATLAS_MAX_VERTICES = 7

#: How to get geng, for the error raised without it.
GENG_HINT = (
    "install nauty's geng (Debian/Ubuntu: apt-get install nauty, which provides nauty-geng; "
    "macOS: brew install nauty; or build it from https://pallini.di.uniroma1.it) and put it on PATH"
)


@dataclass(frozen=True)
class GraphClass:
    """A class of graphs in geng's terms.

    Attributes
    ----------
    connected : bool
        Connected graphs only (geng ``-c``).
    bipartite : bool
        Bipartite graphs only (``-b``).
    triangle_free : bool
        Graphs with no triangle (``-t``).
    max_degree : int or None
        Every degree at most this (``-D``), ``1 <= D``.
    """

    connected: bool = False
    bipartite: bool = False
    triangle_free: bool = False
    max_degree: int | None = None

    def geng_flags(self, n: int | None = None) -> list[str]:
        """geng's switches for the class (on ``n`` vertices: a degree bound of
        ``n - 1`` or more bounds nothing and is left out, as geng refuses
        large ones)."""
        flags = []
        if self.connected:
            flags.append("-c")
        if self.bipartite:
            flags.append("-b")
        if self.triangle_free:
            flags.append("-t")
        if self.max_degree is not None and (n is None or self.max_degree < n - 1):
            flags.append(f"-D{self.max_degree}")
        return flags

    def name(self) -> str:
        """A short stable name (``all``, ``connected,bipartite``, ``max-degree=3``)."""
        parts = [p for p, on in (("connected", self.connected), ("bipartite", self.bipartite),
                                 ("triangle-free", self.triangle_free)) if on]
        if self.max_degree is not None:
            parts.append(f"max-degree={self.max_degree}")
        return ",".join(parts) or "all"

    def hereditary(self) -> GraphClass:
        """The class without its non-hereditary part (connectedness): closed
        under deleting vertices and edges, so every option of one of its
        graphs is in it."""
        return GraphClass(False, self.bipartite, self.triangle_free, self.max_degree)


def find_geng() -> str | None:
    """The path of nauty's geng on PATH (``geng`` or ``nauty-geng``), or None."""
    return shutil.which("geng") or shutil.which("nauty-geng")


def generate(
    n: int,
    cls: GraphClass = GraphClass(),
    edges: tuple[int, int] | None = None,
    res: int = 0,
    mod: int = 1,
    *,
    geng: str | None | bool = True,
    timeout: float | None = None,
) -> bytes:
    """Every graph of ``cls`` on ``n`` vertices (one per isomorphism class)
    with an edge count in ``edges`` (inclusive; default any), shard
    ``res`` of ``mod``, as graph6 lines (bytes, each ending in a newline).

    Parameters
    ----------
    n : int
        Vertices, ``0 <= n <= 32`` with geng (``n == 0`` gives nothing: geng
        makes no empty graph), at most :data:`ATLAS_MAX_VERTICES` without.
    cls : GraphClass
        The class.
    edges : (int, int), optional
        Least and most edges.
    res, mod : int
        The shard: ``0 <= res < mod``; the shards of one ``mod`` are disjoint
        and together make the class.
    geng : str, bool or None
        The geng program; True (default) finds one on PATH and falls back
        to the atlas for small ``n``; False or None uses the atlas.
    timeout : float, optional
        Seconds geng may run (it is stopped after them).

    Raises
    ------
    subprocess.TimeoutExpired
        If geng ran past ``timeout``.
    InputError
        If ``n`` is too large for the atlas and no geng is found (the message
        says how to get one), if geng fails (its message), or on bad arguments.
    """
    if not 0 <= res < mod:
        raise InputError(f"shard {res}/{mod}: need 0 <= res < mod")
    if n < 0:
        raise InputError(f"vertex count {n}: must be >= 0")
    program = find_geng() if geng is True else (geng or None)
    if n == 0:
        return b""
    if program is None:
        if n > ATLAS_MAX_VERTICES:
            raise InputError(f"graphs on {n} vertices need nauty's geng, which was not found: {GENG_HINT}")
        return _atlas(n, cls, edges, res, mod)
    if n > 32:
        raise InputError(f"geng makes graphs on at most 32 vertices, not {n}")
    args = [program, "-q", *cls.geng_flags(n), str(n)]
    if edges is not None:
        args.append(f"{edges[0]}:{edges[1]}")
    if mod > 1:
        args.append(f"{res}/{mod}")
    try:
        done = subprocess.run(args, capture_output=True, check=False, timeout=timeout)
    except OSError as exc:
        raise InputError(f"cannot run {program}: {exc}") from None
    if done.returncode != 0:
        message = done.stderr.decode(errors="replace").strip().splitlines()
        raise InputError(f"{program} failed (exit {done.returncode}): {message[-1] if message else 'no message'}")
    return done.stdout


@lru_cache(maxsize=1)
def _atlas_graphs() -> list[object]:
    import networkx as nx

    return list(nx.graph_atlas_g())


def _atlas(n: int, cls: GraphClass, edges: tuple[int, int] | None, res: int, mod: int) -> bytes:
    """The atlas's graphs of the class, in atlas order, shard ``res/mod``."""
    import networkx as nx

    out = []
    index = 0
    for g in _atlas_graphs():
        if g.number_of_nodes() != n:  # type: ignore[attr-defined]
            continue
        m = g.number_of_edges()  # type: ignore[attr-defined]
        if edges is not None and not edges[0] <= m <= edges[1]:
            continue
        if not _admits(cls, g):
            continue
        if index % mod == res:
            out.append(nx.to_graph6_bytes(g, header=False))
        index += 1
    return b"".join(out)


def _admits(cls: GraphClass, g: object) -> bool:
    """Whether the networkx graph ``g`` is in ``cls`` (networkx's predicates)."""
    import networkx as nx

    if cls.connected and not nx.is_connected(g):
        return False
    if cls.bipartite and not nx.is_bipartite(g):
        return False
    if cls.triangle_free and any(nx.triangles(g).values()):
        return False
    return cls.max_degree is None or all(d <= cls.max_degree for _, d in g.degree())  # type: ignore[attr-defined]
