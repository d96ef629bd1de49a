"""The games the bot hosts, one folder each with the same shape (``engine/``, ``ai/``,
``render/`` and the table's parts of the game)."""
