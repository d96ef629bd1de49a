"""A worker's copies of tables another worker holds (``web/mirrors.py``): a version announced
while a read of the table is under way is read again once that read is done, so the pages
here see it without waiting for the table's next move."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

from ddz_bot.web.mirrors import Mirrors

TABLE, HOLDER, HERE = 7, 2, 1


class _Stored:
    """The table as saved: its version, read slowly (each read waits to be let go)."""

    def __init__(self) -> None:
        self.version = 1
        self.reads: list[asyncio.Event] = []

    async def read(self) -> Any:
        version = self.version  # what the read finds is what was saved when it began
        gate = asyncio.Event()
        self.reads.append(gate)
        await gate.wait()
        return SimpleNamespace(id=TABLE, version=version)


class _Hub:
    def __init__(self) -> None:
        self.shown: list[int] = []

    def viewers(self, table_id: int) -> int:
        return 1

    def published(self, table: Any) -> None:
        self.shown.append(table.version)


def _mirrors(stored: _Stored, hub: _Hub) -> Mirrors:
    courier = SimpleNamespace(listeners={}, cluster=SimpleNamespace(id=HERE))
    mirrors = Mirrors(None, None, courier, lambda table_id: False)  # type: ignore[arg-type]
    mirrors.hub = hub

    async def read(table_id: int) -> Any:
        table = await stored.read()
        mirrors._tables[table_id] = table
        return table

    mirrors._read = read  # type: ignore[method-assign]
    return mirrors


async def _settle() -> None:
    for _ in range(5):
        await asyncio.sleep(0)


async def test_a_version_announced_during_a_read_is_read_again() -> None:
    stored, hub = _Stored(), _Hub()
    mirrors = _mirrors(stored, hub)
    mirrors.heard({"f": HOLDER, "v": [[TABLE, 1]]})
    await _settle()
    assert len(stored.reads) == 1  # version 1 being read
    stored.version = 2
    mirrors.heard({"f": HOLDER, "v": [[TABLE, 2]]})  # saved after that read began
    await _settle()
    stored.reads[0].set()
    await _settle()
    assert len(stored.reads) == 2  # read again: the first found version 1
    stored.reads[1].set()
    await _settle()
    assert hub.shown[-1] == 2


async def test_a_read_that_found_the_version_is_not_made_again() -> None:
    stored, hub = _Stored(), _Hub()
    mirrors = _mirrors(stored, hub)
    stored.version = 3
    mirrors.heard({"f": HOLDER, "v": [[TABLE, 3]]})
    await _settle()
    stored.reads[0].set()
    await _settle()
    assert len(stored.reads) == 1
    assert hub.shown == [3]
