"""保皇 pictures of real hands: every state of games played by the engine, with every
option, is drawn from its views without showing a hidden card, and the group's picture of
a hand whose guard is hidden is the same byte for byte whoever the guard is."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from ddz_bot.games.baohuang.engine import (
    EMPEROR_CARD,
    GUARD_CARD,
    BaoHuangGame,
    BaoHuangRules,
    Declaration,
    Declare,
    GuardMethod,
    Phase,
    PublicView,
    TakeThrone,
    bh_deck,
)
from ddz_bot.games.baohuang.render import (
    draw_bh_hand,
    draw_bh_result,
    draw_bh_table,
    render_bh_table,
)
from ddz_bot.kernel import Action, Card, Deal, Escape, Pass, Play, Rank, Timeout
from ddz_bot.render import ResultLine

from .conftest import FaceSpy

NAMES = ("P0", "P1", "P2", "P3", "P4")

RULE_SETS = [
    BaoHuangRules(),
    BaoHuangRules(method=GuardMethod.CALLED),
    BaoHuangRules(roast=True, six=True),
    BaoHuangRules(grab_solo=True),
    BaoHuangRules(method=GuardMethod.CALLED, roast=True, six=True, grab_solo=True),
]


def public_cards(view: PublicView) -> set[Card]:
    out: set[Card] = set()
    for seat in view.seats:
        out |= set(seat.play_cards) | set(seat.shown_hand or ())
    if view.offer is not None:
        out |= {EMPEROR_CARD, *view.offer.attached}
    if view.called is not None:
        out |= set(view.called.copies())
    return out


def _lines(game: BaoHuangGame) -> list[ResultLine]:
    return [ResultLine(seat, NAMES[seat], 0, 0, 1_000) for seat in range(5)]


def _choose(game: BaoHuangGame, seat: int, rng: random.Random) -> Action:
    """A random decision; now and then a time-out (which leads to auto-play), and plays
    rather than passes, so that hands end."""
    if rng.random() < 0.08:
        return Timeout(seat)
    actions = game.legal_actions(seat)
    if game.phase is Phase.PLAYING and len(actions) > 1 and rng.random() < 0.7:
        actions = [a for a in actions if a.type == "play"] or actions
    return rng.choice(actions)


@pytest.mark.parametrize("rules", RULE_SETS, ids=str)
@pytest.mark.parametrize("seed", [1, 2])
def test_every_state_draws_without_showing_a_hidden_card(
    rules: BaoHuangRules, seed: int, spy: FaceSpy
) -> None:
    rng = random.Random(seed)
    game = BaoHuangGame(rules, rng=random.Random(seed * 7 + 1))
    game.apply(Deal())
    phases: set[Phase] = set()
    for _ in range(3000):
        if game.over:
            break
        view = game.public_view()
        phases.add(view.phase)
        spy.faces.clear()
        draw_bh_table(view, NAMES, ("zh-Hans", "zh-Hant", "en")[len(phases) % 3])
        assert set(spy.faces) <= public_cards(view)
        waiting = game.waiting_for()
        assert waiting is not None
        seat = waiting.seats[0]
        spy.faces.clear()
        seat_view = game.view_for(seat)
        draw_bh_hand(seat_view, None, "en", NAMES)
        assert set(spy.faces) <= set(seat_view.hand) | public_cards(view)
        game.apply(_choose(game, seat, rng))
    assert game.over
    final = game.public_view()
    draw_bh_table(final, NAMES, "en")
    draw_bh_result(final, _lines(game), "zh-Hant")
    assert Phase.PLAYING in phases or final.phase is Phase.ABORTED


def test_an_escape_draws_its_result() -> None:
    game = BaoHuangGame(rng=random.Random(5))
    game.apply(Deal())
    rng = random.Random(5)
    for _ in range(40):
        waiting = game.waiting_for()
        assert waiting is not None
        game.apply(_choose(game, waiting.seats[0], rng))
    game.apply(Escape(3))
    final = game.public_view()
    assert final.outcome is not None and final.outcome.escaped == 3
    draw_bh_table(final, NAMES, "en")
    draw_bh_result(final, _lines(game), "en")


# --------------------------------------------------------------------------- no leak


def _rank_deal(rng: random.Random) -> list[str]:
    """A random deal from seat 0 as rank strings (34, 34, 34, 33, 33 cards) whose four small
    jokers are in two seats at least (either may then hold the sword)."""
    ranks = [card.rank.char for card in bh_deck()]
    rng.shuffle(ranks)
    out, start = [], 0
    for size in (34, 34, 34, 33, 33):
        out.append("".join(ranks[start : start + size]))
        start += size
    holders = [seat for seat, hand in enumerate(out) if "X" in hand]
    if len(holders) == 1:  # one seat holds them all: swap one for a card of the next seat
        seat, other = holders[0], (holders[0] + 1) % 5
        natural = next(c for c in out[other] if c not in "XD")
        out[seat] = out[seat].replace("X", natural, 1)
        out[other] = out[other].replace(natural, "X", 1)
    return out


def _sword_deal() -> BaoHuangGame:
    """A hand whose seat 0 holds the four big jokers (the sceptre among them) and seat 1 one
    small joker, the sword: seat 1 plays it as soon as it may (tokens are kept for last, so
    a lone small joker is the sword itself)."""
    naturals = sorted(card.rank.char for card in bh_deck() if card.rank.char not in "XD")
    sizes = (30, 33, 33, 32, 32)
    hands, start = [], 0
    for seat, size in enumerate(sizes):
        hands.append(("DDDD" if seat == 0 else "X") + "".join(naturals[start : start + size]))
        start += size
    game = BaoHuangGame.from_deal(
        hands, dealer=0, emperor_card=0, guard_card=1, rng=random.Random(0)
    )
    game.apply(Deal())
    return game


def _sword_first(game: BaoHuangGame, seat: int) -> Action:
    """The throne taken, nothing declared; in play seat 1 plays its small joker when it may,
    everyone else passes when they may and otherwise leads their first play."""
    actions = game.legal_actions(seat)
    if game.phase is Phase.DECLARING:
        return Declare(seat, Declaration.NOTHING)
    if game.phase is not Phase.PLAYING:
        return next(a for a in actions if isinstance(a, TakeThrone))
    plays = [a for a in actions if isinstance(a, Play)]
    if seat == 1:
        sword = [a for a in plays if list(a.cards) == [Rank.SMALL_JOKER]]
        if sword:
            return sword[0]
    return next((a for a in actions if isinstance(a, Pass)), plays[0])


def _role_blind(game: BaoHuangGame, seat: int, rng: random.Random) -> Action:
    """A decision that doesn't depend on the seat's hidden role: the throne taken or
    yielded, nothing declared, a random play or pass."""
    actions = game.legal_actions(seat)
    if game.phase is Phase.DECLARING:
        return Declare(seat, Declaration.NOTHING)
    return rng.choice(actions)


def _twin_games(hands: Sequence[str], guards: tuple[int, int]) -> list[BaoHuangGame]:
    games = [
        BaoHuangGame.from_deal(hands, dealer=0, guard_card=guard, rng=random.Random(0))
        for guard in guards
    ]
    for game in games:
        game.apply(Deal())
    return games


@pytest.mark.parametrize("seed", range(6))
def test_the_table_picture_is_the_same_whoever_the_hidden_guard_is(seed: int) -> None:
    rng = random.Random(seed)
    hands = _rank_deal(rng)
    holders = [seat for seat, hand in enumerate(hands) if "X" in hand]
    assert len(holders) >= 2
    first, second = rng.sample(holders, 2)
    games = _twin_games(hands, (first, second))
    assert [g.view_for(first).holds_guard_card for g in games] == [True, False]
    compared = 0
    for _ in range(3000):
        views = [game.public_view() for game in games]
        if any(game.over for game in games) or any(
            v.guard is not None or v.solo is not None for v in views
        ):
            break
        pictures = {render_bh_table(view, NAMES, "zh-Hans") for view in views}
        assert len(pictures) == 1, f"the guard's seat shows after {compared} steps"
        compared += 1
        waiting = games[0].waiting_for()
        assert waiting is not None
        action = _role_blind(games[0], waiting.seats[0], rng)
        for game in games:
            game.apply(action)
    assert compared > 3  # the throne, the declarations and some play at least


def test_a_played_guard_card_shows_the_sword() -> None:
    """Once the guard card is played the table shows it (and knows the guard)."""
    game = _sword_deal()
    for _ in range(300):
        assert not game.over, "the hand ended before the guard card was played"
        view = game.public_view()
        if GUARD_CARD in public_cards(view):
            assert view.guard is not None or view.solo is not None
            return
        waiting = game.waiting_for()
        assert waiting is not None
        game.apply(_sword_first(game, waiting.seats[0]))
    raise AssertionError("the guard card was never played")
