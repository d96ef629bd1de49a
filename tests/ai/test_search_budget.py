"""How the hard level spends its samples: a candidate far behind stops being played out,
and what one decision's playouts work out is worked out once."""

from __future__ import annotations

from ddz_bot.games.doudizhu.ai.search import _Playouts, _still_in
from ddz_bot.games.doudizhu.ai.sim import PlayState
from ddz_bot.games.doudizhu.engine import CLASSIC
from ddz_bot.kernel import Cards


def test_a_candidate_far_behind_gets_no_more_samples() -> None:
    assert _still_in([0, 1, 2], [8.0, 2.0, 7.0], samples=10, prune=0.25) == [0, 2]


def test_without_pruning_every_candidate_plays_on() -> None:
    assert _still_in([0, 1, 2], [8.0, 0.0, 7.0], samples=10, prune=0.0) == [0, 1, 2]


def test_a_hand_meeting_the_same_table_again_is_answered_from_memory() -> None:
    hands = [Cards.parse(h).counts() for h in ("3456789TJQKA22XD3", "45678", "99")]
    policy = _Playouts(lambda: 0.0)
    first = policy.play(PlayState(CLASSIC, hands, 0, 0))
    assert len(policy.choices) == 1 and len(policy.moves) == 1
    again = policy.play(PlayState(CLASSIC, [h[:] for h in hands], 0, 0))
    assert again is first and len(policy.choices) == 1
