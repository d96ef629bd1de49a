"""The command menus are published in what Telegram can hold: the default, ``zh`` and ``en``."""

from __future__ import annotations

import logging

import pytest
from telegram import Bot

from ddz_bot.i18n import t
from ddz_bot.tg.menus import publish_commands

from ..fake_api import FakeBotAPI


async def test_every_menu_is_taken_and_chinese_shares_one(
    api_bot: tuple[FakeBotAPI, Bot], caplog: pytest.LogCaptureFixture
) -> None:
    api, bot = api_bot
    with caplog.at_level(logging.WARNING):
        published = await publish_commands(bot, ("newgame", "help"), ("start", "help"))
    assert published == 6 and not caplog.records  # nothing refused
    menus = {
        (c.get("language_code"), str(c["scope"]["type"].value)): c["commands"] for c in api.commands
    }
    assert {language for language, _ in menus} == {None, "zh", "en"}
    zh = menus[("zh", "all_group_chats")]
    assert zh == menus[(None, "all_group_chats")]
    assert zh[0]["description"] == t("zh-Hans", "cmd_newgame")
    assert menus[("en", "all_private_chats")][0]["command"] == "start"
