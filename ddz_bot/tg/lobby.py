"""The lobby flow: opening a table, sitting down (checking beans and the private chat),
leaving, AI seats, starting, and "Again".

Each change is computed on a draft of the lobby, saved, and only then published (see
``registry``): a change that can't be saved leaves the lobby, and who sits where, as it was.
A full lobby is handed to the hand flow to be dealt.
"""

from __future__ import annotations

from collections.abc import Callable

from ddz_bot.ai import SEAT_LEVEL, LevelName
from ddz_bot.games import GAMES
from ddz_bot.kernel import room_by_key

from ..config import Settings
from ..i18n import t
from ..storage import AILevel, Database, GroupSettings
from . import clock
from .closing import Closer
from .hands import HandFlow
from .hosts import host_for
from .people import Person
from .phases import TablePhase
from .presenter import Presenter
from .reach import Reach
from .refusals import Refused
from .registry import TableRegistry
from .table import AI_BASE_ID, Seat, Table
from .timers import TimerKind, TimerName, Timers

__all__ = [
    "Accepted",
    "LobbyFlow",
    "group_ai_level",
    "group_defaults",
    "group_game",
]

#: called once a lobby action is accepted, before the (slow) deal that may follow
Accepted = Callable[[], None]


def group_game(group: GroupSettings, variant: str | None = None) -> str:
    """The ``rules`` of a table opened in a group: of the game (or variant) a /newgame named,
    else of the group's game, with the group's options for it (/settings)."""
    module = GAMES.for_rules(variant) if variant else GAMES.chosen(group.game)
    return module.options.table_rules(group, variant)


def group_ai_level(group: GroupSettings) -> LevelName:
    """The level the AI seats and 托管 play at a table opened in the group (/settings)."""
    return LevelName(group.ai_level.value)


def group_defaults(settings: Settings, chat_id: int) -> GroupSettings:
    """A new group's settings, from the bot's."""

    def seconds(value: float) -> int:
        return min(600, max(5, round(value)))

    return GroupSettings(
        chat_id,
        language=settings.lang,
        bid_seconds=seconds(settings.bid_timeout),
        double_seconds=seconds(settings.double_timeout),
        play_seconds=seconds(settings.play_timeout),
        ai_level=AILevel(SEAT_LEVEL.value),
    )


