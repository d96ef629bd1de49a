"""Scripted 跑得快 players at a table through the real Application: they read their panel and
press what a careful beginner would (Hint, then Play; 要不起 only when it is offered)."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from ddz_bot.games.paodekuai.engine import PdkGame, PdkRules
from ddz_bot.games.paodekuai.engine.deal import arrange_deal
from ddz_bot.tg.table import Table

from .conftest import make_settings, manager_of, start_bot
from .harness import Harness, SimUser
from .scripts import current_table, whose_turn

__all__ = [
    "NAMES",
    "FixedDeal",
    "dealt",
    "pdk_game",
    "pdk_take_turn",
    "play_pdk_until_over",
    "seat_three_pdk",
]

NAMES = ("Ann", "Bo", "Cy")


def pdk_game(table: Table) -> PdkGame:
    game = table.game
    assert isinstance(game, PdkGame)
    return game


class FixedDeal(random.Random):
    """A table's random source that deals ``hands`` (by seat, as ranks) each time."""

    def __init__(self, hands: Sequence[str], rules: PdkRules | None = None) -> None:
        super().__init__(1)
        self.deck = arrange_deal(list(hands), rules or PdkRules())

    def shuffle(self, x: Any) -> None:
        if len(x) == len(self.deck):
            x[:] = self.deck
        else:
            super().shuffle(x)


@asynccontextmanager
async def dealt(tmp_path: Path, rng: random.Random) -> AsyncIterator[Harness]:
    """A bot of its own (its own database) dealing from ``rng``."""
    bot = await start_bot(make_settings(tmp_path / "fixed"))
    manager_of(bot).rng = rng
    try:
        yield bot
    finally:
        await bot.stop()


async def seat_three_pdk(
    bot: Harness, group: int, users: list[SimUser], command: str = "/newgame 跑得快"
) -> None:
    """The first user opens a 跑得快 table; the others press Join (AI fill the rest on Start)."""
    await users[0].send(group, command)
    lobby = bot.api.last_message(group, with_buttons=True)
    for user in users[1:]:
        await user.press(lobby, "加入")
    if len(users) < 3:
        await users[0].press(lobby, "开始")


async def pdk_take_turn(bot: Harness, user: SimUser) -> None:
    """One play through the panel's buttons: 要不起 when the panel offers it, else the hint."""
    if "要不起" in user.labels():
        await user.press(user.panel(), "要不起")
        return
    await user.press(user.panel(), "提示")
    await user.press(user.panel(), "出牌")


async def play_pdk_until_over(
    bot: Harness, group: int, users: list[SimUser], max_steps: int = 300
) -> Table:
    """Everyone plays by the buttons until the hand is over."""
    for _ in range(max_steps):
        table = current_table(bot, group)
        if table.game is None or table.game.over:
            return table
        user = whose_turn(bot, group, users)
        assert user is not None, "the table waits for nobody"
        await pdk_take_turn(bot, user)
    raise AssertionError("the hand did not end")
