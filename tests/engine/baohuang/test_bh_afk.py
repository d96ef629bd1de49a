"""R-BH-AFK (docs/rules.md section 4): time-outs take the default action, two in a row mean
auto-play, the fourth time is for good, and a hand every human ended on auto-play scores
nothing. And the protocol."""

from __future__ import annotations

import random

import pytest

from ddz_bot.games.baohuang.engine import (
    AUTO_LOCK,
    AutoPlayLocked,
    BaoHuangGame,
    BaoHuangRules,
    CallGuard,
    Declaration,
    Declare,
    Face,
    GuardMethod,
    Phase,
    TakeThrone,
    YieldThrone,
)
from ddz_bot.games.baohuang.engine import read_action as action_from_dict
from ddz_bot.kernel import (
    AutoPlay,
    AutoPlayChanged,
    Cards,
    Deal,
    GameProtocol,
    Pass,
    Play,
    Termination,
    TimedOut,
    Timeout,
)

from .helpers import STAGED, crown, go_out, staged


def test_r_bh_afk_defaults_yield_declare_nothing_pass_and_lead_the_lowest() -> None:
    game = staged(emperor=1, guard=2)
    assert game.default_action(1) == YieldThrone(1)
    game.apply(TakeThrone(1))
    assert game.default_action(1) == Declare(1, Declaration.NOTHING)
    crown_rest = [game.apply(game.default_action(s)) for s in (1, 2, 3, 4, 0)]
    assert crown_rest and game.phase is Phase.PLAYING
    assert game.default_action(1) == Play(1, Cards.parse("Q"))
    game.apply(Play(1, Cards.parse("Q")))
    assert game.default_action(2) == Pass(2)


def test_r_bh_afk_a_leader_holding_only_jokers_leads_a_small_joker() -> None:
    game = staged(emperor=0, guard=1)
    crown(game)
    for cards in ("2" * 16, "A" * 16):  # nobody can beat sixteen 2s or sixteen aces
        game.apply(Play(0, Cards.parse(cards)))
        for seat in (1, 2, 3, 4):
            game.apply(Pass(seat))
    assert game.hand(0) == Cards.parse("XD")
    assert game.default_action(0) == Play(0, Cards.parse("X"))


def test_r_bh_afk_two_time_outs_in_a_row_put_the_seat_on_auto_play() -> None:
    game = staged(emperor=1, guard=2)
    events = game.apply(Timeout(1))
    assert events[0] == TimedOut(1) and game.turn == 0 and not game.auto[1]
    game.apply(Timeout(0))
    events = game.apply(Timeout(4))
    assert not game.auto[4]
    events = game.apply(Timeout(3))
    events = game.apply(Timeout(2))
    events = game.apply(Timeout(1))  # the second in a row for seat 1
    assert AutoPlayChanged(1, True) in events and game.auto[1]
    assert game.public_view().seats[1].auto_play


def test_r_bh_afk_an_action_in_between_resets_the_count() -> None:
    game = staged(emperor=0, guard=1)
    crown(game)
    game.apply(Timeout(0, Play(0, Cards.parse("A"))))  # the AI leads for the seat
    for seat in (1, 2, 3, 4):
        game.apply(Pass(seat))
    game.apply(Play(0, Cards.parse("A")))
    for seat in (1, 2, 3, 4):
        game.apply(Pass(seat))
    game.apply(Timeout(0))
    assert not game.auto[0]


def test_r_bh_afk_the_fourth_time_on_auto_play_cannot_be_taken_back() -> None:
    game = staged(emperor=0, guard=1)
    for _ in range(AUTO_LOCK - 1):
        game.apply(AutoPlay(3, True))
        game.apply(AutoPlay(3, False))
    game.apply(AutoPlay(3, True))
    assert game.public_view().seats[3].auto_locked
    before = game.to_dict()
    with pytest.raises(AutoPlayLocked):
        game.apply(AutoPlay(3, False))
    assert game.to_dict() == before


def test_r_bh_afk_a_hand_every_human_ended_on_auto_play_scores_nothing() -> None:
    game = BaoHuangGame.from_deal(
        STAGED, emperor_card=0, guard_card=1, humans=(True, True, False, False, False)
    )
    game.apply(Deal())
    crown(game)
    game.apply(AutoPlay(0, True))
    game.apply(AutoPlay(1, True))
    go_out(game, [0, 1])
    outcome = game.outcome()
    assert outcome is not None and outcome.termination is Termination.ABORTED
    assert outcome.reason == "all_auto" and outcome.scores == (0,) * 5
    settled = game.settlement()
    assert settled is not None and settled.deltas == (0,) * 5


def test_r_bh_afk_called_method_second_round_time_out_calls_a_guard() -> None:
    rules = BaoHuangRules(method=GuardMethod.CALLED)
    for seed in range(200):
        game = BaoHuangGame(rules, rng=random.Random(seed))
        game.apply(Deal())
        for _ in range(5):
            assert game.turn is not None
            game.apply(Timeout(game.turn))
        assert game.turn is not None
        if game.callable_faces(game.turn):
            default = game.default_action(game.turn)
            assert isinstance(default, CallGuard)
            game.apply(Timeout(game.turn))
            assert game.phase is Phase.DECLARING
            return
    raise AssertionError("no deal found")


def test_r_bh_protocol_baohuang_game_is_a_game_protocol() -> None:
    game: GameProtocol = BaoHuangGame(balances=[10**6] * 5, rng=random.Random(3))
    assert isinstance(game, GameProtocol)
    assert game.players == 5 and game.waiting_for() is None
    while game.waiting_for() is None:
        game.apply(Deal())
    waiting = game.waiting_for()
    assert waiting is not None and waiting.seats
    for seat in range(game.players):
        assert bool(game.legal_actions(seat)) == (seat in waiting)
    restored = BaoHuangGame.from_dict(game.to_dict())
    assert restored.to_dict() == game.to_dict()


@pytest.mark.parametrize(
    "action",
    [TakeThrone(2), YieldThrone(0), CallGuard(1, Face.parse("Th")),
     Declare(3, Declaration.REVOLT), Declare(4, Declaration.GRAB_SOLO)],
)  # fmt: skip
def test_r_bh_protocol_new_actions_round_trip_through_action_from_dict(action: object) -> None:
    assert action_from_dict(action.to_dict()) == action  # type: ignore[attr-defined]


def test_r_bh_deal_a_stored_hand_with_a_wrong_deck_is_refused() -> None:
    data = staged(emperor=0, guard=1).to_dict()
    data["decks"] = [data["decks"][0][:-2] + "00", *data["decks"][1:]]
    with pytest.raises(ValueError):
        BaoHuangGame.from_dict(data)
    with pytest.raises(ValueError):
        BaoHuangGame.from_dict({**data, "game": "classic"})
