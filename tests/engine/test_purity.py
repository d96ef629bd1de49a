"""The engine is pure (DESIGN.md): its modules import only the standard library's
computation modules and each other, never telegram, PIL, aiosqlite, asyncio or I/O."""

import ast
from pathlib import Path

import ddz_bot.engine

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


def test_engine_modules_import_nothing_but_pure_python_and_each_other() -> None:
    folder = Path(ddz_bot.engine.__file__).parent
    modules = sorted(folder.rglob("*.py"))
    assert len(modules) >= 10
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
                assert name.split(".")[0] in ALLOWED, f"{path.name} imports {name}"
