"""``bot.py``'s ``main()`` run in a test: the settings it reads are only the test's own."""

from __future__ import annotations

import logging
import os
from pathlib import Path

import pytest

from ddz_bot.tg import app as tg_app


def only_settings(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, **variables: str) -> None:
    """Only ``variables`` as DDZ_ settings (the database in ``tmp_path``), no .env file (the
    working folder is ``tmp_path``), and the process-wide tuning and logging set-up of
    ``main()`` left alone, so nothing changes for other tests."""
    monkeypatch.chdir(tmp_path)
    for name in [n for n in list(os.environ) if n.startswith("DDZ_")]:
        monkeypatch.delenv(name)
    for name, value in {"DDZ_DB_PATH": str(tmp_path / "d.sqlite3"), **variables}.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setattr(tg_app, "tune_gc", lambda: None)
    monkeypatch.setattr(logging, "basicConfig", lambda **kwargs: None)
