"""The live table across workers: a page whose socket lands on the worker that does not hold
its table (behind a proxy it may land on either) shows the table as it moves, acts through
it, and a spectator's page there never receives a card still in someone's hand; its hints are
worked out there, from the copy it is shown; the person at that page is at the page for the
holder too (their private chat rests while they play).
"""

from __future__ import annotations

import asyncio
import json
import signal
import time
from pathlib import Path
from typing import Any

import asyncpg
from tornado.httpclient import HTTPRequest
from tornado.websocket import WebSocketClientConnection, websocket_connect

from ddz_bot.tg.hosts import host_for
from ddz_bot.tg.table import Table

from ..tg.local_telegram import LocalTelegram
from ..web.browser import card_names, hidden_cards
from ..web.live import hello, launch_data
from .proxy import free_port
from .workers import (
    ALICE,
    GROUP,
    Person,
    Worker,
    decide,
    holders,
    holding,
    live_token,
    start_ready,
    until,
)

EVE = 5099  # watches the table: a spectator
ORIGIN = "https://bot.example.org"


class Page:
    """A page's socket opened straight at one worker, its frames read as they come."""

    def __init__(self, connection: WebSocketClientConnection) -> None:
        self.connection = connection
        self.frames: list[dict[str, Any]] = []

    @classmethod
    async def open(cls, port: int, user: int, name: str, token: str) -> Page:
        request = HTTPRequest(f"ws://127.0.0.1:{port}/live/ws", headers={"Origin": ORIGIN})
        connection = await websocket_connect(request)
        await connection.write_message(hello(launch_data(user, name, token="1:x"), token))
        return cls(connection)

    async def next_state(self, newer_than: int = -1, timeout: float = 20.0) -> dict[str, Any]:
        """The next state frame of a version above ``newer_than``."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            assert left > 0, "no newer frame"
            text = await asyncio.wait_for(self.connection.read_message(), left)
            assert text is not None, self.connection.close_code
            frame = json.loads(text)
            self.frames.append(frame)
            if frame.get("t") == "state" and int(frame["v"]) > newer_than:
                return dict(frame)

    async def ask(self, message: dict[str, Any], timeout: float = 20.0) -> list[str]:
        """A hint's answer: the plays the page's seat may make."""
        await self.connection.write_message(json.dumps(message))
        while True:
            text = await asyncio.wait_for(self.connection.read_message(), timeout)
            assert text is not None, self.connection.close_code
            frame = json.loads(text)
            self.frames.append(frame)
            if frame.get("t") == "hints":
                return [str(cards) for cards in frame["cards"]]


async def _hidden(url: str) -> set[str]:
    """The cards no spectator may see now, from the table as saved."""
    connection = await asyncpg.connect(url)
    try:
        state = await connection.fetchval("SELECT state FROM tables WHERE chat_id = $1", GROUP)
    finally:
        await connection.close()
    return hidden_cards(Table.from_dict(json.loads(state), host_for))


def _calls_into(telegram: LocalTelegram, chat_id: int) -> int:
    """The Bot API calls made into a chat so far."""
    with telegram.lock:
        return sum(1 for call in telegram.api.calls if call.chat_id == chat_id)


def _settings(port: int) -> dict[str, str]:
    return {
        "DDZ_WEBAPP_URL": f"{ORIGIN}/live/",
        "DDZ_WEBAPP_LISTEN": "127.0.0.1",
        "DDZ_WEBAPP_PORT": str(port),
    }


async def test_a_page_at_the_worker_not_holding_its_table(
    url: str, telegram: LocalTelegram, workers: list[Worker], tmp_path: Path
) -> None:
    ports = [free_port(), free_port()]
    started = [
        await start_ready(workers, url, telegram.url, tmp_path, **_settings(port)) for port in ports
    ]
    alice = Person(telegram)
    alice.send(GROUP, "/newgame")
    await alice.press_answered(await until(alice.lobby), "开始")
    pressed: set[tuple[str, ...]] = set()
    assert await decide(alice, pressed)
    holder = holding(started, (await holders(url))[GROUP])
    elsewhere = ports[1 - started.index(holder)]
    token = live_token(alice)
    # the spectator's page first: Alice's then finds the table's copy already read there,
    # and its holder must still hear of her page
    spy = await Page.open(elsewhere, EVE, "Eve", token)
    watched = await spy.next_state()
    assert watched["seat"] is None
    mine = await Page.open(elsewhere, ALICE, "Alice", token)
    state = await mine.next_state()
    assert state["seat"] is not None and state["view"]["hand"]  # her own cards, from storage
    assert not card_names(watched) & await _hidden(url)
    # Alice decides at the page on the worker that doesn't hold the table, until she has
    # played three times: after her first play, her private chat hears nothing (she is at
    # the page, wherever it landed: her panel rests, as with a page at the holder)
    plays, quiet_from = 0, 0
    for _ in range(20):
        decision = state.get("decide")
        if decision is None:
            state = await mine.next_state(state["v"])
            continue
        if decision["kind"] == "play":  # the hint: worked out here, from the copy shown
            holder.process.send_signal(signal.SIGSTOP)  # so never asked of the holder
            try:
                hints = await mine.ask({"t": "hint", "id": 2})
            finally:
                holder.process.send_signal(signal.SIGCONT)
            if hints:
                message = {"t": "play", "id": 1, "v": state["v"], "cards": hints[0]}
            else:
                message = {"t": "act", "id": 1, "v": state["v"], "a": {"type": "pass"}}
                message["a"]["seat"] = state["seat"]
        else:
            choice = decision["actions"][-1]["action"]
            message = {"t": "act", "id": 1, "v": state["v"], "a": choice}
        await mine.connection.write_message(json.dumps(message))
        moved = await mine.next_state(state["v"])
        assert moved["v"] > state["v"]  # the holder applied it; the page here shows it
        seen = await spy.next_state(watched["v"])
        assert not card_names(seen) & await _hidden(url)
        watched, state = seen, moved
        if decision["kind"] == "play":
            plays += 1
            if plays == 1:
                quiet_from = _calls_into(telegram, ALICE)
            if plays == 3:
                break
    else:
        raise AssertionError("she never played three times at the page")
    assert _calls_into(telegram, ALICE) == quiet_from  # nothing sent to her private chat
    refused = [f for f in mine.frames if f.get("t") == "refused"]
    assert not refused, refused
    mine.connection.close()
    spy.connection.close()
