"""The AI sees a seat's view only; hints list legal plays only; bidding follows strength;
a seeded player replays the same way."""

from __future__ import annotations

import dataclasses
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from ddz_bot.games.doudizhu.ai import AIPlayer, Player, hints, make_player
from ddz_bot.games.doudizhu.ai.search import SearchConfig
from ddz_bot.games.doudizhu.engine import CLASSIC, WILDCARD, legal_moves
from ddz_bot.games.doudizhu.engine.actions import Call, Decline, NoGrab
from ddz_bot.games.doudizhu.engine.game import Game
from ddz_bot.games.doudizhu.engine.views import SeatView
from ddz_bot.games.doudizhu.engine.wildmoves import useful_moves
from ddz_bot.kernel import Cards

from .helpers import cards, drive, game_at, play_game, seat_to_act

FULL = [r for r in range(13) for _ in range(4)] + [13, 14]


def test_a_seat_view_holds_no_other_hand() -> None:
    assert [f.name for f in dataclasses.fields(SeatView)] == ["public", "seat", "hand"]
    game = game_at(4, 25)
    seat = seat_to_act(game)
    assert seat is not None
    view = game.view_for(seat)
    for info in view.public.seats:
        if info.seat != seat:
            assert info.shown_hand is None  # nobody showed: no hidden card in the view
    for kind in ("random", "greedy", "easy", "normal", "hard"):
        assert isinstance(make_player(kind, 1), Player)


def test_the_decision_depends_on_the_view_only() -> None:
    # the same landlord hand and bottom; the farmers' cards swapped between them
    hand0 = cards("33456789TJQKA22XD")
    rest = FULL[:]
    for r in hand0:
        rest.remove(r)
    random.Random(5).shuffle(rest)
    bottom, f1, f2 = rest[:3], rest[3:20], rest[20:37]
    g1 = play_game([str(hand0), str(Cards(f1)), str(Cards(f2))], str(Cards(bottom)))
    g2 = play_game([str(hand0), str(Cards(f2)), str(Cards(f1))], str(Cards(bottom)))
    assert g1.view_for(0).hand_ranks == g2.view_for(0).hand_ranks
    for level in ("normal", "hard"):
        p1 = AIPlayer(level, seed=3, search=SearchConfig(budget=5.0, max_samples=6))
        p2 = AIPlayer(level, seed=3, search=SearchConfig(budget=5.0, max_samples=6))
        assert p1.act(g1.view_for(0), g1.legal_actions(0)) == p2.act(
            g2.view_for(0), g2.legal_actions(0)
        )


@settings(max_examples=80, deadline=None)
@given(seed=st.integers(0, 10**6), size=st.integers(1, 20), lead=st.booleans())
def test_hints_are_legal_plays_only_and_all_of_them(seed: int, size: int, lead: bool) -> None:
    rng = random.Random(seed)
    deck = FULL[:]
    rng.shuffle(deck)
    hand = Cards(deck[:size])
    previous = None
    if not lead:
        others = legal_moves(Cards(deck[size : size + 17]))
        previous = rng.choice(others)
    legal = legal_moves(hand, previous)
    found = hints(hand, previous)
    assert set(found) == set(legal)
    assert len(found) == len(legal)


def test_hints_from_a_view_and_with_wildcards() -> None:
    g = game_at(8, 30)
    seat = seat_to_act(g)
    assert seat is not None
    view = g.view_for(seat)
    if view.public.phase.value == "playing":
        legal = legal_moves(view.hand_ranks, view.public.to_beat, g.rules)
        assert set(hints(view)) == set(legal)
    wild = WILDCARD.with_wild_rank(4)  # 7s are wild
    hand = cards("3344577")
    previous = legal_moves(cards("99TTJJ"), None, CLASSIC)[0]
    found = hints(hand, previous, wild)
    assert set(found) == set(useful_moves(hand, previous, wild))  # no wasted wildcard
    assert set(found) <= set(legal_moves(hand, previous, wild))
    best = hints(cards("34567"), None, CLASSIC)[0]
    assert best.cards == cards("34567")  # the whole hand at once first


def test_bidding_follows_the_hand() -> None:
    strong = "3456789TJQK2222XD"
    rest = FULL[:]
    for r in cards(strong):
        rest.remove(r)
    other = Cards(rest[:17])
    rest = rest[17:]
    game = Game.from_deal(
        [strong, str(other), str(Cards(rest[:17]))],
        str(Cards(rest[17:])),
        first_bidder=0,
        rng=random.Random(1),
    )
    drive_until_bidding(game)
    assert AIPlayer("normal", 1).act(game.view_for(0), game.legal_actions(0)) == Call(0)
    game2 = Game.from_deal(
        [str(Cards(rest[:17])), strong, str(other)],
        str(Cards(rest[17:])),
        first_bidder=0,
        rng=random.Random(1),
    )
    drive_until_bidding(game2)
    action = AIPlayer("normal", 1).act(game2.view_for(0), game2.legal_actions(0))
    assert action in (Call(0), Decline(0))
    game2.apply(Call(0))
    # the strong hand grabs; the caller's grab is x2 (R-GRAB)
    answer = AIPlayer("normal", 1).act(game2.view_for(1), game2.legal_actions(1))
    assert answer != NoGrab(1)


def drive_until_bidding(game: Game) -> None:
    from ddz_bot.games.doudizhu.engine.views import Phase
    from ddz_bot.kernel import Deal

    while game.phase in (Phase.SHOW_START, Phase.DEALING):
        game.apply(Deal())


def test_seeded_players_replay_the_same_hand() -> None:
    def one() -> list[object]:
        game = game_at(21, 0)
        players: list[Player] = [
            AIPlayer("hard", 5, SearchConfig(budget=5.0, max_samples=4)),
            AIPlayer("easy", 6),
            AIPlayer("normal", 7),
        ]
        return list(drive(game, players))

    assert one() == one()


def test_a_shared_player_keeps_no_growing_record() -> None:
    # the bot keeps one player for every table: it must not grow with each decision
    shared = AIPlayer("hard", 1, SearchConfig(budget=0.001, max_samples=1))
    games = [game_at(seed, 0) for seed in (31, 32)]
    for game in games:
        drive(game, [shared, shared, shared])
        assert game.over
    assert shared.timings == [] and shared.searched == []
    assert len(shared._memory) <= 256
