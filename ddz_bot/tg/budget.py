"""The bot token's budget: Telegram's overall calls a second, spent first where a person waits.

Telegram lets a bot make about 30 calls a second in all chats together. When the tables want
more, what goes first is what a person is waiting for (``Urgency``): the panel of a seat that
must decide now, then answers (a reply, the panel of whoever just acted), then the group's
picture, then the panels of seats that wait, and last deletions of old panels. Before all of
them goes the answer to words a person just typed in their private chat (``Awaited``): they
wrote and look at the chat for the answer, and a typist is one person among many whose panels
change, so their few calls never keep a seat waiting long. The outbox takes a turn here
before each call (``Budget.take``); while a call waits, whatever it would show may be
replaced by newer content, so the longer the queue, the more a waiting panel or a group
picture skips states nobody needs to see.

Every call of the bot counts, when it is made: the rate limiter, which every call goes
through, tells the budget (``Budget.call``), and a call whose task took no turn before (an
answer to a press, a deletion's second call, a retry) waits for one there. Counting turns
when they were handed out, and the outbox's calls alone, let a second hold half as many calls
again as Telegram allows: a turn's call comes a little later, and answers took no turn at all.

The budget is a share of the token's (``share``, ``set_share``): bots serving one token each
lease a part, and the parts add up to Telegram's rate.

A less urgent call goes only while the second keeps room for the more urgent ones
(``_KEPT_FREE``): a window filled by group pictures and waiting panels still lets a deciding
seat's panel or an answer go at once, instead of when the window's oldest call ages out. When
the tables want more than the budget, the calls go spread over the second (``_SPREAD``), not
in a burst each time the window empties: the most urgent call that comes waits for the next
turn, a few milliseconds, not for the end of the second.

A group's call never waits behind the others for ever: one that has waited ``PATIENCE``
seconds goes as a deciding seat's would (a tournament of hundreds keeps every turn busy with
panels, and its group's one standings message would otherwise never be edited). Each group's
calls keep to its pace, so that costs the deciding seats one turn a group in ``PATIENCE``.

A call waiting for its turn is keyed by its chat: when something more urgent comes for that
chat (its seat must decide now; a person asked something) the waiting turn is hurried
(``hurry``), since the chat's calls go one after another and the urgent one is behind it.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
import time
from collections import deque
from contextvars import ContextVar
from dataclasses import dataclass, field
from enum import IntEnum
from typing import Any, Final

__all__ = ["AWAITED_SECONDS", "PATIENCE", "Awaited", "Budget", "Urgency"]


class Urgency(IntEnum):
    """What a call is for, most urgent first."""

    AWAITED = 0  # what a person who just typed words in their private chat is sent
    DECIDING = 1  # the panel of a seat that must decide now
    ANSWER = 2  # a reply, the panel of whoever just acted, a notice
    GROUP = 3  # the group's picture, the lobby, a result
    WAITING = 4  # the panel of a seat that waits
    TIDY = 5  # deleting messages that were replaced


@dataclass(eq=False, slots=True)
class _Ticket:
    """A turn handed out and not used yet: it holds a place in the window until its call is
    made (``Budget.call``), then the call's own moment does. It is its task's (a task started
    meanwhile inherits the mark, not the turn)."""

    handed: float
    task: asyncio.Task[Any] | None = None


@dataclass(order=True, slots=True)
class _Turn:
    urgency: int
    seq: int
    future: asyncio.Future[_Ticket] = field(compare=False)
    key: int | None = field(compare=False, default=None)
    live: bool = field(compare=False, default=True)
    #: when the call began to wait (a group's call waits ``PATIENCE`` at most)
    since: float = field(compare=False, default=0.0)


#: the turn the running task was handed and has not used yet: its next call uses it
_TICKET: ContextVar[_Ticket | None] = ContextVar("budget_ticket", default=None)

#: the share of each second's calls a less urgent call leaves free for the more urgent ones:
#: a window full of group pictures and waiting panels still has room for a seat that must
#: decide now (its panel goes at once instead of when the window's oldest call ages out)
_KEPT_FREE: Final = {
    Urgency.AWAITED: 0.0,
    Urgency.DECIDING: 0.0,
    Urgency.ANSWER: 0.04,
    Urgency.GROUP: 0.14,
    Urgency.WAITING: 0.2,
    Urgency.TIDY: 0.2,
}


#: seconds a group's call waits behind the more urgent ones at most: then it goes as a
#: deciding seat's would
PATIENCE: Final = 20.0

#: the share of a second's calls that may go at once; the rest go spread over the second. A
#: window alone, once full, empties and fills again all at once every second: a call that
#: comes just after would wait most of a second whatever its urgency
_SPREAD: Final = 0.35
#: turns that may go at once however small the budget
_LEAST_BURST: Final = 3.0
#: a turn's share too small to wait for (the rounding of the bucket's sums)
_EPSILON: Final = 1e-9
#: the window is this much longer than Telegram's second: a call reaches Telegram a little
#: after the moment it is counted at, and not every call equally soon
_SLACK: Final = 0.02


class Budget:
    """At most ``per_second`` calls in any second, handed out by urgency (0: no limit, every
    turn at once). Telegram counts a bot's calls a second: a window of the last second keeps
    to it, counting each call when it is made (``call``, from the rate limiter every call goes
    through) and each turn handed out but not used yet as made now, so that no window ever
    holds more, whatever the loop's delays. Within it the calls are spread (a bucket of
    ``_SPREAD`` of a second's calls, refilled at the budget's rate): after a busy loop's
    pause a few go at once, the rest one after another, so that a full window empties a call
    at a time, not all at the end of the second; the call that comes next, if the most
    urgent, waits a few milliseconds. A less urgent call goes only while the second (and the
    bucket) has more room than the more urgent ones may need (``_KEPT_FREE``): when the
    tables want more than the budget, the window never fills up with waiting panels just
    before a seat must decide.

    The rate is ``token_rate`` (Telegram's, for the bot's token) times ``share``: the part
    of the token's budget this process holds. Several processes serving one token each
    lease a share (``set_share``, at any time), and together keep to the token's rate."""

    def __init__(self, token_rate: float, *, share: float = 1.0) -> None:
        self.token_rate = token_rate
        self.share = _checked(share)
        self._recent: deque[float] = deque()  # when the calls of the last window were made
        self._unused: dict[_Ticket, None] = {}  # turns handed out, oldest first
        self._tokens, self._at = 0.0, time.monotonic()
        #: the bucket fills no more until then: the window was full (its calls went in a
        #: burst that ages out at once; refilled meanwhile, the bucket would send a burst again)
        self._full_until = 0.0
        self._configure()
        self._tokens = self._burst
        self._queue: list[_Turn] = []
        self._by_key: dict[int, list[_Turn]] = {}
        self._seq = itertools.count()
        self._handing: asyncio.Task[None] | None = None
        self._handing_for = len(Urgency)  # the urgency the hand-out waits to give a turn to
        self._aged_at = 0.0  # when the waiting group calls were last looked at (``_age``)
        self.taken = 0

    @property
    def per_second(self) -> float:
        """The calls a second this budget may make: the token's rate times its share."""
        return max(self.token_rate, 0.0) * self.share

    @per_second.setter
    def per_second(self, value: float) -> None:
        """Change the token's rate while running (0: no limit)."""
        self.token_rate = value
        self._configure()
        self._rehand()

    def set_share(self, fraction: float) -> float:
        """Keep to ``fraction`` of the token's rate from now on (a lease given or taken back
        while the bot runs). Returns when (``time.monotonic``) the last second holds no more
        calls than the new share allows: a share given up is free for another process only
        then, since the calls already made still count in Telegram's second."""
        self.share = _checked(fraction)
        self._configure()
        self._rehand()
        now = time.monotonic()
        self._forget(now)
        over = len(self._recent) + len(self._unused) - self._capacity
        if self._capacity <= 0 or over <= 0:
            return now
        if over <= len(self._recent):
            return self._recent[over - 1] + self._span
        return now + self._span

    def _configure(self) -> None:
        """The window, its ceilings and the bucket for the rate now."""
        rate = self.per_second
        #: calls in any window (0: no limit); a rate under one a second stretches the window
        self._capacity = max(1, int(rate + _EPSILON)) if rate > 0 else 0
        self._span = (max(1.0, self._capacity / rate) if rate > 0 else 1.0) + _SLACK
        capacity = self._capacity
        #: how many calls of the last window leave a call of each urgency no room
        self._ceilings = {
            urgency: max(1, capacity - round(capacity * share))
            for urgency, share in _KEPT_FREE.items()
        }
        #: the turns a call of each urgency leaves in the bucket for the more urgent ones
        self._kept = {urgency: capacity - ceiling for urgency, ceiling in self._ceilings.items()}
        #: turns that may go at once (``_SPREAD``): refilled at the rate, as of ``_at``
        self._burst = max(_LEAST_BURST, capacity * _SPREAD, max(self._kept.values()) + 2.0)
        self._tokens = min(self._tokens, self._burst)

    @property
    def demand(self) -> int:
        """The calls a second this budget wants now: those of its last second and those
        waiting for a turn (processes serving one token split its rate by it: ``shares``)."""
        self._forget(time.monotonic())
        return len(self._recent) + len(self._unused) + self.waiting

    @property
    def waiting(self) -> int:
        """How many calls wait for their turn now."""
        return sum(1 for turn in self._queue if turn.live)

    def waiting_before(self, urgency: Urgency) -> int:
        """How many calls at least as urgent as ``urgency`` wait now."""
        return sum(1 for turn in self._queue if turn.live and turn.urgency <= urgency)

    def _forget(self, now: float) -> None:
        """Calls older than the window; turns never used within it (as if made when
        handed out: a call that comes later takes a new turn)."""
        recent, span = self._recent, self._span
        while recent and recent[0] <= now - span:
            recent.popleft()
        unused = self._unused
        while unused and (oldest := next(iter(unused))).handed <= now - span:
            del unused[oldest]

    def _room(self, urgency: int = Urgency.DECIDING) -> float:
        """Seconds until one more call of ``urgency`` fits the window (0: it fits now)."""
        now = time.monotonic()
        self._forget(now)
        recent, ceiling = self._recent, self._ceilings[Urgency(urgency)]
        wait = 0.0
        over = len(recent) + len(self._unused) - ceiling  # counted calls to age out first
        if over >= 0:
            wait = self._frees_at(over) - now
        needed = 1.0 + self._kept[Urgency(urgency)] - self._refill(now)
        if needed > _EPSILON:
            wait = max(wait, needed / self.per_second)
        return max(wait, 0.0)

    def _refill(self, now: float) -> float:
        """The bucket's turns at ``now``: none added while the window was full but the
        one for the call that may go when it frees."""
        rate = self.per_second
        since = max(self._at, min(self._full_until - 1.0 / rate, now))
        self._tokens = min(self._burst, self._tokens + (now - since) * rate)
        self._at = now
        return self._tokens

    def _hand(self) -> _Ticket:
        """A turn goes: out of the bucket, into the window as a call made now until used."""
        now = time.monotonic()
        ticket = _Ticket(now)
        self._unused[ticket] = None
        self._tokens = self._refill(now) - 1.0
        counted = len(self._recent) + len(self._unused)
        if counted >= self._capacity:
            self._full_until = self._frees_at(counted - self._capacity)
        return ticket

    def _frees_at(self, index: int) -> float:
        """When the ``index``-th of the calls counted now (oldest first: those made, then
        the turns not used yet, as if made when handed out) leaves the window. A turn used
        later stays longer: the window is looked at again then."""
        recent = self._recent
        if index < len(recent):
            return recent[index] + self._span
        unused = itertools.islice(self._unused, index - len(recent), None)
        return next(unused).handed + self._span

    def _head(self) -> _Turn | None:
        """The most urgent live turn waiting (dead ones on top are dropped)."""
        queue = self._queue
        while queue and (not queue[0].live or queue[0].future.done()):
            heapq.heappop(queue)
        return queue[0] if queue else None

    def _holds(self, ticket: _Ticket | None) -> bool:
        """Whether ``ticket`` is a turn of this budget not used yet."""
        if ticket is None or ticket not in self._unused:
            return False
        if ticket.task is not asyncio.current_task():
            return False
        self._forget(time.monotonic())
        return ticket in self._unused

    async def take(self, urgency: Urgency, key: int | None = None) -> None:
        """Wait for this call's turn: every more urgent call waiting goes first. The turn
        is the running task's until its next call (``call``) uses it."""
        self.taken += 1
        if self._capacity <= 0 or self._holds(_TICKET.get()):
            return
        head = self._head()
        if (head is None or head.urgency > urgency) and self._room(urgency) <= 0:
            ticket = self._hand()
            ticket.task = asyncio.current_task()
            _TICKET.set(ticket)
            return
        turn = _Turn(int(urgency), next(self._seq), asyncio.get_running_loop().create_future())
        turn.key, turn.since = key, time.monotonic()
        self._push(turn)
        try:
            ticket = await turn.future
            ticket.task = asyncio.current_task()
            _TICKET.set(ticket)
        finally:
            turn.live = False
            if key is not None:
                self._drop(key, turn.future)

    async def call(self, urgency: Urgency) -> None:
        """A call is made now (the rate limiter says so just before each one): it uses the
        turn the task was handed (``take``), or waits for one of ``urgency``; counted from
        this moment."""
        ticket = _TICKET.get()
        while not self._holds(ticket):
            if self._capacity <= 0:
                return
            await self.take(urgency)
            ticket = _TICKET.get()
        assert ticket is not None
        del self._unused[ticket]
        _TICKET.set(None)
        self._recent.append(time.monotonic())

    def _drop(self, key: int, future: asyncio.Future[_Ticket]) -> None:
        """The turns (the first and any hurried one) of a call that went or was cancelled."""
        turns = [t for t in self._by_key.get(key, []) if t.future is not future]
        for gone in self._by_key.get(key, []):
            if gone.future is future:
                gone.live = False
        if turns:
            self._by_key[key] = turns
        else:
            self._by_key.pop(key, None)

    def hurry(self, key: int, urgency: Urgency) -> None:
        """Something as urgent as ``urgency`` is for ``key``'s chat: its waiting calls (which
        the urgent one is behind) go at that urgency."""
        for turn in list(self._by_key.get(key, [])):
            if turn.live and turn.urgency > urgency:
                turn.live = False
                self._push(_Turn(int(urgency), turn.seq, turn.future, key))

    def _push(self, turn: _Turn) -> None:
        if turn.key is not None:
            self._by_key.setdefault(turn.key, []).append(turn)
        heapq.heappush(self._queue, turn)
        handing = self._handing
        if handing is not None and not handing.done():
            if turn.urgency >= self._handing_for:
                return  # it waits for a turn that comes no later than this one's
            handing.cancel()  # it waits for a less urgent call: this one may go sooner
        self._handing = asyncio.get_running_loop().create_task(self._hand_out())

    def _rehand(self) -> None:
        """The rate changed: the hand-out waits no longer for what the old rate said."""
        handing = self._handing
        if handing is not None and not handing.done():
            handing.cancel()
            self._handing = asyncio.get_running_loop().create_task(self._hand_out())

    def _age(self) -> None:
        """A group's call that has waited ``PATIENCE`` goes as a deciding seat's would
        (looked at once a second, from the hand-out: it is pushed back as that)."""
        now = time.monotonic()
        if now < self._aged_at + 1.0:
            return
        self._aged_at = now
        for turn in list(self._queue):
            if turn.live and turn.urgency == Urgency.GROUP and now - turn.since >= PATIENCE:
                turn.live = False
                older = _Turn(
                    int(Urgency.DECIDING), turn.seq, turn.future, turn.key, since=turn.since
                )
                if turn.key is not None:
                    self._by_key.setdefault(turn.key, []).append(older)
                heapq.heappush(self._queue, older)

    async def _hand_out(self) -> None:
        """Give the turns out in order of urgency, as the rate allows."""
        while True:
            self._age()
            head = self._head()
            if head is None:
                break
            self._handing_for = head.urgency
            unlimited = self._capacity <= 0
            wait = 0.0 if unlimited else self._room(head.urgency)
            if wait > 0:
                await asyncio.sleep(wait)
                continue
            heapq.heappop(self._queue)
            head.live = False
            head.future.set_result(_Ticket(time.monotonic()) if unlimited else self._hand())
        self._handing_for = len(Urgency)


