# The bot, with its fonts (data/fonts). Run (long polling):
#   docker build -t ddz-bot . && docker run -e DDZ_BOT_TOKEN=123:abc -v ddz-data:/app/data ddz-bot
# As a webhook behind an HTTPS proxy that forwards https://bot.example.com/tg to port 8443:
#   docker run -e DDZ_BOT_TOKEN=123:abc -e DDZ_WEBHOOK_URL=https://bot.example.com/tg \
#     -p 8443:8443 -v ddz-data:/app/data ddz-bot
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
# the webhook server (DDZ_WEBHOOK_PORT); unused with long polling
EXPOSE 8443

CMD ["python", "bot.py"]
