"""A wildcard play with several readings asks which one (R-LZ-CHOICE)."""

from __future__ import annotations

from pathlib import Path

from ddz_bot.games.doudizhu.engine.catalogue import classify
from ddz_bot.games.doudizhu.engine.game import Game
from ddz_bot.games.doudizhu.tg.present import cards_text
from ddz_bot.kernel import RANK_CHARS, Play

from ..built_deals import ambiguous_wildcard_lead
from ..scripts import ddz_game


async def test_the_player_picks_the_reading(tmp_path: Path) -> None:
    async with ambiguous_wildcard_lead(tmp_path) as (_, table, leader, seat):
        game = table.game
        assert game is not None
        assert isinstance(game, Game)  # a 斗地主 table
        ambiguous = [
            a
            for a in game.legal_actions(seat)
            if isinstance(a, Play) and len(classify(a.cards, game.rules)) > 1
        ]
        assert ambiguous, "the built deal's leader holds a play of several readings"
        cards = ambiguous[0].cards
        panel = leader.panel()
        assert panel is not None
        for rank in cards:
            data = next(
                b["callback_data"]
                for b in panel.buttons()
                if b["callback_data"].split("|")[:1] == ["r"]
                and b["callback_data"].split("|")[3] == RANK_CHARS[rank]
            )
            await leader.press_data(panel, data)
        await leader.press(leader.panel(), "出牌")
        choices = leader.labels()
        caption = leader.panel().caption  # type: ignore[union-attr]
        asked = f"{cards_text(cards, 'zh-Hans')} 按哪种牌型出？"
        assert caption is not None and asked in caption
        assert "取消" in choices and "出牌" not in choices
        assert len(choices) - 1 == len(classify(cards, game.rules))
        version = table.version
        await leader.press(leader.panel(), choices[-2])  # the last reading offered
        assert table.version > version
        game = ddz_game(table)
        assert game.to_beat is not None and sorted(game.to_beat.cards) == sorted(cards)
