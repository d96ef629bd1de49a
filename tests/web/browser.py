"""The system's Chromium driven by Playwright, on a phone-sized screen, at the live table.

Playwright's own browser download is never used: ``CHROMIUM`` is the operating system's
(``apt-get install chromium``), launched headless with everything that would reach the
network turned off. Telegram's ``telegram-web-app.js`` is not fetched either: the page must
work without it, reading its launch data from the URL's fragment as Telegram passes it. A page
"inside Telegram" gets ``TELEGRAM``, a stand-in for ``window.Telegram.WebApp`` put there before
the page's own script runs: it keeps its bottom buttons' state as Telegram's script does
(hiding the progress makes a button active again) and records every call.
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

from ddz_bot.games.doudizhu.engine.game import Game
from ddz_bot.tg.table import Table
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

#: a dark theme, as Telegram passes it (``themeParams``)
THEME = {
    "bg_color": "#17212b",
    "text_color": "#f5f5f5",
    "hint_color": "#708499",
    "button_color": "#5288c1",
    "button_text_color": "#fafafa",
    "secondary_bg_color": "#232e3c",
    "bottom_bar_bg_color": "#1c2733",
}
#: ``window.Telegram.WebApp`` inside a Telegram client (Bot API 8.0), calls kept in
#: ``window.tgCalls`` as ``[name, ...args]``; ``window.tgPress("MainButton")`` is a finger on it
TELEGRAM = """
(() => {
  const calls = [];
  const note = (name, args) => calls.push([name, ...args]);
  const handlers = {};
  function bottomButton(name) {
    const b = { text: "", color: "", textColor: "", position: "", isVisible: false, isActive: true,
      isProgressVisible: false };
    b.setParams = (p) => {
      note(name + ".setParams", [p]);
      if (p.text !== undefined) b.text = p.text;
      if (p.color !== undefined) b.color = p.color;
      if (p.text_color !== undefined) b.textColor = p.text_color;
      if (p.position !== undefined) b.position = p.position;
      if (p.is_visible !== undefined) {
        if (p.is_visible && !b.text) throw Error("WebAppBottomButtonParamInvalid");
        b.isVisible = !!p.is_visible;
      }
      if (p.is_active !== undefined) b.isActive = !!p.is_active;
      return b;
    };
    b.setText = (text) => { note(name + ".setText", [text]); b.text = text; return b; };
    b.show = () => { note(name + ".show", []); b.isVisible = true; return b; };
    b.hide = () => { note(name + ".hide", []); b.isVisible = false; return b; };
    b.enable = () => { note(name + ".enable", []); b.isActive = true; return b; };
    b.disable = () => { note(name + ".disable", []); b.isActive = false; return b; };
    b.showProgress = (leave) => { note(name + ".showProgress", [leave]); b.isActive = !!leave;
      b.isProgressVisible = true; return b; };
    b.hideProgress = () => { note(name + ".hideProgress", []); b.isActive = true;
      b.isProgressVisible = false; return b; };
    b.onClick = (f) => { note(name + ".onClick", []); (handlers[name] ||= []).push(f); return b; };
    b.offClick = (f) => { handlers[name] = (handlers[name] || []).filter((g) => g !== f);
      return b; };
    return b;
  }
  const fragment = new URLSearchParams(location.hash.slice(1));
  const app = {
    initData: fragment.get("tgWebAppData") || "", version: "8.0", platform: "android",
    colorScheme: "dark", themeParams: %THEME%, isClosingConfirmationEnabled: false,
    isVerticalSwipesEnabled: true,
    isVersionAtLeast: (v) => { const [major, minor = 0] = v.split(".").map(Number);
      return major < 8 || (major === 8 && minor === 0); },
    MainButton: bottomButton("MainButton"), SecondaryButton: bottomButton("SecondaryButton"),
    HapticFeedback: {
      impactOccurred: (s) => note("HapticFeedback.impactOccurred", [s]),
      notificationOccurred: (s) => note("HapticFeedback.notificationOccurred", [s]),
      selectionChanged: () => note("HapticFeedback.selectionChanged", []),
    },
  };
  for (const name of ["ready", "expand", "close", "setHeaderColor", "onEvent", "offEvent"])
    app[name] = (...args) => note(name, args);
  app.enableClosingConfirmation = () => { note("enableClosingConfirmation", []);
    app.isClosingConfirmationEnabled = true; };
  app.disableClosingConfirmation = () => { note("disableClosingConfirmation", []);
    app.isClosingConfirmationEnabled = false; };
  app.disableVerticalSwipes = () => { note("disableVerticalSwipes", []);
    app.isVerticalSwipesEnabled = false; };
  window.Telegram = { WebApp: app };
  window.tgCalls = calls;
  window.tgPress = (name) => {
    const b = app[name];
    if (!b.isVisible || !b.isActive) return false;  // hidden or greyed out: nothing happens
    for (const f of handlers[name] || []) f();
    return true;
  };
})();
""".replace("%THEME%", json.dumps(THEME))

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
    #: for each frame, which of the page's sockets brought it (0 the first, 1 after a reconnect)
    frame_sockets: list[int] = field(default_factory=list)
    sockets: int = 0
    #: each socket's URL, and what the page sent on it (socket number, message), in order
    socket_urls: list[str] = field(default_factory=list)
    sent: list[tuple[int, dict[str, Any]]] = field(default_factory=list)
    #: called with every frame as it arrives (a spectator's frames are checked one by one)
    on_frame: Callable[[dict[str, Any]], None] | None = None

    def watch(self, socket: WebSocket) -> None:
        number = self.sockets
        self.sockets += 1
        self.socket_urls.append(socket.url)

        def sent(payload: str | bytes) -> None:
            text = payload if isinstance(payload, str) else payload.decode()
            self.sent.append((number, json.loads(text)))

        socket.on("framesent", sent)

        def received(payload: str | bytes) -> None:
            text = payload if isinstance(payload, str) else payload.decode()
            self.raw.append(text)
            frame = json.loads(text)
            self.frames.append(frame)
            self.frame_sockets.append(number)
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
    browser: Browser,
    port: int,
    user: SimUser,
    table_token: str,
    *,
    telegram: bool = False,
    **launch: Any,
) -> Person:
    """``user`` opens the table's page on a phone (the server on ``port`` of 127.0.0.1);
    ``telegram``: inside a Telegram client (``TELEGRAM``), not a plain browser."""
    context = await browser.new_context(**PHONE, locale="zh-CN")
    if telegram:
        await context.add_init_script(TELEGRAM)
    page = await context.new_page()
    await page.route("https://telegram.org/**", lambda route: route.abort())
    person = Person(user, page)
    page.on("websocket", person.watch)
    await page.goto(page_url(port, user, table_token, **launch))
    return person


async def bottom_button(page: Page, name: str) -> dict[str, Any]:
    """What Telegram shows of ``MainButton`` or ``SecondaryButton`` now."""
    state: dict[str, Any] = await page.evaluate(
        "name => Object.fromEntries(Object.entries(window.Telegram.WebApp[name])"
        ".filter(([k, v]) => typeof v !== 'function'))",
        name,
    )
    return state


async def telegram_calls(page: Page) -> list[list[Any]]:
    """Every call the page made to Telegram's ``WebApp`` so far, in order."""
    calls: list[list[Any]] = await page.evaluate("() => window.tgCalls")
    return calls


