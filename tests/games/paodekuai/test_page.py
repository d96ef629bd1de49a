"""跑得快's live-table parts (``GAMES["paodekuai"].page``): what the page draws of the worked
example of R-PDK-SCORE, and Pass offered only to a seat that can't beat (R-PDK-MUST)."""

from __future__ import annotations

import dataclasses

from ddz_bot.games import GAMES
from ddz_bot.games.paodekuai.engine import PdkGame, PdkRules
from ddz_bot.kernel import Pass

from .helpers import pass_, play
from .test_scoring import BEGINNER, A, B, C

PAGE = GAMES["paodekuai"].page


def _notes(game: PdkGame) -> list[list[str]]:
    return [seat["notes"] for seat in PAGE.summary(game, game.public_view())["seats"]]


def test_pass_only_for_a_seat_that_cannot_beat_and_the_warnings_the_page_shows() -> None:
    game = PdkGame.from_deal([A, B, C], leader=1, room=BEGINNER, balances=[10_000] * 3)
    assert PAGE.may_pass(game, game.view_for(1), 1) is False  # a lead
    play(game, 1, "3456789TJQ")
    assert PAGE.may_pass(game, game.view_for(2), 2) is True  # nothing of seat 2 beats it
    seen = PAGE.summary(game, game.public_view())
    assert seen["to_beat_seat"] == 1 and seen["seats"][1]["count"] == 6
    assert seen["hand"] is None and seen["role"] is None
    pass_(game, 2)
    assert PAGE.may_pass(game, game.view_for(0), 0) is False  # its bomb beats: 有大必压
    assert PAGE.label(game, Pass(2), "en") and PAGE.label(game, Pass(2), "zh-Hans") != "pass"
    play(game, 0, "KKKK")
    pass_(game, 1)
    pass_(game, 2)
    assert _notes(game)[0] == ["bomb"]  # the bomb stood
    play(game, 0, "Q")
    play(game, 1, "A")
    pass_(game, 2)
    play(game, 0, "2")
    pass_(game, 1)
    pass_(game, 2)
    play(game, 0, "8899TTJJQQ")
    over = PAGE.summary(game, game.public_view())
    assert over["winners"] == [0]
    assert over["stakes"]["cards_left"] == [0, 5, 16]
    assert over["stakes"]["bombs"] == [[0, "K"]]
    assert "shut" in over["seats"][2]["notes"]  # 被关: seat 2 played no card


def test_the_one_card_warning_and_the_deck_of_each_option() -> None:
    game = PdkGame.from_deal([A, B, C], leader=1, room=BEGINNER, balances=[10_000] * 3)
    view = game.public_view()
    assert _notes(game) == [[], [], []]
    down = dataclasses.replace(view.seats[2], card_count=1)  # 报单 (R-PDK-WARN)
    warned = PAGE.summary(game, dataclasses.replace(view, seats=(*view.seats[:2], down)))
    assert [seat["notes"] for seat in warned["seats"]] == [[], [], ["one_card"]]
    assert warned["seats"][2]["count"] == 1
    deck = PAGE.page(game).deck
    assert sum(deck.values()) == 48 and deck["2"] == 1 and "X" not in deck
    assert PAGE.page(game).to_json()["layout"] == "fan"
    short = game.clone()
    short.rules = PdkRules(cards15=True)  # the 45-card deck (R-PDK-DECK)
    assert sum(PAGE.page(short).deck.values()) == 45
