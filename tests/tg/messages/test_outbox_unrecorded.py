"""A new message whose id can't be saved (a full disk) still replaces the one before it: the
old one is deleted, the new one is the slot's, and its id is saved once writes work again."""

from __future__ import annotations

import sqlite3

from telegram import Bot

from ddz_bot.tg.outbox import Content, Outbox

from ..fake_api import FakeBotAPI


def _panel(n: int) -> Content:
    return Content(f"panel {n}", None, photo_key=f"p{n}", render=lambda: b"png-%d" % n)


class Store:
    """Stands in for the database: saves ids unless the disk is full."""

    def __init__(self) -> None:
        self.full = False
        self.saved: dict[tuple[int, str], int] = {}
        self.marks: list[int] = []

    async def sent(self, chat_id: int, slot: str, message_id: int) -> None:
        if self.full:
            raise sqlite3.OperationalError("database or disk is full")
        self.saved[(chat_id, slot)] = message_id

    async def sending(self, chat_id: int, slot: str, newest: int) -> None:
        self.marks.append(newest)  # this one went through before the disk filled


async def test_a_replacement_whose_id_cant_be_saved_still_replaces(
    api_bot: tuple[FakeBotAPI, Bot],
) -> None:
    api, bot = api_bot
    api.add_user(42, "Ann")
    api.add_user(43, "Bob")
    store = Store()
    outbox = Outbox(bot, on_sent=store.sent, on_sending=store.sending)
    outbox.show(42, "panel", _panel(0))
    await outbox.drain()
    first = outbox.message_id(42, "panel")

    store.full = True
    outbox.show(42, "panel", _panel(1), replace=True)
    await outbox.drain()
    shown = api.chat_messages(42)
    assert [m.caption for m in shown] == ["panel 1"]  # one live panel: the old one deleted
    second = outbox.message_id(42, "panel")
    assert second == shown[0].message_id and second != first
    assert store.saved[(42, "panel")] == first  # not saved yet

    outbox.show(42, "panel", _panel(2))  # still tracked: edited in place
    await outbox.drain()
    assert [m.caption for m in api.chat_messages(42)] == ["panel 2"]

    store.full = False
    outbox.show(43, "panel", _panel(3))  # the next send, the disk free again
    await outbox.drain()
    assert store.saved[(42, "panel")] == second
    assert store.saved[(43, "panel")] == outbox.message_id(43, "panel")


async def test_an_id_waiting_to_be_saved_is_saved_after_an_edit_too(
    api_bot: tuple[FakeBotAPI, Bot],
) -> None:
    api, bot = api_bot
    api.add_user(42, "Ann")
    store = Store()
    outbox = Outbox(bot, on_sent=store.sent)
    store.full = True
    outbox.show(42, "panel", _panel(0))
    await outbox.drain()
    assert (42, "panel") not in store.saved
    store.full = False
    outbox.show(42, "panel", _panel(1))  # an edit: no new id, yet the waiting one is saved
    await outbox.drain()
    assert store.saved[(42, "panel")] == outbox.message_id(42, "panel")
