"""The group's language speaks in the group (its setting, else the adder's); a private
chat follows the person."""

from __future__ import annotations

import time

from ddz_bot.tg.guide import help_text

from ..harness import Harness, SimUser


async def add_bot(bot: Harness, group: int, adder: SimUser) -> None:
    me = bot.api.bot_user()
    await bot.feed(
        {
            "update_id": bot.api.next_update_id(),
            "my_chat_member": {
                "chat": bot.api.chat_dict(group),
                "from": adder.user,
                "date": int(time.time()),
                "old_chat_member": {"status": "left", "user": me},
                "new_chat_member": {"status": "member", "user": me},
            },
        }
    )


async def test_the_adders_language_speaks_in_the_group_after_the_help(bot: Harness) -> None:
    group = bot.group()
    adder = bot.user("Ann", language_code="en")
    other = bot.user("王", language_code="zh-hans")
    await add_bot(bot, group, adder)
    welcome = bot.api.last_message(group)
    assert welcome is not None and (welcome.text or "").startswith(help_text("en"))
    await other.send(group, "/help")
    assert bot.api.last_message(group).text == help_text("en")  # type: ignore[union-attr]
    await other.send(group, "/rules")
    assert (bot.api.last_message(group).text or "").startswith("Dou Dizhu")  # type: ignore[union-attr]
    await other.dm("/help")  # a private chat follows the person
    assert other.dm_texts()[-1] == help_text("zh-Hans")


async def test_the_groups_setting_speaks_to_everyone_in_the_group(bot: Harness) -> None:
    admin = bot.user("Alice")
    group = bot.group(admins={admin.id})
    english = bot.user("Ann", language_code="en")
    await admin.send(group, "/settings")
    panel = bot.api.last_message(group, with_buttons=True)
    await admin.press(panel, "语言")  # zh-Hans -> zh-Hant
    await english.send(group, "/help")
    assert bot.api.last_message(group).text == help_text("zh-Hant")  # type: ignore[union-attr]
    await english.dm("/help")
    assert english.dm_texts()[-1] == help_text("en")
