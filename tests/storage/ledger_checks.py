"""Checks of the bean books that every stress test ends with."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from ddz_bot.storage import Database


def assert_books_balance(path: Path) -> None:
    """Opened without the storage layer: integrity, balances = ledger sums, each ledger chain
    consistent row by row, nothing negative, and every settled hand with its ledger rows."""
    conn = sqlite3.connect(path)
    try:
        assert conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        assert conn.execute("PRAGMA foreign_key_check").fetchall() == []
        mismatched = conn.execute(
            "SELECT p.user_id, p.beans, COALESCE(SUM(l.delta), 0) AS total FROM players p"
            " LEFT JOIN ledger l ON l.user_id = p.user_id GROUP BY p.user_id"
            " HAVING p.beans != total"
        ).fetchall()
        assert mismatched == []
        assert conn.execute("SELECT COUNT(*) FROM players WHERE beans < 0").fetchone() == (0,)
        previous: dict[int, int] = {}
        for user, delta, after in conn.execute(
            "SELECT user_id, delta, balance_after FROM ledger ORDER BY id"
        ):
            assert after == previous.get(user, 0) + delta >= 0
            previous[user] = after
        unsettled = conn.execute(
            "SELECT COUNT(*) FROM hands h WHERE h.bean_changes != '[]' AND NOT EXISTS"
            " (SELECT 1 FROM ledger l WHERE l.hand_id = h.hand_id)"
        ).fetchone()
        assert unsettled == (0,)
        orphans = conn.execute(
            "SELECT COUNT(*) FROM ledger l WHERE l.hand_id IS NOT NULL AND NOT EXISTS"
            " (SELECT 1 FROM hands h WHERE h.hand_id = l.hand_id)"
        ).fetchone()
        assert orphans == (0,)
    finally:
        conn.close()


async def books_balance(db: Database) -> None:
    """The same checks through the storage layer's reads, on either engine."""
    assert await db.integrity_check() == ["ok"]
    assert await db.ledger_mismatches() == {}
    negative = await db._fetchall("SELECT COUNT(*) FROM players WHERE beans < 0")
    assert int(negative[0][0]) == 0
    previous: dict[int, int] = {}
    for user, delta, after in await db._fetchall(
        "SELECT user_id, delta, balance_after FROM ledger ORDER BY id"
    ):
        assert after == previous.get(user, 0) + delta >= 0
        previous[user] = after
    unsettled = await db._fetchall(
        "SELECT COUNT(*) FROM hands h WHERE h.bean_changes <> '[]' AND NOT EXISTS"
        " (SELECT 1 FROM ledger l WHERE l.hand_id = h.hand_id)"
    )
    assert int(unsettled[0][0]) == 0
    orphans = await db._fetchall(
        "SELECT COUNT(*) FROM ledger l WHERE l.hand_id IS NOT NULL AND NOT EXISTS"
        " (SELECT 1 FROM hands h WHERE h.hand_id = l.hand_id)"
    )
    assert int(orphans[0][0]) == 0
