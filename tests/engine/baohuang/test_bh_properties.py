"""Properties of random 保皇 hands (docs/rules.md section 4) under every option set: they end,
lose no card, score zero in sum, round-trip and replay exactly, leak no hidden card or hidden
guard, and refuse illegal actions without a trace."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from dataclasses import fields, is_dataclass

from hypothesis import given, settings
from hypothesis import strategies as st

from ddz_bot.games.baohuang.engine import (
    EMPEROR_CARD,
    BaoHuangGame,
    BaoHuangRules,
    CallGuard,
    Declaration,
    Declare,
    Face,
    GuardMethod,
    GuardRevealed,
    Phase,
    Role,
    Solo,
    TakeThrone,
    ThroneYielded,
    YieldThrone,
)
from ddz_bot.kernel import (
    Action,
    AutoPlay,
    Card,
    Cards,
    Deal,
    Escape,
    Event,
    IllegalAction,
    Pass,
    Play,
    Rank,
    Redealt,
    Timeout,
)

ALL_RULES = [
    BaoHuangRules(method, roast, six, grab)
    for method, roast, six, grab in itertools.product(
        GuardMethod, (False, True), (False, True), (False, True)
    )
]
MAX_STEPS = 3000


def cards_in(value: object) -> Iterator[Card]:
    """Every physical card anywhere inside a view or an event."""
    if isinstance(value, Card):
        yield value
    elif isinstance(value, tuple | list):
        for item in value:
            yield from cards_in(item)
    elif is_dataclass(value) and not isinstance(value, type):
        for f in fields(value):
            yield from cards_in(getattr(value, f.name))


def check(game: BaoHuangGame, events: list[Event], seen: set[int]) -> None:
    """The invariants after every step; ``seen``: the cards shown face up so far."""
    everywhere = [c for h in game.hands for c in h] + game.attached + game.played
    assert len(everywhere) == 168 == len(set(everywhere))
    for event in events:
        if isinstance(event, Redealt):
            seen.clear()
        if isinstance(event, ThroneYielded) and event.attached is not None:
            seen.add(event.attached)
        seen.update(game.played)
        if type(event).__name__ == "HandFinished":
            continue
        assert set(cards_in(event)) <= seen | {EMPEROR_CARD}, event
        assert "guard" not in event.to_dict() or isinstance(event, GuardRevealed)
    if game.over:
        return
    public = game.public_view()
    assert set(cards_in(public)) <= seen, "the public view shows a hidden card"
    if not game.guard_revealed:
        assert public.guard is None
        assert all(info.role is not Role.GUARD for info in public.seats)
    if game.solo is Solo.HIDDEN and not game.solo_revealed:
        assert public.solo is None
        assert all(info.role is None for info in public.seats if info.seat != game.emperor)
    for seat in range(5):
        view = game.view_for(seat)
        assert set(view.hand) == set(game.hands[seat])
        if game.guard is not None and seat != game.guard and not game.guard_revealed:
            assert view.public.guard is None


def illegal(game: BaoHuangGame, rng: random.Random) -> Action:
    """An action the hand must refuse."""
    turn = game.turn if game.turn is not None else 0
    other = (turn + rng.randrange(1, 5)) % 5
    options: list[Action] = [
        Play(other, Cards.parse("D")),
        Pass(other),
        TakeThrone(other),
        YieldThrone(other),
        Declare(other, Declaration.NOTHING),
        Deal(),
    ]
    if game.phase is Phase.PLAYING:
        hand = game.hand(turn)
        missing = (
            next(r for r in range(Rank.SIX, Rank.BIG_JOKER + 1) if r not in hand)
            if len(set(hand)) < 12
            else Rank.THREE
        )
        options += [Play(turn, Cards([missing])), Play(turn, Cards([]))]
        if game.to_beat is None:
            options.append(Pass(turn))
        elif game.to_beat.size < len(hand) and not (game.rules.roast and game.to_beat.jokers):
            options.append(Play(turn, Cards(hand[: game.to_beat.size + 1])))
    if game.phase is Phase.THRONE:
        options += [CallGuard(turn, Face.parse("2h")), Declare(turn, Declaration.REVOLT)]
    if game.phase is Phase.DECLARING:
        options += [Declare(turn, Declaration.OPEN_GUARD), Declare(turn, Declaration.GRAB_SOLO)]
        options = [a for a in options if a not in game.legal_actions(turn)]
    return rng.choice(options)


def play_randomly(seed: int, rules: BaoHuangRules, round_trip: bool) -> BaoHuangGame:
    rng = random.Random(seed)
    game = BaoHuangGame(rules, balances=[rng.randrange(0, 5000) for _ in range(5)], rng=rng)
    seen: set[int] = set()
    check(game, game.apply(Deal()), seen)
    for _ in range(MAX_STEPS):
        if game.over:
            break
        waiting = game.waiting_for()
        assert waiting is not None
        seat = waiting.seats[0]
        if rng.random() < 0.2:
            before = game.to_dict()
            bad = illegal(game, rng)
            try:
                game.apply(bad)
            except IllegalAction:
                pass
            else:
                raise AssertionError(f"{bad} was accepted")
            assert game.to_dict() == before
        roll = rng.random()
        action: Action
        if roll < 0.002:
            action = Escape(rng.randrange(5))
        elif roll < 0.01:
            action = AutoPlay(seat, not game.auto[seat])
        elif roll < 0.08:
            action = Timeout(seat)
        else:
            action = rng.choice(game.legal_actions(seat))
        try:
            events = game.apply(action)
        except IllegalAction:
            assert isinstance(action, AutoPlay)  # a locked seat stays on auto-play
            continue
        check(game, events, seen)
        if round_trip:
            assert BaoHuangGame.from_dict(game.to_dict()).to_dict() == game.to_dict()
    assert game.over, "the hand did not end"
    outcome = game.outcome()
    assert outcome is not None and sum(outcome.scores) == 0
    settled = game.settlement([rng.randrange(0, 50) for _ in range(5)])
    assert settled is not None and sum(settled.deltas) == -settled.fees
    assert all(b >= 0 for b in settled.balances)
    assert BaoHuangGame.replay(game.start_dict(), game.to_dict()["actions"]) == game
    return game


@settings(max_examples=40)
@given(st.integers(0, 2**32 - 1), st.sampled_from(ALL_RULES))
def test_r_bh_play_random_hands_end_and_keep_every_invariant(
    seed: int, rules: BaoHuangRules
) -> None:
    play_randomly(seed, rules, round_trip=False)


@settings(max_examples=8)
@given(st.integers(0, 2**32 - 1), st.sampled_from(ALL_RULES))
def test_r_bh_play_random_hands_round_trip_at_every_step(seed: int, rules: BaoHuangRules) -> None:
    play_randomly(seed, rules, round_trip=True)
