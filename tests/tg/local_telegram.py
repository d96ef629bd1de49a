"""The fake Bot API behind a real HTTP server on 127.0.0.1, for the bot's own HTTP client.

The bot then talks to it as to Telegram, through httpx and python-telegram-bot's
``HTTPXRequest``: as its Bot API server (``DDZ_API_URL=http://127.0.0.1:PORT``), or as an HTTP
proxy (``DDZ_PROXY_URL``: requests then arrive in absolute form, ``POST http://host/bot...``,
and the server records which host they were meant for). It runs in a thread of its own, so
a bot started with ``run_polling`` in the test's thread can reach it. ``socks5_proxy`` is a
minimal SOCKS5 proxy in front of it, for ``DDZ_PROXY_URL=socks5h://...``.
"""

from __future__ import annotations

import contextlib
import json
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from email.parser import BytesParser
from email.policy import HTTP
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qsl, urlsplit

from .fake_api import FakeBotAPI

#: how long an empty ``getUpdates`` is held, as Telegram's long polling holds it (the bot
#: would otherwise ask again at once, over and over)
LONG_POLL = 0.25


class LocalTelegram:
    """A running server: its URL, the fake behind it, and the hosts proxied requests named."""

    def __init__(self, api: FakeBotAPI, server: ThreadingHTTPServer) -> None:
        self.api = api
        self.server = server
        self.proxied_hosts: list[str] = []
        self.lock = threading.Lock()

    @property
    def url(self) -> str:
        host, port = self.server.server_address[:2]
        return f"http://{host!s}:{port}"


def _value(raw: str) -> Any:
    """python-telegram-bot sends objects and lists as JSON text inside the form."""
    if raw[:1] in "[{":
        try:
            return json.loads(raw)
        except ValueError:
            return raw
    return raw


def _form(content_type: str, body: bytes) -> tuple[dict[str, Any], dict[str, Any]]:
    """The parameters and files of a form body (urlencoded or multipart)."""
    if content_type.startswith("multipart/form-data"):
        head = f"Content-Type: {content_type}\r\n\r\n".encode()
        message = BytesParser(policy=HTTP).parsebytes(head + body)
        params: dict[str, Any] = {}
        files: dict[str, Any] = {}
        for part in message.iter_parts():
            name = part.get_param("name", header="content-disposition")
            payload = part.get_payload(decode=True)
            if not isinstance(name, str) or not isinstance(payload, bytes):
                continue
            filename = part.get_filename()
            if filename is None:
                params[name] = _value(payload.decode())
            else:
                files[name] = (filename, payload, part.get_content_type())
        return params, files
    if content_type.startswith("application/json"):
        return dict(json.loads(body or b"{}")), {}
    return {k: _value(v) for k, v in parse_qsl(body.decode(), keep_blank_values=True)}, {}


class _Server(ThreadingHTTPServer):
    """Connections a burst opens at once wait in the kernel's queue, not refused and
    tried again a second later (the standard library's queue holds 5). The connections
    kept open between calls are closed with the server: a bot still running after its
    test then finds Telegram gone, not a thread that goes on answering it."""

    request_queue_size = 1024

    def __init__(self, address: tuple[str, int], handler: type[BaseHTTPRequestHandler]) -> None:
        super().__init__(address, handler)
        self._open: set[socket.socket] = set()
        self._open_lock = threading.Lock()

    def process_request(self, request: Any, client_address: Any) -> None:
        with self._open_lock:
            self._open.add(request)
        super().process_request(request, client_address)

    def shutdown_request(self, request: Any) -> None:
        with self._open_lock:
            self._open.discard(request)
        super().shutdown_request(request)

    def close_connections(self) -> None:
        with self._open_lock:
            connections, self._open = list(self._open), set()
        for connection in connections:
            with contextlib.suppress(OSError):
                connection.shutdown(socket.SHUT_RDWR)


