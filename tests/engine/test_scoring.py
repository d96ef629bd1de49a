"""Settlement (docs/rules.md: beans, caps, fees, points, escape, wildcard score) and titles."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given
from hypothesis import strategies as st

from ddz_bot.games.doudizhu.engine.actions import Call, NoGrab, NoShow
from ddz_bot.games.doudizhu.engine.scoring import escape_score, settle
from ddz_bot.games.doudizhu.engine.views import HandOutcome, Role
from ddz_bot.kernel import (
    ROOMS,
    TITLES,
    Cards,
    Escape,
    Play,
    Room,
    Termination,
    next_title,
    share_capped,
    title_for,
)

from .game_helpers import SPRING_DEAL, deal, run

SEEDS_ROOM = Room("seeds", 1000, 50, 1, 0, 10**9)
FREE_ROOM = Room("free", 1000, 0, 1, 0, 10**9)


def landlord_won(
    multiplier: int = 6, stakes: dict[int, int] | None = None, *, wildcard: bool = False
) -> HandOutcome:
    return HandOutcome(
        Role.LANDLORD,
        (0,),
        0,
        multiplier=multiplier,
        stakes=stakes or {1: multiplier, 2: multiplier},
        wildcard=wildcard,
    )


def farmers_won(
    multiplier: int = 6, stakes: dict[int, int] | None = None, *, wildcard: bool = False
) -> HandOutcome:
    return HandOutcome(
        Role.FARMER,
        (1, 2),
        0,
        multiplier=multiplier,
        stakes=stakes or {1: multiplier, 2: multiplier},
        wildcard=wildcard,
    )


def conserved(result_deltas: tuple[int, ...], fees: int) -> bool:
    return sum(result_deltas) == -fees


# --------------------------------------------------------------------------- R-BEANS


def test_R_BEANS_the_seeds_worked_example() -> None:
    # N = 1000, X = 6, A = 50, the landlord wins
    result = settle(landlord_won(6), SEEDS_ROOM, [100_000, 100_000, 100_000])
    assert result.deltas == (11_950, -6_050, -6_050)
    assert result.fees == 150
    assert result.balances == (111_950, 93_950, 93_950)
    assert [(c.seat, c.amount, c.reason) for c in result.changes] == [
        (0, 12_000, "settle"),
        (1, -6_000, "settle"),
        (2, -6_000, "settle"),
        (0, -50, "fee"),
        (1, -50, "fee"),
        (2, -50, "fee"),
    ]
    assert result.scores == (12, 6, 6)  # X: landlord 2 x 6, farmers 6
    assert conserved(result.deltas, result.fees)


def test_R_STAKE_farmers_win_pairwise() -> None:
    result = settle(farmers_won(3), FREE_ROOM, [10**6] * 3)
    assert result.deltas == (-6_000, 3_000, 3_000)


def test_R_DBL_EFFECT_doubling_changes_only_that_pair() -> None:
    # farmer 1 doubled, nobody else: stakes 2x for the pair (0, 1)
    result = settle(landlord_won(2, {1: 4, 2: 2}), FREE_ROOM, [10**6] * 3)
    assert result.deltas == (6_000, -4_000, -2_000)


# --------------------------------------------------------------------------- caps


def test_R_CAP_LOSER_a_loser_pays_only_what_they_hold() -> None:
    result = settle(landlord_won(6), SEEDS_ROOM, [100_000, 2_000, 100_000])
    assert result.deltas[1] == -2_000  # nothing left for the fee
    assert result.deltas[0] == 2_000 + 6_000 - 50
    assert result.balances[1] == 0
    assert conserved(result.deltas, result.fees)


def test_R_CAP_LOSER_the_landlord_short_of_beans_pays_in_proportion() -> None:
    result = settle(farmers_won(6, {1: 12, 2: 6}), FREE_ROOM, [9_001, 10**6, 10**6])
    # claims 12,000 and 6,000; 9,001 to share 2:1 -> 6,000.67 and 3,000.33
    assert result.deltas == (-9_001, 6_001, 3_000)
    assert result.balances[0] == 0


def test_R_CAP_WINNER_a_winner_who_brought_few_beans() -> None:
    # the landlord holds 3,000: wins at most 3,000, shared by the farmers 1:1
    result = settle(landlord_won(6), FREE_ROOM, [3_000, 100_000, 100_000])
    assert result.deltas == (3_000, -1_500, -1_500)
    # a farmer holding 1,000 wins at most 1,000
    result = settle(farmers_won(6), FREE_ROOM, [100_000, 1_000, 100_000])
    assert result.deltas == (-7_000, 1_000, 6_000)


def test_R_CAP_WINNER_and_R_CAP_LOSER_at_once() -> None:
    # landlord wins holding 5,001; farmer 1 can pay only 1,000, farmer 2 owes 6,000
    result = settle(landlord_won(6), FREE_ROOM, [5_001, 1_000, 100_000])
    # owed 1,000 and 6,000 -> 5,001 shared 1:6 -> 714.4 and 4,286.6 -> 714 + 1, 4,286
    assert result.deltas == (5_001, -715, -4_286)
    assert sum(result.deltas) == 0


def test_share_capped_gives_the_remainder_to_the_earlier_seat() -> None:
    assert share_capped(5, {1: 10, 2: 10}) == {1: 3, 2: 2}
    assert share_capped(100, {1: 10, 2: 10}) == {1: 10, 2: 10}
    assert share_capped(0, {1: 10, 2: 10}) == {1: 0, 2: 0}


def test_R_FEE_never_takes_a_balance_below_zero() -> None:
    result = settle(farmers_won(1), SEEDS_ROOM, [1_000, 20, 0])
    # farmer 1 wins at most the 20 it brought, farmer 2 nothing (R-CAP-WINNER)
    assert [(c.seat, c.amount) for c in result.changes if c.reason == "settle"] == [
        (0, -20),
        (1, 20),
    ]
    # fees after settlement: 50 from the landlord, 40 (all it has) from farmer 1, none from 2
    assert [(c.seat, c.amount) for c in result.changes if c.reason == "fee"] == [(0, -50), (1, -40)]
    assert result.balances == (930, 0, 0)
    assert conserved(result.deltas, result.fees)


@given(
    st.lists(st.integers(0, 200_000), min_size=3, max_size=3),
    st.integers(1, 64),
    st.integers(1, 64),
    st.booleans(),
    st.booleans(),
    st.sampled_from(ROOMS),
)
def test_beans_are_conserved_and_never_negative(
    balances: list[int], s1: int, s2: int, landlord_wins: bool, wildcard: bool, room: Room
) -> None:
    maker = landlord_won if landlord_wins else farmers_won
    result = settle(maker(1, {1: s1, 2: s2}, wildcard=wildcard), room, balances)
    assert sum(result.deltas) == -result.fees
    assert all(b >= 0 for b in result.balances)
    assert sum(c.amount for c in result.changes) == sum(result.deltas)
    winners = [0] if landlord_wins else [1, 2]
    for seat in winners:  # R-CAP-WINNER
        settled = sum(c.amount for c in result.changes if c.seat == seat and c.reason == "settle")
        assert 0 <= settled <= balances[seat]


# --------------------------------------------------------------------------- points


def test_R_POINTS_plus_x_for_winners_minus_x_never_below_zero() -> None:
    result = settle(landlord_won(6), SEEDS_ROOM, [10**6] * 3, points=[0, 100, 4])
    assert result.points == (12, -6, -4)
    result = settle(farmers_won(6), SEEDS_ROOM, [10**6] * 3)
    assert result.points == (-12, 6, 6)


# --------------------------------------------------------------------------- escape


def escaped(seat: int, landlord: int | None, multiplier: int, base: int = 1) -> HandOutcome:
    others = tuple(s for s in range(3) if s != seat)
    return HandOutcome(
        None,
        others,
        landlord,
        multiplier=multiplier,
        base=base,
        escaped=seat,
        termination=Termination.ESCAPED,
    )


def test_R_ESCAPE_landlord_below_and_above_10x() -> None:
    assert escape_score(landlord=True, base=1, multiplier=8) == 40  # 1 x 20 x 2
    assert escape_score(landlord=True, base=1, multiplier=16) == 128  # 4 x 16 x 2
    result = settle(escaped(0, 0, 8), SEEDS_ROOM, [10**6] * 3)
    assert result.deltas == (-40_050, 20_000, 20_000)
    assert [c.reason for c in result.changes] == ["escape", "escape", "escape", "fee"]
    result = settle(escaped(0, 0, 16), SEEDS_ROOM, [10**6] * 3)
    assert result.deltas == (-128_050, 64_000, 64_000)


def test_R_ESCAPE_farmer_below_and_above_10x() -> None:
    assert escape_score(landlord=False, base=1, multiplier=4) == 10
    assert escape_score(landlord=False, base=2, multiplier=10) == 40  # 2 x 2 x 10 x 1
    result = settle(escaped(2, 0, 4), SEEDS_ROOM, [10**6] * 3)
    assert result.deltas == (5_000, 5_000, -10_050)
    result = settle(escaped(1, 0, 32, base=3), FREE_ROOM, [10**6] * 3)
    assert result.deltas == (96_000, -192_000, 96_000)


def test_R_ESCAPE_before_the_landlord_is_known_counts_as_a_farmer() -> None:
    result = settle(escaped(1, None, 1), FREE_ROOM, [10**6] * 3)
    assert result.deltas == (5_000, -10_000, 5_000)


def test_R_ESCAPE_capped_at_the_escapee_balance() -> None:
    result = settle(escaped(1, 0, 1), SEEDS_ROOM, [10**6, 7_001, 10**6])
    assert result.deltas == (3_501, -7_001, 3_500)  # the remainder to the earlier seat
    assert result.balances[1] == 0 and result.fees == 0


def test_R_ESCAPE_from_a_real_hand_counts_unplayed_bombs() -> None:
    game = deal(SPRING_DEAL)
    run(game, Call(0), NoGrab(1), NoGrab(2), NoShow(0), Play(0, Cards.parse("3")))
    game.apply(Escape(1))
    outcome = game.outcome()
    assert outcome is not None and outcome.multiplier == 2**8  # eight bombs dealt
    result = settle(outcome, FREE_ROOM, [10**6] * 3)
    assert result.deltas == (256_000, -512_000, 256_000)  # 2 x 256 x 1 x 1000


# --------------------------------------------------------------------------- wildcard


def test_R_LZ_SCORE_a_quarter_rounded_down() -> None:
    result = settle(
        landlord_won(3, {1: 3, 2: 3}, wildcard=True), Room("r", 1001, 0, 1, 0, 0), [10**6] * 3
    )
    # 3 x 1001 = 3003 per pair -> 750.75 -> 750
    assert result.deltas == (1_500, -750, -750)


def test_R_LZ_SCORE_capped_at_10000_a_hand() -> None:
    result = settle(farmers_won(64, {1: 64, 2: 128}, wildcard=True), FREE_ROOM, [10**7] * 3)
    # claims 16,000 and 32,000 -> capped at 10,000 in total, shared 1:2
    assert result.deltas == (-10_000, 3_334, 6_666)
    result = settle(farmers_won(64, {1: 64, 2: 128}, wildcard=False), FREE_ROOM, [10**7] * 3)
    assert result.deltas == (-192_000, 64_000, 128_000)


def test_aborted_hands_move_nothing() -> None:
    outcome = HandOutcome(None, (), None, termination=Termination.ABORTED)
    result = settle(outcome, SEEDS_ROOM, [100, 200, 300])
    assert result.changes == () and result.deltas == (0, 0, 0) and result.fees == 0


def test_the_result_prints_as_plain_data() -> None:
    import json

    data = settle(landlord_won(6), SEEDS_ROOM, [10**6] * 3).to_dict()
    assert json.loads(json.dumps(data))["deltas"] == [11_950, -6_050, -6_050]


# --------------------------------------------------------------------------- titles


def test_R_TITLE_by_beans() -> None:
    assert title_for(0).zh_hans == "短工" and title_for(99).en == "Day Labourer"
    assert title_for(100).zh_hans == "长工" and title_for(100).zh_hant == "長工"
    assert title_for(5_999).en == "Rich Peasant"
    assert title_for(6_000).name("en") == "Shopkeeper"
    assert title_for(6_000).name("zh-Hant") == "掌櫃"
    assert title_for(50_000_000).zh_hans == "丞相"
    assert title_for(10**12).zh_hans == "丞相"
    assert title_for(-5).level == 0
    assert len(TITLES) == 21
    assert [t.min_beans for t in TITLES] == sorted(t.min_beans for t in TITLES)


def test_R_TITLE_next_title() -> None:
    upcoming = next_title(150)
    assert upcoming is not None and upcoming.zh_hans == "佃户" and upcoming.min_beans == 200
    assert next_title(50_000_000) is None


def test_rooms_feed_settlement() -> None:
    room = replace(ROOMS[1])
    result = settle(landlord_won(1), room, [10**6] * 3)
    assert result.deltas == (200 - 5, -100 - 5, -100 - 5)


@given(
    st.lists(st.integers(0, 300_000), min_size=3, max_size=3),
    st.integers(0, 2),
    st.sampled_from([None, 0, 1, 2]),
    st.integers(1, 4096),
    st.sampled_from(ROOMS),
)
def test_escape_conserves_beans(
    balances: list[int], runner: int, landlord: int | None, multiplier: int, room: Room
) -> None:
    others = tuple(s for s in range(3) if s != runner)
    outcome = HandOutcome(
        None,
        others,
        landlord,
        multiplier=multiplier,
        escaped=runner,
        termination=Termination.ESCAPED,
    )
    result = settle(outcome, room, balances)
    assert sum(result.deltas) == -result.fees
    assert all(b >= 0 for b in result.balances)
    assert all(result.deltas[s] >= 0 for s in others)
    assert max(result.deltas[s] for s in others) - min(result.deltas[s] for s in others) <= 1
