"""Sitting down through the private-chat link when that fills the table and deals at once:
the first panel says one sat down."""

from __future__ import annotations

from ..harness import Harness
from ..scripts import current_table


async def test_the_first_panel_says_one_sat_down_through_the_link(bot: Harness) -> None:
    group = bot.group()
    alice, bob, carol = bot.user("Alice"), bot.user("Bob"), bot.user("Carol")
    await alice.send(group, "/newgame")
    await bob.press(bot.api.last_message(group, with_buttons=True), "加入")
    table = current_table(bot, group)
    await carol.dm(f"/start j{table.id:x}")
    assert current_table(bot, group).in_hand()
    panel = carol.panel()
    assert panel is not None and "你已入座" in (panel.caption or ""), carol.dm_texts()
    assert "你已入座" not in (bob.panel().caption or "")  # type: ignore[union-attr]
