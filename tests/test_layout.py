"""The layout's rules, read from the code: imports run from ``workers`` to ``verifier``
only, and no two modules import each other (directly or round a circle), lazily or not."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _module(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports() -> dict[str, set[str]]:
    """Every module of both packages and the modules of both packages it imports."""
    paths = [*ROOT.joinpath("verifier").rglob("*.py"), *ROOT.joinpath("workers").rglob("*.py")]
    modules = {_module(p): p for p in paths}
    out: dict[str, set[str]] = {}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                stem = ".".join([*base, node.module] if node.module else base)
                stem = stem if node.level else (node.module or "")
                targets = [f"{stem}.{a.name}" for a in node.names] + [stem]
            else:
                continue
            for target in targets:
                while target and target not in modules:
                    target = target.rpartition(".")[0]
                if target and target != name and not name.startswith(target + "."):
                    found.add(target)
        out[name] = found
    return out


def test_the_library_never_imports_the_runner() -> None:
    offenders = {
        (name, target)
        for name, targets in _imports().items()
        if name.startswith("verifier")
        for target in targets
        if target.startswith("workers")
    }
    assert not offenders


def test_no_import_cycles() -> None:
    graph = _imports()
    # packages' own __init__ files are faces, not rooms: they may name their modules
    graph = {n: {t for t in ts if not n.startswith(t)} for n, ts in graph.items()}
    state: dict[str, int] = {}
    cycles: list[list[str]] = []

    def visit(node: str, trail: list[str]) -> None:
        state[node] = 1
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                cycles.append([*trail[trail.index(nxt) :], nxt])
            elif nxt not in state:
                visit(nxt, [*trail, nxt])
        state[node] = 2

    for node in sorted(graph):
        if node not in state:
            visit(node, [node])
    assert not cycles


def test_no_private_name_is_imported_from_another_module() -> None:
    """A name with a leading underscore is its module's own: another module of either
    package (or a bench) that needs it gets a public name instead."""
    paths = [
        *ROOT.joinpath("verifier").rglob("*.py"),
        *ROOT.joinpath("workers").rglob("*.py"),
        *ROOT.joinpath("bench").glob("*.py"),
    ]
    offenders = sorted(
        f"{path.relative_to(ROOT)}:{node.lineno} {node.module}.{alias.name}"
        for path in paths
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.ImportFrom) and node.module
        for alias in node.names
        if alias.name.startswith("_") and not alias.name.startswith("__")
    )
    assert not offenders
