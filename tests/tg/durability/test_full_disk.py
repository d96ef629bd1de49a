"""A full disk mid-hand: the bot stays up, the person whose move could not be saved is told,
nothing saved is lost, a panel sent meanwhile replaces the old one (one live panel, its id
saved once the disk takes writes again), and play resumes once there is space.

The disk is a tmpfs of a few MB mounted for the test (as root, as in CI). Where no mount can
be had the test is skipped: SQLite's ``max_page_count`` is no stand-in, since a table's row
rewritten in place fits the pages it has and the move is saved all the same."""

from __future__ import annotations

import contextlib
import errno
import os
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from ..conftest import make_settings, manager_of, start_bot
from ..harness import Harness, SimUser
from ..scripts import current_table, first_lead, play_until_over

TOLD = "出了点问题，请再试一次。"


class Disk:
    """A small file system (a tmpfs) that can be filled and freed."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.filler = folder / "filler"

    def mount(self) -> None:
        self.folder.mkdir()
        if os.geteuid() != 0:
            pytest.skip("a full file system needs a tmpfs mount, and mounting needs root")
        done = subprocess.run(
            ["mount", "-t", "tmpfs", "-o", "size=16m", "tmpfs", str(self.folder)],
            capture_output=True,
            text=True,
        )
        if done.returncode != 0:
            pytest.skip(f"no tmpfs mount here: {done.stderr.strip()}")

    def fill(self) -> None:
        descriptor = os.open(self.filler, os.O_WRONLY | os.O_CREAT)
        try:
            for chunk in (1 << 20, 4096, 512):
                with contextlib.suppress(OSError):
                    while True:
                        os.write(descriptor, b"\0" * chunk)
        finally:
            os.close(descriptor)
        with pytest.raises(OSError) as full:
            (self.folder / "probe").write_bytes(b"\0" * 8192)
        assert full.value.errno == errno.ENOSPC

    def free(self) -> None:
        self.filler.unlink()
        (self.folder / "probe").unlink(missing_ok=True)

    def unmount(self) -> None:
        subprocess.run(["umount", "-l", str(self.folder)], check=False)


@pytest.fixture
def disk(tmp_path: Path) -> Iterator[Disk]:
    small = Disk(tmp_path / "disk")
    small.mount()
    try:
        yield small
    finally:
        small.unmount()


def _live_panels(bot: Harness, user: SimUser) -> list[int]:
    return [m.message_id for m in bot.api.chat_messages(user.id) if m.from_bot and m.buttons()]


async def test_a_full_disk_mid_hand_loses_nothing_and_play_resumes(disk: Disk) -> None:
    settings = make_settings(disk.folder)
    bot = await start_bot(settings)
    group = bot.group()
    users = [bot.user("Alice"), bot.user("Bob"), bot.user("Carol")]
    try:
        table, leader, _ = await first_lead(bot, group, users)
        db = manager_of(bot).db
        before = await db.load_table(str(table.id))
        assert before is not None and table.game is not None
        logged = len(await db.hand_actions(table.hand_id))
        game_before = table.game.to_dict()

        disk.fill()
        await leader.press(leader.panel(), "提示")
        await leader.press(leader.panel(), "出牌")  # can't be saved
        assert leader.dm_texts()[-1] == TOLD
        table = current_table(bot, group)
        assert table.game is not None and table.game.to_dict() == game_before

        old = _live_panels(bot, leader)
        await leader.dm("手牌")  # the panel anew, while nothing can be saved
        live = _live_panels(bot, leader)
        assert len(live) == 1 and live != old  # it came, and the one it replaced is gone

        disk.free()
        await leader.press(leader.panel(), "提示")
        await leader.press(leader.panel(), "出牌")
        table = current_table(bot, group)
        assert table.game is not None and table.game.to_dict() != game_before
        assert len(await db.hand_actions(table.hand_id)) == logged + 1
        stored = await db.load_table(str(table.id))
        assert stored is not None
        assert stored.panel_message_ids.get(leader.id) in _live_panels(bot, leader)

        hand_id = table.hand_id
        table = await play_until_over(bot, group, users)
        assert await db.get_hand(hand_id) is not None
        assert await db.ledger_mismatches() == {}
        beans = [(await db.get_player(u.id)).beans for u in users]  # type: ignore[union-attr]
        assert sum(beans) == 3 * 10_000 - 3 * 5
        assert len(_live_panels(bot, leader)) <= 1
    finally:
        await bot.stop()
