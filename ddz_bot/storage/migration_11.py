"""Migration 11: what each worker wants of the bot token's budget (``tg/shares.py``).

Telegram's limit of calls a second belongs to the bot, not to a process: the workers split
it by what each wants now (the calls it made in the last second and those waiting for a
turn), reported each second beside its load. SQLite stays one process and gets nothing here.
"""

from __future__ import annotations

from typing import Final

__all__ = ["DEMAND_POSTGRESQL", "DEMAND_SQLITE"]

DEMAND_POSTGRESQL: Final = """
-- Telegram calls a second this worker wants: made in its last second, and waiting for a turn.
ALTER TABLE workers ADD COLUMN demand INTEGER NOT NULL DEFAULT 0;
"""

DEMAND_SQLITE: Final = """
-- Several workers need PostgreSQL: on SQLite the bot is one process and holds every table.
SELECT 1;
"""
