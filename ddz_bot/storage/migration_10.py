"""Migration 10: the workers on PostgreSQL and the groups each one holds (``leases.py``).

Several bot processes play on one PostgreSQL database; each group's tables are played by the
one worker holding that group's lease. A worker is alive while its own connection holds its
advisory lock (the server lets go of it the moment the process dies, or within seconds when
its machine does), so a lease needs no expiry: the lease of a worker no longer alive is free
to take. Which table a person sits at is written down too, so that their private messages
reach the worker holding that table. SQLite stays one process and gets nothing here.
"""

from __future__ import annotations

from typing import Final

__all__ = ["WORKERS_POSTGRESQL", "WORKERS_SQLITE"]

WORKERS_POSTGRESQL: Final = """
-- Each worker that ever started on this schema; alive while it holds its advisory lock.
CREATE TABLE workers (
    worker_id   BIGSERIAL   PRIMARY KEY,
    name        TEXT        NOT NULL,
    started_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    -- the groups with tables it holds (a new group goes to the least loaded worker)
    load        INTEGER     NOT NULL DEFAULT 0,
    -- told to stop: it takes no new group and hands its groups over
    draining    BOOLEAN     NOT NULL DEFAULT FALSE
);

-- Which worker plays each group's tables.
CREATE TABLE chat_leases (
    chat_id  BIGINT      PRIMARY KEY,
    worker   BIGINT      NOT NULL,
    since    TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX chat_leases_by_worker ON chat_leases (worker);

-- The group whose table each person last sat down at (their private chat's updates go to
-- the worker holding that group).
CREATE TABLE seated (
    user_id  BIGINT PRIMARY KEY,
    chat_id  BIGINT NOT NULL
);
"""

WORKERS_SQLITE: Final = """
-- Several workers need PostgreSQL: on SQLite the bot is one process and holds every table.
SELECT 1;
"""
