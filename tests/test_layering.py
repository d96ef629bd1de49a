"""The layering of ``ddz_bot``, read from the source with ``ast``: no import cycle, counting
the imports inside functions too, and the engine's private names stay inside the engine.

Imports under ``if TYPE_CHECKING:`` never run and are left out: they are how a module names
a type without depending on its module. A submodule's implicit import of its own package
(Python runs ``ddz_bot/kernel/__init__.py`` before ``ddz_bot/kernel/cards.py``) is left out
too: it is no dependency a module chose.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TOP = "ddz_bot"


@dataclass(frozen=True)
class Import:
    """One module of the project importing another: ``names`` are what a ``from`` import
    takes from ``target`` (empty for ``import target`` or a submodule taken by name)."""

    importer: str
    target: str
    names: tuple[str, ...]
    line: int

    def __str__(self) -> str:
        taken = f" ({', '.join(self.names)})" if self.names else ""
        return f"{self.importer}:{self.line} imports {self.target}{taken}"


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


@cache
def project_modules() -> dict[str, Path]:
    """Every module under ``ddz_bot/`` by its dotted name (packages by their own name)."""
    return {module_name(path): path for path in sorted((ROOT / TOP).rglob("*.py"))}


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _import_nodes(
    node: ast.AST, *, type_only: bool = False
) -> Iterator[ast.Import | ast.ImportFrom]:
    """Every import statement at any depth (functions, classes, branches), but those only a
    type checker runs (``type_only``: those too)."""
    for child in ast.iter_child_nodes(node):
        if not type_only and isinstance(child, ast.If) and _is_type_checking(child.test):
            for other in child.orelse:
                yield from _import_nodes(ast.Module(body=[other], type_ignores=[]))
            continue
        if isinstance(child, ast.Import | ast.ImportFrom):
            yield child
        yield from _import_nodes(child, type_only=type_only)


def _absolute_base(node: ast.ImportFrom, importer: str, is_package: bool) -> str:
    """The module a ``from ... import`` names, relative levels resolved."""
    if not node.level:
        return node.module or ""
    package = importer.split(".") if is_package else importer.split(".")[:-1]
    if node.level > 1:
        package = package[: -(node.level - 1)]
    return ".".join([*package, node.module] if node.module else package)


def read_imports(module: str, *, type_only: bool = False) -> list[Import]:
    """The imports of ``module`` that name a module of the project (``type_only``: with
    those only a type checker runs)."""
    path = project_modules()[module]
    known = project_modules()
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found: list[Import] = []
    for node in _import_nodes(tree, type_only=type_only):
        if isinstance(node, ast.Import):
            found.extend(
                Import(module, alias.name, (), node.lineno)
                for alias in node.names
                if alias.name in known
            )
            continue
        base = _absolute_base(node, module, path.name == "__init__.py")
        names: list[str] = []
        for alias in node.names:
            submodule = f"{base}.{alias.name}"
            if submodule in known:
                found.append(Import(module, submodule, (), node.lineno))
            else:
                names.append(alias.name)
        if names and base in known:
            found.append(Import(module, base, tuple(names), node.lineno))
    return found


@cache
def all_imports() -> tuple[Import, ...]:
    return tuple(imp for module in project_modules() for imp in read_imports(module))


def import_cycles(imports: Iterable[Import]) -> list[list[str]]:
    """One cycle through each group of modules that import each other (a strongly
    connected component of the graph), as the modules in import order, the first repeated
    at the end."""
    graph: dict[str, set[str]] = {}
    for imp in imports:
        graph.setdefault(imp.importer, set()).add(imp.target)
        graph.setdefault(imp.target, set())
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[set[str]] = []

    def visit(node: str) -> None:  # Tarjan's algorithm
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph[node]):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group: set[str] = set()
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.add(member)
                if member == node:
                    break
            if len(group) > 1 or node in graph[node]:
                groups.append(group)

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return [_cycle_in(group, graph) for group in groups]


def _cycle_in(group: set[str], graph: dict[str, set[str]]) -> list[str]:
    """A shortest way from the group's first module back to itself, inside the group."""
    start = min(group)
    paths = {start: [start]}
    frontier = [start]
    while frontier:
        nxt_frontier = []
        for node in frontier:
            for nxt in sorted(graph[node] & group):
                if nxt == start:
                    return [*paths[node], start]
                if nxt not in paths:
                    paths[nxt] = [*paths[node], nxt]
                    nxt_frontier.append(nxt)
        frontier = nxt_frontier
    raise AssertionError(f"no cycle in {sorted(group)}")


