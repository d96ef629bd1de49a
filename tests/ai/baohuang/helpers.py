"""Shared helpers for the 保皇 AI tests: chosen deals and hands advanced by random players."""

from __future__ import annotations

import random

from ddz_bot.games.baohuang.ai import BaoHuangRandom
from ddz_bot.games.baohuang.engine import BaoHuangGame, BaoHuangRules
from ddz_bot.kernel import RANK_CHARS, Deal, Room, parse_cards

ROOM = Room("test", 100, 5, 1, 0, 0)
RICH = (10**7,) * 5
_SIZES = (34, 34, 34, 33, 33)  # dealt from seat 0


def deal_around(first: str, small_jokers_at: tuple[int, ...] = (1,)) -> list[str]:
    """Seat 0 gets ``first`` (34 cards); the rest of the 168 go round the other seats, lowest
    ranks first, with a small joker kept for each of ``small_jokers_at`` (for the sword)."""
    left = [16] * 10 + [4, 4]
    for rank in parse_cards(first):
        left[rank - 3] -= 1
    pool = [RANK_CHARS[i + 3] for i, n in enumerate(left) for _ in range(n)]
    hands = [first, "", "", "", ""]
    for seat in small_jokers_at:
        pool.remove("X")
        hands[seat] += "X"
    seat = 1
    for card in pool:
        while len(hands[seat]) >= _SIZES[seat]:
            seat = seat % 4 + 1
        hands[seat] += card
        seat = seat % 4 + 1
    return hands


def advanced(seed: int, steps: int, rules: BaoHuangRules) -> BaoHuangGame:
    """A hand after ``steps`` random decisions (fewer if it ended first)."""
    game = BaoHuangGame(rules, rng=random.Random(seed), balances=RICH, room=ROOM)
    game.apply(Deal())
    players = [BaoHuangRandom(seed * 5 + seat) for seat in range(5)]
    for _ in range(steps):
        waiting = game.waiting_for()
        if waiting is None:
            break
        seat = waiting.seats[0]
        game.apply(players[seat].act(game.view_for(seat), game.legal_actions(seat)))
    return game
