"""斗地主 at the table: what the Telegram layer shows and reads of a 斗地主 hand."""
