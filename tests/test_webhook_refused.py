"""A webhook start that can fail fails in one line: Telegram's refusal of ``setWebhook`` (a host
name that doesn't resolve yet, a port it doesn't post to, a certificate it doesn't trust) is
what the bot says, with what to do and its own exit code, no traceback and no "ready" before
it (and "ready" once Telegram has the webhook); and a URL Telegram would refuse for its port
is refused with the settings, before any call."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
from pathlib import Path

import pytest
from telegram.ext import AIORateLimiter

import bot as entry
from ddz_bot.config import Settings
from ddz_bot.tg.app import build_application
from ddz_bot.tg.connection import StartupFailure
from ddz_bot.web.server import attach
from tests.tg.conftest import TOKEN

from .environment import only_settings
from .tg.fake_api import FakeBotAPI
from .tg.local_telegram import local_telegram
from .web.live import live_settings
from .web.remote import free_port

ROOT = Path(__file__).resolve().parents[1]
PUBLIC_URL = "https://bot.example.org/tg/hook"
UNRESOLVED = "Bad Request: bad webhook: Failed to resolve host: Name or service not known"


def run_bot(tmp_path: Path, api_url: str, **more: str) -> subprocess.CompletedProcess[str]:
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "PYTHONPATH": str(ROOT),
        "DDZ_BOT_TOKEN": "1:x",
        "DDZ_DB_PATH": str(tmp_path / "ddz.sqlite3"),
        "DDZ_AI_WORKERS": "0",
        "DDZ_API_URL": api_url,
        "DDZ_WEBHOOK_URL": PUBLIC_URL,
        **more,
    }
    return subprocess.run(
        [sys.executable, str(ROOT / "bot.py")],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.parametrize(
    "server",
    [
        {"DDZ_WEBHOOK_PORT": "port"},  # the webhook's own server (run_webhook)
        {"DDZ_WEBAPP_URL": "https://bot.example.org/live/", "DDZ_WEBAPP_PORT": "port"},
    ],
    ids=["webhook server", "live table's server"],
)
def test_a_refused_webhook_is_one_line_with_its_exit_code(
    tmp_path: Path, server: dict[str, str]
) -> None:
    refusing = FakeBotAPI()
    refusing.webhook_refusal = UNRESOLVED
    settings = {name: str(free_port()) if v == "port" else v for name, v in server.items()}
    with local_telegram(refusing) as local:
        done = run_bot(tmp_path, local.url, DDZ_LOG_LEVEL="WARNING", **settings)
    assert done.returncode == StartupFailure.WEBHOOK_REFUSED.value == 16
    said = done.stderr.strip().splitlines()
    assert len(said) == 1, done.stderr
    assert said[0].startswith(f"Telegram refused the webhook DDZ_WEBHOOK_URL={PUBLIC_URL}: ")
    assert "bad webhook: failed to resolve host: name or service not known" in said[0].lower()
    assert "DNS" in said[0]  # what to do about it
    assert refusing.webhooks == []


def test_no_ready_line_before_the_webhook_is_set(tmp_path: Path) -> None:
    refusing = FakeBotAPI()
    refusing.webhook_refusal = UNRESOLVED
    with local_telegram(refusing) as local:
        done = run_bot(tmp_path, local.url, DDZ_WEBHOOK_PORT=str(free_port()))
    assert done.returncode == 16
    assert "Traceback" not in done.stderr
    assert "ready as @" not in done.stderr
    assert done.stderr.strip().splitlines()[-1].startswith("Telegram refused the webhook")


@pytest.mark.parametrize(
    "url",
    [
        "https://bot.example.org:8080/tg/hook",
        "https://bot.example.org:444/tg/hook",
        "https://bot.example.org:99999/tg/hook",
    ],
)
def test_a_port_telegram_does_not_post_to_is_a_bad_setting(
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    url: str,
) -> None:
    only_settings(monkeypatch, tmp_path, DDZ_BOT_TOKEN=TOKEN, DDZ_WEBHOOK_URL=url)
    assert entry.main() == 2
    said = capsys.readouterr().err.strip().splitlines()
    assert len(said) == 1 and said[0].startswith(f"Bad setting: DDZ_WEBHOOK_URL='{url}'")
    assert "443, 80, 88 and 8443" in said[0]


@pytest.mark.parametrize("port", ["", ":443", ":80", ":88", ":8443"])
def test_the_ports_telegram_posts_to_are_taken(port: str) -> None:
    settings = Settings(token=TOKEN, webhook_url=f"https://bot.example.org{port}/hook")
    assert entry.webhook_arguments(settings)["webhook_url"].endswith("/hook")


async def test_ready_is_said_once_telegram_has_the_webhook(tmp_path: Path) -> None:
    api = FakeBotAPI()
    settings = live_settings(tmp_path, webhook_url=PUBLIC_URL)
    webhook = entry.webhook_arguments(settings)
    settings = entry.served_settings(settings, webhook)
    limiter = AIORateLimiter(overall_max_rate=0, group_max_rate=0, max_retries=0)
    application = build_application(
        settings, request=api, updates_request=api, rate_limiter=limiter
    )
    attach(application, settings)
    webhooks_when_ready: list[int] = []

    class Ready(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            if record.getMessage().startswith("ready as @"):
                webhooks_when_ready.append(len(api.webhooks))

    handler = Ready()
    app_log = logging.getLogger("ddz_bot.tg.app")
    app_log.addHandler(handler)
    level = app_log.level
    app_log.setLevel(logging.INFO)
    try:
        await entry.start_on_live_server(application, webhook)
        await entry.stop_on_live_server(application)
    finally:
        app_log.removeHandler(handler)
        app_log.setLevel(level)
    assert webhooks_when_ready == [1]  # said once, and Telegram had the URL then
