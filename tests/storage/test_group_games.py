"""A group's default game and each game's options (migrations 4, 6 and 7): storage keeps a
game's options as the game gives them, under its name, and reads none of them."""

from __future__ import annotations

import pytest

from ddz_bot.games import GAMES
from ddz_bot.storage import DEFAULT_GAME, Database, GroupSettings


async def test_a_new_group_plays_the_first_game_and_keeps_no_options(db: Database) -> None:
    group = await db.ensure_group(-100, "牌友群")
    # storage's default (it imports no game) is the registry's first game
    assert group.game == DEFAULT_GAME == next(iter(GAMES)) == "doudizhu"
    assert group.game_options == {} and group.options_of("baohuang") == {}


async def test_the_game_and_options_are_stored_and_read_back(db: Database) -> None:
    group = await db.ensure_group(-100, "牌友群")
    options: dict[str, bool | int | str] = {
        "method": "called",
        "roast": True,
        "six": True,
        "grab_solo": True,
    }
    changed = await db.update_group(
        -100, game="baohuang", **group.with_options("baohuang", options)
    )
    assert changed == await db.get_group(-100)
    assert changed.game == "baohuang" and changed.options_of("baohuang") == options
    both = await db.update_group(-100, **changed.with_options("doudizhu", {"bidding": "points"}))
    assert both.options_of("baohuang") == options  # another game's options are kept
    assert both.options_of("doudizhu") == {"bidding": "points"}


def test_a_bad_value_is_refused_before_anything_is_written() -> None:
    with pytest.raises(ValueError, match="Mah Jong"):
        GroupSettings(-1, game="Mah Jong")  # no game's name looks so
    with pytest.raises(ValueError):
        GroupSettings(-1, game_options={"baohuang": {"roast": None}})  # type: ignore[dict-item]
    with pytest.raises(ValueError):
        GroupSettings(-1, game_options={"baohuang": ["roast"]})  # type: ignore[dict-item]