class LobbyFlow:
    """Seats before a hand."""

    def __init__(
        self,
        settings: Settings,
        db: Database,
        registry: TableRegistry,
        presenter: Presenter,
        timers: Timers,
        closer: Closer,
        reach: Reach,
        hands: HandFlow,
    ) -> None:
        self.settings = settings
        self.db = db
        self.registry = registry
        self.presenter = presenter
        self.timers = timers
        self.closer = closer
        self.reach = reach
        self.hands = hands

    # ---- opening ----------------------------------------------------------------------------
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
        async with self.registry.opening(chat_id):  # two presses at once never open two
            group = await self._group(chat_id, title)
            existing = self.registry.in_chat(chat_id)
            if existing is not None and existing.phase != TablePhase.FINISHED:
                over = existing.game is not None and existing.game.over
                raise Refused("result_pending" if over else "table_exists")
            table_rules = group_game(group, rules)
            draft = Table(
                id=self.registry.new_id(),
                chat_id=chat_id,
                title=title or str(chat_id),
                lang=group.language,
                rules=table_rules,
                seat_count=host_for(table_rules).seats(table_rules),
                room=group.room,
                bid_seconds=self._seconds(group.bid_seconds, self.settings.bid_timeout),
                double_seconds=self._seconds(group.double_seconds, self.settings.double_timeout),
                play_seconds=self._seconds(group.play_seconds, self.settings.play_timeout),
                tracker=group.tracker,
                ai_level=group_ai_level(group),
            )
            if after is not None:
                self._invite(draft, creator, after)
            async with self.registry.lock(draft.id):
                creator_needs_dm: Refused | None = None
                try:
                    await self._join_checks(draft, creator)
                except Refused as refusal:
                    # the one who opens a table must be able to sit at it; one who can't get
                    # private messages yet opens it empty and sits down through the link
                    # (not through Again: the finished table's Again stays the others')
                    if refusal.key != "need_dm" or after is not None:
                        raise
                    creator_needs_dm = refusal
                if after is not None:
                    self._seat_ai(draft, after)
                self._set_lobby_clock(draft)
                table = await self.registry.commit(None, draft)
                if existing is not None:
                    await self.closer.replaced(existing)  # its result's Again leads here now
                self._arm(table)
                if creator_needs_dm is None:
                    self._seated(table, creator.id)
                self.presenter.show_lobby(table)
                if table.invited:
                    names = list(table.invited.values())
                    joined = ", ".join(names) if table.lang == "en" else "、".join(names)
                    self.presenter.post(
                        table.chat_id,
                        t(table.lang, "again_invited", name=creator.name, names=joined),
                    )
                if creator_needs_dm is not None:
                    raise creator_needs_dm
                if accepted is not None:
                    accepted()
                if table.full and table.has_people():
                    await self.hands.deal(table, table.draft())
        return table

    @staticmethod
    def _invite(table: Table, creator: Person, after: Table) -> None:
        """A lobby opened by Again: the finished table's people (but the presser and who
        pressed Leave) are invited, not seated: each sits down by pressing Again or Join."""
        table.again_of = after.id
        dealer = None if after.game is None else host_for(after.rules).next_dealer(after.game)
        table.dealer_user = None if dealer is None else after.seats[dealer].user_id
        for seat in after.seats:
            if not seat.is_ai and seat.user_id != creator.id and seat.user_id not in after.left:
                table.invited[seat.user_id] = seat.name

    @staticmethod
    def _seat_ai(table: Table, after: Table) -> None:
        """A lobby opened by Again: the finished table's AI seats sit down again."""
        for seat in after.seats:
            if seat.is_ai and not table.full:
                table.seats.append(Seat(seat.user_id, seat.name, True, seat.lang))

    def _seconds(self, group_value: int, setting: float) -> float:
        """The group's time-out, unless the bot runs with shorter ones (tests, demos)."""
        return min(float(group_value), setting) if setting < 5 else float(group_value)

    async def _group(self, chat_id: int, title: str) -> GroupSettings:
        group = await self.db.get_group(chat_id)
        if group is None:
            group = await self.db.ensure_group(
                chat_id, title, defaults=group_defaults(self.settings, chat_id)
            )
        return group

    # ---- sitting down and getting up --------------------------------------------------------
    async def join(self, table: Table, person: Person, *, accepted: Accepted | None = None) -> None:
        async with self.registry.lock(table.id):
            if table.phase != TablePhase.LOBBY or not self.registry.holds(table):
                raise Refused("join_expired")  # dealt, or gone while waiting for the lock
            draft = table.draft()
            await self._join_checks(draft, person)
            draft.invited.pop(person.id, None)
            self._set_lobby_clock(draft)  # activity: the idle clock starts again
            await self._commit(table, draft)
            self._seated(table, person.id)
            if accepted is not None:
                accepted()
            if table.full:
                await self.hands.deal(table, table.draft())

    async def _join_checks(self, draft: Table, person: Person) -> None:
        """Whether ``person`` may sit at the lobby; if so, seated on the ``draft``."""
        if draft.seat_of(person.id) is not None:
            raise Refused("already_seated")
        if draft.full:
            raise Refused("table_full")
        other = self.registry.of_user(person.id)
        if other is not None and other.id != draft.id and other.phase != TablePhase.FINISHED:
            # where, and what to do: a lobby seat is left with /leave there, a hand played out
            raise Refused(
                "seated_elsewhere_lobby"
                if other.phase == TablePhase.LOBBY
                else "seated_elsewhere_hand",
                group=other.title,
            )
        player = await self.db.ensure_player(person.id, person.name)
        room = room_by_key(draft.room)
        if player.beans < room.min_beans:
            raise Refused("not_enough_beans", min_beans=room.min_beans, beans=player.beans)
        await self.reach.check(person, draft.title)
        draft.seats.append(Seat(person.id, person.name, lang=person.lang))

    def _seated(self, table: Table, user_id: int) -> None:
        """Someone who sat down somewhere is no longer waited for at another lobby (the
        list there is what the group reads: saved and shown in the background)."""
        for other in self.registry.tables():
            if other is not table and other.phase == TablePhase.LOBBY and user_id in other.invited:
                self.presenter.outbox.spawn(self._uninvite(other, user_id))

    async def _uninvite(self, table: Table, user_id: int) -> None:
        async with self.registry.lock(table.id):
            if not self.registry.holds(table) or user_id not in table.invited:
                return
            draft = table.draft()
            del draft.invited[user_id]
            await self._commit(table, draft)

    async def leave_table(self, table: Table, person: Person) -> None:
        """Get up from a lobby, or from a finished table (the result's Leave button: its
        Again then goes on without them; their seat stays, the result names who played);
        someone only invited to a lobby declines. A lobby no person sits at and nobody is
        invited to any more closes (AI seats alone don't keep it open): the group may open a
        new one at once."""
        async with self.registry.lock(table.id):
            if not self.registry.holds(table):
                raise Refused("not_seated")
            seat = table.seat_of(person.id)
            draft = table.draft()
            if seat is None and table.phase == TablePhase.LOBBY and person.id in table.invited:
                del draft.invited[person.id]  # invited back by Again, and saying no here
                await self._commit(table, draft)
                return
            if seat is None or person.id in table.left:
                raise Refused("not_seated")
            if table.phase == TablePhase.PLAYING:
                raise Refused("illegal")
            if table.phase == TablePhase.FINISHED:
                draft.left.add(person.id)
                await self.registry.commit(table, draft)
                return
            del draft.seats[seat]
            if not draft.has_people() and not draft.invited:
                self.presenter.show_lobby(table, closed_text=t(table.lang, "lobby_emptied"))
                await self.closer.close(table)
                return
            self._set_lobby_clock(draft)
            await self._commit(table, draft)

    async def decline(self, finished_id: int, person: Person) -> None:
        """Leave pressed on a result after its Again opened a new lobby: no longer invited
        there (nothing else changes)."""
        lobby = self.registry.successor_of(finished_id)
        if lobby is None:
            raise Refused("join_expired")
        if lobby.seat_of(person.id) is not None:
            await self.leave_table(lobby, person)  # already sat down there: get up
            return
        async with self.registry.lock(lobby.id):
            if person.id not in lobby.invited or not self.registry.holds(lobby):
                raise Refused("not_seated")
            draft = lobby.draft()
            del draft.invited[person.id]
            await self._commit(lobby, draft)

    # ---- AI seats, starting, 明牌开始 ----------------------------------------------------------
    async def add_ai(
        self, table: Table, person: Person, *, accepted: Accepted | None = None
    ) -> None:
        """Only someone seated may bring AI players to the table."""
        async with self.registry.lock(table.id):
            self._seated_in_lobby(table, person)
            if table.full:
                raise Refused("table_full")
            draft = table.draft()
            self._add_ai_seat(draft)
            self._set_lobby_clock(draft)
            await self._commit(table, draft)
            if accepted is not None:
                accepted()
            if table.full and table.has_people():
                await self.hands.deal(table, table.draft())

    def _seated_in_lobby(self, table: Table, person: Person) -> int:
        if table.phase != TablePhase.LOBBY or not self.registry.holds(table):
            raise Refused("join_expired")
        seat = table.seat_of(person.id)
        if seat is None:
            raise Refused("not_seated")
        return seat

    @staticmethod
    def _add_ai_seat(draft: Table) -> None:
        used = {s.user_id for s in draft.seats}
        n = 1
        while AI_BASE_ID - n in used:
            n += 1
        draft.seats.append(
            Seat(AI_BASE_ID - n, t(draft.lang, "ai_name", n=n), is_ai=True, lang=draft.lang)
        )

    async def start(
        self, table: Table, person: Person, *, accepted: Accepted | None = None
    ) -> None:
        """Deal now: the empty seats get AI players (on the draft the deal starts from: a
        deal that can't be saved leaves the lobby as it was)."""
        async with self.registry.lock(table.id):
            self._seated_in_lobby(table, person)
            draft = table.draft()
            while not draft.full:
                self._add_ai_seat(draft)
            if accepted is not None:
                accepted()
            await self.hands.deal(table, draft)

    async def toggle_show_start(self, table: Table, person: Person) -> bool:
        """明牌开始 is each person's own choice in the lobby (R-SHOW: x5), applied when the
        hand is dealt; pressed again, it is taken back. Whether it is now on."""
        async with self.registry.lock(table.id):
            seat = self._seated_in_lobby(table, person)
            draft = table.draft()
            chosen = draft.seats[seat]
            chosen.show_start = not chosen.show_start
            self._set_lobby_clock(draft)
            await self._commit(table, draft)
            return chosen.show_start

    # ---- Again ------------------------------------------------------------------------------
    async def again(
        self, table: Table, person: Person, *, accepted: Accepted | None = None
    ) -> Table:
        """Again on a result: the presser sits down at a new lobby in the same group (the
        others of the finished table are invited; each sits down by pressing Again or Join).
        Once that lobby is open, Again on the old result leads there.

        The presser passes a join's checks (beans, the private chat); a refusal leaves the
        finished table (and its Again button) to the others; so does any failure on the way
        (all or nothing)."""
        successor = self.registry.successor_of(table.id)
        if table.phase != TablePhase.FINISHED and successor is None:
            raise Refused("stale_button")
        if table.seat_of(person.id) is None or person.id in table.left:
            raise Refused("not_seated")
        if successor is None:
            try:
                return await self.new_table(
                    table.chat_id, table.title, person, table.rules, after=table, accepted=accepted
                )
            except Refused as refusal:
                if refusal.key != "table_exists" or self.registry.successor_of(table.id) is None:
                    raise
        # someone else's Again opened the lobby first: sit down there
        return await self.again_after(table.id, person, accepted=accepted)

    async def again_after(
        self, finished_id: int, person: Person, *, accepted: Accepted | None = None
    ) -> Table:
        """Again on a result whose table is gone because Again opened a new lobby: the
        presser, if invited, sits down there."""
        lobby = self.registry.successor_of(finished_id)
        if lobby is None:
            raise Refused("join_expired")
        if lobby.seat_of(person.id) is not None:
            raise Refused("already_seated")
        if person.id not in lobby.invited:
            raise Refused("not_seated")
        await self.join(lobby, person, accepted=accepted)
        return lobby

    # ---- the lobby's clock ------------------------------------------------------------------
    async def _commit(self, table: Table, draft: Table) -> None:
        """Save a lobby's change, make it current, re-arm its clock and show it."""
        await self.registry.commit(table, draft)
        if table.phase == TablePhase.LOBBY:
            self._arm(table)
            self.presenter.show_lobby(table)

    def _set_lobby_clock(self, draft: Table, *, keep_deadline: bool = False) -> None:
        if not keep_deadline or draft.deadline is None:
            draft.deadline = clock.now() + self.settings.lobby_timeout
        draft.timer_kind = TimerKind.LOBBY

    def _arm(self, table: Table) -> None:
        if table.deadline is not None:
            self.timers.arm(TimerName(table.id, TimerKind.LOBBY, table.version), table.deadline)

    def resume(self, table: Table) -> None:
        """A lobby found after a restart: its clock runs on from the stored deadline."""
        if table.deadline is None:
            table.deadline = clock.now() + self.settings.lobby_timeout
        table.timer_kind = TimerKind.LOBBY
        self._arm(table)

    async def expire(self, table: Table) -> None:
        """Nobody touched the lobby for its idle time: it closes (the lock is held)."""
        if table.phase == TablePhase.LOBBY:
            self.presenter.show_lobby(table, closed_text=t(table.lang, "lobby_closed"))
            await self.closer.close(table)
