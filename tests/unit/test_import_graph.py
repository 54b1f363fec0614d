"""The modules of ``chronomem`` import each other without cycles.

Every ``import``/``from … import`` of a ``chronomem`` module counts, at module level and inside
functions alike (a function-local import is a cycle put off, not removed); imports under
``if TYPE_CHECKING:`` never run and do not count. Importing ``chronomem.a.b`` is an edge to
``chronomem.a.b`` only, not to its parent packages.
"""

from __future__ import annotations

import ast
from pathlib import Path

import chronomem

ROOT = Path(chronomem.__file__).parent


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _type_checking_nodes(tree: ast.AST) -> set[int]:
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skip.update(id(n) for stmt in node.body for n in ast.walk(stmt))
    return skip


def imports_of(source: str, here: str, modules: set[str], *, is_package: bool = False) -> set[str]:
    """The ``chronomem`` modules that module ``here`` imports (anywhere in it, except under TYPE_CHECKING)."""
    tree = ast.parse(source)
    skip = _type_checking_nodes(tree)
    package = here if is_package else here.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names if a.name.split(".")[0] == "chronomem")
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if target.split(".")[0] != "chronomem":
                continue
            for alias in node.names:
                sub = f"{target}.{alias.name}"
                out.add(sub if sub in modules else target)
    out.discard(here)
    return {m for m in out if m in modules}


def import_graph() -> dict[str, set[str]]:
    paths = sorted(ROOT.rglob("*.py"))
    modules = {module_name(p) for p in paths}
    return {module_name(p): imports_of(p.read_text(encoding="utf-8"), module_name(p), modules,
                                       is_package=p.name == "__init__.py") for p in paths}


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle (as a path that starts and ends at the same module), or ``None``.

    >>> find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}})
    ['a', 'b', 'c', 'a']
    >>> find_cycle({"a": {"b"}, "b": set()}) is None
    True
    """
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return [*stack[stack.index(nxt):], nxt]
            if nxt not in state and (found := visit(nxt)) is not None:
                return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state and (found := visit(node)) is not None:
            return found
    return None


def test_function_local_imports_count_and_type_checking_ones_do_not():
    modules = {"chronomem.a", "chronomem.b", "chronomem.c", "chronomem.pkg", "chronomem.pkg.d"}
    a = "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from chronomem.c import x\ndef f():\n    from chronomem.b import g\n"
    assert imports_of(a, "chronomem.a", modules) == {"chronomem.b"}
    b = "from chronomem import a\nfrom chronomem.pkg import d, y\nfrom . import c\n"
    assert imports_of(b, "chronomem.b", modules) == {"chronomem.a", "chronomem.pkg.d", "chronomem.pkg", "chronomem.c"}
    graph = {"chronomem.a": imports_of(a, "chronomem.a", modules), "chronomem.b": imports_of(b, "chronomem.b", modules)}
    assert find_cycle(graph) == ["chronomem.a", "chronomem.b", "chronomem.a"]


def test_no_import_cycles():
    cycle = find_cycle(import_graph())
    assert cycle is None, "import cycle: " + " → ".join(cycle or [])
