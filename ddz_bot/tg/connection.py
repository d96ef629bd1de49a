"""How the bot reaches Telegram: proxy, Bot API server, and what it says when it can't.

Every call goes through one HTTP client per direction (calls, and ``getUpdates``), through
``DDZ_PROXY_URL`` when set (http or socks5, as httpx supports them) and to ``DDZ_API_URL``
(a self-hosted telegram-bot-api server) instead of api.telegram.org when set. Both clients
report to a ``ConnectionWatch``: when Telegram can't be reached the log says so once, and
once more when it is back, however many calls failed in between (polling retries with
python-telegram-bot's backoff, the outbox with its own). At start-up a refused token or an
unreachable server is explained in one line (``startup_failure``) instead of a traceback, and
so is a webhook URL Telegram refuses (a host name it can't resolve, a port it doesn't post to,
a certificate it doesn't trust).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from enum import Enum
from typing import Any
from urllib.parse import urlsplit

from telegram.error import BadRequest, InvalidToken, NetworkError, TelegramError
from telegram.ext import Application, ApplicationBuilder, ApplicationHandlerStop, ContextTypes
from telegram.request import BaseRequest, HTTPXRequest, RequestData

from ..config import Settings

__all__ = [
    "ConnectionWatch",
    "StartupFailure",
    "WatchedRequest",
    "api_base_urls",
    "connect",
    "quiet_polling_outages",
    "startup_failure",
]

log = logging.getLogger(__name__)

AnyApp = Application[Any, Any, Any, Any, Any, Any]
AnyBuilder = ApplicationBuilder[Any, Any, Any, Any, Any, Any]
TELEGRAM_HOST = "api.telegram.org"
#: Connections for the bot's calls (python-telegram-bot's default) and for ``getUpdates``.
CALL_POOL = 256
UPDATES_POOL = 1


class ConnectionWatch:
    """Whether Telegram answers; logs the start and the end of each outage, once each."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.down_since: float | None = None
        self.failed_calls = 0
        self.outages = 0

    @property
    def down(self) -> bool:
        return self.down_since is not None

    def failed(self, error: NetworkError) -> None:
        """A call could not reach Telegram (no answer at all, not an error answer)."""
        self.failed_calls += 1
        if self.down_since is None:
            self.down_since = self.clock()
            self.outages += 1
            log.warning("cannot reach Telegram (%s); retrying with backoff", _reason(error))

    def answered(self) -> None:
        """Telegram answered a call (whatever it said)."""
        if self.down_since is None:
            return
        log.warning(
            "Telegram reachable again after %.0f s (%d call(s) failed meanwhile)",
            self.clock() - self.down_since,
            self.failed_calls,
        )
        self.down_since, self.failed_calls = None, 0


#: waited for before a call is made
Gate = Callable[[], Awaitable[None]]


class WatchedRequest(BaseRequest):
    """A ``BaseRequest`` that forwards to another and tells a ``ConnectionWatch`` whether
    Telegram answered."""

    def __init__(
        self, inner: BaseRequest, watch: ConnectionWatch, gate: Gate | None = None
    ) -> None:
        self.inner = inner
        self.watch = watch
        #: waited for before each call (the polling one: until this worker is the poller)
        self.gate = gate

    async def initialize(self) -> None:
        await self.inner.initialize()

    async def shutdown(self) -> None:
        await self.inner.shutdown()

    @property
    def read_timeout(self) -> float | None:
        return self.inner.read_timeout

    async def do_request(
        self,
        url: str,
        method: str,
        request_data: RequestData | None = None,
        read_timeout: Any = BaseRequest.DEFAULT_NONE,
        write_timeout: Any = BaseRequest.DEFAULT_NONE,
        connect_timeout: Any = BaseRequest.DEFAULT_NONE,
        pool_timeout: Any = BaseRequest.DEFAULT_NONE,
    ) -> tuple[int, bytes]:
        if self.gate is not None:
            await self.gate()
        try:
            answer = await self.inner.do_request(
                url,
                method,
                request_data,
                read_timeout=read_timeout,
                write_timeout=write_timeout,
                connect_timeout=connect_timeout,
                pool_timeout=pool_timeout,
            )
        except NetworkError as error:  # no answer at all (HTTP errors come back as a status)
            self.watch.failed(error)
            raise
        self.watch.answered()
        return answer


@dataclass(frozen=True, slots=True)
class ApiBaseUrls:
    """python-telegram-bot's ``base_url`` and ``base_file_url`` for a Bot API server."""

    bot: str
    file: str


def api_base_urls(api_url: str) -> ApiBaseUrls | None:
    """The base URLs of ``DDZ_API_URL`` (``http://host:8081`` → ``http://host:8081/bot``);
    None for Telegram's own server. A URL already ending in ``/bot`` is taken as it is."""
    if not api_url:
        return None
    root = api_url.rstrip("/").removesuffix("/bot")
    return ApiBaseUrls(bot=f"{root}/bot", file=f"{root}/file/bot")


