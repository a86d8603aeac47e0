"""Pictures of a check's result: the heatmap of the computed G_{m,k} table
(:func:`plot_gmk`) and a drawing of the first counterexample
(:func:`draw_counterexample`). matplotlib (the ``grundy[plot]`` extra) and
networkx are imported only when a picture is drawn.
"""

from __future__ import annotations

from grundy.census.checks.common import CheckResult, cycle_mask
from grundy.readwrite.graphs import graph6_bitsets


def plot_gmk(result: CheckResult, path: str) -> None:
    """Write a heatmap of the computed G_{m,k} table (``result`` of
    :func:`check_gmk`) to ``path`` (PNG), cells differing from the paper
    outlined in red.

    Raises
    ------
    ImportError
        If matplotlib is missing (the ``grundy[plot]`` extra).
    """
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.patches import Rectangle

    values = result.extra["values"]
    claims = result.extra["claims"]
    n = len(values)
    grid = [[float("nan") if v is None else v for v in row] for row in values]
    fig, ax = plt.subplots(figsize=(1.0 + 0.5 * n, 0.8 + 0.5 * n))
    im = ax.imshow(grid, cmap="viridis", origin="upper")
    for m in range(n):
        for k in range(n):
            v = values[m][k]
            if v is None:
                continue
            ax.text(k, m, str(v), ha="center", va="center", fontsize=7,
                    color="white" if v < 0.6 * max(max(r for r in row if r is not None) for row in values if any(
                        r is not None for r in row)) else "black")
            if v != claims[m][k]:
                ax.add_patch(Rectangle((k - 0.5, m - 0.5), 1, 1, fill=False, edgecolor="red", linewidth=2))
    ax.set_xlabel("k")
    ax.set_ylabel("m")
    ax.set_xticks(range(n))
    ax.set_yticks(range(n))
    ax.set_title("nim-values of G_{m,k} (Khandhawit-Ye, Table 4)", fontsize=9)
    fig.colorbar(im, ax=ax, shrink=0.8)
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)


def draw_counterexample(result: CheckResult, path: str) -> bool:
    """Draw the first counterexample of ``result`` to ``path`` (PNG) with
    networkx and matplotlib; cycle vertices (the 2-core) in red. Returns
    False (and writes nothing) if there is none.

    Raises
    ------
    ImportError
        If matplotlib is missing.
    """
    if not result.counterexamples:
        return False
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import networkx as nx

    case = result.counterexamples[0]
    adj = graph6_bitsets(case["graph6"])
    g = nx.Graph()
    g.add_nodes_from(range(len(adj)))
    g.add_edges_from((i, j) for i in range(len(adj)) for j in range(i + 1, len(adj)) if adj[i] >> j & 1)
    core = cycle_mask(adj)
    fig, ax = plt.subplots(figsize=(5, 5))
    pos = nx.spring_layout(g, seed=1)  # numpy only (kamada_kawai needs scipy)
    nx.draw_networkx(g, pos, ax=ax, node_color=["tab:red" if core >> v & 1 else "tab:blue" for v in g],
                     font_color="white", node_size=350)
    ax.set_title(f"{result.name}: {case.get('name') or case['graph6']}\n"
                 f"nim-value {case['value']}, claimed {case['claimed']} ({case['claim']})", fontsize=9)
    ax.axis("off")
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)
    return True