def _checked(share: float) -> float:
    """A share of the token's budget: more than nothing, at most all of it."""
    if not 0.0 < share <= 1.0:
        raise ValueError(f"a budget's share is more than 0 and at most 1, not {share}")
    return share


#: seconds after a person wrote in their private chat in which what the chat is sent answers
#: them (``Awaited``)
AWAITED_SECONDS: Final = 2.0
#: chats remembered as awaiting an answer before the ones whose time is over are forgotten
_AWAITED_SWEEP: Final = 1024


class Awaited:
    """The private chats whose person just wrote to the bot (typed words) and waits for its
    answer: for ``AWAITED_SECONDS`` what the chat is sent goes first of all
    (``Urgency.AWAITED``), before even a deciding seat's panel: the person looks at the chat
    now, while a seat told to decide has its whole clock and is told of it by the same
    queue a moment later."""

    def __init__(self, budget: Budget) -> None:
        self.budget = budget
        self._until: dict[int, float] = {}

    def mark(self, chat_id: int) -> None:
        """The chat's person just wrote: its calls waiting now are hurried too."""
        now = time.monotonic()
        if len(self._until) >= _AWAITED_SWEEP:
            self._until = {chat: until for chat, until in self._until.items() if until > now}
        self._until[chat_id] = now + AWAITED_SECONDS
        self.budget.hurry(chat_id, Urgency.AWAITED)

    def urgency(self, chat_id: int, urgency: Urgency) -> Urgency:
        """``urgency``, or ``Urgency.AWAITED`` while the chat's person awaits an answer."""
        until = self._until.get(chat_id)
        if until is None:
            return urgency
        if until < time.monotonic():
            del self._until[chat_id]
            return urgency
        return Urgency.AWAITED
