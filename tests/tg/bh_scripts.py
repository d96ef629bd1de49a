"""Scripted 保皇 players, and the watch that no message names a hidden role before it is public.

``Watch.check()`` reads every text, caption and button label the fake Bot API received since
the last check: a line naming the hidden guard together with the word for the guard (or the
emperor together with 暗独保) in the group, or in any panel but the seat's own, fails the test.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from random import Random
from typing import Any

from ddz_bot.games.baohuang.engine import (
    BaoHuangGame,
    BaoHuangOutcome,
    CallGuard,
    Declare,
    GuardRevealed,
    Phase,
    Solo,
    TakeThrone,
    YieldThrone,
)
from ddz_bot.games.baohuang.tg.host import baohuang_rules
from ddz_bot.games.baohuang.tg.words import declaration_word, face_text
from ddz_bot.kernel import Action, Deal, Pass, Play, room_by_key
from ddz_bot.tg import players
from ddz_bot.tg.table import Table

from .conftest import manager_of
from .harness import Harness, SimUser
from .scripts import current_table, whose_turn

LANG = "zh-Hans"
GUARD_WORDS = ("侍卫", "侍衛", "guard")
HIDDEN_SOLO_WORDS = ("暗独保", "暗獨保", "hidden solo")


def bh_game(table: Table) -> BaoHuangGame:
    game = table.game
    assert isinstance(game, BaoHuangGame)
    return game


async def seat_five(
    bot: Harness, group: int, users: list[SimUser], command: str = "/newgame 保皇"
) -> None:
    """The first user opens a 保皇 table; the others press Join (AI fill the rest on Start)."""
    await users[0].send(group, command)
    lobby = bot.api.last_message(group, with_buttons=True)
    for user in users[1:]:
        await user.press(lobby, "加入")
    if len(users) < 5:
        await users[0].press(lobby, "开始")


def _texts(params: dict[str, Any]) -> list[str]:
    out = [str(params[key]) for key in ("text", "caption") if params.get(key)]
    media = params.get("media")
    if isinstance(media, dict) and media.get("caption"):
        out.append(str(media["caption"]))
    markup = params.get("reply_markup")
    if isinstance(markup, dict):
        for row in markup.get("inline_keyboard", []):
            out += [str(button.get("text", "")) for button in row]
    return out


@dataclass
class Watch:
    """Scans what the bot sent for the hidden guard's (or hidden solo's) name."""

    bot: Harness
    group: int
    seen: int = 0
    scanned: int = 0
    #: texts scanned while a role was hidden (a hand with no secret proves nothing)
    while_hidden: int = 0
    texts: list[str] = field(default_factory=list)

    def check(self) -> None:
        table = manager_of(self.bot).table_in(self.group)
        calls = self.bot.api.calls[self.seen :]
        self.seen = len(self.bot.api.calls)
        if table is None or not isinstance(table.game, BaoHuangGame):
            return
        game = table.game
        secret: list[tuple[int, tuple[str, ...]]] = []
        if game.guard is not None and not game.guard_revealed and not game.over:
            secret.append((game.guard, GUARD_WORDS))
        if game.solo is Solo.HIDDEN and not game.solo_revealed and not game.over:
            assert game.emperor is not None
            secret.append((game.emperor, HIDDEN_SOLO_WORDS))
        for call in calls:
            for text in _texts(call.params):
                self.scanned += 1
                self.while_hidden += bool(secret)
                self.texts.append(text)
                for seat, words in secret:
                    if call.chat_id == table.seats[seat].user_id:
                        continue  # the seat's own panel may tell it its own role
                    name = table.seats[seat].name
                    for line in text.splitlines():
                        assert not (name in line and any(w in line for w in words)), (
                            f"a hidden role is named to chat {call.chat_id}: {line!r}"
                        )


#: a decision before the play: the action the scripted player wants (one of the legal ones)
Decide = Callable[[BaoHuangGame, int], Action]


def quiet(game: BaoHuangGame, seat: int) -> Action:
    """Take the throne when it comes (the first face when calling), say nothing."""
    legal = game.legal_actions(seat)
    for kind in (TakeThrone, CallGuard):
        for action in legal:
            if isinstance(action, kind):
                return action
    return next((a for a in legal if isinstance(a, Declare)), legal[0])


def label_of(action: Action) -> str:
    """The panel button that makes ``action`` (zh-Hans)."""
    if isinstance(action, TakeThrone):
        return "登基"
    if isinstance(action, YieldThrone):
        return "让位"
    if isinstance(action, CallGuard):
        return f"叫 {face_text(action.face, LANG)}"
    if isinstance(action, Declare):
        return declaration_word(action.declaration, LANG)
    raise AssertionError(f"no button makes {action}")


def play_of(game: BaoHuangGame, seat: int) -> Action:
    """What the scripted player plays: the first hint (the AI's choice), or a pass."""
    found = players.hints(game, seat)
    return Play(seat, found[0]) if found else Pass(seat)


def simulate(seed: int, rules: str, decide: Decide = quiet) -> BaoHuangGame:
    """The hand a fresh bot seeded with ``seed`` deals, played by the scripted players of
    ``play_bh_until_over`` (engine only: to choose seeds for a test)."""
    game = BaoHuangGame(baohuang_rules(rules), room_by_key("beginner"), [10_000] * 5, Random(seed))
    game.apply(Deal())
    while not game.over:
        waiting = game.waiting_for()
        assert waiting is not None
        seat = waiting.seats[0]
        game.apply(play_of(game, seat) if game.phase is Phase.PLAYING else decide(game, seat))
    return game


def first_seed(
    wanted: Callable[[BaoHuangOutcome], bool],
    decide: Decide = quiet,
    rules: str = "baohuang",
    revealed: str | None = None,
) -> tuple[int, BaoHuangOutcome]:
    """The first seed whose hand, played by the scripted players, ends as ``wanted`` (and
    whose guard the table learns the ``revealed`` way, if given)."""
    for seed in range(1, 500):
        game = simulate(seed, rules, decide)
        outcome = game.outcome()
        assert outcome is not None
        if wanted(outcome) and (revealed is None or revealed in reveals(game)):
            return seed, outcome
    raise AssertionError("no seed below 500 deals such a hand")


def reveals(game: BaoHuangGame) -> list[str]:
    """How the table learnt the guard during ``game`` (the reasons of its revelations)."""
    replayed = BaoHuangGame.replay(game.start_dict(), [])
    found = []
    for action in game.actions:
        found += [e.reason for e in replayed.apply(action) if isinstance(e, GuardRevealed)]
    return found


async def bh_take_turn(bot: Harness, group: int, user: SimUser, decide: Decide = quiet) -> None:
    """One decision through the panel's buttons: ``decide`` before the play, the hint after."""
    table = current_table(bot, group)
    game = bh_game(table)
    seat = table.seat_of(user.id)
    assert seat is not None
    panel = user.panel()
    if game.phase is not Phase.PLAYING:
        await user.press(panel, label_of(decide(game, seat)))
        return
    answer = await user.press(panel, "提示")
    if "没有能压过" in str(answer.get("text", "")):
        await user.press(user.panel(), "不出")
        return
    await user.press(user.panel(), "出牌")


async def play_bh_until_over(
    bot: Harness,
    group: int,
    users: list[SimUser],
    decide: Decide = quiet,
    watch: Watch | None = None,
    max_steps: int = 600,
) -> Table:
    """Everyone plays by the buttons until the hand is over (``watch`` checked each step)."""
    for _ in range(max_steps):
        if watch is not None:
            watch.check()
        table = current_table(bot, group)
        if table.game is None or table.game.over:
            return table
        user = whose_turn(bot, group, users)
        assert user is not None, "the table waits for nobody"
        await bh_take_turn(bot, group, user, decide)
    raise AssertionError("the hand did not end")
