"""Making storage fail on purpose, once, as a busy database would."""

from __future__ import annotations

import sqlite3
from typing import Any

import pytest


def fail_once(obj: Any, name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The next call of ``obj.name`` fails with "database is locked"; later ones work."""
    real = getattr(obj, name)
    calls = {"n": 0}

    async def failing(*args: Any, **kwargs: Any) -> Any:
        calls["n"] += 1
        if calls["n"] == 1:
            raise sqlite3.OperationalError("database is locked")
        return await real(*args, **kwargs)

    monkeypatch.setattr(obj, name, failing)
