# The bot, with its fonts (data/fonts). Run:
#   docker build -t ddz-bot . && docker run -e DDZ_BOT_TOKEN=123:abc -v ddz-data:/app/data ddz-bot
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    DDZ_DB_PATH=/app/data/ddz.sqlite3

WORKDIR /app
COPY requirements.txt .
RUN pip install --no-cache-dir -r requirements.txt

COPY bot.py ./
COPY ddz_bot ./ddz_bot
COPY data/fonts ./data/fonts

RUN useradd --create-home --uid 10001 ddz && mkdir -p /app/data && chown -R ddz /app/data
USER ddz
VOLUME ["/app/data"]

CMD ["python", "bot.py"]
