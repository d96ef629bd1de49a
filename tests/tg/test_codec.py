"""Callback data round-trips within 64 bytes; anything else is refused cleanly."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ddz_bot.tg.codec import ACTIONS, MAX_BYTES, BadCallback, Callback, CallbackCodec

CODEC = CallbackCodec("123:secret")


@given(
    action=st.sampled_from(sorted(ACTIONS)),
    table=st.integers(0, 2**62),
    version=st.integers(0, 10**9),
    arg=st.text(alphabet="0123456789abcdefxyzTJQKAXD=-_.", max_size=12),
)
def test_round_trip_fits_in_64_bytes(action: str, table: int, version: int, arg: str) -> None:
    callback = Callback(action, table, version, arg if arg != "-" else "")
    data = CODEC.encode(callback)
    assert len(data.encode()) <= MAX_BYTES
    assert CODEC.decode(data) == callback


@given(st.text(max_size=80))
def test_random_data_is_refused(data: str) -> None:
    with pytest.raises(BadCallback):
        CODEC.decode(data)


def test_forged_and_foreign_data_is_refused() -> None:
    data = CODEC.encode(Callback("P", 42, 7))
    forged = data.replace("|7|", "|8|")
    with pytest.raises(BadCallback, match="signature"):
        CODEC.decode(forged)
    with pytest.raises(BadCallback, match="signature"):
        CallbackCodec("another bot").decode(data)
    with pytest.raises(BadCallback):
        CODEC.decode(None)


def test_encoding_refuses_what_would_not_parse_back() -> None:
    with pytest.raises(ValueError, match="unknown action"):
        CODEC.encode(Callback("?", 1))
    with pytest.raises(ValueError, match="longer than"):
        CODEC.encode(Callback("o", 1, 1, "x" * 60))


def test_every_button_has_a_handler_and_round_trips() -> None:
    from ddz_bot.tg.buttons import BUTTONS
    from ddz_bot.tg.codec import Button

    assert set(BUTTONS) == set(Button) == set(ACTIONS)
    for button in Button:
        callback = Callback(button, 2**40, 10**6, "arg")
        decoded = CODEC.decode(CODEC.encode(callback))
        assert decoded == callback and decoded.action is button
