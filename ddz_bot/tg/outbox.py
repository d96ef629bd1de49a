"""The outbox: every message the bot shows goes through here, in the background.

Each *slot* (a chat and a name: the group's table message, a player's DM panel) holds the
content it should show. ``show`` replaces the waiting content, so when several changes wait
for one message only the newest is sent (and its picture rendered, lazily). The outbox then
sends the smallest call that gets there: a new message, ``editMessageMedia`` when the picture
changed, ``editMessageCaption``/``editMessageText`` when only words changed,
``editMessageReplyMarkup`` when only buttons changed.

Every chat keeps its own pace (``tg/pace.py``: a group's ``group_interval``, a private chat's
burst then one a second, counted when the calls are made), and every call waits for its turn
of the bot's overall budget (``tg/budget.py``): what a person waits for first (the answer to
words just typed, ``awaited``; a deciding seat's panel, then answers, the group's picture,
waiting panels, deletions last, several in one call: ``tg/deletions.py``). A deciding seat's
panel remembers how late it came (``lateness``), so the table can give that decision its full
time; content that comes while a call waits for its turn goes in that turn. Side jobs handed
to ``spawn`` (answers to presses) keep no chat's pace; the budget counts them in the limiter.

A ``RetryAfter`` holds back that chat alone: its slots and posts wait the ``retry_after`` (the
newest content is sent then), every other chat goes on. Telegram out of reach (a network
error) holds the chat back likewise, with a growing backoff; the outage is logged once by
``tg/connection.py``, not here per call. A new private message whose answer timed out may
have arrived all the same: the bot's live messages just after the newest one known in that
chat are deleted (``tidy``; a restart does the same for a panel it never heard back about)
and it is sent again. "Message is not modified" counts as done, and a ``Forbidden`` private
chat is reported to ``on_forbidden`` (the table tells the group). Nothing here makes a caller
wait for Telegram: ``show``, ``post`` and ``spawn`` return at once.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any

from telegram import Bot, InlineKeyboardMarkup, Message
from telegram.error import BadRequest, Forbidden, NetworkError, RetryAfter, TelegramError, TimedOut

from .budget import Awaited, Budget, Urgency
from .content import Content, Render
from .deletions import Deletions
from .edits import edit_shown
from .oneoff import OneOff, send_once
from .pace import PRIVATE_PACE, UNPACED, ChatPace, ChatPaces, backoff, retry_seconds
from .ratelimit import caller_waits_out_floods
from .slots import Records, SentHook, Slot, tell
from .unseen import message_gone, tidy, tidy_unseen

__all__ = ["LOADED", "PRIVATE_PACE", "ChatPace", "Content", "Outbox", "Urgency"]

log = logging.getLogger(__name__)

_KEPT = "(kept)"  # the photo key of a picture already on a message we adopted
ForbiddenHook = Callable[[int, str], Awaitable[None]]


class _Superseded(Exception):
    """Newer content came for a slot while its call waited for its turn (``Outbox._go``)."""


#: calls at least as urgent as a group picture waiting for the budget: past this many, a
#: waiting seat's panel leaves out a change of its words alone (its cards and buttons go)
LOADED = 8


class Outbox:
    """Coalescing, rate-aware sender (see the module docstring). ``private_pace`` None:
    ``PRIVATE_PACE`` whenever groups are paced (``group_interval`` > 0), else none (tests)."""

    def __init__(
        self,
        bot: Bot,
        *,
        group_interval: float = 0.0,
        private_pace: ChatPace | None = None,
        on_forbidden: ForbiddenHook | None = None,
        on_sent: SentHook | None = None,
        on_sending: SentHook | None = None,
        max_retries: int = 5,
        network_retries: int = 8,
        overall_rate: float = 0.0,
        budget: Budget | None = None,
    ) -> None:
        self.bot = bot
        self.group_interval = group_interval
        self.group_pace = ChatPace(group_interval)
        if private_pace is None:
            private_pace = PRIVATE_PACE if group_interval > 0 else UNPACED
        self.private_pace = private_pace
        self._paces = ChatPaces(self.group_pace, private_pace)
        self.on_forbidden = on_forbidden
        self.on_sent = on_sent
        #: told before a slot's new message goes to a private chat, with the newest message
        #: id known there: if its id never comes back (a kill), a restart looks after it
        self.on_sending = on_sending
        self.max_retries = max_retries
        self.network_retries = network_retries
        self._slots: dict[tuple[int, str], Slot] = {}
        self._tasks: set[asyncio.Task[Any]] = set()
        self._records = Records(lambda key: self._slots.get(key))
        self.sent_calls = 0
        #: the rate limiter's, which counts every call, or its own at ``overall_rate`` (0: none)
        self.budget = budget if budget is not None else Budget(overall_rate)
        self._deletions = Deletions(bot, self.budget, self._spawn)
        self._awaited = Awaited(self.budget)

    # ---- what callers use ---------------------------------------------------------------
    def show(
        self,
        chat_id: int,
        name: str,
        content: Content,
        *,
        new_message: bool = False,
        replace: bool = False,
        urgency: Urgency | None = None,
        decision: object = None,
    ) -> None:
        """Make the slot show ``content`` as soon as the chat's pace allows.

        ``new_message``: a new message, the old one stays (a new hand). ``replace``: a new
        message and the old one is deleted: Telegram notifies nobody of an edit, so what a
        person must notice (their turn) is sent anew, and the chat keeps a single copy.
        ``urgency``: what the call is for (a group's: its picture; a private chat's: an
        answer). ``decision``: any value naming the decision the content asks its person
        for: from the moment a new one is shown, how late it comes is kept (``lateness``).
        """
        slot = self._slot(chat_id, name)
        slot.retiring = False
        if urgency is None:
            urgency = Urgency.GROUP if chat_id < 0 else Urgency.ANSWER
        slot.urgency = urgency = self._awaited.urgency(chat_id, urgency)
        self.budget.hurry(chat_id, urgency)
        if decision != slot.decision:
            slot.decision, slot.late = decision, 0.0
            slot.due = None if decision is None else time.monotonic()
        if new_message:
            slot.message_id, slot.sent = None, None
            slot.fresh = False
        elif replace:
            slot.fresh = True
        slot.pending = content
        if slot.task is None or slot.task.done():
            slot.task = self._spawn(self._run(slot))

    def bind(self, chat_id: int, name: str, message_id: int | None) -> None:
        """Adopt an existing message (after a restart): the next ``show`` edits it in full."""
        slot = self._slot(chat_id, name)
        slot.message_id, slot.sent = message_id, None
        slot.newest = max(slot.newest, message_id or 0)

    def message_id(self, chat_id: int, name: str) -> int | None:
        slot = self._slots.get((chat_id, name))
        return None if slot is None else slot.message_id

    def lateness(self, chat_id: int, name: str) -> float:
        """Seconds the slot's decision came late: since it was shown to the outbox until
        its call returned, or until now while it waits still (0: no decision)."""
        slot = self._slots.get((chat_id, name))
        if slot is None or slot.decision is None:
            return 0.0
        return slot.late if slot.due is None else time.monotonic() - slot.due

    def drop(self, chat_id: int, name: str) -> None:
        """Forget a slot (its message stays as it is). Waiting content is discarded."""
        slot = self._slots.pop((chat_id, name), None)
        if slot is not None:
            slot.pending = None

    def release(self, chat_id: int, name: str) -> None:
        """Forget the slot once what it waits to show is shown (a closed table's slots)."""
        slot = self._slots.get((chat_id, name))
        if slot is None:
            return
        if slot.task is None or slot.task.done():
            del self._slots[(chat_id, name)]
        else:
            slot.retiring = True

    def slot_names(self) -> list[tuple[int, str]]:
        """The slots the outbox holds now (chat, name)."""
        return list(self._slots)

    def retire(self, chat_id: int, name: str, text: str) -> bool:
        """Show ``text`` without buttons on the slot's message (its picture stays), then
        forget the slot: a closed table leaves no live-looking message behind. Whether there
        was a message to show it on."""
        slot = self._slots.get((chat_id, name))
        if slot is None:
            return False
        if slot.message_id is None and (slot.task is None or slot.task.done()):
            self.drop(chat_id, name)  # nothing was shown yet: nothing to close
            return False
        base = slot.pending or slot.sent
        if base is None:  # adopted after a restart: keep whatever picture it has
            base = slot.sent = Content("", None, photo_key=_KEPT)
        slot.pending = Content(text[:1024], None, photo_key=base.photo_key, render=base.render)
        slot.retiring = True
        slot.urgency, slot.decision, slot.due = Urgency.WAITING, None, None
        if slot.task is None or slot.task.done():
            slot.task = self._spawn(self._run(slot))
        return True

    def post(
        self,
        chat_id: int,
        text: str,
        markup: InlineKeyboardMarkup | None = None,
        *,
        photo: Render | None = None,
        reply_to: int | None = None,
        urgency: Urgency = Urgency.ANSWER,
    ) -> None:
        """Send a one-off message in the background, at the chat's pace (a notice, a
        result, a command's answer: ``reply_to`` the message it answers)."""
        urgency = self._awaited.urgency(chat_id, urgency)
        self.budget.hurry(chat_id, urgency)
        self._spawn(send_once(self, OneOff(chat_id, text, markup, photo, reply_to, urgency)))

    def awaited(self, chat_id: int) -> None:
        """A person just wrote in their private chat (typed words) and waits for the answer:
        what the chat is sent in the next ``AWAITED_SECONDS`` (a reply, the panel their words
        changed) goes first of all, and so does what it has waiting (``Urgency.AWAITED``)."""
        self._awaited.mark(chat_id)

    def edit(
        self, chat_id: int, message_id: int, text: str, markup: InlineKeyboardMarkup | None
    ) -> None:
        """Edit a message's words and buttons at the chat's pace (a settings panel): only
        the newest of several edits waiting is made."""
        name = f"message:{message_id}"
        self.bind(chat_id, name, message_id)
        self.show(chat_id, name, Content(text, markup), urgency=Urgency.ANSWER)
        self.release(chat_id, name)

    def delete(self, chat_id: int, message_id: int) -> None:
        """Delete a message once nothing more urgent waits (``tg/deletions.py``)."""
        self._deletions.delete(chat_id, message_id)

    def spawn(self, coroutine: Awaitable[Any]) -> None:
        """Run a side job (an alert, a deletion) in the background, tracked by ``drain``."""

        async def run() -> None:
            caller_waits_out_floods(False)  # a side job: the rate limiter retries its floods
            try:
                await coroutine
            except TelegramError as error:
                log.info("background call failed: %s", error)
            except Exception:
                log.exception("background job failed")

        self._spawn(run())

    async def drain(self) -> None:
        """Wait until nothing is waiting to be sent (tests; shutdown)."""
        while True:
            pending = [t for t in self._tasks if not t.done()]
            if not pending:
                return
            await asyncio.gather(*pending, return_exceptions=True)

    @property
    def busy(self) -> int:
        return sum(1 for t in self._tasks if not t.done())

    # ---- the machinery ------------------------------------------------------------------
    def _slot(self, chat_id: int, name: str) -> Slot:
        key = (chat_id, name)
        slot = self._slots.get(key)
        if slot is None:
            slot = self._slots[key] = Slot(chat_id, name)
        return slot

    @property
    def paced_chats(self) -> int:
        """How many chats the outbox keeps a pace for now."""
        return len(self._paces)

    def hold(self, chat_id: int, seconds: float) -> None:
        """Telegram said ``retry_after``: this chat sends nothing before then."""
        now = time.monotonic()
        self._paces.hold(chat_id, now + seconds, now)

    def held_chats(self) -> list[int]:
        """The chats Telegram told to wait that are waiting still."""
        return self._paces.held(time.monotonic())

    async def wait_turn(self, chat_id: int, urgency: Urgency, *, budget: bool = True) -> None:
        """Wait for this chat's turn to send (its pace, any hold Telegram asked for), then for
        the call's turn of the budget (``budget`` False: taken later, just before the call)."""
        pace = self._paces.pace_of(chat_id)
        gate = self._paces.gate(chat_id, time.monotonic())
        async with gate.lock:
            awaited = self._awaited.urgency(chat_id, urgency) is Urgency.AWAITED
            while (wait := gate.wait(pace, time.monotonic(), awaited=awaited)) > 0:
                made = gate.inflight == 0  # else a call let through may be made later
                await asyncio.sleep(wait)
                if made:
                    break
            gate.reserve()  # charged when its call is made (``pace.py``)
            if budget:
                try:
                    await self.budget.take(self._awaited.urgency(chat_id, urgency), chat_id)
                finally:
                    gate.spend(pace, time.monotonic())

    async def _go(self, slot: Slot) -> None:
        """The call's turn of the budget, taken just before it is made: after its picture
        is drawn and its message announced (``on_sending``), which may take a while, so
        that calls that waited for those together do not reach Telegram together. Newer
        content that came while it waited is sent instead, in this turn (``_Superseded``):
        a waiting panel's call whose seat must now decide carries the decision (unless the
        newer content is to come as a new message: that one goes after, as it would)."""
        if slot.turn_held:
            slot.turn_held = False
        else:
            urgency = self._awaited.urgency(slot.chat_id, slot.urgency)
            await self.budget.take(urgency, slot.chat_id)
        if slot.pending is not None and not slot.fresh:
            slot.turn_held = True
            raise _Superseded
        self._paces.call_made(slot, time.monotonic())  # the chat's pace counts it now

    def _left_out(self, slot: Slot) -> bool:
        """Under load, a waiting seat's panel whose words alone would change is left as it
        is (its cards and buttons still go; its person decides nothing now)."""
        content = slot.pending
        urgency = self._awaited.urgency(slot.chat_id, slot.urgency)
        if urgency < Urgency.WAITING or content is None or slot.message_id is None:
            return False
        sent = slot.sent
        if sent is None or not content.picture_shown_by(sent):
            return False
        if sent.markup_key() != content.markup_key():
            return False
        return self.budget.waiting_before(Urgency.GROUP) >= LOADED

    def _shown(self, slot: Slot, picked: float) -> None:
        """A call of the slot returned: the decision it waited to show is shown, if the
        content went after it was asked for."""
        if slot.due is not None and picked >= slot.due:
            slot.late, slot.due = time.monotonic() - slot.due, None

    def _spawn(self, coroutine: Any) -> asyncio.Task[Any]:
        task: asyncio.Task[Any] = asyncio.get_running_loop().create_task(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    async def _run(self, slot: Slot) -> None:
        caller_waits_out_floods()
        try:
            await self._send_pending(slot)
        finally:
            self._paces.no_call(slot)
            key = (slot.chat_id, slot.name)
            if slot.retiring and slot.pending is None and self._slots.get(key) is slot:
                del self._slots[key]

    async def _send_pending(self, slot: Slot) -> None:
        retries = 0
        while slot.pending is not None:
            self._paces.no_call(slot)  # an attempt that made no call
            if self._left_out(slot):
                slot.pending = None
                return
            slot.turn_held = False
            await self.wait_turn(slot.chat_id, slot.urgency, budget=False)  # see ``_go``
            slot.reserved = True
            content = slot.pending  # the newest, after the wait
            if content is None:
                return
            slot.pending = None
            picked = time.monotonic()
            stale: int | None = None
            if slot.fresh:
                slot.fresh = False
                stale, slot.message_id, slot.sent = slot.message_id, None, None
            try:
                while True:
                    try:
                        await self._apply(slot, content)
                        break
                    except _Superseded:  # its turn and its pace go to the newest content
                        assert slot.pending is not None
                        content, slot.pending, picked = slot.pending, None, time.monotonic()
                retries = 0
                self._shown(slot, picked)
                if stale is not None:
                    self.delete(slot.chat_id, stale)
                    stale = None
                if self.on_sent is not None:
                    await self._records.retry(self.on_sent)
            except RetryAfter as error:
                retries += 1
                if stale is not None and slot.message_id is None:
                    slot.message_id, slot.fresh = stale, True  # try the replacement again
                if slot.pending is None and retries <= self.max_retries:
                    slot.pending = content
                self.hold(slot.chat_id, retry_seconds(error.retry_after))
                continue
            except Forbidden as error:
                log.info("chat %s refuses messages: %s", slot.chat_id, error)
                slot.pending, slot.due = None, None
                if stale is not None and slot.message_id is None:
                    slot.message_id = stale  # still there: replaced once the chat is back
                if self.on_forbidden is not None:
                    await self.on_forbidden(slot.chat_id, slot.name)
                return
            except BadRequest as error:
                if "not modified" in str(error).lower():
                    slot.sent = content
                elif slot.message_id is not None and message_gone(error):
                    slot.message_id, slot.sent = None, None  # send it anew
                    if slot.pending is None:
                        slot.pending = content
                    continue
                else:
                    log.warning("chat %s slot %s: %s", slot.chat_id, slot.name, error)
            except NetworkError as error:  # no answer (BadRequest, a subclass, is above)
                retries += 1
                await self._no_answer(slot, error, content, stale, retries)
                continue
            except TelegramError as error:
                log.warning("chat %s slot %s: %s", slot.chat_id, slot.name, error)
            except Exception:  # a picture that fails to draw must not stop the slot
                log.exception("chat %s slot %s: content not shown", slot.chat_id, slot.name)
            if stale is not None and slot.message_id is None:
                slot.message_id = stale  # not sent anew: the old message keeps the slot

    async def _no_answer(
        self, slot: Slot, error: NetworkError, content: Content, stale: int | None, retries: int
    ) -> None:
        """Telegram did not answer the ``retries``-th call in a row: the content is sent
        again (a few times); a new message that timed out may have arrived unseen, so it
        goes first (``_tidy_unseen``); else the chat waits a growing backoff."""
        unseen = isinstance(error, TimedOut) and slot.message_id is None
        if unseen:
            # the new message may have arrived unseen: it goes, then is sent again
            log.info("chat %s slot %s: %s", slot.chat_id, slot.name, error)
            await self._tidy_unseen(slot, stale)
        if stale is not None and slot.message_id is None:
            slot.message_id, slot.fresh = stale, True
        if slot.pending is None and retries <= self.network_retries:
            slot.pending = content
        if not unseen:
            self.hold(slot.chat_id, backoff(retries))

    async def _tidy_unseen(self, slot: Slot, stale: int | None) -> None:
        """A new message of ``slot`` timed out: it may have arrived all the same
        (``unseen.tidy_unseen``; the messages this outbox knows are kept)."""
        chat = slot.chat_id
        ids = [s.message_id for s in self._slots.values() if s.chat_id == chat] + [stale]
        known = {m for m in ids if m is not None}
        await tidy_unseen(self.bot, chat, slot.after, known)

    async def tidy(self, chat_id: int, after: int, *, keep: int | None = None) -> None:
        """Delete a message of ours sent unseen just after ``after`` (``unseen.tidy``)."""
        await tidy(self.bot, chat_id, after, keep=keep)

    async def _photo(self, content: Content) -> bytes:
        assert content.render is not None
        return await self.draw(content.render)

    async def draw(self, render: Render) -> bytes:
        """A picture drawn off the loop."""
        return await asyncio.to_thread(render)

    def seen(self, chat_id: int, message_id: int, *, sent: bool = True) -> None:
        """A message of ours with this id is in the chat (``sent``: a call sent it)."""
        self._paces.seen(chat_id, message_id)
        self.sent_calls += sent

    async def _apply(self, slot: Slot, content: Content) -> None:
        bot, chat = self.bot, slot.chat_id
        if slot.message_id is None:
            message: Message
            slot.after = max(slot.newest, self._paces.newest(chat))
            if self.on_sending is not None and chat > 0:
                await tell(self.on_sending, slot, slot.after)
            photo = None if content.photo_key is None else await self._photo(content)
            await self._go(slot)
            if photo is not None:
                message = await bot.send_photo(
                    chat, photo, caption=content.text, reply_markup=content.markup
                )
            else:
                message = await bot.send_message(chat, content.text, reply_markup=content.markup)
            self.sent_calls += 1
            slot.message_id, slot.sent = message.message_id, content
            self._paces.seen(chat, message.message_id)
            slot.newest = max(slot.newest, message.message_id)
            if self.on_sent is not None:
                await self._records.record(self.on_sent, slot, message.message_id)
            return
        if await edit_shown(bot, slot, content, self._photo, self._go):
            self.sent_calls += 1
