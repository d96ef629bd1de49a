"""Tables in play survive a restart; every hand's actions are kept in order for replays."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime
from pathlib import Path

import pytest

from ddz_bot.storage import Database, StorageError, UnknownTableError

from .conftest import FakeClock, hand_record, landlord_wins, seat_players

GAME = {
    "phase": "play",
    "hands": {"0": "33344", "1": "XD", "2": "TJQKA"},
    "turn": 1,
    "note": "地主",
}


async def test_a_restart_resumes_every_table(db_path: Path, clock: FakeClock) -> None:
    deadline = datetime(2026, 3, 1, 4, 0, 30, tzinfo=UTC)
    async with Database(db_path, clock=clock) as db:
        saved = await db.save_table_state(
            "t1",
            chat_id=-100,
            hand_id="h1",
            state=GAME,
            action={"bid": 1},
            deadline=deadline,
            table_message_id=77,
            panel_message_ids={1: 5, 2: 6},
        )
        await db.save_table_state("t2", chat_id=-200, state={"phase": "lobby"})
        assert (saved.version, saved.action_seq) == (1, 1)
    async with Database(db_path, clock=clock) as db:
        tables = await db.load_open_tables()
        assert [t.table_id for t in tables] == ["t1", "t2"]
        first = tables[0]
        assert first.state == GAME and first.hand_id == "h1" and first.chat_id == -100
        assert first.table_message_id == 77 and first.panel_message_ids == {1: 5, 2: 6}
        assert first.deadline == deadline and first.version == 1
        assert tables[1].deadline is None and tables[1].panel_message_ids == {}
        assert [t.table_id for t in await db.load_open_tables(chat_id=-200)] == ["t2"]


async def test_each_action_appends_to_the_log_and_bumps_the_version(db: Database) -> None:
    for number in range(1, 4):
        saved = await db.save_table_state(
            "t1", chat_id=-100, hand_id="h1", state={"moves": number}, action={"play": "3" * number}
        )
        assert (saved.version, saved.action_seq) == (number, number)
    saved = await db.save_table_state(
        "t1", chat_id=-100, hand_id="h2", state={"moves": 0}, action={"deal": True}
    )
    assert (saved.version, saved.action_seq) == (4, 1)  # a new hand starts its own log
    assert [a.action for a in await db.hand_actions("h1")] == [
        {"play": "3"},
        {"play": "33"},
        {"play": "333"},
    ]
    assert [a.seq for a in await db.hand_actions("h2")] == [1]
    table = await db.load_table("t1")
    assert table is not None and table.state == {"moves": 0} and table.hand_id == "h2"


async def test_concurrent_saves_keep_every_action(db: Database) -> None:
    await asyncio.gather(
        *(
            db.save_table_state("t1", chat_id=-100, hand_id="h1", state={"n": n}, action={"n": n})
            for n in range(30)
        )
    )
    actions = await db.hand_actions("h1")
    assert [a.seq for a in actions] == list(range(1, 31))
    assert sorted(a.action["n"] for a in actions) == list(range(30))
    table = await db.load_table("t1")
    assert table is not None and table.version == 30


async def test_message_ids_are_kept_unless_given(db: Database) -> None:
    await db.save_table_state(
        "t1", chat_id=-100, state={}, table_message_id=10, panel_message_ids={1: 11}
    )
    await db.save_table_state("t1", chat_id=-100, state={"x": 1})
    table = await db.load_table("t1")
    assert table is not None and (table.table_message_id, table.panel_message_ids) == (10, {1: 11})
    await db.set_table_messages("t1", panel_message_ids={2: 12})
    await db.set_table_messages("t1", table_message_id=20)
    table = await db.load_table("t1")
    assert table is not None
    assert (table.table_message_id, table.panel_message_ids) == (20, {1: 11, 2: 12})
    with pytest.raises(UnknownTableError, match="'nope'"):
        await db.set_table_messages("nope", table_message_id=1)


async def test_tables_read_together_are_each_as_saved(db: Database) -> None:
    for number in range(250):  # past one query's share: read in parts, every one found
        await db.save_table_state(f"t{number}", chat_id=-number, state={"n": number})
    await db.save_table_state("t7", chat_id=-7, state={"n": 7, "moved": True})
    wanted = [f"t{number}" for number in range(250)] + ["t7", "gone"]
    found = await db.load_tables(wanted)
    assert sorted(found) == sorted(f"t{number}" for number in range(250))  # "gone" left out
    assert found["t7"].state == {"n": 7, "moved": True} and found["t7"].version == 2
    assert found["t249"] == await db.load_table("t249")
    assert await db.load_tables([]) == {}


async def test_closing_a_table_keeps_its_replay(db: Database) -> None:
    await db.save_table_state("t1", chat_id=-100, hand_id="h1", state={}, action={"a": 1})
    assert await db.close_table("t1")
    assert not await db.close_table("t1")
    assert await db.load_table("t1") is None and await db.load_open_tables() == []
    assert len(await db.hand_actions("h1")) == 1


async def test_bad_saves_are_refused(db: Database) -> None:
    with pytest.raises(StorageError, match="needs the hand"):
        await db.save_table_state("t1", chat_id=-100, state={}, action={"a": 1})
    with pytest.raises(StorageError, match="needs an id"):
        await db.save_table_state("", chat_id=-100, state={})
    with pytest.raises(TypeError):
        await db.save_table_state("t1", chat_id=-100, state={"x": object()})
    with pytest.raises(ValueError, match="time zone"):
        await db.save_table_state("t1", chat_id=-100, state={}, deadline=datetime(2026, 1, 1))
    assert await db.load_open_tables() == []


async def test_recent_hands_of_a_player_and_a_group(db: Database, clock: FakeClock) -> None:
    await seat_players(db, 1, 2, 3, 4)
    for number, (chat, seats) in enumerate(
        [(-100, [1, 2, 3]), (-200, [1, 2, 4]), (-100, [2, 3, 4])]
    ):
        clock.advance(minutes=5)
        changes, results = landlord_wins(seats[0], seats[1:], stake=10)
        await db.apply_settlement(
            f"h{number}", changes, results, hand_record(seats, chat_id=chat, at=clock.now)
        )
    assert [h.hand_id for h in await db.recent_hands(user_id=1)] == ["h1", "h0"]
    assert [h.hand_id for h in await db.recent_hands(chat_id=-100)] == ["h2", "h0"]
    assert [h.hand_id for h in await db.recent_hands(user_id=1, chat_id=-100)] == ["h0"]
    assert [h.hand_id for h in await db.recent_hands(user_id=2, limit=2)] == ["h2", "h1"]
    assert [h.hand_id for h in await db.recent_hands()] == ["h2", "h1", "h0"]
    assert await db.recent_hands(user_id=99) == []
    assert await db.get_hand("nope") is None


async def test_a_change_of_several_actions_is_written_whole_in_order(db_path: Path) -> None:
    async with Database(db_path) as db:
        saved = await db.save_table_state(
            "t1", chat_id=-100, hand_id="h1", state={"n": 3}, actions=[{"n": 1}, {"n": 2}]
        )
        assert saved.action_seq == 2
        assert [a.action for a in await db.hand_actions("h1")] == [{"n": 1}, {"n": 2}]
        with pytest.raises(StorageError):
            await db.save_table_state(
                "t1", chat_id=-100, hand_id="h1", state={}, action={"n": 9}, actions=[{"n": 8}]
            )


async def test_table_writes_asked_for_together_each_stand_or_fall_alone(db_path: Path) -> None:
    """Table saves and message ids asked for at once may share a transaction: one that
    fails (an unknown table) is undone alone; the others are written, each whole."""
    async with Database(db_path) as db:
        await db.save_table_state("t1", chat_id=-100, state={"x": 0})
        results = await asyncio.gather(
            *(
                db.save_table_state(
                    f"t{n}", chat_id=-100 - n, hand_id=f"h{n}", state={"x": n}, action={"a": n}
                )
                for n in range(1, 6)
            ),
            db.set_table_messages("nowhere", table_message_id=5),
            db.set_table_messages("t1", table_message_id=42, panel_message_ids={7: 8}),
            return_exceptions=True,
        )
        assert isinstance(results[5], UnknownTableError)
        assert not any(isinstance(r, Exception) for i, r in enumerate(results) if i != 5)
    async with Database(db_path) as db:
        tables = {t.table_id: t for t in await db.load_open_tables()}
        assert {k: t.state["x"] for k, t in tables.items()} == {f"t{n}": n for n in range(1, 6)}
        assert tables["t1"].table_message_id == 42 and tables["t1"].panel_message_ids == {7: 8}
        for n in range(1, 6):
            assert [a.action for a in await db.hand_actions(f"h{n}")] == [{"a": n}]
