"""Combos (牌型) and how they compare, one test per rule of docs/rules.md sections 1-3."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ddz_bot.games.doudizhu.engine import (
    CLASSIC,
    FOUR_PLAYER,
    WILDCARD,
    Combo,
    ComboKind,
    beats,
    bomb_factor,
    classify,
)
from ddz_bot.games.doudizhu.engine.catalogue import classify_structural, read_as
from ddz_bot.games.doudizhu.engine.combos import kicker_count, typed_reading
from ddz_bot.games.doudizhu.engine.rules import RuleSet
from ddz_bot.kernel import Cards, Rank, parse_cards

K = ComboKind


def kinds(text: str, rules: RuleSet = CLASSIC) -> list[str]:
    return [c.kind.value for c in classify(parse_cards(text), rules)]


def one(text: str, rules: RuleSet = CLASSIC) -> Combo:
    readings = classify(parse_cards(text), rules)
    assert len(readings) == 1, readings
    return readings[0]


# ---- the table of combos in docs/rules.md, every example, and the seeds' 牌型 section
@pytest.mark.parametrize(
    ("cards", "kind", "rank", "length"),
    [
        ("5", K.SINGLE, "5", 1),
        ("44", K.PAIR, "4", 1),
        ("JJJ", K.TRIO, "J", 1),
        ("3336", K.TRIO_SINGLE, "3", 1),
        ("44499", K.TRIO_PAIR, "4", 1),
        ("45678", K.STRAIGHT, "8", 5),
        ("TJQKA", K.STRAIGHT, "A", 5),
        ("789TJQK", K.STRAIGHT, "K", 7),  # seeds: 78910JQK
        ("3456789TJQKA", K.STRAIGHT, "A", 12),
        ("334455", K.PAIR_STRAIGHT, "5", 3),
        ("778899TTJJ", K.PAIR_STRAIGHT, "J", 5),  # seeds: 7788991010JJ
        ("333444", K.PLANE, "4", 2),
        ("555666777888", K.PLANE, "8", 4),
        ("44455579", K.PLANE_SINGLES, "5", 2),
        ("3334445557799JJ", K.PLANE_PAIRS, "5", 3),
        ("555538", K.FOUR_TWO_SINGLES, "5", 1),
        ("44445577", K.FOUR_TWO_PAIRS, "4", 1),
        ("7777", K.BOMB, "7", 1),
        ("XD", K.ROCKET, "D", 1),
        ("X", K.SINGLE, "X", 1),
        ("D", K.SINGLE, "D", 1),
    ],
)
def test_every_combo_of_the_rules_table(
    cards: str, kind: ComboKind, rank: str, length: int
) -> None:
    combo = one(cards)
    assert combo.kind is kind
    assert combo.rank == parse_cards(rank)[0]
    assert combo.length == length
    assert str(combo) == str(parse_cards(cards))


@pytest.mark.parametrize(
    "cards",
    [
        "2345A",
        "JQKA2",
        "QKA2X",
        "KA2XD",
        "A2345",
        "22",
        "2233AA",
        "222AAA",
        "AAA222",
        "3456",
        "3344",
        "34567X",
    ],
)
def test_two_and_jokers_never_in_a_sequence_nor_wrapping(cards: str) -> None:
    assert all(
        k not in (K.STRAIGHT, K.PAIR_STRAIGHT, K.PLANE)
        for k in (c.kind for c in classify(parse_cards(cards)))
    )


def test_tjqka_is_the_top_straight() -> None:
    top = one("TJQKA")
    for low in ("34567", "9TJQK", "56789"):
        assert beats(top, one(low))
    assert classify(parse_cards("JQKA2")) == []


def test_r_kick_rocket_two_jokers_never_a_pair_nor_a_kicker_pair() -> None:
    assert kinds("XD") == ["rocket"]  # not a pair
    assert kinds("333XD") == []  # not trio + pair
    assert kinds("3333XD") == []  # not four + two singles
    assert kinds("333444XD") == []  # not a plane with two singles
    assert kinds("333X") == ["trio_single"]  # one joker may be a single kicker
    assert kinds("3333XD") == []
    assert kinds("33334D") == ["four_two_singles"]


def test_r_kick_main_kickers_never_of_the_main_rank() -> None:
    assert kinds("3333") == ["bomb"]  # a bomb, not a trio with a single
    assert kinds("33333") == []
    assert kinds("33344434") == []  # a plane's kicker can't be a plane rank


def test_r_kick_singles_may_share_a_rank_but_never_four_or_an_adjacent_trio() -> None:
    assert kinds("33344455") == ["plane_singles"]
    assert kinds("555533") == ["four_two_singles"]
    assert kinds("333444555777") == ["plane_singles"]  # a trio, but not next to the plane
    assert kinds("333444555666") == ["plane"]  # never a plane of three carrying 6,6,6
    assert kinds("444555666333") == ["plane"]
    assert kinds("3334445556667777") == []  # four of one rank among single kickers


def test_r_kick_pairs_are_of_different_ranks() -> None:
    assert kinds("44445555") == []
    assert kinds("3334445555") == []
    assert kinds("3334445577") == ["plane_pairs"]


def test_r_four_not_bomb_four_with_two_only_beats_its_own_form() -> None:
    four_two = one("555538")
    assert not four_two.is_bomb
    assert not beats(four_two, one("3"))
    assert beats(one("666634"), four_two)
    assert not beats(one("66663344"), four_two)
    assert beats(one("3333"), four_two)


def test_r_cmp_rocket_beats_everything() -> None:
    rocket = one("XD")
    for other in ("2222", "3", "345678", "33334444"[:4], "D"):
        assert beats(rocket, one(other))
        assert not beats(one(other), rocket)
    assert not beats(rocket, rocket)


def test_r_cmp_bomb_beats_all_but_rocket_and_higher_bombs() -> None:
    bomb = one("7777")
    for other in ("D", "22", "222", "3456789TJQKA", "333444555666", "AAAA34"):
        assert beats(bomb, one(other))
    assert beats(one("8888"), bomb)
    assert not beats(one("6666"), bomb)
    assert not beats(bomb, one("7777"))


def test_r_cmp_same_kind_same_size_higher_main_rank() -> None:
    assert beats(one("D"), one("X"))
    assert beats(one("X"), one("2"))
    assert beats(one("2"), one("A"))
    assert beats(one("44"), one("33"))
    assert beats(one("4443"), one("3335"))
    assert not beats(one("3335"), one("4443"))
    assert not beats(one("44"), one("3"))  # another kind
    assert not beats(one("456789"), one("34567"))  # another length
    assert beats(one("45678"), one("34567"))
    assert beats(one("55566633"), one("444555X2"))


def test_r_cmp_same_kickers_never_matter() -> None:
    assert beats(one("4443"), one("3332"))
    assert not beats(one("3332"), one("3334"))
    assert beats(one("44433"), one("33322"))


# ---- section 2: the wildcard game (癞子场)
WILD5 = WILDCARD.with_wild_rank(Rank.FIVE)
WILD7 = WILDCARD.with_wild_rank(Rank.SEVEN)


def test_r_lz_sub_a_wildcard_stands_for_any_rank_but_jokers() -> None:
    assert ("straight", Rank.SEVEN) in {
        (c.kind.value, c.rank) for c in classify(parse_cards("34567"), WILD5)
    }
    assert kinds("34565", WILD5).count("straight") == 1  # 5 as 7: 34567
    assert "pair" in kinds("25", WILD5)
    assert kinds("X5", WILD5) == []  # a wildcard is never a joker: no rocket, no pair


def test_r_lz_alone_wildcards_together_stand_for_themselves() -> None:
    assert [(c.kind, c.rank) for c in classify(parse_cards("77"), WILD7)] == [(K.PAIR, Rank.SEVEN)]
    assert [c.kind for c in classify(parse_cards("7777"), WILD7)] == [K.WILD_BOMB]
    assert [c.kind for c in classify(parse_cards("777"), WILD7)] == [K.TRIO]


def test_r_lz_bombs_soft_hard_pure_and_their_order() -> None:
    soft_3s = next(c for c in classify(parse_cards("3335"), WILD5) if c.is_bomb)
    assert soft_3s.kind is K.SOFT_BOMB and soft_3s.rank == Rank.THREE
    soft_7s = next(c for c in classify(parse_cards("7755"), WILD5) if c.is_bomb)
    assert soft_7s.kind is K.SOFT_BOMB and soft_7s.rank == Rank.SEVEN
    assert soft_7s.wild_as == (Rank.SEVEN, Rank.SEVEN)
    hard_4s = one("4444", WILD5)
    assert hard_4s.kind is K.BOMB
    pure = one("5555", WILD5)
    assert pure.kind is K.WILD_BOMB
    rocket = one("XD", WILD5)
    # rocket > pure wildcard bomb > hard bomb > soft bomb; within a class by rank
    ladder = [soft_3s, soft_7s, hard_4s, one("6666", WILD5), pure, rocket]
    for i, low in enumerate(ladder):
        for high in ladder[i + 1 :]:
            assert beats(high, low, WILD5), (high, low)
            assert not beats(low, high, WILD5), (low, high)
    assert beats(hard_4s, soft_7s)  # a hard bomb of 4s beats a soft bomb of 7s


def test_r_lz_equal_wildcard_combos_compare_like_natural_ones() -> None:
    natural = one("44", WILD5)
    with_wild = next(
        c for c in classify(parse_cards("45"), WILD5) if c.kind is K.PAIR and c.rank == Rank.FOUR
    )
    assert not beats(natural, with_wild, WILD5)
    assert not beats(with_wild, natural, WILD5)
    assert beats(one("66", WILD5), with_wild, WILD5)


def test_r_lz_choice_every_reading_is_offered() -> None:
    readings = {(c.kind.value, c.rank) for c in classify(parse_cards("3335"), WILD5)}
    assert readings == {("trio_single", Rank.THREE), ("soft_bomb", Rank.THREE)}
    readings = {(c.kind.value, int(c.rank)) for c in classify(parse_cards("6655"), WILD5)}
    assert ("soft_bomb", Rank.SIX) in readings
    assert ("pair_straight", Rank.SIX) not in readings  # 55 66 is two pairs, not three


def test_read_as_finds_the_reading_classify_lists_and_no_other() -> None:
    trio = read_as(parse_cards("3355"), (K.TRIO_SINGLE, Rank.THREE, 1), WILD5)
    assert trio is not None and trio.wild_as == (Rank.THREE, Rank.FIVE)  # one 5 stays a 5
    assert read_as(parse_cards("3355"), (K.SOFT_BOMB, Rank.THREE, 1), WILD5) is not None
    assert read_as(parse_cards("3355"), (K.BOMB, Rank.THREE, 1), WILD5) is None  # soft only
    assert read_as(parse_cards("3355"), (K.PAIR_STRAIGHT, Rank.FOUR, 2), WILD5) is None
    # wildcards never stand for jokers (R-LZ-SUB): 555 + 44 is no trio of small jokers
    assert read_as(parse_cards("44555"), (K.TRIO_PAIR, Rank.SMALL_JOKER, 1), WILD5) is None


@settings(max_examples=200)
@given(
    st.lists(st.sampled_from(range(15)), min_size=1, max_size=11),
    st.integers(1, 3),
    st.sampled_from(range(13)),
    st.data(),
)
def test_read_as_agrees_with_classify_for_every_reading(
    naturals: list[int], n_wild: int, wild: int, data: st.DataObject
) -> None:
    rules = WILDCARD.with_wild_rank(wild)
    ranks = [r for r in naturals if r != wild] + [wild] * n_wild
    if any(ranks.count(r) > (1 if r >= Rank.SMALL_JOKER else 4) for r in set(ranks)):
        return  # not cards of one deck
    cards = Cards(ranks)
    listed = {(c.kind, c.rank, c.length): c for c in classify(cards, rules)}
    for reading, combo in listed.items():
        assert read_as(cards, reading, rules) == combo
    for _ in range(20):
        reading = (
            data.draw(st.sampled_from(list(K))),
            data.draw(st.integers(0, 14)),
            data.draw(st.integers(1, 12)),
        )
        assert read_as(cards, reading, rules) == listed.get(reading)


def test_r_lz_mult_bomb_factors() -> None:
    assert bomb_factor(one("7777")) == 2
    assert bomb_factor(one("XD")) == 2
    soft = next(c for c in classify(parse_cards("3335"), WILD5) if c.is_bomb)
    assert bomb_factor(soft, WILD5) == 2
    assert bomb_factor(one("4444", WILD5), WILD5) == 4
    assert bomb_factor(one("5555", WILD5), WILD5) == 4
    assert bomb_factor(one("XD", WILD5), WILD5) == 4
    assert bomb_factor(one("34567"), WILD5) == 1


# ---- section 3: two decks
def test_r_4p_bombs_more_cards_beat_fewer_and_the_four_joker_rocket() -> None:
    four = one("7777", FOUR_PLAYER)
    five = one("33333", FOUR_PLAYER)
    eight = one("44444444", FOUR_PLAYER)
    assert five.kind is K.BOMB and eight.kind is K.BOMB
    assert beats(five, four, FOUR_PLAYER)
    assert beats(eight, five, FOUR_PLAYER)
    assert beats(one("88888", FOUR_PLAYER), five, FOUR_PLAYER)
    rocket = one("XXDD", FOUR_PLAYER)
    assert rocket.kind is K.ROCKET
    assert beats(rocket, eight, FOUR_PLAYER)
    assert classify(parse_cards("XD"), FOUR_PLAYER) == []
    assert beats(one("DD", FOUR_PLAYER), one("XX", FOUR_PLAYER), FOUR_PLAYER)


def test_r_ambig_two_decks_can_read_one_set_several_ways() -> None:
    readings = classify(parse_cards("333444555666"), FOUR_PLAYER)
    assert {c.kind for c in readings} == {K.PLANE}
    assert len(classify(parse_cards("3334445555"), FOUR_PLAYER)) == 0


def test_str_of_a_combo_is_its_canonical_card_string() -> None:
    assert str(one("kkk33")) == "33KKK"
    combo = one("4443")
    assert Combo.from_dict(combo.to_dict()) == combo


def test_lookup_table_agrees_with_the_structural_reading() -> None:
    for text in ("33344", "3333", "333444555666", "XD", "345", "55"):
        assert classify(parse_cards(text)) == classify_structural(parse_cards(text))


def test_r_ambig_a_typed_play_takes_the_fewest_kickers_then_the_highest_rank() -> None:
    readings = classify(parse_cards("3335"), WILD5)
    soft = typed_reading(readings)
    assert soft is not None and soft.kind is K.SOFT_BOMB  # no kicker beats trio + one
    readings = classify(parse_cards("4456"), WILD5)  # 5 wild: 444+6 or 4 4 (5→...) 6?
    chosen = typed_reading(readings)
    assert chosen is not None and kicker_count(chosen) == min(kicker_count(c) for c in readings)
    assert chosen.rank == max(c.rank for c in readings if kicker_count(c) == kicker_count(chosen))
    assert typed_reading([]) is None
