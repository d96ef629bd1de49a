"""R-BH-DECLARE, R-BH-GRAB-SOLO, R-BH-REVOLT, R-BH-PLAY, R-BH-PLACES, R-BH-END, and the scores
hands played to the end make (R-BH-SCORE, R-BH-SOLO-SCORE, R-BH-DOUBLE): docs/rules.md
section 4."""

from __future__ import annotations

import pytest

from ddz_bot.games.baohuang.engine import (
    BaoHuangRules,
    CannotDeclare,
    Declaration,
    Declare,
    FactorReason,
    GuardRevealed,
    Phase,
    Place,
    Role,
    SixLast,
    Solo,
    SoloGrabbed,
    SoloRevealed,
    TakeThrone,
    WentOut,
)
from ddz_bot.kernel import Cards, DecisionKind, MustLead, Pass, Play, Termination, TrickWon

from .helpers import crown, go_out, staged

N = Declaration.NOTHING
GRAB = BaoHuangRules(grab_solo=True)


def test_r_bh_declare_in_seat_order_from_the_emperor_each_by_role() -> None:
    game = staged(emperor=2, guard=4)
    game.apply(TakeThrone(2))
    asked = []
    while game.phase is Phase.DECLARING:
        seat = game.turn
        assert seat is not None
        waiting = game.waiting_for()
        assert waiting is not None and waiting.kind is DecisionKind.DECLARE
        asked.append((seat, [a.declaration for a in game.legal_actions(seat)]))  # type: ignore[attr-defined]
        game.apply(Declare(seat, N))
    assert asked == [
        (2, [N, Declaration.OPEN_SOLO]),
        (3, [N, Declaration.REVOLT]),
        (4, [N, Declaration.OPEN_GUARD]),
        (0, [N, Declaration.REVOLT]),
        (1, [N, Declaration.REVOLT]),
    ]
    assert game.phase is Phase.PLAYING and game.turn == 2
    assert game.public_view().guard is None


def test_r_bh_declare_open_guard_reveals_the_guard_and_doubles() -> None:
    game = staged(emperor=0, guard=1)
    events = crown(game, {1: Declaration.OPEN_GUARD})
    assert GuardRevealed(1, "open_guard") in events
    public = game.public_view()
    assert public.guard == 1 and public.seats[1].role is Role.GUARD
    assert public.seats[3].role is Role.REBEL
    assert [f.reason for f in public.factors] == [FactorReason.OPEN_GUARD]


def test_r_bh_declare_a_word_the_role_does_not_allow_changes_nothing() -> None:
    game = staged(emperor=0, guard=1)
    game.apply(TakeThrone(0))
    game.apply(Declare(0, N))
    before = game.to_dict()
    for word in (Declaration.REVOLT, Declaration.OPEN_SOLO, Declaration.GRAB_SOLO):
        with pytest.raises(CannotDeclare):
            game.apply(Declare(1, word))
    assert game.to_dict() == before


def test_r_bh_declare_open_solo_by_the_emperor() -> None:
    game = staged(emperor=0, guard=1)
    crown(game, {0: Declaration.OPEN_SOLO})
    public = game.public_view()
    assert public.solo is Solo.OPEN and game.guard is None
    assert all(public.seats[s].role is Role.REBEL for s in range(1, 5))


def test_r_bh_grab_solo_nearest_to_the_emperor_going_upwards_wins() -> None:
    game = staged(emperor=0, guard=1, rules=GRAB)
    events = crown(game, {2: Declaration.GRAB_SOLO, 4: Declaration.GRAB_SOLO})
    assert SoloGrabbed(4, 0) in events
    assert game.emperor == 4 and game.solo is Solo.OPEN and game.guard is None
    assert game.turn == 4 and game.phase is Phase.PLAYING  # the grabber leads


