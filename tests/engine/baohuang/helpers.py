"""Staged 保皇 hands for the rule tests of docs/rules.md section 4: a deal in which every seat
can go out in a few plays, and a script that makes the seats go out in a chosen order."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ddz_bot.games.baohuang.engine import (
    BaoHuangGame,
    BaoHuangRules,
    Declaration,
    Declare,
    Phase,
    TakeThrone,
)
from ddz_bot.kernel import Deal, Event, Pass, Play, Rank, Room

#: Dealt from seat 0: 34, 34, 34, 33, 33 cards; two full ranks each and a joker or two.
STAGED = (
    "2" * 16 + "A" * 16 + "XD",
    "K" * 16 + "Q" * 16 + "XD",
    "J" * 16 + "T" * 16 + "XD",
    "9" * 16 + "8" * 16 + "D",
    "7" * 16 + "6" * 16 + "X",
)
RICH = (10**7,) * 5
ROOM = Room("test", 100, 5, 1, 0, 0)


def staged(
    emperor: int,
    guard: int,
    rules: BaoHuangRules | None = None,
    balances: Sequence[int] = RICH,
    room: Room = ROOM,
) -> BaoHuangGame:
    """The staged deal with the sceptre at ``emperor`` (seats 0-3) and the sword at ``guard``
    (seats 0, 1, 2, 4), dealt."""
    game = BaoHuangGame.from_deal(
        STAGED,
        dealer=0,
        emperor_card=emperor,
        guard_card=guard,
        rules=rules,
        balances=balances,
        room=room,
    )
    game.apply(Deal())
    return game


def crown(game: BaoHuangGame, declarations: Mapping[int, Declaration] | None = None) -> list[Event]:
    """The holder takes the throne; each seat declares as given (else nothing)."""
    said = dict(declarations or {})
    assert game.turn is not None
    events = game.apply(TakeThrone(game.turn))
    while game.phase is Phase.DECLARING:
        seat = game.turn
        assert seat is not None
        events += game.apply(Declare(seat, said.get(seat, Declaration.NOTHING)))
    return events


def go_out(game: BaoHuangGame, order: Sequence[int], stop_after: int | None = None) -> list[Event]:
    """Play so that seats go out in ``order`` (then the others): the next seat to go out plays
    its biggest plays when leading and beats what is led; other leaders lead their lowest
    single, other followers pass. Stops when the hand ends (or ``stop_after`` seats are out)."""
    events: list[Event] = []
    for _ in range(2000):
        if game.over or (stop_after is not None and len(game.places) >= stop_after):
            return events
        seat = game.turn
        assert seat is not None and game.phase is Phase.PLAYING
        target = next(s for s in [*order, *range(5)] if s not in game.places)
        moves = game.moves(seat)
        if seat == target and moves:
            move = max(moves, key=len) if game.to_beat is None else min(moves, key=len)
            events += game.apply(Play(seat, move))
        elif game.to_beat is None:
            singles = [m for m in moves if len(m) == 1 and m[0] < Rank.SMALL_JOKER]
            events += game.apply(Play(seat, singles[0] if singles else min(moves, key=len)))
        else:
            events += game.apply(Pass(seat))
    raise AssertionError("the hand did not end")
