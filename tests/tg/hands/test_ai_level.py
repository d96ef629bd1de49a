"""A group's AI level (/settings): admins cycle it, a table takes the group's level when it
opens and keeps it across a restart (a table saved before tables had one plays hard), and the
decisions for its AI and 托管 seats come from the player of that level."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from pathlib import Path
from random import Random
from typing import cast

import pytest

from ddz_bot.ai import SEAT_LEVEL, LevelName
from ddz_bot.games import GAMES
from ddz_bot.games.baohuang.ai.seats import BaoHuangPlayers
from ddz_bot.games.baohuang.engine import BaoHuangGame
from ddz_bot.games.baohuang.tg.host import baohuang_rules
from ddz_bot.games.doudizhu.ai.seats import DouDizhuAI
from ddz_bot.i18n import t
from ddz_bot.kernel import Action, Deal, room_by_key
from ddz_bot.storage import AILevel
from ddz_bot.tg import players
from ddz_bot.tg.hosts import host_for
from ddz_bot.tg.table import Table

from ..conftest import make_settings, manager_of, start_bot
from ..fake_api import FakeMessage
from ..harness import Harness, SimUser
from ..scripts import current_table, take_turn, waiting_seats, whose_turn

ADMINS_ONLY = "只有群管理员可以这样做。"
#: the players of this process, by game
DDZ_AI = cast(DouDizhuAI, GAMES["doudizhu"].ai)
BH_AI = cast(BaoHuangPlayers, GAMES["baohuang"].ai)


async def _settings_panel(bot: Harness, group: int, user: SimUser) -> FakeMessage:
    await user.send(group, "/settings")
    panel = bot.api.last_message(group, with_buttons=True)
    assert panel is not None and panel.text is not None and panel.text.startswith("群设置")
    return panel


def _shown(bot: Harness, panel: FakeMessage) -> tuple[str, list[str]]:
    """The settings message's text and button labels as the group sees them now."""
    message = bot.api.messages[(panel.chat_id, panel.message_id)]
    return message.text or "", [button["text"] for button in message.buttons()]


async def _open_and_start(bot: Harness, group: int, user: SimUser) -> Table:
    """``user`` opens a table and presses Start: AI seats fill it and the hand is dealt."""
    await user.send(group, "/newgame")
    lobby = bot.api.last_message(group, with_buttons=True)
    await user.press(lobby, "开始")
    table = current_table(bot, group)
    assert table.in_hand()
    return table


class _Spy:
    """Stands in for one player's ``act``: what it chose, asked through the real one."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, player: object) -> None:
        self.chosen: list[Action] = []
        real = player.act  # type: ignore[attr-defined]

        def act(view: object, legal: Sequence[Action], *args: object) -> Action:
            action: Action = real(view, legal, *args)
            self.chosen.append(action)
            return action

        monkeypatch.setattr(player, "act", act)


def test_the_storage_levels_are_the_ais_levels() -> None:
    """Storage can't import the AI: its enum names the same levels, hard the default."""
    assert [level.value for level in AILevel] == [level.value for level in LevelName]
    assert AILevel.HARD.value == SEAT_LEVEL.value


def test_each_language_names_the_levels() -> None:
    assert [t("en", f"ai_level_{level}") for level in AILevel] == ["easy", "normal", "hard"]
    assert t("zh-Hans", "btn_ai_level", level=t("zh-Hans", "ai_level_hard")) == "AI 难度：困难"
    assert t("zh-Hant", "btn_ai_level", level=t("zh-Hant", "ai_level_easy")) == "AI 難度：簡單"
    assert t("en", "btn_ai_level", level=t("en", "ai_level_normal")) == "AI level: normal"


