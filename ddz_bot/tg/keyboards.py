"""Inline keyboards: few buttons a row (at most five), every button signed by the codec.

Rank buttons carry the version at which the hand was dealt, so selecting cards keeps working
while other players move; decision buttons (Play, Pass, bids...) carry the current version and
go stale as soon as the table moves on.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from telegram import InlineKeyboardButton, InlineKeyboardMarkup

from ddz_bot.games.doudizhu.engine import (
    SHOW_FACTORS,
    Bid,
    Call,
    Combo,
    Decline,
    Double,
    Game,
    Grab,
    NoDouble,
    NoGrab,
    NoShow,
    Phase,
    ShowCards,
    ShowKind,
)
from ddz_bot.kernel import RANK_CHARS, Action, Pass
from ddz_bot.render.labels import combo_name

from ..i18n import LANGS, t
from .codec import Button, Callback, CallbackCodec
from .panels import SeatPanel
from .table import Table

__all__ = [
    "BID_ACTION",
    "DECISIONS",
    "MAX_ROW",
    "PASS_ACTION",
    "Decision",
    "Keyboards",
    "ShowKind",
    "decision_action",
    "decision_of",
    "rank_label",
    "reading_label",
    "rows_of",
    "show_kind_of",
]

MAX_ROW = 5


@dataclass(frozen=True, slots=True)
class Decision:
    """One decision before the play (叫地主, 不抢, 加倍, 明牌...): the engine action, the
    button that makes it (action code and argument), the button's label and the word the
    player is told they may type (i18n keys), and the words that type it."""

    kind: type[Action]
    action: Button
    arg: str
    label: str
    say: str
    words: tuple[str, ...]


#: the one table of decisions the keyboards, the buttons and typed text all read
DECISIONS: tuple[Decision, ...] = (
    Decision(Call, Button.BID, "call", "btn_call", "say_call", ("叫", "叫地主", "call")),
    Decision(Decline, Button.BID, "no", "btn_no_call", "say_no_call", ("不叫", "no call")),
    Decision(
        Grab, Button.BID, "grab", "btn_grab", "say_grab", ("抢", "搶", "抢地主", "搶地主", "grab")
    ),
    Decision(
        NoGrab,
        Button.BID,
        "nograb",
        "btn_no_grab",
        "say_no_grab",
        ("不抢", "不搶", "no grab", "nograb"),
    ),
    Decision(Double, Button.DOUBLE, "1", "btn_double", "say_double", ("加倍", "double")),
    Decision(
        NoDouble,
        Button.DOUBLE,
        "0",
        "btn_no_double",
        "say_no_double",
        ("不加倍", "no double", "nodouble"),
    ),
    Decision(ShowCards, Button.SHOW, "1", "btn_show", "say_show", ("明牌", "show")),
    Decision(NoShow, Button.SHOW, "0", "btn_no_show", "say_no_show", ("不明牌", "no show")),
)
_BY_KIND = {d.kind: d for d in DECISIONS}
_BY_BUTTON: dict[tuple[str, str], Decision] = {(d.action, d.arg): d for d in DECISIONS}
#: a bid of points: the button's argument is the points (1, 2, 3)
BID_ACTION = Button.BID
#: pass in the play
PASS_ACTION = Button.PASS


def show_kind_of(game: Game) -> ShowKind:
    """The 明牌 a seat may make now."""
    if game.phase is Phase.SHOW_START:
        return ShowKind.START
    if game.phase is Phase.LANDLORD_SHOW:
        return ShowKind.LANDLORD
    return ShowKind.DEAL_FIRST if game.deal_step <= 1 else ShowKind.DEAL_SECOND


def decision_of(kind: type[Action]) -> Decision | None:
    """The table's row for an engine action kind (None: not a decision before the play)."""
    return _BY_KIND.get(kind)


def decision_action(action: str, arg: str, seat: int) -> Action | None:
    """The engine action a decision button of ``seat`` makes; None if no button says so."""
    if action == PASS_ACTION and arg == "":
        return Pass(seat)
    if action == BID_ACTION and arg in ("1", "2", "3"):
        return Bid(seat, int(arg))
    row = _BY_BUTTON.get((action, arg))
    return None if row is None else row.kind(seat)  # type: ignore[call-arg]