@contextmanager
def local_telegram(api: FakeBotAPI | None = None) -> Iterator[LocalTelegram]:
    """Serve ``api`` on a free port of 127.0.0.1 until the block ends."""
    fake = api or FakeBotAPI()
    holder: list[LocalTelegram] = []

    class Handler(BaseHTTPRequestHandler):
        # connections stay open between calls, as Telegram's do: a call on a new one waits
        # for this process to take the connection, which a busy harness does late, and the
        # calls made over a second arrive bunched
        protocol_version = "HTTP/1.1"

        def do_POST(self) -> None:
            arrived = fake.clock()  # the call counts from here, not once the lock is had
            local = holder[0]
            target = urlsplit(self.path)
            if target.netloc:  # absolute form: we were asked as a proxy
                local.proxied_hosts.append(target.netloc)
            length = int(self.headers.get("Content-Length") or 0)
            params, files = _form(self.headers.get("Content-Type", ""), self.rfile.read(length))
            method = target.path.rsplit("/", 1)[-1]
            if method == "getUpdates":  # a long poll: held a moment while there is nothing
                deadline = time.monotonic() + LONG_POLL
                while not fake.pending_updates and time.monotonic() < deadline:
                    time.sleep(0.01)
            with local.lock:
                status, body = fake.answer(method, params, files, at=arrived)
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        do_GET = do_POST

        def log_message(self, format: str, *args: Any) -> None:
            return None

    server = _Server(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    holder.append(LocalTelegram(fake, server))
    thread = threading.Thread(target=server.serve_forever, name="local-telegram", daemon=True)
    thread.start()
    try:
        yield holder[0]
    finally:
        server.shutdown()
        server.close_connections()
        server.server_close()
        thread.join(timeout=5)


class Socks5Proxy:
    """A running SOCKS5 proxy: its URL, and the host names clients asked it to reach."""

    def __init__(self, listener: socket.socket) -> None:
        self.listener = listener
        self.asked: list[str] = []

    @property
    def url(self) -> str:
        host, port = self.listener.getsockname()[:2]
        return f"socks5h://{host}:{port}"


def _relay(source: socket.socket, target: socket.socket) -> None:
    try:
        while chunk := source.recv(65536):
            target.sendall(chunk)
    except OSError:
        pass
    finally:
        with contextlib.suppress(OSError):
            target.shutdown(socket.SHUT_WR)


def _read(client: socket.socket, count: int) -> bytes:
    data = b""
    while len(data) < count:
        chunk = client.recv(count - len(data))
        if not chunk:
            raise ConnectionError("the client went away")
        data += chunk
    return data


def _socks5_session(proxy: Socks5Proxy, client: socket.socket, upstream: tuple[str, int]) -> None:
    """One client: no authentication, CONNECT to any name, which leads to ``upstream``."""
    with client:
        _version, methods = _read(client, 2)
        _read(client, methods)
        client.sendall(b"\x05\x00")
        _version, command, _reserved, kind = _read(client, 4)
        if kind == 3:
            host = _read(client, _read(client, 1)[0]).decode()
        else:
            host = socket.inet_ntoa(_read(client, 4 if kind == 1 else 16)[:4])
        port = int.from_bytes(_read(client, 2), "big")
        proxy.asked.append(f"{host}:{port}")
        if command != 1:
            client.sendall(b"\x05\x07\x00\x01" + bytes(6))
            return
        with socket.create_connection(upstream) as server:
            client.sendall(b"\x05\x00\x00\x01" + bytes(6))
            back = threading.Thread(target=_relay, args=(server, client), daemon=True)
            back.start()
            _relay(client, server)
            back.join(timeout=10)


@contextmanager
def socks5_proxy(upstream: tuple[str, int]) -> Iterator[Socks5Proxy]:
    """A SOCKS5 proxy on 127.0.0.1 that leads every connection to ``upstream``."""
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.bind(("127.0.0.1", 0))
    listener.listen(16)
    proxy = Socks5Proxy(listener)

    def serve() -> None:
        while True:
            try:
                client, _ = listener.accept()
            except OSError:
                return
            threading.Thread(
                target=_socks5_session, args=(proxy, client, upstream), daemon=True
            ).start()

    thread = threading.Thread(target=serve, name="socks5", daemon=True)
    thread.start()
    try:
        yield proxy
    finally:
        listener.close()
        thread.join(timeout=5)
