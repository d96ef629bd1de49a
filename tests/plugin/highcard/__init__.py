"""比大小 (high card): a tiny game written in the tests, hosted by the bot through its
``GameModule`` alone (``module.GAME``)."""
