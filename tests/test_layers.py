"""The package's layers, read from the source with :mod:`ast` (nothing is
imported).

Two import graphs of the modules under ``src/grundy``:

- *module level* (the cycle test): the imports executed when a module is
  first imported, i.e. every ``import``/``from ... import`` outside function
  bodies (those at the top, in ``if``/``try`` blocks and in class bodies),
  except under ``if TYPE_CHECKING:``. Imports inside functions run later,
  when the module is already initialised, and cannot make an import cycle
  fail, so they are not edges of this graph. Importing ``grundy.a.b`` also
  runs the ``__init__`` of ``grundy.a``: an edge to it is added unless it
  is a package the importing module is itself in (it is initialised first).
- *all imports* (the layering tests): the same plus the imports inside
  functions and under ``TYPE_CHECKING``: a lazy import is a dependency all
  the same. ``.pyx`` sources are scanned for ``import grundy...`` lines.

``from grundy.x import y`` is an edge to ``grundy.x.y`` when that is a
module, else to ``grundy.x``; relative imports are resolved.

Layers: ``grundy.core`` imports nothing of ``grundy.games``,
``grundy.readwrite``, ``grundy.cli``, ``grundy.analysis``, ``grundy.api``,
``grundy.kinds``; ``grundy.games`` imports nothing of ``grundy.cli``,
``grundy.api``, ``grundy.analysis``, ``grundy.kinds`` (the answers and
front ends are built on the games, not the other way round). The kinds
(:mod:`grundy.kinds`) sit on the games, the readers and the drawings' SVG
pieces, below every front end (cli, api, play, web, census, the drawings'
entry points and reprs); and the front ends never branch on a kind's name
(:func:`test_front_ends_never_branch_on_a_kinds_name`).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parent.parent / "src"
PACKAGE = "grundy"


def _module_files() -> dict[str, Path]:
    """Module name -> source file, for every module of the package."""
    out = {}
    for path in sorted((SRC / PACKAGE).rglob("*")):
        if path.suffix not in (".py", ".pyx") or "__pycache__" in path.parts:
            continue
        parts = list(path.relative_to(SRC).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


MODULES = _module_files()


def _is_package(name: str) -> bool:
    return MODULES.get(name, Path()).name == "__init__.py"


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports(tree: ast.AST, module_level: bool) -> list[tuple[ast.stmt, int]]:
    """The import statements of a module (with their line numbers); with
    ``module_level``, only those run when the module is imported."""
    found: list[tuple[ast.stmt, int]] = []

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if module_level and isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                continue
            if module_level and isinstance(child, ast.If) and _is_type_checking(child.test):
                for stmt in child.orelse:
                    visit_stmt(stmt)
                continue
            visit_stmt(child)

    def visit_stmt(node: ast.AST) -> None:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            found.append((node, node.lineno))
        else:
            visit(node)

    visit(tree)
    return found


def _targets(importer: str, node: ast.stmt) -> set[str]:
    """The package modules an import statement imports."""
    names: set[str] = set()
    if isinstance(node, ast.Import):
        names = {alias.name for alias in node.names}
    elif isinstance(node, ast.ImportFrom):
        if node.level:
            base = importer.split(".")
            base = base if _is_package(importer) else base[:-1]
            base = base[: len(base) - (node.level - 1)]
            source = ".".join(base + ([node.module] if node.module else []))
        else:
            source = node.module or ""
        for alias in node.names:
            sub = f"{source}.{alias.name}"
            names.add(sub if sub in MODULES else source)
    out = set()
    for name in names:
        if name != PACKAGE and not name.startswith(PACKAGE + "."):
            continue
        while name not in MODULES and "." in name:  # e.g. grundy.x.attribute
            name = name.rsplit(".", 1)[0]
        out.add(name)
    return out


def _with_parents(importer: str, targets: set[str]) -> set[str]:
    """The targets and the packages whose ``__init__`` importing them runs
    (except packages the importer is in)."""
    out = set(targets)
    for name in targets:
        parts = name.split(".")
        for k in range(1, len(parts)):
            parent = ".".join(parts[:k])
            if not (importer == parent or importer.startswith(parent + ".")):
                out.add(parent)
    return out


_PYX_IMPORT = re.compile(r"^\s*(?:from\s+(grundy[\w.]*)\s+c?import|c?import\s+(grundy[\w.]*))", re.M)


def import_graph(module_level: bool) -> dict[str, dict[str, list[int]]]:
    """Module -> {imported module -> line numbers}."""
    graph: dict[str, dict[str, list[int]]] = {}
    for name, path in MODULES.items():
        edges: dict[str, list[int]] = {}
        text = path.read_text(encoding="utf-8")
        if path.suffix == ".pyx":
            if not module_level:
                for m in _PYX_IMPORT.finditer(text):
                    target = m.group(1) or m.group(2)
                    while target not in MODULES and "." in target:
                        target = target.rsplit(".", 1)[0]
                    edges.setdefault(target, []).append(text.count("\n", 0, m.start()) + 1)
            graph[name] = edges
            continue
        for node, line in _imports(ast.parse(text, str(path)), module_level):
            targets = _targets(name, node)
            if module_level:
                targets = _with_parents(name, targets)
            for target in targets:
                if target != name:
                    edges.setdefault(target, []).append(line)
        graph[name] = edges
    return graph


def find_cycle(graph: dict[str, dict[str, list[int]]]) -> list[str] | None:
    """A cycle of the graph as a list of modules (first == last), or None."""
    state: dict[str, int] = {}  # 1: on the stack, 2: done
    stack: list[str] = []

    def dfs(v: str) -> list[str] | None:
        state[v] = 1
        stack.append(v)
        for w in sorted(graph.get(v, {})):
            if state.get(w) == 1:
                return stack[stack.index(w) :] + [w]
            if w not in state:
                found = dfs(w)
                if found:
                    return found
        stack.pop()
        state[v] = 2
        return None

    for v in sorted(graph):
        if v not in state:
            found = dfs(v)
            if found:
                return found
    return None


def _describe_cycle(graph: dict[str, dict[str, list[int]]], cycle: list[str]) -> str:
    return " -> ".join(f"{a} (line {graph[a][b][0]})" for a, b in zip(cycle, cycle[1:])) + f" -> {cycle[-1]}"


def _violations(graph: dict[str, dict[str, list[int]]], layer: str, forbidden: str) -> list[str]:
    out = []
    for module, edges in sorted(graph.items()):
        if module != layer and not module.startswith(layer + "."):
            continue
        for target, lines in sorted(edges.items()):
            if target == forbidden or target.startswith(forbidden + "."):
                rel = MODULES[module].relative_to(SRC.parent)
                out.append(f"{rel}:{lines[0]}: {module} imports {target}")
    return out


# ----------------------------------------------------------------------
# the tests
# ----------------------------------------------------------------------
def test_the_graph_sees_the_package() -> None:
    """The scan finds the modules and their imports (else the tests below
    would pass on an empty graph)."""
    graph = import_graph(module_level=True)
    assert {"grundy", "grundy.core.search", "grundy.core.table", "grundy.games.graphs.game"} <= set(graph)
    assert "grundy.core.table" in graph["grundy.core.search"]
    assert "grundy.core.search" in graph["grundy.games.graphs.game"]
    assert "grundy.games.graphs._kernel" in graph["grundy.games.graphs.game"]  # from a package import a module


def test_module_level_imports() -> None:
    """Imports in functions and under TYPE_CHECKING are not module-level;
    those in try/if blocks and class bodies are; relative imports resolve."""
    source = (
        "from typing import TYPE_CHECKING\n"
        "import grundy.core.table\n"
        "try:\n    from grundy.games.graphs import game\nexcept ImportError:\n    pass\n"
        "if TYPE_CHECKING:\n    from grundy.api import analyze\n"
        "class C:\n    from grundy.errors import InputError\n"
        "def f():\n    from grundy.readwrite.graphs import to_graph\n"
        "from .canon import certificate\n"
        "from . import limits\n"
    )
    tree = ast.parse(source)

    def targets(module_level: bool) -> set[str]:
        return {t for node, _ in _imports(tree, module_level) for t in _targets("grundy.core.search", node)}

    assert targets(True) == {
        "grundy.core.table",
        "grundy.games.graphs.game",
        "grundy.errors",
        "grundy.core.canon",
        "grundy.core.limits",
    }
    assert targets(False) == targets(True) | {"grundy.api", "grundy.readwrite.graphs"}
    assert _with_parents("grundy.core.search", {"grundy.games.graphs.game"}) == {
        "grundy.games.graphs.game",
        "grundy.games.graphs",
        "grundy.games",
    }


def test_find_cycle_finds_cycles() -> None:
    graph = {"a": {"b": [1]}, "b": {"c": [2]}, "c": {"a": [3]}, "d": {"a": [1]}}
    assert find_cycle(graph) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b": [1]}, "b": {}}) is None


def test_no_import_cycle_at_module_level() -> None:
    graph = import_graph(module_level=True)
    cycle = find_cycle(graph)
    assert cycle is None, "import cycle: " + _describe_cycle(graph, cycle or [])


#: (layer, what it must not import); the known violations are marked.
_RULES = [
    ("grundy.core", "grundy.games"),
    ("grundy.core", "grundy.readwrite"),
    ("grundy.core", "grundy.cli"),
    ("grundy.core", "grundy.analysis"),
    ("grundy.core", "grundy.api"),
    ("grundy.core", "grundy.kinds"),
    ("grundy.games", "grundy.cli"),
    ("grundy.games", "grundy.api"),
    ("grundy.games", "grundy.analysis"),
    ("grundy.games", "grundy.kinds"),
    ("grundy.readwrite", "grundy.kinds"),
    ("grundy.analysis", "grundy.kinds"),
    *[("grundy.kinds", high) for high in ("grundy.cli", "grundy.api", "grundy.play", "grundy.web", "grundy.census",
                                          "grundy.certify", "grundy.drawing.render", "grundy.drawing.reprs")],
    *[(low, "grundy.kinds") for low in ("grundy.drawing.bodies", "grundy.drawing.primitives",
                                        "grundy.drawing.layout")],
    ("grundy.games", "grundy.readwrite"),  # readers import the games, not the other way round
    ("grundy.core", "grundy.census"),
    ("grundy.games", "grundy.census"),
    ("grundy.readwrite", "grundy.census"),
    ("grundy.census", "grundy.cli"),
    ("grundy.census", "grundy.api"),
    # play, drawing and the web front end sit above the answers
    *[(low, high) for low in ("grundy.core", "grundy.games", "grundy.readwrite", "grundy.analysis",
                              "grundy.census")
      for high in ("grundy.play", "grundy.drawing", "grundy.web")],
    ("grundy.play", "grundy.web"),
    # the notebook's positions (grundy.explore) sit on play, the API and the drawings
    *[(low, "grundy.explore") for low in ("grundy.core", "grundy.games", "grundy.readwrite", "grundy.analysis",
                                          "grundy.kinds", "grundy.play", "grundy.drawing", "grundy.api",
                                          "grundy.web", "grundy.cli", "grundy.census")],
    ("grundy.play", "grundy.cli"),
    ("grundy.drawing", "grundy.web"),
    ("grundy.drawing", "grundy.cli"),
    ("grundy.web", "grundy.cli"),
]


@pytest.mark.parametrize(("layer", "forbidden"), _RULES)
def test_layering(layer: str, forbidden: str) -> None:
    bad = _violations(import_graph(module_level=False), layer, forbidden)
    assert not bad, f"{layer} must not import {forbidden}:\n" + "\n".join(bad)


def test_layering_check_detects_violations() -> None:
    """The check itself: api imports games, so games -> api reversed fails."""
    assert _violations(import_graph(module_level=False), "grundy.api", "grundy.games")


def test_no_game_package_forwards_names() -> None:
    """Layers without shims (issue 29): no module of grundy.games defines a
    module-level ``__getattr__`` (names forwarded on first use, e.g. the
    readers that moved to grundy.readwrite); readers are imported from
    grundy.readwrite, which imports the games, not the other way round."""
    bad = []
    for name, path in MODULES.items():
        if not name.startswith("grundy.games") or path.suffix != ".py":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        if any(isinstance(node, ast.FunctionDef) and node.name == "__getattr__" for node in tree.body):
            bad.append(str(path.relative_to(SRC.parent)))
    assert not bad, "module-level __getattr__ in " + ", ".join(bad)




# ----------------------------------------------------------------------
# front ends reach a kind through the registry
# ----------------------------------------------------------------------
#: The kinds' names (grundy.kinds._MODULES), as the front ends must not test them.
KIND_NAMES = {"graph", "poset", "complex", "chomp", "nim", "octal"}

#: The front ends: they dispatch through grundy.kinds, never on a kind's name.
FRONT_ENDS = ("grundy.cli", "grundy.api", "grundy.play", "grundy.drawing", "grundy.web", "grundy.analysis",
              "grundy.certify", "grundy.explore")

#: Modules allowed to compare a kind's name, and why.
KIND_NAME_ALLOWED: set[str] = set()


def _kind_constant(node: ast.expr) -> bool:
    if isinstance(node, ast.Constant):
        return node.value in KIND_NAMES
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return any(_kind_constant(e) for e in node.elts)
    return False


def kind_name_tests(source: str) -> list[int]:
    """Lines of ``source`` comparing something named like a kind
    (``kind``, ``x.kind``, ``kind.name``, ``r["kind"]``) with a kind's name."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Compare):
            continue
        sides = [node.left, *node.comparators]
        if any(_kind_constant(s) for s in sides) and any(
                "kind" in ast.unparse(s) for s in sides if not _kind_constant(s)):
            lines.append(node.lineno)
    return lines


