"""/replay writes plays as the table does: a trio or four first, then its kickers."""

from __future__ import annotations

from datetime import UTC, datetime

from ddz_bot.games.doudizhu.engine.actions import Call, NoGrab, NoShow
from ddz_bot.games.doudizhu.tg.replay import replay_lines
from ddz_bot.kernel import Cards, Play
from ddz_bot.storage import FinishedHand
from tests.engine.game_helpers import deal, run


def test_a_trio_with_its_kicker_reads_as_on_the_table() -> None:
    game = deal()
    run(game, Call(0), NoGrab(1), NoGrab(2), NoShow(0), Play(0, Cards.parse("AAA3")))
    now = datetime.now(UTC)
    hand = FinishedHand(
        hand_id="h1",
        table_id=None,
        chat_id=None,
        room="beginner",
        rules={},
        seats=[1, 2, 3],
        result={"start": game.start_dict(), "log": list(game.log)},
        multipliers=None,
        bean_changes=[],
        started_at=now,
        finished_at=now,
    )
    lines = replay_lines(hand, ["Ann", "Bob", "Cy"], "zh-Hans")
    assert lines[-1] == "1. Ann (地主): AAA3", lines