def _inside(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def imports_reaching_into(
    imports: Iterable[Import],
    package: str,
    *,
    private_only: bool,
    public: Iterable[str] = (),
) -> list[Import]:
    """Imports from outside ``package`` into it that break its boundary: with
    ``private_only``, those taking a ``_``-prefixed name (or a ``_``-prefixed module);
    without, also every import of one of its submodules (outside, only the package's own
    names may be used; ``public`` names subpackages whose own names may be used too)."""
    depth = len(package.split("."))
    allowed = {package, *public}
    out: list[Import] = []
    for imp in imports:
        if _inside(imp.importer, package) or not _inside(imp.target, package):
            continue
        private = any(name.startswith("_") for name in imp.names) or any(
            part.startswith("_") for part in imp.target.split(".")[depth:]
        )
        if private or (not private_only and imp.target not in allowed):
            out.append(imp)
    return out


# --------------------------------------------------------------------------- the rules


def test_the_graph_is_read() -> None:
    """The reader sees relative, absolute and function-level imports (else the rules
    below would hold vacuously)."""
    imports = all_imports()
    assert any(
        imp.importer == "ddz_bot.games.doudizhu.engine.catalogue"
        and imp.target == "ddz_bot.games.doudizhu.engine.moves"
        and "classic_moves" in imp.names
        for imp in imports
    )
    importers = {imp.importer for imp in imports}
    assert {"ddz_bot.tg.app", "ddz_bot.render.canvas", "ddz_bot.kernel"} <= importers
    inner = ast.parse("def f():\n    from .moves import natural_moves\n")
    assert [type(node) for node in _import_nodes(inner)] == [ast.ImportFrom]
    hidden = ast.parse("if TYPE_CHECKING:\n    from .game import Game\nelse:\n    import os\n")
    assert [type(node) for node in _import_nodes(hidden)] == [ast.Import]


def test_cycles_are_found_and_named() -> None:
    imports = [
        Import("a", "b", (), 1),
        Import("b", "c", (), 1),
        Import("c", "a", (), 1),
        Import("c", "d", (), 1),
    ]
    assert import_cycles(imports) == [["a", "b", "c", "a"]]
    assert import_cycles(imports[:2]) == []


def test_no_import_cycle_even_through_the_names_of_types() -> None:
    """A type-only import runs never, but it still says what a module must know: the
    registry names ``GameModule``, which names the table layer's types, so the table layer's
    types must not reach the registry (a ``Table`` is given its game's host instead)."""
    imports = [imp for module in project_modules() for imp in read_imports(module, type_only=True)]
    assert len(imports) > len(all_imports())  # the type-only ones are read too
    cycles = import_cycles(imports)
    assert not cycles, "import cycles:\n" + "\n".join(" -> ".join(c) for c in cycles)


def test_no_import_cycle() -> None:
    cycles = import_cycles(all_imports())
    assert not cycles, "import cycles:\n" + "\n".join(" -> ".join(c) for c in cycles)


#: the packages whose own names are an API: the kernel's, and each game's engine
GAMES = ("doudizhu", "baohuang", "paodekuai")
ENGINE_API = ("ddz_bot.kernel", *(f"ddz_bot.games.{game}.engine" for game in GAMES))


@pytest.mark.parametrize("package", ENGINE_API)
@pytest.mark.parametrize("private_only", [True, False], ids=["private names", "submodules"])
def test_nothing_outside_reaches_into_an_engine(package: str, private_only: bool) -> None:
    """Outside the kernel and a game's engine, code uses their package API: their public
    names, never a module of them (so each can be rearranged inside without touching anyone)."""
    broken = imports_reaching_into(all_imports(), package, private_only=private_only)
    assert not broken, f"imports into {package} from outside:\n" + "\n".join(map(str, broken))


#: who may import whom (docs/architecture.md): the arrows point one way
ARROWS = {
    "ddz_bot.kernel": (),
    # the registry hands i18n the games' words, and storage checks a game's name by its form:
    # neither imports a game, nor the registry (whose games import the table layer)
    "ddz_bot.i18n": (),
    "ddz_bot.ai": ("ddz_bot.kernel",),
    "ddz_bot.render": ("ddz_bot.kernel", "ddz_bot.i18n"),
    "ddz_bot.storage": ("ddz_bot.kernel", "ddz_bot.i18n"),
    **{f"ddz_bot.games.{game}.engine": ("ddz_bot.kernel",) for game in GAMES},
    **{
        f"ddz_bot.games.{game}.{part}": (
            f"ddz_bot.games.{game}.engine",
            f"ddz_bot.games.{game}.i18n",  # a game's own words, where it keeps them
            "ddz_bot.kernel",
            "ddz_bot.ai",
            "ddz_bot.render",
            "ddz_bot.i18n",
        )
        for game in GAMES
        for part in ("ai", "render")
    },
    **{
        # a game's table parts plug into the table layer's kit (keyboards, contents, words)
        f"ddz_bot.games.{game}": (
            "ddz_bot.kernel",
            "ddz_bot.ai",
            "ddz_bot.render",
            "ddz_bot.i18n",
            "ddz_bot.storage",
            "ddz_bot.tg",
            "ddz_bot.games.module",
            "ddz_bot.games.kit",
        )
        for game in GAMES
    },
    # the kit is written for the games' table parts: it uses what they use, and no game
    "ddz_bot.games.kit": (
        "ddz_bot.kernel",
        "ddz_bot.ai",
        "ddz_bot.render",
        "ddz_bot.i18n",
        "ddz_bot.storage",
        "ddz_bot.tg",
        "ddz_bot.games.module",
    ),
}


@pytest.mark.parametrize("layer", sorted(ARROWS))
def test_the_arrows_point_one_way(layer: str) -> None:
    allowed = (layer, *ARROWS[layer])
    wrong = [
        imp
        for imp in all_imports()
        if _inside(imp.importer, layer)
        and _inside(imp.target, "ddz_bot")
        and not any(_inside(imp.target, other) for other in allowed)
    ]
    assert not wrong, f"{layer} imports against the arrows:\n" + "\n".join(map(str, wrong))


def test_reaching_into_tells_private_names_from_submodules() -> None:
    imports = [
        Import("ddz_bot.tg.a", "ddz_bot.engine.combos", ("_make",), 1),
        Import("ddz_bot.tg.a", "ddz_bot.engine.combos", ("Combo",), 2),
        Import("ddz_bot.tg.a", "ddz_bot.engine", ("Combo",), 3),
        Import("ddz_bot.engine.moves", "ddz_bot.engine.combos", ("_make",), 4),
    ]
    private = imports_reaching_into(imports, "ddz_bot.engine", private_only=True)
    assert [imp.line for imp in private] == [1]
    submodules = imports_reaching_into(imports, "ddz_bot.engine", private_only=False)
    assert [imp.line for imp in submodules] == [1, 2]
    game = [Import("ddz_bot.tg.a", "ddz_bot.engine.baohuang", ("BaoHuangGame",), 5)]
    public = ("ddz_bot.engine", "ddz_bot.engine.baohuang")
    assert imports_reaching_into(game, "ddz_bot.engine", private_only=False, public=public) == []
    assert imports_reaching_into(game, "ddz_bot.engine", private_only=False) == game


def _game_folders() -> list[str]:
    """Every game's folder under ``ddz_bot/games`` (a package: the registry's modules are not;
    the kit is no game)."""
    root = ROOT / TOP / "games"
    folders = (path for path in root.iterdir() if (path / "__init__.py").exists())
    return sorted(f"{TOP}.games.{path.name}" for path in folders if path.name != "kit")


def test_the_table_layer_knows_no_game() -> None:
    """``ddz_bot.tg`` finds a game through the registry (``ddz_bot.games``) only: no module of
    the table layer imports a game's folder (docs/architecture.md)."""
    folders = _game_folders()
    assert {"ddz_bot.games.doudizhu", "ddz_bot.games.baohuang"} <= set(folders)
    wrong = [
        imp
        for imp in all_imports()
        if _inside(imp.importer, "ddz_bot.tg") and any(_inside(imp.target, f) for f in folders)
    ]
    assert not wrong, "the table layer imports a game:\n" + "\n".join(map(str, wrong))


def test_no_game_imports_another() -> None:
    folders = _game_folders()
    wrong = [
        imp
        for imp in all_imports()
        for folder in folders
        if _inside(imp.importer, folder)
        and any(_inside(imp.target, other) for other in folders if other != folder)
    ]
    assert not wrong, "a game imports another:\n" + "\n".join(map(str, wrong))


def test_the_live_table_knows_no_game() -> None:
    """``ddz_bot.web`` reaches a game through the registry only (``GAMES[game.game_name]``
    and its ``GameModule.page``): no module of the live table imports a game's folder."""
    folders = _game_folders()
    assert "ddz_bot.games.paodekuai" in folders
    assert any(_inside(imp.importer, "ddz_bot.web") for imp in all_imports())
    wrong = [
        imp
        for imp in all_imports()
        if _inside(imp.importer, "ddz_bot.web") and any(_inside(imp.target, f) for f in folders)
    ]
    assert not wrong, "the live table imports a game:\n" + "\n".join(map(str, wrong))
