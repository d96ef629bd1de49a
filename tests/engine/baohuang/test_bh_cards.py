"""R-BH-DECK (docs/rules.md section 4): the 168 cards, their notation, the special cards, faces
and plays as values."""

from __future__ import annotations

from collections import Counter

import pytest

from ddz_bot.games.baohuang.engine import (
    DECK_SIZE,
    EMPEROR_CARD,
    GUARD_CARD,
    Face,
    Meld,
    MeldKind,
    NotAMeld,
    bh_deck,
    is_special,
    meld_of,
)
from ddz_bot.kernel import Card, CardParseError, Cards, Rank, Suit, format_cards, parse_cards


def test_r_bh_deck_has_168_cards_16_of_each_rank_and_4_of_each_joker() -> None:
    deck = bh_deck()
    assert len(deck) == DECK_SIZE == 168 == len(set(deck))
    ranks = Counter(int(card.rank) for card in deck)
    assert set(ranks) == set(range(Rank.SIX, Rank.BIG_JOKER + 1))
    assert all(ranks[r] == 16 for r in range(Rank.SIX, Rank.TWO + 1))
    assert ranks[Rank.SMALL_JOKER] == ranks[Rank.BIG_JOKER] == 4
    suits = Counter((card.rank, card.suit) for card in deck if card.suit is not None)
    assert set(suits.values()) == {4}  # four copies of each face


def test_r_bh_deck_emperor_and_guard_cards_are_distinct_physical_jokers() -> None:
    assert EMPEROR_CARD.rank is Rank.BIG_JOKER and GUARD_CARD.rank is Rank.SMALL_JOKER
    assert EMPEROR_CARD in bh_deck() and GUARD_CARD in bh_deck()
    others = [c for c in bh_deck() if c.rank >= Rank.SMALL_JOKER and not is_special(c)]
    assert len(others) == 6 and EMPEROR_CARD not in others
    assert Card.parse(str(EMPEROR_CARD)) == EMPEROR_CARD


def test_r_bh_deck_every_card_prints_and_parses_back() -> None:
    for card in bh_deck():
        assert Card.parse(str(card)) == card


def test_r_bh_deck_notation_reads_16_of_a_rank_and_4_of_each_joker() -> None:
    text = "6" * 16 + "XXXX" + "DDDD"
    cards = parse_cards(text)
    assert len(cards) == 24 and str(cards) == text == format_cards(cards)
    assert parse_cards("大王 大王 大王 大王 小王 小王 小王 小王") == Cards.parse("XXXXDDDD")
    assert str(parse_cards("10" * 16)) == "T" * 16


def test_r_bh_call_face_prints_parses_and_names_its_four_copies() -> None:
    face = Face.parse("Kh")
    assert str(face) == "Kh" and face == Face(Rank.KING, Suit.HEARTS)
    assert Face.parse("10s") == Face(Rank.TEN, Suit.SPADES)
    assert len(set(face.copies())) == 4 and all(Face.of(c) == face for c in face.copies())
    for bad in ("Xh", "3s", "K", "Kz"):
        with pytest.raises(CardParseError):
            Face.parse(bad)
    with pytest.raises(ValueError):
        Face.of(EMPEROR_CARD)


@pytest.mark.parametrize(
    ("text", "kind"),
    [("7", MeldKind.SET), ("88", MeldKind.SET), ("JJJJJ", MeldKind.SET),
     ("XD", MeldKind.JOKERS), ("XXXXDDDD", MeldKind.JOKERS),
     ("77D", MeldKind.HUNG), ("888X", MeldKind.HUNG), ("9999XD", MeldKind.HUNG)],
)  # fmt: skip
def test_r_bh_combo_a_play_is_one_natural_rank_with_or_without_jokers(
    text: str, kind: MeldKind
) -> None:
    meld = Meld.parse(text)
    assert meld.kind is kind and str(meld) == text and Meld.parse(str(meld)) == meld


@pytest.mark.parametrize("text", ["", "78", "6667", "TJ", "34", "7XD8"])
def test_r_bh_combo_two_natural_ranks_are_never_one_play(text: str) -> None:
    assert meld_of(parse_cards(text)) is None
    with pytest.raises(NotAMeld):
        Meld.parse(text)
