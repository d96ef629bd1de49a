"""An in-process fake of the Telegram Bot API, plugged into python-telegram-bot as its request.

It plays Telegram's part closely enough for end-to-end games: chats, users, messages with
photos, captions and keyboards, edits ("message is not modified" on identical edits), callback
queries, 403 for users who never started the bot, 429 with ``retry_after`` on demand, command
menus only in an empty or two-letter language. With ``limits`` it also keeps Telegram's pace:
each private chat about one message a second (short bursts pass), each group 20 a minute, and
optionally an overall rate; a message over the pace is answered 429 with the seconds to wait.
Every call is recorded (method, chat id, time, 429s counted) so tests and the benchmark can
count them.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import math
import re
import time
from collections import deque
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from telegram.error import NetworkError
from telegram.request import BaseRequest, RequestData

#: how long a call takes: awaited with the method and the chat id before it is answered
Latency = Callable[[str, int | None], Awaitable[None]]

BOT_ID = 777000111
BOT_USERNAME = "ddz_test_bot"


@dataclass
class Call:
    """One request the bot made."""

    method: str
    chat_id: int | None
    at: float
    params: dict[str, Any]
    ok: bool = True


@dataclass
class FakeMessage:
    """What a chat shows for one message."""

    chat_id: int
    message_id: int
    date: int
    text: str | None = None
    caption: str | None = None
    photo_digest: str | None = None  # sha1 of the picture's bytes; None when not a photo
    photo_size: int = 0
    reply_markup: dict[str, Any] | None = None
    from_bot: bool = True
    edits: int = 0
    deleted: bool = False

    def buttons(self) -> list[dict[str, Any]]:
        if not self.reply_markup:
            return []
        rows = self.reply_markup.get("inline_keyboard", [])
        return [button for row in rows for button in row]

    def button_rows(self) -> list[list[dict[str, Any]]]:
        if not self.reply_markup:
            return []
        return list(self.reply_markup.get("inline_keyboard", []))


@dataclass
class FakeChat:
    id: int
    type: str  # private / group / supergroup
    title: str | None = None
    admins: set[int] = field(default_factory=set)
    bot_member: bool = True


@dataclass(frozen=True, slots=True)
class FloodLimits:
    """Telegram's pace for messages (sent or edited): a private chat refills one message per
    ``private_interval`` seconds into a bucket of ``private_burst``; a group takes
    ``group_per_minute`` in any 60 seconds; ``overall_per_second`` (0: unlimited) counts all
    chats together."""

    private_interval: float = 1.0
    private_burst: int = 3
    group_per_minute: int = 20
    overall_per_second: int = 0


#: The limits Telegram documents for bots (the overall one left to the rate limiter).
TELEGRAM_LIMITS = FloodLimits()


@dataclass(slots=True)
class _Bucket:
    """A private chat's allowance: messages it may send now, as of ``at``."""

    tokens: float
    at: float


class _Pace:
    """Who may send a message now, by Telegram's limits (see ``FloodLimits``)."""

    def __init__(self, limits: FloodLimits, clock: Callable[[], float]) -> None:
        self.limits = limits
        self.clock = clock
        self._buckets: dict[int, _Bucket] = {}
        self._windows: dict[int, deque[float]] = {}
        self._overall: deque[float] = deque()

    def admit(self, chat_id: int) -> None:
        """Count a message into ``chat_id``, or raise 429 with the seconds until it fits."""
        now = self.clock()
        limits = self.limits
        waits = [0.0]
        if limits.overall_per_second > 0:
            waits.append(_window_wait(self._overall, now, 1.0, limits.overall_per_second))
        if chat_id > 0:
            bucket = self._buckets.get(chat_id)
            if bucket is None:
                bucket = self._buckets[chat_id] = _Bucket(float(limits.private_burst), now)
            bucket.tokens = min(
                float(limits.private_burst),
                bucket.tokens + (now - bucket.at) / limits.private_interval,
            )
            bucket.at = now
            if bucket.tokens < 1.0:
                waits.append((1.0 - bucket.tokens) * limits.private_interval)
        else:
            window = self._windows.setdefault(chat_id, deque())
            waits.append(_window_wait(window, now, 60.0, limits.group_per_minute))
        wait = max(waits)
        if wait > 0:
            retry = max(1, math.ceil(wait))
            raise ApiError(429, f"Too Many Requests: retry after {retry}", retry_after=retry)
        if limits.overall_per_second > 0:
            self._overall.append(now)
        if chat_id > 0:
            self._buckets[chat_id].tokens -= 1.0
        else:
            self._windows[chat_id].append(now)


