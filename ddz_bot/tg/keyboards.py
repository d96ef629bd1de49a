"""Inline keyboards: few buttons a row (at most five), every button signed by the codec. These
are the table's own (lobby, table, result, escape, settings); a game's panel keyboards are in
its folder (``tg/keyboards.py``), built on ``Keyboards.button``.

Rank buttons carry the version at which the hand was dealt, so selecting cards keeps working
while other players move; decision buttons (Play, Pass, bids...) carry the current version and
go stale as soon as the table moves on.
"""

from __future__ import annotations

from collections.abc import Sequence

from telegram import InlineKeyboardButton, InlineKeyboardMarkup

from ddz_bot.kernel import RANK_CHARS

from ..i18n import LANGS, t
from .codec import Button, Callback, CallbackCodec
from .table import Table

__all__ = ["MAX_ROW", "PASS_ACTION", "Keyboards", "rank_label", "rows_of"]

MAX_ROW = 5


#: pass in the play
PASS_ACTION = Button.PASS


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


class Keyboards:
    """Builds the bot's keyboards for one codec (one bot token)."""

    def __init__(self, codec: CallbackCodec) -> None:
        self.codec = codec

    def button(
        self, text: str, action: str, table: Table | int, version: int = 0, arg: str = ""
    ) -> InlineKeyboardButton:
        """A signed button: ``action`` is a ``Button`` of the table layer or a game's own
        (``codec.game_action``)."""
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

    # ---- a panel ------------------------------------------------------------------------
    def rank_buttons(
        self, table: Table, counts: Sequence[int], chosen: Sequence[int], lang: str
    ) -> list[InlineKeyboardButton]:
        """A button a rank held: how many of it are chosen (``✅K 1/2``) or held (``K×2``).
        They carry the version the hand was dealt at (selecting goes on while others move)."""
        buttons = []
        for rank, held in enumerate(counts):
            if not held:
                continue
            picked = chosen[rank] if rank < len(chosen) else 0
            label = rank_label(rank, lang)
            if picked:
                text = f"✅{label} {picked}/{held}"
            else:
                text = f"{label}×{held}" if held > 1 else label
            buttons.append(
                self.button(text, Button.RANK, table, table.hand_version, RANK_CHARS[rank])
            )
        return buttons

    def rank_rows(
        self, table: Table, counts: Sequence[int], selection: Sequence[int] | None, lang: str
    ) -> list[list[InlineKeyboardButton]]:
        """The rank buttons of a hand (``counts``), in balanced rows."""
        return rows_of(self.rank_buttons(table, counts, selection or (), lang))

    def play_row(
        self, table: Table, lang: str, *, may_pass: bool, version: int | None = None
    ) -> list[InlineKeyboardButton]:
        """A seat's decision in the play: Clear, Hint, Pass (where it may pass), Play; they
        carry ``version``, the one the decision opened at (the table's by default)."""
        b, v = self.button, table.version if version is None else version
        row = [
            b(t(lang, "btn_clear"), Button.CLEAR, table, table.hand_version),
            b(t(lang, "btn_hint"), Button.HINT, table, v),
        ]
        if may_pass:
            row.append(b(t(lang, "btn_pass"), PASS_ACTION, table, v))
        return [*row, b(t(lang, "btn_play"), Button.PLAY, table, v)]

    def clear_row(self, table: Table, lang: str) -> list[InlineKeyboardButton]:
        """Clear alone: a seat that is not asked may still drop what it chose."""
        return [self.button(t(lang, "btn_clear"), Button.CLEAR, table, table.hand_version)]

    def take_back(self, table: Table, lang: str) -> InlineKeyboardMarkup:
        """取消托管: the one button of a seat on auto-play."""
        return InlineKeyboardMarkup(
            [[self.button(t(lang, "btn_take_back"), Button.TAKE_BACK, table, table.version)]]
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
