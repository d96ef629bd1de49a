"""Scripted hands of the classic game, named after the rules they show (docs/rules.md section 1)."""

from __future__ import annotations

import json
import random

import pytest

from ddz_bot.games.doudizhu.engine import read_action as action_from_dict
from ddz_bot.games.doudizhu.engine.actions import (
    AlreadyShown,
    BidTooLow,
    Call,
    CannotGrab,
    Decline,
    Double,
    DoubleNotAllowed,
    Grab,
    NoDouble,
    NoGrab,
    NoShow,
    ShowCards,
)
from ddz_bot.games.doudizhu.engine.actions import Bid as BidPoints
from ddz_bot.games.doudizhu.engine.combos import ComboKind
from ddz_bot.games.doudizhu.engine.events import HandFinished, LandlordChosen, Played
from ddz_bot.games.doudizhu.engine.game import MAX_REDEALS, Game
from ddz_bot.games.doudizhu.engine.rules import CLASSIC, POINTS
from ddz_bot.games.doudizhu.engine.views import Phase, Role
from ddz_bot.kernel import (
    ROOMS,
    Aborted,
    AlreadyAnswered,
    AutoPlay,
    AutoPlayChanged,
    Cards,
    CardsNotInHand,
    Deal,
    DecisionKind,
    DoesNotBeat,
    EmptyPlay,
    Escape,
    GameOver,
    IllegalAction,
    MustLead,
    NotACombo,
    NotYourTurn,
    Pass,
    Play,
    Redealt,
    TimeLimit,
    Timeout,
    TrickWon,
    Waiting,
    WrongPhase,
)

from .game_helpers import ANTI_SPRING_DEAL, RICH, SPRING_DEAL, deal, run


def landlord_zero(game: Game, *, show: bool = False) -> Game:
    """Seat 0 calls, nobody grabs, the landlord doesn't show."""
    run(game, Call(0), NoGrab(1), NoGrab(2))
    game.apply(ShowCards(0) if show else NoShow(0))
    return game


def phase(game: Game) -> Phase:
    """The phase, read afresh (keeps type checkers from narrowing across actions)."""
    return game.phase


def reasons(game: Game) -> list[tuple[str, int]]:
    return [(item.reason, item.factor) for item in game.multiplier_items()]


# --------------------------------------------------------------------------- deal


def test_R_DEAL_seventeen_each_and_a_hidden_bottom() -> None:
    game = Game(rng=random.Random(1))
    assert game.phase is Phase.SHOW_START
    assert [len(h) for h in game.hands] == [0, 0, 0]
    game.apply(Deal())
    assert phase(game) is Phase.DEALING and [len(h) for h in game.hands] == [9, 9, 9]
    game.apply(Deal())
    assert [len(h) for h in game.hands] == [17, 17, 17]
    view = game.public_view()
    assert view.bottom is None and view.bottom_count == 3
    game.apply(Deal())
    assert phase(game) is Phase.BIDDING
    every = sorted(c for h in game.hands for c in h) + sorted(game.bottom)
    assert sorted(every) == list(range(54))


def test_R_RNG_a_seed_reproduces_the_deal_and_the_default_is_secure() -> None:
    one, two = Game(rng=random.Random(5)), Game(rng=random.Random(5))
    assert one == two
    assert Game() != Game()  # SystemRandom: different every time


def test_R_BID_FIRST_the_first_bidder_is_random() -> None:
    firsts = set()
    for seed in range(30):
        game = Game(rng=random.Random(seed))
        run(game, Deal(), Deal(), Deal())
        firsts.add(game.turn)
    assert firsts == {0, 1, 2}


def test_R_BID_FIRST_the_first_player_who_showed_bids_first() -> None:
    game = Game.from_deal(SPRING_DEAL[:3], SPRING_DEAL[3], first_bidder=0)
    run(game, Deal(), ShowCards(2), ShowCards(1), Deal(), Deal())
    assert game.turn == 2


# --------------------------------------------------------------------------- call and grab


def test_R_BID_CALL_the_first_call_ends_the_calling_round() -> None:
    game = deal(first_bidder=1)
    run(game, Decline(1), Call(2))
    assert game.caller == 2
    with pytest.raises(WrongPhase):
        game.apply(Call(0))
    # seat 0 never declined: it may grab; seat 1 declined: it may not (R-GRAB-DECLINED)
    assert game.turn == 0
    assert [type(a).__name__ for a in game.legal_actions(0)] == ["Grab", "NoGrab"]
    game.apply(NoGrab(0))
    assert game.landlord == 2 and reasons(game) == [("initial", 1)]


