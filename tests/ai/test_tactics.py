"""Puzzles: the AI takes a win in one or two plays, leaves its partner's winning play
alone, feeds a partner about to go out and blocks an enemy's last card."""

from __future__ import annotations

import pytest

from ddz_bot.games.doudizhu.ai import AIPlayer
from ddz_bot.games.doudizhu.ai.search import SearchConfig
from ddz_bot.games.doudizhu.ai.sim import PlayState
from ddz_bot.games.doudizhu.ai.situation import Situation, full_counts
from ddz_bot.games.doudizhu.engine import classify
from ddz_bot.kernel import Cards

from .helpers import cards, play_state

LEVELS = ["normal", "hard"]


def _player(level: str) -> AIPlayer:
    return AIPlayer(level, seed=7, search=SearchConfig(budget=5.0, max_samples=12))


def _choice(level: str, state: PlayState) -> Cards | None:
    combo = _player(level).choose_play(state.situation())
    return None if combo is None else combo.cards


@pytest.mark.parametrize("level", LEVELS)
def test_rocket_first_then_the_pair(level: str) -> None:
    # R-WIN: XD can't be beaten, so XD then 55 wins whatever the farmers hold
    state = play_state(["55XD", "66778899TTJJQQKK", "3344AA22"], landlord=0, turn=0)
    assert _choice(level, state) == cards("XD")
    player = _player(level)
    others = [None, AIPlayer("normal", 1), AIPlayer("normal", 2)]
    while not state.finished:
        who = others[state.turn]
        state.apply((who or player).choose_play(state.situation()))
    assert state.winner == 0


@pytest.mark.parametrize("level", LEVELS)
def test_unbeatable_single_first_then_the_pair(level: str) -> None:
    # the jokers and three 2s are gone: the last 2 can't be beaten, 77 can
    state = play_state(["277", "8899TTJ", "QQKKAA3"], landlord=0, turn=0)
    assert _choice(level, state) == cards("2")


@pytest.mark.parametrize("level", LEVELS)
def test_goes_out_in_one_play(level: str) -> None:
    state = play_state(["334455", "8899TTJ", "QQKKAA3"], landlord=0, turn=0)
    assert _choice(level, state) == cards("334455")
    follow = play_state(
        ["K2", "8899TTJ", "QQKKAA3"], landlord=1, turn=0, to_beat="JJ", to_beat_seat=2
    )
    assert _choice(level, follow) is None  # nothing beats JJ: pass, the only legal answer
    last = play_state(["2", "8899TTJ", "QQKKAA3"], landlord=1, turn=0, to_beat="K", to_beat_seat=2)
    assert _choice(level, last) == cards("2")


@pytest.mark.parametrize("level", LEVELS)
def test_no_bomb_on_the_partners_winning_play(level: str) -> None:
    # seat 1 (farmer) led an ace and holds one card; seat 2 (farmer) holds a bomb
    state = play_state(
        ["3457789TJQK", "8", "666679JQ"], landlord=0, turn=2, to_beat="A", to_beat_seat=1
    )
    assert _choice(level, state) is None
    pair = play_state(
        ["3456789TJQK", "8J", "22229XD"], landlord=0, turn=2, to_beat="QQ", to_beat_seat=1
    )
    assert _choice(level, pair) is None


@pytest.mark.parametrize("level", LEVELS)
def test_feeds_the_partner_with_one_card(level: str) -> None:
    # seat 1 leads; seat 2 (partner) is next and holds one card
    state = play_state(["456789TJQKAA", "355889JJKK", "T"], landlord=0, turn=1)
    assert _choice(level, state) == cards("3")


@pytest.mark.parametrize("level", LEVELS)
def test_blocks_the_landlords_last_card(level: str) -> None:
    # the landlord led a 5 and holds one card: don't let a small single through
    state = play_state(["9", "337J2", "44668TQK"], landlord=0, turn=1, to_beat="5", to_beat_seat=0)
    assert _choice(level, state) == cards("2")
    # leading against the landlord's last card: not a single that can be beaten
    lead = play_state(["9", "3399QK", "44668TQK"], landlord=0, turn=1)
    choice = _choice(level, lead)
    assert choice is not None and len(choice) != 1


def test_situation_from_a_play_state_hides_the_other_hands() -> None:
    state = play_state(["277", "8899TTJ", "QQKKAA3"], landlord=0, turn=0)
    sit: Situation = state.situation()
    assert sit.hand == cards("277")
    assert sum(sit.unseen) == 14 and sit.card_counts == (3, 7, 7)
    assert sit.unseen == (cards("8899TTJ") + cards("QQKKAA3")).counts()


def test_a_huge_lead_weighs_the_plan_and_small_combos_not_every_kicker_choice() -> None:
    """A landlord of the four-player game leads from 33 cards (about 900 legal leads):
    the AI weighs its plan's combos, every single, pair and trio and the bombs, leaves
    out kicker combos that break its plan, and still leads something legal."""
    from ddz_bot.games.doudizhu.ai.hand import plan_hand
    from ddz_bot.games.doudizhu.ai.policy import legal_plays, score_options
    from ddz_bot.games.doudizhu.engine import FOUR_PLAYER

    hands = [
        "333444556678889999TJJQQQKKKAAAAA2",  # 33 cards: the landlord with the bottom
        "3345677TTJQK2XD",
        "3455678TJQKA22",
        "456789TTJQK2XD",
    ]
    counts = [cards(h).counts() for h in hands]
    full = full_counts(FOUR_PLAYER)
    played = [full[r] - sum(h[r] for h in counts) for r in range(15)]
    state = PlayState(FOUR_PLAYER, counts, 0, 0, None, None, played, [0, 0, 0, 0])
    situation = state.situation()
    every = legal_plays(situation)
    weighed = [o.play for o in score_options(situation) if o.play is not None]
    assert len(every) > 300 and len(weighed) < len(every) // 2
    parts = {p.ranks for p in plan_hand(situation.hand.counts()).parts}
    kept = {tuple(c.cards) for c in weighed}
    assert parts <= kept
    assert all(
        c in kept
        for c in (tuple(m.cards) for m in every)
        if len(c) <= 3 or classify(Cards(c), FOUR_PLAYER)[0].is_bomb
    )
    choice = _player("normal").choose_play(situation)
    assert choice is not None and choice in every
