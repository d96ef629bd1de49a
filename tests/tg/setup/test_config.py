"""Settings come from the environment and a .env file; bad values name the variable."""

from __future__ import annotations

from pathlib import Path

import pytest

from ddz_bot.config import SETTINGS_HELP, Settings, SettingsError, load_dotenv


def test_defaults() -> None:
    settings = Settings.from_env({"DDZ_BOT_TOKEN": "1:x"})
    assert settings.token == "1:x"
    assert settings.db_path == Path("data/ddz.sqlite3")
    assert settings.lang == "zh-Hans"
    assert (settings.bid_timeout, settings.double_timeout, settings.play_timeout) == (15, 10, 30)
    assert not settings.webhook


def test_values_parse_and_webhook_switches_mode() -> None:
    settings = Settings.from_env(
        {
            "DDZ_BOT_TOKEN": "1:x",
            "DDZ_LANG": "EN",
            "DDZ_PLAY_TIMEOUT": "12.5",
            "DDZ_WEBHOOK_URL": "https://a.b/c",
            "DDZ_WEBHOOK_PORT": "88",
            "DDZ_LOG_LEVEL": "debug",
        }
    )
    assert settings.lang == "en" and settings.play_timeout == 12.5
    assert settings.webhook and settings.webhook_port == 88 and settings.log_level == "DEBUG"
    assert "1:x" not in settings.describe()


@pytest.mark.parametrize(
    ("variable", "value"),
    [
        ("DDZ_PLAY_TIMEOUT", "soon"),
        ("DDZ_PLAY_TIMEOUT", "-3"),
        ("DDZ_LANG", "fr"),
        ("DDZ_WEBHOOK_PORT", "x"),
        ("DDZ_LOG_LEVEL", "LOUD"),
    ],
)
def test_bad_values_name_the_variable(variable: str, value: str) -> None:
    with pytest.raises(SettingsError, match=variable):
        Settings.from_env({variable: value})


def test_dotenv_fills_but_never_overrides(tmp_path: Path) -> None:
    path = tmp_path / ".env"
    path.write_text(
        "# comment\nDDZ_BOT_TOKEN='9:abc'\nexport DDZ_LANG=en\n\nDDZ_DB_PATH=x.db\n",
        encoding="utf-8",
    )
    env = {"DDZ_LANG": "zh-Hant"}
    load_dotenv(path, env)
    settings = Settings.from_env(env)
    assert settings.token == "9:abc" and settings.lang == "zh-Hant"
    assert settings.db_path == Path("x.db")
    path.write_text("just words\n", encoding="utf-8")
    with pytest.raises(SettingsError, match=r"\.env:1"):
        load_dotenv(path, {})


def test_help_table_lists_every_variable() -> None:
    assert "DDZ_BOT_TOKEN" in SETTINGS_HELP and "DDZ_WEBHOOK_SECRET" in SETTINGS_HELP


def test_proxy_and_api_url_parse_and_keep_passwords_out_of_the_log() -> None:
    settings = Settings.from_env(
        {
            "DDZ_PROXY_URL": "socks5://ann:s3cret@proxy.example:1080/",
            "DDZ_API_URL": "http://127.0.0.1:8081/",
        }
    )
    assert settings.proxy_url == "socks5://ann:s3cret@proxy.example:1080"
    assert settings.api_url == "http://127.0.0.1:8081"
    line = settings.describe()
    assert "s3cret" not in line and "socks5://ann:***@proxy.example:1080" in line
    assert "api=http://127.0.0.1:8081" in line
    assert Settings.from_env({"DDZ_PROXY_URL": "http://10.0.0.1:3128"}).proxy_url
    assert not Settings().proxy_url and not Settings().api_url


@pytest.mark.parametrize(
    ("variable", "value"),
    [
        ("DDZ_PROXY_URL", "socks4://h:1080"),
        ("DDZ_PROXY_URL", "proxy.example:1080"),
        ("DDZ_PROXY_URL", "http://h:port"),
        ("DDZ_API_URL", "socks5://h:1080"),
        ("DDZ_API_URL", "http://"),
    ],
)
def test_bad_proxy_or_api_url_is_named(variable: str, value: str) -> None:
    with pytest.raises(SettingsError, match=variable):
        Settings.from_env({variable: value})


def test_a_bad_proxy_url_does_not_show_its_password() -> None:
    with pytest.raises(SettingsError) as refused:
        Settings.from_env({"DDZ_PROXY_URL": "socks4://ann:s3cret@h:1080"})
    assert "s3cret" not in str(refused.value)


