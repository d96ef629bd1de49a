"""Telegram's webhook on the live table's server: updates POSTed with the secret token are
played as polled ones (a /start answered, a table opened and a button pressed in a group);
anything else is refused before the bot sees it and changes nothing."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from ddz_bot.tg.app import runtime
from ddz_bot.tg.guide import welcome_text
from ddz_bot.web.webhook import MAX_UPDATE, SECRET_HEADER
from tests.tg.harness import Harness
from tests.tg.scripts import current_table, seat_three, take_turn, whose_turn

from .live import live_settings, server_of, start_live

PUBLIC_URL = "https://live.example.org/tg/hook"
SECRET = "s3cret_-token"


class WebhookHarness(Harness):
    """People whose updates reach the bot as Telegram's POSTs to the live table's server."""

    client: httpx.AsyncClient

    @property
    def hook_url(self) -> str:
        return f"http://127.0.0.1:{server_of(self).port}/tg/hook"

    async def post(self, update: dict[str, Any], *, secret: str | None = SECRET) -> int:
        headers = {} if secret is None else {SECRET_HEADER: secret}
        response = await self.client.post(self.hook_url, json=update, headers=headers)
        return response.status_code

    async def feed(self, update: dict[str, Any]) -> None:
        assert await self.post(update) == 200  # answered once handled
        await self.settle()


@pytest.fixture
async def hooked(tmp_path: Path) -> AsyncIterator[WebhookHarness]:
    settings = live_settings(tmp_path, webhook_url=PUBLIC_URL, webhook_secret=SECRET)
    started = await start_live(settings)
    harness = WebhookHarness(started.api, started.app, started._settle)
    async with httpx.AsyncClient(trust_env=False, timeout=10.0) as client:
        harness.client = client
        try:
            yield harness
        finally:
            await harness.stop()


def start_update(bot: Harness, user_id: int, text: str = "/start") -> dict[str, Any]:
    """A private command, as Telegram shapes it."""
    api = bot.api
    return {
        "update_id": api.next_update_id(),
        "message": {
            "message_id": api.new_message_id(user_id),
            "date": 1_700_000_000,
            "chat": api.chat_dict(user_id),
            "from": api.users[user_id],
            "text": text,
            "entities": [{"type": "bot_command", "offset": 0, "length": len(text)}],
        },
    }


def bot_texts(bot: Harness, chat_id: int) -> list[str]:
    return [m.text or m.caption or "" for m in bot.api.chat_messages(chat_id) if m.from_bot]


async def test_a_start_posted_with_the_secret_is_answered(hooked: WebhookHarness) -> None:
    alice = hooked.user("Alice", language_code="en")
    await hooked.feed(start_update(hooked, alice.id))
    assert bot_texts(hooked, alice.id) == [welcome_text("en")]


async def test_a_post_is_answered_only_once_its_update_is_handled(
    hooked: WebhookHarness,
) -> None:
    """Telegram never sends an answered update again: the 200 comes after the handling (the
    table the command opened is in the database by then), not when the update is queued."""
    group = hooked.group()
    alice = hooked.user("Alice")
    update = start_update(hooked, alice.id, "/newgame")
    update["message"]["chat"] = hooked.api.chat_dict(group)
    db = runtime(hooked.app).db
    assert await db.load_open_tables() == []
    assert await hooked.post(update) == 200
    assert [t.chat_id for t in await db.load_open_tables()] == [group]


async def test_a_group_plays_through_the_webhook(hooked: WebhookHarness) -> None:
    group = hooked.group()
    users = [hooked.user(name) for name in ("Alice", "Bob", "Carol")]
    await seat_three(hooked, group, users)  # /newgame and two Join presses, all POSTed
    table = current_table(hooked, group)
    assert [seat.user_id for seat in table.seats] == [u.id for u in users]
    before = table.version
    user = whose_turn(hooked, group, users)
    assert user is not None
    await take_turn(hooked, group, user)  # a bidding button in the DM panel, POSTed
    assert table.version > before


@pytest.mark.parametrize("secret", [None, "", "guessed", SECRET + "x", SECRET[:-1], "密"])
async def test_a_wrong_or_missing_secret_gets_403_and_nothing_happens(
    hooked: WebhookHarness, secret: str | None
) -> None:
    mallory = hooked.user("Mallory", language_code="en")
    calls = len(hooked.api.calls)
    if secret == "密":  # not even Latin-1: sent as raw bytes, as a client might
        response = await hooked.client.post(
            hooked.hook_url,
            content=json.dumps(start_update(hooked, mallory.id)).encode(),
            headers=[(SECRET_HEADER.encode(), secret.encode())],
        )
        status = response.status_code
    else:
        status = await hooked.post(start_update(hooked, mallory.id), secret=secret)
    assert status == 403
    assert hooked.app.update_queue.empty()
    await hooked.settle()
    assert bot_texts(hooked, mallory.id) == [] and len(hooked.api.calls) == calls


async def test_only_post_is_taken(hooked: WebhookHarness) -> None:
    headers = {SECRET_HEADER: SECRET}
    for method in ("GET", "PUT", "DELETE", "PATCH"):
        response = await hooked.client.request(method, hooked.hook_url, headers=headers)
        assert response.status_code == 405, method
    assert hooked.app.update_queue.empty()


async def test_an_oversized_body_is_refused_before_it_is_read(hooked: WebhookHarness) -> None:
    alice = hooked.user("Alice", language_code="en")
    update = start_update(hooked, alice.id)
    update["message"]["text"] = "/start " + "x" * MAX_UPDATE
    body = json.dumps(update).encode()
    response = await hooked.client.post(
        hooked.hook_url, content=body, headers={SECRET_HEADER: SECRET}
    )
    assert response.status_code == 413
    # a body without a length (chunked) is cut off at the same size
    reader, writer = await asyncio.open_connection("127.0.0.1", server_of(hooked).port)
    writer.write(
        b"POST /tg/hook HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n"
        + f"{SECRET_HEADER}: {SECRET}\r\n\r\n".encode()
    )
    chunk = b"x" * 65536
    try:
        for _ in range(MAX_UPDATE // len(chunk) + 2):
            writer.write(b"%x\r\n%s\r\n" % (len(chunk), chunk))
            await writer.drain()
    except OSError:
        pass  # the server hung up on the body
    answer = await asyncio.wait_for(reader.read(100), 10)
    writer.close()
    assert answer.startswith(b"HTTP/1.1 4"), answer
    assert hooked.app.update_queue.empty()
    await hooked.settle()
    assert bot_texts(hooked, alice.id) == []


@pytest.mark.parametrize(
    "body",
    [
        b"",
        b"not json",
        b"\xff\xfe\xfa",
        b"[1, 2]",
        b'{"no": "update"}',
        b'{"update_id": 1, "message": 7}',
    ],
)
async def test_a_body_that_is_no_update_gets_400(hooked: WebhookHarness, body: bytes) -> None:
    response = await hooked.client.post(
        hooked.hook_url, content=body, headers={SECRET_HEADER: SECRET}
    )
    assert response.status_code == 400
    assert hooked.app.update_queue.empty()


async def test_a_stopping_bot_asks_telegram_to_send_again(hooked: WebhookHarness) -> None:
    alice = hooked.user("Alice", language_code="en")
    await hooked.app.stop()  # as after SIGTERM: the server still listens a moment
    response = await hooked.client.post(
        hooked.hook_url, json=start_update(hooked, alice.id), headers={SECRET_HEADER: SECRET}
    )
    assert response.status_code == 503 and response.headers["Retry-After"]
    assert hooked.app.update_queue.empty()


async def test_the_page_and_the_webhook_share_the_port(hooked: WebhookHarness) -> None:
    port = server_of(hooked).port
    page = await hooked.client.get(f"http://127.0.0.1:{port}/")
    assert page.status_code == 200 and "<html" in page.text.lower()
    other = await hooked.client.post(
        f"http://127.0.0.1:{port}/tg/other", json={}, headers={SECRET_HEADER: SECRET}
    )
    assert other.status_code in (404, 405)


async def test_without_a_webhook_the_live_server_has_no_such_path(tmp_path: Path) -> None:
    bot = await start_live(live_settings(tmp_path))
    try:
        async with httpx.AsyncClient(trust_env=False, timeout=10.0) as client:
            response = await client.post(
                f"http://127.0.0.1:{server_of(bot).port}/tg/hook",
                json={"update_id": 1},
                headers={SECRET_HEADER: ""},
            )
        assert response.status_code in (404, 405)
    finally:
        await bot.stop()
