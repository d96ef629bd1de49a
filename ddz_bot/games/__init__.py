"""The games the bot hosts, one package each."""
