"""保皇's table words without a bot: typed decisions (a called face, declarations), the
options, the narration of public events, callback data sizes, choosing a rank."""

from __future__ import annotations

import pytest

from ddz_bot.games.baohuang.engine import (
    BaoHuangGame,
    BaoHuangRules,
    CallGuard,
    Declaration,
    Declare,
    Face,
    GuardMethod,
    GuardRevealed,
    ThroneYielded,
    YieldThrone,
)
from ddz_bot.games.baohuang.engine.cards import GUARD_CARD
from ddz_bot.games.baohuang.tg.host import baohuang_rules, baohuang_rules_name
from ddz_bot.games.baohuang.tg.keyboards import (
    DECLARE_CODES,
    BaoHuangButton,
    bh_decision,
    select_rank,
)
from ddz_bot.games.baohuang.tg.typed import bh_typed_decision
from ddz_bot.games.baohuang.tg.words import event_line, face_text, options_text
from ddz_bot.kernel import Cards, Deal
from ddz_bot.tg.codec import MAX_BYTES, BadCallback, Button, Callback, CallbackCodec
from ddz_bot.tg.hosts import host_for
from ddz_bot.tg.refusals import Refused
from tests.engine.baohuang.helpers import STAGED

NAMES = ["Alice", "Bob", "Carol", "Dave", "Erin"]


def called_game() -> BaoHuangGame:
    """Seat 1 holds every K (four copies of each face) and the emperor card."""
    game = BaoHuangGame.from_deal(
        STAGED, emperor_card=1, rules=BaoHuangRules(method=GuardMethod.CALLED)
    )
    game.apply(Deal())
    assert game.turn == 1
    return game


@pytest.mark.parametrize("typed", ["叫 ♥K", "叫♥k", "call kh", "Kh", "K♥", "叫 kh"])
def test_a_called_face_is_typed_as_people_write_it(typed: str) -> None:
    game = called_game()
    action = bh_typed_decision(game, 1, " ".join(typed.lower().split()), "zh-Hans")
    assert action == CallGuard(1, Face.parse("Kh"))


def test_words_that_mean_nothing_now_list_what_this_seat_may_type() -> None:
    game = called_game()
    with pytest.raises(Refused) as refused:
        bh_typed_decision(game, 1, "造反", "zh-Hans")
    assert refused.value.key == "decision_not_now"
    assert "叫 ♠K" in str(refused.value.values["options"])
    assert bh_typed_decision(game, 1, "让位", "zh-Hans") == YieldThrone(1)


def test_declarations_typed_are_the_seats_own() -> None:
    game = BaoHuangGame.from_deal(STAGED, emperor_card=0, guard_card=2)
    game.apply(Deal())
    game.apply(game.legal_actions(0)[0])  # seat 0 takes the throne
    assert bh_typed_decision(game, 0, "明独保", "zh-Hans") == Declare(0, Declaration.OPEN_SOLO)
    with pytest.raises(Refused):
        bh_typed_decision(game, 0, "造反", "zh-Hans")  # the emperor can't revolt


def test_options_read_back_and_are_said() -> None:
    rules = BaoHuangRules(method=GuardMethod.CALLED, roast=True, six=True, grab_solo=True)
    name = baohuang_rules_name(rules)
    assert name == "baohuang+called+roast+six+grab" and baohuang_rules(name) == rules
    assert baohuang_rules("baohuang") == BaoHuangRules()
    assert host_for(name).seats(name) == 5
    assert options_text(rules, "zh-Hans") == "叫侍卫 · 烤牌 · 憋6 · 抢独"
    assert options_text(BaoHuangRules(), "en") == "fixed guard"
    with pytest.raises(ValueError):
        baohuang_rules("baohuang+wild")


def test_public_events_are_narrated() -> None:
    assert event_line(GuardRevealed(3, "revolt"), NAMES, "zh-Hans") == "造反揭开了侍卫：Dave！"
    yielded = event_line(ThroneYielded(1, GUARD_CARD), NAMES, "zh-Hans")
    assert yielded == "Bob 让位，贴出 小王"
    assert face_text(Face.parse("Td"), "en") == "♦10"


def test_every_decision_button_round_trips_within_64_bytes() -> None:
    codec = CallbackCodec("123:TOKEN")
    big = 36**8  # a table id far beyond any real one
    for action, arg in [
        (BaoHuangButton.THRONE, "t"),
        (BaoHuangButton.THRONE, "y"),
        (BaoHuangButton.CALL, "Th"),
        *((BaoHuangButton.DECLARE, code) for code in DECLARE_CODES.values()),
        (Button.ALL_RANK, "T"),
    ]:
        data = codec.encode(Callback(action, big, 10**6, arg))
        assert len(data.encode()) <= MAX_BYTES
        decoded = codec.decode(data)
        assert (decoded.action, decoded.arg) == (action, arg)
        if action is not Button.ALL_RANK:
            assert bh_decision(decoded.action, decoded.arg, 2).actor == 2
    with pytest.raises(BadCallback):
        # no 5 in 保皇 (a 2 is a face: the engine refuses it)
        bh_decision(BaoHuangButton.CALL, "5h", 0)
    with pytest.raises(BadCallback):
        bh_decision(BaoHuangButton.DECLARE, "z", 0)


def test_a_natural_rank_replaces_another_and_jokers_stay() -> None:
    held = Cards.parse("6677788XD").counts()
    chosen = select_rank([0] * len(held), held, Cards.parse("7")[0], everything=True)
    chosen = select_rank(chosen, held, Cards.parse("X")[0], everything=False)
    assert Cards.from_counts(chosen) == Cards.parse("777X")
    chosen = select_rank(chosen, held, Cards.parse("8")[0], everything=False)
    assert Cards.from_counts(chosen) == Cards.parse("8X")
