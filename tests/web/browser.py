"""The system's Chromium driven by Playwright, on a phone-sized screen, at the live table.

Playwright's own browser download is never used: ``CHROMIUM`` is the operating system's
(``apt-get install chromium``), launched headless with everything that would reach the
network turned off. Telegram's ``telegram-web-app.js`` is not fetched either: the page must
work without it, reading its launch data from the URL's fragment as Telegram passes it.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import quote

import pytest
from playwright.async_api import Browser, Page, WebSocket, async_playwright

from tests.tg.harness import SimUser

from .live import launch_data

CHROMIUM = "/usr/bin/chromium"
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
#: a phone: 390 x 844 CSS pixels (an iPhone 12-14), touch, 3x
PHONE: dict[str, Any] = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 2,
    "is_mobile": True,
    "has_touch": True,
}

needs_chromium = pytest.mark.skipif(
    shutil.which(CHROMIUM) is None, reason="the system's Chromium is not installed"
)


@asynccontextmanager
async def chromium() -> AsyncIterator[Browser]:
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            yield browser
        finally:
            await browser.close()


@dataclass
class Person:
    """One person's page and every frame its WebSocket received."""

    user: SimUser
    page: Page
    frames: list[dict[str, Any]] = field(default_factory=list)
    raw: list[str] = field(default_factory=list)
    #: called with every frame as it arrives (a spectator's frames are checked one by one)
    on_frame: Callable[[dict[str, Any]], None] | None = None

    def watch(self, socket: WebSocket) -> None:
        def received(payload: str | bytes) -> None:
            text = payload if isinstance(payload, str) else payload.decode()
            self.raw.append(text)
            frame = json.loads(text)
            self.frames.append(frame)
            if self.on_frame is not None:
                self.on_frame(frame)

        socket.on("framereceived", received)

    def state(self) -> dict[str, Any]:
        """The newest state frame."""
        return next(f for f in reversed(self.frames) if f["t"] == "state")


def page_url(port: int, user: SimUser, table_token: str, **launch: Any) -> str:
    init_data = launch_data(user.id, user.name, **launch)
    return (
        f"http://127.0.0.1:{port}/?t={table_token}#tgWebAppData={quote(init_data, safe='')}"
        "&tgWebAppVersion=8.0&tgWebAppPlatform=web"
    )


async def open_person(
    browser: Browser, port: int, user: SimUser, table_token: str, **launch: Any
) -> Person:
    """``user`` opens the table's page on a phone (the server on ``port`` of 127.0.0.1)."""
    context = await browser.new_context(**PHONE, locale="zh-CN")
    page = await context.new_page()
    await page.route("https://telegram.org/**", lambda route: route.abort())
    person = Person(user, page)
    page.on("websocket", person.watch)
    await page.goto(page_url(port, user, table_token, **launch))
    return person
