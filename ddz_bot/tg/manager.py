"""The table manager: one table per group, one lock per table, every change the same way.

A change (a player's decision, a timer, an AI move) runs under the table's lock:
apply the engine action -> save the table and the action in one transaction -> let the AI
seats and 托管 seats answer -> re-arm the timer from an absolute deadline -> hand what each
chat should show to the outbox. Handlers never wait for Telegram; a refused action raises
``Refused`` with a message key, and nothing changed.
"""

from __future__ import annotations

import contextlib
import logging
import random
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from telegram import Bot
from telegram.error import Forbidden

from ..config import Settings
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
from ..storage import Database, GroupSettings
from . import players
from .keyboards import Keyboards
from .outbox import Content, Outbox
from .present import (
    game_deciders,
    group_content,
    lobby_content,
    narrate,
    panel_content,
    result_content,
)
from .settle import escape_penalty, settle_hand
from .table import AI_BASE_ID, FINISHED, LOBBY, PLAYING, Seat, Table
from .timers import TimerName, Timers

__all__ = ["Person", "Refused", "TableManager"]

log = logging.getLogger(__name__)

GROUP_SLOT = "table"
LOBBY_SLOT = "lobby"
PANEL_SLOT = "panel"
_MAX_AUTO_STEPS = 400


class Refused(ValueError):
    """An action refused with a reason the player reads (an i18n key and its values)."""

    def __init__(self, key: str, **values: object) -> None:
        super().__init__(key)
        self.key = key
        self.values = values

    def text(self, lang: str) -> str:
        return t(lang, self.key, **self.values)


@dataclass(frozen=True, slots=True)
class Person:
    """A Telegram user as the tables need them."""

    id: int
    name: str
    lang: str


_ILLEGAL_KEYS = {"not_your_turn": "not_your_turn", "not_in_hand": "dont_hold",
                 "not_a_combo": "not_a_combo", "does_not_beat": "doesnt_beat",
                 "must_lead": "must_lead", "empty_play": "nothing_selected",
                 "double_not_allowed": "cant_double", "game_over": "stale_button"}


