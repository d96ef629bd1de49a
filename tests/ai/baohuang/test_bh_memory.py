"""Card memory and the hidden guard read from the play: what is left above a play, who could
hold it, and who looks like the guard."""

from __future__ import annotations

import random

from ddz_bot.games.baohuang.ai import GuardSuspicion, Knowledge, opening_value
from ddz_bot.games.baohuang.ai.memory import beat_chance, full_counts, unseen_counts
from ddz_bot.games.baohuang.engine import BaoHuangGame, Meld, Phase
from ddz_bot.games.baohuang.engine.actions import Declare, TakeThrone
from ddz_bot.kernel import Deal, Pass, Play, Rank, parse_cards

from .helpers import RICH, ROOM

OTHERS = {1: 33, 2: 34, 3: 34, 4: 33}


def test_the_pack_is_168_cards_and_the_unseen_are_what_is_neither_held_nor_played() -> None:
    assert sum(full_counts()) == 168
    unseen = unseen_counts(parse_cards("DX22A"), parse_cards("DD2"))
    assert unseen[Rank.BIG_JOKER] == 1 and unseen[Rank.SMALL_JOKER] == 3
    assert unseen[Rank.TWO] == 13 and unseen[Rank.ACE] == 15 and unseen[Rank.SIX] == 16
    assert unseen[Rank.THREE] == unseen[Rank.FIVE] == 0  # no 3, 4, 5 in 保皇


def test_nothing_tops_a_play_with_a_big_joker_or_larger_than_every_other_hand() -> None:
    unseen = unseen_counts([], [])
    assert beat_chance(Meld.parse("6D"), unseen, OTHERS, {}) == 0.0
    assert beat_chance(Meld.parse("666"), unseen, {1: 2, 2: 1}, {}) == 0.0


def test_a_play_is_safe_once_every_card_above_it_is_played() -> None:
    played = parse_cards("2" * 16 + "X" * 4 + "D" * 4)
    unseen = unseen_counts([], played)
    assert beat_chance(Meld.parse("A"), unseen, OTHERS, {}) == 0.0
    assert beat_chance(Meld.parse("K"), unseen, OTHERS, {}) > 0.9


def test_a_bigger_set_is_harder_to_top_and_a_partner_never_tops_it() -> None:
    unseen = unseen_counts([], [])
    chances = [beat_chance(Meld(int(Rank.NINE), n, 0, 0), unseen, OTHERS, {}) for n in (1, 4, 8)]
    assert chances[0] > chances[1] > chances[2]
    partners = dict.fromkeys(OTHERS, 0.0)
    assert beat_chance(Meld.parse("9"), unseen, OTHERS, partners) == 0.0


def test_jokers_and_twos_make_a_hand_worth_more() -> None:
    plain = parse_cards("D666677778888999TTTTJJJJQQQKKKAAA2")
    rich = parse_cards("DDDXXX22222222AAAAAAAAKKKKKKQQQQQQ")
    assert opening_value(rich.counts()) > opening_value(plain.counts())


def _game_in_play(seed: int) -> BaoHuangGame:
    game = BaoHuangGame(rng=random.Random(seed), balances=RICH, room=ROOM)
    game.apply(Deal())
    assert game.turn is not None
    game.apply(TakeThrone(game.turn))
    while game.phase is Phase.DECLARING:
        assert game.turn is not None
        game.apply(Declare(game.turn))
    return game


def test_topping_the_emperor_makes_a_seat_look_less_like_the_guard() -> None:
    for seed in range(30):
        game = _game_in_play(seed)
        emperor = game.emperor
        assert emperor is not None
        low = min(game.hand(emperor))
        game.apply(Play(emperor, parse_cards(Rank(low).char)))
        topper = game.turn
        assert topper is not None
        beats = [m for m in game.moves(topper) if len(m) == 1 and m[0] < Rank.SMALL_JOKER]
        if not beats:
            continue
        game.apply(Play(topper, beats[0]))
        watcher = next(s for s in range(5) if s not in (emperor, topper))
        while game.turn != watcher:
            assert game.turn is not None
            game.apply(Pass(game.turn))
        suspicion = GuardSuspicion()
        suspicion.observe(game.public_view(), watcher)
        candidates = [s for s in range(5) if s not in (emperor, watcher)]
        chances = suspicion.chances(candidates)
        assert chances[topper] < min(c for s, c in chances.items() if s != topper)
        assert abs(sum(chances.values()) - 1.0) < 1e-9
        suspicion.observe(game.public_view(), watcher)  # the same trick counts once
        assert suspicion.chances(candidates) == chances
        return
    raise AssertionError("no deal found")


def test_knowledge_holds_the_sides_only_as_far_as_the_seat_may_know_them() -> None:
    game = _game_in_play(5)
    emperor, guard = game.emperor, game.guard
    assert emperor is not None and guard is not None
    rebels = [s for s in range(5) if s not in (emperor, guard)]
    guard_knows = Knowledge.from_view(game.view_for(guard))
    assert guard_knows.partner == {s: float(s == emperor) for s in range(5) if s != guard}
    emperor_knows = Knowledge.from_view(game.view_for(emperor))
    assert set(emperor_knows.partner.values()) == {0.25}  # any of the four
    rebel_knows = Knowledge.from_view(game.view_for(rebels[0]))
    assert rebel_knows.partner[emperor] == 0.0
    for seat in (guard, *rebels[1:]):  # two of these three are fellow rebels
        assert abs(rebel_knows.partner[seat] - 2 / 3) < 1e-9