async def test_an_admin_cycles_the_ai_level_and_the_panel_shows_it(bot: Harness) -> None:
    alice = bot.user("Alice")
    group = bot.group(admins={alice.id})
    panel = await _settings_panel(bot, group, alice)
    text, labels = _shown(bot, panel)
    assert "\nAI 难度：困难" in text and "AI 难度：困难" in labels  # the default: hard
    db = manager_of(bot).db
    for level, word in ((AILevel.EASY, "简单"), (AILevel.NORMAL, "普通"), (AILevel.HARD, "困难")):
        answer = await alice.press(panel, "AI 难度")
        assert answer["text"] == "已保存。"
        text, labels = _shown(bot, panel)
        assert f"\nAI 难度：{word}" in text and f"AI 难度：{word}" in labels
        stored = await db.get_group(group)
        assert stored is not None and stored.ai_level is level


async def test_a_non_admins_press_leaves_the_ai_level_as_it_was(bot: Harness) -> None:
    alice, bob = bot.user("Alice"), bot.user("Bob")
    group = bot.group(admins={alice.id})
    panel = await _settings_panel(bot, group, alice)
    before = _shown(bot, panel)
    answer = await bob.press(panel, "AI 难度")
    assert answer["text"] == ADMINS_ONLY
    assert _shown(bot, panel) == before
    stored = await manager_of(bot).db.get_group(group)
    assert stored is not None and stored.ai_level is AILevel.HARD