class TableManager:
    """All tables of the bot (see the module docstring)."""

    def __init__(self, settings: Settings, db: Database, bot: Bot, keyboards: Keyboards,
                 job_queue: Any, bot_username: str = "") -> None:
        self.settings = settings
        self.db = db
        self.bot = bot
        self.keyboards = keyboards
        self.bot_username = bot_username
        self.outbox = Outbox(bot, group_interval=settings.group_interval,
                             on_forbidden=self._forbidden, on_sent=self._sent)
        self.timers = Timers(job_queue, self._fire)
        self.tables: dict[int, Table] = {}
        self.by_chat: dict[int, int] = {}
        self.by_user: dict[int, int] = {}
        self.dm_ok: set[int] = set()
        self.accepted_moves = 0
        #: the deal's random source; None: a secure one (R-RNG). Tests set a seeded one.
        self.rng: random.Random | None = None
        self._next_id = int(time.time() * 1000) % 10**12

    # ---- look-ups ---------------------------------------------------------------------
    def table_in(self, chat_id: int) -> Table | None:
        table_id = self.by_chat.get(chat_id)
        return None if table_id is None else self.tables.get(table_id)

    def table_of(self, user_id: int) -> Table | None:
        table_id = self.by_user.get(user_id)
        return None if table_id is None else self.tables.get(table_id)

    def get(self, table_id: int) -> Table | None:
        return self.tables.get(table_id)

    def deep_link(self, table: Table) -> str:
        return f"https://t.me/{self.bot_username}?start=j{table.id:x}"

    def _new_id(self) -> int:
        self._next_id += 1
        return self._next_id

    # ---- lobby ------------------------------------------------------------------------
    async def new_table(self, chat_id: int, title: str, creator: Person,
                        rules: str | None = None) -> Table:
        existing = self.table_in(chat_id)
        if existing is not None and existing.phase != FINISHED:
            raise Refused("table_exists")
        if existing is not None:
            self._forget(existing)
        group = await self._group(chat_id, title)
        name = rules or ("points" if group.bidding.value == "points" else
                         "wildcard" if group.wildcard else "classic")
        table = Table(id=self._new_id(), chat_id=chat_id, title=title or str(chat_id),
                      lang=group.language, rules=name, room=group.room,
                      bid_seconds=self._seconds(group.bid_seconds, self.settings.bid_timeout),
                      double_seconds=self._seconds(group.double_seconds,
                                                   self.settings.double_timeout),
                      play_seconds=self._seconds(group.play_seconds, self.settings.play_timeout))
        self.tables[table.id] = table
        self.by_chat[chat_id] = table.id
        async with table.lock:
            try:
                await self._join_checks(table, creator)
            except Refused:
                self._forget(table)  # the one who opens a table must be able to sit at it
                raise
            await self._save(table)
            self._show_lobby(table)
            self._arm_lobby(table)
        return table

    def _seconds(self, group_value: int, setting: float) -> float:
        """The group's time-out, unless the bot runs with shorter ones (tests, demos)."""
        return min(float(group_value), setting) if setting < 5 else float(group_value)

    async def _group(self, chat_id: int, title: str) -> GroupSettings:
        group = await self.db.get_group(chat_id)
        if group is None:
            group = await self.db.ensure_group(chat_id, title,
                                               defaults=self.group_defaults(chat_id))
        return group

    def group_defaults(self, chat_id: int) -> GroupSettings:
        settings = self.settings

        def seconds(value: float) -> int:
            return min(600, max(5, round(value)))

        return GroupSettings(chat_id, language=settings.lang,
                             bid_seconds=seconds(settings.bid_timeout),
                             double_seconds=seconds(settings.double_timeout),
                             play_seconds=seconds(settings.play_timeout))

    async def join(self, table: Table, person: Person) -> None:
        async with table.lock:
            if table.phase != LOBBY:
                raise Refused("join_expired")
            await self._join_checks(table, person)
            self._arm_lobby(table)  # activity: the idle clock starts again
            await self._save(table)
            self._show_lobby(table)
            if table.full:
                await self._start(table)

    async def _join_checks(self, table: Table, person: Person) -> None:
        if table.seat_of(person.id) is not None:
            raise Refused("already_seated")
        if table.full:
            raise Refused("table_full")
        other = self.table_of(person.id)
        if other is not None and other.id != table.id and other.phase != FINISHED:
            raise Refused("seated_elsewhere")
        player = await self.db.ensure_player(person.id, person.name)
        room = room_by_key(table.room)
        if player.beans < room.min_beans:
            raise Refused("not_enough_beans", min_beans=room.min_beans, beans=player.beans)
        if person.id not in self.dm_ok:
            try:
                await self.bot.send_message(person.id, t(person.lang, "dm_join_done",
                                                         group=table.title))
            except Forbidden:
                raise Refused("need_dm") from None
            self.dm_ok.add(person.id)
        table.seats.append(Seat(person.id, person.name, lang=person.lang))
        self.by_user[person.id] = table.id

    async def leave_lobby(self, table: Table, person: Person) -> None:
        async with table.lock:
            seat = table.seat_of(person.id)
            if seat is None:
                raise Refused("not_seated")
            if table.phase == PLAYING:
                raise Refused("illegal")
            del table.seats[seat]
            if self.by_user.get(person.id) == table.id:
                del self.by_user[person.id]
            if table.phase == FINISHED:
                return
            self._arm_lobby(table)
            await self._save(table)
            self._show_lobby(table)

    async def add_ai(self, table: Table) -> None:
        async with table.lock:
            if table.phase != LOBBY:
                raise Refused("join_expired")
            if table.full:
                raise Refused("table_full")
            self._add_ai_seat(table)
            self._arm_lobby(table)
            await self._save(table)
            self._show_lobby(table)
            if table.full and any(not s.is_ai for s in table.seats):
                await self._start(table)

    def _add_ai_seat(self, table: Table) -> None:
        used = {s.user_id for s in table.seats}
        n = 1
        while AI_BASE_ID - n in used:
            n += 1
        table.seats.append(Seat(AI_BASE_ID - n, t(table.lang, "ai_name", n=n), is_ai=True,
                                lang=table.lang))

    async def start(self, table: Table, person: Person, *, show: bool = False) -> None:
        async with table.lock:
            if table.phase != LOBBY:
                raise Refused("join_expired")
            seat = table.seat_of(person.id)
            if seat is None:
                raise Refused("not_seated")
            if show:
                table.seats[seat].show_start = True
            while not table.full:
                self._add_ai_seat(table)
            await self._start(table)

    async def again(self, table: Table, person: Person) -> Table:
        """A new lobby in the same group with the same seats."""
        if table.phase != FINISHED:
            raise Refused("stale_button")
        if table.seat_of(person.id) is None:
            raise Refused("not_seated")
        seats = [Seat(s.user_id, s.name, s.is_ai, s.lang) for s in table.seats]
        self._forget(table)
        fresh = await self.new_table(table.chat_id, table.title, person, table.rules)
        async with fresh.lock:
            for seat in seats:
                if seat.user_id != person.id and not fresh.full:
                    if not seat.is_ai and self.table_of(seat.user_id) not in (None, fresh):
                        continue
                    fresh.seats.append(seat)
                    if not seat.is_ai:
                        self.by_user[seat.user_id] = fresh.id
            await self._save(fresh)
            self._show_lobby(fresh)
        return fresh

    def _show_lobby(self, table: Table, closed_text: str | None = None) -> None:
        self.outbox.show(table.chat_id, f"{LOBBY_SLOT}{table.id}",
                         lobby_content(table, self.keyboards, closed_text=closed_text))

    def _arm_lobby(self, table: Table, *, keep_deadline: bool = False) -> None:
        if not keep_deadline or table.deadline is None:
            table.deadline = time.time() + self.settings.lobby_timeout
        table.timer_kind = "lobby"
        self.timers.arm(TimerName(table.id, "lobby", table.version), table.deadline)

    # ---- a hand -----------------------------------------------------------------------
    async def _start(self, table: Table) -> None:
        """Deal a hand (the lock is held)."""
        rules = ruleset_by_name(table.rules)
        room = room_by_key(table.room)
        balances = []
        for seat in table.seats:
            player = await self.db.ensure_player(seat.user_id, seat.name, is_ai=seat.is_ai)
            beans = player.beans
            if seat.is_ai and beans < max(room.min_beans, room.double_threshold // 2):
                top_up = max(room.min_beans, room.double_threshold) * 2 - beans
                outcome = await self.db.adjust_beans(seat.user_id, top_up,
                                                     key=f"ai:{table.id}:{table.hand_no + 1}")
                beans = outcome.balance
            balances.append(beans)
        table.hand_no += 1
        table.phase = PLAYING
        table.settled = False
        table.game = Game(rules, room, balances, rng=self.rng)
        table.version += 1
        table.hand_version = table.version
        table.selections.clear()
        table.hint_cursor.clear()
        table.readings.clear()
        table.narration = ""
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
        game = table.game
        assert game is not None
        events = game.apply(action)
        table.bump()
        self.accepted_moves += 1
        line = narrate(table, events, table.lang)
        if line:
            table.narration = line
        self._set_deadline(table)
        await self._save(table, action)
        return events

    async def _auto_steps(self, table: Table) -> list[Event]:
        """Let AI seats and 托管 seats answer until a person must decide."""
        game = table.game
        assert game is not None
        events: list[Event] = []
        for _ in range(_MAX_AUTO_STEPS):
            if game.over or game.phase in (Phase.SHOW_START, Phase.DEALING):
                break
            automatic = [s for s in sorted(game_deciders(table))
                         if table.seats[s].is_ai or game.auto[s]]
            if not automatic:
                break
            events += await self._apply(table, players.decide(game, automatic[0]))
        return events

    async def _after(self, table: Table, events: list[Event], *,
                     new_messages: bool = False) -> None:
        """After accepted actions: AI answers, settlement, timer, pictures."""
        game = table.game
        assert game is not None
        events = events + await self._auto_steps(table)
        if game.over:
            await self._finish(table)
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
        game = table.game
        if game is None:
            return
        self.outbox.show(table.chat_id, GROUP_SLOT, group_content(table, self.keyboards),
                         new_message=new_messages)
        for seat, person in table.humans():
            if person.user_id in table.unreachable:
                continue
            self.outbox.show(person.user_id, PANEL_SLOT,
                             panel_content(table, seat, self.keyboards, person.lang),
                             new_message=new_messages)

    def refresh_panel(self, table: Table, seat: int) -> None:
        person = table.seats[seat]
        if table.game is not None and not person.is_ai:
            self.outbox.show(person.user_id, PANEL_SLOT,
                             panel_content(table, seat, self.keyboards, person.lang))

    async def decide(self, table: Table, user_id: int, version: int | None,
                     make: Any) -> None:
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
            try:
                events = await self._apply(table, action)
            except IllegalAction as error:
                raise self._refusal(error, game) from None
            table.selections.pop(seat, None)
            table.hint_cursor.pop(seat, None)
            table.readings.pop(seat, None)
            await self._after(table, events)

    def _refusal(self, error: IllegalAction, game: Game) -> Refused:
        key = _ILLEGAL_KEYS.get(error.code, "illegal")
        values: dict[str, object] = {}
        if key in ("dont_hold", "not_a_combo", "doesnt_beat"):
            text = str(error).split(" ")
            values["cards"] = text[-1] if key == "dont_hold" else text[0]
            if key == "doesnt_beat":
                values["table"] = str(game.to_beat.cards) if game.to_beat else ""
        return Refused(key, **values)

    async def play_cards(self, table: Table, user_id: int, cards: Cards,
                         version: int | None, reading: Any = None,
                         lang: str = "zh-Hans") -> bool:
        """Play ``cards``; with several wildcard readings and none chosen, ask which one
        (returns False: the keyboard now offers the readings)."""
        game = table.game
        if game is not None and reading is None and game.rules.wild_rank is not None \
                and version is not None:
            seat = table.seat_of(user_id)
            options = self._readings(game, cards)
            if seat is not None and game.turn == seat and len(options) > 1:
                table.readings[seat] = (cards, options)
                self.refresh_panel(table, seat)
                return False
        await self.decide(table, user_id, version,
                          lambda g, s: Play(s, cards, reading))
        return True

    @staticmethod
    def _readings(game: Game, cards: Cards) -> list[Any]:
        from ..engine.combos import beats, classify

        try:
            combos = classify(cards, game.rules)
        except ValueError:
            return []
        if game.to_beat is not None:
            combos = [c for c in combos if beats(c, game.to_beat, game.rules)]
        return combos

    async def take_back(self, table: Table, user_id: int) -> None:
        async with table.lock:
            seat = table.seat_of(user_id)
            game = table.game
            if seat is None or game is None or game.over:
                raise Refused("stale_button")
            events = await self._apply(table, AutoPlay(seat, False))
            await self._after(table, events)

    async def escape(self, table: Table, user_id: int) -> None:
        async with table.lock:
            seat = table.seat_of(user_id)
            game = table.game
            if seat is None or game is None or game.over or table.phase != PLAYING:
                raise Refused("stale_button")
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
                self._forget(table)
            return
        game = table.game
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
    async def _finish(self, table: Table) -> None:
        """Settle a finished hand (idempotent), show the result, close the table."""
        game = table.game
        assert game is not None
        self.timers.cancel(table.id)
        table.deadline = None
        text: list[str] = []
        pictures: list[ResultLine] | None = None
        outcome = game.outcome()
        if outcome is not None and not outcome.aborted:
            settled = await settle_hand(self.db, table, game)
            text, pictures = settled.text, settled.pictures
        else:
            text = [t(table.lang, "result_aborted")]
        table.settled = True
        table.phase = FINISHED
        table.bump()
        self.outbox.show(table.chat_id, GROUP_SLOT,
                         result_content(table, self.keyboards, text, pictures))
        for seat, person in table.humans():
            if person.user_id not in table.unreachable:
                self.outbox.show(person.user_id, PANEL_SLOT,
                                 panel_content(table, seat, self.keyboards, person.lang))
        await self.db.close_table(str(table.id))
        for _, person in table.humans():
            if self.by_user.get(person.user_id) == table.id:
                del self.by_user[person.user_id]
        # the result keeps its Again / Leave buttons for a while, then the table is forgotten
        self.timers.arm(TimerName(table.id, "idle", table.version),
                        time.time() + self.settings.lobby_timeout)

    async def stop(self, table: Table, reason_key: str = "stopped") -> None:
        """End a table without moving beans (an admin's /stop, the bot removed)."""
        async with table.lock:
            self.timers.cancel(table.id)
            if table.phase == LOBBY:
                self._show_lobby(table, closed_text=t(table.lang, reason_key))
            elif table.phase == PLAYING:
                self.outbox.post(table.chat_id, t(table.lang, reason_key))
                for _, person in table.humans():
                    self.outbox.drop(person.user_id, PANEL_SLOT)
            await self._close(table)

    async def group_gone(self, chat_id: int) -> None:
        """The bot was removed from the group: close its table quietly, no beans move."""
        table = self.table_in(chat_id)
        if table is None:
            return
        async with table.lock:
            self.timers.cancel(table.id)
            self.outbox.drop(chat_id, GROUP_SLOT)
            self.outbox.drop(chat_id, f"{LOBBY_SLOT}{table.id}")
            for _, person in table.humans():
                self.outbox.drop(person.user_id, PANEL_SLOT)
            await self._close(table)

    async def _close(self, table: Table) -> None:
        self.timers.cancel(table.id)
        await self.db.close_table(str(table.id))
        self._forget(table)

    def _forget(self, table: Table) -> None:
        self.tables.pop(table.id, None)
        if self.by_chat.get(table.chat_id) == table.id:
            del self.by_chat[table.chat_id]
        for seat in table.seats:
            if self.by_user.get(seat.user_id) == table.id:
                del self.by_user[seat.user_id]

    # ---- saving and resuming -----------------------------------------------------------
    async def _save(self, table: Table, action: Action | None = None) -> None:
        deadline = None if table.deadline is None else datetime.fromtimestamp(table.deadline,
                                                                              tz=UTC)
        await self.db.save_table_state(
            str(table.id), chat_id=table.chat_id, state=table.to_dict(),
            hand_id=table.hand_id if table.game is not None else None,
            action=None if action is None else action.to_dict(), deadline=deadline)

    async def resume(self) -> int:
        """Load every table in play from the database, re-arm timers, refresh messages."""
        count = 0
        for record in await self.db.load_open_tables():
            try:
                table = Table.from_dict(dict(record.state))
            except (ValueError, KeyError, TypeError):
                log.exception("table %s can't be resumed; closing it", record.table_id)
                await self.db.close_table(record.table_id)
                continue
            self.tables[table.id] = table
            self.by_chat[table.chat_id] = table.id
            self._next_id = max(self._next_id, table.id)
            for _, seat in table.humans():
                self.by_user[seat.user_id] = table.id
                self.dm_ok.add(seat.user_id)
            if record.table_message_id is not None:
                self.outbox.bind(table.chat_id, GROUP_SLOT, record.table_message_id)
            for user, message_id in record.panel_message_ids.items():
                self.outbox.bind(user, PANEL_SLOT, message_id)
            async with table.lock:
                await self._resume_one(table)
            count += 1
        return count

    async def _resume_one(self, table: Table) -> None:
        game = table.game
        if table.phase == LOBBY:
            if table.lobby_message_id is not None:
                self.outbox.bind(table.chat_id, f"{LOBBY_SLOT}{table.id}",
                                 table.lobby_message_id)
            self._arm_lobby(table, keep_deadline=True)
            return
        if game is None:
            await self._close(table)
            return
        if game.over:
            await self._finish(table)
            return
        if table.deadline is not None and table.timer_kind is not None:
            self.timers.arm(TimerName(table.id, table.timer_kind, table.version),
                            table.deadline)
        self._present(table)

    async def _sent(self, chat_id: int, slot: str, message_id: int) -> None:
        """Remember which messages show a table (so a restart edits them, not new ones)."""
        if slot == GROUP_SLOT:
            table = self.table_in(chat_id)
            if table is not None:
                await self._store_messages(table, table_message_id=message_id)
        elif slot == PANEL_SLOT:
            self.dm_ok.add(chat_id)
            table = self.table_of(chat_id)
            if table is not None:
                await self._store_messages(table, panels={chat_id: message_id})
        elif slot.startswith(LOBBY_SLOT):
            table = self.tables.get(int(slot[len(LOBBY_SLOT):]))
            if table is not None:
                table.lobby_message_id = message_id

    async def _store_messages(self, table: Table, *, table_message_id: int | None = None,
                              panels: dict[int, int] | None = None) -> None:
        with contextlib.suppress(ValueError):  # the table closed meanwhile
            await self.db.set_table_messages(str(table.id), table_message_id=table_message_id,
                                             panel_message_ids=panels)

    async def _forbidden(self, chat_id: int, slot: str) -> None:
        """A private chat refuses our messages: tell the group, offer "My cards"."""
        if slot != PANEL_SLOT:
            if chat_id < 0:
                await self.group_gone(chat_id)
            return
        self.dm_ok.discard(chat_id)
        table = self.table_of(chat_id)
        if table is None or chat_id in table.unreachable:
            return
        table.unreachable.add(chat_id)
        seat = table.seat_of(chat_id)
        if seat is not None:
            self.outbox.post(table.chat_id, t(table.lang, "dm_failed",
                                              name=table.seats[seat].name))

    def reachable_again(self, user_id: int) -> None:
        """The player wrote to the bot: their panel can be sent again."""
        self.dm_ok.add(user_id)
        table = self.table_of(user_id)
        if table is not None and user_id in table.unreachable:
            table.unreachable.discard(user_id)
            seat = table.seat_of(user_id)
            if seat is not None and table.game is not None:
                self.outbox.show(user_id, PANEL_SLOT,
                                 panel_content(table, seat, self.keyboards,
                                               table.seats[seat].lang), new_message=True)

    def group_notice(self, table: Table, content: Content) -> None:
        self.outbox.post(table.chat_id, content.text, content.markup)

    async def drain(self) -> None:
        await self.outbox.drain()

