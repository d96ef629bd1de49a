"""Databases written by earlier versions of the bot, kept as SQL in ``fixtures/``."""

from __future__ import annotations

import sqlite3
from pathlib import Path

__all__ = ["V5_12A2C8C", "load"]

#: schema 5, as the bot at commit 12a2c8c left it: see the file's head
V5_12A2C8C = Path(__file__).parent / "fixtures" / "v5_12a2c8c.sql"


def load(fixture: Path, path: Path) -> None:
    """Write the fixture's database to ``path`` (nothing migrated)."""
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        conn.executescript(fixture.read_text(encoding="utf-8"))
    finally:
        conn.close()
