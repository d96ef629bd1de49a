"""Modules and functions stay small enough to read whole (the standards: a module under ~500
lines, a function under ~80). ``KNOWN`` lists what is over today, to be split along its own
seams; an entry that no longer is over must leave the list, so the list only shrinks."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MODULE_LINES = 500
FUNCTION_LINES = 80
#: over the limits today: module paths, or ``path:function``
KNOWN: frozenset[str] = frozenset()


def _too_large() -> set[str]:
    found: set[str] = set()
    for path in [*sorted((ROOT / "ddz_bot").rglob("*.py")), ROOT / "bot.py"]:
        name = path.relative_to(ROOT).as_posix()
        text = path.read_text(encoding="utf-8")
        if len(text.splitlines()) > MODULE_LINES:
            found.add(name)
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                assert node.end_lineno is not None
                if node.end_lineno - node.lineno + 1 > FUNCTION_LINES:
                    found.add(f"{name}:{node.name}")
    return found


def test_no_new_module_or_function_is_too_large() -> None:
    assert _too_large() - KNOWN == set()


def test_what_was_split_leaves_the_known_list() -> None:
    assert KNOWN - _too_large() == set()
