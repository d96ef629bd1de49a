"""The card notation: what players type and what the bot prints (DESIGN.md, Engine notation)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ddz_bot.kernel import Card, CardParseError, Cards, Rank, format_cards, full_deck, parse_cards


@pytest.mark.parametrize(
    ("typed", "canonical"),
    [
        ("33344", "33344"),
        ("3 3 3 4 4", "33344"),
        ("10JQKA", "TJQKA"),
        ("10jqka", "TJQKA"),
        ("tjqka", "TJQKA"),
        ("xd", "XD"),
        ("小王 大王", "XD"),
        ("大王小王", "XD"),
        ("joker", "XD"),
        ("5,5,5", "555"),
        ("5，5、5", "555"),
        ("2 2 2 2", "2222"),
        ("4 10 10 10", "4TTT"),
        ("A K Q J 10", "TJQKA"),
        ("３３３", "333"),  # full-width digits of a Chinese keyboard
        ("ｊｑｋ１０Ａ", "TJQKA"),
        ("３　４　５　６　７", "34567"),  # ideographic spaces
    ],
)
def test_forgiving_input_reads_as_people_type(typed: str, canonical: str) -> None:
    assert format_cards(parse_cards(typed)) == canonical


@pytest.mark.parametrize(
    ("typed", "token"), [("33z4", "z"), ("3 3 1", "1"), ("pass", "pass"), ("11", "1"), ("3@", "@")]
)
def test_bad_input_names_the_bad_token(typed: str, token: str) -> None:
    with pytest.raises(CardParseError) as caught:
        parse_cards(typed)
    assert caught.value.token == token
    assert token in str(caught.value)
    assert isinstance(caught.value, ValueError)


def test_canonical_form_sorts_ascending_with_jokers_last() -> None:
    assert str(parse_cards("D2X3A")) == "3A2XD"


@given(st.lists(st.integers(min_value=0, max_value=14), max_size=20))
def test_parse_of_format_is_identity(ranks: list[int]) -> None:
    cards = Cards(ranks)
    assert parse_cards(format_cards(cards)) == cards
    assert parse_cards(str(cards)) == cards


def test_a_deck_has_54_cards_four_of_each_rank_and_two_jokers() -> None:  # R-DECK
    deck = full_deck()
    assert len(deck) == 54 == len(set(deck))
    counts = Cards.of(deck).counts()
    assert counts[: Rank.SMALL_JOKER] == [4] * 13
    assert counts[Rank.SMALL_JOKER] == counts[Rank.BIG_JOKER] == 1


def test_two_decks_have_108_distinct_cards() -> None:  # R-4P-DECK
    deck = full_deck(2)
    assert len(set(deck)) == 108
    assert max(Cards.of(deck).counts()) == 8


def test_a_card_prints_and_parses_back() -> None:
    for card in full_deck(2):
        assert Card.parse(str(card)) == card
    assert str(Card.make(Rank.TEN, 1)) == "Th"
    assert str(Card.make(Rank.BIG_JOKER)) == "D"


def test_multiset_helpers() -> None:
    hand = parse_cards("333445")
    assert hand.contains(parse_cards("334"))
    assert not hand.contains(parse_cards("3333"))
    assert hand.remove(parse_cards("34")) == parse_cards("3345")
    with pytest.raises(ValueError, match="6"):
        hand.remove(parse_cards("6"))