def connect(
    builder: AnyBuilder,
    settings: Settings,
    *,
    request: BaseRequest | None = None,
    updates_request: BaseRequest | None = None,
    watch: ConnectionWatch | None = None,
    poll_gate: Gate | None = None,
) -> AnyBuilder:
    """Set the builder's HTTP clients (``request``/``updates_request`` replace them: tests
    pass a fake Telegram), the proxy and the Bot API server, all watched by ``watch``."""
    watch = watch or ConnectionWatch()
    proxy = settings.proxy_url or None
    calls = request or HTTPXRequest(connection_pool_size=CALL_POOL, proxy=proxy)
    updates = updates_request or HTTPXRequest(connection_pool_size=UPDATES_POOL, proxy=proxy)
    builder = builder.request(WatchedRequest(calls, watch))
    builder = builder.get_updates_request(WatchedRequest(updates, watch, poll_gate))
    urls = api_base_urls(settings.api_url)
    if urls is not None:
        builder = builder.base_url(urls.bot).base_file_url(urls.file)
    return builder


async def _swallow_polling_outage(update: object, context: ContextTypes.DEFAULT_TYPE) -> None:
    """The polling loop hands every failed ``getUpdates`` to the error handlers: a network
    error there is already logged once per outage and retried, so it goes no further."""
    error = context.error
    if update is None and isinstance(error, NetworkError) and not isinstance(error, BadRequest):
        raise ApplicationHandlerStop


def quiet_polling_outages(application: AnyApp) -> None:
    """Install the first error handler: failed polls during an outage are not errors."""
    application.add_error_handler(_swallow_polling_outage)


class StartupFailure(Enum):
    """Why the bot could not start, each with its exit code."""

    TOKEN_REFUSED = 3
    UNREACHABLE = 4
    WEBHOOK_REFUSED = 16


#: What to do about Telegram's refusal of a webhook, by words of its answer (the first found).
_WEBHOOK_ADVICE = (
    (
        "resolve host",
        "Its host name has no address Telegram can find: check its DNS record, or wait "
        "until a new one is known everywhere.",
    ),
    (
        "port",
        "Telegram posts only to ports 443, 80, 88 and 8443: serve the URL on one of them.",
    ),
    (
        "certificate",
        "Telegram does not accept the server's certificate: serve a complete chain signed "
        "by a known authority (Let's Encrypt will do).",
    ),
    (
        "reserved",
        "Its address is a private or reserved one: give a public host name.",
    ),
)
_WEBHOOK_OTHERWISE = "Check that DDZ_WEBHOOK_URL is a public https:// URL of this bot."


def startup_failure(error: BaseException, settings: Settings) -> tuple[StartupFailure, str] | None:
    """One line saying what is wrong, for an error that stopped the start (None: another
    kind of failure, shown as it is)."""
    if isinstance(error, BadRequest) and settings.webhook and _raised_in(error, "set_webhook"):
        advice = next(
            (said for words, said in _WEBHOOK_ADVICE if words in error.message.lower()),
            _WEBHOOK_OTHERWISE,
        )
        answer = _reason(error)
        line = (
            f"Telegram refused the webhook DDZ_WEBHOOK_URL={settings.webhook_url}: "
            f"{answer[:1].lower()}{answer[1:]}. {advice} "
            "(Without DDZ_WEBHOOK_URL the bot polls instead.)"
        )
        return StartupFailure.WEBHOOK_REFUSED, line
    if isinstance(error, InvalidToken):
        line = (
            "Telegram refused the bot token (DDZ_BOT_TOKEN): it is mistyped or was revoked. "
            "Get one from @BotFather (https://t.me/BotFather: /mybots, API Token)."
        )
        if settings.api_url:
            line += f" Or DDZ_API_URL={settings.api_url} is not a Bot API server."
        return StartupFailure.TOKEN_REFUSED, line
    if isinstance(error, NetworkError) and not isinstance(error, BadRequest):
        host = urlsplit(settings.api_url).netloc if settings.api_url else TELEGRAM_HOST
        via = (
            f" through the proxy {urlsplit(settings.proxy_url).hostname}"
            if settings.proxy_url
            else ""
        )
        line = (
            f"Cannot reach Telegram at {host}{via}: {_reason(error)}. Check the network and DNS, "
            "or set a proxy: DDZ_PROXY_URL=socks5://host:port (or http://host:port)."
        )
        return StartupFailure.UNREACHABLE, line
    return None


def _raised_in(error: BaseException, function: str) -> bool:
    """Whether ``error`` came out of a call of ``function`` (a refusal of ``setWebhook`` is a
    ``BadRequest`` like any other: where it was raised tells it apart)."""
    trace = error.__traceback__
    while trace is not None:
        if trace.tb_frame.f_code.co_name == function:
            return True
        trace = trace.tb_next
    return False


def _reason(error: TelegramError) -> str:
    """The cause in a few words: httpx's message without its class name."""
    text = error.message.strip().rstrip(".")
    for prefix in ("httpx.", "ConnectError: ", "ConnectTimeout: ", "ProxyError: "):
        text = text.removeprefix(prefix)
    return text[:200] or type(error).__name__
