"""跑得快 as docs/rules.md section 6 states it, one rule id at a time."""

from __future__ import annotations

import random

import pytest

from ddz_bot.games.paodekuai import PdkRules, format_cards, pdk_beats, pdk_moves
from ddz_bot.games.paodekuai.engine import (
    SPADE_THREE,
    MustBeat,
    MustLead,
    MustPlayHighest,
    MustPlayThree,
    NotACombo,
    NotAPlay,
    PdkGame,
    PdkKind,
    combo_of,
    deck_for,
    readings,
)
from ddz_bot.kernel import (
    Cards,
    Deal,
    Pass,
    Play,
    Rank,
    Suit,
    Termination,
    parse_cards,
)

from .helpers import pass_, play

FOUR_THREE = PdkRules(four_three=True)

HANDS = ("3456789TJQKA" + "2" + "333", "444555666777" + "89TJ", "8899TTJJQQQKKKAA")


def _table(leader: int = 0) -> PdkGame:
    return PdkGame.from_deal(HANDS, leader=leader)


# --------------------------------------------------------------------------- the deck


def test_r_pdk_deck_48_cards_16_each_without_jokers_three_2s_and_the_spade_ace() -> None:
    deck = deck_for(PdkRules())
    assert len(deck) == len(set(deck)) == 48
    ranks = Cards.of(deck).counts()
    assert ranks[: Rank.KING + 1] == [4] * 11
    assert ranks[Rank.ACE] == 3 and ranks[Rank.TWO] == 1
    assert ranks[Rank.SMALL_JOKER] == ranks[Rank.BIG_JOKER] == 0
    assert [c.suit for c in deck if c.rank == Rank.TWO] == [Suit.SPADES]
    assert Suit.SPADES not in [c.suit for c in deck if c.rank == Rank.ACE]
    game = PdkGame(rng=random.Random(1))
    game.apply(Deal())
    assert [len(game.hands[s]) for s in range(3)] == [16, 16, 16]
    assert sorted(c for s in range(3) for c in game.hands[s]) == deck


def test_r_pdk_deck_option_cards15_45_cards_one_2_one_heart_ace_three_kings() -> None:
    rules = PdkRules(cards15=True)
    deck = deck_for(rules)
    assert len(deck) == 45
    counts = Cards.of(deck).counts()
    assert counts[Rank.TWO] == 1 and counts[Rank.ACE] == 1 and counts[Rank.KING] == 3
    assert [c.suit for c in deck if c.rank == Rank.ACE] == [Suit.HEARTS]
    assert SPADE_THREE in deck
    game = PdkGame(rules, rng=random.Random(2))
    game.apply(Deal())
    assert [len(game.hands[s]) for s in range(3)] == [15, 15, 15]
    assert not readings(parse_cards("KKKK"), rules)  # three Ks: no K bomb in this deck


def test_r_pdk_rank_2_is_highest_and_suits_never_matter() -> None:
    assert pdk_beats("2", "A") and pdk_beats("A", "K") and not pdk_beats("3", "2")
    assert not pdk_beats("7", "7")
    assert format_cards(parse_cards("10jqka")) == "TJQKA"


def test_r_pdk_order_turns_go_seat_after_seat() -> None:
    game = _table()
    play(game, 0, "4")
    assert game.turn == 1
    play(game, 1, "8")
    assert game.turn == 2


# --------------------------------------------------------------------------- the first play


def _first_hand() -> PdkGame:
    game = PdkGame(rng=random.Random(7))
    game.apply(Deal())
    return game


def test_r_pdk_first_the_spade_three_leads_and_the_first_play_holds_it() -> None:
    game = _first_hand()
    holder = next(s for s in range(3) if SPADE_THREE in game.hands[s])
    assert game.turn == holder and game.public_view().must_three
    hand = game.hand(holder)
    other = next(r for r in hand if r != Rank.THREE)
    with pytest.raises(MustPlayThree):
        game.apply(Play(holder, Cards([other])))
    assert all(Rank.THREE in m for m in game.moves(holder))
    game.apply(Play(holder, Cards([Rank.THREE])))
    assert SPADE_THREE in game.played  # the engine plays the ♠3 among the 3s
    assert not game.public_view().must_three


def test_r_pdk_first_option_free_first_any_play() -> None:
    game = PdkGame(PdkRules(free_first=True), rng=random.Random(7))
    game.apply(Deal())
    holder = game.turn
    assert holder is not None and SPADE_THREE in game.hands[holder]
    assert any(Rank.THREE not in m for m in game.moves(holder))


def test_r_pdk_first_later_hands_the_previous_winner_leads_any_play() -> None:
    game = PdkGame(rng=random.Random(7), leader=2)
    game.apply(Deal())
    assert game.turn == 2 and not game.public_view().must_three
    assert pdk_moves(game.hand(2), None) == game.moves(2)


# --------------------------------------------------------------------------- combos


@pytest.mark.parametrize(
    ("cards", "kind"),
    [
        ("7", PdkKind.SINGLE),
        ("77", PdkKind.PAIR),
        ("3344", PdkKind.PAIRS),
        ("QQKKAA", PdkKind.PAIRS),
        ("34567", PdkKind.STRAIGHT),
        ("TJQKA", PdkKind.STRAIGHT),
        ("55579", PdkKind.TRIO_TWO),
        ("55599", PdkKind.TRIO_TWO),
        ("3334445789", PdkKind.PLANE),
        ("4445556667", PdkKind.PLANE),
        ("5555", PdkKind.BOMB),
    ],
)
def test_r_pdk_combo_the_combos(cards: str, kind: PdkKind) -> None:
    assert combo_of(cards).kind is kind


