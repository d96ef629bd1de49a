"""What people wait for in ``bench/bot_load.py``: when each person's decision was told to them,
the time-outs the bot caused, and the answers to the words they typed.

A decision *opens* when the presenter first hands the outbox a panel of a seat that must
decide (its key: the table, the person, the version since which that decision is open) and
is *told* when a call carrying that panel (or a newer one) returns: the new panel, or the edit
when they are looking. The scripted people act only once their decision was told, as people
do. A time-out of a person whose decision was never told is one the bot caused.

It watches through four of the bot's own methods, replaced on the instances (the outbox's
``show`` and ``_apply``, the budget's ``take``, the hand flow's ``timed_out``): the bot needs
no hook of its own, so the same bench runs against older code. The budget's ``take`` gives
how long calls waited for their turn, by what they were for.
"""

from __future__ import annotations

import asyncio
import bisect
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from ddz_bot.tg.content import Content
from ddz_bot.tg.runtime import Runtime
from ddz_bot.tg.screens import PANEL_SLOT
from ddz_bot.tg.table import Table
from tests.tg.fake_api import Call

__all__ = ["Watch", "typed_answers", "typed_kind", "typed_replies"]

#: a decision: the table, the person, the version since which it is open
Key = tuple[int, int, int]
#: the methods that put words or pictures into a chat (what answers a typed message)
_SHOWING = ("send", "edit")


@dataclass
class Watch:
    """The decision waits and time-outs of one run (see the module docstring)."""

    rt: Runtime
    clock: Callable[[], float] = time.monotonic
    opened: dict[Key, tuple[float, str]] = field(default_factory=dict)
    told: dict[Key, float] = field(default_factory=dict)
    waits: dict[str, list[float]] = field(default_factory=dict)
    bot_timeouts: int = 0
    people_timeouts: int = 0
    typed: list[tuple[int, float]] = field(default_factory=list)
    #: seconds each call waited for its turn of the bot's budget, by what it was for
    budget_waits: dict[str, list[float]] = field(default_factory=dict)
    _carries: dict[int, tuple[Content, Key]] = field(default_factory=dict)
    _events: dict[int, asyncio.Event] = field(default_factory=dict)

    def install(self) -> None:
        """Watch the outbox and the time-outs of ``rt``."""
        outbox, hands = self.rt.outbox, self.rt.hands
        show: Callable[..., None] = outbox.show
        apply: Callable[[Any, Content], Awaitable[None]] = outbox._apply
        timed_out: Callable[..., Awaitable[None]] = hands.timed_out
        take: Callable[..., Awaitable[None]] = outbox.budget.take

        def watched_show(chat_id: int, name: str, content: Content, **kwargs: Any) -> None:
            if chat_id > 0 and name == PANEL_SLOT:
                self._shown(chat_id, content)
            show(chat_id, name, content, **kwargs)

        async def watched_apply(slot: Any, content: Content) -> None:
            await apply(slot, content)
            self._applied(content)

        async def watched_timed_out(table: Table, *args: Any, **kwargs: Any) -> None:
            for seat in table.people_waiting():
                key = self.key(table, table.seats[seat].user_id)
                if key is not None and key in self.told:
                    self.people_timeouts += 1
                elif key is not None:
                    self.bot_timeouts += 1
            await timed_out(table, *args, **kwargs)

        async def watched_take(urgency: Any, *args: Any, **kwargs: Any) -> None:
            start = self.clock()
            await take(urgency, *args, **kwargs)
            name = getattr(urgency, "name", str(urgency)).lower()
            self.budget_waits.setdefault(name, []).append(self.clock() - start)

        setattr(outbox.budget, "take", watched_take)  # noqa: B010
        setattr(outbox, "show", watched_show)  # noqa: B010 (replaced on the instance)
        setattr(outbox, "_apply", watched_apply)  # noqa: B010
        setattr(hands, "timed_out", watched_timed_out)  # noqa: B010

    def key(self, table: Table, user_id: int) -> Key | None:
        """The decision ``user_id`` must take now at ``table`` (None: none)."""
        seat = table.seat_of(user_id)
        if seat is None or seat not in table.people_waiting():
            return None
        since = self.rt.presenter.panels.open_since(table.id, seat)
        return (table.id, user_id, table.version if since is None else since)

    def told_now(self, user_id: int) -> bool:
        """Whether the person must decide now and was told so."""
        table = self.rt.table_of(user_id)
        key = None if table is None else self.key(table, user_id)
        return key is not None and key in self.told

    def event(self, user_id: int) -> asyncio.Event:
        """Set whenever a decision of ``user_id`` is told."""
        return self._events.setdefault(user_id, asyncio.Event())

    def _shown(self, user_id: int, content: Content) -> None:
        table = self.rt.table_of(user_id)
        if table is None or table.game is None:
            return
        key = self.key(table, user_id)
        if key is None or key in self.told:
            return
        if key not in self.opened:
            waiting = table.game.waiting_for()
            kind = "?" if waiting is None else str(waiting.kind)
            self.opened[key] = (self.clock(), kind)
        self._carries[id(content)] = (content, key)

    def _applied(self, content: Content) -> None:
        carried = self._carries.pop(id(content), None)
        if carried is None or carried[0] is not content:
            return
        key = carried[1]
        if key in self.told:
            return
        now = self.clock()
        self.told[key] = now
        at, kind = self.opened[key]
        self.waits.setdefault(kind, []).append(now - at)
        self.event(key[1]).set()


#: what a typed word is, for the typed answers by kind (anything else is a play)
_TYPED_KINDS = {"提示": "hint", "不出": "pass", "xyz": "refused"}


def typed_kind(text: str) -> str:
    """The kind of a word the scripted people type: a hint, a pass, a refused word, a play."""
    return _TYPED_KINDS.get(text, "play")


def typed_answers(typed: list[tuple[int, float, str]], calls: list[Call]) -> dict[str, list[float]]:
    """Seconds from each typed message to the first call that showed something in that
    private chat after it (a reply, or the panel the word changed), by kind of word
    (``typed_kind``); unanswered ones left out."""
    by_chat: dict[int, list[float]] = {}
    for call in calls:
        if call.ok and call.chat_id is not None and call.method.startswith(_SHOWING):
            by_chat.setdefault(call.chat_id, []).append(call.at)
    answered: dict[str, list[float]] = {}
    for chat, at, text in typed:
        times = by_chat.get(chat, [])
        found = bisect.bisect_left(times, at)
        if found < len(times):
            answered.setdefault(typed_kind(text), []).append(times[found] - at)
    return answered


#: the kinds of typed words answered by a text message of their own (a hint, a refusal)
_REPLIED = ("hint", "refused")


def typed_replies(typed: list[tuple[int, float, str]], calls: list[Call]) -> list[float]:
    """Seconds from each typed hint or refused word to its own reply: the text messages
    sent into that private chat, matched in order to the words that ask for one (a panel's
    edit that came first does not count, as it does in ``typed_answers``)."""
    texts: dict[int, list[float]] = {}
    for call in calls:
        if call.ok and call.chat_id is not None and call.method == "sendMessage":
            texts.setdefault(call.chat_id, []).append(call.at)
    used: dict[int, int] = {}
    waits: list[float] = []
    for chat, at, text in sorted(typed, key=lambda word: word[1]):
        if typed_kind(text) not in _REPLIED:
            continue
        times = texts.get(chat, [])
        found = max(bisect.bisect_left(times, at), used.get(chat, 0))
        if found < len(times):
            waits.append(times[found] - at)
            used[chat] = found + 1
    return waits