async def test_a_table_opened_after_the_change_plays_the_chosen_level(
    bot: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    alice = bot.user("Alice")
    group = bot.group(admins={alice.id})
    await alice.send(group, "/newgame")  # opened at the default level
    lobby = current_table(bot, group)
    panel = await _settings_panel(bot, group, alice)
    await alice.press(panel, "AI 难度")  # hard -> easy
    assert lobby.ai_level is LevelName.HARD  # a table keeps the level it opened with
    await alice.send(group, "/leave")  # she sat alone: the lobby closes
    assert manager_of(bot).table_in(group) is None

    table = await _open_and_start(bot, group, alice)
    assert table.ai_level is LevelName.EASY
    assert sum(seat.is_ai for seat in table.seats) == 2
    stored = await manager_of(bot).db.load_table(str(table.id))
    assert stored is not None and stored.state["ai_level"] == "easy"

    # the decision for a seat of this table, as its AI or 托管 seat makes it
    easy = _Spy(monkeypatch, DDZ_AI.player(LevelName.EASY))
    hard = _Spy(monkeypatch, DDZ_AI.player(LevelName.HARD))
    game = table.game
    assert game is not None
    game = game.clone()
    [seat] = waiting_seats(table)
    legal = game.legal_actions(seat)
    chosen = players.choose(game.view_for(seat), legal, "doudizhu", level=table.ai_level)
    assert chosen in legal and easy.chosen == [chosen]
    assert players.decide(game, seat, level=table.ai_level) in legal
    assert len(easy.chosen) == 2 and hard.chosen == []


async def test_the_ai_seats_of_an_easy_table_are_answered_by_the_easy_player(
    bot: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    alice = bot.user("Alice")
    group = bot.group(admins={alice.id})
    panel = await _settings_panel(bot, group, alice)
    await alice.press(panel, "AI 难度")  # hard -> easy
    easy = _Spy(monkeypatch, DDZ_AI.player(LevelName.EASY))
    hard = _Spy(monkeypatch, DDZ_AI.player(LevelName.HARD))
    table = await _open_and_start(bot, group, alice)
    for _ in range(60):  # until an AI seat has answered
        if easy.chosen or hard.chosen or not table.in_hand():
            break
        assert whose_turn(bot, group, [alice]) is alice
        await take_turn(bot, group, alice)
    assert easy.chosen and hard.chosen == []


def test_one_player_a_level_and_only_the_hard_one_searches() -> None:
    for level in LevelName:
        player = DDZ_AI.player(level)
        assert player.level == level and DDZ_AI.player(level) is player  # made once
        assert (player.thinking is not None) is (level is LevelName.HARD)
        assert BH_AI.player(level).level == level
    assert DDZ_AI.player() is DDZ_AI.player(SEAT_LEVEL)


def test_configure_gives_the_hard_player_its_share_and_leaves_the_others(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    ai = DouDizhuAI()  # this process's players stay as they are
    easy = ai.player(LevelName.EASY)
    ai.configure(0.6)
    hard = ai.player(LevelName.HARD)
    assert hard.thinking is not None and hard.thinking.share == 0.6
    assert ai.player(LevelName.EASY) is easy


def test_a_baohuang_seat_gets_the_baohuang_player_of_its_level(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = BaoHuangGame(
        baohuang_rules("baohuang"), room_by_key("beginner"), [10_000] * 5, Random(3)
    )
    game.apply(Deal())
    waiting = game.waiting_for()
    assert waiting is not None
    seat = waiting.seats[0]
    legal = game.legal_actions(seat)
    normal = _Spy(monkeypatch, BH_AI.player(LevelName.NORMAL))
    hard = _Spy(monkeypatch, BH_AI.player(LevelName.HARD))
    chosen = players.choose(game.view_for(seat), legal, "baohuang", level=LevelName.NORMAL)
    assert chosen in legal and normal.chosen == [chosen] and hard.chosen == []
    assert players.decide(game, seat, level=LevelName.NORMAL) in legal
    assert len(normal.chosen) == 2 and hard.chosen == []


def test_a_table_saved_without_a_level_loads_as_hard() -> None:
    table = Table(id=1, chat_id=-1, title="g", lang="zh-Hans", ai_level=LevelName.NORMAL)
    data = table.to_dict()
    assert data["ai_level"] == "normal"
    assert Table.from_dict(data, host_for).ai_level is LevelName.NORMAL
    del data["ai_level"]
    assert Table.from_dict(data, host_for).ai_level is LevelName.HARD
    with pytest.raises(ValueError):
        Table.from_dict({**data, "ai_level": "expert"}, host_for)


async def _easy_table_then_stop(tmp_path: Path) -> tuple[Harness, int, int]:
    """A bot on a file under ``tmp_path``: the group's level set to easy, a hand dealt at
    it, then the bot stopped mid-hand. The stopped bot, the group and the table's id."""
    first = await start_bot(make_settings(tmp_path))
    try:
        alice = first.user("Alice")
        group = first.group(admins={alice.id})
        panel = await _settings_panel(first, group, alice)
        await alice.press(panel, "AI 难度")
        table = await _open_and_start(first, group, alice)
        assert table.ai_level is LevelName.EASY
        return first, group, table.id
    finally:
        await first.stop()


async def test_a_restart_mid_hand_keeps_the_tables_level(tmp_path: Path) -> None:
    first, group, table_id = await _easy_table_then_stop(tmp_path)
    second = await start_bot(make_settings(tmp_path), first.api)
    try:
        table = current_table(second, group)
        assert table.id == table_id and table.in_hand()
        assert table.ai_level is LevelName.EASY
    finally:
        await second.stop()


async def test_a_table_saved_before_tables_had_a_level_resumes_at_hard(tmp_path: Path) -> None:
    first, group, table_id = await _easy_table_then_stop(tmp_path)
    settings = make_settings(tmp_path)
    with sqlite3.connect(settings.db_path) as conn:  # the state an older bot saved
        changed = conn.execute(
            "UPDATE tables SET state = json_remove(state, '$.ai_level') WHERE table_id = ?",
            (str(table_id),),
        ).rowcount
    assert changed == 1
    second = await start_bot(settings, first.api)
    try:
        table = current_table(second, group)
        assert table.id == table_id and table.in_hand()
        assert table.ai_level is LevelName.HARD
        group_settings = await manager_of(second).db.get_group(group)
        assert group_settings is not None and group_settings.ai_level is AILevel.EASY
    finally:
        await second.stop()