def test_kind_name_check_detects_a_branch() -> None:
    """The check itself, on the shapes the front ends used to have."""
    assert kind_name_tests('if item.kind == "graph":\n    pass\n') == [1]
    assert kind_name_tests('x = kind in ("chomp", "nim")\n') == [1]
    assert kind_name_tests('x = play.kind != "graph"\n') == [1]
    assert kind_name_tests('x = key == "graph"\ny = kind.answer(p)\n') == []


def test_front_ends_never_branch_on_a_kinds_name() -> None:
    """Issue 29: the command line, the API, play, the drawings, the web
    app and the certifier find a kind through grundy.kinds (its registry
    and methods) or, for certificates, grundy.certify.search.PROOFS; none
    compares a kind's name."""
    bad = []
    for module, path in sorted(MODULES.items()):
        if path.suffix != ".py" or module in KIND_NAME_ALLOWED:
            continue
        if not any(module == f or module.startswith(f + ".") for f in FRONT_ENDS):
            continue
        for line in kind_name_tests(path.read_text(encoding="utf-8")):
            bad.append(f"{path.relative_to(SRC.parent)}:{line}")
    assert not bad, "front ends testing a kind's name:\n" + "\n".join(bad)


def test_every_kind_has_every_function() -> None:
    """Each registered kind defines the functions of a kind itself (the
    base class's raise NotImplementedError), and is found by its name and
    by its positions."""
    from grundy.kinds import Kind, get_kind, kind_for, kinds
    from grundy.readwrite.kinds import KINDS

    assert [k.name for k in kinds()] == list(KINDS)
    required = ["position_type", "size", "moves", "apply", "to_spec", "text", "move_syntax", "read_move", "draw"]
    for kind in kinds():
        assert get_kind(kind.name) is kind
        for name in required:
            assert getattr(type(kind), name) is not getattr(Kind, name), (kind.name, name)
        has_answer = type(kind).answer is not Kind.answer
        has_parts = type(kind).normal is not Kind.normal and type(kind).misere_parts is not Kind.misere_parts
        assert has_answer or has_parts, kind.name
    from grundy.games.chomp import NimPosition

    assert kind_for(NimPosition((1, 2))).name == "nim"


def test_game_packages_re_export_only_their_public_names() -> None:
    """Issue 29 item 3: a game package's ``__init__`` imports only the names
    its ``__all__`` lists (no compatibility imports of private names or of
    other layers' names); other names are imported from their module."""
    bad = []
    for init in sorted((SRC / PACKAGE / "games").glob("*/__init__.py")):
        tree = ast.parse(init.read_text(encoding="utf-8"))
        public: set[str] = set()
        imported: list[tuple[str, int]] = []
        for node in tree.body:
            if isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "__all__" for t in node.targets):
                public = {e.value for e in node.value.elts if isinstance(e, ast.Constant)}
            if isinstance(node, ast.ImportFrom) and node.module != "__future__":
                imported += [(a.asname or a.name, node.lineno) for a in node.names]
        bad += [f"{init.relative_to(SRC.parent)}:{line}: {name}" for name, line in imported if name not in public]
    assert not bad, "names imported by a game package but not in its __all__:\n" + "\n".join(bad)
