"""Shared helpers: games advanced to a random point by random players."""

from __future__ import annotations

import random

from ddz_bot.games.doudizhu.ai import Player, RandomPlayer
from ddz_bot.games.doudizhu.ai.sim import PlayState
from ddz_bot.games.doudizhu.ai.situation import full_counts
from ddz_bot.games.doudizhu.engine import CLASSIC, RuleSet, classify
from ddz_bot.games.doudizhu.engine.game import Game
from ddz_bot.games.doudizhu.engine.views import Phase
from ddz_bot.kernel import Action, Cards, Deal


def game_at(seed: int, steps: int, rules: RuleSet = CLASSIC) -> Game:
    """A hand after ``steps`` random decisions (fewer if it ended first)."""
    rng = random.Random(seed)
    game = Game(rules, rng=rng)
    while game.phase in (Phase.SHOW_START, Phase.DEALING):
        game.apply(Deal())
    randoms = [RandomPlayer(seed + s) for s in range(game.players)]
    for _ in range(steps):
        if game.over:
            break
        if game.phase in (Phase.SHOW_START, Phase.DEALING):  # after a redeal
            game.apply(Deal())
            continue
        seat = game.turn
        if seat is None:  # doubling: everyone answers
            seat = next(s for s in range(game.players) if game.legal_actions(s))
        game.apply(randoms[seat].act(game.view_for(seat), game.legal_actions(seat)))
    return game


def seat_to_act(game: Game) -> int | None:
    if game.over or game.phase in (Phase.SHOW_START, Phase.DEALING):
        return None
    if game.turn is not None:
        return game.turn
    return next((s for s in range(game.players) if game.legal_actions(s)), None)


def play_game(hands: list[str], bottom: str) -> Game:
    """A classic hand with seat 0 as landlord, at its first play."""
    from ddz_bot.games.doudizhu.engine.actions import Call, NoGrab, NoShow

    game = Game.from_deal(hands, bottom, first_bidder=0, rng=random.Random(0))
    while game.phase in (Phase.SHOW_START, Phase.DEALING):
        game.apply(Deal())
    game.apply(Call(0))
    game.apply(NoGrab(1))
    game.apply(NoGrab(2))
    game.apply(NoShow(0))
    assert game.phase is Phase.PLAYING
    return game


def cards(text: str) -> Cards:
    return Cards.parse(text)


def drive(game: Game, players: list[Player], max_steps: int = 400) -> list[Action]:
    """Play the hand to its end with ``players``, checking each answer is legal."""
    taken: list[Action] = []
    for _ in range(max_steps):
        if game.over:
            break
        if game.phase in (Phase.SHOW_START, Phase.DEALING):
            game.apply(Deal())
            continue
        seat = seat_to_act(game)
        assert seat is not None
        legal = game.legal_actions(seat)
        action = players[seat].act(game.view_for(seat), legal)
        assert action in legal
        game.apply(action)
        taken.append(action)
    return taken


def play_state(
    hands: list[str],
    landlord: int,
    turn: int,
    to_beat: str | None = None,
    to_beat_seat: int | None = None,
) -> PlayState:
    """A play position; every card not in a hand counts as played."""
    counts = [cards(h).counts() for h in hands]
    full = full_counts(CLASSIC)
    played = [full[r] - sum(h[r] for h in counts) for r in range(15)]
    assert min(played) >= 0
    previous = classify(to_beat)[0] if to_beat else None
    return PlayState(CLASSIC, counts, landlord, turn, previous, to_beat_seat, played, [1, 1, 1])
