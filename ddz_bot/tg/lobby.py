"""The lobby: opening a table, sitting down (checking beans and the private chat), leaving,
AI seats, starting, and "Again"."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable, Iterator

from telegram.error import Forbidden, TelegramError

from ..engine.rules import room_by_key
from ..i18n import t
from ..storage import GroupSettings
from .core import LOBBY_SLOT, Person, Refused, TablesCore
from .present import lobby_content
from .table import AI_BASE_ID, FINISHED, LOBBY, PLAYING, Seat, Table
from .timers import TimerName

__all__ = ["DM_CHECK_SECONDS", "Accepted", "Lobby", "group_game"]

log = logging.getLogger(__name__)

#: called once a lobby action is accepted, before the (slow) deal that may follow
Accepted = Callable[[], None]
#: how long sitting down waits for Telegram to take the first private message
DM_CHECK_SECONDS = 10.0


def group_game(group: GroupSettings) -> str:
    """The game a plain /newgame opens in a group (points bidding and the wildcard are
    exclusive in /settings; a group saved with both gets points bidding)."""
    if group.bidding.value == "points":
        return "points"
    return "wildcard" if group.wildcard else "classic"


class Lobby(TablesCore):
    """Seats before a hand."""

    async def new_table(
        self,
        chat_id: int,
        title: str,
        creator: Person,
        rules: str | None = None,
        *,
        after: Table | None = None,
        accepted: Accepted | None = None,
    ) -> Table:
        """Open the group's table with ``creator`` seated. All or nothing: whatever fails
        on the way, the group is left as it was (no lobby nobody sees keeps blocking it).

        ``after``: the finished table whose Again was pressed (see ``again``): its AI seats
        come along, its people are invited. ``accepted`` is called once the lobby is open,
        before a full one is dealt (a button press is answered then, not after the deal)."""
        group = await self._group(chat_id, title)
        # checked after the last wait before the table is registered: two presses at once
        # never open two tables
        existing = self.table_in(chat_id)
        if existing is not None and existing.phase != FINISHED:
            over = existing.game is not None and existing.game.over
            raise Refused("result_pending" if over else "table_exists")
        name = rules or group_game(group)
        table = Table(
            id=self._new_id(),
            chat_id=chat_id,
            title=title or str(chat_id),
            lang=group.language,
            rules=name,
            room=group.room,
            bid_seconds=self._seconds(group.bid_seconds, self.settings.bid_timeout),
            double_seconds=self._seconds(group.double_seconds, self.settings.double_timeout),
            play_seconds=self._seconds(group.play_seconds, self.settings.play_timeout),
            tracker=group.tracker,
        )
        if after is not None:  # before any wait: a second Again at once finds it
            self._invite(table, creator, after)
        self.tables[table.id] = table
        self.by_chat[chat_id] = table.id
        async with table.lock:
            creator_needs_dm: Refused | None = None
            try:
                try:
                    await self._join_checks(table, creator)
                except Refused as refusal:
                    # the one who opens a table must be able to sit at it; one who can't get
                    # private messages yet opens it empty and sits down through the link
                    # (not through Again: the finished table's Again stays the others')
                    if refusal.key != "need_dm" or after is not None:
                        raise
                    creator_needs_dm = refusal
                if after is not None:
                    self._seat_ai(table, after)
                self._arm_lobby(table)
                await self._save(table)
            except BaseException:
                # a finished hand keeps its Again button (and its message) for the others
                self.timers.cancel(table.id)
                if self.by_user.get(creator.id) == table.id:
                    del self.by_user[creator.id]
                if existing is not None:
                    self.by_chat[chat_id] = existing.id
                self._forget(table)
                raise
            self._replace(existing)
            self._show_lobby(table)
            if table.invited:
                names = list(table.invited.values())
                joined = ", ".join(names) if table.lang == "en" else "、".join(names)
                self.outbox.post(
                    table.chat_id, t(table.lang, "again_invited", name=creator.name, names=joined)
                )
            if creator_needs_dm is not None:
                raise creator_needs_dm
            if accepted is not None:
                accepted()
            if table.full and any(not s.is_ai for s in table.seats):
                await self._start(table)
        return table

    @staticmethod
    def _invite(table: Table, creator: Person, after: Table) -> None:
        """A lobby opened by Again: the finished table's people (but the presser and who
        pressed Leave) are invited, not seated: each sits down by pressing Again or Join."""
        table.again_of = after.id
        for seat in after.seats:
            if not seat.is_ai and seat.user_id != creator.id and seat.user_id not in after.left:
                table.invited[seat.user_id] = seat.name

    @staticmethod
    def _seat_ai(table: Table, after: Table) -> None:
        """A lobby opened by Again: the finished table's AI seats sit down again."""
        for seat in after.seats:
            if seat.is_ai and not table.full:
                table.seats.append(Seat(seat.user_id, seat.name, True, seat.lang))

    def successor_of(self, table_id: int) -> Table | None:
        """The lobby Again opened after the finished table ``table_id``, while it is open."""
        for table in self.tables.values():
            if table.again_of == table_id and table.phase == LOBBY:
                return table
        return None

    def _replace(self, finished: Table | None) -> None:
        """A new lobby exists: the group's finished table (if any) is forgotten (its
        result's Again leads to the new lobby: ``successor_of``)."""
        if finished is not None:
            self._forget(finished)

    def _seconds(self, group_value: int, setting: float) -> float:
        """The group's time-out, unless the bot runs with shorter ones (tests, demos)."""
        return min(float(group_value), setting) if setting < 5 else float(group_value)

    async def _group(self, chat_id: int, title: str) -> GroupSettings:
        group = await self.db.get_group(chat_id)
        if group is None:
            group = await self.db.ensure_group(
                chat_id, title, defaults=self.group_defaults(chat_id)
            )
        return group

    def group_defaults(self, chat_id: int) -> GroupSettings:
        settings = self.settings

        def seconds(value: float) -> int:
            return min(600, max(5, round(value)))

        return GroupSettings(
            chat_id,
            language=settings.lang,
            bid_seconds=seconds(settings.bid_timeout),
            double_seconds=seconds(settings.double_timeout),
            play_seconds=seconds(settings.play_timeout),
        )

    @contextlib.contextmanager
    def _lobby_change(self, table: Table, user_id: int) -> Iterator[None]:
        """A change of the lobby (the lock is held) that is undone if it can't be saved,
        with where ``user_id`` sits (``by_user``)."""
        before = self.by_user.get(user_id)
        try:
            with self._undone_unless_saved(table):
                yield
        except Refused:  # refused before anything changed
            raise
        except Exception:
            if before is None:
                self.by_user.pop(user_id, None)
            else:
                self.by_user[user_id] = before
            if table.phase == LOBBY and self.tables.get(table.id) is table:
                self._show_lobby(table)
            raise

    async def join(self, table: Table, person: Person, *, accepted: Accepted | None = None) -> None:
        async with table.lock:
            if table.phase != LOBBY or self.tables.get(table.id) is not table:
                raise Refused("join_expired")  # dealt, or gone while waiting for the lock
            with self._lobby_change(table, person.id):
                await self._join_checks(table, person)
                table.invited.pop(person.id, None)
                self._arm_lobby(table)  # activity: the idle clock starts again
                await self._save(table)
            self._show_lobby(table)
            if accepted is not None:
                accepted()
            if table.full:
                await self._start(table)

    async def _join_checks(self, table: Table, person: Person) -> None:
        if table.seat_of(person.id) is not None:
            raise Refused("already_seated")
        if table.full:
            raise Refused("table_full")
        other = self.table_of(person.id)
        if other is not None and other.id != table.id and other.phase != FINISHED:
            # where, and what to do: a lobby seat is left with /leave there, a hand played out
            raise Refused(
                "seated_elsewhere_lobby" if other.phase == LOBBY else "seated_elsewhere_hand",
                group=other.title,
            )
        player = await self.db.ensure_player(person.id, person.name)
        room = room_by_key(table.room)
        if player.beans < room.min_beans:
            raise Refused("not_enough_beans", min_beans=room.min_beans, beans=player.beans)
        if person.id not in self.dm_ok:
            await self._check_dm(table, person)
        table.seats.append(Seat(person.id, person.name, lang=person.lang))
        self.by_user[person.id] = table.id
        self._uninvite_elsewhere(table, person.id)

    def _uninvite_elsewhere(self, table: Table, user_id: int) -> None:
        """Someone who sits down somewhere is no longer waited for at another lobby (the
        list there is what the group reads; it is saved with that lobby's next change)."""
        for other in list(self.tables.values()):
            if other is not table and other.phase == LOBBY and user_id in other.invited:
                del other.invited[user_id]
                self._show_lobby(other)

    async def _check_dm(self, table: Table, person: Person) -> None:
        """Whether the bot may write to ``person`` (they must have opened the private chat):
        Forbidden refuses with the link; any other failure of Telegram (a flood, a bad
        request, the network, no answer soon) says nothing about it: they sit down and the
        outbox finds out when their cards are sent."""
        try:
            await asyncio.wait_for(
                self.bot.send_message(person.id, t(person.lang, "dm_join_done", group=table.title)),
                timeout=DM_CHECK_SECONDS,
            )
        except Forbidden:
            raise Refused("need_dm") from None
        except (TelegramError, TimeoutError) as error:
            log.warning("private chat of %s not checked: %r", person.id, error)
            return
        self.dm_ok.add(person.id)

    async def leave_table(self, table: Table, person: Person) -> None:
        """Get up from a lobby, or from a finished table (the result's Leave button: its
        Again then goes on without them; their seat stays, the result names who played);
        someone only invited to a lobby declines. A lobby no person sits at and nobody is
        invited to any more closes (AI seats alone don't keep it open): the group may open a
        new one at once."""
        async with table.lock:
            seat = table.seat_of(person.id)
            if seat is None and table.phase == LOBBY and person.id in table.invited:
                # invited back by Again, and saying no here
                with self._lobby_change(table, person.id):
                    del table.invited[person.id]
                    await self._save(table)
                self._show_lobby(table)
                return
            if seat is None or person.id in table.left:
                raise Refused("not_seated")
            if table.phase == PLAYING:
                raise Refused("illegal")
            if table.phase == FINISHED:
                with self._lobby_change(table, person.id):
                    table.left.add(person.id)
                    if self.by_user.get(person.id) == table.id:
                        del self.by_user[person.id]
                    await self._save(table)
                return
            with self._lobby_change(table, person.id):
                del table.seats[seat]
                if self.by_user.get(person.id) == table.id:
                    del self.by_user[person.id]
                if not any(not s.is_ai for s in table.seats) and not table.invited:
                    self._show_lobby(table, closed_text=t(table.lang, "lobby_emptied"))
                    await self._close(table)
                    return
                self._arm_lobby(table)
                await self._save(table)
            self._show_lobby(table)

    async def decline(self, finished_id: int, person: Person) -> None:
        """Leave pressed on a result after its Again opened a new lobby: no longer invited
        there (nothing else changes)."""
        lobby = self.successor_of(finished_id)
        if lobby is None:
            raise Refused("join_expired")
        if lobby.seat_of(person.id) is not None:
            await self.leave_table(lobby, person)  # already sat down there: get up
            return
        async with lobby.lock:
            if person.id not in lobby.invited:
                raise Refused("not_seated")
            with self._lobby_change(lobby, person.id):
                del lobby.invited[person.id]
                await self._save(lobby)
        self._show_lobby(lobby)

    async def add_ai(
        self, table: Table, person: Person, *, accepted: Accepted | None = None
    ) -> None:
        """Only someone seated may bring AI players to the table."""
        async with table.lock:
            if table.phase != LOBBY:
                raise Refused("join_expired")
            if table.seat_of(person.id) is None:
                raise Refused("not_seated")
            if table.full:
                raise Refused("table_full")
            with self._lobby_change(table, person.id):
                self._add_ai_seat(table)
                self._arm_lobby(table)
                await self._save(table)
            self._show_lobby(table)
            if accepted is not None:
                accepted()
            if table.full and any(not s.is_ai for s in table.seats):
                await self._start(table)

    def _add_ai_seat(self, table: Table) -> None:
        used = {s.user_id for s in table.seats}
        n = 1
        while AI_BASE_ID - n in used:
            n += 1
        table.seats.append(
            Seat(AI_BASE_ID - n, t(table.lang, "ai_name", n=n), is_ai=True, lang=table.lang)
        )

    async def start(
        self, table: Table, person: Person, *, accepted: Accepted | None = None
    ) -> None:
        """Deal now: the empty seats get AI players."""
        async with table.lock:
            if table.phase != LOBBY:
                raise Refused("join_expired")
            if table.seat_of(person.id) is None:
                raise Refused("not_seated")
            before = list(table.seats)
            try:
                while not table.full:
                    self._add_ai_seat(table)
                if accepted is not None:
                    accepted()
                await self._start(table)
            except Exception:
                # not dealt: the AI seats were never saved, the lobby is as it was
                if table.phase == LOBBY:
                    table.seats[:] = before
                    self._show_lobby(table)
                raise

    async def toggle_show_start(self, table: Table, person: Person) -> bool:
        """明牌开始 is each person's own choice in the lobby (R-SHOW: x5), applied when the
        hand is dealt; pressed again, it is taken back. Whether it is now on."""
        async with table.lock:
            if table.phase != LOBBY:
                raise Refused("join_expired")
            seat = table.seat_of(person.id)
            if seat is None:
                raise Refused("not_seated")
            with self._lobby_change(table, person.id):
                chosen = table.seats[seat]
                chosen.show_start = not chosen.show_start
                self._arm_lobby(table)
                await self._save(table)
            self._show_lobby(table)
            return chosen.show_start

    async def again(
        self, table: Table, person: Person, *, accepted: Accepted | None = None
    ) -> Table:
        """Again on a result: the presser sits down at a new lobby in the same group (the
        others of the finished table are invited; each sits down by pressing Again or Join).
        Once that lobby is open, Again on the old result leads there.

        The presser passes a join's checks (beans, the private chat); a refusal leaves the
        finished table (and its Again button) to the others; so does any failure on the way
        (all or nothing)."""
        if table.phase != FINISHED:
            raise Refused("stale_button")
        if table.seat_of(person.id) is None or person.id in table.left:
            raise Refused("not_seated")
        if self.successor_of(table.id) is None:
            try:
                return await self.new_table(
                    table.chat_id, table.title, person, table.rules, after=table, accepted=accepted
                )
            except Refused as refusal:
                if refusal.key != "table_exists" or self.successor_of(table.id) is None:
                    raise
        # someone else's Again opened the lobby first: sit down there
        return await self.again_after(table.id, person, accepted=accepted)

    async def again_after(
        self, finished_id: int, person: Person, *, accepted: Accepted | None = None
    ) -> Table:
        """Again on a result whose table is gone because Again opened a new lobby: the
        presser, if invited, sits down there."""
        lobby = self.successor_of(finished_id)
        if lobby is None:
            raise Refused("join_expired")
        if lobby.seat_of(person.id) is not None:
            raise Refused("already_seated")
        if person.id not in lobby.invited:
            raise Refused("not_seated")
        await self.join(lobby, person, accepted=accepted)
        return lobby

    def _show_lobby(self, table: Table, closed_text: str | None = None) -> None:
        self.outbox.show(
            table.chat_id,
            f"{LOBBY_SLOT}{table.id}",
            lobby_content(table, self.keyboards, closed_text=closed_text),
        )

    def _arm_lobby(self, table: Table, *, keep_deadline: bool = False) -> None:
        if not keep_deadline or table.deadline is None:
            table.deadline = time.time() + self.settings.lobby_timeout
        table.timer_kind = "lobby"
        self.timers.arm(TimerName(table.id, "lobby", table.version), table.deadline)