async def press(page: Page, name: str) -> bool:
    """A finger on Telegram's ``MainButton`` or ``SecondaryButton``: False when it is hidden
    or greyed out (nothing happens)."""
    pressed: bool = await page.evaluate("name => window.tgPress(name)", name)
    return pressed


def hidden_cards(table: Table) -> set[str]:
    """The cards no spectator of a 斗地主 table may see now: every hand not shown face up,
    but the bottom cards once they are turned over (everyone saw them go to the landlord)."""
    game = table.game
    assert isinstance(game, Game)
    public = game.public_view()
    hidden: set[str] = set()
    for seat in range(game.players):
        if public.seats[seat].shown_hand is None:
            hidden |= {str(card) for card in game.view_for(seat).hand}
    return hidden - {str(card) for card in public.bottom or ()}


def card_names(value: Any) -> set[str]:
    """Every string in a frame (a card's name among them, wherever it is)."""
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(*(card_names(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(card_names(v) for v in value)) if value else set()
    return set()


async def moved(page: Page, version: int) -> None:
    """Until the page shows a table newer than ``version``."""
    await page.wait_for_function("v => window.ddzLive.version > v", arg=version)


async def selected(page: Page) -> int:
    """How many of the hand's cards are chosen (raised) on the page."""
    return await page.locator("#hand .card.sel").count()


async def covered_indexes(page: Page) -> list[str]:
    """The cards of the hand whose corner index (the rank) the next card hides in part: the
    card to its right in a fan, the card below it in a column."""
    covered: list[str] = await page.evaluate(
        """() => {
          const out = [];
          for (const card of document.querySelectorAll('#hand .card')) {
            const index = card.querySelector('.r');
            const next = card.nextElementSibling;
            if (!index || !next) continue;
            const box = index.getBoundingClientRect(), over = next.getBoundingClientRect();
            const inColumn = card.parentElement.classList.contains('col');
            if (inColumn ? over.top < box.bottom - 0.5 : over.left < box.right - 0.5)
              out.push(card.dataset.card);
          }
          return out;
        }"""
    )
    return covered


async def drag_across(page: Page, first: int, last: int, *, steps: int = 8) -> None:
    """A finger put on card ``first`` and moved across to card ``last`` in ``steps`` moves
    (one: a quick swipe whose single pointer event jumps over the cards between)."""
    start = await page.locator(f'#hand .card[data-i="{first}"]').bounding_box()
    end = await page.locator(f'#hand .card[data-i="{last}"]').bounding_box()
    assert start is not None and end is not None
    # at mid-height, on every card whether raised (chosen) or not: a chosen card is raised with
    # a short transition, and its box read mid-way would put a finger near its bottom edge
    # below the raised cards it slides to
    y = start["y"] + start["height"] / 2
    await page.mouse.move(start["x"] + 4, y)
    await page.mouse.down()
    for step in range(1, steps + 1):
        x = start["x"] + 4 + (end["x"] + 4 - start["x"] - 4) * step / steps
        await page.mouse.move(x, y)
    await page.mouse.up()


async def tap_card(page: Page, index: int) -> None:
    """A finger on the visible edge of card ``index`` (the next card covers the rest)."""
    card = page.locator(f'#hand .card[data-i="{index}"]')
    box = await card.bounding_box()
    assert box is not None
    await card.tap(position={"x": 5, "y": box["height"] - 12})


async def hint_or_nothing(page: Page) -> int:
    """Hint pressed: how many cards it chose (0: the page said nothing beats the table)."""
    await page.locator("#decide button.hint").click()
    await page.wait_for_function(
        "() => document.querySelectorAll('#hand .card.sel').length > 0"
        " || (!document.getElementById('toast').hidden"
        " && document.getElementById('toast').textContent === '没有能压过的牌')"
    )
    return await selected(page)
