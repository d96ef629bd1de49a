"""How ``bot.py`` runs a webhook with the live table: the Application started by hand, Telegram
told the URL and the secret (``setWebhook``), updates taken by the live table's server on the
webhook URL's path; SIGTERM stops it as ``run_webhook`` stops (the webhook left set, the
tables kept for the next start). Only a webhook keeps ``run_webhook``, only the live table
keeps polling, and a combination that can't work is one line at start."""

from __future__ import annotations

import signal
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

import httpx
import pytest
from telegram.ext import AIORateLimiter, Application

import bot as entry
from ddz_bot.config import Settings, SettingsError
from ddz_bot.tg.app import build_application
from ddz_bot.tg.guide import welcome_text
from ddz_bot.web.server import attach
from ddz_bot.web.webhook import SECRET_HEADER
from tests.tg.conftest import TOKEN
from tests.tg.fake_api import FakeBotAPI
from tests.tg.harness import Harness
from tests.tg.local_telegram import LocalTelegram, local_telegram

from ..environment import only_settings
from ..polling import wait_until
from .live import live_settings, server_of
from .remote import BotProcess, RemoteHarness, free_port

PUBLIC_URL = "https://bot.example.org/tg/hook"
WEBAPP_URL = "https://bot.example.org/live/"
AnyApp = Application[Any, Any, Any, Any, Any, Any]


def start_update(api: FakeBotAPI, user_id: int, text: str = "/start") -> dict[str, Any]:
    command = text.split()[0]
    return {
        "update_id": api.next_update_id(),
        "message": {
            "message_id": api.new_message_id(user_id),
            "date": int(time.time()),
            "chat": api.chat_dict(user_id),
            "from": api.users.get(user_id) or next(iter(api.users.values())),
            "text": text,
            "entities": [{"type": "bot_command", "offset": 0, "length": len(command)}],
        },
    }


def bot_texts(api: FakeBotAPI, chat_id: int) -> list[str]:
    return [m.text or m.caption or "" for m in api.chat_messages(chat_id) if m.from_bot]


# ---- the start path, in this process --------------------------------------------------------


async def test_the_start_sets_the_webhook_and_the_live_server_takes_its_updates(
    tmp_path: Path,
) -> None:
    api = FakeBotAPI()
    settings = live_settings(tmp_path, webhook_url=PUBLIC_URL, webapp_url=WEBAPP_URL)
    webhook = entry.webhook_arguments(settings)  # no secret set: a random one
    settings = entry.served_settings(settings, webhook)
    limiter = AIORateLimiter(overall_max_rate=0, group_max_rate=0, max_retries=0)
    application = build_application(
        settings, request=api, updates_request=api, rate_limiter=limiter
    )
    attach(application, settings)
    await entry.start_on_live_server(application, webhook)
    try:
        assert len(api.webhooks) == 1
        told = api.webhooks[0]
        assert told["url"] == PUBLIC_URL
        assert told["secret_token"] == webhook["secret_token"] == settings.webhook_secret
        assert set(told["allowed_updates"]) == set(entry.ALLOWED_UPDATES)
        assert told.get("drop_pending_updates") in (None, False)  # queued updates kept
        port = server_of(Harness(api, application)).port
        alice = api.add_user(4242, "Alice", language_code="en")
        async with httpx.AsyncClient(trust_env=False, timeout=10.0) as client:
            response = await client.post(
                f"http://127.0.0.1:{port}/tg/hook",
                json=start_update(api, alice["id"]),
                headers={SECRET_HEADER: webhook["secret_token"]},
            )
            assert response.status_code == 200
            await application.update_queue.join()
            await wait_until(lambda: bool(bot_texts(api, 4242)), "the answer to /start")
            assert bot_texts(api, 4242) == [welcome_text("en")]
    finally:
        await entry.stop_on_live_server(application)
    assert not application.running
    assert [c for c in api.calls if c.method == "deleteWebhook"] == []
    with pytest.raises(httpx.ConnectError):  # the server went with the bot
        async with httpx.AsyncClient(trust_env=False, timeout=5.0) as client:
            await client.post(f"http://127.0.0.1:{port}/tg/hook")


# ---- the bot as people run it ---------------------------------------------------------------


