"""Pages of tables another worker holds: the table read from storage, the actions sent on.

Behind the reverse proxy a page's socket may land on any worker; its token names the table,
not the worker. The worker that holds the table tells the others of every version it
publishes (``Courier.announce``); a worker with pages of that table reads the saved table
from the database (a copy: never played here, only shown) and its hub writes each page's
frame from it as for a table of its own, under the same observer rule (a spectator's frame
never holds a hidden card). What a page sends goes to the holder (``request``), whose hub
answers it as if the page were its own, and the answer comes back to the page; but a hint,
worked out here from the copy the page is shown (the plays the holder lists at that version).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any, Protocol

from ..storage import Database, TableRecord
from ..tg.courier import Courier
from ..tg.games import HostOf
from ..tg.table import Table

__all__ = ["Mirrors", "ReadTogether", "Sink"]

log = logging.getLogger(__name__)


class Sink:
    """A page's connection at another worker, as the holder's hub writes to it: every text
    is kept and sent back with the answer."""

    def __init__(self) -> None:
        self.texts: list[str] = []
        self.closed: tuple[int, str] | None = None

    def send(self, text: str) -> None:
        self.texts.append(text)

    def close(self, code: int, reason: str) -> None:
        self.closed = (code, reason)


class ReadTogether:
    """Reads of saved tables asked for in one turn of the loop go as one query: an
    announcement names many tables at once, and each read alone would be a round trip to
    the database and a connection of the pool. A read still begins after it is asked for
    (the query goes at the loop's next turn), so it finds what was saved before."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self._asked: dict[str, asyncio.Future[TableRecord | None]] = {}
        self._going: set[asyncio.Task[None]] = set()

    async def read(self, table_id: str) -> TableRecord | None:
        future = self._asked.get(table_id)
        if future is None:
            loop = asyncio.get_running_loop()
            if not self._asked:
                loop.call_soon(self._go)
            future = self._asked[table_id] = loop.create_future()
        return await asyncio.shield(future)

    def _go(self) -> None:
        asked, self._asked = self._asked, {}
        task = asyncio.get_running_loop().create_task(self._query(asked))
        self._going.add(task)
        task.add_done_callback(self._going.discard)

    async def _query(self, asked: dict[str, asyncio.Future[TableRecord | None]]) -> None:
        try:
            found = await self.db.load_tables(list(asked))
        except Exception as error:
            for future in asked.values():
                if not future.done():
                    future.set_exception(error)
            return
        for table_id, future in asked.items():
            if not future.done():
                future.set_result(found.get(table_id))


class Watched(Protocol):
    """What the mirrors ask of the hub: which tables have pages here (and whose), to show
    one, and to hear of a held table's pages at another worker."""

    def viewers(self, table_id: int) -> int: ...

    def present(self, table_id: int) -> dict[int, int]: ...

    def published(self, table: Table) -> None: ...

    def elsewhere(self, worker: int, table_id: int, user_id: int, pages: int) -> None: ...


class Mirrors:
    """The copies of tables held elsewhere that pages here watch (module docstring)."""

    def __init__(
        self,
        db: Database,
        host_of: HostOf,
        courier: Courier,
        held_here: Callable[[int], bool],
    ) -> None:
        self.db = db
        self.host_of = host_of
        self.courier = courier
        self.held_here = held_here
        self.hub: Watched | None = None
        self._tables: dict[int, Table] = {}
        self._holder: dict[int, int] = {}  # table -> the worker that announced it
        self._loading: dict[int, asyncio.Task[Table | None]] = {}
        self._heard: dict[int, int] = {}  # table -> the newest version announced
        self._telling: set[asyncio.Task[None]] = set()
        self._together = ReadTogether(db)
        courier.listeners["t"] = self.heard
        courier.listeners["w"] = self._heard_pages

    def get(self, table_id: int) -> Table | None:
        return self._tables.get(table_id)

    def is_mirror(self, table: Table) -> bool:
        return self._tables.get(table.id) is table

    async def load(self, table_id: int) -> Table | None:
        """The table as saved now (once at a time per table)."""
        task = self._loading.get(table_id)
        if task is None:
            task = asyncio.get_running_loop().create_task(self._read(table_id))
            self._loading[table_id] = task
            task.add_done_callback(lambda _: self._loading.pop(table_id, None))
        return await task

    async def _read(self, table_id: int) -> Table | None:
        record = await self._together.read(str(table_id))
        if record is None:
            self._tables.pop(table_id, None)
            return None
        try:
            table = Table.from_dict(dict(record.state), self.host_of)
        except (ValueError, KeyError, TypeError):
            log.exception("table %s: its saved state can't be shown", table_id)
            return None
        self._tables[table_id] = table
        return table

    def forget(self, table_id: int) -> None:
        """No page here watches it any more."""
        self._tables.pop(table_id, None)
        self._holder.pop(table_id, None)
        self._heard.pop(table_id, None)

    def heard(self, message: dict[str, Any]) -> None:
        """Another worker published tables: those with pages here are read again."""
        sender = int(message.get("f", 0))
        hub = self.hub
        if hub is None or sender == self.courier.cluster.id:
            return
        for pair in message.get("v", ()):
            table_id, version = int(pair[0]), int(pair[1])
            if not hub.viewers(table_id) or self.held_here(table_id):
                continue
            before = self._holder.get(table_id)
            self._holder[table_id] = sender
            if before is not None and before != sender:  # a new holder: tell it of the pages
                for user_id, pages in hub.present(table_id).items():
                    self.tell(table_id, user_id, pages)
            known = self._tables.get(table_id)
            if known is None or known.version < version:
                self._heard[table_id] = max(version, self._heard.get(table_id, 0))
                asyncio.get_running_loop().create_task(self._refresh(table_id))

    async def _refresh(self, table_id: int) -> None:
        try:
            table = await self.load(table_id)
            if table is not None and table.version < self._heard.get(table_id, 0):
                # the read joined was begun before that version was saved: one more, begun
                # after it (else the pages here would wait for the table's next move)
                table = await self.load(table_id)
        except Exception:
            log.exception("table %s: reading it for its pages failed", table_id)
            return
        if table is not None and self.hub is not None:
            self.hub.published(table)

    async def forward(
        self, table: Table, user_id: int, lang: str, text: str
    ) -> tuple[list[str], tuple[int, str] | None]:
        """A page's message for the table's holder: what the holder's hub answered (the
        texts for the page, and a close if it closed the page)."""
        worker = self._holder.get(table.id) or await self._holder_of(table)
        if worker is None:
            return [], None
        reply = await self.courier.request(
            worker, "p", {"table": table.id, "user": user_id, "lang": lang, "text": text}
        )
        if reply is None:
            self._holder.pop(table.id, None)
            return [], None
        closed = reply.get("closed")
        shut = None if not closed else (int(closed[0]), str(closed[1]))
        return [str(text) for text in reply.get("texts", ())], shut

    # ---- who is at the page, for the holder --------------------------------------------
    def tell(self, table_id: int, user_id: int, pages: int) -> None:
        """Tell the table's holder how many pages of ``user_id`` watch it here now: a
        person at the page is at the page wherever it landed (``LiveHub.at_page``), so the
        holder rests their panel and quiets the group as for a page of its own."""
        table = self._tables.get(table_id)
        if table is None:
            return
        task = asyncio.get_running_loop().create_task(self._tell(table, user_id, pages))
        self._telling.add(task)
        task.add_done_callback(self._telling.discard)

    async def _tell(self, table: Table, user_id: int, pages: int) -> None:
        try:
            worker = self._holder.get(table.id) or await self._holder_of(table)
            if worker is not None:
                here = self.courier.cluster.id
                message = {"k": "w", "f": here, "t": table.id, "u": user_id, "n": pages}
                await self.courier.send(worker, message)
        except Exception:
            log.warning("table %s: telling its holder of a page failed", table.id, exc_info=True)

    def _heard_pages(self, message: dict[str, Any]) -> None:
        """Another worker's pages of a table held here (``tell``)."""
        if self.hub is None:
            return
        try:
            worker, table_id = int(message["f"]), int(message["t"])
            user_id, pages = int(message["u"]), int(message["n"])
        except (KeyError, TypeError, ValueError):
            return
        self.hub.elsewhere(worker, table_id, user_id, pages)

    def alive(self, worker: int) -> bool:
        return self.courier.cluster.alive(worker)

    async def _holder_of(self, table: Table) -> int | None:
        route = await self.courier.cluster.route_chat(table.chat_id)
        return None if route.here else route.worker
