"""A backup taken while a hand is played, put back into a fresh folder: the bot starts on
it, the hand resumes where the backup caught it, and it is settled once."""

from __future__ import annotations

import asyncio
import shutil
import sqlite3
from pathlib import Path

from ddz_bot.storage.backup import backup
from ddz_bot.storage.guard import check

from ..conftest import make_settings, manager_of, start_bot
from ..harness import SimUser
from ..scripts import current_table, play_until_over, seat_three, take_turn, whose_turn


async def test_a_backup_taken_mid_hand_restores_resumes_and_settles_once(tmp_path: Path) -> None:
    settings = make_settings(tmp_path / "live")
    first = await start_bot(settings)
    group = first.group()
    users = [first.user("Alice"), first.user("Bob"), first.user("Carol")]
    copy = tmp_path / "ddz-backup.sqlite3"
    try:
        await seat_three(first, group, users)
        for _ in range(6):
            user = whose_turn(first, group, users)
            assert user is not None
            await take_turn(first, group, user)
        caught = current_table(first, group)
        assert caught.game is not None and not caught.game.over
        snapshot, hand_id = caught.game.to_dict(), caught.hand_id
        # the copy runs on a thread of its own while the bot runs (the loop goes on)
        report = await asyncio.to_thread(backup, settings.db_path, copy)
        assert report.path == copy and report.size == copy.stat().st_size
    finally:
        await first.stop()

    fresh = tmp_path / "restored"
    fresh.mkdir()
    shutil.copyfile(copy, fresh / "ddz.sqlite3")  # README: "restore"
    restored = make_settings(fresh)
    assert not check(restored.db_path).new
    api = first.api
    second = await start_bot(restored, api)
    try:
        table = current_table(second, group)
        assert table.hand_id == hand_id and table.game is not None
        assert table.game.to_dict() == snapshot
        people = [SimUser(second, api.users[u.id]) for u in users]
        table = await play_until_over(second, group, people)
        db = manager_of(second).db
        assert await db.get_hand(hand_id) is not None
        assert await db.ledger_mismatches() == {}
        beans = [(await db.get_player(u.id)).beans for u in users]  # type: ignore[union-attr]
        assert sum(beans) == 3 * 10_000 - 3 * 5
    finally:
        await second.stop()
    conn = sqlite3.connect(restored.db_path)
    settled = conn.execute(
        "SELECT user_id, COUNT(*) FROM ledger WHERE hand_id = ? AND reason = 'settle'"
        " GROUP BY user_id",
        (hand_id,),
    ).fetchall()
    conn.close()
    assert sorted(count for _, count in settled) == [1, 1, 1]
