"""跑得快's ``GameModule``: registered under its name and aliases, its host rules (who leads
next, what an escape costs, what a time-out sends), its options in a group's settings and
a table's rules, its typed readings."""

from __future__ import annotations

import random

from ddz_bot.games import GAMES
from ddz_bot.games.paodekuai.engine import PdkGame, PdkRules
from ddz_bot.kernel import (
    DEFAULT_ROOM,
    Cards,
    Deal,
    DecisionKind,
    Play,
    TimeLimit,
    Timeout,
    Waiting,
    room_by_key,
)
from ddz_bot.storage import GroupSettings

GAME = GAMES["paodekuai"]


def test_the_registry_finds_paodekuai_by_name_rules_and_aliases() -> None:
    assert GAMES.for_rules("paodekuai+cards15") is GAME
    assert {word: GAME.aliases[word] for word in ("pdk", "paodekuai", "跑得快", "跑的快")} == (
        dict.fromkeys(("pdk", "paodekuai", "跑得快", "跑的快"), "paodekuai")
    )
    assert GAME.host.seats("paodekuai") == 3


def test_the_previous_winner_leads_the_next_hand_r_pdk_first() -> None:
    game = PdkGame.from_deal(
        ["3333456789TJQKA2", "444555666777888A", "999TTTJJJQQQKKKA"], leader=None
    )
    for play in ("3333", "456789TJQKA", "2"):
        game.apply(Play(0, Cards.parse(play)))
        if not game.over:
            for seat in (1, 2):
                game.apply(game.legal_actions(seat)[0])
    assert game.over and GAME.host.next_dealer(game) == 0
    following = GAME.host.new_hand(
        "paodekuai", DEFAULT_ROOM, [0, 0, 0], random.Random(3), [True] * 3, dealer=2
    )
    assert isinstance(following, PdkGame)
    following.apply(Deal())
    assert following.turn == 2 and not following.must_three  # no ♠3 rule after the first


def test_an_escape_costs_a_shut_full_hand_to_each_other_seat_r_pdk_escape() -> None:
    room = room_by_key("beginner")
    game = GAME.host.new_hand("paodekuai", room, [10_000] * 3, random.Random(1), [True] * 3)
    assert GAME.host.escape_cost(game, 1) == 2 * 32 * room.coefficient + room.fee
    fifteen = GAME.host.new_hand("paodekuai+cards15", room, [0] * 3, None, [True] * 3)
    assert GAME.host.escape_cost(fifteen, 0) == 2 * 30 * room.coefficient + room.fee


def test_a_time_out_is_the_engines_timeout() -> None:
    waiting = Waiting((1,), DecisionKind.PLAY, TimeLimit.PLAY)
    assert GAME.host.timed_out(waiting) == [Timeout(1)]


def test_options_are_read_from_and_written_to_the_groups_settings() -> None:
    group = GroupSettings(-1)
    assert GAME.options.table_rules(group, "paodekuai") == "paodekuai"
    change = GAME.options.cycle(group, "pdk_cards15")
    assert change == {
        "game_options": {"paodekuai": {"cards15": True, "free_first": False, "four_three": False}}
    }
    group = GroupSettings(-1, **change)
    assert GAME.options.table_rules(group, None) == "paodekuai+cards15"
    assert GAME.options.cycle(group, "bh_roast") is None  # another game's button
    assert "15 张牌（45 张）" in GAME.options.describe("paodekuai+cards15", "zh-Hans")
    assert set(GAME.options.settings_buttons(group, "en")) == {
        "pdk_cards15",
        "pdk_free_first",
        "pdk_four_three",
    }


def test_a_play_reads_one_way_and_no_play_reads_none() -> None:
    game = PdkGame(PdkRules(), rng=random.Random(5))
    game.apply(Deal())
    assert len(GAME.typing.readings(game, Cards.parse("34567"))) == 1
    assert GAME.typing.readings(game, Cards.parse("35")) == []
