"""The table manager: one table per group, one lock per table, every change the same way.

A change (a player's decision, a timer, an AI move) runs under the table's lock:
apply the engine action -> save the table and the action in one transaction -> let the AI
seats and 托管 seats answer -> re-arm the timer from an absolute deadline -> hand what each
chat should show to the outbox. What the tables show is sent in the background (a change never
waits for Telegram; only sitting down waits, once, to learn whether the private chat takes our
messages). A refused action raises ``Refused`` with a message key, and nothing changed; a
change that can't be saved is undone (see ``_undone_unless_saved``).
"""

from __future__ import annotations

import contextlib
import logging
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from ..engine.actions import (
    Action,
    AutoPlay,
    Deal,
    Escape,
    IllegalAction,
    NoDouble,
    Play,
    ShowCards,
    Timeout,
)
from ..engine.cards import Cards
from ..engine.events import Event
from ..engine.game import Game
from ..engine.rules import room_by_key, ruleset_by_name
from ..engine.views import Phase
from ..i18n import t
from ..render import ResultLine
from . import players
from .core import GROUP_SLOT, LOBBY_SLOT, PANEL_SLOT, Person, Refused
from .lobby import Lobby
from .persist import Resume
from .present import game_deciders, group_content, narrate, result_content
from .settle import escape_penalty, settle_hand
from .table import FINISHED, LOBBY, PLAYING, Table
from .timers import TimerName

__all__ = ["GROUP_SLOT", "LOBBY_SLOT", "PANEL_SLOT", "Person", "Refused", "TableManager"]

log = logging.getLogger(__name__)

_MAX_AUTO_STEPS = 400
#: after a failed save, the table's timer tries again no sooner than this (seconds)
_RETRY_SECONDS = 5.0
#: a settlement that keeps failing is tried again ever later, at most this far apart (seconds)
_SETTLE_RETRY_CAP = 300.0

_ILLEGAL_KEYS = {
    "not_your_turn": "not_your_turn",
    "not_in_hand": "dont_hold",
    "not_a_combo": "not_a_combo",
    "does_not_beat": "doesnt_beat",
    "must_lead": "must_lead",
    "empty_play": "nothing_selected",
    "double_not_allowed": "cant_double",
    "game_over": "stale_button",
}


@dataclass(frozen=True, slots=True)
class _Checkpoint:
    """A table as it was before a change began, to go back to if the change can't be saved."""

    state: dict[str, Any]
    selections: dict[int, list[int]]
    hint_cursor: dict[int, int]
    readings: dict[int, Any]
    asked: set[int]


