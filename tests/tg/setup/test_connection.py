"""Reaching Telegram: a self-hosted Bot API server (``DDZ_API_URL``), a proxy
(``DDZ_PROXY_URL``), and outages logged once each instead of once per failed call. The bot
runs with its real HTTP client here, against the fake Telegram served on 127.0.0.1."""

from __future__ import annotations

import asyncio
import logging
import time
from pathlib import Path
from typing import Any

import pytest
import telegram.ext._utils.networkloop as polling_loop
from telegram.error import NetworkError, TelegramError
from telegram.ext import AIORateLimiter, Application
from telegram.request import BaseRequest, HTTPXRequest, RequestData

from ddz_bot.tg.app import build_application
from ddz_bot.tg.connection import ConnectionWatch, WatchedRequest, api_base_urls
from ddz_bot.tg.guide import welcome_text

from ...polling import wait_until
from ..conftest import make_settings
from ..fake_api import FakeBotAPI
from ..local_telegram import LocalTelegram, local_telegram, socks5_proxy

AnyApp = Application[Any, Any, Any, Any, Any, Any]


def _start_update(local: LocalTelegram, user: dict[str, Any]) -> dict[str, Any]:
    api = local.api
    return {
        "update_id": api.next_update_id(),
        "message": {
            "message_id": api.new_message_id(user["id"]),
            "date": int(time.time()),
            "chat": api.chat_dict(user["id"]),
            "from": user,
            "text": "/start",
            "entities": [{"type": "bot_command", "offset": 0, "length": 6}],
        },
    }


async def _start_polling(application: AnyApp, poll_interval: float = 0.02) -> None:
    """Start polling as ``run_polling`` does: a failed poll goes to the error handlers."""
    assert application.updater is not None

    def error_callback(error: TelegramError) -> None:
        application.create_task(application.process_error(error=error, update=None))

    await application.updater.start_polling(
        poll_interval=poll_interval, timeout=0, error_callback=error_callback
    )
    await application.start()


async def _polling(application: AnyApp) -> None:
    await application.initialize()
    assert application.post_init is not None
    await application.post_init(application)
    await _start_polling(application)


async def _stop(application: AnyApp) -> None:
    assert application.updater is not None
    if application.updater.running:
        await application.updater.stop()
    if application.running:
        await application.stop()
    await application.shutdown()
    assert application.post_shutdown is not None
    await application.post_shutdown(application)


def test_the_api_url_becomes_python_telegram_bots_base_urls() -> None:
    assert api_base_urls("") is None
    for given in ("http://10.0.0.2:8081", "http://10.0.0.2:8081/", "http://10.0.0.2:8081/bot"):
        urls = api_base_urls(given)
        assert urls is not None
        assert (urls.bot, urls.file) == (
            "http://10.0.0.2:8081/bot",
            "http://10.0.0.2:8081/file/bot",
        )


async def test_polling_against_a_self_hosted_bot_api_server(tmp_path: Path) -> None:
    with local_telegram() as local:
        settings = make_settings(tmp_path, api_url=local.url)
        application = build_application(settings)
        assert application.bot.base_url == f"{local.url}/bot{settings.token}"
        await _polling(application)
        try:
            alice = local.api.add_user(4242, "Alice", language_code="en")
            with local.lock:
                local.api.pending_updates.append(_start_update(local, alice))
            await wait_until(lambda: bool(local.api.chat_messages(4242)), "the answer to /start")
            assert local.api.chat_messages(4242)[0].text == welcome_text("en")
            methods = {c.method for c in local.api.calls}
            assert {"getMe", "setMyCommands", "getUpdates", "sendMessage"} <= methods
            assert local.proxied_hosts == []  # no proxy: straight to the server
        finally:
            await _stop(application)


async def test_every_call_goes_through_the_http_proxy(tmp_path: Path) -> None:
    with local_telegram() as proxy:
        settings = make_settings(
            tmp_path, api_url="http://bot-api.example:8081", proxy_url=proxy.url
        )
        application = build_application(settings)
        await _polling(application)
        try:
            assert proxy.api.calls and proxy.api.calls[0].method == "getMe"
            assert set(proxy.proxied_hosts) == {"bot-api.example:8081"}  # asked as a proxy
        finally:
            await _stop(application)


