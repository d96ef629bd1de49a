"""Without the live table, Telegram's webhook has a server of its own (``DDZ_WEBHOOK_LISTEN``:
``DDZ_WEBHOOK_PORT``) with the same handler: a POST is answered only once its update is
handled, and the server listens only once the bot's parts are up."""

from __future__ import annotations

import socket
from pathlib import Path

import httpx
from telegram.ext import AIORateLimiter

from ddz_bot.tg.app import build_application, runtime
from ddz_bot.tg.webhook_start import (
    WebhookArguments,
    start_on_live_server,
    stop_on_live_server,
)
from ddz_bot.web.webhook import SECRET_HEADER, attach_webhook_server
from tests.tg.conftest import make_settings
from tests.tg.fake_api import FakeBotAPI

PUBLIC_URL = "https://bot.example.org/tg/hook"
SECRET = "own_server-secret"


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


async def test_the_webhooks_own_server_answers_once_the_update_is_handled(
    tmp_path: Path,
) -> None:
    port = _free_port()
    settings = make_settings(
        tmp_path,
        webhook_url=PUBLIC_URL,
        webhook_secret=SECRET,
        webhook_listen="127.0.0.1",
        webhook_port=port,
    )
    api = FakeBotAPI()
    limiter = AIORateLimiter(overall_max_rate=0, group_max_rate=0, max_retries=0)
    application = build_application(
        settings, request=api, updates_request=api, rate_limiter=limiter
    )
    attach_webhook_server(application, settings)
    webhook = WebhookArguments(
        listen="127.0.0.1",
        port=port,
        url_path="/tg/hook",
        webhook_url=PUBLIC_URL,
        secret_token=SECRET,
        allowed_updates=["message", "callback_query"],
        drop_pending_updates=False,
    )
    await start_on_live_server(application, webhook)
    try:
        assert api.webhooks[-1]["url"] == PUBLIC_URL
        api.add_group(-100700, "牌友群")
        alice = api.add_user(7001, "Alice", started=True)
        update = {
            "update_id": api.next_update_id(),
            "message": {
                "message_id": api.new_message_id(-100700),
                "date": 1_700_000_000,
                "chat": api.chat_dict(-100700),
                "from": alice,
                "text": "/newgame",
                "entities": [{"type": "bot_command", "offset": 0, "length": 8}],
            },
        }
        db = runtime(application).db
        assert await db.load_open_tables() == []
        async with httpx.AsyncClient(trust_env=False, timeout=10.0) as client:
            hook = f"http://127.0.0.1:{port}/tg/hook"
            refused = await client.post(hook, json=update, headers={SECRET_HEADER: "wrong"})
            assert refused.status_code == 403
            answered = await client.post(hook, json=update, headers={SECRET_HEADER: SECRET})
        assert answered.status_code == 200
        assert [t.chat_id for t in await db.load_open_tables()] == [-100700]  # handled first
    finally:
        await stop_on_live_server(application)
