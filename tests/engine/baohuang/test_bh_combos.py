"""R-BH-COMBO, R-BH-BEAT, R-BH-ROAST (all eight of its examples), R-BH-SIX (docs/rules.md
section 4), and ``bh_moves`` against a brute force over every sub-multiset of a hand."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ddz_bot.games.baohuang.engine import BaoHuangRules, bh_beats, bh_moves
from ddz_bot.kernel import Cards, Rank, parse_cards

ROAST = BaoHuangRules(roast=True)
SIX = BaoHuangRules(six=True)
PLAIN = BaoHuangRules()


def beats(play: str, previous: str, rules: BaoHuangRules = PLAIN) -> bool:
    return bh_beats(parse_cards(play), parse_cards(previous), rules)


@pytest.mark.parametrize(
    ("play", "previous"),
    [("8888", "7777"), ("8", "7"), ("D", "X"), ("X", "2"), ("99D", "88X"), ("DD", "XX"),
     ("777D", "6666"), ("TTDD", "99XX"), ("DX", "KK"), ("AAD", "KKX")],
)  # fmt: skip
def test_r_bh_beat_each_card_higher_in_the_same_place(play: str, previous: str) -> None:
    assert beats(play, previous)


@pytest.mark.parametrize(
    ("play", "previous"),
    [("9999", "888X"),  # the rule's own example
     ("3333D", "4444D"), ("999", "888X"), ("8888", "8888"), ("99", "888"), ("D", "D"),
     ("XX", "XD"), ("DX", "DX"), ("99X", "88X"), ("TTTT", "9999D"), ("KKX", "QQD"),
     ("78", "66"), ("8", "77")],
)  # fmt: skip
def test_r_bh_beat_refuses(play: str, previous: str) -> None:
    assert not beats(play, previous)


def test_r_bh_beat_nothing_beats_a_big_joker_place_without_roast() -> None:
    hand = parse_cards("2222DDDDXXXX")
    assert bh_moves(hand, parse_cards("7777D")) == []


@pytest.mark.parametrize(
    ("play", "previous"),
    [("DDXX", "DX"),  # 2大王+2小王 > 大王+小王
     ("DDXXX", "DD"),  # 2大王+3小王 > 2大王
     ("DDD", "DX"),  # 3大王 > 大王+小王
     ("DXX", "XX"),  # 大王+2小王 > 2小王
     ("DXXX", "DX"),  # 大王+3小王 > 大王+小王
     ("DDDXX", "DXX"),  # 3大王+2小王 > 大王+2小王
     ("DD8888", "D7777"),  # 2大王+8888 > 大王+7777
     ("DDDX88", "DX777")],  # 3大王+小王+88 > 大王+小王+777
)  # fmt: skip
def test_r_bh_roast_the_seeds_eight_examples(play: str, previous: str) -> None:
    assert beats(play, previous, ROAST)
    assert not beats(play, previous)  # R-BH-BEAT alone: the sizes differ or a big joker leads


@pytest.mark.parametrize(
    ("play", "previous"),
    [("DDX", "DX"),  # two cards for the small joker must be two small jokers, not D+X
     ("XX", "D"),  # a big joker falls only to two big or three small jokers
     ("DDD88", "D7777"),  # five groups need six cards here: DD for the big joker
     ("8888", "777"),  # no joker on the table: R-BH-BEAT alone
     ("66DD", "7D"),  # the naturals must be higher
     ("DD88", "DD")],  # naturals can't beat jokers
)  # fmt: skip
def test_r_bh_roast_refuses(play: str, previous: str) -> None:
    assert not beats(play, previous, ROAST)


def test_r_bh_six_a_six_only_in_the_play_that_empties_the_hand() -> None:
    hand = parse_cards("667")
    assert Cards.parse("6") in bh_moves(hand, None)
    assert all(6 - 3 not in move for move in bh_moves(hand, None, SIX))  # Rank.SIX is 3
    assert bh_moves(parse_cards("66X"), None, SIX)[0] == Cards.parse("66X")
    assert Cards.parse("66") not in bh_moves(parse_cards("66X"), None, SIX)


# --------------------------------------------------------------------------- brute force

RANKS = list(range(Rank.SIX, Rank.BIG_JOKER + 1))
RULE_SETS = [
    BaoHuangRules(roast=roast, six=six) for roast in (False, True) for six in (False, True)
]


@st.composite
def hands(draw: st.DrawFn, max_size: int = 14) -> Cards:
    size = draw(st.integers(1, max_size))
    naturals = draw(st.lists(st.sampled_from(RANKS[:-2]), max_size=size))
    small = draw(st.integers(0, 4))
    big = draw(st.integers(0, 4))
    ranks = naturals[: max(0, size - small - big)] + [Rank.SMALL_JOKER] * small
    return Cards([*ranks, *[Rank.BIG_JOKER] * big][:max_size] or [Rank.SIX])


def sub_multisets(hand: Cards) -> set[Cards]:
    counts = hand.counts()
    ranges = [range(c + 1) for c in counts]
    out = set()
    for pick in itertools.product(*ranges):
        if any(pick):
            out.add(Cards.from_counts(pick))
    return out


def brute(hand: Cards, previous: Cards | None, rules: BaoHuangRules) -> set[Cards]:
    out = set()
    for sub in sub_multisets(hand):
        if rules.six and Rank.SIX in sub and len(sub) != len(hand):
            continue
        if previous is None:
            if len(set(r for r in sub if r < Rank.SMALL_JOKER)) <= 1:
                out.add(sub)
        elif bh_beats(sub, previous, rules):
            out.add(sub)
    return out


@given(hands(), st.sampled_from(RULE_SETS))
def test_r_bh_combo_bh_moves_leading_equals_brute_force(hand: Cards, rules: BaoHuangRules) -> None:
    moves = bh_moves(hand, None, rules)
    assert len(moves) == len(set(moves))
    assert set(moves) == brute(hand, None, rules)


@given(hands(), hands(max_size=8), st.sampled_from(RULE_SETS))
def test_r_bh_beat_bh_moves_following_equals_brute_force(
    hand: Cards, previous: Cards, rules: BaoHuangRules
) -> None:
    moves = bh_moves(hand, previous, rules)
    assert len(moves) == len(set(moves))
    assert set(moves) == brute(hand, previous, rules)