def test_R_GRAB_DECLINED_a_player_who_declined_can_never_grab() -> None:
    game = deal(first_bidder=0)
    run(game, Decline(0), Call(1))
    with pytest.raises(CannotGrab):
        game.apply(Grab(0))
    game.apply(Grab(2))  # seat 0 is skipped; seat 1 may grab back
    assert game.turn == 1
    game.apply(NoGrab(1))
    assert game.landlord == 2
    assert reasons(game) == [("initial", 1), ("grab", 2)]


def test_R_GRAB_every_grab_doubles_and_the_caller_grabs_back() -> None:
    game = deal(first_bidder=0, balances=RICH)
    run(game, Call(0), Grab(1), Grab(2))
    assert game.turn == 0  # the caller's last chance
    events = game.apply(Grab(0))
    assert any(isinstance(e, LandlordChosen) and e.seat == 0 for e in events)
    assert reasons(game) == [("initial", 1), ("grab", 2), ("grab", 2), ("grab", 2)]
    assert game.multiplier() == 8
    assert len(game.hands[0]) == 20


def test_R_GRAB_the_last_grabber_is_landlord() -> None:
    game = deal(first_bidder=0)
    run(game, Call(0), Grab(1), NoGrab(2), NoGrab(0))
    assert game.landlord == 1 and game.multiplier() == 2


def test_R_GRAB_nobody_grabs_the_caller_is_landlord_without_a_grab_back() -> None:
    game = deal(first_bidder=2)
    events = run(game, Call(2), NoGrab(0), NoGrab(1))
    assert game.landlord == 2 and game.multiplier() == 1
    chosen = [e for e in events if isinstance(e, LandlordChosen)]
    assert chosen[0].bottom == tuple(game.bottom)
    assert game.public_view().bottom == tuple(game.bottom)  # shown to everyone (R-DEAL)


def test_R_BID_ALLPASS_redeal_then_close_after_three_redeals() -> None:
    game = deal(first_bidder=0)
    first_hands = [list(h) for h in game.hands]
    events = run(game, Decline(0), Decline(1), Decline(2))
    assert any(isinstance(e, Redealt) for e in events)
    assert game.redeals == 1 and game.phase is Phase.DEALING
    assert [list(h) for h in game.hands] != first_hands
    for redeal in range(2, MAX_REDEALS + 2):
        run(game, Deal(), Deal())
        first = game.turn
        assert first is not None
        events = run(game, *(Decline((first + i) % 3) for i in range(3)))
        if redeal <= MAX_REDEALS:
            assert game.redeals == redeal
    assert any(isinstance(e, Aborted) for e in events)
    assert phase(game) is Phase.ABORTED
    outcome = game.outcome()
    assert outcome is not None and outcome.aborted and outcome.winners == ()
    with pytest.raises(GameOver):
        game.apply(Call(0))


def test_R_BID_ALLPASS_with_a_show_the_first_who_showed_is_landlord() -> None:
    game = Game.from_deal(SPRING_DEAL[:3], SPRING_DEAL[3], first_bidder=0)
    run(game, Deal(), Deal(), ShowCards(1), Deal())
    assert game.turn == 1
    run(game, Decline(1), Decline(2), Decline(0))
    assert game.landlord == 1
    # the landlord showed already: no landlord-show step
    assert game.phase is Phase.PLAYING
    assert ("show", 3) in reasons(game)


# --------------------------------------------------------------------------- points bidding


def test_R_SCORE_BID_the_highest_bid_is_the_base() -> None:
    game = deal(rules=POINTS, first_bidder=1)
    assert [a.to_dict() for a in game.legal_actions(1)][-1] == {"type": "decline", "seat": 1}
    game.apply(BidPoints(1, 1))
    with pytest.raises(BidTooLow):
        game.apply(BidPoints(2, 1))
    with pytest.raises(WrongPhase):
        game.apply(Call(2))
    run(game, BidPoints(2, 2), Decline(0))
    assert game.landlord == 2 and game.base == 2
    game.apply(NoShow(2))
    outcome_base = game.public_view().base
    assert outcome_base == 2


