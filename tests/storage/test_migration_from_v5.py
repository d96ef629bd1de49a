"""A database the bot wrote before storage knew no game (schema 5, commit 12a2c8c), opened by
today's code: every row is carried over, the roles read in their game's words, the players'
records count by game and role, and the groups' options read as their games read them.

The database is ``fixtures/v5_12a2c8c.sql``: that commit's bot, over the fake Bot API, played a
保皇 hand (the rebels won against the emperor and his guard) and a 斗地主 hand (the landlord
won) to the end, paid a daily bonus, and left a 斗地主 table in play (resumed in
``tests/tg/durability/test_restart_after_migration.py``).
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from ddz_bot.games import GAMES
from ddz_bot.storage import (
    LATEST_VERSION,
    Database,
    GroupSettings,
    HandRecord,
    HandResult,
    LedgerChange,
)

from .conftest import START
from .old_databases import V5_12A2C8C, load

TABLES = (
    "players",
    "ledger",
    "groups",
    "group_players",
    "hands",
    "hand_players",
    "tables",
    "hand_actions",
)
BAOHUANG_GROUP, DOUDIZHU_GROUP, PLAYING_GROUP = -100200, -100100, -100300


def _rows(path: Path, sql: str) -> list[dict[str, Any]]:
    conn = sqlite3.connect(path)
    conn.row_factory = sqlite3.Row
    try:
        return [dict(row) for row in conn.execute(sql)]
    finally:
        conn.close()


@pytest.fixture
def old(tmp_path: Path) -> Path:
    path = tmp_path / "ddz.sqlite3"
    load(V5_12A2C8C, path)
    return path


def _old_roles(path: Path) -> dict[tuple[str, int], tuple[str, int, str]]:
    """Each seat of each hand before the migration: its stored side, whether it won, and
    the hand's game as its rules said (斗地主's said none)."""
    found = {}
    for row in _rows(
        path, "SELECT hp.*, h.rules FROM hand_players hp JOIN hands h USING (hand_id)"
    ):
        game = json.loads(row["rules"]).get("game", "doudizhu")
        found[row["hand_id"], row["user_id"]] = (row["role"], row["won"], game)
    return found


async def test_every_row_is_carried_over(old: Path) -> None:
    assert _rows(old, "PRAGMA user_version")[0]["user_version"] == 5
    counts = {t: _rows(old, f"SELECT COUNT(*) AS n FROM {t}")[0]["n"] for t in TABLES}
    assert counts["hands"] == 2 and counts["tables"] == 3 and counts["players"] == 5
    players = _rows(old, "SELECT * FROM players ORDER BY user_id")
    ledger = _rows(old, "SELECT * FROM ledger ORDER BY id")
    actions = _rows(old, "SELECT * FROM hand_actions ORDER BY hand_id, seq")
    tables = _rows(old, "SELECT * FROM tables ORDER BY table_id")
    async with Database(old) as db:
        assert await db.schema_version() == LATEST_VERSION
        assert await db.ledger_mismatches() == {}
    assert {t: _rows(old, f"SELECT COUNT(*) AS n FROM {t}")[0]["n"] for t in TABLES} == counts
    assert _rows(old, "SELECT * FROM ledger ORDER BY id") == ledger
    assert _rows(old, "SELECT * FROM hand_actions ORDER BY hand_id, seq") == actions
    assert _rows(old, "SELECT * FROM tables ORDER BY table_id") == tables
    kept = ("user_id", "display_name", "beans", "points", "streak", "best_streak", "is_ai")
    after = _rows(old, "SELECT * FROM players ORDER BY user_id")
    assert [{k: p[k] for k in kept} for p in after] == [{k: p[k] for k in kept} for p in players]
    assert {"landlord_wins", "farmer_wins"}.isdisjoint(after[0])  # no game's sides in a row


async def test_roles_are_in_each_games_own_words(old: Path) -> None:
    before = _old_roles(old)
    hands = {h["hand_id"]: h for h in _rows(old, "SELECT * FROM hands")}
    async with Database(old):
        pass
    after = {
        (r["hand_id"], r["user_id"]): (r["role"], r["won"])
        for r in _rows(old, "SELECT * FROM hand_players")
    }
    assert after.keys() == before.keys()
    games = {h["hand_id"]: h["game"] for h in _rows(old, "SELECT hand_id, game FROM hands")}
    assert sorted(games.values()) == ["baohuang", "doudizhu"]
    for (hand_id, user), (side, won, game) in before.items():
        assert games[hand_id] == game
        result, seats = json.loads(hands[hand_id]["result"]), json.loads(hands[hand_id]["seats"])
        seat = seats.index(user)
        if game == "baohuang":
            words = {result["emperor"]: "emperor", result["guard"]: "guard"}
            assert after[hand_id, user] == (words.get(seat, "rebel"), won)
            assert (side == "landlord") == (seat == result["emperor"])
        else:
            assert after[hand_id, user] == (side, won)
            assert (side == "landlord") == (seat == result["landlord"])
    bh = [r for (h, _), r in after.items() if games[h] == "baohuang"]
    assert sorted(role for role, _ in bh) == ["emperor", "guard", "rebel", "rebel", "rebel"]


async def test_players_records_count_by_game_and_role(old: Path) -> None:
    before = _old_roles(old)
    counters = {p["user_id"]: p for p in _rows(old, "SELECT * FROM players")}
    async with Database(old) as db:
        for user, row in counters.items():
            player = await db.get_player(user)
            assert player is not None
            assert player.wins == row["landlord_wins"] + row["farmer_wins"]
            assert player.losses == row["landlord_losses"] + row["farmer_losses"]
            mine = [(game, won) for (_, u), (_, won, game) in before.items() if u == user]
            for game in ("doudizhu", "baohuang"):
                wins = sum(won for g, won in mine if g == game)
                assert player.record(game) == (wins, sum(1 for g, _ in mine if g == game) - wins)
        emperor = await db.get_player(1005)
        guard = await db.get_player(1003)
        landlord = await db.get_player(1001)
        assert emperor is not None and guard is not None and landlord is not None
        assert [(r.game, r.role, r.wins, r.losses) for r in emperor.records] == [
            ("baohuang", "emperor", 0, 1)
        ]
        assert guard.record("baohuang", "guard") == (0, 1)
        assert guard.record("doudizhu", "farmer") == (0, 1)
        assert landlord.record("doudizhu", "landlord") == (1, 0)
        assert landlord.record("baohuang", "rebel") == (1, 0)
        assert landlord.games() == ["baohuang", "doudizhu"]  # as many hands: by name


async def test_a_hand_settled_after_the_migration_adds_to_the_records(old: Path) -> None:
    record = HandRecord(
        game="baohuang",
        room="beginner",
        rules={"game": "baohuang"},
        seats=[1001, 1002, 1003, 1004, 1005],
        result={},
        multipliers=[],
        started_at=START,
        finished_at=START,
        chat_id=BAOHUANG_GROUP,
    )
    roles = ["emperor", "guard", "rebel", "rebel", "rebel"]
    results = [HandResult(u, r, r != "rebel") for u, r in zip(record.seats, roles, strict=True)]
    changes = [LedgerChange(1001, 10), LedgerChange(1003, -10)]
    async with Database(old) as db:
        assert (await db.apply_settlement("after", changes, results, record)).applied
        alice, carol = await db.get_player(1001), await db.get_player(1003)
        assert alice is not None and carol is not None
        assert alice.record("baohuang", "emperor") == (1, 0)
        assert alice.record("baohuang") == (2, 0) and alice.record("doudizhu") == (1, 0)
        assert carol.record("baohuang", "rebel") == (0, 1)
        assert await db.ledger_mismatches() == {}


def _settings_keys(group: GroupSettings) -> dict[str, str]:
    buttons: dict[str, str] = {}
    for name in GAMES:
        buttons.update(GAMES[name].options.settings_buttons(group, "en"))
    return buttons


async def test_the_groups_options_read_as_their_games_read_them(old: Path) -> None:
    groups = {g["chat_id"]: g for g in _rows(old, "SELECT * FROM groups")}
    async with Database(old) as db:
        bh = await db.get_group(BAOHUANG_GROUP)
        ddz = await db.get_group(DOUDIZHU_GROUP)
        playing = await db.get_group(PLAYING_GROUP)
    assert bh is not None and ddz is not None and playing is not None
    columns = set(_rows(old, "SELECT * FROM groups")[0])
    assert columns.isdisjoint({"bidding", "wildcard", "bh_method", "bh_roast", "bh_six"})
    for group in (bh, ddz, playing):  # the table's own settings, as they were
        row = groups[group.chat_id]
        shared = ("title", "language", "room", "bid_seconds", "double_seconds", "play_seconds")
        assert [getattr(group, k) for k in shared] == [row[k] for k in shared]
        assert (group.tracker, group.game, group.ai_level) == (
            bool(row["tracker"]),
            row["game"],
            row["ai_level"],
        )
    assert bh.game == "baohuang"
    # the rules a plain /newgame opened before (the old tables' rules say them)
    assert GAMES["baohuang"].options.table_rules(bh, None) == "baohuang+called+roast+grab"
    assert GAMES["doudizhu"].options.table_rules(ddz, None) == "points"
    assert GAMES["doudizhu"].options.table_rules(playing, None) == "wildcard"
    assert GAMES["paodekuai"].options.table_rules(ddz, None) == "paodekuai"
    keys = _settings_keys(bh)
    assert (keys["bh_method"], keys["bh_roast"]) == (
        "Bao Huang guard: called guard",
        "Bao Huang roast: on",
    )
    assert keys["bh_six"].endswith("off") and keys["bh_grab"].endswith("on")
    assert _settings_keys(ddz)["bidding"] == "Bidding: points 1-3"
    assert _settings_keys(playing)["wildcard"] == "Wildcard: on"


async def test_the_settings_buttons_of_every_game_still_turn(old: Path) -> None:
    async with Database(old) as db:
        group = await db.get_group(BAOHUANG_GROUP)
        assert group is not None
        for name in GAMES:
            options = GAMES[name].options
            for key in options.settings_buttons(group, "zh-Hans"):
                before = options.settings_buttons(group, "zh-Hans")[key]
                change = options.cycle(group, key)
                assert change is not None
                group = await db.update_group(BAOHUANG_GROUP, **change)
                assert options.settings_buttons(group, "zh-Hans")[key] != before, key
        assert (
            GAMES["baohuang"].options.table_rules(group, None) == "baohuang+six"
        )  # each one turned
        assert GAMES["doudizhu"].options.table_rules(group, None) == "wildcard"
