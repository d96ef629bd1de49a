"""Typed words in the private chat: bidding, doubling (R-BID-*, R-DOUBLE) and wildcard plays
that read several ways (R-AMBIG)."""

from __future__ import annotations

from pathlib import Path

from ddz_bot.games.doudizhu.engine.combos import typed_reading
from ddz_bot.games.doudizhu.engine.game import Game
from ddz_bot.games.doudizhu.engine.views import Phase
from ddz_bot.games.doudizhu.tg.present import cards_text
from ddz_bot.kernel import Play

from ..built_deals import ambiguous_wildcard_lead
from ..conftest import make_settings, start_bot
from ..harness import Harness
from ..scripts import current_table, ddz_game, seat_three, whose_turn


async def test_bidding_and_doubling_by_typed_words(bot: Harness) -> None:
    group = bot.group()
    users = [bot.user("Alice"), bot.user("Bob"), bot.user("Carol")]
    await seat_three(bot, group, users)
    table = current_table(bot, group)
    game = table.game
    assert isinstance(game, Game)
    caller = whose_turn(bot, group, users)
    assert caller is not None
    other = next(u for u in users if u is not caller)
    await other.dm("叫地主")
    assert other.dm_texts()[-1] == "还没轮到你。"
    await caller.dm("加油")
    assert caller.dm_texts()[-1].startswith("没看懂「加油」。现在可以输入：叫地主")
    version = table.version
    await caller.dm("叫地主")
    assert table.version > version
    for _ in range(6):  # nobody grabs; nobody doubles
        if ddz_game(table).phase not in (Phase.BIDDING, Phase.DOUBLING):
            break
        user = whose_turn(bot, group, users)
        assert user is not None
        await user.dm("不抢" if ddz_game(table).phase is Phase.BIDDING else "不加倍")
    if ddz_game(table).phase is Phase.LANDLORD_SHOW:
        user = whose_turn(bot, group, users)
        assert user is not None
        await user.dm("不明牌")
    while ddz_game(table).phase is Phase.DOUBLING:
        user = whose_turn(bot, group, users)
        assert user is not None
        await user.dm("不加倍")
    assert ddz_game(table).phase is Phase.PLAYING
    assert ddz_game(table).landlord == table.seat_of(caller.id)


async def test_points_are_bid_by_typing_the_number(tmp_path: Path) -> None:
    bot = await start_bot(make_settings(tmp_path))
    try:
        group = bot.group()
        users = [bot.user("Alice"), bot.user("Bob"), bot.user("Carol")]
        await seat_three(bot, group, users, "/newgame points")
        table = current_table(bot, group)
        game = table.game
        assert isinstance(game, Game) and game.phase is Phase.BIDDING
        bidder = whose_turn(bot, group, users)
        assert bidder is not None
        await bidder.dm("3")
        assert ddz_game(table).landlord == table.seat_of(bidder.id) and ddz_game(table).base == 3
    finally:
        await bot.stop()


async def test_a_typed_wildcard_play_takes_the_ambig_reading_and_says_so(
    tmp_path: Path,
) -> None:
    async with ambiguous_wildcard_lead(tmp_path) as (_, table, leader, seat):
        game = table.game
        assert isinstance(game, Game)  # a 斗地主 table
        ambiguous = [
            a
            for a in game.legal_actions(seat)
            if isinstance(a, Play) and len(game.readings(a.cards)) > 1
        ]
        assert ambiguous, "the built deal's leader holds a play of several readings"
        cards = ambiguous[0].cards
        expected = typed_reading(game.readings(cards))
        assert expected is not None
        await leader.dm(cards_text(cards, "zh-Hans"))
        game = ddz_game(table)
        assert game.to_beat is not None and game.to_beat_seat == seat
        assert (game.to_beat.kind, game.to_beat.rank) == (expected.kind, expected.rank)
        answer = leader.dm_texts()[-1]
        assert answer.startswith(f"{cards_text(cards, 'zh-Hans')} 按「") and "出了" in answer
