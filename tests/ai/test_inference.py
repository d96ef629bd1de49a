"""What the other seats did is read: on the table's top from the view, over the whole hand
from what the player kept of it; the hard level's samples give them hands with which the
policy would have done the same, and under which their plays fit their plans."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from ddz_bot.games.doudizhu.ai import AIPlayer, Situation, make_player
from ddz_bot.games.doudizhu.ai.sampler import Sampler, _could_beat, implausibility
from ddz_bot.games.doudizhu.ai.situation import Acted, Observed
from ddz_bot.games.doudizhu.engine import CLASSIC, FOUR_PLAYER, Combo, classify, legal_moves
from ddz_bot.games.doudizhu.engine.game import Game
from ddz_bot.games.doudizhu.engine.views import Phase
from ddz_bot.kernel import Cards, Pass, Play

from .helpers import cards, game_at, play_game, seat_to_act

HANDS = ["3456789TJQKA22XD3", "3456789TJQKA24455", "366778899TTJJQQKA"]
BOTTOM = "A2K"


def _acted(situation: Situation) -> list[tuple[int, str | None, str | None, int | None]]:
    return [
        (
            a.seat,
            None if a.play is None else str(a.play),
            None if a.faced is None else str(a.faced),
            a.faced_seat,
        )
        for a in situation.acted
    ]


def test_the_top_and_the_passes_on_it_are_read_in_order() -> None:
    game = play_game(HANDS, BOTTOM)
    game.apply(Play(0, cards("3")))
    game.apply(Play(1, cards("5")))
    assert _acted(Situation.from_view(game.view_for(2))) == [(1, "5", "3", 0)]
    game.apply(Pass(2))
    assert _acted(Situation.from_view(game.view_for(0))) == [(1, "5", "3", 0), (2, None, "5", 1)]


def test_a_lead_faced_nothing() -> None:
    game = play_game(HANDS, BOTTOM)
    game.apply(Play(0, cards("3")))
    assert Situation.from_view(game.view_for(1)).acted == [Acted(0, game.to_beat, None, None)]


def test_the_samples_agree_with_what_the_seats_did_more_often_than_chance() -> None:
    game = play_game(HANDS, BOTTOM)
    game.apply(Play(0, cards("3")))
    game.apply(Play(1, cards("5")))
    game.apply(Pass(2))
    situation = Situation.from_view(game.view_for(0))
    reading, chance = Sampler(situation), Sampler(situation, tries=1)
    rng = random.Random(5)
    read = sum(not reading._disagreements(reading.deal(rng)) for _ in range(40))
    guessed = sum(not reading._disagreements(chance.deal(rng)) for _ in range(40))
    assert read > guessed


# ------------------------------------------------------------ the whole hand's plays


def _combo(text: str) -> Combo:
    return classify(text)[0]


def _counts(text: str) -> tuple[int, ...]:
    return tuple(cards(text).counts())


def _observed(player: AIPlayer, game: Game, seat: int) -> list[tuple[int, str, str | None, str]]:
    view = game.view_for(seat)
    situation = Situation.from_view(view)
    player.observe(view, situation)
    return [
        (
            o.seat,
            str(o.play),
            None if o.faced is None else str(o.faced),
            str(Cards.from_counts(o.since)),
        )
        for o in situation.observed
    ]


def test_a_player_keeps_every_play_of_the_other_seats_with_what_it_topped() -> None:
    player = AIPlayer("hard", 1)
    game = play_game(HANDS, BOTTOM)
    game.apply(Play(0, cards("3")))
    game.apply(Play(1, cards("5")))
    game.apply(Play(2, cards("9")))
    assert _observed(player, game, 0) == [(1, "5", "3", "5"), (2, "9", "5", "9")]
    game.apply(Play(0, cards("T")))
    game.apply(Pass(1))
    game.apply(Pass(2))
    game.apply(Play(0, cards("4")))
    game.apply(Play(1, cards("6")))
    game.apply(Pass(2))
    # the first trick is gone from the view; the player still knows it, and that seat 1
    # has played the 6 since its 5 (its hand then was what it holds now and both)
    assert _observed(player, game, 0) == [
        (1, "5", "3", "56"),
        (2, "9", "5", "9"),
        (1, "6", "4", "6"),
    ]


def test_a_play_on_a_top_the_view_no_longer_shows_is_read_as_a_follow_not_a_lead() -> None:
    player = AIPlayer("hard", 1)
    game = play_game(HANDS, BOTTOM)
    game.apply(Play(0, cards("3")))
    game.apply(Play(1, cards("5")))
    assert _observed(player, game, 2) == [(0, "3", None, "3"), (1, "5", "3", "5")]
    game.apply(Pass(2))
    game.apply(Play(0, cards("T")))
    game.apply(Play(1, cards("K")))
    # seat 1's 5 is gone from the view (its K shows instead): the T topped it, as seat 2
    # saw when it passed on it; the T was no lead
    assert _observed(player, game, 2) == [
        (0, "3", None, "3T"),
        (1, "5", "3", "5K"),
        (0, "T", "5", "T"),
        (1, "K", "T", "K"),
    ]


def test_a_lead_is_plausible_when_it_is_the_costliest_combo_of_the_plan() -> None:
    lead = Observed(1, _combo("4"), None, _counts("4"))
    # then 4 JJ QQQ: leading the loose 4 is what a planning player does
    assert implausibility(lead, cards("JJQQQ").counts(), CLASSIC) == 0.0
    # then 44 6 ...: leading one 4 breaks the pair and keeps the lower-valued 6 single
    assert implausibility(lead, cards("46JJQQQ").counts(), CLASSIC) > 0.0


def test_a_follow_is_plausible_when_it_keeps_the_hand_best() -> None:
    follow = Observed(1, _combo("9"), _combo("4"), _counts("9"))
    # holding a loose 6 then, a planning player tops the 4 with the 6, not the 9
    assert implausibility(follow, cards("6KK").counts(), CLASSIC) > 0.0
    # with the 6 in a pair, the 9 was the best follow
    assert implausibility(follow, cards("66KK").counts(), CLASSIC) == 0.0


def _watched(seed: int, moves: int, watcher: AIPlayer, watched: int) -> Situation:
    """What seat ``watched`` knows at its first turn after ``moves`` decisions of a hand
    played by ``normal_v1`` players, ``watcher`` having observed each of its turns."""
    game = game_at(seed, 0)
    while game.phase is not Phase.PLAYING:
        seat = seat_to_act(game)
        assert seat is not None
        game.apply(game.legal_actions(seat)[0])
    players = [make_player("normal_v1", seed + s) for s in range(3)]
    made = 0
    while True:
        seat = game.turn
        assert seat is not None and not game.over
        view = game.view_for(seat)
        if seat == watched:
            situation = Situation.from_view(view)
            watcher.observe(view, situation)
            if made >= moves:
                return situation
        game.apply(players[seat].act(view, game.legal_actions(seat)))
        made += 1


def _misfit(sampler: Sampler, rng: random.Random, samples: int) -> float:
    return sum(sampler._disagreements(sampler.deal(rng)) for _ in range(samples))


def test_the_samples_fit_the_plays_of_the_whole_hand_better_than_chance() -> None:
    situation = _watched(3, 12, AIPlayer("hard", 1), 0)
    assert len(situation.observed) >= 6
    reading = Sampler(situation, tries=6, read=False, history=0.15, refine=20)
    chance = Sampler(situation, tries=1, read=False, history=0.15)
    rng = random.Random(2)
    assert _misfit(reading, rng, 30) < 0.5 * _misfit(chance, rng, 30)


def test_swaps_and_chains_keep_each_seats_card_count_and_the_landlords_known_bottom_cards() -> None:
    situation = _watched(4, 9, AIPlayer("hard", 1), 1)
    seat = situation.seat
    bottom_left = situation.bottom_left
    assert bottom_left is not None and any(bottom_left)  # seat 1 is a farmer here
    rng = random.Random(3)
    fresh = Sampler(situation, tries=1, read=False, history=1.0, refine=40)
    chained = Sampler(situation, tries=1, read=False, history=1.0, refine=10, chain=5)
    for _ in range(40):
        hands = fresh.deal(rng) if rng.random() < 0.5 else chained.deal(rng)
        assert [sum(h) for h in hands] == list(situation.card_counts)
        assert hands[seat] == situation.hand.counts()
        landlord = hands[situation.landlord]
        assert all(landlord[r] >= n for r, n in enumerate(bottom_left))
        unseen = [sum(h[r] for s, h in enumerate(hands) if s != seat) for r in range(15)]
        assert unseen == situation.unseen


def test_a_chain_of_samples_fits_better_than_chance_and_still_moves() -> None:
    situation = _watched(3, 12, AIPlayer("hard", 1), 0)
    chained = Sampler(situation, tries=6, read=False, history=0.15, refine=20, chain=5)
    chance = Sampler(situation, tries=1, read=False, history=0.15)
    rng = random.Random(4)
    samples = [chained.deal(rng) for _ in range(30)]
    assert len({tuple(map(tuple, s)) for s in samples}) > 10
    misfit = sum(chained._disagreements(s) for s in samples)
    assert misfit < 0.5 * _misfit(chance, rng, 30)


def test_two_decks_plays_are_not_read_their_hands_are_too_large_to_read_in_time() -> None:
    situation = _watched(3, 12, AIPlayer("hard", 1), 0)
    assert Sampler(situation, history=0.15).observed
    situation.rules = FOUR_PLAYER
    assert not Sampler(situation, history=0.15).observed


_DECK = [r for r in range(13) for _ in range(4)] + [13, 14]


@given(
    st.lists(st.sampled_from(range(54)), min_size=1, max_size=20, unique=True),
    st.lists(st.sampled_from(range(54)), min_size=1, max_size=20, unique=True),
    st.randoms(use_true_random=False),
)
def test_a_seat_that_could_beat_a_play_it_passed_on_is_a_misfit(
    held: list[int], theirs: list[int], rng: random.Random
) -> None:
    # a pass on a play the hand beats without a bomb counts against the deal, whatever the
    # play's kind (a single, pair or trio is read off the counts, the rest by the moves)
    hand = Cards.from_counts(_dealt(held))
    faced = rng.sample(list(legal_moves(Cards.from_counts(_dealt(theirs)), None, CLASSIC)), 1)
    beaten = any(not move.is_bomb for move in legal_moves(hand, faced[0], CLASSIC))
    assert _could_beat(_dealt(held), faced) is beaten


def _dealt(picked: list[int]) -> list[int]:
    counts = [0] * 15
    for i in picked:
        counts[_DECK[i]] += 1
    return counts
