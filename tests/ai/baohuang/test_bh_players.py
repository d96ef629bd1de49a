"""The 保皇 players: always a legal action, team play with the sides as they are public, the
throne and the declarations from the hand's strength, and nothing read that the seat can't see."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ddz_bot.games.baohuang.ai import BaoHuangAI, make_baohuang_player, opening_value
from ddz_bot.games.baohuang.engine import (
    BaoHuangGame,
    BaoHuangRules,
    Declaration,
    Declare,
    GuardMethod,
    Phase,
    Role,
)
from ddz_bot.games.baohuang.engine.actions import TakeThrone, YieldThrone
from ddz_bot.kernel import Deal, Pass, Play, Rank, parse_cards

from .helpers import RICH, ROOM, advanced, deal_around

KINDS = ["random", "greedy", "easy", "normal", "hard"]
STRONG = "DDDXXX22222222AAAAAAAAKKKKKKQQQQQQ"
WEAK = "D666677778888999TTTTJJJJQQQKKKAAA2"

rules_options = st.builds(
    BaoHuangRules,
    method=st.sampled_from(list(GuardMethod)),
    roast=st.booleans(),
    six=st.booleans(),
    grab_solo=st.booleans(),
)


@settings(max_examples=80, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    steps=st.integers(0, 400),
    rules=rules_options,
    kind=st.sampled_from(KINDS),
)
def test_every_player_answers_with_one_of_the_legal_actions(
    seed: int, steps: int, rules: BaoHuangRules, kind: str
) -> None:
    game = advanced(seed, steps, rules)
    waiting = game.waiting_for()
    if waiting is None:
        return
    seat = waiting.seats[0]
    legal = game.legal_actions(seat)
    action = make_baohuang_player(kind, seed).act(game.view_for(seat), legal)
    assert action in legal
    game.apply(action)  # and the game takes it


@pytest.mark.parametrize("rules", [BaoHuangRules(), BaoHuangRules(GuardMethod.CALLED, True, True)])
def test_hands_played_by_the_ai_end(rules: BaoHuangRules) -> None:
    for seed in range(6):
        game = BaoHuangGame(rules, rng=random.Random(seed), balances=RICH, room=ROOM)
        game.apply(Deal())
        players = [make_baohuang_player(k, seed) for k in ("easy", "normal", "hard") * 2]
        for _ in range(3000):
            waiting = game.waiting_for()
            if waiting is None:
                break
            seat = waiting.seats[0]
            game.apply(players[seat].act(game.view_for(seat), game.legal_actions(seat)))
        assert game.over


def _revealed_hand(seed: int) -> BaoHuangGame | None:
    """A random deal, the holder on the throne, the guard declaring 明保 (None: a solo)."""
    game = BaoHuangGame(rng=random.Random(seed), balances=RICH, room=ROOM)
    game.apply(Deal())
    assert game.turn is not None
    game.apply(TakeThrone(game.turn))
    if game.solo is not None:
        return None
    while game.phase is Phase.DECLARING:
        seat = game.turn
        assert seat is not None
        word = Declaration.OPEN_GUARD if seat == game.guard else Declaration.NOTHING
        game.apply(Declare(seat, word))
    return game


def _lead_lowest_single(game: BaoHuangGame) -> None:
    seat = game.turn
    assert seat is not None
    low = min(game.hand(seat))
    game.apply(Play(seat, parse_cards(str(Rank(low).char))))


def _pass_until(game: BaoHuangGame, seat: int) -> None:
    while game.turn != seat:
        assert game.turn is not None
        game.apply(Pass(game.turn))


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_the_guard_never_tops_the_emperors_play_once_the_sides_are_public(level: str) -> None:
    checked = 0
    for seed in range(40):
        game = _revealed_hand(seed)
        if game is None:
            continue
        assert game.guard is not None and game.public_view().guard == game.guard
        _lead_lowest_single(game)
        _pass_until(game, game.guard)
        legal = game.legal_actions(game.guard)
        assert any(isinstance(a, Play) for a in legal)
        action = BaoHuangAI(level, seed).act(game.view_for(game.guard), legal)
        assert isinstance(action, Pass)
        checked += 1
    assert checked >= 20


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_the_emperor_never_tops_the_revealed_guards_play(level: str) -> None:
    checked = 0
    for seed in range(40):
        game = _revealed_hand(seed)
        if game is None:
            continue
        emperor, guard = game.emperor, game.guard
        assert emperor is not None and guard is not None
        _lead_lowest_single(game)
        _pass_until(game, guard)
        beats = [m for m in game.moves(guard) if len(m) == 1 and m[0] < Rank.SMALL_JOKER]
        if not beats:
            continue
        game.apply(Play(guard, beats[0]))
        _pass_until(game, emperor)
        legal = game.legal_actions(emperor)
        if not any(isinstance(a, Play) for a in legal):
            continue
        action = BaoHuangAI(level, seed).act(game.view_for(emperor), legal)
        assert isinstance(action, Pass)
        checked += 1
    assert checked >= 10


def test_a_rebel_leaves_a_fellow_rebels_play_alone_once_the_guard_is_known() -> None:
    checked = 0
    for seed in range(40):
        game = _revealed_hand(seed)
        if game is None:
            continue
        rebels = [s for s in range(5) if s not in (game.emperor, game.guard)]
        _lead_lowest_single(game)
        first, second = sorted(rebels, key=lambda s: (s - (game.emperor or 0)) % 5)[:2]
        _pass_until(game, first)
        beats = [m for m in game.moves(first) if len(m) == 1 and m[0] < Rank.TWO]
        if not beats:
            continue
        game.apply(Play(first, beats[0]))
        _pass_until(game, second)
        legal = game.legal_actions(second)
        if not any(isinstance(a, Play) for a in legal):
            continue
        assert isinstance(BaoHuangAI("normal", seed).act(game.view_for(second), legal), Pass)
        checked += 1
    assert checked >= 10


def _throne_view(first: str, guard_at: int = 1) -> BaoHuangGame:
    game = BaoHuangGame.from_deal(
        deal_around(first, small_jokers_at=() if guard_at == 0 else (guard_at,)),
        dealer=0,
        emperor_card=0,
        guard_card=guard_at,
        balances=RICH,
        room=ROOM,
    )
    game.apply(Deal())
    assert game.turn == 0
    return game


def test_the_ai_takes_the_throne_with_a_strong_hand_and_yields_a_weak_one() -> None:
    assert opening_value(parse_cards(STRONG).counts()) > opening_value(parse_cards(WEAK).counts())
    for level in ("easy", "normal", "hard"):
        strong = _throne_view(STRONG)
        assert BaoHuangAI(level).act(strong.view_for(0), strong.legal_actions(0)) == TakeThrone(0)
        weak = _throne_view(WEAK)
        assert BaoHuangAI(level).act(weak.view_for(0), weak.legal_actions(0)) == YieldThrone(0)


def test_holding_both_cards_takes_the_throne_alone_only_with_a_hand_for_it() -> None:
    strong = _throne_view(STRONG, guard_at=0)
    assert strong.view_for(0).holds_guard_card
    assert BaoHuangAI().act(strong.view_for(0), strong.legal_actions(0)) == TakeThrone(0)
    fair = "DX22AAAKKKQQQJJJTTT999888777666666"
    middling = _throne_view(fair, guard_at=0)
    view = middling.view_for(0)
    assert view.holds_guard_card and opening_value(view.hand_ranks.counts()) > -22.0
    assert BaoHuangAI().act(view, middling.legal_actions(0)) == YieldThrone(0)


def test_a_strong_guard_declares_open_guard_and_a_weak_one_keeps_quiet() -> None:
    for guard_hand, wanted in ((STRONG, Declaration.OPEN_GUARD), (WEAK, Declaration.NOTHING)):
        hands = deal_around(guard_hand.replace("D", "X", 1), small_jokers_at=())
        emperor = next(s for s in range(1, 5) if "D" in hands[s])
        game = BaoHuangGame.from_deal(
            hands, dealer=0, emperor_card=emperor, guard_card=0, balances=RICH, room=ROOM
        )
        game.apply(Deal())
        game.apply(TakeThrone(emperor))
        _declare_until(game, 0)
        assert game.view_for(0).role is Role.GUARD
        action = BaoHuangAI().act(game.view_for(0), game.legal_actions(0))
        assert action == Declare(0, wanted)


def _declare_until(game: BaoHuangGame, seat: int) -> None:
    while game.turn != seat:
        assert game.turn is not None and game.phase is Phase.DECLARING
        game.apply(Declare(game.turn))


def test_the_emperor_declares_open_solo_only_when_overwhelming() -> None:
    fresh = BaoHuangGame.from_deal(
        deal_around(STRONG), dealer=0, emperor_card=0, guard_card=1, balances=RICH, room=ROOM
    )
    fresh.apply(Deal())
    fresh.apply(TakeThrone(0))
    word = BaoHuangAI().act(fresh.view_for(0), fresh.legal_actions(0))
    assert word == Declare(0, Declaration.OPEN_SOLO)
    fair = BaoHuangGame.from_deal(
        deal_around(WEAK), dealer=0, emperor_card=0, guard_card=1, balances=RICH, room=ROOM
    )
    fair.apply(Deal())
    fair.apply(TakeThrone(0))
    assert BaoHuangAI().act(fair.view_for(0), fair.legal_actions(0)) == Declare(0)


def test_the_hidden_guard_is_never_read_from_anything_but_the_seats_view() -> None:
    """Two deals alike but for which of seats 2 and 3 holds the sword (both hold a small
    joker and play the time-out's default; nobody declares). The other seats see the same
    views, so the AI decides the same, step by step, as long as the sword stays hidden."""
    hands = deal_around(WEAK, small_jokers_at=(2, 3))
    games = [
        BaoHuangGame.from_deal(
            hands, dealer=0, emperor_card=0, guard_card=guard, balances=RICH, room=ROOM
        )
        for guard in (2, 3)
    ]
    players = [[BaoHuangAI("hard", seat) for seat in range(5)] for _ in games]
    for game in games:
        game.apply(Deal())
        game.apply(TakeThrone(0))
    compared = 0
    while not any(game.over for game in games) and games[0].public_view().guard is None:
        seat = games[0].turn
        assert seat is not None and games[1].turn == seat
        if seat in (2, 3) or games[0].phase is Phase.DECLARING:  # no revolt reveals the guard
            actions = [game.default_action(seat) for game in games]
        else:
            views = [game.view_for(seat) for game in games]
            assert views[0] == views[1]
            actions = [
                mine[seat].act(view, game.legal_actions(seat))
                for mine, view, game in zip(players, views, games, strict=True)
            ]
            compared += 1
        assert actions[0] == actions[1]
        for game, action in zip(games, actions, strict=True):
            game.apply(action)
    assert compared >= 20
