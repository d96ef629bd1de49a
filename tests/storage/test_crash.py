"""A writer killed with SIGKILL mid-run leaves a sound database and balanced books."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

from ddz_bot.storage import Database

from .ledger_checks import assert_books_balance

ROOT = Path(__file__).resolve().parents[2]


async def test_sigkill_in_the_middle_of_writes(db_path: Path) -> None:
    child = subprocess.Popen(
        [sys.executable, "-m", "tests.storage.crash_writer", str(db_path)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    acknowledged: list[str] = []
    try:
        assert child.stdout is not None
        assert child.stdout.readline().strip() == "ready"
        while len(acknowledged) < 150:
            line = child.stdout.readline()
            assert line, child.stderr.read() if child.stderr else "child ended"
            acknowledged.append(line.strip())
        child.send_signal(signal.SIGKILL)
        child.wait(timeout=30)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
        for stream in (child.stdout, child.stderr):
            if stream is not None:
                stream.close()
    assert child.returncode == -signal.SIGKILL

    assert_books_balance(db_path)
    async with Database(db_path) as db:
        assert await db.integrity_check() == ["ok"]
        assert await db.ledger_mismatches() == {}
        for hand_id in acknowledged:  # every settlement the child saw committed is there
            assert await db.get_hand(hand_id) is not None, hand_id
        tables = await db.load_open_tables()
        assert tables and all(t.state["blob"] == "x" * 500 for t in tables)
        for table in tables:
            assert table.hand_id is not None
            actions = await db.hand_actions(table.hand_id)
            assert [a.seq for a in actions] == list(range(1, len(actions) + 1))
            assert actions[-1].action == {"step": table.state["step"]}
