"""The kernel and every game's engine are pure (DESIGN.md): their modules import only the
standard library's computation modules, each other and (a game's engine) the kernel, never
telegram, PIL, aiosqlite, asyncio or I/O."""

import ast
from pathlib import Path

import pytest

import ddz_bot.games.baohuang.engine
import ddz_bot.games.doudizhu.engine
import ddz_bot.kernel

ALLOWED = {
    "__future__",
    "collections",
    "dataclasses",
    "enum",
    "functools",
    "itertools",
    "json",
    "random",
    "re",
    "typing",
    "unicodedata",
}

PURE = {
    "kernel": (ddz_bot.kernel, set()),
    "doudizhu": (ddz_bot.games.doudizhu.engine, {"ddz_bot.kernel"}),
    "baohuang": (ddz_bot.games.baohuang.engine, {"ddz_bot.kernel"}),
}


@pytest.mark.parametrize("package", sorted(PURE))
def test_engine_modules_import_nothing_but_pure_python_and_each_other(package: str) -> None:
    module, project = PURE[package]
    folder = Path(str(module.__file__)).parent
    modules = sorted(folder.rglob("*.py"))
    assert len(modules) >= 7
    for path in modules:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                if node.level:  # from .cards import ...: the engine itself
                    continue
                names = [node.module or ""]
            else:
                continue
            for name in names:
                if any(name == p or name.startswith(p + ".") for p in project):
                    continue
                assert name.split(".")[0] in ALLOWED, f"{path.name} imports {name}"
