"""R-BH-DEAL, R-BH-THRONE, R-BH-GUARD, R-BH-SOLO, R-BH-CALL, R-BH-CALL-CARD (docs/rules.md
section 4): who is emperor and who is guard, and who may know it."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from ddz_bot.games.baohuang.engine import (
    EMPEROR_CARD,
    GUARD_CARD,
    MAX_REDEALS,
    BaoHuangGame,
    BaoHuangRules,
    CallGuard,
    CannotCall,
    Face,
    GuardCalled,
    GuardMethod,
    GuardRevealed,
    MustTakeThrone,
    Phase,
    Role,
    Solo,
    TakeThrone,
    ThroneTaken,
    WrongMethod,
    YieldThrone,
)
from ddz_bot.kernel import (
    Cards,
    Deal,
    DecisionKind,
    IllegalAction,
    NotYourTurn,
    Play,
    Rank,
    Suit,
    Termination,
    WrongPhase,
)

from .helpers import STAGED, crown, go_out, staged

CALLED = BaoHuangRules(method=GuardMethod.CALLED)


def test_r_bh_deal_34_34_34_33_33_from_the_dealer_and_nothing_else() -> None:
    game = BaoHuangGame(rng=random.Random(1), dealer=2)
    assert game.phase is Phase.DEALING and game.waiting_for() is None
    game.apply(Deal())
    assert [len(h) for h in game.hands] == [33, 33, 34, 34, 34]
    cards = [c for h in game.hands for c in h]
    assert len(cards) == len(set(cards)) == 168


def test_r_bh_deal_a_tables_first_dealer_is_drawn_at_creation() -> None:
    dealers = Counter(BaoHuangGame(rng=random.Random(seed)).dealer for seed in range(60))
    assert set(dealers) == set(range(5))
    first, second = BaoHuangGame(rng=random.Random(7)), BaoHuangGame(rng=random.Random(7))
    first.apply(Deal())
    second.apply(Deal())
    assert first.hands == second.hands


def test_r_bh_throne_the_holder_decides_first_and_takes_the_emperor_card() -> None:
    game = staged(emperor=1, guard=2)
    waiting = game.waiting_for()
    assert waiting is not None and waiting.seats == (1,) and waiting.kind is DecisionKind.THRONE
    events = game.apply(TakeThrone(1))
    assert ThroneTaken(1, (EMPEROR_CARD,)) in events
    assert game.emperor == 1 and game.phase is Phase.DECLARING


def test_r_bh_throne_yielded_cards_travel_to_the_upper_seat_with_attachments() -> None:
    game = staged(emperor=1, guard=2)
    game.apply(YieldThrone(1))  # the first holder attaches nothing
    assert EMPEROR_CARD in game.hands[0] and len(game.hands[1]) == 33
    game.apply(YieldThrone(0))  # handed it: attaches a 2
    game.apply(YieldThrone(4))  # no 2: the highest card but a joker, a 7
    offer = game.public_view().offer
    assert offer is not None and offer.holder == 3 and offer.number == 4
    assert [c.rank for c in offer.attached] == [Rank.TWO, Rank.SEVEN]
    assert offer.yielded == (1, 0, 4)
    events = game.apply(TakeThrone(3))
    taken = next(e for e in events if isinstance(e, ThroneTaken))
    assert taken.cards[0] == EMPEROR_CARD and len(taken.cards) == 3
    assert len(game.hands[3]) == 33 + 1 + 2 and game.emperor == 3
    assert sum(len(h) for h in game.hands) == 168


def test_r_bh_throne_ten_offers_then_a_redeal_and_three_redeals_close_the_table() -> None:
    game = BaoHuangGame(rng=random.Random(3), balances=[1000] * 5)
    game.apply(Deal())
    for deal in range(MAX_REDEALS + 1):
        assert game.redeals == deal
        for _ in range(10):
            assert game.phase is Phase.THRONE and game.turn is not None
            game.apply(YieldThrone(game.turn))
    assert game.phase is Phase.ABORTED and game.over
    outcome = game.outcome()
    assert outcome is not None and outcome.termination is Termination.ABORTED
    settlement = game.settlement()
    assert settlement is not None and settlement.deltas == (0,) * 5 and settlement.fees == 0


def test_r_bh_guard_only_the_guard_knows_until_the_guard_card_is_played() -> None:
    game = staged(emperor=0, guard=2)
    crown(game)
    assert game.view_for(2).role is Role.GUARD and game.view_for(2).holds_guard_card
    assert game.view_for(1).role is Role.REBEL and game.view_for(0).role is Role.EMPEROR
    public = game.public_view()
    assert public.guard is None and public.seats[2].role is None
    assert public.seats[0].role is Role.EMPEROR
    events = go_out(game, [2], stop_after=1)
    revealed = [e for e in events if isinstance(e, GuardRevealed)]
    assert revealed == [GuardRevealed(2, "guard_card")]
    assert game.public_view().guard == 2 and game.public_view().seats[2].role is Role.GUARD
    assert GUARD_CARD in game.played


def test_r_bh_solo_emperor_holding_the_guard_card_plays_a_hidden_solo() -> None:
    game = staged(emperor=1, guard=1)
    crown(game)
    assert game.solo is Solo.HIDDEN and game.guard is None
    assert game.view_for(1).solo is Solo.HIDDEN
    assert game.public_view().solo is None and game.public_view().guard is None
    assert game.view_for(3).role is Role.REBEL and game.view_for(3).solo is None


def called_game(seed: int = 0) -> BaoHuangGame:
    """A called-method hand whose first holder can call a face held three times."""
    for s in range(seed, seed + 500):
        game = BaoHuangGame(CALLED, rng=random.Random(s), balances=[10**6] * 5)
        game.apply(Deal())
        assert game.turn is not None
        if any(game._copies_held(game.turn, f) == 3 for f in game.callable_faces(game.turn)):
            return game
    raise AssertionError("no deal found")


def test_r_bh_call_three_copies_name_the_guard_who_holds_the_fourth() -> None:
    game = called_game()
    holder = game.turn
    assert holder is not None
    waiting = game.waiting_for()
    assert waiting is not None and waiting.kind is DecisionKind.CALL_GUARD
    face = next(f for f in game.callable_faces(holder) if game._copies_held(holder, f) == 3)
    with pytest.raises(WrongMethod):
        game.apply(TakeThrone(holder))
    events = game.apply(CallGuard(holder, face))
    assert GuardCalled(holder, face) in events
    guard = game.guard
    assert guard is not None and guard != holder
    assert any(c in face.copies() for c in game.hands[guard])
    assert game.public_view().called == face and game.public_view().guard is None
    assert game.view_for(guard).role is Role.GUARD


def test_r_bh_call_refuses_a_two_a_joker_or_a_face_held_less_than_three_times() -> None:
    game = called_game()
    holder = game.turn
    assert holder is not None
    before = game.to_dict()
    held = set(game.callable_faces(holder))
    faces = (Face(Rank(r), suit) for r in range(Rank.SIX, Rank.TWO) for suit in Suit)
    weak = next(face for face in faces if face not in held)
    for bad in (CallGuard(holder, weak), CallGuard(holder, Face.parse("2h"))):
        with pytest.raises(CannotCall):
            game.apply(bad)
    assert game.to_dict() == before


def test_r_bh_call_after_one_round_a_holder_who_can_call_must_take() -> None:
    game = called_game()
    for _ in range(5):
        assert game.turn is not None
        game.apply(YieldThrone(game.turn))
    holder = game.turn
    assert holder is not None
    offer = game.public_view().offer
    assert offer is not None and offer.must_take and offer.number == 6
    if game.callable_faces(holder):
        with pytest.raises(MustTakeThrone):
            game.apply(YieldThrone(holder))
        assert all(isinstance(a, CallGuard) for a in game.legal_actions(holder))
    else:
        assert game.legal_actions(holder) == [YieldThrone(holder)]


def test_r_bh_call_four_copies_make_a_hidden_solo() -> None:
    hands = list(STAGED)  # seat 0 holds every copy of every 2 and A face
    game = BaoHuangGame.from_deal(hands, dealer=0, emperor_card=0, rules=CALLED)
    game.apply(Deal())
    game.apply(CallGuard(0, Face.parse("Ah")))
    assert game.solo is Solo.HIDDEN and game.guard is None
    assert game.public_view().solo is None


def test_r_bh_call_card_plays_as_an_ordinary_card_of_its_rank() -> None:
    game = called_game()
    holder = game.turn
    assert holder is not None
    face = next(f for f in game.callable_faces(holder) if game._copies_held(holder, f) == 3)
    game.apply(CallGuard(holder, face))
    while game.phase is Phase.DECLARING:
        assert game.turn is not None
        game.apply(game.default_action(game.turn))
    copy = next(c for c in game.hands[holder] if c in face.copies())
    moves = game.moves(holder)
    assert any(len(m) == 1 and m[0] == copy.rank for m in moves)


def test_r_bh_throne_actions_out_of_turn_or_phase_change_nothing() -> None:
    game = staged(emperor=1, guard=2)
    before = game.to_dict()
    bad: list[tuple[object, type[IllegalAction]]] = [
        (TakeThrone(2), NotYourTurn),
        (YieldThrone(0), NotYourTurn),
        (CallGuard(1, Face.parse("Kh")), WrongMethod),
        (Play(1, Cards.parse("K")), WrongPhase),
        (Deal(), WrongPhase),
    ]
    for action, error in bad:
        with pytest.raises(error):
            game.apply(action)  # type: ignore[arg-type]
    assert game.to_dict() == before
