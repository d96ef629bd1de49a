"""A group's game may be any game the bot hosts, and games keep their options by name
(migration 6): stored, read back, checked; a group saved before keeps its settings."""

from __future__ import annotations

import pytest

from ddz_bot.storage import Database, GroupSettings


async def test_a_hosted_game_and_its_options_are_stored_and_read_back(db: Database) -> None:
    await db.ensure_group(-100, "牌友群")
    changed = await db.update_group(
        -100, game="paodekuai", game_options={"paodekuai": {"cards15": True}}
    )
    assert changed == await db.get_group(-100)
    assert changed.game == "paodekuai" and changed.game_options == {"paodekuai": {"cards15": True}}
    back = await db.update_group(-100, game="doudizhu")
    assert back.game == "doudizhu" and back.game_options["paodekuai"]["cards15"] is True


def test_a_game_name_of_any_form_but_a_games_and_odd_options_are_refused() -> None:
    # which games are hosted is the registry's to say (a game may leave the bot later:
    # tests/plugin), storage checks the form of the name
    assert GroupSettings(-1, game="mahjong").game == "mahjong"
    for bad in ("", "Mah Jong", "麻将"):
        with pytest.raises(ValueError, match="not the name of a game"):
            GroupSettings(-1, game=bad)
    with pytest.raises(ValueError):
        GroupSettings(-1, game_options={"Bad Name": {}})
    with pytest.raises(ValueError):
        GroupSettings(-1, game_options={"paodekuai": {"cards15": [1]}})  # type: ignore[dict-item]
