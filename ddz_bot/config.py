"""Settings of a running bot, read from the environment (and a ``.env`` file if present).

Every setting has a ``DDZ_`` variable; only the token is required. ``Settings.from_env`` names
the bad variable when a value doesn't parse, so a typo fails at start, not mid-hand.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from pathlib import Path
from urllib.parse import urlsplit

from .durations import parse_duration
from .netaddr import LOCAL_PROXIES, Network, networks, origins

__all__ = [
    "LANGUAGES",
    "SETTINGS_HELP",
    "Settings",
    "SettingsError",
    "load_dotenv",
    "parse_duration",
]

LANGUAGES = ("zh-Hans", "zh-Hant", "en")
#: The proxies python-telegram-bot reaches Telegram through (httpx; socks needs ``socksio``).
PROXY_SCHEMES = ("http", "https", "socks5", "socks5h")


class SettingsError(ValueError):
    """A setting that doesn't parse: names the variable and the value."""

    def __init__(self, variable: str, value: str, reason: str) -> None:
        super().__init__(f"{variable}={value!r}: {reason}")
        self.variable = variable


@dataclass(frozen=True, slots=True)
class Settings:
    """What the bot needs to run. Time-outs are seconds; the group interval is the least time
    between two edits of one group's table picture (Telegram allows ~20 group messages a
    minute)."""

    token: str = ""
    db_path: Path = Path("data/ddz.sqlite3")
    database_url: str = ""  # postgresql://...: PostgreSQL instead of the SQLite file
    lang: str = "zh-Hans"
    bid_timeout: float = 15.0
    double_timeout: float = 10.0
    play_timeout: float = 30.0
    lobby_timeout: float = 300.0
    deal_window: float = 2.5  # seconds to show cards (x4, x3) between the two dealing steps
    log_level: str = "INFO"
    webhook_url: str = ""
    webhook_listen: str = "0.0.0.0"
    webhook_port: int = 8443
    webhook_secret: str = ""
    group_interval: float = 3.5
    group_rate: int = 20  # messages a minute in one group (Telegram's limit)
    overall_rate: int = 30  # calls a second of the bot token in all (the budget: tg/budget.py)
    daily_bonus: int = 1000
    proxy_url: str = ""  # http(s):// or socks5(h):// proxy for every call to Telegram
    api_url: str = ""  # base URL of a self-hosted telegram-bot-api server
    ai_workers: int = 1  # processes computing the AI's decisions; 0: on the bot's own loop
    backup_dir: Path | None = None  # where the bot keeps its own backups; None: it keeps none
    backup_every: float = 6 * 3600.0  # seconds between two of them
    backup_keep: int = 7  # the newest ones kept; older ones are deleted
    webapp_url: str = ""  # the live table's public HTTPS base; empty: no live table
    webapp_listen: str = "127.0.0.1"
    webapp_port: int = 8081
    webapp_name: str = ""  # the Mini App's short name (@BotFather /newapp); empty: main app
    webapp_max_age: int = 86_400  # seconds a page's launch data stays good
    webapp_max_sockets_per_user: int = 4  # one person's open pages (a phone, a desktop...)
    webapp_max_sockets_per_address: int = 32  # pages from one client address (a household)
    #: further origins a page may connect from (the page's own is always allowed)
    webapp_origins: tuple[str, ...] = ()
    #: peers whose X-Forwarded-For / X-Real-IP are believed (the reverse proxy)
    trusted_proxies: tuple[Network, ...] = LOCAL_PROXIES
    #: the port of the metrics' own server (/metrics, /healthz) without the live table;
    #: None: none (with the live table its server serves them); 0: any free port (tests)
    metrics_port: int | None = None
    metrics_listen: str = "127.0.0.1"

    @property
    def webapp(self) -> bool:
        return bool(self.webapp_url)

    @property
    def database(self) -> str | Path:
        """Where the bot keeps its data: the PostgreSQL URL if set, else the SQLite file."""
        return self.database_url or self.db_path

    @property
    def on_postgresql(self) -> bool:
        return bool(self.database_url)

    @property
    def webhook(self) -> bool:
        return bool(self.webhook_url)

    @property
    def watched(self) -> bool:
        """Whether ``/metrics`` and ``/healthz`` are served (on the live table's server, or
        on their own at ``metrics_port``)."""
        return self.webapp or self.metrics_port is not None

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Settings:
        """Read ``DDZ_*`` variables (``os.environ`` by default)."""
        env = os.environ if env is None else env
        values: dict[str, object] = {}
        for spec in _SPECS:
            raw = env.get(spec.variable)
            if raw is None or raw.strip() == "":
                continue
            values[spec.name] = spec.parse(raw.strip())
        _one_webhook_server(env)
        settings = replace(cls(), **values)  # type: ignore[arg-type]
        if settings.on_postgresql and settings.backup_dir is not None:
            raise SettingsError(
                "DDZ_BACKUP_DIR",
                str(settings.backup_dir),
                "a PostgreSQL database is backed up by its server (pg_dump, point-in-time "
                "recovery: README, 'Backups on PostgreSQL'): unset it",
            )
        _one_metrics_server(settings, env)
        return settings

    def describe(self) -> str:
        """One line for the log, without the token."""
        mode = f"webhook {self.webhook_url}" if self.webhook else "long polling"
        if self.webhook and self.webapp:
            mode += f" on the live table's port {self.webapp_port}"
        if self.webapp:
            mode += " metrics on the live table's port"
        elif self.metrics_port is not None:
            mode += f" metrics on {self.metrics_listen}:{self.metrics_port}"
        reach = f" api={self.api_url}" if self.api_url else ""
        if self.proxy_url:
            reach += f" proxy={_without_password(self.proxy_url)}"
        where = _without_password(self.database_url) if self.on_postgresql else self.db_path
        return (
            f"db={where} lang={self.lang} mode={mode} timeouts bid/double/play="
            f"{self.bid_timeout:g}/{self.double_timeout:g}/{self.play_timeout:g}s{reach}"
        )


