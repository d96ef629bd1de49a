"""A group opens a table, people sit down, the hand is dealt into their private chats."""

from __future__ import annotations

from .conftest import manager_of
from .harness import Harness


async def test_three_join_and_the_hand_is_dealt(bot: Harness) -> None:
    group = bot.group()
    alice, bob, carol = bot.user("Alice"), bot.user("Bob"), bot.user("Carol")
    await alice.send(group, "/newgame")
    lobby = bot.api.last_message(group, with_buttons=True)
    assert lobby is not None and "Alice" in (lobby.text or "")
    await bob.press(lobby, "加入")
    await carol.press(lobby, "加入")
    table = manager_of(bot).table_in(group)
    assert table is not None and table.game is not None
    photo = [m for m in bot.api.chat_messages(group) if m.photo_digest]
    assert len(photo) == 1
    for user in (alice, bob, carol):
        panel = user.panel()
        assert panel is not None and panel.photo_digest is not None
