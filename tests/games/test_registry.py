"""The one registry of games: a game is found by its name or by a table's rules, and a game
nobody registered is a clear error (never 斗地主 by default)."""

from __future__ import annotations

import dataclasses

import pytest

from ddz_bot.games import GAMES, UnknownGame
from ddz_bot.tg.hosts import host_for
from ddz_bot.tg.table import Table


def test_each_game_answers_to_its_name_and_its_variants() -> None:
    assert list(GAMES) == ["doudizhu", "baohuang", "paodekuai"]
    for rules, name in [
        ("classic", "doudizhu"),
        ("points", "doudizhu"),
        ("wildcard", "doudizhu"),
        ("four", "doudizhu"),
        ("baohuang", "baohuang"),
        ("baohuang+called+roast", "baohuang"),
        ("paodekuai", "paodekuai"),
        ("paodekuai+cards15+four_three", "paodekuai"),
    ]:
        assert GAMES.for_rules(rules).name == name
        assert GAMES[name].name == name


def test_an_unknown_game_is_named_in_the_error() -> None:
    with pytest.raises(UnknownGame, match="mahjong"):
        GAMES.for_rules("mahjong+red")
    with pytest.raises(UnknownGame, match="mahjong"):
        GAMES["mahjong"]


def test_a_saved_table_of_an_unknown_game_fails_to_load_by_its_name() -> None:
    table = Table(id=1, chat_id=-5, title="g", lang="en", rules="classic")
    data = table.to_dict()
    data["rules"] = "mahjong"
    data["game"] = {"format": 1}
    with pytest.raises(UnknownGame, match="mahjong"):
        Table.from_dict(data, host_for)


def test_a_game_registered_for_a_while_is_found_then_gone() -> None:
    twin = dataclasses.replace(GAMES["doudizhu"], name="twin", variants=frozenset({"twin"}))
    with GAMES.registered(twin):
        assert GAMES.for_rules("twin") is twin and "twin" in GAMES
        with pytest.raises(ValueError, match="registered already"), GAMES.registered(twin):
            pass
    assert "twin" not in GAMES
    with pytest.raises(UnknownGame):
        GAMES.for_rules("twin")


def test_each_game_reads_its_own_actions_back() -> None:
    from ddz_bot.games.baohuang.engine import TakeThrone
    from ddz_bot.games.doudizhu.engine import Bid
    from ddz_bot.kernel import Pass, action_from_dict

    bid, throne = Bid(1, 3), TakeThrone(2)
    assert GAMES["doudizhu"].read_action(bid.to_dict()) == bid
    assert GAMES["baohuang"].read_action(throne.to_dict()) == throne
    assert GAMES["baohuang"].read_action(Pass(0).to_dict()) == action_from_dict(Pass(0).to_dict())
    with pytest.raises(ValueError, match="not an action"):
        GAMES["doudizhu"].read_action(throne.to_dict())  # another game's action
    with pytest.raises(ValueError, match="not an action"):
        action_from_dict(bid.to_dict())  # the kernel reads the shared actions only


def test_a_groups_game_is_the_one_it_chose_while_the_bot_hosts_it() -> None:
    assert GAMES.chosen("paodekuai").name == "paodekuai"
    # chosen once, then no longer hosted (its folder removed): the first game, not an error
    assert GAMES.chosen("mahjong").name == next(iter(GAMES)) == "doudizhu"


def test_a_table_knows_its_seats_and_one_saved_before_it_kept_them_asks_its_game() -> None:
    table = Table(id=1, chat_id=-5, title="g", lang="en", rules="baohuang", seat_count=5)
    data = table.to_dict()
    assert Table.from_dict(data, host_for).players == 5
    del data["seat_count"]  # a lobby saved by an older bot
    assert Table.from_dict(data, host_for).players == 5
