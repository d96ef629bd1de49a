"""The launch data check against Telegram's published algorithm ("Validating data received
via the Mini App"), with the vector built here step by step from the documentation."""

from __future__ import annotations

import hashlib
import hmac
import json
from urllib.parse import quote

import pytest

from ddz_bot.web.initdata import (
    BadInitData,
    ExpiredInitData,
    ForgedInitData,
    MissingInitData,
    check_init_data,
)
from ddz_bot.web.tokens import BadTableToken, TableTokens

TOKEN = "7342037359:AAHI25ES9xCOMPWYWjSHyj3dFKU1jnlxCRE"
NOW = 1_733_584_787
USER = json.dumps(
    {"id": 279058397, "first_name": "Vladislav", "language_code": "ru", "is_premium": True},
    separators=(",", ":"),
    ensure_ascii=False,
)
FIELDS = {
    "query_id": "AAHdF6IQAAAAAN0XohDhrOrc",
    "user": USER,
    "auth_date": str(NOW - 60),
    "signature": "6fbdaab833d39f54518bd5c3eb3f511d035e68cb",
    "start_param": "abc-0123456789abcdef",
}


def documented_hash(fields: dict[str, str], token: str) -> str:
    """The documented steps, written out: data-check-string of every field but hash sorted by
    key (signature included), the secret key HMAC_SHA256(<bot_token>, "WebAppData"), the hash
    hex(HMAC_SHA256(data_check_string, secret_key))."""
    check = "\n".join(f"{k}={v}" for k, v in sorted(fields.items()))
    secret = hmac.new(b"WebAppData", token.encode(), hashlib.sha256).digest()
    return hmac.new(secret, check.encode(), hashlib.sha256).hexdigest()


def encode(fields: dict[str, str]) -> str:
    return "&".join(f"{k}={quote(v, safe='')}" for k, v in fields.items())


def signed(fields: dict[str, str], token: str = TOKEN) -> str:
    return encode({**fields, "hash": documented_hash(fields, token)})


def check(init_data: str, *, now: float = NOW, max_age: float = 86_400.0) -> object:
    return check_init_data(init_data, TOKEN, now=now, max_age=max_age)


def test_a_vector_built_with_the_documented_steps_is_accepted() -> None:
    launch = check(signed(FIELDS))
    assert launch.user_id == 279058397  # type: ignore[attr-defined]
    assert launch.start_param == "abc-0123456789abcdef"  # type: ignore[attr-defined]
    assert launch.first_name == "Vladislav"  # type: ignore[attr-defined]


def test_the_signature_field_is_part_of_the_data_check_string() -> None:
    without = {k: v for k, v in FIELDS.items() if k != "signature"}
    forged = encode({**FIELDS, "hash": documented_hash(without, TOKEN)})
    with pytest.raises(ForgedInitData):
        check(forged)


@pytest.mark.parametrize("field", sorted(FIELDS))
def test_each_field_altered_in_turn_is_refused(field: str) -> None:
    good = signed(FIELDS)
    value = FIELDS[field]
    altered = good.replace(
        f"{field}={quote(value, safe='')}", f"{field}={quote(value[:-1] + 'x', safe='')}"
    )
    assert altered != good
    with pytest.raises(ForgedInitData):
        check(altered)


@pytest.mark.parametrize("field", sorted(FIELDS))
def test_a_field_left_out_or_added_is_refused(field: str) -> None:
    digest = documented_hash(FIELDS, TOKEN)
    fewer = {k: v for k, v in FIELDS.items() if k != field}
    with pytest.raises(ForgedInitData):
        check(encode({**fewer, "hash": digest}))
    with pytest.raises(ForgedInitData):
        check(encode({**FIELDS, "chat_type": "group", "hash": digest}))


def test_the_hash_altered_or_signed_with_another_token_is_refused() -> None:
    good = signed(FIELDS)
    flipped = good[:-1] + ("0" if good[-1] != "0" else "1")
    with pytest.raises(ForgedInitData):
        check(flipped)
    with pytest.raises(ForgedInitData):
        check(signed(FIELDS, token="7342037359:AAHI25ES9xCOMPWYWjSHyj3dFKU1jnlxCRF"))
    with pytest.raises(ForgedInitData):
        check(encode(FIELDS))


def test_an_old_auth_date_is_refused_a_recent_one_accepted() -> None:
    old = {**FIELDS, "auth_date": str(NOW - 86_401)}
    with pytest.raises(ExpiredInitData):
        check(signed(old))
    assert check(signed({**FIELDS, "auth_date": str(NOW - 86_000)}))
    future = {**FIELDS, "auth_date": str(NOW + 3600)}
    with pytest.raises(ExpiredInitData):
        check(signed(future))


def test_missing_or_malformed_init_data_is_refused() -> None:
    with pytest.raises(MissingInitData):
        check("")
    with pytest.raises(BadInitData):
        check(signed({**FIELDS, "user": "not json"}))
    with pytest.raises(BadInitData):
        check(signed(FIELDS) + "&user=%7B%7D")
    with pytest.raises(BadInitData):
        check("a=" + "b" * 5000)


def test_table_tokens_fit_startapp_and_cannot_be_made_without_the_bot_token() -> None:
    tokens = TableTokens(TOKEN)
    for table_id in (0, 1, 1_733_584_787_123, 10**15):
        token = tokens.token(table_id)
        assert len(token) <= 64
        assert set(token) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")
        assert tokens.table_id(token) == table_id
    token = tokens.token(42)
    other = TableTokens(TOKEN + "x").token(42)
    assert other != token
    swapped = token.split("-")[0] + "-" + tokens.token(43).split("-", 1)[1]
    for bad in (other, swapped, token[:-1] + "A", "", "42", token + "x"):
        if bad == token:
            continue
        with pytest.raises(BadTableToken):
            tokens.table_id(bad)
    body, mac = token.split("-", 1)
    with pytest.raises(BadTableToken):
        tokens.table_id(f"{int(body, 36) + 1:x}-{mac}")
