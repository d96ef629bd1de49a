"""The frames written once a version hold, for every page, exactly what the game gives that
page: a seat its ``view_for(seat)`` and that view's summary, a spectator ``public_view()``
and its summary, over whole hands of every game (the public view is made and written once
for all of them, so this is what keeps it honest)."""

from __future__ import annotations

import json
import random

import pytest

from ddz_bot.games import GAMES
from ddz_bot.kernel import GameProtocol, Settlement, room_by_key
from ddz_bot.tg.phases import TablePhase
from ddz_bot.tg.table import Seat, Table
from ddz_bot.web import adapter
from ddz_bot.web.frames import TableFrames, stated_terms
from ddz_bot.web.jsonview import to_json

VARIANTS = [(name, rules) for name in GAMES for rules in sorted(GAMES[name].variants)]
#: the most decisions a hand of the test takes (a 保皇 hand takes a few hundred at most)
MOST = 600


def _dealt(name: str, rules: str, seed: int) -> GameProtocol:
    host = GAMES[name].host
    seats = host.seats(rules)
    game: GameProtocol = host.new_hand(
        rules, room_by_key("beginner"), [10**6] * seats, random.Random(seed), [True] * seats
    )
    for action in host.opening([], deal_window=False):
        game.apply(action)
    return game


def _check(table: Table, game: GameProtocol) -> None:
    frames = TableFrames(table, 1.0, None)
    public = game.public_view()
    spectator = json.loads(frames.text(None, "en"))
    assert spectator["seat"] is None
    assert spectator["view"] == json.loads(json.dumps(to_json(public)))
    assert spectator["sum"] == json.loads(json.dumps(adapter.summary(game, public)))
    waiting = game.waiting_for()
    for seat in range(game.players):
        view = game.view_for(seat)
        frame = json.loads(frames.text(seat, "en"))
        assert frame["seat"] == seat
        assert frame["view"] == json.loads(json.dumps(to_json(view)))
        assert frame["sum"] == json.loads(json.dumps(adapter.summary(game, view)))
        if waiting is not None and seat in waiting:
            assert frame["decide"] is not None
        if waiting is not None:
            assert frame["waiting"] == {"seats": list(waiting.seats), "kind": str(waiting.kind)}


@pytest.mark.parametrize(("name", "rules"), VARIANTS)
def test_every_page_gets_what_the_game_gives_its_seat_through_a_whole_hand(
    name: str, rules: str
) -> None:
    rng = random.Random(7)
    game = _dealt(name, rules, 7)
    seats = [Seat(100 + s, f"P{s}", lang="en") for s in range(game.players)]
    table = Table(
        id=1, chat_id=-1, title="t", lang="en", rules=rules, phase=TablePhase.PLAYING, seats=seats
    )
    for _ in range(MOST):
        table.game = game
        _check(table, game)
        waiting = game.waiting_for()
        if game.over or waiting is None:
            break
        seat = waiting.seats[0]
        game = game.clone()  # a published hand never changes: each version is a new one
        game.apply(rng.choice(game.legal_actions(seat)))
    assert game.over
    table.game = game
    _check(table, game)


def _settled(deltas: tuple[int, ...], scores: tuple[int, ...]) -> Settlement:
    return Settlement((), deltas, tuple(1000 + d for d in deltas), scores, scores, 15)


def test_the_result_states_the_rooms_terms_only_where_every_row_adds_up() -> None:
    """A farmer who doubled: 4 points at 100 beans, less the fee of 5, and so on: the page
    may say "1 分 = 100 欢乐豆 · 服务费每人 5". After an escape (only the leaver pays) or a
    cap, the line would not add up: none is sent."""
    room = room_by_key("beginner")
    assert stated_terms(_settled((-405, 595, -205), (4, 6, 2)), room) == {"rate": 100, "fee": 5}
    assert stated_terms(_settled((-1205, 600, 600), (12, 6, 6)), room) == {}  # an escape
    assert stated_terms(_settled((-300, 295, -5), (4, 6, 2)), room) == {}  # capped
    assert stated_terms(_settled((0, 0, 0), (0, 0, 0)), room) == {}  # called off
