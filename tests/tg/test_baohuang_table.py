"""保皇 tables through the real Application over the fake Bot API: the lobby, the throne,
the declarations, the play, the result and the beans."""

from __future__ import annotations

from ddz_bot.tg.table import FINISHED

from .bh_scripts import Watch, bh_game, play_bh_until_over, seat_five
from .conftest import manager_of
from .harness import Harness

NAMES = ("Alice", "Bob", "Carol", "Dave", "Erin")


async def test_five_people_play_a_fixed_guard_hand_and_beans_settle(bot: Harness) -> None:
    group = bot.group()
    users = [bot.user(name) for name in NAMES]
    watch = Watch(bot, group)
    await seat_five(bot, group, users)
    table = await play_bh_until_over(bot, group, users, watch=watch)
    watch.check()
    assert table.phase == FINISHED
    game = bh_game(table)
    outcome = game.outcome()
    assert outcome is not None
    db = manager_of(bot).db
    changes = []
    for user in users:
        player = await db.get_player(user.id)
        assert player is not None
        changes.append(player.beans - 10_000)
    assert sum(changes) == -5 * 5  # beans are conserved apart from the fees (beginner room)
    assert watch.scanned > 100
