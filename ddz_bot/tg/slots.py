"""An outbox slot (a chat's message the outbox keeps up to date) and the ids of new
messages the database could not take (a full disk): what goes out to a chat never depends on
the database taking a write, and every id is saved once it can be."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from .budget import Urgency
from .content import Content

__all__ = ["Records", "SentHook", "Slot", "tell"]

log = logging.getLogger(__name__)

SentHook = Callable[[int, str, int], Awaitable[None]]


@dataclass(slots=True)
class Slot:
    chat_id: int
    name: str
    message_id: int | None = None
    sent: Content | None = None
    pending: Content | None = None
    task: asyncio.Task[None] | None = None
    retiring: bool = False  # forget the slot once its last content is shown
    fresh: bool = False  # the next content goes out as a new message; the old one is deleted
    newest: int = 0  # the newest message id this slot ever had
    after: int = 0  # the newest message id known in the chat when its last new one was sent
    urgency: Urgency = Urgency.GROUP  # what its next call is for (``tg/budget.py``)
    decision: object = None  # the decision its content asks for now (None: none)
    due: float | None = None  # since when that decision waits to be shown (None: shown)
    late: float = 0.0  # seconds that decision's panel came late
    #: a turn of the budget taken for content that newer content replaced before its call:
    #: the newer content's call takes it (``Outbox._go``)
    turn_held: bool = False
    #: let through its chat's gate, its call not made yet (``tg/pace.py``, ``reserve``)
    reserved: bool = False


async def tell(hook: SentHook, slot: Slot, message_id: int) -> bool:
    """Tell ``hook`` (which saves it) of a message; False if it failed (a full disk)."""
    try:
        await hook(slot.chat_id, slot.name, message_id)
    except Exception:
        log.warning(
            "chat %s slot %s: message %s not recorded",
            slot.chat_id,
            slot.name,
            message_id,
            exc_info=True,
        )
        return False
    return True


class Records:
    """New messages' ids saved through ``on_sent``. One that can't be saved stays its slot's
    all the same (edited, and the message it replaced deleted) and is saved again after each
    later send until it is: the database knows every message showing a table once it takes
    writes."""

    def __init__(self, slot_of: Callable[[tuple[int, str]], Slot | None]) -> None:
        self._slot_of = slot_of
        self._waiting: dict[tuple[int, str], Slot] = {}

    async def record(self, hook: SentHook, slot: Slot, message_id: int) -> None:
        key = (slot.chat_id, slot.name)
        if await tell(hook, slot, message_id):
            self._waiting.pop(key, None)
        else:
            self._waiting[key] = slot

    async def retry(self, hook: SentHook) -> None:
        """Save the ids that could not be saved before (a full disk, freed since?)."""
        for key, waiting in list(self._waiting.items()):
            if waiting.message_id is None or self._slot_of(key) is not waiting:
                self._waiting.pop(key, None)  # gone by then
            elif await tell(hook, waiting, waiting.message_id):
                self._waiting.pop(key, None)
            else:
                return  # not yet: the next send tries again
