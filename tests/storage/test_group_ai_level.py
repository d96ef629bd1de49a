"""A group's AI level (migration 5): stored, read back, checked, hard unless chosen."""

from __future__ import annotations

import pytest

from ddz_bot.storage import AILevel, ConstraintError, Database, GroupSettings


async def test_a_new_group_plays_hard(db: Database) -> None:
    group = await db.ensure_group(-100, "牌友群")
    assert group.ai_level is AILevel.HARD


async def test_the_level_is_stored_and_read_back(db: Database) -> None:
    await db.ensure_group(-100, "牌友群")
    changed = await db.update_group(-100, ai_level="easy")
    assert changed.ai_level is AILevel.EASY
    assert changed == await db.get_group(-100)
    assert (await db.update_group(-100, tracker=False)).ai_level is AILevel.EASY  # kept
    defaults = GroupSettings(0, ai_level=AILevel.NORMAL)
    assert (await db.ensure_group(-200, defaults=defaults)).ai_level is AILevel.NORMAL


async def test_a_bad_level_is_refused_before_and_by_the_database(db: Database) -> None:
    with pytest.raises(ValueError):
        GroupSettings(-1, ai_level="expert")  # type: ignore[arg-type]
    await db.ensure_group(-100, "牌友群")
    with pytest.raises(ValueError):
        await db.update_group(-100, ai_level="expert")
    assert (await db.get_group(-100)) == GroupSettings(-100, "牌友群")
    with pytest.raises(ConstraintError):
        await db._transact(
            lambda tx: tx.execute("UPDATE groups SET ai_level = 'expert' WHERE chat_id = -100")
        )
