"""Workers and their leases on PostgreSQL (migration 10): which bot process plays which group.

A worker is one ``python bot.py`` on the database. It registers (a row in ``workers``) and
holds an advisory lock named by its id on a connection of its own, for its life: the server
lets go of the lock the moment the process dies (and, with that connection's keepalives,
within about five seconds of its machine going), so whether a worker is alive is one look at
``pg_locks``, never a clock. A group's lease (``chat_leases``) names the worker that plays its
tables; the lease of a worker no longer alive is free, and taking it checks that in the same
statement, so two workers never both take one group. The table's stored version stays the
fence for its saves (``save_table_state``): a worker that lost a group can't write over the
holder's moves.

The same connection carries the workers' messages to each other: ``LISTEN`` on the worker's
own channel and the shared one (``notify`` sends; a payload over the server's 8,000 bytes is
refused and the caller keeps it in a row instead, ``Courier``).
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Final

import asyncpg

from .postgres_backend import KEEPALIVES

__all__ = ["NOTIFY_LIMIT", "Leases", "LiveWorker"]

log = logging.getLogger(__name__)

#: the largest ``NOTIFY`` payload the server takes (bytes, less one)
NOTIFY_LIMIT: Final = 7999

#: the worker's connection: its keepalives drop it, and its lock, soon after its machine goes
_WORKER_SETTINGS: Final = {"application_name": "ddz-worker", **KEEPALIVES}

#: the advisory locks that say a worker is alive: (this schema's hash, the worker's id)
_ALIVE: Final = """
EXISTS (SELECT 1 FROM pg_locks lk
        WHERE lk.locktype = 'advisory' AND lk.granted AND lk.objsubid = 2
          AND lk.database = (SELECT oid FROM pg_database WHERE datname = current_database())
          AND lk.classid = hashtext(current_schema())::oid AND lk.objid = {worker}::oid)
"""

#: the ids of the workers alive now (read once per statement, not once per row)
_LIVE_IDS: Final = """
SELECT lk.objid::bigint FROM pg_locks lk
WHERE lk.locktype = 'advisory' AND lk.granted AND lk.objsubid = 2
  AND lk.database = (SELECT oid FROM pg_database WHERE datname = current_database())
  AND lk.classid = hashtext(current_schema())::oid AND lk.objid <> 0