async def test_every_call_goes_through_a_socks5_proxy(tmp_path: Path) -> None:
    with local_telegram() as telegram:
        host, port = telegram.server.server_address[:2]
        with socks5_proxy((str(host), port)) as proxy:
            settings = make_settings(
                tmp_path, api_url="http://bot-api.example:8081", proxy_url=proxy.url
            )
            application = build_application(settings)  # needs httpx's socks support
            request = application.bot.request
            assert isinstance(request, WatchedRequest) and isinstance(request.inner, HTTPXRequest)
            await _polling(application)
            try:
                assert telegram.api.calls and telegram.api.calls[0].method == "getMe"
                assert "bot-api.example:8081" in proxy.asked  # the name resolved at the proxy
            finally:
                await _stop(application)


class _Flaky(BaseRequest):
    """A connection that fails ``failures`` times, then answers like the fake Telegram."""

    def __init__(self, api: FakeBotAPI, failures: int) -> None:
        self.api = api
        self.failures = failures

    async def initialize(self) -> None:
        return None

    async def shutdown(self) -> None:
        return None

    @property
    def read_timeout(self) -> float | None:
        return 1.0

    async def do_request(
        self,
        url: str,
        method: str,
        request_data: RequestData | None = None,
        read_timeout: Any = None,
        write_timeout: Any = None,
        connect_timeout: Any = None,
        pool_timeout: Any = None,
    ) -> tuple[int, bytes]:
        if self.failures > 0:
            self.failures -= 1
            raise NetworkError(
                "httpx.ConnectError: [Errno -3] Temporary failure in name resolution"
            )
        return await self.api.do_request(url, method, request_data)


async def test_an_outage_is_logged_once_and_its_end_once(caplog: pytest.LogCaptureFixture) -> None:
    watch = ConnectionWatch()
    request = WatchedRequest(_Flaky(FakeBotAPI(), failures=5), watch)
    with caplog.at_level(logging.INFO, logger="ddz_bot.tg.connection"):
        for _ in range(5):
            with pytest.raises(NetworkError):
                await request.post("https://api.telegram.org/bot1:x/getMe")
        assert watch.down and watch.failed_calls == 5
        await request.post("https://api.telegram.org/bot1:x/getMe")
        await request.post("https://api.telegram.org/bot1:x/getMe")
    lines = [r.getMessage() for r in caplog.records if r.name == "ddz_bot.tg.connection"]
    assert len(lines) == 2 and watch.outages == 1 and not watch.down
    assert "cannot reach Telegram ([Errno -3] Temporary failure in name resolution)" in lines[0]
    assert "reachable again" in lines[1] and "5 call(s) failed" in lines[1]


class _NoWait:
    """Stands in for ``asyncio`` in python-telegram-bot's retry loop: backoff without waiting."""

    def __getattr__(self, name: str) -> Any:
        return getattr(asyncio, name)

    async def sleep(self, delay: float, result: Any = None) -> Any:
        await asyncio.sleep(0)
        return result


async def test_failed_polls_are_retried_without_an_error_per_poll(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(polling_loop, "asyncio", _NoWait())
    api = FakeBotAPI()
    updates = _Flaky(api, failures=0)
    limiter = AIORateLimiter(overall_max_rate=0, group_max_rate=0, max_retries=0)
    application = build_application(
        make_settings(tmp_path), request=api, updates_request=updates, rate_limiter=limiter
    )
    await application.initialize()
    updates.failures = 6  # the network goes away once the bot runs
    with caplog.at_level(logging.INFO):
        assert application.post_init is not None
        await application.post_init(application)
        await _start_polling(application, poll_interval=0.0)
        try:
            await wait_until(lambda: updates.failures == 0, "six failed polls")
            alice = api.add_user(4242, "Alice", language_code="en")
            api.pending_updates.append(_start_update(LocalTelegram(api, None), alice))  # type: ignore[arg-type]
            await wait_until(lambda: bool(api.chat_messages(4242)), "the answer after the outage")
        finally:
            await _stop(application)
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert errors == []  # no traceback per failed poll
    outage = [r.getMessage() for r in caplog.records if r.name == "ddz_bot.tg.connection"]
    assert len(outage) == 2 and "cannot reach Telegram" in outage[0]
