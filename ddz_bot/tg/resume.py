"""Coming back after a restart.

Every table in play is in the database with its deadline and the ids of its messages:
``resume`` rebuilds each one, re-arms its timer from the stored deadline and edits the same
messages; a finished hand that was not settled yet is settled (idempotently) now, or, if that
fails, tried again by its timer, later each time. A finished table stays stored until its
idle time ends, so its result's Again / Leave work after a restart. A table that fails to
resume is logged and skipped; the others resume.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Mapping

from ..storage import Database, TableRecord
from . import clock
from .closing import Closer
from .ending import Ending
from .hands import HandFlow
from .lobby import LobbyFlow
from .phases import TablePhase
from .presenter import Presenter
from .reach import Reach, sent_after
from .registry import TableRegistry
from .screens import GROUP_SLOT, PANEL_SLOT, lobby_slot
from .table import Table
from .timers import TimerKind, TimerName, Timers

__all__ = ["Resumer"]

log = logging.getLogger(__name__)

#: a clock found with less than this left at a resume starts again (``_restart_lapsed_clock``)
LAPSED_CLOCK_SECONDS = 3.0


class Resumer:
    """Brings the stored tables back (see the module docstring)."""

    def __init__(
        self,
        db: Database,
        registry: TableRegistry,
        presenter: Presenter,
        timers: Timers,
        reach: Reach,
        closer: Closer,
        lobby: LobbyFlow,
        hands: HandFlow,
        ending: Ending,
    ) -> None:
        self.db = db
        self.registry = registry
        self.presenter = presenter
        self.timers = timers
        self.reach = reach
        self.closer = closer
        self.lobby = lobby
        self.hands = hands
        self.ending = ending

    async def resume(self) -> int:
        """Load every table in play (and every finished one still offering another hand)
        from the database, re-arm timers, refresh messages. A table that fails to come back
        is logged and left alone: the others resume."""
        return await self._resume_records(await self.db.load_open_tables(finished=True))

    async def resume_chat(self, chat_id: int) -> int:
        """Load the group's tables (a worker taking the group over from another)."""
        return await self._resume_records(await self.db.load_open_tables(chat_id, finished=True))

    async def _resume_records(self, records: list[TableRecord]) -> int:
        count = 0
        for record in records:
            try:
                table = Table.from_dict(dict(record.state), self.registry.host_of)
            except (ValueError, KeyError, TypeError):
                log.exception("table %s can't be resumed; closing it", record.table_id)
                await self.db.close_table(record.table_id)
                continue
            self.registry.seen_id(table.id)
            self.registry.stored(table.id, record.version)
            try:
                await self.resume_table(table, record.table_message_id, record.panel_message_ids)
            except Exception:
                log.exception("table %s failed to resume", record.table_id)
                if self.registry.holds(table):
                    self.ending.rearm_after_failure(table)  # its timer tries again
                continue
            count += 1
        return count

    async def resume_table(
        self, table: Table, table_message_id: int | None, panel_message_ids: Mapping[int, int]
    ) -> None:
        finished = table.phase == TablePhase.FINISHED
        if finished and not table.event and self.registry.in_chat(table.chat_id) is not None:
            await self.db.close_table(str(table.id))  # the group has a newer table
            return
        self.registry.restore(table)
        for _, seat in table.humans():
            if seat.user_id not in table.unreachable:
                self.reach.dm_ok.add(seat.user_id)
        outbox = self.presenter.outbox
        if table_message_id is not None:
            outbox.bind(table.chat_id, GROUP_SLOT, table_message_id)
        for user, message_id in panel_message_ids.items():
            if user > 0:  # a finished hand's panels too: they show its end
                outbox.bind(user, PANEL_SLOT, message_id)
        for user, mark in panel_message_ids.items():
            after = sent_after(mark)
            if user < 0 and after is not None and -user not in table.unreachable:
                await self._tidy(table, -user, after, panel_message_ids.get(-user))
        async with self.registry.lock(table.id):
            await self.resume_one(table)

    async def _tidy(self, table: Table, user: int, after: int, kept: int | None) -> None:
        """A panel was on its way to ``user`` when the bot stopped, its id never learnt: the
        bot's live messages just after the newest one it knew there go (``Outbox.tidy``);
        the panel it knows stays and shows the table as it is."""
        await self.presenter.outbox.tidy(user, after, keep=kept)
        with contextlib.suppress(ValueError):
            await self.db.set_table_messages(str(table.id), panel_message_ids={-user: 0})

    def _restart_lapsed_clock(self, table: Table) -> None:
        """A decision whose clock ran out, or all but ran out, while no bot held the table
        (stopped, killed, its worker gone before another took over) gets its time again:
        nobody could act meanwhile, so it is not charged to the seat."""
        game, deadline = table.game, table.deadline
        waiting = None if game is None else game.waiting_for()
        if waiting is None or deadline is None:
            return
        now = clock.now()
        if deadline - now < LAPSED_CLOCK_SECONDS:
            table.deadline = now + table.seconds_for(waiting.limit)

    async def resume_one(self, table: Table) -> None:
        """Re-arm one restored table's clock and show it again (the lock is held)."""
        game = table.game
        if table.phase == TablePhase.FINISHED:  # Again / Leave work until the idle time
            if game is not None:
                await self.ending.show_result_again(table)
                for seat, _ in table.humans():  # the hand's end, on each player's panel
                    self.presenter.show_panel(table, seat)
            self.timers.arm(
                TimerName(table.id, TimerKind.IDLE, table.version),
                table.deadline if table.deadline is not None else 0.0,
            )
            return
        if table.phase == TablePhase.LOBBY:
            if table.lobby_message_id is not None:
                self.presenter.outbox.bind(
                    table.chat_id, lobby_slot(table.id), table.lobby_message_id
                )
            self.lobby.resume(table)
            return
        if game is None:
            await self.closer.close(table)
            return
        if game.over:
            await self.ending.settle(table)
            return
        if table.deadline is not None and table.timer_kind is not None:
            self._restart_lapsed_clock(table)
            self.timers.arm(TimerName(table.id, table.timer_kind, table.version), table.deadline)
        self.presenter.show_table(table)
        self.hands.wake(table)  # stopped while its AI seats were to answer: they do now
