"""Webhook mode end to end: the real Application serves HTTP on 127.0.0.1, registers itself with
the fake Telegram through ``setWebhook``, and answers updates POSTed the way Telegram posts them.
Requests without the secret token, or to another path, change nothing."""

from __future__ import annotations

import logging
import os
import re
import socket
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import httpx
import pytest
from telegram import Update
from telegram.ext import AIORateLimiter, Application

import bot as entry
from ddz_bot.config import Settings, SettingsError
from ddz_bot.tg import app as tg_app
from ddz_bot.tg.app import build_application
from ddz_bot.tg.guide import welcome_text

from ...polling import wait_until
from ..conftest import TOKEN, make_settings
from ..fake_api import FakeBotAPI

PUBLIC_URL = "https://ddz.example.org/tg/hook"
SECRET_HEADER = "X-Telegram-Bot-Api-Secret-Token"
AnyApp = Application[Any, Any, Any, Any, Any, Any]


@dataclass
class Served:
    """A bot serving its webhook, the Telegram it talks to, and where Telegram posts."""

    api: FakeBotAPI
    app: AnyApp
    arguments: entry.WebhookArguments
    client: httpx.AsyncClient

    @property
    def local_url(self) -> str:
        """Where Telegram's POSTs arrive: the path of the URL ``setWebhook`` registered."""
        path = urlsplit(self.api.webhooks[-1]["url"]).path
        return f"http://127.0.0.1:{self.arguments['port']}{path}"

    async def post(
        self, update: dict[str, Any], *, secret: str | None = "", url: str | None = None
    ) -> int:
        """POST an update as Telegram does; ``secret=""`` sends the right token."""
        headers = {}
        if secret is not None:
            headers[SECRET_HEADER] = secret or self.arguments["secret_token"]
        response = await self.client.post(url or self.local_url, json=update, headers=headers)
        return response.status_code

    def start_update(self, user: dict[str, Any], text: str = "/start") -> dict[str, Any]:
        """A private message from ``user``, shaped like Telegram's."""
        api = self.api
        command = text.split()[0]
        message = {
            "message_id": api.new_message_id(user["id"]),
            "date": int(time.time()),
            "chat": api.chat_dict(user["id"]),
            "from": user,
            "text": text,
            "entities": [{"type": "bot_command", "offset": 0, "length": len(command)}],
        }
        return {"update_id": api.next_update_id(), "message": message}

    def bot_texts(self, chat_id: int) -> list[str]:
        return [m.text or m.caption or "" for m in self.api.chat_messages(chat_id) if m.from_bot]


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


async def _start_webhook(application: AnyApp, settings: Settings) -> entry.WebhookArguments:
    """Start the updater's webhook server on a free port (another port if one was taken
    between looking and listening)."""
    assert application.updater is not None
    for attempt in range(3):
        arguments = entry.webhook_arguments(replace(settings, webhook_port=_free_port()))
        try:
            await application.updater.start_webhook(**arguments)
        except OSError:
            if attempt == 2:
                raise
            continue
        return arguments
    raise AssertionError("unreachable")


@asynccontextmanager
async def serving(tmp_path: Path, **changes: object) -> AsyncIterator[Served]:
    """The real Application in webhook mode, started in the order ``run_webhook`` uses."""
    api = FakeBotAPI()
    settings = make_settings(
        tmp_path, webhook_url=PUBLIC_URL, webhook_listen="127.0.0.1", **changes
    )
    limiter = AIORateLimiter(overall_max_rate=0, group_max_rate=0, max_retries=0)
    application = build_application(
        settings, request=api, updates_request=api, rate_limiter=limiter
    )
    await application.initialize()
    try:
        assert application.post_init is not None and application.updater is not None
        await application.post_init(application)
        arguments = await _start_webhook(application, settings)
        try:
            await application.start()
            async with httpx.AsyncClient(trust_env=False, timeout=10.0) as client:
                yield Served(api, application, arguments, client)
        finally:
            if application.updater.running:
                await application.updater.stop()
            if application.running:
                await application.stop()
    finally:
        await application.shutdown()
        if application.post_shutdown is not None:
            await application.post_shutdown(application)


# ---- which arguments the webhook gets ----------------------------------------------------


@pytest.mark.parametrize(
    ("url", "path"),
    [
        ("https://ddz.example.org/tg/hook", "/tg/hook"),
        ("https://ddz.example.org/tg/hook/", "/tg/hook"),
        ("https://ddz.example.org:8443/a-b_c.d~e%20f", "/a-b_c.d~e%20f"),
        ("https://ddz.example.org", ""),
        ("https://ddz.example.org/", ""),
    ],
)
def test_the_server_listens_on_the_public_urls_path(url: str, path: str) -> None:
    settings = Settings(
        token=TOKEN,
        webhook_url=url,
        webhook_listen="10.0.0.5",
        webhook_port=8080,
        webhook_secret="s3cret_-X",
    )
    arguments = entry.webhook_arguments(settings)
    assert arguments["url_path"] == path
    assert arguments["webhook_url"] == url  # Telegram is told the public URL itself
    assert (arguments["listen"], arguments["port"]) == ("10.0.0.5", 8080)
    assert arguments["secret_token"] == "s3cret_-X"
    assert set(arguments["allowed_updates"]) == {
        Update.MESSAGE,
        Update.CALLBACK_QUERY,
        Update.MY_CHAT_MEMBER,
    }
    assert arguments["drop_pending_updates"] is False


def test_without_a_configured_secret_each_start_makes_a_new_one() -> None:
    settings = Settings(token=TOKEN, webhook_url=PUBLIC_URL)
    first = entry.webhook_arguments(settings)["secret_token"]
    second = entry.webhook_arguments(settings)["secret_token"]
    assert first != second
    for secret in (first, second):  # what Telegram accepts as a secret token
        assert re.fullmatch(r"[A-Za-z0-9_-]{32,256}", secret)