def _one_webhook_server(env: Mapping[str, str]) -> None:
    """With the live table the webhook comes in through its server (one port): a webhook
    port or address set as well would be a second server nobody listens on, and a reverse
    proxy still sending there would lose every update."""
    both = all(env.get(v, "").strip() for v in ("DDZ_WEBHOOK_URL", "DDZ_WEBAPP_URL"))
    for variable in ("DDZ_WEBHOOK_PORT", "DDZ_WEBHOOK_LISTEN"):
        if both and env.get(variable, "").strip():
            raise SettingsError(
                variable,
                env[variable].strip(),
                "unused with the live table (DDZ_WEBAPP_URL), whose server takes the webhook "
                "on DDZ_WEBAPP_LISTEN:DDZ_WEBAPP_PORT: unset it",
            )


def _one_metrics_server(settings: Settings, env: Mapping[str, str]) -> None:
    """With the live table its server answers ``/metrics`` and ``/healthz`` (one port): a
    metrics port or address set as well would be a server nobody scrapes. Without it, the
    metrics' own port must not be the webhook server's."""
    for variable in ("DDZ_METRICS_PORT", "DDZ_METRICS_LISTEN"):
        if settings.webapp and env.get(variable, "").strip():
            raise SettingsError(
                variable,
                env[variable].strip(),
                "unused with the live table (DDZ_WEBAPP_URL), whose server serves /metrics and "
                "/healthz on DDZ_WEBAPP_LISTEN:DDZ_WEBAPP_PORT: unset it",
            )
    if settings.webhook and settings.metrics_port == settings.webhook_port:
        raise SettingsError(
            "DDZ_METRICS_PORT",
            str(settings.metrics_port),
            "the webhook's server listens on that port (DDZ_WEBHOOK_PORT): choose another",
        )


@dataclass(frozen=True, slots=True)
class _Spec:
    name: str
    variable: str
    kind: str  # str, path, float, int, port, lang, level, proxy, url, duration, webapp,
    # database, count, networks, origins
    default: str
    meaning: str

    def parse(self, raw: str) -> object:
        try:
            if self.kind == "float":
                value = float(raw)
                if not 0 <= value < 86_400:
                    raise ValueError("must be between 0 and 86400 seconds")
                return value
            if self.kind == "int":
                number = int(raw)
                if number < 0:
                    raise ValueError("must not be negative")
                return number
            if self.kind == "duration":
                return parse_duration(raw)
            if self.kind == "count":
                number = int(raw)
                if not 1 <= number <= 100_000:
                    raise ValueError("a number from 1 to 100000")
                return number
            if self.kind == "networks":
                return networks(raw)
            if self.kind == "origins":
                return origins(raw)
            if self.kind == "port":
                port = int(raw)
                if not 1 <= port <= 65_535:
                    raise ValueError("a port from 1 to 65535")
                return port
        except ValueError as error:
            raise SettingsError(self.variable, raw, str(error)) from None
        if self.kind == "path":
            return Path(raw)
        if self.kind == "lang":
            for lang in LANGUAGES:
                if lang.lower() == raw.lower().replace("_", "-"):
                    return lang
            raise SettingsError(self.variable, raw, f"one of {', '.join(LANGUAGES)}")
        if self.kind == "database":
            parts = urlsplit(raw)
            if parts.scheme not in ("postgresql", "postgres") or not parts.path.strip("/"):
                raise SettingsError(
                    self.variable,
                    _without_password(raw),
                    "a PostgreSQL URL: postgresql://user:password@host:port/database",
                )
            return raw
        if self.kind == "webapp":
            parts = urlsplit(raw)
            if parts.scheme != "https" or not parts.hostname or parts.query or parts.fragment:
                raise SettingsError(self.variable, raw, "an https:// address with a host name")
            return raw if raw.endswith("/") else raw + "/"
        if self.kind in ("proxy", "url"):
            schemes = PROXY_SCHEMES if self.kind == "proxy" else ("http", "https")
            parts = urlsplit(raw)
            try:
                parts.port  # noqa: B018 (raises on a port that is no number)
            except ValueError:
                raise SettingsError(
                    self.variable, _without_password(raw), "the port must be a number"
                ) from None
            if parts.scheme.lower() not in schemes or not parts.hostname:
                raise SettingsError(
                    self.variable,
                    _without_password(raw),
                    f"a URL with a host name; scheme {', '.join(schemes)}",
                )
            return raw.rstrip("/")
        if self.kind == "level":
            level = raw.upper()
            if level not in ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"):
                raise SettingsError(self.variable, raw, "a logging level such as INFO")
            return level
        return raw


