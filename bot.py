"""Run the 斗地主 bot: ``DDZ_BOT_TOKEN=... python bot.py``.

Settings come from the environment (and a ``.env`` file next to where it runs); see the
README's settings table. Long polling by default; ``DDZ_WEBHOOK_URL`` switches to a webhook.
"""

from __future__ import annotations

import logging
import os
import sys

# Telegram's retry_after as a timedelta now, as python-telegram-bot will do by default; the
# outbox reads both forms.
os.environ.setdefault("PTB_TIMEDELTA", "1")

from ddz_bot.config import Settings, SettingsError, load_dotenv

NO_TOKEN = """\
No bot token. Talk to @BotFather in Telegram (https://t.me/BotFather), send /newbot,
follow the questions, and copy the token it gives you (it looks like 123456789:AAE...).
Then run:

    DDZ_BOT_TOKEN=123456789:AAE... python bot.py

or put DDZ_BOT_TOKEN=... into a .env file in this folder.
"""


def main(argv: list[str] | None = None) -> int:
    try:
        load_dotenv()
        settings = Settings.from_env()
    except SettingsError as error:
        print(f"Bad setting: {error}", file=sys.stderr)
        return 2
    if not settings.token:
        print(NO_TOKEN, file=sys.stderr)
        return 2
    logging.basicConfig(level=settings.log_level,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    logging.getLogger("httpx").setLevel(logging.WARNING)

    from telegram import Update

    from ddz_bot.tg.app import build_application, tune_gc

    application = build_application(settings)
    tune_gc()
    updates = [Update.MESSAGE, Update.CALLBACK_QUERY, Update.MY_CHAT_MEMBER]
    if settings.webhook:
        application.run_webhook(listen=settings.webhook_listen, port=settings.webhook_port,
                                webhook_url=settings.webhook_url,
                                secret_token=settings.webhook_secret or None,
                                allowed_updates=updates)
    else:
        application.run_polling(allowed_updates=updates)
    return 0


if __name__ == "__main__":
    sys.exit(main())