class HookedPeople(RemoteHarness):
    """People whose updates Telegram POSTs to the bot process's live table server."""

    def __init__(self, local: LocalTelegram, port: int) -> None:
        super().__init__(local)
        self.port = port

    @property
    def telegram(self) -> FakeBotAPI:
        assert isinstance(self.api, FakeBotAPI)
        return self.api

    async def feed(self, update: dict[str, Any]) -> None:
        secret = self.telegram.webhooks[-1]["secret_token"]
        async with httpx.AsyncClient(trust_env=False, timeout=10.0) as client:
            response = await client.post(
                f"http://127.0.0.1:{self.port}/tg/hook",
                json=update,
                headers={SECRET_HEADER: secret},
            )
        assert response.status_code == 200


@contextmanager
def running_bot(bot: BotProcess) -> Iterator[BotProcess]:
    bot.start()
    try:
        yield bot
    finally:
        bot.stop()


async def test_sigterm_stops_it_cleanly_and_the_next_start_goes_on(tmp_path: Path) -> None:
    port = free_port()
    with local_telegram(FakeBotAPI()) as local:
        people = HookedPeople(local, port)
        api = people.telegram
        group = people.group()
        alice, bob = people.user("Alice"), people.user("Bob")
        env = {
            "DDZ_API_URL": local.url,
            "DDZ_DB_PATH": str(tmp_path / "ddz.sqlite3"),
            "DDZ_WEBHOOK_URL": PUBLIC_URL,
            "DDZ_WEBAPP_URL": WEBAPP_URL,
            "DDZ_WEBAPP_PORT": str(port),
            "DDZ_GROUP_INTERVAL": "0",
            "DDZ_AI_WORKERS": "0",
        }
        bot = BotProcess(env, tmp_path / "bot.log")
        with running_bot(bot):
            await wait_until(lambda: len(api.webhooks) == 1, "setWebhook")
            assert api.webhooks[0]["url"] == PUBLIC_URL
            await alice.send(group, "/newgame")
            await wait_until(
                lambda: api.last_message(group, with_buttons=True) is not None, "the lobby"
            )
            assert bot.process is not None
            bot.process.send_signal(signal.SIGTERM)
            assert bot.process.wait(timeout=30) == 0
        log = (tmp_path / "bot.log").read_text(encoding="utf-8")
        assert "Traceback" not in log
        assert "200 POST" not in log  # no line an update, as with polling
        assert [c for c in api.calls if c.method == "deleteWebhook"] == []

        with running_bot(bot):  # the lobby is still there: Bob joins it
            await wait_until(lambda: len(api.webhooks) == 2, "setWebhook again")
            lobby = api.last_message(group, with_buttons=True)
            await bob.press(lobby, "加入")
            await wait_until(lambda: "Bob" in (lobby_text(api, group)), "Bob in the lobby")


def lobby_text(api: FakeBotAPI, group: int) -> str:
    message = api.last_message(group, with_buttons=True)
    return "" if message is None else message.text or message.caption or ""


# ---- which runner main() picks, and the settings it refuses ----------------------------------


