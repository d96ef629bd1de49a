"""Settling a finished hand from the table: beans move once, on what players hold then."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ddz_bot.games.doudizhu.engine.game import Game
from ddz_bot.games.doudizhu.tg.settle import settle_hand
from ddz_bot.storage import Database
from ddz_bot.tg.table import Table

from ..deals import SPRING_USERS, landlord_spring, spring_table

USERS = SPRING_USERS


def table_for(game: Game) -> Table:
    return spring_table(game, "en", [f"p{user}" for user in USERS])


async def test_a_balance_that_changed_while_settling_is_what_the_loser_pays(tmp_path: Path) -> None:
    async with Database(tmp_path / "ddz.sqlite3") as db:
        for user in USERS:
            await db.ensure_player(user, f"p{user}")
        start = (await db.get_player(12)).beans  # type: ignore[union-attr]
        original = db.settle_hand

        async def spent_meanwhile(*args: Any, **kwargs: Any) -> Any:
            # another write lands between the hand's end and its settlement
            await db.adjust_beans(12, 100 - start, key="spent elsewhere")
            return await original(*args, **kwargs)

        db.settle_hand = spent_meanwhile  # type: ignore[method-assign]
        game = landlord_spring()
        settled = await settle_hand(db, table_for(game), game)
        beans = {u: (await db.get_player(u)).beans for u in USERS}  # type: ignore[union-attr]
        assert beans[12] == 0  # R-CAP-LOSER: paid the 100 held, not the full stake
        assert beans[13] < start and beans[11] > start
        assert await db.ledger_mismatches() == {}
        assert settled.pictures[1].beans_delta == -100 and settled.pictures[1].beans_after == 0
        assert settled.text[0] == "Landlord p11 wins!"  # the group learns who the landlord was
        assert "p12: -100 beans (0) · capped" in settled.text  # why only 100 moved
        assert "1 point = 100 beans" in "\n".join(settled.text)
        assert any("p12" in line for line in settled.text)
        # settling again (a restart) moves nothing and tells the same result
        again = await settle_hand(db, table_for(game), game)
        assert again.pictures == settled.pictures
        assert {u: (await db.get_player(u)).beans for u in USERS} == beans  # type: ignore[union-attr]