"""

_LIVE_WORKERS: Final = f"""
WITH live AS ({_LIVE_IDS})
SELECT w.worker_id, w.load, w.draining, w.demand FROM workers w
WHERE w.worker_id IN (SELECT * FROM live) ORDER BY w.worker_id
"""

#: take a group unless a live worker (not this one) holds it; who holds it after
_CLAIM: Final = f"""
INSERT INTO chat_leases AS l (chat_id, worker) VALUES ($1, $2)
ON CONFLICT (chat_id) DO UPDATE SET worker = EXCLUDED.worker, since = now()
WHERE l.worker = EXCLUDED.worker OR NOT {_ALIVE.format(worker="l.worker")}
RETURNING worker
"""

#: the groups with a stored table whose lease is free (no lease, or its worker gone)
_LAPSED: Final = f"""
WITH live AS ({_LIVE_IDS})
SELECT DISTINCT t.chat_id FROM tables t LEFT JOIN chat_leases l ON l.chat_id = t.chat_id
WHERE l.worker IS NULL OR l.worker NOT IN (SELECT * FROM live)
"""


#: one query's messages, in order
_NOTIFY_MANY: Final = "SELECT pg_notify(c, p) FROM unnest($1::text[], $2::text[]) AS m(c, p)"


@dataclass(frozen=True, slots=True)
class LiveWorker:
    """A worker alive now: its id, how many groups with tables it plays, whether it stops,
    and the Telegram calls a second it wants (``tg/shares.py``)."""

    id: int
    load: int
    draining: bool
    demand: int = 0


class Leases:
    """This worker's registration, its lock, its leases and its channel (module docstring)."""

    def __init__(self, pool: asyncpg.Pool, url: str, *, connect_timeout: float = 5.0) -> None:
        self._pool = pool
        self._url = url
        self._connect_timeout = connect_timeout
        self._conn: asyncpg.Connection | None = None
        self.id = 0
        self.channel = ""
        self.everyone = ""

    async def register(
        self,
        name: str,
        on_message: Callable[[str], None],
        on_lost: Callable[[], None],
    ) -> int:
        """Join as a new worker: its row, its lock and its channels on a connection of its
        own (``on_lost`` is told if that connection goes while open). Returns its id."""
        conn: asyncpg.Connection = await asyncpg.connect(
            self._url, timeout=self._connect_timeout, server_settings=_WORKER_SETTINGS
        )
        try:
            worker = int(
                await conn.fetchval(
                    "INSERT INTO workers (name) VALUES ($1) RETURNING worker_id", name
                )
            )
            await conn.execute(
                "SELECT pg_advisory_lock(hashtext(current_schema()), $1::int)", worker
            )
            schema = str(await conn.fetchval("SELECT current_schema()"))
            self.id = worker
            self.channel = channel_of(schema, worker)
            self.everyone = channel_of(schema, 0)
            for channel in (self.channel, self.everyone):
                await conn.add_listener(channel, _listener(on_message))
            await conn.execute(
                f"""WITH live AS ({_LIVE_IDS}) DELETE FROM workers w
                    WHERE w.started_at < now() - interval '1 hour'
                      AND w.worker_id NOT IN (SELECT * FROM live)"""
            )
        except BaseException:
            await conn.close()
            raise

        def terminated(_conn: object) -> None:
            if self._conn is not None:  # not closed by this worker
                on_lost()

        conn.add_termination_listener(terminated)
        self._conn = conn
        return worker

    async def try_poll(self) -> bool:
        """Take the polling lock (the schema's, key 0: no worker's id) for this worker's
        life, unless another worker holds it."""
        if self._conn is None:
            return False
        taken = await self._conn.fetchval(
            "SELECT pg_try_advisory_lock(hashtext(current_schema()), 0)"
        )
        return bool(taken)

    def alive(self) -> bool:
        return self._conn is not None and not self._conn.is_closed()

    async def live_workers(self) -> list[LiveWorker]:
        rows = await self._pool.fetch(_LIVE_WORKERS)
        return [LiveWorker(int(r[0]), int(r[1]), bool(r[2]), int(r[3])) for r in rows]

    async def report(self, load: int, *, draining: bool = False, demand: int = 0) -> None:
        """This worker's load (and whether it stops), read by the others' routing, and the
        Telegram calls a second it wants, read by their shares of the token's budget."""
        await self._pool.execute(
            "UPDATE workers SET load = $2, draining = $3, demand = $4 WHERE worker_id = $1",
            self.id,
            load,
            draining,
            demand,
        )

    async def holder(self, chat_id: int) -> int | None:
        """The worker named on the group's lease (alive or not), if any."""
        found = await self._pool.fetchval(
            "SELECT worker FROM chat_leases WHERE chat_id = $1", chat_id
        )
        return None if found is None else int(found)

    async def claim(self, chat_id: int) -> int:
        """Take the group's lease unless a live worker holds it: who holds it now."""
        taken = await self._pool.fetchval(_CLAIM, chat_id, self.id)
        if taken is not None:
            return int(taken)
        held = await self.holder(chat_id)
        return self.id if held is None else held  # let go meanwhile: asked again

    async def lapsed(self) -> list[int]:
        """The groups with stored tables that no live worker holds."""
        return [int(r[0]) for r in await self._pool.fetch(_LAPSED)]

    async def release(self, chats: Iterable[int] | None = None) -> int:
        """Let go of the given groups (all of this worker's by default); how many."""
        if chats is None:
            status = await self._pool.execute("DELETE FROM chat_leases WHERE worker = $1", self.id)
        else:
            status = await self._pool.execute(
                "DELETE FROM chat_leases WHERE worker = $1 AND chat_id = ANY($2::bigint[])",
                self.id,
                list(chats),
            )
        return int(status.split()[-1])

    async def chat_of_table(self, table_id: int) -> int | None:
        found = await self._pool.fetchval(
            "SELECT chat_id FROM tables WHERE table_id = $1", str(table_id)
        )
        return None if found is None else int(found)

    async def seat(self, seated: Iterable[tuple[int, int]]) -> None:
        """Write down where people sit now: ``(user, group)`` pairs."""
        pairs = list(seated)
        if pairs:
            await self._pool.executemany(
                "INSERT INTO seated (user_id, chat_id) VALUES ($1, $2)"
                " ON CONFLICT (user_id) DO UPDATE SET chat_id = EXCLUDED.chat_id",
                pairs,
            )

    async def seated_at(self, user_id: int) -> int | None:
        """The group whose table the person last sat down at."""
        found = await self._pool.fetchval("SELECT chat_id FROM seated WHERE user_id = $1", user_id)
        return None if found is None else int(found)

    async def notify(self, channel: str, payload: str) -> None:
        await self._pool.execute("SELECT pg_notify($1, $2)", channel, payload)

    async def notify_many(self, messages: Sequence[tuple[str, str]]) -> None:
        """Several ``(channel, payload)`` messages in one query, delivered in this order (the
        server delivers a channel's same payload only once a transaction: the caller keeps
        repeats apart)."""
        if len(messages) == 1:
            await self.notify(*messages[0])
        elif messages:
            channels, payloads = zip(*messages, strict=True)
            await self._pool.execute(_NOTIFY_MANY, list(channels), list(payloads))

    def channel_for(self, worker: int) -> str:
        """Another worker's channel (0: every worker's)."""
        return self.everyone[: -len("_0")] + f"_{worker}"

    async def close(self) -> None:
        """Stop being a worker: the lock and the channels go with the connection."""
        conn, self._conn = self._conn, None
        if conn is not None:
            with contextlib.suppress(Exception):
                await conn.close()


def _listener(on_message: Callable[[str], None]) -> Callable[[object, int, str, str], None]:
    def listener(_conn: object, _pid: int, _channel: str, payload: str) -> None:
        on_message(payload)

    return listener


def channel_of(schema: str, worker: int) -> str:
    """A worker's channel in a schema (0: every worker's), within PostgreSQL's 63 bytes."""
    return f"ddz_{abs(hash_text(schema)) % 10**9}_{worker}"


def hash_text(text: str) -> int:
    """A stable small hash (the process's ``hash`` of a str changes per run)."""
    value = 0
    for byte in text.encode():
        value = (value * 131 + byte) % (1 << 31)
    return value
