"""``python bot.py`` says in one line what stops it: no token (exit 2), a bad setting (2), a
token Telegram refuses (3), Telegram out of reach (4)."""

from __future__ import annotations

import asyncio
import socket
import subprocess
import sys
from pathlib import Path

import pytest
from telegram.error import BadRequest, InvalidToken

import bot as entry
from ddz_bot.config import Settings
from ddz_bot.tg.connection import StartupFailure, startup_failure

from ...environment import only_settings
from ..local_telegram import local_telegram

ROOT = Path(__file__).resolve().parents[3]


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


def _closed_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, **variables: str) -> None:
    """Only ``variables`` as DDZ_ settings, no .env file, no retries at start."""
    only_settings(monkeypatch, tmp_path, **variables)
    monkeypatch.setattr(entry, "STARTUP_RETRIES", 0)
    asyncio.set_event_loop(asyncio.new_event_loop())  # run_polling closes the loop it ran


def test_an_unreachable_telegram_is_one_line_and_a_non_zero_exit(
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    caplog: pytest.LogCaptureFixture,
) -> None:
    port = _closed_port()
    _environment(monkeypatch, tmp_path, DDZ_BOT_TOKEN="1:x", DDZ_API_URL=f"http://127.0.0.1:{port}")
    assert entry.main() == StartupFailure.UNREACHABLE.value
    said = capsys.readouterr().err.strip().splitlines()
    assert len(said) == 1 and said[0].startswith(f"Cannot reach Telegram at 127.0.0.1:{port}")
    assert "DDZ_PROXY_URL=socks5://" in said[0]
    assert [r for r in caplog.records if r.exc_info] == []  # no traceback logged either


def test_a_refused_token_is_one_line_and_a_non_zero_exit(
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    caplog: pytest.LogCaptureFixture,
) -> None:
    with local_telegram() as local:
        local.api.token_refused = True
        _environment(monkeypatch, tmp_path, DDZ_BOT_TOKEN="1:revoked", DDZ_API_URL=local.url)
        assert entry.main() == StartupFailure.TOKEN_REFUSED.value
    said = capsys.readouterr().err.strip().splitlines()
    assert len(said) == 1 and "refused the bot token" in said[0] and "@BotFather" in said[0]
    assert [r for r in caplog.records if r.exc_info] == []


def test_other_failures_at_start_are_not_explained_away() -> None:
    assert startup_failure(ValueError("no"), Settings(token="1:x")) is None
    assert startup_failure(BadRequest("chat not found"), Settings(token="1:x")) is None
    kind, line = startup_failure(InvalidToken(), Settings(token="1:x", api_url="http://h:1")) or (
        None,
        "",
    )
    assert kind is StartupFailure.TOKEN_REFUSED and "DDZ_API_URL=http://h:1" in line
