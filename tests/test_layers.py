"""Imports only point down, and no module of ``dragon_tui`` waits on itself through a cycle.

The import graph is read from the source with ``ast``, without importing anything: every
``import`` and ``from ... import`` anywhere in a module counts, at the top, in a class body or
inside a function, since an import moved into a function still runs (later, and then the cycle
is only hidden, not gone). Two things are read differently on purpose:

- An import under ``if TYPE_CHECKING:`` never runs, so it joins no cycle; it still counts for the
  layer rule, because a lower layer naming an upper one in its annotations is still leaning on it.
- ``from pkg import child`` (``child`` a submodule) and ``import pkg.child`` depend on
  ``pkg.child``, not on ``pkg``'s own names. Importing any submodule runs its packages first,
  and that edge is never a cycle by itself: only a name taken from a package's ``__init__``
  (``from pkg import Thing``) is an edge to the package module.

``importlib.import_module`` with a literal name counts as an import too; the registries' lazy
look-ups by game id (an f-string) name no one module and are not edges.

The layer rule is the design's: ``engine/`` below ``games/`` below ``ai/`` below ``session/``,
none of them importing Textual, Rich, the UI, the server or the app. Allowed targets are listed
per layer in ``LAYERS``; what is not listed is a break.
"""

from __future__ import annotations

import pytest

import ast
from dataclasses import dataclass
from functools import cache
from pathlib import Path


ROOT = Path(__file__).resolve().parent.parent
PACKAGE = "dragon_tui"


@dataclass(frozen=True)
class Edge:
    source: str  # the importing module, dotted
    target: str  # a module of the package, or a top-level distribution name outside it
    line: int
    local: bool  # inside a function: runs when called, not when imported
    type_only: bool  # under ``if TYPE_CHECKING:``: never runs

    def where(self) -> str:
        path = _modules().get(self.source, (Path(self.source),))[0]
        note = ", inside a function" if self.local else ""
        note += ", for type checking only" if self.type_only else ""
        return f"{self.source} ({path.relative_to(ROOT) if path.is_absolute() else path}:{self.line}{note})"


@cache
def _modules() -> dict[str, tuple[Path, bool]]:
    """Every module of the package: dotted name -> (file, is a package ``__init__``)."""
    out = {}
    for path in sorted((ROOT / PACKAGE).rglob("*.py")):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        is_package = parts[-1] == "__init__"
        if is_package:
            parts.pop()
        out[".".join(parts)] = (path, is_package)
    return out


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


class _Reader(ast.NodeVisitor):
    def __init__(self, name: str, is_package: bool, modules: dict) -> None:
        self.name = name
        self.base = name if is_package else name.rpartition(".")[0]
        self.modules = modules
        self.edges: list[Edge] = []
        self.local = False
        self.type_only = False

    def _resolve(self, dotted: str) -> str:
        """The longest prefix of ``dotted`` that is a module of the package."""
        while dotted not in self.modules and "." in dotted:
            dotted = dotted.rpartition(".")[0]
        return dotted

    def _add(self, target: str, line: int) -> None:
        if target.split(".")[0] == PACKAGE:
            target = self._resolve(target)
        else:
            target = target.split(".")[0]
        if target != self.name:
            self.edges.append(Edge(self.name, target, line, self.local, self.type_only))

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            self._add(alias.name, node.lineno)

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        if node.level:
            parts = self.base.split(".")
            parts = parts[: len(parts) - (node.level - 1)]
            module = ".".join(parts + ([node.module] if node.module else []))
        else:
            module = node.module or ""
        for alias in node.names:
            child = f"{module}.{alias.name}"
            # A submodule named in the list is the dependency; any other name is the module's own.
            self._add(child if child in self.modules else module, node.lineno)

    def visit_Call(self, node: ast.Call) -> None:
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
        if (name == "import_module" and node.args and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str)):
            self._add(node.args[0].value, node.lineno)
        self.generic_visit(node)

    def _function(self, node: ast.AST) -> None:
        outer, self.local = self.local, True
        self.generic_visit(node)
        self.local = outer

    visit_FunctionDef = visit_AsyncFunctionDef = visit_Lambda = _function

    def visit_If(self, node: ast.If) -> None:
        if not _is_type_checking(node.test):
            self.generic_visit(node)
            return
        self.visit(node.test)
        outer, self.type_only = self.type_only, True
        for child in node.body:
            self.visit(child)
        self.type_only = outer
        for child in node.orelse:
            self.visit(child)


def read_imports(source: str, name: str, is_package: bool, modules) -> list[Edge]:
    reader = _Reader(name, is_package, modules)
    reader.visit(ast.parse(source))
    return reader.edges


@cache
def import_edges() -> tuple[Edge, ...]:
    modules = _modules()
    edges = []
    for name, (path, is_package) in modules.items():
        edges += read_imports(path.read_text(encoding="utf-8"), name, is_package, modules)
    return tuple(edges)