def test_R_SCORE_BID_three_ends_bidding_at_once() -> None:
    game = deal(rules=POINTS, first_bidder=0)
    game.apply(BidPoints(0, 3))
    assert game.landlord == 0 and game.base == 3


def test_R_SCORE_BID_all_pass_redeals() -> None:
    game = deal(rules=POINTS, first_bidder=0)
    run(game, Decline(0), Decline(1), Decline(2))
    assert game.redeals == 1 and game.phase is Phase.DEALING


def test_R_BASE_is_one_in_call_and_grab() -> None:
    game = landlord_zero(deal())
    assert game.base == 1


# --------------------------------------------------------------------------- showing


@pytest.mark.parametrize(
    ("when", "factor", "detail"), [(0, 5, "start"), (1, 4, "deal_first"), (2, 3, "deal_second")]
)
def test_R_SHOW_multipliers_before_and_during_the_deal(when: int, factor: int, detail: str) -> None:
    game = Game.from_deal(SPRING_DEAL[:3], SPRING_DEAL[3], first_bidder=0)
    for _ in range(when):
        game.apply(Deal())
    game.apply(ShowCards(1))
    with pytest.raises(AlreadyShown):
        game.apply(ShowCards(1))
    while game.phase is not Phase.BIDDING:
        game.apply(Deal())
    items = [i for i in game.multiplier_items() if i.reason == "show"]
    assert [(i.factor, i.seat, i.detail) for i in items] == [(factor, 1, detail)]
    # a shown hand is public; the others stay hidden
    seats = game.public_view().seats
    assert seats[1].shown_hand == tuple(game.hands[1])
    assert seats[0].shown_hand is None and seats[2].shown_hand is None


def test_R_SHOW_the_landlord_may_show_after_the_bottom_for_x2() -> None:
    game = landlord_zero(deal(), show=True)
    assert ("show", 2) in reasons(game)
    assert game.public_view().seats[0].shown_hand == tuple(game.hands[0])
    with pytest.raises(WrongPhase):
        game.apply(ShowCards(1))


def test_R_SHOW_only_the_landlord_shows_after_the_bottom() -> None:
    game = deal()
    run(game, Call(0), NoGrab(1), NoGrab(2))
    with pytest.raises(NotYourTurn):
        game.apply(ShowCards(1))


def test_R_SHOW_MAX_several_shows_count_the_largest_once() -> None:
    game = Game.from_deal(SPRING_DEAL[:3], SPRING_DEAL[3], first_bidder=0)
    run(game, ShowCards(2), Deal(), ShowCards(1), Deal(), ShowCards(0), Deal())
    shows = [i for i in game.multiplier_items() if i.reason == "show"]
    assert [(i.factor, i.seat) for i in shows] == [(5, 2)]
    assert game.turn == 2  # R-BID-FIRST


# --------------------------------------------------------------------------- doubling


def test_R_DBL_everyone_answers_then_the_landlord_leads() -> None:
    game = landlord_zero(deal(balances=RICH))
    assert game.phase is Phase.DOUBLING and game.turn is None
    run(game, Double(1), NoDouble(0))
    with pytest.raises(AlreadyAnswered):
        game.apply(NoDouble(1))
    assert game.phase is Phase.DOUBLING
    game.apply(Timeout(2))  # silence = not double
    assert phase(game) is Phase.PLAYING and game.turn == 0
    assert [s.doubled for s in game.public_view().seats] == [False, True, False]


def test_R_DBL_COND_landlord_needs_everyone_above_the_threshold() -> None:
    room = ROOMS[1]  # threshold 5,000
    game = landlord_zero(deal(room=room, balances=[9000, 9000, 5000]))
    with pytest.raises(DoubleNotAllowed):
        game.apply(Double(0))
    assert game.doubled == [False, None, False]  # those who may not are answered for
    with pytest.raises(DoubleNotAllowed):
        game.apply(Double(2))
    game.apply(Double(1))  # seat 1 and the landlord hold more than 5,000
    assert game.doubled[1] is True


def test_R_DBL_COND_a_farmer_needs_the_landlord_above_the_threshold() -> None:
    game = landlord_zero(deal(room=ROOMS[1], balances=[5000, 9000, 9000]))
    # nobody may double: the phase is skipped
    assert game.phase is Phase.PLAYING
    assert game.doubled == [False, False, False]


