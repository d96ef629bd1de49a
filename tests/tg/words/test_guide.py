"""The welcome, /help and /rules name every game the bot hosts, in each reader's language;
/rules with a game's word tells that game alone, and a word that opens nothing lists the
games there are."""

from __future__ import annotations

import pytest

from ddz_bot.games import GAMES
from ddz_bot.i18n import LANGS
from ddz_bot.tg.guide import help_text, welcome_text

from ..harness import Harness


@pytest.mark.parametrize("lang", [str(lang) for lang in LANGS])
def test_the_welcome_and_help_name_every_hosted_game(lang: str) -> None:
    titles = [GAMES[name].options.title(lang) for name in GAMES]
    assert len(titles) == 3
    for text in (welcome_text(lang), help_text(lang)):
        assert all(title in text for title in titles), (lang, text)
        assert "{" not in text


async def test_rules_tell_all_three_games_with_the_rooms_terms(bot: Harness) -> None:
    ann = bot.user("Ann", language_code="en")
    await ann.dm("/rules")
    text = ann.dm_texts()[-1]
    assert "Dou Dizhu, Beginner room: 1 point = 100 beans" in text
    assert "Bao Huang (/newgame bh)" in text
    assert "Pao De Kuai (/newgame pdk), Beginner room: 1 point = 100 beans" in text
    assert "you must beat when you can" in text


async def test_rules_of_one_game_by_any_word_that_opens_it(bot: Harness) -> None:
    ling = bot.user("Ling", language_code="zh-hans")
    await ling.dm("/rules 跑得快")
    text = ling.dm_texts()[-1]
    assert text.startswith("跑得快（/newgame 跑得快）· 初级场：每分 100 豆")
    assert "有大必压" in text and "斗地主" not in text and "保皇" not in text
    await ling.dm("/rules bh")
    assert ling.dm_texts()[-1].startswith("保皇（/newgame 保皇）：五人四副牌")


async def test_a_word_that_opens_no_game_lists_the_games(bot: Harness) -> None:
    ann = bot.user("Ann", language_code="en")
    await ann.dm("/rules poker")
    answer = ann.dm_texts()[-1]
    assert answer.startswith("There is no game mode “poker”. Games:")
    assert "/newgame pdk" in answer and "/newgame bh" in answer and "/newgame classic" in answer
    group = bot.group()
    await ann.send(group, "/newgame poker")
    said = bot.api.last_message(group)
    assert said is not None and "/newgame pdk" in (said.text or "")
