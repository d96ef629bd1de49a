"""A worker's copies of tables another worker holds (``web/mirrors.py``): a version announced
while a read of the table is under way is read again once that read is done, so the pages
here see it without waiting for the table's next move; the holder hears of the pages open
here (a new holder too), so a person at the page is at the page wherever it landed."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

from ddz_bot.web.mirrors import Mirrors, ReadTogether

TABLE, HOLDER, HERE = 7, 2, 1
ALICE = 5001


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
        self.heard: list[tuple[int, int, int, int]] = []

    def viewers(self, table_id: int) -> int:
        return 1

    def present(self, table_id: int) -> dict[int, int]:
        return {ALICE: 2}

    def published(self, table: Any) -> None:
        self.shown.append(table.version)

    def elsewhere(self, worker: int, table_id: int, user_id: int, pages: int) -> None:
        self.heard.append((worker, table_id, user_id, pages))


class _Courier:
    """The courier's part the mirrors use: the listeners, and the messages sent."""

    def __init__(self) -> None:
        self.listeners: dict[str, Any] = {}
        self.cluster = SimpleNamespace(id=HERE)
        self.sent: list[tuple[int, dict[str, Any]]] = []

    async def send(self, worker: int, message: dict[str, Any]) -> None:
        self.sent.append((worker, message))


def _mirrors(stored: _Stored, hub: _Hub, courier: _Courier | None = None) -> Mirrors:
    courier = courier or _Courier()
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


async def test_the_holder_hears_of_the_pages_here_and_a_new_holder_too() -> None:
    stored, hub, courier = _Stored(), _Hub(), _Courier()
    mirrors = _mirrors(stored, hub, courier)
    mirrors.heard({"f": HOLDER, "v": [[TABLE, 1]]})
    await _settle()
    stored.reads[0].set()
    await _settle()
    mirrors.tell(TABLE, ALICE, 1)  # her page opened here
    await _settle()
    assert courier.sent == [(HOLDER, {"k": "w", "f": HERE, "t": TABLE, "u": ALICE, "n": 1})]
    mirrors.heard({"f": 3, "v": [[TABLE, 2]]})  # worker 3 holds it now: it hears at once
    await _settle()
    assert (3, {"k": "w", "f": HERE, "t": TABLE, "u": ALICE, "n": 2}) in courier.sent


async def test_pages_at_another_worker_reach_the_hub_of_the_holder() -> None:
    stored, hub, courier = _Stored(), _Hub(), _Courier()
    _mirrors(stored, hub, courier)
    courier.listeners["w"]({"k": "w", "f": 3, "t": TABLE, "u": ALICE, "n": 1})
    courier.listeners["w"]({"k": "w", "f": 3, "t": TABLE, "u": "not a number", "n": 1})
    assert hub.heard == [(3, TABLE, ALICE, 1)]  # a garbled word changes nothing


class _Tables:
    """Saved tables by id, each query counted with the ids it asked for."""

    def __init__(self) -> None:
        self.saved = {"7": "seven", "8": "eight"}
        self.queries: list[list[str]] = []

    async def load_tables(self, table_ids: list[str]) -> dict[str, Any]:
        self.queries.append(list(table_ids))
        await asyncio.sleep(0)
        return {key: self.saved[key] for key in table_ids if key in self.saved}


async def test_reads_asked_for_in_one_turn_are_one_query() -> None:
    tables = _Tables()
    together = ReadTogether(tables)  # type: ignore[arg-type]
    found: list[Any] = await asyncio.gather(*(together.read(key) for key in "7897"))
    assert found == ["seven", "eight", None, "seven"]  # "9" was never saved
    assert tables.queries == [["7", "8", "9"]]  # one round trip for the four
    tables.saved["7"] = "seven, moved"
    moved: Any = await together.read("7")
    assert moved == "seven, moved"  # asked later: a query begun later
    assert len(tables.queries) == 2
