"""The messages between workers (``tg/courier.py``) on a real server: several sent in one
query arrive in their order; the tables published here go with the next message sent (a
reply to an action sent here: its table's word first) instead of a query of their own."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from typing import Any

import pytest

from ddz_bot.storage import Database
from ddz_bot.storage.leases import Leases
from ddz_bot.tg.cluster import Cluster
from ddz_bot.tg.codec import CallbackCodec
from ddz_bot.tg.courier import Courier
from ddz_bot.tg.metrics import Metrics
from ddz_bot.tg.registry import TableRegistry
from tests.polling import wait_until


class _Worker:
    """A worker's courier on the test schema, and the words it heard."""

    def __init__(self, db: Database, url: str) -> None:
        self.leases = Leases(db.backend.pool, url)  # type: ignore[attr-defined]
        registry = TableRegistry(db, lambda name: None, Metrics())  # type: ignore[arg-type,return-value]

        async def resume(chat: int) -> int:
            return 0

        cluster = Cluster(self.leases, registry, CallbackCodec("test"), resume_chat=resume)
        self.courier = Courier(cluster)
        self.heard: list[dict[str, Any]] = []
        for kind in ("t", "w"):
            self.courier.listeners[kind] = self.heard.append

    async def start(self) -> _Worker:
        await self.leases.register("test", self.courier.received_text, lambda: None)
        return self


@pytest.fixture
async def two(url: str) -> AsyncIterator[tuple[_Worker, _Worker]]:
    async with Database(url) as db:
        here, there = await _Worker(db, url).start(), await _Worker(db, url).start()
        yield here, there
        await here.leases.close()
        await there.leases.close()


def _pages(worker: _Worker, pages: int) -> dict[str, Any]:
    return {"k": "w", "f": worker.leases.id, "t": 7, "u": 5001, "n": pages}


async def test_messages_of_one_query_arrive_in_order(two: tuple[_Worker, _Worker]) -> None:
    here, there = two
    channel = here.leases.channel_for(there.leases.id)
    counts = (1, 0, 2)  # a page opened, closed, two open
    await here.leases.notify_many([(channel, json.dumps(_pages(here, n))) for n in counts])
    await wait_until(lambda: len(there.heard) == len(counts), "the three words there")
    assert [word["n"] for word in there.heard] == list(counts)


async def test_a_published_table_goes_with_the_next_message(two: tuple[_Worker, _Worker]) -> None:
    here, there = two
    here.courier.announce(7, 3)
    here.courier.announce(8, 1)
    await here.courier.send(there.leases.id, _pages(here, 1))
    await wait_until(lambda: len(there.heard) == 2, "the tables and the pages there")
    # in the same query, first: not a moment after the message, in a query of its own
    assert there.heard[0] == {"k": "t", "f": here.leases.id, "v": [[7, 3], [8, 1]]}
    assert there.heard[1] == _pages(here, 1)
