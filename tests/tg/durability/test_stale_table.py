"""A table saved elsewhere since this process read it: the press that would have saved over
it is answered as a stale press, the table is reloaded from the database, and the next
press plays on the table as stored."""

from __future__ import annotations

from ddz_bot.config import Settings
from ddz_bot.storage import Database

from ..conftest import start_bot
from ..scripts import current_table, first_lead


async def test_a_stale_save_is_refused_and_the_table_reloaded(engine_settings: Settings) -> None:
    settings = engine_settings
    bot = await start_bot(settings)
    group = bot.group()
    users = [bot.user("Alice"), bot.user("Bob"), bot.user("Carol")]
    try:
        table, leader, seat = await first_lead(bot, group, users)
        cards_before = len(table.game.view_for(seat).hand) if table.game else 0
        async with Database(settings.database) as other:  # another writer on the same data
            stored = await other.load_table(str(table.id))
            assert stored is not None
            state = dict(stored.state)
            state["narration"] = "saved elsewhere"
            await other.save_table_state(
                str(table.id),
                chat_id=stored.chat_id,
                state=state,
                hand_id=stored.hand_id,
                expected_version=stored.version,
            )
        await leader.press(leader.panel(), "提示")
        await leader.press(leader.panel(), "出牌")  # answered at once, then refused
        assert leader.dm_texts()[-1] == "这个按钮已经过期了。"
        table = current_table(bot, group)
        assert table.narration == "saved elsewhere"  # reloaded as stored
        assert table.game is not None and len(table.game.view_for(seat).hand) == cards_before

        await leader.press(leader.panel(), "提示")
        await leader.press(leader.panel(), "出牌")
        table = current_table(bot, group)
        assert table.game is not None and len(table.game.view_for(seat).hand) < cards_before
        assert leader.dm_texts().count("这个按钮已经过期了。") == 1
    finally:
        await bot.stop()
