# The bot, with its fonts (data/fonts). Run (long polling):
#   docker build -t ddz-bot . && docker run -e DDZ_BOT_TOKEN=123:abc -v ddz-data:/app/data ddz-bot
# As a webhook behind an HTTPS proxy that forwards https://bot.example.com/tg to port 8443:
#   docker run -e DDZ_BOT_TOKEN=123:abc -e DDZ_WEBHOOK_URL=https://bot.example.com/tg \
#     -p 8443:8443 -v ddz-data:/app/data ddz-bot
# With the live table (a Mini App) the page, its WebSocket and the webhook share one port
# (DDZ_WEBAPP_PORT, 8081), the proxy forwarding https://bot.example.com/ to it:
#   docker run -e DDZ_BOT_TOKEN=123:abc -e DDZ_WEBAPP_URL=https://bot.example.com \
#     -e DDZ_WEBHOOK_URL=https://bot.example.com/tg -e DDZ_WEBAPP_LISTEN=0.0.0.0 \
#     -p 8081:8081 -v ddz-data:/app/data ddz-bot
# Where Telegram is out of reach, add -e DDZ_PROXY_URL=socks5://host:1080 (or http://host:3128).
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    DDZ_DB_PATH=/app/data/ddz.sqlite3

WORKDIR /app
# FriBiDi: Pillow's libraqm loads it to shape Arabic, Hebrew, Thai and Devanagari names.
RUN apt-get update && apt-get install -y --no-install-recommends libfribidi0 \
    && rm -rf /var/lib/apt/lists/*
COPY requirements.txt .
RUN pip install --no-cache-dir -r requirements.txt

COPY bot.py ./
COPY ddz_bot ./ddz_bot
COPY data/fonts ./data/fonts

RUN useradd --create-home --uid 10001 ddz && mkdir -p /app/data && chown -R ddz /app/data
USER ddz
VOLUME ["/app/data"]
# the webhook alone (DDZ_WEBHOOK_PORT); the live table's server, with the webhook when both
# are set (DDZ_WEBAPP_PORT); neither is used with long polling and no live table
EXPOSE 8443 8081

CMD ["python", "bot.py"]