def test_r_bh_grab_solo_the_emperors_own_open_solo_comes_first() -> None:
    game = staged(emperor=0, guard=1, rules=GRAB)
    game.apply(TakeThrone(0))
    game.apply(Declare(0, Declaration.OPEN_SOLO))
    with pytest.raises(CannotDeclare):
        game.apply(Declare(1, Declaration.GRAB_SOLO))


def test_r_bh_grab_solo_is_off_by_default() -> None:
    game = staged(emperor=0, guard=1)
    game.apply(TakeThrone(0))
    game.apply(Declare(0, N))
    with pytest.raises(CannotDeclare):
        game.apply(Declare(1, Declaration.GRAB_SOLO))


def test_r_bh_revolt_two_rebels_reveal_the_guard_and_get_hoe_marks() -> None:
    game = staged(emperor=0, guard=1)
    events = crown(game, {2: Declaration.REVOLT, 3: Declaration.REVOLT})
    assert GuardRevealed(1, "revolt") in events
    public = game.public_view()
    assert public.guard == 1 and public.revolts == (2, 3)
    assert public.seats[2].hoe and not public.seats[4].hoe


def test_r_bh_revolt_one_rebel_reveals_nothing() -> None:
    game = staged(emperor=0, guard=1)
    events = crown(game, {2: Declaration.REVOLT})
    assert not any(isinstance(e, GuardRevealed) for e in events)
    assert game.public_view().guard is None and game.public_view().seats[2].hoe


def test_r_bh_revolt_reveals_a_hidden_solo() -> None:
    game = staged(emperor=1, guard=1)
    events = crown(game, {2: Declaration.REVOLT, 4: Declaration.REVOLT})
    assert SoloRevealed(1, Solo.HIDDEN, "revolt") in events
    assert game.public_view().solo is Solo.HIDDEN


def test_r_bh_play_the_emperor_leads_and_a_leader_cannot_pass() -> None:
    game = staged(emperor=3, guard=4)
    crown(game)
    assert game.turn == 3
    with pytest.raises(MustLead):
        game.apply(Pass(3))


def test_r_bh_play_everybody_passed_the_last_player_leads_again() -> None:
    game = staged(emperor=0, guard=1)
    crown(game)
    game.apply(Play(0, Cards.parse("A")))
    game.apply(Play(1, Cards.parse("X")))
    for seat in (2, 3, 4):
        game.apply(Pass(seat))
    events = game.apply(Pass(0))
    assert events[-1] == TrickWon(1) and game.turn == 1 and game.to_beat is None


def test_r_bh_play_a_seat_that_went_out_hands_the_lead_to_the_next() -> None:
    game = staged(emperor=0, guard=1)
    crown(game)
    events = go_out(game, [0], stop_after=1)
    assert WentOut(0, Place.FIRST) in events
    while game.to_beat is not None:
        assert game.turn is not None
        events = game.apply(Pass(game.turn))
    assert events[-1] == TrickWon(1) and game.turn == 1


def finish(emperor: int, guard: int, order: list[int], **said: Declaration) -> tuple[int, ...]:
    game = staged(emperor=emperor, guard=guard)
    crown(game, {int(k[1:]): v for k, v in said.items()})
    go_out(game, order)
    outcome = game.outcome()
    assert outcome is not None and outcome.termination is Termination.WON
    assert sum(outcome.scores) == 0
    return outcome.scores


def test_r_bh_score_emperor_first_guard_second() -> None:
    # R-BH-END: the emperor and the guard both out ends the hand; g = 6 - (1 + 2) = 3
    assert finish(0, 1, [0, 1]) == (6, 3, -3, -3, -3)


def test_r_bh_score_emperor_second_guard_fourth_is_all_zero() -> None:
    assert finish(0, 1, [2, 0, 3, 1]) == (0, 0, 0, 0, 0)


def test_r_bh_score_the_three_rebels_out_first() -> None:
    # R-BH-END: all three rebels out; the emperor and the guard take places 4 and 5
    assert finish(0, 1, [2, 3, 4]) == (-6, -3, 3, 3, 3)


