"""The scripted people of ``bench/bot_load.py``: each waits until their panel tells them to
decide, thinks, then types or presses their decision (``Habit``); 保皇's decisions are in
``bench/bot_load_bh.py``."""

from __future__ import annotations

import asyncio
import contextlib
import random
import sys
import time
from dataclasses import dataclass
from typing import Any, Protocol

from bot_load_bh import bh_decide
from load_watch import Watch

from ddz_bot.games.baohuang.engine import BaoHuangGame
from ddz_bot.games.doudizhu.engine import Game
from ddz_bot.games.doudizhu.engine.catalogue import legal_moves
from ddz_bot.games.doudizhu.engine.views import Phase
from ddz_bot.tg.runtime import Runtime
from ddz_bot.tg.table import FINISHED, LOBBY, PLAYING, Table
from ddz_bot.tg.words import cards_text
from tests.tg.fake_api import FakeBotAPI, FakeMessage

__all__ = ["Habit", "decide_at", "panel_of", "player"]


class Driver(Protocol):
    """What the people need of ``bot_load.Driver``: the fake Telegram, typing, pressing."""

    api: FakeBotAPI

    async def send(
        self, user: dict[str, Any], chat_id: int, text: str, measure: bool = True
    ) -> None: ...

    async def press(
        self, user: dict[str, Any], message: FakeMessage | None, label: str, measure: bool = True
    ) -> dict[str, Any] | None: ...


def panel_of(api: FakeBotAPI, user_id: int) -> FakeMessage | None:
    for message in reversed(api.chat_messages(user_id)):
        if message.photo_digest is not None:
            return message
    return None


@dataclass(frozen=True)
class Habit:
    """How one scripted person plays: typing their plays or pressing buttons, asking for
    commands in the group now and then, and their mean think time."""

    typer: bool
    asks: bool
    think: float

    def pause(self, rng: random.Random) -> float:
        return rng.uniform(0.4 * self.think, 1.6 * self.think)


async def chatter(driver: Driver, user: dict[str, Any], rng: random.Random) -> None:
    """What a typing person sends before a play now and then: a hint, a word refused."""
    if rng.random() < 0.2:
        await driver.send(user, user["id"], "提示")
    if rng.random() < 0.15:
        await driver.send(user, user["id"], "xyz")


async def decide(
    driver: Driver,
    manager: Runtime,
    group: int,
    user: dict[str, Any],
    rng: random.Random,
    habit: Habit,
) -> bool:
    """Take one decision if it is this user's (typed or pressed, by ``habit``); returns
    whether it was."""
    table = manager.table_in(group)
    if table is None:
        return False
    return await decide_at(driver, table, user, rng, habit)


async def decide_at(
    driver: Driver, table: Table, user: dict[str, Any], rng: random.Random, habit: Habit
) -> bool:
    """``decide`` at a given table (a tournament's hand has no group table of its own)."""
    if table.phase != PLAYING or table.game is None:
        return False
    seat = table.seat_of(user["id"])
    game = table.game
    waiting = game.waiting_for()
    if seat is None or waiting is None or seat not in waiting:
        return False
    panel = panel_of(driver.api, user["id"])
    if isinstance(game, BaoHuangGame):
        if habit.typer:
            await chatter(driver, user, rng)
        return await bh_decide(table, game, seat, user, panel, driver.press, driver.send, rng)
    if game.phase is Phase.BIDDING:
        labels = [b["text"] for b in panel.buttons()] if panel else []
        for word in ("叫地主", "3 分", "不抢", "不叫"):
            if word in labels:
                await driver.press(user, panel, word)
                return True
        return False
    if game.phase is Phase.LANDLORD_SHOW:
        await driver.press(user, panel, "不明牌")
        return True
    if game.phase is Phase.DOUBLING:
        await driver.press(user, panel, "不加倍")
        return True
    # plays: typed by a typing person (one update), else tapped rank by rank
    assert isinstance(game, Game)
    hand = game.hand(seat)
    moves = legal_moves(hand, game.to_beat, game.rules)
    if habit.typer:
        await chatter(driver, user, rng)
    if not moves:
        if habit.typer or not await driver.press(user, panel, "不出"):
            await driver.send(user, user["id"], "不出")
        return True
    choice = min(moves, key=lambda c: (c.rank, -c.size))
    if habit.typer:
        await driver.send(user, user["id"], cards_text(choice.cards, "zh-Hans"))
        return True
    rank_buttons = {b["text"].split("×")[0]: b["text"] for b in panel.buttons()} if panel else {}
    for rank in choice.cards:
        label = cards_text([rank], "zh-Hans")
        if label in rank_buttons:
            await driver.press(user, panel, rank_buttons[label])
    await asyncio.sleep(0.05)
    await driver.press(user, panel_of(driver.api, user["id"]), "出牌")
    return True


async def next_hand(driver: Driver, group: int, user: dict[str, Any], phase: str) -> None:
    """The first person starts the next hand once one is over (or the lobby waits)."""
    if phase == FINISHED:
        final = driver.api.last_message(group, with_buttons=True)
        await driver.press(user, final, "再来一局")
    lobby = driver.api.last_message(group, with_buttons=True)
    await driver.press(user, lobby, "开始")


async def player(
    driver: Driver,
    manager: Runtime,
    watch: Watch,
    group: int,
    users: list[dict[str, Any]],
    me: int,
    habit: Habit,
    until: float,
    rng: random.Random,
    hands: list[int],
) -> None:
    """One person: waits until their panel tells them to decide, thinks, acts."""
    user = users[me]
    told = watch.event(user["id"])
    while time.monotonic() < until:
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(told.wait(), timeout=min(2.0, until - time.monotonic()))
        told.clear()
        table = manager.table_in(group)
        if table is None:
            return
        if table.phase in (FINISHED, LOBBY) and me == 0:
            await asyncio.sleep(habit.pause(rng))
            hands[0] += table.phase == FINISHED
            await next_hand(driver, group, user, table.phase)
            continue
        if not watch.told_now(user["id"]):
            continue  # nothing to decide, or not told yet: a person can't act on it
        await asyncio.sleep(habit.pause(rng))
        if time.monotonic() >= until:
            return
        try:
            if habit.asks and rng.random() < 0.25:
                await driver.send(user, group, rng.choice(("/balance", "/rank")))
            await decide(driver, manager, group, user, rng, habit)
        except Exception as error:  # a bench keeps going; count it
            print("player error:", repr(error), file=sys.stderr)
