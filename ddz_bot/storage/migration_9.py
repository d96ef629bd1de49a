"""Migration 9: the message that shows a 比赛 (tournament) in its group, the same text on
both engines (``migrations.py`` lists it): a restart edits that message instead of posting
the standings anew."""

from __future__ import annotations

from typing import Final

__all__ = ["TOURNAMENT_MESSAGE"]

TOURNAMENT_MESSAGE: Final = """
-- The group's message of the tournament (its sign-up, then its standings); NULL until the
-- message is sent.
ALTER TABLE tournaments ADD COLUMN message_id BIGINT;
"""
