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


def test_each_game_has_its_own_namespace_of_buttons() -> None:
    """A game's own buttons are marked as its (``game_action``): no table-layer code and
    nothing unmarked is one, they round-trip, and the table layer routes them all to the
    table's game rather than reading them."""
    from ddz_bot.games.baohuang.tg.keyboards import BaoHuangButton
    from ddz_bot.games.doudizhu.tg.keyboards import DouDizhuButton
    from ddz_bot.tg.buttons import GAME_BUTTON, Place
    from ddz_bot.tg.codec import GAME_MARK, Button, game_action, is_game_action

    assert not any(is_game_action(button) for button in Button)
    for button in (*DouDizhuButton, *BaoHuangButton):
        assert is_game_action(button) and button.startswith(GAME_MARK)
        callback = Callback(button, 2**40, 10**6, "arg")
        decoded = CODEC.decode(CODEC.encode(callback))
        assert decoded == callback and not isinstance(decoded.action, Button)
    assert GAME_BUTTON.place is Place.PANEL  # a private panel's button, during the hand
    # two games may use the same letter: the table a button belongs to says whose it is
    assert game_action("b") == DouDizhuButton.BID
    for bad in ("", "bb", "|", GAME_MARK, "é"):
        with pytest.raises(ValueError):
            game_action(bad)
    with pytest.raises(ValueError, match="unknown action"):
        CODEC.encode(Callback(GAME_MARK + "|", 1))
    with pytest.raises(ValueError, match="unknown action"):
        CODEC.encode(Callback("b", 1))  # 斗地主's bid, unmarked: no code of the table layer