_SPECS = (
    _Spec("token", "DDZ_BOT_TOKEN", "str", "(required)", "the bot's token from @BotFather"),
    _Spec("db_path", "DDZ_DB_PATH", "path", "data/ddz.sqlite3", "the SQLite database file"),
    _Spec(
        "database_url",
        "DDZ_DATABASE_URL",
        "database",
        "(empty: SQLite at DDZ_DB_PATH)",
        "a PostgreSQL database instead: `postgresql://user:password@host:5432/ddz`",
    ),
    _Spec("lang", "DDZ_LANG", "lang", "zh-Hans", "default language: zh-Hans, zh-Hant or en"),
    _Spec("bid_timeout", "DDZ_BID_TIMEOUT", "float", "15", "seconds to call, grab or bid"),
    _Spec("double_timeout", "DDZ_DOUBLE_TIMEOUT", "float", "10", "seconds to double"),
    _Spec("play_timeout", "DDZ_PLAY_TIMEOUT", "float", "30", "seconds to play or pass"),
    _Spec(
        "lobby_timeout", "DDZ_LOBBY_TIMEOUT", "float", "300", "seconds before an idle lobby closes"
    ),
    _Spec(
        "deal_window",
        "DDZ_DEAL_WINDOW",
        "float",
        "2.5",
        "seconds to show cards (x4, then x3) while dealing; 0 deals at once",
    ),
    _Spec("log_level", "DDZ_LOG_LEVEL", "level", "INFO", "DEBUG, INFO, WARNING or ERROR"),
    _Spec(
        "webhook_url",
        "DDZ_WEBHOOK_URL",
        "str",
        "(empty: long polling)",
        "public HTTPS URL; set it to run as a webhook (the server listens on its path; with "
        "DDZ_WEBAPP_URL the live table's server takes it)",
    ),
    _Spec(
        "webhook_listen",
        "DDZ_WEBHOOK_LISTEN",
        "str",
        "0.0.0.0",
        "address the webhook server listens on (without the live table)",
    ),
    _Spec(
        "webhook_port",
        "DDZ_WEBHOOK_PORT",
        "int",
        "8443",
        "port of the webhook server (without the live table)",
    ),
    _Spec(
        "webhook_secret",
        "DDZ_WEBHOOK_SECRET",
        "str",
        "(empty: random each start)",
        "secret token Telegram sends with each webhook call: 1-256 of A-Z a-z 0-9 _ -",
    ),
    _Spec(
        "group_interval",
        "DDZ_GROUP_INTERVAL",
        "float",
        "3.5",
        "least seconds between two edits of a group's table picture",
    ),
    _Spec("daily_bonus", "DDZ_DAILY_BONUS", "int", "1000", "beans given by /daily"),
    _Spec(
        "ai_workers",
        "DDZ_AI_WORKERS",
        "int",
        "1",
        "processes that compute the AI seats' decisions; 0 computes them on the bot's loop",
    ),
    _Spec(
        "proxy_url",
        "DDZ_PROXY_URL",
        "proxy",
        "(empty: direct)",
        "proxy for every call to Telegram: `http://host:port`, `socks5://user:pass@host:port`"
        " (`socks5h://` resolves names at the proxy)",
    ),
    _Spec(
        "api_url",
        "DDZ_API_URL",
        "url",
        "(empty: api.telegram.org)",
        "base URL of a self-hosted telegram-bot-api server, e.g. `http://127.0.0.1:8081`",
    ),
    _Spec(
        "backup_dir",
        "DDZ_BACKUP_DIR",
        "path",
        "(empty: no backups)",
        "folder where the running bot writes a backup of the database every DDZ_BACKUP_EVERY",
    ),
    _Spec(
        "backup_every",
        "DDZ_BACKUP_EVERY",
        "duration",
        "6h",
        "time between two backups: `30m`, `6h`, `1d`",
    ),
    _Spec("backup_keep", "DDZ_BACKUP_KEEP", "int", "7", "backups kept in DDZ_BACKUP_DIR (newest)"),
    _Spec(
        "webapp_url",
        "DDZ_WEBAPP_URL",
        "webapp",
        "(empty: no live table)",
        "public HTTPS address of the live table (the Mini App's page), e.g. "
        "`https://bot.example.org/live/`",
    ),
    _Spec(
        "webapp_listen",
        "DDZ_WEBAPP_LISTEN",
        "str",
        "127.0.0.1",
        "address the live table's server listens on (behind the reverse proxy); with a "
        "webhook set, it takes the webhook too",
    ),
    _Spec(
        "webapp_port",
        "DDZ_WEBAPP_PORT",
        "int",
        "8081",
        "port of the live table's server (and of the webhook, where one is set)",
    ),
    _Spec(
        "webapp_name",
        "DDZ_WEBAPP_NAME",
        "str",
        "(empty: the bot's main Mini App)",
        "the Mini App's short name from @BotFather's /newapp: the Open button links "
        "`t.me/<bot>/<name>?startapp=...`",
    ),
    _Spec(
        "webapp_max_age",
        "DDZ_WEBAPP_MAX_AGE",
        "int",
        "86400",
        "seconds a page's signed launch data stays good",
    ),
    _Spec(
        "webapp_max_sockets_per_user",
        "DDZ_WEBAPP_MAX_SOCKETS_PER_USER",
        "count",
        "4",
        "live table pages one person may have open at once; the next one is refused",
    ),
    _Spec(
        "webapp_max_sockets_per_address",
        "DDZ_WEBAPP_MAX_SOCKETS_PER_ADDRESS",
        "count",
        "32",
        "live table connections from one client address at once; the next one is refused",
    ),
    _Spec(
        "trusted_proxies",
        "DDZ_TRUSTED_PROXIES",
        "networks",
        "127.0.0.1/32,::1",
        "addresses or networks (`10.0.0.0/8`) of the reverse proxies whose X-Forwarded-For and "
        "X-Real-IP name the client; anyone else's are ignored",
    ),
    _Spec(
        "webapp_origins",
        "DDZ_WEBAPP_ORIGINS",
        "origins",
        "(empty: DDZ_WEBAPP_URL's only)",
        "further origins the live table's page may connect from, comma-separated, e.g. "
        "`http://127.0.0.1:8081` to try it locally; any other origin gets 403",
    ),
    _Spec(
        "metrics_port",
        "DDZ_METRICS_PORT",
        "port",
        "(empty: none)",
        "port of a small server of its own for `/metrics` (Prometheus) and `/healthz`, without "
        "the live table (whose server serves both); neither is served without one of the two",
    ),
    _Spec(
        "metrics_listen",
        "DDZ_METRICS_LISTEN",
        "str",
        "127.0.0.1",
        "address the metrics' own server listens on (without the live table)",
    ),
)