def test_R_DBL_EFFECT_the_pairwise_stake() -> None:
    game = landlord_zero(deal(balances=RICH))
    run(game, Double(0), Double(1), NoDouble(2))
    assert game.stakes() == {1: 4, 2: 2}


# --------------------------------------------------------------------------- play


def test_R_PLAY_the_landlord_leads_and_may_not_pass() -> None:
    game = landlord_zero(deal())
    assert game.turn == 0
    with pytest.raises(MustLead):
        game.apply(Pass(0))
    with pytest.raises(NotYourTurn):
        game.apply(Play(1, Cards.parse("3")))


def test_R_PLAY_after_two_passes_the_last_player_leads_again() -> None:
    game = landlord_zero(deal())
    run(game, Play(0, Cards.parse("3")), Play(1, Cards.parse("7")))
    with pytest.raises(DoesNotBeat):
        game.apply(Play(2, Cards.parse("6")))
    events = run(game, Pass(2), Pass(0))
    assert isinstance(events[-1], TrickWon) and events[-1].seat == 1
    assert game.turn == 1 and game.to_beat is None
    with pytest.raises(MustLead):
        game.apply(Pass(1))
    game.apply(Play(1, Cards.parse("4")))
    assert game.public_view().to_beat_seat == 1


def test_R_PLAY_checks_the_cards() -> None:
    game = landlord_zero(deal())
    with pytest.raises(CardsNotInHand):
        game.apply(Play(0, Cards.parse("7")))
    with pytest.raises(NotACombo):
        game.apply(Play(0, Cards.parse("34")))
    with pytest.raises(EmptyPlay):
        game.apply(Play(0, Cards()))


def test_R_WIN_and_R_SPRING_landlord_wins_and_no_farmer_played() -> None:
    game = landlord_zero(deal())
    events = run(
        game,
        Play(0, Cards.parse("XD")),
        Pass(1),
        Pass(2),
        Play(0, Cards.parse("2222")),
        Pass(1),
        Pass(2),
        Play(0, Cards.parse("33344456")),
        Pass(1),
        Pass(2),
        Play(0, Cards.parse("KKKAAA")),
    )
    assert isinstance(events[-1], HandFinished)
    outcome = game.outcome()
    assert outcome is not None
    assert outcome.winner_role is Role.LANDLORD and outcome.winners == (0,)
    assert outcome.spring and not outcome.anti_spring
    assert reasons(game) == [("initial", 1), ("rocket", 2), ("bomb", 2), ("spring", 2)]
    assert outcome.multiplier == 8 and outcome.stakes == {1: 8, 2: 8}
    # once finished, all hands may be seen
    assert game.public_view().seats[1].shown_hand == tuple(game.hands[1])


def test_R_SPRING_anti_spring_the_landlord_played_only_the_first_lead() -> None:
    game = landlord_zero(deal(ANTI_SPRING_DEAL))
    run(
        game,
        Play(0, Cards.parse("3")),
        Play(1, Cards.parse("D")),
        Pass(2),
        Pass(0),
        Play(1, Cards.parse("3456777888999TTT")),
    )
    outcome = game.outcome()
    assert outcome is not None
    assert outcome.winner_role is Role.FARMER and outcome.winners == (1, 2)
    assert outcome.anti_spring and not outcome.spring
    assert outcome.multiplier == 2


def test_R_SPRING_no_spring_once_a_farmer_played() -> None:
    game = landlord_zero(deal())
    run(
        game,
        Play(0, Cards.parse("3")),
        Play(1, Cards.parse("4")),
        Pass(2),
        Play(0, Cards.parse("X")),
        Pass(1),
        Pass(2),
        Play(0, Cards.parse("D")),
        Pass(1),
        Pass(2),
        Play(0, Cards.parse("2222")),
        Pass(1),
        Pass(2),
        Play(0, Cards.parse("33KKKAAA")),
        Pass(1),
        Pass(2),
        Play(0, Cards.parse("4445")),
        Pass(1),
        Pass(2),
        Play(0, Cards.parse("6")),
    )
    outcome = game.outcome()
    assert outcome is not None and outcome.winner_role is Role.LANDLORD
    assert not outcome.spring and outcome.multiplier == 2


