"""The hand flow: dealing, a player's decision, the AI's answers, time-outs, 托管, escapes.

Every change runs under the table's lock the same way: a draft of the table takes the
accepted actions (its deadline set after each); the registry writes the draft with those
actions in one transaction and only then makes the draft the current table. So a change that
can't be saved leaves the table as it was: nothing is ever undone. Only after that are
panels cleared, timers armed and pictures handed to the outbox. A refused action raises
``Refused`` with a message key, and nothing changed.

The AI seats and 托管 seats answer after the change that made them the ones to act, in the
background (``_answer_for``): their decisions are computed by the ``Thinker`` (a worker
process) on a draft, without the lock, and then committed as one change of their own if the
table didn't move meanwhile (else they are thought again). So a person's update is handled
without waiting for the AI, and no table waits for another table's AI. What the table shows
waits for them: pictures and panels go out once a person must decide (or the hand is over),
as when the AI answered at once.

The flow speaks to a hand through the engine's protocol (``waiting_for``, ``apply``,
``legal_actions``) and the game's host (``games``); it knows no game's phases.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ddz_bot.games import GAMES
from ddz_bot.kernel import Action, AutoPlay, Deal, Escape, Event, IllegalAction, room_by_key

from ..config import Settings
from ..i18n import t
from ..storage import Database
from . import clock
from .ending import Ending
from .games import HostedGame
from .hosts import host_for
from .metrics import AI, PERSON, Metrics
from .panels import Transition
from .phases import TablePhase
from .presenter import Presenter
from .refusals import Refused
from .registry import TableRegistry
from .table import Table
from .thinker import Thinker
from .timers import TimerKind, TimerName, Timers
from .words import narrate

__all__ = ["Explain", "HandFlow", "MakeAction"]

log = logging.getLogger(__name__)

#: the player's decision: the engine action, made from the hand and the seat
MakeAction = Callable[[HostedGame, int], Action]

_MAX_AUTO_STEPS = 400

#: the engine's refusal of a player's action as the player reads it (the game's words)
Explain = Callable[[IllegalAction, HostedGame, Action], Refused]


@dataclass(slots=True)
class _Change:
    """A change of one table being computed: its draft and the actions accepted so far."""

    table: Table
    draft: Table
    actions: list[dict[str, Any]] = field(default_factory=list)
    transitions: list[Transition] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    #: the answers among the actions: who gave them, when their decision's clock started
    answers: list[tuple[str, float]] = field(default_factory=list)

    @property
    def game(self) -> HostedGame:
        assert self.draft.game is not None
        return self.draft.game


class HandFlow:
    """A hand from the deal to its last move (the end is ``Ending``'s)."""

    def __init__(
        self,
        settings: Settings,
        db: Database,
        registry: TableRegistry,
        presenter: Presenter,
        timers: Timers,
        ending: Ending,
        explain: Explain,
        thinker: Thinker,
        metrics: Metrics,
    ) -> None:
        self.settings = settings
        self.thinker = thinker
        self.metrics = metrics
        self._answering: dict[int, asyncio.Task[None]] = {}  # tables whose AI seats think
        self._unshown_hands: set[int] = set()  # dealt, not shown yet: the AI answers first
        self.explain = explain
        self.db = db
        self.registry = registry
        self.presenter = presenter
        self.timers = timers
        self.ending = ending
        self.accepted_moves = 0
        #: the deal's random source; None: a secure one (R-RNG). Tests set a seeded one.
        self.rng: random.Random | None = None

    # ---- dealing --------------------------------------------------------------------------
    async def deal(self, table: Table, seated: Table) -> None:
        """Deal a hand to ``seated`` (a draft of the lobby ``table`` with every seat taken;
        the lock is held). If it can't be saved, the lobby stays as it was."""
        draft = seated
        token = draft.new_hand_token()
        room = room_by_key(draft.room)
        balances = []
        for seat in draft.seats:
            # people were registered when they sat down; AI seats the first time they play
            player = await self.db.get_player(seat.user_id) or await self.db.ensure_player(
                seat.user_id, seat.name, is_ai=seat.is_ai
            )
            beans = player.beans
            if seat.is_ai and beans < max(room.min_beans, room.double_threshold // 2):
                top_up = max(room.min_beans, room.double_threshold) * 2 - beans
                outcome = await self.db.adjust_beans(
                    seat.user_id, top_up, key=f"ai:{draft.id}:{draft.hand_no + 1}:{token}"
                )
                beans = outcome.balance
            balances.append(beans)
        host = host_for(draft.rules)
        draft.move_to(TablePhase.DEALING)
        draft.hand_no += 1
        dealers = [i for i, seat in enumerate(draft.seats) if seat.user_id == draft.dealer_user]
        draft.game = host.new_hand(
            draft.rules,
            room,
            balances,
            self.rng,
            [not seat.is_ai for seat in draft.seats],
            dealers[0] if dealers else None,
        )
        draft.move_to(TablePhase.PLAYING)
        draft.version += 1
        draft.hand_version = draft.version
        draft.narration = ""
        draft.invited.clear()  # dealt: nobody is waited for any more
        change = _Change(table, draft)
        shows = [index for index, seat in enumerate(draft.seats) if seat.show_start]
        for action in host.opening(shows, deal_window=self.settings.deal_window > 0):
            self._accept(change, action)
        await self._finish_change(change, new_hand=True)

    # ---- a player's decision --------------------------------------------------------------
    async def apply_person_decision(
        self, table: Table, user_id: int, version: int | None, make: MakeAction
    ) -> None:
        """A person's decision applied to their table under its lock: ``make(game, seat)``
        returns the engine action; a refusal is raised as ``Refused``.

        ``version`` (from a button) must be the table's current one; typed text passes None.
        """
        async with self.registry.lock(table.id):
            game = table.game
            seat = table.seat_of(user_id)
            if seat is None:
                raise Refused("not_seated")
            if game is None or game.over or table.phase != TablePhase.PLAYING:
                raise Refused("stale_button")
            if version is not None and not self.button_current(table, seat, version):
                raise Refused("stale_button")
            if not self.registry.holds(table):
                raise Refused("stale_button")
            action = make(game, seat)
            change = self._change(table)
            try:
                self._accept(change, action, by=PERSON)
            except IllegalAction as error:
                raise self.explain(error, game, action) from None
            await self._finish_change(change, decided=seat)

    def button_current(self, table: Table, seat: int, version: int) -> bool:
        """Whether a decision button drawn at ``version`` still answers the seat's decision:
        drawn at the table's version, or since the seat's decision opened while it is still
        open (several seats answering at once: the first answer leaves the others' good)."""
        if version == table.version:
            return True
        game = table.game
        since = self.presenter.panels.open_since(table.id, seat)
        if game is None or since is None or not since <= version < table.version:
            return False
        waiting = game.waiting_for()
        return (waiting is not None and seat in waiting) or bool(game.legal_actions(seat))

    async def take_back(self, table: Table, user_id: int) -> None:
        """Take one's seat back from 托管."""
        async with self.registry.lock(table.id):
            seat = table.seat_of(user_id)
            game = table.game
            if (
                seat is None
                or game is None
                or game.over
                or not game.auto[seat]
                or not self.registry.holds(table)
            ):
                raise Refused("stale_button")  # pressed twice, or the hand moved on
            action = AutoPlay(seat, False)
            try:
                await self.act(table, action)
            except IllegalAction as error:  # 保皇: a seat on auto-play four times stays on
                raise self.explain(error, game, action) from None

    async def escape(self, table: Table, user_id: int) -> None:
        async with self.registry.lock(table.id):
            seat = table.seat_of(user_id)
            game = table.game
            if (
                seat is None
                or game is None
                or game.over
                or table.phase != TablePhase.PLAYING
                or not self.registry.holds(table)
            ):
                raise Refused("stale_button")
            await self.act(table, Escape(seat))

    def escape_cost(self, table: Table, user_id: int) -> int:
        seat = table.seat_of(user_id)
        if seat is None or table.game is None:
            return 0
        return host_for(table.rules).escape_cost(table.game, seat)

    async def act(self, table: Table, action: Action) -> None:
        """A table action (the lock is held): applied, then the AI answers, saved, shown."""
        change = self._change(table)
        self._accept(change, action)
        await self._finish_change(change)

    # ---- time -----------------------------------------------------------------------------
    async def timed_out(self, table: Table, kind: TimerKind) -> None:
        """The table's clock ran out (the lock is held; the timer is current)."""
        game = table.game
        if table.owes_settlement():
            await self.ending.settle(table)  # a settlement that failed, tried again
            return
        if game is None or game.over or table.phase != TablePhase.PLAYING:
            return
        host = host_for(table.rules)
        change = self._change(table)
        waiting = game.waiting_for()
        if kind is TimerKind.DEAL:
            self._accept(change, Deal())  # the deal window closed
        elif waiting is not None:
            for action in host.timed_out(waiting):
                self._accept(change, action)
        await self._finish_change(change)

    # ---- the steps of a change -------------------------------------------------------------
    def _change(self, table: Table) -> _Change:
        return _Change(table, table.draft())

    def _accept(self, change: _Change, action: Action, *, by: str | None = None) -> None:
        """Apply one action to the draft and take it as a step (not saved yet); an
        ``IllegalAction`` leaves the draft as it was. ``by``: the action answers its seat's
        decision (a person's, the AI's), whose wait the metrics take once it is saved."""
        draft, game = change.draft, change.game
        module = GAMES.for_rules(draft.rules)
        host = module.host
        before = game.waiting_for()
        people_before = draft.people_waiting()
        phase_before = game.phase
        opened = draft.deadline
        events = game.apply(action)
        seat = getattr(action, "seat", None)
        if by is not None and opened is not None and before is not None and seat in before.seats:
            # the clock the seat answered against started its time limit before its deadline
            change.answers.append((by, opened - draft.seconds_for(before.limit)))
        draft.bump()
        line = narrate(draft, events, draft.lang, module.event_line, module.play_text)
        if line:
            draft.narration = line
        after = game.waiting_for()
        same_phase = game.phase is phase_before
        shared = (
            same_phase
            and before is not None
            and after is not None
            and draft.deadline is not None
            and host.shared_clock(before, after)
        )
        if not shared:
            self._set_deadline(draft)
        change.events += events
        change.transitions.append(
            Transition(
                before,
                after,
                people_before,
                draft.people_waiting(),
                same_phase,
                draft.version,
                getattr(action, "seat", None),
            )
        )
        change.actions.append(action.to_dict())

    def _set_deadline(self, draft: Table) -> None:
        """The absolute deadline of the decision the table now waits for (saved with it)."""
        game = draft.game
        assert game is not None
        if game.over:
            draft.deadline, draft.timer_kind = None, None
            return
        waiting = game.waiting_for()
        if waiting is None:  # dealing: the deal window closes
            kind, seconds = TimerKind.DEAL, self.settings.deal_window
        else:
            kind, seconds = TimerKind(waiting.limit.value), draft.seconds_for(waiting.limit)
        draft.deadline = clock.now() + seconds
        draft.timer_kind = kind

    # ---- the seats nobody plays by hand -----------------------------------------------------
    @staticmethod
    def _automatic_seat(table: Table) -> int | None:
        """The AI or 托管 seat the table waits for now, if any (the first by seat)."""
        game = table.game
        if game is None or game.over or table.phase != TablePhase.PLAYING:
            return None
        waiting = game.waiting_for()
        if waiting is None:
            return None
        for seat in sorted(waiting.seats):
            if table.seats[seat].is_ai or game.auto[seat]:
                return seat
        return None

    def wake(self, table: Table) -> None:
        """If ``table`` waits for an AI or 托管 seat, it answers in the background (at most
        one answering task a table; it runs until a person must decide)."""
        if table.id in self._answering or self._automatic_seat(table) is None:
            return
        task = asyncio.get_running_loop().create_task(self._answer_for(table.id))
        self._answering[table.id] = task

    async def _answer_for(self, table_id: int) -> None:
        """The AI and 托管 seats of a table answer until a person must decide: thought out
        on a draft without the lock, committed as one change if the table is where it was."""
        try:
            while True:
                table = self.registry.get(table_id)
                if table is None or self._automatic_seat(table) is None:
                    return
                version = table.version
                change = self._change(table)
                while len(change.actions) < _MAX_AUTO_STEPS:
                    seat = self._automatic_seat(change.draft)
                    if seat is None:
                        break
                    level = change.draft.ai_level  # the table's, taken when it opened
                    action = await self.thinker.ai_action(change.game, seat, level=level)
                    self._accept(change, action, by=AI)
                async with self.registry.lock(table_id):
                    if table.version != version or not self.registry.holds(table):
                        continue  # someone acted meanwhile (or a time-out): think again
                    await self._finish_change(change)
        except Exception:  # the seat's clock still runs: its time-out decides then
            log.exception("table %s: the AI seats' answer failed", table_id)
            table = self.registry.get(table_id)
            if table is not None and table.game is not None:
                self._show(table)
        finally:
            del self._answering[table_id]

    def thinking(self) -> bool:
        """Whether some table's AI seats are still answering."""
        return bool(self._answering)

    async def quiet(self) -> None:
        """Wait until no AI seat is thinking (tests, shutting down)."""
        while self._answering:
            await asyncio.gather(*list(self._answering.values()), return_exceptions=True)

    async def _finish_change(
        self, change: _Change, *, decided: int | None = None, new_hand: bool = False
    ) -> None:
        """The change is committed and published; then panels, the settlement if the hand
        is over, the timer; the pictures once a person must decide (the AI and 托管 seats
        answer first, in the background: ``wake``)."""
        table = change.table
        try:
            await self.registry.commit(table, change.draft, change.actions)
        except Exception:
            self.ending.rearm_after_failure(table)
            raise
        self._published(change, decided=decided, new_hand=new_hand)
        game = table.game
        assert game is not None
        if game.over:
            self._unshown_hands.discard(table.id)
            await self.ending.settle(table)
            return
        self.arm(table)
        if new_hand:
            self._unshown_hands.add(table.id)
        if self._automatic_seat(table) is not None:
            self.wake(table)
            return
        self._show(table)

    def _show(self, table: Table) -> None:
        """The table's pictures and panels as they are now (a hand dealt since they were last
        shown: as new messages)."""
        new_hand = table.id in self._unshown_hands
        self._unshown_hands.discard(table.id)
        self.presenter.show_table(table, new_messages=new_hand)

    def _published(self, change: _Change, *, decided: int | None, new_hand: bool) -> None:
        """What the saved steps change in the panels (a decision's half-made choices go); a
        new hand starts every panel afresh and closes the lobby."""
        self.accepted_moves += len(change.actions)
        table = change.table
        game = change.game.game_name
        self.metrics.moved(game, len(change.actions))
        if change.answers:
            now = clock.now()
            for by, opened in change.answers:
                self.metrics.decided(game, by, now - opened)
        panels = self.presenter.panels
        if new_hand:
            panels.new_hand(table.id)
            self.presenter.show_lobby(table, closed_text=t(table.lang, "started"))
        if decided is not None:
            panels.decided(table.id, decided)
        for transition in change.transitions:
            panels.after_step(table.id, transition)

    def arm(self, table: Table) -> None:
        if table.deadline is None or table.timer_kind is None:
            self.timers.cancel(table.id)
            return
        self.timers.arm(TimerName(table.id, table.timer_kind, table.version), table.deadline)

    # ---- panels -----------------------------------------------------------------------------
    def refresh_panel(self, table: Table, seat: int, *, repost: bool = False) -> None:
        """Show a player's panel as it is now; ``repost``: as a new message at the bottom of
        their chat (the old one deleted), e.g. when they ask for it."""
        self.presenter.show_panel(table, seat, replace=repost)

    async def set_language(self, user_id: int, lang: str) -> None:
        """A person chose a language: the table they sit at speaks it to them from now on
        (their panel at once)."""
        table = self.registry.of_user(user_id)
        if table is None:
            return
        async with self.registry.lock(table.id):
            seat = table.seat_of(user_id)
            if seat is None or not self.registry.holds(table):
                return
            draft = table.draft()
            draft.seats[seat].lang = lang
            await self.registry.commit(table, draft)
            if table.in_hand():
                self.refresh_panel(table, seat)
