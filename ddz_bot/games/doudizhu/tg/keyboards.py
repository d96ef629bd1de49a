"""斗地主's panel keyboards: the decisions before the play (叫地主, 抢, 叫分, 加倍, 明牌), the
rank buttons of the play and the readings of a wildcard play (R-LZ-CHOICE); and the one table
of decisions the keyboards, the buttons and typed text all read.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

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
from ddz_bot.i18n import t
from ddz_bot.kernel import Action, Pass
from ddz_bot.render.labels import combo_name
from ddz_bot.tg.codec import Button, game_action
from ddz_bot.tg.keyboards import PASS_ACTION, Keyboards, rank_label, rows_of
from ddz_bot.tg.panels import SeatPanel
from ddz_bot.tg.table import Table

__all__ = [
    "BID_ACTION",
    "DECISIONS",
    "Decision",
    "DouDizhuButton",
    "DouDizhuKeyboards",
    "decision_action",
    "decision_of",
    "reading_label",
    "show_kind_of",
]


class DouDizhuButton(StrEnum):
    """斗地主's own buttons, in its namespace of the callback codec: a bid word or points
    (call, no, grab, nograb, 1, 2, 3), a show (1 or 0), a double (1 or 0)."""

    BID = game_action("b")
    SHOW = game_action("h")
    DOUBLE = game_action("d")


@dataclass(frozen=True, slots=True)
class Decision:
    """One decision before the play (叫地主, 不抢, 加倍, 明牌...): the engine action, the
    button that makes it (action code and argument), the button's label and the word the
    player is told they may type (i18n keys), and the words that type it."""

    kind: type[Action]
    action: DouDizhuButton
    arg: str
    label: str
    say: str
    words: tuple[str, ...]


#: the one table of decisions the keyboards, the buttons and typed text all read
DECISIONS: tuple[Decision, ...] = (
    Decision(Call, DouDizhuButton.BID, "call", "btn_call", "say_call", ("叫", "叫地主", "call")),
    Decision(Decline, DouDizhuButton.BID, "no", "btn_no_call", "say_no_call", ("不叫", "no call")),
    Decision(
        Grab,
        DouDizhuButton.BID,
        "grab",
        "btn_grab",
        "say_grab",
        ("抢", "搶", "抢地主", "搶地主", "grab"),
    ),
    Decision(
        NoGrab,
        DouDizhuButton.BID,
        "nograb",
        "btn_no_grab",
        "say_no_grab",
        ("不抢", "不搶", "no grab", "nograb"),
    ),
    Decision(Double, DouDizhuButton.DOUBLE, "1", "btn_double", "say_double", ("加倍", "double")),
    Decision(
        NoDouble,
        DouDizhuButton.DOUBLE,
        "0",
        "btn_no_double",
        "say_no_double",
        ("不加倍", "no double", "nodouble"),
    ),
    Decision(ShowCards, DouDizhuButton.SHOW, "1", "btn_show", "say_show", ("明牌", "show")),
    Decision(NoShow, DouDizhuButton.SHOW, "0", "btn_no_show", "say_no_show", ("不明牌", "no show")),
)
_BY_KIND = {d.kind: d for d in DECISIONS}
_BY_BUTTON: dict[tuple[str, str], Decision] = {(d.action, d.arg): d for d in DECISIONS}
#: a bid of points: the button's argument is the points (1, 2, 3)
BID_ACTION = DouDizhuButton.BID


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


def reading_label(combo: Combo, lang: str) -> str:
    """One reading of a wildcard play: the kind and its main rank (``三带一 K``)."""
    return f"{combo_name(combo.kind.value, lang)} {rank_label(combo.rank, lang)}"


class DouDizhuKeyboards:
    """The panel keyboards of a 斗地主 table (the buttons are signed by ``keyboards``' codec)."""

    def __init__(self, keyboards: Keyboards) -> None:
        self.keyboards = keyboards

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
        if game is None or game.over:
            return None
        assert isinstance(game, Game)
        panel = panel or SeatPanel()
        v = table.version if since is None or since > table.version else since
        b = self.keyboards.button
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
        keyboards, chosen = self.keyboards, panel.selection
        rows = keyboards.rank_rows(table, game.hand(seat).counts(), chosen, lang)
        if seat in (game.waiting_for() or ()):
            may_pass = game.to_beat is not None
            rows.append(keyboards.play_row(table, lang, may_pass=may_pass, version=v))
        elif chosen and any(chosen):
            rows.append(keyboards.clear_row(table, lang))
        return InlineKeyboardMarkup(rows)

    def _readings(self, table: Table, combos: list[Combo], lang: str) -> InlineKeyboardMarkup:
        buttons = []
        for index, combo in enumerate(combos):
            text = reading_label(combo, lang)
            buttons.append(
                self.keyboards.button(text, Button.READING, table, table.version, str(index))
            )
        rows = rows_of(buttons, 2)
        rows.append(
            [self.keyboards.button(t(lang, "btn_cancel"), Button.CLEAR, table, table.hand_version)]
        )
        return InlineKeyboardMarkup(rows)