def test_R_MULT_every_bomb_and_rocket_doubles_and_is_itemised() -> None:
    game = landlord_zero(deal())
    run(
        game,
        Play(0, Cards.parse("3")),
        Play(1, Cards.parse("7777")),
        Play(2, Cards.parse("8888")),
        Play(0, Cards.parse("2222")),
    )
    items = [(i.reason, i.factor, i.seat) for i in game.multiplier_items()]
    assert items == [("initial", 1, None), ("bomb", 2, 1), ("bomb", 2, 2), ("bomb", 2, 0)]
    assert game.public_view().multiplier == 8


def test_R_MULT_the_room_initial_multiplier() -> None:
    from dataclasses import replace

    room = replace(ROOMS[0], initial_multiplier=3)
    game = landlord_zero(deal(room=room))
    assert game.multiplier() == 3


# --------------------------------------------------------------------------- time-outs


def test_R_AFK_defaults_and_auto_play_after_two_timeouts() -> None:
    game = deal(first_bidder=0)
    events = game.apply(Timeout(0))  # declines
    assert game.words[0] == "decline" and not game.auto[0]
    run(game, Call(1), Timeout(2))  # no grab
    assert game.landlord == 1
    game.apply(Timeout(1))  # the landlord doesn't show
    assert game.phase is Phase.PLAYING
    events = game.apply(Timeout(1))  # leading: the lowest single is played
    played = [e for e in events if isinstance(e, Played)]
    assert played and played[0].combo.kind is ComboKind.SINGLE
    assert played[0].combo.rank == min(game.hand(1) + played[0].combo.cards)
    assert any(isinstance(e, AutoPlayChanged) and e.on for e in events)  # 2nd in a row
    assert game.auto[1] and game.public_view().seats[1].auto_play
    game.apply(Timeout(2))  # following: pass
    assert game.passed[2]
    assert game.apply(AutoPlay(1, False)) == [AutoPlayChanged(1, False)]
    assert not game.auto[1]


def test_R_AFK_acting_yourself_resets_the_count() -> None:
    game = deal(first_bidder=0)
    run(game, Timeout(0), Call(1), Grab(2), NoGrab(1))
    game.apply(NoShow(2))
    run(game, Play(2, Cards.parse("6")), Pass(0))  # seat 0 acted itself
    game.apply(Pass(1))
    game.apply(Play(2, Cards.parse("8")))
    game.apply(Timeout(0))
    assert not game.auto[0] and game.timeouts[0] == 1


def test_R_AFK_a_timeout_out_of_turn_is_refused() -> None:
    game = deal(first_bidder=0)
    with pytest.raises(NotYourTurn):
        game.apply(Timeout(1))
    with pytest.raises(WrongPhase):
        Game(rng=random.Random(1)).apply(Timeout(0))


# --------------------------------------------------------------------------- escape


def test_R_ESCAPE_ends_the_hand_at_once() -> None:
    game = landlord_zero(deal())
    events = game.apply(Escape(2))
    assert game.phase is Phase.FINISHED
    outcome = game.outcome()
    assert outcome is not None and outcome.escaped == 2 and outcome.winners == (0, 1)
    assert isinstance(events[-1], HandFinished)
    assert game.public_view().seats[2].escaped


def test_R_ESCAPE_counts_every_bomb_dealt_played_or_not() -> None:
    # SPRING_DEAL: seat 0 holds 2222 and (with the bottom) the rocket; seat 1 7777,
    # 9999, JJJJ; seat 2 8888, TTTT, QQQQ: 8 bombs -> M = 2**8 once the landlord is known
    game = landlord_zero(deal())
    assert game.escape_multiplier() == 2**8
    game.apply(Play(0, Cards.parse("2222")))
    assert game.escape_multiplier() == 2**8  # played, still counted once
    assert game.multiplier() == 2


# --------------------------------------------------------------------------- views


def test_views_a_seat_sees_its_own_hand_and_counts_of_the_others() -> None:
    game = landlord_zero(deal())
    view = game.view_for(1)
    assert view.hand == tuple(game.hands[1]) and str(view.hand_ranks) == SPRING_DEAL[1]
    assert [s.card_count for s in view.public.seats] == [20, 17, 17]
    assert [s.role for s in view.public.seats] == [Role.LANDLORD, Role.FARMER, Role.FARMER]
    assert view.public.bottom is not None and len(view.public.bottom) == 3
    game.apply(Play(0, Cards.parse("3")))
    public = game.public_view()
    assert public.played == Cards.parse("3") and public.to_beat is not None
    assert public.seats[0].last_play == public.to_beat


