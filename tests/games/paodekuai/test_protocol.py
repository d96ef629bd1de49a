"""PdkGame speaks the protocol the table layer hosts every game through."""

from __future__ import annotations

import random

import pytest

from ddz_bot.games.paodekuai.engine import (
    GameOver,
    NotYourTurn,
    PdkGame,
    PdkRules,
    Phase,
    WrongPhase,
)
from ddz_bot.kernel import (
    AutoPlay,
    Deal,
    DecisionKind,
    GameProtocol,
    IllegalAction,
    Pass,
    Play,
    Termination,
    TimeLimit,
    parse_cards,
)


def test_pdk_game_implements_the_protocol() -> None:
    game = PdkGame(rng=random.Random(5))
    assert isinstance(game, GameProtocol)
    assert game.players == 3 and game.phase is Phase.DEALING
    assert game.waiting_for() is None and game.outcome() is None and game.settlement() is None
    game.apply(Deal())
    waiting = game.waiting_for()
    assert waiting is not None
    assert waiting.kind is DecisionKind.PLAY and waiting.limit is TimeLimit.PLAY
    seat = waiting.seats[0]
    others = [s for s in range(3) if s != seat]
    assert all(game.legal_actions(s) == [] for s in others)
    with pytest.raises(NotYourTurn):
        game.default_action(others[0])
    with pytest.raises(WrongPhase):
        game.apply(Deal())


def test_refusals_have_stable_codes_and_change_nothing() -> None:
    game = PdkGame(rng=random.Random(5))
    game.apply(Deal())
    before = game.to_dict()
    seat = game.turn
    assert seat is not None
    for action, code in (
        (Play((seat + 1) % 3, parse_cards("3")), "not_your_turn"),
        (Pass(seat), "must_lead"),
        (Play(seat, parse_cards("")), "empty_play"),
        (Play(seat, parse_cards("XD")), "not_in_hand"),
    ):
        with pytest.raises(IllegalAction) as refused:
            game.apply(action)
        assert refused.value.code == code
        assert game.to_dict() == before


def test_a_stored_hand_is_refused_when_it_is_not_one() -> None:
    game = PdkGame(rng=random.Random(5))
    data = game.to_dict()
    with pytest.raises(ValueError, match="whole deck"):
        PdkGame.from_dict({**data, "deck": data["deck"][:-1]})
    with pytest.raises(ValueError, match="not a stored hand"):
        PdkGame.from_dict({**data, "game": "baohuang"})
    with pytest.raises(ValueError, match="not an option"):
        PdkGame.from_dict({**data, "rules": {"jokers": True}})


def test_the_start_and_actions_rebuild_the_hand_and_auto_play_is_kept() -> None:
    game = PdkGame(PdkRules(cards15=True), rng=random.Random(8), leader=2)
    game.apply(Deal())
    game.apply(AutoPlay(1, True))
    again = PdkGame.replay(game.start_dict(), [a.to_dict() for a in game.actions])
    assert again.public_view() == game.public_view()
    assert again.public_view().seats[1].auto_play


def test_a_finished_hand_refuses_everything() -> None:
    game = PdkGame.from_deal(
        ("3456789TJQKA" + "2" + "333", "444555666777" + "89TJ", "8899TTJJQQQKKKAA"), leader=1
    )
    game.apply(Play(1, parse_cards("444555666777" + "89TJ")))
    outcome = game.outcome()
    assert outcome is not None and outcome.termination is Termination.WON
    assert game.waiting_for() is None
    with pytest.raises(GameOver):
        game.apply(Pass(2))