def test_r_bh_places_in_the_order_seats_go_out() -> None:
    game = staged(emperor=0, guard=1)
    crown(game)
    events = go_out(game, [2, 0, 3, 1])
    outs = [e for e in events if isinstance(e, WentOut)]
    assert [(e.seat, e.place) for e in outs] == [
        (2, Place.FIRST),
        (0, Place.SECOND),
        (3, Place.THIRD),
        (1, Place.FOURTH),
    ]
    outcome = game.outcome()
    assert outcome is not None and outcome.places == (2, 0, 3, 1, 4)
    assert outcome.place_of(4) is Place.FIFTH and Place.FIFTH.zh == "大拉"
    assert game.public_view().seats[4].place is Place.FIFTH


def test_r_bh_end_open_solo_ends_when_anyone_goes_out() -> None:
    assert finish(0, 1, [0], s0=Declaration.OPEN_SOLO) == (24, -6, -6, -6, -6)
    assert finish(0, 1, [3], s0=Declaration.OPEN_SOLO) == (-24, 6, 6, 6, 6)


def test_r_bh_solo_score_hidden_solo_by_the_emperors_place() -> None:
    assert finish(1, 1, [1]) == (-3, 12, -3, -3, -3)
    assert finish(1, 1, [0, 1]) == (0, 0, 0, 0, 0)
    # R-BH-END: a hidden solo ends once two others are out
    assert finish(1, 1, [0, 2]) == (3, -12, 3, 3, 3)


def test_r_bh_double_open_guard_and_a_successful_revolt_make_x4() -> None:
    said = {"s1": Declaration.OPEN_GUARD, "s2": Declaration.REVOLT}
    assert finish(0, 1, [2, 3, 4], **said) == (-24, -12, 12, 12, 12)
    game = staged(emperor=0, guard=1)
    crown(game, {1: Declaration.OPEN_GUARD, 2: Declaration.REVOLT})
    go_out(game, [2, 3, 4])
    outcome = game.outcome()
    assert outcome is not None and outcome.multiplier == 4
    assert [f.reason for f in outcome.factors] == [FactorReason.OPEN_GUARD, FactorReason.REVOLT]
    assert outcome.base_scores == (-6, -3, 3, 3, 3)


def test_r_bh_double_a_failed_revolt_doubles_nothing_but_keeps_the_hoe() -> None:
    game = staged(emperor=0, guard=1)
    crown(game, {3: Declaration.REVOLT})
    go_out(game, [0, 1])
    outcome = game.outcome()
    assert outcome is not None and outcome.scores == (6, 3, -3, -3, -3)
    assert outcome.factors == () and outcome.revolts == (3,)
    assert game.public_view().seats[3].hoe


def test_r_bh_double_a_revealed_hidden_solo_that_loses_doubles() -> None:
    assert finish(1, 1, [0, 2], s3=Declaration.REVOLT, s4=Declaration.REVOLT) == (
        6,
        -24,
        6,
        6,
        6,
    )


def test_r_bh_six_the_game_refuses_a_six_that_does_not_empty_the_hand() -> None:
    game = staged(emperor=3, guard=2, rules=BaoHuangRules(six=True))
    crown(game)
    game.apply(Play(3, Cards.parse("8")))
    game.apply(Play(4, Cards.parse("X")))
    for seat in (0, 1, 2, 3):
        game.apply(Pass(seat))
    assert game.turn == 4 and game.to_beat is None
    before = game.to_dict()
    with pytest.raises(SixLast):
        game.apply(Play(4, Cards.parse("6" * 16)))
    assert game.to_dict() == before
    assert all(6 - 3 not in move for move in game.moves(4))  # Rank.SIX is 3
    game.apply(Play(4, Cards.parse("7" * 16)))
    for seat in (0, 1, 2, 3):
        game.apply(Pass(seat))
    events = game.apply(Play(4, Cards.parse("6" * 16)))  # the last cards: allowed
    assert WentOut(4, Place.FIRST) in events