# --------------------------------------------------------------------------- strictness


@pytest.mark.parametrize(
    "bad",
    [Call(1), Grab(0), Double(0), Pass(0), Play(0, Cards.parse("3")), ShowCards(5), NoShow(0)],
)
def test_illegal_actions_change_nothing(bad: object) -> None:
    game = deal(first_bidder=0)
    before = game.to_dict()
    with pytest.raises(IllegalAction) as info:
        game.apply(bad)  # type: ignore[arg-type]
    assert info.value.code and str(info.value)
    assert game.to_dict() == before


def test_every_error_has_its_own_code() -> None:
    from ddz_bot.kernel import actions

    codes = [
        cls.code
        for cls in vars(actions).values()
        if isinstance(cls, type) and issubclass(cls, IllegalAction)
    ]
    assert len(codes) == len(set(codes))
    assert issubclass(IllegalAction, ValueError)


# --------------------------------------------------------------------------- persistence


def test_actions_round_trip_through_dicts() -> None:
    actions = [
        Deal(),
        ShowCards(1),
        Call(0),
        Decline(1),
        Grab(2),
        NoGrab(0),
        BidPoints(1, 2),
        Double(0),
        NoDouble(1),
        Play(2, Cards.parse("33344")),
        Pass(1),
        Timeout(0),
        Escape(2),
        AutoPlay(1, False),
        NoShow(0),
        Play(0, Cards.parse("3335"), (ComboKind.SOFT_BOMB, 0, 1)),
    ]
    for action in actions:
        assert action_from_dict(json.loads(json.dumps(action.to_dict()))) == action
    with pytest.raises(ValueError):
        action_from_dict({"type": "jump"})


def test_to_dict_from_dict_and_replay_continue_exactly() -> None:
    game = landlord_zero(deal())
    run(game, Play(0, Cards.parse("3")), Play(1, Cards.parse("4")))
    data = json.loads(json.dumps(game.to_dict()))
    restored = Game.from_dict(data)
    assert restored == game
    replayed = Game.replay(game.start_dict(), game.log)
    assert replayed == game
    for g in (game, restored, replayed):
        g.apply(Pass(2))
    assert game == restored == replayed


def test_a_finished_hand_refuses_everything() -> None:
    game = landlord_zero(deal())
    game.apply(Escape(1))
    for action in (Play(0, Cards.parse("3")), AutoPlay(0), Escape(0), Deal()):
        with pytest.raises(GameOver):
            game.apply(action)


def test_classic_ruleset_by_default() -> None:
    assert Game().rules == CLASSIC


# --------------------------------------------------------------------------- comparing, in play


def test_R_DECK_fifty_four_cards_four_of_each_rank_and_two_jokers() -> None:
    game = Game(rng=random.Random(3))
    run(game, Deal(), Deal())
    ranks = Cards(c.rank for h in game.hands for c in h) + Cards(c.rank for c in game.bottom)
    assert ranks.counts() == [4] * 13 + [1, 1]


def test_R_CMP_BOMB_and_R_CMP_ROCKET_in_play() -> None:
    game = landlord_zero(deal())
    run(game, Play(0, Cards.parse("3")), Play(1, Cards.parse("9999")))
    with pytest.raises(DoesNotBeat):
        game.apply(Play(2, Cards.parse("8888")))  # a lower bomb
    run(game, Play(2, Cards.parse("TTTT")), Play(0, Cards.parse("XD")))
    with pytest.raises(DoesNotBeat):
        game.apply(Play(1, Cards.parse("JJJJ")))  # nothing beats the rocket


def test_R_CMP_SAME_only_the_same_kind_and_size() -> None:
    game = landlord_zero(deal())
    run(game, Play(0, Cards.parse("33")), Play(1, Cards.parse("55")))
    with pytest.raises(DoesNotBeat):
        game.apply(Play(2, Cards.parse("666")))
    game.apply(Play(2, Cards.parse("66")))