def _graph(type_checking: bool = False) -> dict[str, dict[str, Edge]]:
    """Module -> {module of the package it imports: the first such import}. Imports made only
    for type checking join in when ``type_checking`` is true."""
    graph: dict[str, dict[str, Edge]] = {}
    for edge in import_edges():
        if (type_checking or not edge.type_only) and edge.target.startswith(PACKAGE):
            graph.setdefault(edge.source, {}).setdefault(edge.target, edge)
    return graph


def _components(graph: dict[str, dict[str, Edge]]) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph.get(root, {}))))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, targets = work[-1]
            for target in targets:
                if target not in index:
                    index[target] = low[target] = len(index)
                    stack.append(target)
                    on_stack.add(target)
                    work.append((target, iter(sorted(graph.get(target, {})))))
                    break
                if target in on_stack:
                    low[node] = min(low[node], index[target])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    members = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        members.append(member)
                        if member == node:
                            break
                    if len(members) > 1:
                        found.append(sorted(members))
    return found


def import_cycles(type_checking: bool = False, limit: int = 200) -> list[tuple[str, ...]]:
    """Every elementary cycle, each starting at its smallest module name (at most ``limit``)."""
    graph = _graph(type_checking)
    cycles: list[tuple[str, ...]] = []
    for members in _components(graph):
        inside = set(members)
        for start in members:  # sorted: a cycle is found once, from its smallest member
            path = [start]

            def walk(node: str) -> None:
                for target in sorted(graph.get(node, {})):
                    if len(cycles) >= limit or target not in inside or target < start:
                        continue
                    if target == start:
                        cycles.append(tuple(path))
                    elif target not in path:
                        path.append(target)
                        walk(target)
                        path.pop()

            walk(start)
    return cycles


def chain(cycle: tuple[str, ...], type_checking: bool = False) -> str:
    """One cycle as people read it: each import with its file line, back to the start."""
    graph = _graph(type_checking)
    steps = [graph[a][b].where() for a, b in zip(cycle, cycle[1:] + cycle[:1])]
    return " → ".join(steps + [cycle[0]])


@pytest.mark.slow
def test_no_import_cycles():
    """Nothing that runs, at import time or later inside a function, closes a cycle."""
    cycles = [chain(c) for c in import_cycles()]
    assert not cycles, "import cycles:\n" + "\n".join(cycles)


def test_no_import_cycles_even_through_type_checking_imports():
    """An import kept under ``if TYPE_CHECKING:`` never runs, but it still says a lower module
    knows an upper one: none closes a cycle either (a module that needs an upper one's shape
    names what it uses in a ``Protocol``, as ``net/endings.py`` and ``net/quotas.py`` do)."""
    cycles = [chain(c, type_checking=True) for c in import_cycles(type_checking=True)]
    assert not cycles, "import cycles (counting imports for type checking):\n" + "\n".join(cycles)


#: What a module of each headless layer may import inside the package: a prefix allows that
#: module and everything under it. ``"own game"`` is the game package the module belongs to.
LAYERS = {
    "engine": ("dragon_tui.engine",),
    "games": ("dragon_tui.engine", "own game"),
    "ai": ("dragon_tui.engine", "dragon_tui.ai", "registry"),
    "session": ("dragon_tui.engine", "dragon_tui.ai", "dragon_tui.session", "registry"),
}
#: Outside the package the headless layers never use the terminal libraries.
NEVER_OUTSIDE = {"textual", "rich", "textual_serve", "textual_plotext", "asyncssh"}


def _allowed(edge: Edge, layer: str) -> bool:
    if not edge.target.startswith(PACKAGE):
        return edge.target not in NEVER_OUTSIDE
    for rule in LAYERS[layer]:
        if rule == "registry":  # the game list, never one game: ai/ and session/ are game-agnostic
            prefix = "dragon_tui.games"
            if edge.target == prefix:
                return True
            continue
        if rule == "own game":  # games/<id>/... and the registry itself (which loads its games)
            parts = edge.source.split(".")
            prefix = ".".join(parts[:3])
        else:
            prefix = rule
        if edge.target == prefix or edge.target.startswith(prefix + "."):
            return True
    return False


def layer_breaks() -> list[str]:
    breaks = []
    for edge in import_edges():
        parts = edge.source.split(".")
        layer = parts[1] if len(parts) > 1 else ""
        if layer in LAYERS and not _allowed(edge, layer):
            kind = " (only for type checking)" if edge.type_only else ""
            breaks.append(f"{edge.where()} imports {edge.target}{kind}")
    return breaks


def test_headless_layers_only_import_down():
    breaks = layer_breaks()
    assert not breaks, "layer rule broken:\n" + "\n".join(breaks)


