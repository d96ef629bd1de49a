"""A word typed in the private chat by someone at no table: the help once, then a line."""

from __future__ import annotations

from ddz_bot.tg.guide import help_text

from ..harness import Harness


async def test_the_help_comes_once_then_one_line_says_how_to_start(bot: Harness) -> None:
    ann = bot.user("Ann", language_code="en")
    await ann.dm("hello")
    assert ann.dm_texts()[-1] == help_text("en")
    await ann.dm("33344")
    line = ann.dm_texts()[-1]
    assert "\n" not in line and "/newgame" in line and "not at a table" in line
    await ann.dm("pass")
    assert ann.dm_texts()[-1] == line