def test_R_FOUR_NOT_BOMB_four_with_two_is_no_bomb() -> None:
    game = landlord_zero(deal())
    run(
        game,
        Play(0, Cards.parse("5")),
        Play(1, Cards.parse("7")),
        Pass(2),
        Pass(0),
        Play(1, Cards.parse("349999")),
    )
    assert game.to_beat is not None and game.to_beat.kind is ComboKind.FOUR_TWO_SINGLES
    game.apply(Play(2, Cards.parse("KAQQQQ")))  # a higher four-with-two beats it
    assert game.multiplier() == 1  # and neither counted as a bomb
    with pytest.raises(DoesNotBeat):
        game.apply(Play(0, Cards.parse("KKKAAA")))


def test_waiting_for_names_who_the_timers_wait_on() -> None:
    game = Game.from_deal(SPRING_DEAL[:3], SPRING_DEAL[3], balances=RICH, first_bidder=1)
    assert game.waiting_for() is None  # dealing: the table deals when the window closes
    run(game, Deal(), Deal(), Deal())
    assert game.waiting_for() == Waiting((1,), DecisionKind.BID, TimeLimit.BID)
    run(game, Call(1), NoGrab(2), NoGrab(0))
    assert game.waiting_for() == Waiting((1,), DecisionKind.SHOW, TimeLimit.BID)
    game.apply(NoShow(1))
    assert game.waiting_for() == Waiting((0, 1, 2), DecisionKind.DOUBLE, TimeLimit.DOUBLE)
    game.apply(Double(1))
    assert game.waiting_for() == Waiting((0, 2), DecisionKind.DOUBLE, TimeLimit.DOUBLE)
    run(game, NoDouble(0), NoDouble(2))
    assert game.waiting_for() == Waiting((1,), DecisionKind.PLAY, TimeLimit.PLAY)


def test_from_dict_refuses_what_is_not_a_stored_hand() -> None:
    game = landlord_zero(deal())
    data = game.to_dict()
    for bad in (
        {},
        {"format": 99},
        {**data, "state": {"phase": "playing"}},
        {**data, "decks": "zz"},
    ):
        with pytest.raises(ValueError):
            Game.from_dict(bad)


def test_settlement_of_a_finished_hand() -> None:
    game = landlord_zero(deal(balances=[10_000, 10_000, 10_000]))
    assert game.settlement() is None
    game.apply(Escape(0))
    result = game.settlement()
    assert result is not None
    # the landlord escaped with 8 bombs dealt: 4 x 256 x 2 = 2048 x N(100) > 10,000
    assert result.deltas == (-10_000, 5_000, 5_000)


def test_a_play_of_no_real_card_is_refused() -> None:
    game = landlord_zero(deal())
    with pytest.raises(CardsNotInHand):
        game.apply(Play(0, Cards([99])))


def test_R_4P_DECK_four_players_two_decks() -> None:
    from ddz_bot.games.doudizhu.engine.rules import FOUR_PLAYER

    game = Game(FOUR_PLAYER, rng=random.Random(2))
    run(game, Deal())
    assert [len(h) for h in game.hands] == [13] * 4
    run(game, Deal(), Deal())
    assert [len(h) for h in game.hands] == [25] * 4 and len(game.bottom) == 8
    first = game.turn
    assert first is not None
    run(
        game,
        BidPoints(first, 2),
        Decline((first + 1) % 4),
        Decline((first + 2) % 4),
        Decline((first + 3) % 4),
    )
    assert game.landlord == first and game.base == 2 and len(game.hands[first]) == 33


def test_R_AFK_the_AI_may_play_for_a_timed_out_seat_and_it_still_counts() -> None:
    game = landlord_zero(deal())
    game.apply(Timeout(0, Play(0, Cards.parse("33344456"))))
    assert game.to_beat is not None and str(game.to_beat) == "33344456"
    assert game.timeouts[0] == 1
    with pytest.raises(WrongPhase):
        game.apply(Timeout(1, Play(2, Cards.parse("6"))))
    before = game.to_dict()
    with pytest.raises(DoesNotBeat):
        game.apply(Timeout(1, Play(1, Cards.parse("3"))))
    assert game.to_dict() == before
    assert action_from_dict(Timeout(1, Play(1, Cards.parse("3"))).to_dict()) == Timeout(
        1, Play(1, Cards.parse("3"))
    )
