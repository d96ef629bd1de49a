"""The end of a hand and of a table: settlement, the result, /stop, the bot removed.

A hand that is over is settled the one way every ending takes (a last play, an escape, a
time-out's move, a retry, a restart, /stop, the bot removed): storage applies the settlement
once (keyed by the hand's id), then the finished table is committed and published. If that
fails, the table stays as stored (over, not settled), the group is told once that the result
will follow, and the timer tries again, later each time.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

from ddz_bot.games import GAMES
from ddz_bot.kernel import Termination
from ddz_bot.render import ResultLine

from ..config import Settings
from ..i18n import t
from ..storage import Database
from . import clock
from .closing import Closer
from .phases import TablePhase
from .presenter import Presenter
from .registry import TableRegistry
from .screens import GROUP_SLOT, lobby_slot
from .table import Table
from .timers import TimerKind, TimerName, Timers

__all__ = ["RETRY_SECONDS", "Ending"]

log = logging.getLogger(__name__)

#: after a failed save, the table's timer tries again no sooner than this (seconds)
RETRY_SECONDS = 5.0
#: a settlement that keeps failing is tried again ever later, at most this far apart (seconds)
_SETTLE_RETRY_CAP = 300.0


class Ending:
    """Settling hands and closing tables (see the module docstring)."""

    def __init__(
        self,
        settings: Settings,
        db: Database,
        registry: TableRegistry,
        presenter: Presenter,
        timers: Timers,
        closer: Closer,
    ) -> None:
        self.settings = settings
        self.db = db
        self.registry = registry
        self.presenter = presenter
        self.timers = timers
        self.closer = closer
        #: table id -> how many times in a row its finished hand failed to settle
        self._settle_failures: dict[int, int] = {}
        #: tables whose group is gone (the bot removed) kept only to settle their hand
        self._gone: set[int] = set()
        #: told when a tournament's hand is settled (``tournament.py``; the lock is held)
        self.event_over: Callable[[Table], Awaitable[None]] | None = None

    # ---- after a failure ------------------------------------------------------------------
    def rearm_after_failure(self, table: Table) -> None:
        """The table's clock after a failure: it runs on, and what failed is tried again,
        not at once (a database that keeps failing must not spin)."""
        if table.owes_settlement():
            # the hand ended but could not be settled: try again, later each time
            self.timers.arm(
                TimerName(table.id, TimerKind.FINISH, table.version),
                clock.now() + self.settle_retry_delay(table),
            )
        elif table.deadline is not None and table.timer_kind is not None:
            # the clock runs on; a time-out that failed tries again, not at once
            self.timers.arm(
                TimerName(table.id, table.timer_kind, table.version),
                max(table.deadline, clock.now() + RETRY_SECONDS),
            )
        else:
            self.timers.cancel(table.id)

    def settle_retry_delay(self, table: Table) -> float:
        """How long a hand that failed to settle waits before it is tried again: doubling
        with each failure in a row, up to ``_SETTLE_RETRY_CAP``."""
        failures = max(1, self._settle_failures.get(table.id, 1))
        return min(RETRY_SECONDS * 2.0 ** min(failures - 1, 32), _SETTLE_RETRY_CAP)

    # ---- settling -------------------------------------------------------------------------
    async def settle(self, table: Table) -> list[str] | None:
        """Settle the over hand (the lock is held); returns the result's text, or None if it
        failed (see the module docstring). A table whose group is gone is closed once
        settled."""
        try:
            text = await self._conclude(table)
        except Exception:
            self._settlement_failed(table)
            if table.id not in self._gone:
                self.presenter.show_table(table)
            return None
        if self._settle_failures.pop(table.id, None):
            log.info("table %s: hand %s settled", table.id, table.hand_id)
        if table.id in self._gone:
            self._gone.discard(table.id)
            await self.closer.close(table)
        return text

    def _settlement_failed(self, table: Table) -> None:
        """Log the first failure in full and later ones in a line; tell the group once."""
        failures = self._settle_failures.get(table.id, 0) + 1
        self._settle_failures[table.id] = failures
        delay = self.settle_retry_delay(table)
        if failures == 1:
            log.exception(
                "table %s: hand %s could not be settled; trying again in %.0f s",
                table.id,
                table.hand_id,
                delay,
            )
            if table.id not in self._gone:
                self.presenter.post(table.chat_id, t(table.lang, "result_pending"))
        else:
            log.warning(
                "table %s: hand %s still not settled (%d tries); next in %.0f s",
                table.id,
                table.hand_id,
                failures,
                delay,
            )
        self.rearm_after_failure(table)

    async def _conclude(self, table: Table) -> list[str]:
        """Settle a finished hand (idempotent), commit the finished table and show the
        result; returns its text. The result keeps its Again / Leave buttons for a while
        (saved: a restart keeps them working), then the table is closed and forgotten."""
        self.timers.cancel(table.id)
        text, pictures = await self.result(table)
        draft = table.draft()
        draft.settled = tuple(pictures or ())
        draft.move_to(TablePhase.FINISHED)
        draft.bump()
        draft.deadline = clock.now() + self.settings.lobby_timeout
        draft.timer_kind = TimerKind.IDLE
        await self.registry.commit(table, draft)
        self.presenter.panels.forget(table.id)
        if table.id not in self._gone:
            self.presenter.show_result(table, text, pictures)
        for seat, _ in table.humans():
            self.presenter.show_panel(table, seat)
        self.arm(table)
        await self.after_event(table)
        return text

    async def after_event(self, table: Table) -> None:
        """A tournament's settled hand goes on to the tournament (its next hand, round or
        end); a failure there is the tournament's (it resumes from storage), never this
        settlement's."""
        if not table.event or self.event_over is None:
            return
        try:
            await self.event_over(table)
        except Exception:
            log.exception("table %s: the tournament's next step failed", table.id)

    def arm(self, table: Table) -> None:
        if table.deadline is None or table.timer_kind is None:
            self.timers.cancel(table.id)
            return
        self.timers.arm(TimerName(table.id, table.timer_kind, table.version), table.deadline)

    async def result(self, table: Table) -> tuple[list[str], list[ResultLine] | None]:
        """The hand's settlement (applied now, or found applied) as the result shows it."""
        game = table.game
        assert game is not None
        outcome = game.outcome()  # the protocol's outcome: any game's, with its termination
        if outcome is None or outcome.termination is Termination.ABORTED:
            return [t(table.lang, "result_aborted")], None
        settle = GAMES.for_rules(table.rules).settle
        settled = await settle(self.db, table, game)
        return settled.text, settled.pictures

    async def show_result_again(self, table: Table) -> None:
        """Show a finished table's result again (after a restart), its buttons live. A table
        saved finished before tables kept their settlement's lines keeps them now."""
        text, pictures = await self.result(table)
        if pictures and not table.settled:
            draft = table.draft()
            draft.settled = tuple(pictures)
            try:
                await self.registry.commit(table, draft)
            except Exception:  # the result shows all the same; its panels without beans
                log.warning("table %s: its settlement's lines were not saved", table.id)
        self.presenter.show_result(table, text, pictures)

    # ---- closing --------------------------------------------------------------------------
    async def idle_over(self, table: Table) -> None:
        """A finished table's Again / Leave time is up (the lock is held)."""
        if table.phase == TablePhase.FINISHED:
            await self.closer.close(table)

    async def stop(self, table: Table) -> bool:
        """End a table without moving beans (an admin's /stop). A hand that is over but not
        settled yet is settled first (its winners are owed): the result is shown, then the
        table closes. If it can't be settled now, the group is told the result is on its way
        (/stop again shortly), the table stays and its timer keeps trying: returns False."""
        outbox = self.presenter.outbox
        async with self.registry.lock(table.id):
            if not self.registry.holds(table):
                return True
            if table.owes_settlement():
                text = await self.settle(table)
                if text is None:
                    self.presenter.post(table.chat_id, t(table.lang, "stop_settling"))
                    return False
                outbox.retire(table.chat_id, GROUP_SLOT, "\n".join(text))
                await self.closer.close(table)
                return True
            self.timers.cancel(table.id)
            self.presenter.panels.forget(table.id)
            if table.phase == TablePhase.LOBBY:
                self.presenter.show_lobby(table, closed_text=t(table.lang, "stopped"))
            elif table.phase == TablePhase.PLAYING:
                if not outbox.retire(table.chat_id, GROUP_SLOT, t(table.lang, "stopped")):
                    self.presenter.post(table.chat_id, t(table.lang, "stopped"))
                self.presenter.close_panels(table, "stopped")
            await self.closer.close(table)
            return True

    async def group_gone(self, chat_id: int) -> None:
        """The bot was removed from the group: close its table, no beans move; the players
        read it in their private chats (the group can't be written to any more). A hand
        that is over but not settled is settled first (that needs no group): if that fails
        the table stays stored, its timer trying again, and closes once settled."""
        table = self.registry.in_chat(chat_id)
        if table is None:
            return
        outbox = self.presenter.outbox
        async with self.registry.lock(table.id):
            if not self.registry.holds(table):
                return
            self.presenter.panels.forget(table.id)
            outbox.drop(chat_id, GROUP_SLOT)
            outbox.drop(chat_id, lobby_slot(table.id))
            if table.owes_settlement():
                self._gone.add(table.id)
                await self.settle(table)  # closes it once settled
                return
            self.timers.cancel(table.id)
            if table.phase == TablePhase.PLAYING:
                self.presenter.close_panels(table, "closed_removed")
            await self.closer.close(table)