def _runners(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Record which way main() runs the Application instead of running it."""
    seen: list[str] = []

    def record(name: str) -> Any:
        def run(*args: Any, **kwargs: Any) -> None:
            seen.append(name)

        return run

    monkeypatch.setattr(Application, "run_webhook", record("run_webhook"))
    monkeypatch.setattr(Application, "run_polling", record("run_polling"))
    monkeypatch.setattr(entry, "run_on_live_server", record("live"))
    return seen


@pytest.mark.parametrize(
    ("variables", "runner"),
    [
        ({"DDZ_WEBHOOK_URL": PUBLIC_URL, "DDZ_WEBAPP_URL": WEBAPP_URL}, "live"),
        ({"DDZ_WEBHOOK_URL": PUBLIC_URL}, "live"),  # the webhook's own server, same start
        ({"DDZ_WEBAPP_URL": WEBAPP_URL}, "run_polling"),
        ({}, "run_polling"),
    ],
)
def test_main_picks_one_server_for_the_webhook_and_the_page(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, variables: dict[str, str], runner: str
) -> None:
    only_settings(monkeypatch, tmp_path, DDZ_BOT_TOKEN=TOKEN, **variables)
    seen = _runners(monkeypatch)
    assert entry.main() == 0
    assert seen == [runner]


@pytest.mark.parametrize(
    ("variables", "named"),
    [
        ({"DDZ_WEBHOOK_PORT": "8443"}, "DDZ_WEBHOOK_PORT"),
        ({"DDZ_WEBHOOK_LISTEN": "0.0.0.0"}, "DDZ_WEBHOOK_LISTEN"),
        ({"DDZ_WEBHOOK_URL": "https://bot.example.org/live/"}, "DDZ_WEBHOOK_URL"),
        ({"DDZ_WEBHOOK_URL": "https://bot.example.org/live"}, "DDZ_WEBHOOK_URL"),
        ({"DDZ_WEBHOOK_URL": "https://bot.example.org/live/ws"}, "DDZ_WEBHOOK_URL"),
        ({"DDZ_WEBHOOK_URL": "https://hook.example.org/live/static/x"}, "DDZ_WEBHOOK_URL"),
        ({"DDZ_WEBHOOK_URL": "https://hook.example.org/metrics"}, "DDZ_WEBHOOK_URL"),
        ({"DDZ_WEBHOOK_URL": "https://hook.example.org/healthz/"}, "DDZ_WEBHOOK_URL"),
        ({"DDZ_METRICS_PORT": "9108"}, "DDZ_METRICS_PORT"),
        (
            {"DDZ_WEBHOOK_URL": "https://bot.example.org", "DDZ_WEBAPP_URL": "https://b.org/"},
            "DDZ_WEBHOOK_URL",
        ),
    ],
)
def test_a_combination_that_cannot_work_is_one_line(
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    variables: dict[str, str],
    named: str,
) -> None:
    both = {"DDZ_WEBHOOK_URL": PUBLIC_URL, "DDZ_WEBAPP_URL": WEBAPP_URL}
    only_settings(monkeypatch, tmp_path, DDZ_BOT_TOKEN=TOKEN, **{**both, **variables})
    seen = _runners(monkeypatch)
    assert entry.main() == 2
    said = capsys.readouterr().err.strip().splitlines()
    assert len(said) == 1 and said[0].startswith(f"Bad setting: {named}=")
    assert seen == []


@pytest.mark.parametrize(
    ("webhook_url", "webapp_url"),
    [
        ("https://bot.example.org/live/hook", "https://bot.example.org/live/"),
        ("https://bot.example.org/tg", "https://bot.example.org/"),
        ("https://bot.example.org/", "https://bot.example.org/live/"),
        ("https://hook.example.org/livews", "https://bot.example.org/live/"),
    ],
)
def test_a_webhook_path_of_its_own_beside_the_page_is_fine(
    webhook_url: str, webapp_url: str
) -> None:
    settings = Settings(token=TOKEN, webhook_url=webhook_url, webapp_url=webapp_url)
    assert entry.webhook_arguments(settings)["webhook_url"] == webhook_url


def test_the_webhook_port_still_counts_without_the_live_table() -> None:
    env = {"DDZ_WEBHOOK_URL": PUBLIC_URL, "DDZ_WEBHOOK_PORT": "88", "DDZ_WEBHOOK_LISTEN": "::"}
    settings = Settings.from_env(env)
    assert (settings.webhook_listen, settings.webhook_port) == ("::", 88)
    with pytest.raises(SettingsError, match="DDZ_WEBHOOK_PORT"):
        Settings.from_env({**env, "DDZ_WEBAPP_URL": WEBAPP_URL})
    described = replace(settings, webapp_url=WEBAPP_URL, webapp_port=9000).describe()
    assert "live table's port 9000" in described


def test_an_unreachable_telegram_is_still_one_line(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    closed = free_port()
    only_settings(
        monkeypatch,
        tmp_path,
        DDZ_BOT_TOKEN=TOKEN,
        DDZ_WEBHOOK_URL=PUBLIC_URL,
        DDZ_WEBAPP_URL=WEBAPP_URL,
        DDZ_WEBAPP_PORT=str(free_port()),
        DDZ_API_URL=f"http://127.0.0.1:{closed}",
    )
    monkeypatch.setattr(entry, "STARTUP_RETRIES", 0)
    assert entry.main() == 4
    said = capsys.readouterr().err.strip().splitlines()
    assert len(said) == 1 and said[0].startswith(f"Cannot reach Telegram at 127.0.0.1:{closed}")