SETTINGS_HELP = "\n".join(
    ["| variable | default | meaning |", "|---|---|---|"]
    + [f"| `{s.variable}` | `{s.default}` | {s.meaning} |" for s in _SPECS]
)

assert {s.name for s in _SPECS} <= {f.name for f in fields(Settings)}


def _without_password(url: str) -> str:
    """A URL fit for a log: a password in it is replaced by ``***``."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    netloc = parts.netloc.replace(f":{parts.password}@", ":***@", 1)
    return parts._replace(netloc=netloc).geturl()


def load_dotenv(path: Path = Path(".env"), env: dict[str, str] | None = None) -> dict[str, str]:
    """Read ``KEY=value`` lines of a ``.env`` file into ``env`` (``os.environ`` by default)
    without overriding what is already set. Quotes around values are removed; ``#`` starts a
    comment line. Returns what was read."""
    target: dict[str, str] | os._Environ[str] = os.environ if env is None else env
    read: dict[str, str] = {}
    if not path.is_file():
        return read
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        line = line.removeprefix("export ").strip()
        key, sep, value = line.partition("=")
        key, value = key.strip(), value.strip()
        if not sep or not key.replace("_", "").isalnum():
            raise SettingsError(f"{path}:{number}", line, "expected KEY=value")
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
            value = value[1:-1]
        read[key] = value
        if key not in target:
            target[key] = value
    return read