def test_metrics_are_served_only_where_asked_for() -> None:
    plain = Settings.from_env({"DDZ_BOT_TOKEN": "1:x"})
    assert plain.metrics_port is None and not plain.watched  # nothing served by default
    own = Settings.from_env({"DDZ_METRICS_PORT": "9108", "DDZ_METRICS_LISTEN": "0.0.0.0"})
    assert (own.metrics_port, own.metrics_listen, own.watched) == (9108, "0.0.0.0", True)
    assert "metrics on 0.0.0.0:9108" in own.describe()
    live = Settings.from_env({"DDZ_WEBAPP_URL": "https://live.example.org/"})
    assert live.watched and live.metrics_port is None  # on the live table's port
    assert "metrics on the live table's port" in live.describe()


@pytest.mark.parametrize("value", ["0", "65536", "-1", "nine"])
def test_a_bad_metrics_port_is_named(value: str) -> None:
    with pytest.raises(SettingsError, match="DDZ_METRICS_PORT"):
        Settings.from_env({"DDZ_METRICS_PORT": value})


@pytest.mark.parametrize("variable", ["DDZ_METRICS_PORT", "DDZ_METRICS_LISTEN"])
def test_a_metrics_server_beside_the_live_tables_is_refused(variable: str) -> None:
    env = {"DDZ_WEBAPP_URL": "https://live.example.org/", variable: "9108"}
    with pytest.raises(SettingsError, match=variable):
        Settings.from_env(env)


def test_the_metrics_port_is_not_the_webhooks() -> None:
    env = {"DDZ_WEBHOOK_URL": "https://a.b/hook", "DDZ_METRICS_PORT": "8443"}
    with pytest.raises(SettingsError, match="DDZ_METRICS_PORT"):
        Settings.from_env(env)
    env["DDZ_METRICS_PORT"] = "9108"
    assert Settings.from_env(env).metrics_port == 9108


def test_the_readme_lists_every_setting_as_the_help_says() -> None:
    readme = Path(__file__).resolve().parents[3] / "README.md"
    assert SETTINGS_HELP in readme.read_text(encoding="utf-8")


def test_the_live_tables_door_settings() -> None:
    plain = Settings.from_env({"DDZ_BOT_TOKEN": "1:x"})
    assert (plain.webapp_max_sockets_per_user, plain.webapp_max_sockets_per_address) == (4, 32)
    assert [str(n) for n in plain.trusted_proxies] == ["127.0.0.1/32", "::1/128"]
    assert plain.webapp_origins == ()
    set_ = Settings.from_env(
        {
            "DDZ_WEBAPP_MAX_SOCKETS_PER_USER": "2",
            "DDZ_WEBAPP_MAX_SOCKETS_PER_ADDRESS": "100",
            "DDZ_TRUSTED_PROXIES": "10.0.0.7, 172.16.0.0/12,fd00::/8",
            "DDZ_WEBAPP_ORIGINS": "http://127.0.0.1:8081, HTTPS://Table.Example.org:443/",
        }
    )
    assert (set_.webapp_max_sockets_per_user, set_.webapp_max_sockets_per_address) == (2, 100)
    assert [str(n) for n in set_.trusted_proxies] == ["10.0.0.7/32", "172.16.0.0/12", "fd00::/8"]
    assert set_.webapp_origins == ("http://127.0.0.1:8081", "https://table.example.org")


@pytest.mark.parametrize(
    ("variable", "value"),
    [
        ("DDZ_WEBAPP_MAX_SOCKETS_PER_USER", "0"),
        ("DDZ_WEBAPP_MAX_SOCKETS_PER_USER", "many"),
        ("DDZ_WEBAPP_MAX_SOCKETS_PER_ADDRESS", "-1"),
        ("DDZ_TRUSTED_PROXIES", "proxy.example"),
        ("DDZ_TRUSTED_PROXIES", "10.0.0.0/33"),
        ("DDZ_TRUSTED_PROXIES", ","),
        ("DDZ_WEBAPP_ORIGINS", "ftp://files.example"),
        ("DDZ_WEBAPP_ORIGINS", "127.0.0.1:8081"),
    ],
)
def test_bad_door_settings_are_named(variable: str, value: str) -> None:
    with pytest.raises(SettingsError, match=variable):
        Settings.from_env({variable: value})
