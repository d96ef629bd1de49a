"""比大小's rules on their own, and that the bot's code never names it: the table layer, the
kernel and storage host it through the registry and the protocol alone."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from ddz_bot.games import GAMES
from ddz_bot.kernel import (
    Card,
    Cards,
    CardsNotInHand,
    Deal,
    Escape,
    NotYourTurn,
    Play,
    Termination,
    Timeout,
    room_by_key,
)

from .highcard.engine import HighCardGame
from .highcard.module import GAME

ROOT = Path(__file__).resolve().parents[2]
ROOM = room_by_key("beginner")  # 100 beans a point, a fee of 5


def dealt(*hands: str, balances: tuple[int, ...] = (1_000, 1_000, 1_000)) -> HighCardGame:
    game = HighCardGame(
        len(hands),
        ROOM,
        balances,
        hands=[[Card.parse(card) for card in hand.split()] for hand in hands],
    )
    game.apply(Deal())
    return game


def test_the_highest_card_wins_and_the_first_of_equal_ranks() -> None:
    game = dealt("3s 9h Kd", "Kh Th Ah", "5s Jh Qd")
    for seat, rank in ((0, "K"), (1, "K"), (2, "Q")):
        game.apply(Play(seat, Cards.parse(rank)))
    outcome = game.outcome()
    assert outcome is not None and outcome.termination is Termination.WON
    assert outcome.winner == 0  # Kd came first


def test_a_refused_action_changes_nothing() -> None:
    game = dealt("3s 9h Kd", "4s Th Ah")
    before = game.to_dict()
    with pytest.raises(NotYourTurn):
        game.apply(Play(1, Cards.parse("A")))
    with pytest.raises(CardsNotInHand):
        game.apply(Play(0, Cards.parse("A")))
    assert game.to_dict() == before


def test_a_time_out_plays_the_lowest_card_and_a_replay_rebuilds_the_hand() -> None:
    game = dealt("3s 9h Kd", "4s Th Ah")
    game.apply(Timeout(0))
    assert game.played[0] == Card.parse("3s") and game.timeouts[0] == 1
    again = HighCardGame.from_dict(game.to_dict())
    assert again.to_dict() == game.to_dict() and again.turn == 1


def test_the_settlement_takes_no_more_than_a_loser_holds() -> None:
    game = dealt("3s 9h Kd", "4s Th Ah", "5s Jh Qd", balances=(1_000, 1_000, 40))
    for seat, rank in ((0, "3"), (1, "A"), (2, "5")):
        game.apply(Play(seat, Cards.parse(rank)))
    settlement = game.settlement()
    assert settlement is not None
    assert settlement.deltas == (-105, 100 + 40 - 5, -40)  # the third seat had 40 only
    assert settlement.points == (-1, 1, -1)


def test_an_escape_pays_each_other_seat() -> None:
    game = dealt("3s 9h Kd", "4s Th Ah", "5s Jh Qd")
    game.apply(Escape(2))
    settlement = game.settlement()
    assert settlement is not None and settlement.deltas == (100, 100, -200)


def test_registering_a_second_game_of_the_same_name_is_refused() -> None:
    with GAMES.registered(GAME), pytest.raises(ValueError), GAMES.registered(GAME):
        pass
    assert "highcard" not in GAMES


@pytest.mark.parametrize("package", ["ddz_bot/tg", "ddz_bot/kernel", "ddz_bot/storage"])
def test_nothing_of_the_bot_names_the_test_game(package: str) -> None:
    named = re.compile(r"highcard|比大小|high card", re.IGNORECASE)
    found = [
        str(path.relative_to(ROOT))
        for path in sorted((ROOT / package).rglob("*.py"))
        if named.search(path.read_text(encoding="utf-8"))
    ]
    assert found == []
