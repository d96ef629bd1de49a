"""斗地主 (Dou Dizhu) for Telegram groups."""

__version__ = "0.1.0"
