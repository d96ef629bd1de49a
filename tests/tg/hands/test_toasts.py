"""What a press or a change says: the hint as the table writes plays, taking back 托管,
/lang in a group, the bot added to a group."""

from __future__ import annotations

import time

import pytest

from ddz_bot.games.doudizhu.engine import Game
from ddz_bot.kernel import Cards, parse_cards
from ddz_bot.tg import buttons
from ddz_bot.tg.runtime import Runtime
from ddz_bot.tg.table import Table

from ..conftest import manager_of
from ..harness import Harness
from ..scripts import first_lead


async def test_the_hint_toast_writes_the_play_main_part_first(
    bot: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    group = bot.group()
    users = [bot.user("Alice"), bot.user("Bob"), bot.user("Carol")]
    _table, leader, _seat = await first_lead(bot, group, users)

    async def four_with_two(rt: Runtime, table: Table, user_id: int) -> Cards | None:
        return parse_cards("10 10 10 10 7 8")

    monkeypatch.setattr(buttons, "hint", four_with_two)
    answer = await leader.press(leader.panel(), "提示")
    assert answer.get("text") == "提示：10 10 10 10 7 8"


async def test_taking_back_auto_play_speaks_to_the_presser(bot: Harness) -> None:
    group = bot.group()
    users = [bot.user("Alice"), bot.user("Bob"), bot.user("Carol")]
    table, leader, seat = await first_lead(bot, group, users)
    assert isinstance(table.game, Game)
    table.game.auto[seat] = True
    manager_of(bot).refresh_panel(table, seat)
    await bot.settle()
    answer = await leader.press(leader.panel(), "取消托管")
    assert answer.get("text") == "你已取消托管。"


async def test_lang_in_a_group_sets_ones_own_language_and_points_to_settings(bot: Harness) -> None:
    group = bot.group()
    alice = bot.user("Alice")
    await alice.send(group, "/lang")
    menu = bot.api.last_message(group, with_buttons=True)
    assert menu is not None and "/settings" in (menu.text or "")
    answer = await alice.press(menu, "English")
    assert "Your language" in answer.get("text", "") and "/settings" in answer["text"]


async def test_the_bot_added_to_a_group_says_how_to_play(bot: Harness) -> None:
    group = bot.group()
    alice = bot.user("Alice")
    me = bot.api.bot_user()
    await bot.feed(
        {
            "update_id": bot.api.next_update_id(),
            "my_chat_member": {
                "chat": bot.api.chat_dict(group),
                "from": alice.user,
                "date": int(time.time()),
                "old_chat_member": {"status": "left", "user": me},
                "new_chat_member": {"status": "member", "user": me},
            },
        }
    )
    said = bot.api.last_message(group)
    assert said is not None and "/newgame" in (said.text or "")
    assert "/settings" in (said.text or "")
