"""The rate limiter: python-telegram-bot's pacing, with floods held back per chat, and the one
place every call of the bot goes through: the bot token's budget (``tg/budget.py``) counts
each call here, when it is made, whoever makes it (an answer to a press, a deletion, a retry
as much as the outbox's messages).

``AIORateLimiter`` keeps each group's 20 messages a minute (and the overall rate where no
budget does), but when Telegram answers 429 it pauses *every* request of the bot for the
``retry_after``: one fast tapper in a private chat would stall every table.
``ChatRateLimiter`` keeps the pacing and holds back only the chat that was told to wait:
later calls into that chat wait out the hold, other chats go on. Calls from a task that waits
out floods itself (the outbox, which then sends only the newest content: see
``caller_waits_out_floods``) get the ``RetryAfter`` at once; other calls (replies, answers to
button presses) are retried after the hold.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable, Coroutine
from contextvars import ContextVar
from typing import Any, Final

from telegram.error import RetryAfter
from telegram.ext import AIORateLimiter

from .budget import Budget, Urgency
from .metrics import Metrics

__all__ = ["ChatRateLimiter", "caller_waits_out_floods"]

log = logging.getLogger(__name__)

#: True in a task that handles ``RetryAfter`` itself (set by ``caller_waits_out_floods``).
_CALLER_WAITS: ContextVar[bool] = ContextVar("caller_waits_out_floods", default=False)
_NO_CHAT = "(no chat)"
JSONDict = dict[str, Any]
Request = Callable[..., Coroutine[Any, Any, bool | JSONDict | list[JSONDict]]]


def caller_waits_out_floods(waits: bool = True) -> None:
    """Mark the running task as one that waits out 429s itself: the limiter neither retries
    its calls nor sleeps for them, it raises ``RetryAfter`` (and still holds the chat).
    ``waits=False`` undoes it for a task started from such a one (it inherits the mark)."""
    _CALLER_WAITS.set(waits)


#: the urgency of a call made without a turn of the budget taken for it (``Budget.call``)
_URGENCY: Final = {
    "answerCallbackQuery": Urgency.ANSWER,  # a person pressed and sees the button spin
    "deleteMessage": Urgency.TIDY,
    "deleteMessages": Urgency.TIDY,
}


class ChatRateLimiter(AIORateLimiter):
    """The bot token's budget (every call counted when it is made: ``budget``) or
    ``AIORateLimiter``'s overall pacing; its per-group pacing; a 429 holds back its chat
    alone."""

    def __init__(
        self,
        *,
        overall_max_rate: float,
        group_max_rate: float,
        max_retries: int,
        budget: Budget | None = None,
    ):
        # AIORateLimiter's overall limit is a leaky bucket: a full bucket's 30 calls at once
        # and 30 more leaked over the same second. The budget's window keeps to the rate in
        # every second, so where there is one it is the overall limit.
        super().__init__(
            overall_max_rate=0 if budget is not None else overall_max_rate,
            group_max_rate=group_max_rate,
            max_retries=0,
        )
        self.budget = budget
        self.retries = max_retries
        self._held_until: dict[int | str, float] = {}
        self._metrics: Metrics | None = None

    def report_to(self, metrics: Metrics) -> None:
        """Count every call made from now on, and each 429, by its Bot API method: the
        limiter is the one place every call of the bot goes through (the runtime, built
        after the Application, hands it its metrics)."""
        self._metrics = metrics

    def held_chats(self) -> list[int | str]:
        """The chats Telegram told to wait that are waiting still."""
        now = asyncio.get_running_loop().time()
        return [chat for chat, until in self._held_until.items() if until > now]

    async def process_request(
        self,
        callback: Request,
        args: Any,
        kwargs: dict[str, Any],
        endpoint: str,
        data: dict[str, Any],
        rate_limit_args: int | None,
    ) -> bool | JSONDict | list[JSONDict]:
        """Pace the call as ``AIORateLimiter`` does, after any hold of its chat."""
        chat_id: Any = data.get("chat_id")
        with contextlib.suppress(ValueError, TypeError):
            chat_id = int(chat_id)
        group: int | str | bool = (
            chat_id
            if (isinstance(chat_id, int) and chat_id < 0) or isinstance(chat_id, str)
            else False
        )
        key: int | str = chat_id if isinstance(chat_id, (int, str)) else _NO_CHAT
        retries = 0 if _CALLER_WAITS.get() else self.retries
        loop = asyncio.get_running_loop()
        for attempt in range(retries + 1):
            wait = self._held_until.get(key, 0.0) - loop.time()
            if wait > 0:
                await asyncio.sleep(wait)
            else:
                self._held_until.pop(key, None)  # the hold is over: forget the chat
            metrics = self._metrics
            if metrics is not None:
                metrics.telegram_call(endpoint)
            try:
                return await self._run_request(
                    chat=chat_id is not None,
                    group=group,
                    allow_paid_broadcast=bool(data.get("allow_paid_broadcast", False)),
                    callback=self._counted(callback, endpoint),
                    args=args,
                    kwargs=kwargs,
                )
            except RetryAfter as error:
                if metrics is not None:
                    metrics.telegram_flood(endpoint)
                seconds = _seconds(error.retry_after)
                until = loop.time() + seconds
                self._held_until[key] = max(self._held_until.get(key, 0.0), until)
                if attempt == retries:
                    raise
                log.info("chat %s: flood, %s retried in %.0f s", key, endpoint, seconds)
        raise AssertionError("unreachable")

    def _counted(self, callback: Request, endpoint: str) -> Request:
        """``callback``, counted by the budget at the moment it is made: after every wait
        of the limiter (a held chat, a group's pace), a retry as much as a first try."""
        budget = self.budget
        if budget is None:
            return callback

        async def counted(*args: Any, **kwargs: Any) -> bool | JSONDict | list[JSONDict]:
            await budget.call(_URGENCY.get(endpoint, Urgency.ANSWER))
            return await callback(*args, **kwargs)

        return counted


def _seconds(value: Any) -> float:
    seconds = value.total_seconds() if hasattr(value, "total_seconds") else float(value)
    return min(max(seconds, 0.0), 60.0)
