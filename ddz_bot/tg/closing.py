"""Closing and forgetting a table: the registry lets go of it, its timer stops, and the
outbox slots only it used are released once what they still show is shown."""

from __future__ import annotations

from ..storage import Database
from .phases import TablePhase
from .presenter import Presenter
from .registry import TableRegistry
from .table import Table
from .timers import Timers

__all__ = ["Closer"]


class Closer:
    """Ends a table's life in this process (see the module docstring)."""

    def __init__(
        self, registry: TableRegistry, presenter: Presenter, timers: Timers, db: Database
    ) -> None:
        self.registry = registry
        self.presenter = presenter
        self.timers = timers
        self.db = db

    async def close(self, table: Table) -> None:
        """Close the table in the database, then forget it (the lock is held)."""
        self.timers.cancel(table.id)
        await self.registry.close(table)
        self._release(table)

    async def replaced(self, table: Table) -> None:
        """A newer table of the group takes this finished one's place: it is forgotten here
        and closed in the database in the background (its result's Again leads on). Taken
        under its own lock: a press on the old result being handled finishes first."""
        async with self.registry.lock(table.id):
            if not self.registry.holds(table):
                return
            self.timers.cancel(table.id)
            self.presenter.outbox.spawn(self.db.close_table(str(table.id)))
            self.registry.forget(table)
            if table.phase != TablePhase.CLOSED:
                table.move_to(TablePhase.CLOSED)
            self._release(table)

    def _release(self, table: Table) -> None:
        registry = self.registry
        self.presenter.forget(
            table,
            group_in_use=registry.in_chat(table.chat_id) is not None,
            users_in_use=[
                seat.user_id for seat in table.seats if registry.of_user(seat.user_id) is not None
            ],
        )
