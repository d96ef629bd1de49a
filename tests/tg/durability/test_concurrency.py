"""A slow Telegram call made for one table holds up that table only: the others play on."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from typing import Any

from ..harness import Harness
from ..scripts import current_table, seat_three, whose_turn

#: long enough for a press that is not held up to be handled many times over
PATIENCE = 10.0


class Gate:
    """Holds every call of one method into one chat until opened; says when one arrived."""

    def __init__(self, method: str, chat_id: int) -> None:
        self.method, self.chat_id = method, chat_id
        self.reached = asyncio.Event()
        self.opened = asyncio.Event()

    async def __call__(self, method: str, chat_id: int | None) -> None:
        if method == self.method and chat_id == self.chat_id:
            self.reached.set()
            await self.opened.wait()


async def _a_hand_waiting_for_a_press(
    bot: Harness,
) -> tuple[int, int, Coroutine[Any, Any, dict[str, Any]]]:
    """A second group with a hand in play: its chat, its table's version and a press of the
    person it waits for (not yet made)."""
    group = bot.group(-100300, "二群")
    users = [bot.user("Dan"), bot.user("Erin"), bot.user("Frank")]
    await seat_three(bot, group, users)
    bidder = whose_turn(bot, group, users)
    assert bidder is not None
    panel = bidder.panel()
    label = next(text for text in bidder.labels() if text in ("不叫", "不抢"))
    return group, current_table(bot, group).version, bidder.press(panel, label)


async def test_a_slow_private_chat_check_holds_up_only_its_own_table(bot: Harness) -> None:
    slow_group = bot.group(-100100, "一群")
    alice = bot.user("Alice")
    bob = bot.user("Bob")  # never written to yet: sitting down checks his private chat
    await alice.send(slow_group, "/newgame")
    lobby = bot.api.last_message(slow_group, with_buttons=True)
    group, version, press = await _a_hand_waiting_for_a_press(bot)
    gate = Gate("sendMessage", bob.id)
    bot.api.latency = gate
    joining = asyncio.create_task(bob.press(lobby, "加入"))
    await asyncio.wait_for(gate.reached.wait(), PATIENCE)
    await asyncio.wait_for(press, PATIENCE)  # not held up by Bob's check
    assert current_table(bot, group).version > version
    assert not joining.done()
    gate.opened.set()
    await asyncio.wait_for(joining, PATIENCE)
    assert [seat.name for seat in current_table(bot, slow_group).seats] == ["Alice", "Bob"]


async def test_a_slow_admin_check_holds_up_only_its_own_group(bot: Harness) -> None:
    admin = bot.user("Alice")
    slow_group = bot.group(-100100, "一群", admins={admin.id})
    group, version, press = await _a_hand_waiting_for_a_press(bot)
    gate = Gate("getChatMember", slow_group)
    bot.api.latency = gate
    asking = asyncio.create_task(admin.send(slow_group, "/settings"))
    await asyncio.wait_for(gate.reached.wait(), PATIENCE)
    await asyncio.wait_for(press, PATIENCE)  # not held up by the admin check
    assert current_table(bot, group).version > version
    assert not asking.done()
    gate.opened.set()
    await asyncio.wait_for(asking, PATIENCE)