@pytest.mark.parametrize(
    ("changes", "variable"),
    [
        ({"webhook_url": "http://ddz.example.org/hook"}, "DDZ_WEBHOOK_URL"),
        ({"webhook_url": "ddz.example.org/hook"}, "DDZ_WEBHOOK_URL"),
        ({"webhook_url": "https:///hook"}, "DDZ_WEBHOOK_URL"),
        ({"webhook_url": "https://ddz.example.org/ho(ok)"}, "DDZ_WEBHOOK_URL"),
        ({"webhook_url": "https://ddz.example.org/hook#x"}, "DDZ_WEBHOOK_URL"),
        ({"webhook_secret": "has space"}, "DDZ_WEBHOOK_SECRET"),
        ({"webhook_secret": "x" * 257}, "DDZ_WEBHOOK_SECRET"),
    ],
)
def test_bad_webhook_settings_are_named(changes: dict[str, Any], variable: str) -> None:
    settings = replace(Settings(token=TOKEN, webhook_url=PUBLIC_URL), **changes)
    with pytest.raises(SettingsError, match=variable):
        entry.webhook_arguments(settings)


def _bot_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, **variables: str) -> None:
    """Only ``variables`` as DDZ_ settings, no .env file, nothing changed for other tests."""
    monkeypatch.chdir(tmp_path)
    for name in [n for n in list(os.environ) if n.startswith("DDZ_")]:
        monkeypatch.delenv(name)
    for name, value in variables.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setattr(tg_app, "tune_gc", lambda: None)
    monkeypatch.setattr(logging, "basicConfig", lambda **kwargs: None)


def test_main_runs_the_webhook_with_those_arguments(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    _bot_environment(
        monkeypatch,
        tmp_path,
        DDZ_BOT_TOKEN=TOKEN,
        DDZ_WEBHOOK_URL=PUBLIC_URL,
        DDZ_WEBHOOK_PORT="8443",
        DDZ_WEBHOOK_SECRET="from-env",
        DDZ_DB_PATH=str(tmp_path / "d.sqlite3"),
    )
    seen: list[tuple[AnyApp, dict[str, Any], int]] = []

    def run_on_its_server(application: AnyApp, webhook: Any, *, retries: int) -> None:
        seen.append((application, dict(webhook), retries))

    def run_polling(self: AnyApp, **kwargs: Any) -> None:
        raise AssertionError("polled although a webhook URL is set")

    monkeypatch.setattr(entry, "run_on_live_server", run_on_its_server)
    monkeypatch.setattr(Application, "run_polling", run_polling)
    assert entry.main() == 0
    assert len(seen) == 1
    _, webhook, retries = seen[0]
    assert webhook == entry.webhook_arguments(Settings.from_env())
    assert retries == entry.STARTUP_RETRIES


def test_main_refuses_a_bad_webhook_url(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _bot_environment(
        monkeypatch, tmp_path, DDZ_BOT_TOKEN=TOKEN, DDZ_WEBHOOK_URL="http://ddz.example.org/hook"
    )
    assert entry.main() == 2
    assert "DDZ_WEBHOOK_URL" in capsys.readouterr().err


# ---- the running server --------------------------------------------------------------------


async def test_telegram_is_told_the_url_and_secret_and_an_update_gets_an_answer(
    tmp_path: Path,
) -> None:
    async with serving(tmp_path) as served:
        api = served.api
        assert len(api.webhooks) == 1
        registered = api.webhooks[0]
        assert registered["url"] == PUBLIC_URL
        assert registered["secret_token"] == served.arguments["secret_token"]
        assert set(registered["allowed_updates"]) == set(entry.ALLOWED_UPDATES)
        alice = api.add_user(4242, "Alice", language_code="en")
        assert await served.post(served.start_update(alice)) == 200
        await wait_until(lambda: bool(served.bot_texts(4242)), "the answer to /start")
        assert served.bot_texts(4242) == [welcome_text("en")]


async def test_posts_without_the_secret_token_are_refused_and_change_nothing(
    tmp_path: Path,
) -> None:
    async with serving(tmp_path) as served:
        api = served.api
        mallory = api.add_user(666, "Mallory", language_code="en")
        assert await served.post(served.start_update(mallory), secret=None) == 403
        assert await served.post(served.start_update(mallory), secret="guessed") == 403
        # updates are handled one after another: once a later, good update is answered,
        # anything the refused ones had queued would have been answered too
        alice = api.add_user(4242, "Alice", language_code="en")
        assert await served.post(served.start_update(alice)) == 200
        await wait_until(lambda: bool(served.bot_texts(4242)), "the answer to /start")
        assert served.bot_texts(666) == []
        assert api.calls_to(666) == []


async def test_posts_to_another_path_are_not_found(tmp_path: Path) -> None:
    async with serving(tmp_path, webhook_secret="fixed-secret") as served:
        api = served.api
        assert served.arguments["secret_token"] == "fixed-secret"
        assert api.webhooks[0]["secret_token"] == "fixed-secret"
        mallory = api.add_user(666, "Mallory", language_code="en")
        port = served.arguments["port"]
        for path in ("/", "/tg", "/tg/hook/extra", "/other"):
            status = await served.post(
                served.start_update(mallory), url=f"http://127.0.0.1:{port}{path}"
            )
            assert status == 404, path
        alice = api.add_user(4242, "Alice", language_code="en")
        # the path with a trailing slash is the same webhook
        assert await served.post(served.start_update(alice), url=served.local_url + "/") == 200
        await wait_until(lambda: bool(served.bot_texts(4242)), "the answer to /start")
        assert served.bot_texts(666) == []
