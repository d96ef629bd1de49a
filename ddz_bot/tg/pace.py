"""How fast the outbox may send to each chat: its pace, Telegram's holds, network backoff.

Every chat keeps its own pace (``ChatPace``): a group waits ``group_interval`` seconds after
each send, which keeps a table's own traffic below Telegram's 20 messages a minute; a private
chat takes a short burst, then about one message a second (Telegram's pace there), and keeps
one message of Telegram's burst of three for the answer to words its person just typed
(``kept``): a hint's panel and its reply go together, instead of the reply a second later.
A send is let through the gate (``reserve``) and charged when its call is made (``spend``,
after its turn of the budget, which may come later): the pace counts the calls as Telegram
does, and the calls let through but not made yet count as made now. A
``RetryAfter`` holds back that chat alone (``hold``), and so does Telegram out of reach, with
a growing backoff (``backoff``). The outbox does the waiting: everything here is told the
time, so it keeps no clock of its own and never sleeps.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any, Final, Protocol

__all__ = [
    "NETWORK_BACKOFF_CAP",
    "PRIVATE_PACE",
    "UNPACED",
    "ChatPace",
    "ChatPaces",
    "Gate",
    "Reserved",
    "backoff",
    "retry_seconds",
]


@dataclass(frozen=True, slots=True)
class ChatPace:
    """How fast one chat is sent to: ``burst`` sends at once, then one every ``interval``
    seconds (0: never waits); a send that answers no one's typed words leaves ``kept`` of
    them for one that does."""

    interval: float
    burst: int = 1
    kept: int = 0


#: A private chat: Telegram's burst of three, then one a second; one of the three is kept for
#: the answer to typed words (two sends at once for the rest).
PRIVATE_PACE: Final = ChatPace(1.0, burst=3, kept=1)
#: No pace at all (the tests of the flow).
UNPACED: Final = ChatPace(0.0)
#: Telegram out of reach: a chat waits 1, 2, 4 ... seconds, at most this many, between tries.
NETWORK_BACKOFF_CAP: Final = 30.0
#: Chats with a pace kept before idle ones are first forgotten.
_FIRST_SWEEP: Final = 1024


@dataclass(slots=True)
class Gate:
    """One chat's pace: the sends it may make now (as of ``at``), until when Telegram told
    it to wait, and who waits for the next send (``lock``)."""

    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    allowance: float | None = None  # None: a full burst
    at: float = 0.0
    held_until: float = 0.0
    newest: int = 0  # the newest message id sent into the chat
    inflight: int = 0  # sends let through whose call is not made yet

    def allowance_at(self, pace: ChatPace, now: float) -> float:
        """The sends the chat may make at ``now``: refilled by the time since the last."""
        if self.allowance is None:
            return float(pace.burst)
        return min(float(pace.burst), self.allowance + (now - self.at) / pace.interval)

    def wait(self, pace: ChatPace, now: float, *, awaited: bool = False) -> float:
        """Seconds from ``now`` until the chat may send: its pace and any hold (``awaited``:
        the send answers typed words, it may take the ``kept`` sends)."""
        wait = self.held_until - now
        if pace.interval > 0:
            kept = 0 if awaited else pace.kept
            short = 1.0 + kept + self.inflight - self.allowance_at(pace, now)
            wait = max(wait, short * pace.interval)
        return wait

    def reserve(self) -> None:
        """A send is let through: it counts as made until its call is (``spend``)."""
        self.inflight += 1

    def release(self) -> None:
        """A send let through made no call after all."""
        self.inflight = max(self.inflight - 1, 0)

    def spend(self, pace: ChatPace, now: float) -> None:
        """The call of a send let through is made now: it spends one."""
        self.release()
        if pace.interval > 0:
            self.allowance, self.at = self.allowance_at(pace, now) - 1.0, now


class Reserved(Protocol):
    """A send that may have been let through its chat's gate (a slot's next call)."""

    chat_id: int
    reserved: bool


class ChatPaces:
    """The gates of the chats sent to lately: a group's pace (negative ids) or a private
    chat's. Idle chats are forgotten (every person who ever had a panel would stay here)."""

    def __init__(self, group: ChatPace, private: ChatPace) -> None:
        self.group = group
        self.private = private
        self._gates: dict[int, Gate] = {}
        self._sweep_at = _FIRST_SWEEP

    def pace_of(self, chat_id: int) -> ChatPace:
        return self.group if chat_id < 0 else self.private

    def gate(self, chat_id: int, now: float) -> Gate:
        """The chat's gate (a fresh one for a chat not sent to lately)."""
        gate = self._gates.get(chat_id)
        if gate is None:
            if len(self._gates) >= self._sweep_at:
                self._forget_idle(now)
            gate = self._gates[chat_id] = Gate()
        return gate

    def _forget_idle(self, now: float) -> None:
        """Forget the chats whose pace is back to a fresh one; runs once the number of
        chats has doubled."""
        for chat_id, gate in list(self._gates.items()):
            pace = self.pace_of(chat_id)
            rested = gate.allowance is None or now - gate.at >= pace.burst * pace.interval
            idle = not gate.lock.locked() and gate.inflight == 0
            if rested and gate.held_until <= now and idle:
                del self._gates[chat_id]
        self._sweep_at = max(_FIRST_SWEEP, 2 * len(self._gates))

    def __len__(self) -> int:
        return len(self._gates)

    def call_made(self, send: Reserved, now: float) -> None:
        """The call of ``send``, let through its chat's gate, is made now (``Gate.spend``)."""
        if send.reserved:
            send.reserved = False
            self.gate(send.chat_id, now).spend(self.pace_of(send.chat_id), now)

    def no_call(self, send: Reserved) -> None:
        """``send`` was let through its chat's gate and made no call (``Gate.release``)."""
        gate = self._gates.get(send.chat_id)
        if send.reserved and gate is not None:
            gate.release()
        send.reserved = False

    def hold(self, chat_id: int, until: float, now: float) -> None:
        """Telegram said ``retry_after``: this chat sends nothing before ``until``."""
        gate = self.gate(chat_id, now)
        gate.held_until = max(gate.held_until, until)

    def held(self, now: float) -> list[int]:
        """The chats told to wait that are waiting still."""
        return [chat for chat, gate in self._gates.items() if gate.held_until > now]

    def seen(self, chat_id: int, message_id: int) -> None:
        """A message of ours with this id is in the chat."""
        gate = self._gates.get(chat_id)
        if gate is not None:
            gate.newest = max(gate.newest, message_id)

    def newest(self, chat_id: int) -> int:
        """The newest message id known to have been sent into the chat (0: none)."""
        gate = self._gates.get(chat_id)
        return 0 if gate is None else gate.newest


def retry_seconds(value: Any) -> float:
    """A ``retry_after`` (seconds or a timedelta) as seconds, within 0 to 60."""
    seconds = value.total_seconds() if hasattr(value, "total_seconds") else float(value)
    return min(max(seconds, 0.0), 60.0)


def backoff(failures: int) -> float:
    """Seconds to wait after the ``failures``-th call in a row that found no Telegram."""
    return float(min(NETWORK_BACKOFF_CAP, 2 ** (failures - 1)))