def _window_wait(window: deque[float], now: float, span: float, most: int) -> float:
    """Seconds until one more event fits ``most`` per ``span`` (forgetting older ones)."""
    while window and window[0] <= now - span:
        window.popleft()
    if len(window) < most:
        return 0.0
    return window[len(window) - most] + span - now


def most_in_a_second(moments: Iterable[float]) -> int:
    """The most of ``moments`` (the times calls were made, of any method, answered or
    refused) in any one second, its ends included: what the bot token's budget (about 30
    calls a second) is about."""
    times = sorted(moments)
    best = start = 0
    for end, moment in enumerate(times):
        while moment - times[start] > 1.0:
            start += 1
        best = max(best, end - start + 1)
    return best


#: The methods that send or change a message: what Telegram's pace counts.
_PACED = re.compile(r"^(send|edit|copy|forward)[A-Z]")
#: What ``setMyCommands`` accepts as a language: nothing, or two lowercase letters.
_COMMAND_LANGUAGE = re.compile(r"[a-z]{2}")


class ApiError(Exception):
    def __init__(self, code: int, description: str, retry_after: int | None = None) -> None:
        super().__init__(description)
        self.code = code
        self.description = description
        self.retry_after = retry_after


class FakeBotAPI(BaseRequest):
    """A ``BaseRequest`` that answers like Telegram, from memory."""

    def __init__(
        self,
        *,
        keep_history: bool = True,
        limits: FloodLimits | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.chats: dict[int, FakeChat] = {}
        self.users: dict[int, dict[str, Any]] = {}
        self.started: set[int] = set()  # users who opened a DM with the bot
        self.messages: dict[tuple[int, int], FakeMessage] = {}
        self._by_chat: dict[int, list[FakeMessage]] = {}
        self.calls: list[Call] = []
        self.callback_answers: dict[str, dict[str, Any]] = {}
        self.commands: list[dict[str, Any]] = []
        self.webhooks: list[dict[str, Any]] = []  # what each setWebhook said
        self.keep_history = keep_history
        self.pending_updates: list[dict[str, Any]] = []
        self._message_ids: dict[int, itertools.count[int]] = {}
        self._update_ids = itertools.count(1)
        #: knob: method name (or "*") -> list of retry_after seconds for its next calls
        self.flood: dict[str, list[int]] = {}
        #: knob: awaited before each call is answered (method, chat id): a slow Telegram
        self.latency: Latency | None = None
        #: knob: chat id -> list of retry_after seconds for its next paced calls
        self.flood_chats: dict[int, list[int]] = {}
        self.clock = clock
        self.pace = None if limits is None else _Pace(limits, clock)
        #: knob: the next this many calls find no Telegram (a network error, no answer)
        self.unreachable = 0
        #: knob: every call is answered 401 Unauthorized (a revoked or mistyped token)
        self.token_refused = False
        #: knob: Telegram's answer (400) to ``setWebhook`` ("Bad Request: bad webhook: ...")
        self.webhook_refusal: str | None = None
        #: 429s answered, by chat (None: a call without a chat)
        self.too_many: dict[int | None, int] = {}

    # ---- the BaseRequest contract -------------------------------------------------------
    async def initialize(self) -> None:
        return None

    async def shutdown(self) -> None:
        return None

    @property
    def read_timeout(self) -> float | None:
        return 1.0

    async def do_request(
        self,
        url: str,
        method: str,
        request_data: RequestData | None = None,
        read_timeout: Any = None,
        write_timeout: Any = None,
        connect_timeout: Any = None,
        pool_timeout: Any = None,
    ) -> tuple[int, bytes]:
        if self.unreachable > 0:
            self.unreachable -= 1
            raise NetworkError("httpx.ConnectError: All connection attempts failed")
        params: dict[str, Any] = dict(request_data.parameters) if request_data else {}
        files: dict[str, Any] = dict(request_data.multipart_data) if request_data else {}
        api_method = url.rsplit("/", 1)[-1]
        if self.latency is not None:
            chat_id = params.get("chat_id")
            await self.latency(api_method, int(chat_id) if chat_id is not None else None)
        return self.answer(api_method, params, files)

    def answer(
        self,
        api_method: str,
        params: dict[str, Any],
        files: dict[str, Any],
        *,
        at: float | None = None,
    ) -> tuple[int, bytes]:
        """Telegram's HTTP answer (status, JSON body) to one call; also what the local
        HTTP server in ``local_telegram.py`` answers (``at``: when the call arrived, if
        it waited for the answer)."""
        if self.token_refused:
            body = {"ok": False, "error_code": 401, "description": "Unauthorized"}
            return 401, json.dumps(body).encode()
        chat_id = params.get("chat_id")
        call = Call(
            api_method,
            int(chat_id) if chat_id is not None else None,
            self.clock() if at is None else at,
            params if self.keep_history else {},
        )
        self.calls.append(call)
        try:
            result = self._dispatch(api_method, params, files, call.chat_id)
        except ApiError as error:
            call.ok = False
            if error.code == 429:
                self.too_many[call.chat_id] = self.too_many.get(call.chat_id, 0) + 1
            failure: dict[str, Any] = {
                "ok": False,
                "error_code": error.code,
                "description": error.description,
            }
            if error.retry_after is not None:
                failure["parameters"] = {"retry_after": error.retry_after}
            return error.code, json.dumps(failure).encode()
        return 200, json.dumps({"ok": True, "result": result}).encode()

    # ---- knobs and helpers for tests ----------------------------------------------------
    def add_user(
        self,
        user_id: int,
        first_name: str,
        *,
        language_code: str | None = "zh-hans",
        started: bool = True,
        username: str | None = None,
    ) -> dict[str, Any]:
        user = {"id": user_id, "is_bot": False, "first_name": first_name}
        if language_code:
            user["language_code"] = language_code
        if username:
            user["username"] = username
        self.users[user_id] = user
        self.chats[user_id] = FakeChat(user_id, "private")
        if started:
            self.started.add(user_id)
        return user

    def add_group(self, chat_id: int, title: str, admins: set[int] | None = None) -> FakeChat:
        chat = FakeChat(chat_id, "supergroup", title, admins=set(admins or ()))
        self.chats[chat_id] = chat
        return chat

    @property
    def too_many_total(self) -> int:
        """How many calls were answered 429, over all chats."""
        return sum(self.too_many.values())

    def flood_next(self, method: str = "*", retry_after: int = 1, times: int = 1) -> None:
        """Make the next ``times`` calls of ``method`` fail with 429 retry_after."""
        self.flood.setdefault(method, []).extend([retry_after] * times)

    def flood_chat(self, chat_id: int, retry_after: int = 1, times: int = 1) -> None:
        """Make the next ``times`` messages into ``chat_id`` fail with 429 retry_after."""
        self.flood_chats.setdefault(chat_id, []).extend([retry_after] * times)

    def store(self, message: FakeMessage) -> None:
        """Keep a message (the bot's or a user's) in its chat, in order."""
        self.messages[(message.chat_id, message.message_id)] = message
        self._by_chat.setdefault(message.chat_id, []).append(message)

    def chat_messages(self, chat_id: int) -> list[FakeMessage]:
        return [m for m in self._by_chat.get(chat_id, ()) if not m.deleted]

    def last_message(self, chat_id: int, *, with_buttons: bool = False) -> FakeMessage | None:
        for message in reversed(self.chat_messages(chat_id)):
            if message.from_bot and (message.buttons() or not with_buttons):
                return message
        return None

    def calls_to(self, chat_id: int, method: str | None = None) -> list[Call]:
        return [
            c
            for c in self.calls
            if c.chat_id == chat_id and c.ok and (method is None or c.method == method)
        ]

    def next_update_id(self) -> int:
        return next(self._update_ids)

    def new_message_id(self, chat_id: int) -> int:
        counter = self._message_ids.setdefault(chat_id, itertools.count(1))
        return next(counter)

    def chat_dict(self, chat_id: int) -> dict[str, Any]:
        chat = self.chats[chat_id]
        if chat.type == "private":
            user = self.users[chat_id]
            return {"id": chat_id, "type": "private", "first_name": user["first_name"]}
        return {"id": chat_id, "type": chat.type, "title": chat.title}

    def bot_user(self) -> dict[str, Any]:
        return {
            "id": BOT_ID,
            "is_bot": True,
            "first_name": "斗地主",
            "username": BOT_USERNAME,
            "can_join_groups": True,
            "can_read_all_group_messages": False,
            "supports_inline_queries": False,
        }

    def message_dict(self, message: FakeMessage) -> dict[str, Any]:
        data: dict[str, Any] = {
            "message_id": message.message_id,
            "date": message.date,
            "chat": self.chat_dict(message.chat_id),
        }
        if message.from_bot:
            data["from"] = self.bot_user()
        if message.text is not None:
            data["text"] = message.text
        if message.photo_digest is not None:
            data["photo"] = [
                {
                    "file_id": f"photo-{message.photo_digest[:16]}",
                    "file_unique_id": message.photo_digest[:12],
                    "width": 800,
                    "height": 600,
                }
            ]
        if message.caption is not None:
            data["caption"] = message.caption
        if message.reply_markup:
            data["reply_markup"] = message.reply_markup
        if message.edits:
            data["edit_date"] = message.date
        return data

    # ---- Telegram's behaviour -----------------------------------------------------------
    def _check_flood(self, method: str) -> None:
        for key in (method, "*"):
            queue = self.flood.get(key)
            if queue:
                retry = queue.pop(0)
                raise ApiError(429, f"Too Many Requests: retry after {retry}", retry_after=retry)

    def _chat(self, chat_id: Any) -> FakeChat:
        try:
            chat = self.chats[int(chat_id)]
        except (KeyError, ValueError, TypeError):
            raise ApiError(400, "Bad Request: chat not found") from None
        if chat.type == "private" and chat.id not in self.started:
            raise ApiError(403, "Forbidden: bot can't initiate conversation with a user")
        if chat.type != "private" and not chat.bot_member:
            raise ApiError(403, "Forbidden: bot was kicked from the supergroup chat")
        return chat

    def _message(self, params: dict[str, Any]) -> FakeMessage:
        chat = self._chat(params.get("chat_id"))
        message = self.messages.get((chat.id, int(params.get("message_id", 0))))
        if message is None or message.deleted:
            raise ApiError(400, "Bad Request: message to edit not found")
        return message

    def _editable(self, params: dict[str, Any]) -> FakeMessage:
        """A message the bot may edit: its own (another's is refused as Telegram does)."""
        message = self._message(params)
        if not message.from_bot:
            raise ApiError(400, "Bad Request: message can't be edited")
        return message

    @staticmethod
    def _markup(params: dict[str, Any]) -> dict[str, Any] | None:
        markup = params.get("reply_markup")
        if isinstance(markup, str):
            markup = json.loads(markup)
        if markup:
            for row in markup.get("inline_keyboard", []):
                for button in row:
                    data = button.get("callback_data")
                    if data is not None and len(data.encode()) > 64:
                        raise ApiError(400, "Bad Request: BUTTON_DATA_INVALID")
        return markup or None

    @staticmethod
    def _digest(files: dict[str, Any], name: str) -> tuple[str, int]:
        try:
            _, content, _ = files[name]
        except KeyError:
            raise ApiError(400, "Bad Request: there is no photo in the request") from None
        data = content if isinstance(content, bytes) else content.read()
        return hashlib.sha1(data).hexdigest(), len(data)

    def _new_message(self, chat: FakeChat, **fields: Any) -> FakeMessage:
        message = FakeMessage(chat.id, self.new_message_id(chat.id), int(time.time()), **fields)
        self.store(message)
        return message

    def _dispatch(
        self, method: str, params: dict[str, Any], files: dict[str, Any], chat_id: int | None
    ) -> Any:
        self._check_flood(method)
        handler = getattr(self, f"_api_{method}", None)
        if handler is None:
            raise ApiError(404, f"Not Found: method {method}")
        if chat_id is not None and _PACED.match(method):
            queue = self.flood_chats.get(chat_id)
            if queue:
                retry = queue.pop(0)
                raise ApiError(429, f"Too Many Requests: retry after {retry}", retry_after=retry)
            if self.pace is not None:
                self.pace.admit(chat_id)
        return handler(params, files)

    def _api_getMe(self, params: dict[str, Any], files: dict[str, Any]) -> Any:
        return self.bot_user()

    def _api_getUpdates(self, params: dict[str, Any], files: dict[str, Any]) -> Any:
        """As Telegram: an update is sent again until a later call's ``offset`` passes it
        (a bot that fetched it and died before asking again gets it back)."""
        offset = int(params.get("offset") or 0)
        self.pending_updates = [u for u in self.pending_updates if u["update_id"] >= offset]
        return list(self.pending_updates)

    def _api_setWebhook(self, params: dict[str, Any], files: dict[str, Any]) -> Any:
        if self.webhook_refusal is not None:
            raise ApiError(400, self.webhook_refusal)
        self.webhooks.append(params)
        return True

    def _api_deleteWebhook(self, params: dict[str, Any], files: dict[str, Any]) -> Any:
        return True

    def _api_setMyCommands(self, params: dict[str, Any], files: dict[str, Any]) -> Any:
        language = params.get("language_code")
        if language and not _COMMAND_LANGUAGE.fullmatch(str(language)):
            raise ApiError(400, "Bad Request: invalid language code specified")
        self.commands.append(params)
        return True

    def _api_sendMessage(self, params: dict[str, Any], files: dict[str, Any]) -> Any:
        chat = self._chat(params.get("chat_id"))
        text = str(params.get("text", ""))
        if not text.strip():
            raise ApiError(400, "Bad Request: message text is empty")
        message = self._new_message(chat, text=text, reply_markup=self._markup(params))
        return self.message_dict(message)

    def _api_sendPhoto(self, params: dict[str, Any], files: dict[str, Any]) -> Any:
        chat = self._chat(params.get("chat_id"))
        digest, size = self._digest(files, "photo")
        message = self._new_message(
            chat,
            photo_digest=digest,
            photo_size=size,
            caption=params.get("caption"),
            reply_markup=self._markup(params),
        )
        return self.message_dict(message)

    def _api_editMessageMedia(self, params: dict[str, Any], files: dict[str, Any]) -> Any:
        message = self._editable(params)
        if message.photo_digest is None:
            raise ApiError(400, "Bad Request: there is no media in the message to edit")
        media = params.get("media")
        if isinstance(media, str):
            media = json.loads(media)
        if not isinstance(media, dict) or media.get("type") != "photo":
            raise ApiError(400, "Bad Request: wrong media type")
        attach = str(media.get("media", ""))
        digest, size = self._digest(files, attach.removeprefix("attach://"))
        caption = media.get("caption")
        markup = self._markup(params)
        if (digest, caption, markup) == (
            message.photo_digest,
            message.caption,
            message.reply_markup,
        ):
            raise ApiError(
                400,
                "Bad Request: message is not modified: specified new message "
                "content and reply markup are exactly the same",
            )
        message.photo_digest, message.photo_size = digest, size
        message.caption, message.reply_markup = caption, markup
        message.edits += 1
        return self.message_dict(message)

    def _api_editMessageCaption(self, params: dict[str, Any], files: dict[str, Any]) -> Any:
        message = self._editable(params)
        if message.photo_digest is None:
            raise ApiError(400, "Bad Request: there is no caption in the message to edit")
        caption, markup = params.get("caption"), self._markup(params)
        if (caption, markup) == (message.caption, message.reply_markup):
            raise ApiError(400, "Bad Request: message is not modified")
        message.caption, message.reply_markup = caption, markup
        message.edits += 1
        return self.message_dict(message)

    def _api_editMessageText(self, params: dict[str, Any], files: dict[str, Any]) -> Any:
        message = self._editable(params)
        if message.text is None:
            raise ApiError(400, "Bad Request: there is no text in the message to edit")
        text, markup = params.get("text"), self._markup(params)
        if (text, markup) == (message.text, message.reply_markup):
            raise ApiError(400, "Bad Request: message is not modified")
        message.text, message.reply_markup = str(text), markup
        message.edits += 1
        return self.message_dict(message)

    def _api_editMessageReplyMarkup(self, params: dict[str, Any], files: dict[str, Any]) -> Any:
        message = self._editable(params)
        markup = self._markup(params)
        if markup == message.reply_markup:
            raise ApiError(400, "Bad Request: message is not modified")
        message.reply_markup = markup
        message.edits += 1
        return self.message_dict(message)

    def _api_deleteMessage(self, params: dict[str, Any], files: dict[str, Any]) -> Any:
        message = self._message(params)
        message.deleted = True
        return True

    def _api_deleteMessages(self, params: dict[str, Any], files: dict[str, Any]) -> Any:
        """Several messages of one chat; those not found are skipped, as Telegram does."""
        ids = params.get("message_ids") or []
        for message_id in json.loads(ids) if isinstance(ids, str) else ids:
            found = self.messages.get((int(params["chat_id"]), int(message_id)))
            if found is not None:
                found.deleted = True
        return True

    def _api_answerCallbackQuery(self, params: dict[str, Any], files: dict[str, Any]) -> Any:
        query_id = str(params.get("callback_query_id"))
        if query_id in self.callback_answers:
            raise ApiError(
                400,
                "Bad Request: query is too old and response timeout expired or query ID is invalid",
            )
        self.callback_answers[query_id] = params
        return True

    def _api_getChatMember(self, params: dict[str, Any], files: dict[str, Any]) -> Any:
        chat = self._chat(params.get("chat_id"))
        user_id = int(params["user_id"])
        user = self.bot_user() if user_id == BOT_ID else self.users.get(user_id)
        if user is None:
            raise ApiError(400, "Bad Request: user not found")
        status = "administrator" if user_id in chat.admins else "member"
        if status == "administrator":
            return {"status": status, "user": user, **_ADMIN_RIGHTS}
        return {"status": status, "user": user}

    def _api_getChatAdministrators(self, params: dict[str, Any], files: dict[str, Any]) -> Any:
        chat = self._chat(params.get("chat_id"))
        return [
            {"status": "administrator", "user": self.users[uid], **_ADMIN_RIGHTS}
            for uid in sorted(chat.admins)
            if uid in self.users
        ]


_ADMIN_RIGHTS = {
    "can_be_edited": False,
    "is_anonymous": False,
    "can_manage_chat": True,
    "can_delete_messages": True,
    "can_manage_video_chats": True,
    "can_restrict_members": True,
    "can_promote_members": False,
    "can_change_info": True,
    "can_invite_users": True,
    "can_post_stories": False,
    "can_edit_stories": False,
    "can_delete_stories": False,
}
