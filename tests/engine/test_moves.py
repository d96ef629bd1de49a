"""Legal moves, checked against the rules' own definition: a brute force that reads every
sub-multiset of the hand and keeps what beats the table."""

from collections import Counter
from itertools import product

from hypothesis import given, settings
from hypothesis import strategies as st

from ddz_bot.games.doudizhu.engine import CLASSIC, FOUR_PLAYER, WILDCARD, ComboKind, beats
from ddz_bot.games.doudizhu.engine.catalogue import classify_structural, legal_moves
from ddz_bot.games.doudizhu.engine.combos import Combo
from ddz_bot.games.doudizhu.engine.rules import RuleSet
from ddz_bot.kernel import Cards, Rank, full_deck, parse_cards


def brute_force(hand: Cards, previous: Combo | None, rules: RuleSet) -> set[Combo]:
    counts = hand.counts()
    out: set[Combo] = set()
    for pick in product(*(range(n + 1) for n in counts)):
        if not any(pick):
            continue
        for combo in classify_structural(Cards.from_counts(list(pick)), rules):
            if previous is None or beats(combo, previous, rules):
                out.add(combo)
    return out


def hands(decks: int = 1, max_size: int = 12) -> st.SearchStrategy[Cards]:
    deck = full_deck(decks)
    return st.lists(
        st.sampled_from(range(len(deck))), min_size=1, max_size=max_size, unique=True
    ).map(lambda ids: Cards.of(deck[i] for i in ids))


def test_r_standard_one_deck_forms_27471_combos_27472_moves_with_the_pass() -> None:
    full = Cards.from_counts([4] * 13 + [1, 1])
    moves = legal_moves(full)
    assert len(moves) == len(set(moves)) == 27_471
    assert all(len(m.cards) <= 20 for m in moves)
    by_kind = Counter(m.kind for m in moves)
    assert by_kind[ComboKind.SINGLE] == 15
    assert by_kind[ComboKind.BOMB] == 13
    assert by_kind[ComboKind.ROCKET] == 1
    assert by_kind[ComboKind.STRAIGHT] == 36


def test_r_standard_every_classic_set_reads_at_most_one_way() -> None:
    full = Cards.from_counts([4] * 13 + [1, 1])
    for move in legal_moves(full):
        assert classify_structural(move.cards) == [move]


@settings(max_examples=300)
@given(hands(), st.data())
def test_classic_moves_equal_the_brute_force(hand: Cards, data: st.DataObject) -> None:
    leads = legal_moves(hand)
    assert set(leads) == brute_force(hand, None, CLASSIC)
    assert len(leads) == len(set(leads))
    other = data.draw(hands(max_size=8))
    for previous in legal_moves(other)[:6]:
        follows = legal_moves(hand, previous)
        assert set(follows) == brute_force(hand, previous, CLASSIC)


@settings(max_examples=120)
@given(hands(max_size=9), st.sampled_from(range(13)), st.data())
def test_wildcard_moves_equal_the_brute_force(hand: Cards, wild: int, data: st.DataObject) -> None:
    rules = WILDCARD.with_wild_rank(wild)
    leads = legal_moves(hand, None, rules)
    assert set(leads) == brute_force(hand, None, rules)
    assert len(leads) == len(set(leads))
    other = data.draw(hands(max_size=6))
    for previous in legal_moves(other, None, rules)[:4]:
        assert set(legal_moves(hand, previous, rules)) == brute_force(hand, previous, rules)


@settings(max_examples=60)
@given(hands(decks=2, max_size=10))
def test_two_deck_moves_equal_the_brute_force(hand: Cards) -> None:
    assert set(legal_moves(hand, None, FOUR_PLAYER)) == brute_force(hand, None, FOUR_PLAYER)


def test_passing_is_not_a_move_and_a_rocket_cannot_be_beaten() -> None:
    hand = parse_cards("3333XD")
    rocket = legal_moves(parse_cards("XD"))[-1]
    assert rocket.kind is ComboKind.ROCKET
    assert legal_moves(hand, rocket) == []
    bomb_of_2s = legal_moves(parse_cards("2222"))[-1]
    assert bomb_of_2s.kind is ComboKind.BOMB
    bombs = legal_moves(hand, bomb_of_2s)
    assert [str(m) for m in bombs] == ["XD"]


def test_following_offers_bombs_and_the_rocket_against_anything() -> None:
    hand = parse_cards("34447777XD")
    previous = legal_moves(parse_cards("88"))[-1]
    assert previous.kind is ComboKind.PAIR
    assert sorted(str(m) for m in legal_moves(hand, previous)) == ["7777", "XD"]


def test_wildcard_hand_offers_each_reading_of_the_same_cards() -> None:
    rules = WILDCARD.with_wild_rank(Rank.FIVE)
    moves = legal_moves(parse_cards("3335"), None, rules)
    readings = {(str(m), m.kind.value) for m in moves}
    assert ("3335", "trio_single") in readings
    assert ("3335", "soft_bomb") in readings
    assert ("33", "pair") in readings and ("35", "pair") in readings
