"""A group's default game and 保皇's options (migration 4): stored, read back, checked."""

from __future__ import annotations

import pytest

from ddz_bot.games.baohuang.engine import GuardMethod
from ddz_bot.storage import Database, GroupGame, GroupSettings


async def test_a_new_group_plays_doudizhu_with_baohuangs_options_off(db: Database) -> None:
    group = await db.ensure_group(-100, "牌友群")
    assert group.game is GroupGame.DOUDIZHU and group.bh_method is GuardMethod.FIXED
    assert not (group.bh_roast or group.bh_six or group.bh_grab)


async def test_the_game_and_options_are_stored_and_read_back(db: Database) -> None:
    await db.ensure_group(-100, "牌友群")
    changed = await db.update_group(
        -100, game="baohuang", bh_method="called", bh_roast=True, bh_six=True, bh_grab=True
    )
    assert changed == await db.get_group(-100)
    assert changed is not None and changed.game is GroupGame.BAOHUANG
    assert changed.bh_method is GuardMethod.CALLED and changed.bh_six and changed.bh_grab


def test_a_bad_value_is_refused_before_anything_is_written() -> None:
    with pytest.raises(ValueError):
        GroupSettings(-1, game="mahjong")
    with pytest.raises(ValueError):
        GroupSettings(-1, bh_method="drawn")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        GroupSettings(-1, bh_six=1)  # type: ignore[arg-type]