class TableManager(Lobby, Resume):
    """All tables of the bot: the lobby, the hands, time, the end, restarts."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        #: table id -> seats that became the ones to decide since the table was last shown
        #: (their panel is sent anew, which notifies them)
        self._asked: dict[int, set[int]] = {}
        #: table id -> how many times in a row its finished hand failed to settle
        self._settle_failures: dict[int, int] = {}
        #: tables whose group is gone (the bot removed) kept only to settle their hand
        self._gone: set[int] = set()

    # ---- a change that can't be saved is undone --------------------------------------------
    @contextlib.contextmanager
    def _undone_unless_saved(self, table: Table) -> Iterator[None]:
        """A change (the lock is held) whose save fails goes back to what is saved: the
        player is told something went wrong and may try again, the timer runs on, and a
        restart finds the same table. A refusal changes nothing and passes through."""
        checkpoint = _Checkpoint(
            table.to_dict(),
            dict(table.selections),
            dict(table.hint_cursor),
            dict(table.readings),
            set(self._asked.get(table.id, ())),
        )
        self._written.pop(table.id, None)
        try:
            yield
        except (Refused, IllegalAction):
            raise
        except Exception:
            self._roll_back(table, checkpoint)
            raise

    def _roll_back(self, table: Table, checkpoint: _Checkpoint) -> None:
        written = self._written.pop(table.id, None)
        if written is None:  # nothing of the change was written: as if it never happened
            table.restore(checkpoint.state)
            table.selections, table.hint_cursor = checkpoint.selections, checkpoint.hint_cursor
            table.readings = checkpoint.readings
            self._asked[table.id] = checkpoint.asked
        else:  # its first steps were written (a restart finds them): stop there, show them
            table.restore(written)
        self._rearm_after_failure(table)
        if written is not None and table.phase == PLAYING:
            self._present(table)

    def _rearm_after_failure(self, table: Table) -> None:
        """The table's clock after a failure: it runs on, and what failed is tried again,
        not at once (a database that keeps failing must not spin)."""
        game = table.game
        if table.phase == PLAYING and game is not None and game.over:
            # the hand ended but could not be settled: try again, later each time
            self.timers.arm(
                TimerName(table.id, "finish", table.version),
                time.time() + self.settle_retry_delay(table),
            )
        elif table.deadline is not None and table.timer_kind is not None:
            # the clock runs on; a time-out that failed tries again, not at once
            self.timers.arm(
                TimerName(table.id, table.timer_kind, table.version),
                max(table.deadline, time.time() + _RETRY_SECONDS),
            )
        else:
            self.timers.cancel(table.id)

    # ---- a hand -----------------------------------------------------------------------
    async def _start(self, table: Table) -> None:
        """Deal a hand (the lock is held). If it can't be saved, the lobby stays open."""
        try:
            with self._undone_unless_saved(table):
                await self._deal(table)
        except Exception:
            if table.phase == LOBBY:
                self._show_lobby(table)
            raise

    async def _deal(self, table: Table) -> None:
        token = table.new_hand_token()
        rules = ruleset_by_name(table.rules)
        room = room_by_key(table.room)
        balances = []
        for seat in table.seats:
            # people were registered when they sat down; AI seats the first time they play
            player = await self.db.get_player(seat.user_id) or await self.db.ensure_player(
                seat.user_id, seat.name, is_ai=seat.is_ai
            )
            beans = player.beans
            if seat.is_ai and beans < max(room.min_beans, room.double_threshold // 2):
                top_up = max(room.min_beans, room.double_threshold) * 2 - beans
                outcome = await self.db.adjust_beans(
                    seat.user_id, top_up, key=f"ai:{table.id}:{table.hand_no + 1}:{token}"
                )
                beans = outcome.balance
            balances.append(beans)
        table.hand_no += 1
        table.phase = PLAYING
        table.game = Game(rules, room, balances, rng=self.rng)
        table.version += 1
        table.hand_version = table.version
        table.selections.clear()
        table.hint_cursor.clear()
        table.readings.clear()
        table.narration = ""
        table.invited.clear()  # dealt: nobody is waited for any more
        self._show_lobby(table, closed_text=t(table.lang, "started"))
        events: list[Event] = []
        for index, seat in enumerate(table.seats):
            if seat.show_start:
                events += await self._apply(table, ShowCards(index))
        events += await self._apply(table, Deal())
        if self.settings.deal_window <= 0:
            events += await self._apply(table, Deal())
            events += await self._apply(table, Deal())
        await self._after(table, events, new_messages=True)

    async def _apply(self, table: Table, action: Action) -> list[Event]:
        """Apply and save one action (the lock is held). ``IllegalAction`` changes nothing."""
        events = self._accept(table, action)
        await self._save(table, action)
        return events

    def _accept(self, table: Table, action: Action) -> list[Event]:
        """Apply one action to the hand (not saved yet).

        Whoever stops being asked loses what they had half-chosen (a wildcard reading, a
        selection of cards): a time-out, an AI or 托管 move may have ended their turn. Whoever
        starts being asked is remembered, to be notified. While doubling, everyone answers
        against the clock set when the doubling began.
        """
        game = table.game
        assert game is not None
        deciders_before = game_deciders(table)
        asked_before = self._waiting_on(table)
        phase_before = game.phase
        events = game.apply(action)
        table.bump()
        self.accepted_moves += 1
        line = narrate(table, events, table.lang)
        if line:
            table.narration = line
        deciders = game_deciders(table)
        for seat in deciders_before - deciders:
            table.selections.pop(seat, None)
            table.hint_cursor.pop(seat, None)
        for seat in list(table.readings):
            if seat not in deciders or game.phase is not Phase.PLAYING:
                del table.readings[seat]
        newly = self._waiting_on(table)
        if game.phase is phase_before:
            newly -= asked_before  # a new phase asks a new question, of everyone it asks
        if newly:
            self._asked.setdefault(table.id, set()).update(newly)
        if not (phase_before is game.phase is Phase.DOUBLING and table.deadline is not None):
            self._set_deadline(table)
        return events

    @staticmethod
    def _waiting_on(table: Table) -> set[int]:
        """People (not AI seats, not on 托管) whose decision the table waits for."""
        game = table.game
        if game is None:
            return set()
        return {
            seat
            for seat in game_deciders(table)
            if not table.seats[seat].is_ai and not game.auto[seat]
        }

    async def _auto_steps(self, table: Table) -> list[Event]:
        """Let AI seats and 托管 seats answer until a person must decide."""
        game = table.game
        assert game is not None
        events: list[Event] = []
        saves = []
        for _ in range(_MAX_AUTO_STEPS):
            if game.over or game.phase in (Phase.SHOW_START, Phase.DEALING):
                break
            automatic = [
                s for s in sorted(game_deciders(table)) if table.seats[s].is_ai or game.auto[s]
            ]
            if not automatic:
                break
            action = players.decide(game, automatic[0])
            events += self._accept(table, action)
            saves.append(self._snapshot(table, action))
        await self._write(table, saves)  # in order; one that fails stops the rest
        return events

    async def _after(
        self, table: Table, events: list[Event], *, new_messages: bool = False
    ) -> None:
        """After accepted actions: AI answers, settlement, timer, pictures."""
        game = table.game
        assert game is not None
        events = events + await self._auto_steps(table)
        if game.over:
            await self._settle(table)
            return
        self._arm(table)
        self._present(table, new_messages=new_messages)

    def _set_deadline(self, table: Table) -> None:
        """The absolute deadline of the decision the table now waits for (saved with it)."""
        game = table.game
        assert game is not None
        if game.over:
            table.deadline, table.timer_kind = None, None
            return
        if game.phase in (Phase.SHOW_START, Phase.DEALING):
            kind, seconds = "deal", self.settings.deal_window
        elif game.phase is Phase.DOUBLING:
            kind, seconds = "double", table.double_seconds
        elif game.phase is Phase.PLAYING:
            kind, seconds = "play", table.play_seconds
        else:
            kind, seconds = "bid", table.bid_seconds
        table.deadline = time.time() + seconds
        table.timer_kind = kind

    def _arm(self, table: Table) -> None:
        if table.deadline is None or table.timer_kind is None:
            self.timers.cancel(table.id)
            return
        self.timers.arm(TimerName(table.id, table.timer_kind, table.version), table.deadline)

    def _present(self, table: Table, *, new_messages: bool = False) -> None:
        """Show the table in the group and each panel; a person who now has to decide gets
        their panel as a new message (the old one deleted): an edit notifies nobody."""
        game = table.game
        if game is None:
            return
        asked = self._asked.pop(table.id, set()) & self._waiting_on(table)
        self.outbox.show(
            table.chat_id,
            GROUP_SLOT,
            group_content(table, self.keyboards),
            new_message=new_messages,
        )
        for seat, _ in table.humans():
            self._show_panel(table, seat, new_message=new_messages, replace=seat in asked)

    def refresh_panel(self, table: Table, seat: int, *, repost: bool = False) -> None:
        """Show a player's panel as it is now; ``repost``: as a new message at the bottom of
        their chat (the old one deleted), e.g. when they ask for it."""
        self._show_panel(table, seat, replace=repost)

    def set_language(self, user_id: int, lang: str) -> None:
        """A person chose a language: the table they sit at speaks it to them from now on
        (their panel at once)."""
        table = self.table_of(user_id)
        seat = None if table is None else table.seat_of(user_id)
        if table is None or seat is None:
            return
        table.seats[seat].lang = lang
        if table.in_hand():
            self.refresh_panel(table, seat)

    async def decide(self, table: Table, user_id: int, version: int | None, make: Any) -> None:
        """A player's decision: ``make(game, seat)`` returns the engine action.

        ``version`` (from a button) must be the table's current one; typed text passes None.
        """
        async with table.lock:
            game = table.game
            seat = table.seat_of(user_id)
            if seat is None:
                raise Refused("not_seated")
            if game is None or game.over or table.phase != PLAYING:
                raise Refused("stale_button")
            if version is not None and version != table.version:
                raise Refused("stale_button")
            action = make(game, seat)
            with self._undone_unless_saved(table):
                try:
                    events = await self._apply(table, action)
                except IllegalAction as error:
                    raise self._refusal(error, game, action) from None
                table.selections.pop(seat, None)
                table.hint_cursor.pop(seat, None)
                table.readings.pop(seat, None)
                await self._after(table, events)

    @staticmethod
    def _refusal(error: IllegalAction, game: Game, action: Action) -> Refused:
        """The engine's refusal as the player reads it: its ``code`` picks the message, the
        refused play (not the error's English text) fills it."""
        key = _ILLEGAL_KEYS.get(error.code, "illegal")
        if not isinstance(action, Play):
            return Refused(key)
        if key == "dont_hold":
            held = game.hand(action.seat).counts()
            wanted = action.cards.counts()
            missing = Cards.from_counts([max(0, w - h) for w, h in zip(wanted, held, strict=True)])
            return Refused(key, cards=missing or action.cards)
        if key == "not_a_combo":
            return Refused(key, cards=action.cards)
        if key == "doesnt_beat":
            return Refused(
                key, cards=action.cards, table=game.to_beat.cards if game.to_beat else Cards()
            )
        return Refused(key)

    async def play_cards(
        self, table: Table, user_id: int, cards: Cards, version: int | None, reading: Any = None
    ) -> bool:
        """Play ``cards``. From the buttons (``version`` given) with several wildcard
        readings and none chosen, ask which one (returns False: the keyboard now offers the
        readings, R-LZ-CHOICE); typed plays choose their reading before (R-AMBIG)."""
        game = table.game
        if game is not None and reading is None and version is not None:
            seat = table.seat_of(user_id)
            if seat is not None and game.turn == seat:
                options = game.readings(cards)
                if len(options) > 1:
                    table.readings[seat] = (cards, options)
                    self.refresh_panel(table, seat)
                    return False
        await self.decide(table, user_id, version, lambda g, s: Play(s, cards, reading))
        return True

    async def take_back(self, table: Table, user_id: int) -> None:
        async with table.lock:
            seat = table.seat_of(user_id)
            game = table.game
            if seat is None or game is None or game.over or not game.auto[seat]:
                raise Refused("stale_button")  # pressed twice, or the hand moved on
            with self._undone_unless_saved(table):
                events = await self._apply(table, AutoPlay(seat, False))
                await self._after(table, events)

    async def escape(self, table: Table, user_id: int) -> None:
        async with table.lock:
            seat = table.seat_of(user_id)
            game = table.game
            if seat is None or game is None or game.over or table.phase != PLAYING:
                raise Refused("stale_button")
            with self._undone_unless_saved(table):
                events = await self._apply(table, Escape(seat))
                await self._after(table, events)

    def escape_cost(self, table: Table, user_id: int) -> int:
        seat = table.seat_of(user_id)
        if seat is None or table.game is None:
            return 0
        return escape_penalty(table.game, seat)

    # ---- time -------------------------------------------------------------------------
    async def _fire(self, name: TimerName) -> None:
        table = self.tables.get(name.table)
        if table is None:
            return
        try:
            async with table.lock:
                if table.version != name.version:
                    return  # the table moved on: a stale timer
                with self._undone_unless_saved(table):  # re-armed if it fails
                    await self._timed_out(table, name.kind)
        except Exception:
            log.exception("timer %s failed", name)

    async def _timed_out(self, table: Table, kind: str) -> None:
        if kind == "lobby":
            if table.phase == LOBBY:
                self._show_lobby(table, closed_text=t(table.lang, "lobby_closed"))
                await self._close(table)
            return
        if kind == "idle":
            if table.phase == FINISHED:
                await self._close(table)
            return
        game = table.game
        if game is not None and game.over and table.phase == PLAYING:
            await self._settle(table)  # a settlement that failed, tried again
            return
        if game is None or game.over:
            return
        events: list[Event] = []
        if kind == "deal":
            events += await self._apply(table, Deal())
        elif game.phase is Phase.DOUBLING:
            for seat in sorted(game_deciders(table)):
                events += await self._apply(table, NoDouble(seat))
        else:
            for seat in sorted(game_deciders(table)):
                events += await self._apply(table, Timeout(seat))
        await self._after(table, events)

    async def fire_timer(self, table: Table) -> bool:
        """Run the table's pending timer now (tests and the benchmark)."""
        return await self.timers.fire_now(table.id)

    # ---- the end ----------------------------------------------------------------------
    @staticmethod
    def owes_settlement(table: Table) -> bool:
        """The hand is over (its last move saved) but its beans are not settled yet."""
        return table.phase == PLAYING and table.game is not None and table.game.over

    def settle_retry_delay(self, table: Table) -> float:
        """How long a hand that failed to settle waits before it is tried again: doubling
        with each failure in a row, up to ``_SETTLE_RETRY_CAP``."""
        failures = max(1, self._settle_failures.get(table.id, 1))
        return min(_RETRY_SECONDS * 2.0 ** min(failures - 1, 32), _SETTLE_RETRY_CAP)

    async def _settle(self, table: Table) -> list[str] | None:
        """Settle the over hand (the lock is held) the one way every ending takes (a last
        play, an escape, a time-out's move, a retry, a restart, /stop, the bot removed);
        returns the result's text. If it fails: None, the table stays as stored (over, not
        settled), the group is told once that the result will follow, and the timer tries
        again later. A table whose group is gone is closed once settled."""
        before = table.to_dict()
        try:
            text = await self._conclude(table)
        except Exception:
            table.restore(before)  # as stored: the hand over, not settled
            self._settlement_failed(table)
            if table.id not in self._gone:
                self._present(table)
            return None
        if self._settle_failures.pop(table.id, None):
            log.info("table %s: hand %s settled", table.id, table.hand_id)
        if table.id in self._gone:
            self._gone.discard(table.id)
            await self._close(table)
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
                self.outbox.post(table.chat_id, t(table.lang, "result_pending"))
        else:
            log.warning(
                "table %s: hand %s still not settled (%d tries); next in %.0f s",
                table.id,
                table.hand_id,
                failures,
                delay,
            )
        self._rearm_after_failure(table)

    async def _finish(self, table: Table) -> None:
        """Settle the over hand, or arrange to try again (see ``_settle``)."""
        await self._settle(table)

    async def _conclude(self, table: Table) -> list[str]:
        """Settle a finished hand (idempotent) and show the result; returns its text. The
        result keeps its Again / Leave buttons for a while (saved: a restart keeps them
        working), then the table is closed and forgotten."""
        game = table.game
        assert game is not None
        self.timers.cancel(table.id)
        self._asked.pop(table.id, None)
        text, pictures = await self._result(table, game)
        table.phase = FINISHED
        table.bump()
        table.deadline = time.time() + self.settings.lobby_timeout
        table.timer_kind = "idle"
        await self._save(table)
        if table.id not in self._gone:
            self.outbox.show(
                table.chat_id, GROUP_SLOT, result_content(table, self.keyboards, text, pictures)
            )
        for seat, _ in table.humans():
            self._show_panel(table, seat)
        for _, person in table.humans():
            if self.by_user.get(person.user_id) == table.id:
                del self.by_user[person.user_id]
        self._arm(table)
        return text

    async def _result(
        self,
        table: Table,
        game: Game,
    ) -> tuple[list[str], list[ResultLine] | None]:
        """The hand's settlement (applied now, or found applied) as the result shows it."""
        outcome = game.outcome()
        if outcome is None or outcome.aborted:
            return [t(table.lang, "result_aborted")], None
        settled = await settle_hand(self.db, table, game)
        return settled.text, settled.pictures

    async def _show_result(self, table: Table) -> None:
        """Show a finished table's result again (after a restart), its buttons live."""
        assert table.game is not None
        text, pictures = await self._result(table, table.game)
        self.outbox.show(
            table.chat_id, GROUP_SLOT, result_content(table, self.keyboards, text, pictures)
        )

    async def stop(self, table: Table) -> bool:
        """End a table without moving beans (an admin's /stop). A hand that is over but not
        settled yet is settled first (its winners are owed): the result is shown, then the
        table closes. If it can't be settled now, the group is told the result is on its way
        (/stop again shortly), the table stays and its timer keeps trying: returns False."""
        async with table.lock:
            if self.owes_settlement(table):
                text = await self._settle(table)
                if text is None:
                    self.outbox.post(table.chat_id, t(table.lang, "stop_settling"))
                    return False
                self.outbox.retire(table.chat_id, GROUP_SLOT, "\n".join(text))
                await self._close(table)
                return True
            self.timers.cancel(table.id)
            self._asked.pop(table.id, None)
            if table.phase == LOBBY:
                self._show_lobby(table, closed_text=t(table.lang, "stopped"))
            elif table.phase == PLAYING:
                if not self.outbox.retire(table.chat_id, GROUP_SLOT, t(table.lang, "stopped")):
                    self.outbox.post(table.chat_id, t(table.lang, "stopped"))
                self._close_panels(table, "stopped")
            await self._close(table)
            return True

    async def group_gone(self, chat_id: int) -> None:
        """The bot was removed from the group: close its table, no beans move; the players
        read it in their private chats (the group can't be written to any more). A hand
        that is over but not settled is settled first (that needs no group): if that fails
        the table stays stored, its timer trying again, and closes once settled."""
        table = self.table_in(chat_id)
        if table is None:
            return
        async with table.lock:
            self._asked.pop(table.id, None)
            self.outbox.drop(chat_id, GROUP_SLOT)
            self.outbox.drop(chat_id, f"{LOBBY_SLOT}{table.id}")
            if self.owes_settlement(table):
                self._gone.add(table.id)
                await self._settle(table)  # closes it once settled
                return
            self.timers.cancel(table.id)
            if table.phase == PLAYING:
                self._close_panels(table, "closed_removed")
            await self._close(table)

    def _close_panels(self, table: Table, reason_key: str) -> None:
        """Each player's panel says the table closed and why (no buttons); someone who had
        no panel to show it on gets it as a message (once: never the same words twice)."""
        for _, person in table.humans():
            if person.user_id in table.unreachable:
                continue
            text = (
                t(person.lang, "panel_table", group=table.title)
                + "\n"
                + t(person.lang, reason_key, group=table.title)
            )
            if not self.outbox.retire(person.user_id, PANEL_SLOT, text):
                self.outbox.post(person.user_id, text)
