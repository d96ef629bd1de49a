"""``python bot.py`` without a token explains where to get one and exits with code 2."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_no_token_says_how_to_get_one(tmp_path: Path) -> None:
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)}
    result = subprocess.run(
        [sys.executable, str(ROOT / "bot.py")],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2
    assert "@BotFather" in result.stderr and "DDZ_BOT_TOKEN" in result.stderr


def test_a_bad_setting_is_named(tmp_path: Path) -> None:
    env = {
        "PATH": "/usr/bin:/bin",
        "PYTHONPATH": str(ROOT),
        "DDZ_BOT_TOKEN": "1:x",
        "DDZ_PLAY_TIMEOUT": "soon",
    }
    result = subprocess.run(
        [sys.executable, str(ROOT / "bot.py")],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2 and "DDZ_PLAY_TIMEOUT" in result.stderr
