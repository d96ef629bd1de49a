"""What a message of the bot should show: words, buttons and a picture named by a key.

The outbox compares what a message shows with what it should show to send the smallest call
that gets there (or none); the presenters build these.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from telegram import InlineKeyboardMarkup

__all__ = ["Content", "Render"]

Render = Callable[[], bytes]


@dataclass(frozen=True, slots=True)
class Content:
    """What a message should show. ``photo_key`` names the picture (same key, same picture:
    no re-upload); ``render`` draws it when it is really sent. No key: a text message.

    ``gist``: the text without what only time changes (a clock's seconds); a message whose
    shown content has the same gist, picture and buttons is left as it is. ``keeps_picture``:
    a picture shown whose key begins with ``photo_key`` will do (the same cards, drawn when
    more of the table was on them)."""

    text: str
    markup: InlineKeyboardMarkup | None = None
    photo_key: str | None = None
    render: Render | None = field(default=None, compare=False)
    gist: str | None = None
    keeps_picture: bool = False

    def picture_shown_by(self, sent: Content | None) -> bool:
        """Whether the picture of ``sent`` (already on the message) shows this one."""
        if sent is None or self.photo_key is None or sent.photo_key is None:
            return sent is not None and sent.photo_key == self.photo_key
        if sent.photo_key == self.photo_key:
            return True
        return self.keeps_picture and sent.photo_key.startswith(self.photo_key + ":")

    def text_shown_by(self, sent: Content | None) -> bool:
        """Whether the words of ``sent`` say what these say (the same gist will do)."""
        if sent is None:
            return False
        return sent.text == self.text or (self.gist is not None and sent.gist == self.gist)

    def markup_key(self) -> tuple[tuple[tuple[str, str | None, str | None], ...], ...]:
        """What the keyboard shows and does, cheap to compare (no ``to_dict``)."""
        if self.markup is None:
            return ()
        return tuple(
            tuple(
                (b.text, b.callback_data if isinstance(b.callback_data, str) else None, b.url)
                for b in row
            )
            for row in self.markup.inline_keyboard
        )
