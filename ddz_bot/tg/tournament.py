"""比赛 (tournaments) at the table layer: sign-up, the boards of each round playing at once,
one standings message in the group, the prizes. It names no game: a board is a table of the
tournament's ``rules`` dealt through the hand flow, its seats the game's count.

Every hand of a tournament is a table of its own (``Table.event`` says which tournament,
round, board and hand): the table layer plays it as any other (panels in private, time-outs,
托管, the settlement), but the group sees no table message, only the tournament's standings,
edited after each hand at the group's pace. When a hand is settled (``Ending.event_over``)
its points are counted (keyed), the table closes and the board's next hand is dealt; when
every board has played the round, people are seated again by the standings (Swiss); after
the last round the final standings are posted and the prizes paid in one keyed settlement.
All of it is read back from storage, so a restart resumes where it stopped.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from telegram import InlineKeyboardButton, InlineKeyboardMarkup

from ddz_bot.games import GAMES

from ..config import Settings
from ..i18n import t
from ..storage import (
    Database,
    HandScore,
    InsufficientBeansError,
    Tournament,
    TournamentError,
    TournamentState,
)
from .closing import Closer
from .codec import Button
from .content import Content
from .hands import HandFlow
from .hosts import host_for
from .keyboards import Keyboards
from .lobby import group_ai_level, group_defaults
from .outbox import Outbox
from .people import Person
from .phases import TablePhase
from .refusals import Refused
from .registry import TableRegistry
from .table import AI_BASE_ID, Seat, Table
from .tournament_plan import Standing, boards, prizes, standings

__all__ = ["CANCEL", "JOIN", "LEAVE", "MEDALS", "START", "Board", "Tournaments", "event_of"]

log = logging.getLogger(__name__)

#: the sign-up buttons' arguments
JOIN, LEAVE, START, CANCEL = "j", "l", "s", "c"
MEDALS: Final = ("🥇", "🥈", "🥉")


@dataclass(frozen=True, slots=True)
class Board:
    """Which hand of a tournament a table plays."""

    tournament: int
    round: int
    board: int
    hand: int

    def key(self) -> str:
        return f"{self.tournament}:{self.round}:{self.board}:{self.hand}"


def event_of(table: Table) -> Board | None:
    """The tournament hand ``table`` plays, if any."""
    if not table.event:
        return None
    parts = table.event.split(":")
    if len(parts) != 4 or not all(p.isdigit() for p in parts):
        return None
    return Board(*(int(p) for p in parts))


@dataclass(frozen=True, slots=True)
class Terms:
    """What the organiser asks for: the game (a table's rules), rounds, hands a round, the
    entry fee in beans."""

    rules: str
    rounds: int = 3
    hands: int = 2
    fee: int = 0


_SLOT = "tour"


def _slot(tournament_id: int) -> str:
    return f"{_SLOT}{tournament_id}"


class Tournaments:
    """Every group's tournament (see the module docstring)."""

    def __init__(
        self,
        settings: Settings,
        db: Database,
        registry: TableRegistry,
        outbox: Outbox,
        keyboards: Keyboards,
        hands: HandFlow,
        closer: Closer,
    ) -> None:
        self.settings = settings
        self.db = db
        self.registry = registry
        self.outbox = outbox
        self.keyboards = keyboards
        self.hands = hands
        self.closer = closer
        self._locks: dict[int, asyncio.Lock] = {}

    def _lock(self, tournament_id: int) -> asyncio.Lock:
        lock = self._locks.get(tournament_id)
        if lock is None:
            lock = self._locks[tournament_id] = asyncio.Lock()
        return lock

    # ---- sign-up ----------------------------------------------------------------------------
    async def open(self, chat_id: int, title: str, organiser: Person, terms: Terms) -> Tournament:
        """A new sign-up with the organiser signed up; ``Refused`` while one is open."""
        group = await self.db.get_group(chat_id)
        lang = group.language if group is not None else self.settings.lang
        await self.db.ensure_player(organiser.id, organiser.name)
        opened = await self.db.open_tournament(
            chat_id, organiser.id, terms.rules, terms.rounds, terms.hands, terms.fee, lang, title
        )
        if opened is None:
            raise Refused("tour_exists")
        await self.db.enter_tournament(opened.id, organiser.id, organiser.name)
        await self.show(opened)
        return opened

    async def press(
        self,
        tournament_id: int,
        arg: str,
        person: Person,
        *,
        accepted: Callable[[], None] | None = None,
    ) -> str:
        """A sign-up button: join, leave, start (the organiser), call off (the organiser);
        the words that answer the press (``Refused`` otherwise)."""
        async with self._lock(tournament_id):
            found = await self.db.tournament(tournament_id)
            if found is None or not found.open:
                raise Refused("tour_closed")
            if arg == CANCEL:
                if person.id != found.organiser:
                    raise Refused("tour_organiser_only")
                await self._call_off(found)
                return t(person.lang, "tour_cancelled", id=found.id)
            if found.state is not TournamentState.SIGNUP:
                raise Refused("tour_closed")
            if arg == JOIN:
                table = self.registry.of_user(person.id)
                if table is not None and table.in_hand():
                    raise Refused("tour_busy")
                await self.db.ensure_player(person.id, person.name)
                await self.db.enter_tournament(tournament_id, person.id, person.name)
                await self.show(found)
                return t(person.lang, "tour_joined")
            if arg == LEAVE:
                if not await self.db.leave_tournament(tournament_id, person.id):
                    raise Refused("tour_not_entered")
                await self.show(found)
                return t(person.lang, "tour_left")
            if person.id != found.organiser:
                raise Refused("tour_organiser_only")
            if arg != START:
                raise TournamentError(f"no sign-up button {arg!r}")
            return await self._start(found, person, accepted)

    async def _call_off(self, found: Tournament) -> None:
        """Call the tournament off (the organiser): the fees go back, its tables close
        without moving beans (their panels say so), the group's message says it."""
        await self.db.cancel_tournament(found.id)
        for table in list(self.registry.tables()):
            board = event_of(table)
            if board is None or board.tournament != found.id:
                continue
            async with self.registry.lock(table.id):
                if self.registry.holds(table):
                    if table.in_hand():
                        self.hands.presenter.close_panels(table, "stopped")
                    await self.closer.close(table)
        text = t(found.lang, "tour_cancelled", id=found.id)
        if not self.outbox.retire(found.chat_id, _slot(found.id), text):
            self.outbox.post(found.chat_id, text)

    async def _start(
        self, found: Tournament, person: Person, accepted: Callable[[], None] | None
    ) -> str:
        entrants = await self.db.tournament_entrants(found.id)
        if len(entrants) < 2:
            raise Refused("tour_too_few")
        try:
            await self.db.start_tournament(found.id)
        except InsufficientBeansError as short:
            name = next((e.name for e in entrants if e.user_id == short.user_id), "?")
            raise Refused("tour_short", name=name, fee=found.fee) from None
        if accepted is not None:
            accepted()  # the press is answered before every board is dealt
        started = await self.db.tournament(found.id)
        assert started is not None
        await self._advance(started)
        return t(person.lang, "tour_started")

    # ---- the play ---------------------------------------------------------------------------
    async def hand_over(self, table: Table) -> None:
        """A tournament's hand is settled (the table's lock is held): count it, close the
        table, go on."""
        board = event_of(table)
        if board is None:
            return
        scores = [
            HandScore(table.seats[line.seat].user_id, line.points_delta, line.points_delta > 0)
            for line in table.settled
            if not table.seats[line.seat].is_ai
        ]
        await self.db.record_tournament_hand(
            board.tournament, board.round, board.board, board.hand, table.hand_id, scores
        )
        await self.closer.close(table)
        # in the background, under the tournament's lock: a hand settled while the lock is
        # held (a deal whose hand ends at once) must not wait for itself
        self.outbox.spawn(self._go_on(board.tournament))

    async def _go_on(self, tournament_id: int) -> None:
        async with self._lock(tournament_id):
            found = await self.db.tournament(tournament_id)
            if found is not None and found.state is TournamentState.PLAYING:
                await self._advance(found)

    async def sent(self, chat_id: int, slot: str, message_id: int) -> None:
        """The group's message of a tournament was sent: stored, so a restart edits it."""
        number = slot[len(_SLOT) :]
        if chat_id < 0 and slot.startswith(_SLOT) and number.isdigit():
            await self.db.set_tournament_message(int(number), message_id)

    async def resume(self, chat_id: int | None = None) -> None:
        """After a restart: every open tournament (of group ``chat_id`` only, for a worker
        taking that group over) shows again and plays on (a hand settled but not counted is
        counted now)."""
        for found in await self.db.open_tournaments():
            if chat_id is not None and found.chat_id != chat_id:
                continue
            if found.message_id is not None:  # the same message shows it again
                self.outbox.bind(found.chat_id, _slot(found.id), found.message_id)
            try:
                for table in list(self.registry.tables()):
                    board = event_of(table)
                    finished = table.phase == TablePhase.FINISHED
                    if board is not None and board.tournament == found.id and finished:
                        async with self.registry.lock(table.id):
                            await self.hand_over(table)
                async with self._lock(found.id):
                    current = await self.db.tournament(found.id)
                    if current is None:
                        continue
                    if current.state is TournamentState.PLAYING:
                        await self._advance(current)
                    elif current.state is TournamentState.SIGNUP:
                        await self.show(current)
            except Exception:
                log.exception("tournament %s failed to resume", found.id)

    async def _seating(self, found: Tournament) -> list[list[int]]:
        """The boards of the tournament's round: sign-up order first, then the standings
        after the rounds before (``tournament_plan``)."""
        entrants = await self.db.tournament_entrants(found.id)
        if found.round <= 1:
            order = [e.user_id for e in entrants]
        else:
            scores = await self.db.tournament_scores(found.id, before_round=found.round)
            order = [s.user_id for s in standings(entrants, scores)]
        return boards(order, host_for(found.rules).seats(found.rules))

    def _live(self, found: Tournament) -> dict[int, Table]:
        """The round's boards that have a table now."""
        out: dict[int, Table] = {}
        for table in self.registry.tables():
            board = event_of(table)
            if (
                board is not None
                and board.tournament == found.id
                and board.round == found.round
                and table.phase != TablePhase.CLOSED
            ):
                out[board.board] = table
        return out

    async def _advance(self, found: Tournament) -> None:
        """Deal each board of the round its next hand; a round every board played moves on
        to the next, the last one ends the tournament (the tournament's lock is held)."""
        while True:
            seating = await self._seating(found)
            played = await self.db.tournament_hands_played(found.id, found.round)
            live = self._live(found)
            for number, people in enumerate(seating, start=1):
                done = played.get(number, 0)
                if done < found.hands and number not in live:
                    await self._deal(found, Board(found.id, found.round, number, done + 1), people)
            if any(played.get(n, 0) < found.hands for n in range(1, len(seating) + 1)):
                await self.show(found)
                return
            if found.round >= found.rounds:
                await self._finish(found)
                return
            await self.db.next_tournament_round(found.id, found.round)
            following = await self.db.tournament(found.id)
            assert following is not None
            found = following

    async def _deal(self, found: Tournament, board: Board, people: list[int]) -> None:
        group = await self.db.get_group(found.chat_id) or group_defaults(
            self.settings, found.chat_id
        )
        size = host_for(found.rules).seats(found.rules)
        seats = []
        for user_id in people:
            player = await self.db.get_player(user_id)
            name = player.display_name if player is not None else str(user_id)
            lang = (player.language if player is not None else None) or found.lang
            seats.append(Seat(user_id, name, lang=lang))
        n = 1
        while len(seats) < size:
            seats.append(
                Seat(AI_BASE_ID - n, t(found.lang, "ai_name", n=n), is_ai=True, lang=found.lang)
            )
            n += 1
        draft = Table(
            id=self.registry.new_id(),
            chat_id=found.chat_id,
            title=found.title or str(found.chat_id),
            lang=found.lang,
            rules=found.rules,
            seat_count=size,
            room=group.room,
            bid_seconds=float(group.bid_seconds),
            double_seconds=float(group.double_seconds),
            play_seconds=float(group.play_seconds),
            tracker=group.tracker,
            ai_level=group_ai_level(group),
            seats=seats,
            event=board.key(),
        )
        async with self.registry.lock(draft.id):
            table = await self.registry.commit(None, draft)
            await self.hands.deal(table, table.draft())

    async def _finish(self, found: Tournament) -> None:
        entrants = await self.db.tournament_entrants(found.id)
        final = standings(entrants, await self.db.tournament_scores(found.id))
        paid = prizes([s.user_id for s in final], found.fee * len(entrants))
        if not await self.db.finish_tournament(found.id, paid):
            return  # ended already: paid once
        lang = found.lang
        names = {s.user_id: s.name for s in final}
        lines = [self._head(found, "tour_final_head", len(entrants))]
        lines += [self._line(lang, s) for s in final]
        lines += [
            t(lang, "tour_prize", medal=MEDALS[i], name=names[user], beans=beans)
            for i, (user, beans) in enumerate(paid)
        ]
        lines.append(t(lang, "tour_tie_rule"))
        text = "\n".join(lines)
        if not self.outbox.retire(found.chat_id, _slot(found.id), text):
            self.outbox.post(found.chat_id, text)

    # ---- the group's message ----------------------------------------------------------------
    def _game(self, found: Tournament, lang: str) -> str:
        """The game and its rules in a few words (its name first)."""
        options = GAMES.for_rules(found.rules).options
        title, rules = options.title(lang), options.describe(found.rules, lang)
        return rules if rules.startswith(title) else f"{title} · {rules}"

    def _head(self, found: Tournament, key: str, count: int) -> str:
        lang = found.lang
        return t(
            lang,
            key,
            id=found.id,
            game=self._game(found, lang),
            round=found.round,
            rounds=found.rounds,
            hands=found.hands,
            pool=found.fee * count,
        )

    @staticmethod
    def _line(lang: str, standing: Standing) -> str:
        return t(
            lang,
            "tour_line",
            place=standing.place,
            name=standing.name,
            points=standing.points,
            hands=standing.hands,
            wins=standing.wins,
        )

    async def show(self, found: Tournament) -> None:
        """The group's one message of the tournament, as it is now: the sign-up with its
        buttons, or the standings and each board's progress. It names people and points,
        never a card."""
        lang = found.lang
        entrants = await self.db.tournament_entrants(found.id)
        markup: InlineKeyboardMarkup | None = None
        if found.state is TournamentState.SIGNUP:
            organiser = next((e.name for e in entrants if e.user_id == found.organiser), "?")
            separator = ", " if lang == "en" else "、"
            text = t(
                lang,
                "tour_signup",
                id=found.id,
                game=self._game(found, lang),
                rounds=found.rounds,
                hands=found.hands,
                fee=found.fee,
                pool=found.fee * len(entrants),
                organiser=organiser,
                count=len(entrants),
                names=separator.join(e.name for e in entrants) or "—",
            )
            markup = self._signup_keyboard(found, lang)
        else:
            scores = await self.db.tournament_scores(found.id)
            lines = [self._head(found, "tour_head", len(entrants))]
            lines += [self._line(lang, s) for s in standings(entrants, scores)]
            played = await self.db.tournament_hands_played(found.id, found.round)
            names = {e.user_id: e.name for e in entrants}
            separator = ", " if lang == "en" else "、"
            for number, people in enumerate(await self._seating(found), start=1):
                lines.append(
                    t(
                        lang,
                        "tour_board",
                        board=number,
                        names=separator.join(names.get(u, str(u)) for u in people),
                        played=played.get(number, 0),
                        hands=found.hands,
                    )
                )
            text = "\n".join(lines)
            markup = self._playing_keyboard(found, lang)
        self.outbox.show(found.chat_id, _slot(found.id), Content(text, markup))

    def _playing_keyboard(self, found: Tournament, lang: str) -> InlineKeyboardMarkup:
        """In play, the organiser may still call it off."""
        cancel = t(lang, "btn_tour_cancel")
        return InlineKeyboardMarkup(
            [[self.keyboards.button(cancel, Button.TOURNAMENT, found.id, 0, CANCEL)]]
        )

    def _signup_keyboard(self, found: Tournament, lang: str) -> InlineKeyboardMarkup:
        def button(key: str, arg: str) -> InlineKeyboardButton:
            return self.keyboards.button(t(lang, key), Button.TOURNAMENT, found.id, 0, arg)

        return InlineKeyboardMarkup(
            [
                [button("btn_tour_join", JOIN), button("btn_tour_leave", LEAVE)],
                [button("btn_tour_start", START), button("btn_tour_cancel", CANCEL)],
            ]
        )