def test_nothing_but_the_command_line_reaches_into_the_workshop():
    """The workshop (``dragon_tui.devtools``: bench, arena, screenshots, comparison tools) serves
    the people building the game: the app, the server and the rules never import it, so a player's
    start-up never pays for it and a tool can change without touching what players run."""
    outside = [f"{edge.where()} imports {edge.target}" for edge in import_edges()
               if edge.target.startswith("dragon_tui.devtools")
               and not edge.source.startswith("dragon_tui.devtools") and edge.source != "dragon_tui.cli"]
    assert not outside, "the workshop imported from outside it:\n" + "\n".join(outside)


#: The headless server (``net/``: tables, rooms, cluster, store, endings, quotas, identity, the
#: protocol client the app talks through, the SSH and web front doors) runs in the serve process,
#: which never needs the app: the app's side of a remote session is ``remote/``.
SERVER = "dragon_tui.net"
SERVER_NEVER = ("dragon_tui.app", "dragon_tui.ui", "dragon_tui.remote")


def _under(module: str, prefixes) -> bool:
    return any(module == p or module.startswith(p + ".") for p in prefixes)


def server_breaks() -> list[str]:
    """Imports that take the server package to the app or the UI: directly, or through any
    module it imports (a function-local import, or one for type checking, counts too)."""
    graph: dict[str, list[Edge]] = {}
    for edge in import_edges():
        if edge.target.startswith(PACKAGE):
            graph.setdefault(edge.source, []).append(edge)
    breaks = []
    for start in sorted(m for m in graph if _under(m, (SERVER,))):
        seen, work = {start}, [(start, ())]
        while work:
            node, path = work.pop()
            for edge in graph.get(node, []):
                if edge.target in seen:
                    continue
                seen.add(edge.target)
                steps = path + (edge.where(),)
                if _under(edge.target, SERVER_NEVER):
                    breaks.append(" → ".join(steps) + f" → {edge.target}")
                else:
                    work.append((edge.target, steps))
    return breaks


def test_the_server_package_never_imports_the_app_or_the_ui():
    breaks = server_breaks()
    assert not breaks, "the server package reaches the app side:\n" + "\n".join(breaks)


SAMPLE = """
import os
from typing import TYPE_CHECKING
from . import sibling, NAME
from .. import other
from .sibling import thing
import dragon_tui.pkg.deep.leaf
if TYPE_CHECKING:
    from rich.text import Text
else:
    import json
class Holder:
    from dragon_tui import top
def later():
    import importlib
    importlib.import_module("dragon_tui.pkg.lazy")
    return lambda: __import__("x")
"""


def test_the_reader_sees_every_kind_of_import():
    modules = dict.fromkeys(["dragon_tui", "dragon_tui.top", "dragon_tui.other", "dragon_tui.pkg",
                             "dragon_tui.pkg.sibling", "dragon_tui.pkg.deep", "dragon_tui.pkg.lazy",
                             "dragon_tui.pkg.mod"])
    seen = {(e.target, e.line, e.local, e.type_only)
            for e in read_imports(SAMPLE, "dragon_tui.pkg.mod", False, modules)}
    assert seen == {
        ("os", 2, False, False), ("typing", 3, False, False),
        ("dragon_tui.pkg.sibling", 4, False, False),  # a submodule: not the package's names
        ("dragon_tui.pkg", 4, False, False),  # NAME comes from the package's __init__
        ("dragon_tui.other", 5, False, False), ("dragon_tui.pkg.sibling", 6, False, False),
        ("dragon_tui.pkg.deep", 7, False, False),  # the longest prefix that is a module
        ("rich", 9, False, True), ("json", 11, False, False),
        ("dragon_tui.top", 13, False, False),  # a class body runs at import time
        ("importlib", 15, True, False), ("dragon_tui.pkg.lazy", 16, True, False),
    }


def test_a_cycle_and_a_break_are_found(monkeypatch):
    """Planted edges: one cycle through a function-local import, one headless module using Rich,
    one game reaching into another, the server reaching the UI through another module."""
    planted = import_edges() + (
        Edge("dragon_tui.engine.rng", "dragon_tui.engine.state", 1, True, False),
        Edge("dragon_tui.engine.state", "dragon_tui.engine.rng", 2, False, False),
        Edge("dragon_tui.ai.playouts", "rich", 3, False, True),
        Edge("dragon_tui.games.court.rules", "dragon_tui.games.throne.board", 4, False, False),
        Edge("dragon_tui.net.rooms", "dragon_tui.session.helper", 5, True, False),
        Edge("dragon_tui.session.helper", "dragon_tui.ui.widgets", 6, False, False),
    )
    monkeypatch.setitem(globals(), "import_edges", lambda: planted)
    assert any("dragon_tui.net.rooms" in b and b.endswith("dragon_tui.ui.widgets") for b in server_breaks())
    cycles = import_cycles()
    assert ("dragon_tui.engine.rng", "dragon_tui.engine.state") in cycles
    assert "inside a function" in chain(("dragon_tui.engine.rng", "dragon_tui.engine.state"))
    breaks = layer_breaks()
    assert any("dragon_tui.ai.playouts" in b and "rich" in b for b in breaks)
    assert any("court.rules" in b and "throne.board" in b for b in breaks)
