"""The lobby: opening a table, sitting down (checking beans and the private chat), leaving,
AI seats, starting, and "Again"."""

from __future__ import annotations

import time

from telegram.error import Forbidden

from ..engine.rules import room_by_key
from ..i18n import t
from ..storage import GroupSettings
from .core import LOBBY_SLOT, Person, Refused, TablesCore
from .present import lobby_content
from .table import AI_BASE_ID, FINISHED, LOBBY, PLAYING, Seat, Table
from .timers import TimerName

__all__ = ["Lobby", "group_game"]


def group_game(group: GroupSettings) -> str:
    """The game a plain /newgame opens in a group (points bidding and the wildcard are
    exclusive in /settings; a group saved with both gets points bidding)."""
    if group.bidding.value == "points":
        return "points"
    return "wildcard" if group.wildcard else "classic"


class Lobby(TablesCore):
    """Seats before a hand."""

    async def new_table(self, chat_id: int, title: str, creator: Person,
                        rules: str | None = None) -> Table:
        existing = self.table_in(chat_id)
        if existing is not None and existing.phase != FINISHED:
            raise Refused("table_exists")
        group = await self._group(chat_id, title)
        name = rules or group_game(group)
        table = Table(id=self._new_id(), chat_id=chat_id, title=title or str(chat_id),
                      lang=group.language, rules=name, room=group.room,
                      bid_seconds=self._seconds(group.bid_seconds, self.settings.bid_timeout),
                      double_seconds=self._seconds(group.double_seconds,
                                                   self.settings.double_timeout),
                      play_seconds=self._seconds(group.play_seconds, self.settings.play_timeout),
                      tracker=group.tracker)
        self.tables[table.id] = table
        self.by_chat[chat_id] = table.id
        async with table.lock:
            try:
                await self._join_checks(table, creator)
            except Refused as refusal:
                if refusal.key != "need_dm":
                    # the one who opens a table must be able to sit at it; a finished hand
                    # keeps its Again button for the others
                    if existing is not None:
                        self.by_chat[chat_id] = existing.id
                    self._forget(table)
                    raise
                # the lobby opens empty: its creator sits down through the private-chat link
                self._replace(existing)
                self._arm_lobby(table)
                await self._save(table)
                self._show_lobby(table)
                raise
            self._replace(existing)
            self._arm_lobby(table)
            await self._save(table)
            self._show_lobby(table)
        return table

    def _replace(self, finished: Table | None) -> None:
        """A new lobby exists: the group's finished table (if any) is forgotten."""
        if finished is not None:
            self._forget(finished)

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

    async def add_ai(self, table: Table, person: Person) -> None:
        """Only someone seated may bring AI players to the table."""
        async with table.lock:
            if table.phase != LOBBY:
                raise Refused("join_expired")
            if table.seat_of(person.id) is None:
                raise Refused("not_seated")
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
        """A new lobby in the same group with the same seats.

        Each person copied over passes the same checks as a join (beans, the private chat);
        those who don't are left out and the group is told. A full lobby starts at once.
        """
        if table.phase != FINISHED:
            raise Refused("stale_button")
        if table.seat_of(person.id) is None:
            raise Refused("not_seated")
        seats = [Seat(s.user_id, s.name, s.is_ai, await self._language_of(s))
                 for s in table.seats]
        # the presser's checks come first: a refusal leaves the finished table (and its Again
        # button) to the others
        fresh = await self.new_table(table.chat_id, table.title, person, table.rules)
        async with fresh.lock:
            if fresh.phase != LOBBY:
                return fresh
            left_out: list[str] = []
            for seat in seats:
                if seat.user_id == person.id or fresh.full:
                    continue
                if seat.is_ai:
                    fresh.seats.append(seat)
                    continue
                try:
                    await self._join_checks(fresh, Person(seat.user_id, seat.name, seat.lang))
                except Refused:
                    left_out.append(seat.name)
            await self._save(fresh)
            self._show_lobby(fresh)
            if left_out:
                self.outbox.post(fresh.chat_id, t(fresh.lang, "again_left_out",
                                                  names="、".join(left_out)
                                                  if fresh.lang != "en" else ", ".join(left_out)))
            if fresh.full:
                await self._start(fresh)
        return fresh

    async def _language_of(self, seat: Seat) -> str:
        """A person's language as they last chose it (/lang), else the seat's."""
        if seat.is_ai:
            return seat.lang
        player = await self.db.get_player(seat.user_id)
        return player.language if player is not None and player.language else seat.lang

    def _show_lobby(self, table: Table, closed_text: str | None = None) -> None:
        self.outbox.show(table.chat_id, f"{LOBBY_SLOT}{table.id}",
                         lobby_content(table, self.keyboards, closed_text=closed_text))

    def _arm_lobby(self, table: Table, *, keep_deadline: bool = False) -> None:
        if not keep_deadline or table.deadline is None:
            table.deadline = time.time() + self.settings.lobby_timeout
        table.timer_kind = "lobby"
        self.timers.arm(TimerName(table.id, "lobby", table.version), table.deadline)