@pytest.mark.parametrize(
    "cards", ["KA2", "QKA2", "JQKA2", "AA22", "55559", "3345", "555", "5559", "333444", "5555678"]
)
def test_r_pdk_combo_not_combos(cards: str) -> None:
    assert not readings(parse_cards(cards))


def test_r_pdk_combo_a_bombs_cards_may_play_in_other_combos() -> None:
    hand = parse_cards("5555" + "34678" + "99")
    moves = set(pdk_moves(hand, None))
    for cards in ("34567", "55", "55599", "55534"):
        assert parse_cards(cards) in moves


# --------------------------------------------------------------------------- R-PDK-LAST


def test_r_pdk_last_a_trio_with_one_as_the_last_cards_beats_a_trio_with_two() -> None:
    assert pdk_beats("5559", "44479", last=True)
    assert not pdk_beats("5559", "44479")
    assert pdk_beats("555", "44479", last=True)
    assert pdk_beats("5556667", "3334448899", last=True)  # an airplane short of wings
    assert parse_cards("5559") in pdk_moves(parse_cards("5559"), parse_cards("44479"))


def test_r_pdk_last_only_as_the_last_play() -> None:
    game = _table()
    with pytest.raises(NotACombo):
        play(game, 0, "3334")  # a trio with one, but seat 0 keeps twelve cards
    with pytest.raises(NotAPlay):
        pdk_moves(parse_cards("5559KK"), parse_cards("555"))


# --------------------------------------------------------------------------- R-PDK-FOUR


def test_r_pdk_four_four_with_three_only_with_the_option_and_not_a_bomb() -> None:
    assert not readings(parse_cards("5555678"))
    combo = combo_of("5555678", FOUR_THREE)
    assert combo.kind is PdkKind.FOUR_THREE and not combo.is_bomb
    assert pdk_beats("6666345", "5555789", FOUR_THREE)
    assert not pdk_beats("4444567", "5555789", FOUR_THREE)
    assert pdk_beats("3333", "5555789", FOUR_THREE)  # any bomb beats it
    assert parse_cards("5555678") in pdk_moves(parse_cards("5555678"), None, FOUR_THREE)


# --------------------------------------------------------------------------- beating


def test_r_pdk_beat_same_combo_same_size_higher_rank() -> None:
    assert pdk_beats("45678", "34567") and not pdk_beats("456789", "34567")
    assert pdk_beats("4455", "3344") and not pdk_beats("445566", "3344")
    assert pdk_beats("66633", "55579")  # a trio with two compares its trio
    assert pdk_beats("5556667899", "3334445789")
    assert not pdk_beats("66", "5")


def test_r_pdk_beat_a_bomb_beats_any_other_play_and_a_lower_bomb() -> None:
    assert pdk_beats("3333", "2") and pdk_beats("3333", "TJQKA") and pdk_beats("3333", "55579")
    assert pdk_beats("4444", "3333") and not pdk_beats("3333", "4444")
    assert not pdk_beats("2", "3333")


# --------------------------------------------------------------------------- play


def test_r_pdk_must_who_can_beat_must_play() -> None:
    game = _table()
    play(game, 0, "4")
    assert Pass(1) not in game.legal_actions(1)
    with pytest.raises(MustBeat) as refused:
        pass_(game, 1)
    assert refused.value.code == "must_beat"
    play(game, 1, "J")
    play(game, 2, "Q")
    play(game, 0, "2")
    assert game.legal_actions(1) == [Pass(1)]  # nothing beats the 2: passing is allowed
    pass_(game, 1)


def test_r_pdk_must_the_leader_cannot_pass() -> None:
    game = _table()
    with pytest.raises(MustLead):
        pass_(game, 0)
    assert Pass(0) not in game.legal_actions(0)


def test_r_pdk_warn_a_single_is_the_highest_card_when_the_next_holds_one() -> None:
    assert pdk_moves(parse_cards("3KK"), None, next_has_one=True) == [
        parse_cards("K"),
        parse_cards("KK"),
    ]
    game = _table(leader=1)
    play(game, 1, "444555666777" + "89T")  # a three-trio airplane: seat 1 holds one card
    assert game.public_view().seats[1].one_card
    pass_(game, 2)
    with pytest.raises(MustBeat):
        pass_(game, 0)
    play(game, 0, "3333")
    pass_(game, 1)
    pass_(game, 2)
    with pytest.raises(MustPlayHighest) as refused:
        play(game, 0, "4")
    assert refused.value.code == "must_play_highest"
    assert [m for m in game.moves(0) if len(m) == 1] == [parse_cards("2")]
    play(game, 0, "456789TJQKA")  # other combos are free
    pass_(game, 1)
    pass_(game, 2)
    play(game, 0, "2")
    outcome = game.outcome()
    assert outcome is not None and outcome.winner == 0
    # R-PDK-SCORE: one card left pays nothing, the shut seat 32, the bomb 10 from each
    assert outcome.card_points == (32, 0, -32)
    assert outcome.bomb_points == (20, -10, -10)
    assert outcome.scores == (52, -10, -42)


def test_r_pdk_trick_when_both_others_pass_the_last_player_leads_again() -> None:
    game = _table()
    play(game, 0, "2")
    pass_(game, 1)
    pass_(game, 2)
    assert game.turn == 0 and game.to_beat is None


def test_r_pdk_end_the_first_to_empty_their_hand_wins() -> None:
    game = _table(leader=1)
    play(game, 1, "444555666777" + "89TJ")  # an airplane with four wings short: the last play
    assert game.over and game.winner == 1
    outcome = game.outcome()
    assert outcome is not None and outcome.termination is Termination.WON
    assert outcome.cards_left == (16, 0, 16) and outcome.shut == (True, False, True)
