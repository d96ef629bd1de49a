"""The arena's baselines: ``normal_v1`` plays exactly as the normal level did when it was
frozen (a change to the policy, the plan or the bidding that moves it must first keep a
copy of the old code for the baseline), and the full-hand arena seats every kind in
every seat on the same deal."""

from __future__ import annotations

import hashlib

from ddz_bot.ai import LevelName
from ddz_bot.games.doudizhu.ai import Baseline, Player, make_player
from ddz_bot.games.doudizhu.ai.full_arena import play_full_hand, run_pair, seatings
from ddz_bot.games.doudizhu.engine import CLASSIC, POINTS
from ddz_bot.kernel import DEFAULT_ROOM

from .helpers import drive, game_at

#: the actions of twelve seeded hands played by today's normal level, when it was frozen
NORMAL_V1_DIGEST = "1e59e64c4e8940d625ab601b1ea3dedf83e46c998627a31d3ff15f6018117ead"


def test_normal_v1_plays_as_it_did_when_frozen() -> None:
    digest = hashlib.sha256()
    for seed in range(1, 13):
        game = game_at(seed, 0, CLASSIC if seed % 2 else POINTS)
        players: list[Player] = [make_player(Baseline.NORMAL_V1, seed * 10 + s) for s in range(3)]
        for action in drive(game, players):
            digest.update(repr(action).encode())
    assert digest.hexdigest() == NORMAL_V1_DIGEST


def test_every_kind_sits_alone_in_every_seat() -> None:
    assert seatings(3, "a", "b") == [
        ["a", "b", "b"],
        ["b", "a", "b"],
        ["b", "b", "a"],
        ["b", "a", "a"],
        ["a", "b", "a"],
        ["a", "a", "b"],
    ]


def test_a_full_hand_settles_its_beans() -> None:
    kinds = [LevelName.NORMAL, Baseline.ALWAYS_BIDS, Baseline.NEVER_BIDS]
    hand = play_full_hand(kinds, 5, CLASSIC, DEFAULT_ROOM, 100_000)
    assert hand.landlord == 1  # the one that always calls or grabs
    assert hand.doubled[1] and not hand.doubled[2]
    fees = 3 * DEFAULT_ROOM.fee
    assert sum(hand.deltas) == -fees  # the beans move between seats, less the fees


def test_a_pair_counts_every_seat_hand() -> None:
    result = run_pair(1, LevelName.NORMAL, Baseline.NEVER_BIDS, seed=3)
    assert result.hands == 6
    for stats in result.stats.values():
        assert stats.seat_hands == 9 and len(stats.per_deal) == 1
