"""A person whose page of a table is open at another worker is at the page for the worker
holding the table (``LiveHub.at_page``), as long as that worker is alive: their panel rests
and the group stays quiet as with a page at the holder; when their last page there closes,
the holder shows the table again so their panel catches up."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

from ddz_bot.web.hub import LiveHub

TABLE, OTHER, ALICE, BOB = 7, 3, 5001, 5002


class _Door:
    """The holder's tables: one, where Alice and Bob sit."""

    def __init__(self) -> None:
        self.shown: list[int] = []
        self.held = SimpleNamespace(id=TABLE, seat_of=lambda user: {ALICE: 0, BOB: 1}.get(user))

    def watch(self, callback: Any) -> None:
        pass

    def table(self, table_id: int) -> Any:
        return self.held if table_id == TABLE else None

    def show(self, table: Any) -> None:
        self.shown.append(table.id)


class _Remote:
    def __init__(self) -> None:
        self.live = {OTHER}

    def alive(self, worker: int) -> bool:
        return worker in self.live


def _hub() -> tuple[LiveHub, _Door, _Remote]:
    door, remote = _Door(), _Remote()
    hub = LiveHub(door, None)  # type: ignore[arg-type]
    hub.remote = remote  # type: ignore[assignment]
    return hub, door, remote


async def test_a_page_at_another_worker_counts_while_that_worker_lives() -> None:
    hub, _, remote = _hub()
    assert not hub.at_page(TABLE, ALICE)
    hub.elsewhere(OTHER, TABLE, ALICE, 1)
    assert hub.at_page(TABLE, ALICE) and not hub.at_page(TABLE, BOB)
    remote.live.clear()  # that worker died: its pages are gone with it
    assert not hub.at_page(TABLE, ALICE)


async def test_the_last_page_elsewhere_closing_shows_the_table_again() -> None:
    hub, door, _ = _hub()
    hub.elsewhere(OTHER, TABLE, ALICE, 2)
    hub.elsewhere(OTHER, TABLE, ALICE, 1)  # one of her two pages closed: still at the page
    await asyncio.sleep(0)
    assert door.shown == [] and hub.at_page(TABLE, ALICE)
    hub.elsewhere(OTHER, TABLE, ALICE, 0)
    await asyncio.sleep(0)
    assert door.shown == [TABLE] and not hub.at_page(TABLE, ALICE)  # her panel catches up
