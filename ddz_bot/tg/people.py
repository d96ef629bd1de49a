"""The people the tables serve: who they are, and what the bot remembers of them (bounded)."""

from __future__ import annotations

import time
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from telegram import Bot, Chat, User
from telegram.constants import ChatMemberStatus
from telegram.error import TelegramError

from ..i18n import lang_from_code
from ..storage import Database

__all__ = ["ADMIN_TTL", "RECENT_USERS", "People", "Person", "Recent"]


class Recent:
    """The most recently used keys, at most ``size`` of them (the oldest go first): what a
    long-running bot remembers about its users stays bounded. Optionally a value a key."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._items: OrderedDict[int, Any] = OrderedDict()

    def __contains__(self, key: object) -> bool:
        return key in self._items

    def __len__(self) -> int:
        return len(self._items)

    def get(self, key: int) -> Any:
        if key not in self._items:
            return None
        self._items.move_to_end(key)
        return self._items[key]

    def add(self, key: int, value: Any = True) -> None:
        self._items[key] = value
        self._items.move_to_end(key)
        while len(self._items) > self.size:
            self._items.popitem(last=False)

    def discard(self, key: int) -> None:
        self._items.pop(key, None)


#: how many users' private-chat status and language the bot keeps in memory
RECENT_USERS = 50_000


@dataclass(frozen=True, slots=True)
class Person:
    """A Telegram user as the tables need them."""

    id: int
    name: str
    lang: str


#: seconds an answer of Telegram's on who administers a group is trusted
ADMIN_TTL = 60.0


class People:
    """What the handlers ask about a person: their language, who they are, whether they
    administer a group (Telegram's answer trusted for a minute)."""

    def __init__(self, db: Database, bot: Bot, default_lang: str) -> None:
        self.db = db
        self.bot = bot
        self.default_lang = default_lang
        self._langs = Recent(RECENT_USERS)  # user id -> language, the recent ones
        self._helped = Recent(RECENT_USERS)  # who was shown the help for a word typed
        self._admins = Recent(RECENT_USERS)  # (chat, user) -> until when, is an admin

    def cached_lang(self, user: User | None) -> str:
        """The person's language without asking the database (for answering errors)."""
        cached: str | None = None if user is None else self._langs.get(user.id)
        return cached or self.default_lang

    def set_lang(self, user_id: int, lang: str) -> None:
        self._langs.add(user_id, lang)

    async def lang_of(self, user: User | None) -> str:
        if user is None:
            return self.default_lang
        cached: str | None = self._langs.get(user.id)
        if cached is not None:
            return cached
        player = await self.db.get_player(user.id)
        lang = (
            (player.language if player is not None and player.language else None)
            or lang_from_code(user.language_code, self.default_lang)
            or self.default_lang
        )
        self._langs.add(user.id, lang)
        return lang

    async def lang_in(self, chat: Chat | None, user: User | None) -> str:
        """The language of a reply in ``chat``: everyone in a group reads the group's (its
        setting; one never stored yet, the sender's); a private chat, the person's."""
        if chat is not None and chat.type != "private":
            group = await self.db.get_group(chat.id)
            if group is not None:
                return group.language
        return await self.lang_of(user)

    def first_help(self, user_id: int) -> bool:
        """Whether a word typed at no table gets the whole help (the first one does; the
        next ones a line, not the same screenful each time)."""
        if user_id in self._helped:
            return False
        self._helped.add(user_id)
        return True

    async def person(self, user: User) -> Person:
        return Person(
            user.id, user.full_name or user.first_name or str(user.id), await self.lang_of(user)
        )

    async def is_admin(self, chat: Chat, user: User) -> bool:
        """Whether ``user`` administers ``chat``, asked of Telegram at most once a minute
        (a settings panel pressed five times should not wait for Telegram five times)."""
        key = hash((chat.id, user.id))
        known = self._admins.get(key)
        if known is not None and known[0] == (chat.id, user.id) and time.monotonic() < known[1]:
            return bool(known[2])
        try:
            member = await self.bot.get_chat_member(chat.id, user.id)
        except TelegramError:
            return False
        admin = member.status in (ChatMemberStatus.ADMINISTRATOR, ChatMemberStatus.OWNER)
        self._admins.add(key, ((chat.id, user.id), time.monotonic() + ADMIN_TTL, admin))
        return admin
