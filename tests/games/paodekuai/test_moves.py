"""Legal moves against a brute force: every sub-multiset of the hand, read by the combo
rules and filtered by the beat rule, R-PDK-LAST, R-PDK-WARN and R-PDK-FIRST."""

from __future__ import annotations

from itertools import product

from hypothesis import given
from hypothesis import strategies as st

from ddz_bot.games.paodekuai import PdkRules, pdk_beats, pdk_moves
from ddz_bot.games.paodekuai.engine import deck_for, readings
from ddz_bot.kernel import Cards, parse_cards

OPTIONS = [
    PdkRules(cards15=c, free_first=f, four_three=t)
    for c in (False, True)
    for f in (False, True)
    for t in (False, True)
]


def brute_force(
    hand: Cards, previous: Cards | None, rules: PdkRules, next_has_one: bool, first: bool
) -> set[Cards]:
    counts = hand.counts()
    held = [r for r, c in enumerate(counts) if c]
    out: set[Cards] = set()
    for taken in product(*(range(counts[r] + 1) for r in held)):
        sub = Cards(r for r, k in zip(held, taken, strict=True) for _ in range(k))
        if not sub:
            continue
        last = sub == hand
        if not readings(sub, rules, last):
            continue
        if previous is not None and not pdk_beats(sub, previous, rules, last=last):
            continue
        if first and not rules.free_first and 0 not in sub:
            continue
        if next_has_one and len(sub) == 1 and sub[0] != hand[-1]:
            continue
        out.add(sub)
    return out


@st.composite
def situations(draw: st.DrawFn) -> tuple[Cards, Cards | None, PdkRules, bool, bool]:
    rules = draw(st.sampled_from(OPTIONS))
    deck = deck_for(rules)
    picked = draw(st.permutations(deck))
    size = draw(st.integers(1, 12))
    hand = Cards.of(picked[:size])
    previous: Cards | None = None
    if draw(st.booleans()):
        # the play on the table: a combo read from other cards of the deck
        rest = Cards.of(picked[size : size + 12])
        plays = pdk_moves(rest, None, rules)
        previous = draw(st.sampled_from(plays))
    return hand, previous, rules, draw(st.booleans()), draw(st.booleans())


@given(situations())
def test_legal_moves_are_the_brute_force(
    case: tuple[Cards, Cards | None, PdkRules, bool, bool],
) -> None:
    hand, previous, rules, next_has_one, first = case
    moves = pdk_moves(hand, previous, rules, next_has_one=next_has_one, first=first)
    assert len(moves) == len(set(moves)), "each play once"
    assert set(moves) == brute_force(hand, previous, rules, next_has_one, first)


def test_an_airplane_with_three_trios_is_listed_once() -> None:
    hand = parse_cards("3334445556")
    moves = pdk_moves(hand, None)
    assert moves.count(hand) == 1
