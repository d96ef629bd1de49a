"""Finished hands for tests of what the table says at the end (no bot needed)."""

from __future__ import annotations

from ddz_bot.games.doudizhu.engine.actions import Call, NoGrab, NoShow
from ddz_bot.games.doudizhu.engine.game import Game
from ddz_bot.kernel import Cards, Pass, Play
from ddz_bot.tg.table import Seat, Table
from tests.engine.game_helpers import deal, run

SPRING_USERS = (11, 12, 13)


def landlord_spring() -> Game:
    """Seat 0 is landlord and springs: x8 (rocket, bomb, spring), each farmer's stake 8."""
    game = deal()
    run(
        game,
        Call(0),
        NoGrab(1),
        NoGrab(2),
        NoShow(0),
        Play(0, Cards.parse("XD")),
        Pass(1),
        Pass(2),
        Play(0, Cards.parse("2222")),
        Pass(1),
        Pass(2),
        Play(0, Cards.parse("33344456")),
        Pass(1),
        Pass(2),
        Play(0, Cards.parse("KKKAAA")),
    )
    assert game.over
    return game


def spring_table(game: Game, lang: str, names: list[str]) -> Table:
    """Table 7 of group -100, hand 1, seating users 11, 12, 13 under ``names``."""
    seats = [Seat(user, name, lang=lang) for user, name in zip(SPRING_USERS, names, strict=True)]
    return Table(id=7, chat_id=-100, title="group", lang=lang, game=game, hand_no=1, seats=seats)