def rows_of(
    buttons: Sequence[InlineKeyboardButton],
    width: int = MAX_ROW,
) -> list[list[InlineKeyboardButton]]:
    """Split buttons into rows of at most ``width``, balanced (7 -> 4 + 3, not 5 + 2)."""
    if not buttons:
        return []
    count = -(-len(buttons) // width)
    size = -(-len(buttons) // count)
    return [list(buttons[i : i + size]) for i in range(0, len(buttons), size)]


def rank_label(rank: int, lang: str) -> str:
    """One rank as people write it: ``10`` for the ten, the jokers in ``lang``."""
    char = RANK_CHARS[rank]
    if char == "T":
        return "10"
    if char == "X":
        return t(lang, "card_small_joker")
    if char == "D":
        return t(lang, "card_big_joker")
    return char


def reading_label(combo: Combo, lang: str) -> str:
    """One reading of a wildcard play: the kind and its main rank (``三带一 K``)."""
    return f"{combo_name(combo.kind.value, lang)} {rank_label(combo.rank, lang)}"


class Keyboards:
    """Builds the bot's keyboards for one codec (one bot token)."""

    def __init__(self, codec: CallbackCodec) -> None:
        self.codec = codec

    def button(
        self, text: str, action: Button, table: Table | int, version: int = 0, arg: str = ""
    ) -> InlineKeyboardButton:
        table_id = table if isinstance(table, int) else table.id
        return InlineKeyboardButton(
            text, callback_data=self.codec.encode(Callback(action, table_id, version, arg))
        )

    # ---- group ------------------------------------------------------------------------
    def lobby(self, table: Table, lang: str, *, show_start: bool = True) -> InlineKeyboardMarkup:
        """Join, Leave, Add AI, Start; 明牌开始 where the game has it (``show_start``)."""
        b = self.button
        rows = [
            [
                b(t(lang, "btn_join"), Button.JOIN, table),
                b(t(lang, "btn_leave"), Button.LEAVE, table),
            ],
            [
                b(t(lang, "btn_add_ai"), Button.ADD_AI, table),
                b(t(lang, "btn_start"), Button.START, table),
            ],
        ]
        if show_start:
            rows.append([b(t(lang, "btn_show_start"), Button.SHOW_START, table)])
        return InlineKeyboardMarkup(rows)

    def join(self, table: Table, lang: str) -> InlineKeyboardMarkup:
        """The lobby's Join button alone (under an answer far below the lobby)."""
        return InlineKeyboardMarkup([[self.button(t(lang, "btn_join"), Button.JOIN, table)]])

    def table(self, table: Table, lang: str) -> InlineKeyboardMarkup:
        return InlineKeyboardMarkup(
            [[self.button(t(lang, "btn_my_cards"), Button.MY_CARDS, table, table.hand_version)]]
        )

    def result(self, table: Table, lang: str) -> InlineKeyboardMarkup:
        return InlineKeyboardMarkup(
            [
                [
                    self.button(t(lang, "btn_again"), Button.AGAIN, table, table.version),
                    self.button(t(lang, "btn_leave"), Button.LEAVE, table, table.version),
                ]
            ]
        )

    def escape(self, table: Table, seat: int, lang: str) -> InlineKeyboardMarkup:
        """Confirm or cancel the escape of ``seat`` (only that seat may press)."""
        return InlineKeyboardMarkup(
            [
                [
                    self.button(
                        t(lang, "btn_confirm_leave"),
                        Button.ESCAPE,
                        table,
                        table.hand_version,
                        f"y{seat}",
                    ),
                    self.button(
                        t(lang, "btn_cancel"), Button.ESCAPE, table, table.hand_version, f"n{seat}"
                    ),
                ]
            ]
        )

    @staticmethod
    def open_dm(url: str, lang: str) -> InlineKeyboardMarkup:
        return InlineKeyboardMarkup([[InlineKeyboardButton(t(lang, "btn_open_dm"), url=url)]])

    def languages(self) -> InlineKeyboardMarkup:
        return InlineKeyboardMarkup(
            [[self.button(t(lang, "lang_name"), Button.LANGUAGE, 0, 0, lang) for lang in LANGS]]
        )

    def settings(self, values: dict[str, str]) -> InlineKeyboardMarkup:
        """One button a setting; pressing cycles to the next value."""
        rows = [[self.button(text, Button.SETTING, 0, 0, key)] for key, text in values.items()]
        return InlineKeyboardMarkup(rows)

    # ---- a player's DM panel ----------------------------------------------------------
    def panel(
        self,
        table: Table,
        seat: int,
        lang: str,
        panel: SeatPanel | None = None,
        *,
        since: int | None = None,
    ) -> InlineKeyboardMarkup | None:
        """A seat's panel keyboard; its decision buttons carry ``since`` (the version since
        which the seat's decision is open) when known, else the table's version."""
        game = table.game
        if not isinstance(game, Game) or game.over:
            return None  # no hand, or not 斗地主's (保皇's panel is baohuang.keyboards')
        panel = panel or SeatPanel()
        v = table.version if since is None or since > table.version else since
        b = self.button
        if game.auto[seat]:
            return InlineKeyboardMarkup([[b(t(lang, "btn_take_back"), Button.TAKE_BACK, table, v)]])
        if panel.reading is not None:
            return self._readings(table, panel.reading[1], lang)
        legal = game.legal_actions(seat)
        phase = game.phase
        row: list[InlineKeyboardButton] = []
        if phase is Phase.PLAYING or (phase is Phase.DOUBLING and not legal):
            # a seat done doubling already has the rank buttons it waits for the play with
            return self._play(table, game, seat, lang, panel, v)
        show_kind = show_kind_of(game)
        for action in legal:
            if isinstance(action, Bid):
                row.append(
                    b(t(lang, "btn_bid", n=action.points), BID_ACTION, table, v, str(action.points))
                )
                continue
            decision = decision_of(type(action))
            if decision is None:
                continue
            if isinstance(action, ShowCards):
                label = t(lang, decision.label, factor=SHOW_FACTORS[show_kind])
            elif isinstance(action, Decline) and game.rules.bidding.value == "points":
                label = t(lang, "btn_bid_pass")
            else:
                label = t(lang, decision.label)
            row.append(b(label, decision.action, table, v, decision.arg))
        return InlineKeyboardMarkup(rows_of(row, 4)) if row else None

    def _play(
        self, table: Table, game: Game, seat: int, lang: str, panel: SeatPanel, v: int
    ) -> InlineKeyboardMarkup:
        b = self.button
        hv = table.hand_version
        counts = game.hand(seat).counts()
        chosen = panel.selection or [0] * len(counts)
        ranks = []
        for rank, held in enumerate(counts):
            if not held:
                continue
            picked = chosen[rank] if rank < len(chosen) else 0
            label = rank_label(rank, lang)
            if picked:
                text = f"✅{label} {picked}/{held}"
            else:
                text = f"{label}×{held}" if held > 1 else label
            ranks.append(b(text, Button.RANK, table, hv, RANK_CHARS[rank]))
        rows = rows_of(ranks)
        waiting = game.waiting_for()
        if waiting is not None and seat in waiting:
            actions = [
                b(t(lang, "btn_clear"), Button.CLEAR, table, hv),
                b(t(lang, "btn_hint"), Button.HINT, table, v),
            ]
            if game.to_beat is not None:
                actions.append(b(t(lang, "btn_pass"), PASS_ACTION, table, v))
            actions.append(b(t(lang, "btn_play"), Button.PLAY, table, v))
            rows.append(actions)
        elif any(chosen):
            rows.append([b(t(lang, "btn_clear"), Button.CLEAR, table, hv)])
        return InlineKeyboardMarkup(rows)

    def _readings(self, table: Table, combos: list[Combo], lang: str) -> InlineKeyboardMarkup:
        buttons = []
        for index, combo in enumerate(combos):
            text = reading_label(combo, lang)
            buttons.append(self.button(text, Button.READING, table, table.version, str(index)))
        rows = rows_of(buttons, 2)
        rows.append([self.button(t(lang, "btn_cancel"), Button.CLEAR, table, table.hand_version)])
        return InlineKeyboardMarkup(rows)
