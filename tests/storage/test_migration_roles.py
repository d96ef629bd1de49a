"""Migration 7 on the cases the old bot's fixture has none of: a 跑得快 hand (its first out had
been stored as the landlord), a 保皇 solo (no guard: everyone but the emperor a rebel), wins
and losses a player's row counted beyond the hands stored for it, and a group that had chosen
跑得快 with options of its own beside 保皇's columns."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from ddz_bot.games import GAMES
from ddz_bot.storage import Database
from ddz_bot.storage.core import migrate

AT = "2026-01-01T00:00:00+00:00"


def _at_version_6(path: Path) -> None:
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        assert migrate(conn, str(path), upto=6) == 6
        for user, landlord_wins, farmer_losses in ((1, 3, 1), (2, 0, 2), (3, 0, 2), (4, 0, 1)):
            conn.execute(
                "INSERT INTO players (user_id, display_name, beans, landlord_wins,"
                " farmer_losses, created_at, last_seen_at) VALUES (?, ?, 100, ?, ?, ?, ?)",
                (user, f"p{user}", landlord_wins, farmer_losses, AT, AT),
            )
        conn.execute(
            "INSERT INTO players (user_id, display_name, beans, landlord_losses, farmer_losses,"
            " created_at, last_seen_at) VALUES (5, 'p5', 100, 1, 1, ?, ?)",
            (AT, AT),
        )
        hands = {
            "pdk": ({"game": "paodekuai"}, [1, 2, 3], {"winner": 0}),
            "solo": ({"game": "baohuang"}, [1, 2, 3, 4, 5], {"emperor": 0, "guard": None}),
        }
        for hand_id, (rules, seats, result) in hands.items():
            conn.execute(
                "INSERT INTO hands (hand_id, room, rules, seats, result, multipliers,"
                " bean_changes, started_at, finished_at, settled_at)"
                " VALUES (?, 'novice', ?, ?, ?, '[]', '[]', ?, ?, ?)",
                (hand_id, json.dumps(rules), json.dumps(seats), json.dumps(result), AT, AT, AT),
            )
            for seat, user in enumerate(seats):
                conn.execute(
                    "INSERT INTO hand_players VALUES (?, ?, ?, ?, 0, 0, ?)",
                    (hand_id, user, "landlord" if seat == 0 else "farmer", int(seat == 0), AT),
                )
        conn.execute(
            "INSERT INTO groups (chat_id, created_at, updated_at, game, bh_six, game_options)"
            """ VALUES (-9, ?, ?, 'paodekuai', 1, '{"paodekuai": {"cards15": true}}')""",
            (AT, AT),
        )
    finally:
        conn.close()


async def test_roles_records_and_options_of_every_game_are_carried_over(tmp_path: Path) -> None:
    path = tmp_path / "ddz.sqlite3"
    _at_version_6(path)
    async with Database(path) as db:
        records = {}
        for user in range(1, 6):
            player = await db.get_player(user)
            assert player is not None
            records[user] = [(r.game, r.role, r.wins, r.losses) for r in player.records]
        group = await db.get_group(-9)
        roles = await db._fetchall(
            "SELECT hand_id, user_id, role FROM hand_players ORDER BY hand_id, user_id"
        )
        games = {h: g for h, g in await db._fetchall("SELECT hand_id, game FROM hands")}
    assert records[1] == [
        ("baohuang", "emperor", 1, 0),
        ("doudizhu", "farmer", 0, 1),  # counted beyond the hands: 斗地主's, as before
        ("doudizhu", "landlord", 1, 0),
        ("paodekuai", "", 1, 0),
    ]
    assert records[2] == records[3] == [("baohuang", "rebel", 0, 1), ("paodekuai", "", 0, 1)]
    assert records[4] == [("baohuang", "rebel", 0, 1)]
    assert records[5] == [("baohuang", "rebel", 0, 1), ("doudizhu", "landlord", 0, 1)]
    assert [tuple(r) for r in roles] == [
        ("pdk", 1, ""),
        ("pdk", 2, ""),
        ("pdk", 3, ""),
        ("solo", 1, "emperor"),
        *[("solo", user, "rebel") for user in (2, 3, 4, 5)],
    ]
    assert games == {"pdk": "paodekuai", "solo": "baohuang"}
    assert group is not None and group.game == "paodekuai"
    assert group.options_of("paodekuai") == {"cards15": True}
    assert group.options_of("baohuang") == {
        "method": "fixed",
        "roast": False,
        "six": True,
        "grab_solo": False,
    }
    assert group.options_of("doudizhu") == {"bidding": "grab", "wildcard": False}
    assert GAMES["baohuang"].options.table_rules(group, None) == "baohuang+six"
    assert GAMES["paodekuai"].options.table_rules(group, None) == "paodekuai+cards15"
